// Tournaments: the list (status, entry, entrants, start, structure, payouts, players),
// Register / Unregister, and the tournament felt that follows the player from table to
// table (level, blinds, ante, time to the next level, rank, average stack, the hand,
// the actions the server says are legal, the elimination notice with place and prize).
import { h, replace } from "../dom.js";
import { conn } from "../socket.js";
import { loadSession } from "../session.js";
import { cardEl, cardSlot } from "../cards.js";
import { dialog } from "../ui.js";

const chips = (n) => (n === null || n === undefined ? "-" : Number(n).toLocaleString("en-US"));
const money = (n) => (Number(n) / 100).toFixed(2);
const STATUS = {
  registering: "Registering", running: "Running", on_break: "On break",
  hand_for_hand: "Hand-for-hand", finished: "Finished", cancelled: "Cancelled",
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
  const status = h("p.muted", {}, "Loading tournaments...");
  main.appendChild(h("section", {},
    h("div.lobby-head", {}, h("h1", {}, "Tournaments")),
    h("div.panel.table-wrap", {},
      h("table.grid", { "aria-label": "Tournaments" },
        h("thead", {}, h("tr", {},
          h("th", {}, "Tournament"), h("th", {}, "Status"), h("th", {}, "Buy-in + fee"),
          h("th.num", {}, "Entrants"), h("th", {}, "Start / late reg."), h("th.num", {}, ""))),
        body),
      status)));
  const mine = new Set();

  async function refresh() {
    let list = [];
    try { list = await listTournaments(); } catch { return; }
    status.hidden = list.length > 0;
    if (!list.length) status.textContent = "No tournaments open.";
    replace(body, list.map(row));
  }

  function row(t) {
    const start = t.status === "registering"
      ? (t.sit_and_go ? "when full" : `in ${clockText(t.starts_in_ms)}`)
      : (t.late_registration ? "late registration open" : "-");
    const registered = mine.has(t.id);
    return h("tr", { dataset: { tournament: t.id } },
      h("td", {}, h("strong", {}, t.name), " ", h("span.muted", {}, t.id)),
      h("td", {}, STATUS[t.status] || t.status),
      h("td", {}, `${money(t.buy_in)} + ${money(t.fee)}`),
      h("td.num", {}, `${t.entrants}/${t.max_entrants}`),
      h("td", {}, start),
      h("td", {}, h("div.actions", {},
        t.status === "registering" || t.late_registration
          ? (registered
            ? h("button.btn.btn-small", { type: "button", onclick: () => unregister(t) }, "Unregister")
            : h("button.btn.btn-primary.btn-small", { type: "button", onclick: () => register(t) }, "Register"))
          : null,
        h("button.btn.btn-ghost.btn-small", { type: "button", onclick: () => details(t) }, "Details"),
        h("a.btn.btn-ghost.btn-small", { href: `#/tournament/${encodeURIComponent(t.id)}`, role: "button" }, "Open"))));
  }

  function register(t) {
    conn.send({ type: "tournament_register", tournament: t.id });
    mine.add(t.id);
    location.hash = `#/tournament/${encodeURIComponent(t.id)}`;
  }

  function unregister(t) {
    conn.send({ type: "tournament_unregister", tournament: t.id });
    mine.delete(t.id);
    setTimeout(() => { loadSession(); refresh(); }, 300);
  }

  function details(t) {
    const levels = t.structure.map((lv, i) => h("tr", {},
      h("td", {}, lv.break ? "break" : String(i + 1)),
      h("td", {}, lv.break ? "-" : `${chips(lv.small_blind)}/${chips(lv.big_blind)}`),
      h("td", {}, lv.break ? "-" : chips(lv.ante)),
      h("td", {}, lv.minutes ? `${lv.minutes} min` : `${lv.hands} hands`)));
    const payouts = t.payouts.length
      ? t.payouts.map((p, i) => h("li", {}, `${i + 1}. ${money(p)}`))
      : [h("li.muted", {}, "set when registration closes")];
    const players = t.players.map((p) => h("tr", {}, h("td", {}, p.entry), h("td.num", {}, chips(p.chips)),
      h("td.num", {}, p.place || "")));
    dialog(t.name, h("div", {},
      h("p", {}, `${t.game} ${t.betting}, ${t.seats} seats a table, ${chips(t.starting_chips)} chips`),
      h("h3", {}, "Structure"), h("table.grid", {}, h("tbody", {}, levels)),
      h("h3", {}, "Payouts"), h("ol", {}, payouts),
      h("h3", {}, "Players"), h("table.grid", {}, h("tbody", {}, players))),
    [["Close", (close) => close()]]);
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
  main.appendChild(h("section", {}, h("h1", {}, "Tournament ", h("span.muted", {}, id)), head, notice, felt, actions));
  let last = null;
  let answered = "";
  let noticeShown = false;
  let dealShown = "";
  let closeDeal = null;
  const dealButton = h("button.btn.btn-small", { type: "button", hidden: true,
    onclick: () => conn.send({ type: "tournament_deal", tournament: id, answer: "ask" }) }, "Propose a deal");
  // Away after running out of time (R-TOURN-5): the turns are played for the player
  // (check or fold) until they say they are back.
  const backButton = h("button.btn.btn-primary.btn-small", { type: "button", hidden: true,
    "data-testid": "tournament-back",
    onclick: () => conn.send({ type: "tournament_back", tournament: id }) }, "I'm back");
  head.after(h("div", {}, dealButton, backButton));

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
      h("span", { "data-testid": "t-status" }, STATUS[s.status] || s.status),
      h("span", {}, `Level ${s.level}`),
      h("span", { "data-testid": "t-blinds" }, `Blinds ${chips(s.small_blind)}/${chips(s.big_blind)}`),
      h("span", {}, `Ante ${chips(s.ante)}`),
      h("span", {}, `Next level ${clockText(s.level_left_ms)}`),
      h("span", {}, `Players ${s.players_left}/${s.entrants}`),
      h("span", {}, `Average ${chips(s.average_stack)}`),
      you ? h("span", { "data-testid": "t-rank" }, you.rank ? `Your rank ${you.rank}` : "") : null);
    if (you && you.out && !noticeShown) {
      noticeShown = true;
      notice.hidden = false;
      notice.textContent = you.prize > 0
        ? `You finished in place ${you.place} and won ${money(you.prize)}.`
        : `You are out in place ${you.place}.`;
      loadSession();
    }
    if (s.status === "finished" && you && you.place === 1 && !noticeShown) {
      noticeShown = true;
      notice.hidden = false;
      notice.textContent = `You won the tournament: you finished in place 1 and won ${money(you.prize)}.`;
      loadSession();
    }
    if (s.status === "finished") loadSession();
    dealButton.hidden = !(you && !you.out && s.status === "running" && s.players_left >= 2
      && s.players_left <= 4 && !s.deal && !s.deal_requested);
    backButton.hidden = !(you && you.away && !you.out && s.status !== "finished");
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
    const rows = Object.entries(deal.amounts).map(([entry, amount]) =>
      h("tr", {}, h("td", {}, entry), h("td.num", {}, money(amount))));
    const answer = (value) => (close) => {
      conn.send({ type: "tournament_deal", tournament: id, answer: value });
      close();
      closeDeal = null;
    };
    closeDeal = dialog("Final-table deal", h("div", { "data-testid": "deal-dialog" },
      h("p", {}, "Split the prizes left by the players' chips (ICM)? It happens only if everyone accepts."),
      h("table.grid", {}, h("tbody", {}, rows))),
    [["Accept", answer("accept"), "btn-primary"], ["Decline", answer("decline")]]);
  }

  function renderTable(table) {
    if (!table) {
      replace(felt, h("p.muted", {}, last && last.summary.status === "registering"
        ? "Waiting for the tournament to start..." : "You are not seated in this tournament."));
      replace(actions);
      return;
    }
    const hand = table.hand;
    const bySeat = new Map((hand ? hand.seats : []).map((sv) => [sv.seat, sv]));
    const seats = table.seats.map((p, i) => {
      if (!p) return h("div.t-seat.empty", {}, `seat ${i + 1}`);
      const sv = bySeat.get(i);
      const cards = sv ? sv.cards.map((c) => cardEl(c, { size: "small" })) : [];
      return h("div.t-seat", { class: i === table.seat ? "me" : undefined, dataset: { seat: String(i) } },
        h("div", {}, h("strong", {}, p.entry), i === table.button ? " (D)" : "", p.away ? " away" : ""),
        h("div", {}, chips(sv ? sv.stack : p.chips), sv && sv.bet ? ` bet ${chips(sv.bet)}` : "", sv && sv.folded ? " folded" : ""),
        h("div.cards", {}, cards));
    });
    const board = hand ? hand.board.map((c) => cardEl(c)) : [];
    while (board.length < 5 && hand && !["THIRD", "FOURTH", "FIFTH", "SIXTH", "SEVENTH"].includes(hand.street)) board.push(cardSlot());
    replace(felt,
      h("div", {}, `Table ${table.number}, hand ${table.hand_number}`, hand ? ` - pot ${chips(hand.pot)}` : ""),
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
    const span = legal.raise || legal.bet;
    const box = span ? h("input", { type: "number", min: span.min, max: span.max, value: span.min, "aria-label": "Amount" }) : null;
    replace(actions,
      legal.fold ? h("button.btn", { type: "button", onclick: () => act("fold") }, "Fold") : null,
      legal.check ? h("button.btn", { type: "button", onclick: () => act("check") }, "Check") : null,
      legal.call ? h("button.btn", { type: "button", onclick: () => act("call") }, `Call ${chips(legal.call)}`) : null,
      span ? box : null,
      span ? h("button.btn.btn-primary", { type: "button", onclick: () => act(legal.raise ? "raise" : "bet", Number(box.value)) }, legal.raise ? "Raise" : "Bet") : null);
  }

  return () => { off(); offError(); offStatus(); };
}
