// Display formatting only: money arrives as integers in the table's chip unit.

// The chip unit's number of decimals (2 = cents: 150 shows as "1.50"); set from each view.
let currentDecimals = 2;
export function setDecimals(decimals) {
  if (Number.isInteger(decimals) && decimals >= 0) currentDecimals = decimals;
}
export function getDecimals() { return currentDecimals; }

function group(digits) {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** An integer amount in the chip unit as text ("1,234.50"); string arithmetic, no float. */
export function money(amount, decimals = currentDecimals) {
  if (amount === undefined || amount === null || amount === "") return "";
  const n = BigInt(amount);
  const neg = n < 0n;
  let digits = (neg ? -n : n).toString();
  let text;
  if (decimals > 0) {
    digits = digits.padStart(decimals + 1, "0");
    text = `${group(digits.slice(0, -decimals))}.${digits.slice(-decimals)}`;
  } else {
    text = group(digits);
  }
  return neg ? `-${text}` : text;
}

/** Signed money: "+1.50" / "-1.50" / "0.00". */
export function signedMoney(amount, decimals = currentDecimals) {
  return amount > 0 ? `+${money(amount, decimals)}` : money(amount, decimals);
}

/** Parse what a player typed ("1.5", "1,234.50", "20") into the chip unit int, or null. */
export function parseMoney(text, decimals = currentDecimals) {
  const clean = String(text ?? "").replaceAll(",", "").trim();
  const m = /^(\d*)(?:\.(\d*))?$/.exec(clean);
  if (!m || (m[1] === "" && (m[2] ?? "") === "")) return null;
  const frac = m[2] ?? "";
  if (frac.length > decimals) return null;
  return Number(BigInt(m[1] || "0") * 10n ** BigInt(decimals) + BigInt(frac.padEnd(decimals, "0") || "0"));
}

/** The plain number for an input box (no grouping). */
export function moneyInput(amount, decimals = currentDecimals) {
  return money(amount, decimals).replaceAll(",", "");
}

/** "5/10" for blinds, "10/20" for limit bets, "ante 5" etc. from a stakes object. */
export function stakesText(stakes, betting) {
  if (!stakes) return "";
  if (typeof stakes === "string") return stakes;
  const parts = [];
  if (betting === "limit" && (stakes.small_bet || stakes.big_bet)) parts.push(`${money(stakes.small_bet)}/${money(stakes.big_bet)}`);
  else if (stakes.small_blind || stakes.big_blind) parts.push(`${money(stakes.small_blind)}/${money(stakes.big_blind)}`);
  else if (stakes.small_bet || stakes.big_bet) parts.push(`${money(stakes.small_bet)}/${money(stakes.big_bet)}`);
  if (stakes.ante) parts.push(`ante ${money(stakes.ante)}`);
  if (stakes.bring_in) parts.push(`bring-in ${money(stakes.bring_in)}`);
  return parts.join(", ");
}

const GAME_NAMES = {
  "holdem": "Hold'em", "omaha": "Omaha", "omaha-hilo": "Omaha Hi-Lo", "stud": "Seven Card Stud",
  "stud-hilo": "Stud Hi-Lo", "razz": "Razz", "uth": "Ultimate Texas Hold'em",
};
const BETTING_NAMES = { "no-limit": "No Limit", "pot-limit": "Pot Limit", "limit": "Limit" };

export function gameText(game, betting, variant) {
  const g = (variant && variant.name) || GAME_NAMES[game] || game || "";
  const b = BETTING_NAMES[betting] || betting || "";
  return game === "uth" ? g : [b, g].filter(Boolean).join(" ");
}

export function seconds(ms) {
  return Math.max(0, Math.ceil(ms / 1000));
}

export function dateTime(value) {
  if (!value) return "";
  const d = typeof value === "number" ? new Date(value) : new Date(value);
  if (Number.isNaN(d.getTime())) return String(value);
  return d.toLocaleString();
}

/** Words for a forced bet kind sent by the server (PostKind names). */
export function postWords(kind) {
  const k = String(kind || "").toUpperCase();
  return {
    SMALL_BLIND: "the small blind",
    BIG_BLIND: "the big blind",
    SMALL_BLIND_DEAD: "the small blind (dead: it goes to the pot, not to your bet)",
    BIG_BLIND_DEAD: "the big blind (dead)",
    ANTE: "the ante",
    BRING_IN: "the bring-in",
    STRADDLE: "a straddle",
  }[k] || k.toLowerCase().replaceAll("_", " ");
}
