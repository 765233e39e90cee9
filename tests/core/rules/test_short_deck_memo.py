"""R-SHORT-2: the memoised six- and seven-card short-deck evaluator gives exactly the value of
the long way (the best of every five-card hand), flushes and the A-6-7-8-9 straight included;
input that is not distinct card codes bypasses the memo."""

from __future__ import annotations

import random
from itertools import combinations

from pokerroom.core.evaluation import short_deck
from pokerroom.core.evaluation.short_deck import _five, short_deck_rank
from pokerroom.core.rules import Game

SHORT = Game.SHORT_DECK.variant.deck


def long_way(cards: list[int]) -> int:
    return max(_five(five) for five in combinations(cards, 5))


def test_R_SHORT_2_memoised_values_equal_the_best_of_every_five() -> None:
    rng = random.Random(21)
    for k in range(6000):
        size = 6 + k % 2
        if k % 3 == 0:  # five or more of one suit: the flush key
            suit = rng.randrange(4)
            suited = [c for c in SHORT if c & 3 == suit]
            flush = rng.sample(suited, rng.randint(5, size))
            cards = flush + rng.sample([c for c in SHORT if c not in flush], size - len(flush))
        else:
            cards = rng.sample(SHORT, size)
        rng.shuffle(cards)
        assert short_deck_rank(cards) == long_way(cards), cards
        assert short_deck_rank(cards) == long_way(cards), cards  # the memo's answer too


def test_R_SHORT_2_the_same_ranks_in_another_suit_share_a_value() -> None:
    # A-6-7-8-9 straight flush in spades, then the same ranks with hearts as the flush suit.
    spades = [c for c in SHORT if c & 3 == 3]
    hearts = [c for c in SHORT if c & 3 == 2]
    a = [spades[8], *spades[:4], hearts[0], hearts[1]]
    b = [hearts[8], *hearts[:4], spades[0], spades[1]]
    assert short_deck_rank(a) == short_deck_rank(b) == long_way(a) == long_way(b)


def test_R_SHORT_2_a_repeated_card_is_valued_the_long_way_and_not_memoised() -> None:
    cards = [SHORT[0], SHORT[0], SHORT[4], SHORT[8], SHORT[12], SHORT[16], SHORT[20]]
    before = dict(short_deck._BEST)
    assert short_deck_rank(cards) == long_way(cards)
    assert short_deck._BEST == before
