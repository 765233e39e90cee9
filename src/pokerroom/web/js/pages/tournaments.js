// Tournaments: the list (status, entry, entrants, start, structure, payouts, players),
// Register / Unregister, and the tournament page that follows the player from table to
// table: the header (level, blinds, ante, time to the next level, rank, average stack), the
// cash table's felt and action bar (tournament_felt.js), the elimination notice with place
// and prize, the final-table deal.
import { h, replace } from "../dom.js";
import { conn } from "../socket.js";
import { loadSession } from "../session.js";
import { tournamentTable } from "./tournament_felt.js";
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
  const feltHolder = h("div.tournament-felt", { "data-testid": "tournament-felt" });
  const actions = h("div.actions.tournament-actions", { "data-testid": "tournament-actions" });
  const notice = h("div.tournament-notice", { hidden: true, "data-testid": "tournament-notice" });
  main.appendChild(h("section", {}, h("h1", {}, `${t("tourn.heading")} `, h("span.muted", {}, id)), head, notice, feltHolder, actions));
  let last = null;
  let noticeShown = false;
  let dealShown = "";
  let closeDeal = null;
  const dealButton = h("button.btn.btn-small", { type: "button", hidden: true,
    onclick: () => conn.send({ type: "tournament_deal", tournament: id, answer: "ask" }) }, t("tourn.propose_deal"));
  head.after(h("div", {}, dealButton));
  // Sitting out and back (R-TOURN-5), beside the felt: tournament_side.js
  const offSide = mountTournamentSide(actions, id);
  const felt = tournamentTable(id, feltHolder, actions);

  const follow = () => conn.send({ type: "tournament_follow", tournament: id });
  const onStatus = (s) => { if (s === "open") follow(); };
  const offStatus = conn.onStatus(onStatus);
  follow();

  const off = conn.on("tournament", (msg) => {
    if (msg.tournament !== id) return;
    last = msg.view;
    render(msg.view);
  });
  const offWatch = conn.on("tournament_table", (msg) => { if (msg.tournament === id) felt.watch(msg); });
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
    felt.render(view);  // the cash table's felt and action bar (tournament_felt.js)
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

  return () => { off(); offWatch(); offError(); offStatus(); offSide(); felt.stop(); };
}
