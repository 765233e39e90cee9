"""Everything one running server holds: the database, the services, the tables, the sockets."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from pokerroom.server.settings import Settings
from pokerroom.services.lobby import Lobby

log = logging.getLogger("pokerroom.server")

COOKIE_NAME = "pokerroom_session"


def session_token_from(headers: Mapping[str, str], cookies: Mapping[str, str]) -> str | None:
    """The session token of a request: the cookie, or `Authorization: Bearer <token>`."""
    auth = headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        return auth[7:].strip() or None
    return cookies.get(COOKIE_NAME) or None


class ServerState:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.origins = settings.origins()
        self.connections: set[Any] = set()
        self.lobby = Lobby()
        self.db: Any = None

    async def start(self) -> None:
        pass

    async def stop(self) -> None:
        await self.lobby.stop()

    async def authenticate(self, token: str | None) -> tuple[int, str] | None:
        return None

    async def balance_of(self, account_id: int) -> int:
        return 0

    async def take_notices(self, account_id: int) -> list[dict[str, Any]]:
        return []
