// The live poker table: renders the server's view, offers only the actions in `legal`.
import { h, replace, clear } from "../dom.js";
import { conn } from "../socket.js";
import { session } from "../session.js";
import { money, moneyInput, parseMoney, setDecimals, stakesText, gameText, mixNowText, mixNextText, mixRotationText, seconds, handWords } from "../fmt.js";
import { renderFelt, eventText, seatNames, richLine } from "../felt.js";
import { openBuyIn } from "./lobby.js";
import { showBanner, hideBanner, dialog, errorText as wordError, noticeText, ruleLink } from "../ui.js";
import { t } from "../i18n.js";
import { decisionButtons, clockLine, actionKey } from "../action_bar.js";
import { play } from "../sound.js";
import { chatItems } from "../chat_lines.js";

/**
 * The table page, or one tile of the multi-table page (`opts.tile`: no side panels, no
 * keyboard shortcuts, `opts.onTurn(true|false)` when this player's turn comes and goes).
 */
const ALLIN_KEY = "pokerroom.allin_confirm";
/** The all-in confirm option of this browser: { on, bb } (ask above `bb` big blinds). */
function allInOption() {
  try {
    const v = JSON.parse(localStorage.getItem(ALLIN_KEY) || "null");
    if (v && typeof v.on === "boolean" && Number.isFinite(v.bb)) return v;
  } catch { /* a bad value: the default */ }
  return { on: false, bb: 0 };
}
function setAllInOption(v) {
  try { localStorage.setItem(ALLIN_KEY, JSON.stringify(v)); } catch { /* private mode */ }
}

export function mountTable(main, tableId, opts = {}) {
  let view = null;
  let lastHandView = null;     // the last view that had a hand in play (kept for showdown)
  let result = null;           // the latest hand_result
  let chat = [];
  let amount = null;           // the chosen bet/raise total (chip unit)
  let amountKey = null;        // which decision `amount` belongs to
  let marked = new Set();      // draw games: the own cards marked to exchange (R-DRAW-2)
  let markedKey = null;        // which draw decision `marked` belongs to
  let errorText = "";
  let errorRule = null;
  let errorTimer = null;
  const notices = [];
  const handBanners = [];      // banners of notices about the hand in play (cleared with it)
  const timeHolder = h("div", { "data-testid": "clock-holder" });

  const title = h("h1", {}, t("table.title"));
  const subtitle = h("span.muted");
  const mixNext = h("span.muted.mix-next", { hidden: true });  // a mixed table: the next game and when
  const feltHolder = h("div", { "data-testid": "table" });
  const actionBar = h("div.action-bar", { "data-testid": "action-bar", "aria-label": t("table.your_actions") });
  const controls = h("div.panel.controls", { "aria-label": t("table.seat_controls") });
  const logList = h("ol.log", { "data-testid": "log", "aria-label": t("table.hand_log") });
  const chatList = h("ol.log", { "data-testid": "chat", style: { maxHeight: "120px" } });
  const chatInput = h("input", { type: "text", maxlength: 200, placeholder: t("chat.placeholder"), "aria-label": t("chat.message") });
  const chatForm = h("form.row", {
    onsubmit: (ev) => {
      ev.preventDefault();
      const text = chatInput.value.trim();
      if (text) conn.send({ type: "chat", table: tableId, text });
      chatInput.value = "";
    },
  }, chatInput, h("button.btn.btn-small", { type: "submit" }, t("chat.send")));

  const headLinks = opts.tile
    ? [h("a.btn.btn-ghost.btn-small", { href: `#/table/${encodeURIComponent(tableId)}`, style: { marginLeft: "auto" } }, t("tiles.open_full")),
      h("button.btn.btn-ghost.btn-small", { type: "button", onclick: () => opts.onClose && opts.onClose(), "aria-label": t("tiles.close", { name: tableId }) }, "\u00d7")]
    : [h("a.btn.btn-ghost.btn-small", { href: `#/tiles/${encodeURIComponent(tableId)}`, style: { marginLeft: "auto" } }, t("tiles.open")),
      h("a.btn.btn-ghost.btn-small", { href: "#/lobby" }, t("table.back_to_lobby"))];
  main.appendChild(h("section.table-page", { class: opts.tile ? "tile-page" : "" },
    h("div.table-head", {}, title, subtitle, mixNext, headLinks),
    h("div", {}, feltHolder),
    h("aside.side", {},
      controls,
      h("div.panel", {}, h("h2", {}, t("table.this_hand")), logList),
      h("div.panel", {}, h("h2", {}, t("chat.title")), chatList, chatForm)),
    actionBar));

  const me = () => (view && view.seats ? view.seats.find((s) => s.is_you) : null);

  function render() {
    if (!view) {
      replace(feltHolder, h("p.muted", {}, t("table.connecting")));
      return;
    }
    setDecimals(view.decimals);
    title.textContent = view.name || tableId;
    const gameWords = view.mix ? mixNowText(view.mix, view.game, view.betting, view.variant) : gameText(view.game, view.betting, view.variant);
    subtitle.textContent = `${gameWords} · ${stakesText(view.stakes, view.betting)}`;
    mixNext.hidden = !view.mix;
    mixNext.textContent = view.mix ? mixNextText(view.mix) : "";
    mixNext.title = view.mix ? mixRotationText(view.mix) : "";  // the whole rotation, in order
    const showResult = result && (!view.hand || view.hand === result.hand);
    let shownView = view;
    const bare = !(view.board && view.board.length) && !(view.seats || []).some((x) => x.cards && x.cards.length);
    if (showResult && !view.hand && bare && lastHandView && lastHandView.hand === result.hand) {
      // Between hands: keep the finished hand's board and cards on the felt, today's stacks.
      shownView = { ...lastHandView, seats: mergeSeats(lastHandView.seats, view.seats), pots: [], to_act: null, clock: null, legal: null, hand: lastHandView.hand };
    }
    drawFelt(shownView, showResult);
    renderActions();
    renderControls();
    renderLog();
  }

  let feltArgs = null;
  const feltSeen = new Set();   // what the last picture of the felt showed (for motion)
  function drawFelt(shownView, showResult) {
    feltArgs = [shownView, showResult];
    replace(feltHolder, renderFelt(shownView, {
      seen: feltSeen,
      result: showResult ? result : null,
      lastActions: lastActions(),
      mucked: muckedSeats(),
      now: conn.serverNow(),
      canSit: !me() && Boolean(session.account),
      ownHand: view.you && view.you.hand ? handWords(view.you.hand) : "",
      drawSelect: drawLegal() ? { marked, onToggle: toggleMark } : null,
      onEmptySeat: (seat) => sitAt(seat),
      players,
      onNote: session.account && !opts.tile ? editNote : null,
    }));
  }

  /** Seats that mucked at showdown: their cards stay face down on the felt (R-SD-2: they
   * are for the hand history of the players dealt in, not for the table). */
  function muckedSeats() {
    const mine = me();
    return new Set(handLog.filter((e) => e.type === "CardsMucked" && (!mine || e.seat !== mine.seat)).map((e) => e.seat));
  }

  /** Each seat's latest action on this street, from the log ("Call 2.00"), for the felt. */
  function lastActions() {
    const out = new Map();
    for (const ev of handLog) {
      if (ev.type === "BoardDealt" || ev.type === "HandDealt" || ev.type === "HandStarted" || ev.type === "StreetStarted") out.clear();
      const key = { Checked: "last.check", Called: "last.call", BetPlaced: "last.bet", RaisedTo: "last.raise", Completed: "last.complete", BringInPosted: "last.bring_in" }[ev.type];
      if (key && ev.seat !== undefined) out.set(ev.seat, t(key, { amount: ev.amount }));
    }
    return out;
  }

  function mergeSeats(old, now) {
    const byId = new Map((now || []).map((s) => [s.seat, s]));
    return (old || []).map((s) => {
      const cur = byId.get(s.seat);
      return cur && cur.status !== "empty" ? { ...s, stack: cur.stack, bet: 0 } : { ...s, bet: 0 };
    });
  }

  function sitAt(seat) {
    openBuyIn({ ...view, id: tableId, decimals: view.decimals, stakes: view.stakes }, (buyIn, blind) => {
      lastBuyIn = buyIn;
      conn.send({ type: "sit", table: tableId, seat, buy_in: buyIn, blind });
    });
  }

  // ---- actions ----
  let wasYourTurn = false;
  let bankSounded = null;       // the decision whose time bank start was sounded
  let sentKey = null;           // the decision already answered (a double click sends once)
  function send(action, amt, cards) {
    const legal = view.legal;
    const key = `${legal.hand}:${legal.action_no}`;
    if (sentKey === key) return;
    if (!allInConfirmed(action, amt)) return;
    sentKey = key;
    errorText = "";
    const msg = { type: "act", table: tableId, hand: legal.hand, action_no: legal.action_no, action };
    if (amt !== undefined) msg.amount = amt;
    if (cards !== undefined) msg.cards = cards;
    conn.send(msg);
  }

  /** Draw games: the viewer's own decision to draw, when the server offers it. */
  function drawLegal() {
    const mine = me();
    const legal = view.legal;
    if (!legal || !legal.draw || !mine || (legal.seat !== undefined && legal.seat !== mine.seat)) return null;
    const key = `${legal.hand}:${legal.action_no}`;
    if (markedKey !== key) { markedKey = key; marked = new Set(); }
    return legal;
  }

  /** Mark or unmark one of the viewer's cards to exchange, within the draw's bounds. */
  function toggleMark(card) {
    const legal = drawLegal();
    if (!legal || !card) return;
    if (marked.has(card)) marked.delete(card);
    else if (marked.size < legal.draw.max) marked.add(card);
    if (feltArgs) drawFelt(...feltArgs);
    renderActions();
  }

  function renderActions() {
    const mine = me();
    // Only the decision the server offers to this viewer's own seat.
    const legal = view.legal && mine && (view.legal.seat === undefined || view.legal.seat === mine.seat) ? view.legal : null;
    const parts = [];
    if (errorText) {
      parts.push(h("div.error", { role: "alert", "data-testid": "action-error" }, errorText,
        errorRule ? [" ", ruleLink(errorRule)] : null));
    }
    if (mine && mine.posts_due && mine.posts_due !== "none") parts.push(postsDue(mine.posts_due));
    const yourTurn = Boolean(legal) && !legal.after_hand;
    if (yourTurn && !wasYourTurn) play("turn");
    wasYourTurn = yourTurn;
    if (opts.onTurn) opts.onTurn(yourTurn);
    // A pre-action answers a betting turn, never a draw (draw games: it waits for the bets).
    if (legal && preAction && !legal.draw && playPreAction(legal)) return;
    if (!legal) {
      const pre = preActionsEl(mine);
      if (pre) parts.push(pre);
      let text = "";
      if (!mine) text = session.account ? t("table.watching_sit") : t("table.watching");
      else if (view.to_act !== null && view.to_act !== undefined) {
        const s = view.seats.find((x) => x.seat === view.to_act);
        text = t("table.waiting_for", { name: s ? s.name : t("table.a_player") });
      } else text = t("table.waiting_next");
      parts.push(h("div.waiting-msg", {}, text));
      parts.push(timeHolder);
      replace(actionBar, parts);
      showClock();
      return;
    }
    const key = `${legal.hand}:${legal.action_no}`;
    if (legal.draw) {
      // R-DRAW-2: click cards on the felt to mark them, then draw that many or stand pat.
      drawLegal();
      const n = marked.size;
      const chosen = () => (view.seats.find((x) => x.is_you)?.cards || []).filter((c) => marked.has(c));
      parts.push(h("div.draw-hint", { "data-testid": "draw-hint" }, t("act.draw_hint")));
      parts.push(h("div.action-buttons", {},
        h("button.btn.btn-raise", { type: "button", disabled: n < Math.max(1, legal.draw.min), "data-testid": "draw-button", onclick: () => send("draw", undefined, chosen()) }, t("act.draw_n", { count: n })),
        legal.draw.min === 0 ? h("button.btn.btn-check", { type: "button", "data-testid": "stand-pat", onclick: () => send("draw", undefined, []), dataset: { key: "c" } }, t("act.stand_pat"), h("span.kbd", {}, "C")) : null));
      parts.push(timeHolder);
      replace(actionBar, parts);
      showClock();
      return;
    }
    const sizing = legal.raise || legal.bet || legal.complete || null;
    if (amountKey !== key) {
      if (amountKey !== null) errorText = "";
      amountKey = key;
      amount = sizing ? sizing.min : null;
    }
    const bar = decisionButtons(legal, {
      amount, send,
      setAmount: (v) => { amount = v; },
      pick: (v) => { amount = v; renderActions(); },
      typeError: () => { errorRule = null; errorText = t("amount.type_like", { a: moneyInput(1000), b: moneyInput(1050) }); renderActions(); },
      stack: mine ? mine.stack : undefined, bet: mine ? mine.bet : 0,
    });
    parts.push(h("div.action-buttons", {}, bar.buttons));
    if (bar.sizing) parts.push(bar.sizing);
    parts.push(timeHolder);
    replace(actionBar, parts);
    showClock();
  }

  function postsDue(kind) {
    const st = view.stakes || {};
    const known = ["small_blind", "small_and_big", "big_blind"].includes(kind);
    const text = known
      ? t(`posts_due.${kind}`, { sb: st.small_blind, bb: st.big_blind })
      : t("posts_due.other", { kind });
    const away = view.you && view.you.sitting_out;
    return h("div.notice.posts-due", { "data-testid": "posts-due" }, text,
      away ? ` ${t("posts_due.come_back")}` : "");
  }

  // One clock element, its text updated in place at every tick: a new node every half second
  // made a tap or a measurement on the clock meet a node just taken out of the page.
  const clockEl = h("div.timebar", { "data-testid": "clock" });
  function showClock() {
    const parts = clockParts();
    if (!parts) { clear(timeHolder); return; }
    replace(clockEl, ...parts);
    if (clockEl.parentNode !== timeHolder) replace(timeHolder, clockEl);
  }

  function clockParts() {
    const c = view.clock;
    const line = clockLine(c, view.seats, conn.serverNow());
    if (!line) return null;
    const mineNow = me();
    if (line.state.usingBank && mineNow && c.seat === mineNow.seat && bankSounded !== c.deadline_ms) {
      bankSounded = c.deadline_ms;
      play("bank");
    }
    return line.parts;
  }

  // ---- seat controls ----
  function renderControls() {
    const mine = me();
    if (!mine) {
      replace(controls, h("h2", {}, t("seat.title")),
        h("p.muted", {}, session.account ? t("seat.pick") : t("seat.log_in")));
      return;
    }
    const you = view.you || {};
    const sitOut = h("input", { type: "checkbox", checked: Boolean(you.sitting_out || mine.status === "sitting_out"),
      onchange: (e) => conn.send({ type: e.target.checked ? "sit_out" : "sit_in", table: tableId }) });
    const autoPost = h("input", { type: "checkbox", checked: you.auto_post !== false,
      onchange: (e) => conn.send({ type: "auto_post", table: tableId, on: e.target.checked }) });
    const opt = allInOption();
    const allInBox = h("input", { type: "checkbox", checked: opt.on, "data-testid": "allin-confirm",
      onchange: (e) => setAllInOption({ ...allInOption(), on: e.target.checked }) });
    const allInAbove = h("input", { type: "number", min: 0, step: 1, value: opt.bb, style: { width: "4.5rem" },
      "aria-label": t("allin.above_label"), "data-testid": "allin-above",
      onchange: (e) => setAllInOption({ ...allInOption(), bb: Math.max(0, Math.floor(Number(e.target.value) || 0)) }) });
    replace(controls,
      h("h2", {}, t("seat.yours")),
      h("label.check", {}, sitOut, t("seat.sit_out")),
      h("label.check", {}, autoPost, t("seat.auto_post")),
      h("div.row.allin-option", {}, h("label.check", {}, allInBox, t("allin.option")), allInAbove, h("span.muted", {}, t("allin.big_blinds"))),
      h("div.row", {},
        h("button.btn.btn-small", { type: "button", onclick: topUp }, t("seat.top_up")),
        h("button.btn.btn-danger.btn-small", { type: "button", onclick: leave }, t("seat.leave"))));
  }

  /** The all-in confirm (an option, kept in this browser): a bet, raise or call that puts
   * the whole stack in, above the chosen number of big blinds, is asked about first. */
  function allInConfirmed(action, amt) {
    const opt = allInOption();
    const mine = me();
    if (!opt.on || !mine || !["bet", "raise", "complete", "call"].includes(action)) return true;
    const stack = mine.stack || 0;
    const adds = action === "call" ? Math.min(view.legal.call || 0, stack) : (amt ?? 0) - (mine.bet || 0);
    if (adds < stack || stack <= 0) return true;
    const st = view.stakes || {};
    const big = st.big_blind || st.big_bet || st.small_bet || 1;
    if (adds <= opt.bb * big) return true;
    return window.confirm(t("allin.confirm", { amount: adds }));
  }

  function topUp() {
    const mine = me();
    const max = view.max_buy_in ? Math.max(0, view.max_buy_in - mine.stack) : null;
    openBuyIn({ ...view, id: tableId, min_buy_in: 1, max_buy_in: max }, (amt) => {
      conn.send({ type: "top_up", table: tableId, amount: amt });
    }, { topUp: true });
  }

  /** In the hand now (cards, not folded): leaving folds the hand, so ask first. */
  function inHand() {
    const mine = me();
    return Boolean(view && view.hand && mine && (mine.cards || []).length && mine.status !== "folded");
  }

  function leave() {
    const go = () => {
      conn.send({ type: "leave", table: tableId });
      location.hash = "#/lobby";
    };
    // The browser's own confirm (issue 12's warning), in the player's language.
    if (inHand() && !window.confirm(`${t("leave.title")} ${t("leave.mid_hand")}`)) return;
    go();
  }

  // ---- pre-actions: ticked before one's turn, played when the turn comes ----
  let preAction = null;         // { kind: "check_fold" | "check" | "call_any", hand, street, level }
  function tableLevel() {
    return Math.max(0, ...(view.seats || []).map((x) => x.bet || 0));
  }
  /** Clear a pre-action the situation no longer fits: another hand or street, or (for a plain
   * Check) a bet since it was ticked. */
  function checkPreAction() {
    if (!preAction) return;
    const mine = me();
    if (!mine || !view.hand || view.hand !== preAction.hand || view.street !== preAction.street
        || mine.status === "folded" || (preAction.kind === "check" && tableLevel() !== preAction.level)) {
      preAction = null;
    }
  }
  function playPreAction(legal) {
    const kind = preAction.kind;
    preAction = null;
    if (kind === "check_fold") { send(legal.check ? "check" : "fold"); return true; }
    if (kind === "check" && legal.check) { send("check"); return true; }
    if (kind === "call_any") { send(legal.call ? "call" : "check"); return true; }
    return false;
  }
  // The boxes are built once and kept across renders (only their ticks are updated): the bar
  // is redrawn at every message, and a box replaced under the pointer loses the click.
  let preBox = null;
  function preActionsEl(mine) {
    if (!mine || !view.hand || mine.status !== "active" || !(mine.cards || []).length || view.to_act === mine.seat) return null;
    const kinds = [["check_fold", t("pre.check_fold")], ["check", t("pre.check")], ["call_any", t("pre.call_any")]];
    const words = kinds.map(([, label]) => label).join("|");
    if (!preBox || preBox.words !== words) {
      const inputs = new Map();
      const box = ([kind, label]) => {
        const input = h("input", { type: "checkbox",
          onchange: (e) => {
            preAction = e.target.checked ? { kind, hand: view.hand, street: view.street, level: tableLevel() } : null;
            renderActions();
          } });
        inputs.set(kind, input);
        return h("label.check.pre-action", {}, input, ` ${label}`);
      };
      const el = h("div.pre-actions", { "data-testid": "pre-actions", "aria-label": t("pre.title") }, kinds.map(box));
      preBox = { words, el, inputs };
    }
    for (const [kind, input] of preBox.inputs) input.checked = Boolean(preAction && preAction.kind === kind);
    return preBox.el;
  }

  // ---- log ----
  // Names of every seat seen at this table: the log says who, even after a player left.
  const knownNames = new Map();
  function renderLog() {
    const names = new Map([...knownNames, ...seatNames(view)]);
    const events = handLog;
    replace(logList, events.map((ev) => {
      const line = eventText(ev, names);
      return line ? h("li", { class: line.cls }, richLine(line.text)) : null;
    }), notices.map((n) => h("li.log-win", { "data-testid": "notice" }, n)));
    logList.scrollTop = logList.scrollHeight;
  }

  function renderChat() {
    replace(chatList, chatItems(chat, renderChat));
    chatList.scrollTop = chatList.scrollHeight;
  }

  // ---- messages ----
  // The hand log: the view's `log` when it carries one, else the events as they arrive.
  let handLog = [];
  function addEvents(events) {
    for (const ev of events || []) {
      if (ev.type === "HandDealt" || ev.type === "HandStarted") {
        if (handLog.some((e) => e.type === "HandDealt" || e.type === "HandStarted")) handLog = [];
      }
      if (ev.version !== undefined && handLog.some((e) => e.version === ev.version)) continue;
      handLog.push(ev);
    }
    if (handLog.length > 300) handLog = handLog.slice(-300);
  }

  function onView(v) {
    if (Array.isArray(v.log) && v.log.length) handLog = v.log.slice();
    if (v.hand && (!view || view.hand !== v.hand) && result && result.hand !== v.hand) result = null;
    if (v.hand && (!view || view.hand !== v.hand)) {
      // A new hand: the last hand's notices ("You ran out of time") stay with that hand,
      // in the log and in the banner (which may outlast a short pause between hands).
      for (const text of handBanners) hideBanner(text);
      handBanners.length = 0;
      notices.length = 0;
    }
    const before = me();
    view = v;
    for (const x of v.seats || []) if (x.name) knownNames.set(x.seat, x.name);
    if (v.hand) lastHandView = v;
    refreshPlayers(v);
    checkPreAction();
    const now = me();
    if (before && !now && before.stack === 0 && lastStack !== null) offerRebuy();
    if (now) lastStack = now.stack;
    render();
  }

  // ---- notes and stats on the other players (GET /api/players: private notes, and the
  // hands, VPIP and PFR from the stored hands played with them) ----
  const players = new Map();    // name -> { note, hands, vpip, pfr }
  let playersKey = null;
  function refreshPlayers(v) {
    if (!session.account || opts.tile) return;
    const names = (v.seats || []).filter((x) => x.name && !x.is_you).map((x) => x.name).sort();
    // Once per hand and whenever someone new sits down.
    const key = `${v.hand_id ?? v.hand ?? "-"}|${names.join(",")}`;
    if (!names.length || key === playersKey) return;
    playersKey = key;
    fetch(`/api/players?names=${encodeURIComponent(names.join(","))}`, { credentials: "same-origin" })
      .then((r) => (r.ok ? r.json() : null))
      .then((data) => {
        if (!data) return;
        for (const p of data.players || []) players.set(p.name, p);
        if (view && feltArgs) drawFelt(...feltArgs);
      }).catch(() => {});
  }
  function editNote(name) {
    const cur = (players.get(name) || {}).note || "";
    const box = h("textarea", { rows: 4, maxlength: 500, "aria-label": t("notes.label", { name }), "data-testid": "note-text" });
    box.value = cur;
    dialog(t("notes.title", { name }), h("div", {}, h("p.muted", {}, t("notes.private")), box), [
      [t("notes.cancel"), (close) => close(), "btn-ghost"],
      [t("notes.save"), async (close) => {
        const resp = await fetch(`/api/players/${encodeURIComponent(name)}/note`, { method: "PUT", credentials: "same-origin",
          headers: { "Content-Type": "application/json" }, body: JSON.stringify({ text: box.value }) }).catch(() => null);
        if (resp && resp.ok) {
          const data = await resp.json();
          players.set(name, { ...(players.get(name) || {}), note: data.note });
          close();
          if (feltArgs) drawFelt(...feltArgs);
        } else showBanner(t("notes.failed"), "warn", 4000);
      }, "btn-primary"],
    ], { class: "note-dialog" });
  }

  // ---- after busting: a rebuy offer, or the auto-rebuy the player ticked ----
  let lastStack = null;
  let lastBuyIn = null;
  function offerRebuy() {
    lastStack = null;
    const auto = localStorage.getItem("pokerroom.auto_rebuy") === "1";
    if (auto && lastBuyIn) {
      conn.send({ type: "sit", table: tableId, seat: null, buy_in: lastBuyIn, blind: "wait" });
      showBanner(t("rebuy.auto_done", { amount: lastBuyIn }), "ok", 4000);
      return;
    }
    const autoBox = h("input", { type: "checkbox", checked: auto });
    dialog(t("rebuy.title"), h("div", {}, h("p", {}, t("rebuy.text")),
      h("label.check", {}, autoBox, ` ${t("rebuy.auto")}`)), [
      [t("rebuy.watch"), (close) => { localStorage.setItem("pokerroom.auto_rebuy", autoBox.checked ? "1" : "0"); close(); }, "btn-ghost"],
      [t("rebuy.buy_in"), (close) => {
        localStorage.setItem("pokerroom.auto_rebuy", autoBox.checked ? "1" : "0");
        close();
        sitAt(null);
      }, "btn-primary"],
    ], { class: "rebuy-dialog" });
  }
  const offs = [
    conn.on("table_view", (m) => { if (m.table === tableId) onView(m.view); }),
    conn.on("table_events", (m) => {
      if (m.table !== tableId) return;
      addEvents(m.events);
      if (m.view) onView(m.view);
    }),
    conn.on("hand_result", (m) => {
      if (m.table !== tableId) return;
      result = m;
      render();
    }),
    conn.on("error", (m) => {
      if (m.table && m.table !== tableId) return;
      sentKey = null;  // a refused action may be tried again
      const worded = wordError(m);
      errorText = worded.text;
      errorRule = worded.rule;
      const shown = errorText;
      clearTimeout(errorTimer);
      errorTimer = setTimeout(() => { if (errorText === shown && view) { errorText = ""; renderActions(); } }, 8000);
      if (view) renderActions(); else showBanner(errorText, "warn", 5000);
    }),
    conn.on("chat", (m) => { if (m.table === tableId) { chat.push(m); renderChat(); } }),
    conn.on("notice", (m) => {
      if (m.table !== tableId) return;
      notices.push(noticeText(m));
      showBanner(noticeText(m), "warn", 6000);
      // Only a notice about the hand on the felt goes with it; a hand voided by a restart or
      // a take-over is told after the fact, and its banner must outlive the next deal (on a
      // socket that stayed open the voided hand may still be on the felt when it comes).
      if (view && m.hand !== null && m.hand !== undefined && m.hand === view.hand
          && m.code !== "hand_voided") handBanners.push(noticeText(m));
      if (view) renderLog();
    }),
  ];

  function onKey(ev) {
    if (opts.tile || !view || !view.legal || !me()) return;
    actionKey(ev, actionBar);
  }
  document.addEventListener("keydown", onKey);
  const tick = setInterval(() => {
    if (!view || !view.clock || !feltArgs) return;
    drawFelt(...feltArgs);
    showClock();
  }, 500);

  const onResize = () => { if (feltArgs) drawFelt(...feltArgs); };
  window.addEventListener("resize", onResize);
  conn.observe(tableId);
  render();
  return () => {
    window.removeEventListener("resize", onResize);
    offs.forEach((off) => off());
    document.removeEventListener("keydown", onKey);
    clearInterval(tick);
    conn.unobserve(tableId);
  };
}
