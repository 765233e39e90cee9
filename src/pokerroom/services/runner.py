"""What the server calls on a live table of any kind (poker, UTH, later tournament tables).

The lobby hands out `Runner`s; the server (or a node forwarding a player's command to the
table's owner) calls only these. A command a kind of table does not take is refused with
`wrong_table` naming the kind (`refuse_for_kind`), never an internal error. Every method runs
on the table's single writer; messages go out through the fan-out, not through the caller.
"""

from __future__ import annotations

from typing import Any, Protocol

from pokerroom.services.outbound import Frame, Outbound
from pokerroom.services.outbound_parts import LobbyEntry, PokerView, UthTableView
from pokerroom.services.refusal import RefusedError


class Runner(Protocol):
    table_id: str
    kind: str  # "poker" | "uth"
    display_name: str
    config: Any
    lobby: Any

    draining: bool  # set when the node stops: no new hand is dealt

    async def start(self) -> None: ...

    def busy(self) -> bool:
        """A hand or round is in play."""
        ...

    async def stop(self) -> None: ...

    def entry(self) -> LobbyEntry:
        """The table's lobby row."""
        ...

    async def observe(self, viewer: str, account_id: int | None,
                      since: int | None) -> Outbound | Frame:
        """Count `viewer` (one client connection) as present; returns the message that client
        needs now: the events after `since`, or the whole view (already encoded when the
        table's owner is another node)."""
        ...

    async def unobserve(self, viewer: str) -> None: ...

    async def sit(self, viewer: str, account_id: int, name: str, seat: int | None,
                  buy_in: int, post_now: bool) -> None: ...

    async def leave(self, account_id: int) -> None: ...

    async def chat(self, account_id: int, name: str, text: str) -> None: ...

    # poker
    async def act(self, account_id: int, hand: int, action_no: int, action: str,
                  amount: int | None, cards: list[str] | None = None) -> None: ...

    async def sit_out(self, account_id: int) -> None: ...

    async def sit_in(self, account_id: int) -> None: ...

    async def auto_post(self, account_id: int, on: bool) -> None: ...

    async def top_up(self, account_id: int, amount: int) -> None: ...

    async def wait_list(self, account_id: int) -> None: ...

    # UTH
    async def place_bets(self, account_id: int, ante: int, trips: int) -> None: ...

    async def decide(self, account_id: int, round_no: int, decision: str) -> None: ...

    # the operator console (services.table_ops), forwarded to the owner like the rest
    async def set_status(self, status: str) -> dict[str, str]: ...

    async def observer_view(self) -> PokerView | UthTableView: ...

    async def broadcast(self, text: str) -> None: ...


def refuse_for_kind(kind: str, message: str) -> RefusedError:
    """The refusal of a message that this kind of table does not take."""
    names = {"poker": "a poker table", "uth": "an Ultimate Texas Hold'em table"}
    return RefusedError("wrong_table", f"'{message}' is not taken at {names.get(kind, kind)}")
