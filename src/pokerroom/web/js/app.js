// Entry point: the header, the hash router, the connection banner.
import { $, h, replace } from "./dom.js";
import { api } from "./api.js";
import { conn } from "./socket.js";
import { session, onSession, loadSession, setAccount } from "./session.js";
import { money, setCurrency } from "./fmt.js";
import { t, initLanguage, setLanguage, accountLanguage, onLanguage, onChoice, lang } from "./i18n.js";
import { showBanner, noticeText } from "./ui.js";
import { muted, setMuted } from "./sound.js";
import { mountAuth } from "./pages/auth.js";
import { mountLobby } from "./pages/lobby.js";
import { mountTable } from "./pages/table.js";
import { mountTiles } from "./pages/tiles.js";
import { mountUth } from "./pages/uth.js";
import { mountHistory, mountReplay } from "./pages/history.js";
import { mountAccount } from "./pages/account.js";
import { mountTournaments, mountTournament } from "./pages/tournaments.js";
import { mountReset } from "./pages/reset.js";
import { mountRule } from "./pages/rules.js";

const ROUTES = [
  [/^#?\/?$/, () => (session.account ? "#/lobby" : "#/login")],
  [/^#\/(login|signup)$/, mountAuth, { public: true }],
  [/^#\/reset\/([^/]+)$/, mountReset, { public: true }],
  [/^#\/rules\/([^/]+)$/, mountRule, { public: true }],
  [/^#\/lobby$/, mountLobby],
  [/^#\/table\/([^/]+)$/, mountTable],
  [/^#\/tiles\/?([^/]*)$/, mountTiles],
  [/^#\/uth\/([^/]+)$/, mountUth],
  [/^#\/history$/, mountHistory],
  [/^#\/history\/([^/]+)$/, mountReplay],
  [/^#\/account$/, mountAccount],
  [/^#\/tournaments$/, mountTournaments],
  [/^#\/tournament\/([^/]+)$/, mountTournament],
];

let unmount = null;
let mountedHash = null;

function route() {
  const hash = location.hash || "#/";
  for (const [pattern, target, opts] of ROUTES) {
    const m = pattern.exec(hash);
    if (!m) continue;
    if (typeof target === "function" && target.length === 0) {
      location.replace(target());
      return;
    }
    if (!(opts && opts.public) && !session.account) {
      sessionStorage.setItem("pokerroom.after_login", hash);
      location.replace("#/login");
      return;
    }
    if (unmount) { try { unmount(); } catch (err) { console.error(err); } }
    const main = $("#main");
    replace(main);
    unmount = target(main, ...m.slice(1).map(decodeURIComponent)) || null;
    mountedHash = hash;
    for (const a of document.querySelectorAll("[data-nav]")) {
      a.classList.toggle("active", hash.startsWith(`#/${a.dataset.nav}`));
    }
    window.scrollTo(0, 0);
    return;
  }
  location.replace("#/");
}

/** The static words of index.html (data-i18n, data-i18n-title, data-i18n-aria). */
function translateStatic() {
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of document.querySelectorAll("[data-i18n-title]")) el.title = t(el.dataset.i18nTitle);
  for (const el of document.querySelectorAll("[data-i18n-aria]")) el.setAttribute("aria-label", t(el.dataset.i18nAria));
  $("#language").value = lang();
  renderMute();
  document.title = t("app.title");
}

function renderHeader() {
  const logged = Boolean(session.account);
  $("#nav").hidden = !logged;
  $("#userbox").hidden = !logged;
  if (logged) {
    $("#username").textContent = session.account.username;
    $("#balance").textContent = money(session.balance, 2);
  }
}

let lostShown = false;
conn.onStatus((status) => {
  if (status === "reconnecting") { showBanner(t("conn.lost")); lostShown = true; }
  else if (status === "open") {
    if (!$("#banner").hidden && lostShown) showBanner(t("conn.back"), "ok", 1500);
    lostShown = false;
  }
});

conn.on("notice", (msg) => {
  if (msg.code === "seat_available" && msg.table) {
    showBanner(noticeText(msg), "ok", 15000, { href: `#/table/${encodeURIComponent(msg.table)}`, text: t("notice.go_to_table") });
    return;
  }
  const calm = ["left", "round_settled"].includes(msg.code);
  if (!msg.table || !location.hash.includes(msg.table)) showBanner(noticeText(msg), calm ? "ok" : "warn", calm ? 3000 : 6000);
});

/** The speaker of the mute switch, drawn inline (an emoji needs a font some systems lack:
 * Debian's headless Chromium drew an empty box): sound waves when on, a cross when muted. */
function speakerIcon(off) {
  const stroke = { fill: "none", stroke: "currentColor", "stroke-width": "2", "stroke-linecap": "round" };
  return h("svg:svg", { class: "icon", viewBox: "0 0 24 24", width: "18", height: "18", "aria-hidden": "true", "data-testid": off ? "sound-off-icon" : "sound-on-icon" },
    h("svg:path", { d: "M3 9h4l5-4v14l-5-4H3z", fill: "currentColor" }),
    off
      ? h("svg:path", { d: "M16 9l6 6M22 9l-6 6", ...stroke })
      : h("svg:path", { d: "M16 8.5a5 5 0 0 1 0 7M19 5.5a9 9 0 0 1 0 13", ...stroke }));
}

function renderMute() {
  const btn = $("#mute");
  btn.setAttribute("aria-pressed", muted() ? "true" : "false");
  btn.replaceChildren(speakerIcon(muted()));
  btn.title = t(muted() ? "header.sound_off" : "header.sound_on");
  btn.setAttribute("aria-label", t("header.mute"));
}
$("#mute").addEventListener("click", () => { setMuted(!muted()); renderMute(); });

$("#language").addEventListener("change", async (ev) => {
  await setLanguage(ev.target.value, session.account ? session.account.id : null);
});
onLanguage(() => {
  translateStatic();
  renderHeader();
  // Redraw the page in the new language (the page keeps its live state on the server).
  if (mountedHash === (location.hash || "#/")) { mountedHash = null; route(); }
});
// A click on the banner dismisses it.
$("#banner").addEventListener("click", () => { $("#banner").hidden = true; });

$("#logout").addEventListener("click", async () => {
  try { await api.logout(); } catch { /* already logged out */ }
  setAccount(null);
  conn.restart();
  location.hash = "#/login";
});

onSession(renderHeader);
onChoice((language) => api.setLanguage(language));
let languageOf = null;  // the account whose stored language was applied
onSession((s) => {
  const id = s.account ? s.account.id : null;
  if (id !== null && id !== languageOf) accountLanguage(s.account);
  languageOf = id;
});
// For the browser tests and the curious: the live connection (drop it to see a reconnect).
window.pokerroom = { conn };
window.addEventListener("hashchange", route);

(async () => {
  const roomInfo = fetch("api/room").then((r) => r.json()).then((r) => setCurrency(r.currency)).catch(() => {});
  await loadSession();
  await initLanguage(session.account);
  await roomInfo;
  translateStatic();
  renderHeader();
  conn.connect();
  route();
})();

