"""A single SQLite node killed mid-hand (SIGKILL) and started again: the hand is voided and
every player is seated again at the same seat with the stack they had when it began; play
goes on at that seat without sitting down again, and the audit is clean (DESIGN section 6)."""

from __future__ import annotations

import asyncio
import os
import signal
from pathlib import Path
from typing import Any

import httpx
from roomharness import PASSWORD, Client, free_port, of_type
from test_crash import audit_in_process, start, wait_ready

TABLE = "antares-1"


async def _token(base: str, name: str) -> str:
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        r = await http.post("/api/auth/register", json={"username": name, "password": PASSWORD})
        assert r.status_code == 201, r.text
        return str(r.json()["token"])


async def _join(ws_url: str, token: str) -> Client:
    client = await Client.connect(ws_url, token)
    await client.send(type="hello")
    await client.wait_for(of_type("welcome"))
    await client.send(type="observe", table=TABLE)
    await client.wait_for(of_type("table_view", table=TABLE))
    return client


def _seats(view: dict[str, Any]) -> dict[str, tuple[int, int]]:
    """Each player's seat and stack before the hand on show, if any (the table deals again at
    once after a restart, so the blinds of the next hand may already be posted)."""
    return {s["name"]: (s["seat"], s["stack"] + s["contributed"]) for s in view["seats"]
            if s["status"] != "empty"}


def _prompt(client: Client, after_hand: int) -> Any:
    """A view that asks this client to act in a hand numbered above `after_hand`."""
    return lambda m: (m.get("type") in ("table_view", "table_events")
                      and m.get("table") == TABLE and (m["view"].get("legal") or {}).get("hand")
                      is not None and not m["view"]["legal"].get("after_hand")
                      and m["view"]["legal"]["hand"] > after_hand)


async def test_restart_mid_hand_reseats_players_with_the_voided_hands_start_stacks(
        tmp_path: Path) -> None:
    db_url = f"sqlite+aiosqlite:///{tmp_path / 'room.db'}"
    port = free_port()
    base, ws_url = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}/ws"
    log = tmp_path / "server.log"
    proc = start(db_url, port, log)
    clients: list[Client] = []
    try:
        await wait_ready(port, proc)
        names = ("rosa", "umar")
        tokens = {n: await _token(base, n) for n in names}
        clients = [await _join(ws_url, tokens[n]) for n in names]
        view = clients[0].views[TABLE]
        buy_in = view["min_buy_in"] * 2
        for seat, client in ((1, clients[0]), (3, clients[1])):
            await client.send(type="sit", table=TABLE, seat=seat, buy_in=buy_in, blind="post")
        # Hand one: whoever is asked first folds, so the stacks differ from the buy-ins.
        first = await _any_prompt(clients, 0)
        hand_one = first[1]["view"]["legal"]["hand"]
        await first[0].send(type="act", table=TABLE, hand=hand_one,
                            action_no=first[1]["view"]["legal"]["action_no"], action="fold")
        result = await clients[0].wait_for(of_type("hand_result", table=TABLE, hand=hand_one))
        after_one = {int(s): v for s, v in result["stacks"].items()}
        assert sorted(after_one.values()) != [buy_in, buy_in]
        # Hand two is dealt and waits for an action: kill the node now.
        hand_two = (await _any_prompt(clients, hand_one))[1]["view"]["legal"]["hand"]
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        for client in clients:
            await client.close()
        clients = []

        proc = start(db_url, port, log)
        await wait_ready(port, proc)
        rosa = await _join(ws_url, tokens["rosa"])
        clients.append(rosa)
        notice = await rosa.wait_for(of_type("notice", code="hand_voided"))
        assert notice["table"] == TABLE
        seen = _seats(rosa.views[TABLE])
        assert seen == {"rosa": (1, after_one[1]), "umar": (3, after_one[3])}, seen
        assert rosa.views[TABLE]["you"]["seat"] == 1
        assert rosa.views[TABLE]["hand"] in (None, hand_two + 1)
        # The other player comes back later, finds the seat, and both play the next hand.
        umar = await _join(ws_url, tokens["umar"])
        clients.append(umar)
        assert umar.views[TABLE]["you"]["seat"] == 3
        asked = await _any_prompt(clients, hand_two)
        assert asked[1]["view"]["legal"]["hand"] > hand_two
    finally:
        for client in clients:
            await client.close()
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    summary = await asyncio.to_thread(audit_in_process, db_url)
    assert summary["ok"] is True
    assert summary["counts"]["hands_voided"] == 1
    assert summary["totals"]["balances_except_world"] == summary["totals"]["deposits"]


async def _any_prompt(clients: list[Client], after_hand: int) -> tuple[Client, dict[str, Any]]:
    """The first client asked to act in a hand numbered above `after_hand`, and that view."""
    async def one(client: Client) -> tuple[Client, dict[str, Any]]:
        return client, await client.wait_for(_prompt(client, after_hand), timeout=30)

    tasks = [asyncio.create_task(one(c)) for c in clients]
    try:
        done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        return next(iter(done)).result()
    finally:
        for task in tasks:
            task.cancel()


async def test_a_table_closed_mid_hand_is_closed_after_a_restart_and_its_players_cashed_out(
        tmp_path: Path) -> None:
    """An operator closes the table while a hand is in play and the node dies before that
    hand ends: the node that takes the table (here, the restart) voids the hand and carries
    out the close, every player stood up with the stack of the voided hand's start and cashed
    out; they were reseated at a closed table (the close lived in the dead node's memory)."""
    db_url = f"sqlite+aiosqlite:///{tmp_path / 'room.db'}"
    port = free_port()
    base, ws_url = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}/ws"
    log = tmp_path / "server.log"
    proc = start(db_url, port, log)
    clients: list[Client] = []
    try:
        await wait_ready(port, proc)
        names = ("rosa", "umar")
        tokens = {n: await _token(base, n) for n in (*names, "olga")}
        await asyncio.to_thread(grant_in_process, db_url, "olga")
        async with httpx.AsyncClient(base_url=base, timeout=30) as http:
            wallets = {n: (await http.get("/api/wallet", headers=_bearer(tokens[n]))).json()[
                "balance"] for n in names}
        clients = [await _join(ws_url, tokens[n]) for n in names]
        buy_in = clients[0].views[TABLE]["min_buy_in"] * 2
        for seat, client in ((1, clients[0]), (3, clients[1])):
            await client.send(type="sit", table=TABLE, seat=seat, buy_in=buy_in, blind="post")
        hand = (await _any_prompt(clients, 0))[1]["view"]["legal"]["hand"]
        async with httpx.AsyncClient(base_url=base, timeout=30) as http:
            r = await http.post(f"/api/admin/tables/{TABLE}/close", json={"reason": "night"},
                                headers=_bearer(tokens["olga"]))
            assert r.json()["after"] == "closed", r.text
        await asyncio.sleep(0.5)  # the hand is still waiting for an action: kill the node now
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        for client in clients:
            await client.close()
        clients = []

        proc = start(db_url, port, log)
        await wait_ready(port, proc)
        rosa = await _join(ws_url, tokens["rosa"])
        clients.append(rosa)
        view = rosa.views[TABLE]
        assert view["status"] == "closed"
        assert _seats(view) == {}, view["seats"]
        assert view["hand"] in (None, hand)
        async with httpx.AsyncClient(base_url=base, timeout=30) as http:
            for name in names:
                r = await http.get("/api/wallet", headers=_bearer(tokens[name]))
                assert r.json()["balance"] == wallets[name], name
    finally:
        for client in clients:
            await client.close()
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    summary = await asyncio.to_thread(audit_in_process, db_url)
    assert summary["ok"] is True
    assert summary["counts"]["hands_voided"] == 1
    assert summary["totals"]["balances_except_world"] == summary["totals"]["deposits"]


def grant_in_process(db_url: str, name: str) -> None:
    from typer.testing import CliRunner

    from pokerroom.cli import app

    out = CliRunner().invoke(app, ["admin", "grant-operator", name, "--database", db_url])
    assert out.exit_code == 0, out.output


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}
