"""Cash tables an operator adds from the console: kept in the database (`room_tables`) and
started again with the room file's tables at every start of the server.

A table is checked exactly as a room file's entry is (core.table.room.parse_room, with its
defaults: buy-in range from the stakes, the clock), so the console cannot make a table the
room file could not.
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import select

from pokerroom.core.table.config import TableConfig
from pokerroom.core.table.room import parse_room
from pokerroom.services.clock import now_ms
from pokerroom.storage.database import Database
from pokerroom.storage.models import RoomTable

FIELDS = ("name", "game", "betting", "seats", "small_blind", "big_blind")


def console_table_config(spec: dict[str, Any]) -> TableConfig:
    """The table a console form describes; RoomConfigError names the field that is wrong."""
    text = (
        "[[table]]\n"
        f"name = {json.dumps(str(spec['name']))}\n"
        f"game = {json.dumps(str(spec['game']))}\n"
        f"betting = {json.dumps(str(spec['betting']))}\n"
        f"seats = {int(spec['seats'])}\n"
        f"stakes = {{ small_blind = {int(spec['small_blind'])}, "
        f"big_blind = {int(spec['big_blind'])} }}\n"
    )
    if spec["betting"] == "limit":
        text = text.replace(" }\n", f", small_bet = {int(spec['big_blind'])}, "
                                    f"big_bet = {2 * int(spec['big_blind'])} }}\n")
    return parse_room(text, "console").tables[0]


class ConsoleTables:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def add(self, spec: dict[str, Any], created_by: str) -> None:
        async with self.db.write() as session:
            session.add(RoomTable(name=str(spec["name"]),
                                  spec=json.dumps({k: spec[k] for k in FIELDS}),
                                  created_ms=now_ms(),
                                  created_by=created_by))

    async def specs(self) -> list[dict[str, Any]]:
        async with self.db.read() as session:
            rows = (await session.execute(select(RoomTable).order_by(RoomTable.id))).scalars()
            return [json.loads(r.spec) for r in rows]
