"""Fencing: a cluster node writes for a table only while it holds that table's lease epoch.

Several nodes share one PostgreSQL (DESIGN section 6, issue 10). Each table has one lease row
(`table_leases`: owner node, expiry, epoch); a take-over adds one to the epoch. A node keeps
the epochs it holds in a `Fence`, set on its `Database`; every write for a table (hand start,
settlement, buy-in, cash-out, UTH stakes) calls `check_fence` in the SAME transaction, which
reads the lease row under a share lock and refuses unless this node still holds that epoch.
A node that lost its lease (paused, partitioned, slow) therefore can never move a chip at the
table again: its late transaction either commits before the take-over (which then waits for
the row lock and sees its result) or is refused and rolls back whole.

A tournament's director is fenced the same way by its tournament's lease (`tournament:<id>`
in the same table; services.tournament_cluster): its snapshot with the money it moved, and
the hands of its tables `<id>/<n>`, whose writes check the tournament's lease.

A single node (no Fence) checks nothing: it is the only writer.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from pokerroom.storage.errors import StateError

log = logging.getLogger("pokerroom.fencing")


class FencedError(StateError):
    """A write for a table whose lease this node does not hold (at this epoch)."""


TOURNAMENT_LEASE = "tournament:"


def tournament_lease(tournament_id: str) -> str:
    """The lease row of a tournament's director."""
    return f"{TOURNAMENT_LEASE}{tournament_id}"


def lease_of(table_id: str) -> str:
    """The lease that fences a table's writes: its own; a tournament's table
    (`<tournament>/<n>`, services.tournament_director) is fenced by its tournament's."""
    tournament_id, slash, _ = table_id.partition("/")
    return tournament_lease(tournament_id) if slash else table_id


@dataclass(slots=True)
class Fence:
    node: str
    epochs: dict[str, int] = field(default_factory=dict)  # table id -> the epoch held
    # tournament id -> the epoch of its director's lease held (services.tournament_cluster);
    # apart from the tables', which the node balances as tables
    tournaments: dict[str, int] = field(default_factory=dict)

    def hold(self, table_id: str, epoch: int) -> None:
        self.epochs[table_id] = epoch

    def drop(self, table_id: str) -> None:
        self.epochs.pop(table_id, None)

    def held(self, lease: str) -> int | None:
        """The epoch this node holds of a lease row (a table's or a tournament's)."""
        if lease.startswith(TOURNAMENT_LEASE):
            return self.tournaments.get(lease[len(TOURNAMENT_LEASE):])
        return self.epochs.get(lease)


FENCE_KEY = "pokerroom.fence"


def fence_of(session: AsyncSession) -> Fence | None:
    fence = session.info.get(FENCE_KEY)
    return fence if isinstance(fence, Fence) else None


async def check_fence(session: AsyncSession, table_id: str) -> None:
    """Refuse (FencedError) unless this node holds the table's lease at its epoch; no-op on a
    single node. The lease row stays share-locked until the transaction ends, so a take-over
    (which updates the row) cannot slip in between this check and the commit."""
    await check_lease(session, lease_of(table_id))


async def check_lease(session: AsyncSession, lease: str) -> None:
    """check_fence for a lease row by its key (a table's, or `tournament_lease(id)`)."""
    fence = fence_of(session)
    if fence is None:
        return
    row = (await session.execute(text(LEASE_ROW), {"t": lease})).first()
    _judge(fence, lease, None if row is None else (str(row.node), int(row.epoch)))


LEASE_ROW = "SELECT node, epoch FROM table_leases WHERE table_id = :t FOR SHARE"


async def check_fence_pg(conn: Any, fence: Fence | None, table_id: str) -> None:
    """check_fence on an asyncpg connection (storage.pg_writer's hot path)."""
    if fence is None:
        return
    lease = lease_of(table_id)
    row = await conn.fetchrow(
        "SELECT node, epoch FROM table_leases WHERE table_id = $1 FOR SHARE", lease)
    _judge(fence, lease, None if row is None else (str(row["node"]), int(row["epoch"])))


def _judge(fence: Fence, lease: str, row: tuple[str, int] | None) -> None:
    """Refuse unless the lease row (node, epoch) is this node's at the epoch it holds."""
    held = fence.held(lease)
    if held is None or row is None or row[0] != fence.node or row[1] != held:
        owner = "nobody" if row is None else f"{row[0]} at epoch {row[1]}"
        what = lease if lease.startswith(TOURNAMENT_LEASE) else f"table {lease}"
        refused = FencedError(
            f"{what} is owned by {owner}; node {fence.node} holds "
            f"{'no lease' if held is None else f'epoch {held}'} there: write refused")
        log.warning("fenced: %s", refused)  # a late write of a node that lost the table
        raise refused
