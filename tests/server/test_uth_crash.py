"""A UTH round cut by SIGKILL is settled or voided, whichever is better for each player
(recovery with the same deck): nobody ends below their balance before the round, the audit
passes, and each player is told on reconnecting.

While the round is played its rows hold no deck, only the server seed sealed with a key kept
outside the database (issue 16): recovery rebuilds the very deck the players were dealt from
that seed, and each round, settled or voided, reveals its seed for checking."""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import signal
import sqlite3
from pathlib import Path

import httpx
from roomharness import PASSWORD, Client, free_port, of_type
from test_crash import audit, start, wait_ready

from pokerroom.core.cards import Card
from pokerroom.core.fairness import fair_deck
from pokerroom.core.uth import replay
from pokerroom.services.fairness import deck_of
from pokerroom.storage.records import decode_record


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
        hole = {n: next(s["cards"] for s in (await c.wait_for(
            lambda m: m["type"] == "uth_view" and m["view"]["legal"]))["view"]["seats"]
            if s.get("is_you")) for n, c in clients.items()}
        mark = len(uma.received)
        await uma.send(type="uth_decide", table="izar-1", round=legal["round"], decision="play4")
        await uma.wait_for(of_type("balance"), start=mark)  # the Play bet is staked
        await asyncio.sleep(0.3)
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        for c in clients.values():
            await c.close()
        assert audit(db_url)["ok"] is True  # money at risk is still accounted for
        db_file = tmp_path / "uth.db"
        with sqlite3.connect(db_file) as conn:
            cut = conn.execute("SELECT id, state, sealed_seed, server_seed, commitment "
                               "FROM uth_rounds WHERE status = 'in_progress'").fetchall()
        assert len(cut) == 2
        for _id, state, sealed, revealed, commitment in cut:
            assert decode_record(state).deck == ()  # no deck in the row of a round in play
            assert revealed == "" and len(sealed) == 64 and sealed != commitment
            assert not any(card in state for card in hole["uma"] + hole["vic"])
        proc = start(db_url, port, tmp_path / "server.log")
        await wait_ready(port, proc)
        summary = audit(db_url)
        assert summary["totals"]["uth_at_risk"] == 0  # every cut round was resolved
        with sqlite3.connect(db_file) as conn:
            done = conn.execute(
                "SELECT r.status, r.record, r.state, r.server_seed, r.commitment, "
                "r.client_seeds, r.seat, a.name FROM uth_rounds r JOIN accounts a "
                "ON a.id = r.account_id WHERE r.id IN (?, ?)", [c[0] for c in cut]).fetchall()
        for status, record, state, seed, commitment, seeds, seat, name in done:
            # revealed, settled or voided, and the one committed to
            assert hashlib.sha256(bytes.fromhex(seed)).hexdigest() == commitment, status
            deck = fair_deck(bytes.fromhex(seed), json.loads(seeds))
            # what /api/uth/rounds/{id}/fairness and `pokerroom verify --uth` answer
            assert deck_of(record or state, seed, json.loads(seeds)) == deck
            if status == "settled":  # finished with the very deck the players were dealt
                finished = decode_record(record)
                assert finished.deck == deck
                cards = replay(finished).states[seat].cards
                assert [str(Card.from_code(c)) for c in cards] == hole[name]
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
