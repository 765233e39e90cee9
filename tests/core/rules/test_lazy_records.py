"""The speed devices of the engine change nothing observable.

The events before the first decision are built on first use, and hot-path records are built
by positional constructors: the events must still be exactly the ones the rules say, equal to
records built the ordinary way, frozen, and a Hand must still pickle.
"""

from __future__ import annotations

import dataclasses
import pickle

import pytest
from rules_helpers import codes, deal

from pokerroom.core.rules import (
    AntePosted,
    BlindPosted,
    Call,
    Fold,
    Game,
    HandStarted,
    HoleCardsDealt,
    LegalActions,
    PostKind,
    UpCardDealt,
)


def test_start_events_are_the_posts_and_the_deal_in_order() -> None:
    """Before the first decision: HandStarted, the blinds, then each player's hole cards."""
    hand = deal([100, 80, 60], button=0, cards={1: "As Kd", 2: "7c 7h", 0: "2s 3s"})
    hand.apply(Call(seat=0))  # events after the first decision follow the built prefix
    events = hand.events
    assert events[:6] == (
        HandStarted(button=0, seats=(1, 2, 0), stacks=(80, 60, 100)),
        BlindPosted(seat=1, kind=PostKind.SMALL_BLIND, amount=1, live=True),
        BlindPosted(seat=2, kind=PostKind.BIG_BLIND, amount=2, live=True),
        HoleCardsDealt(1, codes("As Kd"), 2),
        HoleCardsDealt(2, codes("7c 7h"), 2),
        HoleCardsDealt(0, codes("2s 3s"), 2),
    )
    assert len(events) == 7 and events[6].seat == 0  # type: ignore[union-attr]
    assert hand.events == events  # building them once leaves them in place


def test_stud_start_events_are_antes_down_cards_and_up_cards() -> None:
    """Stud: antes, two down cards each, then one up card each, in dealing order."""
    hand = deal([50, 50], game=Game.STUD, cards={1: "2c 3c 4c", 0: "As Ks Qs"})
    events = hand.events
    assert events == (
        HandStarted(button=0, seats=(1, 0), stacks=(50, 50)),
        AntePosted(seat=1, amount=1),
        AntePosted(seat=0, amount=1),
        HoleCardsDealt(1, codes("2c 3c"), 2),
        HoleCardsDealt(0, codes("As Ks"), 2),
        UpCardDealt(seat=1, card=codes("4c")[0]),
        UpCardDealt(seat=0, card=codes("Qs")[0]),
    )


def test_hot_path_records_equal_ordinary_ones_and_stay_frozen() -> None:
    """LegalActions and events from the positional constructors are ordinary frozen records."""
    hand = deal([100, 100, 100])
    legal = hand.legal_actions()
    assert type(legal) is LegalActions
    assert legal == LegalActions(seat=0, fold=True, call=2, raise_to=(4, 100))
    assert hash(legal) == hash(LegalActions(seat=0, fold=True, call=2, raise_to=(4, 100)))
    with pytest.raises(dataclasses.FrozenInstanceError):
        legal.seat = 1  # type: ignore[misc]
    (event,) = hand.apply(Fold(seat=0))
    with pytest.raises(dataclasses.FrozenInstanceError):
        event.seat = 1  # type: ignore[misc]
    assert repr(event) == "Folded(seat=0)"


def test_a_hand_pickles_before_and_after_its_events_are_built() -> None:
    """A Hand (with its not-yet-built events) survives pickling with identical events."""
    hand = deal([100, 100, 100])
    hand.apply(Call(seat=0))
    copy = pickle.loads(pickle.dumps(hand))
    assert copy.events == hand.events
    again = pickle.loads(pickle.dumps(hand))
    assert again.events == hand.events and again.legal_actions() == hand.legal_actions()
