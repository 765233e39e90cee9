"""Deck sources: the CSPRNG for real play, a seeded source for tests and simulations."""

from __future__ import annotations

import random
import secrets

from pokerroom.core.deck import shuffled_deck


class SecureDeckSource:
    """Decks shuffled with secrets.SystemRandom (the operating system's CSPRNG)."""

    def __init__(self) -> None:
        self._rng = secrets.SystemRandom()

    def next_deck(self) -> tuple[int, ...]:
        return shuffled_deck(self._rng)


class SeededDeckSource:
    """Repeatable decks for tests, simulations and replays. Never for real money play."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def next_deck(self) -> tuple[int, ...]:
        return shuffled_deck(self._rng)
