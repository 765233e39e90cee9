"""A tournament bot as a real client: logs in over REST, registers and plays over the
WebSocket, and comes back by itself when the connection drops or the server restarts."""

from __future__ import annotations

import asyncio
import json
import logging
import random
from typing import Any

import websockets

from pokerroom.bots.client import Bot

log = logging.getLogger("pokerroom.bots.tournament")


def decide(legal: dict[str, Any], rng: random.Random) -> tuple[str, int | None]:
    """Mostly check or call, sometimes fold to a bet, now and then raise or move in."""
    r = rng.random()
    for kind in ("raise", "bet", "complete"):
        span = legal.get(kind)
        if span and r < 0.12:
            return kind, span["max"] if r < 0.03 else span["min"]
    if legal.get("bring_in"):
        return "bring_in", None
    if legal.get("check"):
        return "check", None
    if legal.get("call") and r < 0.7:
        return "call", None
    if legal.get("fold"):
        return "fold", None
    return "muck", None


class TournamentBot:
    def __init__(self, base_url: str, name: str, tournament: str, *, seed: int | None = None,
                 register: bool = True, secret: str | None = None,
                 password: str | None = None, think_s: float = 0.0) -> None:  # fmt: skip
        self.account = Bot(base_url, name, seed=seed, secret=secret, password=password)
        self.think_s = think_s  # a pause before each action (a test's hands that last)
        self.tournament = tournament
        self.register = register
        self.rng = random.Random(seed)
        self.actions = 0
        self.reconnects = 0
        self.finished = asyncio.Event()
        self.last: dict[str, Any] | None = None
        self._answered: set[tuple[int, int, int]] = set()
        self._back_sent = False
        self.backs = 0  # times this bot came back after being away
        self.resent = 0  # actions sent again after the server said rate_limited
        self._pending: tuple[tuple[int, int, int], str] | None = None  # last act, unanswered

    async def run(self, give_up_s: float = 600.0) -> dict[str, Any] | None:
        """Play until the tournament is over; returns its last picture."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + give_up_s
        while not self.finished.is_set() and loop.time() < deadline:
            try:
                if self.account.token is None:
                    await self.account.login()
                # A session with nothing left to read would otherwise outlast the deadline.
                await asyncio.wait_for(self._session(), max(0.1, deadline - loop.time()))
            except (TimeoutError, OSError, websockets.WebSocketException) as exc:
                log.debug("%s: %s", self.account.name, exc)
            except Exception as exc:  # noqa: BLE001 - a login during a restart may fail
                log.debug("%s: %s", self.account.name, exc)
            if not self.finished.is_set():
                self.reconnects += 1
                await asyncio.sleep(0.2)
        return self.last

    async def _session(self) -> None:
        self._answered.clear()  # after a restart a voided hand is dealt again
        self._back_sent = False
        headers = {"Authorization": f"Bearer {self.account.token}"}
        async with websockets.connect(self.account.ws_url, additional_headers=headers,
                                      max_size=1 << 22) as ws:  # fmt: skip
            await ws.send(json.dumps({"v": 1, "type": "hello"}))
            if self.register:
                await ws.send(json.dumps({"v": 1, "type": "tournament_register",
                                          "tournament": self.tournament}))  # fmt: skip
            await ws.send(json.dumps({"v": 1, "type": "tournament_follow",
                                      "tournament": self.tournament}))  # fmt: skip
            async for text in ws:
                message = json.loads(text)
                if message.get("type") == "error" and message.get("code") == "rate_limited":
                    await self._again(ws)
                    continue
                if message.get("type") != "tournament" or (
                    message.get("tournament") != self.tournament
                ):
                    continue  # (its account's own picture of another tournament it entered)
                view = message["view"]
                self.last = view
                if view["summary"]["status"] in ("finished", "cancelled"):
                    self.finished.set()
                    return
                you = view.get("you") or {}
                if you.get("away") and not self._back_sent:
                    # Timed out once (a slow moment, a lost message): come back (R-TOURN-5).
                    self._back_sent = True
                    self.backs += 1
                    await ws.send(json.dumps({"v": 1, "type": "tournament_back",
                                              "tournament": self.tournament}))  # fmt: skip
                elif not you.get("away"):
                    self._back_sent = False
                table = view.get("table") or {}
                legal = table.get("legal")
                if not legal or legal.get("after_hand"):  # R-SD-5's optional show: quiet
                    continue
                key = (table["number"], legal["hand"], legal["action_no"])
                if key in self._answered:
                    continue
                self._answered.add(key)
                action, amount = decide(legal, self.rng)
                if self.think_s > 0:
                    await asyncio.sleep(self.think_s)
                text = json.dumps({"v": 1, "type": "tournament_act",
                                   "tournament": self.tournament, "hand": legal["hand"],
                                   "action": action, "amount": amount})  # fmt: skip
                self._pending = (key, text)
                await ws.send(text)
                self.actions += 1

    async def _again(self, ws: Any) -> None:
        """The server dropped a message for coming too fast: the last action is sent again
        after a pause if that decision is still the one in front of the bot (a dropped
        action is not an answer, and the table would wait for the clock)."""
        await asyncio.sleep(0.2 + self.rng.random() * 0.3)
        table = ((self.last or {}).get("table") or {})
        legal = table.get("legal") or {}
        now = (table.get("number"), legal.get("hand"), legal.get("action_no"))
        if self._pending is not None and self._pending[0] == now:
            self.resent += 1
            await ws.send(self._pending[1])


def tournament_bot_name(tournament: str, index: int) -> str:
    """A bot's name for a tournament: the bot prefix, its number, the tournament (cut to fit
    the 20 characters of a name; the number first keeps the names of one tournament apart)."""
    return f"bot-{index}-{tournament}"[:20].rstrip("-.")


async def run_tournament_bots(base_url: str, tournament: str, count: int, *, secret: str,
                              seed: int | None = None) -> list[TournamentBot]:  # fmt: skip
    """`count` bots register for `tournament` and play it to the end."""
    bots = [TournamentBot(base_url, tournament_bot_name(tournament, i), tournament,
                          seed=None if seed is None else seed + i, secret=secret)
            for i in range(count)]  # fmt: skip
    await asyncio.gather(*(b.run() for b in bots))
    return bots


async def keep_sit_and_gos_filling(base_url: str, *, secret: str, every_s: float = 2.0) -> None:
    """Bots register for every open sit & go until one seat is left, so a lone visitor can
    start one by joining; they play it to the end (the `serve --bots` companion)."""
    import httpx

    playing: dict[str, list[asyncio.Task[Any]]] = {}
    busy: dict[str, asyncio.Task[Any]] = {}  # bot name -> its task; names are reused when free

    def free_name() -> str:
        k = 0
        while f"bot-sng{k}" in busy and not busy[f"bot-sng{k}"].done():
            k += 1
        return f"bot-sng{k}"

    async with httpx.AsyncClient(base_url=base_url, timeout=30) as http:
        while True:
            try:
                listing = (await http.get("/api/tournaments")).json()["tournaments"]
            except (httpx.HTTPError, ValueError, KeyError):
                listing = []
            for t in listing:
                if not t["sit_and_go"] or t["status"] != "registering":
                    continue
                tasks = playing.setdefault(t["id"], [])
                wanted = t["max_entrants"] - 1
                while len(tasks) < wanted:
                    name = free_name()
                    bot = TournamentBot(base_url, name, t["id"], secret=secret)
                    busy[name] = asyncio.create_task(bot.run(give_up_s=24 * 3600))
                    tasks.append(busy[name])
            for tid in [k for k, v in playing.items() if all(x.done() for x in v)]:
                del playing[tid]
            await asyncio.sleep(every_s)
