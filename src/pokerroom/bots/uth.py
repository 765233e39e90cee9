"""UTH decisions for bots: the optimal strategy of pokerroom.core.uth.math when it is there,
else the simple strategy printed on strategy cards (issue 5)."""

from __future__ import annotations

from typing import Any

from pokerroom.core.cards import Card
from pokerroom.core.evaluation import HandCategory, evaluate_high


def _optimal() -> Any:
    try:
        from pokerroom.core.uth.math import strategy
    except ImportError:
        return None
    return strategy


def simple_preflop(hole: list[Card]) -> bool:
    """4x with any ace, any pair but deuces, K2s+, K5o+, Q6s+, Q8o+, J8s+, JTo+."""
    a, b = sorted(hole, key=lambda c: c.rank, reverse=True)
    hi, lo = int(a.rank) + 2, int(b.rank) + 2
    suited = a.suit == b.suit
    if hi == 14 or (hi == lo and hi > 2):
        return True
    if hi == 13:
        return suited or lo >= 5
    if hi == 12:
        return lo >= (6 if suited else 8)
    if hi == 11:
        return lo >= (8 if suited else 10)
    return False


def simple_flop(hole: list[Card], board: list[Card]) -> bool:
    """2x with two pair or better, a hidden pair (not deuces), or four to a flush with a
    hidden ten or better of that suit."""
    value = evaluate_high(hole + board)
    if value.category >= HandCategory.TWO_PAIR:
        return True
    board_ranks = {c.rank for c in board}
    if value.category == HandCategory.PAIR:
        paired = [c for c in hole if c.rank in board_ranks] or (
            hole if hole[0].rank == hole[1].rank else [])
        if paired and int(paired[0].rank) > 0:
            return True
    for suit in range(4):
        if sum(1 for c in hole + board if c.suit == suit) >= 4 and any(
            c.suit == suit and int(c.rank) >= 8 for c in hole
        ):
            return True
    return False


def simple_river(hole: list[Card], board: list[Card]) -> bool:
    """1x with a hidden pair or better; else fold (the outs count is left to the optimum)."""
    value = evaluate_high(hole + board)
    board_value = evaluate_high(board)
    return value.category >= HandCategory.PAIR and value.category > board_value.category


def decide(view: dict[str, Any], legal: dict[str, Any]) -> str:
    """One of legal['decisions']: the optimal decision (pokerroom.core.uth.math.strategy,
    computed here from the cards shown), else the server's hint, else the strategy card."""
    options: list[str] = list(legal.get("decisions", []))
    me = next((s for s in view.get("seats", []) if s.get("is_you")), None)
    hole = [Card.parse(t) for t in (me or {}).get("cards", []) if t]
    board = [Card.parse(t) for t in view.get("board", []) if t]
    optimal = _optimal()
    if optimal is not None and len(hole) == 2 and len(board) in (0, 3, 5):
        try:
            choice = optimal.hint([c.code for c in hole], [c.code for c in board])
            decision = choice.decision.replace(" ", "")
            if decision in options:
                return decision
        except Exception:  # noqa: BLE001 - fall back to the hint or the card
            pass
    hint = legal.get("hint")
    if hint in options:
        return str(hint)
    if len(hole) != 2:
        return "check" if "check" in options else options[0]
    if "play4" in options:
        return "play4" if simple_preflop(hole) else "check"
    if "play2" in options:
        return "play2" if simple_flop(hole, board[:3]) else "check"
    if "play1" in options:
        return "play1" if simple_river(hole, board) else "fold"
    return options[0]
