"""Views and events per viewer (the only way hidden cards leave), records and replay."""

from __future__ import annotations

import pytest
from rules_helpers import check_down, codes, deal, play, snapshot

from pokerroom.core.errors import IllegalActionError, InvalidConfigError
from pokerroom.core.rules import (
    OBSERVER,
    Betting,
    Call,
    Game,
    HandConfig,
    HoleCardsDealt,
    RaiseTo,
    SeatSetup,
    Stakes,
    UpCardDealt,
    apply,
    replay,
    start_hand,
    visible_to,
)


def test_views_hide_hole_cards_from_observers_and_opponents() -> None:
    """A player sees their own hole cards only; an observer sees none."""
    hand = deal([100, 100, 100], cards={0: "As Kd", 1: "Qh Qc", 2: "7s 2d"})
    own = hand.view_for(1)
    assert own.seats[hand.pos_of[1]].cards == codes("Qh Qc")
    assert own.seats[hand.pos_of[0]].cards == (None, None)
    assert all(sv.cards == (None, None) for sv in hand.view_for(OBSERVER).seats)
    assert own.legal is None and hand.view_for(0).legal == hand.legal_actions()


def test_hole_card_events_are_redacted_for_everyone_else() -> None:
    """visible_to: a HoleCardsDealt event keeps its cards for its seat only (count stays)."""
    hand = deal([100, 100], cards={0: "As Kd", 1: "Qh Qc"})
    dealt = [e for e in hand.events if isinstance(e, HoleCardsDealt)]
    for event in dealt:
        assert visible_to(event, event.seat) == event
        other = visible_to(event, 1 - event.seat)
        assert isinstance(other, HoleCardsDealt) and other.cards == () and other.count == 2
        assert visible_to(event, OBSERVER).cards == ()


def test_stud_up_cards_are_public_down_cards_hidden() -> None:
    """Stud: third-street up cards are public events and visible in every view."""
    hand = deal([100, 100, 100], game=Game.STUD, betting=Betting.LIMIT,
                cards={0: "Ah Kh 5h", 1: "Ac Kc 2d", 2: "7c 8c 2c"})  # fmt: skip
    ups = {e.seat: e.card for e in hand.events if isinstance(e, UpCardDealt)}
    assert ups == {0: codes("5h")[0], 1: codes("2d")[0], 2: codes("2c")[0]}
    view = hand.view_for(OBSERVER)
    assert view.seats[hand.pos_of[0]].cards == (None, None, codes("5h")[0])
    assert view.seats[hand.pos_of[0]].up == (False, False, True)


def test_replay_of_a_record_gives_identical_events_and_result() -> None:
    """HandRecord: config, seats, button, deck and actions replay to the same hand."""
    hand = deal([100, 60, 100], cards={0: "As Kd", 1: "Qh Qc"}, board="2c 7d 9h Jc 3s")
    play(hand, "0 raise 10, 1 raise 60, 2 fold, 0 call")
    record = hand.record
    assert record.actions == hand.actions and len(record.deck) == 52
    again = replay(record)
    assert again.events == hand.events and again.result == hand.result


def test_functional_apply_leaves_the_input_unchanged() -> None:
    """apply(hand, action) returns a new hand and the events; the old hand is untouched."""
    hand = deal([100, 100, 100])
    before = snapshot(hand)
    new, events = apply(hand, RaiseTo(seat=0, amount=6))
    assert snapshot(hand) == before
    assert new.level == 6 and hand.level == 2 and events == new.events[-len(events):]


def test_bad_input_names_the_field() -> None:
    """Bad configs, seats and decks are refused naming the field; junk actions name the rule."""
    config = HandConfig()
    seats = [SeatSetup(seat=0, stack=100), SeatSetup(seat=1, stack=100)]
    with pytest.raises(InvalidConfigError, match="deck"):
        start_hand(config, seats, button=0, deck=(1, 1, 2))
    with pytest.raises(InvalidConfigError, match="seats"):
        start_hand(config, seats[:1], button=0, deck=tuple(range(52)))
    with pytest.raises(InvalidConfigError, match="seats"):
        start_hand(config, [SeatSetup(seat=0, stack=0), seats[1]], button=0, deck=tuple(range(52)))
    with pytest.raises(InvalidConfigError, match="stakes"):
        HandConfig(betting=Betting.LIMIT, stakes=Stakes(small_blind=1, big_blind=2))
    hand = deal([100, 100])
    with pytest.raises(IllegalActionError) as info:
        hand.apply("call")  # type: ignore[arg-type]
    assert info.value.rule_id == "R-BET-10"
    with pytest.raises(IllegalActionError) as info:
        hand.apply(Call(seat="0"))  # type: ignore[arg-type]
    assert info.value.rule_id == "R-BET-10"


def test_result_lists_shown_and_mucked_and_final_stacks() -> None:
    """HandResult: final stacks per seat, pots with winners, rake, shown and mucked."""
    hand = deal([100, 100, 100], cards={0: "As Ad", 1: "Kc Kd", 2: "2c 7d"}, board="3h 8s Jd 4c Qh")
    check_down(hand)
    result = hand.result
    assert result.stack(0) == 104 and result.won(0) == 6
    assert result.pots[0].winners == ((0, 6),) and result.rake == 0
    assert result.shown == (1, 0) and result.mucked == (2,)
