"""A client seed a player set survives a restart of the room (issue 16): before, the seeds
lived in the server's memory and a restart dealt the next hand with a random one."""

from __future__ import annotations

from pathlib import Path

from roomharness import (
    PASSWORD,
    Client,
    make_settings,
    of_type,
    register,
    start_server,
    stop_server,
)

SEED = "my own seed, 42"


async def test_a_chosen_client_seed_is_used_after_a_restart(tmp_path: Path) -> None:
    settings = make_settings(tmp_path)
    running = await start_server(settings)
    try:
        token = await register(running, "ann")
        await register(running, "bob")
        async with running.http() as http:
            headers = {"Authorization": f"Bearer {token}"}
            r = await http.put("/api/me/client-seed", json={"client_seed": SEED}, headers=headers)
            assert r.status_code == 200 and r.json() == {"client_seed": SEED}
            r = await http.put("/api/me/client-seed", json={"client_seed": "é"}, headers=headers)
            assert r.status_code == 422  # refused, and the chosen seed stays
    finally:
        await stop_server(running)
    running = await start_server(settings)
    try:
        tokens = {}
        async with running.http() as http:
            for name in ("ann", "bob"):
                r = await http.post("/api/auth/login", json={"username": name, "password": PASSWORD})
                tokens[name] = r.json()["token"]
            r = await http.get("/api/me/client-seed",
                               headers={"Authorization": f"Bearer {tokens['ann']}"})
            assert r.json() == {"client_seed": SEED}
        # and the next hand is dealt with it, published with the commitment
        clients = {n: await Client.connect(running.ws_url, token=t) for n, t in tokens.items()}
        for client in clients.values():
            await client.send(type="sit", table="antares-1", buy_in=4_000)
            await client.wait_for(of_type("balance"))
        dealt = await clients["ann"].wait_for(lambda m: m.get("type") == "table_events" and any(
            e["type"] == "HandDealt" for e in m["events"]), timeout=20)
        event = next(e for e in dealt["events"] if e["type"] == "HandDealt")
        assert SEED in event["client_seeds"]
        for client in clients.values():
            await client.close()
    finally:
        await stop_server(running)


async def test_the_default_client_seed_of_a_player_who_never_chose_one_survives_a_restart(
        tmp_path: Path) -> None:
    """Before, the random default lived in memory only: after a restart the same player got
    another one (and `GET /api/me/client-seed` answered differently)."""
    settings = make_settings(tmp_path)
    running = await start_server(settings)
    try:
        token = await register(running, "cid")
        client = await Client.connect(running.ws_url, token=token)  # connecting draws it
        await client.send(type="hello", last_versions={})
        await client.wait_for(of_type("welcome"))
        await client.close()
        async with running.http() as http:
            r = await http.get("/api/me/client-seed",
                               headers={"Authorization": f"Bearer {token}"})
            default = r.json()["client_seed"]
        assert len(default) == 16
    finally:
        await stop_server(running)
    running = await start_server(settings)
    try:
        async with running.http() as http:
            r = await http.post("/api/auth/login", json={"username": "cid", "password": PASSWORD})
            token = r.json()["token"]
            r = await http.get("/api/me/client-seed",
                               headers={"Authorization": f"Bearer {token}"})
            assert r.json() == {"client_seed": default}
        # and it is the seed the next hand is dealt with
        await register(running, "dee")
        async with running.http() as http:
            r = await http.post("/api/auth/login", json={"username": "dee", "password": PASSWORD})
            other = r.json()["token"]
        clients = [await Client.connect(running.ws_url, token=t) for t in (token, other)]
        for c in clients:
            await c.send(type="sit", table="antares-1", buy_in=4_000)
            await c.wait_for(of_type("balance"))
        dealt = await clients[0].wait_for(lambda m: m.get("type") == "table_events" and any(
            e["type"] == "HandDealt" for e in m["events"]), timeout=30)
        event = next(e for e in dealt["events"] if e["type"] == "HandDealt")
        assert default in event["client_seeds"]
        for c in clients:
            await c.close()
    finally:
        await stop_server(running)
