"""A UTH round cut by SIGKILL is settled or voided, whichever is better for each player
(recovery with the same deck): nobody ends below their balance before the round, the audit
passes, and each player is told on reconnecting."""

from __future__ import annotations

import asyncio
import os
import signal
from pathlib import Path

import httpx
from roomharness import PASSWORD, Client, free_port, of_type
from test_crash import audit, start, wait_ready


async def login(base: str, name: str) -> str:
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        body = {"username": name, "password": PASSWORD}
        r = await http.post("/api/auth/register", json=body)
        if r.status_code == 409:
            r = await http.post("/api/auth/login", json=body)
        r.raise_for_status()
        return str(r.json()["token"])


async def balance(base: str, token: str) -> int:
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        r = await http.get("/api/wallet", headers={"Authorization": f"Bearer {token}"})
        return int(r.json()["balance"])


async def test_uth_round_cut_by_sigkill_settles_or_voids_for_the_player(tmp_path: Path) -> None:
    db_url = f"sqlite+aiosqlite:///{tmp_path / 'uth.db'}"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    ws = f"ws://127.0.0.1:{port}/ws"
    proc = start(db_url, port, tmp_path / "server.log")
    try:
        await wait_ready(port, proc)
        tokens = {n: await login(base, n) for n in ("uma", "vic")}
        before = {n: await balance(base, t) for n, t in tokens.items()}
        clients = {n: await Client.connect(ws, token=t) for n, t in tokens.items()}
        for c in clients.values():
            await c.send(type="sit", table="izar-1")
            await c.wait_for(lambda m: m["type"] == "uth_view" and m["view"]["you"])
        for c in clients.values():
            await c.send(type="uth_bet", table="izar-1", ante=100, trips=50)
        # uma plays 4x at once (the Play bet is staked); vic never decides: the round waits.
        uma = clients["uma"]
        view = (await uma.wait_for(lambda m: m["type"] == "uth_view" and m["view"]["legal"]))
        legal = view["view"]["legal"]
        mark = len(uma.received)
        await uma.send(type="uth_decide", table="izar-1", round=legal["round"], decision="play4")
        await uma.wait_for(of_type("balance"), start=mark)  # the Play bet is staked
        await asyncio.sleep(0.3)
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        for c in clients.values():
            await c.close()
        assert audit(db_url)["ok"] is True  # money at risk is still accounted for
        proc = start(db_url, port, tmp_path / "server.log")
        await wait_ready(port, proc)
        summary = audit(db_url)
        assert summary["totals"]["uth_at_risk"] == 0  # every cut round was resolved
        for name, token in tokens.items():
            assert await balance(base, token) >= before[name], name
            back = await Client.connect(ws, token=token)
            await back.send(type="hello")
            notice = await back.wait_for(of_type("notice"))
            assert notice["code"] in ("uth_settled", "uth_voided")
            await back.close()
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
