"""Where `pokerroom bots` finds the room's bot secret.

`$POKERROOM_BOT_SECRET` when set (bots on another machine than the room: `pokerroom admin
bot-secret` prints it there), else the room's own database: `--database URL`, by default the
one `pokerroom serve` uses in this directory (./pokerroom.db or `$POKERROOM_DATABASE`). The
room creates the secret on its first start, so start the room first.
"""

from __future__ import annotations

import os
from pathlib import Path

from sqlalchemy.engine import make_url

ENV_BOT_SECRET = "POKERROOM_BOT_SECRET"


class NoBotSecretError(RuntimeError):
    pass


async def load_bot_secret(database: str | None = None) -> str:
    """$POKERROOM_BOT_SECRET, else the secret in the room's database."""
    from_env = os.environ.get(ENV_BOT_SECRET, "").strip()
    if from_env:
        return from_env
    return await read_bot_secret(database)


async def read_bot_secret(database: str | None = None) -> str:
    """The bot secret stored in the room's database (NoBotSecretError names what is missing)."""
    from pokerroom.services.room_secrets import bot_secret
    from pokerroom.storage.database import Database, default_database_url, normalize_url

    url = normalize_url(database or default_database_url())
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite" and parsed.database and not Path(
            parsed.database).is_file():
        raise NoBotSecretError(
            f"no room database at {parsed.database}: start the room (pokerroom serve) first, "
            f"pass --database, or set ${ENV_BOT_SECRET}")
    db = Database(url)  # read only: the bots never migrate the room's database
    try:
        value = await bot_secret(db, create=False)
    except Exception as exc:  # noqa: BLE001 - an older database without the table
        raise NoBotSecretError(f"cannot read the bot secret from {parsed.render_as_string()}: "
                               f"{exc.__class__.__name__}; start the room first") from exc
    finally:
        await db.close()
    if value is None:
        raise NoBotSecretError("the room has no bot secret yet: start it (pokerroom serve) "
                               "once, or set $" + ENV_BOT_SECRET)
    return value
