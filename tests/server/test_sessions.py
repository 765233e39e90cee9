"""Sessions end for their sockets too (issue 12, item 8): logging out closes every socket of
the session, and a money command on a socket whose session ended is refused."""

from __future__ import annotations

import asyncio

from roomharness import PASSWORD, Client, of_type, register


async def test_logout_closes_every_socket_of_the_session(server) -> None:
    token = await register(server, "hanna")
    first = await Client.connect(server.ws_url, token=token)
    second = await Client.connect(server.ws_url, token=token)
    other_token = await register(server, "ida")
    other = await Client.connect(server.ws_url, token=other_token)
    for c in (first, second, other):
        await c.send(type="hello")
        await c.wait_for(of_type("welcome"))
    async with server.http() as http:
        r = await http.post("/api/auth/logout", headers={"Authorization": f"Bearer {token}"})
        assert r.status_code == 204
    for c in (first, second):
        await asyncio.wait_for(c._reader, 10)  # the server closed it
        assert c.ws.close_code == 4001
    # Another account's socket goes on.
    await other.send(type="ping")
    await other.wait_for(of_type("pong"))
    await other.close()


async def test_a_money_command_after_the_session_ended_is_refused_and_moves_nothing(server) -> None:
    token = await register(server, "jonas")
    client = await Client.connect(server.ws_url, token=token)
    await client.send(type="hello")
    await client.wait_for(of_type("welcome"))
    # The session is revoked behind the socket's back (as by an expiry): no logout call here,
    # so only the recheck can stop the buy-in.
    await server.app.state.room.accounts.logout(token)
    await client.send(type="sit", table="antares-1", buy_in=4_000, ref="sit")
    error = await client.wait_for(of_type("error", ref="sit"))
    assert error["code"] == "session_ended"
    async with server.http() as http:
        login = await http.post("/api/auth/login", json={"username": "jonas", "password": PASSWORD})
        assert login.json()["account"]["balance"] == server.settings.starting_balance
    await asyncio.wait_for(client._reader, 10)
