"""Private notes a player keeps on other players (shown on their seat, to the author only)."""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import delete, select

from pokerroom.services import clock
from pokerroom.storage.database import Database
from pokerroom.storage.models import PlayerNote

MAX_NOTE = 500  # characters


class PlayerNotes:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def of(self, account_id: int, subjects: Iterable[int]) -> dict[int, str]:
        ids = list(subjects)
        if not ids:
            return {}
        async with self.db.read() as session:
            rows = (await session.execute(
                select(PlayerNote.subject_id, PlayerNote.text)
                .where(PlayerNote.account_id == account_id, PlayerNote.subject_id.in_(ids))
            )).all()
        return {int(s): str(t) for s, t in rows}

    async def put(self, account_id: int, subject_id: int, text: str) -> str:
        """Keep `text` as the note (trimmed; empty deletes it); returns what is kept."""
        text = text.strip()[:MAX_NOTE]
        async with self.db.write() as session:
            await session.execute(delete(PlayerNote).where(
                PlayerNote.account_id == account_id, PlayerNote.subject_id == subject_id))
            if text:
                session.add(PlayerNote(account_id=account_id, subject_id=subject_id, text=text,
                                       updated_ms=clock.now_ms()))
        return text
