// Ultimate Texas Hold'em against the bank: spots, chips, decisions, results (PROTOCOL 2.5).
import { h, replace } from "../dom.js";
import { conn } from "../socket.js";
import { session } from "../session.js";
import { money, signedMoney, setDecimals, seconds, handWords } from "../fmt.js";
import { cardEl, cardSlot } from "../cards.js";
import { chipStack, chipButton } from "../chips.js";
import { showBanner, errorText as wordError, noticeText, ruleLink } from "../ui.js";
import { t } from "../i18n.js";

const DECISIONS = [
  ["play4", "btn-primary"], ["play3", "btn-primary"], ["check", "btn-check"],
  ["play2", "btn-primary"], ["play1", "btn-primary"], ["fold", "btn-fold"],
];
const decisionWords = (k) => t(`uth.decision.${k}`);

// Shown only until the server's view arrives with its own pay tables (U-PAY-2, U-PAY-3).
const DEFAULT_PAYTABLES = {
  blind: [["Royal Flush", "500:1"], ["Straight Flush", "50:1"], ["Four of a Kind", "10:1"], ["Full House", "3:1"], ["Flush", "3:2"], ["Straight", "1:1"], ["Other", "Push"]],
  trips: [["Royal Flush", "50:1"], ["Straight Flush", "40:1"], ["Four of a Kind", "30:1"], ["Full House", "8:1"], ["Flush", "7:1"], ["Straight", "4:1"], ["Three of a Kind", "3:1"]],
};
// The pay tables' hand names (from the server in English, "Four Of A Kind") in the
// player's words, matched without regard to case.
const PAY_KEYS = {
  "royal flush": "hand.royal_flush_short", "straight flush": "hand.straight_flush_short", "four of a kind": "hand.four_of_a_kind_short",
  "full house": "hand.full_house_short", flush: "hand.flush_short", straight: "hand.straight_short",
  "three of a kind": "hand.three_of_a_kind_short", other: "uth.other", push: "uth.push",
};
const payWords = (text) => {
  const key = PAY_KEYS[String(text).toLowerCase()];
  return key ? t(key) : text;
};
// U-PAY-2: a winning Blind below a straight pushes; the table says so in its last line.
const withPushLine = (rows) => (rows.some(([hand]) => String(hand).toLowerCase() === "other") ? rows : [...rows, ["Other", "Push"]]);

export function mountUth(main, tableId) {
  let view = null;
  let errorText = "";
  let errorRule = null;
  let showHint = localStorage.getItem("pokerroom.uth_hint") === "1";
  const stake = { ante: 0, trips: 0, spot: "ante" };
  let lastStake = null;

  const title = h("h1", {}, t("game.uth"));
  const feltHolder = h("div", { "data-testid": "uth-table" });
  const side = h("aside.side");
  main.appendChild(h("section.uth-page", {},
    h("div.table-head", {}, title, h("span.muted", {}, t("uth.against_bank")),
      h("a.btn.btn-ghost.btn-small", { href: "#/lobby", style: { marginLeft: "auto" } }, t("table.back_to_lobby"))),
    feltHolder, side));

  const mySeat = () => (view && view.seats ? view.seats.find((s) => s.is_you) : null);

  function paytable(name, rows) {
    return h("div.paytable", { "data-testid": `paytable-${name}` },
      h("h3", {}, t(`uth.pays_${name}`)),
      h("table", {}, h("tbody", {}, rows.map(([hand, pays]) => h("tr", {}, h("td", {}, payWords(hand)), h("td", {}, payWords(pays)))))));
  }

  function spot(name, key, amount, res, opts = {}) {
    const selectable = opts.selectable;
    const el = h("div.spot", {
      class: selectable && stake.spot === key ? "selected" : "",
      dataset: { spot: key },
      role: selectable ? "button" : undefined,
      tabindex: selectable ? 0 : undefined,
      "aria-label": amount ? t("uth.spot_amount", { name, amount }) : t("uth.spot", { name }),
      onclick: selectable ? () => { stake.spot = key; render(); } : undefined,
    },
    h("span.spot-name", {}, name),
    amount ? chipStack(amount) : h("span.muted", { style: { fontSize: ".7rem" } }, opts.placeholder || ""));
    if (res !== null && res !== undefined) {
      const cls = res > 0 ? "win" : res < 0 ? "lose" : "push";
      el.appendChild(h("span.spot-result", { class: cls, dataset: { result: key, amount: res } }, res === 0 ? t("uth.push") : signedMoney(res)));
    }
    return el;
  }

  function render() {
    if (!view) {
      replace(feltHolder, h("p.muted", {}, t("table.connecting")));
      replace(side);
      return;
    }
    setDecimals(view.decimals);
    title.textContent = view.name ? `${view.name} · ${t("game.uth")}` : t("game.uth");
    const me = mySeat();
    const limits = view.limits || {};
    const phase = view.phase || "betting";
    const res = me && me.result && phase === "settled" ? me.result : null;
    const drafting = Boolean(me) && phase === "betting" && !(me.ante > 0);
    const bettingOpen = drafting || (Boolean(me) && phase === "settled");
    const pay = view.paytables || DEFAULT_PAYTABLES;

    const dealerCards = view.dealer && view.dealer.length ? view.dealer : [null, null];
    const dealerInfo = view.dealer_qualifies === true ? t("uth.dealer_qualifies") : view.dealer_qualifies === false ? t("uth.dealer_not_qualify") : "";
    const board = view.board && view.board.length ? view.board : [null, null, null, null, null];
    // After settlement the server moves the round's amounts to `last`.
    const placedBets = me ? (res && me.last ? { ante: me.last.ante, trips: me.last.trips, play: me.last.play } : me) : null;
    const anteShown = drafting ? stake.ante : (placedBets ? placedBets.ante : 0);
    const tripsShown = drafting ? stake.trips : (placedBets ? placedBets.trips : 0);
    const playShown = placedBets ? placedBets.play : 0;
    const showStake = bettingOpen;
    const felt = h("div.uth-felt", {},
      h("div.uth-row", {},
        h("span.uth-label", {}, t("uth.dealer")),
        h("div.cards", { "data-testid": "dealer-cards" }, dealerCards.map((c) => cardEl(c))),
        h("span.uth-hand-name", { "data-testid": "dealer-info" }, [view.dealer_hand_value ? handWords(view.dealer_hand_value) : view.dealer_hand, dealerInfo].filter(Boolean).join(" · "))),
      h("div.uth-rule", {}, t("uth.dealer_rule")),
      h("div.paytables", {}, paytable("blind", withPushLine(pay.blind || DEFAULT_PAYTABLES.blind)), paytable("trips", pay.trips || DEFAULT_PAYTABLES.trips)),
      h("div.board", { "data-testid": "board" }, board.map((c) => (c ? cardEl(c) : cardEl(null)))),
      h("div.spots", {},
        spot(t("uth.trips"), "trips", tripsShown, res ? res.trips : null, { selectable: drafting, placeholder: t("uth.optional") }),
        spot(t("uth.ante"), "ante", anteShown, res ? res.ante : null, { selectable: drafting }),
        spot(t("uth.blind"), "blind", anteShown, res ? res.blind : null),
        spot(t("uth.play"), "play", playShown, res ? res.play : null)),
      h("div.uth-row", { style: { marginTop: "1.2rem" } },
        h("div.cards", { "data-testid": "my-cards" }, (me && me.cards && me.cards.length ? me.cards : []).map((c) => cardEl(c, { size: "lg" }))),
        h("span.uth-hand-name", { "data-testid": "my-hand" }, me && me.hand_value ? handWords(me.hand_value) : (me && me.hand) || "")),
      res ? h("div.uth-summary", { class: res.net > 0 ? "win" : res.net < 0 ? "lose" : "", "data-testid": "uth-net", dataset: { net: res.net } },
        res.net > 0 ? t("uth.you_win", { amount: res.net }) : res.net < 0 ? t("uth.you_lose", { amount: -res.net }) : t("uth.push_back"),
        roundingNote(res.rounding)) : null,
      controlsEl(me, limits, showStake, res));
    replace(feltHolder, felt);
    renderSide(me);
  }

  function controlsEl(me, limits, showStake, res) {
    const parts = [];
    if (errorText) parts.push(h("div.error", { role: "alert", "data-testid": "action-error" }, errorText, errorRule ? [" ", ruleLink(errorRule)] : null));
    if (!session.account) return h("div", {}, parts, h("p.muted", {}, t("seat.log_in")));
    if (!me) {
      parts.push(h("button.btn.btn-primary", { type: "button", onclick: () => conn.send({ type: "sit", table: tableId, seat: null }) }, t("buyin.sit_down")));
      return h("div.uth-actions", {}, parts);
    }
    const legal = view.legal;
    if (legal && legal.decisions && legal.decisions.length) {
      const buttons = DECISIONS.filter(([k]) => legal.decisions.includes(k)).map(([k, cls]) =>
        h(`button.btn.${cls}`, { type: "button", onclick: () => decide(k, legal.round) }, decisionWords(k)));
      parts.push(h("div.uth-actions", {}, buttons));
      const hint = h("label.check.hint", {},
        h("input", { type: "checkbox", checked: showHint, onchange: (e) => { showHint = e.target.checked; localStorage.setItem("pokerroom.uth_hint", showHint ? "1" : "0"); render(); } }),
        ` ${t("uth.show_hint")}`);
      parts.push(hint);
      if (showHint) {
        parts.push(h("div.notice.hint", { "data-testid": "hint" },
          legal.hint ? t("uth.hint", { decision: decisionWords(legal.hint) }) : t("uth.no_hint")));
      }
    } else if (showStake) {
      const d = view.decimals;
      const unit = limits.ante_min || 1;
      const values = [1, 5, 25, 100].map((m) => unit * m).filter((v) => !limits.ante_max || v <= Math.max(limits.ante_max, limits.trips_max || 0));
      const rack = h("div.chip-rack", { "aria-label": t("uth.chips") }, values.map((v) => chipButton(v, () => addChip(v, limits))));
      const deal = h("button.btn.btn-green", { type: "button", disabled: !stake.ante, onclick: () => placeBet() }, t("uth.deal"));
      parts.push(h("p.muted", { style: { margin: 0, textAlign: "center" } },
        t("uth.pick_spot", { ante_min: money(limits.ante_min, d), ante_max: money(limits.ante_max, d), trips_min: money(limits.trips_min, d), trips_max: money(limits.trips_max, d) })));
      parts.push(rack);
      if (!isDrafting(view, me)) {
        parts.push(h("div.row", { style: { gap: ".4rem" } },
          ["ante", "trips"].map((k) => h(`button.btn.btn-small${stake.spot === k ? ".btn-primary" : ".btn-ghost"}`, { type: "button", onclick: () => { stake.spot = k; render(); } },
            t("uth.next_bet", { name: t(`uth.${k}`), amount: stake[k] })))));
      }
      parts.push(h("div.uth-actions", {},
        h("button.btn.btn-ghost", { type: "button", onclick: () => { stake.ante = 0; stake.trips = 0; render(); } }, t("uth.clear")),
        lastStake ? h("button.btn", { type: "button", onclick: () => { Object.assign(stake, lastStake); placeBet(); } }, t("uth.rebet")) : null,
        deal));
    } else if (me.ante > 0 && view.phase === "betting") {
      parts.push(h("p.muted", {}, t("uth.bets_placed")));
    } else if (!res) {
      parts.push(h("p.muted", {}, me.decision ? t("uth.your_decision", { decision: decisionWords(me.decision) }) : t("uth.waiting")));
    }
    parts.push(clockEl());
    return h("div", { style: { display: "flex", flexDirection: "column", gap: ".6rem", alignItems: "center" } }, parts);
  }

  function clockEl() {
    const c = view.clock;
    if (!c || !c.deadline_ms) return null;
    return h("div.timebar", { "data-testid": "clock" }, clockText());
  }

  function clockText() {
    const c = view.clock;
    const left = c.deadline_ms - conn.serverNow();
    return [`${t("clock.time")}: `, h("strong", { class: left < 5000 ? "low" : "" }, t("clock.seconds", { count: seconds(Math.max(0, left)) })),
      c.time_bank_ms ? h("span", {}, ` ${t("clock.bank")}: `, h("strong", {}, t("clock.seconds", { count: seconds(c.time_bank_ms + Math.min(0, left)) }))) : null];
  }

  function isDrafting(v, me) {
    return Boolean(me) && (v.phase || "betting") === "betting" && !(me.ante > 0);
  }

  /** U-PAY-4: the chip fraction dropped by rounding a 3:2 payout down (int or "n/d"). */
  function roundingNote(rounding) {
    let text = null;
    if (typeof rounding === "number" && rounding) text = money(rounding);
    if (typeof rounding === "string" && /^[1-9]\d*\/\d+$/.test(rounding)) text = t("uth.of_a_chip", { fraction: rounding });
    if (!text) return null;
    return h("span.muted", { style: { fontSize: ".8rem", display: "block", fontWeight: 500 } },
      t("uth.rounding", { text }));
  }

  function addChip(value, limits) {
    const key = stake.spot === "trips" ? "trips" : "ante";
    const max = key === "trips" ? limits.trips_max : limits.ante_max;
    if (max && stake[key] + value > max) { errorRule = null; errorText = t("uth.limit", { name: t(`uth.${key}`), amount: max }); render(); return; }
    errorText = "";
    errorRule = null;
    stake[key] += value;
    render();
  }

  function placeBet() {
    errorText = "";
    errorRule = null;
    lastStake = { ante: stake.ante, trips: stake.trips, spot: "ante" };
    conn.send({ type: "uth_bet", table: tableId, ante: stake.ante, trips: stake.trips });
  }

  function decide(decision, round) {
    errorText = "";
    errorRule = null;
    conn.send({ type: "uth_decide", table: tableId, round, decision });
  }

  function renderSide(me) {
    const others = (view.seats || []).filter((s) => !s.is_you && s.name);
    replace(side,
      h("div.panel", {},
        h("h2", {}, t("uth.round")),
        h("p", { style: { margin: 0 } }, view.phase === "settled" ? t("uth.last_settled") : view.round ? `${t("uth.round_no", { n: view.round })} · ${phaseWord(view.phase)}` : phaseWord(view.phase)),
        me && me.result && view.phase === "settled" ? resultTable(me.result) : null),
      others.length ? h("div.panel", {}, h("h2", {}, t("uth.others")),
        h("ul.log", {}, others.map((s) => h("li", {}, h("strong", {}, s.name), s.result ? ` ${signedMoney(s.result.net)}` : s.decision ? ` · ${decisionWords(s.decision)}` : "")))) : null,
      me ? h("div.panel", {}, h("button.btn.btn-danger.btn-small", { type: "button", onclick: () => { conn.send({ type: "leave", table: tableId }); location.hash = "#/lobby"; } }, t("seat.leave"))) : null);
  }

  function resultTable(r) {
    const row = (key, v) => h("tr", {}, h("td", {}, t(`uth.${key}`)), h("td.num", { class: v > 0 ? "amount-pos" : v < 0 ? "amount-neg" : "", dataset: { bet: key } }, v === undefined || v === null ? "-" : v === 0 ? t("uth.push_small") : signedMoney(v)));
    return h("table.grid", { "data-testid": "uth-results", style: { marginTop: ".5rem" } }, h("tbody", {},
      row("ante", r.ante), row("blind", r.blind), row("trips", r.trips), row("play", r.play),
      h("tr", {}, h("th", {}, t("uth.net")), h("th.num", { class: r.net > 0 ? "amount-pos" : r.net < 0 ? "amount-neg" : "" }, signedMoney(r.net)))));
  }

  function phaseWord(phase) {
    return ["betting", "preflop", "flop", "river", "showdown", "settled"].includes(phase) ? t(`uth.phase.${phase}`) : phase || "";
  }

  const offs = [
    conn.on("uth_view", (m) => {
      if (m.table !== tableId) return;
      view = m.view;
      render();
    }),
    conn.on("table_view", (m) => {
      if (m.table === tableId && m.view && m.view.kind === "uth") { view = m.view; render(); }
    }),
    conn.on("error", (m) => {
      if (m.table && m.table !== tableId) return;
      const worded = wordError(m);
      errorText = worded.text;
      errorRule = view ? worded.rule : null;
      if (view) render(); else showBanner(`${errorText}${worded.rule ? ` (${worded.rule})` : ""}`, "warn", 5000);
    }),
    conn.on("notice", (m) => { if (m.table === tableId) showBanner(noticeText(m), m.code === "round_settled" ? "ok" : "warn", 6000); }),
  ];
  const tick = setInterval(() => {
    const el = feltHolder.querySelector("[data-testid=clock]");
    // The text is updated in place (a new node every tick made a tap or a measurement on the
    // clock meet a node just taken out of the page).
    if (view && view.clock && view.clock.deadline_ms && el) replace(el, clockText());
  }, 500);
  conn.observe(tableId);
  render();
  return () => { offs.forEach((off) => off()); clearInterval(tick); conn.unobserve(tableId); };
}
