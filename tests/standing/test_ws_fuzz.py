"""The standing WebSocket fuzzer (issue 12): random and mutated messages of every type, from
several accounts at once, over real sockets to a real server.

After each batch: no `internal` error on any socket, every account's socket still answers
(no socket of another account was affected), and at the end chips are conserved and
`pokerroom audit` is clean. The default run is small (bounded examples); `-m slow` runs more.
"""

from __future__ import annotations

import asyncio
import json
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.sync.client import ClientConnection, connect

sys.path.insert(0, str(Path(__file__).resolve().parent))
from livehelpers import ThreadServer  # noqa: E402

from pokerroom.cli.audit import audit_url  # noqa: E402

PASSWORD = "correct horse battery"
ACCOUNTS = ("fuzz_a", "fuzz_b", "fuzz_c")
TABLES = ("antares-1", "deneb", "fomalhaut", "izar-1", "nope")
TYPES = ("hello", "ping", "lobby_subscribe", "lobby_unsubscribe", "observe", "unobserve", "sit",
         "act", "sit_out", "sit_in", "auto_post", "top_up", "leave", "wait_list", "chat",
         "uth_bet", "uth_decide")
FUZZED = {"messages": 0}

anything = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                 max_size=3),
    max_leaves=6)


@st.composite
def message(draw: st.DrawFn) -> str:
    kind = draw(st.sampled_from(TYPES))
    body: dict[str, Any] = {"type": kind, "v": 1}
    plausible = {
        "table": st.sampled_from(TABLES), "buy_in": st.integers(-10, 60_000),
        "seat": st.integers(-1, 10) | st.none(), "hand": st.integers(0, 5),
        "action_no": st.integers(0, 10),
        "action": st.sampled_from(["fold", "check", "call", "bet", "raise", "bring_in",
                                   "complete", "show", "muck", "x"]),
        "amount": st.integers(-5, 30_000) | st.none(), "text": st.text(max_size=30),
        "ante": st.integers(-5, 9000), "trips": st.integers(-5, 6000), "round": st.integers(0, 4),
        "decision": st.sampled_from(["play4", "play1", "check", "fold", "x"]),
        "on": st.booleans(), "last_versions": st.dictionaries(st.sampled_from(TABLES),
                                                              st.integers(-5, 2**40), max_size=3),
    }
    for field, strategy in plausible.items():
        if draw(st.booleans()):
            body[field] = draw(strategy)
    if draw(st.integers(0, 9)) == 0:  # mutate: a field of any type, or raw bytes
        body[draw(st.sampled_from([*plausible, "type", "v", "ref"]))] = draw(anything)
    if draw(st.integers(0, 19)) == 0:
        return draw(st.text(max_size=40))
    return json.dumps(body)


class Player:
    def __init__(self, live: ThreadServer, name: str) -> None:
        r = httpx.post(f"{live.base}/api/auth/register",
                       json={"username": name, "password": PASSWORD}, timeout=10)
        assert r.status_code == 201, r.text
        self.ws: ClientConnection = connect(
            f"ws://127.0.0.1:{live.settings.port}/ws", max_size=1 << 22,
            additional_headers={"Authorization": f"Bearer {r.json()['token']}"})
        self.received: list[dict[str, Any]] = []
        self.lock = threading.Lock()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        try:
            for text in self.ws:
                with self.lock:
                    self.received.append(json.loads(text))
        except Exception:  # noqa: BLE001 - closed: the invariant check sees it
            pass

    def alive(self, ref: str) -> bool:
        self.ws.send(json.dumps({"type": "ping", "v": 1, "ref": ref}))
        for _ in range(200):
            with self.lock:
                if any(m.get("type") == "pong" for m in self.received):
                    return True
            threading.Event().wait(0.02)
        return False


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ThreadServer, list[Player]]]:
    with ThreadServer(tmp_path_factory.mktemp("fuzz")) as live:
        players = [Player(live, name) for name in ACCOUNTS]
        yield live, players
        for p in players:
            p.ws.close()
    ok, text = asyncio.run(audit_url(live.settings.database_url))
    assert ok, text  # chips conserved, every hand and round replays
    print(f"websocket fuzzer: {FUZZED['messages']} messages")


def run_batch(players: list[Player], batch: list[tuple[int, str]]) -> None:
    for who, text in batch:
        players[who].ws.send(text)
        FUZZED["messages"] += 1
    for i, p in enumerate(players):
        assert p.alive(f"alive{i}"), f"{ACCOUNTS[i]}'s socket stopped answering"
        with p.lock:
            internal = [m for m in p.received if m.get("type") == "error"
                        and m.get("code") == "internal"]
        assert not internal, internal
        with p.lock:
            p.received.clear()


BATCH = st.lists(st.tuples(st.integers(0, len(ACCOUNTS) - 1), message()), min_size=1, max_size=12)


@settings(max_examples=15, deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
@given(batch=BATCH)
def test_fuzzed_messages_never_break_the_server_or_another_socket(room: Any, batch: Any) -> None:
    run_batch(room[1], batch)


@pytest.mark.slow
@settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
@given(batch=BATCH)
def test_fuzzed_messages_long_run(room: Any, batch: Any) -> None:
    run_batch(room[1], batch)
