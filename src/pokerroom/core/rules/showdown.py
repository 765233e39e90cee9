"""Showdown arithmetic: hand strengths, who opens a stud street, pots, splits and odd chips.

R-RANK-4/5 (which cards play, via core.evaluation), R-POT-1 (side pots from contributions),
R-POT-2 and R-TIE-6 (each pot on its own), R-TIE-2 (equal split in chip units, at most one
odd unit each), R-TIE-3 (odd units clockwise from the button's left), R-TIE-4 (stud: highest
card by suit), R-TIE-5 (hi-lo: the high half takes the odd unit), R-RAKE-1.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from itertools import combinations

from pokerroom.core.evaluation import (
    describe,
    evaluate_low,
    evaluate_omaha_low,
    evaluate_razz,
    high_rank,
    omaha_rank,
)
from pokerroom.core.evaluation.draw_lows import (
    badugi_parts,
    badugi_rank,
    describe_badugi,
    describe_deuce_seven,
    deuce_seven_high,
    deuce_seven_rank,
)
from pokerroom.core.evaluation.short_deck import describe_short_deck, short_deck_rank
from pokerroom.core.evaluation.value import HandCategory, decode_ranks
from pokerroom.core.rules.config import Game
from pokerroom.core.rules.variant import BringInCard, Evaluator


def _high(cards: Sequence[int], board: Sequence[int]) -> int | None:
    return high_rank([*cards, *board])


def _omaha_high(cards: Sequence[int], board: Sequence[int]) -> int | None:
    return omaha_rank(cards, board)


def _eight_low(cards: Sequence[int], board: Sequence[int]) -> int | None:
    low = evaluate_low([*cards, *board])
    return None if low is None else low.order


def _omaha_eight_low(cards: Sequence[int], board: Sequence[int]) -> int | None:
    low = evaluate_omaha_low(cards, board)
    return None if low is None else low.order


def _razz_low(cards: Sequence[int], board: Sequence[int]) -> int | None:
    return evaluate_razz([*cards, *board]).order


def _short_deck_high(cards: Sequence[int], board: Sequence[int]) -> int | None:
    return short_deck_rank([*cards, *board])


def _deuce_seven_low(cards: Sequence[int], board: Sequence[int]) -> int | None:
    return deuce_seven_rank(cards)


def _badugi(cards: Sequence[int], board: Sequence[int]) -> int | None:
    return badugi_rank(cards)


# Each evaluator of a Variant's pot halves: (cards, board) -> value (higher is better), None
# when the hand does not qualify for that half.
EVALUATORS: dict[Evaluator, Callable[[Sequence[int], Sequence[int]], int | None]] = {
    Evaluator.HIGH: _high,
    Evaluator.OMAHA_HIGH: _omaha_high,
    Evaluator.EIGHT_LOW: _eight_low,
    Evaluator.OMAHA_EIGHT_LOW: _omaha_eight_low,
    Evaluator.RAZZ_LOW: _razz_low,
    Evaluator.SHORT_DECK_HIGH: _short_deck_high,
    Evaluator.DEUCE_SEVEN_LOW: _deuce_seven_low,
    Evaluator.BADUGI: _badugi,
}


def strength(game: Game, cards: Sequence[int], board: Sequence[int]) -> tuple[int, int | None]:
    """(main value, low value or None); higher is better. Razz and the draw games' lows: the
    main value is the low.

    The game's Variant names the evaluator of each half of the pot; the first always has a
    value (every hand qualifies for the high half, or for razz's only low).
    """
    halves = game.variant.halves
    main = EVALUATORS[halves[0]](cards, board)
    assert main is not None
    if len(halves) == 1:
        return main, None
    return main, EVALUATORS[halves[1]](cards, board)


def describe_hand(game: Game, cards: Sequence[int], board: Sequence[int]) -> str:
    """Words for a shown hand: "Flush, Ace high", hi-lo "...; low 8-6-4-2-A".

    A hand shown before it was complete (R-SD-5) is worded by what it holds ("Pair of
    Aces" for a pocket pair); an Omaha hand before the flop has nothing made yet ("")."""
    halves = game.variant.halves
    pool = [*cards, *board]
    if halves[0] is Evaluator.RAZZ_LOW:
        return "low " + str(evaluate_razz(pool))
    if halves[0] is Evaluator.DEUCE_SEVEN_LOW:
        return describe_deuce_seven(cards) if len(cards) == 5 else ""
    if halves[0] is Evaluator.BADUGI:
        return describe_badugi(cards) if len(cards) == 4 else ""
    if halves[0] is Evaluator.OMAHA_HIGH:
        if len(board) < 3:
            return ""
        text = describe(omaha_rank(cards, board))
    elif len(pool) < 5:
        # Fewer than five cards make no straight, flush or full house, so short-deck's order
        # (a flush over a full house) and the standard one word them alike.
        text = describe(high_rank(pool))
    elif halves[0] is Evaluator.SHORT_DECK_HIGH:
        return describe_short_deck(short_deck_rank(pool))
    else:
        text = describe(high_rank(pool))
    low = None
    if len(halves) == 2 and len(pool) >= 5:
        if halves[1] is Evaluator.OMAHA_EIGHT_LOW:
            low = evaluate_omaha_low(cards, board)
        else:
            low = evaluate_low(pool)
    return text if low is None else f"{text}; low {low}"


# Games whose hands are ranked by the standard high order (and the ace-to-five low).
WORDED_GAMES = frozenset({Game.HOLDEM, Game.OMAHA, Game.OMAHA_HILO, Game.STUD, Game.STUD_HILO,
                          Game.RAZZ})


def hand_parts(game: Game, cards: Sequence[int], board: Sequence[int]) -> dict[str, object]:
    """A shown hand as parts a client words in its own language (docs/PROTOCOL.md `hand`):
    `category` (HandCategory name) and `ranks` (five, 0..12 = 2..A, in comparison order);
    hi-lo and razz add `low` (ranks high to low, ace = 1) or `no_low`. Short-deck sends its
    hand's category by name (a flush is a flush, though it beats a full house there); 2-7
    sends the five cards as a high hand with `lowball` (an unpaired one is worded "7-5-4-3-2");
    badugi sends `badugi`, the ranks of its best badugi high to low (0..12 = 2..A, the ace
    last: it is low). Empty when the cards do not make a hand yet (a hand shown after winning
    before the river, a draw hand with cards missing)."""
    game = Game(game)
    first = game.variant.halves[0]
    if first is Evaluator.DEUCE_SEVEN_LOW:
        if len(cards) != 5:
            return {}
        value = deuce_seven_high(cards)
        return {"category": HandCategory(value >> 20).name, "ranks": list(decode_ranks(value)),
                "lowball": True}
    if first is Evaluator.BADUGI:
        if len(cards) != 4:
            return {}
        # badugi_parts counts the ace as 0 (low): on the wire 0..12 = 2..A like every rank
        return {"badugi": [12 if r == 0 else r - 1 for r in badugi_parts(cards)]}
    if first is Evaluator.SHORT_DECK_HIGH:
        pool = [*cards, *board]
        if len(pool) < 5:
            return {}
        value = short_deck_rank(pool)
        category = HandCategory(value >> 20)
        if category in (HandCategory.FLUSH, HandCategory.FULL_HOUSE):
            # short_deck.py stores these two with their places swapped; the name is the hand's
            category = HandCategory.FULL_HOUSE if category is HandCategory.FLUSH else HandCategory.FLUSH
        return {"category": category.name, "ranks": list(decode_ranks(value))}
    if game not in WORDED_GAMES:
        return {}  # a variant the clients do not word yet: they show `description`
    flop_game = game in (Game.OMAHA, Game.OMAHA_HILO)
    if len(cards) + len(board) < 5 or (flop_game and len(board) < 3):
        return {}
    if game is Game.RAZZ:
        return {"low": list(evaluate_razz([*cards, *board]).ranks)}
    if game in (Game.OMAHA, Game.OMAHA_HILO):
        high = omaha_rank(cards, board)
        low = evaluate_omaha_low(cards, board) if game is Game.OMAHA_HILO else None
    else:
        high = high_rank([*cards, *board])
        low = evaluate_low([*cards, *board]) if game is Game.STUD_HILO else None
    out: dict[str, object] = {"category": HandCategory(high >> 20).name,
                              "ranks": list(decode_ranks(high))}
    if game in (Game.OMAHA_HILO, Game.STUD_HILO):
        if low is None:
            out["no_low"] = True
        else:
            out["low"] = list(low.ranks)
    return out


def best_five(game: Game, cards: Sequence[int], board: Sequence[int]) -> tuple[int, ...]:
    """The cards that make a shown hand's value (for the table to mark at the showdown):
    Omaha takes two hole and three board cards, short-deck its best five, 2-7 all five,
    badugi the cards of its badugi. Empty when no hand is made yet, and for razz (a low only)
    and variants the client does not word."""
    game = Game(game)
    first = game.variant.halves[0]
    if first is Evaluator.DEUCE_SEVEN_LOW:
        return tuple(cards) if len(cards) == 5 else ()
    if first is Evaluator.BADUGI:
        if len(cards) != 4:
            return ()
        want = sorted(badugi_parts(cards))
        for sub in combinations(cards, len(want)):
            ranks = sorted(0 if c >> 2 == 12 else (c >> 2) + 1 for c in sub)
            if ranks == want and len({c & 3 for c in sub}) == len(sub):
                return sub
        return ()
    if first is Evaluator.SHORT_DECK_HIGH:
        pool = [*cards, *board]
        return max(combinations(pool, 5), key=short_deck_rank) if len(pool) >= 5 else ()
    if game not in WORDED_GAMES or game is Game.RAZZ:
        return ()
    if game in (Game.OMAHA, Game.OMAHA_HILO):
        if len(board) < 3:
            return ()
        pairs = [(h + b) for h in combinations(cards, 2) for b in combinations(board, 3)]
    else:
        pool = [*cards, *board]
        if len(pool) < 5:
            return ()
        pairs = list(combinations(pool, 5))
    return max(pairs, key=high_rank)


def showing_key(game: Game, up: Sequence[int]) -> tuple[int, ...]:
    """Order of stud up-boards: the greatest key opens a street (razz: the best low).

    Pairs, two pair, trips and quads count; straights and flushes of fewer than five cards do
    not. Equal keys are broken by position (first clockwise from the button) by the caller.
    """
    if game.variant.low_only:
        return (evaluate_razz(up).order,)
    counts: dict[int, int] = {}
    for c in up:
        counts[c >> 2] = counts.get(c >> 2, 0) + 1
    grouped = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    return tuple(n for _, n in grouped) + (0,) + tuple(r for r, _ in grouped)


def bring_in_key(game: Game, card: int) -> int:
    """The smallest key brings in: lowest card, clubs < diamonds < hearts < spades (R-RANK-3);
    razz: the highest card (aces low), the higher suit bringing in."""
    if game.variant.bring_in is BringInCard.HIGHEST:
        low_rank = 0 if card >> 2 == 12 else (card >> 2) + 1
        return -(4 * low_rank + (card & 3))
    return card


def build_pots(
    contrib: Sequence[int], folded: Sequence[bool], dead: int = 0
) -> list[tuple[int, list[int]]]:
    """Main pot then side pots from what each player put in (R-POT-1).

    `dead` (antes, dead blinds) opens the main pot for every live player. Each level of a
    live player's total contribution then closes a pot that every live player who reached it
    may win; chips of folded players are dead money in the pots they reached. Neighbouring
    pots with the same players are one pot.
    """
    n = len(contrib)
    live = [j for j in range(n) if not folded[j]]
    if live:
        first = contrib[live[0]]
        if first > 0:
            for j in live:
                if contrib[j] != first:
                    break
            else:
                # Every live player put in the same: one pot with all the chips, dead ones too.
                return [(dead + sum(contrib), live)]
    pots: list[tuple[int, list[int]]] = []
    if dead:
        pots.append((dead, list(live)))
    levels = sorted({contrib[j] for j in live})
    prev = 0
    for level in levels:
        if level <= prev:
            continue
        amount = 0
        for c in contrib:
            if c > prev:
                amount += (c if c < level else level) - prev
        eligible = [j for j in range(n) if not folded[j] and contrib[j] >= level]
        if pots and pots[-1][1] == eligible:
            pots[-1] = (pots[-1][0] + amount, eligible)
        else:
            pots.append((amount, eligible))
        prev = level
    extra = sum(c - prev for c in contrib if c > prev)
    if extra and pots:
        pots[-1] = (pots[-1][0] + extra, pots[-1][1])
    return pots


def split(amount: int, winners: Sequence[int], unit: int) -> list[tuple[int, int]]:
    """Equal shares in chip units; the odd units one each to the first winners (R-TIE-2).

    `winners` is already in odd-chip order. A remainder smaller than one chip unit (possible
    only with stacks off the unit) goes to the first winner.
    """
    k = len(winners)
    units, below = divmod(amount, unit)
    share, odd = divmod(units, k)
    out = [(w, share * unit + (unit if r < odd else 0)) for r, w in enumerate(winners)]
    if below:
        out[0] = (out[0][0], out[0][1] + below)
    return out


def halves(amount: int, unit: int) -> tuple[int, int]:
    """(high half, low half): the high half takes the odd unit (R-TIE-5)."""
    units, below = divmod(amount, unit)
    low = units // 2 * unit
    return amount - low, low


def rake_for(total: int, percent: int | Fraction, cap: int, unit: int) -> int:
    """The hand's rake: percent of all pots, rounded down to the chip unit, capped (R-RAKE-1)."""
    rake = int(Fraction(total) * Fraction(percent) / 100 // unit) * unit
    return min(rake, cap) if cap else rake
