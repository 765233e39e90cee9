"""A bot as a real client: logs in over REST, plays over the WebSocket, and comes back by
itself when the connection drops or the server restarts.

A bot logs in with the room's bot secret (`POST /api/auth/bot`; its account is made, marked
as a bot, on the first login; its name must carry the bot prefix, e.g. "bot01"). Tests that
drive a *player* with the bot's code give a `password` instead: the bot then signs up and
logs in as a player does."""

from __future__ import annotations

import asyncio
import json
import logging
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import httpx
import websockets

from pokerroom.bots import poker, uth

log = logging.getLogger("pokerroom.bots")


@dataclass
class BotStats:
    hands: int = 0
    actions: int = 0
    refusals: int = 0
    reconnects: int = 0
    latencies_ms: list[float] = field(default_factory=list)


class Bot:
    def __init__(self, base_url: str, name: str, *, table: str | None = None,
                 hands: int | None = None, think_s: tuple[float, float] = (0.0, 0.0),
                 seed: int | None = None, secret: str | None = None,
                 password: str | None = None, fallbacks: Sequence[str] = (),
                 alone_s: float = 10.0) -> None:
        if (secret is None) == (password is None):
            raise ValueError("a bot needs the room's bot secret, or a player's password")
        # Several nodes of one room (issue 10): after a drop the bot goes on at the next
        # address, with the same session and seat (the nodes share the database).
        self.urls = [u.rstrip("/") for u in (base_url, *fallbacks)]
        self._url_index = 0
        self._use(0)
        self.name = name
        self.secret = secret
        self.password = password
        self.table = table
        self.hands_wanted = hands
        # With a hand target: a bot that has played and then sits alone at its poker table
        # this long stops short of it (the others reached theirs and left: nobody is left
        # to finish its hands with, and `pokerroom bots --hands` would wait forever).
        self.alone_s = alone_s
        self._alone_since: float | None = None
        self.think_s = think_s
        self.rng = random.Random(seed)
        self.stats = BotStats()
        self.token: str | None = None
        self.versions: dict[str, int] = {}
        self.kind = "poker"
        self._answered: set[tuple[Any, ...]] = set()
        self._pending: tuple[tuple[Any, ...], dict[str, Any]] | None = None  # last act sent
        self._open: tuple[Any, ...] | None = None  # the decision the last view offered
        self._rtt_start: float | None = None  # when the last action was sent
        self._hands_seen: set[int] = set()
        self._sitting = False  # a sit was sent, or the bot is seated
        self._seated = False  # the last view showed the bot in a seat
        self._view: dict[str, Any] | None = None  # the last view of the bot's table
        self._done = asyncio.Event()
        self.balance: int | None = None

    def _use(self, index: int) -> None:
        self._url_index = index % len(self.urls)
        self.base_url = self.urls[self._url_index]
        self.ws_url = self.base_url.replace("http", "ws", 1) + "/ws"

    # ------------------------------------------------------------------ account
    async def login(self) -> None:
        async with httpx.AsyncClient(base_url=self.base_url, timeout=30) as http:
            if self.secret is not None:
                r = await http.post("/api/auth/bot",
                                    json={"username": self.name, "secret": self.secret})
            else:
                body = {"username": self.name, "password": self.password}
                # Sign up first: a taken name (409) means the player exists, so log in.
                # (Logging in first would count failed logins against the shared address.)
                r = await http.post("/api/auth/register", json=body)
                if r.status_code == 409:
                    r = await http.post("/api/auth/login", json=body)
            r.raise_for_status()
            self.token = r.json()["token"]

    async def pick_table(self, index: int = 0) -> str:
        async with httpx.AsyncClient(base_url=self.base_url, timeout=30) as http:
            tables = (await http.get("/api/lobby")).json()["tables"]
        poker_tables = [t for t in tables if t["kind"] == "poker" and t["taken"] < t["seats"]]
        return str(poker_tables[index % len(poker_tables)]["id"]) if poker_tables else tables[0]["id"]

    # ------------------------------------------------------------------ the loop
    async def run(self) -> BotStats:
        """Play until `hands` hands were played (forever when None); reconnect on any drop."""
        while not self._done.is_set():
            try:
                if self.token is None:
                    await self.login()
                if self.table is None:
                    self.table = await self.pick_table()
                await self._session()
            except (OSError, websockets.WebSocketException, httpx.HTTPError) as exc:
                log.debug("%s: connection lost (%s); reconnecting", self.name, exc)
            if self._done.is_set():
                break
            self.stats.reconnects += 1
            self._sitting = self._seated = False
            self._use(self._url_index + 1)  # the next node, if there are several
            await asyncio.sleep(0.3 + self.rng.random() * 0.7)
        return self.stats

    async def _session(self) -> None:
        headers = {"Authorization": f"Bearer {self.token}"}
        async with websockets.connect(self.ws_url, additional_headers=headers,
                                      max_size=1 << 22, open_timeout=10) as ws:
            self.ws = ws
            await self._send({"type": "hello", "last_versions": dict(self.versions)})
            while True:
                try:  # (a timeout now and then: a bot left alone hears nothing)
                    text = await asyncio.wait_for(ws.recv(), timeout=1.0)
                except TimeoutError:
                    text = None
                if text is not None:
                    await self._on(json.loads(text))
                if self._alone_too_long():
                    log.info("%s: alone at %s after %d of %d hands; stopping", self.name,
                             self.table, self.stats.hands, self.hands_wanted)
                    self._done.set()
                if self._done.is_set():
                    await self._leave()
                    return

    def _alone_too_long(self) -> bool:
        return (self.hands_wanted is not None and self.stats.hands > 0
                and self._alone_since is not None
                and time.monotonic() - self._alone_since >= self.alone_s)

    async def _send(self, message: dict[str, Any]) -> None:
        message.setdefault("v", 1)
        await self.ws.send(json.dumps(message))

    async def _leave(self) -> None:
        if self.table is not None:
            try:
                await self._send({"type": "leave", "table": self.table})
                await asyncio.sleep(0.05)
            except websockets.WebSocketException:
                pass

    # ------------------------------------------------------------------ messages
    async def _on(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "welcome":
            if message.get("account") is None:
                self.token = None
                raise websockets.WebSocketException("session no longer valid")
            self.balance = message["account"]["balance"]
            if self.table not in self.versions:
                await self._send({"type": "observe", "table": self.table})
        elif kind in ("table_view", "table_events", "uth_view"):
            if message.get("table") != self.table:
                return
            if self._rtt_start is not None:
                # The round trip of an action: sent -> the table's answer to it arrives.
                self.stats.latencies_ms.append((time.perf_counter() - self._rtt_start) * 1000)
                self._rtt_start = None
            self.versions[self.table] = message["version"]
            await self._on_view(message["view"])
        elif kind == "hand_result":
            if (message.get("table") == self.table and message.get("hand") in self._hands_seen
                    and self.hands_wanted is not None
                    and len(self._hands_seen) >= self.hands_wanted):
                self._done.set()
        elif kind == "balance":
            self.balance = message["balance"]
        elif kind == "error":
            self.stats.refusals += 1
            if message.get("code") == "rate_limited":
                await self._again()
            if message.get("code") in ("insufficient_funds",):
                log.warning("%s: %s", self.name, message.get("reason"))
                self._done.set()
            elif message.get("code") in ("seat_taken", "table_full", "refused", "bad_buy_in"):
                self._sitting = False
            elif message.get("code") == "already_seated":
                self._sitting = True

    async def _on_view(self, view: dict[str, Any]) -> None:
        self.kind = view.get("kind", "poker")
        self._view = view
        you = view.get("you")
        if you is None:
            if self._seated:  # unseated: bust (its seat is freed after the hand) or left
                self._seated = self._sitting = False
            if not self._sitting:
                await self._sit(view)
            return
        self._sitting = self._seated = True
        if self.kind == "uth":  # (the house plays with a bot alone at a UTH table)
            await self._on_uth(view)
            return
        alone = not any(s.get("status") != "empty" and not s.get("is_you") for s in view["seats"])
        if not alone:
            self._alone_since = None
        elif self._alone_since is None:
            self._alone_since = time.monotonic()
        if view.get("hand") is not None:
            if view["hand"] not in self._hands_seen and any(
                s.get("is_you") and s.get("status") not in ("waiting", "sitting_out", "empty")
                for s in view["seats"]
            ):
                self._hands_seen.add(view["hand"])
                self.stats.hands = len(self._hands_seen)
        if you.get("sitting_out"):
            key = ("sit_in", view.get("hand"))
            if key not in self._answered:
                self._answered.add(key)
                await self._send({"type": "sit_in", "table": self.table})
        legal = view.get("legal")
        self._open = None
        if not legal or legal.get("after_hand"):  # R-SD-5's optional show: bots keep quiet
            return
        key = (legal["hand"], legal["action_no"])
        self._open = key
        if key in self._answered:
            return
        self._answered.add(key)
        if len(self._answered) > 5000:
            self._answered.clear()
            self._answered.add(key)
        if legal.get("draw"):  # draw games: exchange cards (R-DRAW-2)
            action, amount = "draw", None
        else:
            action, amount = poker.decide(view, legal, self.rng)
        await self._think()
        message: dict[str, Any] = {"type": "act", "table": self.table, "hand": legal["hand"],
                                   "action_no": legal["action_no"], "action": action}
        if amount is not None:
            message["amount"] = amount
        if action == "draw":
            message["cards"] = poker.draw_cards(view)
        self._rtt_start = time.perf_counter()
        self.stats.actions += 1
        self._pending = (key, message)
        await self._send(message)

    async def _again(self) -> None:
        """The server dropped a message for coming too fast: the last action is sent again
        after a pause if that decision is still open (a dropped action is no answer, and the
        table would wait for the clock, then sit the bot out). A dropped sit or sit-in is sent
        again too: a heads-up table would otherwise wait for this bot forever."""
        await asyncio.sleep(0.2 + self.rng.random() * 0.3)
        view = self._view
        if self._pending is not None and self._pending[0] == self._open:
            await self._send(self._pending[1])
        elif view is not None and view.get("you") is None and not self._seated:
            await self._sit(view)  # an already_seated answer only marks it seated
        elif view is not None and (view.get("you") or {}).get("sitting_out"):
            await self._send({"type": "sit_in", "table": self.table})

    async def _sit(self, view: dict[str, Any]) -> None:
        self._sitting = True
        if view.get("kind") == "uth":
            await self._send({"type": "sit", "table": self.table})
            return
        stakes = view.get("stakes", {})
        big = stakes.get("big_blind") or stakes.get("big_bet") or 1
        low, high = view.get("min_buy_in") or 0, view.get("max_buy_in")
        buy_in = max(low, 50 * big)
        if high is not None:
            buy_in = min(buy_in, high)
        await self._send({"type": "sit", "table": self.table, "buy_in": buy_in, "blind": "post"})

    async def _on_uth(self, view: dict[str, Any]) -> None:
        me = next((s for s in view.get("seats", []) if s.get("is_you")), None)
        if me is None:
            return
        round_no = view.get("round")
        if view.get("phase") in ("betting", "settled", None) and not me.get("ante"):
            key = ("bet", round_no)
            if key not in self._answered:
                self._answered.add(key)
                if self.hands_wanted is not None and self.stats.hands >= self.hands_wanted:
                    self._done.set()
                    return
                self.stats.hands += 1
                limits = view.get("limits", {})
                ante = limits.get("ante_min", 50)
                trips = limits.get("trips_min", 0) if self.rng.random() < 0.3 else 0
                await self._think()
                await self._send({"type": "uth_bet", "table": self.table, "ante": ante,
                                  "trips": trips})
            return
        legal = view.get("legal")
        if not legal or not legal.get("decisions"):
            return
        key = ("decide", legal.get("round"), view.get("phase"))
        if key in self._answered:
            return
        self._answered.add(key)
        await self._think()
        self.stats.actions += 1
        await self._send({"type": "uth_decide", "table": self.table, "round": legal["round"],
                          "decision": uth.decide(view, legal)})

    async def _think(self) -> None:
        low, high = self.think_s
        if high > 0:
            await asyncio.sleep(low + self.rng.random() * (high - low))

    def stop(self) -> None:
        self._done.set()
