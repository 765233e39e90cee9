"""The same live play on PostgreSQL, when POKERROOM_TEST_POSTGRES holds a URL (CI sets it)."""

from __future__ import annotations

import os
import random
import uuid

import pytest
from roomharness import (
    Client,
    make_settings,
    of_type,
    play_until,
    register,
    start_server,
    stop_server,
)
from sqlalchemy.engine import make_url

URL = os.environ.get("POKERROOM_TEST_POSTGRES")


@pytest.mark.skipif(not URL, reason="POKERROOM_TEST_POSTGRES is not set")
async def test_play_and_audit_on_postgresql(tmp_path) -> None:
    import asyncpg

    from pokerroom.cli.audit import audit_url

    base = make_url(str(URL)).set(drivername="postgresql")
    name = f"pokerroom_server_{uuid.uuid4().hex[:8]}"
    admin = await asyncpg.connect(base.render_as_string(hide_password=False))
    await admin.execute(f'CREATE DATABASE "{name}"')
    url = base.set(drivername="postgresql+asyncpg", database=name).render_as_string(
        hide_password=False)
    try:
        server = await start_server(make_settings(tmp_path, database_url=url))
        try:
            tokens = {n: await register(server, n) for n in ("alice", "bobby")}
            clients = {n: await Client.connect(server.ws_url, token=t) for n, t in tokens.items()}
            for c in clients.values():
                await c.send(type="sit", table="antares-1", buy_in=10_000)
                await c.wait_for(of_type("balance"))
            await play_until(clients, "antares-1", hands=3, rng=random.Random(2))
            for c in clients.values():
                await c.close()
        finally:
            await stop_server(server)
        ok, text = await audit_url(url)
        assert ok, text
    finally:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await admin.close()
