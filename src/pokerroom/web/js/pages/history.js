// Hand history: the player's hands, a step-by-step replay, PokerStars downloads.
import { h, replace } from "../dom.js";
import { api } from "../api.js";
import { signedMoney, dateTime, gameText, setDecimals, money } from "../fmt.js";
import { renderFelt, eventText, seatNames } from "../felt.js";

export function mountHistory(main) {
  const body = h("tbody");
  const status = h("p.muted", {}, "Loading your hands...");
  main.appendChild(h("section", {},
    h("div.lobby-head", {}, h("h1", {}, "Hand history"),
      h("a.btn.btn-ghost.btn-small", { href: api.allPokerStarsUrl(), download: "pokerroom-hands.txt" }, "Download all (PokerStars format)")),
    h("div.panel.table-wrap", {},
      h("table.grid", { "aria-label": "Your hands" },
        h("thead", {}, h("tr", {}, h("th", {}, "Hand"), h("th", {}, "When"), h("th", {}, "Table"), h("th.hide-phone", {}, "Game"),
          h("th.hide-phone", {}, "Summary"), h("th.num", {}, "Net"), h("th.num", {}, ""))),
        body),
      status)));
  api.hands(100).then((data) => {
    const hands = data.hands || [];
    status.hidden = hands.length > 0;
    status.textContent = "No hands yet: play a hand and it appears here.";
    replace(body, hands.map((hd) => h("tr", { dataset: { hand: hd.id } },
      h("td", {}, h("a", { href: `#/history/${encodeURIComponent(hd.id)}` }, `#${hd.id}`)),
      h("td", {}, dateTime(hd.started_ms)),
      h("td", {}, hd.table),
      h("td.hide-phone", {}, gameText(hd.game, hd.betting)),
      h("td.hide-phone", {}, hd.summary || ""),
      h("td.num", { class: hd.net > 0 ? "amount-pos" : hd.net < 0 ? "amount-neg" : "" }, signedMoney(hd.net ?? 0, hd.decimals ?? 2)),
      h("td", {}, h("div.actions", {},
        h("a.btn.btn-small", { href: `#/history/${encodeURIComponent(hd.id)}` }, "Replay"),
        h("a.btn.btn-ghost.btn-small", { href: api.handPokerStarsUrl(hd.id), download: `hand-${hd.id}.txt` }, "Download"))))));
  }).catch((err) => { status.textContent = `Could not load your hands: ${err.message}`; });
  return null;
}

export function mountReplay(main, handId) {
  let hand = null;
  let step = 0;
  let timer = null;
  const feltHolder = h("div");
  const logList = h("ol.log", { "data-testid": "replay-log" });
  const counter = h("span.muted", { "data-testid": "replay-step" });
  const playBtn = h("button.btn.btn-small", { type: "button", onclick: () => togglePlay() }, "Play");
  const controls = h("div.replay-controls", {},
    h("button.btn.btn-small", { type: "button", onclick: () => go(0) }, "Start"),
    h("button.btn.btn-small", { type: "button", onclick: () => go(step - 1) }, "Previous"),
    playBtn,
    h("button.btn.btn-small", { type: "button", onclick: () => go(step + 1) }, "Next"),
    h("button.btn.btn-small", { type: "button", onclick: () => go(Infinity) }, "End"),
    counter,
    h("a.btn.btn-ghost.btn-small", { href: api.handPokerStarsUrl(handId), download: `hand-${handId}.txt`, style: { marginLeft: "auto" } }, "Download (PokerStars format)"));
  const title = h("h1", {}, `Hand #${handId}`);
  main.appendChild(h("section", {},
    h("div.lobby-head", {}, title, h("a.btn.btn-ghost.btn-small", { href: "#/history" }, "All hands")),
    controls,
    h("div.replay", {}, feltHolder, h("aside.side", {}, h("div.panel", {}, h("h2", {}, "Actions"), logList)))));

  function go(i) {
    if (!hand) return;
    const steps = hand.steps || [];
    step = Math.max(0, Math.min(steps.length - 1, i));
    render();
  }

  function togglePlay() {
    if (timer) { clearInterval(timer); timer = null; playBtn.textContent = "Play"; return; }
    playBtn.textContent = "Pause";
    timer = setInterval(() => {
      if (step >= hand.steps.length - 1) { togglePlay(); return; }
      go(step + 1);
    }, 900);
  }

  function render() {
    const steps = hand.steps || [];
    if (!steps.length) { replace(feltHolder, h("p.muted", {}, "This hand has no steps to replay.")); return; }
    const cur = steps[step];
    const view = cur.view || {};
    setDecimals(view.decimals ?? hand.decimals ?? 2);
    title.textContent = `Hand #${hand.id}${hand.table ? ` · ${hand.table}` : ""}`;
    replace(feltHolder, renderFelt({ ...view, clock: null, legal: null }, {}));
    const names = seatNames(view);
    replace(logList, steps.slice(0, step + 1).filter((s) => s.event).map((s, i, arr) => {
      const line = eventText(s.event, names);
      return line ? h("li", { class: [line.cls, i === arr.length - 1 ? "current" : ""].filter(Boolean).join(" ") }, line.text) : null;
    }));
    logList.scrollTop = logList.scrollHeight;
    counter.textContent = `Step ${step + 1} of ${steps.length}`;
  }

  function onKey(ev) {
    if (ev.key === "ArrowRight") go(step + 1);
    if (ev.key === "ArrowLeft") go(step - 1);
  }
  document.addEventListener("keydown", onKey);

  api.hand(handId).then((data) => { hand = data; step = 0; render(); })
    .catch((err) => replace(feltHolder, h("p.error", {}, `Could not load this hand: ${err.message}`)));
  return () => { document.removeEventListener("keydown", onKey); if (timer) clearInterval(timer); };
}

export { money };
