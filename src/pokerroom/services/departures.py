"""The 20-minute memory of R-BUYIN-3, kept in the database so that every node of a room (and
the next start of a single node) knows what a player left a game with, and when.

    memory = SharedRoomMemory(db)          # a core RoomMemory: the tables use it as before
    await memory.refresh(account)          # before checking a buy-in: departures stored by
                                           # any node (or before a restart) are known here
    await memory.flush()                   # wait for the writes of recorded departures

The core records a departure synchronously (`RoomMemory.record`, called by the table when a
player stands up); this memory keeps it and writes it to `buyin_departures` in the background
(one row per account and game, the latest departure). A buy-in is checked against the local
memory after `refresh` read the player's rows: what another node wrote is seen there.
"""

from __future__ import annotations

import asyncio
import json
import logging

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from pokerroom.core.table.buyin import RETURN_WINDOW_MS, Departure, RoomMemory
from pokerroom.core.table.config import GameKey
from pokerroom.services import clock
from pokerroom.storage.database import Database
from pokerroom.storage.models import BuyInDeparture

log = logging.getLogger("pokerroom.departures")


def _key_text(game_key: GameKey) -> str:
    return json.dumps(game_key, separators=(",", ":"))


def _key_of(text: str) -> GameKey:
    game, betting, stakes = json.loads(text)
    return (str(game), str(betting), tuple(int(x) for x in stakes))  # type: ignore[return-value]


class SharedRoomMemory(RoomMemory):
    def __init__(self, db: Database) -> None:
        super().__init__()
        self.db = db
        self._writes: set[asyncio.Task[None]] = set()

    def record(self, departure: Departure) -> None:
        super().record(departure)
        try:
            task = asyncio.get_running_loop().create_task(self._save(departure))
        except RuntimeError:  # no loop (a core test): the local memory is all there is
            return
        self._writes.add(task)
        task.add_done_callback(self._writes.discard)

    async def _save(self, departure: Departure) -> None:
        values = {"account_id": int(departure.account),
                  "game_key": _key_text(departure.game_key),
                  "amount": departure.amount, "left_at_ms": departure.left_at_ms}
        insert = pg_insert if self.db.backend == "postgresql" else sqlite_insert
        statement = insert(BuyInDeparture).values(**values)
        statement = statement.on_conflict_do_update(
            index_elements=["account_id", "game_key"],
            set_={"amount": statement.excluded.amount,
                  "left_at_ms": statement.excluded.left_at_ms})
        try:
            async with self.db.write() as session:
                await session.execute(statement)
        except Exception:  # noqa: BLE001 - the local memory still holds it
            log.exception("could not store a departure of account %s", departure.account)

    async def flush(self) -> None:
        if self._writes:
            await asyncio.gather(*list(self._writes), return_exceptions=True)

    async def refresh(self, account: int, *, now_ms: int | None = None) -> None:
        """Learn this player's departures of the last 20 minutes, wherever they were."""
        at = clock.now_ms() if now_ms is None else now_ms
        async with self.db.read() as session:
            rows = (await session.execute(
                select(BuyInDeparture).where(
                    BuyInDeparture.account_id == account,
                    BuyInDeparture.left_at_ms > at - RETURN_WINDOW_MS))).scalars().all()
        for row in rows:
            stored = Departure(account=account, game_key=_key_of(row.game_key),
                               amount=row.amount, left_at_ms=row.left_at_ms)
            known = self._departures.get((account, stored.game_key))
            if known is None or known.left_at_ms < stored.left_at_ms:
                super().record(stored)
