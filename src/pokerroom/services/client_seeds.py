"""Each player's client seed for the provably fair deal (docs/FAIRNESS.md).

A player's client sets its own seed (1-64 printable ASCII characters; the browser draws a
random one and keeps it in local storage, sending it after each login); a player whose client
never set one gets a random default. The seeds of the players dealt in are taken when a hand
starts, in seat order, and published with the commitment.

A seed a player set is kept in the database (`client_seeds`), so a restart does not replace
it with a random one: `load()` reads them all at start (only players who chose a seed have a
row) and `store()` writes one through before it is used. The random default of a player who
never chose one is kept too: `ensure()` draws it and writes it when the player first connects
(the WebSocket, or asks for it over REST), so it stays the player's seed across restarts.
"""

from __future__ import annotations

import secrets
from typing import Any

from pokerroom.core.fairness import check_client_seed


class ClientSeeds:
    def __init__(self, db: Any = None) -> None:
        self.db = db  # storage.database.Database, or None: kept in memory only
        self._seeds: dict[int, str] = {}

    async def load(self) -> int:
        """Read every seed players chose (at start); returns how many."""
        if self.db is None:
            return 0
        from sqlalchemy import select

        from pokerroom.storage.models import ClientSeedRow

        async with self.db.read() as session:
            rows = (await session.execute(
                select(ClientSeedRow.account_id, ClientSeedRow.seed))).all()
        self._seeds.update({int(a): str(s) for a, s in rows})
        return len(rows)

    async def ensure(self, account_id: int) -> str:
        """The player's seed; a player who has none gets a random default, kept in the
        database (a restart keeps it, as a chosen one)."""
        seed = self._seeds.get(account_id)
        if seed is not None:
            return seed
        seed = self._seeds[account_id] = secrets.token_hex(8)  # at once: one default only
        if self.db is not None:
            from sqlalchemy import select

            from pokerroom.storage.models import ClientSeedRow

            # Insert-if-absent, then read what is kept: another node (or a seed the player
            # chose at the same moment) may have written first, and that one is the player's.
            # No integrity error can come of it, so the statement may share a grouped commit.
            async def keep(session: Any) -> None:
                await session.execute(self._insert(account_id, seed).on_conflict_do_nothing(
                    index_elements=["account_id"]))
                kept = (await session.execute(select(ClientSeedRow.seed).where(
                    ClientSeedRow.account_id == account_id))).scalar_one()
                if self._seeds.get(account_id) == seed:  # not set meanwhile on this node
                    self._seeds[account_id] = str(kept)

            # grouped with other writes into one commit: a crowd connects at once
            await self.db.run_write(keep)
        return self._seeds[account_id]

    def get(self, account_id: int) -> str:
        seed = self._seeds.get(account_id)
        if seed is None:
            seed = self._seeds[account_id] = secrets.token_hex(8)
        return seed

    def set(self, account_id: int, seed: str) -> str:
        """Set the seed used from the next hand on, in memory; refused (RuleViolationError) if
        invalid. `store` also keeps it across restarts."""
        self._seeds[account_id] = check_client_seed(seed)
        return seed

    async def store(self, account_id: int, seed: str) -> str:
        """Check, keep in the database, then use from the next hand on."""
        check_client_seed(seed)
        if self.db is not None:
            # One upsert: a delete-then-insert raced with another node's (or this node's
            # `ensure`) insert of the same account and failed on the primary key.
            statement = self._insert(account_id, seed)
            async with self.db.write() as session:
                await session.execute(statement.on_conflict_do_update(
                    index_elements=["account_id"],
                    set_={"seed": statement.excluded.seed,
                          "set_ms": statement.excluded.set_ms}))
        return self.set(account_id, seed)

    def _insert(self, account_id: int, seed: str) -> Any:
        """INSERT of one seed row in the database's own dialect (for its ON CONFLICT)."""
        from sqlalchemy.dialects.postgresql import insert as pg_insert
        from sqlalchemy.dialects.sqlite import insert as sqlite_insert

        from pokerroom.services import clock
        from pokerroom.storage.models import ClientSeedRow

        insert = pg_insert if self.db.backend == "postgresql" else sqlite_insert
        return insert(ClientSeedRow).values(account_id=account_id, seed=seed,
                                            set_ms=clock.now_ms())

    def for_seats(self, accounts_by_seat: dict[int, int]) -> tuple[str, ...]:
        """The seeds of the players dealt in, ordered by seat."""
        return tuple(self.get(accounts_by_seat[s]) for s in sorted(accounts_by_seat))
