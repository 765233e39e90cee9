"""The shuffle is uniform: chi-square tests that accept Fisher-Yates and reject broken shuffles.

Two tests, each run against the real shuffle (`shuffled_deck` with a seeded random.Random,
and once through `SecureDeckSource`) and against two deliberately broken shuffles that the
very same test must reject:
- the naive shuffle that swaps each position with ANY position (n**n equally likely paths
  onto n! orders, so some orders come up more often);
- a modulo-biased shuffle that picks the index as `random_byte % (i + 1)`.

Seeded, so CI is repeatable; the secure run uses a threshold so small (1e-6) that a fair
shuffle fails it once in a million runs. p-values come from the Wilson-Hilferty
approximation of the chi-square distribution (scipy is not a dependency).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from itertools import permutations

from pokerroom.core.deck import shuffled_deck
from pokerroom.services.decks import SecureDeckSource

ALPHA = 1e-6
Shuffle = Callable[[int], tuple[int, ...]]  # deck size -> a shuffled deck 0..size-1


def chi_square_p_value(statistic: float, dof: int) -> float:
    """P(X >= statistic) for X ~ chi-square(dof), Wilson-Hilferty cube-root normal approximation."""
    z = ((statistic / dof) ** (1 / 3) - (1 - 2 / (9 * dof))) / math.sqrt(2 / (9 * dof))
    return 0.5 * math.erfc(z / math.sqrt(2))


def test_wilson_hilferty_matches_known_chi_square_quantiles() -> None:
    """The p-value helper reproduces textbook critical values (to about 1%)."""
    # (dof, 0.95 quantile, 0.999 quantile) from the standard chi-square table.
    for dof, q95, q999 in [(23, 35.172, 49.728), (49, 66.339, 85.351), (2601, 2721.0, 2830.0)]:
        assert abs(chi_square_p_value(q95, dof) - 0.05) < 0.005
        assert abs(chi_square_p_value(q999, dof) - 0.001) < 0.0003


def fisher_yates(seed: int) -> Shuffle:
    rng = random.Random(seed)
    return lambda size: shuffled_deck(rng, size)


def naive_swap(seed: int) -> Shuffle:
    rng = random.Random(seed)

    def shuffle(size: int) -> tuple[int, ...]:
        deck = list(range(size))
        for i in range(size):
            j = rng.randrange(size)  # the bug: any position, not 0..i
            deck[i], deck[j] = deck[j], deck[i]
        return tuple(deck)

    return shuffle


def modulo_biased(seed: int, bits: int = 8) -> Shuffle:
    rng = random.Random(seed)

    def shuffle(size: int) -> tuple[int, ...]:
        deck = list(range(size))
        for i in range(size - 1, 0, -1):
            j = rng.getrandbits(bits) % (i + 1)  # the bug: % n on raw random bits
            deck[i], deck[j] = deck[j], deck[i]
        return tuple(deck)

    return shuffle


def position_p_value(shuffle: Shuffle, size: int, shuffles: int) -> float:
    """Chi-square of the card x position table: each card equally likely at each position."""
    counts = [[0] * size for _ in range(size)]
    for _ in range(shuffles):
        for position, card in enumerate(shuffle(size)):
            counts[card][position] += 1
    expected = shuffles / size
    statistic = sum((o - expected) ** 2 / expected for row in counts for o in row)
    # Every shuffle fills each row and each column once: (size - 1) ** 2 degrees of freedom.
    return chi_square_p_value(statistic, (size - 1) ** 2)


def order_p_value(orders: list[tuple[int, ...]]) -> float:
    """Chi-square of how often each of the 24 orders of four cards came up."""
    index = {p: i for i, p in enumerate(permutations(range(4)))}
    counts = [0] * 24
    for order in orders:
        counts[index[order]] += 1
    expected = len(orders) / 24
    statistic = sum((o - expected) ** 2 / expected for o in counts)
    return chi_square_p_value(statistic, 23)


def test_card_positions_are_uniform_for_fisher_yates_and_not_for_broken_shuffles() -> None:
    """Chi-square of card positions: accepts Fisher-Yates, rejects naive and modulo-biased."""
    assert position_p_value(fisher_yates(1), 52, 12_000) > ALPHA
    assert position_p_value(fisher_yates(2), 8, 40_000) > ALPHA
    assert position_p_value(modulo_biased(3), 52, 12_000) < ALPHA
    assert position_p_value(naive_swap(4), 8, 40_000) < ALPHA
    assert position_p_value(naive_swap(5), 52, 12_000) < ALPHA


def test_all_24_orders_of_four_cards_are_equally_likely_and_broken_shuffles_are_not() -> None:
    """Permutation test on a four-card deck: each of the 24 orders equally often."""
    n = 24_000
    fair, naive, biased = fisher_yates(6), naive_swap(7), modulo_biased(8, bits=3)
    assert order_p_value([fair(4) for _ in range(n)]) > ALPHA
    assert order_p_value([naive(4) for _ in range(n)]) < ALPHA
    # With a whole byte the modulo bias on 4 cards is ~1/256 (too small for a quick test); a
    # 3-bit source shows the same flaw plainly.
    assert order_p_value([biased(4) for _ in range(n)]) < ALPHA


def test_secure_deck_source_shuffles_uniformly() -> None:
    """SecureDeckSource (the CSPRNG): 52-card positions uniform, and the relative order of
    four given cards uniform over the 24 orders."""
    source = SecureDeckSource()
    decks = [source.next_deck() for _ in range(10_000)]
    assert all(sorted(d) == list(range(52)) for d in decks[:100])
    deck_iter = iter(decks)
    assert position_p_value(lambda size: next(deck_iter), 52, len(decks)) > ALPHA
    orders = [tuple(c for c in deck if c < 4) for deck in decks]
    assert order_p_value(orders) > ALPHA
