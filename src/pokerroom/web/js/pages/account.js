// The account page: wallet balance and its ledger entries.
import { h, replace } from "../dom.js";
import { api } from "../api.js";
import { session, setBalance, clientSeed, setClientSeed } from "../session.js";
import { money, signedMoney, dateTime, parseMoney } from "../fmt.js";
import { t, has, lang } from "../i18n.js";
import { errorText } from "../ui.js";

const kindWords = (kind) => {
  const key = `ledger.${String(kind || "").replaceAll("-", "_")}`;
  return has(key) ? t(key) : kind;
};

/** The player's own client seed for provably fair deals (docs/FAIRNESS.md). */
function seedPanel() {
  const input = h("input", { type: "text", maxlength: 64, value: clientSeed(), "aria-label": t("seed.title"), "data-testid": "client-seed" });
  const note = h("p.muted", { style: { margin: 0, fontSize: ".85rem" } },
    t("seed.note"));
  const form = h("form.row", { onsubmit: (ev) => {
    ev.preventDefault();
    setClientSeed(input.value).then((seed) => { note.textContent = t("seed.set_done", { seed }); })
      .catch((err) => { note.textContent = err.message; });
  } }, input, h("button.btn.btn-small", { type: "submit" }, t("seed.set")));
  return h("div.panel", { style: { marginBottom: "1rem" } }, h("h2", {}, t("seed.title")), form, note);
}

/** Limits the player sets on themselves: stricter at once, looser after 24 hours. */
function limitsPanel() {
  const KINDS = ["loss_day", "loss_week", "loss_month", "session_minutes", "exclusion_until"];
  const body = h("div", { "data-testid": "limits" });
  const note = h("p.muted", { style: { margin: 0, fontSize: ".85rem" } },
    t("limits.note"));
  async function put(kind, value) {
    const resp = await fetch("/api/me/limits", { method: "PUT", credentials: "same-origin",
      headers: { "Content-Type": "application/json" }, body: JSON.stringify({ kind, value }) });
    const data = await resp.json().catch(() => null);
    // `blocked` comes as a message and its parameters (PROTOCOL): worded here, like errors.
    note.textContent = resp.ok ? (data.blocked ? t("limits.saved_blocked", { blocked: errorText(data.blocked).text }) : t("limits.saved"))
      : ((data && data.detail && data.detail.reason) || `HTTP ${resp.status}`);
    if (resp.ok) render(data.limits);
  }
  function render(limits) {
    replace(body, KINDS.map((kind) => {
      const label = t(`limits.${kind}`);
      const cur = limits[kind] || {};
      // A loss limit is money: shown in the room's currency, typed with the locale's decimals.
      const isMoney = kind.startsWith("loss_");
      const input = isMoney
        ? h("input", { type: "text", inputmode: "decimal", "aria-label": label, "data-testid": `limit-${kind}` })
        : h("input", { type: "number", min: 1, "aria-label": label, "data-testid": `limit-${kind}` });
      const valueText = (v) => (v == null ? t("limits.none") : isMoney ? money(v, 2) : String(v));
      const shown = cur.value == null ? t("limits.none") : kind === "exclusion_until" ? t("limits.until", { when: dateTime(cur.value) }) : valueText(cur.value);
      const pending = cur.pending ? ` ${t("limits.pending", { value: valueText(cur.pending.value), when: dateTime(cur.pending.effective_ms) })}` : "";
      return h("form.row", { onsubmit: (ev) => {
        ev.preventDefault();
        const n = input.value === "" ? null : isMoney ? parseMoney(input.value, 2) : Number(input.value);
        if (isMoney && input.value !== "" && !n) { note.textContent = t("limits.bad_amount"); return; }
        put(kind, kind === "exclusion_until" && n != null ? Date.now() + n * 86400000 : n);
      } }, h("span", { style: { minWidth: "14rem" } }, `${label}: ${shown}${pending}`), input,
      h("button.btn.btn-small", { type: "submit" }, t("limits.set")));
    }));
  }
  fetch("/api/me/limits", { credentials: "same-origin" }).then((r) => r.json()).then((d) => render(d.limits)).catch(() => {});
  return h("div.panel", { style: { marginBottom: "1rem" } }, h("h2", {}, t("limits.title")), body, note);
}

export function mountAccount(main) {
  const balance = h("div.stat", { "data-testid": "account-balance" }, money(session.balance, 2));
  const body = h("tbody");
  const status = h("p.muted", {}, t("account.loading"));
  main.appendChild(h("section", {},
    h("h1", {}, t("nav.account")),
    h("div.panel", { style: { marginBottom: "1rem" } },
      h("div.muted", {}, t("account.wallet_of", { name: session.account ? session.account.username : "" })), balance,
      h("p.muted", { style: { margin: 0, fontSize: ".85rem" } }, t("account.chips_note"))),
    seedPanel(),
    limitsPanel(),
    h("div.panel.table-wrap", {},
      h("h2", {}, t("account.ledger")),
      // Worded by the server (Babel catalogues) in the language shown here.
      h("p", {}, h("a", { href: `${api.statementUrl()}?lang=${lang()}`, download: "", "data-testid": "statement" }, t("account.statement"))),
      h("table.grid.ledger-grid", { "aria-label": t("account.entries") },
        h("thead", {}, h("tr", {}, h("th", {}, t("history.when")), h("th", {}, t("account.what")), h("th.hide-phone", {}, t("account.memo")), h("th.num", {}, t("account.amount")), h("th.num", {}, t("account.balance_after")))),
        body),
      status)));
  api.wallet(lang()).then((data) => {
    setBalance(data.balance);
    balance.textContent = money(data.balance, 2);
    const entries = data.entries || [];
    status.hidden = entries.length > 0;
    status.textContent = t("account.none");
    replace(body, entries.map((e) => h("tr", { dataset: { kind: e.kind } },
      h("td", {}, dateTime(e.created_ms)),
      h("td", {}, kindWords(e.kind)),
      h("td.hide-phone", { "data-testid": "memo" }, e.memo_text || e.memo || ""),
      h("td.num", { class: e.amount > 0 ? "amount-pos" : e.amount < 0 ? "amount-neg" : "" }, signedMoney(e.amount, 2)),
      h("td.num", {}, money(e.balance_after, 2)))));
  }).catch((err) => { status.textContent = t("account.load_failed", { reason: err.message }); });
  return null;
}
