"""The lobby: every table of the room, its live figures, and the lobby feed to subscribers."""

from __future__ import annotations

from typing import Any, Protocol

from pokerroom.core.table.lobby import Lobby as CoreLobby
from pokerroom.services.refusal import RefusedError


class Watcher(Protocol):
    """A client as the services see it."""

    account_id: int | None

    def push(self, message: dict[str, Any]) -> None: ...


class Lobby:
    """The live room: runners by table id, and the lobby feed (figures come from the core's
    catalogue, `pokerroom.core.table.lobby.Lobby`, which each poker runner feeds)."""

    def __init__(self) -> None:
        self._runners: dict[str, Any] = {}
        self._subscribers: set[Any] = set()
        self.catalogue = CoreLobby()

    def add(self, runner: Any) -> None:
        self._runners[runner.table_id] = runner
        runner.lobby = self
        if runner.kind == "poker":
            self.catalogue.add_table(runner.config)

    def has(self, table_id: str) -> bool:
        return table_id in self._runners

    def runner(self, table_id: str) -> Any:
        try:
            return self._runners[table_id]
        except KeyError:
            raise RefusedError("table_not_found", f"there is no table {table_id!r}") from None

    def runners(self) -> list[Any]:
        return list(self._runners.values())

    def entries(self) -> list[dict[str, Any]]:
        return [runner.entry() for runner in self._runners.values()]

    def subscribe(self, watcher: Watcher) -> None:
        self._subscribers.add(watcher)
        watcher.push({"type": "lobby", "tables": self.entries()})

    def unsubscribe(self, watcher: Watcher) -> None:
        self._subscribers.discard(watcher)

    def changed(self, runner: Any) -> None:
        """A table's entry changed (seats, figures): tell the lobby subscribers."""
        if not self._subscribers:
            return
        entry = runner.entry()
        for watcher in list(self._subscribers):
            watcher.push({"type": "lobby_update", "table": entry})

    async def disconnect(self, watcher: Watcher) -> None:
        self._subscribers.discard(watcher)
        for runner in self._runners.values():
            await runner.unobserve(watcher)

    async def start(self) -> None:
        for runner in self._runners.values():
            await runner.start()

    async def stop(self) -> None:
        for runner in self._runners.values():
            await runner.stop()
