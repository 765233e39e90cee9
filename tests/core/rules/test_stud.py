"""Stud games: bring-in, completion, street openers, stud showdown order and odd chips.

Cards are given per seat in deal order: 1st and 2nd down, 3rd..6th up, 7th down. Antes 1,
bring-in 2, limit 5/10 unless stated.
"""

from __future__ import annotations

import pytest
from rules_helpers import check_down, deal, play, snapshot

from pokerroom.core.errors import IllegalActionError
from pokerroom.core.rules import (
    BetReturned,
    Betting,
    BringInPosted,
    Call,
    Complete,
    Completed,
    Game,
    HandShown,
    Post,
    PostKind,
    RaiseTo,
    SeatSetup,
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


def _antes(stacks: list[int], ante: int = 1) -> list[SeatSetup]:
    return [SeatSetup(seat=i, stack=s, posts=(Post(kind=PostKind.ANTE, amount=min(ante, s)),))
            for i, s in enumerate(stacks)]  # fmt: skip


@pytest.mark.parametrize("betting", [Betting.LIMIT, Betting.NO_LIMIT, Betting.POT_LIMIT])
@pytest.mark.parametrize("stack", [2, 3])
def test_R_BET_4_bring_in_player_short_of_the_bring_in_cannot_complete(
    betting: Betting, stack: int
) -> None:
    """R-BET-4: the bring-in is 2; seat 2 (the 2c) has 1 or 2 chips after its ante. A
    "completion" to no more than the bring-in is none: it may only bring in, all-in. The
    refused completion changes nothing."""
    hand = deal([100, 100, stack], game=Game.STUD, betting=betting, cards=THREE,
                seats=_antes([100, 100, stack]))  # fmt: skip
    legal = hand.legal_actions()
    assert legal.seat == 2 and legal.bring_in == stack - 1 and legal.complete is None
    before = snapshot(hand)
    with pytest.raises(IllegalActionError) as refused:
        hand.apply(Complete(seat=2, amount=stack - 1))
    assert refused.value.rule_id == "R-BET-4"
    assert snapshot(hand) == before
    play(hand, "2 bringin")
    assert BringInPosted(seat=2, amount=stack - 1, all_in=True) in hand.events
    # Seat 0 faces the short bring-in and may complete to the full small bet.
    legal = hand.legal_actions()
    assert legal.seat == 0 and legal.call == stack - 1 and legal.complete is not None
    assert legal.complete[0] == 5


def test_R_BET_4_bring_in_player_all_in_above_the_bring_in_may_complete() -> None:
    """R-BET-4: all-in for more than the bring-in (3 after the ante; bring-in 2, small bet 5)
    is an all-in completion, allowed below the full small bet."""
    hand = deal([100, 100, 4], game=Game.STUD, betting=Betting.LIMIT, cards=THREE,
                seats=_antes([100, 100, 4]))  # fmt: skip
    assert hand.legal_actions().complete == (3, 3)
    play(hand, "2 complete 3")
    assert Completed(seat=2, amount=3, all_in=True) in hand.events


@pytest.mark.parametrize("stack", [2, 3])
def test_R_BET_4_player_who_cannot_beat_the_bring_in_may_only_fold_or_call(stack: int) -> None:
    """R-BET-4: facing a bring-in of 2 with 1 or 2 chips after the ante, seat 0 may fold or call
    all-in; no completion (it could not even go above the bring-in)."""
    hand = deal([stack, 100, 100], game=Game.STUD, betting=Betting.LIMIT, cards=THREE,
                seats=_antes([stack, 100, 100]))  # fmt: skip
    play(hand, "2 bringin")
    legal = hand.legal_actions()
    assert legal.seat == 0 and legal.fold and legal.call == stack - 1 and legal.complete is None
    with pytest.raises(IllegalActionError):
        hand.apply(Complete(seat=0, amount=stack - 1))
    play(hand, "0 call")
    assert not any(isinstance(e, Completed) for e in hand.events)


def test_R_BET_4_player_all_in_above_the_bring_in_may_complete_all_in() -> None:
    """R-BET-4: facing a bring-in of 2 with 3 chips after the ante, seat 0 may complete all-in
    to 3: above the current bet, short of the small bet of 5."""
    hand = deal([4, 100, 100], game=Game.STUD, betting=Betting.LIMIT, cards=THREE,
                seats=_antes([4, 100, 100]))  # fmt: skip
    play(hand, "2 bringin")
    assert hand.legal_actions().complete == (3, 3)


@pytest.mark.parametrize("game", [Game.STUD, Game.RAZZ, Game.STUD_HILO])
def test_R_BET_9_no_bring_in_when_every_opponent_is_all_in_on_the_ante(game: Game) -> None:
    """R-BET-9: seats 0 and 1 are all-in on their antes; seat 2 could only bet into nobody, so
    no bring-in is asked: the streets are dealt and the hand is shown down at once."""
    hand = deal([1, 1, 100], game=game, betting=Betting.LIMIT, cards=THREE,
                seats=_antes([1, 1, 100]))  # fmt: skip
    assert hand.is_over and hand.to_act is None
    kinds = {type(e) for e in hand.events}
    assert BringInPosted not in kinds and BetReturned not in kinds
    assert all(len(c) == 7 for c in hand.cards)
    assert sorted(hand.result.shown + hand.result.mucked) == [0, 1, 2]  # all went to showdown
    assert sum(s for _, s in hand.result.stacks) == 102  # R-POT-3
    if game is Game.STUD:
        # Seat 1's pair of aces beats seat 0's fives and seat 2's king high.
        assert [s for _, s in hand.result.stacks] == [0, 3, 99] and 1 in hand.result.shown


def test_R_BET_9_no_bring_in_after_short_antes_side_pot_goes_back() -> None:
    """R-BET-9, R-POT-1: ante 2; seat 0 is all-in for 1 of it, seat 1 for all of it, seat 2 has
    chips. No bring-in; main pot 3 (1 each) and side pot 2 (seats 1 and 2) both go to seat 1's
    aces."""
    hand = deal([1, 2, 100], game=Game.STUD, betting=Betting.LIMIT, cards=THREE,
                stakes=Stakes(ante=2, bring_in=2, small_bet=5, big_bet=10),
                seats=_antes([1, 2, 100], ante=2))  # fmt: skip
    assert hand.is_over
    assert [p.amount for p in hand.result.pots] == [3, 2]
    assert [s for _, s in hand.result.stacks] == [0, 5, 98]


def test_R_BET_9_bring_in_still_asked_when_an_opponent_can_call_part_of_it() -> None:
    """R-BET-9: seat 0 has 1 chip after its ante, less than the bring-in of 2, but it can still
    act (call all-in or fold), so seat 2 brings in; 1 chip of it comes back uncalled."""
    hand = deal([2, 1, 100], game=Game.STUD, betting=Betting.LIMIT, cards=THREE,
                seats=_antes([2, 1, 100]))  # fmt: skip
    legal = hand.legal_actions()
    assert legal.seat == 2 and legal.bring_in == 2
    assert legal.complete is None  # nobody could call more than the bring-in
    play(hand, "2 bringin, 0 call")
    assert hand.is_over
    assert hand.result.returned == ((2, 1),)
