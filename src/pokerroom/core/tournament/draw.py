"""Random draws for seating, from any source with `randrange` (core/deck.py's IndexSource):
the system's CSPRNG in the room, a seeded generator in simulations and scenarios."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from pokerroom.core.deck import IndexSource

T = TypeVar("T")


def shuffle(rng: IndexSource, items: list[T]) -> None:
    """Fisher-Yates in place."""
    for i in range(len(items) - 1, 0, -1):
        j = rng.randrange(i + 1)
        items[i], items[j] = items[j], items[i]


def choice(rng: IndexSource, items: Sequence[T]) -> T:
    return items[rng.randrange(len(items))]


def sample(rng: IndexSource, items: Sequence[T], k: int) -> list[T]:
    pool = list(items)
    shuffle(rng, pool)
    return pool[:k]
