"""Refused messages are counted in a sliding window (issue 12, item 20): a burst long ago is
forgiven; before, the counter never reset and a long-lived socket was closed at the 201st
refusal of its whole life."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from pathlib import Path

from roomharness import Client, make_settings, of_type, start_server, stop_server


async def test_old_refusals_leave_the_window(tmp_path: Path) -> None:
    settings = replace(make_settings(tmp_path), max_dropped_messages=20, dropped_window_s=0.5)
    running = await start_server(settings)
    try:
        client = await Client.connect(running.ws_url)
        for burst in range(3):
            for _ in range(15):
                await client.send_raw("not json")
            await client.send(type="ping", ref=f"p{burst}")
            await client.wait_for(of_type("pong"), start=len(client.received) - 1, timeout=10)
            await asyncio.sleep(0.6)
        assert not client._reader.done(), "closed for refusals long forgiven"
        # A real flood still closes the socket.
        for _ in range(40):
            await client.send_raw("not json")
        await asyncio.wait_for(client._reader, 10)
        assert client.ws.close_code == 1008
    finally:
        await stop_server(running)
