// The operator's console (/admin). Every call goes to /api/admin, which checks the operator
// role on the server; tables are shown as an observer sees them (no hole card, no deck).
import { h, replace } from "./dom.js";
import { ApiError } from "./api.js";

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

const money = (v) => (v / 100).toFixed(2);
const when = (ms) => (ms ? new Date(ms).toLocaleString() : "");
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
    say(`${label}: done`);
    await refreshLog();
    return out;
  } catch (err) {
    say(`${label}: ${err.message}`, true);
    return null;
  }
}

// ------------------------------------------------------------------ tables
const tablesBody = h("tbody");
const tableReason = h("input", { type: "text", value: "operator decision", "aria-label": "Reason", "data-testid": "table-reason" });

function seatsText(view) {
  const seats = (view && view.seats) || [];
  return seats.filter((s) => s.name).map((s) => `${s.name} ${s.stack !== undefined ? money(s.stack) : ""}`).join(", ");
}

async function refreshTables() {
  const data = await call("GET", "/api/admin/tables");
  replace(tablesBody, data.tables.map((t) => h("tr", { dataset: { table: t.id } },
    h("td", {}, t.name), h("td", {}, t.kind === "uth" ? "UTH" : `${t.game} ${t.betting || ""}`),
    h("td", { "data-testid": `status-${t.id}` }, t.status),
    h("td", {}, `${t.taken}/${t.seats}`),
    h("td.hide-phone", { "data-testid": `seats-${t.id}` }, seatsText(t.view)),
    h("td.hide-phone", {}, ((t.view && t.view.board) || []).filter(Boolean).join(" ")),
    h("td", {}, h("div.actions", {},
      ["open", "pause", "close"].map((what) => h("button.btn.btn-small", {
        type: "button", "data-testid": `${what}-${t.id}`,
        onclick: () => act(`${what} ${t.name}`, async () => {
          await call("POST", `/api/admin/tables/${encodeURIComponent(t.id)}/${what}`, { reason: tableReason.value });
          await refreshTables();
        }),
      }, what[0].toUpperCase() + what.slice(1))))))));
}

function addTableForm() {
  const f = {
    name: h("input", { type: "text", placeholder: "Name", "data-testid": "new-table-name", required: true }),
    game: h("select", {}, ["holdem", "omaha", "omaha-hi-lo", "stud", "stud-hi-lo", "razz"].map((g) => h("option", { value: g }, g))),
    betting: h("select", {}, ["no-limit", "pot-limit", "limit"].map((b) => h("option", { value: b }, b))),
    seats: h("input", { type: "number", min: 2, max: 10, value: 6 }),
    small_blind: h("input", { type: "number", min: 1, value: 50 }),
    big_blind: h("input", { type: "number", min: 1, value: 100 }),
  };
  return h("form.row", { "data-testid": "add-table", onsubmit: (ev) => {
    ev.preventDefault();
    act("add table", async () => {
      await call("POST", "/api/admin/tables", {
        name: f.name.value, game: f.game.value, betting: f.betting.value, seats: Number(f.seats.value),
        small_blind: Number(f.small_blind.value), big_blind: Number(f.big_blind.value),
      });
      await refreshTables();
    });
  } }, f.name, f.game, f.betting, f.seats, f.small_blind, f.big_blind, h("button.btn.btn-small", { type: "submit" }, "Add table"));
}

// ------------------------------------------------------------------ tournaments
const tournamentsBody = h("tbody", { "data-testid": "console-tournaments" });
const tournamentReason = h("input", { type: "text", value: "operator decision", "aria-label": "Reason", "data-testid": "tournament-reason" });

async function refreshTournaments() {
  const data = await call("GET", "/api/admin/tournaments");
  replace(tournamentsBody, data.tournaments.map((t) => h("tr", { dataset: { tournament: t.id } },
    h("td", {}, t.name), h("td", {}, t.id), h("td", { "data-testid": `tstatus-${t.id}` }, t.status),
    h("td.num", {}, `${t.entrants}/${t.max_entrants}`), h("td.num", {}, `${money(t.buy_in)} + ${money(t.fee)}`),
    h("td", {}, h("button.btn.btn-small.btn-danger", {
      type: "button", "data-testid": `cancel-${t.id}`,
      onclick: () => act(`cancel ${t.name}`, async () => {
        await call("POST", `/api/admin/tournaments/${encodeURIComponent(t.id)}/cancel`, { reason: tournamentReason.value });
        await refreshTournaments();
      }),
    }, "Cancel")))));
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
    name: h("input", { type: "text", placeholder: "Name", "data-testid": "new-tournament-name", required: true }),
    game: h("select", {}, ["holdem", "omaha", "omaha-hi-lo", "stud", "stud-hi-lo", "razz"].map((g) => h("option", { value: g }, g))),
    betting: h("select", {}, ["no-limit", "pot-limit", "limit"].map((b) => h("option", { value: b }, b))),
    seats: h("input", { type: "number", min: 2, max: 10, value: 6, "aria-label": "Seats per table" }),
    min_entrants: h("input", { type: "number", min: 2, value: 6, "aria-label": "Fewest entrants" }),
    max_entrants: h("input", { type: "number", min: 2, value: 6, "aria-label": "Most entrants" }),
    buy_in: h("input", { type: "number", min: 0, value: 1000, "aria-label": "Buy-in (chip units)" }),
    fee: h("input", { type: "number", min: 0, value: 100, "aria-label": "Fee (chip units)" }),
    starting_chips: h("input", { type: "number", min: 1, value: 1500, "aria-label": "Starting chips" }),
    start: h("input", { type: "text", value: "when_full", "aria-label": "Start (when_full or HH:MM UTC)" }),
    levels: h("input", { type: "text", value: "10/20 5, 15/30 5, 25/50 5, 50/100/10 5", "aria-label": "Levels", "data-testid": "new-tournament-levels" }),
  };
  return h("form.row", { "data-testid": "add-tournament", onsubmit: (ev) => {
    ev.preventDefault();
    act("create tournament", async () => {
      const num = (k) => Number(f[k].value);
      await call("POST", "/api/admin/tournaments", {
        name: f.name.value, game: f.game.value, betting: f.betting.value, seats: num("seats"),
        min_entrants: num("min_entrants"), max_entrants: num("max_entrants"), buy_in: num("buy_in"),
        fee: num("fee"), starting_chips: num("starting_chips"), start: f.start.value,
        levels: parseLevels(f.levels.value),
      });
      await refreshTournaments();
    });
  } }, ...Object.values(f), h("button.btn.btn-small", { type: "submit" }, "Create tournament"));
}

// ------------------------------------------------------------------ accounts
const results = h("tbody");
const detail = h("div", { "data-testid": "account-detail" });

async function search(q) {
  const data = await call("GET", `/api/admin/accounts?q=${encodeURIComponent(q)}`);
  replace(results, data.accounts.map((a) => h("tr", { dataset: { account: a.id } },
    h("td", {}, String(a.id)),
    h("td", {}, h("a", { href: "#accounts", "data-testid": `account-${a.name}`, onclick: () => showAccount(a.id) }, a.name)),
    h("td.num", {}, money(a.balance)), h("td", {}, a.locked ? "locked" : ""), h("td", {}, a.operator ? "operator" : ""))));
}

async function showAccount(id) {
  const data = await call("GET", `/api/admin/accounts/${id}`);
  const a = data.account;
  const reason = h("input", { type: "text", placeholder: "Reason (required)", "data-testid": "account-reason" });
  const amount = h("input", { type: "number", min: 1, placeholder: "Amount (chip units)", "data-testid": "account-amount" });
  const link = h("p.mono", { "data-testid": "reset-link" });
  const run = (label, fn) => act(label, async () => { await fn(); await showAccount(id); });
  replace(detail,
    h("h3", {}, `${a.name} (#${a.id})`),
    h("p", {}, "Wallet ", h("strong", { "data-testid": "account-balance" }, money(a.balance)),
      " · ", h("span", { "data-testid": "account-locked" }, a.locked ? "locked" : "active")),
    h("div.row", {}, reason, amount,
      h("button.btn.btn-small", { type: "button", "data-testid": "credit", onclick: () => run("credit", () => call("POST", `/api/admin/accounts/${id}/credit`, { amount: Number(amount.value), reason: reason.value })) }, "Credit"),
      h("button.btn.btn-small", { type: "button", "data-testid": "debit", onclick: () => run("debit", () => call("POST", `/api/admin/accounts/${id}/debit`, { amount: Number(amount.value), reason: reason.value })) }, "Debit"),
      a.locked
        ? h("button.btn.btn-small", { type: "button", "data-testid": "unlock", onclick: () => run("unlock", () => call("POST", `/api/admin/accounts/${id}/unlock`, { reason: reason.value })) }, "Unlock")
        : h("button.btn.btn-small.btn-danger", { type: "button", "data-testid": "lock", onclick: () => run("lock", () => call("POST", `/api/admin/accounts/${id}/lock`, { reason: reason.value })) }, "Lock"),
      h("button.btn.btn-small.btn-ghost", { type: "button", "data-testid": "make-reset-link", onclick: () => act("reset link", async () => {
        const out = await call("POST", `/api/admin/accounts/${id}/reset-link`);
        link.textContent = out.link;
      }) }, "Password reset link")),
    link,
    h("h4", {}, "Ledger"),
    h("table.grid", {}, h("tbody", {}, data.ledger.map((e) => h("tr", {},
      h("td", {}, when(e.created_ms)), h("td", {}, e.kind), h("td", {}, e.memo), h("td.num", {}, money(e.amount)))))),
    h("h4", {}, "Hands (finished)"),
    h("table.grid", {}, h("tbody", {}, data.hands.map((x) => h("tr", {},
      h("td", {}, `#${x.hand}`), h("td", {}, x.table), h("td", {}, x.status), h("td.num", {}, money(x.net)))))));
}

// ------------------------------------------------------------------ audit, broadcast, log
const auditOut = h("pre.mono", { "data-testid": "audit-result" });
const logBody = h("tbody", { "data-testid": "operator-log" });

async function refreshLog() {
  const data = await call("GET", "/api/admin/log?limit=100");
  replace(logBody, data.entries.map((e) => h("tr", {},
    h("td", {}, when(e.at_ms)), h("td", {}, e.operator), h("td", {}, e.action), h("td", {}, e.target),
    h("td.mono", {}, JSON.stringify(e.before)), h("td.mono", {}, JSON.stringify(e.after)), h("td", {}, e.reason))));
}

function roomSection() {
  const text = h("input", { type: "text", placeholder: "Message to the players", "data-testid": "broadcast-text" });
  const table = h("input", { type: "text", placeholder: "Table id (empty: everyone)", "data-testid": "broadcast-table" });
  return section("room", "Audit and broadcast",
    h("div.row", {},
      h("button.btn.btn-small", { type: "button", "data-testid": "run-audit", onclick: () => act("audit", async () => {
        const out = await call("POST", "/api/admin/audit");
        auditOut.textContent = `${out.ok ? "OK" : "DISCREPANCIES"}\n${JSON.stringify(out, null, 2)}`;
      }) }, "Run audit")),
    auditOut,
    h("form.row", { onsubmit: (ev) => {
      ev.preventDefault();
      act("broadcast", () => call("POST", "/api/admin/broadcast", { text: text.value, table: table.value || null }));
    } }, text, table, h("button.btn.btn-small", { type: "submit" }, "Broadcast")));
}

async function start() {
  let me;
  try {
    me = await call("GET", "/api/admin/me");
  } catch (err) {
    replace(main, h("section.panel", { "data-testid": "console-refused" },
      h("h1", {}, err.status === 403 ? "Operators only" : "Please sign in"),
      h("p", {}, err.status === 403 ? "This account has no operator role." : h("a", { href: "/#/login" }, "Sign in first, then come back to /admin."))));
    return;
  }
  document.getElementById("operator").textContent = `Operator ${me.name}`;
  const q = h("input", { type: "search", placeholder: "Name or id", "data-testid": "account-search" });
  replace(main, h("h1", {}, "Operator console"), status,
    section("tables", "Live tables",
      h("div.row", {}, h("label", {}, "Reason ", tableReason),
        h("button.btn.btn-small.btn-ghost", { type: "button", onclick: () => refreshTables() }, "Refresh")),
      h("div.table-wrap", {}, h("table.grid", { "aria-label": "Tables" },
        h("thead", {}, h("tr", {}, ["Table", "Game", "Status", "Seated", "Players", "Board", ""].map((c) => h("th", {}, c)))),
        tablesBody)),
      h("h3", {}, "Add a table"), addTableForm()),
    section("tournaments", "Tournaments",
      h("div.row", {}, h("label", {}, "Reason ", tournamentReason),
        h("button.btn.btn-small.btn-ghost", { type: "button", onclick: () => refreshTournaments() }, "Refresh")),
      h("div.table-wrap", {}, h("table.grid", { "aria-label": "Tournaments" },
        h("thead", {}, h("tr", {}, ["Tournament", "Id", "Status", "Entrants", "Entry", ""].map((c) => h("th", {}, c)))),
        tournamentsBody)),
      h("h3", {}, "Create a tournament"), addTournamentForm()),
    section("accounts", "Accounts",
      h("form.row", { onsubmit: (ev) => { ev.preventDefault(); act("search", () => search(q.value)); } },
        q, h("button.btn.btn-small", { type: "submit" }, "Search")),
      h("table.grid", {}, h("thead", {}, h("tr", {}, ["Id", "Name", "Wallet", "", ""].map((c) => h("th", {}, c)))), results),
      detail),
    roomSection(),
    section("log", "Operator log",
      h("div.table-wrap", {}, h("table.grid", {}, h("thead", {}, h("tr", {},
        ["When", "Operator", "Action", "Target", "Before", "After", "Reason"].map((c) => h("th", {}, c)))), logBody))));
  await Promise.all([refreshTables(), refreshTournaments(), refreshLog()]);
  setInterval(() => refreshTables().catch(() => {}), 3000);
}

start();
