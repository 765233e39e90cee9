"""Betting rules R-BET-1..10 with worked numbers (blinds 1/2 unless stated)."""

from __future__ import annotations

import pytest
from rules_helpers import deal, play, snapshot

from pokerroom.core.errors import IllegalActionError
from pokerroom.core.rules import (
    Bet,
    BetReturned,
    Betting,
    Call,
    Check,
    Fold,
    RaiseTo,
    ShowCards,
    Stakes,
)


def refused(hand, action, rule):  # type: ignore[no-untyped-def]
    before = snapshot(hand)
    with pytest.raises(IllegalActionError) as info:
        hand.apply(action)
    assert info.value.rule_id == rule, info.value
    assert snapshot(hand) == before
    return info.value


def to_flop_four(**options: object):  # type: ignore[no-untyped-def]
    """Four players, button 0, SB 1, BB 2; everyone limps; the flop comes, seat 1 to act."""
    hand = deal([1000, 1000, 1000, 1000], **options)  # type: ignore[arg-type]
    play(hand, "3 call, 0 call, 1 call, 2 check")
    assert hand.to_act == 1 and hand.pot == 8
    return hand


def test_R_BET_1_check_raise_is_allowed() -> None:
    """R-BET-1: a player who checked may raise when a bet comes back to them."""
    hand = to_flop_four()
    play(hand, "1 check, 2 bet 10, 3 call, 0 fold")
    legal = hand.legal_actions()
    assert legal.seat == 1 and legal.raise_to == (20, 998)
    play(hand, "1 raise 30")
    assert hand.to_act == 2 and hand.level == 30


def test_R_BET_1_check_only_when_nothing_to_call() -> None:
    """R-BET-1: checking is refused facing a bet; calling is refused with nothing to call."""
    hand = to_flop_four()
    refused(hand, Call(seat=1), "R-BET-1")
    play(hand, "1 bet 4")
    refused(hand, Check(seat=2), "R-BET-1")


def test_R_BET_2_no_limit_raises_are_unlimited() -> None:
    """R-BET-2: no-limit: ten raises in one round are all accepted."""
    hand = deal([10_000, 10_000])
    to = 2
    for _ in range(10):
        seat = hand.to_act
        assert seat is not None
        to = to * 2
        hand.apply(RaiseTo(seat=seat, amount=to))
    assert hand.level == 2048 and hand.raise_count == 11  # the big blind counts as the bet


def test_R_BET_2_pot_limit_raises_are_unlimited() -> None:
    """R-BET-2: pot-limit: six raises in one round are all accepted."""
    hand = deal([100_000, 100_000, 100_000], betting=Betting.POT_LIMIT)
    for _ in range(6):
        legal = hand.legal_actions()
        assert legal.raise_to is not None
        hand.apply(RaiseTo(seat=legal.seat, amount=legal.raise_to[1]))
    assert not hand.is_over


def test_R_BET_3_limit_cap_one_bet_three_raises_big_blind_counts() -> None:
    """R-BET-3: limit 2/4 preflop: the big blind (2) is the bet; raises to 4, 6, 8 reach the cap."""
    hand = deal([100, 100, 100, 100], betting=Betting.LIMIT)
    play(hand, "3 raise 4, 0 raise 6, 1 raise 8")
    legal = hand.legal_actions()
    assert legal.seat == 2 and legal.call == 6 and legal.raise_to is None
    refused(hand, RaiseTo(seat=2, amount=10), "R-BET-3")


def test_R_BET_3_cap_applies_heads_up_by_default() -> None:
    """R-BET-3: heads-up the cap still applies (default)."""
    hand = deal([100, 100], betting=Betting.LIMIT)
    play(hand, "0 raise 4, 1 raise 6, 0 raise 8")
    assert hand.legal_actions().raise_to is None
    refused(hand, RaiseTo(seat=1, amount=10), "R-BET-3")


def test_R_BET_3_cap_lifted_heads_up_by_option() -> None:
    """R-BET-3 [choice]: with limit_cap_heads_up=False two players may keep raising."""
    hand = deal([100, 100], betting=Betting.LIMIT, limit_cap_heads_up=False)
    play(hand, "0 raise 4, 1 raise 6, 0 raise 8, 1 raise 10, 0 raise 12")
    assert hand.legal_actions().raise_to == (14, 14)


def test_R_BET_3_limit_bet_sizes_small_then_big() -> None:
    """R-BET-3/R-BET-4: limit 2/4: the flop bet is 2, the turn bet 4, raises by the same size."""
    hand = deal([100, 100, 100], betting=Betting.LIMIT)
    play(hand, "0 call, 1 call, 2 check")
    assert hand.legal_actions().bet == (2, 2)
    play(hand, "1 bet 2")
    assert hand.legal_actions().raise_to == (4, 4)
    play(hand, "2 call, 0 call")
    assert hand.legal_actions().bet == (4, 4)
    refused(hand, Bet(seat=1, amount=6), "R-BET-4")


def test_R_BET_4_minimum_raise_is_the_previous_raise() -> None:
    """R-BET-4 (seed 002 example): A bets 100, B raises to 200, C must raise to at least 300."""
    hand = to_flop_four()
    play(hand, "1 bet 100, 2 raise 200")
    assert hand.legal_actions().raise_to == (300, 998)
    refused(hand, RaiseTo(seat=3, amount=299), "R-BET-4")
    play(hand, "3 raise 300")


def test_R_BET_4_smallest_opening_bet_is_the_big_blind() -> None:
    """R-BET-4: no-limit: the smallest bet is the big blind (2)."""
    hand = to_flop_four()
    assert hand.legal_actions().bet == (2, 998)
    refused(hand, Bet(seat=1, amount=1), "R-BET-4")


def test_R_BET_4_all_in_below_the_minimum_is_allowed() -> None:
    """R-BET-4: a player may go all-in for less than a minimum raise."""
    hand = deal([1000, 1000, 5])
    play(hand, "0 raise 4, 1 call")
    legal = hand.legal_actions()
    assert legal.seat == 2 and legal.raise_to == (5, 5)
    play(hand, "2 raise 5")
    assert hand.allin[hand.pos_of[2]]


def test_R_BET_5_pot_limit_rulebook_example() -> None:
    """R-BET-5 (seed 002 example): pot 10 on the flop, opponent bets 5: raise to at most 25."""
    hand = deal([1000, 1000], betting=Betting.POT_LIMIT)
    play(hand, "0 raise 5, 1 call")
    assert hand.pot == 10
    play(hand, "1 bet 5")
    assert hand.legal_actions().raise_to == (10, 25)
    refused(hand, RaiseTo(seat=0, amount=26), "R-BET-5")
    play(hand, "0 raise 25")


def test_R_BET_5_pot_limit_preflop_maximum() -> None:
    """R-BET-5: blinds 1/2, three players: the first raise is at most 2 + (1 + 2 + 2) = 7;
    heads-up the button (small blind) may raise to 2 + (3 + 1) = 6."""
    hand = deal([1000, 1000, 1000], betting=Betting.POT_LIMIT)
    assert hand.legal_actions().raise_to == (4, 7)
    hand = deal([1000, 1000], betting=Betting.POT_LIMIT)
    assert hand.legal_actions().raise_to == (4, 6)


def test_R_BET_5_pot_limit_bet_is_at_most_the_pot() -> None:
    """R-BET-5: with nothing bet, the largest bet is the pot (8 after four limpers)."""
    hand = to_flop_four(betting=Betting.POT_LIMIT)
    assert hand.legal_actions().bet == (2, 8)
    refused(hand, Bet(seat=1, amount=9), "R-BET-5")


def limit_three(stack2: int, **options: object):  # type: ignore[no-untyped-def]
    hand = deal([100, 100, stack2], betting=Betting.LIMIT, **options)  # type: ignore[arg-type]
    play(hand, "0 call, 1 call, 2 check")
    play(hand, "1 check, 2 check, 0 check")
    return hand


def test_R_BET_6_limit_all_in_under_half_does_not_reopen() -> None:
    """R-BET-6: turn bet 4, all-in raise to 5 (1 < half of 4): the bettor may only call or fold;
    a player yet to act may make a full raise to 4 + 4 = 8."""
    hand = limit_three(7)
    play(hand, "1 bet 4, 2 raise 5")
    assert hand.legal_actions().raise_to == (8, 8)
    play(hand, "0 call")
    legal = hand.legal_actions()
    assert legal.seat == 1 and legal.call == 1 and legal.raise_to is None
    refused(hand, RaiseTo(seat=1, amount=9), "R-BET-6")


def test_R_BET_6_limit_all_in_of_half_counts_as_full() -> None:
    """R-BET-6: turn bet 4, all-in raise to 6 (2 = half of 4) counts as a full raise: the bettor
    may re-raise to 6 + 4 = 10."""
    hand = limit_three(8)
    play(hand, "1 bet 4, 2 raise 6, 0 call")
    legal = hand.legal_actions()
    assert legal.seat == 1 and legal.raise_to == (10, 10)


def limit_200_flop(short_stack: int):  # type: ignore[no-untyped-def]
    """Limit 100/200 (bets 200/400), four players; on the flop seat 1 bets 200 and seat 2, with
    `short_stack` left, goes all-in over it. Seat 3 has not acted yet on the flop."""
    hand = deal(
        [2000, 2000, short_stack + 200, 2000], betting=Betting.LIMIT,
        stakes=Stakes(small_blind=100, big_blind=200, small_bet=200, big_bet=400),
    )  # fmt: skip
    play(hand, "3 call, 0 call, 1 call, 2 check")
    play(hand, f"1 bet 200, 2 raise {short_stack}")
    return hand


def test_R_BET_6_facing_a_short_all_in_complete_to_the_next_full_level() -> None:
    """R-BET-6, the rulebook's example: a 250 all-in over a 200 bet (less than half a bet more)
    is called with 250 or completed to 400, not 450; the bettor, who acted, may only call."""
    hand = limit_200_flop(250)
    legal = hand.legal_actions()
    assert legal.seat == 3 and legal.fold and legal.call == 250 and legal.raise_to == (400, 400)
    refused(hand, RaiseTo(seat=3, amount=450), "R-BET-4")
    play(hand, "3 call, 0 call")
    legal = hand.legal_actions()
    assert legal.seat == 1 and legal.call == 50 and legal.raise_to is None
    refused(hand, RaiseTo(seat=1, amount=400), "R-BET-6")


def test_R_BET_6_facing_an_all_in_of_half_a_bet_raise_on_top_of_it() -> None:
    """R-BET-6, the rulebook's example: a 300 all-in over 200 (half a bet more) is a full raise:
    the next raise is on top of it, to 500; the bettor may re-raise too."""
    hand = limit_200_flop(300)
    legal = hand.legal_actions()
    assert legal.seat == 3 and legal.call == 300 and legal.raise_to == (500, 500)
    refused(hand, RaiseTo(seat=3, amount=400), "R-BET-4")
    play(hand, "3 call, 0 call")
    legal = hand.legal_actions()
    assert legal.seat == 1 and legal.call == 100 and legal.raise_to == (500, 500)


def nl_incomplete(**options: object):  # type: ignore[no-untyped-def]
    """Flop: seat 1 bets 100, seat 2 goes all-in for 150 (50 short of a full raise)."""
    hand = deal([1000, 1000, 152, 1000], **options)  # type: ignore[arg-type]
    play(hand, "3 call, 0 call, 1 call, 2 check")
    play(hand, "1 bet 100, 2 raise 150")
    return hand


def test_R_BET_7_incomplete_all_in_raise_does_not_reopen() -> None:
    """R-BET-7: A bets 100, B all-in to 150: a player yet to act may raise to 150 + 100 = 250;
    A, who already acted, may only call 50 or fold."""
    hand = nl_incomplete()
    assert hand.legal_actions().raise_to == (250, 998)
    play(hand, "3 call, 0 call")
    legal = hand.legal_actions()
    assert legal.seat == 1 and legal.call == 50 and legal.raise_to is None
    refused(hand, RaiseTo(seat=1, amount=400), "R-BET-7")


def test_R_BET_7_half_rule_option_reopens() -> None:
    """R-BET-7 [choice]: reopen_rule='half': an all-in raise of at least half a raise (50 of
    100) reopens the betting: A may raise again, at least to 150 + 100 = 250."""
    hand = nl_incomplete(reopen_rule="half")
    play(hand, "3 call, 0 call")
    legal = hand.legal_actions()
    assert legal.seat == 1 and legal.raise_to == (250, 998)


def test_R_BET_7_full_raise_after_incomplete_reopens() -> None:
    """R-BET-7: after the short all-in, a full raise by a later player reopens for A."""
    hand = nl_incomplete()
    play(hand, "3 raise 250, 0 fold")
    assert hand.legal_actions().raise_to == (350, 998)


def test_R_BET_8_amounts_are_whole_chip_units() -> None:
    """R-BET-8: chip unit 5 (blinds 5/10): a raise to 23 is refused, 25 accepted; the legal
    amounts are on the unit."""
    stakes = Stakes(small_blind=5, big_blind=10)
    hand = deal([1000, 1000, 1000], stakes=stakes, chip_unit=5)
    refused(hand, RaiseTo(seat=0, amount=23), "R-BET-8")
    play(hand, "0 raise 25, 1 fold")
    assert hand.legal_actions().raise_to == (40, 1000)
    refused(hand, RaiseTo(seat=2, amount=41), "R-BET-8")
    play(hand, "2 raise 40")


def test_R_BET_8_stacks_must_be_whole_units() -> None:
    """R-BET-8: a stack off the chip unit (1003 with unit 5) cannot be dealt in."""
    from pokerroom.core.errors import InvalidConfigError

    with pytest.raises(InvalidConfigError, match="R-BET-8"):
        deal([1003, 1000, 1000], stakes=Stakes(small_blind=5, big_blind=10), chip_unit=5)


def test_R_BET_8_stakes_must_be_on_the_unit() -> None:
    """R-BET-8: a config whose stakes are off the chip unit is refused."""
    from pokerroom.core.errors import InvalidConfigError
    from pokerroom.core.rules import HandConfig

    with pytest.raises(InvalidConfigError, match="R-BET-8"):
        HandConfig(stakes=Stakes(small_blind=5, big_blind=12), chip_unit=5)


def test_R_BET_9_uncalled_bet_is_returned() -> None:
    """R-BET-9: seat 0 raises to 10, both blinds fold: 8 comes back, seat 0 wins 5."""
    hand = deal([1000, 1000, 1000])
    play(hand, "0 raise 10, 1 fold, 2 fold")
    assert BetReturned(seat=0, amount=8) in hand.events
    result = hand.result
    assert result.returned == ((0, 8),)
    assert result.pots[0].amount == 5 and result.pots[0].winners == ((0, 5),)
    assert result.stacks == ((0, 1003), (1, 999), (2, 998))


def test_R_BET_9_excess_over_a_short_all_in_call_is_returned() -> None:
    """R-BET-9: A bets 100 on the flop, B calls all-in for 40: 60 goes back to A."""
    hand = deal([1000, 42])
    play(hand, "0 call, 1 check, 1 bet 2, 0 raise 100")
    assert hand.legal_actions().call == 38
    play(hand, "1 call")
    assert hand.is_over
    assert hand.result.returned == ((0, 60),)
    assert sum(p.amount for p in hand.result.pots) == 84


def test_R_BET_10_legal_actions_are_exact() -> None:
    """R-BET-10: the player to act sees exactly fold/call 2/raise 4..1000 preflop."""
    hand = deal([1000, 1000, 1000, 1000])
    legal = hand.legal_actions()
    assert (legal.seat, legal.fold, legal.check, legal.call, legal.bet, legal.raise_to) == (
        3, True, False, 2, None, (4, 1000),
    )


def test_R_BET_10_refusals_name_the_rule_and_change_nothing() -> None:
    """R-BET-10: out of turn, a seat not dealt in, a bet facing a bet, folding with nothing to
    call, showing mid-hand: each refused with a reason, nothing changed."""
    hand = deal([1000, 1000, 1000, 1000])
    err = refused(hand, Call(seat=0), "R-BET-10")
    assert "out of turn" in err.reason
    refused(hand, Call(seat=7), "R-BET-10")
    refused(hand, Bet(seat=3, amount=10), "R-BET-10")
    refused(hand, RaiseTo(seat=3, amount="ten"), "amount")  # type: ignore[arg-type]
    refused(hand, RaiseTo(seat=3, amount=2000), "R-BUYIN-4")
    refused(hand, ShowCards(seat=3), "R-SD-5")
    play(hand, "3 call, 0 call, 1 call")
    refused(hand, Fold(seat=2), "R-BET-10")
    play(hand, "2 check")
    while not hand.is_over:
        play(hand, f"{hand.to_act} check")
    refused(hand, Check(seat=1), "R-BET-10")


def test_R_BET_3_option_big_blind_not_counted_as_the_bet() -> None:
    """R-BET-3: with big_blind_counts_as_bet=False (PokerKit's convention) preflop allows a bet
    and three raises after the big blind: 4, 6, 8, 10."""
    hand = deal([100, 100, 100, 100], betting=Betting.LIMIT, big_blind_counts_as_bet=False)
    play(hand, "3 raise 4, 0 raise 6, 1 raise 8")
    assert hand.legal_actions().raise_to == (10, 10)
    play(hand, "2 raise 10")
    assert hand.legal_actions().raise_to is None


def test_R_BET_10_no_raise_when_nobody_can_match_more() -> None:
    """R-BET-10: facing a bet that every other live player can at most call, raising is
    refused (it could only come back, R-BET-9)."""
    hand = deal([1000, 1000, 50])
    play(hand, "0 raise 10, 1 fold, 2 raise 50")
    legal = hand.legal_actions()
    assert legal.seat == 0 and legal.call == 40 and legal.raise_to is None
    refused(hand, RaiseTo(seat=0, amount=100), "R-BET-10")


def test_R_BET_7_short_all_ins_adding_up_to_a_full_raise_reopen() -> None:
    """R-BET-7: blinds 1/2; seat 2 raises to 10 (a raise of 8); short all-ins to 15 and 20
    follow. Seat 2 now faces 10 more than where it acted, at least a full raise (8): it may
    raise again, to at least 20 + 8 = 28. After only the first short all-in it could not."""
    from rules_helpers import blind_seats

    seats = blind_seats([20, 200, 200, 15], 3, 1, 2)
    hand = deal([20, 200, 200, 15], seats=seats, button=3)
    play(hand, "2 raise 10, 3 raise 15")
    play(hand, "0 fold, 1 call")
    legal = hand.legal_actions()
    assert legal.seat == 2 and legal.call == 5 and legal.raise_to is None
    hand = deal([20, 200, 200, 15], seats=seats, button=3)
    play(hand, "2 raise 10, 3 raise 15, 0 raise 20, 1 call")
    legal = hand.legal_actions()
    assert legal.seat == 2 and legal.call == 10 and legal.raise_to == (28, 200)
