"""A table owned by another node, as this node's server sees it (issue 10).

The lobby of a cluster node holds, for each table it does not own, a `RemoteRunner`: the
same `Runner` interface, each command forwarded over the cluster bus to the owner, which runs
it on the table's single writer and answers (a value, or a refusal passed on unchanged).
Static facts (name, kind, config) come from a template runner built from the room file and
never started; the lobby row is the last one the owner published on the lobby channel.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from pokerroom.services.outbound import Frame
from pokerroom.services.outbound_parts import LobbyEntry, PokerView, UthTableView
from pokerroom.services.runner import Runner

Forward = Callable[[str, str, list[Any]], Awaitable[Any]]  # (table, method, args) -> value


class RemoteRunner:
    def __init__(self, template: Runner, forward: Forward, *, node: str,
                 entries: dict[str, LobbyEntry]) -> None:
        self.template = template
        self.table_id = template.table_id
        self.kind = template.kind
        self.display_name = template.display_name
        self.config = template.config
        self.decimals: int = getattr(template, "decimals", 2)
        self.lobby: Any = None
        self.draining = False
        self.halted: str | None = None
        self._forward = forward
        self._node = node
        self._entries = entries  # table id -> the owner's last lobby row (shared, live)

    def _viewer(self, viewer: str) -> str:
        # One connection of this node: the owner can tell whose viewers vanish with a node.
        return f"{self._node}/{viewer}"

    async def _call(self, method: str, *args: Any) -> Any:
        return await self._forward(self.table_id, method, list(args))

    # ------------------------------------------------------------------ lifecycle (not here)
    async def start(self) -> None:
        return None

    async def stop(self) -> None:
        return None

    def busy(self) -> bool:
        return False

    def entry(self) -> LobbyEntry:
        return self._entries.get(self.table_id) or self.template.entry()

    # ------------------------------------------------------------------ forwarded
    async def observe(self, viewer: str, account_id: int | None,
                      since: int | None) -> Frame:
        """The owner's answer, encoded by the owner (ClusterNode._serve)."""
        text = await self._call("observe", self._viewer(viewer), account_id, since)
        return Frame(str(text))

    async def unobserve(self, viewer: str) -> None:
        await self._call("unobserve", self._viewer(viewer))

    async def sit(self, viewer: str, account_id: int, name: str, seat: int | None,
                  buy_in: int, post_now: bool) -> None:
        await self._call("sit", self._viewer(viewer), account_id, name, seat, buy_in, post_now)

    async def leave(self, account_id: int) -> None:
        await self._call("leave", account_id)

    async def chat(self, account_id: int, name: str, text: str) -> None:
        await self._call("chat", account_id, name, text)

    async def act(self, account_id: int, hand: int, action_no: int, action: str,
                  amount: int | None, cards: list[str] | None = None) -> None:
        await self._call("act", account_id, hand, action_no, action, amount, cards)

    async def sit_out(self, account_id: int) -> None:
        await self._call("sit_out", account_id)

    async def sit_in(self, account_id: int) -> None:
        await self._call("sit_in", account_id)

    async def auto_post(self, account_id: int, on: bool) -> None:
        await self._call("auto_post", account_id, on)

    async def top_up(self, account_id: int, amount: int) -> None:
        await self._call("top_up", account_id, amount)

    async def wait_list(self, account_id: int) -> None:
        await self._call("wait_list", account_id)

    async def place_bets(self, account_id: int, ante: int, trips: int) -> None:
        await self._call("place_bets", account_id, ante, trips)

    async def decide(self, account_id: int, round_no: int, decision: str) -> None:
        await self._call("decide", account_id, round_no, decision)

    async def broadcast(self, text: str) -> None:
        await self._call("broadcast", text)

    # ------------------------------------------------------------------ the console's
    async def set_status(self, status: str) -> dict[str, str]:
        result: dict[str, str] = await self._call("set_status", status)
        return result

    async def observer_view(self) -> PokerView | UthTableView:
        result: PokerView | UthTableView = await self._call("observer_view")
        return result


# What an owner runs for a gateway: the Runner protocol's commands and the operator
# console's (services.table_ops), nothing else.
FORWARDED = frozenset({"observe", "unobserve", "sit", "leave", "chat", "act", "sit_out",
                       "sit_in", "auto_post", "top_up", "wait_list", "place_bets", "decide",
                       "broadcast", "set_status", "observer_view"})
