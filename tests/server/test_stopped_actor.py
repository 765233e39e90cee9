"""A stopped table (or tournament) never leaves a caller waiting (issue 12: a table must never
stall). Once a runner's actor stops (the room shutting down, a cluster node giving the table
away), every call is refused at once with `unavailable`, naming the table, and the calls that
were queued, or running, when it stopped are refused too. Before, each waited for ever.

Real server, real runners from its lobby, a real WebSocket client.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from roomharness import Client, RunningServer, of_type, register

from pokerroom.services.actor import ActorStoppedError

GENEROUS_S = 30.0  # a hang fails the test; no assertion is made on how long anything took


def _runner(server: RunningServer, kind: str) -> Any:
    return next(r for r in server.app.state.room.lobby.runners() if r.kind == kind)


def _refused_without_waiting(call: Any) -> ActorStoppedError:
    """Run the coroutine one step: a stopped actor refuses before it ever suspends (nothing
    is queued, nothing to wait for)."""
    try:
        call.send(None)
    except ActorStoppedError as exc:
        return exc
    finally:
        call.close()
    raise AssertionError("the call to a stopped actor suspended instead of failing at once")


async def _noop() -> str:
    return "ran"


@pytest.mark.parametrize("kind", ["poker", "uth"])
async def test_a_call_to_a_stopped_runner_is_refused_at_once_naming_the_table(
        server: RunningServer, kind: str) -> None:
    runner = _runner(server, kind)
    assert await asyncio.wait_for(runner.call(_noop), GENEROUS_S) == "ran"
    token = await register(server, "stella")
    client = await Client.connect(server.ws_url, token=token)
    try:
        await runner.stop()
        exc = _refused_without_waiting(runner.call(_noop))
        assert exc.code == "unavailable" and runner.display_name in exc.reason
        # A player's request over the WebSocket: an error naming the table, not silence.
        await client.send(type="observe", table=runner.table_id, ref="late")
        error = await client.wait_for(of_type("error", ref="late"), timeout=GENEROUS_S)
        assert error["code"] == "unavailable"
        assert error["table"] == runner.table_id
        assert runner.display_name in error["reason"]
        # The connection still works for the other tables.
        other = next(r for r in server.app.state.room.lobby.runners() if r is not runner)
        await client.send(type="observe", table=other.table_id, ref="fine")
        await client.wait_for(lambda m: m.get("table") == other.table_id
                              and m.get("type") in ("table_view", "uth_view"),
                              timeout=GENEROUS_S)
        assert not [m for m in client.received if m.get("type") == "error" and m.get("ref")
                    == "fine"]
    finally:
        await client.close()


async def test_calls_queued_behind_a_long_command_fail_when_the_runner_stops(
        server: RunningServer) -> None:
    runner = _runner(server, "poker")
    started, never = asyncio.Event(), asyncio.Event()

    async def long_command() -> None:
        started.set()
        await never.wait()  # a command that would hold the table for ever

    running = asyncio.create_task(runner.call(long_command))
    await asyncio.wait_for(started.wait(), GENEROUS_S)
    # Behind it: a console command and a plain one, both queued on the table's actor.
    queued = [asyncio.create_task(runner.set_status("paused")),
              asyncio.create_task(runner.call(_noop))]
    await asyncio.sleep(0)
    assert not any(t.done() for t in [running, *queued])
    await asyncio.wait_for(runner.stop(), GENEROUS_S)
    results = await asyncio.wait_for(
        asyncio.gather(running, *queued, return_exceptions=True), GENEROUS_S)
    for result in results:
        assert isinstance(result, ActorStoppedError), result
        assert result.code == "unavailable" and runner.display_name in result.reason
    assert runner.status == "open"  # the queued pause never ran


async def test_a_stopped_tournament_director_refuses_and_fails_its_queue(
        server: RunningServer) -> None:
    hall = server.app.state.room.tournaments
    director = next(iter(hall.directors.values()))
    started, never = asyncio.Event(), asyncio.Event()

    async def long_command() -> None:
        started.set()
        await never.wait()

    running = asyncio.create_task(director.call(long_command))
    await asyncio.wait_for(started.wait(), GENEROUS_S)
    queued = asyncio.create_task(director.call(_noop))
    await asyncio.sleep(0)
    await asyncio.wait_for(director.stop_actor(), GENEROUS_S)
    for result in await asyncio.gather(running, queued, return_exceptions=True):
        assert isinstance(result, ActorStoppedError), result
        assert director.id in result.reason
    exc = _refused_without_waiting(director.call(_noop))
    assert exc.code == "unavailable" and director.id in exc.reason
