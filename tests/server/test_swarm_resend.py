"""The benchmark's bots send a rate-limited act again (bots/swarm.py, issue 11).

Bots acting at once at a short-handed table can pass the server's message rate; the server
drops the message with `rate_limited`. A bot that did not send its act again left the table
waiting for the action clock: at 10 tables and think 0, runs of `pokerroom bench server`
went from about 1,100 actions/s to 230 with ten such refusals. Here two bots play heads-up
under a tight rate limit and a clock far longer than the wait: play goes on past refusals.
"""

from __future__ import annotations

import asyncio
import contextlib

import httpx
from roomharness import make_settings, start_server, stop_server

from pokerroom.bots.secret import read_bot_secret
from pokerroom.bots.swarm import Swarm

ACTIONS_AFTER_REFUSALS = 40
DEADLINE_S = 60.0  # the clock below is 300 s: a dropped act not sent again stalls the table


async def test_bots_send_a_rate_limited_act_again_and_the_table_plays_on(tmp_path) -> None:
    settings = make_settings(tmp_path, rate_per_second=4.0, rate_burst=4, action_seconds=300.0)
    running = await start_server(settings)
    tasks: list[asyncio.Task[None]] = []
    try:
        async with httpx.AsyncClient(base_url=running.base, timeout=30) as http:
            lobby = (await http.get("/api/lobby")).json()["tables"]
            table = next(t["id"] for t in lobby
                         if t["kind"] == "poker" and t["game"] == "holdem" and t["seats"] >= 2)
            swarm = Swarm(running.base, think_ms=0, seed=3,
                          secret=await read_bot_secret(settings.database_url))
            gate = asyncio.Semaphore(2)
            tasks = [asyncio.create_task(swarm.run_bot(http, gate, f"bot-resend{i}", table))
                     for i in range(2)]
            loop = asyncio.get_running_loop()
            deadline = loop.time() + DEADLINE_S
            counted_from: int | None = None
            while loop.time() < deadline:
                if counted_from is None and swarm.errors.get("rate_limited"):
                    counted_from = swarm.actions
                if (counted_from is not None
                        and swarm.actions - counted_from >= ACTIONS_AFTER_REFUSALS):
                    break
                await asyncio.sleep(0.1)
            assert counted_from is not None, f"never rate-limited: {swarm.errors}"
            assert swarm.actions - counted_from >= ACTIONS_AFTER_REFUSALS, (
                f"{swarm.actions - counted_from} actions in the {DEADLINE_S:.0f} s after the "
                f"first refusal ({swarm.errors}): the table waited for a dropped act")
    finally:
        for task in tasks:
            task.cancel()
            with contextlib.suppress(BaseException):
                await task
        await stop_server(running)
