// The tournament table drawn as a cash table is: the felt of felt.js (cards, bets, pots,
// button, seat boxes, the clock on the seat to act, the winners of the hand just over) and
// the action bar of action_bar.js (buttons, slider, amount box, shortcuts, F/C/R keys, the
// clock line with the time bank). The tournament picture (docs/PROTOCOL.md 2.6) is turned
// into the shape of a cash table's view (2.3); nothing here decides a rule. Amounts are
// tournament chips: everything here is drawn and handled in fmt.withChips (the page's
// prizes and deal stay money).
import { h, replace, clear } from "../dom.js";
import { conn } from "../socket.js";
import { renderFelt } from "../felt.js";
import { decisionButtons, clockLine, actionKey } from "../action_bar.js";
import { withChips, moneyInput, handWords } from "../fmt.js";
import { errorText as wordError, ruleLink } from "../ui.js";
import { t } from "../i18n.js";
import { play } from "../sound.js";

/** A cash table's view (PROTOCOL 2.3) of the player's tournament table `table`; `names`:
 * entry -> screen name (a player out since the hand still shows in it). */
export function feltView(table, names) {
  const hand = table.hand;
  const over = Boolean(hand && hand.is_over);
  const bySeat = new Map((hand ? hand.seats : []).map((sv) => [sv.seat, sv]));
  const seats = table.seats.map((p, i) => {
    const sv = bySeat.get(i);
    if (!p && !sv) return { seat: i, status: "empty" };
    // R-TOURN-5: an away player is dealt in and played for; the felt says so first.
    const away = Boolean(p && p.away);
    const folded = Boolean(sv && sv.folded);
    const status = away ? "sitting_out" : folded ? "folded" : sv && sv.all_in ? "all_in" : "active";
    return {
      seat: i, name: p ? (p.name || p.entry) : (names.get(sv.name) || sv.name),
      stack: sv ? sv.stack : p.chips, bet: sv && !over ? sv.bet : 0,
      contributed: sv ? sv.contributed : 0, status,
      cards: sv && !(folded && away) ? sv.cards : [], up: sv ? sv.up : [],
      is_you: i === table.seat, bot: Boolean(p && p.bot),  // the cash seat's "Bot" badge
    };
  });
  return {
    hand: hand ? table.hand_number : null,
    street: hand && !over ? hand.street : null,
    board: hand ? hand.board : [],
    pots: hand && !over ? hand.pots : [],
    button: hand ? hand.button : table.button,
    to_act: hand && !over ? hand.to_act : null,
    game: hand ? hand.config.game : undefined,
    seats, seats_total: table.seats.length,
    clock: table.clock || null,
    legal: table.legal,
  };
}

/** The felt and the action bar of tournament `id`, drawn into `feltHolder` and `bar`. */
export function tournamentTable(id, feltHolder, bar) {
  let table = null;
  let onFelt = null;  // the table drawn: `table`, the hand just over at the one left, or `watched`
  let watched = null;  // not seated: the table this page watches (its last tournament_table view)
  let last = null;  // the last tournament picture
  let view = null;
  let names = new Map();
  let amount = null;
  let amountKey = null;
  let sentKey = null;
  let error = null;
  let wasYourTurn = false;
  let bankSounded = null;
  const seen = new Set();
  const timeHolder = h("div", { "data-testid": "clock-holder" });
  const clockEl = h("div.timebar", { "data-testid": "clock" });
  bar.classList.add("action-bar");

  const render = (picture) => withChips(() => renderNow(picture));
  function renderNow(picture) {
    last = picture;
    table = picture.table;
    names = new Map((picture.summary.players || []).map((p) => [p.entry, p.name || p.entry]));
    if (!table && watched && ["running", "on_break", "hand_for_hand"].includes(picture.summary.status)) {
      // Not seated: the felt of the table watched (tournament_side.js chooses it), no bar.
      onFelt = watched;
      view = feltView(watched, names);
      drawFelt();
      renderBar();
      return;
    }
    if (!table) {
      view = null;
      replace(feltHolder, h("p.muted", {}, picture.summary.status === "registering"
        ? t("tourn.waiting") : t("tourn.not_seated")));
      clear(bar);
      return;
    }
    // Moved to another table since the last hand (R-TOURN-8, R-TOURN-9): that hand stays on
    // the felt with its result, as at a cash table between hands, until the next deal here.
    const prev = !table.hand && table.previous;
    onFelt = prev ? { ...prev, button: prev.hand.button, legal: null, clock: null, own_hand: null } : table;
    view = feltView(onFelt, names);
    drawFelt();
    renderBar();
  }

  function mucked() {
    const r = onFelt.hand && onFelt.hand.is_over ? onFelt.hand.result : null;
    return new Set(((r && r.mucked) || []).filter((s) => s !== onFelt.seat));
  }

  /** Each seat's latest action on this street ("Call 40"), from the picture, in the words
   * the cash felt uses; drawn in tournament chips (called inside withChips). */
  function lastActions(tbl) {
    return new Map((tbl.last_actions || []).map((a) => [a.seat, t(`last.${a.action}`, { amount: a.amount })]));
  }

  const drawFelt = () => withChips(drawFeltNow);
  function drawFeltNow() {
    if (!view) return;
    const over = Boolean(onFelt.hand && onFelt.hand.is_over);
    const moved = Boolean(table) && onFelt !== table;
    replace(feltHolder,
      h("div.t-table-line", {}, t("tourn.table_hand", { table: onFelt.number, hand: onFelt.hand_number }),
        table ? null : h("span.muted", { "data-testid": "t-watching" }, ` (${t("tourn.watching")})`),
        // (the final table drawn may seat a player of table 1 at table 1 again: a new seat)
        moved ? h("span.t-moved", { "data-testid": "moved-to" }, ` \u2192 ${onFelt.number === table.number
          ? t("tourn.new_seat", { table: table.number }) : t("tourn.moved_to", { table: table.number })}`) : null),
      renderFelt(view, {
        seen, result: over ? onFelt.result || null : null, mucked: mucked(), now: conn.serverNow(),
        // The viewer's hand in words under their cards, as at a cash table (the server's
        // parts of the viewer's own cards, worded in the page's language).
        ownHand: onFelt.own_hand ? handWords(onFelt.own_hand) : "",
        lastActions: lastActions(onFelt),
      }));
  }

  function send(action, amt) {
    const legal = table && table.legal;
    if (!legal) return;
    const key = `${table.number}:${legal.hand}:${legal.action_no}`;
    if (sentKey === key) return;
    sentKey = key;
    error = null;
    conn.send({ type: "tournament_act", tournament: id, hand: legal.hand, action, amount: amt ?? null });
    renderBar();  // answered: the buttons go until the server asks again (or refuses)
  }

  const renderBar = () => withChips(renderBarNow);
  function renderBarNow() {
    const offered = view ? view.legal : null;
    const answered = offered && sentKey === `${table.number}:${offered.hand}:${offered.action_no}`;
    const legal = answered ? null : offered;
    const parts = [];
    if (error) parts.push(h("div.error", { role: "alert", "data-testid": "action-error" }, error.text, error.rule ? [" ", ruleLink(error.rule)] : null));
    const yourTurn = Boolean(legal) && !legal.after_hand;
    if (yourTurn && !wasYourTurn) play("turn");
    wasYourTurn = yourTurn;
    if (!legal) {
      let text = t("table.waiting_next");
      if (view && view.to_act !== null && view.to_act !== undefined) {
        const s = view.seats.find((x) => x.seat === view.to_act);
        text = s && s.is_you ? "" : t("table.waiting_for", { name: s ? s.name : t("table.a_player") });
      }
      if (text) parts.push(h("div.waiting-msg", {}, text));
      parts.push(timeHolder);
      replace(bar, parts);
      showClock();
      return;
    }
    const key = `${table.number}:${legal.hand}:${legal.action_no}`;
    const sizing = legal.raise || legal.bet || legal.complete || null;
    if (amountKey !== key) {
      amountKey = key;
      amount = sizing ? sizing.min : null;
    }
    const mine = view.seats.find((s) => s.is_you);
    const { buttons, sizing: sizingRow } = decisionButtons(legal, {
      amount, send,
      setAmount: (v) => { amount = v; },
      pick: (v) => { amount = v; renderBar(); },
      typeError: () => { error = { text: t("amount.type_like", { a: moneyInput(1000), b: moneyInput(1050) }) }; renderBar(); },
      stack: mine ? mine.stack : undefined, bet: mine ? mine.bet : 0, wrap: withChips,
    });
    parts.push(h("div.action-buttons", {}, buttons));
    if (sizingRow) parts.push(sizingRow);
    parts.push(timeHolder);
    replace(bar, parts);
    showClock();
  }

  // One clock element, its text updated in place (as on the cash table).
  const showClock = () => withChips(showClockNow);
  function showClockNow() {
    const line = view ? clockLine(view.clock, view.seats, conn.serverNow()) : null;
    if (!line) { clear(timeHolder); return; }
    const c = view.clock;
    const mine = view.seats.find((s) => s.is_you);
    if (line.state.usingBank && mine && c.seat === mine.seat && bankSounded !== c.deadline_ms) {
      bankSounded = c.deadline_ms;
      play("bank");
    }
    replace(clockEl, ...line.parts);
    if (clockEl.parentNode !== timeHolder) replace(timeHolder, clockEl);
  }

  const offError = conn.on("error", (m) => {
    if (!sentKey || (m.tournament && m.tournament !== id)) return;
    sentKey = null;  // a refused action may be tried again
    error = wordError(m);
    if (view) renderBar();
  });
  function onKey(ev) {
    if (!view || !view.legal || view.legal.after_hand) return;
    actionKey(ev, bar);
  }
  document.addEventListener("keydown", onKey);
  const tick = setInterval(() => {
    if (!view || !view.clock) return;
    drawFelt();
    showClock();
  }, 500);
  const onResize = () => drawFelt();
  window.addEventListener("resize", onResize);

  function stop() {
    offError();
    clearInterval(tick);
    document.removeEventListener("keydown", onKey);
    window.removeEventListener("resize", onResize);
  }
  /** A `tournament_table` message: the table this page watches, drawn while not seated. */
  function watch(msg) {
    watched = msg.view;
    if (last && !last.table) render(last);
  }
  return { render, watch, stop };
}
