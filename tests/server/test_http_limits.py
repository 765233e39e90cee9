"""HTTP abuse over a real socket (issue 12, items 13, 15-17): body limits, bounded integers,
security headers, the wallet paged in SQL.

Before: a 200 MiB POST was read whole (the server's memory doubled); /api/hands/{2**70} gave
500; no security header was sent.
"""

from __future__ import annotations

import asyncio

from roomharness import register


async def test_a_body_over_the_limit_is_refused_with_413_before_it_is_read(server) -> None:
    async with server.http() as http:
        r = await http.post("/api/auth/login", content=b"{" + b" " * (17 * 1024) + b"}",
                            headers={"content-type": "application/json"})
        assert r.status_code == 413 and r.json()["detail"]["code"] == "too_large"
    # A huge declared body: refused from its Content-Length, the server reads none of it.
    reader, writer = await asyncio.open_connection("127.0.0.1", server.settings.port)
    writer.write(b"POST /api/auth/register HTTP/1.1\r\nHost: x\r\nContent-Type: application/json"
                 b"\r\nContent-Length: 209715200\r\n\r\n" + b"x" * 1024)
    await writer.drain()
    status = await asyncio.wait_for(reader.readline(), 10)
    assert status.split()[1] == b"413"
    writer.close()
    # Chunked (no Content-Length): answered 413 once the bytes pass the limit.
    reader, writer = await asyncio.open_connection("127.0.0.1", server.settings.port)
    writer.write(b"POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json"
                 b"\r\nTransfer-Encoding: chunked\r\n\r\n")
    for _ in range(20):
        writer.write(b"400\r\n" + b" " * 1024 + b"\r\n")
    await writer.drain()
    status = await asyncio.wait_for(reader.readline(), 10)
    assert status.split()[1] == b"413"
    writer.close()


async def test_integers_beyond_64_bits_are_refused_with_422_not_500(server) -> None:
    token = await register(server, "mona")
    auth = {"Authorization": f"Bearer {token}"}
    async with server.http() as http:
        for path in (f"/api/hands/{2**70}", f"/api/hands/{2**70}/pokerstars",
                     f"/api/hands?before={2**70}", f"/api/hands?limit={2**70}",
                     f"/api/wallet?limit={2**70}", "/api/hands/-5"):
            r = await http.get(path, headers=auth)
            assert r.status_code == 422, (path, r.status_code)


async def test_every_response_carries_the_security_headers(server) -> None:
    async with server.http() as http:
        for path in ("/", "/api/lobby", "/api/auth/me", "/js/app.js", "/nope"):
            r = await http.get(path)
            csp = r.headers.get("content-security-policy", "")
            assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp, path
            assert r.headers.get("x-content-type-options") == "nosniff", path


async def test_the_wallet_pages_in_sql_with_running_balances(server) -> None:
    token = await register(server, "nils")
    auth = {"Authorization": f"Bearer {token}"}
    async with server.http() as http:
        r = await http.get("/api/wallet?limit=1", headers=auth)
        body = r.json()
        assert len(body["entries"]) == 1
        assert body["entries"][0]["balance_after"] == body["balance"]


async def test_rest_calls_are_limited_per_account_and_the_export_is_cached(tmp_path) -> None:
    from dataclasses import replace

    from roomharness import make_settings, start_server, stop_server

    running = await start_server(replace(make_settings(tmp_path), rest_calls_per_minute=5))
    try:
        token = await register(running, "otto")
        auth = {"Authorization": f"Bearer {token}"}
        async with running.http() as http:
            first = await http.get("/api/hands/pokerstars", headers=auth)
            assert first.status_code == 200
            codes = [(await http.get("/api/hands/pokerstars", headers=auth)).status_code
                     for _ in range(6)]
            assert codes[:4] == [200] * 4 and codes[4:] == [429, 429]
            assert running.app.state.room.exports  # the file was kept for the next call
            other = await register(running, "petra")  # another account is not affected
            r = await http.get("/api/wallet", headers={"Authorization": f"Bearer {other}"})
            assert r.status_code == 200
    finally:
        await stop_server(running)
