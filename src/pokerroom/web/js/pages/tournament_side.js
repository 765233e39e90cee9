// What a tournament table has beside the felt, as a cash table does: sitting out and coming
// back (R-TOURN-5). Kept apart from tournaments.js (the felt): each part follows the
// `tournament` pictures by itself.
import { h, replace } from "../dom.js";
import { conn } from "../socket.js";
import { t } from "../i18n.js";

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

/** Mounts the side parts of tournament `id` after `anchor`; returns the cleanup. */
export function mountTournamentSide(anchor, id) {
  const seat = seatControl(id);
  anchor.after(h("div.tournament-side", { "data-testid": "tournament-side" }, seat.el));
  const off = conn.on("tournament", (msg) => {
    if (msg.tournament !== id) return;
    seat.update(msg.view);
  });
  return () => { off(); };
}
