"""The room's metrics in the Prometheus format (prometheus_client), one registry per room.

Series (all prefixed `pokerroom_`): `sockets_open`, `tables_running`, `hands_dealt_total{kind}`,
`actions_total{kind}`, `action_roundtrip_seconds` (an action from its arrival on the socket
until it is applied, stored and sent out), `storage_seconds{op}` (the database writes of a hand
or round), `ledger_transactions_total{kind}` (counted in the ledger itself at each scrape, so it
is the room's, not only this process's), `refusals_total{code}`, `errors_total{kind}` and
`node_info{node}`, `table_viewers` (clients counted present at the tables this node runs). Each node serves its own /metrics; Prometheus tells them apart by target,
and `node_info` names the node. A clustered node adds its own figures read at scrape time
(leases held, ...) with `add_gauge`.
The registry is the room's own (not prometheus_client's global one): several rooms in one
process (tests) never mix their figures.
"""

from __future__ import annotations

import socket
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily
from prometheus_client.registry import Collector

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)


class _Live(Collector):
    """Figures read at scrape time: open sockets, running tables, the ledger's counts."""

    def __init__(self, metrics: RoomMetrics) -> None:
        self.metrics = metrics

    def collect(self) -> Iterator[GaugeMetricFamily | CounterMetricFamily]:
        m = self.metrics
        yield GaugeMetricFamily("pokerroom_sockets_open", "WebSockets open on this node",
                                value=m.sockets())
        yield GaugeMetricFamily("pokerroom_tables_running", "Tables dealing on this node",
                                value=m.tables())
        for name, (text, read) in sorted(m.gauges.items()):
            yield GaugeMetricFamily(name, text, value=read())
        ledger = CounterMetricFamily("pokerroom_ledger_transactions",
                                     "Ledger transactions committed, by kind", labels=["kind"])
        for kind, count in sorted(m.ledger_counts.items()):
            ledger.add_metric([kind], count)
        yield ledger


class RoomMetrics:
    def __init__(self, node: str | None = None) -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        self.hands = Counter("pokerroom_hands_dealt", "Hands and UTH rounds dealt", ["kind"],
                             registry=r)
        self.actions = Counter("pokerroom_actions", "Player actions applied", ["kind"],
                               registry=r)
        self.roundtrip = Histogram("pokerroom_action_roundtrip_seconds",
                                   "An action from its arrival until applied, stored and sent",
                                   buckets=LATENCY_BUCKETS, registry=r)
        self.storage_latency = Histogram("pokerroom_storage_seconds",
                                         "Database writes of hands and rounds", ["op"],
                                         buckets=LATENCY_BUCKETS, registry=r)
        self.refusals = Counter("pokerroom_refusals", "Requests refused, by code", ["code"],
                                registry=r)
        self.errors = Counter("pokerroom_errors", "Errors, by kind", ["kind"], registry=r)
        info = Gauge("pokerroom_node_info", "This node", ["node"], registry=r)
        info.labels(node=node or socket.gethostname()).set(1)  # which node these figures are
        self.sockets: Callable[[], int] = lambda: 0
        self.tables: Callable[[], int] = lambda: 0
        self.ledger_counts: dict[str, int] = {}
        self.node = node or socket.gethostname()
        self.gauges: dict[str, tuple[str, Callable[[], float]]] = {}
        r.register(_Live(self))

    def add_gauge(self, name: str, text: str, read: Callable[[], float]) -> None:
        """A figure of this node read at each scrape (a clustered node adds e.g.
        `pokerroom_leases_held`); `name` must be a new `pokerroom_` series."""
        if not name.startswith("pokerroom_") or name in self.gauges:
            raise ValueError(f"a new pokerroom_ series is needed, not {name!r}")
        self.gauges[name] = (text, read)

    @contextmanager
    def storage(self, op: str) -> Iterator[None]:
        start = time.perf_counter()
        try:
            yield
        finally:
            self.storage_latency.labels(op=op).observe(time.perf_counter() - start)

    def refused(self, code: str) -> None:
        self.refusals.labels(code=code).inc()

    def error(self, kind: str) -> None:
        self.errors.labels(kind=kind).inc()

    def text(self) -> bytes:
        return generate_latest(self.registry)

    async def refresh_ledger(self, db: Any) -> None:
        """Count the ledger's transactions by kind (read at each scrape)."""
        from sqlalchemy import func, select

        from pokerroom.storage.models import LedgerTransaction

        try:
            async with db.read() as session:
                rows = (await session.execute(
                    select(LedgerTransaction.kind, func.count())
                    .group_by(LedgerTransaction.kind))).all()
            self.ledger_counts = {str(kind): int(count) for kind, count in rows}
        except Exception:  # noqa: BLE001 - the figures of this process still answer
            self.error("metrics_database")


async def database_ready(db: Any) -> str:
    """"ok" when the database answers a query, else why not (for /readyz)."""
    from sqlalchemy import text

    try:
        async with db.read() as session:
            await session.execute(text("SELECT 1"))
        return "ok"
    except Exception as exc:  # noqa: BLE001 - reported, not raised
        return f"unreachable: {type(exc).__name__}"
