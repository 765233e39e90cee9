import { t, has } from "./i18n.js";
// REST calls of docs/PROTOCOL.md section 1. Errors become ApiError with the server's code.

export class ApiError extends Error {
  constructor(status, code, reason, detail) {
    super(reason || code || `HTTP ${status}`);
    this.status = status;
    this.code = code;
    this.detail = detail;
  }
}

async function call(method, path, body) {
  const init = { method, credentials: "same-origin", headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let resp;
  try {
    resp = await fetch(path, init);
  } catch (err) {
    throw new ApiError(0, "network", "The server cannot be reached. Check your connection.");
  }
  if (resp.status === 204) return null;
  const type = resp.headers.get("content-type") || "";
  const data = type.includes("json") ? await resp.json().catch(() => null) : await resp.text();
  if (!resp.ok) {
    const detail = data && typeof data === "object" ? data.detail : null;
    if (detail && typeof detail === "object" && !Array.isArray(detail)) {
      throw new ApiError(resp.status, detail.code, detail.reason, detail);
    }
    const reason = Array.isArray(detail) ? detail.map((d) => d.msg).join("; ") : detail;
    throw new ApiError(resp.status, null, reason || `HTTP ${resp.status}`, detail);
  }
  return data;
}

export const api = {
  register: (username, password, language) => call("POST", "/api/auth/register", { username, password, language }),
  setLanguage: (language) => call("PUT", "/api/me/language", { language }),
  login: (username, password) => call("POST", "/api/auth/login", { username, password }),
  logout: () => call("POST", "/api/auth/logout"),
  me: () => call("GET", "/api/auth/me"),
  lobby: () => call("GET", "/api/lobby"),
  wallet: (lang = "en") => call("GET", `/api/wallet?lang=${encodeURIComponent(lang)}`),
  hands: (limit = 50, before = null) =>
    call("GET", `/api/hands?limit=${limit}${before ? `&before=${encodeURIComponent(before)}` : ""}`),
  hand: (id) => call("GET", `/api/hands/${encodeURIComponent(id)}`),
  fairness: (id) => call("GET", `/api/hands/${encodeURIComponent(id)}/fairness`),
  clientSeed: () => call("GET", "/api/me/client-seed"),
  setClientSeed: (seed) => call("PUT", "/api/me/client-seed", { client_seed: seed }),
  handPokerStarsUrl: (id) => `/api/hands/${encodeURIComponent(id)}/pokerstars`,
  allPokerStarsUrl: () => "/api/hands/pokerstars",
  statementUrl: () => "/api/wallet/statement.csv",
};

/** A REST refusal in the player's language (by its code; the server's words if new). */
export function explain(err) {
  if (err.code === "throttled") {
    const wait = err.detail && err.detail.retry_after_s;
    return wait ? t("auth.throttled_wait", { seconds: wait }) : t("auth.throttled");
  }
  if (err.code === "weak_password") return t("auth.weak_password");
  if (err.code === "network") return t("error.network");
  if (err.code && has(`auth.${err.code}`)) return t(`auth.${err.code}`);
  return err.message;
}
