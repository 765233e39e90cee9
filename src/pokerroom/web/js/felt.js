// Draws a poker table view (docs/PROTOCOL.md 2.3) on an oval felt: seats, cards, bets,
// button, board, pots, winners. Used live (table page) and in hand replays.
import { h } from "./dom.js";
import { cardEl, cardSlot, cardText } from "./cards.js";
import { chipStack } from "./chips.js";
import { money, postWords, handWords, gameText } from "./fmt.js";
import { t } from "./i18n.js";
import { clockState } from "./clock.js";

/** Position (percent of the felt box) of seat i when `bottom` is drawn at the bottom. */
function place(i, total, bottom, rx, ry) {
  const angle = Math.PI / 2 + ((i - bottom) * 2 * Math.PI) / total;
  return { left: 50 + rx * Math.cos(angle), top: 50 + ry * Math.sin(angle) };
}

/**
 * The seats of a table of seven to ten on a phone (a tall, narrow felt), clockwise from the
 * bottom: one at the bottom, a column up the left side, a row across the top, a column down
 * the right side. On the oval the seats near its top and bottom stood closer than a seat's
 * width and height, and their boxes lay on each other; here each column's seats are a seat's
 * height apart and the rows' a seat's width. Percent of the felt box, as `place`.
 */
function narrowSlots(total) {
  const side = total >= 8 ? 3 : 2;
  const top = total - 1 - 2 * side;
  const ys = Array.from({ length: side }, (_, i) => 71 - (i * 44) / Math.max(1, side - 1));
  const xs = Array.from({ length: top }, (_, i) => (top === 1 ? 50 : 24 + (i * 52) / (top - 1)));
  return [{ left: 50, top: 91 }, ...ys.map((y) => ({ left: 13, top: y })), ...xs.map((x) => ({ left: x, top: 7 })),
    ...ys.slice().reverse().map((y) => ({ left: 87, top: y }))];
}

/** `fraction` of the way from `pos` to the felt's middle. */
function inward(pos, fraction) {
  return { left: pos.left + (50 - pos.left) * fraction, top: pos.top + (50 - pos.top) * fraction };
}

/**
 * @param view       the table view
 * @param opts.result a hand_result message to show (winners, shown cards)
 * @param opts.now    server time (ms) for the clock
 * @param opts.onEmptySeat function(seat) when a viewer clicks "Sit here"
 */
export function renderFelt(view, opts = {}) {
  // Motion: what was not in the last picture (`opts.seen`, kept by the page) comes in with a
  // short animation: a card dealt, chips bet, a pot pushed to its winner. Each render draws
  // the felt anew, so only the new things may move. CSS stops all of it for players who ask
  // for less motion (prefers-reduced-motion).
  const before = opts.seen;
  const now = new Set();
  const fresh = (key) => { now.add(key); return Boolean(before) && !before.has(key); };
  const handKey = view.hand ?? "none";
  const seats = view.seats || [];
  const total = view.seats_total || seats.length || 6;
  const you = seats.find((s) => s.is_you);
  const bottom = you ? you.seat : 0;
  const result = opts.result;
  const winners = new Map();
  if (result) for (const w of result.winners || []) winners.set(w.seat, (winners.get(w.seat) || 0) + w.amount);
  const shown = (result && result.shown) || {};
  // The cards that made each winning hand, marked on the board and in the seats.
  const winning = new Set();
  if (result) for (const w of result.winners || []) for (const c of w.best || []) winning.add(cardText(c));
  const descriptions = new Map();
  if (result) for (const w of result.winners || []) if (w.hand || w.description) descriptions.set(w.seat, handWords(w.hand || w.description));

  const wrap = h("div.felt-wrap", { "data-testid": "felt" },
    h("div.felt", {}, h("div.felt-logo", {}, "POKERROOM")));

  const narrow = typeof window !== "undefined" && window.innerWidth < 600;
  const rx = narrow ? 37 : (total > 6 ? 43 : 45);
  const slots = narrow && total > 6 && total <= 10 ? narrowSlots(total) : null;
  const slotOf = (seat) => slots[(((seat - bottom) % total) + total) % total];
  for (const s of seats) {
    const pos = slots ? slotOf(s.seat) : place(s.seat, total, bottom, rx, 44);
    wrap.appendChild(seatEl(s, view, pos, { winners, shown, descriptions, now: opts.now, onEmptySeat: opts.onEmptySeat, canSit: opts.canSit, lastActions: opts.lastActions, mucked: opts.mucked, ownHand: opts.ownHand, winning, fresh, handKey, players: opts.players, onNote: opts.onNote, drawSelect: opts.drawSelect }));
    if (s.bet) {
      const bp = slots ? inward(slotOf(s.seat), 0.42) : place(s.seat, total, bottom, 29, 24);
      wrap.appendChild(h("div.bet", { style: { left: `${bp.left}%`, top: `${bp.top}%` }, dataset: { betSeat: s.seat, x: bp.left, y: bp.top },
        class: fresh(`bet:${handKey}:${s.seat}:${s.bet}`) ? "chip-move" : "" }, chipStack(s.bet)));
    }
    if (view.button === s.seat) {
      const dp = slots ? inward(slotOf(s.seat), 0.45) : place(s.seat + 0.38, total, bottom, 34, 30);
      wrap.appendChild(h("div.dealer-button", { style: { left: `${dp.left}%`, top: `${dp.top}%` }, title: t("felt.dealer"), "aria-label": t("felt.dealer") }, t("felt.dealer_letter")));
    }
  }

  const board = h("div.board", { "data-testid": "board", "aria-label": t("felt.board") });
  const boardCards = view.board || [];
  // The card layout comes from the game's Variant (PROTOCOL: `variant`); older views lack it.
  const layout = view.variant ? view.variant.layout : (["stud", "stud-hilo", "razz"].includes(view.game) ? "stud" : "board");
  const boardSize = view.variant ? view.variant.board_cards : 5;
  if (layout !== "stud") {
    for (let i = 0; i < boardSize; i++) {
      if (i >= boardCards.length) { board.appendChild(cardSlot()); continue; }
      const el = cardEl(boardCards[i], { highlight: winning.has(cardText(boardCards[i])) });
      if (fresh(`board:${handKey}:${i}:${cardText(boardCards[i])}`)) el.classList.add("card-enter");
      board.appendChild(el);
    }
  }
  const pots = h("div.pots", { "data-testid": "pots" });
  const potList = (view.pots || []).filter((p) => p.amount > 0);
  // Main pot then side pots (PROTOCOL 2.3 `pots`), each with the seats that can still win it.
  const seatName = (seat) => {
    const s = (view.seats || []).find((x) => x.seat === seat);
    return (s && s.name) || t("felt.seat_n", { n: seat + 1 });
  };
  potList.forEach((p, i) => {
    const label = potList.length > 1 ? (i === 0 ? t("felt.main_pot") : t("felt.side_pot", { n: i })) : t("felt.pot");
    const who = (p.eligible || []).map(seatName);
    const title = who.length ? t("felt.pot_for", { label, amount: p.amount, who: who.join(", ") }) : `${label}: ${money(p.amount)}`;
    pots.appendChild(h("div.pot", { dataset: { pot: i }, title, "aria-label": title },
      h("span.pot-label", {}, label),
      chipStack(p.amount)));
  });
  const info = view.hand ? `${t("felt.hand_no", { n: view.hand_id ?? view.hand })}${view.street ? ` · ${streetWord(view.street)}` : ""}` : t("table.waiting_next");
  let banner = null;
  if (result && result.winners && result.winners.length) {
    banner = h("div.result-banner", { role: "status", "data-testid": "result" },
      result.winners.map((w) => h("div", {}, (w.hand || w.description)
        ? t("felt.wins_with", { name: w.name || t("felt.seat_n", { n: w.seat + 1 }), amount: w.amount, hand: handWords(w.hand || w.description) })
        : t("felt.wins", { name: w.name || t("felt.seat_n", { n: w.seat + 1 }), amount: w.amount }))));
  }
  wrap.appendChild(h("div.center", {}, board, pots, banner, h("div.hand-info", {}, info)));
  if (before) { before.clear(); for (const k of now) before.add(k); }
  // Bets are placed once the felt has its size (and again when it changes): a ResizeObserver
  // runs after layout and before paint, so a bet never shows under a seat first.
  if (typeof ResizeObserver !== "undefined") new ResizeObserver(() => settleBets(wrap)).observe(wrap);
  return wrap;
}

function overlap(a, b) {
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const hgt = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return w > 0 && hgt > 0 ? w * hgt : 0;
}

/**
 * Place each bet near the spot in front of its seat where it clears every seat (name box and
 * cards). On a small felt (a phone, nine or ten seats) the fixed spot of a wide screen lies
 * partly under a seat box, so the places are measured, not guessed per screen size: among
 * spots on the felt, the one that covers no seat, then no other bet or the dealer button,
 * then as little of the board and pots as can be, nearest to the spot in front of the seat.
 */
export function settleBets(wrap) {
  if (!wrap.isConnected || !wrap.clientWidth) return;
  // Every size is read first and every place written last: one layout, no matter how many bets.
  const box = wrap.getBoundingClientRect();
  const rects = (sel) => [...wrap.querySelectorAll(sel)].map((el) => el.getBoundingClientRect()).filter((r) => r.width && r.height);
  const seats = rects(".seat .seat-box, .seat .seat-cards");
  const others = rects(".dealer-button");
  const middle = rects(".center .board, .center .pots");
  const felt = wrap.querySelector(".felt");
  const oval = felt ? felt.getBoundingClientRect() : box;
  const bets = [...wrap.querySelectorAll(".bet")].map((bet) => ({
    bet, x0: Number(bet.dataset.x), y0: Number(bet.dataset.y),
    // layout sizes: a chip animation's scale does not count
    w: bet.offsetWidth, h: bet.offsetHeight,
  })).filter((b) => Number.isFinite(b.x0) && Number.isFinite(b.y0));
  const cx = oval.left + oval.width / 2;
  const cy = oval.top + oval.height / 2;
  const cover = (l, t, r, b, list) => {
    let sum = 0;
    for (const o of list) {
      const w = Math.min(r, o.right) - Math.max(l, o.left);
      if (w <= 0) continue;
      const hh = Math.min(b, o.bottom) - Math.max(t, o.top);
      if (hh > 0) sum += w * hh;
    }
    return sum;
  };
  const places = [];
  for (const b of bets) {
    const ix = box.left + (box.width * b.x0) / 100;
    const iy = box.top + (box.height * b.y0) / 100;
    let best = null;
    for (let gx = 2; gx <= 98; gx += 2) {
      const x = box.left + (box.width * gx) / 100;
      const ex = (Math.abs(x - cx) + b.w / 2) / (oval.width / 2);
      if (ex >= 1) continue;
      for (let gy = 2; gy <= 98; gy += 2) {
        const y = box.top + (box.height * gy) / 100;
        // On the felt's oval, the whole stack inside it.
        const ey = (Math.abs(y - cy) + b.h / 2) / (oval.height / 2);
        if (ex * ex + ey * ey > 1) continue;
        const l = x - b.w / 2;
        const r = x + b.w / 2;
        const t = y - b.h / 2;
        const bt = y + b.h / 2;
        const dist = Math.abs(x - ix) + Math.abs(y - iy);
        if (best && dist >= best.cost) continue;  // every other term only adds
        const cost = cover(l, t, r, bt, seats) * 1e4 + cover(l, t, r, bt, others) * 50 + cover(l, t, r, bt, middle) * 2 + dist;
        if (!best || cost < best.cost) best = { cost, gx, gy, r: { left: l, right: r, top: t, bottom: bt } };
      }
    }
    if (!best) continue;
    places.push([b.bet, best]);
    others.push(best.r);
  }
  for (const [bet, best] of places) {
    bet.style.left = `${best.gx}%`;
    bet.style.top = `${best.gy}%`;
  }
  wrap.dataset.settled = "1";  // what a frame paints (the browser tests measure only these)
}

function seatEl(s, view, pos, ctx) {
  const style = { left: `${pos.left}%`, top: `${pos.top}%` };
  if (s.status === "empty") {
    return h("div.seat.seat-empty", { style, dataset: { seat: s.seat } },
      h("div.seat-box", {},
        ctx.canSit && ctx.onEmptySeat
          ? h("button.btn.btn-ghost.btn-small", { type: "button", onclick: () => ctx.onEmptySeat(s.seat) }, t("felt.sit_here"))
          : h("span.seat-status", {}, t("felt.empty_seat"))));
  }
  const won = ctx.winners.get(s.seat);
  let cards = s.cards || [];
  const shownCards = ctx.shown[s.seat] || ctx.shown[String(s.seat)];
  if (shownCards && shownCards.length) cards = shownCards;
  // A mucked hand turns face down, except stud up cards: the table saw those all along.
  else if (ctx.mucked && ctx.mucked.has(s.seat)) cards = cards.map((c, i) => (Array.isArray(s.up) && s.up[i] ? c : null));
  const classes = [
    view.to_act === s.seat ? "to-act" : "", s.status === "folded" ? "folded" : "",
    s.status === "sitting_out" ? "sitting-out" : "", s.is_you ? "is-you" : "", won ? "winner" : "",
  ].filter(Boolean).join(" ");
  const cardsEl = h("div.seat-cards", { class: cards.length > 2 ? "many" : "", dataset: { testid: s.is_you ? "my-cards" : "seat-cards" } },
    (s.status === "folded" && !shownCards) ? [] : cards.map((c, i) => {
      const el = cardEl(c, { size: s.is_you ? "own" : "sm", highlight: Boolean(shownCards) && ctx.winning.has(cardText(c)) });
      // Stud: the player's own down cards look a little darker than the up cards.
      if (s.is_you && Array.isArray(s.up) && s.up.length === cards.length && s.up.some(Boolean) && !s.up[i]) el.classList.add("own-down");
      if (ctx.fresh && ctx.fresh(`seat:${ctx.handKey}:${s.seat}:${i}:${cardText(c)}`)) el.classList.add("card-enter");
      if (s.is_you && ctx.drawSelect && c) {
        // Draw games (R-DRAW-2): the own cards are buttons that mark a card to exchange.
        const on = ctx.drawSelect.marked.has(c);
        el.setAttribute("role", "button");
        el.setAttribute("tabindex", "0");
        el.setAttribute("aria-pressed", on ? "true" : "false");
        el.classList.add("card-pick");
        if (on) el.classList.add("card-marked");
        el.addEventListener("click", () => ctx.drawSelect.onToggle(c));
        el.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); ctx.drawSelect.onToggle(c); } });
      }
      return el;
    }));
  let status = ["folded", "all_in", "sitting_out", "waiting"].includes(s.status) ? t(`status.${s.status}`) : "";
  if (ctx.descriptions.get(s.seat)) status = ctx.descriptions.get(s.seat);
  if (!status && ctx.lastActions && ctx.lastActions.get(s.seat)) status = ctx.lastActions.get(s.seat);
  if (s.posts_due && s.posts_due !== "none" && !status) status = t("status.owes_blinds");
  const info = !s.is_you && s.name && ctx.players ? ctx.players.get(s.name) : null;
  return h("div.seat", { style, class: classes, dataset: { seat: s.seat, name: s.name || "" } },
    won ? h("div.seat-win", { "data-testid": "winner", class: ctx.fresh && ctx.fresh(`win:${ctx.handKey}:${s.seat}:${won}`) ? "chip-push" : "" }, `+${money(won)}`) : null,
    cardsEl,
    h("div.seat-box", {},
      h("div.seat-name", { title: s.name }, s.name || t("felt.seat_n", { n: s.seat + 1 }),
        s.bot && s.name ? h("span.bot-badge", { "data-testid": "bot-badge", title: t("felt.bot_title") }, t("felt.bot")) : null,
        !s.is_you && s.name && ctx.onNote ? h("button.note-btn", {
          type: "button", class: info && info.note ? "has-note" : "", "data-testid": "note-button",
          "aria-label": t("notes.edit", { name: s.name }), title: (info && info.note) || t("notes.edit", { name: s.name }),
          onclick: (ev) => { ev.stopPropagation(); ctx.onNote(s.name); },
        }, "\u270E") : null),
      info && info.note ? h("div.seat-note", { title: info.note, "data-testid": "seat-note" }, info.note) : null,
      info && info.hands ? h("div.seat-stats", { "data-testid": "seat-stats", title: t("stats.title", { count: info.hands, vpip: info.vpip, pfr: info.pfr }) },
        t("stats.line", { hands: info.hands, vpip: info.vpip, pfr: info.pfr })) : null,
      h("div.seat-stack", { "data-testid": s.is_you ? "my-stack" : "stack" }, money(s.stack)),
      h("div.seat-status", {}, status),
      s.is_you && ctx.ownHand && !won ? h("div.seat-hand", { "data-testid": "my-hand" }, ctx.ownHand) : null,
      clockBar(view, s.seat, ctx.now)));
}

function clockBar(view, seat, now) {
  const c = view.clock;
  if (!c || c.seat !== seat || !now) return null;
  const st = clockState(c, now);
  if (!st) return null;
  return h("div.clock", { class: st.usingBank ? "bank" : "" }, h("div", { style: { width: `${100 * st.fraction}%` } }));
}

export function streetWord(street) {
  const s = String(street || "").toLowerCase();
  const key = `street.${s}`;
  return t(key) === key ? street : t(key);
}

/** One line of the hand log for a (filtered) event, in the player's language. `names`
 * maps seats to names; an event that carries its own `name` (a player who left) uses it. */
export function eventText(ev, names) {
  const who = (seat) => (seat === undefined || seat === null ? "" : names.get(seat) || t("felt.seat_n", { n: seat + 1 }));
  const actor = () => ev.name || (ev.seat !== undefined ? who(ev.seat) : t("log.a_player"));
  const cards = (cs) => (cs || []).map(cardText).join(" ");
  const allIn = ev.all_in ? t("log.and_all_in") : "";
  const line = (key, params = {}, cls) => ({ text: t(key, { name: actor(), amount: ev.amount, all_in: allIn, ...params }), cls });
  switch (ev.type) {
    case "HandStarted": return line("log.hand_started", {}, "log-street");
    case "HandDealt": return line("log.hand_dealt", { n: ev.hand_number }, "log-street");
    case "BlindPosted": return line("log.posts", { what: postWords(ev.kind) });
    case "AntePosted": return line("log.posts", { what: postWords("ANTE") });
    case "BringInPosted": return line("log.brings_in");
    case "HoleCardsDealt": return ev.cards && ev.cards.some(Boolean) ? line("log.dealt_to", { cards: cards(ev.cards) }) : line("log.cards_dealt");
    case "UpCardDealt": return line("log.up_card", { card: cardText(ev.card) });
    case "Folded": return line("log.folds");
    case "Checked": return line("log.checks");
    case "Called": return line("log.calls");
    case "BetPlaced": return line("log.bets");
    case "RaisedTo": return line("log.raises");
    case "Completed": return line("log.completes");
    case "BoardDealt": return { text: `${streetWord(ev.street)}: ${cards(ev.cards)}`, cls: "log-street" };
    case "StreetStarted": return ev.street && String(ev.street).endsWith("DRAW") ? { text: streetWord(ev.street), cls: "log-street" } : null;
    case "CardsDrawn":
      // R-DRAW-5: the cards only in the drawing player's own log; others see how many.
      if (ev.discarded && ev.discarded.length && ev.discarded.some(Boolean)) return line("log.you_draw", { discarded: cards(ev.discarded), drawn: cards(ev.drawn) });
      return ev.count ? line("log.draws", { count: ev.count }) : line("log.stands_pat");
    case "StubReshuffled": return line("log.reshuffled");
    case "BetsCollected": return null;
    case "BetReturned": return line("log.returned");
    case "HandShown":
    case "CardsShown": {
      const words = ev.hand ? handWords(ev.hand) : ev.description || "";
      return line(words ? "log.shows_with" : "log.shows", { cards: cards(ev.cards), hand: words });
    }
    case "CardsMucked": return line("log.mucks");
    case "RakeTaken": return line("log.rake");
    case "PotAwarded": {
      const ws = (ev.winners || []).map((w) => (Array.isArray(w) ? { seat: w[0], amount: w[1] } : w));
      const pot = ev.pot ? t("log.side_pot", { n: ev.pot }) : t("log.the_pot");
      return { text: ws.map((w) => t("log.wins_from", { name: who(w.seat), amount: w.amount, pot })).join(", "), cls: "log-win" };
    }
    case "HandEnded": return line("log.hand_over", {}, "log-street");
    case "HandSettled": return null;
    case "PlayerSat": return line(ev.stack ? "log.sits_with" : "log.sits", { amount: ev.stack });
    case "PlayerStoodUp":
    case "PlayerLeft": return line("log.leaves");
    case "SatOut":
    case "PlayerSatOut": return line("log.sits_out");
    case "SatIn":
    case "PlayerSatIn": return line("log.is_back");
    case "BlindMissed": return line("log.missed", { what: postWords(ev.blind || "big_blind") });
    case "ToppedUp": return line("log.adds");
    case "HandVoided": return line("log.voided", {}, "log-win");
    case "TimedOut": return line("log.timed_out");
    case "GameChanged": return line("log.game_changed", { game: gameText(ev.game, ev.betting) }, "log-street");
    default: {
      const fields = Object.entries(ev).filter(([k]) => !["type", "version"].includes(k))
        .map(([k, v]) => `${k}=${Array.isArray(v) ? v.map((x) => x ?? "??").join(" ") : typeof v === "object" && v ? JSON.stringify(v) : v}`);
      return { text: `${ev.type}${fields.length ? ` (${fields.join(", ")})` : ""}` };
    }
  }
}

export function seatNames(view) {
  return new Map((view.seats || []).filter((s) => s.name).map((s) => [s.seat, s.name]));
}

const SUIT_SYMBOLS = { c: "\u2663", d: "\u2666", h: "\u2665", s: "\u2660" };

/** A log line with its card codes ("Ks Th") drawn as rank + coloured suit symbol. */
export function richLine(text) {
  const parts = [];
  let last = 0;
  const re = /\b([2-9TJQKA])([cdhs])\b/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m.index > last) parts.push(text.slice(last, m.index));
    parts.push(h(`span.log-card.suit-${m[2]}`, { title: m[0] }, `${m[1] === "T" ? "10" : m[1]}${SUIT_SYMBOLS[m[2]]}`));
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
