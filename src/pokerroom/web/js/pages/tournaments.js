// Tournaments: the list (status, entry, entrants, start, structure, payouts, players),
// Register / Unregister, and the tournament felt that follows the player from table to
// table (level, blinds, ante, time to the next level, rank, average stack, the hand,
// the actions the server says are legal, the elimination notice with place and prize).
import { h, replace } from "../dom.js";
import { conn } from "../socket.js";
import { loadSession } from "../session.js";
import { cardEl, cardSlot } from "../cards.js";
import { dialog } from "../ui.js";
import { t, locale } from "../i18n.js";
import { money, gameText } from "../fmt.js";
import { mountTournamentSide } from "./tournament_side.js";

// Tournament chips are not money: counts in the player's locale, no currency.
const chips = (n) => (n === null || n === undefined ? "-" : Number(n).toLocaleString(locale()));
const status = (s) => {
  const key = `tourn.status.${s}`;
  const text = t(key);
  return text === key ? s : text;
};

function clockText(ms) {
  if (ms === null || ms === undefined) return "-";
  const s = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

async function listTournaments() {
  const r = await fetch("/api/tournaments", { credentials: "same-origin" });
  return (await r.json()).tournaments;
}

export function mountTournaments(main) {
  const body = h("tbody");
  const loading = h("p.muted", {}, t("tourn.loading"));
  main.appendChild(h("section", {},
    h("div.lobby-head", {}, h("h1", {}, t("nav.tournaments"))),
    h("div.panel.table-wrap", {},
      h("table.grid", { "aria-label": t("nav.tournaments") },
        h("thead", {}, h("tr", {},
          h("th", {}, t("tourn.col.name")), h("th", {}, t("tourn.col.status")), h("th", {}, t("tourn.col.entry")),
          h("th.num", {}, t("tourn.col.entrants")), h("th", {}, t("tourn.col.start")), h("th.num", {}, ""))),
        body),
      loading)));
  const mine = new Set();

  async function refresh() {
    let list = [];
    try { list = await listTournaments(); } catch { return; }
    loading.hidden = list.length > 0;
    if (!list.length) loading.textContent = t("tourn.none");
    replace(body, list.map(row));
  }

  function row(tm) {
    const start = tm.status === "registering"
      ? (tm.sit_and_go ? t("tourn.when_full") : t("tourn.starts_in", { time: clockText(tm.starts_in_ms) }))
      : (tm.late_registration ? t("tourn.late_open") : "-");
    const registered = mine.has(tm.id);
    return h("tr", { dataset: { tournament: tm.id } },
      h("td", {}, h("strong", {}, tm.name), " ", h("span.muted", {}, tm.id)),
      h("td", {}, status(tm.status)),
      h("td", {}, t("tourn.entry", { buy_in: tm.buy_in, fee: tm.fee })),
      h("td.num", {}, `${tm.entrants}/${tm.max_entrants}`),
      h("td", {}, start),
      h("td", {}, h("div.actions", {},
        tm.status === "registering" || tm.late_registration
          ? (registered
            ? h("button.btn.btn-small", { type: "button", onclick: () => unregister(tm) }, t("tourn.unregister"))
            : h("button.btn.btn-primary.btn-small", { type: "button", onclick: () => register(tm) }, t("tourn.register")))
          : null,
        h("button.btn.btn-ghost.btn-small", { type: "button", onclick: () => details(tm) }, t("tourn.details")),
        h("a.btn.btn-ghost.btn-small", { href: `#/tournament/${encodeURIComponent(tm.id)}`, role: "button" }, t("tourn.open")))));
  }

  function register(tm) {
    conn.send({ type: "tournament_register", tournament: tm.id });
    mine.add(tm.id);
    location.hash = `#/tournament/${encodeURIComponent(tm.id)}`;
  }

  function unregister(tm) {
    conn.send({ type: "tournament_unregister", tournament: tm.id });
    mine.delete(tm.id);
    setTimeout(() => { loadSession(); refresh(); }, 300);
  }

  function details(tm) {
    const levels = tm.structure.map((lv, i) => h("tr", {},
      h("td", {}, lv.break ? t("tourn.break") : String(i + 1)),
      h("td", {}, lv.break ? "-" : `${chips(lv.small_blind)}/${chips(lv.big_blind)}`),
      h("td", {}, lv.break ? "-" : chips(lv.ante)),
      h("td", {}, lv.minutes ? t("tourn.minutes", { count: lv.minutes }) : t("tourn.hands", { count: lv.hands }))));
    const payouts = tm.payouts.length
      ? tm.payouts.map((p, i) => h("li", {}, `${i + 1}. ${money(p)}`))
      : [h("li.muted", {}, t("tourn.payouts_later"))];
    const players = tm.players.map((p) => h("tr", {}, h("td", {}, p.name || p.entry), h("td.num", {}, chips(p.chips)),
      h("td.num", {}, p.place || "")));
    dialog(tm.name, h("div", {},
      h("p", {}, t("tourn.about", { game: gameText(tm.game, tm.betting), seats: tm.seats, chips: chips(tm.starting_chips) })),
      h("h3", {}, t("tourn.structure")), h("table.grid", {}, h("tbody", {}, levels)),
      h("h3", {}, t("tourn.payouts")), h("ol", {}, payouts),
      h("h3", {}, t("tourn.players")), h("table.grid", {}, h("tbody", {}, players))),
    [[t("tourn.close"), (close) => close()]]);
  }

  refresh();
  const timer = setInterval(refresh, 2000);
  return () => clearInterval(timer);
}

export function mountTournament(main, id) {
  const head = h("div.tournament-head", { "data-testid": "tournament-head" });
  const felt = h("div.tournament-felt.panel", { "data-testid": "tournament-felt" });
  const actions = h("div.actions.tournament-actions", { "data-testid": "tournament-actions" });
  const notice = h("div.tournament-notice", { hidden: true, "data-testid": "tournament-notice" });
  main.appendChild(h("section", {}, h("h1", {}, `${t("tourn.heading")} `, h("span.muted", {}, id)), head, notice, felt, actions));
  let last = null;
  let answered = "";
  let noticeShown = false;
  let dealShown = "";
  let closeDeal = null;
  const dealButton = h("button.btn.btn-small", { type: "button", hidden: true,
    onclick: () => conn.send({ type: "tournament_deal", tournament: id, answer: "ask" }) }, t("tourn.propose_deal"));
  head.after(h("div", {}, dealButton));
  // Sitting out and back (R-TOURN-5), beside the felt: tournament_side.js
  const offSide = mountTournamentSide(actions, id);

  const follow = () => conn.send({ type: "tournament_follow", tournament: id });
  const onStatus = (s) => { if (s === "open") follow(); };
  const offStatus = conn.onStatus(onStatus);
  follow();

  const off = conn.on("tournament", (msg) => {
    if (msg.tournament !== id) return;
    last = msg.view;
    render(msg.view);
  });
  const offError = conn.on("error", (msg) => {
    if (msg.rule && msg.rule.startsWith("R-TOURN")) {
      notice.hidden = false;
      notice.textContent = `${msg.reason} (${msg.rule})`;
    }
  });

  function render(view) {
    const s = view.summary;
    const you = view.you;
    replace(head,
      h("span", { "data-testid": "t-status" }, status(s.status)),
      h("span", {}, t("tourn.level", { n: s.level })),
      h("span", { "data-testid": "t-blinds" }, t("tourn.blinds", { sb: chips(s.small_blind), bb: chips(s.big_blind) })),
      h("span", {}, t("tourn.ante", { ante: chips(s.ante) })),
      h("span", {}, t("tourn.next_level", { time: clockText(s.level_left_ms) })),
      h("span", {}, t("tourn.players_left", { left: s.players_left, entrants: s.entrants })),
      h("span", {}, t("tourn.average", { chips: chips(s.average_stack) })),
      you ? h("span", { "data-testid": "t-rank" }, you.rank ? t("tourn.rank", { rank: you.rank }) : "") : null);
    if (you && you.out && !noticeShown) {
      noticeShown = true;
      notice.hidden = false;
      notice.textContent = you.prize > 0
        ? t("tourn.out_prize", { place: you.place, prize: you.prize })
        : t("tourn.out", { place: you.place });
      loadSession();
    }
    if (s.status === "finished" && you && you.place === 1 && !noticeShown) {
      noticeShown = true;
      notice.hidden = false;
      notice.textContent = t("tourn.won", { prize: you.prize });
      loadSession();
    }
    if (s.status === "finished") loadSession();
    dealButton.hidden = !(you && !you.out && s.status === "running" && s.players_left >= 2
      && s.players_left <= 4 && !s.deal && !s.deal_requested);
    renderDeal(s.deal, you);
    renderTable(view.table);
  }

  // The final-table deal: the exact ICM split of the prizes left, done only if all accept.
  function renderDeal(deal, you) {
    const key = deal ? JSON.stringify(deal.amounts) : "";
    if (!deal || !you || deal.accepted.includes(you.entry)) {
      if (!deal && closeDeal) { closeDeal(); closeDeal = null; }
      return;
    }
    if (dealShown === key) return;
    dealShown = key;
    const names = new Map(((last && last.summary.players) || []).map((p) => [p.entry, p.name]));
    const rows = Object.entries(deal.amounts).map(([entry, amount]) =>
      h("tr", { dataset: { entry } }, h("td", {}, entry === you.entry ? t("tourn.you") : (names.get(entry) || entry)),
        h("td.num", {}, money(amount))));
    const answer = (value) => (close) => {
      conn.send({ type: "tournament_deal", tournament: id, answer: value });
      close();
      closeDeal = null;
    };
    closeDeal = dialog(t("tourn.deal_title"), h("div", { "data-testid": "deal-dialog" },
      h("p", {}, t("tourn.deal_text")),
      h("table.grid", {}, h("tbody", {}, rows))),
    [[t("tourn.accept"), answer("accept"), "btn-primary"], [t("tourn.decline"), answer("decline")]]);
  }

  function renderTable(table) {
    if (!table) {
      replace(felt, h("p.muted", {}, last && last.summary.status === "registering"
        ? t("tourn.waiting") : t("tourn.not_seated")));
      replace(actions);
      return;
    }
    const hand = table.hand;
    const bySeat = new Map((hand ? hand.seats : []).map((sv) => [sv.seat, sv]));
    const seats = table.seats.map((p, i) => {
      if (!p) return h("div.t-seat.empty", {}, t("tourn.seat", { n: i + 1 }));
      const sv = bySeat.get(i);
      const cards = sv ? sv.cards.map((c) => cardEl(c, { size: "small" })) : [];
      return h("div.t-seat", { class: i === table.seat ? "me" : undefined, dataset: { seat: String(i) } },
        h("div", {}, h("strong", { "data-testid": "t-name" }, p.name || p.entry), i === table.button ? ` (${t("felt.dealer_letter")})` : "", p.away ? ` ${t("tourn.away")}` : ""),
        h("div", {}, chips(sv ? sv.stack : p.chips), sv && sv.bet ? ` ${t("tourn.bet", { chips: chips(sv.bet) })}` : "", sv && sv.folded ? ` ${t("tourn.folded")}` : ""),
        h("div.cards", {}, cards));
    });
    const board = hand ? hand.board.map((c) => cardEl(c)) : [];
    while (board.length < 5 && hand && !["THIRD", "FOURTH", "FIFTH", "SIXTH", "SEVENTH"].includes(hand.street)) board.push(cardSlot());
    replace(felt,
      h("div", {}, t("tourn.table_hand", { table: table.number, hand: table.hand_number }), hand ? ` - ${t("tourn.pot", { chips: chips(hand.pot) })}` : ""),
      h("div.board", {}, board),
      h("div.t-seats", {}, seats));
    renderActions(table);
  }

  function renderActions(table) {
    const legal = table.legal;
    if (!legal) { replace(actions); return; }
    const key = `${table.number}:${legal.hand}:${legal.action_no}`;
    const act = (action, amount = null) => {
      if (answered === key) return;
      answered = key;
      conn.send({ type: "tournament_act", tournament: id, hand: legal.hand, action, amount });
      replace(actions);
    };
    // Stud: the bring-in and completing it are offered too (a missing button would only let
    // the clock run out and make the player away).
    const verb = legal.raise ? "raise" : legal.bet ? "bet" : legal.complete ? "complete" : null;
    const span = verb ? legal[verb] : null;
    const box = span ? h("input", { type: "number", min: span.min, max: span.max, value: span.min, "aria-label": t("tourn.amount") }) : null;
    // R-SD-5: after the hand (the table rests), cards nobody saw may be shown.
    if (legal.after_hand) {
      replace(actions, legal.show ? h("button.btn", { type: "button", "data-testid": "show-cards", onclick: () => act("show") }, t("act.show")) : null);
      return;
    }
    replace(actions,
      legal.fold ? h("button.btn", { type: "button", onclick: () => act("fold") }, t("act.fold")) : null,
      legal.check ? h("button.btn", { type: "button", onclick: () => act("check") }, t("act.check")) : null,
      legal.call ? h("button.btn", { type: "button", onclick: () => act("call") }, t("tourn.call", { chips: chips(legal.call) })) : null,
      legal.bring_in ? h("button.btn", { type: "button", onclick: () => act("bring_in") }, t("tourn.bring_in", { chips: chips(legal.bring_in) })) : null,
      span ? box : null,
      span ? h("button.btn.btn-primary", { type: "button", onclick: () => act(verb, Number(box.value)) }, t(`act.${verb}`)) : null);
  }

  return () => { off(); offError(); offStatus(); offSide(); };
}
