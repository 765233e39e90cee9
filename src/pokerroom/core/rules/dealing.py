"""Where each card comes from in the deck: a fixed layout, so scripted deals are easy.

Players are taken in dealing order: clockwise from the first seat left of the button (the
button, if dealt in, is last). With `n` players, card `k` of the player at position `p` is
`deck[k * n + p]`: hole cards round by round, as a dealer deals them (no burn cards). Flop
games: the board follows, `deck[n * hole + j]` for the flop, turn and river. Stud: the same
layout holds for all seven cards while `7 * n <= 52`; a folded player's later cards stay
unused. With eight players the seventh-street cards come from `deck[48:]` in order to the
players still in, and when fewer cards remain than players, one community card `deck[48]` is
dealt face up for everyone. Draw games: the hole cards, then the stub the draws are served
from in order (R-DRAW-3), `deck[n * hole:]`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from pokerroom.core.errors import InvalidConfigError
from pokerroom.core.rules.config import Game


def dealing_order(seats: Iterable[int], button: int) -> tuple[int, ...]:
    """Seats clockwise from the first seat after `button`; the button itself (if present) last."""
    ordered = sorted(seats)
    for k, seat in enumerate(ordered):
        if seat > button:
            return tuple(ordered[k:] + ordered[:k])
    return tuple(ordered)


def arrange_deck(
    game: Game,
    seats: Sequence[int],
    button: int,
    cards: Mapping[int, Sequence[int]],
    board: Sequence[int] = (),
) -> tuple[int, ...]:
    """The game's deck arranged to deal `cards[seat]` (in deal order) and `board`; the rest
    in code order. Stud: up to seven cards per seat in deal order (1st, 2nd, 7th down; 3rd-6th up).
    Draw games: `board` is the top of the stub, the cards the draws receive in order.
    """
    variant = game.variant
    deck = variant.deck
    order = dealing_order(seats, button)
    n = len(order)
    slots: dict[int, int] = {}
    for seat, hand_cards in cards.items():
        if seat not in order:
            raise InvalidConfigError(f"cards: seat {seat} is not dealt in")
        p = order.index(seat)
        for k, code in enumerate(hand_cards):
            slots[k * n + p] = code
    if board:
        start = n * variant.hole_cards if not variant.is_stud else 48
        for j, code in enumerate(board):
            slots[start + j] = code
    used = list(slots.values())
    if len(set(used)) != len(used):
        raise InvalidConfigError("cards: a card appears twice")
    if any(not 0 <= i < len(deck) for i in slots):
        raise InvalidConfigError("cards: more cards than the deck holds")
    if not set(used) <= set(deck):
        raise InvalidConfigError(f"cards: a card that is not in the deck of {game}")
    taken = set(used)
    rest = iter(c for c in deck if c not in taken)
    return tuple(slots[i] if i in slots else next(rest) for i in range(len(deck)))
