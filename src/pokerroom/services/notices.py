"""Notices kept for a player until delivered (e.g. "hand #12 was voided after a restart").

notices = NoticeBox(db)
for n in await notices.claim(account_id):     # on (re)connect: send each, once
    ...

`claim` marks the player's pending notices delivered and returns them in one statement, so
two paths that deliver them (a hello, and a node telling the player live after a take-over)
never both send the same notice, even on two nodes at once.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select, update

from pokerroom.services import clock
from pokerroom.storage.database import Database
from pokerroom.storage.models import Notice


@dataclass(frozen=True, slots=True, kw_only=True)
class StoredNotice:
    id: int
    account_id: int
    kind: str
    body: str
    created_ms: int

    def data(self) -> dict[str, Any]:
        loaded: dict[str, Any] = json.loads(self.body)
        return loaded



class NoticeBox:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def add(
        self, account_id: int, kind: str, data: dict[str, Any], *, now_ms: int | None = None
    ) -> int:
        async with self.db.write() as session:
            row = Notice(
                account_id=account_id,
                kind=kind,
                body=json.dumps(data),
                created_ms=clock.now_ms() if now_ms is None else now_ms,
            )
            session.add(row)
            await session.flush()
            return row.id

    async def pending(self, account_id: int) -> list[StoredNotice]:
        async with self.db.read() as session:
            rows = (
                await session.execute(
                    select(Notice)
                    .where(Notice.account_id == account_id, Notice.delivered_ms.is_(None))
                    .order_by(Notice.id)
                )
            ).scalars()
            return [
                StoredNotice(
                    id=r.id,
                    account_id=r.account_id,
                    kind=r.kind,
                    body=r.body,
                    created_ms=r.created_ms,
                )
                for r in rows
            ]

    async def claim(self, account_id: int, *, now_ms: int | None = None) -> list[StoredNotice]:
        """The player's pending notices, marked delivered in the same statement: a notice is
        returned to one caller only."""
        at = clock.now_ms() if now_ms is None else now_ms
        async with self.db.read() as session:  # mostly none: no write (an fsync) then
            pending = (await session.execute(
                select(Notice.id).where(Notice.account_id == account_id,
                                        Notice.delivered_ms.is_(None)).limit(1)
            )).first()
        if pending is None:
            return []
        async with self.db.write() as session:
            rows = (await session.execute(
                update(Notice)
                .where(Notice.account_id == account_id, Notice.delivered_ms.is_(None))
                .values(delivered_ms=at)
                .returning(Notice.id, Notice.kind, Notice.body, Notice.created_ms)
            )).all()
        return sorted((StoredNotice(id=r.id, account_id=account_id, kind=r.kind, body=r.body,
                                    created_ms=r.created_ms) for r in rows),
                      key=lambda n: n.id)

    async def mark_delivered(self, notice_ids: Sequence[int], *, now_ms: int | None = None) -> None:
        if not notice_ids:
            return
        async with self.db.write() as session:
            await session.execute(
                update(Notice)
                .where(Notice.id.in_(list(notice_ids)), Notice.delivered_ms.is_(None))
                .values(delivered_ms=clock.now_ms() if now_ms is None else now_ms)
            )
