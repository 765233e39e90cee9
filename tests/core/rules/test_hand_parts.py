"""A shown hand in parts (category, ranks, low) for clients to word in any language, and the
refusals that carry a message key and amounts instead of an English sentence."""

from __future__ import annotations

import pytest
from rules_helpers import deal, play

from pokerroom.core.cards import parse_cards, to_codes
from pokerroom.core.errors import IllegalActionError
from pokerroom.core.rules import RaiseTo
from pokerroom.core.rules.config import Game
from pokerroom.core.rules.showdown import describe_hand, hand_parts

RANK = "23456789TJQKA"


def codes(text: str) -> list[int]:
    return list(to_codes(parse_cards(text)))


def test_full_house_kings_over_sevens() -> None:
    parts = hand_parts(Game.HOLDEM, codes("Kh Ks"), codes("Kd 7c 7s 2h 3d"))
    assert parts["category"] == "FULL_HOUSE"
    ranks = parts["ranks"]
    assert isinstance(ranks, list)
    assert "".join(RANK[r] for r in ranks) == "KKK77"
    assert describe_hand(Game.HOLDEM, codes("Kh Ks"), codes("Kd 7c 7s 2h 3d")).startswith("Full House")


def test_hi_lo_adds_the_low_or_says_there_is_none() -> None:
    low = hand_parts(Game.OMAHA_HILO, codes("Ah 2h Kd Qs"), codes("3c 5d 8s Kh 9c"))
    assert low["low"] == [8, 5, 3, 2, 1]
    assert "no_low" not in low
    none = hand_parts(Game.OMAHA_HILO, codes("Ah Kh Kd Qs"), codes("Tc Jd 9s Kc 9c"))
    assert none.get("no_low") is True and "low" not in none


def test_razz_is_only_a_low() -> None:
    parts = hand_parts(Game.RAZZ, codes("As 2d 3c"), codes("5h 7s Kd Kc"))
    assert parts == {"low": [7, 5, 3, 2, 1]}


def test_R_BET_4_a_raise_below_the_minimum_names_its_message_and_amounts() -> None:
    """R-BET-4: A bets 100, B raises to 200, C's raise to 299 is refused with the message key
    `below_minimum` and the amounts in the chip unit, for the client to word."""
    hand = deal([1000, 1000, 1000, 1000])
    play(hand, "3 call, 0 call, 1 call, 2 check")
    play(hand, "1 bet 100, 2 raise 200")
    with pytest.raises(IllegalActionError) as info:
        hand.apply(RaiseTo(seat=3, amount=299))
    assert info.value.rule_id == "R-BET-4"
    assert info.value.message == "below_minimum"
    assert info.value.params == {"what": "raise", "amount": 299, "minimum": 300}


def test_fewer_than_five_cards_make_no_hand_yet() -> None:
    """A hand shown after winning before the flop: nothing to word, and no error."""
    assert hand_parts(Game.HOLDEM, codes("Ah Kd"), []) == {}
    assert hand_parts(Game.OMAHA, codes("Ah Kd Qs Jc"), []) == {}
    assert hand_parts(Game.STUD_HILO, codes("Ah Kd Qs"), []) == {}


def test_best_five_are_the_cards_that_make_the_hand() -> None:
    """The five cards a table marks at the showdown: checked against eval7 (a peer) on random
    deals, the five make the same value as the whole hand, and Omaha uses two hole cards."""
    import random

    import eval7

    from pokerroom.core.evaluation import high_rank, omaha_rank
    from pokerroom.core.rules.showdown import best_five

    rng = random.Random(15)
    deck = [r + s for r in RANK for s in "cdhs"]
    for _ in range(300):
        cards = rng.sample(deck, 9)
        hole, board = codes(" ".join(cards[:2])), codes(" ".join(cards[4:9]))
        five = best_five(Game.HOLDEM, hole, board)
        assert len(five) == 5 and set(five) <= set(hole) | set(board)
        assert high_rank(list(five)) == high_rank(hole + board)
        peer = [eval7.Card(c) for c in cards[:2] + cards[4:9]]
        assert eval7.evaluate([eval7.Card(c) for c in cards[:2] + cards[4:9]
                               if codes(c)[0] in five]) == eval7.evaluate(peer)
        omaha = codes(" ".join(cards[:4]))
        five = best_five(Game.OMAHA, omaha, board)
        assert len(set(five) & set(omaha)) == 2 and len(set(five) & set(board)) == 3
        assert high_rank(list(five)) == omaha_rank(omaha, board)
    assert best_five(Game.RAZZ, codes("As 2d 3c"), []) == ()
    assert best_five(Game.HOLDEM, codes("As Ad"), codes("Kc 7d")) == ()


def test_R_DRAW_6_a_deuce_to_seven_hand_in_parts() -> None:
    """R-DRAW-6: the five cards as a high hand with the ace high only, marked `lowball`; an
    unpaired hand is its ranks (the client writes "7-5-4-3-2"), A-5-4-3-2 is no straight."""
    best = hand_parts(Game.DEUCE_SEVEN_TRIPLE, codes("7s 5d 4h 3c 2s"), [])
    assert best == {"category": "HIGH_CARD", "ranks": [5, 3, 2, 1, 0], "lowball": True}
    wheel = hand_parts(Game.DEUCE_SEVEN_SINGLE, codes("As 5d 4h 3c 2s"), [])
    assert wheel["category"] == "HIGH_CARD" and wheel["ranks"] == [12, 3, 2, 1, 0]
    paired = hand_parts(Game.DEUCE_SEVEN_SINGLE, codes("7s 7d 4h 3c 2s"), [])
    assert paired["category"] == "PAIR" and paired["ranks"][:2] == [5, 5]  # type: ignore[index]
    assert hand_parts(Game.DEUCE_SEVEN_SINGLE, codes("7s 7d 4h"), []) == {}


def test_R_BADUGI_1_a_badugi_in_parts() -> None:
    """R-BADUGI-1: the ranks of the best badugi high to low, the ace low (last)."""
    assert hand_parts(Game.BADUGI, codes("8s 5d 3h Ac"), []) == {"badugi": [6, 3, 1, 12]}
    assert hand_parts(Game.BADUGI, codes("7s 4d 2h 2c"), []) == {"badugi": [5, 2, 0]}
    assert hand_parts(Game.BADUGI, codes("Ks Kd Kh Kc"), []) == {"badugi": [11]}


def test_R_SHORT_2_a_short_deck_hand_in_parts_by_its_own_name() -> None:
    """R-SHORT-2: a flush (which beats a full house there) is named a flush; A-6-7-8-9 is a
    straight, nine high."""
    straight = hand_parts(Game.SHORT_DECK, codes("As 6d"), codes("7h 8c 9s Kd Kh"))
    assert straight == {"category": "STRAIGHT", "ranks": [7, 6, 5, 4, 12]}
    flush = hand_parts(Game.SHORT_DECK, codes("As Ks"), codes("Qs 6s 7s Ad Ah"))
    assert flush["category"] == "FLUSH"
    full = hand_parts(Game.SHORT_DECK, codes("Ac Kd"), codes("Ah As Kh 9c 6d"))
    assert full == {"category": "FULL_HOUSE", "ranks": [12, 12, 12, 11, 11]}


def test_the_cards_a_draw_or_short_deck_table_marks_at_the_showdown() -> None:
    from pokerroom.core.rules.showdown import best_five

    assert sorted(best_five(Game.DEUCE_SEVEN_SINGLE, codes("7s 5d 4h 3c 2s"), [])) == \
        sorted(codes("7s 5d 4h 3c 2s"))
    assert sorted(best_five(Game.BADUGI, codes("7s 4d 2h 2c"), [])) in (
        sorted(codes("7s 4d 2h")), sorted(codes("7s 4d 2c")))
    assert sorted(best_five(Game.SHORT_DECK, codes("As 6d"), codes("7h 8c 9s Kd Kh"))) == \
        sorted(codes("As 6d 7h 8c 9s"))
