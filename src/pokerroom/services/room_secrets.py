"""Secrets generated once per deployment and kept with the room's data (`room_secrets`).

    secret = await bot_secret(db)          # created on the room's first start, then the same
    secret = await bot_secret(db, create=False)   # None when no room has started on this db
    secret = await rotate_bot_secret(db)   # a new one; bots holding the old one are refused

The bot secret is what bots log in with (`POST /api/auth/bot`): it is never in the code, and
each deployment has its own. `pokerroom serve` creates it; `pokerroom bots` reads it from the
same database (or from `$POKERROOM_BOT_SECRET` on another machine; `pokerroom admin
bot-secret` prints it).
"""

from __future__ import annotations

import secrets

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from pokerroom.services import clock
from pokerroom.storage.database import Database
from pokerroom.storage.models import RoomSecret

BOT_SECRET = "bot_secret"


async def bot_secret(db: Database, *, create: bool = True) -> str | None:
    """The deployment's bot secret; created (32 random bytes, URL-safe text) if missing."""
    async with db.read() as session:
        value = await bot_secret_in(session)
    if value is not None or not create:
        return value
    try:
        async with db.write() as session:
            session.add(RoomSecret(name=BOT_SECRET, value=secrets.token_urlsafe(32),
                                   created_ms=clock.now_ms()))
    except IntegrityError:
        pass  # another node or process created it first: theirs is the one
    return await bot_secret(db, create=False)


async def bot_secret_in(session: AsyncSession) -> str | None:
    """The bot secret as the given transaction sees it (None: not made yet)."""
    value: str | None = (await session.execute(
        select(RoomSecret.value).where(RoomSecret.name == BOT_SECRET))).scalar_one_or_none()
    return value


async def rotate_bot_secret(db: Database) -> str:
    """Replace the bot secret (e.g. after it leaked); running bots must be given the new one."""
    await bot_secret(db)
    value = secrets.token_urlsafe(32)
    async with db.write() as session:
        await session.execute(update(RoomSecret).where(RoomSecret.name == BOT_SECRET)
                              .values(value=value, created_ms=clock.now_ms()))
    return value
