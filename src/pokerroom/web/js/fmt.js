// Display formatting only: money arrives as integers in the table's chip unit.
import { has, locale, registerFormat, t } from "./i18n.js";

// The chip unit's number of decimals (2 = cents: 150 shows as "1.50"); set from each view.
let currentDecimals = 2;
export function setDecimals(decimals) {
  if (Number.isInteger(decimals) && decimals >= 0) currentDecimals = decimals;
}
export function getDecimals() { return currentDecimals; }

// The room's currency (GET /api/room); every amount a player sees is money in it.
let currency = "EUR";
export function setCurrency(code) {
  if (typeof code === "string" && /^[A-Z]{3}$/.test(code)) { currency = code; cache.clear(); }
}
export function getCurrency() { return currency; }

const cache = new Map();
function numberFormat(decimals, withCurrency) {
  const key = `${locale()}|${decimals}|${withCurrency ? currency : ""}`;
  if (!cache.has(key)) {
    cache.set(key, new Intl.NumberFormat(locale(), withCurrency
      ? { style: "currency", currency, minimumFractionDigits: decimals, maximumFractionDigits: decimals }
      : { minimumFractionDigits: decimals, maximumFractionDigits: decimals, useGrouping: false }));
  }
  return cache.get(key);
}

/** An integer chip amount as an exact decimal string ("123450" -> "1234.50"), no float. */
function decimalString(amount, decimals) {
  const n = BigInt(amount);
  const neg = n < 0n;
  let digits = (neg ? -n : n).toString();
  if (decimals > 0) {
    digits = digits.padStart(decimals + 1, "0");
    digits = `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
  }
  return neg ? `-${digits}` : digits;
}

// Tournament chips are not money: while a page shows a tournament's hand (its replay),
// money() writes chip counts in the player's locale ("1,500", "1.500"), no currency.
let chipsMode = false;
export function setChips(on) { chipsMode = Boolean(on); }

/** Run `fn` with amounts as tournament chips (whole counts, no currency), then back to what
 * was set: the tournament page draws its felt in chips and its prizes in money. */
export function withChips(fn) {
  const was = [chipsMode, currentDecimals];
  chipsMode = true;
  currentDecimals = 0;
  try { return fn(); } finally { [chipsMode, currentDecimals] = was; }
}

/** A chip count in the player's locale, grouped, without currency or decimals. */
export function chipCount(amount) {
  if (amount === undefined || amount === null || amount === "") return "";
  return new Intl.NumberFormat(locale(), { maximumFractionDigits: 0 }).format(BigInt(amount));
}

/** An integer amount in the chip unit as money in the player's locale ("€1,234.50",
 * "1.234,50 €"); Intl.NumberFormat is given the exact decimal string, never a float. */
export function money(amount, decimals = currentDecimals) {
  if (amount === undefined || amount === null || amount === "") return "";
  if (chipsMode) return chipCount(amount);
  return numberFormat(decimals, true).format(decimalString(amount, decimals));
}

/** Signed money: "+€1.50" / "-€1.50" / "€0.00". */
export function signedMoney(amount, decimals = currentDecimals) {
  return amount > 0 ? `+${money(amount, decimals)}` : money(amount, decimals);
}

/** The locale's decimal and group separators ("," and "." in German). */
export function separators() {
  const parts = new Intl.NumberFormat(locale()).formatToParts(12345.6);
  return {
    decimal: (parts.find((p) => p.type === "decimal") || { value: "." }).value,
    group: (parts.find((p) => p.type === "group") || { value: "," }).value,
  };
}

/** Parse what a player typed into the chip unit int, or null. Only the locale's decimals:
 * "1.5" and "1,234.50" in English, "1,5" and "1.234,50" in German; "1,2,3" is nothing. */
export function parseMoney(text, decimals = currentDecimals) {
  const { decimal, group } = separators();
  const raw = String(text ?? "").replace(/[\s\u00a0\u202f]/g, "").replace(/[€$£]/g, "");
  const esc = (c) => c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const re = new RegExp(`^(\\d{1,3}(?:${esc(group)}\\d{3})+|\\d*)(?:${esc(decimal)}(\\d*))?$`);
  const m = re.exec(raw);
  if (!m || (m[1] === "" && (m[2] ?? "") === "")) return null;
  const whole = m[1].split(group).join("");
  const frac = m[2] ?? "";
  if (frac.length > decimals) return null;
  return Number(BigInt(whole || "0") * 10n ** BigInt(decimals) + BigInt(frac.padEnd(decimals, "0") || "0"));
}

/** The plain number for an input box: no symbol, no grouping, the locale's decimal mark. */
export function moneyInput(amount, decimals = currentDecimals) {
  if (amount === undefined || amount === null || amount === "") return "";
  return numberFormat(decimals, false).format(decimalString(amount, decimals));
}

registerFormat("money", (v) => money(v));
registerFormat("card", (v) => cardWords(v));
registerFormat("when", (v) => dateTime(v));

/** "€1.00/€2.00" for blinds or limit bets, then the ante and the bring-in. */
export function stakesText(stakes, betting) {
  if (!stakes) return "";
  if (typeof stakes === "string") return stakes;
  const parts = [];
  if (betting === "limit" && (stakes.small_bet || stakes.big_bet)) parts.push(`${money(stakes.small_bet)}/${money(stakes.big_bet)}`);
  else if (stakes.small_blind || stakes.big_blind) parts.push(`${money(stakes.small_blind)}/${money(stakes.big_blind)}`);
  else if (stakes.small_bet || stakes.big_bet) parts.push(`${money(stakes.small_bet)}/${money(stakes.big_bet)}`);
  if (stakes.ante) parts.push(t("stakes.ante", { amount: stakes.ante }));
  if (stakes.bring_in) parts.push(t("stakes.bring_in", { amount: stakes.bring_in }));
  return parts.join(", ");
}

/** "No Limit Hold'em", "Ultimate Texas Hold'em": the game's name in the player's language
 * (else the variant's own name, for a game the catalogues do not know yet). */
export function gameText(game, betting, variant) {
  const key = `game.${game}`;
  const g = game ? (has(key) ? t(key) : (variant && variant.name) || game) : "";
  const bkey = `betting.${betting}`;
  const b = betting ? (has(bkey) ? t(bkey) : betting) : "";
  return game === "uth" ? g : [b, g].filter(Boolean).join(" ");
}

/** A mixed table (PROTOCOL `mix`): "HORSE · now Limit Razz". */
export function mixNowText(mix, game, betting, variant) {
  return t("mix.now", { mix: gameText(mix.mix), game: gameText(game, betting, variant) });
}

/** A mixed table's rotation in order: "Limit Hold'em → Limit Omaha Hi-Lo → ...". */
export function mixRotationText(mix) {
  return (mix.games || []).map((g) => gameText(g.game, g.betting)).join(" → ");
}

/** A mixed table's next game and when: "Next: Limit Seven Card Stud after 2 more hands". */
export function mixNextText(mix) {
  const game = gameText(mix.next.game, mix.next.betting);
  if (mix.hands_left === null || mix.hands_left === undefined) return t("mix.next_orbit", { game });
  if (mix.hands_left === 0) return t("mix.next_now", { game });
  return t("mix.next", { game, count: mix.hands_left });
}

export function seconds(ms) {
  return Math.max(0, Math.ceil(ms / 1000));
}

export function dateTime(value) {
  if (!value) return "";
  const d = typeof value === "number" ? new Date(value) : new Date(value);
  if (Number.isNaN(d.getTime())) return String(value);
  return d.toLocaleString(locale());
}

/** Words for a forced bet kind sent by the server (PostKind names). */
export function postWords(kind) {
  const k = String(kind || "").toLowerCase();
  const key = `post.${k}`;
  return t(key) === key ? k.replaceAll("_", " ") : t(key);
}

const RANK_CODES = "23456789TJQKA";
/** "Ace of spades" / "Pik-Ass" for "As". */
export function cardWords(code) {
  const text = String(code || "");
  if (text.length < 2) return t("card.hidden");
  const rank = text.slice(0, -1) === "10" ? "T" : text.slice(0, -1).toUpperCase();
  return t("card.name", { rank: t(`rank.${rank}`), suit: t(`suit.${text.slice(-1).toLowerCase()}`) });
}

/** A low's or a draw hand's cards as players write them: "8-5-3-2-A", "10-9-7-4-2". */
function rankRun(codes) {
  return codes.map((c) => (c === "T" ? "10" : c)).join("-");
}
// A low arrives as face values (ace = 1, king = 13); as codes: "A", "2".."9", "T", "J", "Q", "K".
const LOW_CODES = ["", "A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"];

/**
 * A hand's value in words from the server's structured form (PROTOCOL: `hand` with
 * `category` and the five `ranks` in comparison order, 0..12 = 2..A): "Full House, Kings
 * full of Sevens" / "Full House, Könige über Siebenen". `low` (hi-lo, razz) adds the low;
 * `lowball` (2-7) words an unpaired hand as its cards ("7-5-4-3-2"); `badugi` (its ranks,
 * high to low) is "Badugi 8-5-3-A" or "3-card 7-4-2".
 */
export function handWords(hand) {
  if (!hand) return "";
  if (typeof hand === "string") return hand;
  if (hand.badugi) {
    const cards = rankRun(hand.badugi.map((x) => RANK_CODES[x]));
    return hand.badugi.length === 4 ? t("hand.badugi", { cards }) : t("hand.badugi_cards", { cards, count: hand.badugi.length });
  }
  const parts = [];
  if (hand.category) {
    const r = (hand.ranks || []).map((x) => RANK_CODES[x]);
    const one = (i) => t(`rank.${r[i]}`);
    const many = (i) => t(`ranks.${r[i]}`);
    const c = String(hand.category).toLowerCase();
    let key = `hand.${c}`;
    if (c === "straight_flush" && r[0] === "A") key = "hand.royal_flush";
    if (c === "high_card" && hand.lowball) parts.push(t("hand.lowball", { cards: rankRun(r) }));
    else parts.push(t(key, { r1: one(0), r1s: many(0), r2s: many(2), r4s: many(3) }));
  }
  if (hand.low && hand.low.length) {
    const cards = rankRun(hand.low.map((x) => LOW_CODES[x] || String(x)));
    parts.push(t(hand.category ? "hand.and_low" : "hand.low", { cards }));
  } else if (hand.no_low) {
    parts.push(t("hand.no_low"));
  }
  return parts.join(hand.category && hand.low && hand.low.length ? "; " : " ");
}
