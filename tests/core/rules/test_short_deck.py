"""Short-deck (6+) hold'em: the 36-card deck, its ranking and its forced bets (R-SHORT-1..3),
checked against PokerKit 0.7.7's ShortDeckHoldemHand where PokerKit has an answer."""

from __future__ import annotations

import random

import pytest

from pokerroom.core.cards import Card, parse_cards, to_codes
from pokerroom.core.errors import InvalidConfigError
from pokerroom.core.evaluation.short_deck import describe_short_deck, short_deck_rank
from pokerroom.core.rules import (
    Betting,
    Call,
    Check,
    Game,
    HandConfig,
    Post,
    PostKind,
    SeatSetup,
    Stakes,
    arrange_deck,
    start_hand,
)
from pokerroom.core.rules.showdown import describe_hand

SHORT = Game.SHORT_DECK.variant.deck


def _value(text: str) -> int:
    return short_deck_rank(to_codes(parse_cards(text)))


def test_R_SHORT_1_the_deck_is_the_36_cards_six_to_ace() -> None:
    assert len(SHORT) == 36
    assert {str(Card.from_code(c))[0] for c in SHORT} == set("6789TJQKA")
    config = HandConfig(game=Game.SHORT_DECK, stakes=Stakes(small_blind=1, big_blind=2))
    seats = [SeatSetup(seat=i, stack=100, posts=p) for i, p in enumerate(
        [(Post(kind=PostKind.SMALL_BLIND, amount=1),), (Post(kind=PostKind.BIG_BLIND, amount=2),), ()])]
    with pytest.raises(InvalidConfigError, match="36-card deck"):
        start_hand(config, seats, button=2, deck=(0, *SHORT[1:]))  # a deuce
    # A 52-card order serves: the short deck's cards in that order.
    order = list(range(52))
    random.Random(5).shuffle(order)
    hand = start_hand(config, seats, button=2, deck=order)
    assert hand.record.deck == tuple(c for c in order if c in set(SHORT))
    assert all(c in SHORT for s in range(3) for c in hand.view_for(s).seats[s].cards if c is not None)


@pytest.mark.parametrize(("worse", "better"), [
    ("Ac Ad 6s 6h Kd", "As 6c 7h 8h 9d"),       # A-6-7-8-9 is a straight ...
    ("7c 7d 7h Ts Qc", "As 6c 7h 8h 9d"),       # ... above three of a kind
    ("As 6c 7h 8h 9d", "6c 7d 8h 9s Tc"),       # ... and the lowest straight
    ("As Ah Kc Kh Kd", "6s 7s 8s Ts Qs"),       # a flush beats a full house
    ("6s 7s 8s Ts Qs", "9c 9d 9h 9s 6c"),       # four of a kind beats a flush
    ("9c 9d 9h 9s 6c", "As 6s 7s 8s 9s"),       # the lowest straight flush beats quads
])  # fmt: skip
def test_R_SHORT_2_ranking(worse: str, better: str) -> None:
    assert _value(worse) < _value(better)


def test_R_SHORT_2_words_for_the_swapped_categories() -> None:
    assert describe_short_deck(_value("6s 7s 8s Ts Qs")) == "Flush, Queen high"
    assert describe_short_deck(_value("As Ah Kc Kh Kd")) == "Full House, Kings full of Aces"
    assert describe_short_deck(_value("As 6c 7h 8h 9d")) == "Straight, Nine high"
    board = to_codes(parse_cards("6h 7h 8h Kd Kc"))
    assert describe_hand(Game.SHORT_DECK, to_codes(parse_cards("Ah Th")), board) == "Flush, Ace high"


def test_R_SHORT_2_seven_card_hands_rank_as_pokerkit_ranks_them() -> None:
    from pokerkit import ShortDeckHoldemHand

    rng = random.Random(14)
    for _ in range(400):
        a, b = rng.sample(SHORT, 7), rng.sample(SHORT, 7)
        ours = (short_deck_rank(a) > short_deck_rank(b)) - (short_deck_rank(a) < short_deck_rank(b))

        def pk(cards: list[int]) -> ShortDeckHoldemHand:
            text = "".join(str(Card.from_code(c)) for c in cards)
            return ShortDeckHoldemHand.from_game(text[:4], text[4:])

        theirs = (pk(a) > pk(b)) - (pk(a) < pk(b))
        assert ours == theirs, (a, b)


def test_R_SHORT_2_the_showdown_gives_the_pot_to_the_flush_over_the_full_house() -> None:
    config = HandConfig(game=Game.SHORT_DECK, stakes=Stakes(small_blind=1, big_blind=2))
    seats = [SeatSetup(seat=0, stack=100, posts=(Post(kind=PostKind.SMALL_BLIND, amount=1),)),
             SeatSetup(seat=1, stack=100, posts=(Post(kind=PostKind.BIG_BLIND, amount=2),)),
             SeatSetup(seat=2, stack=100)]
    cards = {0: to_codes(parse_cards("Ah Th")), 1: to_codes(parse_cards("Kc Ks")), 2: to_codes(parse_cards("7c 6d"))}
    deck = arrange_deck(Game.SHORT_DECK, [0, 1, 2], 2, cards, to_codes(parse_cards("6h 8h 9h Kd 9c")))
    hand = start_hand(config, seats, button=2, deck=deck)
    while not hand.is_over:
        legal = hand.legal_actions()
        hand.apply(Check(seat=legal.seat) if legal.check else Call(seat=legal.seat))
    # seat 0: a flush; seat 1: kings full of nines (beaten, R-SHORT-2); seat 2: two pair
    assert hand.result.won(0) == 6 and hand.result.stack(0) == 104


def test_R_SHORT_3_antes_and_a_button_blind_start_left_of_the_button() -> None:
    """R-SHORT-3 (PHH NS): everyone antes, the button alone posts a blind: the bet and raise size."""
    config = HandConfig(game=Game.SHORT_DECK, betting=Betting.NO_LIMIT,
                        stakes=Stakes(big_blind=30, ante=30))
    seats = [SeatSetup(seat=i, stack=1000, posts=(Post(kind=PostKind.ANTE, amount=30),) + (
        (Post(kind=PostKind.STRADDLE, amount=30),) if i == 3 else ())) for i in range(4)]
    hand = start_hand(config, seats, button=3, deck=SHORT)
    legal = hand.legal_actions()
    assert legal.seat == 0  # left of the button
    assert legal.call == 30 and legal.raise_to is not None and legal.raise_to[0] == 60
