"""Many cheap poker bots in one process, for `pokerroom bench server` (issue 11).

    python -m pokerroom.bots.swarm plan.json      # then commands on stdin, one a line

The plan is a JSON file: {"base": "http://127.0.0.1:PORT", "bots": [[name, table], ...],
"think_ms": MS, "seed": N, "secret": the room's bot secret}. Each bot logs in over REST
with the secret (`/api/auth/bot`; its bot account is made on the first login), opens its WebSocket, observes its
table, sits down and plays with a cheap random policy (no hand evaluation: the bots must not
be the bottleneck), thinking uniformly between 0.5*MS and 1.5*MS before each action. Commands,
each answered with one JSON line on stdout:
  status  -> {"connected": n, "playing": n}       (playing: bots that took an action)
  mark    -> {"ok": true}                          (start of the measured window)
  report  -> {"actions": n, "rtt_ms": [...]}       (since the mark)
  quit    -> exits
The round trip is from an action sent to the next message of its table received (the table
answers every action with its events), as `pokerroom.bots.client` measures it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import sys
import time
from typing import Any

import httpx
import websockets

try:  # a fast decoder when present; the bots decode every message they get
    import orjson

    loads: Any = orjson.loads
except ImportError:  # pragma: no cover - orjson is a dependency
    loads = json.loads

TABLE_MESSAGES = frozenset({"table_view", "table_events"})
# Bots logging in and sitting down at once per process: enough for the server to group
# their writes into one commit.
LOGINS_AT_ONCE = 48
SEAT_WAIT_S = 60.0  # the most a bot holds its place in the login queue waiting to sit
SIGN_UP_PATIENCE_S = 900.0
# A refused (rate-limited) act is sent again after this long: the server's bucket gives a
# socket 20 messages a second, which bots acting at once at a short-handed table can pass.
RESEND_AFTER_S = 0.1


class Swarm:
    def __init__(self, base: str, think_ms: float, seed: int, secret: str) -> None:
        self.base = base.rstrip("/")
        self.secret = secret
        self.ws_url = self.base.replace("http", "ws", 1) + "/ws"
        self.think = (think_ms * 0.0005, think_ms * 0.0015)
        self.rng = random.Random(seed)
        self.connected = 0
        self.playing = 0
        self.actions = 0
        self.rtt_ms: list[float] = []
        self.errors: dict[str, int] = {}  # refusals by code (a healthy run has none)

    async def sign_up(self, http: httpx.AsyncClient, name: str) -> str:
        """The bot's session token. A busy server (503, a timeout) is asked again, ever more
        slowly, for up to SIGN_UP_PATIENCE_S; each failure is counted in `errors` (a bot that
        gave up after a few quick 503s used to vanish from the run without a word)."""
        body = {"username": name, "secret": self.secret}
        loop = asyncio.get_running_loop()
        deadline = loop.time() + SIGN_UP_PATIENCE_S
        pause = 0.5
        while True:
            try:
                r = await http.post("/api/auth/bot", json=body)
                r.raise_for_status()
                return str(r.json()["token"])
            except httpx.HTTPStatusError as exc:
                self.count(f"sign_up_{exc.response.status_code}")
            except httpx.HTTPError as exc:
                self.count(f"sign_up_{type(exc).__name__}")
            if loop.time() > deadline:
                raise RuntimeError(f"{name}: could not sign up")
            await asyncio.sleep(pause * (0.5 + self.rng.random()))
            pause = min(pause * 2, 8.0)

    def count(self, code: str) -> None:
        self.errors[code] = self.errors.get(code, 0) + 1

    async def bot(self, token: str, table: str, seated: asyncio.Event) -> None:
        async with websockets.connect(self.ws_url, max_size=1 << 22, open_timeout=60,
                                      additional_headers={"Authorization": f"Bearer {token}"},
                                      ping_interval=None) as ws:
            self.connected += 1
            try:
                await self.play(ws, table, seated)
            finally:
                self.connected -= 1

    async def play(self, ws: Any, table: str, seated: asyncio.Event) -> None:
        rng = self.rng
        low, high = self.think
        acted = False
        answered: tuple[int, int] | None = None
        sitting = False  # a request to sit is on its way
        sat_in: Any = -1
        sent_at: float | None = None
        last_act: dict[str, Any] | None = None  # sent again if the server drops it (rate)

        async def send(message: dict[str, Any]) -> None:
            message["v"] = 1
            await ws.send(json.dumps(message))

        await send({"type": "hello", "last_versions": {}})
        await send({"type": "observe", "table": table})
        async for text in ws:
            message = loads(text)
            if message.get("type") == "error":
                code = message.get("code", "?")
                self.count(code)
                if code == "rate_limited" and last_act is not None:
                    # The server dropped a message of ours, maybe the act it waits for: left
                    # alone, the table would wait for the clock. Sent again once the bucket
                    # has refilled; an act already taken is refused again, harmlessly.
                    await asyncio.sleep(RESEND_AFTER_S)
                    sent_at = time.perf_counter()
                    await send(dict(last_act))
                continue
            if message.get("type") not in TABLE_MESSAGES or message.get("table") != table:
                continue
            if sent_at is not None:
                self.rtt_ms.append((time.perf_counter() - sent_at) * 1000)
                sent_at = None
            view = message["view"]
            you = view.get("you")
            if you is None:  # not seated (yet, or again after losing a stack): sit down
                if not sitting:
                    sitting = True
                    big = view["stakes"]["big_blind"]
                    await send({"type": "sit", "table": table, "blind": "post",
                                "buy_in": min(view["max_buy_in"],
                                              max(view["min_buy_in"], 50 * big))})
                continue
            sitting = False  # seated: no request pending
            seated.set()
            if you.get("sitting_out") and view.get("hand") != sat_in:
                sat_in = view.get("hand")
                await send({"type": "sit_in", "table": table})
            legal = view.get("legal")
            if not legal or legal.get("after_hand"):
                continue
            key = (legal["hand"], legal["action_no"])
            if key == answered:
                continue
            answered = key
            if high > 0:
                await asyncio.sleep(low + rng.random() * (high - low))
            act: dict[str, Any] = {"type": "act", "table": table, "hand": key[0],
                                   "action_no": key[1]}
            u = rng.random()
            span = legal.get("raise") or legal.get("bet")
            if legal.get("draw"):  # draw games: the swarm stands pat (R-DRAW-2)
                act["action"] = "draw"
                act["cards"] = []
            elif span and u < 0.08:
                act["action"] = "raise" if legal.get("raise") else "bet"
                act["amount"] = span["min"]
            elif legal.get("call"):
                act["action"] = "fold" if u < 0.3 else "call"
            else:
                act["action"] = "check"
            if not acted:
                acted = True
                self.playing += 1
            self.actions += 1
            sent_at = time.perf_counter()
            last_act = act
            await send(dict(act))

    async def run_bot(self, http: httpx.AsyncClient, gate: asyncio.Semaphore, name: str,
                      table: str) -> None:
        # The gate is held from the login until the bot sits (or SEAT_WAIT_S passed): the
        # crowd comes in as a stream of players who sit down, not as 6,000 logins at once
        # whose writes starve the few sits among them (issue 11: at 1,000 tables, 4,000 bots
        # had logged in and 158 sat after two minutes).
        seated = asyncio.Event()
        async with gate:
            token = await self.sign_up(http, name)
            playing = asyncio.create_task(self.keep_playing(token, table, seated))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(seated.wait(), SEAT_WAIT_S)
        await playing

    async def keep_playing(self, token: str, table: str, seated: asyncio.Event) -> None:
        while True:
            try:
                await self.bot(token, table, seated)
            except (TimeoutError, OSError, websockets.WebSocketException) as exc:
                self.count(f"socket_{type(exc).__name__}")  # (a refusal at the upgrade too)
            else:
                self.count("socket_closed")
            await asyncio.sleep(0.5 + self.rng.random())


async def serve_commands(swarm: Swarm) -> None:
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    while line := (await reader.readline()).decode().strip():
        if line == "status":
            answer: dict[str, Any] = {"connected": swarm.connected, "playing": swarm.playing}
        elif line == "mark":
            swarm.actions, swarm.rtt_ms = 0, []
            answer = {"ok": True}
        elif line == "report":
            answer = {"actions": swarm.actions, "rtt_ms": swarm.rtt_ms, "errors": swarm.errors}
        else:
            return
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


async def main(plan_path: str) -> None:
    with open(plan_path, encoding="utf-8") as f:
        plan = json.load(f)
    swarm = Swarm(plan["base"], float(plan["think_ms"]), int(plan["seed"]), str(plan["secret"]))
    limits = httpx.Limits(max_connections=LOGINS_AT_ONCE)
    async with httpx.AsyncClient(base_url=swarm.base, timeout=60, limits=limits) as http:
        gate = asyncio.Semaphore(LOGINS_AT_ONCE)
        bots = [asyncio.create_task(swarm.run_bot(http, gate, name, table))
                for name, table in plan["bots"]]
        await serve_commands(swarm)
        for task in bots:
            task.cancel()
        await asyncio.gather(*bots, return_exceptions=True)


if __name__ == "__main__":
    try:
        import uvloop
    except ImportError:  # pragma: no cover - uvicorn[standard] brings it on Linux
        asyncio.run(main(sys.argv[1]))
    else:
        uvloop.run(main(sys.argv[1]))
