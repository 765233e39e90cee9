"""Hidden information: hundreds of random hands at three tables (hold'em, Omaha hi-lo, stud)
with several players and an observer; every message each client receives is recorded, and
none may carry a card its receiver may not see at that moment.

The oracle is independent of the server's filtering: each stored hand record is replayed
with the engine to the full, unfiltered event list, and visibility is decided here from the
rules (own hole cards; board and up cards once dealt; shown hands; mucked hands only to the
players dealt in, R-SD-2). A message's moment is the number of that hand's events the client
has received, which is the same for every receiver.
"""

from __future__ import annotations

import asyncio
import random
import re
from typing import Any

from roomharness import (
    Client,
    latest_view,
    make_settings,
    of_type,
    register,
    simple_decision,
    start_server,
    stop_server,
)
from sqlalchemy import select

from pokerroom.core.cards import Card
from pokerroom.core.rules import (
    BoardDealt,
    CardsMucked,
    HandShown,
    HoleCardsDealt,
    UpCardDealt,
    replay,
)
from pokerroom.storage.database import open_database
from pokerroom.storage.models import Hand
from pokerroom.storage.records import decode_record

TABLES = ("antares-1", "electra", "fomalhaut")
HAND_EVENTS = frozenset({
    "HandStarted", "AntePosted", "BlindPosted", "HoleCardsDealt", "UpCardDealt", "BoardDealt",
    "StreetStarted", "BringInPosted", "Folded", "Checked", "Called", "BetPlaced", "RaisedTo",
    "Completed", "BetReturned", "BetsCollected", "HandShown", "CardsMucked", "RakeTaken",
    "PotAwarded", "HandEnded",
})  # fmt: skip
CARD = re.compile(r"^[2-9TJQKA][cdhs]$")


def cards_in(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value} if CARD.match(value) else set()
    if isinstance(value, dict):
        return set().union(*(cards_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(cards_in(v) for v in value)) if value else set()
    return set()


def visible(events: tuple[Any, ...], upto: int, seat: int | None, dealt_in: set[int]) -> set[str]:
    """The cards `seat` (None: an observer) may know after the first `upto` events."""
    seen: set[str] = set()
    for ev in events[:upto]:
        if isinstance(ev, HoleCardsDealt) and ev.seat == seat:
            seen.update(str(Card.from_code(c)) for c in ev.cards)
        elif isinstance(ev, UpCardDealt):
            seen.add(str(Card.from_code(ev.card)))
        elif isinstance(ev, (BoardDealt, HandShown)):
            seen.update(str(Card.from_code(c)) for c in ev.cards)
        elif isinstance(ev, CardsMucked) and (seat == ev.seat or seat in dealt_in):
            seen.update(str(Card.from_code(c)) for c in ev.cards)
    return seen


async def drive(players: dict[str, Client], hands: int, rng: random.Random) -> None:
    """Each player acts at random on every prompt, and sits (in) again after busting."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 240
    answered: set[tuple[Any, ...]] = set()
    observer = players.pop("_observer")
    seen_errors: dict[str, int] = {name: 0 for name in players}
    must_bring: dict[tuple[str, str], int] = {}
    waiting: dict[tuple[str, str], float] = {}  # a sit or sit_in sent, not answered yet

    def results() -> int:
        return sum(1 for m in observer.received if m["type"] == "hand_result")

    while results() < hands:
        assert loop.time() < deadline, f"only {results()} hands"
        for name, client in players.items():
            errors = [m for m in client.received[seen_errors[name]:] if m["type"] == "error"]
            seen_errors[name] += len(client.received[seen_errors[name]:])
            for err in errors:
                waiting.pop((name, err.get("table")), None)
                found = re.search(r"with (\d+)", err["reason"])
                if err.get("rule") == "R-BUYIN-3" and found:
                    must_bring[(name, err["table"])] = int(found.group(1))
            for table in TABLES:
                view = latest_view(client, table)
                if view is None:
                    continue
                you = view["you"]
                pending = waiting.get((name, table), 0.0) > loop.time()
                if you is None and not pending:
                    waiting[(name, table)] = loop.time() + 2.0
                    amount = max(view["min_buy_in"] * 2, must_bring.get((name, table), 0))
                    await client.send(type="sit", table=table, buy_in=amount, blind="post")
                    continue
                if you is not None and you["sitting_out"] and not pending:
                    waiting[(name, table)] = loop.time() + 2.0
                    await client.send(type="sit_in", table=table)
                legal = view.get("legal")
                if legal and (name, table, legal["hand"], legal["action_no"]) not in answered:
                    answered.add((name, table, legal["hand"], legal["action_no"]))
                    action, amount = simple_decision(legal, rng)
                    msg: dict[str, Any] = {"type": "act", "table": table, "hand": legal["hand"],
                                           "action_no": legal["action_no"], "action": action}
                    if amount is not None:
                        msg["amount"] = amount
                    await client.send(**msg)
        await asyncio.sleep(0.005)
    players["_observer"] = observer


async def test_no_message_carries_a_card_its_receiver_may_not_see(tmp_path) -> None:
    # Test players act at machine speed on three tables at once: a looser rate limit.
    server = await start_server(make_settings(tmp_path, rate_per_second=200.0, rate_burst=400))
    try:
        await check_hidden_information(server)
    finally:
        await stop_server(server)


async def check_hidden_information(server) -> None:
    names = ["ann", "ben", "cat", "dan"]
    tokens = {n: await register(server, n) for n in names + ["olga"]}
    ids: dict[str, str] = {}
    async with server.http() as http:
        for n, t in tokens.items():
            me = await http.get("/api/auth/me", headers={"Authorization": f"Bearer {t}"})
            ids[n] = str(me.json()["account"]["id"])
    clients = {n: await Client.connect(server.ws_url, token=tokens[n]) for n in names}
    observer = await Client.connect(server.ws_url, token=tokens["olga"])  # logged in, not seated
    anonymous = await Client.connect(server.ws_url)
    for c in [*clients.values(), observer, anonymous]:
        await c.send(type="hello")
        await c.wait_for(of_type("welcome"))
        for table in TABLES:
            await c.send(type="observe", table=table)
    for c in [*clients.values(), observer, anonymous]:
        for table in TABLES:
            await c.wait_for(lambda m, t=table: m.get("table") == t and m["type"] == "table_view")
    await drive({**clients, "_observer": observer}, hands=200, rng=random.Random(7))
    await asyncio.sleep(0.3)

    # The oracle: every hand's full events, from the stored records.
    db = await open_database(server.settings.database_url, migrate=False)
    truth: dict[tuple[str, int], tuple[tuple[Any, ...], dict[str, int], set[int]]] = {}
    async with db.read() as session:
        for row in (await session.execute(select(Hand).where(Hand.status == "settled"))).scalars():
            if not row.record:
                continue
            record = decode_record(row.record)
            events = replay(record).events
            seats = {s.name: s.seat for s in record.seats}
            truth[(row.table_id, row.hand_number)] = (events, seats, {s.seat for s in record.seats})
    await db.close()
    assert len(truth) >= 200
    last_settled = {t: max(n for (tt, n) in truth if tt == t) for t in TABLES}

    receivers = {**{n: (c, ids[n]) for n, c in clients.items()},
                 "olga": (observer, ids["olga"]), "anonymous": (anonymous, None)}
    checked = 0
    for who, (client, account) in receivers.items():
        counters: dict[tuple[str, int], int] = {}
        current: dict[str, int] = {}
        for message in client.received:
            table = message.get("table")
            if table not in TABLES:
                continue
            key = None
            if message["type"] == "table_events":
                for ev in message["events"]:
                    if ev["type"] == "HandDealt":
                        current[table] = ev["hand_number"]
                    if ev["type"] in HAND_EVENTS:
                        k = (table, current[table])
                        counters[k] = counters.get(k, 0) + 1
                key = (table, current.get(table, -1))
            elif message["type"] == "hand_result":
                key = (table, message["hand"])
            elif message["type"] == "table_view":
                assert not cards_in(message["view"]) or message["view"]["hand"] is None or \
                    False, "a full view mid-hand at the start of this test"
                continue
            shown = cards_in(message)
            if not shown:
                continue
            if key not in truth and key[1] > last_settled[key[0]]:
                continue  # the hand still running when the test stopped: no final record
            assert key in truth, f"{who}: cards for a hand with no record {key}: {message}"
            events, seats, dealt_in = truth[key]
            seat = seats.get(account) if account is not None else None
            allowed = visible(events, counters.get(key, 0), seat, dealt_in)
            leaked = shown - allowed
            assert not leaked, f"{who} (seat {seat}) saw {leaked} in {message}"
            checked += 1
    assert checked > 1000
    for c in [*clients.values(), observer, anonymous]:
        await c.close()
