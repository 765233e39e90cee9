"""The bots' draw decisions (R-DRAW-2): which cards to exchange, and how good a hand is.

Deuce-to-seven: keep one card of each rank from the deuce to the eight, exchange the rest
(pairs, nines and above, aces: the ace is high); a five-card hand that is a straight or a
flush breaks its highest card. Badugi: keep the best badugi among the four cards (distinct
suits and ranks, lowest first), exchange the others. Only the bot's own cards are used.
"""

from __future__ import annotations

from itertools import combinations

from pokerroom.core.cards import Card
from pokerroom.core.evaluation.draw_lows import badugi_parts, deuce_seven_high
from pokerroom.core.evaluation.value import HandCategory

_EIGHT = 6  # rank index of the eight (0 = deuce)


def _deuce_seven_keep(hole: list[Card]) -> list[Card]:
    keep: list[Card] = []
    for card in sorted(hole, key=lambda c: int(c.rank)):
        if int(card.rank) <= _EIGHT and all(k.rank != card.rank for k in keep):
            keep.append(card)
    if len(keep) == 5 and deuce_seven_high([c.code for c in keep]) >> 20 != HandCategory.HIGH_CARD:
        keep.pop()  # a straight or a flush: break it with its highest card
    return keep


def _badugi_keep(hole: list[Card]) -> list[Card]:
    best = badugi_parts([c.code for c in hole])
    for size in range(len(best), 0, -1):
        for sub in combinations(hole, size):
            if badugi_parts([c.code for c in sub]) == best and len({c.suit for c in sub}) == size:
                return list(sub)
    return []


def discards(hole: list[Card], game: str) -> list[Card]:
    """The cards to exchange (empty: stand pat)."""
    keep = _badugi_keep(hole) if game == "badugi" else _deuce_seven_keep(hole)
    return [c for c in hole if c not in keep]


def strength(hole: list[Card], game: str) -> float:
    """0..1: a pat hand (nothing to exchange) is strong, the more to exchange the weaker."""
    if not hole:
        return 0.3
    drawing = len(discards(hole, game))
    if drawing == 0:
        top = max(int(c.rank) for c in hole if game != "badugi" or c.rank != 12) if game != "badugi" \
            else max(badugi_parts([c.code for c in hole]))
        return 0.9 if top <= (7 if game != "badugi" else 8) else 0.7
    return {1: 0.55, 2: 0.4}.get(drawing, 0.2)
