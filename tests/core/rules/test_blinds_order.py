"""Action order and forced posts: R-BTN-1, R-BLIND-1, R-BLIND-2, R-BLIND-5, R-HU-1, straddles."""

from __future__ import annotations

from rules_helpers import blind_seats, deal, play

from pokerroom.core.rules import (
    BlindPosted,
    HoleCardsDealt,
    Post,
    PostKind,
)


def test_R_BLIND_1_blinds_left_of_button_and_first_to_act() -> None:
    """R-BLIND-1: button 3 of six: small blind 4, big blind 5, seat 0 opens; after the flop the
    first active player left of the button (seat 4) opens."""
    hand = deal([100] * 6, button=3)
    posts = [(e.seat, e.kind) for e in hand.events if isinstance(e, BlindPosted)]
    assert posts == [(4, PostKind.SMALL_BLIND), (5, PostKind.BIG_BLIND)]
    assert hand.to_act == 0
    play(hand, "0 call, 1 call, 2 call, 3 call, 4 call, 5 check")
    assert hand.to_act == 4
    play(hand, "4 check")
    assert hand.to_act == 5


def test_R_BLIND_1_later_round_skips_folded_small_blind() -> None:
    """R-BLIND-1: the small blind folded: the big blind opens the flop."""
    hand = deal([100] * 4)
    play(hand, "3 call, 0 call, 1 fold, 2 check")
    assert hand.to_act == 2


def test_R_BLIND_2_big_blind_keeps_the_option() -> None:
    """R-BLIND-2: everyone only called: the big blind may check or raise (live blind)."""
    hand = deal([100] * 4)
    play(hand, "3 call, 0 call, 1 call")
    legal = hand.legal_actions()
    assert legal.seat == 2 and legal.check and legal.call is None and legal.raise_to == (4, 100)


def test_R_BLIND_2_small_blind_counts_toward_the_call() -> None:
    """R-BLIND-2: the live small blind (1) counts: calling 2 costs the small blind 1 more."""
    hand = deal([100] * 3)
    play(hand, "0 call")
    assert hand.legal_actions().call == 1


def returning_player_hand():  # type: ignore[no-untyped-def]
    """Six seats, button 0 (SB 1, BB 2); seat 4 returns owing both blinds: big blind live,
    small blind dead."""
    extra = {4: (Post(kind=PostKind.SMALL_BLIND_DEAD, amount=1), Post(kind=PostKind.BIG_BLIND, amount=2))}
    seats = blind_seats([100] * 6, 0, 1, 2, extra)
    return deal([100] * 6, seats=seats)


def test_R_BLIND_5_big_blind_live_small_blind_dead() -> None:
    """R-BLIND-5, R-BLIND-2: the returning player's big blind is live (they may check when nobody
    raised), the dead small blind goes to the pot and does not count toward their bet."""
    hand = returning_player_hand()
    posted = [(e.seat, e.kind, e.live) for e in hand.events if isinstance(e, BlindPosted)]
    assert (4, PostKind.SMALL_BLIND_DEAD, False) in posted and (4, PostKind.BIG_BLIND, True) in posted
    assert hand.pot == 1 and hand.bets[hand.pos_of[4]] == 2
    assert hand.to_act == 3  # left of the positional big blind (seat 2), not of seat 4
    play(hand, "3 call")
    legal = hand.legal_actions()
    assert legal.seat == 4 and legal.check and legal.call is None
    play(hand, "4 check, 5 call, 0 call, 1 call, 2 check")
    assert hand.pot == 1 + 6 * 2


def test_R_BLIND_5_dead_chip_does_not_reduce_the_call() -> None:
    """R-BLIND-5: facing a raise to 6, the returning player calls 4 (6 - live 2), not 3."""
    hand = returning_player_hand()
    play(hand, "3 raise 6")
    assert hand.legal_actions().call == 4


def test_R_HU_1_button_posts_small_blind_acts_first_then_last() -> None:
    """R-HU-1: heads-up the button posts the small blind, acts first preflop, last after."""
    hand = deal([100, 100], button=1)
    posts = [(e.seat, e.kind) for e in hand.events if isinstance(e, BlindPosted)]
    assert posts == [(1, PostKind.SMALL_BLIND), (0, PostKind.BIG_BLIND)]
    assert hand.to_act == 1
    play(hand, "1 call, 0 check")
    assert hand.to_act == 0
    play(hand, "0 check")
    assert hand.to_act == 1


def test_R_BTN_1_button_gets_cards_last_and_acts_last() -> None:
    """R-BTN-1: the button is dealt last and acts last after the first round."""
    hand = deal([100] * 4, button=1)
    dealt = [e.seat for e in hand.events if isinstance(e, HoleCardsDealt)]
    assert dealt == [2, 3, 0, 1]
    play(hand, "0 call, 1 call, 2 call, 3 check")
    order = []
    while hand.street_i == 1:
        order.append(hand.to_act)
        play(hand, f"{hand.to_act} check")
    assert order == [2, 3, 0, 1]


def test_straddle_is_live_and_sets_the_minimum_raise() -> None:
    """R-BLIND-2: a straddle (4) by seat 3 is a live blind: seat 4 opens, the minimum raise is
    to 8, and the straddler keeps the option."""
    extra = {3: (Post(kind=PostKind.STRADDLE, amount=4),)}
    seats = blind_seats([100] * 5, 0, 1, 2, extra)
    hand = deal([100] * 5, seats=seats)
    legal = hand.legal_actions()
    assert legal.seat == 4 and legal.call == 4 and legal.raise_to == (8, 100)
    play(hand, "4 call, 0 call, 1 call, 2 call")
    legal = hand.legal_actions()
    assert legal.seat == 3 and legal.check and legal.raise_to == (8, 100)


def test_short_big_blind_posts_all_in() -> None:
    """R-BUYIN-4: a big blind with 1 chip posts it all-in; the others act without them."""
    hand = deal([100, 100, 1])
    assert hand.allin[hand.pos_of[2]]
    play(hand, "0 call, 1 check")
    assert hand.street_i == 1


def test_R_BLIND_2_dead_small_blind_is_won_by_the_pot_winner() -> None:
    """R-BLIND-2, R-POT-1: the dead small blind (1) is part of the one pot (nobody all-in): the
    winner (seat 2, aces) takes 1 + 2 + 1 dead + 2 = 6, not just the live chips."""
    extra = {4: (Post(kind=PostKind.SMALL_BLIND_DEAD, amount=1), Post(kind=PostKind.BIG_BLIND, amount=2))}
    seats = blind_seats([200] * 5, 0, 1, 2, extra)
    hand = deal([200] * 5, seats=seats, cards={2: "As Ad", 4: "7c 2h"}, board="Ks 9d 4c 3s Jh")
    play(hand, "3 fold, 4 check, 0 fold, 1 fold, 2 check")
    play(hand, "2 check, 4 check, 2 check, 4 check, 2 check, 4 check")
    assert [(p.amount, p.winners) for p in hand.result.pots] == [(6, ((2, 6),))]
    assert hand.result.stacks == ((0, 200), (1, 199), (2, 204), (3, 200), (4, 197))
