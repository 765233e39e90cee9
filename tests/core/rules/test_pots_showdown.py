"""Pots, rake, showdown order and odd chips: R-POT-1..3, R-RAKE-1, R-SD-1..5, R-TIE-1..6."""

from __future__ import annotations

from fractions import Fraction

import pytest
from rules_helpers import check_down, deal, play

from pokerroom.core.errors import IllegalActionError
from pokerroom.core.rules import (
    OBSERVER,
    Betting,
    CardsMucked,
    Game,
    HandShown,
    MuckCards,
    ShowCards,
    Stakes,
    visible_to,
)


def test_R_POT_1_all_in_player_wins_only_the_main_pot() -> None:
    """R-POT-1: A all-in for 50, B and C bet on to 200: main 150 (A, B, C), side 300 (B, C).
    A has the best hand and wins 150; B beats C for the side pot of 300."""
    hand = deal(
        [50, 200, 200],
        cards={0: "As Ah", 1: "Ks Kh", 2: "Qs Qh"}, board="2c 7d 9h Jc 3s",
    )  # fmt: skip
    play(hand, "0 raise 50, 1 call, 2 call, 1 bet 100, 2 call, 1 bet 50, 2 call")
    result = hand.result
    assert [(p.amount, p.eligible) for p in result.pots] == [(150, (1, 2, 0)), (300, (1, 2))]
    assert result.pots[0].winners == ((0, 150),) and result.pots[1].winners == ((1, 300),)
    assert result.stacks == ((0, 150), (1, 300), (2, 0))


def test_R_POT_1_several_all_ins_make_several_side_pots() -> None:
    """R-POT-1: all-ins of 20, 50 and 100 against a 300 stack: pots 80, 90, 100 (+0 uncalled)."""
    hand = deal([300, 20, 50, 100], button=0)
    play(hand, "3 raise 100, 0 call, 1 call, 2 call")
    assert hand.is_over
    pots = [(p.amount, p.eligible) for p in hand.result.pots]
    assert pots == [(80, (1, 2, 3, 0)), (90, (2, 3, 0)), (100, (3, 0))]
    assert sum(s for _, s in hand.result.stacks) == 470


def test_R_POT_2_R_TIE_6_each_pot_is_split_on_its_own() -> None:
    """R-POT-2, R-TIE-6: A (31 chips) and B tie for the main pot of 93: 47 to B (first left of
    the button), 46 to A; B alone wins the side pot of 138. Adding the pots first and then
    splitting would give different numbers."""
    hand = deal(
        [31, 100, 100],
        cards={0: "As Kd", 1: "Ah Kc", 2: "Qs Qh"}, board="Ac Kh 7d 4s 2c",
    )  # fmt: skip
    play(hand, "0 raise 31, 1 call, 2 call, 1 bet 69, 2 call")
    pots = hand.result.pots
    assert pots[0].amount == 93 and pots[0].winners == ((0, 46), (1, 47))
    assert pots[1].amount == 138 and pots[1].winners == ((1, 138),)
    assert hand.result.stacks == ((0, 46), (1, 185), (2, 0))


def test_R_POT_3_chips_are_conserved_at_every_step() -> None:
    """R-POT-3: stacks + bets + pot (+ rake) stay 1,350 through a hand with a side pot and rake."""
    hand = deal([150, 600, 600], rake_percent=5, rake_cap=10)
    total = hand.total_chips()
    assert total == 1350
    for step in ["0 raise 150", "1 raise 400", "2 call", "1 bet 100", "2 call", "1 check", "2 check",
                 "1 check", "2 check"]:  # fmt: skip
        play(hand, step)
        assert hand.total_chips() == total
    assert sum(s for _, s in hand.result.stacks) + hand.result.rake == total


def test_R_RAKE_1_no_flop_no_drop() -> None:
    """R-RAKE-1: a hand that ends before the flop is not raked."""
    hand = deal([1000, 1000, 1000], rake_percent=10)
    play(hand, "0 raise 10, 1 call, 2 fold")
    assert hand.is_over is False
    hand = deal([1000, 1000], rake_percent=10)
    play(hand, "0 raise 20, 1 raise 60, 0 fold")
    assert hand.result.rake == 0 and hand.result.pots[0].winners == ((1, 40),)


def test_R_RAKE_1_no_flop_no_drop_can_be_switched_off() -> None:
    """R-RAKE-1 [choice]: with no_flop_no_drop=False the 40 pot above is raked 10% = 4."""
    hand = deal([1000, 1000], rake_percent=10, no_flop_no_drop=False)
    play(hand, "0 raise 20, 1 raise 60, 0 fold")
    assert hand.result.rake == 4 and hand.result.pots[0].winners == ((1, 36),)


def test_R_RAKE_1_percent_rounded_down_and_capped_per_hand() -> None:
    """R-RAKE-1: pot 80: 5% = 4, capped at 3; 2.5% = 2 (rounded down); uncalled bets not raked."""
    for percent, cap, rake in [(5, 3, 3), (5, 0, 4), (Fraction(5, 2), 0, 2)]:
        hand = deal([1000, 1000], rake_percent=percent, rake_cap=cap)
        play(hand, "0 raise 20, 1 call, 1 bet 20, 0 call, 1 check, 0 check, 1 bet 50, 0 fold")
        assert hand.result.rake == rake
        assert hand.result.pots[0].amount == 80 - rake
        assert hand.result.returned == ((1, 50),)


def test_R_RAKE_1_taken_once_per_hand_across_pots() -> None:
    """R-RAKE-1: 10% capped at 20 over a main pot (150) and a side pot (300): 20 in all,
    taken from the main pot first."""
    hand = deal([50, 200, 200], rake_percent=10, rake_cap=20,
                cards={0: "As Ah", 1: "Ks Kh", 2: "Qs Qh"}, board="2c 7d 9h Jc 3s")  # fmt: skip
    play(hand, "0 raise 50, 1 call, 2 call, 1 bet 150, 2 call")
    result = hand.result
    assert result.rake == 20
    assert [(p.amount, p.rake) for p in result.pots] == [(130, 20), (300, 0)]


def three_way_river(script: str):  # type: ignore[no-untyped-def]
    """Button 0; seat 1 (SB) holds kings, seat 2 (BB) nines, seat 0 fives on a dry board."""
    hand = deal(
        [1000, 1000, 1000],
        cards={0: "5c 5d", 1: "Kc Kd", 2: "9c 9d"}, board="2h 7s Jd 3c Qh",
    )  # fmt: skip
    play(hand, "0 call, 1 call, 2 check")
    play(hand, "1 check, 2 check, 0 check, 1 check, 2 check, 0 check")
    play(hand, script)
    return hand


def test_R_SD_1_every_caller_goes_to_showdown() -> None:
    """R-SD-1: three players check down: all three hands take part (shown or mucked)."""
    hand = three_way_river("1 check, 2 check, 0 check")
    result = hand.result
    assert sorted(result.shown + result.mucked) == [0, 1, 2]
    assert result.pots[0].winners == ((1, 6),)


def test_R_SD_2_last_aggressor_shows_first_worse_hands_muck() -> None:
    """R-SD-2: seat 2 bets the river and shows first (nines); seat 0's fives are worse: mucked;
    seat 1's kings beat the nines: shown. The muck is hidden from observers, visible to players
    dealt in."""
    hand = three_way_river("1 check, 2 bet 10, 0 call, 1 call")
    result = hand.result
    assert result.shown == (2, 1) and result.mucked == (0,)
    muck = next(e for e in hand.events if isinstance(e, CardsMucked))
    assert visible_to(muck, OBSERVER).cards == ()
    assert visible_to(muck, 7).cards == ()  # a seat not dealt in
    assert visible_to(muck, 1, frozenset(hand.dealt_in)).cards == muck.cards
    observer = hand.view_for(OBSERVER)
    assert observer.seats[hand.pos_of[0]].cards == (None, None)
    assert hand.view_for(1).seats[hand.pos_of[0]].cards == muck.cards


def test_R_SD_3_everyone_checked_first_left_of_button_shows_first() -> None:
    """R-SD-3: river checked through: seat 1 (first left of the button) shows first, then seat 2
    (nines, worse than kings): mucked, seat 0 (fives): mucked."""
    hand = three_way_river("1 check, 2 check, 0 check")
    assert hand.result.shown == (1,) and hand.result.mucked == (2, 0)
    shows = [e for e in hand.events if isinstance(e, HandShown | CardsMucked)]
    assert [e.seat for e in shows] == [1, 2, 0]


def test_R_SD_2_a_tying_hand_is_shown() -> None:
    """R-SD-2: a later hand that ties the best shown hand is shown (and splits)."""
    hand = deal([1000, 1000, 1000], cards={0: "Kh Ks", 1: "Kc Kd", 2: "9c 9d"},
                board="2h 7s Jd 3c Qh")  # fmt: skip
    check_down(hand)
    assert hand.result.shown == (1, 0) and hand.result.mucked == (2,)
    assert hand.result.pots[0].winners == ((0, 3), (1, 3))


def test_R_SD_4_winning_hand_is_always_shown_and_never_mucked() -> None:
    """R-SD-4: the river aggressor (seat 2, nines) shows first; seat 1's winning kings are
    shown automatically and may not be mucked afterwards."""
    hand = three_way_river("1 check, 2 bet 10, 0 fold, 1 call")
    assert hand.result.shown == (2, 1)
    with pytest.raises(IllegalActionError) as info:
        hand.apply(MuckCards(seat=1))
    assert info.value.rule_id == "R-SD-4"


def test_R_SD_5_a_mucked_hand_may_be_shown() -> None:
    """R-SD-5: seat 0 mucked its fives; it may choose to show them."""
    hand = three_way_river("1 check, 2 bet 10, 0 call, 1 call")
    assert hand.apply(MuckCards(seat=0)) == ()  # mucking is what already happened
    events = hand.apply(ShowCards(seat=0))
    assert isinstance(events[0], HandShown) and events[0].seat == 0
    assert events[0].description == "One Pair, Fives" or "Pair" in events[0].description
    assert hand.result.shown == (2, 1, 0) and hand.result.mucked == ()
    assert hand.view_for(OBSERVER).seats[hand.pos_of[0]].cards == events[0].cards


def test_R_SD_5_winner_without_showdown_may_show_folded_may_not() -> None:
    """R-SD-5: the uncontested winner may show; a folded player may not."""
    hand = deal([1000, 1000, 1000])
    play(hand, "0 raise 10, 1 fold, 2 fold")
    assert hand.result.shown == ()
    assert isinstance(hand.apply(ShowCards(seat=0))[0], HandShown)
    with pytest.raises(IllegalActionError) as info:
        hand.apply(ShowCards(seat=1))
    assert info.value.rule_id == "R-SD-5"


def test_R_TIE_1_suits_never_decide() -> None:
    """R-TIE-1: the same straight in different suits splits the pot."""
    hand = deal([100, 100], cards={0: "9h 8h", 1: "9c 8d"}, board="Ts Js Qs 2d 3c")
    check_down(hand)
    assert hand.result.pots[0].winners == ((0, 2), (1, 2))


def test_R_TIE_2_R_TIE_3_odd_units_clockwise_from_the_button() -> None:
    """R-TIE-2, R-TIE-3: chip unit 5, blinds 5/10; the small blind folds, three players tie on a
    royal flush board: 35 = 7 units, 2 each + 1 odd unit to the first winner left of the
    button (seat 2): 15, 10, 10; no one gets more than one odd unit."""
    hand = deal([1000] * 4, stakes=Stakes(small_blind=5, big_blind=10), chip_unit=5,
                board="As Ks Qs Js Ts")  # fmt: skip
    play(hand, "3 call, 0 call, 1 fold, 2 check")
    check_down(hand)
    assert hand.result.pots[0].winners == ((0, 10), (2, 15), (3, 10))


def test_R_TIE_3_odd_chip_order_follows_the_button() -> None:
    """R-TIE-3: button on seat 2: seats clockwise from its left are 3, 0, 1; with pot 5 split
    between seats 0 and 1, seat 0 takes the odd chip."""
    hand = deal([100, 100, 100], button=2, cards={0: "9h 8h", 1: "9c 8d", 2: "2c 3d"},
                board="Ts Js Qs 2d 4c")  # fmt: skip
    # button 2, small blind 0, big blind 1: seat 2 calls, 0 folds? no: 0 calls, 1 checks
    play(hand, "2 fold, 0 call, 1 check")
    check_down(hand)
    assert hand.result.pots[0].winners == ((0, 2), (1, 2))
    hand = deal([100, 100, 100, 100], button=2, cards={0: "9h 8h", 1: "9c 8d", 3: "2c 3d"},
                board="Ts Js Qs 2d 4c")  # fmt: skip
    # button 2, small blind 3, big blind 0, seat 1 first
    play(hand, "1 call, 2 fold, 3 fold, 0 check")
    check_down(hand)
    assert hand.result.pots[0].winners == ((0, 3), (1, 2))


def test_R_TIE_5_high_half_gets_the_odd_chip() -> None:
    """R-TIE-5: Omaha hi-lo, pot 5 (small blind folded): high (trip aces) 3, low (7-4-3-2-A) 2."""
    hand = deal(
        [100, 100, 100], game=Game.OMAHA_HILO, betting=Betting.POT_LIMIT,
        cards={0: "As Ad Kc Kd", 2: "2c 3c 9h 9d", 1: "Qd Qs Jh Jd"}, board="Ah 4h 7s 8d Qc",
    )  # fmt: skip
    play(hand, "0 call, 1 fold, 2 check")
    check_down(hand)
    pot = hand.result.pots[0]
    assert pot.amount == 5
    assert pot.winners == ((0, 3), (2, 2)) and pot.low_winners == ((2, 2),)


def test_R_TIE_5_no_low_high_takes_all_and_split_halves() -> None:
    """R-RANK-5, R-TIE-5: no qualifying low: the high hand scoops; two equal lows split the low
    half (4 of 8 -> 2 and 2) by the high-game rule."""
    hand = deal([100, 100], game=Game.OMAHA_HILO, betting=Betting.POT_LIMIT,
                cards={0: "As Ad Kc Kd", 1: "Qd Qs Jh Jd"}, board="Ah 9h 5s 3d 2c")  # fmt: skip
    check_down(hand)
    assert hand.result.pots[0].winners == ((0, 4),)
    hand = deal([100, 100, 100], game=Game.OMAHA_HILO, betting=Betting.POT_LIMIT,
                cards={0: "As Ad 2c 3d", 1: "2h 3h Kd Kc", 2: "2s 3s Qd Qh"},
                board="Ah 4h 7s 8d Jc")  # fmt: skip
    check_down(hand)
    pot = hand.result.pots[0]
    assert pot.amount == 6
    # high: seat 0's trip aces takes 3; low 7-4-3-2-A three ways: 3 units -> 1 each
    assert pot.winners == ((0, 4), (1, 1), (2, 1))
    assert pot.low_winners == ((0, 1), (1, 1), (2, 1))


def test_R_POT_1_big_blind_ante_is_dead_money_in_the_main_pot() -> None:
    """R-POT-1, R-BLIND-2: a big-blind ante (3) is dead money: when the big blind goes all-in
    and loses, its ante is not a side pot it gets back. Pot 3 + 1 + 47 + 47 = 98 to seat 0."""
    from rules_helpers import blind_seats

    from pokerroom.core.rules import Post, PostKind

    seats = blind_seats([1000, 100, 50], 0, 1, 2, {2: (Post(kind=PostKind.ANTE, amount=3),)})
    hand = deal([1000, 100, 50], seats=seats, cards={0: "As Ah", 2: "7c 2d"}, board="Kd 9s 4h 3c Jd")
    play(hand, "0 raise 10, 1 fold, 2 raise 47, 0 call")
    assert [(p.amount, p.winners) for p in hand.result.pots] == [(98, ((0, 98),))]
    assert hand.result.stacks == ((0, 1051), (1, 99), (2, 0))


def test_R_POT_1_all_in_for_part_of_the_ante_wins_what_it_matched() -> None:
    """R-POT-1: stud, ante 2 from everyone; seat 0 has 1 chip (all-in on its ante) and quad
    aces: it wins 1 from each player's ante = 3. Seats 1 and 2 contest the rest: 1 + 1 of the
    antes + bring-in 1 + call 1 = 4, won by seat 2 (queen high)."""
    from rules_helpers import codes

    from pokerroom.core.rules import HandConfig, Post, PostKind, SeatSetup, arrange_deck, start_hand

    cards = {0: codes("As Ah Ad Ac Kd Kh Ks"), 1: codes("2c 3c 7d 8h 9s Jc 4d"),
             2: codes("2d 3d 7h 8s 9c Qc 5h")}  # fmt: skip
    deck = arrange_deck(Game.STUD, [0, 1, 2], 2, cards)
    config = HandConfig(game=Game.STUD, betting=Betting.LIMIT,
                        stakes=Stakes(ante=2, bring_in=1, small_bet=4, big_bet=8))  # fmt: skip
    seats = [SeatSetup(seat=i, stack=s, posts=(Post(kind=PostKind.ANTE, amount=2),))
             for i, s in enumerate((1, 100, 100))]  # fmt: skip
    hand = start_hand(config, seats, button=2, deck=deck)
    check_down(hand)
    assert [(p.amount, p.eligible) for p in hand.result.pots] == [(3, (0, 1, 2)), (4, (1, 2))]
    assert hand.result.stacks == ((0, 3), (1, 97), (2, 101))
