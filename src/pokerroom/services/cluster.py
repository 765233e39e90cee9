"""One node of a room spread over several (issue 10, DESIGN section 6).

    node = ClusterNode(config, db=db, lobby=lobby, fanout=fanout, templates=..., make=...)
    await node.start()          # refuses a node id that is alive already (NodeIdTakenError)
    ...
    await node.release_all()    # a graceful stop: the other nodes take the tables at once
    await node.stop()

What a node does every `tick_s`:
- says it is alive: the Redis key `<prefix>node:<id>` with a time to live of `ttl_ms`;
- renews the lease of every table it runs (services.leases); a lease it cannot renew (taken
  over, or PostgreSQL unreachable for longer than the lease) is dropped at once: the table's
  runner stops, and its writes would be refused by the epoch anyway (storage.fencing); a
  table stopped only because renewals stalled runs here again once they answer, if its lease
  is still this node's at that epoch (_resume_fenced: one more epoch, its hand voided);
- balances: with N nodes alive each should run about ceil(tables / N). A node below its
  share takes tables nobody holds (never started, released, or whose node died and whose
  lease expired); a node above it stops dealing at one table, lets the hand in play finish
  and releases it, so a node that joins later gets its share.

Taking a table: the lease (one more epoch), then recovery for that table only (the hand the
dead node was dealing is voided: every stack back to its start, recorded, each player told),
then a fresh runner, which seats every kept player again at the same seat with the same
blind debts and sit-out state (services.seating), exactly as a single node does after a
restart. Every node is then told (`moved`) so that its clients watching the table get a
full view from the new owner and keep playing on the same socket.

Tables this node does not run are `RemoteRunner`s in its lobby: a player's command goes over
the bus to the owner (services.cluster_bus).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import redis.asyncio as aioredis

from pokerroom.services import clock
from pokerroom.services.actor import ActorStoppedError
from pokerroom.services.cluster_bus import ClusterBus, TableMovedError
from pokerroom.services.fanout import LOBBY
from pokerroom.services.hands import HandStore
from pokerroom.services.leases import TableLeases
from pokerroom.services.outbound import Frame, decode, encode
from pokerroom.services.recovery import recover
from pokerroom.services.refusal import RefusedError
from pokerroom.services.remote_runner import FORWARDED, RemoteRunner
from pokerroom.services.runner import Runner
from pokerroom.storage.database import Database
from pokerroom.storage.fencing import Fence

log = logging.getLogger("pokerroom.cluster")
TAKEOVER_REASON = "the server that dealt it stopped"
TAKES_PER_TICK = 4  # tables one node takes per tick (each: recovery, then a fresh runner)
TALLY_WAIT_S = 3.0  # how long a room-wide word (tell_room) waits for every node's count


def log_failure(task: asyncio.Task[Any]) -> None:
    """A done callback for a task nobody awaits: its failure is logged, not lost."""
    if not task.cancelled() and task.exception() is not None:
        log.warning("a cluster task failed", exc_info=task.exception())


class NodeIdTakenError(Exception):
    """Another node with this id is alive."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ClusterConfig:
    redis_url: str
    node: str
    prefix: str = "pokerroom:"
    ttl_ms: int = 6_000  # a dead node's tables are taken within about ttl + tick
    tick_s: float = 1.0
    shed_wait_s: float = 60.0  # a table being given away waits this long for its hand


READY_TIMEOUT_S = 2.0  # a readiness check's wait for Redis


def node_key(prefix: str, node: str) -> str:
    return f"{prefix}node:{node}"


async def alive_nodes(redis: Any, prefix: str) -> list[str]:
    """The ids of the nodes whose heartbeat has not expired."""
    start = len(node_key(prefix, ""))
    keys = [k.decode() if isinstance(k, bytes) else str(k)
            async for k in redis.scan_iter(match=node_key(prefix, "*"), count=200)]
    return sorted(k[start:] for k in keys)


class _LobbyRows:
    """Keeps the last lobby row each owner published, for this node's `RemoteRunner`s."""

    account_id: int | None = None

    def __init__(self, rows: dict[str, dict[str, Any]]) -> None:
        self.rows = rows

    def send(self, frame: Frame) -> None:
        message = decode(frame)
        table = message.get("table")
        if message.get("type") == "lobby_update" and isinstance(table, dict):
            self.rows[str(table.get("id"))] = table


class ClusterNode:
    def __init__(self, config: ClusterConfig, *, db: Database, lobby: Any, fanout: Any,
                 templates: dict[str, Runner], make: Callable[[str], Runner],
                 uth_settler: Any = None,
                 rewatch: Callable[[str], Awaitable[None]] | None = None,
                 notify: Callable[[list[int]], Awaitable[None]] | None = None,
                 on_room: Callable[[dict[str, Any]], int] | None = None,
                 seal: Any = None,
                 discover: Callable[[], Awaitable[None]] | None = None) -> None:
        self.config = config
        self.node = config.node
        self.db = db
        self.lobby = lobby
        self.fanout = fanout
        self.templates = templates
        self.make = make
        self.uth_settler = uth_settler
        self.seal = seal  # services.seal.SealKey: a voided hand taken over reveals its seed
        self.rewatch = rewatch  # re-observe a table for this node's clients (a new owner)
        self.notify = notify  # deliver kept notices to this node's sockets of these accounts
        self.on_room = on_room  # the console's word to every node's sockets (tell_room)
        # reads the tables added while the room runs (the console's): add_table for each
        self.discover = discover
        self._unknown: set[str] = set()  # leased tables this node has no template of
        self.fence = Fence(config.node)
        self.leases = TableLeases(db)
        self.redis: Any = aioredis.from_url(config.redis_url)
        self.bus = ClusterBus(self.redis, prefix=config.prefix, node=config.node,
                              serve=self._serve, on_control=self._on_control)
        self.owners: dict[str, str] = {}  # table -> the node holding a live lease
        self.epochs: dict[str, int] = {}  # table -> epoch, as last read (for /api/cluster)
        self.alive: list[str] = [config.node]
        self._renewed: dict[str, int] = {}  # table -> when this node last renewed it (ms)
        self._rows: dict[str, dict[str, Any]] = {}
        self._lobby_rows = _LobbyRows(self._rows)
        self._task: asyncio.Task[None] | None = None
        self._shedding: asyncio.Task[None] | None = None
        self._balancing: asyncio.Task[None] | None = None
        self._stopping = False
        self.takeovers: list[tuple[str, int, int]] = []  # (table, epoch, at ms) for figures
        self.last_renewal_ms: int | None = None  # the last tick whose renewals all answered
        # table -> (epoch, when): stopped here by _self_fence, resumed once renewals answer
        self._fenced: dict[str, tuple[int, int]] = {}

    # ------------------------------------------------------------------ life
    async def start(self) -> None:
        key = node_key(self.config.prefix, self.node)
        if not await self.redis.set(key, str(clock.now_ms()), nx=True, px=self.config.ttl_ms):
            raise NodeIdTakenError(f"a node named {self.node!r} is alive already")
        self.db.fence = self.fence
        await self.bus.start()
        self.fanout.subscribe(LOBBY, self._lobby_rows)
        for template in self.templates.values():
            self.lobby.add(self._remote(template))
        await self._renew()
        loop = asyncio.get_running_loop()
        # Renewing starts before the first balancing: taking a share of the tables (recovery,
        # a fresh runner each) can outlast the heartbeat and the first leases on a loaded
        # machine, and the other nodes would count this node dead and take them back.
        self._task = loop.create_task(self._loop(), name="cluster-node")
        while await self._balance_once_more():
            pass
        self._balancing = loop.create_task(self._balance_loop(), name="cluster-balance")

    async def _balance_once_more(self) -> bool:
        """At start: balance until this node took no more tables (it may take its share)."""
        before = len(self.fence.epochs)
        await self._balance()
        return len(self.fence.epochs) > before

    def _remote(self, template: Runner) -> RemoteRunner:
        return RemoteRunner(template, self.forward, node=self.node, entries=self._rows)

    def add_table(self, template: Runner) -> None:
        """A table added while the room runs (from the console, on any node): listed here as
        another node's table until balancing gives it to some node (maybe this one)."""
        if template.table_id in self.templates:
            return
        self.templates[template.table_id] = template
        self.lobby.add(self._remote(template))

    async def release_all(self) -> None:
        """Give every table up now (a graceful stop, once their hands are over)."""
        self._stopping = True
        for table_id, epoch in list(self.fence.epochs.items()):
            await self._drop(table_id)
            with contextlib.suppress(Exception):
                await self.leases.release(table_id, node=self.node, epoch=epoch)
            with contextlib.suppress(Exception):
                await self.bus.announce({"released": table_id, "owner": self.node})

    async def stop(self) -> None:
        self._stopping = True
        for task in (self._task, self._balancing, self._shedding):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        for table_id in list(self.fence.epochs):
            await self._drop(table_id)
        await self.bus.stop()
        with contextlib.suppress(Exception):
            await self.redis.delete(node_key(self.config.prefix, self.node))
        with contextlib.suppress(Exception):
            await self.redis.aclose()

    async def _loop(self) -> None:
        """Renewing runs apart from balancing: a slow take-over must never delay a renewal."""
        while True:
            await asyncio.sleep(self.config.tick_s)
            try:
                # A link that hangs (a partition) must not hang the self-fence below.
                await asyncio.wait_for(self._renew(), self._deadline_ms() / 1000)
            except asyncio.CancelledError:
                raise
            except TimeoutError:
                log.warning("cluster lease renewal timed out")
            except Exception:  # noqa: BLE001 - PostgreSQL or Redis away: _self_fence
                log.warning("cluster lease renewal failed", exc_info=True)
            await self._self_fence()

    async def _balance_loop(self) -> None:
        while True:
            await asyncio.sleep(self.config.tick_s)
            try:
                await self._balance()
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - tried again at the next tick
                log.warning("cluster balancing failed", exc_info=True)

    def _deadline_ms(self) -> int:
        """How long after its last renewal this node still trusts a lease: a margin short of
        its expiry, so the node stops before another may take the table."""
        return self.config.ttl_ms - max(int(self.config.tick_s * 1000), self.config.ttl_ms // 4)

    async def _self_fence(self) -> None:
        """Stop every table whose lease this node could not renew in time: another node may
        own it soon."""
        at = clock.now_ms()
        for table_id in list(self.fence.epochs):
            if at - self._renewed.get(table_id, 0) >= self._deadline_ms():
                log.warning("%s: lease not renewed in time: table stopped here", table_id)
                self._fenced[table_id] = (self.fence.epochs[table_id], at)
                await self._drop(table_id)

    # ------------------------------------------------------------------ one tick
    async def _renew(self) -> None:
        if self._stopping:
            return
        at = clock.now_ms()
        key = node_key(self.config.prefix, self.node)
        if not await self.redis.set(key, str(at), px=self.config.ttl_ms, xx=True):
            # The heartbeat had expired (this node was paused or cut off): the owners of the
            # tables this node's clients watch forgot them (_forget_gone_viewers); they are
            # counted again.
            await self.redis.set(key, str(at), px=self.config.ttl_ms)
            if self.rewatch is not None:
                log.warning("heartbeat had expired: this node's viewers are counted again")
                for table_id in self.templates:
                    asyncio.get_running_loop().create_task(self.rewatch(table_id))
        held = dict(self.fence.epochs)
        renewed, lost = await self.leases.renew_all(held, node=self.node,
                                                    ttl_ms=self.config.ttl_ms, now_ms=at)
        for table_id, epoch in held.items():
            if table_id in renewed:
                self._renewed[table_id] = at
            elif table_id in lost and self.fence.epochs.get(table_id) == epoch:
                log.warning("%s: lease lost (epoch %s): table stopped here", table_id, epoch)
                await self._drop(table_id)
        self.last_renewal_ms = at

    # ------------------------------------------------------------------ readiness (/readyz)
    async def redis_ready(self) -> str:
        """"ok" when Redis answers a PING within READY_TIMEOUT_S, else why not."""
        try:
            await asyncio.wait_for(self.redis.ping(), READY_TIMEOUT_S)
        except TimeoutError:
            return f"failed: Redis did not answer in {READY_TIMEOUT_S:g} s"
        return "ok"

    async def leases_ready(self) -> str:
        """"ok" while this node's leases are current: its last renewal (node key and every
        table lease) answered within the time it trusts a lease, and every table it runs was
        renewed within that time. A node that cannot renew stops its tables (_self_fence);
        until it renews again it should get no traffic."""
        if self._stopping:
            return "stopping: the node gives its tables up"
        at, deadline = clock.now_ms(), self._deadline_ms()
        if self.last_renewal_ms is None or at - self.last_renewal_ms >= deadline:
            since = "never" if self.last_renewal_ms is None else \
                f"{at - self.last_renewal_ms} ms ago"
            return f"failed: leases not renewed (last renewal {since})"
        stale = sorted(t for t in self.fence.epochs if at - self._renewed.get(t, 0) >= deadline)
        if stale:
            return f"failed: leases not renewed for {', '.join(stale)}"
        return "ok"

    def leases_held(self) -> int:
        """Table leases this node holds now (the tables it runs)."""
        return len(self.fence.epochs)

    async def _balance(self) -> None:
        if self._stopping:
            return
        await self._resume_fenced()
        at = clock.now_ms()
        self.alive = await alive_nodes(self.redis, self.config.prefix)
        await self._forget_gone_viewers(set(self.alive) | {self.node})
        leases = {lease.table_id: lease for lease in await self.leases.all()}
        unknown = set(leases) - set(self.templates)
        if unknown != self._unknown and self.discover is not None:
            # a table another node's console added, whose word this node missed (cut off)
            self._unknown = unknown
            await self.discover()
        self.epochs = {t: lease.epoch for t, lease in leases.items()}
        self.owners = {t: lease.node for t, lease in leases.items() if lease.alive(at)}
        share = math.ceil(len(self.templates) / max(1, len(self.alive)))
        mine = len(self.fence.epochs)
        if mine < share:
            taken = 0
            for table_id in sorted(self.templates):
                if mine >= share or taken >= TAKES_PER_TICK:
                    break
                if table_id in self.fence.epochs or table_id in self.owners:
                    continue
                if await self._take(table_id):
                    mine += 1
                    taken += 1
        elif mine > share and (self._shedding is None or self._shedding.done()):
            extra = sorted(self.fence.epochs)[share:]
            self._shedding = asyncio.get_running_loop().create_task(self._shed_all(extra))

    async def _forget_gone_viewers(self, alive: set[str]) -> None:
        """The viewers of this node's tables whose socket was on a node that died (its
        heartbeat expired) are gone: each is dropped as if its socket had closed, so the
        table stops building views for them and a seated player is disconnected there and
        follows the usual path (the clock, then sitting out). A viewer is `<node>/<id>`
        (RemoteRunner); this node's own have no node in their id."""
        for table_id in list(self.fence.epochs):
            runner = self.lobby.runner(table_id) if self.lobby.has(table_id) else None
            if runner is None or isinstance(runner, RemoteRunner):
                continue
            viewers = getattr(runner, "viewers", None) or {}
            gone = [v for v in list(viewers) if "/" in v and v.rpartition("/")[0] not in alive]
            for viewer in gone:
                try:
                    await runner.unobserve(viewer)
                except Exception:  # noqa: BLE001 - tried again at the next tick
                    log.warning("%s: could not drop viewer %s", table_id, viewer, exc_info=True)
            if gone:
                log.info("%s: %d viewers of dead nodes dropped", table_id, len(gone))

    async def _take(self, table_id: str) -> bool:
        epoch = await self.leases.take(table_id, node=self.node, ttl_ms=self.config.ttl_ms)
        if epoch is None:
            return False
        return await self._run(table_id, epoch)

    async def _resume_fenced(self) -> None:
        """Tables this node stopped because its renewals stalled (_self_fence) run here again
        as soon as a renewal begun after the stop has answered, if nobody took them
        meanwhile (the lease is still this node's at the epoch it held), expired or not: no
        wait for the lease to run out, nor for another node. The lease is taken at one more
        epoch, so a write the stopped runner still had on its way is refused; the hand it
        was dealing is voided as at any take-over (stacks back to the hand's start, each
        player told), and the fresh runner seats everyone again at the same seats."""
        renewed = self.last_renewal_ms
        for table_id, (epoch, fenced_at) in list(self._fenced.items()):
            if renewed is None or renewed <= fenced_at:
                continue  # no renewal has answered since the stop
            del self._fenced[table_id]
            if table_id in self.fence.epochs:
                continue
            again = await self.leases.resume(table_id, node=self.node, epoch=epoch,
                                             ttl_ms=self.config.ttl_ms)
            if again is None:
                log.info("%s: taken by another node while renewals stalled", table_id)
                continue
            log.warning("%s: renewals answer again: resumed here at epoch %s", table_id, again)
            await self._run(table_id, again)

    async def _run(self, table_id: str, epoch: int) -> bool:
        """Run a table whose lease this node just took at `epoch`: recovery, a fresh runner."""
        self.fence.hold(table_id, epoch)
        self._renewed[table_id] = clock.now_ms()
        self.owners[table_id] = self.node
        self.epochs[table_id] = epoch
        try:
            report = await recover(self.db, uth_settler=self.uth_settler, tables=[table_id],
                                   reason=TAKEOVER_REASON, seal=self.seal)
            runner = self.make(table_id)
            self.lobby.add(runner)
            await runner.start()
        except Exception:
            log.exception("%s: could not take the table over", table_id)
            await self._drop(table_id)
            return False
        self.takeovers.append((table_id, epoch, clock.now_ms()))
        log.warning("%s: taken at epoch %s (voided hands %s)", table_id, epoch,
                    list(report.voided_hands))
        await self._tell_voided(report.voided_hands)
        self.lobby.changed(runner)
        await self.bus.announce({"moved": table_id, "owner": self.node, "epoch": epoch})
        return True

    async def _tell_voided(self, hand_ids: tuple[int, ...]) -> None:
        """Players of a hand voided by a take-over hear it now, wherever their socket is: the
        voiding kept a notice for each (services.notices); every node is told to deliver them
        to the sockets it holds. A notice is claimed by the one path that sends it, so it is
        not sent again at the player's next hello."""
        hands = HandStore(self.db)
        accounts: set[int] = set()
        for hand_id in hand_ids:
            accounts.update(seat.account_id for seat in (await hands.get(hand_id)).seats)
        if accounts:
            await self.bus.announce({"notices": sorted(accounts)})

    async def _drop(self, table_id: str) -> None:
        """Stop running the table here (lease lost, given away, or this node stopping)."""
        self.fence.drop(table_id)
        self._renewed.pop(table_id, None)
        if self.owners.get(table_id) == self.node:
            del self.owners[table_id]
        runner = self.lobby.runner(table_id) if self.lobby.has(table_id) else None
        if runner is not None and not isinstance(runner, RemoteRunner):
            with contextlib.suppress(Exception):
                await runner.stop()
            self.lobby.add(self._remote(self.templates[table_id]))

    async def _shed_all(self, tables: list[str]) -> None:
        await asyncio.gather(*(self._shed(t) for t in tables), return_exceptions=True)

    async def _shed(self, table_id: str) -> None:
        """Give a table away to a node below its share: finish the hand, then release."""
        runner = self.lobby.runner(table_id)
        if isinstance(runner, RemoteRunner):
            return
        runner.draining = True
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.config.shed_wait_s
        while runner.busy() and loop.time() < deadline:
            await asyncio.sleep(0.05)
        if runner.busy():
            runner.draining = False  # a hand that will not end: keep the table
            if hasattr(runner, "maybe_deal"):
                runner.maybe_deal()
            return
        epoch = self.fence.epochs.get(table_id)
        await self._drop(table_id)
        await self.leases.release(table_id, node=self.node, epoch=epoch)
        log.info("%s: given away for balance", table_id)
        await self.bus.announce({"released": table_id, "owner": self.node})

    # ------------------------------------------------------------------ the bus
    async def forward(self, table_id: str, method: str, args: list[Any]) -> Any:
        """A command for a table another node runs (RemoteRunner): to its owner, once more
        after a fresh look at the leases if the table just moved."""
        for attempt in range(2):
            owner = self.owners.get(table_id)
            if owner == self.node and self.lobby.has(table_id):
                runner = self.lobby.runner(table_id)
                if not isinstance(runner, RemoteRunner):
                    try:
                        return await getattr(runner, method)(*args)
                    except ActorStoppedError:  # given up here meanwhile: look at the lease
                        owner = None
            if owner is not None and owner != self.node:
                try:
                    return await self.bus.call(owner, table_id, method, args)
                except TableMovedError:
                    pass
            if attempt == 0:
                lease = await self.leases.get(table_id)
                if lease is not None and lease.alive(clock.now_ms()):
                    self.owners[table_id] = lease.node
                else:
                    self.owners.pop(table_id, None)
        raise RefusedError("table_moving", f"table {table_id} is moving to another server "
                           "(its server stopped); try again in a few seconds")

    async def _serve(self, table_id: str, method: str, args: list[Any]) -> Any:
        if method not in FORWARDED:
            raise RefusedError("bad_message", f"'{method}' cannot be forwarded")
        runner = self.lobby.runner(table_id) if self.lobby.has(table_id) else None
        if runner is None or isinstance(runner, RemoteRunner) or table_id not in self.fence.epochs:
            raise TableMovedError(table_id)
        command = getattr(runner, method, None)
        if command is None:
            raise RefusedError("wrong_table", f"'{method}' is not taken at table {table_id}")
        try:
            result = await command(*args)
        except ActorStoppedError:  # stopped here while the call came: ask the new owner
            raise TableMovedError(table_id) from None
        if method == "observe":
            # The answer for the gateway's client, encoded here once: it crosses the bus as
            # the frame's text and is sent on as it is (RemoteRunner.observe).
            return encode(result).text
        return result

    async def tell_room(self, message: dict[str, Any]) -> int:
        """Something for the sockets of every node, this one included (a console's room-wide
        notice, an account locked): each node acts on it through `on_room` and adds how many
        of its sockets that reached to a tally in Redis. Returns the total once every node
        that heard it has counted (PUBLISH says how many heard), or what was counted within
        TALLY_WAIT_S (a node too slow to answer is left out of the figure)."""
        tally = f"{self.config.prefix}tally:{uuid.uuid4().hex}"
        heard = await self.bus.announce({"room": message, "tally": tally})
        loop = asyncio.get_running_loop()
        deadline = loop.time() + TALLY_WAIT_S
        while True:
            nodes, reached = await self.redis.hmget(tally, "nodes", "reached")
            if int(nodes or 0) >= heard or loop.time() >= deadline:
                return int(reached or 0)
            await asyncio.sleep(0.02)

    async def _count(self, tally: str, reached: int) -> None:
        """This node's part of a tell_room tally (kept a minute, for a late asker)."""
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.hincrby(tally, "reached", reached)
            pipe.hincrby(tally, "nodes", 1)
            pipe.pexpire(tally, 60_000)
            await pipe.execute()

    def _on_control(self, message: dict[str, Any]) -> None:
        room = message.get("room")
        if isinstance(room, dict):
            reached = self.on_room(room) if self.on_room is not None else 0
            tally = message.get("tally")
            if isinstance(tally, str) and tally.startswith(f"{self.config.prefix}tally:"):
                task = asyncio.get_running_loop().create_task(self._count(tally, reached))
                task.add_done_callback(log_failure)
            return
        accounts = message.get("notices")
        if isinstance(accounts, list) and self.notify is not None:
            asyncio.get_running_loop().create_task(
                self.notify([a for a in accounts if isinstance(a, int)]))
            return
        table_id = message.get("moved") or message.get("released")
        if not isinstance(table_id, str) or table_id not in self.templates:
            return
        owner = str(message.get("owner"))
        if "moved" in message:
            self.owners[table_id] = owner
            if isinstance(message.get("epoch"), int):
                self.epochs[table_id] = message["epoch"]
            task = asyncio.get_running_loop().create_task(self._moved(table_id, owner))
            task.add_done_callback(log_failure)
        elif self.owners.get(table_id) == owner:
            del self.owners[table_id]

    async def _moved(self, table_id: str, owner: str) -> None:
        """Another node took the table: this node stops its runner there first (someone else
        holds a newer epoch), then shows its clients the table from the new owner. In the
        other order the clients were shown the stopped runner here (refused), kept no view
        of the table and were not counted present at the new owner."""
        if owner != self.node and table_id in self.fence.epochs:
            await self._drop(table_id)
        for _ in range(100):  # a drop begun elsewhere (lease lost) finishes first
            runner = self.lobby.runner(table_id) if self.lobby.has(table_id) else None
            if (runner is None or isinstance(runner, RemoteRunner)
                    or table_id in self.fence.epochs):
                break
            await asyncio.sleep(0.05)
        if self.rewatch is not None:
            await self.rewatch(table_id)

    # ------------------------------------------------------------------ GET /api/cluster
    def view(self, hands: dict[str, int]) -> dict[str, Any]:
        alive = set(self.alive) | {self.node}
        nodes = sorted(alive | set(self.owners.values()))
        tables = [{"id": t, "owner": self.owners.get(t), "epoch": self.epochs.get(t, 0),
                   "hands": hands.get(t, 0)} for t in sorted(self.templates)]
        return {"nodes": [{"id": n, "alive": n in alive,
                           "tables": [t["id"] for t in tables if t["owner"] == n]}
                          for n in nodes],
                "tables": tables}
