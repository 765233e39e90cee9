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


def describe_shown(game: Game, cards: Sequence[int], board: Sequence[int]) -> str:
    """The words after a shown hand, like `a pair of Kings` or `HI: ...; LO: 8,5,4,3,2`."""
    halves = game.variant.halves
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
