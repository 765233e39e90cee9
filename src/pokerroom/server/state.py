"""Everything one running server holds: the database, the services, the tables, the sockets."""

from __future__ import annotations

import asyncio
import logging
import re
import uuid
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import replace
from functools import partial
from importlib import resources
from typing import Any

from pokerroom.core.table.config import ClockConfig
from pokerroom.core.table.room import RoomConfig, parse_room
from pokerroom.server.messages import KeptNotice, Notice, encode
from pokerroom.server.ratelimit import (
    Counter,
    LocalBucket,
    LocalCounter,
    LocalSocketCaps,
    MessageBucket,
    RedisBucket,
    RedisCounter,
    RedisSocketCaps,
    SocketCaps,
)
from pokerroom.server.settings import Settings
from pokerroom.services.accounts import AccountService, AccountSettings
from pokerroom.services.cashier import Cashier
from pokerroom.services.client_seeds import ClientSeeds
from pokerroom.services.console_tables import ConsoleTables, console_table_config
from pokerroom.services.decks import SecureDeckSource, SeededDeckSource
from pokerroom.services.departures import SharedRoomMemory
from pokerroom.services.fanout import (
    LocalFanOut,
    account_channel,
    table_channel,
    tournament_channel,
    tournament_table_channel,
)
from pokerroom.services.hands import HandStore
from pokerroom.services.history import HandHistory
from pokerroom.services.limits import PlayerLimits
from pokerroom.services.lobby import Lobby
from pokerroom.services.metrics import RoomMetrics, database_ready
from pokerroom.services.notices import NoticeBox
from pokerroom.services.player_notes import PlayerNotes
from pokerroom.services.player_stats import PlayerStats
from pokerroom.services.poker_view import warm_up
from pokerroom.services.recovery import recover
from pokerroom.services.refusal import RefusedError
from pokerroom.services.room_secrets import bot_secret
from pokerroom.services.runner import Runner
from pokerroom.services.seal import SealKey, default_key_path
from pokerroom.services.seating import SeatBook
from pokerroom.services.storage import Database, encode_record, open_database
from pokerroom.services.table_runner import RoomServices, TableRunner
from pokerroom.services.waiting import WaitBook

log = logging.getLogger("pokerroom.server")

COOKIE_NAME = "pokerroom_session"
DRAIN_SLACK_S = 5.0  # a drain's wait past the clocks: the settlement's writes, a last message


def session_token_from(headers: Mapping[str, str], cookies: Mapping[str, str]) -> str | None:
    """The session token of a request: the cookie, or `Authorization: Bearer <token>`."""
    auth = headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        return auth[7:].strip() or None
    return cookies.get(COOKIE_NAME) or None


def table_id_of(name: str) -> str:
    """The wire id of a table: its name as a slug ("Antares 1" -> "antares-1")."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "table"


def load_room(settings: Settings) -> RoomConfig:
    if settings.room_path is not None:
        return parse_room(settings.room_path.read_text(encoding="utf-8"), str(settings.room_path))
    text = resources.files("pokerroom").joinpath("data/room.toml").read_text(encoding="utf-8")
    return parse_room(text, "pokerroom/data/room.toml")


class ServerState:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.origins = settings.origins()
        self.connections: set[Any] = set()
        # Counted per node, or in Redis for all nodes under --cluster (set in start()).
        self.signups: Counter = LocalCounter(3600.0)  # sign-ups per address in the last hour
        self.chats: Counter = LocalCounter(10.0)  # chat lines per account in the last 10 s
        self.rest_calls: Counter = LocalCounter(60.0)  # logged-in REST requests per account
        self.bot_failures: Counter = LocalCounter(900.0)  # wrong bot secrets per address
        # Open sockets per address and account; a shared count under --cluster.
        self.socket_caps: SocketCaps = LocalSocketCaps(self.connections)
        self._caps_refresh: asyncio.Task[None] | None = None
        self._redis: Any = None  # the cluster's Redis (counters, caps, buckets)
        # The all-hands PokerStars file per account, kept while no newer hand is settled.
        self.exports: dict[int, tuple[tuple[int, ...], str]] = {}
        self.fanout = LocalFanOut()  # one node; several nodes share a bus (DESIGN 6)
        self.lobby = Lobby(self.fanout)
        self._db: Database | None = None
        self._accounts: AccountService | None = None
        self._cashier: Cashier | None = None
        self.pokerstars_exporter: Any = None
        self.client_seeds = ClientSeeds()
        # One name for this node in /metrics and /api/cluster: --node-name, else the cluster's
        # node id once it is not the single node's "local", else the host name.
        self.metrics = RoomMetrics(settings.node_name or (
            settings.node_id if settings.node_id != "local" else None))
        # /readyz: name -> check answering "ok" or why not. The database always; a clustered
        # node adds its own (Redis reachable, leases held) with add_readiness_check.
        self._readiness: dict[str, Callable[[], Awaitable[str]]] = {
            "database": lambda: database_ready(self.db)}
        self.metrics.sockets = lambda: len(self.connections)
        self.metrics.tables = lambda: sum(
            1 for r in self.lobby.runners() if getattr(r, "halted", None) is None)
        # Clients counted present at the tables this node runs, their sockets on any node
        # (a table another node runs is counted there).
        self.metrics.add_gauge(
            "pokerroom_table_viewers", "Viewers counted at the tables this node runs",
            lambda: sum(len(getattr(r, "viewers", None) or ()) for r in self.lobby.runners()))

    def add_readiness_check(self, name: str, check: Callable[[], Awaitable[str]]) -> None:
        """A check /readyz runs (e.g. "redis", "leases"): it answers "ok" or the reason this
        node should get no traffic; a check that raises counts as failed, with its error."""
        self._readiness[name] = check

    async def readiness(self) -> dict[str, str]:
        out = {}
        for name, check in self._readiness.items():
            try:
                out[name] = await check()
            except Exception as exc:  # noqa: BLE001 - reported, never raised
                out[name] = f"failed: {type(exc).__name__}"
        return out

    @property
    def db(self) -> Database:
        assert self._db is not None, "server not started"
        return self._db

    @property
    def accounts(self) -> AccountService:
        assert self._accounts is not None, "server not started"
        return self._accounts

    @property
    def cashier(self) -> Cashier:
        assert self._cashier is not None, "server not started"
        return self._cashier

    async def start(self) -> None:
        self._db = await open_database(
            self.settings.database_url,
            # a cut-off node's locks go after 30 s (a killed node's at once: its sockets close)
            idle_transaction_ms=(30_000 if self.settings.cluster_url is not None else None))
        account_settings = AccountSettings(starting_balance=self.settings.starting_balance)
        if self.settings.fast_password_hash:
            from argon2 import PasswordHasher

            account_settings = AccountSettings(
                starting_balance=self.settings.starting_balance,
                hasher=PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1),
            )
        self._accounts = AccountService(self._db, account_settings)
        self.client_seeds.db = self._db  # the seeds players chose, kept across restarts
        await self.client_seeds.load()
        # Generated on the room's first start and kept in its database: bots log in with it.
        self.bot_secret = await bot_secret(self._db)
        self._cashier = Cashier(self._db)
        self.limits = PlayerLimits(self._db)
        self.notices = NoticeBox(self._db)
        self.player_notes = PlayerNotes(self._db)
        self.player_stats = PlayerStats(self._db)
        self.room = load_room(self.settings)
        # The key that seals each deal's server seed in its row, kept outside the database
        # (every node of a cluster needs the same key file).
        key_path = self.settings.seal_key_path or default_key_path(self._db.url)
        self.seal = SealKey.load_or_create(key_path) if key_path else SealKey.ephemeral()
        await asyncio.to_thread(warm_up)  # before any table deals (services.poker_view)
        deck_source = (SeededDeckSource(self.settings.seed) if self.settings.seed is not None
                       else SecureDeckSource())
        if self.settings.cluster_url is not None:
            from pokerroom.services.redis_fanout import RedisFanOut

            fanout = RedisFanOut(self.settings.cluster_url,
                                 prefix=f"{self.settings.cluster_prefix}f:")
            await fanout.start()
            self.fanout = fanout
            shared = fanout.redis
            prefix = self.settings.cluster_prefix
            self.signups = RedisCounter(shared, prefix, "signups", 3600.0)
            self.chats = RedisCounter(shared, prefix, "chats", 10.0)
            self.rest_calls = RedisCounter(shared, prefix, "rest", 60.0)
            self.bot_failures = RedisCounter(shared, prefix, "botfail", 900.0)
            self._redis = shared
            caps = RedisSocketCaps(shared, prefix, self.settings.node_id,
                                   local=LocalSocketCaps(self.connections))
            self.socket_caps = caps
            self._caps_refresh = asyncio.get_running_loop().create_task(
                self._refresh_caps(caps), name="socket-caps")
            self.lobby = Lobby(self.fanout)
        services = RoomServices(
            cashier=self._cashier, hands=HandStore(self._db), deck_source=deck_source,
            memory=SharedRoomMemory(self._db), encode_record=encode_record,
            seats=SeatBook(self._db), waiting=WaitBook(self._db),
            fanout=self.fanout,
            client_seeds=self.client_seeds, metrics=self.metrics, limits=self.limits,
            seal=self.seal, between_hands_s=self.settings.between_hands_seconds,
            events_kept=self.settings.events_kept_per_table,
            is_bot=self.accounts.is_bot,
        )
        self._services = services
        self._factories = self._runner_factories(services)
        from pokerroom.services.tournament_hall import TournamentHall

        hall = partial(
            TournamentHall, self._db, self.room.tournaments, decks=deck_source,
            action_ms=int((self.settings.action_seconds or 15) * 1000),
            client_seeds=self.client_seeds, fanout=self.fanout, seal=self.seal,
            between_hands_s=self._tournament_pause_s(),
            time_bank_ms=self._tournament_bank_ms())
        if self.settings.cluster_url is not None:
            await self._start_cluster()
            # Each director runs on the node holding its tournament's lease (issue 13).
            from pokerroom.services.tournament_cluster import TournamentNode

            self.tournaments = hall()
            self.tournament_node = TournamentNode(
                self.cluster.config, db=self._db, hall=self.tournaments,
                redis=self.cluster.redis, fence=self.cluster.fence, notify=self.deliver_notices,
                local_accounts=lambda: {c.account_id for c in self.connections
                                        if c.account_id is not None and not c.closed})
            await self.tournament_node.start()
            return
        report = await recover(self._db, uth_settler=self._uth_settler(), seal=self.seal)
        if report.voided_hands or report.uth_settled or report.uth_voided:
            log.warning("recovered after a crash: voided hands %s, UTH settled %s, voided %s",
                        report.voided_hands, report.uth_settled, report.uth_voided)
        for make in self._factories.values():
            self.lobby.add(make())
        # Tables an operator added from the console, next to the room file's.
        for spec in await ConsoleTables(self._db).specs():
            self._add_console_runner(spec)
        # Each poker table seats again the players it kept (services.seating), with their
        # escrow as the stack, and cashes out the rest of its escrows. Escrows at tables this
        # room no longer has go back to the wallets here. No chip moves but escrow -> wallet.
        for table_id, account_id, _stack in report.open_escrows:
            if not self.lobby.has(table_id):
                await self._cashier.cash_out_all(
                    account_id, table_id,
                    key=f"restart:{table_id}:{account_id}:{uuid.uuid4().hex}")
        await self.lobby.start()
        self.tournaments = hall()
        await self.tournaments.start()

    def _tournament_pause_s(self) -> float:
        """The rest between two hands at a tournament table (the cash tables' unless set)."""
        own = self.settings.tournament_between_hands_seconds
        return self.settings.between_hands_seconds if own is None else own

    def _tournament_bank_ms(self) -> int:
        """Each tournament entry's time bank (the cash tables' unless set)."""
        own = self.settings.tournament_time_bank_seconds
        if own is None:
            own = self.settings.time_bank_seconds
        return ClockConfig().time_bank_ms if own is None else int(own * 1000)

    async def _refresh_caps(self, caps: RedisSocketCaps) -> None:
        while True:
            await asyncio.sleep(caps.ttl_ms / 3000)
            try:
                await caps.refresh()
            except Exception:  # noqa: BLE001 - Redis away: tried again; the caps then forget
                log.warning("could not refresh the socket caps", exc_info=True)

    def message_bucket(self, conn: Any) -> MessageBucket:
        """The rate limit of a socket's messages: its own bucket on one node; under --cluster
        the bucket of its account (or address) shared by all its sockets on every node."""
        settings = self.settings
        if settings.cluster_url is None:
            return LocalBucket(settings.rate_per_second, settings.rate_burst)
        key = (f"account:{conn.account_id}" if conn.account_id is not None
               else f"ip:{conn.address}")
        return RedisBucket(self._redis, settings.cluster_prefix, key,
                           settings.rate_per_second, settings.rate_burst)

    def _runner_factories(self, services: RoomServices) -> dict[str, Callable[[], Runner]]:
        """Table id -> a function building a fresh runner of that table (a cluster node
        builds one each time it takes the table)."""
        factories: dict[str, Callable[[], Runner]] = {}
        for config in self.room.tables:
            config = self._with_clock(config)
            factories[table_id_of(config.name)] = partial(
                TableRunner, table_id_of(config.name), config, services,
                display_name=config.name)
        factories.update(self._uth_factories(services))
        return factories

    async def _start_cluster(self) -> None:
        from pokerroom.services.cluster import ClusterConfig, ClusterNode

        assert self.settings.cluster_url is not None
        # Tables an operator added from the console are the cluster's like the room file's.
        for spec in await ConsoleTables(self.db).specs():
            table_id, make = self._console_factory(spec)
            self._factories.setdefault(table_id, make)
        self.cluster = ClusterNode(
            ClusterConfig(redis_url=self.settings.cluster_url, node=self.settings.node_id,
                          prefix=self.settings.cluster_prefix,
                          ttl_ms=self.settings.lease_ttl_ms,
                          tick_s=self.settings.lease_tick_seconds),
            db=self.db, lobby=self.lobby, fanout=self.fanout,
            templates={t: make() for t, make in self._factories.items()},
            make=lambda t: self._factories[t](), uth_settler=self._uth_settler(),
            rewatch=self.rewatch, notify=self.deliver_notices, on_room=self.on_room_message,
            seal=self.seal, discover=self.know_console_tables)
        await self.cluster.start()
        # /readyz: Redis reachable and this node's leases current; /metrics: leases held.
        self.add_readiness_check("redis", self.cluster.redis_ready)
        self.add_readiness_check("leases", self.cluster.leases_ready)
        node = self.cluster
        self.metrics.add_gauge("pokerroom_leases_held",
                               "Table leases this node holds (the tables it runs)",
                               lambda: float(node.leases_held()))

    async def rewatch(self, table_id: str) -> None:
        """The table has a new owner: this node's clients watching it get a full view from
        there (and are counted present there), on the same socket."""
        for conn in [c for c in list(self.connections) if table_id in c.tables]:
            try:
                conn.push(await self.lobby.runner(table_id).observe(conn.id, conn.account_id,
                                                                    None))
            except Exception:  # noqa: BLE001 - the client resyncs on its next message
                log.warning("could not show %s again to a client", table_id, exc_info=True)

    def _console_factory(self, spec: dict[str, Any]) -> tuple[str, Callable[[], Runner]]:
        """A console table's id and the function building a fresh runner of it."""
        config = self._with_clock(console_table_config(spec))
        table_id = table_id_of(config.name)
        return table_id, partial(TableRunner, table_id, config, self._services,
                                 display_name=config.name)

    def _add_console_runner(self, spec: dict[str, Any]) -> str:
        table_id, make = self._console_factory(spec)
        if self.lobby.has(table_id):
            raise ValueError(f"a table {table_id!r} exists already")
        self.lobby.add(make())
        return table_id

    async def know_console_tables(self) -> None:
        """Every console table stored is a table of this cluster node too (a console on any
        node added it): the node lists it and balancing may give it to this node."""
        for spec in await ConsoleTables(self.db).specs():
            table_id, make = self._console_factory(spec)
            if table_id not in self._factories:
                self._factories[table_id] = make
                self.cluster.add_table(make())

    async def add_console_table(self, spec: dict[str, Any], created_by: str) -> str:
        """Add a cash table from the console: checked like a room file's, stored, started.
        On a cluster it is stored, then every node is told to read it (each lists it; the
        balancing gives it a lease and an owner, like any table of the room file)."""
        config = console_table_config(spec)  # RoomConfigError names what is wrong
        if self.lobby.has(table_id_of(config.name)):
            raise ValueError(f"a table {table_id_of(config.name)!r} exists already")
        await ConsoleTables(self.db).add(spec, created_by)
        if getattr(self, "cluster", None) is not None:
            await self.know_console_tables()
            await self.cluster.tell_room({"console_tables": True})
            return table_id_of(config.name)
        table_id = self._add_console_runner(spec)
        await self.lobby.runner(table_id).start()
        self.lobby.changed(self.lobby.runner(table_id))
        return table_id

    async def broadcast(self, text: str, table_id: str | None = None) -> int:
        """A notice from the room to every open socket (of every node of a cluster), or to
        one table's watchers (through its runner, on the table's owner, and its channel);
        returns how many sockets it reached, on every node (each counts its own)."""
        clustered = getattr(self, "cluster", None) is not None
        if table_id is not None:
            await self.lobby.runner(table_id).broadcast(text)
            if clustered:
                return await self.cluster.tell_room({"watching": table_id})
            return self._watching_here(table_id)
        if clustered:
            return await self.cluster.tell_room({"broadcast": text})  # this node too
        return self._broadcast_here(text)

    def _watching_here(self, table_id: str) -> int:
        return sum(1 for c in self.connections if table_id in c.tables)

    def _broadcast_here(self, text: str) -> int:
        frame = encode(Notice(code="broadcast", table=None, hand=None, text=text))
        for conn in list(self.connections):
            conn.send(frame)
        return len(self.connections)

    async def disconnect_account(self, account_id: int, text: str) -> int:
        """Close the sockets of an account (locked), on every node of a cluster: it plays on
        no table from now on. Returns how many it closed, on every node."""
        if getattr(self, "cluster", None) is not None:
            return await self.cluster.tell_room({"lock": account_id, "text": text})
        return self._disconnect_here(account_id, text)

    def _disconnect_here(self, account_id: int, text: str) -> int:
        ended = [c for c in list(self.connections) if c.account_id == account_id]
        for conn in ended:
            conn.push(Notice(code="account_locked", table=None, hand=None, text=text))
            conn.end(4003, "account locked")
        return len(ended)

    def on_room_message(self, message: dict[str, Any]) -> int:
        """What a node's console said to every node's sockets (ClusterNode.tell_room): a
        room-wide notice, an account locked, a count of a table's watchers, a table added.
        Returns how many of this node's sockets it reached (the console adds them up)."""
        if isinstance(message.get("broadcast"), str):
            return self._broadcast_here(message["broadcast"])
        if isinstance(message.get("lock"), int):
            return self._disconnect_here(message["lock"], str(message.get("text") or ""))
        if isinstance(message.get("watching"), str):
            return self._watching_here(message["watching"])
        if message.get("console_tables") is True:
            from pokerroom.services.cluster import log_failure

            task = asyncio.get_running_loop().create_task(self.know_console_tables())
            task.add_done_callback(log_failure)
        return 0

    def _with_clock(self, config: Any) -> Any:
        clock = config.clock
        if self.settings.action_seconds is not None:
            clock = replace(clock, action_ms=int(self.settings.action_seconds * 1000))
        if self.settings.time_bank_seconds is not None:
            clock = replace(clock, time_bank_ms=int(self.settings.time_bank_seconds * 1000))
        return replace(config, clock=clock) if isinstance(clock, ClockConfig) else config

    def _uth_settler(self) -> Any:
        from pokerroom.services.uth_rounds import settle_from_record

        # An interrupted round is finished with its own deck, rebuilt from its sealed seed.
        return lambda stored: settle_from_record(stored, seal=self.seal)

    def _uth_factories(self, services: RoomServices) -> dict[str, Callable[[], Runner]]:
        from pokerroom.core.uth import UthConfig
        from pokerroom.services.uth_rounds import UthRounds
        from pokerroom.services.uth_runner import UthRunner

        rounds = UthRounds(self.db)
        factories: dict[str, Callable[[], Runner]] = {}
        for spec in self.room.uth_tables:
            config = UthConfig(ante_min=spec.ante_min, ante_max=spec.ante_max,
                               trips_min=spec.trips_min, trips_max=spec.trips_max,
                               seats=spec.seats)
            factories[table_id_of(spec.name)] = partial(
                UthRunner,
                table_id_of(spec.name), spec.name, config, cashier=self.cashier, rounds=rounds,
                fanout=self.fanout,
                deck_source=services.deck_source, encode_record=services.encode_record,
                betting_s=self.settings.uth_betting_seconds,
                decision_s=self.settings.uth_decision_seconds,
                pause_s=self.settings.between_hands_seconds,
                client_seeds=services.client_seeds, metrics=self.metrics,
                limits=services.limits, seal=self.seal, status_book=services.seats,
            )
        return factories

    def drain_bound_s(self) -> float:
        """How long a graceful stop waits for the hands in progress: the longest any of them
        can still take by its table's clock (every player letting it run, time banks
        included: Table.longest_rest_ms), plus DRAIN_SLACK_S for the last writes; at most
        the settings' drain_seconds."""
        longest_ms = max((int(getattr(r, "longest_rest_ms", lambda: 0)())
                          for r in self.lobby.runners() if r.busy()), default=0)
        hall = getattr(self, "tournaments", None)
        if hall is not None:
            longest_ms = max(longest_ms, hall.longest_rest_ms())
        return min(self.settings.drain_seconds, longest_ms / 1000 + DRAIN_SLACK_S)

    async def drain(self, timeout_s: float | None = None) -> bool:
        """A graceful stop (SIGTERM): deal no new hand, let the hands in progress finish (at
        most `timeout_s`, by default drain_bound_s()), so that none is voided. True when
        every table was idle in time."""
        runners = self.lobby.runners()
        for runner in runners:
            runner.draining = True
        hall = getattr(self, "tournaments", None)
        if hall is not None:
            hall.drain()
        if timeout_s is None:
            timeout_s = self.drain_bound_s()
            log.warning("drain: waiting up to %.0f s for the hands in progress", timeout_s)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout_s
        def busy() -> bool:
            return any(r.busy() for r in runners) or (hall is not None and hall.busy())

        while busy():
            if loop.time() >= deadline:
                log.warning("drain: hands still running at %s (tournaments: %s)",
                            [r.table_id for r in runners if r.busy()],
                            hall is not None and hall.busy())
                break
            await asyncio.sleep(0.05)
        idle = not busy()
        if getattr(self, "cluster", None) is not None:
            await self.cluster.release_all()  # the other nodes take the tables at once
        if getattr(self, "tournament_node", None) is not None:
            await self.tournament_node.stop()  # and the tournaments
        return idle

    async def stop(self) -> None:
        if self._caps_refresh is not None:
            self._caps_refresh.cancel()
        if getattr(self, "tournament_node", None) is not None:
            await self.tournament_node.stop()  # its leases go: other nodes take them at once
        if getattr(self, "tournaments", None) is not None:
            await self.tournaments.stop()
        if getattr(self, "cluster", None) is not None:
            await self.cluster.stop()
        await self.lobby.stop()
        stop_fanout = getattr(self.fanout, "stop", None)
        if stop_fanout is not None:
            await stop_fanout()
        if self._db is not None:
            await self._db.close()

    def end_session(self, token: str) -> int:
        """Close every socket opened with this session (logout); returns how many."""
        ended = [c for c in list(self.connections) if c.session == token]
        for conn in ended:
            conn.end(4001, "logged out")
        return len(ended)

    # ------------------------------------------------------------------ clients (the gateway)
    def connected(self, conn: Any) -> None:
        """A client is in: it hears what is meant for its account, wherever it plays."""
        self.connections.add(conn)
        if conn.account_id is not None:
            self.fanout.subscribe(account_channel(conn.account_id), conn)

    async def watch(self, conn: Any, table_id: str, since: int | None) -> None:
        """The client looks at a table: it hears the table's channel and gets, now, what it
        missed since `since` or the whole view."""
        runner = self.lobby.runner(table_id)
        self.fanout.subscribe(table_channel(table_id), conn)
        conn.tables.add(table_id)
        conn.push(await runner.observe(conn.id, conn.account_id, since))

    async def unwatch(self, conn: Any, table_id: str) -> None:
        runner = self.lobby.runner(table_id)
        self.fanout.unsubscribe(table_channel(table_id), conn)
        conn.tables.discard(table_id)
        await runner.unobserve(conn.id)

    async def follow_tournament(self, conn: Any, tournament_id: str) -> None:
        """The client follows a tournament: its picture now, then the tournament's channel."""
        message = await self.tournaments.follow(tournament_id, conn.account_id)
        self.fanout.subscribe(tournament_channel(tournament_id), conn)
        conn.tournaments.add(tournament_id)
        conn.push(message)

    async def watch_tournament_table(self, conn: Any, tournament_id: str,
                                     table: int | None) -> None:
        """The client watches one table of a tournament (its felt: tournament_table pictures,
        the first one now; its chat: services.tournament_chat), instead of the one it watched
        there; `table` None: none."""
        if table is not None and table not in self.tournaments.tables_of(tournament_id):
            raise RefusedError("no_table", f"tournament {tournament_id} has no table {table} "
                               "now")
        old = conn.tournament_tables.pop(tournament_id, None)
        if old is not None:
            self.fanout.unsubscribe(tournament_table_channel(tournament_id, old), conn)
        if table is not None:
            self.fanout.subscribe(tournament_table_channel(tournament_id, table), conn)
            conn.tournament_tables[tournament_id] = table
            conn.push(await self.tournaments.watch(tournament_id, table))  # the felt now

    async def arrived(self, conn: Any) -> None:
        """A player connected (again): back in the tournaments where they were away
        (R-TOURN-5; they were marked away when their last connection closed)."""
        hall = getattr(self, "tournaments", None)
        if conn.account_id is not None and hall is not None:
            await hall.present(conn.account_id)

    async def disconnected(self, conn: Any) -> None:
        self.connections.discard(conn)
        try:
            # bounded: a node cut off from Redis must still clean up after its sockets
            await asyncio.wait_for(self.socket_caps.release(conn), 2.0)
        except Exception:  # noqa: BLE001 - Redis away: the entry expires by itself
            log.warning("could not release a socket's place", exc_info=True)
        self.lobby.unsubscribe(conn)
        if conn.account_id is not None:
            self.fanout.unsubscribe(account_channel(conn.account_id), conn)
        for tournament_id in conn.tournaments:
            self.fanout.unsubscribe(tournament_channel(tournament_id), conn)
        for tournament_id, table in conn.tournament_tables.items():
            self.fanout.unsubscribe(tournament_table_channel(tournament_id, table), conn)
        for table_id in list(conn.tables):
            if self.lobby.has(table_id):
                try:
                    await self.unwatch(conn, table_id)
                except RefusedError:  # the table is between nodes: its new owner never saw us
                    pass
        hall = getattr(self, "tournaments", None)
        if conn.account_id is not None and hall is not None and not any(
            c.account_id == conn.account_id and not c.closed for c in self.connections
        ):
            # R-TOURN-5: the player's last connection is gone: away at once, so their
            # tournament tables play on without waiting for the action clock at each turn
            await hall.absent(conn.account_id)

    def bus_messages(self) -> int:
        """Messages this node published on Redis so far: fan-out frames, and node-to-node
        calls and their answers (for `benchmarks/bench_cluster.py`)."""
        published = int(getattr(self.fanout, "published", 0))
        cluster = getattr(self, "cluster", None)
        if cluster is not None:
            published += cluster.bus.calls_out + cluster.bus.calls_in
        tournaments = getattr(self, "tournament_node", None)
        if tournaments is not None:
            published += tournaments.bus.calls_out + tournaments.bus.calls_in
        return published

    async def cluster_view(self) -> dict[str, Any]:
        """GET /api/cluster: the nodes and which owns each table. One node owns every table
        here (epoch 0: no lease is taken until several nodes share the room)."""
        dealt = await HandHistory(self.db).dealt_per_table()
        if getattr(self, "cluster", None) is not None:
            view = self.cluster.view(dealt)
            # beside the published shape: which node runs each tournament's director
            view["tournaments"] = self.tournament_node.view()
            return view
        node = self.settings.node_id
        tables = []
        for runner in self.lobby.runners():
            hands = dealt.get(runner.table_id, 0) if runner.kind == "poker" else int(
                getattr(runner, "round_number", 0))
            tables.append({"id": runner.table_id, "owner": node, "epoch": 0, "hands": hands})
        return {"nodes": [{"id": node, "alive": True, "tables": [t["id"] for t in tables]}],
                "tables": tables}

    def table_display_name(self, table_id: str) -> str:
        """The name players know a table by ("Antares 2"), its id if it is gone."""
        if not self.lobby.has(table_id):
            return table_id
        return str(getattr(self.lobby.runner(table_id), "display_name", table_id) or table_id)

    def deck_cards_of(self, table_id: str) -> tuple[int, ...]:
        """The card codes of a table's deck (the 52 for a table this room no longer has)."""
        from pokerroom.services.decks import deck_cards

        if self.lobby.has(table_id):
            config = getattr(self.lobby.runner(table_id), "config", None)
            if config is not None and hasattr(config, "game"):
                return deck_cards(config.game)
        return tuple(range(52))

    async def authenticate(self, token: str | None) -> tuple[int, str] | None:
        if not token or len(token) > 200:
            return None
        info = await self.accounts.session_account(token)
        return None if info is None else (info.id, info.name)

    async def balance_of(self, account_id: int) -> int:
        return await self.cashier.wallet_balance(account_id)

    async def take_notices(self, account_id: int) -> list[KeptNotice]:
        """Notices kept for the player (e.g. a hand voided by a crash), marked delivered."""
        out = []
        for notice in await self.notices.claim(account_id):
            data = notice.data()
            out.append(KeptNotice(code=notice.kind, text=data.get("text", ""),
                                  table=data.get("table_id"), hand=data.get("hand_number"),
                                  # amounts for the client to word the notice in the
                                  # player's language
                                  stack=data.get("stack"), returned=data.get("returned")))
        return out

    async def deliver_notices(self, account_ids: list[int]) -> None:
        """Notices just kept for these players (a hand voided by a take-over) go now to those
        with a socket on this node; claimed (services.notices), so the next hello does not
        send them again, nor does another node holding a socket of the same player."""
        for account_id in account_ids:
            conns = [c for c in list(self.connections) if c.account_id == account_id]
            if not conns:
                continue
            for notice in await self.take_notices(account_id):
                for conn in conns:
                    conn.push(notice)
