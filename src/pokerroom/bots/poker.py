"""A simple, sensible poker bot: plays good starting hands, bets made hands, folds junk.

It decides only from what the server sent it (its view and its legal actions), like a player.
"""

from __future__ import annotations

import random
from typing import Any

from pokerroom.bots import draw
from pokerroom.core.cards import Card
from pokerroom.core.evaluation import HandCategory, evaluate_high, evaluate_omaha

Decision = tuple[str, int | None]
DRAW_GAMES = ("2-7-single-draw", "2-7-triple-draw", "badugi")


def draw_cards(view: dict[str, Any]) -> list[str]:
    """Draw games: the cards of the bot's own hand to exchange (R-DRAW-2), as text."""
    me = next((s for s in view["seats"] if s.get("is_you")), None)
    hole = _cards((me or {}).get("cards") or [])
    return [str(c) for c in draw.discards(hole, view.get("game", ""))]


def _cards(texts: list[str | None]) -> list[Card]:
    return [Card.parse(t) for t in texts if t]


def preflop_strength(hole: list[Card]) -> float:
    """0..1: pairs and high cards high, suited and connected a little higher."""
    if len(hole) < 2:
        return 0.3
    ranks = sorted((int(c.rank) for c in hole), reverse=True)
    hi, lo = ranks[0], ranks[1]
    score = (hi + lo) / 24.0 * 0.6
    if hi == lo:
        score += 0.35 + lo / 40.0
    if len({c.suit for c in hole[:2]}) == 1:
        score += 0.06
    if 0 < hi - lo <= 2:
        score += 0.04
    if len(hole) == 4:  # Omaha: four cards, judge by the best pair of them loosely
        score = 0.25 + max(ranks) / 40.0 + (0.2 if len(set(ranks)) < 4 else 0.0)
    return min(score, 1.0)


def made_hand(hole: list[Card], board: list[Card], game: str) -> HandCategory | None:
    try:
        if game.startswith("omaha") and len(hole) in (4, 5) and len(board) >= 3:
            return evaluate_omaha(hole, board).category
        cards = hole + board
        if 5 <= len(cards) <= 7:
            return evaluate_high(cards).category
    except Exception:  # noqa: BLE001 - an odd view is no reason to crash a bot
        return None
    return None


def _raise(legal: dict[str, Any], fraction: float) -> Decision | None:
    for kind in ("raise", "bet", "complete"):
        span = legal.get(kind)
        if span:
            low, high = span["min"], span["max"]
            return kind, max(low, min(high, low + int((high - low) * fraction)))
    return None


def _passive(legal: dict[str, Any]) -> Decision:
    return ("check", None) if legal.get("check") else ("fold", None)


def decide(view: dict[str, Any], legal: dict[str, Any], rng: random.Random) -> Decision:
    """The action to take, among the legal ones."""
    me = next((s for s in view["seats"] if s.get("is_you")), None)
    if me is None:
        return _passive(legal)
    if legal.get("bring_in"):
        return ("complete", legal["complete"]["min"]) if (
            legal.get("complete") and rng.random() < 0.2) else ("bring_in", None)
    hole = _cards(me.get("cards") or [])
    board = _cards(view.get("board") or [])
    game = view.get("game", "holdem")
    stack = max(1, me.get("stack", 1))
    call = legal.get("call") or 0
    pot = sum(p["amount"] for p in view.get("pots", [])) + sum(
        s.get("bet", 0) for s in view["seats"])
    if game in ("stud", "stud-hilo", "razz"):
        strength = 0.35 + rng.random() * 0.4
    elif game in DRAW_GAMES:
        strength = draw.strength(hole, game)
    elif not board:
        strength = preflop_strength(hole)
    else:
        category = made_hand(hole, board, game)
        strength = 0.2 if category is None else min(1.0, 0.25 + int(category) * 0.17)
    roll = rng.random()
    if strength > 0.75 or (strength > 0.6 and roll < 0.3):
        choice = _raise(legal, 0.15 if strength < 0.9 else 0.4)
        if choice is not None and roll < 0.8:
            return choice
        if call:
            return "call", None
        return _passive(legal)
    if strength > 0.45:
        if not call:
            if roll < 0.2:
                bet = _raise(legal, 0.0)
                if bet:
                    return bet
            return _passive(legal)
        if call <= max(pot // 2, stack // 8):
            return "call", None
        return "fold", None
    if not call:
        if roll < 0.08:
            bluff = _raise(legal, 0.0)
            if bluff:
                return bluff
        return _passive(legal)
    if call <= stack // 40 and roll < 0.5:
        return "call", None
    return "fold", None
