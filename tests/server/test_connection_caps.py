"""Connection caps (issue 12, item 14): before, 400 anonymous sockets from one address were
all accepted and idle ones were held forever."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from pathlib import Path

import websockets
from roomharness import Client, make_settings, of_type, register, start_server, stop_server


async def test_sockets_are_capped_per_address_and_per_account(tmp_path: Path) -> None:
    settings = replace(make_settings(tmp_path), max_sockets_per_ip=5, max_sockets_per_account=2)
    running = await start_server(settings)
    try:
        token = await register(running, "uma")
        mine = [await Client.connect(running.ws_url, token=token) for _ in range(2)]
        try:
            third = await Client.connect(running.ws_url, token=token)
            await asyncio.wait_for(third._reader, 10)
            assert third.ws.close_code == 1008
        except websockets.InvalidStatus:
            pass  # refused at the upgrade: as good
        anonymous = []
        refused = 0
        for _ in range(8):
            try:
                c = await Client.connect(running.ws_url)
            except websockets.InvalidStatus:
                refused += 1
                continue
            await c.send(type="lobby_subscribe")
            try:
                await c.wait_for(of_type("lobby"), timeout=5)
                anonymous.append(c)
            except AssertionError:
                refused += 1
        assert len(anonymous) == 3 and refused == 5  # 5 per address, 2 of them uma's
        for c in mine:
            await c.send(type="ping")
            await c.wait_for(of_type("pong"))
    finally:
        await stop_server(running)


async def test_an_idle_anonymous_socket_is_closed(tmp_path: Path) -> None:
    running = await start_server(replace(make_settings(tmp_path), idle_anonymous_s=0.5))
    try:
        idle = await Client.connect(running.ws_url)
        watching = await Client.connect(running.ws_url)
        await watching.send(type="observe", table="antares-1")
        await watching.wait_for(of_type("table_view"))
        await asyncio.wait_for(idle._reader, 10)
        assert idle.ws.close_code == 1008
        await asyncio.sleep(1.0)
        await watching.send(type="ping")
        await watching.wait_for(of_type("pong"))
    finally:
        await stop_server(running)
