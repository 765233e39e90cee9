"""Hand descriptions in PokerStars' words: `a pair of Kings`, `HI: ...; LO: 8,5,4,3,2`."""

from __future__ import annotations

from collections.abc import Sequence

from pokerroom.core.evaluation import (
    HandCategory,
    HandValue,
    LowValue,
    evaluate_high,
    evaluate_low,
    evaluate_omaha,
    evaluate_omaha_low,
    evaluate_razz,
)
from pokerroom.core.evaluation.draw_lows import badugi_parts, deuce_seven_high
from pokerroom.core.rules import Evaluator, Game


def describe_high(value: HandValue) -> str:
    r = value.ranks
    match value.category:
        case HandCategory.STRAIGHT_FLUSH:
            if value.is_royal:
                return "a Royal Flush"
            return f"a straight flush, {r[4].word} to {r[0].word}"
        case HandCategory.FOUR_OF_A_KIND:
            return f"four of a kind, {r[0].plural}"
        case HandCategory.FULL_HOUSE:
            return f"a full house, {r[0].plural} full of {r[3].plural}"
        case HandCategory.FLUSH:
            return f"a flush, {r[0].word} high"
        case HandCategory.STRAIGHT:
            return f"a straight, {r[4].word} to {r[0].word}"
        case HandCategory.THREE_OF_A_KIND:
            return f"three of a kind, {r[0].plural}"
        case HandCategory.TWO_PAIR:
            return f"two pair, {r[0].plural} and {r[2].plural}"
        case HandCategory.PAIR:
            return f"a pair of {r[0].plural}"
        case _:
            return f"high card {r[0].word}"


def describe_low(value: LowValue) -> str:
    return ",".join("A" if x == 1 else str(x) if x <= 10 else "JQK"[x - 11] for x in value.ranks)


def _rank_list(ranks: Sequence[int]) -> str:
    """Ranks 0..12 (deuce to ace) as PokerStars lists a low: `7,6,4,3,2`, `A` for the ace."""
    return ",".join("A" if r == 12 else str(r + 2) if r <= 8 else "JQK"[r - 9] for r in ranks)


def describe_draw(game: Game, cards: Sequence[int]) -> str:
    """Deuce-to-seven: `Lo: 7,6,4,3,2` for an unpaired hand without a straight or a flush
    (as PokerStars' triple-draw files show it), else the high hand's words (the ace high).
    Badugi: `Badugi: 8,6,3,2` for a four-card hand (as in PokerStars' files), `3-card:
    7,4,2` for fewer (our words: no sample in the reference)."""
    if game.variant.halves[0] is Evaluator.BADUGI:
        ranks = badugi_parts(cards)  # ace 0 .. king 12
        words = ",".join("A" if r == 0 else str(r + 1) if r <= 9 else "JQK"[r - 10] for r in ranks)
        return f"Badugi: {words}" if len(ranks) == 4 else f"{len(ranks)}-card: {words}"
    value = HandValue(deuce_seven_high(cards))
    if value.category is HandCategory.HIGH_CARD:
        return f"Lo: {_rank_list([int(r) for r in value.ranks])}"
    return describe_high(value)


def describe_shown(game: Game, cards: Sequence[int], board: Sequence[int]) -> str:
    """The words after a shown hand, like `a pair of Kings` or `HI: ...; LO: 8,5,4,3,2`."""
    halves = game.variant.halves
    if game.is_draw:
        return describe_draw(game, cards) if len(cards) == game.hole_cards else ""
    if halves[0] is Evaluator.RAZZ_LOW:
        return f"Lo: {describe_low(evaluate_razz(cards))}"
    if halves[0] is Evaluator.OMAHA_HIGH:
        if len(board) < 3:
            return ""
        high = describe_high(evaluate_omaha(cards, board))
        low = evaluate_omaha_low(cards, board) if Evaluator.OMAHA_EIGHT_LOW in halves else None
    else:
        all_cards = tuple(cards) + tuple(board)
        if len(all_cards) < 5:
            return ""
        high = describe_high(evaluate_high(all_cards))
        low = evaluate_low(all_cards) if Evaluator.EIGHT_LOW in halves else None
    if game.is_hilo:
        return f"HI: {high}" + (f"; LO: {describe_low(low)}" if low is not None else "")
    return high
