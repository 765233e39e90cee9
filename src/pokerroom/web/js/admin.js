// The operator's console (/admin). Every call goes to /api/admin, which checks the operator
// role on the server; tables are shown as an observer sees them (no hole card, no deck).
// Words come from the browser client's catalogues (web/i18n, keys "admin.*"), and the language
// is chosen as on the player's pages: the account's stored language, a choice made in this
// browser, Accept-Language (the server writes it into admin.html), navigator.languages; the
// header switch changes it for this browser and the account.
import { h, replace } from "./dom.js";
import { ApiError } from "./api.js";
import { t, has, lang, initLanguage, setLanguage, onChoice, onLanguage } from "./i18n.js";
import { money as moneyText, setCurrency, dateTime, gameText } from "./fmt.js";

async function call(method, path, body) {
  const init = { method, credentials: "same-origin", headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const resp = await fetch(path, init);
  const data = await resp.json().catch(() => null);
  if (!resp.ok) {
    const d = data && data.detail;
    const reason = d && typeof d === "object" && !Array.isArray(d) ? d.reason
      : Array.isArray(d) ? d.map((x) => `${(x.loc || []).slice(-1)[0]}: ${x.msg}`).join("; ") : `HTTP ${resp.status}`;
    throw new ApiError(resp.status, d && d.code, reason, d);
  }
  return data;
}

const money = (v) => moneyText(v, 2);
const when = (ms) => (ms ? dateTime(ms) : "");
/** A catalogue word for a server code ("paused", "lock"), the code itself if none. */
const word = (prefix, code) => (has(`admin.${prefix}.${code}`) ? t(`admin.${prefix}.${code}`) : String(code ?? ""));
/** A form field's name in the operator's language (the form's own label), else as sent. */
const fieldWord = (field) => (field && has(`admin.${field}`) ? t(`admin.${field}`) : String(field ?? ""));
/** One item of a validation refusal (pydantic: loc, type, ctx) worded by its type. */
const invalidWord = (item) => {
  const field = fieldWord((item.loc || []).slice(-1)[0]);
  const ctx = item.ctx || {};
  const key = has(`admin.invalid.${item.type}`) ? `admin.invalid.${item.type}` : "admin.invalid.other";
  return t("admin.invalid.item", { field, what: t(key, ctx) });
};
/** A refusal in the operator's language by its code and fields; the server's words for a new code. */
function explain(err) {
  const d = err.detail;
  if (Array.isArray(d)) return d.map(invalidWord).join("; ");
  if (err.code === "refused" || err.code === "bad_table") {
    const field = d && d.field;
    const key = has(`admin.error.${err.code}.${field}`) ? `admin.error.${err.code}.${field}` : `admin.error.${err.code}`;
    return t(key, { field: fieldWord(field) });
  }
  return err.code && has(`admin.error.${err.code}`) ? t(`admin.error.${err.code}`, d || {}) : err.message;
}
const main = document.getElementById("main");
const status = h("p.muted", { "data-testid": "console-status", role: "status" });

function section(id, title, ...children) {
  return h("section.panel", { id, style: { marginBottom: "1rem" } }, h("h2", {}, title), ...children);
}

function say(text, bad = false) {
  status.textContent = text;
  status.className = bad ? "error" : "muted";
}

async function act(label, fn) {
  try {
    const out = await fn();
    say(t("admin.done", { what: label }));
    await refreshLog();
    return out;
  } catch (err) {
    say(t("admin.failed", { what: label, reason: explain(err) }), true);
    return null;
  }
}

// ------------------------------------------------------------------ tables
const tablesBody = h("tbody");
let tableReason = null;

function seatsText(view) {
  const seats = (view && view.seats) || [];
  return seats.filter((s) => s.name).map((s) => `${s.name} ${s.stack !== undefined ? money(s.stack) : ""}`).join(", ");
}

async function refreshTables() {
  const data = await call("GET", "/api/admin/tables");
  replace(tablesBody, data.tables.map((row) => h("tr", { dataset: { table: row.id } },
    h("td", {}, row.name), h("td", {}, row.kind === "uth" ? gameText("uth") : gameText(row.game, row.betting)),
    h("td", { "data-testid": `status-${row.id}` }, word("status", row.status)),
    h("td", {}, `${row.taken}/${row.seats}`),
    h("td.hide-phone", { "data-testid": `seats-${row.id}` }, seatsText(row.view)),
    h("td.hide-phone", {}, ((row.view && row.view.board) || []).filter(Boolean).join(" ")),
    h("td", {}, h("div.actions", {},
      ["open", "pause", "close"].map((what) => h("button.btn.btn-small", {
        type: "button", "data-testid": `${what}-${row.id}`,
        onclick: () => act(t(`admin.act.${what}_table`, { table: row.name }), async () => {
          await call("POST", `/api/admin/tables/${encodeURIComponent(row.id)}/${what}`, { reason: tableReason.value });
          await refreshTables();
        }),
      }, t(`admin.button.${what}`))))))));
}

// The games the console can add (the server's names; the catalogue's words shown).
const GAMES = { holdem: "holdem", omaha: "omaha", "omaha-hi-lo": "omaha-hilo", stud: "stud", "stud-hi-lo": "stud-hilo", razz: "razz" };
const gameSelect = () => h("select", { "aria-label": t("admin.game") },
  Object.entries(GAMES).map(([g, words]) => h("option", { value: g }, gameText(words))));
const bettingSelect = () => h("select", { "aria-label": t("admin.betting") },
  ["no-limit", "pot-limit", "limit"].map((b) => h("option", { value: b }, t(`betting.${b}`))));

function addTableForm() {
  const f = {
    name: h("input", { type: "text", placeholder: t("admin.name"), "aria-label": t("admin.name"), "data-testid": "new-table-name", required: true }),
    game: gameSelect(),
    betting: bettingSelect(),
    seats: h("input", { type: "number", min: 2, max: 10, value: 6, "aria-label": t("admin.seats") }),
    small_blind: h("input", { type: "number", min: 1, value: 50, "aria-label": t("admin.small_blind") }),
    big_blind: h("input", { type: "number", min: 1, value: 100, "aria-label": t("admin.big_blind") }),
  };
  return h("form.row", { "data-testid": "add-table", onsubmit: (ev) => {
    ev.preventDefault();
    act(t("admin.act.add_table"), async () => {
      await call("POST", "/api/admin/tables", {
        name: f.name.value, game: f.game.value, betting: f.betting.value, seats: Number(f.seats.value),
        small_blind: Number(f.small_blind.value), big_blind: Number(f.big_blind.value),
      });
      await refreshTables();
    });
  } }, f.name, f.game, f.betting, f.seats, f.small_blind, f.big_blind, h("button.btn.btn-small", { type: "submit" }, t("admin.button.add_table")));
}

// ------------------------------------------------------------------ tournaments
const tournamentsBody = h("tbody", { "data-testid": "console-tournaments" });
let tournamentReason = null;
function reasonInput(testid, old) {
  const value = old && old.value !== t("admin.default_reason") ? old.value : t("admin.default_reason");
  return h("input", { type: "text", value, "aria-label": t("admin.reason"), "data-testid": testid });
}

async function refreshTournaments() {
  const data = await call("GET", "/api/admin/tournaments");
  replace(tournamentsBody, data.tournaments.map((row) => h("tr", { dataset: { tournament: row.id } },
    h("td", {}, row.name), h("td", {}, row.id), h("td", { "data-testid": `tstatus-${row.id}` }, word("tstatus", row.status)),
    h("td.num", {}, `${row.entrants}/${row.max_entrants}`), h("td.num", {}, `${money(row.buy_in)} + ${money(row.fee)}`),
    h("td", {}, h("button.btn.btn-small.btn-danger", {
      type: "button", "data-testid": `cancel-${row.id}`,
      onclick: () => act(t("admin.act.cancel_tournament", { tournament: row.name }), async () => {
        await call("POST", `/api/admin/tournaments/${encodeURIComponent(row.id)}/cancel`, { reason: tournamentReason.value });
        await refreshTournaments();
      }),
    }, t("admin.button.cancel"))))));
}

// "10/20 5, 15/30 5, 25/50/5 5": small/big[/ante] blinds and minutes per level
function parseLevels(text) {
  return text.split(",").map((part) => part.trim()).filter(Boolean).map((part) => {
    const [blinds, minutes] = part.split(/\s+/);
    const [small, big, ante] = blinds.split("/").map(Number);
    const level = { small_blind: small, big_blind: big, minutes: Number(minutes) };
    if (ante) level.ante = ante;
    return level;
  });
}

function addTournamentForm() {
  const f = {
    name: h("input", { type: "text", placeholder: t("admin.name"), "aria-label": t("admin.name"), "data-testid": "new-tournament-name", required: true }),
    game: gameSelect(),
    betting: bettingSelect(),
    seats: h("input", { type: "number", min: 2, max: 10, value: 6, "aria-label": t("admin.t.seats") }),
    min_entrants: h("input", { type: "number", min: 2, value: 6, "aria-label": t("admin.t.min_entrants") }),
    max_entrants: h("input", { type: "number", min: 2, value: 6, "aria-label": t("admin.t.max_entrants") }),
    buy_in: h("input", { type: "number", min: 0, value: 1000, "aria-label": t("admin.t.buy_in") }),
    fee: h("input", { type: "number", min: 0, value: 100, "aria-label": t("admin.t.fee") }),
    starting_chips: h("input", { type: "number", min: 1, value: 1500, "aria-label": t("admin.t.starting_chips") }),
    start: h("input", { type: "text", value: "when_full", "aria-label": t("admin.t.start") }),
    levels: h("input", { type: "text", value: "10/20 5, 15/30 5, 25/50 5, 50/100/10 5", "aria-label": t("admin.t.levels"), "data-testid": "new-tournament-levels" }),
  };
  return h("form.row", { "data-testid": "add-tournament", onsubmit: (ev) => {
    ev.preventDefault();
    act(t("admin.act.create_tournament"), async () => {
      const num = (k) => Number(f[k].value);
      await call("POST", "/api/admin/tournaments", {
        name: f.name.value, game: f.game.value, betting: f.betting.value, seats: num("seats"),
        min_entrants: num("min_entrants"), max_entrants: num("max_entrants"), buy_in: num("buy_in"),
        fee: num("fee"), starting_chips: num("starting_chips"), start: f.start.value,
        levels: parseLevels(f.levels.value),
      });
      await refreshTournaments();
    });
  } }, ...Object.values(f), h("button.btn.btn-small", { type: "submit" }, t("admin.button.create_tournament")));
}

// ------------------------------------------------------------------ accounts
const results = h("tbody");
const detail = h("div", { "data-testid": "account-detail" });

async function search(q) {
  const data = await call("GET", `/api/admin/accounts?q=${encodeURIComponent(q)}`);
  replace(results, data.accounts.map((a) => h("tr", { dataset: { account: a.id } },
    h("td", {}, String(a.id)),
    h("td", {}, h("a", { href: "#accounts", "data-testid": `account-${a.name}`, onclick: () => showAccount(a.id) }, a.name)),
    h("td.num", {}, money(a.balance)), h("td", {}, a.locked ? t("admin.locked") : ""), h("td", {}, a.operator ? t("admin.operator_role") : ""))));
}

async function showAccount(id) {
  const data = await call("GET", `/api/admin/accounts/${id}`);
  const a = data.account;
  const reason = h("input", { type: "text", placeholder: t("admin.reason_required"), "aria-label": t("admin.reason"), "data-testid": "account-reason" });
  const amount = h("input", { type: "number", min: 1, placeholder: t("admin.amount"), "aria-label": t("admin.amount"), "data-testid": "account-amount" });
  const link = h("p.mono", { "data-testid": "reset-link" });
  const run = (label, fn) => act(label, async () => { await fn(); await showAccount(id); });
  replace(detail,
    h("h3", {}, `${a.name} (#${a.id})`),
    h("p", {}, `${t("admin.wallet")} `, h("strong", { "data-testid": "account-balance" }, money(a.balance)),
      " · ", h("span", { "data-testid": "account-locked" }, a.locked ? t("admin.locked") : t("admin.active"))),
    h("div.row", {}, reason, amount,
      h("button.btn.btn-small", { type: "button", "data-testid": "credit", onclick: () => run(t("admin.act.credit"), () => call("POST", `/api/admin/accounts/${id}/credit`, { amount: Number(amount.value), reason: reason.value })) }, t("admin.button.credit")),
      h("button.btn.btn-small", { type: "button", "data-testid": "debit", onclick: () => run(t("admin.act.debit"), () => call("POST", `/api/admin/accounts/${id}/debit`, { amount: Number(amount.value), reason: reason.value })) }, t("admin.button.debit")),
      a.locked
        ? h("button.btn.btn-small", { type: "button", "data-testid": "unlock", onclick: () => run(t("admin.act.unlock"), () => call("POST", `/api/admin/accounts/${id}/unlock`, { reason: reason.value })) }, t("admin.button.unlock"))
        : h("button.btn.btn-small.btn-danger", { type: "button", "data-testid": "lock", onclick: () => run(t("admin.act.lock"), () => call("POST", `/api/admin/accounts/${id}/lock`, { reason: reason.value })) }, t("admin.button.lock")),
      h("button.btn.btn-small.btn-ghost", { type: "button", "data-testid": "make-reset-link", onclick: () => act(t("admin.act.reset_link"), async () => {
        const out = await call("POST", `/api/admin/accounts/${id}/reset-link`);
        link.textContent = out.link;
      }) }, t("admin.button.reset_link"))),
    link,
    h("h4", {}, t("admin.ledger")),
    h("table.grid", {}, h("tbody", {}, data.ledger.map((e) => h("tr", {},
      h("td", {}, when(e.created_ms)), h("td", {}, has(`ledger.${String(e.kind).replaceAll("-", "_")}`) ? t(`ledger.${String(e.kind).replaceAll("-", "_")}`) : e.kind), h("td", {}, e.memo), h("td.num", {}, money(e.amount)))))),
    h("h4", {}, t("admin.hands")),
    h("table.grid", {}, h("tbody", {}, data.hands.map((x) => h("tr", {},
      h("td", {}, `#${x.hand}`), h("td", {}, x.table), h("td", {}, word("hstatus", x.status)), h("td.num", {}, money(x.net)))))));
}

// ------------------------------------------------------------------ audit, broadcast, log
const auditOut = h("pre.mono", { "data-testid": "audit-result" });
const logBody = h("tbody", { "data-testid": "operator-log" });

async function refreshLog() {
  const data = await call("GET", "/api/admin/log?limit=100");
  replace(logBody, data.entries.map((e) => h("tr", {},
    h("td", {}, when(e.at_ms)), h("td", {}, e.operator), h("td", {}, word("action", e.action)), h("td", {}, e.target),
    h("td.mono", {}, JSON.stringify(e.before)), h("td.mono", {}, JSON.stringify(e.after)), h("td", {}, e.reason))));
}

function roomSection() {
  const text = h("input", { type: "text", placeholder: t("admin.broadcast_text"), "aria-label": t("admin.broadcast_text"), "data-testid": "broadcast-text" });
  const table = h("input", { type: "text", placeholder: t("admin.broadcast_table"), "aria-label": t("admin.broadcast_table"), "data-testid": "broadcast-table" });
  return section("room", t("admin.nav.room"),
    h("div.row", {},
      h("button.btn.btn-small", { type: "button", "data-testid": "run-audit", onclick: () => act(t("admin.act.audit"), async () => {
        const out = await call("POST", "/api/admin/audit");
        auditOut.textContent = `${out.ok ? t("admin.audit_ok") : t("admin.audit_bad")}\n${JSON.stringify(out, null, 2)}`;
      }) }, t("admin.button.audit"))),
    auditOut,
    h("form.row", { onsubmit: (ev) => {
      ev.preventDefault();
      act(t("admin.act.broadcast"), () => call("POST", "/api/admin/broadcast", { text: text.value, table: table.value || null }));
    } }, text, table, h("button.btn.btn-small", { type: "submit" }, t("admin.button.broadcast"))));
}

/** The static words of admin.html (data-i18n) and the header's language switch. */
function translateStatic() {
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of document.querySelectorAll("[data-i18n-aria]")) el.setAttribute("aria-label", t(el.dataset.i18nAria));
  document.getElementById("language").value = lang();
  document.title = t("admin.title");
}

let me = null;
let refresher = null;

function render() {
  document.getElementById("operator").textContent = t("admin.operator", { name: me.name });
  tableReason = reasonInput("table-reason", tableReason);
  tournamentReason = reasonInput("tournament-reason", tournamentReason);
  const q = h("input", { type: "search", placeholder: t("admin.search_placeholder"), "aria-label": t("admin.search_placeholder"), "data-testid": "account-search" });
  const heads = (...keys) => h("thead", {}, h("tr", {}, keys.map((k) => h("th", {}, k ? t(`admin.col.${k}`) : ""))));
  replace(detail);
  replace(main, h("h1", {}, t("admin.heading")), status,
    section("tables", t("admin.live_tables"),
      h("div.row", {}, h("label", {}, `${t("admin.reason")} `, tableReason),
        h("button.btn.btn-small.btn-ghost", { type: "button", onclick: () => refreshTables() }, t("admin.button.refresh"))),
      h("div.table-wrap", {}, h("table.grid", { "aria-label": t("admin.nav.tables") },
        heads("table", "game", "status", "seated", "players", "board", ""),
        tablesBody)),
      h("h3", {}, t("admin.add_table")), addTableForm()),
    section("tournaments", t("admin.nav.tournaments"),
      h("div.row", {}, h("label", {}, `${t("admin.reason")} `, tournamentReason),
        h("button.btn.btn-small.btn-ghost", { type: "button", onclick: () => refreshTournaments() }, t("admin.button.refresh"))),
      h("div.table-wrap", {}, h("table.grid", { "aria-label": t("admin.nav.tournaments") },
        heads("tournament", "id", "status", "entrants", "entry", ""),
        tournamentsBody)),
      h("h3", {}, t("admin.create_tournament")), addTournamentForm()),
    section("accounts", t("admin.nav.accounts"),
      h("form.row", { onsubmit: (ev) => { ev.preventDefault(); act(t("admin.act.search"), () => search(q.value)); } },
        q, h("button.btn.btn-small", { type: "submit" }, t("admin.button.search"))),
      h("table.grid", {}, heads("id", "name", "wallet", "", ""), results),
      detail),
    roomSection(),
    section("log", t("admin.nav.log"),
      h("div.table-wrap", {}, h("table.grid", {}, heads("when", "operator", "action", "target", "before", "after", "reason"), logBody))));
}

async function start() {
  let account = null;
  const room = fetch("/api/room", { credentials: "same-origin" }).then((r) => r.json()).then((r) => setCurrency(r.currency)).catch(() => {});
  try {
    account = (await call("GET", "/api/auth/me")).account;
  } catch { /* not signed in: the refusal below says so */ }
  await initLanguage(account);
  await room;
  onChoice((language) => call("PUT", "/api/me/language", { language }));
  document.getElementById("language").addEventListener("change", (ev) => setLanguage(ev.target.value, account ? account.id : null));
  translateStatic();
  try {
    me = await call("GET", "/api/admin/me");
  } catch (err) {
    const refused = () => replace(main, h("section.panel", { "data-testid": "console-refused" },
      h("h1", {}, err.status === 403 ? t("admin.refused.operators_only") : t("admin.refused.sign_in")),
      h("p", {}, err.status === 403 ? t("admin.refused.no_role") : h("a", { href: "/#/login" }, t("admin.refused.sign_in_first")))));
    refused();
    onLanguage(() => { translateStatic(); refused(); });
    return;
  }
  render();
  onLanguage(() => {
    translateStatic();
    render();
    Promise.all([refreshTables(), refreshTournaments(), refreshLog()]).catch(() => {});
  });
  await Promise.all([refreshTables(), refreshTournaments(), refreshLog()]);
  if (!refresher) refresher = setInterval(() => refreshTables().catch(() => {}), 3000);
}

start();
