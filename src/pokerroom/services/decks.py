"""Deck sources: provably fair decks from the CSPRNG for real play, seeded ones for tests.

A real deal (`next_deal`) draws a 32-byte server seed from the operating system's CSPRNG
(`secrets.token_bytes`) and derives the deck from it and the players' client seeds with the
normative steps of docs/FAIRNESS.md (core/fairness.py). The `Deal` keeps the server seed in
memory only: the runner publishes the commitment at the hand's start and reveals the seed in
the hand's record once the hand is over, never before.

`SeededDeckSource` draws its server seeds from a seeded generator: repeatable decks for
tests, scenarios and simulations only (`serve` takes a seed only from test settings).
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from pokerroom.core.fairness import SERVER_SEED_BYTES, commitment, fair_deck


@dataclass(frozen=True, slots=True, kw_only=True)
class Deal:
    """One deal: the deck and what proves it (the seed stays secret until the hand is over)."""

    server_seed: bytes
    commitment: str
    client_seeds: tuple[str, ...]
    deck: tuple[int, ...]

    @property
    def server_seed_hex(self) -> str:
        return self.server_seed.hex()


def deal_from(server_seed: bytes, client_seeds: Sequence[str],
              cards: Sequence[int] | int = 52) -> Deal:
    """`cards`: the game's deck (short-deck: its 36 cards), shuffled from code order."""
    seeds = tuple(client_seeds)
    return Deal(server_seed=server_seed, commitment=commitment(server_seed),
                client_seeds=seeds, deck=fair_deck(server_seed, seeds, cards))


def game_code(game: object) -> str:
    """A game's code as stored with a hand ("short-deck"), from the enum or its text."""
    return str(getattr(game, "value", game))


def deck_cards(game: object) -> tuple[int, ...]:
    """The card codes of a game's deck (the 52 unless the variant declares fewer)."""
    from pokerroom.core.rules.variant import VARIANTS

    variant = VARIANTS.get(game_code(game))
    return tuple(variant.deck) if variant is not None else tuple(range(52))


class SecureDeckSource:
    """Server seeds from the CSPRNG (secrets.token_bytes), decks by docs/FAIRNESS.md."""

    def next_deal(self, client_seeds: Sequence[str], cards: Sequence[int] | int = 52) -> Deal:
        return deal_from(secrets.token_bytes(SERVER_SEED_BYTES), client_seeds, cards)

    def next_deck(self) -> tuple[int, ...]:
        """A deck nobody needs to verify (the deal demo): the same source, a fixed client seed."""
        return self.next_deal(("pokerroom",)).deck


class SeededDeckSource:
    """Repeatable decks for tests, simulations and replays. Never for real money play."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def next_deal(self, client_seeds: Sequence[str], cards: Sequence[int] | int = 52) -> Deal:
        return deal_from(self._rng.randbytes(SERVER_SEED_BYTES), client_seeds, cards)

    def next_deck(self) -> tuple[int, ...]:
        return self.next_deal(("pokerroom",)).deck
