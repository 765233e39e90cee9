"""R-BUYIN-3's 20-minute memory in the database (issue 10): a departure recorded by one node
(or before a restart) binds the player's next buy-in on another node of the same room."""

from __future__ import annotations

import pytest

from pokerroom.core.errors import RuleViolationError
from pokerroom.core.table import Table
from pokerroom.core.table.buyin import RETURN_WINDOW_MS, Departure, check_buy_in
from pokerroom.core.table.config import TableConfig, TableStakes
from pokerroom.services.departures import SharedRoomMemory
from pokerroom.storage.database import Database
from pokerroom.storage.models import Account

NL = TableConfig(name="nl", game="holdem", betting="no-limit",
                 stakes=TableStakes(small_blind=1, big_blind=2), seats=6)


async def _account(db: Database, name: str) -> int:
    """A new account's id: the room seats players by their int id (issue 10)."""
    async with db.write() as session:
        row = Account(name=name, name_key=name, password_hash="x", created_ms=0)
        session.add(row)
        await session.flush()
        return int(row.id)


async def test_R_BUYIN_3_a_departure_on_one_node_binds_the_buy_in_on_another(
        db: Database) -> None:
    ann = await _account(db, "ann")
    node_a, node_b = SharedRoomMemory(db), SharedRoomMemory(db)
    # ann sits and leaves a table on node a (the core table records her departure)
    on_a = Table(NL, node_a)
    on_a.sit_down(ann, 0, 150, now_ms=0)
    on_a.stand_up(ann, now_ms=1000)
    await node_a.flush()
    assert node_b.recent(ann, NL.game_key, 61_000) is None  # b has not looked yet
    # node b learns it before checking her buy-in at the same game
    await node_b.refresh(ann, now_ms=61_000)
    with pytest.raises(RuleViolationError) as info:
        check_buy_in(NL, ann, 100, 61_000, node_b)
    assert info.value.rule_id == "R-BUYIN-3"
    check_buy_in(NL, ann, 150, 61_000, node_b)
    # 20 minutes later nothing binds her, on a node that never saw her
    node_c = SharedRoomMemory(db)
    await node_c.refresh(ann, now_ms=1000 + RETURN_WINDOW_MS)
    check_buy_in(NL, ann, 100, 1000 + RETURN_WINDOW_MS, node_c)


async def test_the_latest_departure_per_game_is_kept(db: Database) -> None:
    bob = await _account(db, "bob")
    memory = SharedRoomMemory(db)
    for at, amount in ((1000, 500), (5000, 260)):
        memory.record(Departure(account=bob, game_key=NL.game_key, amount=amount,
                                left_at_ms=at))
        await memory.flush()
    fresh = SharedRoomMemory(db)
    await fresh.refresh(bob, now_ms=6000)
    seen = fresh.recent(bob, NL.game_key, 6000)
    assert seen is not None and (seen.amount, seen.left_at_ms) == (260, 5000)
