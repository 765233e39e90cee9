"""Each player's client seed for the provably fair deal (docs/FAIRNESS.md).

A player's client sets its own seed (1-64 printable ASCII characters; the browser draws a
random one and keeps it in local storage, sending it after each login); a player whose client
never set one gets a random default. The seeds of the players dealt in are taken when a hand
starts, in seat order, and published with the commitment.
"""

from __future__ import annotations

import secrets

from pokerroom.core.fairness import check_client_seed


class ClientSeeds:
    def __init__(self) -> None:
        self._seeds: dict[int, str] = {}

    def get(self, account_id: int) -> str:
        seed = self._seeds.get(account_id)
        if seed is None:
            seed = self._seeds[account_id] = secrets.token_hex(8)
        return seed

    def set(self, account_id: int, seed: str) -> str:
        """Set the seed used from the next hand on; refused (RuleViolationError) if invalid."""
        self._seeds[account_id] = check_client_seed(seed)
        return seed

    def for_seats(self, accounts_by_seat: dict[int, int]) -> tuple[str, ...]:
        """The seeds of the players dealt in, ordered by seat."""
        return tuple(self.get(accounts_by_seat[s]) for s in sorted(accounts_by_seat))
