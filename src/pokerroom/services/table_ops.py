"""What an operator may do to a live table: open it, pause it after the current hand, close it
(every player cashed out), and speak to everyone watching it. A part of both table runners
(poker and UTH), kept as their `ops`; the runner says what its kind does at a reopening and
a closing (`OperatedTable`).

An operator sees a table only as an observer does (the runners' `observer_view`, their
`view_for(None)`): never a hole card nor the deck of a hand in progress (no god mode).
"""

from __future__ import annotations

from typing import Any, Protocol

from pokerroom.services.actor import Actor, ActorStoppedError
from pokerroom.services.clock import now_ms
from pokerroom.services.fanout import FanOut
from pokerroom.services.outbound import StatusNotice
from pokerroom.services.refusal import RefusedError

OPEN, PAUSED, CLOSED = "open", "paused", "closed"


class OperatedTable(Protocol):
    """What the operator part needs of the runner it belongs to."""

    table_id: str
    display_name: str
    lobby: Any  # services.lobby.Lobby, once listed
    fanout: FanOut
    channel: str  # the table's channel

    async def call(self, command: Any, *args: Any) -> Any:
        """Run a command on the table's actor (services.actor)."""
        ...

    def cancel(self, name: str) -> None: ...

    def busy(self) -> bool:
        """A hand or round is in play."""
        ...

    def after_reopen(self) -> None:
        """Deal again if there is someone to deal to."""
        ...

    async def close_now(self) -> None:
        """Free every seat now (poker: stand everyone up, cashed out; UTH: bets back)."""
        ...

    async def keep_status(self) -> None:
        """Keep the status where the table outlives its node, if it has such a place."""
        ...


class TableOperations:
    """The operator's commands of one table, and its status (open, paused, closed)."""

    def __init__(self, runner: OperatedTable) -> None:
        self.runner = runner
        self.status = OPEN

    async def set_status(self, status: str) -> dict[str, str]:
        """open | paused (no next deal; the hand in play finishes) | closed (paused, and every
        player stood up and cashed out once no hand is in play)."""
        if status not in (OPEN, PAUSED, CLOSED):
            raise RefusedError("bad_message", "status is open, paused or closed")
        result: dict[str, str] = await self.runner.call(self._set_status, status)
        return result

    async def _set_status(self, status: str) -> dict[str, str]:
        before = self.status
        self.status = status
        runner = self.runner
        if status == OPEN:
            runner.after_reopen()
        else:
            runner.cancel("deal")
            if status == CLOSED and not runner.busy():
                await runner.close_now()
        self._notify(f"The room {'reopened' if status == OPEN else status} this table.",
                     status=status)
        if runner.lobby is not None:
            runner.lobby.changed(runner)
        await runner.keep_status()
        return {"before": before, "after": status}

    def may_deal(self) -> bool:
        return self.status == OPEN

    def refuse_when_closed(self) -> None:
        if self.status == CLOSED:
            raise RefusedError("table_closed", f"{self.runner.display_name} is closed")

    async def broadcast(self, text: str) -> None:
        await self.runner.call(self._broadcast, text)

    async def _broadcast(self, text: str) -> None:  # an actor command is a coroutine
        self._notify(text, code="broadcast")

    def _notify(self, text: str, code: str = "table_status", status: str | None = None) -> None:
        """A notice to everyone watching the table (its channel)."""
        runner = self.runner
        runner.fanout.publish(runner.channel, StatusNotice(
            code=code, table=runner.table_id, hand=None, text=text, now_ms=now_ms(),
            status=status))


class OperatedRunner(Actor):
    """The actor of one table the room's operators open, pause and close (poker and UTH):
    the console's commands of the Runner protocol, answered by the runner's `ops` part,
    which each runner builds once its own state is ready."""

    ops: TableOperations
    display_name: str

    @property
    def status(self) -> str:
        """open, paused or closed: what the room's operators made of this table."""
        return self.ops.status

    async def set_status(self, status: str) -> dict[str, str]:
        return await self.ops.set_status(status)

    async def broadcast(self, text: str) -> None:
        await self.ops.broadcast(text)

    def stopped_refusal(self) -> ActorStoppedError:
        """A command for this table after its runner stopped here (services.actor): refused
        at once, naming the table. On several nodes the gateway asks the new owner."""
        return ActorStoppedError(f"{self.display_name} is not running on this server now "
                                 "(it stopped or is moving); try again in a moment")
