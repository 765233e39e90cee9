// The account page: wallet balance and its ledger entries.
import { h, replace } from "../dom.js";
import { api } from "../api.js";
import { session, setBalance } from "../session.js";
import { money, signedMoney, dateTime } from "../fmt.js";

const KIND_WORDS = {
  deposit: "Deposit", buy_in: "Buy-in", cash_out: "Cash-out", top_up: "Top-up",
  uth_bet: "UTH bet", uth_payout: "UTH payout", uth_settle: "UTH payout", uth_void: "UTH round voided",
  admin: "Adjustment", withdrawal: "Withdrawal", hand: "Hand", hand_voided: "Hand voided",
};
const kindWords = (kind) => KIND_WORDS[String(kind || "").replaceAll("-", "_")] || kind;

export function mountAccount(main) {
  const balance = h("div.stat", { "data-testid": "account-balance" }, money(session.balance));
  const body = h("tbody");
  const status = h("p.muted", {}, "Loading your ledger...");
  main.appendChild(h("section", {},
    h("h1", {}, "Account"),
    h("div.panel", { style: { marginBottom: "1rem" } },
      h("div.muted", {}, `Wallet of ${session.account ? session.account.username : ""}`), balance,
      h("p.muted", { style: { margin: 0, fontSize: ".85rem" } }, "Chips at a table are not in the wallet: they come back when you leave.")),
    h("div.panel.table-wrap", {},
      h("h2", {}, "Ledger"),
      h("table.grid", { "aria-label": "Ledger entries" },
        h("thead", {}, h("tr", {}, h("th", {}, "When"), h("th", {}, "What"), h("th.hide-phone", {}, "Memo"), h("th.num", {}, "Amount"), h("th.num", {}, "Balance after"))),
        body),
      status)));
  api.wallet().then((data) => {
    setBalance(data.balance);
    balance.textContent = money(data.balance);
    const entries = data.entries || [];
    status.hidden = entries.length > 0;
    status.textContent = "No entries yet.";
    replace(body, entries.map((e) => h("tr", { dataset: { kind: e.kind } },
      h("td", {}, dateTime(e.created_ms)),
      h("td", {}, kindWords(e.kind)),
      h("td.hide-phone", {}, e.memo || ""),
      h("td.num", { class: e.amount > 0 ? "amount-pos" : e.amount < 0 ? "amount-neg" : "" }, signedMoney(e.amount)),
      h("td.num", {}, money(e.balance_after)))));
  }).catch((err) => { status.textContent = `Could not load the ledger: ${err.message}`; });
  return null;
}
