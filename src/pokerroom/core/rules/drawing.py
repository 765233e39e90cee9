"""Draw games: the draw rounds between the betting rounds (R-DRAW-1..5).

Before each betting round after the first, every player still in the hand, all-in players
too, draws in turn from the first seat left of the button: `Draw(discard=...)` exchanges
those of their own cards for as many from the stub, an empty discard stands pat. The stub is
the deck after the hole cards, in order (dealing.py). When it holds fewer cards than a
player asks for, the discards so far and the folded players' cards (the muck), not the
drawing player's own discards of this draw, are shuffled into a new stub below what is left
(R-DRAW-4). The new order is a permutation keyed by a SHA-256 of the whole deck order, which
no player knows: as unpredictable to the players as the deck itself, and a hand record
still replays to the same cards.
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING

from pokerroom.core.errors import IllegalActionError
from pokerroom.core.rules import flow
from pokerroom.core.rules.actions import Draw, MuckCards, ShowCards, as_given
from pokerroom.core.rules.events import CardsDrawn, Event, StubReshuffled
from pokerroom.core.rules.result import LegalActions

if TYPE_CHECKING:
    from pokerroom.core.rules.actions import Action
    from pokerroom.core.rules.hand import Hand


def legal(h: Hand) -> LegalActions:
    i = h.to_act_pos
    return LegalActions(seat=h.seat_of[i], draw=(0, len(h.cards[i])))


def _validate(h: Hand, action: object) -> tuple[int, ...]:
    """The discarded cards of a valid Draw by the player to act, else a refusal (R-BET-10)."""
    i = h.to_act_pos
    seat = h.seat_of[i]
    if type(action) is not Draw:
        if type(action) is ShowCards or type(action) is MuckCards:
            raise IllegalActionError("R-SD-5", "hands are shown or mucked only at the end of the hand")
        if not hasattr(action, "seat"):
            raise IllegalActionError("R-BET-10", f"not an action: {action!r}")
        raise IllegalActionError("R-DRAW-2", f"seat {seat} is to draw: discard cards or stand pat",
                                 "draw_now", {"seat": seat})
    # Read untyped (see actions.as_given): a wrong seat or a list of discards is refused here.
    given_seat = as_given(action, "seat")
    if given_seat != seat:
        if given_seat not in h.pos_of:
            raise IllegalActionError("R-BET-10", f"seat {given_seat!r} is not dealt into this hand")
        raise IllegalActionError("R-BET-10", f"out of turn: seat {seat} is to draw, not seat {given_seat}")
    discard = as_given(action, "discard")
    if not isinstance(discard, tuple | list) or any(type(c) is not int for c in discard):
        raise IllegalActionError("discard", f"discard must be a list of card codes, got {discard!r}")
    hand_cards = h.cards[i]
    if len(set(discard)) != len(discard):
        raise IllegalActionError("R-DRAW-2", "a card is discarded twice", "discard_twice")
    for c in discard:
        if c not in hand_cards:
            raise IllegalActionError("R-DRAW-2", f"card {c} is not in seat {seat}'s hand",
                                     "discard_not_held", {"card": c})
    return tuple(discard)


def _reserve(h: Hand, own: tuple[int, ...]) -> list[int]:
    """The cards a reshuffle would use: the discards (not `own`) and the muck not yet reused."""
    pool = [c for c in h.discards if c not in own]
    for j in range(h.n):
        if h.folded[j] and not h.muck_taken[j]:
            pool.extend(h.cards[j])
    return pool


def _reshuffle(h: Hand, own: tuple[int, ...]) -> int:
    """Shuffle the discards and the muck (not `own`, this player's discards) under the stub."""
    pool = _reserve(h, own)
    h.discards = [c for c in h.discards if c in own]
    for j in range(h.n):
        if h.folded[j]:
            h.muck_taken[j] = True
    h.reshuffles += 1
    key = bytes(h.deck) + bytes((h.reshuffles,))

    def order(card: int) -> bytes:
        return hashlib.sha256(key + bytes((card,))).digest()

    if h.redeal_at < len(h.redeal):
        # A recorded hand: the cards its reshuffle dealt first, in the recorded order.
        first: dict[int, int] = {}
        for k, c in enumerate(h.redeal[h.redeal_at:]):
            first.setdefault(c, k)
        pool.sort(key=lambda c: (first.get(c, len(h.redeal)), order(c)))
    else:
        pool.sort(key=order)
    h.stub.extend(pool)
    return len(pool)


def apply(h: Hand, action: Action) -> tuple[Event, ...]:
    """Validate and apply one draw (all-or-nothing), then pass the turn or start the betting."""
    discard = _validate(h, action)
    i = h.to_act_pos
    seat = h.seat_of[i]
    events: list[Event] = []
    k = len(discard)
    if k > len(h.stub):
        # Never with a full deck and the variant's seat limit; a refusal, before any change.
        if k > len(h.stub) + len(_reserve(h, discard)):
            raise IllegalActionError("R-DRAW-4", f"only {len(h.stub) + len(_reserve(h, discard))} cards are "
                                     f"left to draw, not {k}")
        events.append(StubReshuffled(cards=_reshuffle(h, discard)))
    drawn = tuple(h.stub[:k])
    del h.stub[:k]
    if h.reshuffles and h.redeal_at < len(h.redeal):
        for c in drawn:
            if h.redeal_at < len(h.redeal) and h.redeal[h.redeal_at] == c:
                h.redeal_at += 1
    hand_cards = h.cards[i]
    # The drawn cards take the discarded cards' places, so the hand keeps its order.
    slot = 0
    for pos, c in enumerate(hand_cards):
        if c in discard:
            hand_cards[pos] = drawn[slot]
            slot += 1
    h.discards.extend(discard)
    h._actions.append(action)
    events.append(CardsDrawn(seat, discard, drawn, k))
    # Next: the next player still in, clockwise; after the last, the betting round.
    folded = h.folded
    for j in range(i + 1, h.n):
        if not folded[j]:
            h.to_act_pos = j
            break
    else:
        h.drawing = False
        flow.begin_betting(h, events)
    h._events.extend(events)
    return tuple(events)
