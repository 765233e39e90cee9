// Hand history: the player's hands, a step-by-step replay, PokerStars downloads.
import { h, replace } from "../dom.js";
import { api } from "../api.js";
import { money, signedMoney, dateTime, gameText, setDecimals, setChips, chipCount, handWords } from "../fmt.js";
import { cardRow } from "../cards.js";
import { renderFelt, eventText, seatNames, richLine } from "../felt.js";
import { verifyHand } from "../fairness.js";
import { t } from "../i18n.js";

// A tournament hand's net is in tournament chips, which are not money.
const signedChips = (n) => `${n > 0 ? "+" : ""}${chipCount(n)}`;

export function mountHistory(main) {
  const body = h("tbody");
  const status = h("p.muted", {}, t("history.loading"));
  main.appendChild(h("section", {},
    h("div.lobby-head", {}, h("h1", {}, t("nav.history")),
      h("a.btn.btn-ghost.btn-small", { href: api.allPokerStarsUrl(), download: "pokerroom-hands.txt" }, t("history.download_all"))),
    h("div.panel.table-wrap", {},
      h("table.grid", { "aria-label": t("history.your_hands") },
        h("thead", {}, h("tr", {}, h("th", {}, t("history.hand")), h("th", {}, t("history.when")), h("th", {}, t("history.table")),
          h("th.hide-phone", {}, t("lobby.col.game")), h("th.hide-phone", {}, t("history.notes")), h("th.num", {}, t("history.net")), h("th.num", {}, ""))),
        body),
      status),
    uthPanel()));
  api.hands(100).then((data) => {
    const hands = data.hands || [];
    status.hidden = hands.length > 0;
    status.textContent = t("history.none");
    replace(body, hands.map((hd) => h("tr", { dataset: { hand: hd.id } },
      h("td", {}, h("a", { href: `#/history/${encodeURIComponent(hd.id)}` }, `#${hd.id}`)),
      h("td", {}, dateTime(hd.started_ms)),
      h("td", {}, hd.name || hd.table),
      h("td.hide-phone", {}, hd.game ? gameText(hd.game, hd.betting) : ""),
      // Notes: a note on the hand (voided), or nothing.
      h("td.hide-phone", { "data-testid": "hand-notes" }, hd.status === "voided" ? t("history.voided") : ""),
      h("td.num", { class: hd.net > 0 ? "amount-pos" : hd.net < 0 ? "amount-neg" : "" }, hd.chips ? signedChips(hd.net ?? 0) : signedMoney(hd.net ?? 0, hd.decimals ?? 2)),
      h("td", {}, h("div.actions", {},
        h("a.btn.btn-small", { href: `#/history/${encodeURIComponent(hd.id)}` }, t("history.replay")),
        hd.status === "voided" ? null
          : h("a.btn.btn-ghost.btn-small", { href: api.handPokerStarsUrl(hd.id), download: `hand-${hd.id}.txt` }, t("history.download")))))));
  }).catch((err) => { status.textContent = t("history.load_failed", { reason: err.message }); });
  return null;
}

/** The player's UTH rounds: each bet and its result, the cards, both hands in words. */
function uthPanel() {
  const body = h("tbody");
  const panel = h("div.panel.table-wrap", { style: { marginTop: "1rem" }, hidden: true, "data-testid": "uth-history" },
    h("h2", {}, t("history.uth_rounds")),
    h("table.grid", { "aria-label": t("history.uth_rounds") },
      h("thead", {}, h("tr", {}, h("th", {}, t("history.when")), h("th", {}, t("history.table")),
        h("th", {}, t("history.uth_bets")), h("th.hide-phone", {}, t("history.uth_cards")), h("th.num", {}, t("history.net")))),
      body));
  fetch("/api/uth-rounds?limit=50", { credentials: "same-origin" }).then((r) => (r.ok ? r.json() : { rounds: [] })).then((data) => {
    const rounds = data.rounds || [];
    panel.hidden = rounds.length === 0;
    replace(body, rounds.map((r) => {
      const bets = r.bets
        ? ["ante", "blind", "trips", "play"].filter((k) => r.bets[k]).map((k) => {
          const res = r.results ? r.results[k] : null;
          return h("div", { dataset: { bet: k } }, `${t(`uth.${k}`)} ${money(r.bets[k], 2)}`,
            res === null || res === undefined ? "" : h("span", { class: res > 0 ? "amount-pos" : res < 0 ? "amount-neg" : "" }, ` → ${res === 0 ? t("uth.push_small") : signedMoney(res, 2)}`));
        })
        : h("span.muted", {}, r.status === "voided" ? t("history.voided") : money(r.staked, 2));
      const hands = r.hand ? h("div.muted", { style: { fontSize: ".8rem" } },
        t("history.uth_hands", { you: handWords(r.hand), dealer: r.dealer_hand ? handWords(r.dealer_hand) : "-" })) : null;
      return h("tr", { dataset: { round: r.id } },
        h("td", {}, dateTime(r.started_ms)),
        h("td", {}, r.table_name || r.table),
        h("td", { "data-testid": "uth-round-bets" }, bets, r.bets && r.bets.folded ? h("div.muted", {}, t("uth.decision.fold")) : null),
        h("td.hide-phone", {}, r.cards.length ? h("div.uth-history-cards", {}, cardRow(r.cards, { size: "sm" }), cardRow(r.board, { size: "sm" }), cardRow(r.dealer, { size: "sm" })) : null, hands),
        h("td.num", { class: r.net > 0 ? "amount-pos" : r.net < 0 ? "amount-neg" : "", "data-testid": "uth-round-net", dataset: { net: r.net } }, signedMoney(r.net, 2)));
    }));
  }).catch(() => {});
  return panel;
}

export function mountReplay(main, handId) {
  let hand = null;
  let step = 0;
  let timer = null;
  const feltHolder = h("div");
  const logList = h("ol.log", { "data-testid": "replay-log" });
  const counter = h("span.muted", { "data-testid": "replay-step" });
  const playBtn = h("button.btn.btn-small", { type: "button", onclick: () => togglePlay() }, t("replay.play"));
  const controls = h("div.replay-controls", {},
    h("button.btn.btn-small", { type: "button", onclick: () => go(0) }, t("replay.start")),
    h("button.btn.btn-small", { type: "button", onclick: () => go(step - 1) }, t("replay.previous")),
    playBtn,
    h("button.btn.btn-small", { type: "button", onclick: () => go(step + 1) }, t("replay.next")),
    h("button.btn.btn-small", { type: "button", onclick: () => go(Infinity) }, t("replay.end")),
    counter,
    h("a.btn.btn-ghost.btn-small", { href: api.handPokerStarsUrl(handId), download: `hand-${handId}.txt`, style: { marginLeft: "auto" } }, t("replay.download")));
  const title = h("h1", {}, t("felt.hand_no", { n: handId }));
  // A tournament hand is in the tournament's chips: counts, not money (fmt.setChips).
  const chipsNote = h("p.muted", { "data-testid": "replay-chips", hidden: true }, t("replay.tournament_chips"));
  const proofBox = h("div.panel.fairness", { "data-testid": "fairness", hidden: true });
  const verifyBtn = h("button.btn.btn-small", { type: "button", "data-testid": "verify-hand", onclick: () => verify() }, t("verify.button"));
  main.appendChild(h("section", {},
    h("div.lobby-head", {}, title, h("div.actions", {}, verifyBtn,
      h("a.btn.btn-ghost.btn-small", { href: "#/history" }, t("replay.all_hands")))),
    controls,
    chipsNote,
    proofBox,
    h("div.replay", {}, feltHolder, h("aside.side", {}, h("div.panel", {}, h("h2", {}, t("replay.actions")), logList)))));

  /** Fetch the revealed seed and recompute the deck here, in the browser (docs/FAIRNESS.md). */
  async function verify() {
    proofBox.hidden = false;
    replace(proofBox, h("p.muted", {}, t("verify.working")));
    try {
      const proof = await api.fairness(handId);
      await loaded;  // the replay's steps hold the cards to check against the deck
      const result = await verifyHand(proof, hand);
      replace(proofBox,
        h("h2", { "data-testid": "verify-verdict", class: result.ok ? "amount-pos" : "amount-neg" },
          result.ok ? t("verify.ok") : t("verify.not_ok")),
        h("ul", {}, result.checks.map((c) => h("li", { class: c.ok ? "" : "amount-neg" }, `${c.ok ? "✓" : "✗"} ${c.name}`))),
        h("p.muted.mono", {}, t("verify.commitment", { value: proof.commitment })),
        h("p.muted.mono", {}, t("verify.server_seed", { value: proof.server_seed })),
        h("p.muted.mono", {}, t("verify.client_seeds", { value: proof.client_seeds.join(" | ") })),
        h("p.muted.mono", {}, t("verify.deck", { value: result.deck.join(" ") })));
    } catch (err) {
      replace(proofBox, h("p.error", {}, t("verify.failed", { reason: err.message })));
    }
  }

  function go(i) {
    if (!hand) return;
    const steps = hand.steps || [];
    step = Math.max(0, Math.min(steps.length - 1, i));
    render();
  }

  function togglePlay() {
    if (timer) { clearInterval(timer); timer = null; playBtn.textContent = t("replay.play"); return; }
    playBtn.textContent = t("replay.pause");
    timer = setInterval(() => {
      if (step >= hand.steps.length - 1) { togglePlay(); return; }
      go(step + 1);
    }, 900);
  }

  function render() {
    const steps = hand.steps || [];
    if (!steps.length) { replace(feltHolder, h("p.muted", {}, t("replay.no_steps"))); return; }
    const cur = steps[step];
    const view = feltView(cur.view || {});
    setDecimals(hand.decimals ?? view.decimals ?? 2);
    title.textContent = `${t("felt.hand_no", { n: hand.id })}${hand.table ? ` · ${hand.name || hand.table}` : ""}`;
    replace(feltHolder, renderFelt(view, { result: resultOf(cur.view || {}, view) }));
    const names = seatNames(view);
    const lines = [];
    steps.slice(0, step + 1).forEach((st) => {
      for (const ev of stepEvents(st)) {
        const line = eventText(ev, names);
        if (line) lines.push(h("li", { class: line.cls }, richLine(line.text)));
      }
    });
    if (lines.length) lines[lines.length - 1].classList.add("current");
    replace(logList, lines);
    logList.scrollTop = logList.scrollHeight;
    counter.textContent = t("replay.step", { n: step + 1, total: steps.length });
  }

  function stepEvents(st) {
    if (Array.isArray(st.events)) return st.events;
    return st.event ? [st.event] : [];
  }

  /** The core's per-viewer hand view (as stored) in the shape the felt draws. */
  function feltView(v) {
    if (v.seats_total) return v;  // already a table view
    const names = hand.names || {};
    const seats = (v.seats || []).map((s) => ({
      seat: s.seat, name: names[s.seat] ?? names[String(s.seat)] ?? s.name, stack: s.stack, bet: s.bet,
      status: s.folded ? "folded" : s.all_in ? "all_in" : "active", cards: s.cards || [], up: s.up,
      is_you: s.seat === (hand.seat ?? v.viewer),
    }));
    const maxSeat = Math.max(1, ...seats.map((s) => s.seat));
    const total = Math.max(hand.seats_total || 0, maxSeat + 1);
    const bySeat = new Map(seats.map((s) => [s.seat, s]));
    const all = Array.from({ length: total }, (_, i) => bySeat.get(i) || { seat: i, status: "empty" });
    return {
      game: hand.game || v.game, seats_total: total, seats: all, board: v.board || [], button: v.button,
      street: v.is_over ? "SHOWDOWN" : v.street, to_act: v.to_act, hand: hand.hand ?? hand.id, hand_id: hand.id,
      pots: v.is_over ? [] : (v.pots && v.pots.length ? v.pots : [{ amount: v.pot || 0 }]),
    };
  }

  /** Winners of the finished hand, from the stored result, for the felt's banner. */
  function resultOf(v, view) {
    const r = v.result;
    if (!r || !r.pots) return null;
    const winners = [];
    for (const pot of r.pots) {
      for (const [seat, amount] of [...(pot.winners || []), ...(pot.low_winners || [])]) {
        const name = (view.seats.find((s) => s.seat === seat) || {}).name;
        winners.push({ seat, name, amount });
      }
    }
    return { winners, shown: {} };
  }

  function onKey(ev) {
    if (ev.key === "ArrowRight") go(step + 1);
    if (ev.key === "ArrowLeft") go(step - 1);
  }
  document.addEventListener("keydown", onKey);

  const loaded = api.hand(handId).then((data) => {
    hand = data; step = 0;
    setChips(Boolean(data.chips));
    chipsNote.hidden = !data.chips;
    render();
  }).catch((err) => replace(feltHolder, h("p.error", {}, t("replay.load_failed", { reason: err.message }))));
  return () => { document.removeEventListener("keydown", onKey); if (timer) clearInterval(timer); setChips(false); };
}

