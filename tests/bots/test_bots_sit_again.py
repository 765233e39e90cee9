"""A bot that is not in its seat sits again, whatever took it out: its sit was dropped for
coming too fast, or it lost the seat (it went bust, and a player with no chips is stood up
after the hand; or the account left from another socket). Before, a bot that once asked for
a seat took itself for seated forever: a heads-up table waited for it until the end of time
(the flaky timeout of `test_cash_bots_send_a_dropped_action_again` was a bot gone bust)."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))

from roomharness import (  # noqa: E402
    Client,
    holdem_table,
    make_settings,
    of_type,
    start_server,
    stop_server,
)

from pokerroom.bots.client import Bot  # noqa: E402


async def seated_names(watcher: Client, table: str, start: int) -> set[str]:
    """The names in the seats of the first view of `table` from message `start` on."""
    message = await watcher.wait_for(
        lambda m: m.get("type") in ("table_view", "table_events") and m.get("table") == table,
        timeout=30, start=start)
    return {s["name"] for s in message["view"]["seats"] if s.get("status") != "empty"}


async def until_seated(watcher: Client, table: str, name: str, timeout: float = 30) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    start = 0
    while name not in await seated_names(watcher, table, start):
        assert loop.time() < deadline, f"{name} never sat at {table}"
        start = len(watcher.received)


@asynccontextmanager
async def playing(bot: Bot) -> AsyncIterator[Bot]:
    task = asyncio.create_task(bot.run())
    try:
        yield bot
    finally:
        bot.stop()
        task.cancel()


async def test_a_bot_whose_sit_was_dropped_sits_again(tmp_path: Path) -> None:
    # A burst of two: hello and observe pass, the sit right after them is dropped.
    server = await start_server(make_settings(tmp_path, rate_per_second=1.0, rate_burst=2))
    try:
        table = await holdem_table(server)
        watcher = await Client.connect(server.ws_url)
        await watcher.send(type="observe", table=table)
        secret = server.app.state.room.bot_secret
        async with playing(Bot(server.base, "bot01", table=table, secret=secret)) as bot:
            await until_seated(watcher, table, "bot01")
            assert bot.stats.refusals > 0  # the sit was refused: the path was taken
        await watcher.close()
    finally:
        await stop_server(server)


async def test_a_bot_that_lost_its_seat_sits_again(tmp_path: Path) -> None:
    server = await start_server(make_settings(tmp_path))
    try:
        table = await holdem_table(server)
        secret = server.app.state.room.bot_secret
        watcher = await Client.connect(server.ws_url)
        await watcher.send(type="observe", table=table)
        async with playing(Bot(server.base, "bot01", table=table, secret=secret)):
            await until_seated(watcher, table, "bot01")
            # The same account, from another socket, leaves the seat: the bot sees itself out.
            async with server.http() as http:
                token = (await http.post("/api/auth/bot", json={
                    "username": "bot01", "secret": secret})).json()["token"]
            other = await Client.connect(server.ws_url, token)
            await other.send(type="hello")
            await other.wait_for(of_type("welcome"))
            mark = len(watcher.received)
            await other.send(type="leave", table=table)
            assert "bot01" not in await seated_names(watcher, table, mark)  # it did leave
            await until_seated(watcher, table, "bot01")
            await other.close()
        await watcher.close()
    finally:
        await stop_server(server)
