// The chat lines a player sees, at a cash table and in a tournament: the last ones heard,
// without the lines of the players this player muted. A mute is the listener's own choice,
// so it lives in this browser (per account, it survives a reload) and changes nothing for
// anyone else; the lines are still received, only not shown, and come back on unmute.
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { session } from "./session.js";

const SHOWN = 50;

function storeKey() {
  return `pokerroom.muted.${session.account ? session.account.id : "anonymous"}`;
}

export function mutedNames() {
  try {
    const names = JSON.parse(localStorage.getItem(storeKey()) || "[]");
    return new Set(Array.isArray(names) ? names.filter((n) => typeof n === "string") : []);
  } catch {
    return new Set(); // a corrupt entry mutes nobody
  }
}

export function setMuted(name, muted) {
  const names = mutedNames();
  if (muted) names.add(name); else names.delete(name);
  localStorage.setItem(storeKey(), JSON.stringify([...names]));
}

/** The list items for `lines` ({name, text}): a muted player's lines left out, a Mute button
 * on every other player's line, then for each muted player heard here an Unmute. `redraw` is
 * called after either button changed the list. */
export function chatItems(lines, redraw) {
  const muted = mutedNames();
  const me = session.account ? session.account.username : null;
  const toggle = (name, on) => () => { setMuted(name, on); redraw(); };
  const heard = lines.filter((c) => !muted.has(c.name)).slice(-SHOWN).map((c) => h("li", {},
    h("strong", {}, `${c.name}: `), c.text,
    c.name && c.name !== me
      ? h("button.btn.btn-small.chat-mute", { type: "button", onclick: toggle(c.name, true),
        "aria-label": t("chat.mute_name", { name: c.name }) }, t("chat.mute"))
      : null));
  const names = new Set(lines.map((c) => c.name));
  const quiet = [...muted].filter((name) => names.has(name)).map((name) => h("li.chat-muted",
    { "data-testid": "chat-muted" }, t("chat.muted", { name }), " ",
    h("button.btn.btn-small", { type: "button", onclick: toggle(name, false),
      "aria-label": t("chat.unmute_name", { name }) }, t("chat.unmute"))));
  return [...heard, ...quiet];
}
