"""Poker hands in the database: begun before the deal, settled atomically with the chips.

    from pokerroom.services.hands import HandStore, HandSeat
    hands = HandStore(db)
    hand_id = await hands.begin_hand("t1", 42, [HandSeat(seat=0, account_id=7, stack=200), ...])
                                                               # before dealing: never the deck
    await hands.settle_hand(hand_id, final_stacks={7: 260, 9: 135}, rake=5, record=json_text)

Design (crash safety): chips in play are never in the ledger. A player's escrow at the table
holds the stack as of the last hand end; `begin_hand` checks each start stack equals that
escrow balance (StateError otherwise, so table and ledger cannot drift); `settle_hand`
commits, in ONE transaction, the hand row (record, final stacks, rake, status 'settled') and
one ledger transaction (key `hand:<id>`) moving each player's net result between the escrows
and the rake to the `rake` account. It refuses unless sum(final) + rake == sum(start)
(R-POT-3: chips are never created or lost). Settling twice returns the first result.
If the process dies mid-hand the row stays 'in_progress' and services.recovery voids it:
the escrows still hold the start stacks, so voiding moves no chip.
`record` is opaque text (the engine's HandRecord as JSON); `pokerroom audit` replays it.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from sqlalchemy import Table, bindparam, func, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from pokerroom.services import clock
from pokerroom.storage import ledger
from pokerroom.storage.database import Database
from pokerroom.storage.errors import NotFoundError, StateError
from pokerroom.storage.fencing import Fence, check_fence, check_fence_pg
from pokerroom.storage.ledger import Posted
from pokerroom.storage.models import Hand, HandPlayer, LedgerAccount, Notice

IN_PROGRESS, SETTLED, VOIDED = "in_progress", "settled", "voided"
# A tournament hand: played for tournament chips, which are not money, so its end moves no
# ledger chip (the tournament's money moves at registration and elimination, through
# services.tournament_money). Otherwise stored, replayed, exported and proven fair like any.
TOURNAMENT = "tournament"


@dataclass(frozen=True, slots=True, kw_only=True)
class HandSeat:
    seat: int
    account_id: int
    stack: int


@dataclass(frozen=True, slots=True, kw_only=True)
class StoredHand:
    id: int
    table_id: str
    hand_number: int
    kind: str
    status: str
    seats: tuple[HandSeat, ...]
    record: str
    final_stacks: tuple[tuple[int, int], ...]  # (account_id, final stack), once settled
    rake: int
    started_ms: int
    ended_ms: int | None
    void_reason: str
    commitment: str = ""  # the provably fair deal (docs/FAIRNESS.md)
    client_seeds: tuple[str, ...] = ()
    server_seed: str = ""  # hex, revealed only once the hand is over
    game: str = ""  # the variant dealt ("" in hands stored before it was kept)

    def net(self) -> dict[int, int]:
        start = {s.account_id: s.stack for s in self.seats}
        return {account: final - start[account] for account, final in self.final_stacks}



def stored_hand(row: Hand) -> StoredHand:
    seats = tuple(HandSeat(**s) for s in json.loads(row.seats))
    finals = json.loads(row.result) if row.result else {}
    return StoredHand(
        id=row.id,
        table_id=row.table_id,
        hand_number=row.hand_number,
        kind=row.kind,
        status=row.status,
        seats=seats,
        record=row.record,
        final_stacks=tuple(sorted((int(a), int(v)) for a, v in finals.items())),
        rake=row.rake,
        started_ms=row.started_ms,
        ended_ms=row.ended_ms,
        void_reason=row.void_reason,
        commitment=row.commitment or "",
        client_seeds=tuple(json.loads(row.client_seeds)) if row.client_seeds else (),
        server_seed=row.server_seed or "",
        game=row.game or "",
    )


async def void_hand_in(session: AsyncSession, row: Hand, reason: str, at: int,
                       *, server_seed: str = "") -> list[int]:
    """Mark an in-progress hand voided and leave each player a notice; returns the accounts.
    `server_seed` (hex): the deal's seed, revealed now that the hand is over."""
    stored = stored_hand(row)
    await check_fence(session, row.table_id)
    await session.execute(
        update(Hand)
        .where(Hand.id == row.id, Hand.status == IN_PROGRESS)
        .values(status=VOIDED, ended_ms=at, void_reason=reason,
                server_seed=server_seed or row.server_seed or "", sealed_seed="")
    )
    for seat in stored.seats:
        session.add(
            Notice(
                account_id=seat.account_id,
                kind="hand_voided",
                body=json.dumps(
                    {
                        "table_id": row.table_id,
                        "hand_id": row.id,
                        "hand_number": row.hand_number,
                        "stack": seat.stack,
                        "reason": reason,
                        "text": f"Hand #{row.hand_number} at table {row.table_id} was voided "
                        f"({reason}); your stack is back to {seat.stack}.",
                    }
                ),
                created_ms=at,
            )
        )
    return [s.account_id for s in stored.seats]


# ---------------------------------------------------------------- the hot path (issue 11)
# Every poker hand writes twice: its start (what recovery needs) and its end (record, stacks and
# chips, in one transaction), each inside a group commit shared by every table. On a SQLite
# file both run in plain SQL on the writer thread (storage.sqlite_writer: one thread crossing
# per batch); on PostgreSQL in plain SQL on the writer's asyncpg connection
# (storage.pg_writer); elsewhere (an in-memory SQLite) in SQLAlchemy Core inside
# Database.run_write. The columns written are
# built once, by `start_row` and `end_row`, so both paths always store the same thing; a check
# that must share the end's transaction (a cluster node's fencing epoch) goes into
# `settle_hand_in`, `settle_hand_pg` and `settle_hand_sqlite`, next to the status check.


def start_row(table_id: str, hand_number: int, seats: Sequence[HandSeat], *, record: str,
              kind: str, at: int, commitment: str = "",
              client_seeds: Sequence[str] = (), sealed_seed: str = "",
              game: str = "") -> dict[str, Any]:
    """The columns of a hand's start row: never the deck (the runner passes no record), and
    of the fair deal only the commitment and the client seeds, never the server seed (but
    the seed sealed with a key kept outside the database, services.seal, so that a crash can
    still reveal it)."""
    return {
        "table_id": table_id, "hand_number": hand_number, "kind": kind, "status": IN_PROGRESS,
        "seats": json.dumps([{"seat": s.seat, "account_id": s.account_id, "stack": s.stack}
                             for s in seats]),
        "record": record, "result": "", "rake": 0, "started_ms": at, "void_reason": "",
        "commitment": commitment,
        "client_seeds": json.dumps(list(client_seeds)) if client_seeds else "",
        "server_seed": "", "sealed_seed": sealed_seed, "game": game,
    }  # fmt: skip


def end_row(final_stacks: Mapping[int, int], *, rake: int, record: str, at: int,
            server_seed: str = "") -> dict[str, Any]:
    """The columns a hand's end sets on its row (the fair deal's server seed revealed)."""
    return {
        "status": SETTLED, "record": record,
        "result": json.dumps({str(a): v for a, v in sorted(final_stacks.items())}),
        "rake": rake, "ended_ms": at, "server_seed": server_seed,
        "sealed_seed": "",  # revealed: nothing left to keep sealed
    }  # fmt: skip


def _check_escrows(table_id: str, hand_number: int, seats: Sequence[HandSeat],
                   held: Mapping[str, int]) -> None:
    for s in seats:
        key = ledger.escrow(table_id, s.account_id).key
        if held.get(key, 0) != s.stack:
            raise StateError(
                f"account {s.account_id} starts hand {hand_number} at {table_id} "
                f"with {s.stack} but its escrow holds {held.get(key, 0)}"
            )


def _used(table_id: str, hand_number: int) -> StateError:
    return StateError(f"hand number {hand_number} is already used at {table_id} "
                      "(continue from last_hand_number() + 1)")


def _end_legs(hand_id: int, table_id: str, seats_json: str, final_stacks: Mapping[int, int],
              rake: int) -> list[tuple[ledger.LedgerRef, int]]:
    """The ledger legs of a hand's end, after the checks (R-POT-3)."""
    start = {s["account_id"]: s["stack"] for s in json.loads(seats_json)}
    if set(final_stacks) != set(start):
        raise StateError(f"final stacks for {sorted(final_stacks)}, players {sorted(start)}")
    if any(v < 0 for v in final_stacks.values()) or rake < 0:
        raise StateError("stacks and rake cannot be negative")
    if sum(final_stacks.values()) + rake != sum(start.values()):
        raise StateError(
            f"R-POT-3: hand {hand_id} ends with {sum(final_stacks.values())} + rake {rake}"
            f" but started with {sum(start.values())}"
        )
    legs = [(ledger.escrow(table_id, account), final_stacks[account] - start[account])
            for account in sorted(start)]
    if rake:
        legs.append((ledger.RAKE_REF, rake))
    return legs


async def begin_hand_in(session: AsyncSession, seats: Sequence[HandSeat], row: dict[str, Any],
                        *, check_escrow: bool) -> int:
    """Insert the start row and its players (SQLAlchemy Core); returns the hand id."""
    conn = await session.connection()
    table_id, number = row["table_id"], row["hand_number"]
    await check_fence(session, table_id)
    if check_escrow:
        keys = [ledger.escrow(table_id, s.account_id).key for s in seats]
        held = dict((await conn.execute(select(LedgerAccount.key, LedgerAccount.balance)
                                        .where(LedgerAccount.key.in_(keys)))).all())
        _check_escrows(table_id, number, seats, held)
    try:  # the unique (table, number) index refuses a used number: no lookup first
        inserted = (await conn.execute(insert(Hand).values(**row))).inserted_primary_key
        assert inserted is not None  # an INSERT of one row has its primary key
        hand_id = inserted[0]
    except IntegrityError:
        raise _used(table_id, number) from None
    await conn.execute(insert(HandPlayer), [
        {"hand_id": hand_id, "account_id": s.account_id, "seat": s.seat, "start_stack": s.stack}
        for s in seats])  # fmt: skip
    return int(hand_id)


def begin_hand_sqlite(cur: sqlite3.Cursor, seats: Sequence[HandSeat], row: dict[str, Any],
                      *, check_escrow: bool) -> int:
    """begin_hand_in on the SQLite writer thread."""
    table_id, number = row["table_id"], row["hand_number"]
    if check_escrow:
        keys = [ledger.escrow(table_id, s.account_id).key for s in seats]
        held = dict(cur.execute(
            f"SELECT key, balance FROM ledger_accounts WHERE key IN ({', '.join('?' * len(keys))})",
            keys).fetchall())
        _check_escrows(table_id, number, seats, held)
    try:
        hand_id = cur.execute(
            f"INSERT INTO hands ({', '.join(row)}) VALUES ({', '.join('?' * len(row))})",
            list(row.values())).lastrowid
    except sqlite3.IntegrityError as exc:
        if "UNIQUE" not in str(exc):
            raise
        raise _used(table_id, number) from None
    cur.executemany(
        "INSERT INTO hand_players (hand_id, account_id, seat, start_stack) VALUES (?, ?, ?, ?)",
        [(hand_id, s.account_id, s.seat, s.stack) for s in seats])
    assert hand_id is not None  # an INSERT of one row has its rowid
    return int(hand_id)


async def settle_hand_in(session: AsyncSession, hand_id: int, final_stacks: Mapping[int, int],
                         rake: int, ended: dict[str, Any]) -> Posted:
    """Write a hand's end (SQLAlchemy Core): its row, its players' final stacks and its ledger
    transaction (key `hand:<id>`). Settling twice returns the first posting."""
    key = f"hand:{hand_id}"
    conn = await session.connection()
    row = (await conn.execute(select(Hand.table_id, Hand.hand_number, Hand.status, Hand.seats)
                              .where(Hand.id == hand_id).with_for_update())).first()
    if row is None:
        raise NotFoundError(f"no hand {hand_id}")
    if row.status == SETTLED:
        prior = await ledger.find_posted(session, key)
        assert prior is not None
        return prior
    await check_fence(session, row.table_id)  # (a hand that moves no chip posts no leg)
    if row.status != IN_PROGRESS:
        raise StateError(f"hand {hand_id} is {row.status}; it cannot be settled")
    legs = _end_legs(hand_id, row.table_id, row.seats, final_stacks, rake)
    # The row was in progress under our lock, and the row and its posting commit together:
    # the key cannot have been used, so the ledger skips looking it up.
    posted = await ledger.post(session, kind="hand", idempotency_key=key, legs=legs,
                               now_ms=ended["ended_ms"], hand_id=hand_id, key_is_new=True,
                               memo=f"hand #{row.hand_number} at {row.table_id}")
    await _write_end(conn, hand_id, final_stacks, ended)
    return posted


async def settle_tournament_hand_in(session: AsyncSession, hand_id: int,
                                    final_stacks: Mapping[int, int], ended: dict[str, Any]) -> None:
    """A tournament hand's end (no ledger: its chips are not money), in the caller's
    transaction, the director's, which stores the chip counts with it. The same checks as a
    cash hand's (R-POT-3: no chip created or lost); settling twice changes nothing."""
    conn = await session.connection()
    row = (await conn.execute(select(Hand.table_id, Hand.status, Hand.seats, Hand.kind)
                              .where(Hand.id == hand_id).with_for_update())).first()
    if row is None:
        raise NotFoundError(f"no hand {hand_id}")
    if row.kind != TOURNAMENT:
        raise StateError(f"hand {hand_id} is a {row.kind} hand: its chips go through the ledger")
    if row.status == SETTLED:
        return
    if row.status != IN_PROGRESS:
        raise StateError(f"hand {hand_id} is {row.status}; it cannot be settled")
    _end_legs(hand_id, row.table_id, row.seats, final_stacks, ended["rake"])
    await _write_end(conn, hand_id, final_stacks, ended)


async def _write_end(conn: Any, hand_id: int, final_stacks: Mapping[int, int],
                     ended: dict[str, Any]) -> None:
    """The hand row's end columns and each player's final stack."""
    await conn.execute(update(Hand).where(Hand.id == hand_id).values(**ended))
    players = cast(Table, HandPlayer.__table__)
    await conn.execute(
        update(players)
        .where(players.c.hand_id == bindparam("b_hand"),
               players.c.account_id == bindparam("b_account"))
        .values(final_stack=bindparam("b_final")),
        [{"b_hand": hand_id, "b_account": a, "b_final": v} for a, v in final_stacks.items()],
    )


def settle_hand_sqlite(cur: sqlite3.Cursor, hand_id: int, final_stacks: Mapping[int, int],
                       rake: int, ended: dict[str, Any]) -> Posted:
    """settle_hand_in on the SQLite writer thread (BEGIN IMMEDIATE: the row needs no lock)."""
    key = f"hand:{hand_id}"
    row = cur.execute("SELECT table_id, hand_number, status, seats FROM hands WHERE id = ?",
                      (hand_id,)).fetchone()
    if row is None:
        raise NotFoundError(f"no hand {hand_id}")
    table_id, number, status, seats_json = row
    if status == SETTLED:
        prior = ledger.find_posted_sqlite(cur, key)
        assert prior is not None
        return prior
    if status != IN_PROGRESS:
        raise StateError(f"hand {hand_id} is {status}; it cannot be settled")
    legs = _end_legs(hand_id, table_id, seats_json, final_stacks, rake)
    posted = ledger.post_sqlite(cur, kind="hand", idempotency_key=key, legs=legs,
                                now_ms=ended["ended_ms"], hand_id=hand_id, key_is_new=True,
                                memo=f"hand #{number} at {table_id}")
    cur.execute(f"UPDATE hands SET {', '.join(f'{c} = ?' for c in ended)} WHERE id = ?",
                [*ended.values(), hand_id])
    cur.executemany(
        "UPDATE hand_players SET final_stack = ? WHERE hand_id = ? AND account_id = ?",
        [(v, hand_id, a) for a, v in final_stacks.items()])
    return posted


# ---------------------------------------------------------------- on PostgreSQL's writer
# The same writes on an asyncpg connection inside storage.pg_writer's group commit: a hand's
# start is two round trips (the escrow check; the row and its players in one statement), its
# end three (the row locked; the ledger rows checked and locked; the posting, its entries, the
# balances, the row's end and the players' final stacks in one statement). Plus the fence
# check on a cluster node, in the same transaction.

_SQL_CACHE: dict[tuple[str, tuple[str, ...]], str] = {}


def _begin_sql(columns: tuple[str, ...]) -> str:
    sql = _SQL_CACHE.get(("begin", columns))
    if sql is None:
        n = len(columns)
        sql = (f"WITH h AS (INSERT INTO hands ({', '.join(columns)}) VALUES "
               f"({', '.join(f'${i + 1}' for i in range(n))}) RETURNING id), "
               "p AS (INSERT INTO hand_players (hand_id, account_id, seat, start_stack) "
               f"SELECT h.id, x.a, x.s, x.k FROM h, unnest(${n + 1}::int[], ${n + 2}::int[], "
               f"${n + 3}::bigint[]) AS x(a, s, k)) SELECT id FROM h")
        _SQL_CACHE["begin", columns] = sql
    return sql


def _settle_sql(columns: tuple[str, ...]) -> str:
    sql = _SQL_CACHE.get(("settle", columns))
    if sql is None:
        ended = ", ".join(f"{c} = ${12 + i}" for i, c in enumerate(columns))
        sql = ("WITH t AS (INSERT INTO ledger_transactions (idempotency_key, kind, created_ms, "
               "memo, hand_id) VALUES ($1, 'hand', $2, $3, $4) RETURNING id), "
               "e AS (INSERT INTO ledger_entries (transaction_id, ledger_account_id, amount) "
               "SELECT t.id, x.a, x.m FROM t, unnest($5::int[], $6::bigint[]) AS x(a, m)), "
               "b AS (UPDATE ledger_accounts SET balance = x.b FROM unnest($7::int[], "
               "$8::bigint[]) AS x(i, b) WHERE ledger_accounts.id = x.i), "
               f"h AS (UPDATE hands SET {ended} WHERE id = $4), "
               "p AS (UPDATE hand_players SET final_stack = x.f FROM unnest($9::int[], "
               "$10::bigint[]) AS x(a, f) WHERE hand_players.hand_id = $11 "
               "AND hand_players.account_id = x.a) SELECT id FROM t")
        _SQL_CACHE["settle", columns] = sql
    return sql


async def begin_hand_pg(conn: Any, fence: Fence | None, seats: Sequence[HandSeat],
                        row: dict[str, Any], *, check_escrow: bool) -> int:
    """begin_hand_in on the PostgreSQL writer."""
    import asyncpg

    table_id, number = row["table_id"], row["hand_number"]
    await check_fence_pg(conn, fence, table_id)
    if check_escrow:
        keys = [ledger.escrow(table_id, s.account_id).key for s in seats]
        held = {r["key"]: int(r["balance"]) for r in await conn.fetch(
            "SELECT key, balance FROM ledger_accounts WHERE key = ANY($1::text[])", keys)}
        _check_escrows(table_id, number, seats, held)
    try:
        hand_id = await conn.fetchval(
            _begin_sql(tuple(row)), *row.values(), [s.account_id for s in seats],
            [s.seat for s in seats], [s.stack for s in seats])
    except asyncpg.exceptions.UniqueViolationError as exc:
        if "hand_players" in str(exc.table_name or ""):
            raise
        raise _used(table_id, number) from None
    return int(hand_id)


async def settle_hand_pg(conn: Any, fence: Fence | None, hand_id: int,
                         final_stacks: Mapping[int, int], rake: int,
                         ended: dict[str, Any]) -> Posted:
    """settle_hand_in on the PostgreSQL writer."""
    key = f"hand:{hand_id}"
    row = await conn.fetchrow(
        "SELECT table_id, hand_number, status, seats FROM hands WHERE id = $1 FOR UPDATE",
        hand_id)
    if row is None:
        raise NotFoundError(f"no hand {hand_id}")
    table_id, number, status = row["table_id"], row["hand_number"], row["status"]
    if status == SETTLED:
        prior = await ledger.find_posted_pg(conn, key)
        assert prior is not None
        return prior
    await check_fence_pg(conn, fence, table_id)
    if status != IN_PROGRESS:
        raise StateError(f"hand {hand_id} is {status}; it cannot be settled")
    legs = _end_legs(hand_id, table_id, row["seats"], final_stacks, rake)
    # The row was in progress under our lock, and the row and its posting commit together:
    # the key cannot have been used.
    locked = await ledger.lock_for_post_pg(conn, kind="hand", idempotency_key=key, legs=legs)
    accounts = list(final_stacks)
    txn_id = await conn.fetchval(
        _settle_sql(tuple(ended)), key, ended["ended_ms"], f"hand #{number} at {table_id}",
        hand_id, locked.entry_accounts, locked.entry_amounts, locked.balance_accounts,
        locked.balances, accounts, [final_stacks[a] for a in accounts], hand_id,
        *ended.values())
    return Posted(transaction_id=int(txn_id), idempotency_key=key, kind="hand",
                  legs=locked.wanted)


class HandStore:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def begin_hand(
        self,
        table_id: str,
        hand_number: int,
        seats: Sequence[HandSeat],
        *,
        record: str = "",
        kind: str = "poker",
        check_escrow: bool = True,
        now_ms: int | None = None,
        commitment: str = "",
        client_seeds: Sequence[str] = (),
        sealed_seed: str = "",
        game: str = "",
    ) -> int:
        """Persist the 'hand in progress' row with the start stacks; returns the hand id.

        `commitment` and `client_seeds` are the published half of the fair deal; the server
        seed never goes into this row before `settle_hand` (docs/FAIRNESS.md)."""
        if len({s.account_id for s in seats}) != len(seats) or len({s.seat for s in seats}) != len(
            seats
        ):
            raise StateError("a hand needs distinct seats and distinct accounts")
        at = clock.now_ms() if now_ms is None else now_ms
        row = start_row(table_id, hand_number, seats, record=record, kind=kind, at=at,
                        commitment=commitment, client_seeds=client_seeds,
                        sealed_seed=sealed_seed, game=game)
        # Lazy (storage.group_commit): only the table waits for it, between two hands, and
        # its commit is best shared with another table's hand end.
        writer = self.db.sqlite_writer()
        if writer is not None:
            return await writer.run(
                lambda cur: begin_hand_sqlite(cur, seats, row, check_escrow=check_escrow),
                lazy=True)
        pg = self.db.pg_writer()
        if pg is not None:
            return await pg.run(lambda conn: begin_hand_pg(
                conn, self.db.fence, seats, row, check_escrow=check_escrow), lazy=True)

        async def work(session: AsyncSession) -> int:
            return await begin_hand_in(session, seats, row, check_escrow=check_escrow)

        return await self.db.run_write(work, lazy=True)

    async def settle_hand(
        self,
        hand_id: int,
        *,
        final_stacks: Mapping[int, int],
        rake: int = 0,
        record: str,
        now_ms: int | None = None,
        server_seed: str = "",
    ) -> Posted:
        """Commit the hand record and its chip movements together (key `hand:<id>`), and
        reveal the server seed (hex) of its deal."""
        at = clock.now_ms() if now_ms is None else now_ms
        ended = end_row(final_stacks, rake=rake, record=record, at=at, server_seed=server_seed)
        writer = self.db.sqlite_writer()
        if writer is not None:
            return await writer.run(
                lambda cur: settle_hand_sqlite(cur, hand_id, final_stacks, rake, ended))
        pg = self.db.pg_writer()
        if pg is not None:
            return await pg.run(lambda conn: settle_hand_pg(
                conn, self.db.fence, hand_id, final_stacks, rake, ended))

        async def work(session: AsyncSession) -> Posted:
            return await settle_hand_in(session, hand_id, final_stacks, rake, ended)

        return await self.db.run_write(work)

    async def void_hand(self, hand_id: int, reason: str, *, now_ms: int | None = None) -> list[int]:
        """Void a hand in progress (no chip moves); returns the accounts told about it."""
        at = clock.now_ms() if now_ms is None else now_ms
        async with self.db.write() as session:
            row = await session.get(Hand, hand_id)
            if row is None:
                raise NotFoundError(f"no hand {hand_id}")
            if row.status != IN_PROGRESS:
                raise StateError(f"hand {hand_id} is {row.status}")
            return await void_hand_in(session, row, reason, at)

    async def get(self, hand_id: int) -> StoredHand:
        async with self.db.read() as session:
            row = await session.get(Hand, hand_id)
            if row is None:
                raise NotFoundError(f"no hand {hand_id}")
            return stored_hand(row)

    async def in_progress(self, table_id: str | None = None) -> list[StoredHand]:
        query = select(Hand).where(Hand.status == IN_PROGRESS)
        if table_id is not None:
            query = query.where(Hand.table_id == table_id)
        async with self.db.read() as session:
            return [
                stored_hand(r) for r in (await session.execute(query.order_by(Hand.id))).scalars()
            ]

    async def last_hand_number(self, table_id: str) -> int:
        """The highest hand number used at the table (0 if none): the next hand is this + 1."""
        async with self.db.read() as session:
            value = (
                await session.execute(
                    select(func.max(Hand.hand_number)).where(Hand.table_id == table_id)
                )
            ).scalar_one_or_none()
            return int(value or 0)

    async def last_hand_number_under(self, prefix: str) -> int:
        """The highest hand number at the tables whose id starts with `prefix` (a
        tournament's tables, `<tournament>/<table>`): its hands are numbered in one sequence,
        since table numbers come and go (breaking, late registration)."""
        async with self.db.read() as session:
            value = (await session.execute(select(func.max(Hand.hand_number)).where(
                Hand.table_id >= prefix, Hand.table_id < prefix[:-1] + chr(ord(prefix[-1]) + 1),
            ))).scalar_one_or_none()  # fmt: skip
            return int(value or 0)

    async def history(
        self, account_id: int, *, limit: int = 50, before_id: int | None = None,
        tournament: str | None = None,
    ) -> list[StoredHand]:
        """The hands (settled or voided) an account took part in, newest first; `tournament`:
        only that tournament's (its tables are `<tournament>/<n>`)."""
        query = (
            select(Hand)
            .join(HandPlayer, HandPlayer.hand_id == Hand.id)
            .where(HandPlayer.account_id == account_id, Hand.status != IN_PROGRESS)
        )
        if before_id is not None:
            query = query.where(Hand.id < before_id)
        if tournament is not None:  # (escaped: `_` in an id is no LIKE wildcard)
            query = query.where(Hand.kind == TOURNAMENT,
                                Hand.table_id.startswith(f"{tournament}/", autoescape=True))
        async with self.db.read() as session:
            rows = (await session.execute(query.order_by(Hand.id.desc()).limit(limit))).scalars()
            return [stored_hand(r) for r in rows]
