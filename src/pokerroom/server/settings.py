"""Server settings: where to listen, which database and room, the WebSocket limits."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pokerroom.services.event_log import EVENTS_KEPT

DEFAULT_DATABASE_URL = "sqlite+aiosqlite:///pokerroom.db"


@dataclass(frozen=True, slots=True, kw_only=True)
class Settings:
    host: str = "127.0.0.1"
    port: int = 8000
    database_url: str = DEFAULT_DATABASE_URL
    room_path: Path | None = None  # None = the packaged room (pokerroom/data/room.toml)
    # Origins allowed to open a WebSocket besides the server's own address.
    extra_origins: tuple[str, ...] = ()
    max_message_bytes: int = 4096
    rate_per_second: float = 20.0
    rate_burst: int = 40
    max_dropped_messages: int = 200  # refused messages per dropped_window_s before closing
    dropped_window_s: float = 60.0
    # Open WebSockets: per client address and per account; an anonymous socket that observes
    # nothing (no table, no lobby) for idle_anonymous_s is closed.
    max_sockets_per_ip: int = 64
    max_sockets_per_account: int = 8
    # Connections and requests at once, WebSockets included (uvicorn's limit_concurrency:
    # beyond it a request is answered 503 at once). A room of 1,000 six-max tables holds
    # 6,000 sockets (issue 11); it was 2,000, and new logins then all got 503.
    max_connections: int = 10_000
    idle_anonymous_s: float = 30.0
    # The action clock; None = what the room file says (core.table.clock applies it).
    action_seconds: float | None = None
    time_bank_seconds: float | None = None
    # Pause after a hand so clients can show the result.
    between_hands_seconds: float = 2.0
    # The same pause at tournament tables; None = between_hands_seconds.
    tournament_between_hands_seconds: float | None = None
    # Each tournament entry's time bank; None = time_bank_seconds, else the cash tables' 30 s.
    tournament_time_bank_seconds: float | None = None
    uth_betting_seconds: float = 15.0
    uth_decision_seconds: float = 20.0
    cookie_secure: bool = False
    static_dir: Path | None = None  # None = the packaged web client
    seed: int | None = None  # a seeded deck source, for tests only
    starting_balance: int = 100_000  # play money for a new account, in chip units
    fast_password_hash: bool = False  # cheaper argon2id parameters, for tests and bots only
    events_kept_per_table: int = EVENTS_KEPT
    node_id: str = "local"  # this node's name in GET /api/cluster
    # Several nodes (issue 10): the Redis URL of the bus; None = one node, nothing shared.
    cluster_url: str | None = None
    cluster_prefix: str = "pokerroom:"  # every Redis key and channel of this room
    lease_ttl_ms: int = 6_000  # a dead node's tables are taken within about this + a tick
    lease_tick_seconds: float = 1.0
    # SIGTERM: the most a graceful stop waits for the hands in progress; it waits as long as
    # their clocks may still need (ServerState.drain_bound_s), never longer than this
    drain_seconds: float = 900.0
    # Sign-ups from one address per hour (each costs two argon2 hashes and a play-money grant).
    signups_per_ip_per_hour: int = 20
    rest_calls_per_minute: int = 120  # logged-in REST requests per account
    # GET /api/metrics (process and storage CPU) for `pokerroom bench server`; off in a room.
    metrics: bool = False
    node_name: str | None = None  # this node in /metrics (default: the host name)
    # The key sealing each deal's server seed in its row (services.seal); None = the default
    # place (beside a SQLite file, else ./pokerroom-seal.key).
    seal_key_path: Path | None = None

    def origins(self) -> frozenset[str]:
        """Every Origin a browser may open a WebSocket from."""
        own = {
            f"http://{self.host}:{self.port}",
            f"http://127.0.0.1:{self.port}",
            f"http://localhost:{self.port}",
        }
        return frozenset(own | set(self.extra_origins))
