"""Node-to-node calls over Redis (issue 10): a gateway node forwards a player's command to the
node that owns the table, and the owner answers.

    bus = ClusterBus(redis, prefix="pokerroom:", node="node-a", serve=handler)
    await bus.start()
    result = await bus.call("node-b", "antares-1", "act", [7, 12, 3, "call", None])
    bus.announce({"moved": "antares-1", "owner": "node-a"})   # to every node's `on_control`

Each node listens on `<prefix>rpc:<node>` (requests to it and answers to its own calls) and on
`<prefix>ctl` (announcements to all). A request is {"id", "from", "table", "method", "args"};
the answer {"re": id, "ok": value} or {"re": id, "refused": {code, reason, rule, message,
params}} (a refusal by the owner, passed on to the player as if the gateway had refused), or
{"re": id, "moved": true} (the node no longer owns the table). What crosses here is a
player's command and the answer the owner built for that one player (its own view, filtered
by the core's views at the owner): never a hidden card of anyone else.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

import orjson

from pokerroom.services.refusal import RefusedError

log = logging.getLogger("pokerroom.cluster")

Serve = Callable[[str, str, list[Any]], Awaitable[Any]]  # (table, method, args) -> value
CALL_TIMEOUT_S = 5.0


class TableMovedError(Exception):
    """The node asked does not own the table (any more), or did not answer."""


class ClusterBus:
    def __init__(self, redis: Any, *, prefix: str, node: str, serve: Serve,
                 on_control: Callable[[dict[str, Any]], None] | None = None) -> None:
        self.redis = redis
        self.prefix = prefix
        self.node = node
        self._serve = serve
        self._on_control = on_control
        self._waiting: dict[str, asyncio.Future[Any]] = {}
        self._pubsub: Any = None
        self._task: asyncio.Task[None] | None = None
        self._serving: set[asyncio.Task[None]] = set()
        self.calls_out = 0  # requests sent (for the bus figures)
        self.calls_in = 0

    def _inbox(self, node: str) -> str:
        return f"{self.prefix}rpc:{node}"

    async def start(self) -> None:
        self._pubsub = self.redis.pubsub()
        await self._pubsub.subscribe(self._inbox(self.node), f"{self.prefix}ctl")
        self._task = asyncio.get_running_loop().create_task(self._listen(), name="cluster-bus")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        for task in list(self._serving):
            task.cancel()
        if self._pubsub is not None:
            with contextlib.suppress(Exception):
                await self._pubsub.aclose()
        for future in self._waiting.values():
            if not future.done():
                future.set_exception(TableMovedError("this node is stopping"))

    async def call(self, node: str, table: str, method: str, args: list[Any],
                   *, timeout_s: float = CALL_TIMEOUT_S) -> Any:
        """Run `method(*args)` on `node`'s runner of `table`; its value, or its refusal
        raised here as RefusedError; TableMovedError when that node does not have it."""
        call_id = uuid.uuid4().hex
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._waiting[call_id] = future
        try:
            self.calls_out += 1
            heard = await self.redis.publish(self._inbox(node), orjson.dumps(
                {"id": call_id, "from": self.node, "table": table, "method": method,
                 "args": args}))
            if not heard:
                raise TableMovedError(f"node {node} is not listening")
            answer = await asyncio.wait_for(future, timeout_s)
        except TimeoutError:
            raise TableMovedError(f"node {node} did not answer in {timeout_s} s") from None
        finally:
            self._waiting.pop(call_id, None)
        if "refused" in answer:
            r = answer["refused"]
            raise RefusedError(r["code"], r["reason"], r.get("rule"), message=r.get("message"),
                               params=r.get("params") or {})
        if answer.get("moved"):
            raise TableMovedError(f"node {node} does not own {table}")
        return answer.get("ok")

    async def announce(self, message: dict[str, Any]) -> int:
        """Tell every node (this one too); returns how many nodes heard it."""
        return int(await self.redis.publish(f"{self.prefix}ctl", orjson.dumps(message)))

    async def _listen(self) -> None:
        async for item in self._pubsub.listen():
            if item.get("type") != "message":
                continue
            try:
                data = orjson.loads(item["data"])
            except orjson.JSONDecodeError:
                continue
            channel = item["channel"]
            channel = channel.decode() if isinstance(channel, bytes) else str(channel)
            if channel.endswith(":ctl"):
                if self._on_control is not None:
                    try:
                        self._on_control(data)
                    except Exception:  # noqa: BLE001 - one bad announcement stops nothing
                        log.exception("cluster announcement %r failed", data)
                continue
            if "re" in data:
                future = self._waiting.get(str(data["re"]))
                if future is not None and not future.done():
                    future.set_result(data)
                continue
            task = asyncio.get_running_loop().create_task(self._answer(data))
            self._serving.add(task)
            task.add_done_callback(self._serving.discard)

    async def _answer(self, request: dict[str, Any]) -> None:
        self.calls_in += 1
        reply: dict[str, Any] = {"re": request.get("id")}
        try:
            reply["ok"] = await self._serve(str(request["table"]), str(request["method"]),
                                            list(request.get("args") or []))
        except RefusedError as exc:
            reply["refused"] = {"code": exc.code, "reason": exc.reason, "rule": exc.rule,
                                "message": exc.message, "params": exc.params}
        except TableMovedError:
            reply["moved"] = True
        except Exception as exc:  # noqa: BLE001 - the caller gets a refusal, not a hang
            log.exception("forwarded %s on %s failed", request.get("method"),
                          request.get("table"))
            reply["refused"] = {"code": "internal", "reason": f"the table's server failed: "
                                f"{type(exc).__name__}", "rule": None, "message": None,
                                "params": {}}
        with contextlib.suppress(Exception):
            await self.redis.publish(self._inbox(str(request.get("from"))), orjson.dumps(reply))
