"""Two nodes keep the same player's client seed at the same moment (issue 10): on
PostgreSQL the delete-then-insert of `store` raced with the other node's insert and failed
on the primary key (UniqueViolationError pk_client_seeds, a 500 to the player), and a
default drawn by `ensure` on two nodes could differ. Both are one statement now."""

from __future__ import annotations

import asyncio

from sqlalchemy import select

from pokerroom.services.client_seeds import ClientSeeds
from pokerroom.storage.database import Database, open_database
from pokerroom.storage.models import Account, ClientSeedRow

ROUNDS = 8


async def _accounts(db: Database, n: int) -> list[int]:
    async with db.write() as session:
        rows = [Account(name=f"p{i}", name_key=f"p{i}", password_hash="-", is_bot=False,
                        is_admin=False, created_ms=0) for i in range(n)]
        session.add_all(rows)
        await session.flush()
        return [row.id for row in rows]


async def _kept(db: Database, account_id: int) -> str:
    async with db.read() as session:
        return str((await session.execute(select(ClientSeedRow.seed).where(
            ClientSeedRow.account_id == account_id))).scalar_one())


async def test_two_nodes_store_and_ensure_one_players_seed_at_once(db: Database) -> None:
    other = await open_database(db.url, schema=db.schema, migrate=False)
    try:
        a, b = ClientSeeds(db), ClientSeeds(other)
        accounts = await _accounts(db, 2 * ROUNDS)
        for account in accounts[:ROUNDS]:  # both choose a seed at once: one of them is kept
            await asyncio.gather(a.store(account, f"a-{account}"), b.store(account, f"b-{account}"))
            assert await _kept(db, account) in (f"a-{account}", f"b-{account}")
        for account in accounts[ROUNDS:]:  # both draw a default at once: the same one wins
            seed_a, seed_b = await asyncio.gather(a.ensure(account), b.ensure(account))
            assert seed_a == seed_b == await _kept(db, account)
    finally:
        await other.close()
