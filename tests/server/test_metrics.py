"""Metrics and health on a real server: /metrics parsed by prometheus_client's own parser
after real hands, /healthz and /readyz (503 when the database is gone), and
`serve --log-format json` writing one JSON object per line with the table and hand ids."""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
from pathlib import Path

import httpx
from prometheus_client.parser import text_string_to_metric_families
from roomharness import (
    Client,
    RunningServer,
    free_port,
    of_type,
    play_until,
    register,
)

from pokerroom.storage.database import Database

TABLE = "antares-1"
SERIES = {
    "pokerroom_sockets_open", "pokerroom_tables_running", "pokerroom_hands_dealt",
    "pokerroom_actions", "pokerroom_action_roundtrip_seconds", "pokerroom_storage_seconds",
    "pokerroom_ledger_transactions", "pokerroom_refusals", "pokerroom_errors",
    "pokerroom_node_info",
}  # fmt: skip


def samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    out = {}
    for family in text_string_to_metric_families(text):
        for s in family.samples:
            out[(s.name, tuple(sorted(s.labels.items())))] = s.value
    return out


async def test_metrics_after_real_hands_parse_with_prometheus_client(server: RunningServer) -> None:
    clients = {}
    for name in ("mia", "max"):
        c = await Client.connect(server.ws_url, token=await register(server, name))
        await c.send(type="sit", table=TABLE, buy_in=10_000)
        await c.wait_for(of_type("balance"))
        clients[name] = c
    await play_until(clients, TABLE, 3, random.Random(3))
    await clients["mia"].send_raw("{not json")
    await clients["mia"].wait_for(of_type("error", code="bad_message"))
    async with server.http() as http:
        r = await http.get("/metrics")
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain")
        families = {f.name for f in text_string_to_metric_families(r.text)}
        assert SERIES <= families, SERIES - families
        got = samples(r.text)
        assert got[("pokerroom_sockets_open", ())] >= 2
        assert got[("pokerroom_tables_running", ())] >= 1
        assert got[("pokerroom_hands_dealt_total", (("kind", "poker"),))] >= 3
        assert got[("pokerroom_actions_total", (("kind", "poker"),))] >= 3
        assert got[("pokerroom_action_roundtrip_seconds_count", ())] >= 3
        assert got[("pokerroom_storage_seconds_count", (("op", "settle_hand"),))] >= 3
        assert got[("pokerroom_ledger_transactions_total", (("kind", "hand"),))] >= 3
        assert got[("pokerroom_refusals_total", (("code", "bad_message"),))] == 1
        assert (await http.get("/healthz")).json() == {"ok": True}
        ready = await http.get("/readyz")
        assert ready.status_code == 200 and ready.json()["checks"]["database"] == "ok"
        # A database that does not answer: not ready (the process is still healthy).
        state = server.app.state.room
        real = state._db
        state._db = Database(f"postgresql+asyncpg://nobody@127.0.0.1:{free_port()}/none")
        try:
            ready = await http.get("/readyz")
            assert ready.status_code == 503
            assert ready.json()["checks"]["database"].startswith("unreachable")
            assert (await http.get("/healthz")).status_code == 200
        finally:
            await state._db.close()
            state._db = real
    for c in clients.values():
        await c.close()


async def test_serve_log_format_json_writes_one_object_per_line_with_ids(tmp_path: Path) -> None:
    port = free_port()
    log = tmp_path / "serve.log"
    cmd = [str(Path(sys.executable).with_name("pokerroom")), "serve", "--port", str(port),
           "--database", f"sqlite+aiosqlite:///{tmp_path / 'room.db'}", "--between-hands",
           "0.05", "--insecure-fast-hash", "--log-format", "json"]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=log.open("wb"))
    try:
        base = f"http://127.0.0.1:{port}"
        async with httpx.AsyncClient(base_url=base, timeout=5) as http:
            for _ in range(400):
                try:
                    if (await http.get("/healthz")).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                await asyncio.sleep(0.05)
            tokens = []
            for name in ("jan", "joe"):
                r = await http.post("/api/auth/register",
                                    json={"username": name, "password": "correct horse battery"})
                tokens.append(r.json()["token"])
        clients = {}
        for name, token in zip(("jan", "joe"), tokens, strict=True):
            c = await Client.connect(f"ws://127.0.0.1:{port}/ws", token=token)
            await c.send(type="sit", table=TABLE, buy_in=10_000)
            await c.wait_for(of_type("balance"))
            clients[name] = c
        await play_until(clients, TABLE, 2, random.Random(1))
        for c in clients.values():
            await c.close()
    finally:
        proc.terminate()
        proc.wait(timeout=20)
    lines = [line for line in log.read_text().splitlines() if line.strip()]
    events = [json.loads(line) for line in lines]  # every line is one JSON object
    dealt = [e for e in events if e["message"].startswith("hand ") and "dealt" in e["message"]]
    assert dealt and all(e["table"] == TABLE and isinstance(e["hand"], int) for e in dealt)
    assert all({"ts", "level", "logger", "message"} <= e.keys() for e in events)
