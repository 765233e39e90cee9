"""The tournament director: one single writer per tournament (an Actor, like a table's).

It owns the core Tournament and its tables' hands, takes the players' commands one at a
time, deals with decks from the deck source, and after every change that matters stores the
tournament's snapshot together with the money it moved (registration buy-in and fee,
refunds, prizes) in one database transaction. On open it restores the last snapshot: the
hands that were in progress are void (stacks as at their start), and tournament time
resumes where it stopped, so the time the room was down does not count (R-TOURN-3).

Under `serve --cluster` a director runs on the node holding its tournament's lease
(services.tournament_cluster); every write here is fenced by that lease's epoch.

Players are ledger accounts; an entry is named by the account id (a re-entry `7#2`).

Every hand is a hand record like a cash table's (services.hands, kind `tournament`): dealt
from a provably fair deal (docs/FAIRNESS.md: the server seed from the deck source, the
players' client seeds, the commitment in the view of the hand), its start row written
before any card is seen, its end (record, final stacks, the server seed revealed) in the
same transaction as the chip counts. So it is in the players' history, replay and exports,
`pokerroom audit` replays it, and `GET /api/hands/{id}/fairness` proves its deck. Its chips
are not money: its end moves nothing in the ledger. The hands of one tournament are
numbered in one sequence, at tables `<tournament>/<table number>`.

Between two hands a table rests `between_hands_ms` of tournament time (as a cash table
pauses, services.table_runner): the finished hand stays on the felt (`finished`), and a
player dealt in whose cards nobody saw may show them (R-SD-5) until the next deal there. The
rest is counted from the last hand's end of every player about to be dealt in: a table that
a player was moved to (balancing, a broken table, the final table's draw) rests too. The
level clock runs on meanwhile (R-TOURN-3: the hand dealt after the rest has the level of its
deal); hand-for-hand only delays further (R-TOURN-10, the core decides who may deal).

The action clock is the cash tables' (core.table.clock): each turn has `action_ms`, and a
player who already has chips in the pot may use their time bank too (`time_bank_ms` for each
entry, for the whole tournament, kept with the snapshot). Its deadlines are wall-clock ms, as
the clients read them; a player out of time is away (R-TOURN-5, the hall's clock).
"""

from __future__ import annotations

import json
import logging
import secrets
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from pokerroom.core import rules
from pokerroom.core.deck import IndexSource
from pokerroom.core.errors import RuleViolationError
from pokerroom.core.table import engine
from pokerroom.core.table.clock import TurnClock, start_turn
from pokerroom.core.table.config import ClockConfig
from pokerroom.core.tournament import Tournament, parse_tournament
from pokerroom.core.tournament.events import (
    HandFinishedAt,
    Moved,
    Seated,
    TournamentEvent,
)
from pokerroom.core.tournament.snapshot import restore, snapshot
from pokerroom.core.tournament.structure import TournamentConfig
from pokerroom.services import clock
from pokerroom.services.actor import Actor, ActorStoppedError
from pokerroom.services.client_seeds import ClientSeeds
from pokerroom.services.decks import Deal, SecureDeckSource, deck_cards, game_code
from pokerroom.services.hands import (
    TOURNAMENT,
    HandSeat,
    HandStore,
    end_row,
    settle_tournament_hand_in,
)
from pokerroom.services.outbound_parts import Fairness
from pokerroom.services.recovery import VOID_REASON
from pokerroom.services.tournament_money import post_money
from pokerroom.services.tournament_names import bot_accounts, screen_names
from pokerroom.services.tournament_numbers import number_tournament
from pokerroom.storage.database import Database
from pokerroom.storage.fencing import check_lease, tournament_lease
from pokerroom.storage.models import TournamentRow
from pokerroom.storage.records import encode_record

log = logging.getLogger("pokerroom.tournaments")

# In a stored spec: a scheduled tournament's start as wall-clock ms (UTC epoch), fixed when
# the instance opens and kept when it is restored (never computed again).
START_AT = "start_at_ms"
DEAL_ANSWER_MS = 60_000  # a deal not accepted by everyone within this time is declined


def account_of(entry: str) -> int:
    return int(entry.split("#", 1)[0])


@dataclass(slots=True, kw_only=True)
class LiveHand:
    """A hand in play at one of the tournament's tables, as stored at its start."""

    db_id: int
    number: int  # in the tournament's one sequence of hands (the stored hand number)
    hand: rules.Hand
    accounts: dict[int, int]  # seat -> account
    deal: Deal  # the server seed inside stays in memory until the hand is over
    level: int  # the number of the level it was dealt at, kept with its record
    table_hand: int = 0  # its number among its table's hands (the felt's "table 2, hand 5")

    def fairness(self) -> Fairness:
        """What the players at the table may know of the deal while the hand runs."""
        return {"hand": self.number, "commitment": self.deal.commitment,
                "client_seeds": list(self.deal.client_seeds)}  # fmt: skip


class TournamentDirector(Actor):
    """Runs one tournament. `monotonic_ms` measures running time (tournament time)."""

    def __init__(
        self,
        db: Database,
        tournament_id: str,
        spec: Mapping[str, Any],
        *,
        start_ms: int | None = None,
        decks: Any = None,
        draw: IndexSource | None = None,
        monotonic_ms: Callable[[], int] | None = None,
        wall_ms: Callable[[], int] | None = None,
        client_seeds: ClientSeeds | None = None,
        seal: Any = None,
        between_hands_ms: int = 0,
        action_ms: int = 15_000,
        time_bank_ms: int = 0,
    ) -> None:
        super().__init__(f"tournament-{tournament_id}")
        self.between_hands_ms = between_hands_ms
        self.clock_config = ClockConfig(action_ms=action_ms, time_bank_ms=time_bank_ms)
        self.banks: dict[str, int] = {}  # entry -> time bank left (absent: a full one)
        # table number -> (hand number, action number) of the turn and its clock
        self.turns: dict[int, tuple[tuple[int, int], TurnClock]] = {}
        self.db = db
        self.id = tournament_id
        self.spec = dict(spec)
        self._wall = wall_ms or clock.now_ms
        self.start_at_ms: int | None = self.spec.get(START_AT)
        if self.start_at_ms is not None:  # made tournament time in open()
            start_ms = self.start_at_ms - self._wall()
        rules_spec = {k: v for k, v in self.spec.items() if k != START_AT}
        self.config: TournamentConfig = parse_tournament(
            {**rules_spec, "id": tournament_id}, start_ms
        )
        self.decks = decks if decks is not None else SecureDeckSource()
        self.draw: IndexSource = draw if draw is not None else secrets.SystemRandom()
        self._monotonic = monotonic_ms or (lambda: time.monotonic_ns() // 1_000_000)
        self.t = Tournament(self.config, self.draw)
        self.seq = 0
        self._clock_base = 0  # tournament time at `_resumed_at`
        self._resumed_at = self._monotonic()
        self.restored = False
        self.deal_requested_by: str | None = None
        self.deal_offered_at = 0
        self.hands = HandStore(db)
        self.client_seeds = client_seeds if client_seeds is not None else ClientSeeds()
        self.seal = seal  # services.seal.SealKey: a crash still reveals the seed of a cut hand
        self.live: dict[int, LiveHand] = {}  # table number -> its hand in play
        # table number -> its last hand, over, until the next deal there (on the felt, R-SD-5)
        self.finished: dict[int, LiveHand] = {}
        # account -> (table number, seat, hand) of the last hand they were dealt into, until
        # they are dealt in again: a player moved meanwhile (R-TOURN-8, R-TOURN-9) still sees
        # that hand's result on their felt (tournament_view: `previous`)
        self.last_hand: dict[int, tuple[int, int, LiveHand]] = {}
        self.rest_from: dict[int, int] = {}  # table number -> tournament time its rest began
        self.draining = False  # a graceful stop: no new hand, no start (the hands end)
        self.voided: list[int] = []  # the players of the hands voided as it was restored
        # A hand's end that could not be stored (fenced, or the database away): the state
        # here is ahead of the stored one; the hall restores the tournament from the store.
        self.broken: Exception | None = None
        self.hand_seq = 0  # the last hand number used
        self.names: dict[int, str] = {}  # account -> screen name, for the pictures
        self.bots: set[int] = set()  # the entrants' accounts marked as bots (a seat's badge)

    # ------------------------------------------------------------------ life
    def stopped_refusal(self) -> ActorStoppedError:
        """Once stopped (the room shutting down, the tournament over), a command queued or
        sent fails at once instead of waiting for ever (services.actor)."""
        return ActorStoppedError(f"tournament {self.id} has stopped on this server")

    # ------------------------------------------------------------------ time
    def now(self) -> int:
        """Tournament time: the stored clock plus the running time since this start."""
        return self._clock_base + self._monotonic() - self._resumed_at

    # ------------------------------------------------------------ persistence
    async def open(self, void_reason: str = VOID_REASON) -> None:
        """Load the tournament, or create its row; a restored one has no hand running (a
        stored hand left in progress is voided, if the room's recovery has not done it;
        `voided` names the players told, `void_reason` says why)."""
        prefix = self.table_prefix
        for stored in await self.hands.in_progress():
            if stored.table_id.startswith(prefix):
                self.voided += await self.hands.void_hand(stored.id, void_reason,
                                                          now_ms=self._wall())
        self.hand_seq = await self.hands.last_hand_number_under(prefix)
        async with self.db.read() as session:
            row = await session.get(TournamentRow, self.id)
        if row is None:
            self._fix_start()
            await self.db.run_write(lambda s: self._save(s, []))
            return
        if row.snapshot:
            data = json.loads(row.snapshot)
            self.t = restore(self.config, self.draw, data["tournament"])
            self.seq = int(data["seq"])
            self.banks = {str(e): int(ms) for e, ms in data.get("banks", {}).items()}
            self.restored = True
        self._clock_base = int(row.clock_ms)
        self._resumed_at = self._monotonic()
        self._fix_start()
        accounts = {account_of(e) for e in self.t.entries}
        self.names.update(await screen_names(self.db, accounts))
        self.bots |= await bot_accounts(self.db, accounts)

    def _fix_start(self) -> None:
        """The stored wall-clock start in this run's tournament time, which resumed where it
        stopped: the start stays at the time it was announced for."""
        if self.start_at_ms is not None:
            start_ms = self.now() + self.start_at_ms - self._wall()
            self.config = self.t.config = replace(self.config, start_ms=start_ms)

    @property
    def table_prefix(self) -> str:
        return f"{self.id}/"

    async def _save(self, session: AsyncSession, events: list[TournamentEvent],
                    ended: tuple[LiveHand, ...] = ()) -> None:
        # On a cluster only the holder of the tournament's lease writes, checked in this
        # transaction (storage.fencing): a node that lost it never pays a prize again.
        await check_lease(session, tournament_lease(self.id))
        now = self.now()
        for live in ended:  # the hands' records with the chip counts they led to
            stacks = dict(live.hand.result.stacks)
            finals = {a: stacks[seat] for seat, a in live.accounts.items()}
            await settle_tournament_hand_in(session, live.db_id, finals, end_row(
                finals, rake=0, record=encode_record(live.hand.record, tournament_level=live.level),
                at=self._wall(),
                server_seed=live.deal.server_seed_hex))  # fmt: skip
        self.seq = await post_money(
            session, self.id, self.seq, events, account_of, self.config.fee, self._wall()
        )
        data = json.dumps({"seq": self.seq, "tournament": snapshot(self.t), "banks": self.banks})
        row = await session.get(TournamentRow, self.id)
        if row is None:
            row = TournamentRow(id=self.id, spec=json.dumps(self.spec), status=self.t.status,
                                snapshot=data, updated_ms=self._wall())  # fmt: skip
            session.add(row)
            await number_tournament(session, self.id)  # its number in the exports
        row.status = self.t.status
        row.snapshot = data
        row.prize_pool = self.t.prize_pool
        row.fees = self.t.fees
        row.clock_ms = now
        row.updated_ms = self._wall()

    async def _commit(self, change: Callable[[], list[TournamentEvent]],
                      also: Callable[[AsyncSession, list[TournamentEvent]], None] | None = None,
                      ) -> list[TournamentEvent]:
        """Apply a core change and store it with its money; if the money cannot move (a
        wallet too short), the tournament goes back to where it was and the error is raised.
        `also(session, events)` writes more in the same transaction (the operator log)."""
        before = snapshot(self.t)
        events = change()

        async def work(session: AsyncSession) -> None:
            await self._save(session, events)
            if also is not None:
                also(session, events)

        try:
            await self.db.run_write(work)
        except Exception:
            self.t = restore(self.config, self.draw, before)
            raise
        return events

    # --------------------------------------------------------------- commands
    async def register(self, account_id: int) -> list[TournamentEvent]:
        return await self.call(self._register, account_id)

    async def _register(self, account_id: int) -> list[TournamentEvent]:
        events = await self._commit(lambda: self.t.register(str(account_id), self.now()))
        self.names.update(await screen_names(self.db, (account_id,)))
        self.bots |= await bot_accounts(self.db, (account_id,))
        return events

    async def unregister(self, account_id: int) -> list[TournamentEvent]:
        return await self.call(lambda: self._commit(lambda: self.t.unregister(str(account_id))))

    # Not the actor's cancel(key) of a timer: a director schedules no timer (Actor.schedule,
    # the one caller of that one, is never used here).
    async def cancel(  # type: ignore[override]
            self, also: Callable[[AsyncSession, list[TournamentEvent]], None] | None = None
    ) -> list[TournamentEvent]:
        """R-TOURN-12 (before the start: every entry refunded); `also` as in `_commit`."""
        return await self.call(self._cancel, also)

    async def _cancel(self, also: Callable[[AsyncSession, list[TournamentEvent]], None] | None
                      ) -> list[TournamentEvent]:
        events = await self._commit(self.t.cancel, also)
        for live in self.live.values():  # the core voided them (R-TOURN-12)
            await self.hands.void_hand(live.db_id, "the tournament was cancelled",
                                       now_ms=self._wall())  # fmt: skip
        self.live.clear()
        return events

    async def step(self) -> list[TournamentEvent]:
        """Start when due, move the clock, deal at every table that can."""
        return await self.call(self._step)

    async def _step(self) -> list[TournamentEvent]:
        t = self.t
        now = self.now()
        out: list[TournamentEvent] = []
        if t.ready_to_start(now) and not self.draining:
            out += await self._commit(lambda: t.start(now))
        out += t.tick(now)
        if self.deal_requested_by is not None:
            if any(x.hand is not None for x in t.tables.values()):
                return out  # no new hand: the deal is offered once this one is over
            self.deal_requested_by = None
            try:
                out += t.offer_deal()
                self.deal_offered_at = now
            except RuleViolationError:
                pass
        if t.deal_offer is not None and now - self.deal_offered_at > DEAL_ANSWER_MS:
            out += t.decline_deal(sorted(set(t.deal_offer) - t.deal_accepted)[0])
        for n in t.tables_ready():
            if t.can_deal(n) and not self.draining and self.rested(n, now):
                out += await self._deal(n, now)
        return out

    def rested(self, table: int, now: int) -> bool:
        """Has `table` had its pause between hands (tournament time)?"""
        began = self.rest_from.get(table)
        return began is None or now - began >= self.between_hands_ms

    async def _deal(self, n: int, now: int) -> list[TournamentEvent]:
        """Deal at table `n` from a provably fair deal, its start stored first (a hand that
        cannot be stored is not dealt, and the next tick tries again)."""
        t = self.t
        table = t.tables[n]
        stacks = {seat: t.entries[e].chips for seat, e in enumerate(table.seats)
                  if e is not None and t.entries[e].chips > 0}  # fmt: skip
        accounts = {seat: account_of(e) for seat, e in enumerate(table.seats)
                    if e is not None and seat in stacks}
        game = t.table_config(n).game
        deal = self.decks.next_deal(self.client_seeds.for_seats(accounts), deck_cards(game))
        number = self.hand_seq + 1
        db_id = await self.hands.begin_hand(
            f"{self.table_prefix}{n}", number,
            [HandSeat(seat=s, account_id=a, stack=stacks[s]) for s, a in accounts.items()],
            kind=TOURNAMENT, check_escrow=False, now_ms=self._wall(), game=game_code(game),
            commitment=deal.commitment, client_seeds=deal.client_seeds,
            sealed_seed=(self.seal.seal(deal.server_seed, deal.commitment)
                         if self.seal is not None else ""),
        )  # fmt: skip
        self.hand_seq = number
        try:
            # The clock first, as the deal would move it: the level the hand is dealt at
            # (a hand that ends as it is dealt may move the level on by the deal's end).
            events = t.tick(now)
            level = t.level_number
            events += t.deal(n, deal.deck, now)
        except Exception:
            await self.hands.void_hand(db_id, "the hand could not be dealt", now_ms=self._wall())
            raise
        hand = table.played
        assert hand is not None and {x.seat: x.stack for x in hand.record.seats} == stacks
        # The level is kept for the export's "Level": a structure may repeat a level's
        # stakes, so they do not say it.
        self.live[n] = LiveHand(db_id=db_id, number=number, hand=hand, accounts=accounts,
                                deal=deal, level=level, table_hand=table.hand_number)  # fmt: skip
        for account in accounts.values():  # dealt in again: their last hand leaves the felt
            self.last_hand.pop(account, None)
        self.finished.pop(n, None)
        self.rest_from.pop(n, None)
        return await self._after(events)

    async def act(self, entry: str, action: rules.Action) -> list[TournamentEvent]:
        return await self.call(self._act, entry, action)

    async def _act(self, entry: str, action: rules.Action) -> list[TournamentEvent]:
        table = self.t.table_of(entry)
        held = self.turns.get(table.number)
        spent = held[1].bank_used(self._wall()) if held and held[1].account == entry else 0
        events = self.t.act(table.number, entry, action, self.now())
        if spent:
            self.banks[entry] = self.bank_of(entry) - spent
        self.t.set_away(entry, False)
        return await self._after(events)

    async def back(self, entry: str) -> None:
        """An away player is back (R-TOURN-5): from their next turn on the table waits for
        them again. Without this, a player who once ran out of time could never act again
        (their turns are played for them at once), and a field of such players plays on
        forever, folding the blinds round the table."""
        await self.call(self._back, entry)

    async def _back(self, entry: str) -> None:
        chosen = entry in self.t.sitting_out
        self.t.set_away(entry, False)
        if chosen:
            await self._keep()

    async def gone(self, entry: str) -> list[TournamentEvent]:
        """The player's last connection closed: away at once (R-TOURN-5), and if it is their
        turn, played for now (check or fold), without waiting for the action clock."""
        return await self.call(self._gone, entry)

    async def _gone(self, entry: str) -> list[TournamentEvent]:
        e = self.t.entries.get(entry)
        if e is None or e.busted or self.t.status in ("finished", "cancelled"):
            return []
        return await self._away(entry, chosen=False)

    async def sit_out(self, entry: str) -> list[TournamentEvent]:
        """The player sits out by their own word (R-TOURN-5): away as when gone (dealt in,
        blinds and antes posted, check or fold, their turn now played for them), until they
        say they are back; connecting again does not bring them back."""
        return await self.call(self._sit_out, entry)

    async def _sit_out(self, entry: str) -> list[TournamentEvent]:
        if self.t.status in ("finished", "cancelled"):
            raise RuleViolationError("R-TOURN-5", f"the tournament is {self.t.status}")
        events = await self._away(entry, chosen=True)
        if not any(isinstance(e, HandFinishedAt) for e in events):  # (else stored with it)
            await self._keep()
        return events

    async def _keep(self) -> None:
        """Store the snapshot now, so that a sit-out (or the return from one) survives a
        restart or a take-over even if no hand ends before. Best effort: the next hand's end
        stores it anyway, and a refused write here changes nothing in the tournament."""
        try:
            await self.db.run_write(lambda s: self._save(s, []))
        except Exception:  # noqa: BLE001 - fenced, or the database away: kept at the next end
            log.warning("tournament %s: could not store a sit-out now", self.id, exc_info=True)

    async def _away(self, entry: str, *, chosen: bool) -> list[TournamentEvent]:
        self.t.set_away(entry, True, chosen=chosen)
        table = next((x for x in self.t.tables.values() if entry in x.seats), None)
        if table is None:  # not seated yet: the start deals them in away
            return []
        return await self._after(self.t.play_for_absent(table.number))

    async def request_deal(self, entry: str) -> None:
        """A player left at the final table asks for the ICM deal: no new hand is dealt, and
        once the hand in progress is over the deal is offered to everyone left."""
        await self.call(self._request_deal, entry)

    async def _request_deal(self, entry: str) -> None:
        alive = self.t.alive()
        if entry not in alive or not 2 <= len(alive) <= 4 or len(self.t.tables) != 1:
            raise RuleViolationError("deal", "a deal is asked for with 2 to 4 players left")
        if self.t.deal_offer is None:
            self.deal_requested_by = entry

    async def answer_deal(self, entry: str, accept: bool) -> list[TournamentEvent]:
        """Accept or decline the deal offered; it happens only when all accept."""
        return await self.call(self._answer_deal, entry, accept)

    async def _answer_deal(self, entry: str, accept: bool) -> list[TournamentEvent]:
        if not accept:
            return self.t.decline_deal(entry)
        return await self._commit(lambda: self.t.accept_deal(entry))

    async def timeout(self, entry: str) -> list[TournamentEvent]:
        """The player ran out of time: away from now on, checking or folding (R-TOURN-5)
        until they act again."""
        return await self.call(self._timeout, entry)

    async def _timeout(self, entry: str) -> list[TournamentEvent]:
        table = self.t.table_of(entry)
        held = self.turns.get(table.number)
        if held is not None and held[1].account == entry:  # the bank it had is spent
            self.banks[entry] = self.bank_of(entry) - held[1].bank_used(self._wall())
        self.t.set_away(entry, True)
        return await self._after(self.t.play_for_absent(table.number))

    async def _after(self, events: list[TournamentEvent]) -> list[TournamentEvent]:
        """A hand has ended: store its record with the chips, places and prizes (one
        transaction)."""
        finished = [e.table for e in events if isinstance(e, HandFinishedAt)]
        if finished:
            ended = tuple(self.live[n] for n in finished if n in self.live)
            try:
                await self.db.run_write(lambda s: self._save(s, events, ended))
            except Exception as exc:
                # The core has moved on and the database has not: this state must never be
                # shown or built on (a fenced node's picture of a finish it never stored).
                self.broken = exc
                raise
            now = self.now()
            for n in finished:
                live = self.live.pop(n, None)
                if live is not None:
                    self.finished[n] = live
                    for seat, account in live.accounts.items():
                        self.last_hand[account] = (n, seat, live)
                self.rest_from[n] = now
            # Players moved or drawn to another table rest there too before their next hand.
            for e in events:
                if isinstance(e, Moved):
                    self.rest_from[e.to_table] = now
                elif isinstance(e, Seated):
                    self.rest_from[e.table] = now
        self._sync_clocks()
        return events

    # ------------------------------------------------------------ the clock
    def bank_of(self, entry: str) -> int:
        """The entry's time bank left (ms)."""
        return max(0, self.banks.get(entry, self.clock_config.time_bank_ms))

    def _sync_clocks(self) -> None:
        """A clock for each turn that waits on a player (away players are played for at
        once): a new turn starts a new clock, the same turn keeps its own."""
        now = self._wall()
        turns: dict[int, tuple[tuple[int, int], TurnClock]] = {}
        for n, x in self.t.tables.items():
            hand = x.hand
            seat = hand.to_act if hand is not None else None
            if hand is None or seat is None or x.dealt.get(seat) in self.t.away:
                continue
            entry = x.dealt[seat]
            key = (x.hand_number, len(hand.actions))
            held = self.turns.get(n)
            if held is not None and held[0] == key and held[1].account == entry:
                turns[n] = held
                continue
            turns[n] = key, start_turn(self.clock_config, seat=seat, account=entry, now_ms=now,
                                       bank_ms=self.bank_of(entry),
                                       chips_in_pot=engine.contributed(hand, seat) > 0)  # fmt: skip
        self.turns = turns

    def clock_of(self, table: int) -> TurnClock | None:
        """The running clock of the turn at `table`, if one waits on a player."""
        held = self.turns.get(table)
        x = self.t.tables.get(table)
        if held is None or x is None or x.hand is None or x.hand.to_act != held[1].seat:
            return None
        return held[1]

    def expired(self) -> list[str]:
        """The entries whose time (and bank) ran out on the turn they hold."""
        now = self._wall()
        return [str(c.account) for n, (_, c) in sorted(self.turns.items())
                if self.clock_of(n) is c and c.expired(now)]  # fmt: skip

    def finished_hand(self, table: int) -> LiveHand | None:
        """The hand just over at `table` while it is still its last one (until the next deal;
        not after the final table's draw, whose table is new)."""
        fin = self.finished.get(table)
        x = self.t.tables.get(table)
        if fin is None or x is None or x.hand is not None or x.played is not fin.hand:
            return None
        return fin

    async def show(self, entry: str, hand_number: int) -> list[rules.Event]:
        """R-SD-5: after the hand, a player dealt in whose cards nobody saw (mucked at the
        showdown, or won without one) shows them, until the next deal at that table."""
        shown: list[rules.Event] = await self.call(self._show, entry, hand_number)
        return shown

    async def _show(self, entry: str, hand_number: int) -> list[rules.Event]:
        table = self.t.table_of(entry)
        fin = self.finished_hand(table.number)
        seat = table.seat_of(entry)
        if fin is None or table.hand_number != hand_number:
            raise RuleViolationError("R-SD-5", "that hand is over and gone: nothing to show")
        if fin.accounts.get(seat) != account_of(entry):
            raise RuleViolationError("R-SD-5", "you were not dealt into that hand")
        return list(fin.hand.apply(rules.ShowCards(seat=seat)))

    def to_act(self) -> list[tuple[int, str, rules.Hand]]:
        """(table, entry, hand) for every table waiting on a player's decision."""
        out = []
        for n, x in self.t.tables.items():
            if x.hand is not None and x.hand.to_act is not None:
                out.append((n, x.dealt[x.hand.to_act], x.hand))
        return out


async def stored_tournaments(db: Database) -> list[TournamentRow]:
    async with db.read() as session:
        return list((await session.execute(select(TournamentRow))).scalars())
