"""Fencing of a tournament's director (issue 13 under issue 10's cluster): node a runs a sit &
go under its tournament's lease; node b takes the lease over (epoch + 1). From then on every
write of a's director, a registration (money), a hand's end (chips, prizes) or a hand's
start, is refused in its own transaction and changes nothing; b's director restores the
tournament from the stored snapshot (the hand in progress voided, every entrant with the
chips it started with) and plays it to the end; the audit is clean. PostgreSQL only: a
cluster runs on nothing else."""

from __future__ import annotations

import json
import random

import pytest
from sqlalchemy import func, select
from tests.services.test_fencing import pg  # noqa: F401 - the fixture
from tests.services.test_tournament_director import FakeTime, accounts, play

from pokerroom.services.audit import run_audit
from pokerroom.services.cashier import Cashier
from pokerroom.services.decks import SeededDeckSource
from pokerroom.services.hands import TOURNAMENT, HandSeat, HandStore
from pokerroom.services.leases import TableLeases
from pokerroom.services.tournament_director import TournamentDirector
from pokerroom.storage.database import Database
from pokerroom.storage.fencing import Fence, FencedError, tournament_lease
from pokerroom.storage.models import Hand, LedgerTransaction, TournamentRow

SPEC = {
    "name": "trio", "seats": 3, "max_entrants": 3, "buy_in": 100, "fee": 10,
    "starting_chips": 1000,
    "levels": [{"small_blind": 25 * 2**i, "big_blind": 50 * 2**i, "hands": 3} for i in range(12)],
}  # fmt: skip


async def _books(db: Database, players: list[int]) -> tuple[object, ...]:
    """What a fenced write could change: the snapshot, the ledger, the hands, the wallets."""
    async with db.read() as session:
        row = await session.get(TournamentRow, "trio-1")
        ledger = (await session.execute(select(func.count(LedgerTransaction.id)))).scalar_one()
        hands = [(h.id, h.status) for h in (await session.execute(
            select(Hand).order_by(Hand.id))).scalars()]
    cashier = Cashier(db)
    wallets = [await cashier.wallet_balance(p) for p in players]
    assert row is not None
    return row.snapshot, row.status, ledger, hands, wallets


def _director(db: Database, clock: FakeTime, seed: int) -> TournamentDirector:
    return TournamentDirector(db, "trio-1", SPEC, decks=SeededDeckSource(seed),
                              draw=random.Random(seed), monotonic_ms=clock)


async def test_a_director_whose_lease_was_taken_over_cannot_commit(pg: Database) -> None:  # noqa: F811
    players = await accounts(pg, 3)
    node_a, node_b = pg, Database(pg.url, schema=pg.schema)
    node_a.fence, node_b.fence = Fence("a"), Fence("b")
    lease = tournament_lease("trio-1")
    clock, rng = FakeTime(), random.Random(5)
    directors: list[TournamentDirector] = []

    async def run(db: Database, seed: int) -> TournamentDirector:
        d = _director(db, clock, seed)
        directors.append(d)
        await d.open()
        d.start_actor()
        return d

    try:
        epoch = await TableLeases(node_a).take(lease, node="a", ttl_ms=6000, now_ms=0)
        assert epoch == 1
        node_a.fence.tournaments["trio-1"] = epoch
        first = await run(node_a, 5)
        for player in players[:2]:
            await first.register(player)
        # b may not write for the tournament while a holds it
        with pytest.raises(FencedError):
            await node_b.run_write(lambda s: _director(node_b, clock, 1)._save(s, []))

        # a is cut off; its lease expires and b takes the tournament: epoch 2
        before = await _books(pg, players)
        assert await TableLeases(node_b).take(lease, node="b", ttl_ms=6000,
                                              now_ms=10_000) == 2
        node_b.fence.tournaments["trio-1"] = 2
        with pytest.raises(FencedError):  # a registration: the entry's money
            await first.register(players[2])
        with pytest.raises(FencedError):  # a hand's start at one of its tables
            await HandStore(node_a).begin_hand(
                "trio-1/1", 1, [HandSeat(seat=0, account_id=players[0], stack=1000)],
                kind=TOURNAMENT, check_escrow=False)
        assert await _books(pg, players) == before  # nothing changed
        await first.stop_actor()

        # b runs it from the snapshot: the third registers, it starts, hands are played
        second = await run(node_b, 6)
        assert sorted(second.t.entries) == sorted(str(p) for p in players[:2])
        await second.register(players[2])
        await play(second, clock, rng, 12)
        await second.step()  # (a hand that just ended: the next one is dealt)
        assert second.t.status == "running" and second.live, "a hand is in progress"
        dealt = sorted(second.t.entries[e].chips for n, table in second.t.tables.items()
                       if n in second.live for e in table.seats if e is not None)
        before = await _books(pg, players)

        # now b is cut off, and a takes the tournament back: epoch 3
        assert await TableLeases(node_a).take(lease, node="a", ttl_ms=6000,
                                              now_ms=20_000) == 3
        node_a.fence.tournaments["trio-1"] = 3
        with pytest.raises(FencedError):  # the end of the hand in play (chips, prizes)
            await play(second, clock, rng, 200)
        assert second.broken is not None  # its state is ahead of the store: never shown
        assert await _books(pg, players) == before  # nothing changed
        await second.stop_actor()

        # a restores it: the hand in progress voided, every entrant with its start chips
        third = await run(node_a, 7)
        async with pg.read() as session:
            voided = [h for h in (await session.execute(select(Hand))).scalars()
                      if h.status == "voided"]
        assert len(voided) == 1
        start = {s["account_id"]: s["stack"] for s in json.loads(voided[0].seats)}
        assert {a: third.t.entries[str(a)].chips for a in start} == start
        assert sorted(start.values()) == dealt
        while third.t.status != "finished":
            await play(third, clock, rng, 500)
        paid = {int(e.entry): e.prize for e in third.t.entries.values()}
        assert sum(paid.values()) == 300
        cashier = Cashier(pg)
        for player in players:
            assert await cashier.wallet_balance(player) == 1000 - 110 + paid[player]
        report = await run_audit(pg)
        assert report.ok, report.discrepancies
    finally:
        for d in directors:
            await d.stop_actor()
        await node_b.close()
