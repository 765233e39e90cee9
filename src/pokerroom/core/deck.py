"""Decks as inputs: the core deals from a card order it is given (DESIGN.md section 2).

`shuffled_deck(rng)` is Fisher-Yates over any object with `randrange` (secrets.SystemRandom in
production, services/decks.py; a seeded random.Random in tests and simulations). `randrange`
draws an unbiased index, so no modulo bias can creep in. The core never creates a generator
itself.
"""

from __future__ import annotations

from typing import Protocol


class IndexSource(Protocol):
    def randrange(self, stop: int, /) -> int: ...


def shuffle_in_place(items: list[int], rng: IndexSource) -> None:
    """Fisher-Yates (Durstenfeld): position i takes a uniform pick among positions 0..i."""
    for i in range(len(items) - 1, 0, -1):
        j = rng.randrange(i + 1)
        items[i], items[j] = items[j], items[i]


def shuffled_deck(rng: IndexSource, size: int = 52) -> tuple[int, ...]:
    """A full deck of card codes in random order."""
    deck = list(range(size))
    shuffle_in_place(deck, rng)
    return tuple(deck)


def ordered_deck(prefix: tuple[int, ...] = ()) -> tuple[int, ...]:
    """`prefix` first, then every other card in code order: for scripted deals."""
    rest = [c for c in range(52) if c not in set(prefix)]
    return tuple(prefix) + tuple(rest)
