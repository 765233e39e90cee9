// Entry point: the header, the hash router, the connection banner.
import { $, replace } from "./dom.js";
import { api } from "./api.js";
import { conn } from "./socket.js";
import { session, onSession, loadSession, setAccount } from "./session.js";
import { money } from "./fmt.js";
import { showBanner } from "./ui.js";
import { mountAuth } from "./pages/auth.js";
import { mountLobby } from "./pages/lobby.js";
import { mountTable } from "./pages/table.js";
import { mountUth } from "./pages/uth.js";
import { mountHistory, mountReplay } from "./pages/history.js";
import { mountAccount } from "./pages/account.js";
import { mountTournaments, mountTournament } from "./pages/tournaments.js";
import { mountReset } from "./pages/reset.js";

const ROUTES = [
  [/^#?\/?$/, () => (session.account ? "#/lobby" : "#/login")],
  [/^#\/(login|signup)$/, mountAuth, { public: true }],
  [/^#\/reset\/([^/]+)$/, mountReset, { public: true }],
  [/^#\/lobby$/, mountLobby],
  [/^#\/table\/([^/]+)$/, mountTable],
  [/^#\/uth\/([^/]+)$/, mountUth],
  [/^#\/history$/, mountHistory],
  [/^#\/history\/([^/]+)$/, mountReplay],
  [/^#\/account$/, mountAccount],
  [/^#\/tournaments$/, mountTournaments],
  [/^#\/tournament\/([^/]+)$/, mountTournament],
];

let unmount = null;

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
    for (const a of document.querySelectorAll("[data-nav]")) {
      a.classList.toggle("active", hash.startsWith(`#/${a.dataset.nav}`));
    }
    window.scrollTo(0, 0);
    return;
  }
  location.replace("#/");
}

function renderHeader() {
  const logged = Boolean(session.account);
  $("#nav").hidden = !logged;
  $("#userbox").hidden = !logged;
  if (logged) {
    $("#username").textContent = session.account.username;
    $("#balance").textContent = money(session.balance);
  }
}

conn.onStatus((status) => {
  if (status === "reconnecting") showBanner("Connection lost. Reconnecting...");
  else if (status === "open") {
    if (!$("#banner").hidden && $("#banner").textContent.startsWith("Connection lost")) {
      showBanner("Reconnected.", "ok", 1500);
    }
  }
});

conn.on("notice", (msg) => {
  if (msg.code === "seat_available" && msg.table) {
    showBanner(msg.text || "A seat is free.", "ok", 15000, { href: `#/table/${encodeURIComponent(msg.table)}`, text: "Go to the table" });
    return;
  }
  const calm = ["left", "round_settled"].includes(msg.code);
  if (!msg.table || !location.hash.includes(msg.table)) showBanner(msg.text, calm ? "ok" : "warn", calm ? 3000 : 6000);
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
// For the browser tests and the curious: the live connection (drop it to see a reconnect).
window.pokerroom = { conn };
window.addEventListener("hashchange", route);

(async () => {
  await loadSession();
  renderHeader();
  conn.connect();
  route();
})();

