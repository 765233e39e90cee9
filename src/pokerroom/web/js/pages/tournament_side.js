// What a tournament table has beside the felt, as a cash table does: sitting out and coming
// back (R-TOURN-5), the table's chat, the player's last hands. Kept apart from tournaments.js (the felt): each part
// follows the `tournament` pictures by itself.
import { h, replace } from "../dom.js";
import { conn } from "../socket.js";
import { t, locale } from "../i18n.js";
import { errorText } from "../ui.js";
import { chatItems } from "../chat_lines.js";

/** Sit out / I'm back (R-TOURN-5): away, the player is dealt in and played for (check or
 * fold) until they say they are back. A player away after a time-out or a closed connection
 * gets the same "I'm back". */
function seatControl(id) {
  const note = h("span.muted", { "data-testid": "t-away" });
  const button = h("button.btn.btn-small", { type: "button", "data-testid": "tournament-sit-out" });
  const el = h("div.actions.tournament-seat", { hidden: true }, button, note);
  let away = false;
  button.addEventListener("click", () => {
    conn.send({ type: away ? "tournament_back" : "tournament_sit_out", tournament: id });
    button.disabled = true;  // until the next picture says where the player is
  });
  function update(view) {
    const you = view.you;
    const playing = Boolean(you && !you.out) && !["finished", "cancelled"].includes(view.summary.status);
    el.hidden = !playing;
    if (!playing) return;
    away = Boolean(you.away);
    button.disabled = false;
    button.className = away ? "btn btn-primary btn-small" : "btn btn-small";
    button.textContent = away ? t("tourn.back") : t("ttable.sit_out");
    note.textContent = away ? t(you.sitting_out ? "ttable.sitting_out_note" : "tourn.away_note") : "";
  }
  return { el, update };
}

/** The chat of one table of the tournament, as at a cash table: a player talks at the table
 * they sit at (the panel follows them when moved); anyone else picks a table to watch. */
function chatPanel(id) {
  let mine = null;       // the table the player sits at
  let watched = null;    // the table this socket watches (not seated)
  let pickerKey = "";    // the tables and the choice the picker shows
  const lines = [];      // every line of this tournament's tables heard on this page
  const sent = new Set();  // refs of our lines, to word their refusals here
  const list = h("ol.log", { "data-testid": "t-chat", style: { maxHeight: "140px" } });
  const error = h("div.error", { role: "alert", hidden: true, "data-testid": "t-chat-error" });
  const picker = h("select", { "aria-label": t("ttable.watch_table"), "data-testid": "t-chat-table", hidden: true,
    onchange: () => watch(picker.value ? Number(picker.value) : null) });
  const input = h("input", { type: "text", maxlength: 200, placeholder: t("chat.placeholder"), "aria-label": t("chat.message") });
  const form = h("form.row", {
    onsubmit: (ev) => {
      ev.preventDefault();
      const text = input.value.trim();
      const table = current();
      if (text && table) sent.add(conn.send({ type: "tournament_chat", tournament: id, table, text }));
      input.value = "";
    },
  }, input, h("button.btn.btn-small", { type: "submit" }, t("chat.send")));
  const title = h("h2", {}, t("chat.title"));
  const el = h("div.panel.tournament-chat", { hidden: true }, title, picker, list, error, form);
  const current = () => mine || watched;

  function watch(table) {
    watched = table;
    conn.send({ type: "tournament_watch", tournament: id, table });
    render();
  }

  function render() {
    const table = current();
    title.textContent = table ? t("ttable.chat_title", { table }) : t("chat.title");
    const key = `${id}/${table}`;
    replace(list, chatItems(lines.filter((c) => c.table === key), render));
    list.scrollTop = list.scrollHeight;
  }

  function update(view) {
    const over = ["finished", "cancelled"].includes(view.summary.status);
    const tables = [...new Set(view.summary.players.map((p) => p.table).filter((n) => n))].sort((a, b) => a - b);
    mine = view.table ? view.table.number : null;
    el.hidden = over || !tables.length;
    picker.hidden = Boolean(mine);
    if (!mine) {
      // Not seated (not entered, or out): watch a table, the first one unless chosen.
      if (!tables.includes(watched) && tables.length) watch(tables[0]);
      const key = `${tables.join(",")}:${watched}`;
      if (key !== pickerKey) {  // (rebuilt only when the tables change: a player may be choosing)
        pickerKey = key;
        replace(picker, tables.map((n) => h("option", { value: String(n), selected: n === watched }, t("ttable.table", { table: n }))));
      }
    } else if (watched) {
      watched = null;
      conn.send({ type: "tournament_watch", tournament: id, table: null });
    }
    render();
  }

  function heard(msg) {
    if (!msg.table || !msg.table.startsWith(`${id}/`)) return;
    lines.push(msg);
    if (lines.length > 200) lines.splice(0, lines.length - 200);
    error.hidden = true;
    render();
  }

  function refused(msg) {
    if (!sent.has(msg.ref)) return;
    error.hidden = false;
    error.textContent = errorText(msg).text;
  }

  // A new socket watches nothing: watch again (the felt's page follows again by itself).
  const reopened = () => { if (watched) conn.send({ type: "tournament_watch", tournament: id, table: watched }); };
  return { el, update, heard, refused, reopened, watching: () => watched !== null };
}

/** The player's last hands in this tournament (GET /api/hands?tournament=), each a link to
 * its replay (the history page); fetched again when a hand has ended. */
function handLog(id) {
  const list = h("ol.log.t-hands", { "data-testid": "t-hands" });
  const el = h("div.panel", { hidden: true },
    h("h2", {}, t("ttable.my_hands")), list,
    h("a.btn.btn-ghost.btn-small", { href: "#/history" }, t("ttable.all_hands")));
  let seen = null;  // what the list was fetched for (the table's hand, the place)
  let timer = null;
  const chipsText = (n) => `${n > 0 ? "+" : ""}${Number(n).toLocaleString(locale())}`;

  async function load() {
    let hands = [];
    try {
      const r = await fetch(`/api/hands?limit=10&tournament=${encodeURIComponent(id)}`, { credentials: "same-origin" });
      if (!r.ok) return;
      hands = (await r.json()).hands;
    } catch { return; }
    replace(list, hands.length ? hands.map((hd) => h("li", { dataset: { hand: String(hd.id) } },
      h("a", { href: `#/history/${encodeURIComponent(hd.id)}` }, t("ttable.hand", { hand: hd.hand, table: hd.table.split("/").pop() })),
      " ", hd.status === "voided" ? h("span.muted", {}, t("ttable.voided")) : h("span", {}, t("ttable.net", { chips: chipsText(hd.net) }))))
      : h("li.muted", {}, t("ttable.no_hands")));
  }

  function update(view) {
    const you = view.you;
    el.hidden = !you;
    if (!you) return;
    const key = `${view.table ? view.table.hand_number : "-"}:${you.place || ""}:${view.summary.status}`;
    if (key === seen) return;
    seen = key;
    clearTimeout(timer);
    timer = setTimeout(load, 400);  // a hand's end comes with several pictures: one fetch
  }
  return { el, update, stop: () => clearTimeout(timer) };
}

/** Mounts the side parts of tournament `id` after `anchor`; returns the cleanup. */
export function mountTournamentSide(anchor, id) {
  const seat = seatControl(id);
  const chat = chatPanel(id);
  const hands = handLog(id);
  anchor.after(h("div.tournament-side", { "data-testid": "tournament-side" }, seat.el, chat.el, hands.el));
  const offs = [
    conn.on("tournament", (msg) => {
      if (msg.tournament !== id) return;
      seat.update(msg.view);
      chat.update(msg.view);
      hands.update(msg.view);
    }),
    conn.on("chat", chat.heard),
    conn.on("error", chat.refused),
    conn.onStatus((status) => { if (status === "open") chat.reopened(); }),
  ];
  return () => {
    for (const off of offs) off();
    hands.stop();
    if (chat.watching()) conn.send({ type: "tournament_watch", tournament: id, table: null });
  };
}
