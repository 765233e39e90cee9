"""Each tournament's number (issue 13): PokerStars' text format names a tournament by digits
(`Tournament #797469411`, tables `'797469411 15'`), which trackers read as its identity;
ours are named `<id>-<n>`. The number is a stored serial (storage.models.TournamentNumber),
given when the director first stores the tournament, so it never changes and no two
tournaments share one (a hash of the name could do neither for sure).
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from pokerroom.storage.database import Database
from pokerroom.storage.models import TournamentNumber


async def number_tournament(session: AsyncSession, tournament_id: str) -> int:
    """The tournament's number, given now (in this transaction) if it has none yet."""
    number = await _number_in(session, tournament_id)
    if number is None:
        row = TournamentNumber(tournament_id=tournament_id)
        session.add(row)
        await session.flush()
        number = row.number
    return number


async def tournament_number(db: Database, tournament_id: str) -> int:
    """The tournament's stored number (given now if it has none: a row stored before the
    numbers, which the migration numbered, cannot lack one, but a read never fails on it)."""
    async with db.read() as session:
        number = await _number_in(session, tournament_id)
    if number is not None:
        return number
    return await db.run_write(lambda s: number_tournament(s, tournament_id))


async def _number_in(session: AsyncSession, tournament_id: str) -> int | None:
    return (await session.execute(select(TournamentNumber.number).where(
        TournamentNumber.tournament_id == tournament_id))).scalar_one_or_none()  # fmt: skip
