"""Stud games: bring-in, completion, street openers, stud showdown order and odd chips.

Cards are given per seat in deal order: 1st and 2nd down, 3rd..6th up, 7th down. Antes 1,
bring-in 2, limit 5/10 unless stated.
"""

from __future__ import annotations

import pytest
from rules_helpers import check_down, deal, play, snapshot

from pokerroom.core.errors import IllegalActionError
from pokerroom.core.rules import (
    Betting,
    BringInPosted,
    Call,
    Game,
    HandShown,
    RaiseTo,
    Stakes,
)

THREE = {
    0: "Ah Kh 5h 5d 9c 3s 2h",
    1: "Ac Kc 2d Ad Qh 3c 4d",
    2: "7c 8c 2c Kd Jh Th 6s",
}


def test_R_RANK_3_bring_in_is_the_lowest_up_card_suit_breaks_ties() -> None:
    """R-RANK-3: up cards 5h, 2d, 2c: the 2c brings in (clubs below diamonds)."""
    hand = deal([100, 100, 100], game=Game.STUD, betting=Betting.LIMIT, cards=THREE)
    legal = hand.legal_actions()
    assert legal.seat == 2 and legal.bring_in == 2 and legal.complete == (5, 5)
    assert legal.call is None and not legal.fold and not legal.check
    before = snapshot(hand)
    with pytest.raises(IllegalActionError):
        hand.apply(Call(seat=2))
    assert snapshot(hand) == before


def test_razz_bring_in_is_the_highest_up_card_aces_low() -> None:
    """Razz: up cards Kd, Ks, Ac: the king of spades brings in (highest card, spades highest);
    the ace is the lowest card in razz."""
    cards = {0: "2h 3h Kd 4d", 1: "2c 3c Ks 4c", 2: "5h 6h Ac 7d"}
    hand = deal([100, 100, 100], game=Game.RAZZ, betting=Betting.LIMIT, cards=cards)
    assert hand.legal_actions().seat == 1


def test_stud_bring_in_then_completion_then_raise() -> None:
    """R-BET-3, R-BET-4: bring-in 2; the next player may call 2 or complete to 5; the completion
    is the bet, the next raise goes to 10."""
    hand = deal([100, 100, 100], game=Game.STUD, betting=Betting.LIMIT, cards=THREE)
    play(hand, "2 bringin")
    assert BringInPosted(seat=2, amount=2) in hand.events
    legal = hand.legal_actions()
    assert legal.seat == 0 and legal.call == 2 and legal.complete == (5, 5) and legal.raise_to is None
    with pytest.raises(IllegalActionError):
        hand.apply(RaiseTo(seat=0, amount=5))
    play(hand, "0 complete 5")
    legal = hand.legal_actions()
    assert legal.seat == 1 and legal.call == 5 and legal.raise_to == (10, 10)


def test_stud_everyone_calls_bring_in_no_option() -> None:
    """Stud: when all just call the bring-in, the round ends; the bring-in has no option."""
    hand = deal([100, 100, 100], game=Game.STUD, betting=Betting.LIMIT, cards=THREE)
    play(hand, "2 bringin, 0 call, 1 call")
    assert hand.street_i == 1 and hand.pot == 3 + 6


def test_stud_fourth_street_opened_by_best_showing_hand() -> None:
    """Stud: on fourth street seat 0 shows a pair of fives (5h 5d) and acts first, ahead of
    seat 1's A-2 and seat 2's K-2."""
    hand = deal([100, 100, 100], game=Game.STUD, betting=Betting.LIMIT, cards=THREE)
    play(hand, "2 bringin, 0 call, 1 call")
    assert hand.to_act == 0
    assert hand.legal_actions().bet == (5, 5)


def test_razz_later_streets_opened_by_the_lowest_showing_hand() -> None:
    """Razz: fourth street boards K-4 (seat 0), K-4 (seat 1: spades), A-7 (seat 2): A-7 is the
    lowest and opens."""
    cards = {0: "2h 3h Kd 4d", 1: "2c 3c Ks 4c", 2: "5h 6h Ac 7d"}
    hand = deal([100, 100, 100], game=Game.RAZZ, betting=Betting.LIMIT, cards=cards)
    play(hand, "1 bringin, 2 call, 0 call")
    assert hand.to_act == 2


def test_stud_big_bet_from_fifth_street() -> None:
    """R-BET-3: limit stud 5/10: third and fourth street bet 5, fifth street on bet 10."""
    hand = deal([100, 100, 100], game=Game.STUD, betting=Betting.LIMIT, cards=THREE)
    play(hand, "2 bringin, 0 call, 1 call")
    play(hand, "0 check, 1 check, 2 check")
    assert hand.legal_actions().bet == (10, 10)


def test_R_SD_3_stud_checked_river_highest_showing_hand_shows_first() -> None:
    """R-SD-3: stud, seventh street checked through: the highest showing hand (seat 1's pair of
    aces up: 2d Ad Qh As, over seat 0's pair of fives) shows first."""
    cards = dict(THREE)
    cards[1] = "Ac Kc 2d Ad Qh As 4d"
    hand = deal([100, 100, 100], game=Game.STUD, betting=Betting.LIMIT, cards=cards)
    check_down(hand)
    first = next(e for e in hand.events if isinstance(e, HandShown))
    assert first.seat == 1


def test_R_TIE_4_stud_odd_chip_to_highest_card_by_suit() -> None:
    """R-TIE-4: seats 0 and 1 tie with A-K-Q-J-9; pot 9 (antes 3 + three bring-ins of 2): the
    odd chip goes to seat 0, whose ace of hearts outranks the ace of clubs."""
    cards = {
        0: "Ah Kh Qd Jd 9c 3s 2h",
        1: "Ac Kc Qh Js 9d 3c 2d",
        2: "3d 4c 2s 7h 8s Th 5c",
    }
    hand = deal([100, 100, 100], game=Game.STUD, betting=Betting.LIMIT, cards=cards)
    play(hand, "2 bringin, 0 call, 1 call")
    check_down(hand)
    assert hand.result.pots[0].winners == ((0, 5), (1, 4))


def test_stud_hilo_split() -> None:
    """R-RANK-5, R-TIE-5: stud hi-lo: seat 1 (wheel A-2-3-4-5... with a straight) and seat 0
    (aces full): pot 9 -> high 5 to the best high, low 4 to the best low."""
    cards = {
        0: "Ah As 9h 9d Ac Kd Qs",
        1: "2c 3c Kh 4h 5d 7s Jd",
        2: "6d 6c Ks 2h 8c Tc 4c",
    }
    hand = deal([100, 100, 100], game=Game.STUD_HILO, betting=Betting.LIMIT, cards=cards)
    first = hand.legal_actions().seat
    play(hand, f"{first} bringin")
    check_down(hand)
    pot = hand.result.pots[0]
    assert pot.amount == 9
    assert pot.low_winners == ((1, 4),)
    assert dict(pot.winners)[0] == 5


def test_stud_eight_players_share_a_community_card() -> None:
    """Stud with eight players to seventh street: 56 cards are not there; one community card is
    dealt face up for everyone."""
    hand = deal([100] * 8, game=Game.STUD, betting=Betting.LIMIT)
    check_down(hand)
    assert len(hand.board) == 1
    assert sum(s for _, s in hand.result.stacks) == 800


def test_no_limit_stud_completion_range() -> None:
    """R-BET-4: no-limit stud: the completion is at least the small bet (5), up to the stack."""
    hand = deal([100, 100, 100], game=Game.STUD, betting=Betting.NO_LIMIT,
                stakes=Stakes(ante=1, bring_in=2, small_bet=5, big_bet=10), cards=THREE)  # fmt: skip
    assert hand.legal_actions().complete == (5, 99)


def test_R_RANK_3_bring_in_passes_on_when_the_low_card_is_all_in() -> None:
    """R-RANK-3 (stud bring-in): the 2c is all-in on its ante, so the bring-in passes clockwise
    to the next player who can bet (seat 1, not seat 2's lower 5d)."""
    from pokerroom.core.rules import Post, PostKind, SeatSetup

    seats = [SeatSetup(seat=i, stack=s, posts=(Post(kind=PostKind.ANTE, amount=1),))
             for i, s in enumerate((1, 50, 50))]  # fmt: skip
    hand = deal([1, 50, 50], game=Game.STUD, betting=Betting.LIMIT, seats=seats, button=2,
                stakes=Stakes(ante=1, bring_in=1, small_bet=4, big_bet=8),
                cards={0: "Ah Kh 2c", 1: "As Ks 9d", 2: "Ad Kd 5d"})  # fmt: skip
    legal = hand.legal_actions()
    assert legal.seat == 1 and legal.bring_in == 1 and not legal.check
