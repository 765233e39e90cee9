"""SIGTERM drains a node (issue 10): no new hand is dealt, the hand in progress is played to
its end with the sockets still open, then the process exits; no hand is voided, and at the
next start the players are seated as they were."""

from __future__ import annotations

import asyncio
import os
import random
import signal
from pathlib import Path

from roomharness import Client, free_port, of_type, play_until
from test_crash import audit_in_process, start, wait_ready
from test_restart_reseats import TABLE, _any_prompt, _join, _seats, _token


async def test_sigterm_finishes_the_hand_in_progress_and_voids_nothing(tmp_path: Path) -> None:
    db_url = f"sqlite+aiosqlite:///{tmp_path / 'room.db'}"
    port = free_port()
    base, ws_url = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}/ws"
    proc = start(db_url, port, tmp_path / "server.log")
    clients: dict[str, Client] = {}
    try:
        await wait_ready(port, proc)
        tokens = {n: await _token(base, n) for n in ("vera", "walt")}
        clients = {n: await _join(ws_url, tokens[n]) for n in tokens}
        for seat, client in enumerate(clients.values()):
            await client.send(type="sit", table=TABLE, seat=seat, buy_in=4000, blind="post")
        hand = (await _any_prompt(list(clients.values()), 0))[1]["view"]["legal"]["hand"]
        # Mid-hand: ask the node to stop, and keep playing while it drains.
        os.kill(proc.pid, signal.SIGTERM)
        playing = asyncio.create_task(
            play_until(clients, TABLE, 1000, random.Random(1), timeout=120))
        for _ in range(1200):
            if proc.poll() is not None:
                break
            await asyncio.sleep(0.05)
        playing.cancel()
        assert proc.wait(timeout=30) == 0
        results = {m["hand"] for m in clients["vera"].received if m["type"] == "hand_result"}
        assert results == {hand}, f"the hand in progress ends, no other is dealt: {results}"
        for client in clients.values():
            await client.close()
        clients = {}
        summary = await asyncio.to_thread(audit_in_process, db_url)
        assert summary["ok"] is True
        assert summary["counts"].get("hands_voided", 0) == 0
        assert summary["counts"]["hands_settled"] == 1

        proc = start(db_url, port, tmp_path / "server.log")
        await wait_ready(port, proc)
        vera = await _join(ws_url, tokens["vera"])
        clients["vera"] = vera
        assert set(_seats(vera.views[TABLE])) == {"vera", "walt"}
    finally:
        for client in clients.values():
            await client.close()
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


async def test_sigterm_waits_for_a_player_who_lets_the_clock_run(tmp_path: Path) -> None:
    """The drain's bound follows the room's clocks: a turn may take its action time plus the
    time bank (5 s + 30 s here, more than the fixed 30 s wait there was), and a player who
    lets it run out still has the hand end by the clock, settled, before the node exits."""
    db_url = f"sqlite+aiosqlite:///{tmp_path / 'room.db'}"
    port = free_port()
    base, ws_url = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}/ws"
    proc = start(db_url, port, tmp_path / "server.log")
    clients: dict[str, Client] = {}
    try:
        await wait_ready(port, proc)
        tokens = {n: await _token(base, n) for n in ("xena", "yuri")}
        clients = {n: await _join(ws_url, tokens[n]) for n in tokens}
        for seat, client in enumerate(clients.values()):
            await client.send(type="sit", table=TABLE, seat=seat, buy_in=4000, blind="post")
        asked, view = await _any_prompt(list(clients.values()), 0)
        hand = view["view"]["legal"]["hand"]
        clock = view["view"]["clock"]
        assert clock["time_bank_ms"] > 0, clock  # chips in the pot: the bank applies
        # Nobody acts: the turn runs its action time and the whole bank, then the clock
        # folds (or checks) for the player, which ends the hand of two.
        os.kill(proc.pid, signal.SIGTERM)
        assert await asyncio.to_thread(proc.wait, 300) == 0
        await asked.wait_for(of_type("notice", code="timed_out"), timeout=5)
        results = {m["hand"] for m in asked.received if m["type"] == "hand_result"}
        assert results == {hand}, f"the hand in progress ends by the clock: {results}"
        summary = await asyncio.to_thread(audit_in_process, db_url)
        assert summary["ok"] is True
        assert summary["counts"].get("hands_voided", 0) == 0
        assert summary["counts"]["hands_settled"] == 1
        assert "drain: waiting up to" in (tmp_path / "server.log").read_text()
    finally:
        for client in clients.values():
            await client.close()
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
