"""A two-table tournament over real WebSockets: 18 bots register, play, the server is killed
with SIGKILL in the middle and restarted, the tournament finishes, `pokerroom audit` passes,
and every bot's wallet moved by exactly its prize minus buy-in and fee.

R-TOURN-1, R-TOURN-7 (money through the ledger), R-TOURN-9 (two tables to one),
R-TOURN-5 (a player who does not act in time is dealt in and checks or folds).
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path

import httpx
from roomharness import free_port
from test_crash import audit, wait_ready

from pokerroom.bots.secret import read_bot_secret
from pokerroom.bots.tournament_client import TournamentBot

BIN = Path(sys.executable).parent
LEVELS = ",\n".join(
    f"  {{ small_blind = {25 * 2**i}, big_blind = {50 * 2**i}, ante = {5 * 2**i}, hands = 3 }}"
    for i in range(14)
)
ROOM = f"""
[room]
name = "tournament test"
[[table]]
name = "Cash"
game = "holdem"
betting = "no-limit"
seats = 6
stakes = {{ small_blind = 1, big_blind = 2 }}

[[tournaments]]
id = "duo"
name = "Two tables"
seats = 9
max_entrants = 18
buy_in = 1000
fee = 100
starting_chips = 1500
start = "when_full"
levels = [
{LEVELS}
]
"""


def start(db_url: str, port: int, room: Path, log: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [str(BIN / "pokerroom"), "serve", "--port", str(port), "--database", db_url,
         "--room", str(room), "--action-seconds", "3", "--insecure-fast-hash"],
        stdout=log.open("ab"), stderr=subprocess.STDOUT, start_new_session=True,
    )  # fmt: skip


async def tournament_state(port: int) -> dict:
    async with httpx.AsyncClient(timeout=30) as http:
        listing = (await http.get(f"http://127.0.0.1:{port}/api/tournaments")).json()
    return {t["id"]: t for t in listing["tournaments"]}


async def test_R_TOURN_1_R_TOURN_7_eighteen_bots_sigkill_and_restart(tmp_path: Path) -> None:
    """R-TOURN-1, R-TOURN-7, R-TOURN-9, R-TOURN-5: see the module docstring."""
    room = tmp_path / "room.toml"
    room.write_text(ROOM)
    db_url = f"sqlite+aiosqlite:///{tmp_path / 'room.db'}"
    log = tmp_path / "server.log"
    port = free_port()
    proc = start(db_url, port, room, log)
    bots: list[TournamentBot] = []
    tasks: list[asyncio.Task] = []
    try:
        await wait_ready(port, proc)
        base = f"http://127.0.0.1:{port}"
        secret = await read_bot_secret(db_url)
        bots = [TournamentBot(base, f"bot-t{i}", "duo-1", seed=i, secret=secret)
                for i in range(18)]
        tasks = [asyncio.create_task(b.run(give_up_s=240)) for b in bots]
        # wait until the two tables have dealt a few hands, then kill the server
        for _ in range(600):
            state = (await tournament_state(port)).get("duo-1")
            if state and state["status"] != "registering" and state["players_left"] < 18:
                break
            await asyncio.sleep(0.1)
        else:
            raise AssertionError(f"the tournament did not get going: {log.read_text()[-2000:]}")
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        assert audit(db_url)["ok"]
        proc = start(db_url, port, room, log)
        await wait_ready(port, proc)
        done = await asyncio.wait_for(asyncio.gather(*tasks), 300)
    finally:
        for task in tasks:
            task.cancel()
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(10)
    final = done[0]
    assert final is not None and final["summary"]["status"] == "finished", final
    summary = audit(db_url)
    assert summary["ok"] and summary["counts"]["tournaments"] >= 1
    players = {p["entry"]: p for p in final["summary"]["players"]}
    assert sorted(p["place"] for p in players.values()) == list(range(1, 19))
    assert sum(p["prize"] for p in players.values()) == final["summary"]["prize_pool"] == 18_000
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=10) as http:
        proc = start(db_url, port, room, log)
        await wait_ready(port, proc)
        try:
            for bot in bots:
                r = await http.get(
                    "/api/wallet", headers={"Authorization": f"Bearer {bot.account.token}"}
                )
                me = r.json()
                entry = next(p for e, p in players.items() if e == me_entry(me, bot))
                assert me["balance"] == 100_000 - 1100 + entry["prize"]
        finally:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(10)


def me_entry(wallet: dict, bot: TournamentBot) -> str:
    assert bot.last is not None and bot.last["you"] is not None
    return str(bot.last["you"]["entry"])
