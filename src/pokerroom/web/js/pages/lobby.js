// The lobby: every table with its figures, filters, Join (buy-in dialog) and Watch.
import { h, replace } from "../dom.js";
import { api } from "../api.js";
import { conn } from "../socket.js";
import { session } from "../session.js";
import { money, stakesText, gameText, parseMoney, moneyInput, setDecimals } from "../fmt.js";
import { dialog, showBanner } from "../ui.js";

export function mountLobby(main) {
  let tables = new Map();
  const filters = { game: "", stakes: "" };
  const gameSelect = h("select", { "aria-label": "Game", onchange: (e) => { filters.game = e.target.value; render(); } });
  const stakesSelect = h("select", { "aria-label": "Stakes", onchange: (e) => { filters.stakes = e.target.value; render(); } });
  const body = h("tbody");
  const empty = h("p.muted", { hidden: true }, "No table matches these filters.");
  const status = h("p.muted", {}, "Loading tables...");

  main.appendChild(h("section", {},
    h("div.lobby-head", {},
      h("h1", {}, "Lobby"),
      h("div.filters", {},
        h("label", {}, "Game ", gameSelect),
        h("label", {}, "Stakes ", stakesSelect))),
    h("div.panel.table-wrap", {},
      h("table.grid", { "aria-label": "Tables" },
        h("thead", {}, h("tr", {},
          h("th", {}, "Table"), h("th", {}, "Game"), h("th", {}, "Stakes"),
          h("th.num", {}, "Seats"), h("th.num.hide-phone", {}, "Avg pot"),
          h("th.num.hide-phone", {}, "Players/flop"), h("th.num.hide-phone", {}, "Hands/hour"),
          h("th.num.hide-phone", {}, "Waiting"), h("th.num", {}, ""))),
        body),
      status, empty)));

  function entryStakes(t) {
    if (t.kind === "uth" && t.limits) return `ante ${money(t.limits.ante_min, t.decimals)}-${money(t.limits.ante_max, t.decimals)}`;
    setDecimals(t.decimals);
    return stakesText(t.stakes, t.betting);
  }

  function options(select, values, current, allLabel) {
    replace(select, h("option", { value: "" }, allLabel),
      values.map(([value, label]) => h("option", { value, selected: value === current }, label)));
  }

  function render() {
    const list = Array.from(tables.values());
    const games = new Map(list.map((t) => [t.kind === "uth" ? "uth" : `${t.betting}|${t.game}`, gameText(t.game, t.betting, t.variant)]));
    options(gameSelect, Array.from(games.entries()).sort((a, b) => a[1].localeCompare(b[1])), filters.game, "All games");
    const stakes = Array.from(new Set(list.map(entryStakes))).sort();
    options(stakesSelect, stakes.map((s) => [s, s]), filters.stakes, "All stakes");
    const shown = list.filter((t) => {
      const key = t.kind === "uth" ? "uth" : `${t.betting}|${t.game}`;
      return (!filters.game || key === filters.game) && (!filters.stakes || entryStakes(t) === filters.stakes);
    });
    replace(body, shown.map(row));
    empty.hidden = shown.length > 0 || list.length === 0;
    status.hidden = list.length > 0;
    if (!list.length) status.textContent = "No tables yet.";
  }

  function row(t) {
    const full = t.kind !== "uth" && t.taken >= t.seats;
    const d = t.decimals;
    return h("tr", { dataset: { table: t.id } },
      h("td", {}, h("strong", {}, t.name || t.id)),
      h("td", {}, t.kind === "uth" ? h("span.tag.tag-uth", {}, gameText("uth")) : gameText(t.game, t.betting, t.variant)),
      h("td", {}, entryStakes(t)),
      h("td.num", {}, `${t.taken}/${t.seats}`),
      h("td.num.hide-phone", {}, t.kind === "uth" ? "-" : money(t.avg_pot, d)),
      h("td.num.hide-phone", {}, t.kind === "uth" ? "-" : `${t.players_per_flop ?? 0}%`),
      h("td.num.hide-phone", {}, t.hands_per_hour ?? 0),
      h("td.num.hide-phone", {}, t.waiting ?? 0),
      h("td", {}, h("div.actions", {},
        full
          ? h("button.btn.btn-small", { type: "button", onclick: () => waitList(t) }, "Join waiting list")
          : h("button.btn.btn-primary.btn-small", { type: "button", onclick: () => join(t) }, "Join"),
        h("a.btn.btn-ghost.btn-small", { href: `#/${t.kind === "uth" ? "uth" : "table"}/${encodeURIComponent(t.id)}`, role: "button" }, "Watch"))));
  }

  function waitList(t) {
    conn.send({ type: "wait_list", table: t.id });
    showBanner(`You are on the waiting list of ${t.name || t.id}. We will tell you when a seat is free.`, "ok", 5000);
  }

  function join(t) {
    if (t.kind === "uth") {
      conn.send({ type: "sit", table: t.id, seat: null });
      location.hash = `#/uth/${encodeURIComponent(t.id)}`;
      return;
    }
    openBuyIn(t, (amount, blind) => {
      conn.send({ type: "sit", table: t.id, seat: null, buy_in: amount, blind });
      location.hash = `#/table/${encodeURIComponent(t.id)}`;
    });
  }

  const offLobby = conn.on("lobby", (msg) => {
    tables = new Map(msg.tables.map((t) => [t.id, t]));
    render();
  });
  const offUpdate = conn.on("lobby_update", (msg) => {
    tables.set(msg.table.id, msg.table);
    render();
  });
  api.lobby().then((data) => {
    if (!tables.size) { tables = new Map(data.tables.map((t) => [t.id, t])); render(); }
  }).catch((err) => { status.textContent = `Could not load the lobby: ${err.message}`; });
  conn.subscribeLobby();
  return () => { offLobby(); offUpdate(); conn.unsubscribeLobby(); };
}

/** The buy-in choice: a sensible default (100 big blinds within the limits and the wallet). */
export function openBuyIn(t, onSit, opts = {}) {
  const d = t.decimals;
  const bigBlind = (t.stakes && (t.stakes.big_blind || t.stakes.big_bet)) || 0;
  const balance = session.balance ?? Infinity;
  const min = t.min_buy_in ?? 0;
  const max = Math.min(t.max_buy_in ?? (bigBlind * 200 || balance), balance);
  const preferred = bigBlind ? bigBlind * 100 : (t.max_buy_in ?? min);
  const start = Math.max(min, Math.min(preferred, max));
  const slider = h("input", { type: "range", min, max: Math.max(min, max), step: 1, value: start, "aria-label": "Buy-in slider" });
  const box = h("input", { type: "text", inputmode: "decimal", value: moneyInput(start, d), "aria-label": "Buy-in amount" });
  const note = h("p.error", { hidden: true });
  const blindWait = h("input", { type: "radio", name: "blind", value: "wait", checked: true });
  const blindPost = h("input", { type: "radio", name: "blind", value: "post" });
  slider.addEventListener("input", () => { box.value = moneyInput(Number(slider.value), d); });
  box.addEventListener("input", () => {
    const v = parseMoney(box.value, d);
    if (v !== null) slider.value = v;
  });
  const body = h("div", {},
    h("p.muted", {}, `Buy-in between ${money(min, d)} and ${money(max, d)}. Your balance: ${money(session.balance, d)}.`),
    max < min ? h("p.error", {}, opts.topUp && t.max_buy_in === 0
      ? "Your stack is already at the table's maximum."
      : "Your balance is below the minimum buy-in of this table.") : null,
    h("div.row", {}, slider, box),
    opts.topUp ? null : h("div", { style: { marginTop: ".7rem" } },
      h("label.check", {}, blindWait, " Wait for the big blind"),
      h("label.check", {}, blindPost, " Post a big blind now and play the next hand")),
    note);
  dialog(opts.topUp ? "Top up" : `Join ${t.name || t.id}`, body, [
    ["Cancel", (close) => close(), "btn-ghost"],
    [opts.topUp ? "Add chips" : "Sit down", (close) => {
      const amount = parseMoney(box.value, d);
      if (amount === null) { note.textContent = "Type an amount like 10 or 10.50."; note.hidden = false; return; }
      close();
      onSit(amount, blindPost.checked ? "post" : "wait");
    }, "btn-primary"],
  ]);
}
