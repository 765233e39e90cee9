"""A tournament hand's PokerStars export: the tournament's stored number, and the finish
line of every player out in the hand, re-entries included (issue 13).

Before, the number was a hash of the tournament's name, and an account with several entries
out (R-TOURN-11, re-entry) got no `finished the tournament in Nth place` line at all: the
export did not know which of its entries went out in which hand."""

from __future__ import annotations

import random

from sqlalchemy import select
from tests.services.test_tournament_export_level import FakeTime, _accounts

from pokerroom.core import rules
from pokerroom.services.client_seeds import ClientSeeds
from pokerroom.services.decks import SeededDeckSource
from pokerroom.services.hands import HandStore
from pokerroom.services.history import record_of
from pokerroom.services.tournament_director import TournamentDirector, account_of
from pokerroom.services.tournament_exports import tournament_hand_info
from pokerroom.services.tournament_numbers import tournament_number
from pokerroom.storage.database import Database
from pokerroom.storage.models import Hand

SPEC = {
    "name": "again", "seats": 3, "max_entrants": 6, "min_entrants": 6, "buy_in": 100,
    "fee": 10, "starting_chips": 200, "reentry": 3, "late_registration_levels": 4,
    # one paid place: the pool is final (no more entries) only with two players left
    "payouts": [{"entrants": [2, 40], "shares": [100]}],
    "levels": [{"small_blind": 25, "big_blind": 50, "hands": 3} for _ in range(4)]
    + [{"small_blind": 100, "big_blind": 200, "hands": 3}],
}  # fmt: skip


def _shove(hand: rules.Hand) -> rules.Action:
    """All in at every turn: players go out fast, and come back while they may."""
    legal = hand.legal_actions()
    seat = legal.seat
    if legal.raise_to is not None:
        return rules.RaiseTo(seat=seat, amount=legal.raise_to[1])
    if legal.bet is not None:
        return rules.Bet(seat=seat, amount=legal.bet[1])
    if legal.call is not None:
        return rules.Call(seat=seat)
    if legal.check:
        return rules.Check(seat=seat)
    return rules.MuckCards(seat=seat)


async def _play(db: Database, tournament_id: str, ids: list[int], seed: int
                ) -> tuple[TournamentDirector, dict[int, dict[int, str]]]:
    """Play the tournament to its end, re-entering every account out while it may; returns
    the director and, by hand number, the entry each account played that hand with."""
    clock = FakeTime()
    d = TournamentDirector(db, tournament_id, SPEC, decks=SeededDeckSource(seed),
                           draw=random.Random(seed), monotonic_ms=clock,
                           client_seeds=ClientSeeds())  # fmt: skip
    await d.open()
    d.start_actor()
    played: dict[int, dict[int, str]] = {}
    try:
        for account in ids:
            await d.register(account)
        while d.t.status != "finished" and len(played) < 300:
            # An account has one entry in play at a time (a re-entry only once out), so a
            # hand dealt and over within one step (every player all in from the blinds) was
            # played with the entries in play before that step; one seen live is read live.
            before = {account_of(e): e for e, x in d.t.entries.items() if not x.busted}
            first = d.hand_seq + 1
            await d.step()
            for n, live in d.live.items():
                dealt = d.t.tables[n].dealt
                played.setdefault(live.number, {account_of(e): e for e in dealt.values()})
            for number in range(first, d.hand_seq + 1):
                played.setdefault(number, before)
            if d.t.late_registration_open():
                for account in ids:
                    mine = [e for e in d.t.entries.values() if e.player == str(account)]
                    if all(e.busted for e in mine) and len(mine) <= SPEC["reentry"]:
                        await d.register(account)
            waiting = d.to_act()
            if waiting:
                _table, entry, hand = waiting[0]
                clock.ms += 1000
                await d.act(entry, _shove(hand))
    finally:
        await d.stop_actor()
    return d, played


async def test_R_TOURN_11_every_entry_out_gets_its_finish_line_re_entries_included(
        db: Database) -> None:
    ids = await _accounts(db, 6)
    d, played = await _play(db, "again-1", ids, seed=3)
    assert d.t.status == "finished"
    entries = d.t.entries
    reentered = {account_of(e) for e in entries if "#" in e}
    assert reentered, "no account re-entered: this proves nothing"
    async with db.read() as session:
        rows = list((await session.execute(
            select(Hand).where(Hand.status == "settled").order_by(Hand.id))).scalars())
    store = HandStore(db)
    lines_of_reentered = 0
    out_entries: set[str] = set()
    for row in rows:
        stored = await store.get(row.id)
        info = await tournament_hand_info(db, stored, record_of(stored).config.stakes)
        assert info is not None
        seat_of = {s.account_id: s.seat for s in stored.seats}
        expected = []
        for account, chips in stored.final_stacks:
            entry = played[row.hand_number][account]
            e = entries[entry]
            if chips == 0 or (e.place == 1 and row.hand_number == max(played)):
                expected.append((seat_of[account], e.place, e.prize))
                out_entries.add(entry)
                lines_of_reentered += account in reentered
        assert info["finishes"] == sorted(expected), row.hand_number
    # every entry's place was written once, in the hand it went out (or won) in
    assert out_entries == set(entries)
    assert lines_of_reentered > len(reentered)


async def test_a_tournament_number_is_a_stored_serial_the_same_in_every_export(
        db: Database) -> None:
    ids = await _accounts(db, 6)
    await _play(db, "again-1", ids, seed=4)
    await _play(db, "again-2", ids, seed=5)
    first, second = (await tournament_number(db, "again-1"),
                     await tournament_number(db, "again-2"))  # fmt: skip
    assert second == first + 1  # in the order they were stored
    # a director opening the stored tournament again does not number it again
    d = TournamentDirector(db, "again-1", SPEC, decks=SeededDeckSource(1),
                           draw=random.Random(1), client_seeds=ClientSeeds())  # fmt: skip
    await d.open()
    assert await tournament_number(db, "again-1") == first
    async with db.read() as session:
        rows = list((await session.execute(select(Hand).order_by(Hand.id))).scalars())
    store = HandStore(db)
    for row in rows:
        stored = await store.get(row.id)
        if stored.status != "settled":
            continue
        info = await tournament_hand_info(db, stored, record_of(stored).config.stakes)
        assert info is not None
        number = first if row.table_id.startswith("again-1/") else second
        assert info["number"] == number
        assert info["table_name"] == f"{number} {row.table_id.rpartition('/')[2]}"
