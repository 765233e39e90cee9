"""The lobby: every table of the room, its live figures, and the lobby feed to subscribers."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any, Protocol

from pokerroom.services.refusal import RefusedError

STATS_WINDOW_MS = 3_600_000


class Watcher(Protocol):
    """A client as the services see it."""

    account_id: int | None

    def push(self, message: dict[str, Any]) -> None: ...


@dataclass(frozen=True, slots=True, kw_only=True)
class HandFigures:
    ended_ms: int
    pot: int
    dealt: int
    saw_flop: int


class TableStats:
    """Average pot, players per flop and hands per hour over the last hour of play."""

    def __init__(self) -> None:
        self._hands: deque[HandFigures] = deque(maxlen=500)

    def add(self, figures: HandFigures) -> None:
        self._hands.append(figures)

    def summary(self, now_ms: int) -> dict[str, int]:
        recent = [h for h in self._hands if h.ended_ms >= now_ms - STATS_WINDOW_MS]
        if not recent:
            return {"avg_pot": 0, "players_per_flop": 0, "hands_per_hour": 0}
        dealt = sum(h.dealt for h in recent)
        span_ms = max(now_ms - recent[0].ended_ms, 60_000)
        return {
            "avg_pot": sum(h.pot for h in recent) // len(recent),
            "players_per_flop": (100 * sum(h.saw_flop for h in recent)) // max(dealt, 1),
            "hands_per_hour": len(recent) * STATS_WINDOW_MS // span_ms,
        }


class Lobby:
    def __init__(self) -> None:
        self._runners: dict[str, Any] = {}
        self._subscribers: set[Any] = set()

    def add(self, runner: Any) -> None:
        self._runners[runner.table_id] = runner
        runner.lobby = self

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
