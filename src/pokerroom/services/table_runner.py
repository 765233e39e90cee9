"""One poker table live: the single writer between players, the core table and the ledger.

Every request, clock expiry and the next deal is a command on the table's actor. A command
applies to `pokerroom.core.table.Table`, then the events the table returns (the hand's and
its own, in the order players are told) are numbered (version), the hand
is persisted at its start and settled atomically with its chips at its end (services.hands),
and only then the events go out, each filtered for its receiver by `visible_to` and each
view built by `view_for`. Actions carry the hand and action number: stale ones are refused.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable, Collection
from dataclasses import dataclass, field, replace
from typing import Any, TypedDict, cast

import orjson

from pokerroom.core.cards import Card
from pokerroom.core.errors import InvalidNotationError, RuleViolationError
from pokerroom.core.rules import (
    Bet,
    BringIn,
    Call,
    Check,
    Complete,
    Draw,
    Fold,
    MuckCards,
    RaiseTo,
    ShowCards,
    visible_to,
)
from pokerroom.core.table.buyin import RoomMemory
from pokerroom.core.table.config import TableConfig
from pokerroom.core.table.events import HandDealt, TableEvent
from pokerroom.core.table.table import Table
from pokerroom.services.cashier import Cashier
from pokerroom.services.client_seeds import ClientSeeds
from pokerroom.services.clock import now_ms
from pokerroom.services.decks import Deal, deck_cards, game_code
from pokerroom.services.event_log import EVENTS_KEPT, EventLog, LoggedEvent
from pokerroom.services.fanout import FanOut, account_channel, table_channel
from pokerroom.services.hands import HandSeat, HandStore
from pokerroom.services.metrics import RoomMetrics
from pokerroom.services.outbound import (
    ChatLine,
    Frame,
    HandResult,
    Notice,
    Outbound,
    TableEvents,
    TableView,
    WordedNotice,
    table_events_frame,
    table_events_head,
)
from pokerroom.services.outbound_parts import (
    Fairness,
    Legal,
    Mix,
    PokerHeader,
    PokerLobbyEntry,
    PokerView,
    Variant,
    WireEvent,
)
from pokerroom.services.poker_view import (
    Personal,
    SharedView,
    assemble,
    personal_parts,
    result_winners,
    shared_view,
    show_offer,
    view_json,
)
from pokerroom.services.refusal import RefusedError
from pokerroom.services.runner import refuse_for_kind
from pokerroom.services.seal import SealKey
from pokerroom.services.seating import SavedSeat, SeatBook, Seating, int_account
from pokerroom.services.table_ops import CLOSED, OperatedRunner, TableOperations
from pokerroom.services.table_seats import TableSeats
from pokerroom.services.table_show import ShowAfterHand
from pokerroom.services.table_waiting import WaitingSeats
from pokerroom.services.waiting import WaitBook
from pokerroom.services.wire import event_json, plain, variant_info

log = logging.getLogger("pokerroom.table")
REPLAY_MAX = 100  # events replayed to a client catching up; further behind: a full view
SETTLE_RETRY_FIRST_S = 0.2  # a failed settlement is retried after 0.2 s, 0.4 s, ... 30 s
SETTLE_RETRY_MAX_S = 30.0

ACTIONS: dict[str, Callable[[int, int], Any]] = {
    "fold": lambda s, a: Fold(seat=s), "check": lambda s, a: Check(seat=s),
    "call": lambda s, a: Call(seat=s), "bet": lambda s, a: Bet(seat=s, amount=a),
    "raise": lambda s, a: RaiseTo(seat=s, amount=a), "bring_in": lambda s, a: BringIn(seat=s),
    "complete": lambda s, a: Complete(seat=s, amount=a), "show": lambda s, a: ShowCards(seat=s),
    "muck": lambda s, a: MuckCards(seat=s),
}  # fmt: skip
NEEDS_AMOUNT = frozenset({"bet", "raise", "complete"})


class _Limits(TypedDict):
    min_buy_in: int
    max_buy_in: int | None  # None: no maximum (limit games)


class _Figures(TypedDict):
    avg_pot: int
    players_per_flop: int
    hands_per_hour: int
    waiting: int


@dataclass(slots=True, kw_only=True)
class RoomServices:
    """What every runner of one room shares."""

    cashier: Cashier
    hands: HandStore
    fanout: FanOut  # where runners publish (they hold no sockets)
    deck_source: Any  # .next_deal(client_seeds) -> services.decks.Deal
    memory: RoomMemory
    encode_record: Any  # HandRecord -> str
    client_seeds: ClientSeeds = field(default_factory=ClientSeeds)
    metrics: RoomMetrics = field(default_factory=RoomMetrics)
    limits: Any = None  # services.limits.PlayerLimits: self-set limits, checked at each hand
    session_start: dict[int, int] = field(default_factory=dict)  # account -> first sit (ms)
    between_hands_s: float = 2.0
    events_kept: int = EVENTS_KEPT
    seats: SeatBook | None = None  # where the seating is kept between hands (None: nowhere)
    # Seals each deal's server seed into the start row (services.seal): a crash can still
    # reveal it. None: the seed lives in memory only and a crash loses it.
    seal: SealKey | None = None
    waiting: WaitBook | None = None  # where the waiting lists are kept (None: memory only)
    # async (account id) -> whether the account is a bot's (the seat shows a badge); None: no
    # account is taken for a bot
    is_bot: Any = None


@dataclass(frozen=True, slots=True)
class HandEvent:
    """A core hand event in the log, with what filtering it needs: who sat where in its hand."""

    event: Any
    seats: dict[int, int]  # account -> seat dealt in (the hand's own, not today's seats)
    dealt_in: frozenset[int]


@dataclass(slots=True)
class HandRun:
    number: int
    db_id: int  # the stored hand; a hand that could not be stored is never played
    hand: Any  # the engine's hand: view_for, events, record, result
    seats: dict[int, int]  # account -> seat dealt in
    dealt_in: frozenset[int]
    start_stacks: dict[int, int]
    deal: Deal  # the server seed inside stays in memory until the hand is over
    action_no: int = 0

    def seat_of(self, account: int) -> int:
        """The seat `account` was dealt into this hand, or the refusal (R-BET-10): the one
        place a player's command is matched to a seat."""
        seat = self.seats.get(account)
        if seat is None:
            raise RefusedError("not_in_hand", f"you are not dealt into hand {self.number}",
                               rule="R-BET-10")
        return seat

    def fairness(self) -> Fairness:
        """What everyone at the table may know of the deal while the hand runs."""
        return {"hand": self.number, "commitment": self.deal.commitment,
                "client_seeds": list(self.deal.client_seeds)}


class TableRunner(OperatedRunner):
    """The live table. Its parts, each a module of its own, work on it from its actor:
    `seating` (sit, top up, leave, sit out and in), `waiting` (the waiting list), `shows`
    (showing after the hand, R-SD-5) and `ops` (the operator's commands and the table's
    status)."""

    kind = "poker"

    def __init__(self, table_id: str, config: TableConfig, services: RoomServices,
                 *, display_name: str | None = None, decimals: int = 2) -> None:
        super().__init__(f"table:{table_id}")
        self.table_id = table_id
        self.config = config
        self.services = services
        self.table = Table(config, services.memory)
        self.display_name = display_name or config.name
        self.decimals = decimals
        self.log = EventLog(services.events_kept, base_version=now_ms())
        # Who looks at the table now: viewer id (one client connection) -> account (None: not
        # logged in). Presence only (a seated player's clock, whom to build a view for);
        # messages go out through the fan-out.
        self.viewers: dict[str, int | None] = {}
        self.fanout = services.fanout
        self.channel = table_channel(table_id)
        self.names: dict[int, str] = {}  # seated accounts -> display names
        self.bots: set[int] = set()  # seated accounts that are bots (marked on the account)
        self.known_names: dict[int, str] = {}  # every account ever seated here (for old events)
        self.known_seats: dict[int, int] = {}  # the last seat each account took here
        self.lobby: Any = None
        self.run: HandRun | None = None
        self.last_run: HandRun | None = None  # the hand just over: shows until the next deal
        self.auto_post_off: set[int] = set()  # players who wait rather than post what they owe
        # Set when the storage could not record a hand's start: the table then stops (see _halt).
        self.halted: str | None = None
        self.between_hands_s = services.between_hands_s
        self._hand_base = 0
        self._settle_attempts = 0  # failed settlements in a row (the retry backs off)
        # What the core table's commands returned since the last fan-out, in order.
        self._happened: list[object] = []
        self._saved_seating: str | None = None
        self.draining = False  # the node is stopping: finish the hand, deal no new one
        # Parts of every view's header and lobby row built once (issue 11): the stakes, and
        # each game's layout.
        self._stakes = plain(config.stakes)
        self._actions_counted = services.metrics.actions.labels(kind="poker")  # looked up once
        self._variants: dict[str, Variant] = {}
        self.seating = TableSeats(self)
        self.waiting = WaitingSeats(self)
        self.shows = ShowAfterHand(self)
        self.ops = TableOperations(self)

    # ------------------------------------------------------------------ lifecycle
    async def start(self) -> None:
        self._hand_base = await self.services.hands.last_hand_number(self.table_id)
        await self._restore_seats()
        await self.waiting.restore()
        if self.ops.status == CLOSED and self.table.players():
            # closed by an operator while a hand was in play, the node gone before that hand
            # ended: the close is carried out now (every player stood up and cashed out),
            # not a reseat at a closed table
            await self.close_now()
        self.start_actor()
        if len(self.table.waiting_list):
            # offers that ran out meanwhile, and open seats nobody was offered yet
            self.schedule("offers", 0.0, self.waiting.reoffer)
        self.maybe_deal()

    async def _restore_seats(self) -> None:
        """Seat again everyone the kept seating names and whose chips are still in escrow
        here (after a restart the stacks are those at the start of the hand that was voided);
        cash out any other escrow of this table, as nobody sits there any more."""
        escrows = {account: stack for _t, account, stack
                   in await self.services.cashier.escrows(self.table_id) if stack > 0}
        book = self.services.seats
        saved = await book.load(self.table_id) if book is not None else None
        kept = [s for s in saved.seats if s.account_id in escrows] if saved is not None else []
        if saved is not None:
            self.ops.status = saved.status  # an operator's pause or close outlives the node
            self.table.restore([replace(s.record, stack=escrows[s.account_id]) for s in kept],
                               saved.previous, saved.rotation)
            self._saved_seating = saved.encode()
        for s in kept:
            account = s.account_id
            self.names[account] = self.known_names[account] = s.name
            await self.mark_bot(account)
            self.known_seats[account] = s.record.seat
            if not s.auto_post:
                self.auto_post_off.add(account)
        for account_id in set(escrows) - {s.account_id for s in kept}:
            await self.services.cashier.cash_out_all(
                account_id, self.table_id,
                key=f"restart:{self.table_id}:{account_id}:{uuid.uuid4().hex}")
        if kept:
            log.info("%s: reseated %d players", self.table_id, len(kept))

    async def save_seats(self) -> None:
        """Keep the seating (between hands only, and only when it changed). Losing it loses
        no chip: a player without kept seating is cashed out at the next start."""
        book = self.services.seats
        if book is None or self.table.hand is not None:
            return
        seating = Seating(
            seats=tuple(
                SavedSeat(account_id=int_account(r.account),
                          name=self.names.get(int_account(r.account), "?"),
                          auto_post=r.account not in self.auto_post_off,
                          record=replace(r, stack=0))  # the escrow holds the stack
                for r in self.table.seat_records()
            ),
            previous=self.table.previous_hand,
            rotation=self.table.rotation,
            status=self.ops.status,
        )  # fmt: skip
        text = seating.encode()
        if text == self._saved_seating:
            return
        try:
            await book.save(self.table_id, seating)
        except Exception:  # noqa: BLE001 - the table plays on; see the docstring
            log.exception("%s: could not keep the seating", self.table_id)
            return
        self._saved_seating = text

    async def stop(self) -> None:
        await self.stop_actor()

    # ------------------------------------------------------------------ lobby
    def _limits(self) -> _Limits:
        limits = self.config.buy_in
        return {"min_buy_in": limits.minimum, "max_buy_in": limits.maximum}

    def entry(self) -> PokerLobbyEntry:
        game = self.table.config  # a mixed table: the game it plays now (R-MIX-1)
        return {
            "id": self.table_id, "name": self.display_name, "kind": "poker",
            "game": game.game, "betting": game.betting,
            "variant": self._variant(game.game), "mix": self._mix(),
            "stakes": self._stakes, "decimals": self.decimals,
            "seats": self.config.seats, "taken": len(self.table.players()),
            **self._limits(), **self._figures(), "status": self.ops.status,
        }  # fmt: skip

    def _figures(self) -> _Figures:
        if self.lobby is None:
            return {"avg_pot": 0, "players_per_flop": 0, "hands_per_hour": 0,
                    "waiting": len(self.table.waiting_list)}
        catalogue = self.lobby.catalogue
        catalogue.observe(self.table)
        figures = catalogue.figures(self.config.name, now_ms())
        return {"avg_pot": figures.average_pot, "players_per_flop": figures.players_per_flop_pct,
                "hands_per_hour": figures.hands_per_hour, "waiting": figures.waiting}

    def _header(self) -> PokerHeader:
        game = self.table.config  # a mixed table: the game it plays now, `mix` what is next
        return {
            "table": self.table_id, "name": self.display_name, "kind": "poker",
            "game": game.game, "betting": game.betting,
            "variant": self._variant(game.game), "mix": self._mix(),
            "stakes": self._stakes, "decimals": self.decimals,
            "seats_total": self.config.seats, **self._limits(), "status": self.ops.status,
        }  # fmt: skip

    def _mix(self) -> Mix | None:
        """A mixed table's rotation (the core's rotation_info, in the wire's shape)."""
        return cast("Mix | None", self.table.rotation_info())

    def _variant(self, game: str) -> Variant:
        """The game's layout, built once per game (a mixed table rotates through several)."""
        known = self._variants.get(game)
        if known is None:
            known = self._variants[game] = variant_info(game)
        return known

    # ------------------------------------------------------------------ what a viewer sees
    async def mark_bot(self, account: int) -> None:
        """Remember whether a seated account is a bot's (asked once, when it sits)."""
        if self.services.is_bot is not None and await self.services.is_bot(account):
            self.bots.add(account)
        else:
            self.bots.discard(account)

    def view_for(self, account: int | None, *, with_log: bool = False,
                 players: tuple[Any, ...] | None = None) -> PokerView:
        """The view of one viewer; `players` (the table's seats now) may be passed by a
        caller building many views of one moment."""
        view = self._views((account,), players)[account]
        if with_log:
            run = self.run
            entries = self.log.of_hand(run.number) if run is not None else []
            view["log"] = [self._wire(e, account) for e in entries]
        return view

    def _views(self, accounts: Collection[int | None],
               players: tuple[Any, ...] | None = None) -> dict[int | None, PokerView]:
        """The views of several viewers of one moment, as dicts (see _parts)."""
        shared, parts = self._parts(accounts, players)
        return {account: assemble(shared, own) for account, own in parts.items()}

    def _parts(self, accounts: Collection[int | None], players: tuple[Any, ...] | None = None,
               ) -> tuple[SharedView, dict[int | None, Personal]]:
        """The views of several viewers of one moment (one fan-out), the one place a poker
        view is filtered for its viewer: the part nobody sees differently is built once, from
        the observer's view (poker_view.shared_view); each viewer's own part from the core's
        view of that viewer's seat, of the same `views_for` call (issue 11)."""
        run = self.run
        seat_of: dict[int, int] = {}
        hand_views: dict[int | None, Any] = {}
        if run is not None:
            seat_of = {a: run.seats[a] for a in accounts if a is not None and a in run.seats}
            hand_views = run.hand.views_for((None, *seat_of.values()))
        shared = shared_view(
            header=self._header(),
            players=self.table.players() if players is None else players, names=self.names,
            seats_total=self.config.seats, hand_view=hand_views.get(None),
            hand_number=run.number if run is not None else None,
            action_no=run.action_no if run is not None else 0,
            button=self.table.button, clock=self.table.clock, bots=self.bots,
        )
        common = shared.view
        if run is not None:
            common["fairness"] = run.fairness()  # the commitment, never the seed (FAIRNESS.md)
        # The stored hand's id: the number on the felt, in the history and in the
        # PokerStars file (`hand` stays the table's count, used to act).
        common["hand_id"] = run.db_id if run is not None and common["hand"] is not None else None
        # R-SD-5: after the hand, the offer to show, to each player dealt into it.
        offers: dict[int, Legal | None] = {}
        last = self.shows.showable()
        if last is not None:
            dealt = {a: last.seats[a] for a in accounts if a is not None and a in last.seats}
            last_views = last.hand.views_for(dealt.values())
            offers = {a: show_offer(last_views[s], last.number, last.action_no)
                      for a, s in dealt.items()}
        out: dict[int | None, Personal] = {}
        for account in accounts:
            seat = seat_of.get(account) if account is not None else None
            own = personal_parts(shared, hand_views.get(seat), account)
            if own.you is not None and account in self.auto_post_off:
                own.you["auto_post"] = False  # the player's kept choice (R-BLIND-3, -6)
            if account is not None and account in offers:
                own.legal = offers[account]
            out[account] = own
        return shared, out

    def _wire(self, entry: LoggedEvent, account: int | None) -> WireEvent:
        item = entry.event
        if isinstance(item, HandEvent):
            seat = item.seats.get(account) if account is not None else None
            return event_json(visible_to(item.event, seat, item.dealt_in), entry.version)
        return {**item, "version": entry.version}

    @staticmethod
    def _public(entry: LoggedEvent) -> bool:
        """Whether every receiver sees this logged event alike: a table's event, or a hand's
        the core hands an observer unchanged (visible_to then hands it unchanged to all)."""
        item = entry.event
        return (not isinstance(item, HandEvent)
                or visible_to(item.event, None, item.dealt_in) is item.event)

    def to_account(self, account: int, message: Outbound) -> None:
        """A message for one account only (its own view, balance, notices)."""
        self.fanout.publish(account_channel(account), message)

    def to_table(self, message: Outbound) -> None:
        """A message every viewer of the table may see."""
        self.fanout.publish(self.channel, message)

    # ------------------------------------------------------------------ numbering and fan-out
    def did(self, events: tuple[object, ...]) -> tuple[object, ...]:
        """Keep what a command of the core table returned, for the next fan-out."""
        self._happened.extend(events)
        return events

    def collect(self, run: HandRun | None = None) -> list[LoggedEvent]:
        """Number the events the table returned since the last fan-out, in their order: a
        hand's event is kept with who sat where in its hand (for filtering), a table's as the
        clients read it."""
        run = run or self.run
        happened, self._happened = self._happened, []
        number = run.number if run is not None else None
        out: list[LoggedEvent] = []
        for ev in happened:
            if isinstance(ev, TableEvent):
                out.append(self.log.append(number, self._table_event(ev, run)))
            elif run is not None:
                out.append(self.log.append(run.number,
                                           HandEvent(ev, run.seats, run.dealt_in)))
        return out

    def _table_event(self, ev: Any, run: HandRun | None = None) -> WireEvent:
        data: WireEvent = plain(ev)
        if isinstance(ev, HandDealt) and run is not None:
            # The hand's start event carries the commitment and the client seeds: everyone at
            # the table has them before any card of the hand leaves the server.
            data["commitment"] = run.deal.commitment
            data["client_seeds"] = list(run.deal.client_seeds)
        if "account" in data:
            account = data.pop("account")
            data["name"] = self.known_names.get(account, "?")
            data.setdefault("seat", self.known_seats.get(account))
        data["type"] = type(ev).__name__
        return data

    def fan_out(self, entries: list[LoggedEvent]) -> None:
        if self.lobby is not None:
            self.lobby.changed(self)
        if not entries or not self.viewers:
            return
        first = entries[0].version
        # Each player involved here and looking gets a copy filtered for them on their own
        # channel; every other viewer the observers' copy, built once, on the table's. The
        # views of one moment are built together (_views).
        own = {a for a in self.viewers.values() if a is not None and self._involved(a)}
        observed = any(a is None or a not in own for a in self.viewers.values())
        shared, parts = self._parts((*own, None) if observed else tuple(own))
        # A public event (the most of them) is the same for every receiver: its wire shape
        # is built once; only the others are filtered per receiver (_wire). Each message is
        # encoded as it is built (outbound.table_events_frame): the shared part of the view
        # once, each receiver's own part per receiver (poker_view.view_json).
        public = [self._wire(e, None) if self._public(e) else None for e in entries]
        version = self.log.version
        head = (table_events_head(self.table_id, first, version,
                                  orjson.dumps(public, option=orjson.OPT_NON_STR_KEYS))
                if None not in public else None)

        def frame(key: int | None) -> Frame:
            start = head or table_events_head(self.table_id, first, version, orjson.dumps(
                [self._wire(e, key) if wire is None else wire
                 for e, wire in zip(entries, public, strict=True)],
                option=orjson.OPT_NON_STR_KEYS))
            return table_events_frame(start, view_json(shared, parts[key]))

        for account in own:
            self.fanout.publish(account_channel(account), frame(account))
        if observed:
            self.fanout.publish(self.channel, frame(None), skip=own)

    def _involved(self, account: int) -> bool:
        return account in self.names or (self.run is not None and account in self.run.seats)

    # ------------------------------------------------------------------ observing
    async def observe(self, viewer: str, account_id: int | None,
                      since: int | None) -> Outbound:
        result: Outbound = await self.call(self._observe, viewer, account_id, since)
        return result

    async def _observe(self, viewer: str, account_id: int | None,
                       since: int | None) -> TableEvents | TableView:
        """Count the viewer present; the answer is what they missed since `since`, or the
        whole view (the caller hands it to that one client)."""
        account = account_id
        self.viewers[viewer] = account
        if account is not None and account in self.names:
            try:
                self.table.reconnect(account)
            except RuleViolationError:
                pass
        missing = self.log.since(since) if since is not None else None
        if missing is not None and len(missing) > REPLAY_MAX:
            missing = None  # far behind: one full view costs less than a long replay
        if missing is not None:
            return TableEvents(table=self.table_id,
                               from_version=since + 1 if since is not None else 0,
                               version=self.log.version,
                               events=[self._wire(e, account) for e in missing],
                               view=self.view_for(account))
        return TableView(table=self.table_id, version=self.log.version,
                         view=self.view_for(account, with_log=True))

    async def unobserve(self, viewer: str) -> None:
        if viewer in self.viewers:
            await self.call(self._unobserve, viewer)

    async def _unobserve(self, viewer: str) -> None:
        account = self.viewers.pop(viewer, None)
        if account is not None and account in self.names and account not in self.viewers.values():
            try:
                self.table.disconnect(account)
            except RuleViolationError:
                pass

    # ------------------------------------------------------------------ seats (self.seating)
    async def sit(self, viewer: str, account_id: int, name: str, seat: int | None,
                  buy_in: int, post_now: bool) -> None:
        await self.call(self.seating.sit, viewer, account_id, name, seat, buy_in, post_now)

    async def top_up(self, account_id: int, amount: int) -> None:
        await self.call(self.seating.top_up, account_id, amount)

    async def leave(self, account_id: int) -> None:
        await self.call(self.seating.leave, account_id)

    async def sit_out(self, account_id: int) -> None:
        await self.call(self.seating.simple, "sit_out", account_id)

    async def sit_in(self, account_id: int) -> None:
        await self.call(self.seating.simple, "sit_in", account_id)

    async def auto_post(self, account_id: int, on: bool) -> None:
        await self.call(self.seating.auto_post, account_id, on)

    async def wait_list(self, account_id: int) -> None:
        await self.call(self.waiting.join, account_id)

    async def chat(self, account_id: int, name: str, text: str) -> None:
        self.to_table(ChatLine(table=self.table_id, name=name, text=text, now_ms=now_ms()))

    # ------------------------------------------------------------------ play
    async def act(self, account_id: int, hand: int, action_no: int, action: str,
                  amount: int | None, cards: list[str] | None = None) -> None:
        await self.call(self._act, account_id, hand, action_no, action, amount, cards)

    async def _act(self, account_id: int, hand: int, action_no: int, action: str,
                   amount: int | None, cards: list[str] | None = None) -> None:
        if self.halted is not None:
            raise RefusedError("table_halted", self.halted)
        account = account_id
        run = self.run
        last = self.shows.showable()
        if last is not None and hand == last.number:
            await self.shows.show(last, account, action_no, action)
            return
        if run is None or hand != run.number:
            raise RefusedError("stale_action", f"hand {hand} is not the hand in play")
        if action_no < run.action_no:
            raise RefusedError("stale_action",
                               f"action {action_no} of hand {hand} was already taken")
        if action_no > run.action_no:
            raise RefusedError("stale_action", f"action {action_no} of hand {hand} is not due yet")
        seat = run.seat_of(account)
        if action in NEEDS_AMOUNT and amount is None:
            raise RefusedError("bad_message", f"'{action}' needs an amount")
        if action == "draw":
            # R-DRAW-2: the cards of the player's hand to exchange ([] or none: stand pat).
            try:
                discard = tuple(Card.parse(text).code for text in cards or ())
            except InvalidNotationError as exc:
                raise RefusedError("bad_message", f"cards: {exc}") from None
            await self._apply(account, seat, action, None, discard)
            return
        await self._apply(account, seat, action, amount)

    async def _apply(self, account: int, seat: int, action: str, amount: int | None,
                     discard: tuple[int, ...] = ()) -> None:
        run = self.run
        assert run is not None
        if action == "draw":
            intent: Any = Draw(seat=seat, discard=discard)
        else:
            intent = ACTIONS[action](seat, amount or 0)
        try:
            self.did(self.table.act(account, intent, now_ms()))
        except RuleViolationError as exc:
            raise RefusedError.from_rule("illegal_action", exc) from None
        run.action_no += 1
        self._actions_counted.inc()
        await self.after_change()

    async def _on_clock(self, hand: int, action_no: int) -> None:
        run = self.run
        if run is None or run.number != hand or run.action_no != action_no:
            return
        clock = self.table.clock
        if clock is None:
            return
        at = now_ms()
        if not clock.expired(at):
            self._arm_clock()
            return
        self.did(self.table.check_clock(at))
        run.action_no += 1
        self.to_account(int_account(clock.account), Notice(
            code="timed_out", table=self.table_id, hand=hand, text="You ran out of time."))
        await self.after_change()

    async def after_change(self) -> None:
        run = self.run
        assert run is not None
        if self.table.hand is None:
            await self._settle(run)
        else:
            self.publish()
            self._arm_clock()

    def _arm_clock(self) -> None:
        clock, run = self.table.clock, self.run
        if clock is None or run is None:
            self.cancel("clock")
            return
        self.schedule("clock", (clock.deadline_ms - now_ms()) / 1000 + 0.01, self._on_clock,
                      run.number, run.action_no)

    # ------------------------------------------------------------------ hands
    def busy(self) -> bool:
        """A hand is being played (a draining node waits for it)."""
        return self.run is not None

    def longest_rest_ms(self) -> int:
        """The longest the hand being played can still take by the clock (a drain's bound)."""
        return self.table.longest_rest_ms() if self.run is not None else 0

    def maybe_deal(self) -> None:
        if self.draining:
            return
        if (self.run is None and self.halted is None and self.ops.may_deal()
                and self.table.can_start()):
            self.schedule("deal", self.between_hands_s, self._deal)

    async def _deal(self) -> None:
        if self.draining:
            return
        if (self.run is not None or self.halted is not None or not self.ops.may_deal()
                or not self.table.can_start()):
            return
        for account in self.auto_post_off:
            if account in self.names:  # the core forgets the choice once dealt in: repeat it
                self.did(self.table.wait_for_big_blind(account))
        if await self._apply_limits() and not self.table.can_start():
            self.publish()  # who was sat out, with no hand to deal now
            return
        # The deal: the client seeds of the players about to be dealt in, by seat, and a fresh
        # server seed (docs/FAIRNESS.md).
        dealt_in = self.table.next_plan().dealt_in
        game = self.table.config.game
        deal = self.services.deck_source.next_deal(self.services.client_seeds.for_seats(
            {s: int_account(self.table.account_at(s)) for s in dealt_in}), deck_cards(game))
        self.did(self.table.start_hand(now_ms(), deal.deck))
        # A hand can end inside start_hand (everyone all in from the posts): the table then
        # keeps it as last_hand.
        hand = self.table.hand or self.table.last_hand
        plan = self.table.plan
        number = self._hand_base + self.table.hands_played
        assert hand is not None and plan is not None
        seats = {int_account(self.table.account_at(s)): s for s in plan.dealt_in}
        start = {int_account(self.table.account_at(setup.seat)): setup.stack
                 for setup in hand.record.seats}
        try:
            with self.services.metrics.storage("begin_hand"):
                db_id = await self.services.hands.begin_hand(
                    self.table_id, number,
                    [HandSeat(seat=s, account_id=a, stack=start[a])
                     for a, s in seats.items()],
                    # What recovery needs, and never the deck: whoever reads the database or a
                    # backup mid-hand must not see the cards to come (issue 11). The record,
                    # deck included, is written once the hand is over (_settle).
                    record="",
                    commitment=deal.commitment, client_seeds=deal.client_seeds,
                    game=game_code(game),  # the cards a crash-voided hand's proof is over
                    sealed_seed=(self.services.seal.seal(deal.server_seed, deal.commitment)
                                 if self.services.seal is not None else ""),
                )
        except Exception:
            log.exception("%s: could not persist the start of hand %s", self.table_id, number,
                          extra={"table": self.table_id, "hand": number})
            self.services.metrics.error("storage")
            self._halt(number)
            return
        self.services.metrics.hands.labels(kind="poker").inc()
        log.info("hand %s dealt", number, extra={"table": self.table_id, "hand": number,
                                                 "hand_id": db_id})
        run = HandRun(number=number, db_id=db_id, hand=hand, seats=seats,
                      dealt_in=frozenset(plan.dealt_in), start_stacks=start, deal=deal)
        self.run = run
        self.last_run = None
        self.publish()
        if self.table.hand is None:
            await self._settle(run)
            return
        await self.seating.after_departures()
        self._arm_clock()

    def _halt(self, number: int) -> None:
        """Stop the table: a hand whose start was not stored is never played.

        Chips enter the ledger only when a hand ends, so a hand the storage cannot record could
        never be settled, and the table's stacks would drift from the escrow. Nothing has moved
        yet: every stack is still in escrow, and the next start of the room seats the players
        again with it (as after a crash)."""
        self.halted = (f"hand {number} could not be stored; the table is stopped and every "
                       "stack stays in escrow until the room restarts")
        self.cancel("clock")
        self.cancel("deal")
        self.to_table(Notice(code="table_halted", table=self.table_id, hand=number,
                              text=self.halted))
        if self.lobby is not None:
            self.lobby.changed(self)

    async def _settle(self, run: HandRun) -> None:
        self.cancel("clock")
        hand = run.hand
        result = hand.result
        finals = dict(result.stacks)
        try:
            with self.services.metrics.storage("settle_hand"):
                await self.services.hands.settle_hand(
                    run.db_id,
                    final_stacks={a: finals[s] for a, s in run.seats.items()},
                    rake=result.rake, record=self.services.encode_record(hand.record),
                    server_seed=run.deal.server_seed_hex,  # revealed: the hand is over
                )
        except Exception:
            # The settlement is one transaction: nothing moved. The table stops (no new hand
            # could be dealt before this one is settled) and tries again, ever more slowly,
            # until the storage answers; then it goes on by itself.
            log.exception("%s: could not settle hand %s", self.table_id, run.number,
                          extra={"table": self.table_id, "hand": run.number})
            self.services.metrics.error("storage")
            self._settle_failed(run)
            return
        if self.halted is not None:
            self._resume(run.number)
        log.info("hand %s settled", run.number, extra={"table": self.table_id,
                                                       "hand": run.number, "hand_id": run.db_id})
        self.fan_out(self.collect())
        self.send_result(run)
        self.run = None
        self.last_run = run
        self.shows.offer(run)
        await self._after_hand()

    def _settle_failed(self, run: HandRun) -> None:
        delay = min(SETTLE_RETRY_MAX_S, SETTLE_RETRY_FIRST_S * 2 ** self._settle_attempts)
        self._settle_attempts += 1
        if self.halted is None:
            self.halted = (f"hand {run.number} could not be settled: the table waits for the "
                           "storage and goes on by itself once it answers")
            self.cancel("deal")
            self.to_table(Notice(code="table_halted", table=self.table_id, hand=run.number,
                                  text=self.halted))
            if self.lobby is not None:
                self.lobby.changed(self)
        self.schedule("settle", delay, self._retry_settle, run.number)

    async def _retry_settle(self, number: int) -> None:
        run = self.run
        if run is not None and run.number == number and self.table.hand is None:
            await self._settle(run)

    def _resume(self, number: int) -> None:
        self.halted = None
        self._settle_attempts = 0
        self.to_table(Notice(code="table_resumed", table=self.table_id, hand=number,
                              text=f"hand {number} is settled: play goes on"))

    async def _after_hand(self) -> None:
        # A player left with no chips cannot be dealt in: the seat is freed for others; at a
        # table an operator closed, every player is.
        for p in self.table.players():
            if p.stack == 0 or self.ops.status == CLOSED:
                self.did(self.table.stand_up(p.account, now_ms=now_ms()))
        await self.seating.after_departures()
        await self.save_seats()
        self.publish()
        self.maybe_deal()

    def send_result(self, run: HandRun) -> None:
        result = run.hand.result
        names = {s: self.names.get(a, "?") for a, s in run.seats.items()}
        winners, shown = result_winners(run.hand, names)
        self.to_table(HandResult(table=self.table_id, hand=run.number, winners=winners,
                                  shown=shown, rake=result.rake,
                                  stacks={str(s): v for s, v in result.stacks}))

    # ------------------------------------------------------------------ not for this table
    async def place_bets(self, account_id: int, ante: int, trips: int) -> None:
        raise refuse_for_kind(self.kind, "uth_bet")

    async def decide(self, account_id: int, round_no: int, decision: str) -> None:
        raise refuse_for_kind(self.kind, "uth_decide")

    def publish(self) -> None:
        self.fan_out(self.collect())

    # ------------------------------------------------------------------ player protection
    async def _apply_limits(self) -> bool:
        """At each hand: a player over a self-set loss limit, or excluded, is not dealt in (sat
        out, told why); a player past their session length gets a reminder. True if anyone
        was sat out."""
        limits = self.services.limits
        if limits is None:
            return False
        at = now_ms()
        sat_out = False
        for p in self.table.players():
            account = int_account(p.account)
            blocked = None if p.sitting_out else await limits.blocked(account, at)
            if blocked is not None:
                self.did(self.table.sit_out(account, now=True, now_ms=at))
                self.to_account(account, WordedNotice(
                    code="limit_reached", table=self.table_id, hand=None, text=blocked.reason,
                    message=blocked.message, params=blocked.params))
                sat_out = True
                continue
            minutes = await limits.session_minutes(account)
            start = self.services.session_start.setdefault(account, at)
            if minutes is not None and at - start >= minutes * 60_000:
                self.services.session_start[account] = at  # the next one a period later
                self.to_account(account, WordedNotice(
                    code="session_reminder", table=self.table_id, hand=None,
                    text=f"You have played for {minutes} minutes (your session limit).",
                    message="session_reminder", params={"minutes": int(minutes)}))
        return sat_out

    def _tell(self, account: int, code: str, text: str) -> None:
        self.to_account(account, Notice(code=code, table=self.table_id, hand=None, text=text))

    async def check_limits(self, account_id: int) -> None:
        """Refuse a seat to a player over a self-set limit or excluded."""
        limits = self.services.limits
        if limits is None:
            return
        blocked = await limits.blocked(account_id)
        if blocked is not None:
            raise RefusedError("limit_reached", blocked.reason, rule=blocked.rule,
                               message=blocked.message, params=blocked.params)
        self.services.session_start.setdefault(account_id, now_ms())

    # ------------------------------------------------------------------ the operator console
    async def observer_view(self) -> PokerView:
        """The table as an observer sees it (the console's), without the event log."""
        return self.view_for(None)

    def after_reopen(self) -> None:
        self.maybe_deal()

    async def keep_status(self) -> None:
        """Kept with the seating: between hands, the seating now; during a hand, the seating
        kept before it (the one a voided hand is restored to) with the new status, so a node
        that dies before the hand ends leaves the operator's word to whoever takes the table
        (and the whole seating again at the end of the hand)."""
        if self.table.hand is None:
            await self.save_seats()
            return
        book, kept = self.services.seats, self._saved_seating
        if book is None or kept is None:
            return
        seating = replace(Seating.decode(kept), status=self.ops.status)
        text = seating.encode()
        if text == kept:
            return
        try:
            await book.save(self.table_id, seating)
        except Exception:  # noqa: BLE001 - the table plays on, as for any seating save
            log.exception("%s: could not keep the status", self.table_id)
            return
        self._saved_seating = text

    async def close_now(self) -> None:
        for p in self.table.players():
            self.did(self.table.stand_up(p.account, now_ms=now_ms()))
        await self.seating.after_departures()
        self.publish()
