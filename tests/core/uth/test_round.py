"""The UTH round: seats, bets, deal order, decisions, refusals (U-TABLE-1, U-BET-*, U-DEAL-1, U-PLAY-*)."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.core.uth.helpers import scripted_deck

from pokerroom.core.cards import parse_cards, to_codes
from pokerroom.core.deck import shuffled_deck
from pokerroom.core.errors import IllegalActionError, InvalidConfigError
from pokerroom.core.uth import (
    Check,
    Fold,
    Phase,
    PlaceBets,
    Play,
    UthConfig,
    replay,
    start_round,
    visible_to,
)
from pokerroom.core.uth.events import CommunityCardsDealt, DealerCardsDealt, PlayerCardsDealt


def _snapshot(rnd: object) -> object:
    return copy.deepcopy(rnd)


def _state(rnd: object) -> tuple[object, ...]:
    r = rnd
    return (
        r.phase, r.board, r.dealer, r.shown_board, tuple(sorted(r.decided)),
        tuple((s, x.ante, x.trips, x.play, x.folded, x.cards) for s, x in sorted(r.states.items())),
        len(r.events), len(r.actions),
    )  # fmt: skip


def test_U_TABLE_1_one_to_seven_seats() -> None:
    """U-TABLE-1: a round seats 1 to 7 players against the dealer."""
    deck = tuple(range(52))
    assert start_round(UthConfig(), [3], deck).seats == (3,)
    assert start_round(UthConfig(), range(7), deck).seats == tuple(range(7))
    with pytest.raises(InvalidConfigError, match="U-TABLE-1"):
        start_round(UthConfig(), [], deck)
    with pytest.raises(InvalidConfigError, match="U-TABLE-1"):
        start_round(UthConfig(), range(8), deck)
    with pytest.raises(InvalidConfigError, match="U-TABLE-1"):
        UthConfig(seats=8)


def test_U_TABLE_1_seven_players_each_settled_against_the_dealer() -> None:
    """U-TABLE-1: every seat is settled against the dealer alone, never against each other."""
    rnd = start_round(UthConfig(), range(7), tuple(range(52)))
    for seat in range(7):
        rnd.apply(PlaceBets(seat=seat, ante=100))
    for seat in range(7):
        rnd.apply(Play(seat=seat, multiple=4))
    assert rnd.is_over and sorted(rnd.settlements) == list(range(7))


def test_U_BET_1_blind_equals_ante_and_trips_needs_ante() -> None:
    """U-BET-1: the Blind is placed automatically, equal to the Ante; Trips needs an Ante."""
    rnd = start_round(UthConfig(), [0], tuple(range(52)))
    events = rnd.apply(PlaceBets(seat=0, ante=250, trips=100))
    assert events[0].ante == 250 and events[0].blind == 250 and events[0].trips == 100
    rnd2 = start_round(UthConfig(), [0], tuple(range(52)))
    before = _state(rnd2)
    with pytest.raises(IllegalActionError) as err:
        rnd2.apply(PlaceBets(seat=0, ante=0, trips=100))
    assert err.value.rule_id == "U-BET-1"
    assert _state(rnd2) == before


def test_U_BET_1_bets_cannot_change_once_placed_or_dealt() -> None:
    """U-BET-1: bets are neither changed nor withdrawn once placed / once cards are dealt."""
    rnd = start_round(UthConfig(), [0, 1], tuple(range(52)))
    rnd.apply(PlaceBets(seat=0, ante=100))
    before = _state(rnd)
    with pytest.raises(IllegalActionError) as err:
        rnd.apply(PlaceBets(seat=0, ante=200))
    assert err.value.rule_id == "U-BET-1" and _state(rnd) == before
    rnd.apply(PlaceBets(seat=1, ante=100))
    assert rnd.phase is Phase.PREFLOP
    with pytest.raises(IllegalActionError) as err:
        rnd.apply(PlaceBets(seat=1, ante=100, trips=50))
    assert err.value.rule_id == "U-BET-1"


@pytest.mark.parametrize(
    ("ante", "trips", "ok"),
    [
        (50, 0, True), (7500, 5000, True), (49, 0, False), (7501, 0, False),
        (100, 49, False), (100, 5001, False), (100, 50, True),
    ],
)  # fmt: skip
def test_U_BET_2_table_limits(ante: int, trips: int, ok: bool) -> None:
    """U-BET-2: Ante 0.50..75.00 EUR, Trips 0.50..50.00 EUR (defaults, in cents)."""
    rnd = start_round(UthConfig(), [0], tuple(range(52)))
    before = _state(rnd)
    if ok:
        rnd.apply(PlaceBets(seat=0, ante=ante, trips=trips))
        assert rnd.phase is Phase.PREFLOP
    else:
        with pytest.raises(IllegalActionError) as err:
            rnd.apply(PlaceBets(seat=0, ante=ante, trips=trips))
        assert err.value.rule_id == "U-BET-2"
        assert _state(rnd) == before


def test_U_BET_2_limits_are_configurable() -> None:
    """U-BET-2: the limits are a table configuration."""
    cfg = UthConfig(ante_min=500, ante_max=1000, trips_min=100, trips_max=200)
    rnd = start_round(cfg, [0], tuple(range(52)))
    with pytest.raises(IllegalActionError, match="U-BET-2"):
        rnd.apply(PlaceBets(seat=0, ante=100))
    rnd.apply(PlaceBets(seat=0, ante=500, trips=200))


def test_U_DEAL_1_shuffler_order() -> None:
    """U-DEAL-1: five community cards first, then two per player in seat order, then the dealer."""
    deck = shuffled_deck(__import__("random").Random(7))
    rnd = start_round(UthConfig(), [1, 4, 6], deck)
    for seat in (1, 4, 6):
        rnd.apply(PlaceBets(seat=seat, ante=100))
    assert rnd.board == deck[:5]
    assert rnd.states[1].cards == deck[5:7]
    assert rnd.states[4].cards == deck[7:9]
    assert rnd.states[6].cards == deck[9:11]
    assert rnd.dealer == deck[11:13]


def test_U_DEAL_1_hidden_cards_stay_hidden_until_shown() -> None:
    """U-DEAL-1: player cards face up; dealer and undealt community cards hidden until shown."""
    rnd = start_round(
        UthConfig(), [0, 1], scripted_deck("Ah 7s 2d 9s 3h", ["As Ad", "7c 2h"], "Kc Qd")
    )
    rnd.apply(PlaceBets(seat=0, ante=100))
    rnd.apply(PlaceBets(seat=1, ante=100))
    for viewer in (0, 1, None):
        for event in rnd.events_for(viewer):
            if isinstance(event, CommunityCardsDealt | DealerCardsDealt):
                assert event.cards == () and event.count in (2, 5)
            if isinstance(event, PlayerCardsDealt):
                assert len(event.cards) == 2
        view = rnd.view_for(viewer)
        assert view.board == () and view.dealer == ()
        assert [s.cards for s in view.seats] == [
            to_codes(parse_cards("As Ad")),
            to_codes(parse_cards("7c 2h")),
        ]
    rnd.apply(Check(seat=0))
    rnd.apply(Check(seat=1))
    assert rnd.view_for(None).board == to_codes(parse_cards("Ah 7s 2d"))
    assert rnd.view_for(0).dealer == ()
    rnd.apply(Play(seat=0, multiple=2))
    rnd.apply(Check(seat=1))
    assert len(rnd.view_for(1).board) == 5 and rnd.view_for(1).dealer == ()
    rnd.apply(Fold(seat=1))
    assert rnd.view_for(None).dealer == to_codes(parse_cards("Kc Qd"))
    hidden = [e for e in rnd.events if isinstance(e, DealerCardsDealt)][0]
    assert visible_to(hidden, 0).cards == ()


def _dealt(seats: tuple[int, ...] = (0,)) -> object:
    rnd = start_round(UthConfig(), seats, tuple(range(52)))
    for seat in seats:
        rnd.apply(PlaceBets(seat=seat, ante=100))
    return rnd


def _refused(rnd: object, action: object, rule: str) -> None:
    before = _state(rnd)
    with pytest.raises(IllegalActionError) as err:
        rnd.apply(action)
    assert err.value.rule_id == rule
    assert _state(rnd) == before


def test_U_PLAY_1_preflop_check_or_play_3x_or_4x() -> None:
    """U-PLAY-1: preflop check, or Play 3x or 4x; nothing else; no decision after a Play bet."""
    rnd = _dealt()
    assert rnd.legal(0).play_multiples == (4, 3) and rnd.legal(0).check and not rnd.legal(0).fold
    for multiple in (1, 2, 5):
        _refused(rnd, Play(seat=0, multiple=multiple), "U-PLAY-1")
    _refused(rnd, Fold(seat=0), "U-PLAY-1")
    rnd.apply(Play(seat=0, multiple=3))
    assert rnd.is_over and rnd.states[0].play == 300
    rnd2 = _dealt((0, 1))
    rnd2.apply(Play(seat=0, multiple=4))
    _refused(rnd2, Check(seat=0), "U-PLAY-1")
    _refused(rnd2, Play(seat=0, multiple=4), "U-PLAY-1")
    rnd2.apply(Check(seat=1))
    assert rnd2.phase is Phase.FLOP and rnd2.to_decide() == (1,)
    _refused(rnd2, Play(seat=0, multiple=2), "U-PLAY-1")


def test_U_PLAY_1_no_decision_before_the_deal() -> None:
    """U-PLAY-1: decisions come after the cards are dealt."""
    rnd = start_round(UthConfig(), [0, 1], tuple(range(52)))
    rnd.apply(PlaceBets(seat=0, ante=100))
    _refused(rnd, Play(seat=0, multiple=4), "U-BET-1")


def test_U_PLAY_2_flop_check_or_play_2x() -> None:
    """U-PLAY-2: after the flop a player who checked may check again or Play 2x."""
    rnd = _dealt()
    rnd.apply(Check(seat=0))
    assert rnd.phase is Phase.FLOP and rnd.legal(0).play_multiples == (2,)
    for multiple in (1, 3, 4):
        _refused(rnd, Play(seat=0, multiple=multiple), "U-PLAY-2")
    _refused(rnd, Fold(seat=0), "U-PLAY-2")
    rnd.apply(Play(seat=0, multiple=2))
    assert rnd.is_over and rnd.states[0].play == 200


def test_U_PLAY_2_one_decision_per_street() -> None:
    """U-PLAY-2: a player who decided on this street waits for the next card(s)."""
    rnd = _dealt((0, 1))
    rnd.apply(Check(seat=0))
    _refused(rnd, Check(seat=0), "U-PLAY-1")
    rnd.apply(Check(seat=1))
    rnd.apply(Check(seat=0))
    _refused(rnd, Play(seat=0, multiple=2), "U-PLAY-2")


def test_U_PLAY_3_river_play_1x_or_fold() -> None:
    """U-PLAY-3: at the river a player without a Play bet must Play 1x or fold."""
    rnd = _dealt()
    rnd.apply(Check(seat=0))
    rnd.apply(Check(seat=0))
    assert rnd.phase is Phase.RIVER and rnd.legal(0).fold and not rnd.legal(0).check
    _refused(rnd, Check(seat=0), "U-PLAY-3")
    for multiple in (2, 3, 4):
        _refused(rnd, Play(seat=0, multiple=multiple), "U-PLAY-3")
    rnd.apply(Play(seat=0, multiple=1))
    assert rnd.is_over and rnd.states[0].play == 100
    _refused(rnd, Fold(seat=0), "U-PLAY-1")


def test_U_PLAY_3_fold_loses_ante_and_blind() -> None:
    """U-PLAY-3: folding loses the Ante and the Blind."""
    rnd = _dealt()
    rnd.apply(Check(seat=0))
    rnd.apply(Check(seat=0))
    rnd.apply(Fold(seat=0))
    assert rnd.settlement(0).net == -200
    _refused(rnd, Play(seat=0, multiple=1), "U-PLAY-3")


@st.composite
def _round_script(draw: st.DrawFn) -> tuple[tuple[int, ...], tuple[int, ...], list[object]]:
    seed = draw(st.integers(0, 2**32))
    deck = shuffled_deck(__import__("random").Random(seed))
    seats = tuple(sorted(draw(st.sets(st.integers(0, 6), min_size=1, max_size=7))))
    choices = draw(st.lists(st.integers(0, 9), min_size=40, max_size=40))
    return deck, seats, choices


@settings(max_examples=60, deadline=None)
@given(_round_script())
def test_U_PAY_1_random_rounds_replay_and_refusals_change_nothing(script: object) -> None:
    """U-PAY-1: any sequence of legal and illegal intents; refusals change nothing; the record
    replays to the identical settlement; chips balance (each bet's net within its pay table)."""
    deck, seats, choices = script
    rnd = start_round(UthConfig(), seats, deck)
    it = iter(choices)
    for seat in seats:
        rnd.apply(PlaceBets(seat=seat, ante=100, trips=50 if next(it) % 2 else 0))
    options = [Check, Fold, lambda seat: Play(seat=seat, multiple=1),
               lambda seat: Play(seat=seat, multiple=2), lambda seat: Play(seat=seat, multiple=3),
               lambda seat: Play(seat=seat, multiple=4)]  # fmt: skip
    steps = 0
    while not rnd.is_over and steps < 200:
        steps += 1
        seat = rnd.to_decide()[0]
        k = next(it, steps)
        action = options[k % len(options)](seat=seat)
        legal = rnd.legal(seat)
        is_legal = (
            (isinstance(action, Check) and legal.check)
            or (isinstance(action, Fold) and legal.fold)
            or (isinstance(action, Play) and action.multiple in legal.play_multiples)
        )
        if is_legal:
            rnd.apply(action)
        else:
            before = _state(rnd)
            with pytest.raises(IllegalActionError):
                rnd.apply(action)
            assert _state(rnd) == before
            rnd.apply(Fold(seat=seat) if legal.fold else Check(seat=seat))
    assert rnd.is_over
    again = replay(rnd.record)
    assert again.settlements == rnd.settlements
    assert again.events == rnd.events
    for s in seats:
        result = rnd.settlement(s)
        st_ = rnd.states[s]
        for bet in result.bets:
            assert -bet.stake <= bet.net <= 500 * bet.stake
        if st_.folded:
            assert result.net_of(result.bets[0].bet) == -100
