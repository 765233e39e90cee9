"""Login and sign-up throttles over real HTTP (issue 12, items 9-11).

Before: 40 concurrent wrong passwords got 40 x 401 and no 429; failing someone's password
from anywhere locked them out; sign-up had no limit at all.
"""

from __future__ import annotations

import asyncio
from dataclasses import replace
from pathlib import Path

import httpx
from roomharness import PASSWORD, make_settings, register, start_server, stop_server


def from_address(server, address: str) -> httpx.AsyncClient:
    """An HTTP client whose requests come from another loopback address (127.0.0.0/8)."""
    transport = httpx.AsyncHTTPTransport(local_address=address)
    return httpx.AsyncClient(base_url=server.base, timeout=10, transport=transport)


async def test_forty_concurrent_wrong_passwords_meet_the_throttle(server) -> None:
    await register(server, "kim")
    async with server.http() as http:
        answers = await asyncio.gather(*(
            http.post("/api/auth/login", json={"username": "kim", "password": "wrong password!"})
            for _ in range(40)))
    codes = [r.status_code for r in answers]
    print(f"40 concurrent wrong passwords: {codes.count(401)} x 401, {codes.count(429)} x 429")
    assert codes.count(401) <= 5
    assert codes.count(429) >= 35
    assert set(codes) <= {401, 429}


async def test_a_stranger_cannot_lock_an_account_out(server) -> None:
    await register(server, "lena")
    async with from_address(server, "127.0.0.2") as stranger:
        codes = [(await stranger.post("/api/auth/login", json={
            "username": "lena", "password": "wrong password!"})).status_code for _ in range(12)]
    assert 429 in codes  # the stranger is slowed down ...
    async with server.http() as owner:  # ... the owner, from her own address, is not
        r = await owner.post("/api/auth/login", json={"username": "lena", "password": PASSWORD})
        assert r.status_code == 200, r.text


async def test_sign_ups_are_limited_per_address(tmp_path: Path) -> None:
    settings = replace(make_settings(tmp_path), signups_per_ip_per_hour=3)
    running = await start_server(settings)
    try:
        async with running.http() as http:
            codes = [(await http.post("/api/auth/register", json={
                "username": f"signup{i}", "password": PASSWORD})).status_code for i in range(5)]
        assert codes == [201, 201, 201, 429, 429]
        async with from_address(running, "127.0.0.3") as other:
            r = await other.post("/api/auth/register",
                                 json={"username": "elsewhere", "password": PASSWORD})
            assert r.status_code == 201
    finally:
        await stop_server(running)
