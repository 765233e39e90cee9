"""Tournaments on a room spread over several nodes (issue 13 under issue 10's cluster).

    node = TournamentNode(config, db=db, hall=hall, redis=redis, fence=db.fence)
    await node.start()      # after the ClusterNode (its heartbeat, its Fence on the database)
    ...
    await node.stop()

A tournament's director is held like a table: by a lease row (`tournament:<id>` in
`table_leases`, services.leases) that its node renews every tick, with an epoch that grows at
every take-over. Every write of the director (its snapshot with the money it moved, its
hands' start and end rows) checks that epoch in the same transaction (storage.fencing), so a
node that lost the lease never pays a prize or moves a chip again. A node that cannot renew
in time stops the director at once; a director whose hand's end was refused gives its lease
up (TournamentHall restores from the store, never from its own memory). A graceful stop
(SIGTERM) lets the hands in play end before the leases go.

Every tick a node also:
- takes the open tournaments nobody holds (never held, released, or whose node died and
  whose lease expired) up to its share, and restores each from its stored snapshot
  (services.tournament_director: hands in progress void, the clock resumes where it
  stopped); a node over its share (another joined) gives the extra ones away between
  hands, as the tables are;
- opens the room's next instance of a spec that has none registering (a repeating sit &
  go, a scheduled one; each spec at a node's start). The instance's lease is taken before
  its row is written and the row must not exist yet, so however many nodes try, it is
  opened once;
- announces the summaries of the tournaments it runs (as they change, and every tick), so
  the lobby's listing is the room's on every node.

Players' commands for a tournament another node runs go there over the bus (its own
channels, beside the tables'; services.cluster_bus); what crosses is one player's command
and the picture built for that one player. The tournament's channel and each entrant's own
picture reach every node through the Redis fan-out, filtered at the owner.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy import delete, select

from pokerroom.services import clock
from pokerroom.services.actor import ActorStoppedError
from pokerroom.services.cluster import TAKEOVER_REASON, ClusterConfig, alive_nodes
from pokerroom.services.cluster_bus import ClusterBus, TableMovedError
from pokerroom.services.leases import Lease, TableLeases
from pokerroom.services.outbound import encode
from pokerroom.services.refusal import RefusedError
from pokerroom.services.tournament_director import account_of
from pokerroom.services.tournament_hall import OPEN, TournamentHall
from pokerroom.services.tournament_presence import Presence
from pokerroom.services.tournament_view import tournament_summary
from pokerroom.storage.database import Database
from pokerroom.storage.fencing import TOURNAMENT_LEASE, Fence, tournament_lease
from pokerroom.storage.models import TableLease, TournamentRow

log = logging.getLogger("pokerroom.cluster")

# What an owner runs for another node's player or console (TournamentHall's commands).
FORWARDED = frozenset({"register", "unregister", "act", "deal", "back", "sit_out", "follow",
                       "watch", "cancel", "chat"})


def base_of(tid: str) -> str:
    return tid.rpartition("-")[0]


class TournamentNode:
    def __init__(self, config: ClusterConfig, *, db: Database, hall: TournamentHall,
                 redis: Any, fence: Fence,
                 notify: Callable[[list[int]], Awaitable[None]] | None = None,
                 local_accounts: Callable[[], set[int]] | None = None) -> None:
        self.config = config
        self.node = config.node
        self.db = db
        self.hall = hall
        self.redis = redis
        self.fence = fence
        self.notify = notify  # deliver kept notices to this node's sockets of these accounts
        self.leases = TableLeases(db)
        # its own inboxes and announcements (`<prefix>t:`), apart from the tables'
        self.bus = ClusterBus(redis, prefix=f"{config.prefix}t:", node=config.node,
                              serve=self._serve, on_control=self._on_control)
        self.owners: dict[str, str] = {}  # tournament -> the node holding a live lease
        self.epochs: dict[str, int] = {}  # tournament -> epoch, as last read
        self.rows: dict[str, dict[str, Any]] = {}  # tournament -> its owner's last summary
        self._seen: dict[str, int] = {}  # tournament -> when its summary was last heard (ms)
        self._renewed: dict[str, int] = {}  # tournament -> this node's last renewal (ms)
        self._dirty: set[str] = set()
        self._closed: set[str] = set()  # tournaments over: never listed again
        self._wake = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self._stopping = False
        self.takeovers: list[tuple[str, int, int]] = []  # (tournament, epoch, at ms)
        self.presence = Presence()  # which nodes hold the players' sockets (R-TOURN-5)
        self.local_accounts = local_accounts  # the accounts with a socket on this node
        self._told_at = 0
        self._shedding: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------ life
    async def start(self) -> None:
        self.hall.remote = self
        await self.bus.start()
        # A node of this name that ran before (and died) holds no socket any more.
        await self.tell_nodes({"started": self.node})
        self.hall.start_clock()
        await self._balance(opening_all=True)
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._loop(), name="tournament-leases"),
                       loop.create_task(self._balance_loop(), name="tournament-balance"),
                       loop.create_task(self._announcer(), name="tournament-listing")]

    async def stop(self) -> None:
        """Stop every director here and give its lease up (the other nodes take them)."""
        self._stopping = True
        for task in [*self._tasks, *([self._shedding] if self._shedding else [])]:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for tid in list(self.fence.tournaments):
            epoch = self.fence.tournaments.get(tid)
            await self._drop(tid)
            with contextlib.suppress(Exception):  # bounded: PostgreSQL may be cut off
                await asyncio.wait_for(self.leases.release(
                    tournament_lease(tid), node=self.node, epoch=epoch), 2.0)
        await self.bus.stop()

    def _deadline_ms(self) -> int:
        """As ClusterNode's: a lease is trusted a margin short of its expiry."""
        ttl = self.config.ttl_ms
        return ttl - max(int(self.config.tick_s * 1000), ttl // 4)

    async def _loop(self) -> None:
        """Renewing runs apart from balancing (as ClusterNode's): a slow take-over or a slow
        read of the tournaments must never delay a renewal."""
        while True:
            await asyncio.sleep(self.config.tick_s)
            try:
                if not self._stopping:
                    await asyncio.wait_for(self._renew(), self._deadline_ms() / 1000)
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - PostgreSQL or Redis away: the self-fence
                log.warning("tournament leases: renewal failed", exc_info=True)
            await self._self_fence()

    async def _balance_loop(self) -> None:
        while True:
            await asyncio.sleep(self.config.tick_s)
            try:
                if not self._stopping and not self.hall.draining:
                    await self._balance()
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - tried again at the next tick
                log.warning("tournament balancing failed", exc_info=True)
            self._dirty.update(self.hall.directors)  # every tick: fresh clocks, new nodes
            self._wake.set()
            await self._tell_sockets()

    async def _tell_sockets(self) -> None:
        """Every half lease time: the accounts whose sockets this node holds, so that a node
        counted dead for a while (its heartbeat late) is counted again, and one that joined
        later learns them."""
        at = clock.now_ms()
        if self.local_accounts is None or at - self._told_at < self.config.ttl_ms // 2:
            return
        self._told_at = at
        held = sorted(self.local_accounts())
        for account in held:
            self.presence.opened(account, self.node)
        await self.tell_nodes({"holds": held, "node": self.node})

    # ------------------------------------------------------------------ leases
    async def _renew(self) -> None:
        at = clock.now_ms()
        held = {tournament_lease(t): e for t, e in self.fence.tournaments.items()}
        renewed, lost = await self.leases.renew_all(held, node=self.node,
                                                    ttl_ms=self.config.ttl_ms, now_ms=at)
        for lease, epoch in held.items():
            tid = lease[len(TOURNAMENT_LEASE):]
            if lease in renewed:
                self._renewed[tid] = at
            elif lease in lost and self.fence.tournaments.get(tid) == epoch:
                log.warning("tournament %s: lease lost (epoch %s): stopped here", tid, epoch)
                await self._drop(tid)

    async def _self_fence(self) -> None:
        at = clock.now_ms()
        for tid in list(self.fence.tournaments):
            if at - self._renewed.get(tid, 0) >= self._deadline_ms():
                log.warning("tournament %s: lease not renewed in time: stopped here", tid)
                await self._drop(tid)

    async def _drop(self, tid: str) -> None:
        self.fence.tournaments.pop(tid, None)
        self._renewed.pop(tid, None)
        if self.owners.get(tid) == self.node:
            del self.owners[tid]
        with contextlib.suppress(Exception):
            await self.hall.drop(tid)

    async def lost(self, tid: str) -> None:
        """The director here could not store a hand's end (fenced, or PostgreSQL away): its
        lease goes, so whoever takes it next (this node too) restores it from the store."""
        epoch = self.fence.tournaments.get(tid)
        await self._drop(tid)
        if epoch is not None:
            with contextlib.suppress(Exception):
                await self.leases.release(tournament_lease(tid), node=self.node, epoch=epoch)

    async def closed(self, tid: str) -> None:
        """The tournament ended here (finished or cancelled): its lease goes."""
        self.rows.pop(tid, None)
        epoch = self.fence.tournaments.get(tid)
        self.fence.tournaments.pop(tid, None)
        self._renewed.pop(tid, None)
        self.owners.pop(tid, None)
        with contextlib.suppress(Exception):
            await self._forget_lease(tid, epoch)
        with contextlib.suppress(Exception):
            await self.bus.announce({"closed": tid, "owner": self.node})

    async def _forget_lease(self, tid: str, epoch: int | None) -> None:
        """An ended tournament's lease row goes (every node reads the leases every tick, and
        instances keep coming); a late write of its director then finds no lease: refused."""
        async with self.db.write() as session:
            await session.execute(delete(TableLease).where(
                TableLease.table_id == tournament_lease(tid), TableLease.node == self.node,
                TableLease.epoch == (epoch if epoch is not None else -1)))

    async def _take(self, tid: str, spec: dict[str, Any] | None, *, new: bool) -> bool:
        """Take `tid`'s lease and run it here: restored from its row, or (`new`) opened, only
        if no row exists yet (a new instance is opened once, whoever tries)."""
        epoch = await self.leases.take(tournament_lease(tid), node=self.node,
                                       ttl_ms=self.config.ttl_ms)
        if epoch is None:
            return False
        self.fence.tournaments[tid] = epoch
        self._renewed[tid] = clock.now_ms()
        self.owners[tid] = self.node
        self.epochs[tid] = epoch
        try:
            async with self.db.read() as session:
                row = await session.get(TournamentRow, tid)
            if (row is not None) if new else (row is None or row.status not in OPEN):
                await self._give_back(tid, epoch)  # opened by another node, or over
                return False
            stored = spec if row is None else json.loads(row.spec)
            d = await self.hall._open(base_of(tid), tid, stored, void_reason=TAKEOVER_REASON)
        except Exception:
            await self._give_back(tid, epoch)
            if new:
                raise  # e.g. the console's spec is not a valid tournament: said there
            log.exception("tournament %s: could not take it", tid)
            return False
        self.takeovers.append((tid, epoch, clock.now_ms()))
        log.warning("tournament %s: %s at epoch %s", tid, "opened" if new else "taken", epoch)
        for account in sorted({account_of(e) for e in d.t.entries}):
            if self.presence.away(account):  # its sockets closed or died before this node ran it
                await self.hall.absent_here(account)
        self.hall.publish(tid)  # every follower, on every node, gets the restored picture
        if d.voided:  # the players of a hand voided now hear it, wherever their socket is
            with contextlib.suppress(Exception):
                await self.bus.announce({"notices": sorted(set(d.voided))})
        return True

    async def _give_back(self, tid: str, epoch: int) -> None:
        await self._drop(tid)
        await self.leases.release(tournament_lease(tid), node=self.node, epoch=epoch)

    async def open_new(self, base: str, tid: str, spec: dict[str, Any]) -> bool:
        """Open a new instance here (the console's one-off): False if it exists already."""
        return await self._take(tid, spec, new=True)

    # ------------------------------------------------------------------ balance
    async def _balance(self, *, opening_all: bool = False) -> None:
        at = clock.now_ms()
        alive = await alive_nodes(self.redis, self.config.prefix)
        async with self.db.read() as session:  # (not the snapshots: every tick, every node)
            rows = list((await session.execute(
                select(TournamentRow.id, TournamentRow.status))).all())
            leases = {
                row.table_id[len(TOURNAMENT_LEASE):]: Lease(row.table_id, row.node,
                                                            row.expires_ms, row.epoch)
                for row in (await session.execute(select(TableLease).where(
                    TableLease.table_id.startswith(TOURNAMENT_LEASE)))).scalars()}
        self.epochs = {t: lease.epoch for t, lease in leases.items()}
        self.owners = {t: lease.node for t, lease in leases.items() if lease.alive(at)}
        for account in self.presence.keep_alive(set(alive) | {self.node}):
            await self.hall.absent_here(account)  # its sockets' nodes died (R-TOURN-5)
        running = [r for r in rows if r.status in OPEN]
        share = math.ceil(len(running) / len(set(alive) | {self.node}))
        mine = len(self.fence.tournaments)
        for row in sorted(running, key=lambda r: r.id):
            if mine >= share:
                break
            if row.id in self.fence.tournaments or row.id in self.owners:
                continue
            if await self._take(row.id, None, new=False):
                mine += 1
        if mine > share and (self._shedding is None or self._shedding.done()):
            # A node joined (or came back): give the tournaments over the share away, those
            # with no hand in play first, as the tables are (services.cluster).
            here = sorted((t for t in self.fence.tournaments if t in self.hall.directors),
                          key=lambda t: (bool(self.hall.directors[t].live), t))
            self._shedding = asyncio.get_running_loop().create_task(
                self._shed_all(here[:mine - share]))
        # The next instance of each room spec that has none registering: the repeating
        # ones always, every one when this node starts (as a single node does).
        registering = {base_of(r.id) for r in rows if r.status == "registering"}
        counts: dict[str, int] = {}
        for row in rows:
            base, _, number = row.id.rpartition("-")
            if number.isdigit():
                counts[base] = max(counts.get(base, 0), int(number))
        for base, spec in self.hall.specs.items():
            if base in registering:
                continue
            repeats = spec.get("repeat") or str(spec.get("start", "when_full")) != "when_full"
            if repeats or opening_all:
                try:
                    await self._take(f"{base}-{counts.get(base, 0) + 1}", None, new=True)
                except Exception:  # noqa: BLE001 - tried again at the next tick
                    log.exception("tournament %s: could not open the next one", base)

    async def _shed_all(self, tids: list[str]) -> None:
        await asyncio.gather(*(self._shed(t) for t in tids), return_exceptions=True)

    async def _shed(self, tid: str) -> None:
        """Give a tournament away to a node below its share: no new hand at any of its
        tables, the hands in play end, then the lease goes (the taker restores it from the
        stored snapshot: nothing is voided). A hand that will not end within
        `shed_wait_s`: the tournament stays and deals again."""
        d = self.hall.directors.get(tid)
        if d is None:
            return
        d.draining = True
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.config.shed_wait_s
        while d.live and loop.time() < deadline and not d.stopped:
            await asyncio.sleep(0.05)
        if d.live or d.stopped or self.hall.draining or d.broken is not None:
            d.draining = self.hall.draining  # (a node stopping keeps it draining)
            return
        epoch = self.fence.tournaments.get(tid)
        if epoch is None:
            return  # lost meanwhile
        await self._drop(tid)
        await self.leases.release(tournament_lease(tid), node=self.node, epoch=epoch)
        log.warning("tournament %s: given away for balance", tid)

    # ------------------------------------------------------------------ the listing
    def changed(self, tid: str) -> None:
        """A tournament here changed: the other nodes hear its summary (coalesced)."""
        self._dirty.add(tid)
        self._wake.set()

    async def _announcer(self) -> None:
        """One writer, so the summaries of one tournament go out in order."""
        while True:
            await self._wake.wait()
            self._wake.clear()
            dirty, self._dirty = self._dirty, set()
            rows = {t: tournament_summary(self.hall.directors[t])
                    for t in sorted(dirty) if t in self.hall.directors}
            if rows:
                try:
                    await self.bus.announce({"listing": rows, "owner": self.node})
                except Exception:  # noqa: BLE001 - Redis away: announced again next tick
                    log.warning("could not announce the tournaments", exc_info=True)
            await asyncio.sleep(0.05)  # at most ~20 announcements a second

    def _on_control(self, message: dict[str, Any]) -> None:
        owner = str(message.get("owner") or "")
        listing = message.get("listing")
        if isinstance(listing, dict):
            at = clock.now_ms()
            for tid, row in listing.items():
                if owner != self.node and isinstance(row, dict) and tid not in self._closed \
                        and row.get("status") not in ("finished", "cancelled"):
                    self.rows[tid] = row
                    self._seen[tid] = at
                    self.owners[tid] = owner
            self._forget_stale(at)
            return
        closed = message.get("closed")
        if isinstance(closed, str):
            # (a summary announced before may come after this: it is ignored from now on)
            self._closed.add(closed)
            self.rows.pop(closed, None)
            return
        loop = asyncio.get_running_loop()
        accounts = message.get("notices")
        if isinstance(accounts, list) and self.notify is not None:
            loop.create_task(self.notify([a for a in accounts if isinstance(a, int)]))
            return
        sender = str(message.get("node") or message.get("started") or "")
        if sender == self.node:
            return  # (this node's own word about its sockets: done where it was said)
        if isinstance(message.get("absent"), int):
            if self.presence.closed(message["absent"], sender):
                loop.create_task(self.hall.absent_here(message["absent"]))
        elif isinstance(message.get("present"), int):
            self.presence.opened(message["present"], sender)
            loop.create_task(self.hall.present_here(message["present"]))
        elif isinstance(message.get("holds"), list):
            for account in message["holds"]:
                if not isinstance(account, int):
                    continue
                back = self.presence.away(account)  # counted gone, yet its socket is there
                self.presence.opened(account, sender)
                if back:
                    loop.create_task(self.hall.present_here(account))
        elif isinstance(message.get("started"), str):
            for account in self.presence.forget_nodes({sender}):
                loop.create_task(self.hall.absent_here(account))

    def _forget_stale(self, at: int) -> None:
        """A summary nobody announced for a few lease times: its tournament is gone."""
        limit = 3 * self.config.ttl_ms
        for tid in [t for t, seen in self._seen.items() if at - seen > limit]:
            self.rows.pop(tid, None)
            self._seen.pop(tid, None)

    async def socket_opened(self, account: int) -> None:
        """This node holds a socket of `account` (the other nodes hear it)."""
        self.presence.opened(account, self.node)
        await self.tell_nodes({"present": account, "node": self.node})

    async def socket_closed(self, account: int) -> bool:
        """This node closed the last socket of `account` it held: True when no node is known
        to hold one (it is away)."""
        await self.tell_nodes({"absent": account, "node": self.node})
        return self.presence.closed(account, self.node)

    async def tell_nodes(self, message: dict[str, Any]) -> None:
        """To the halls of the other nodes (an account away or back)."""
        try:
            await self.bus.announce(message)
        except Exception:  # noqa: BLE001 - Redis away: their clock marks the player away
            log.warning("could not tell the other nodes %s", message, exc_info=True)

    # ------------------------------------------------------------------ forwarding
    async def forward(self, tid: str, method: str, args: list[Any]) -> Any:
        """A command for a tournament another node runs: to its owner, once more after a
        fresh look at its lease if it just moved."""
        for attempt in range(2):
            owner = self.owners.get(tid)
            if owner == self.node and tid in self.hall.directors:
                return await self._run(tid, method, args)
            if owner is not None and owner != self.node:
                try:
                    return await self.bus.call(owner, tid, method, args)
                except TableMovedError:
                    pass
            if attempt == 0:
                lease = await self.leases.get(tournament_lease(tid))
                if lease is None:
                    raise RefusedError("unknown_tournament", f"no tournament {tid!r}")
                if lease.alive(clock.now_ms()):
                    self.owners[tid] = lease.node
                else:
                    self.owners.pop(tid, None)
        raise RefusedError("unavailable", f"tournament {tid} is moving to another server "
                           "(its server stopped); try again in a few seconds")

    async def _serve(self, tid: str, method: str, args: list[Any]) -> Any:
        if method not in FORWARDED:
            raise RefusedError("bad_message", f"'{method}' cannot be forwarded")
        if tid not in self.hall.directors or tid not in self.fence.tournaments:
            raise TableMovedError(tid)
        try:
            return await self._run(tid, method, args)
        except ActorStoppedError:  # stopped here while the call came: ask the new owner
            raise TableMovedError(tid) from None
        except RefusedError as exc:
            if exc.code == "unavailable" and tid not in self.fence.tournaments:
                raise TableMovedError(tid) from None  # fenced out meanwhile: the new owner
            raise

    async def _run(self, tid: str, method: str, args: list[Any]) -> Any:
        hall = self.hall
        if method in ("follow", "watch"):  # encoded here once, for that one viewer
            return encode(await getattr(hall, method)(tid, args[0])).text
        if method == "cancel":
            operator, reason = args
            return await hall.cancel(tid, (operator[0], str(operator[1])), str(reason))
        return await getattr(hall, method)(tid, *args)

    # ------------------------------------------------------------------ GET /api/cluster
    def view(self) -> list[dict[str, Any]]:
        known = sorted(set(self.epochs) | set(self.rows) | set(self.hall.directors))
        return [{"id": t, "owner": self.owners.get(t), "epoch": self.epochs.get(t, 0)}
                for t in known if t in self.hall.directors or t in self.rows]
