"""The lobby: every table of the room, its live figures, and the lobby feed to subscribers."""

from __future__ import annotations

from pokerroom.core.table.lobby import Lobby as CoreLobby
from pokerroom.services.fanout import LOBBY, FanOut, Subscriber
from pokerroom.services.outbound import LobbyTables, LobbyUpdate, encode
from pokerroom.services.outbound_parts import LobbyEntry
from pokerroom.services.refusal import RefusedError
from pokerroom.services.runner import Runner


class Lobby:
    """The live room: runners by table id, and the lobby feed on the fan-out's `lobby`
    channel (figures come from the core's catalogue, `pokerroom.core.table.lobby.Lobby`,
    which each poker runner feeds)."""

    def __init__(self, fanout: FanOut) -> None:
        self._runners: dict[str, Runner] = {}
        self.fanout = fanout
        self.catalogue = CoreLobby()

    def add(self, runner: Runner) -> None:
        """Add a table, or put another runner in its place (a cluster node taking the table
        over or giving it away: services.cluster)."""
        known = runner.table_id in self._runners
        self._runners[runner.table_id] = runner
        runner.lobby = self
        if runner.kind == "poker" and not known:
            self.catalogue.add_table(runner.config)

    def has(self, table_id: str) -> bool:
        return table_id in self._runners

    def runner(self, table_id: str) -> Runner:
        try:
            return self._runners[table_id]
        except KeyError:
            raise RefusedError("table_not_found", f"there is no table {table_id!r}") from None

    def runners(self) -> list[Runner]:
        return list(self._runners.values())

    def entries(self) -> list[LobbyEntry]:
        return [runner.entry() for runner in self._runners.values()]

    def subscribe(self, subscriber: Subscriber) -> None:
        self.fanout.subscribe(LOBBY, subscriber)
        subscriber.send(encode(LobbyTables(tables=self.entries())))

    def unsubscribe(self, subscriber: Subscriber) -> None:
        self.fanout.unsubscribe(LOBBY, subscriber)

    def changed(self, runner: Runner) -> None:
        """A table's entry changed (seats, figures): tell the lobby subscribers."""
        if not self.fanout.wants(LOBBY):
            return
        self.fanout.publish(LOBBY, LobbyUpdate(table=runner.entry()))

    async def start(self) -> None:
        for runner in self._runners.values():
            await runner.start()

    async def stop(self) -> None:
        for runner in self._runners.values():
            await runner.stop()
