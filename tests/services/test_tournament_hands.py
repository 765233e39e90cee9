"""Tournament hands are hand records like cash hands (services.hands, kind `tournament`):
each is stored from its start (commitment and client seeds, no card) to its end (record,
final stacks, the server seed revealed) in the director's transaction; they are in the
players' history and replay, export to PokerStars and PHH, `pokerroom audit` replays them
(and catches a changed result), their decks are proven by docs/FAIRNESS.md, and their chips
never touch the ledger. A director lost mid-hand: the hand is voided, numbering goes on.
"""

from __future__ import annotations

import datetime
import json
import random

from sqlalchemy import select, update

from pokerroom.bots.tournament import policy
from pokerroom.cli.serve import pokerstars_exporter
from pokerroom.core.rules import replay
from pokerroom.history.phh_export import to_phh
from pokerroom.services.audit import default_replayers, run_audit
from pokerroom.services.cashier import Cashier
from pokerroom.services.client_seeds import ClientSeeds
from pokerroom.services.decks import SeededDeckSource
from pokerroom.services.fairness import hand_proof, problems
from pokerroom.services.hands import TOURNAMENT, HandStore
from pokerroom.services.history import HandHistory, record_of, replay_steps, seat_of
from pokerroom.services.recovery import recover
from pokerroom.services.seal import SealKey
from pokerroom.services.tournament_director import TournamentDirector
from pokerroom.services.tournament_view import viewer_picture
from pokerroom.storage.database import Database
from pokerroom.storage.models import Account, Hand, LedgerTransaction

SPEC = {
    "name": "three", "seats": 3, "max_entrants": 3, "buy_in": 100, "fee": 10,
    "starting_chips": 1000,
    "levels": [{"small_blind": 25 * 2**i, "big_blind": 50 * 2**i, "hands": 3} for i in range(12)],
}  # fmt: skip


class FakeTime:
    def __init__(self) -> None:
        self.ms = 0

    def __call__(self) -> int:
        return self.ms


async def accounts(db: Database, n: int) -> list[int]:
    async with db.write() as session:
        rows = [Account(name=f"p{i}", name_key=f"p{i}", password_hash="x", created_ms=0)
                for i in range(n)]  # fmt: skip
        session.add_all(rows)
        await session.flush()
        ids = [r.id for r in rows]
    for account in ids:
        await Cashier(db).deposit(account, 1000, key=f"d{account}")
    return ids


SEAL = SealKey.ephemeral()


def director(db: Database, clock: FakeTime, seed: int, seeds: ClientSeeds) -> TournamentDirector:
    return TournamentDirector(db, "three-1", SPEC, decks=SeededDeckSource(seed),
                              draw=random.Random(seed), monotonic_ms=clock,
                              client_seeds=seeds, seal=SEAL)  # fmt: skip


async def play(d: TournamentDirector, clock: FakeTime, rng: random.Random, actions: int,
               seen: dict[int, dict]) -> None:  # type: ignore[type-arg]
    """Bots act; `seen` gets, per hand number, the fairness each player was shown."""
    done = 0
    while done < actions and d.t.status != "finished":
        await d.step()
        for live in d.live.values():
            for account in live.accounts.values():
                picture = viewer_picture(d, account)
                text = json.dumps(picture)
                assert live.deal.server_seed_hex not in text  # never before the hand's end
                if picture["table"] and picture["table"]["hand"]:
                    seen.setdefault(live.number, picture["table"]["fairness"])
        waiting = d.to_act()
        if not waiting:
            continue
        _table, entry, hand = rng.choice(waiting)
        clock.ms += 1000
        await d.act(entry, policy(hand, rng))
        done += 1


async def test_R_TOURN_7_tournament_hands_are_stored_replayed_and_proven(db: Database) -> None:
    """R-TOURN-7 (a whole sit & go, crash included): see the module docstring."""
    ids = await accounts(db, 3)
    seeds = ClientSeeds()
    seeds.set(ids[0], "my own seed")
    clock = FakeTime()
    d = director(db, clock, 7, seeds)
    await d.open()
    d.start_actor()
    for account in ids:
        await d.register(account)
    seen: dict[int, dict] = {}  # type: ignore[type-arg]
    rng = random.Random(3)
    while not d.live:
        await play(d, clock, rng, 1, seen)
    cut_live = next(iter(d.live.values()))
    cut, cut_seed = cut_live.db_id, cut_live.deal.server_seed_hex
    await d.stop_actor()  # the process dies in the middle of a hand
    last_before = d.hand_seq
    del d
    assert (await HandStore(db).get(cut)).server_seed == ""  # sealed while in play
    await recover(db, seal=SEAL)  # as the room does at start, before the hall opens

    d2 = director(db, clock, 8, seeds)
    await d2.open()
    d2.start_actor()
    store = HandStore(db)
    voided = await store.get(cut)
    assert voided.status == "voided" and voided.server_seed == cut_seed  # revealed by the seal
    assert problems(await hand_proof(db, cut, voided.seats[0].account_id)) == []
    await play(d2, clock, rng, 100_000, seen)
    await d2.stop_actor()
    assert d2.t.status == "finished"

    async with db.read() as session:
        rows = list((await session.execute(select(Hand).order_by(Hand.id))).scalars())
        hand_txns = (await session.execute(
            select(LedgerTransaction).where(LedgerTransaction.hand_id.is_not(None)))).all()
    assert rows and all(r.kind == TOURNAMENT and r.table_id.startswith("three-1/") for r in rows)
    assert [r.hand_number for r in rows] == list(range(1, len(rows) + 1))  # one sequence
    assert len(rows) == d2.hand_seq > last_before
    assert {r.status for r in rows} == {"settled", "voided"}
    assert hand_txns == []  # tournament chips are not money
    settled = [r for r in rows if r.status == "settled"]
    assert len(seen) > len(settled) // 2

    # Fair: the commitment shown while the hand ran, the seed revealed, the deck recomputed.
    for row in settled:
        stored = await store.get(row.id)
        account = stored.seats[0].account_id
        proof = await hand_proof(db, row.id, account)
        assert problems(proof) == [], row.id
        if row.hand_number in seen:  # (a hand of all-in blinds ends as it is dealt)
            assert seen[row.hand_number] == {"hand": row.hand_number,
                                             "commitment": proof["commitment"],
                                             "client_seeds": proof["client_seeds"]}  # fmt: skip
        by_seat = sorted(stored.seats, key=lambda s: s.seat)
        if any(s.account_id == ids[0] for s in by_seat):  # seeds in seat order
            mine = next(i for i, s in enumerate(by_seat) if s.account_id == ids[0])
            assert proof["client_seeds"][mine] == "my own seed"

    # In each player's history, replayable, exportable.
    for account in ids:
        listed = await HandHistory(db).of(account, limit=500)
        played = {r.id for r in rows if account in {x["account_id"] for x in json.loads(r.seats)}}
        assert played and {h.id for h in listed} == played
    stored = await store.get(settled[-1].id)
    seat = seat_of(stored, stored.seats[0].account_id)
    steps = replay_steps(stored, seat)
    assert len(steps) == len(record_of(stored).actions) + 1
    text = pokerstars_exporter(
        record_of(stored), table_name="three-1 1", max_seats=3,
        names={s.seat: f"p{s.seat}" for s in stored.seats}, hand_id=stored.id,
        started_at=datetime.datetime.now(datetime.UTC), viewer=seat, play_chips=True)
    assert text.startswith(f"PokerStars Hand #{stored.id}:") and "$" not in text
    phh = to_phh(replay(record_of(stored)))
    assert sorted(phh.finishing_stacks or ()) == sorted(v for _, v in stored.final_stacks)

    # The audit replays every tournament hand, and catches a changed result.
    report = await run_audit(db, replayers=default_replayers())
    assert report.ok, report.discrepancies
    assert report.counts["hands_replayed"] == len(settled)
    victim = settled[0]
    result = json.loads(victim.result)
    a, b = list(result)[:2]
    result[a], result[b] = result[a] + 1, result[b] - 1
    async with db.write() as session:
        await session.execute(update(Hand).where(Hand.id == victim.id)
                              .values(result=json.dumps(result)))  # fmt: skip
    report = await run_audit(db, replayers=default_replayers())
    assert [x["check"] for x in report.discrepancies] == ["hand_replay"]
