// The player's language: message catalogues (web/i18n/<lang>.json), plural forms by
// Intl.PluralRules. Which language, first found wins: the one stored on the account (the
// server keeps it, so every browser the player logs in from agrees), a choice made in this
// browser, the server's reading of Accept-Language (index.html's data-accept-language), and
// navigator.languages.
//
// A catalogue entry is a string with {name} placeholders; {name:money} formats a chip amount
// in the room's currency (fmt.js), {name:card} a card code. An entry may be an object of
// plural forms ({"one": "...", "other": "..."}) chosen by the `count` parameter.

export const LANGUAGES = ["en", "de"];
export const LANGUAGE_NAMES = { en: "English", de: "Deutsch" };
const STORE = "pokerroom.lang";

const catalogues = {};
let current = "en";
let formatters = {};
const listeners = new Set();

/** The language the browser prefers among ours ("de-AT" -> "de"), else English. */
export function browserLanguage(prefs = (typeof navigator !== "undefined" && navigator.languages) || []) {
  for (const tag of prefs) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return "en";
}

function storedLanguage(accountId) {
  try {
    const own = accountId ? localStorage.getItem(`${STORE}.${accountId}`) : null;
    const any = own || localStorage.getItem(STORE);
    return LANGUAGES.includes(any) ? any : null;
  } catch { return null; }
}

async function load(lang) {
  if (!catalogues[lang]) {
    const resp = await fetch(`i18n/${lang}.json`, { credentials: "same-origin" });
    catalogues[lang] = await resp.json();
  }
  return catalogues[lang];
}

/** The server's reading of the Accept-Language header at this page's load. */
function serverLanguage() {
  const tag = typeof document !== "undefined" ? document.documentElement.dataset.acceptLanguage : null;
  return LANGUAGES.includes(tag) ? tag : null;
}

/** Load the language for this account (the account's, this browser's choice, the browser's). */
export async function initLanguage(account = null) {
  const own = account && LANGUAGES.includes(account.language) ? account.language : null;
  const lang = own || storedLanguage(account ? account.id : null) || serverLanguage() || browserLanguage();
  await load("en");  // the fallback for a key a catalogue lacks (the test keeps them equal)
  await use(lang);
}

async function use(lang) {
  await load(lang);
  current = lang;
  formatters = {};
  document.documentElement.lang = lang;
  for (const fn of listeners) fn(lang);
}

let saveOnServer = null;
/** How a choice reaches the account on the server (app.js passes api.setLanguage). */
export function onChoice(fn) { saveOnServer = fn; }

/** The header switch: remembered in this browser and, logged in, on the account. */
export async function setLanguage(lang, accountId = null) {
  if (!LANGUAGES.includes(lang)) return;
  try {
    localStorage.setItem(STORE, lang);
    if (accountId) localStorage.setItem(`${STORE}.${accountId}`, lang);
  } catch { /* private mode: the choice lasts for this page */ }
  if (accountId && saveOnServer) {
    try { await saveOnServer(lang); } catch { /* kept in this browser; the next choice retries */ }
  }
  await use(lang);
}

/** When an account logs in: the language stored on it; an account without one takes the
 * language the player has been reading here (and keeps it on the server). */
export async function accountLanguage(account) {
  if (!account) return;
  if (LANGUAGES.includes(account.language)) {
    try { localStorage.setItem(`${STORE}.${account.id}`, account.language); } catch { /* */ }
    if (account.language !== current) await use(account.language);
    return;
  }
  const own = storedLanguage(account.id) || serverLanguage() || browserLanguage();
  if (saveOnServer) saveOnServer(own).then(() => { account.language = own; }).catch(() => {});
  if (own !== current) await use(own);
}

export function onLanguage(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export function lang() { return current; }
/** The BCP 47 locale for Intl: de-DE, en-US. */
export function locale() { return current === "de" ? "de-DE" : "en-US"; }

function plural(count) {
  if (!formatters.plural) formatters.plural = new Intl.PluralRules(locale());
  return formatters.plural.select(Number(count));
}

let valueFormatters = {};
/** fmt.js registers how {x:money} etc. are written (kept there: one place for money). */
export function registerFormat(name, fn) { valueFormatters[name] = fn; }

/** Does the catalogue know this key (in the current language or English)? */
export function has(key) {
  return (catalogues[current] && key in catalogues[current]) || (catalogues.en && key in catalogues.en);
}

/** The text of `key` in the player's language with `params` filled in. */
export function t(key, params = {}) {
  let entry = catalogues[current] && catalogues[current][key];
  if (entry === undefined) entry = catalogues.en && catalogues.en[key];
  if (entry === undefined) return key;
  if (typeof entry === "object") {
    const form = plural(params.count ?? 0);
    entry = entry[form] ?? entry.other;
  }
  return String(entry).replace(/\{(\w+)(?::(\w+))?\}/g, (whole, name, kind) => {
    const value = params[name];
    if (value === undefined || value === null) return "";
    if (kind && valueFormatters[kind]) return valueFormatters[kind](value);
    return String(value);
  });
}
