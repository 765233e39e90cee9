"""What an operator may do to a live table: open it, pause it after the current hand, close it
(every player cashed out), and speak to everyone watching it. A mixin of the table runners.

An operator sees a table only as an observer does (`view_for(None)`): never a hole card nor
the deck of a hand in progress (no god mode).
"""

from __future__ import annotations

from typing import Any

from pokerroom.services.actor import ActorStoppedError
from pokerroom.services.clock import now_ms
from pokerroom.services.outbound import StatusNotice
from pokerroom.services.outbound_parts import PokerView, UthTableView
from pokerroom.services.refusal import RefusedError

OPEN, PAUSED, CLOSED = "open", "paused", "closed"


class OperatorCommands:
    status: str = OPEN
    table_id: str
    display_name: str
    lobby: Any
    fanout: Any  # services.fanout.FanOut
    channel: str  # the table's channel

    # `call` (run on the table's actor) and `cancel` (a scheduled command) come from
    # services.actor.Actor, later in the runner's bases: not declared here, or these would
    # shadow them.
    call: Any
    cancel: Any
    view_for: Any

    async def set_status(self, status: str) -> dict[str, str]:
        """open | paused (no next deal; the hand in play finishes) | closed (paused, and every
        player stood up and cashed out once no hand is in play)."""
        if status not in (OPEN, PAUSED, CLOSED):
            raise RefusedError("bad_message", "status is open, paused or closed")
        result: dict[str, str] = await self.call(self._set_status, status)
        return result

    async def _set_status(self, status: str) -> dict[str, str]:
        before = self.status
        self.status = status
        if status == OPEN:
            self._after_reopen()
        else:
            self.cancel("deal")
            if status == CLOSED and not self._hand_in_play():
                await self._close_now()
        self._notify(f"The room {'reopened' if status == OPEN else status} this table.",
                     status=status)
        if self.lobby is not None:
            self.lobby.changed(self)
        return {"before": before, "after": status}

    def stopped_refusal(self) -> ActorStoppedError:
        """A command for this table after its runner stopped here (services.actor): refused
        at once, naming the table. On several nodes the gateway asks the new owner."""
        return ActorStoppedError(f"{self.display_name} is not running on this server now "
                                 "(it stopped or is moving); try again in a moment")

    def may_deal(self) -> bool:
        return self.status == OPEN

    def refuse_when_closed(self) -> None:
        if self.status == CLOSED:
            raise RefusedError("table_closed", f"{self.display_name} is closed")

    async def observer_view(self) -> PokerView | UthTableView:
        """The table as an observer sees it (the console's), without the event log."""
        view: PokerView | UthTableView = self.view_for(None)
        view.pop("log", None)  # type: ignore[misc]  # a poker view's full form only
        return view

    async def broadcast(self, text: str) -> None:
        await self.call(self._broadcast, text)

    async def _broadcast(self, text: str) -> None:
        self._notify(text, code="broadcast")

    def _notify(self, text: str, code: str = "table_status", status: str | None = None) -> None:
        """A notice to everyone watching the table (its channel)."""
        self.fanout.publish(self.channel, StatusNotice(code=code, table=self.table_id, hand=None,
                                                       text=text, now_ms=now_ms(),
                                                       status=status))

    # Each runner says how (poker: stand everyone up; UTH: nothing to cash out).
    def _hand_in_play(self) -> bool: ...
    def _after_reopen(self) -> None: ...
    async def _close_now(self) -> None: ...
