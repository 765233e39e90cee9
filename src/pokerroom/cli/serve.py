"""`pokerroom serve`: run the room (FastAPI on uvicorn), optionally with a few bots seated."""

from __future__ import annotations

import asyncio
import contextlib
import signal
from pathlib import Path
from typing import Any

import typer

TESTING_ENV = "POKERROOM_TESTING"  # set by the test suite and the benchmark


def pokerstars_exporter(record: Any, *, table_name: str, max_seats: int, names: Any,
                        hand_id: int, started_at: Any, viewer: int,
                        currency: str = "USD", mix: str = "", play_chips: bool = False,
                        tournament: Any = None) -> str:
    """One hand in the PokerStars format as `viewer` may see it (for the server's downloads),
    in the room's currency, or in chips (`play_chips`: a tournament's, which are not money);
    `mix`: the mixed game's name at a mixed table ("HORSE"); `tournament`: a tournament
    hand's `{number, buy_in, fee, level}` (services.tournament_exports) for its header."""
    from decimal import Decimal

    from pokerroom.history.pokerstars import HandContext, TournamentHeader, export_hand

    header = None
    if tournament is not None:
        header = TournamentHeader(number=int(tournament["number"]),
                                  buy_in=int(tournament["buy_in"]), fee=int(tournament["fee"]),
                                  level=int(tournament["level"]), currency=currency,
                                  finishes=tuple((int(s), int(p), int(m)) for s, p, m
                                                 in tournament.get("finishes", ())))  # fmt: skip
    context = HandContext(table_name=table_name, max_seats=max_seats, names=names,
                          hand_id=hand_id, started_at=started_at,
                          currency="" if play_chips else currency,
                          chip_value=Decimal(1) if play_chips else Decimal("0.01"), mix=mix,
                          tournament=header)  # fmt: skip
    return export_hand(record, context, viewer=viewer)


def _draining_server() -> Any:
    import uvicorn

    class Draining(uvicorn.Server):
        """SIGTERM stops the room gracefully: no new hand is dealt, the hands in progress are
        played to their end with the players' sockets still open (as long as their clocks
        may still need, at most the settings' drain_seconds), and only then the server shuts
        down. SIGINT stops at once (a hand in
        progress is voided and its players reseated at the next start)."""

        def __init__(self, config: Any, room: Any) -> None:
            super().__init__(config)
            self.room = room
            self._draining = False
            self._drain_task: Any = None
            self._loop = asyncio.get_running_loop()

        def handle_exit(self, sig: int, frame: Any) -> None:
            if sig == signal.SIGTERM and not self._draining:
                self._draining = True
                self._loop.call_soon_threadsafe(self._start_drain)
                return
            super().handle_exit(sig, frame)

        def _start_drain(self) -> None:
            async def drain() -> None:
                try:
                    await self.room.drain()
                finally:
                    self.should_exit = True

            self._drain_task = asyncio.ensure_future(drain())

    return Draining


async def cluster_preflight(database: str, redis_url: str, prefix: str,
                            node_id: str) -> str | None:
    """Why this node cannot join a cluster (one line), or None. Reads only: nothing is
    written anywhere before every check passed."""
    from sqlalchemy.engine import make_url

    from pokerroom.services.cluster import node_key
    from pokerroom.storage.database import normalize_url

    try:
        url = make_url(normalize_url(database))
    except Exception as exc:  # noqa: BLE001 - any unreadable URL is refused in one line
        return f"--database {database!r} is not a database URL ({exc})"
    if url.get_backend_name() != "postgresql":
        return ("--cluster needs PostgreSQL (--database postgresql+asyncpg://...); "
                f"{url.get_backend_name()} serves a single node only")
    import redis.asyncio as aioredis

    redis = aioredis.from_url(redis_url, socket_connect_timeout=3, socket_timeout=3)
    try:
        await redis.ping()
        alive = await redis.exists(node_key(prefix, node_id))
    except Exception as exc:  # noqa: BLE001
        return f"cannot reach Redis at {redis_url}: {exc}"
    finally:
        await redis.aclose()
    if alive:
        return (f"a node named {node_id!r} is alive in this cluster already; choose another "
                "--node-id (or wait a few seconds after stopping it)")
    import asyncpg

    try:
        conn = await asyncpg.connect(url.set(drivername="postgresql")
                                     .render_as_string(hide_password=False), timeout=5)
        await conn.fetchval("SELECT 1")
        await conn.close()
    except Exception as exc:  # noqa: BLE001
        return f"cannot reach PostgreSQL at {url.render_as_string()}: {exc}"
    return None


def run_loop(main: Any) -> None:
    """Run the server's coroutine on uvloop where it is installed (a faster event loop, from
    uvicorn[standard]), else on asyncio's own."""
    try:
        import uvloop
    except ImportError:
        asyncio.run(main)
    else:
        uvloop.run(main)


def register(app: typer.Typer) -> None:
    @app.command()
    def serve(
        host: str = typer.Option("127.0.0.1", help="Address to listen on."),
        port: int = typer.Option(8000, help="Port to listen on."),
        database: str = typer.Option(
            None, help="Database URL (default: ./pokerroom.db or $POKERROOM_DATABASE)."
        ),
        room: Path = typer.Option(None, help="Room configuration (TOML); default: the packaged room."),
        bots: int = typer.Option(
            0, help="Seat N bots so a lone visitor finds games running (about one in four "
            "at the UTH tables)."
        ),
        allow_origin: list[str] = typer.Option(
            [], help="Extra Origin allowed to open the WebSocket (repeatable)."
        ),
        between_hands: float = typer.Option(2.0, help="Seconds between two hands at a table."),
        tournament_between_hands: float = typer.Option(
            None, help="Seconds between two hands at a tournament table (default: "
            "--between-hands)."
        ),
        tournament_time_bank: float = typer.Option(
            None, help="Seconds of time bank for each tournament entry (default: the cash "
            "tables' 30)."
        ),
        action_seconds: float = typer.Option(None, help="Time per action (default: the room's)."),
        bot_think: float = typer.Option(0.8, help="Mean seconds a bot thinks (with --bots)."),
        insecure_fast_hash: bool = typer.Option(
            False, hidden=True, help="Cheap argon2id parameters: for tests only."
        ),
        ws_deflate: bool = typer.Option(
            False, "--ws-deflate", help="Offer per-message-deflate on the WebSocket (costs CPU)."
        ),
        metrics: bool = typer.Option(
            False, hidden=True, help="Serve GET /api/metrics (CPU figures) for the benchmark."
        ),
        cookie_secure: bool = typer.Option(
            False, "--cookie-secure", help="Mark the session cookie Secure (behind HTTPS)."
        ),
        sockets_per_ip: int = typer.Option(
            64, help="WebSockets open at once from one address (a benchmark's bots need more)."
        ),
        signups_per_ip: int = typer.Option(
            20, help="Sign-ups allowed from one address per hour (a benchmark's bots need more)."
        ),
        max_connections: int = typer.Option(
            10_000, help="Connections and requests at once, WebSockets included; beyond "
            "them a request is answered 503 at once."
        ),
        log_format: str = typer.Option(
            "text", help="text, or json: one JSON object per line with the table and hand ids."
        ),
        cluster: str = typer.Option(
            None, "--cluster", help="Run as one node of several: the Redis URL they share "
            "(e.g. redis://127.0.0.1:6379/0); --database must then be PostgreSQL."
        ),
        node_id: str = typer.Option(
            None, "--node-id", help="This node's name in the cluster (default: host-port)."
        ),
        cluster_prefix: str = typer.Option(
            "pokerroom:", hidden=True, help="Prefix of every Redis key and channel (tests)."
        ),
        lease_ttl: float = typer.Option(
            6.0, hidden=True, help="Seconds a table lease lasts without renewal (--cluster)."
        ),
        heap_sweep: float = typer.Option(
            3600.0, min=0.0, help="Seconds between two full collections of the heap, each a pause of "
            "the whole room (server/heap.py); 0: Python's own schedule, several a minute."
        ),
        commit_wait: float = typer.Option(
            50.0, min=0.0, help="Milliseconds a write nobody waits on (a hand's start, the "
            "seating kept between hands) may wait to share its commit with another "
            "(storage/group_commit.py); 0: each commits at once."),
        seal_key: Path = typer.Option(
            None, help="File of the key that seals each deal's server seed while it is played "
            "(made on the first start; keep it apart from database backups; every node of a "
            "room needs the same). Default: beside a SQLite file as <file>.seal-key, else "
            "./pokerroom-seal.key."),
    ) -> None:
        """Run the poker room: REST at /api, docs at /docs, live play at /ws, the client at /."""
        import os

        import uvicorn

        from pokerroom.server.wire import WS_PROTOCOL

        if insecure_fast_hash and os.environ.get(TESTING_ENV) != "1":
            # Cheap hashes make stolen password hashes cheap to crack: never in a real room.
            typer.echo(f"--insecure-fast-hash is for tests only (they set {TESTING_ENV}=1)",
                       err=True)
            raise typer.Exit(2)

        from pokerroom.server.app import create_app
        from pokerroom.server.settings import Settings
        from pokerroom.storage.group_commit import GroupCommit

        GroupCommit.lazy_window_s = commit_wait / 1000  # every writer of this process
        from pokerroom.storage.database import default_database_url

        database = database or default_database_url()
        if cluster is not None:
            import socket

            node_id = node_id or f"{socket.gethostname()}-{port}"
            problem = asyncio.run(cluster_preflight(database, cluster, cluster_prefix, node_id))
            if problem is not None:
                typer.echo(f"pokerroom serve: {problem}", err=True)
                raise typer.Exit(2)
        settings = Settings(
            host=host, port=port, database_url=database,
            cluster_url=cluster, node_id=node_id or "local", cluster_prefix=cluster_prefix,
            lease_ttl_ms=int(lease_ttl * 1000),
            room_path=room, extra_origins=tuple(allow_origin),
            between_hands_seconds=between_hands, action_seconds=action_seconds,
            tournament_between_hands_seconds=tournament_between_hands,
            tournament_time_bank_seconds=tournament_time_bank,
            fast_password_hash=insecure_fast_hash, metrics=metrics,
            signups_per_ip_per_hour=signups_per_ip, cookie_secure=cookie_secure,
            max_sockets_per_ip=sockets_per_ip, seal_key_path=seal_key,
            max_connections=max_connections,
        )
        from pokerroom.core.table.room import RoomConfigError
        from pokerroom.server.state import load_room

        try:
            load_room(settings)  # refuse a bad room file with its line, before anything starts
        except (RoomConfigError, OSError) as exc:
            typer.echo(f"pokerroom serve: {exc}", err=True)
            raise typer.Exit(2) from None
        if log_format not in ("text", "json"):
            typer.echo("pokerroom serve: --log-format is text or json", err=True)
            raise typer.Exit(2)
        from pokerroom.server.logs import configure

        configure(log_format)
        application = create_app(settings, pokerstars_exporter=pokerstars_exporter)

        # JSON: uvicorn's own lines go through the JSON handler too, not its formatter.
        log_config = None if log_format == "json" else uvicorn.config.LOGGING_CONFIG

        async def main() -> None:
            # per-message-deflate off unless asked: it cost about 5% of the server's CPU for
            # messages of a few hundred bytes (issue 11).
            config = uvicorn.Config(application, host=host, port=port, log_level="warning",
                                    ws_max_size=1 << 16, lifespan="on",
                                    # Beyond this many connections and requests at once
                                    # (WebSockets count) uvicorn answers 503 at once
                                    # instead of queueing.
                                    limit_concurrency=settings.max_connections,
                                    timeout_keep_alive=5,
                                    ws_per_message_deflate=ws_deflate, log_config=log_config,
                                    ws=WS_PROTOCOL)  # frames written below starlette
            server = _draining_server()(config, application.state.room)
            task = asyncio.create_task(server.serve())
            while not server.started:
                if task.done():
                    await task
                    return
                await asyncio.sleep(0.05)
            heap = None
            if heap_sweep > 0:
                from pokerroom.server.heap import HeapKeeper

                heap = HeapKeeper(sweep_every=heap_sweep)
                heap.start()
            shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
            typer.echo(f"pokerroom is running: open http://{shown}:{port}/  "
                       f"(API docs at http://{shown}:{port}/docs; Ctrl+C to stop)", err=False)
            bot_task = None
            if bots > 0:
                from pokerroom.bots.runner import run_bots
                from pokerroom.bots.tournament_client import keep_sit_and_gos_filling

                secret = application.state.room.bot_secret  # the room's own, from its database
                cash = run_bots(f"http://127.0.0.1:{port}", count=bots, hands=None, table=None,
                                quiet=True, think_s=(bot_think * 0.5, bot_think * 1.5),
                                secret=secret)
                # and the sit & gos fill up to one seat, so a lone visitor can start one
                filling = keep_sit_and_gos_filling(f"http://127.0.0.1:{port}", secret=secret)
                bot_task = asyncio.gather(cash, filling)
            try:
                await task
            finally:
                if heap is not None:
                    await heap.stop()
                if bot_task is not None:
                    bot_task.cancel()
                    with contextlib.suppress(BaseException):
                        await bot_task

        with contextlib.suppress(KeyboardInterrupt):
            run_loop(main())
