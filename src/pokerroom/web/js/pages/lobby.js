// The lobby: every table with its figures, filters, Join (buy-in dialog) and Watch.
import { h, replace } from "../dom.js";
import { api } from "../api.js";
import { conn } from "../socket.js";
import { session } from "../session.js";
import { money, stakesText, gameText, mixNowText, mixNextText, mixRotationText, parseMoney, moneyInput, setDecimals } from "../fmt.js";
import { dialog, showBanner } from "../ui.js";
import { t as tr } from "../i18n.js";

export function mountLobby(main) {
  let tables = new Map();
  const filters = { game: "", stakes: "" };
  const gameSelect = h("select", { "aria-label": tr("lobby.game"), onchange: (e) => { filters.game = e.target.value; render(); } });
  const stakesSelect = h("select", { "aria-label": tr("lobby.stakes"), onchange: (e) => { filters.stakes = e.target.value; render(); } });
  const body = h("tbody");
  const empty = h("p.muted", { hidden: true }, tr("lobby.no_match"));
  const status = h("p.muted", {}, tr("lobby.loading"));

  main.appendChild(h("section", {},
    h("div.lobby-head", {},
      h("h1", {}, tr("lobby.title")),
      h("div.filters", {},
        h("label", {}, `${tr("lobby.game")} `, gameSelect),
        h("label", {}, `${tr("lobby.stakes")} `, stakesSelect))),
    h("div.panel.table-wrap", {},
      h("table.grid.lobby-grid", { "aria-label": tr("lobby.tables") },
        h("thead", {}, h("tr", {},
          h("th", {}, tr("lobby.col.table")), h("th", {}, tr("lobby.col.game")), h("th", {}, tr("lobby.col.stakes")),
          h("th.num", {}, tr("lobby.col.seats")), h("th.num.hide-phone", {}, tr("lobby.col.avg_pot")),
          h("th.num.hide-phone", {}, tr("lobby.col.players_flop")), h("th.num.hide-phone", {}, tr("lobby.col.hands_hour")),
          h("th.num.hide-phone", {}, tr("lobby.col.waiting")), h("th.num", {}, ""))),
        body),
      status, empty)));

  function entryStakes(t) {
    if (t.kind === "uth" && t.limits) return tr("lobby.uth_ante", { min: money(t.limits.ante_min, t.decimals), max: money(t.limits.ante_max, t.decimals) });
    setDecimals(t.decimals);
    return stakesText(t.stakes, t.betting);
  }

  function options(select, values, current, allLabel) {
    replace(select, h("option", { value: "" }, allLabel),
      values.map(([value, label]) => h("option", { value, selected: value === current }, label)));
  }

  // A mixed table is filtered as its mix (HORSE), whatever game it deals now.
  const gameKey = (t) => (t.kind === "uth" ? "uth" : t.mix ? `mix|${t.mix.mix}` : `${t.betting}|${t.game}`);
  const gameLabel = (t) => (t.mix ? gameText(t.mix.mix) : gameText(t.game, t.betting, t.variant));

  function render() {
    const list = Array.from(tables.values());
    const games = new Map(list.map((t) => [gameKey(t), gameLabel(t)]));
    options(gameSelect, Array.from(games.entries()).sort((a, b) => a[1].localeCompare(b[1])), filters.game, tr("lobby.all_games"));
    const stakes = Array.from(new Set(list.map(entryStakes))).sort();
    options(stakesSelect, stakes.map((s) => [s, s]), filters.stakes, tr("lobby.all_stakes"));
    const shown = list.filter((t) => {
      const key = gameKey(t);
      return (!filters.game || key === filters.game) && (!filters.stakes || entryStakes(t) === filters.stakes);
    });
    replace(body, shown.map(row));
    empty.hidden = shown.length > 0 || list.length === 0;
    status.hidden = list.length > 0;
    if (!list.length) status.textContent = tr("lobby.none");
  }

  function row(t) {
    const full = t.kind !== "uth" && t.taken >= t.seats;
    const d = t.decimals;
    return h("tr", { dataset: { table: t.id } },
      h("td.cell-name", {}, h("strong", {}, t.name || t.id)),
      h("td.cell-game", {}, t.kind === "uth" ? h("span.tag.tag-uth", {}, gameText("uth"))
        : t.mix ? h("span.cell-mix", { title: mixRotationText(t.mix) }, mixNowText(t.mix, t.game, t.betting, t.variant),
          h("small.muted.mix-next", {}, mixNextText(t.mix)))
          : gameText(t.game, t.betting, t.variant)),
      h("td.cell-stakes", {}, entryStakes(t)),
      h("td.num.cell-seats", { title: tr("lobby.col.seats") }, `${t.taken}/${t.seats}`),
      h("td.num.hide-phone", {}, t.kind === "uth" ? "-" : money(t.avg_pot, d)),
      h("td.num.hide-phone", {}, t.kind === "uth" ? "-" : `${t.players_per_flop ?? 0}%`),
      h("td.num.hide-phone", {}, t.hands_per_hour ?? 0),
      h("td.num.hide-phone", {}, t.waiting ?? 0),
      h("td.cell-actions", {}, h("div.actions", {},
        full
          ? h("button.btn.btn-small", { type: "button", onclick: () => waitList(t) }, tr("lobby.join_wait"))
          : h("button.btn.btn-primary.btn-small", { type: "button", onclick: () => join(t) }, tr("lobby.join")),
        h("a.btn.btn-ghost.btn-small", { href: `#/${t.kind === "uth" ? "uth" : "table"}/${encodeURIComponent(t.id)}`, role: "button" }, tr("lobby.watch")))));
  }

  function waitList(t) {
    conn.send({ type: "wait_list", table: t.id });
    showBanner(tr("lobby.wait_listed", { name: t.name || t.id }), "ok", 5000);
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
  }).catch((err) => { status.textContent = tr("lobby.load_failed", { reason: err.message }); });
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
  const slider = h("input", { type: "range", min, max: Math.max(min, max), step: 1, value: start, "aria-label": tr("buyin.slider") });
  const box = h("input", { type: "text", inputmode: "decimal", value: moneyInput(start, d), "aria-label": tr("buyin.amount") });
  const note = h("p.error", { hidden: true });
  const blindWait = h("input", { type: "radio", name: "blind", value: "wait", checked: true });
  const blindPost = h("input", { type: "radio", name: "blind", value: "post" });
  slider.addEventListener("input", () => { box.value = moneyInput(Number(slider.value), d); });
  box.addEventListener("input", () => {
    const v = parseMoney(box.value, d);
    if (v !== null) slider.value = v;
  });
  const body = h("div", {},
    h("p.muted", {}, tr("buyin.range", { min: money(min, d), max: money(max, d), balance: money(session.balance, d) })),
    max < min ? h("p.error", {}, opts.topUp && t.max_buy_in === 0
      ? tr("buyin.at_max")
      : tr("buyin.below_min")) : null,
    h("div.row", {}, slider, box),
    opts.topUp ? null : h("div", { style: { marginTop: ".7rem" } },
      h("label.check", {}, blindWait, ` ${tr("buyin.wait_bb")}`),
      h("label.check", {}, blindPost, ` ${tr("buyin.post_bb")}`)),
    note);
  dialog(opts.topUp ? tr("buyin.top_up_title") : tr("buyin.title", { name: t.name || t.id }), body, [
    [tr("common.cancel"), (close) => close(), "btn-ghost"],
    [opts.topUp ? tr("buyin.add_chips") : tr("buyin.sit_down"), (close) => {
      const amount = parseMoney(box.value, d);
      if (amount === null) { note.textContent = tr("amount.type_like", { a: moneyInput(1000, d), b: moneyInput(1050, d) }); note.hidden = false; return; }
      close();
      onSit(amount, blindPost.checked ? "post" : "wait");
    }, "btn-primary"],
  ]);
}
