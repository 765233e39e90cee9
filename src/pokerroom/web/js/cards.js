// Playing cards drawn with CSS and inline SVG suit symbols made for this project.
import { h } from "./dom.js";
import { t } from "./i18n.js";

const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
const SUITS = ["c", "d", "h", "s"];

// Suit shapes on a 100x100 box.
const SUIT_PATHS = {
  s: "M50 5 C35 30 5 42 5 62 C5 78 22 86 36 80 C42 77 46 72 47 68 C45 82 40 90 32 96 L68 96 C60 90 55 82 53 68 C54 72 58 77 64 80 C78 86 95 78 95 62 C95 42 65 30 50 5 Z",
  h: "M50 95 C40 82 5 62 5 35 C5 18 18 6 32 6 C41 6 47 12 50 20 C53 12 59 6 68 6 C82 6 95 18 95 35 C95 62 60 82 50 95 Z",
  d: "M50 3 L88 50 L50 97 L12 50 Z",
  c: "M50 5 C38 5 29 15 29 27 C29 34 32 39 36 43 C32 41 28 40 24 40 C12 40 3 50 3 62 C3 74 12 84 24 84 C34 84 42 78 46 70 C45 82 40 90 32 96 L68 96 C60 90 55 82 54 70 C58 78 66 84 76 84 C88 84 97 74 97 62 C97 50 88 40 76 40 C72 40 68 41 64 43 C68 39 71 34 71 27 C71 15 62 5 50 5 Z",
};

/** Parse a card from the server: an int code (4*rank+suit), "As", "10h", "Th"; null = hidden. */
export function parseCard(card) {
  if (card === null || card === undefined || card === "??" || card === "" || card === -1) return null;
  if (typeof card === "number") return { rank: RANKS[card >> 2], suit: SUITS[card & 3] };
  if (typeof card === "object" && card.rank !== undefined) {
    const rank = typeof card.rank === "number" ? RANKS[card.rank] : card.rank;
    const suit = typeof card.suit === "number" ? SUITS[card.suit] : card.suit;
    return { rank, suit };
  }
  const text = String(card).trim();
  const suit = text.slice(-1).toLowerCase();
  let rank = text.slice(0, -1).toUpperCase();
  if (rank === "T") rank = "10";
  if (!RANKS.includes(rank) || !SUITS.includes(suit)) return null;
  return { rank, suit };
}

export function suitSvg(suit, cls = "suit") {
  return h(`svg:svg.${cls}`, { viewBox: "0 0 100 100", "aria-hidden": "true" },
    h("svg:path", { d: SUIT_PATHS[suit] }));
}

/** One card element; face down when the card is unknown to this viewer. */
export function cardEl(card, opts = {}) {
  const parsed = parseCard(card);
  const size = opts.size ? `.card-${opts.size}` : "";
  if (!parsed) {
    return h(`div.card.card-back${size}`, { "aria-label": t("card.hidden"), role: "img", dataset: { card: "back" } });
  }
  const label = t("card.name", { rank: t(`rank.${parsed.rank === "10" ? "T" : parsed.rank}`), suit: t(`suit.${parsed.suit}`) });
  return h(`div.card.suit-${parsed.suit}${size}`, {
    role: "img", "aria-label": label, title: label,
    dataset: { card: `${parsed.rank === "10" ? "T" : parsed.rank}${parsed.suit}` },
    class: opts.highlight ? "card-win" : undefined,
  },
  h("span.card-corner", {}, h("span.card-rank", {}, parsed.rank), suitSvg(parsed.suit, "card-pip")),
  suitSvg(parsed.suit, "card-center"));
}

/** An empty slot where a board card will land. */
export function cardSlot() {
  return h("div.card.card-slot", { "aria-hidden": "true" });
}

export function cardRow(cards, opts = {}) {
  return h("div.cards", {}, (cards || []).map((c) => cardEl(c, opts)));
}

/** "As Kd" for text logs. */
export function cardText(card) {
  const p = parseCard(card);
  if (!p) return "??";
  return `${p.rank === "10" ? "T" : p.rank}${p.suit}`;
}
