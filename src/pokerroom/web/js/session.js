// Who is logged in and the wallet balance shown in the header.
import { api } from "./api.js";
import { conn } from "./socket.js";

const listeners = new Set();
export const session = { account: null, balance: null, checked: false };

export function onSession(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

function changed() {
  for (const fn of listeners) fn(session);
}

/**
 * The client seed of the fair deal (docs/FAIRNESS.md): this browser's own, random unless the
 * player set one, kept in local storage and handed to the server whenever a session starts.
 */
export function clientSeed() {
  let seed = localStorage.getItem("pokerroom.client_seed");
  if (!seed) {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    seed = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
    localStorage.setItem("pokerroom.client_seed", seed);
  }
  return seed;
}

export async function setClientSeed(seed) {
  const data = await api.setClientSeed(seed);
  localStorage.setItem("pokerroom.client_seed", data.client_seed);
  return data.client_seed;
}

export function setAccount(account) {
  const fresh = account && (!session.account || session.account.id !== account.id);
  if (fresh) api.setClientSeed(clientSeed()).catch(() => {});
  session.account = account;
  session.balance = account ? account.balance : null;
  session.checked = true;
  changed();
}

export function setBalance(balance) {
  if (typeof balance !== "number") return;
  session.balance = balance;
  changed();
}

export async function loadSession() {
  try {
    const data = await api.me();
    setAccount(data.account);
  } catch {
    setAccount(null);
  }
  return session.account;
}

conn.on("welcome", (msg) => {
  if (!msg.account && session.account) {
    // The session ended on the server (expired or logged out elsewhere).
    setAccount(null);
    location.hash = "#/login";
    return;
  }
  if (msg.account) {
    if (!session.account || session.account.id !== msg.account.id) session.account = msg.account;
    setBalance(msg.account.balance);
  }
});
conn.on("balance", (msg) => setBalance(msg.balance));

/** Where to go after a successful log in or sign up. */
export function afterLogin() {
  const target = sessionStorage.getItem("pokerroom.after_login");
  sessionStorage.removeItem("pokerroom.after_login");
  conn.restart();
  location.hash = target && !target.includes("login") && !target.includes("signup") ? target : "#/lobby";
}
