// Provably fair deals (docs/FAIRNESS.md), recomputed in the browser with Web Crypto.
import { t } from "./i18n.js";

const RANKS = "23456789TJQKA";
const SUITS = "cdhs";

export const cardText = (code) => RANKS[code >> 2] + SUITS[code & 3];

function hexBytes(hex) {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.substr(2 * i, 2), 16);
  return out;
}

const toHex = (buf) => [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, "0")).join("");

/** SHA-256 of the server seed (the 32 bytes its hex encodes), lowercase hex. */
export async function commitmentOf(serverSeedHex) {
  return toHex(await crypto.subtle.digest("SHA-256", hexBytes(serverSeedHex)));
}

/** The deck the seeds determine: HMAC-SHA256 stream, rejection sampling, Fisher-Yates 51..1. */
export async function fairDeck(serverSeedHex, clientSeeds, codes = null) {
  const key = await crypto.subtle.importKey("raw", hexBytes(serverSeedHex),
    { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const message = clientSeeds.join(",") + ":";
  const enc = new TextEncoder();
  let counter = 0;
  let block = new DataView(new ArrayBuffer(0));
  let offset = 0;
  async function nextWord() {
    if (offset >= block.byteLength) {
      block = new DataView(await crypto.subtle.sign("HMAC", key, enc.encode(message + String(counter))));
      counter += 1;
      offset = 0;
    }
    const x = block.getUint32(offset, false);
    offset += 4;
    return x;
  }
  // The game's own cards (52, or short-deck's 36) in code order.
  const cards = codes ? [...codes].sort((a, b) => a - b) : Array.from({ length: 52 }, (_, i) => i);
  for (let i = cards.length - 1; i > 0; i--) {
    const n = i + 1;
    const limit = Math.floor(2 ** 32 / n) * n;
    let x = await nextWord();
    while (x >= limit) x = await nextWord();
    const j = x % n;
    [cards[i], cards[j]] = [cards[j], cards[i]];
  }
  return cards.map(cardText);
}

/** Seats clockwise from the first seat after the button; the button (if dealt in) last. */
function dealingOrder(seats, button) {
  const ordered = [...seats].sort((a, b) => a - b);
  const k = ordered.findIndex((s) => s > button);
  return k < 0 ? ordered : ordered.slice(k).concat(ordered.slice(0, k));
}

/**
 * Check a proof (GET /api/hands/{id}/fairness) and the cards the player saw in the replay.
 * Returns { ok, checks: [{ name, ok }] }.
 */
export async function verifyHand(proof, hand) {
  const checks = [];
  const committed = (await commitmentOf(proof.server_seed)) === proof.commitment;
  checks.push({ name: t("verify.check_commitment"), ok: committed });
  const codes = proof.deck.map((c) => RANKS.indexOf(c[0]) * 4 + SUITS.indexOf(c[1]));
  const deck = await fairDeck(proof.server_seed, proof.client_seeds, codes);
  const sameDeck = deck.length === proof.deck.length && deck.every((c, i) => c === proof.deck[i]);
  checks.push({ name: t("verify.check_deck"), ok: sameDeck });
  const steps = (hand && hand.steps) || [];
  const last = steps.length ? steps[steps.length - 1].view || {} : {};
  const seats = (last.seats || []).map((s) => s.seat);
  const mine = (last.seats || []).find((s) => s.seat === hand.seat);
  const myCards = mine ? (mine.cards || []).filter(Boolean) : [];
  const game = String((hand && hand.game) || last.game || "");
  const draw = /draw|badugi/.test(game);
  const flop = hand && !/stud|razz/.test(game) && !draw;
  if (draw && mine && seats.length) {
    // Draw games: the cards first dealt are where the deck puts them (as in flop games); the
    // cards drawn later come from the rest of the deck (R-DRAW-3) or a reshuffle (R-DRAW-4).
    const order = dealingOrder(seats, last.button);
    const n = order.length;
    const p = order.indexOf(hand.seat);
    const dealt = steps.map((s) => ((s.view || {}).seats || []).find((x) => x.seat === hand.seat))
      .find((s) => s && (s.cards || []).length && s.cards.every(Boolean));
    if (dealt) {
      checks.push({ name: `your cards ${dealt.cards.join(" ")} are where the deck puts them`,
        ok: dealt.cards.every((c, k) => deck[k * n + p] === c) });
    }
    checks.push({ name: `your cards ${myCards.join(" ")} come from the deck`, ok: myCards.every((c) => deck.includes(c)) });
  } else if (flop && mine && seats.length) {
    // Flop games: card k of the player at dealing position p is deck[k * n + p]; the board
    // follows the hole cards (docs/RULES.md dealing, no burn cards).
    const order = dealingOrder(seats, last.button);
    const n = order.length;
    const p = order.indexOf(hand.seat);
    const holeCount = mine.cards.length;
    const holeOk = myCards.every((c, k) => deck[k * n + p] === c);
    checks.push({ name: t("verify.check_cards_placed", { cards: myCards.join(" ") }), ok: holeOk });
    const board = (last.board || []).filter(Boolean);
    const boardOk = board.every((c, j) => deck[n * holeCount + j] === c);
    if (board.length) checks.push({ name: t("verify.check_board", { cards: board.join(" ") }), ok: boardOk });
  } else if (myCards.length) {
    checks.push({ name: t("verify.check_cards_in_deck", { cards: myCards.join(" ") }), ok: myCards.every((c) => deck.includes(c)) });
  }
  return { ok: checks.every((c) => c.ok), checks, deck };
}
