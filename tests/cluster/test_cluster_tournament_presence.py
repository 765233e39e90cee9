"""Tournament players on a cluster are away when no node holds a socket of theirs any more
(R-TOURN-5), also when the node holding it dies without closing anything, and back when they
connect again on another node.

Two nodes, a heads-up sit & go with a ten-minute action clock (so only the away rule moves
a hand on); player P plays through the node that does not run the tournament, Q through the
one that does. P also opens a socket on the director's node and closes it: P is not away (a
socket is still open elsewhere). The node holding P's socket is killed (SIGKILL): P is away
within about the heartbeat's time to live. P connects again on the surviving node: back.
Before that, the table's chat is heard across the nodes."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from clusterharness import cluster
from roomharness import Client, of_type, register
from test_cluster_tournaments import _owner
from tests.tournament_rooms import sit_and_go_room

ROOM = sit_and_go_room("cluster presence")
TID = "duo-1"


class _At:
    """A RunningServer-like base for roomharness.register."""

    def __init__(self, base: str) -> None:
        self.base = base

    def http(self) -> Any:
        import httpx

        return httpx.AsyncClient(base_url=self.base, timeout=30)


def _away(view: dict[str, Any], entry: str) -> bool | None:
    table = view.get("table") or {}
    seat = next((s for s in table.get("seats", []) if s and s["entry"] == entry), None)
    return None if seat is None else bool(seat["away"])


def _last(client: Client) -> dict[str, Any]:
    return next(m["view"] for m in reversed(client.received) if m.get("type") == "tournament")


async def test_R_TOURN_5_away_when_the_node_holding_the_socket_dies(tmp_path: Path) -> None:
    """R-TOURN-5: see the module docstring."""
    room_file = tmp_path / "room.toml"
    room_file.write_text(ROOM)
    async with cluster(tmp_path, "--room", str(room_file), "--action-seconds", "600") as room:
        await asyncio.gather(room.start("a"), room.start("b"))
        owner = await _owner(room, "a", TID)
        director, gateway = room.nodes[owner], room.nodes["b" if owner == "a" else "a"]
        p_token = await register(_At(gateway.base), "presence_p")  # type: ignore[arg-type]
        q_token = await register(_At(director.base), "presence_q")  # type: ignore[arg-type]
        p = await Client.connect(gateway.ws_url, p_token)
        q = await Client.connect(director.ws_url, q_token)
        for c in (p, q):
            await c.send(type="hello")
            await c.wait_for(of_type("welcome"))
            await c.send(type="tournament_register", tournament=TID)
        started = await p.wait_for(lambda m: m.get("type") == "tournament"
                                   and (m["view"].get("table") or {}).get("hand_number", 0) >= 1,
                                   timeout=60)  # fmt: skip
        me = started["view"]["you"]["entry"]
        await q.wait_for(lambda m: m.get("type") == "tournament"
                         and _away(m["view"], me) is False, timeout=30)

        # The table's chat crosses the nodes: P's line (forwarded to the director's node)
        # reaches Q, Q's reaches P and a watcher whose socket is on P's node.
        table = started["view"]["table"]["number"]
        watcher = await Client.connect(gateway.ws_url, await register(
            _At(gateway.base), "presence_w"))  # type: ignore[arg-type]
        await watcher.send(type="hello")
        await watcher.send(type="tournament_watch", tournament=TID, table=table, ref="w")
        await watcher.send(type="ping")
        await watcher.wait_for(of_type("pong"))
        assert not [m for m in watcher.received if m.get("type") == "error"]
        # ...and sees the table's felt at once: built by the director's node for a watcher
        # (no seat, no choice), forwarded to the gateway's socket.
        felt = await watcher.wait_for(of_type("tournament_table"), timeout=10)
        assert felt["tournament"] == TID and felt["table"] == table
        assert felt["view"]["seat"] is None and felt["view"]["legal"] is None
        assert {s["name"] for s in felt["view"]["seats"] if s} == {"presence_p", "presence_q"}
        await p.send(type="tournament_chat", tournament=TID, table=table, text="from b")
        await q.wait_for(of_type("chat", text="from b", table=f"{TID}/{table}"), timeout=10)
        await q.send(type="tournament_chat", tournament=TID, table=table, text="from a")
        for c in (p, watcher):
            await c.wait_for(of_type("chat", text="from a", name="presence_q"), timeout=10)
        await watcher.close()

        # A second socket of P on the director's node, closed: P still has one elsewhere.
        extra = await Client.connect(director.ws_url, p_token)
        await extra.send(type="hello")
        await extra.wait_for(of_type("welcome"))
        await extra.close()
        await asyncio.sleep(2.0)  # (the absence, if wrongly taken, is told in milliseconds)
        assert _away(_last(q), me) is False, "away though a socket is still open on a node"
        assert _last(p)["you"]["away"] is False

        # The node holding P's socket dies: nothing is closed, yet P is away soon.
        gateway.kill()
        await q.wait_for(lambda m: m.get("type") == "tournament"
                         and _away(m["view"], me) is True, timeout=40)

        # P connects again on the node that is left: back.
        mark = len(q.received)
        again = await Client.connect(director.ws_url, p_token)
        await again.send(type="hello")
        await again.send(type="tournament_follow", tournament=TID)
        await again.wait_for(lambda m: m.get("type") == "tournament"
                             and m["view"]["you"]["away"] is False, timeout=30)
        await q.wait_for(lambda m: m.get("type") == "tournament"
                         and _away(m["view"], me) is False, timeout=30, start=mark)
        for c in (again, q):
            await c.close()
