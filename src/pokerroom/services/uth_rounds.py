"""Ultimate Texas Hold'em rounds in the database: bets at risk, then paid, in one commit each.

    from pokerroom.services.uth_rounds import UthRounds
    rounds = UthRounds(db)
    round_id = await rounds.begin_round(account_id, table_id="uth1", seat=2,
                                        state=encode_record(without_deck(rnd.record)))
    await rounds.stake(round_id, 30, key=f"uth:{round_id}:bets", state=json_text)  # ante+blind+trips
    await rounds.stake(round_id, 40, key=f"uth:{round_id}:play", state=json_text)  # the Play bet
    await rounds.settle_round(round_id, net=+55, record=json_text)  # net from core.uth.settle

Money path: each stake moves wallet -> `uth-at-risk` (refused with InsufficientFundsError if
the wallet is short; the bet is then not placed). Settlement moves the whole stake out of
`uth-at-risk`: `staked + net` to the wallet, and `-net` to/from the `house` (the bank, which
may go negative). The round row (record, payout) is committed in the same transaction.
`state` is opaque text; store `storage.records.encode_record(without_deck(round.record))`
(the core's RoundRecord so far: config, seats, actions, but no deck) after every change, the
server seed sealed (services.seal) at the deal, and the final record at settlement. Then the defaults work: `settle_from_record` is a settler for services.recovery
(it finishes an interrupted round with the same deck, checking where a check is allowed,
else folding, and returns the seat's net), and `uth_replayer` lets `pokerroom audit` replay
every settled round to its stored payout.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from pokerroom.services import clock
from pokerroom.storage import ledger
from pokerroom.storage.database import Database
from pokerroom.storage.errors import NotFoundError, StateError
from pokerroom.storage.fencing import check_fence
from pokerroom.storage.ledger import Posted, require_positive
from pokerroom.storage.models import Notice, UthRound

IN_PROGRESS, SETTLED, VOIDED = "in_progress", "settled", "voided"


@dataclass(frozen=True, slots=True, kw_only=True)
class StoredUthRound:
    id: int
    account_id: int
    table_id: str
    seat: int | None
    status: str
    staked: int
    state: str
    record: str
    payout: int
    started_ms: int
    ended_ms: int | None
    void_reason: str
    commitment: str = ""  # the provably fair deal (docs/FAIRNESS.md)
    client_seeds: tuple[str, ...] = ()
    server_seed: str = ""  # hex, revealed only once the round is settled
    sealed_seed: str = ""  # the seed sealed while the round is played (services.seal)


@dataclass(frozen=True, slots=True, kw_only=True)
class UthSettlement:
    """What a settler computes for an interrupted round: the player's net and the record."""

    net: int
    record: str = ""



def stored_round(row: UthRound) -> StoredUthRound:
    return StoredUthRound(
        id=row.id,
        account_id=row.account_id,
        table_id=row.table_id,
        seat=row.seat,
        status=row.status,
        staked=row.staked,
        state=row.state,
        record=row.record,
        payout=row.payout,
        started_ms=row.started_ms,
        ended_ms=row.ended_ms,
        void_reason=row.void_reason,
        commitment=row.commitment or "",
        client_seeds=tuple(json.loads(row.client_seeds)) if row.client_seeds else (),
        server_seed=row.server_seed or "",
        sealed_seed=row.sealed_seed or "",
    )


async def settle_round_in(
    session: AsyncSession, row: UthRound, *, net: int, record: str, at: int,
    server_seed: str = "",
) -> Posted:
    """Pay out a round inside an open transaction (key `uth:<id>:settle`)."""
    payout = row.staked + net
    if payout < 0:
        raise StateError(f"round {row.id}: net {net} loses more than the {row.staked} staked")
    await check_fence(session, row.table_id)
    legs: list[tuple[ledger.LedgerRef, int]] = [
        (ledger.UTH_AT_RISK_REF, -row.staked),
        (ledger.wallet(row.account_id), payout),
        (ledger.HOUSE_REF, -net),
    ]
    posted = await ledger.post(
        session,
        kind="uth-settle",
        idempotency_key=f"uth:{row.id}:settle",
        legs=legs,
        now_ms=at,
        memo=f"UTH round {row.id}",
        uth_round_id=row.id,
    )
    await session.execute(
        update(UthRound)
        .where(UthRound.id == row.id)
        .values(status=SETTLED, record=record, payout=payout, ended_ms=at,
                server_seed=server_seed or row.server_seed or "", sealed_seed="")
    )
    return posted


async def void_round_in(session: AsyncSession, row: UthRound, reason: str, at: int,
                        *, server_seed: str = "") -> Posted:
    """Give every bet of a round back (key `uth:<id>:void`) and leave the player a notice;
    `server_seed` (hex): the deal's seed, revealed now that the round is over."""
    await check_fence(session, row.table_id)
    posted = await ledger.post(
        session,
        kind="uth-void",
        idempotency_key=f"uth:{row.id}:void",
        legs=[(ledger.UTH_AT_RISK_REF, -row.staked), (ledger.wallet(row.account_id), row.staked)],
        now_ms=at,
        memo=f"UTH round {row.id} voided: {reason}",
        uth_round_id=row.id,
    )
    await session.execute(
        update(UthRound)
        .where(UthRound.id == row.id)
        .values(status=VOIDED, payout=row.staked, ended_ms=at, void_reason=reason,
                server_seed=server_seed or row.server_seed or "", sealed_seed="")
    )
    session.add(
        Notice(
            account_id=row.account_id,
            kind="uth_voided",
            body=json.dumps(
                {
                    "round_id": row.id,
                    "table_id": row.table_id,
                    "returned": row.staked,
                    "reason": reason,
                    "text": f"Your UTH round {row.id} was voided ({reason}); "
                    f"your {row.staked} in bets were returned.",
                }
            ),
            created_ms=at,
        )
    )
    return posted


class UthRounds:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def begin_round(
        self,
        account_id: int,
        *,
        table_id: str = "uth",
        seat: int | None = None,
        state: str = "",
        now_ms: int | None = None,
    ) -> int:
        """Persist a round in progress (nothing staked yet); returns its id."""
        async with self.db.write() as session:
            await check_fence(session, table_id)
            row = UthRound(
                account_id=account_id,
                table_id=table_id,
                seat=seat,
                status=IN_PROGRESS,
                staked=0,
                state=state,
                record="",
                payout=0,
                started_ms=clock.now_ms() if now_ms is None else now_ms,
                void_reason="",
            )
            session.add(row)
            await session.flush()
            return row.id

    async def _in_progress(self, session: AsyncSession, round_id: int) -> UthRound | None:
        row = await session.get(UthRound, round_id, with_for_update=True)
        if row is None:
            raise NotFoundError(f"no UTH round {round_id}")
        return row

    async def stake(
        self, round_id: int, amount: int, *, key: str, state: str, now_ms: int | None = None
    ) -> Posted:
        """Put `amount` more at risk (wallet -> uth-at-risk) and store the new state."""
        amount = require_positive(amount)
        at = clock.now_ms() if now_ms is None else now_ms

        async def work(session: AsyncSession) -> Posted:
            prior = await ledger.find_posted(session, key)
            if prior is not None:
                return prior
            row = await self._in_progress(session, round_id)
            assert row is not None
            if row.status != IN_PROGRESS:
                raise StateError(f"UTH round {round_id} is {row.status}")
            await check_fence(session, row.table_id)
            posted = await ledger.post(
                session,
                kind="uth-bet",
                idempotency_key=key,
                legs=[(ledger.wallet(row.account_id), -amount), (ledger.UTH_AT_RISK_REF, amount)],
                now_ms=at,
                memo=f"UTH round {round_id} bet",
                uth_round_id=round_id,
            )
            await session.execute(
                update(UthRound)
                .where(UthRound.id == round_id)
                .values(staked=UthRound.staked + amount, state=state)
            )
            return posted

        return await self.db.run_write(work)

    async def checkpoint(self, round_id: int, state: str, *, commitment: str | None = None,
                         client_seeds: tuple[str, ...] | None = None,
                         sealed_seed: str | None = None) -> None:
        """Store the round so far; at the deal also its commitment, client seeds and sealed
        seed (never the server seed in clear: that comes with the settlement)."""
        values: dict[str, str] = {"state": state}
        if sealed_seed is not None:
            values["sealed_seed"] = sealed_seed
        if commitment is not None:
            values["commitment"] = commitment
        if client_seeds is not None:
            values["client_seeds"] = json.dumps(list(client_seeds))
        async with self.db.write() as session:
            await session.execute(
                update(UthRound)
                .where(UthRound.id == round_id, UthRound.status == IN_PROGRESS)
                .values(**values)
            )

    async def settle_round(
        self, round_id: int, *, net: int, record: str, now_ms: int | None = None,
        server_seed: str = "",
    ) -> Posted:
        """Pay the round: staked + net to the wallet, -net to the house; idempotent. Reveals
        the server seed (hex) of the round's deal."""
        at = clock.now_ms() if now_ms is None else now_ms

        async def work(session: AsyncSession) -> Posted:
            row = await self._in_progress(session, round_id)
            assert row is not None
            if row.status == SETTLED:
                prior = await ledger.find_posted(session, f"uth:{round_id}:settle")
                assert prior is not None
                return prior
            if row.status != IN_PROGRESS:
                raise StateError(f"UTH round {round_id} is {row.status}")
            return await settle_round_in(session, row, net=net, record=record, at=at,
                                         server_seed=server_seed)

        return await self.db.run_write(work)

    async def void_round(self, round_id: int, reason: str, *, now_ms: int | None = None) -> Posted:
        at = clock.now_ms() if now_ms is None else now_ms

        async def work(session: AsyncSession) -> Posted:
            row = await self._in_progress(session, round_id)
            assert row is not None
            if row.status != IN_PROGRESS:
                raise StateError(f"UTH round {round_id} is {row.status}")
            return await void_round_in(session, row, reason, at)

        return await self.db.run_write(work)

    async def get(self, round_id: int) -> StoredUthRound:
        async with self.db.read() as session:
            row = await session.get(UthRound, round_id)
            if row is None:
                raise NotFoundError(f"no UTH round {round_id}")
            return stored_round(row)

    async def in_progress(self) -> list[StoredUthRound]:
        async with self.db.read() as session:
            rows = (
                await session.execute(
                    select(UthRound).where(UthRound.status == IN_PROGRESS).order_by(UthRound.id)
                )
            ).scalars()
            return [stored_round(r) for r in rows]

    async def history(self, account_id: int, *, limit: int = 50) -> list[StoredUthRound]:
        async with self.db.read() as session:
            rows = (
                await session.execute(
                    select(UthRound)
                    .where(UthRound.account_id == account_id, UthRound.status != IN_PROGRESS)
                    .order_by(UthRound.id.desc())
                    .limit(limit)
                )
            ).scalars()
            return [stored_round(r) for r in rows]


def _replayed(text: str):  # type: ignore[no-untyped-def]
    from pokerroom.core.uth import RoundRecord, replay
    from pokerroom.storage.records import decode_record

    record = decode_record(text)
    if not isinstance(record, RoundRecord):
        raise ValueError(f"not a UTH RoundRecord: {type(record).__name__}")
    return replay(record)


def without_deck(record: Any) -> Any:
    """A round's record as stored while it is played: everything but the deck (a reader of the
    database must not learn the cards to come; the deck is rebuilt from the sealed seed)."""
    return dataclasses.replace(record, deck=())


def settle_from_record(stored: StoredUthRound, *, seal: Any = None) -> UthSettlement | None:
    """Finish an interrupted round from its stored RoundRecord, with the same deck.

    The stored state holds no deck (`without_deck`): it is rebuilt from the server seed,
    opened from the row with the room's `seal` key (services.seal), and the client seeds, by
    docs/FAIRNESS.md. Seats still to decide check when they may and fold otherwise (so a
    player who had not yet made a Play bet can only lose here, and recovery then voids
    instead); returns the seat's net, or None when the state cannot be replayed, the deck
    cannot be rebuilt (no key) or the bets were not all placed.
    """
    from pokerroom.core.fairness import fair_deck
    from pokerroom.core.uth import Check, Fold
    from pokerroom.storage.records import decode_record, encode_record

    if stored.seat is None or not stored.state:
        return None
    try:
        record = decode_record(stored.state)
        if not record.deck:
            seed = seal.open(stored.sealed_seed, stored.commitment) if seal is not None else None
            if seed is None:
                return None  # the deck cannot be rebuilt: recovery voids the round
            record = dataclasses.replace(record, deck=fair_deck(seed, stored.client_seeds))
        rnd = _replayed(encode_record(record))
        while not rnd.is_over:
            waiting = rnd.to_decide()
            if not waiting:
                return None  # still in the betting phase: nothing to settle
            legal = rnd.legal(waiting[0])
            if legal is None:
                return None
            rnd.apply(Check(seat=legal.seat) if legal.check else Fold(seat=legal.seat))
        return UthSettlement(net=rnd.settlement(stored.seat).net, record=encode_record(rnd.record))
    except Exception:  # a state that no longer replays is voided, never guessed at
        return None


def uth_replayer(stored: StoredUthRound) -> int:
    """The net the stored record of a settled round replays to (for the audit)."""
    if stored.seat is None:
        raise ValueError("the round has no seat")
    return int(_replayed(stored.record).settlement(stored.seat).net)


def round_summary(stored: StoredUthRound) -> dict[str, Any]:
    """One of the player's settled or voided rounds for the hand history: the bets, the result
    of each bet, the cards the player saw at the end (their own, the board, the dealer's) and
    both hands as parts the client words (PROTOCOL `hand`)."""
    from pokerroom.core.rules import Game
    from pokerroom.core.rules.showdown import hand_parts
    from pokerroom.services.wire import card_text

    out: dict[str, Any] = {
        "id": stored.id, "table": stored.table_id, "status": stored.status,
        "started_ms": stored.started_ms, "ended_ms": stored.ended_ms,
        "staked": stored.staked, "net": stored.payout - stored.staked,
        "void_reason": stored.void_reason or None,
        "bets": None, "results": None, "cards": [], "board": [], "dealer": [],
        "hand": None, "dealer_hand": None, "outcome": None,
    }  # fmt: skip
    if stored.status != "settled" or stored.seat is None or not stored.record:
        return out
    try:
        rnd = _replayed(stored.record)
        view = rnd.view_for(stored.seat)
        mine = next(s for s in view.seats if s.seat == stored.seat)
        settled = rnd.settlement(stored.seat)
    except Exception:  # noqa: BLE001 - a record this build cannot replay: the money only
        return out
    out["bets"] = {"ante": mine.ante, "blind": mine.blind, "trips": mine.trips,
                   "play": mine.play, "folded": mine.folded}
    out["results"] = {b.bet.value: b.net for b in settled.bets}
    out["net"] = settled.net
    out["outcome"] = settled.outcome.value
    out["dealer_qualifies"] = settled.dealer_qualifies
    out["cards"] = [card_text(c) for c in mine.cards]
    out["board"] = [card_text(c) for c in view.board]
    out["dealer"] = [card_text(c) for c in view.dealer]
    out["hand"] = hand_parts(Game.HOLDEM, mine.cards, view.board) or None
    out["dealer_hand"] = (hand_parts(Game.HOLDEM, view.dealer, view.board) or None
                          if view.dealer else None)
    return out
