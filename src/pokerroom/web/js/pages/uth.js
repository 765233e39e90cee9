// Ultimate Texas Hold'em against the bank: spots, chips, decisions, results (PROTOCOL 2.5).
import { h, replace } from "../dom.js";
import { conn } from "../socket.js";
import { session } from "../session.js";
import { money, signedMoney, setDecimals, seconds } from "../fmt.js";
import { cardEl, cardSlot } from "../cards.js";
import { chipStack, chipButton } from "../chips.js";
import { showBanner } from "../ui.js";

const DECISIONS = [
  ["play4", "Play 4x", "btn-primary"], ["play3", "Play 3x", "btn-primary"], ["check", "Check", "btn-check"],
  ["play2", "Play 2x", "btn-primary"], ["play1", "Play 1x", "btn-primary"], ["fold", "Fold", "btn-fold"],
];
const DECISION_WORDS = Object.fromEntries(DECISIONS.map(([k, label]) => [k, label]));

// Shown only until the server's view arrives with its own pay tables (U-PAY-2, U-PAY-3).
const DEFAULT_PAYTABLES = {
  blind: [["Royal Flush", "500:1"], ["Straight Flush", "50:1"], ["Four of a Kind", "10:1"], ["Full House", "3:1"], ["Flush", "3:2"], ["Straight", "1:1"], ["Other", "Push"]],
  trips: [["Royal Flush", "50:1"], ["Straight Flush", "40:1"], ["Four of a Kind", "30:1"], ["Full House", "8:1"], ["Flush", "7:1"], ["Straight", "4:1"], ["Three of a Kind", "3:1"]],
};

export function mountUth(main, tableId) {
  let view = null;
  let errorText = "";
  let showHint = localStorage.getItem("pokerroom.uth_hint") === "1";
  const stake = { ante: 0, trips: 0, spot: "ante" };
  let lastStake = null;

  const title = h("h1", {}, "Ultimate Texas Hold'em");
  const feltHolder = h("div", { "data-testid": "uth-table" });
  const side = h("aside.side");
  main.appendChild(h("section.uth-page", {},
    h("div.table-head", {}, title, h("span.muted", {}, "against the bank"),
      h("a.btn.btn-ghost.btn-small", { href: "#/lobby", style: { marginLeft: "auto" } }, "Back to lobby")),
    feltHolder, side));

  const mySeat = () => (view && view.seats ? view.seats.find((s) => s.is_you) : null);

  function paytable(name, rows) {
    return h("div.paytable", { "data-testid": `paytable-${name.toLowerCase()}` },
      h("h3", {}, `${name} pays`),
      h("table", {}, h("tbody", {}, rows.map(([hand, pays]) => h("tr", {}, h("td", {}, hand), h("td", {}, pays))))));
  }

  function spot(name, key, amount, res, opts = {}) {
    const selectable = opts.selectable;
    const el = h("div.spot", {
      class: selectable && stake.spot === key ? "selected" : "",
      dataset: { spot: key },
      role: selectable ? "button" : undefined,
      tabindex: selectable ? 0 : undefined,
      "aria-label": `${name} spot${amount ? `, ${money(amount)}` : ""}`,
      onclick: selectable ? () => { stake.spot = key; render(); } : undefined,
    },
    h("span.spot-name", {}, name),
    amount ? chipStack(amount) : h("span.muted", { style: { fontSize: ".7rem" } }, opts.placeholder || ""));
    if (res !== null && res !== undefined) {
      const cls = res > 0 ? "win" : res < 0 ? "lose" : "push";
      el.appendChild(h("span.spot-result", { class: cls, dataset: { result: key, amount: res } }, res === 0 ? "Push" : signedMoney(res)));
    }
    return el;
  }

  function render() {
    if (!view) {
      replace(feltHolder, h("p.muted", {}, "Connecting to the table..."));
      replace(side);
      return;
    }
    setDecimals(view.decimals);
    title.textContent = view.name ? `${view.name} · Ultimate Texas Hold'em` : "Ultimate Texas Hold'em";
    const me = mySeat();
    const limits = view.limits || {};
    const phase = view.phase || "betting";
    const res = me && me.result && phase === "settled" ? me.result : null;
    const drafting = Boolean(me) && phase === "betting" && !(me.ante > 0);
    const bettingOpen = drafting || (Boolean(me) && phase === "settled");
    const pay = view.paytables || DEFAULT_PAYTABLES;

    const dealerCards = view.dealer && view.dealer.length ? view.dealer : [null, null];
    const dealerInfo = view.dealer_qualifies === true ? "Dealer qualifies" : view.dealer_qualifies === false ? "Dealer does not qualify" : "";
    const board = view.board && view.board.length ? view.board : [null, null, null, null, null];
    // After settlement the server moves the round's amounts to `last`.
    const placedBets = me ? (res && me.last ? { ante: me.last.ante, trips: me.last.trips, play: me.last.play } : me) : null;
    const anteShown = drafting ? stake.ante : (placedBets ? placedBets.ante : 0);
    const tripsShown = drafting ? stake.trips : (placedBets ? placedBets.trips : 0);
    const playShown = placedBets ? placedBets.play : 0;
    const showStake = bettingOpen;
    const felt = h("div.uth-felt", {},
      h("div.uth-row", {},
        h("span.uth-label", {}, "Dealer"),
        h("div.cards", { "data-testid": "dealer-cards" }, dealerCards.map((c) => cardEl(c))),
        h("span.uth-hand-name", { "data-testid": "dealer-info" }, [view.dealer_hand, dealerInfo].filter(Boolean).join(" · "))),
      h("div.uth-rule", {}, "Dealer must have a pair or better to qualify"),
      h("div.paytables", {}, paytable("Blind", pay.blind || DEFAULT_PAYTABLES.blind), paytable("Trips", pay.trips || DEFAULT_PAYTABLES.trips)),
      h("div.board", { "data-testid": "board" }, board.map((c) => (c ? cardEl(c) : cardEl(null)))),
      h("div.spots", {},
        spot("Trips", "trips", tripsShown, res ? res.trips : null, { selectable: drafting, placeholder: "optional" }),
        spot("Ante", "ante", anteShown, res ? res.ante : null, { selectable: drafting }),
        spot("Blind", "blind", anteShown, res ? res.blind : null),
        spot("Play", "play", playShown, res ? res.play : null)),
      h("div.uth-row", { style: { marginTop: "1.2rem" } },
        h("div.cards", { "data-testid": "my-cards" }, (me && me.cards && me.cards.length ? me.cards : []).map((c) => cardEl(c, { size: "lg" }))),
        h("span.uth-hand-name", { "data-testid": "my-hand" }, res && res.hand ? res.hand : (me && me.hand) || "")),
      res ? h("div.uth-summary", { class: res.net > 0 ? "win" : res.net < 0 ? "lose" : "", "data-testid": "uth-net", dataset: { net: res.net } },
        res.net > 0 ? `You win ${signedMoney(res.net)}` : res.net < 0 ? `You lose ${money(-res.net)}` : "Push: your bets come back",
        roundingNote(res.rounding)) : null,
      controlsEl(me, limits, showStake, res));
    replace(feltHolder, felt);
    renderSide(me);
  }

  function controlsEl(me, limits, showStake, res) {
    const parts = [];
    if (errorText) parts.push(h("div.error", { role: "alert", "data-testid": "action-error" }, errorText));
    if (!session.account) return h("div", {}, parts, h("p.muted", {}, "Log in to play."));
    if (!me) {
      parts.push(h("button.btn.btn-primary", { type: "button", onclick: () => conn.send({ type: "sit", table: tableId, seat: null }) }, "Sit down"));
      return h("div.uth-actions", {}, parts);
    }
    const legal = view.legal;
    if (legal && legal.decisions && legal.decisions.length) {
      const buttons = DECISIONS.filter(([k]) => legal.decisions.includes(k)).map(([k, label, cls]) =>
        h(`button.btn.${cls}`, { type: "button", onclick: () => decide(k, legal.round) }, label));
      parts.push(h("div.uth-actions", {}, buttons));
      const hint = h("label.check.hint", {},
        h("input", { type: "checkbox", checked: showHint, onchange: (e) => { showHint = e.target.checked; localStorage.setItem("pokerroom.uth_hint", showHint ? "1" : "0"); render(); } }),
        " Show hint");
      parts.push(hint);
      if (showHint) {
        parts.push(h("div.notice.hint", { "data-testid": "hint" },
          legal.hint ? `The optimal strategy says: ${DECISION_WORDS[legal.hint] || legal.hint}.` : "No hint from the server for this decision."));
      }
    } else if (showStake) {
      const d = view.decimals;
      const unit = limits.ante_min || 1;
      const values = [1, 5, 25, 100].map((m) => unit * m).filter((v) => !limits.ante_max || v <= Math.max(limits.ante_max, limits.trips_max || 0));
      const rack = h("div.chip-rack", { "aria-label": "Chips" }, values.map((v) => chipButton(v, () => addChip(v, limits))));
      const deal = h("button.btn.btn-green", { type: "button", disabled: !stake.ante, onclick: () => placeBet() }, "Deal");
      parts.push(h("p.muted", { style: { margin: 0, textAlign: "center" } },
        `Pick a spot, then chips · Ante ${money(limits.ante_min, d)}-${money(limits.ante_max, d)} (the Blind equals it) · Trips ${money(limits.trips_min, d)}-${money(limits.trips_max, d)}`));
      parts.push(rack);
      if (!isDrafting(view, me)) {
        parts.push(h("div.row", { style: { gap: ".4rem" } },
          ["ante", "trips"].map((k) => h(`button.btn.btn-small${stake.spot === k ? ".btn-primary" : ".btn-ghost"}`, { type: "button", onclick: () => { stake.spot = k; render(); } },
            `Next ${k === "ante" ? "Ante" : "Trips"}: ${money(stake[k])}`))));
      }
      parts.push(h("div.uth-actions", {},
        h("button.btn.btn-ghost", { type: "button", onclick: () => { stake.ante = 0; stake.trips = 0; render(); } }, "Clear"),
        lastStake ? h("button.btn", { type: "button", onclick: () => { Object.assign(stake, lastStake); placeBet(); } }, "Rebet") : null,
        deal));
    } else if (me.ante > 0 && view.phase === "betting") {
      parts.push(h("p.muted", {}, "Bets placed. Dealing..."));
    } else if (!res) {
      parts.push(h("p.muted", {}, me.decision ? `Your decision: ${DECISION_WORDS[me.decision] || me.decision}. Waiting for the showdown.` : "Waiting..."));
    }
    parts.push(clockEl());
    return h("div", { style: { display: "flex", flexDirection: "column", gap: ".6rem", alignItems: "center" } }, parts);
  }

  function clockEl() {
    const c = view.clock;
    if (!c || !c.deadline_ms) return null;
    const left = c.deadline_ms - conn.serverNow();
    return h("div.timebar", { "data-testid": "clock" }, "Time: ", h("strong", { class: left < 5000 ? "low" : "" }, `${seconds(Math.max(0, left))} s`),
      c.time_bank_ms ? h("span", {}, " Time bank: ", h("strong", {}, `${seconds(c.time_bank_ms + Math.min(0, left))} s`)) : null);
  }

  function isDrafting(v, me) {
    return Boolean(me) && (v.phase || "betting") === "betting" && !(me.ante > 0);
  }

  /** U-PAY-4: the chip fraction dropped by rounding a 3:2 payout down (int or "n/d"). */
  function roundingNote(rounding) {
    let text = null;
    if (typeof rounding === "number" && rounding) text = money(rounding);
    if (typeof rounding === "string" && /^[1-9]\d*\/\d+$/.test(rounding)) text = `${rounding} of a chip`;
    if (!text) return null;
    return h("span.muted", { style: { fontSize: ".8rem", display: "block", fontWeight: 500 } },
      `(${text} dropped by rounding the 3:2 payout down)`);
  }

  function addChip(value, limits) {
    const key = stake.spot === "trips" ? "trips" : "ante";
    const max = key === "trips" ? limits.trips_max : limits.ante_max;
    if (max && stake[key] + value > max) { errorText = `The ${key === "trips" ? "Trips" : "Ante"} limit is ${money(max)}.`; render(); return; }
    errorText = "";
    stake[key] += value;
    render();
  }

  function placeBet() {
    errorText = "";
    lastStake = { ante: stake.ante, trips: stake.trips, spot: "ante" };
    conn.send({ type: "uth_bet", table: tableId, ante: stake.ante, trips: stake.trips });
  }

  function decide(decision, round) {
    errorText = "";
    conn.send({ type: "uth_decide", table: tableId, round, decision });
  }

  function renderSide(me) {
    const others = (view.seats || []).filter((s) => !s.is_you && s.name);
    replace(side,
      h("div.panel", {},
        h("h2", {}, "Round"),
        h("p", { style: { margin: 0 } }, view.phase === "settled" ? "The last round is settled" : view.round ? `Round #${view.round} · ${phaseWord(view.phase)}` : phaseWord(view.phase)),
        me && me.result && view.phase === "settled" ? resultTable(me.result) : null),
      others.length ? h("div.panel", {}, h("h2", {}, "Other players"),
        h("ul.log", {}, others.map((s) => h("li", {}, h("strong", {}, s.name), s.result ? ` ${signedMoney(s.result.net)}` : s.decision ? ` · ${DECISION_WORDS[s.decision] || s.decision}` : "")))) : null,
      me ? h("div.panel", {}, h("button.btn.btn-danger.btn-small", { type: "button", onclick: () => { conn.send({ type: "leave", table: tableId }); location.hash = "#/lobby"; } }, "Leave table")) : null);
  }

  function resultTable(r) {
    const row = (name, v) => h("tr", {}, h("td", {}, name), h("td.num", { class: v > 0 ? "amount-pos" : v < 0 ? "amount-neg" : "", dataset: { bet: name.toLowerCase() } }, v === undefined || v === null ? "-" : v === 0 ? "push" : signedMoney(v)));
    return h("table.grid", { "data-testid": "uth-results", style: { marginTop: ".5rem" } }, h("tbody", {},
      row("Ante", r.ante), row("Blind", r.blind), row("Trips", r.trips), row("Play", r.play),
      h("tr", {}, h("th", {}, "Net"), h("th.num", { class: r.net > 0 ? "amount-pos" : r.net < 0 ? "amount-neg" : "" }, signedMoney(r.net)))));
  }

  function phaseWord(phase) {
    return { betting: "Place your bets", preflop: "Pre-flop decision", flop: "Flop decision", river: "Turn and river decision", showdown: "Showdown", settled: "Settled" }[phase] || phase || "";
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
      errorText = `${m.reason || m.code}${m.rule ? ` (${m.rule})` : ""}`;
      if (view) render(); else showBanner(errorText, "warn", 5000);
    }),
    conn.on("notice", (m) => { if (m.table === tableId) showBanner(m.text, m.code === "round_settled" ? "ok" : "warn", 6000); }),
  ];
  const tick = setInterval(() => {
    const el = feltHolder.querySelector("[data-testid=clock]");
    if (view && view.clock && el) el.replaceWith(clockEl() || h("span"));
  }, 500);
  conn.observe(tableId);
  render();
  return () => { offs.forEach((off) => off()); clearInterval(tick); conn.unobserve(tableId); };
}
