"""A tournament as a state machine over many tables: registering, running, on break,
hand-for-hand, finished, cancelled.

R-TOURN-1 (entry), R-TOURN-2 (start), R-TOURN-3 (levels), R-TOURN-5 (absent players
are dealt in and check or fold), R-TOURN-6 (eliminations and places), R-TOURN-7 (prizes),
R-TOURN-10 (hand-for-hand), R-TOURN-11 (late registration, re-entry, rebuys, add-on),
R-TOURN-12 (cancellation); the dead button in tables.py, seating in seating.py, the ICM
deal in icm.py. Pure: time (`now_ms`, tournament time, which the room stops while it is
down), the decks and the random draw are inputs. Every command checks first and raises
RuleViolationError with nothing changed.

Our readings where the rulebook is silent: a level of N hands ends once some table has
dealt N hands in it; late registration, rebuys and the add-on close when the next
elimination would be the last one before the paid places (so the prizes are fixed before
anyone is paid); players eliminated while late registration is open get their places
when it closes; a player with no chips after a hand is out even in the rebuy period
(rebuys are taken between hands while at or below the starting stack).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from pokerroom.core import rules
from pokerroom.core.deck import IndexSource
from pokerroom.core.errors import RuleViolationError
from pokerroom.core.table import engine
from pokerroom.core.table.config import TableConfig
from pokerroom.core.tournament import draw, icm
from pokerroom.core.tournament import payouts as pay
from pokerroom.core.tournament.events import (
    AddedOn,
    BreakEnded,
    BreakStarted,
    Cancelled,
    DealDeclined,
    DealOffered,
    Eliminated,
    Finished,
    HandDealtAt,
    HandFinishedAt,
    HandForHandEnded,
    HandForHandStarted,
    LateRegistrationClosed,
    LevelStarted,
    Moved,
    Rebought,
    Registered,
    Seated,
    Started,
    TableBroken,
    TournamentEvent,
    Unregistered,
)
from pokerroom.core.tournament.seating import (
    draw_into_open_seats,
    final_table_button,
    shortest_table,
    starting_draw,
)
from pokerroom.core.tournament.structure import Level, TournamentConfig, level_at, level_number
from pokerroom.core.tournament.tables import Positions, TournamentTable

REGISTERING = "registering"
RUNNING = "running"
ON_BREAK = "on_break"
HAND_FOR_HAND = "hand_for_hand"
FINISHED = "finished"
CANCELLED = "cancelled"

Events = list[TournamentEvent]


def entry_name(player: str, nth: int) -> str:
    """A player's nth entry (R-TOURN-11: re-entries): `7`, then `7#2`, `7#3`. One is in
    play at a time, so the entries go out in this order."""
    return player if nth == 1 else f"{player}#{nth}"


@dataclass(slots=True, kw_only=True)
class Entry:
    entry: str
    player: str
    chips: int = 0
    rebuys: int = 0
    added_on: bool = False
    place: int | None = None
    prize: int = 0
    busted: bool = False


@dataclass(slots=True, kw_only=True)
class _Round:
    """Hand-for-hand: the tables that dealt in this round, the hands that ended in it."""

    dealt: set[int] = field(default_factory=set)
    ended: list[int] = field(default_factory=list)


class Tournament:
    """One tournament. Single writer: the caller serialises every call."""

    def __init__(self, config: TournamentConfig, rng: IndexSource) -> None:
        self.config = config
        self.rng = rng
        self.entries: dict[str, Entry] = {}
        self.tables: dict[int, TournamentTable] = {}
        self.prize_pool = 0
        self.fees = 0
        self.chips_in_play = 0
        self.level_index = 0
        self.level_started_ms = 0
        self.hands_in_level: dict[int, int] = {}
        self.now_ms = 0
        self.away: set[str] = set()
        # The away players who sat out by their own word (R-TOURN-5): only their word brings
        # them back, not a reconnection (a subset of `away`).
        self.sitting_out: set[str] = set()
        self.pool_final = False
        self.place_prizes: tuple[int, ...] = ()
        self._status = REGISTERING
        self._hand_for_hand = False
        self._round: _Round | None = None
        self._bust_groups: list[list[tuple[str, int]]] = []  # waiting for their places
        self._just_posted_big_blind: set[str] = set()
        self._first_button: dict[int, int] = {}
        self._deal: dict[str, int] | None = None
        self._deal_accepted: set[str] = set()
        self.alive_count = 0
        self.log: Events = []

    # ------------------------------------------------------------------ reading
    @property
    def status(self) -> str:
        if self._status == RUNNING and self._hand_for_hand:
            return HAND_FOR_HAND
        return self._status

    @property
    def level(self) -> Level:
        return level_at(self.config.levels, self.level_index)

    @property
    def level_number(self) -> int:
        return level_number(self.config.levels, self.level_index)

    def alive(self) -> list[str]:
        return [e.entry for e in self.entries.values() if not e.busted]

    def table_of(self, entry: str) -> TournamentTable:
        for t in self.tables.values():
            if entry in t.seats:
                return t
        raise RuleViolationError("entry", f"{entry} is not seated in {self.config.id}")

    def paid_places(self) -> int:
        if self.pool_final:
            return len(self.place_prizes)
        return len(pay.shares(self.config.payout_table, len(self.entries)))

    def total_chips(self) -> int:
        """Every chip in the tournament: stacks, and what running hands hold."""
        total = 0
        for t in self.tables.values():
            for entry in t.players:
                in_hand = t.hand is not None and entry in t.start_stacks
                total += t.start_stacks[entry] if in_hand else self.entries[entry].chips
        return total

    def table_config(self, table: int) -> TableConfig:
        return self.config.table_config(self.level, table)

    def _emit(self, events: Events) -> Events:
        self.log.extend(events)
        return events

    def _require(self, *statuses: str) -> None:
        if self._status not in statuses:
            raise RuleViolationError(
                "R-TOURN-2", f"{self.config.id} is {self.status}: not possible now"
            )

    # ------------------------------------------------------------- registration
    def late_registration_open(self) -> bool:
        return (
            self._status in (RUNNING, ON_BREAK)
            and not self.pool_final
            and self.level_number <= self.config.late_registration_levels
        )

    def register(self, player: str, now_ms: int = 0) -> Events:
        """R-TOURN-1: buy-in plus fee; during late registration or as a re-entry the new entry
        is seated at once (R-TOURN-11)."""
        cfg = self.config
        late = self._status != REGISTERING
        if late and not self.late_registration_open():
            raise RuleViolationError("R-TOURN-11", "registration is closed")
        mine = [e for e in self.entries.values() if e.player == player]
        if any(not e.busted for e in mine):
            raise RuleViolationError("R-TOURN-1", f"{player} is already registered")
        if mine and len(mine) > cfg.reentry:
            raise RuleViolationError("R-TOURN-11", f"{player} has no re-entry left")
        if self.alive_count >= cfg.max_entrants:
            raise RuleViolationError("R-TOURN-1", "the tournament is full")
        entry = entry_name(player, len(mine) + 1)
        self.entries[entry] = Entry(entry=entry, player=player, chips=cfg.starting_chips)
        self.alive_count += 1
        self.prize_pool += cfg.buy_in
        self.fees += cfg.fee
        self.chips_in_play += cfg.starting_chips
        events: Events = [Registered(entry=entry, player=player, buy_in=cfg.buy_in, fee=cfg.fee)]
        if late:
            events += self._seat_late(entry)
        self._emit(events)
        if cfg.sit_and_go and not late and self.alive_count >= cfg.max_entrants:
            events += self.start(now_ms)  # R-TOURN-2: a sit & go starts when full
        return events

    def unregister(self, player: str) -> Events:
        """R-TOURN-1: before the start, buy-in and fee come back."""
        self._require(REGISTERING)
        if player not in self.entries:
            raise RuleViolationError("R-TOURN-1", f"{player} is not registered")
        del self.entries[player]
        self.alive_count -= 1
        self.prize_pool -= self.config.buy_in
        self.fees -= self.config.fee
        self.chips_in_play -= self.config.starting_chips
        refund = self.config.buy_in + self.config.fee
        return self._emit([Unregistered(entry=player, player=player, refund=refund)])

    def ready_to_start(self, now_ms: int) -> bool:
        """R-TOURN-2: a sit & go when full; a scheduled tournament at its time."""
        if self._status != REGISTERING:
            return False
        if self.config.sit_and_go:
            return len(self.entries) >= self.config.max_entrants
        assert self.config.start_ms is not None
        return now_ms >= self.config.start_ms

    def start(
        self,
        now_ms: int = 0,
        *,
        seating: Mapping[str, tuple[int, int]] | None = None,
        buttons: Mapping[int, int] | None = None,
        stacks: Mapping[str, int] | None = None,
    ) -> Events:
        """Draw the seats and start level 1; a scheduled tournament short of its minimum is
        cancelled and refunded instead (R-TOURN-2).

        `seating` (entry -> (table, seat)), `buttons` (table -> first button seat) and
        `stacks` replace the draw and the starting stacks: arranged starts for scenarios, as
        an arranged deck replaces the shuffle."""
        self._require(REGISTERING)
        if len(self.entries) < self.config.min_entrants:
            if self.config.sit_and_go:
                raise RuleViolationError("R-TOURN-2", "not enough entrants to start")
            return self.cancel()
        if seating is not None:
            tables = _arranged(seating, set(self.entries), self.config.seats)
        else:
            tables = starting_draw(list(self.entries), self.config.seats, self.rng)
        if stacks is not None:
            if set(stacks) - set(self.entries) or any(c <= 0 for c in stacks.values()):
                raise RuleViolationError("stacks", "stacks of registered players, positive")
            for entry, chips in stacks.items():
                self.chips_in_play += chips - self.entries[entry].chips
                self.entries[entry].chips = chips
        self._status = RUNNING
        self.now_ms = self.level_started_ms = now_ms
        self.tables = tables
        events: Events = [Started(entrants=len(self.entries))]
        for t in self.tables.values():
            drawn = draw.choice(self.rng, [i for i, p in enumerate(t.seats) if p is not None])
            self._first_button[t.number] = (buttons or {}).get(t.number, drawn)
            for seat, occupant in enumerate(t.seats):
                if occupant is not None:
                    events.append(Seated(entry=occupant, table=t.number, seat=seat,
                                         chips=self.entries[occupant].chips))  # fmt: skip
        events.append(self._level_event())
        self._close_registration_if_due(events)
        return self._emit(events)

    def _seat_late(self, entry: str) -> Events:
        target = shortest_table(self.tables, exclude=-1)
        if target is None or not target.open_seats():
            number = max(self.tables, default=0) + 1
            target = self.tables[number] = TournamentTable(number=number, n_seats=self.config.seats)
            self._first_button[number] = 0
        seat = draw.choice(self.rng, target.open_seats())
        target.seats[seat] = entry
        return [
            Seated(entry=entry, table=target.number, seat=seat, chips=self.entries[entry].chips)
        ]

    # -------------------------------------------------------- rebuys and add-on
    def _between_hands(self, entry: str) -> Entry:
        e = self.entries.get(entry)
        if e is None or e.busted:
            raise RuleViolationError("R-TOURN-11", f"{entry} is not in the tournament")
        if entry in self.table_of(entry).dealt.values():
            raise RuleViolationError("R-TOURN-11", "chips are added between hands only")
        return e

    def rebuy(self, entry: str) -> Events:
        """R-TOURN-11: during the rebuy period, while at or below the starting stack."""
        self._require(RUNNING, ON_BREAK)
        e = self._between_hands(entry)
        cfg = self.config
        if self.pool_final or self.level_number > cfg.rebuy_period:
            raise RuleViolationError("R-TOURN-11", "the rebuy period is over")
        if e.rebuys >= cfg.rebuys:
            raise RuleViolationError("R-TOURN-11", f"{entry} has no rebuy left")
        if e.chips > cfg.starting_chips:
            raise RuleViolationError("R-TOURN-11", "a rebuy needs a stack at or below the start")
        e.rebuys += 1
        return self._emit(self._add_chips(e, Rebought))

    def add_on(self, entry: str) -> Events:
        """R-TOURN-11: one add-on, in the last level of the rebuy period (or the break after)."""
        self._require(RUNNING, ON_BREAK)
        e = self._between_hands(entry)
        cfg = self.config
        if not cfg.add_on:
            raise RuleViolationError("R-TOURN-11", "this tournament has no add-on")
        if self.pool_final or self.level_number != cfg.rebuy_period:
            raise RuleViolationError("R-TOURN-11", "the add-on is taken at the end of the rebuys")
        if e.added_on:
            raise RuleViolationError("R-TOURN-11", f"{entry} has taken the add-on")
        e.added_on = True
        return self._emit(self._add_chips(e, AddedOn, cfg.add_on))

    def _add_chips(self, e: Entry, kind: type[Rebought] | type[AddedOn], chips: int = 0) -> Events:
        cfg = self.config
        chips = chips or cfg.starting_chips
        e.chips += chips
        self.chips_in_play += chips
        self.prize_pool += cfg.buy_in
        self.fees += cfg.fee
        return [kind(entry=e.entry, chips=chips, buy_in=cfg.buy_in, fee=cfg.fee)]

    # ------------------------------------------------------------------- clock
    def tick(self, now_ms: int) -> Events:
        """The tournament clock moves on: levels by minutes, breaks (R-TOURN-3)."""
        if now_ms < self.now_ms:
            raise RuleViolationError("clock", "tournament time cannot go back")
        self.now_ms = now_ms
        events: Events = []
        while self._status in (RUNNING, ON_BREAK):
            length = self.level.length_ms
            if length is None or now_ms - self.level_started_ms < length:
                break
            self._next_level(self.level_started_ms + length, events)
        return self._emit(events)

    def _next_level(self, at_ms: int, events: Events) -> None:
        was_break = self.level.is_break
        self.level_index += 1
        self.level_started_ms = at_ms
        self.hands_in_level = {}
        if self.level.is_break:
            self._status = ON_BREAK
            assert self.level.minutes is not None
            events.append(BreakStarted(minutes=self.level.minutes))
            return
        if was_break:
            self._status = RUNNING
            events.append(BreakEnded())
        events.append(self._level_event())
        self._close_registration_if_due(events)

    def _level_event(self) -> LevelStarted:
        lv = self.level
        return LevelStarted(
            level=self.level_number, small_blind=lv.small_blind, big_blind=lv.big_blind,
            ante=lv.ante,
        )  # fmt: skip

    def _close_registration_if_due(self, events: Events) -> None:
        """The prize pool is final once late registration and the rebuy period are over, or
        when the money is near; the places of the players out so far are then known."""
        cfg = self.config
        if self.pool_final:
            return
        over = self.level_number > max(cfg.late_registration_levels, cfg.rebuy_period)
        near_money = self.alive_count <= self.paid_places() + 1
        if not (over or near_money):
            return
        self.pool_final = True
        self.place_prizes = pay.prizes(self.prize_pool, cfg.payout_table, len(self.entries))
        if cfg.late_registration_levels or cfg.rebuys or cfg.add_on:
            events.append(
                LateRegistrationClosed(entrants=len(self.entries), prize_pool=self.prize_pool)
            )
        place = len(self.entries)
        for group in self._bust_groups:
            events += self._place_group(group, place)
            place -= len(group)
        self._bust_groups = []

    # ------------------------------------------------------------------- hands
    def can_deal(self, table: int) -> bool:
        """May `table` deal its next hand now (breaks, hand-for-hand, breaking, final draw)?"""
        t = self.tables.get(table)
        if t is None or t.hand is not None or t.breaking or self._status != RUNNING:
            return False
        if self._deal is not None:
            return False
        if sum(1 for p in t.players if self.entries[p].chips > 0) < 2:
            return False
        if len(self.tables) > 1 and self.alive_count <= self.config.seats:
            return False  # waiting to draw the final table
        if self._hand_for_hand:
            if self._round is None:
                return not any(x.hand is not None for x in self.tables.values())
            return table not in self._round.dealt
        return True

    def _why_not(self, table: int) -> str:
        t = self.tables.get(table)
        if self._status == ON_BREAK:
            return "R-TOURN-3"
        if (
            t is not None
            and t.breaking
            or len(self.tables) > 1 >= 0
            and self.alive_count <= self.config.seats
        ):
            return "R-TOURN-9"
        if self._hand_for_hand:
            return "R-TOURN-10"
        return "phase"

    def next_positions(self, table: int) -> Positions:
        """Button and blinds of the next hand at `table` (R-TOURN-4)."""
        t = self.tables[table]
        stud = self.config.game in ("stud", "stud-hilo", "razz")
        return t.next_positions(self._first_button.get(table, 0), stud, self._just_posted_big_blind)

    def tables_ready(self) -> list[int]:
        return [n for n in sorted(self.tables) if self.can_deal(n)]

    def deal(self, table: int, deck: Sequence[int], now_ms: int) -> Events:
        """Deal the next hand at `table` with the current level's blinds and antes."""
        events = self.tick(now_ms)
        if not self.can_deal(table):
            raise RuleViolationError(self._why_not(table), f"table {table} cannot deal now")
        t = self.tables[table]
        pos = self.next_positions(table)
        config = self.table_config(table)
        setups = []
        for seat, entry in enumerate(t.seats):
            if entry is None or self.entries[entry].chips <= 0:
                continue
            posts: list[str] = []
            if seat == pos.small_blind:
                posts.append("small_blind")
            if seat == pos.big_blind:
                posts.append("big_blind")
            setups.append(engine.seat_setup(config, seat, self.entries[entry].chips, posts, entry))
        t.hand = t.played = engine.start(config, setups, pos.button, deck)
        t.before_last, t.last = t.last, pos
        t.hand_number += 1
        t.dealt = {s.seat: t.seats[s.seat] for s in setups}  # type: ignore[misc]
        t.start_stacks = {t.seats[s.seat]: s.stack for s in setups}  # type: ignore[misc]
        self.hands_in_level[table] = self.hands_in_level.get(table, 0) + 1
        if self._hand_for_hand:
            if self._round is None:
                self._round = _Round()
            self._round.dealt.add(table)
        big = t.seats[pos.big_blind] if pos.big_blind is not None else None
        for entry in t.dealt.values():
            self._just_posted_big_blind.discard(entry)
        if big is not None:
            self._just_posted_big_blind.add(big)
        events.append(HandDealtAt(
            table=table, hand=t.hand_number, button=pos.button, small_blind=pos.small_blind,
            big_blind=pos.big_blind, stacks=tuple(sorted(t.start_stacks.items())),
            big_blind_entry=big,
        ))  # fmt: skip
        self._emit(events[-1:])
        return events + self._auto_play(t)

    def hand(self, table: int) -> rules.Hand:
        t = self.tables.get(table)
        if t is None or t.hand is None:
            raise RuleViolationError("phase", f"no hand is running at table {table}")
        return t.hand

    def act(self, table: int, entry: str, action: rules.Action, now_ms: int) -> Events:
        """A player's action; when the hand ends, eliminations and moves follow."""
        hand = self.hand(table)
        t = self.tables[table]
        if t.dealt.get(action.seat) != entry:
            raise RuleViolationError("R-BET-10", f"{entry} does not sit in seat {action.seat}")
        self.now_ms = max(self.now_ms, now_ms)
        hand.apply(action)
        return self._auto_play(t)

    def set_away(self, entry: str, away: bool, *, chosen: bool = False) -> None:
        """R-TOURN-5: an away (or disconnected) player stays in, checking or folding.
        `chosen`: the player sat out by their own word (kept in `sitting_out`); back
        (`away` False) ends either."""
        if entry not in self.entries:
            raise RuleViolationError("entry", f"{entry} is not in {self.config.id}")
        if away:
            self.away.add(entry)
            if chosen:
                self.sitting_out.add(entry)
        else:
            self.away.discard(entry)
            self.sitting_out.discard(entry)

    def play_for_absent(self, table: int) -> Events:
        """Act for the away players whose turn it is at `table` (R-TOURN-5)."""
        t = self.tables.get(table)
        if t is None or t.hand is None:
            return []
        return self._auto_play(t)

    def _auto_play(self, t: TournamentTable) -> Events:
        hand = t.hand
        assert hand is not None
        while not hand.is_over:
            seat = hand.to_act
            if seat is None or t.dealt.get(seat) not in self.away:
                break
            hand.apply(engine.timeout_action(hand, seat)[1])
        if hand.is_over:
            return self._hand_over(t)
        return []

    def _hand_over(self, t: TournamentTable) -> Events:
        hand = t.hand
        assert hand is not None
        final = engine.final_stacks(hand)
        for seat, entry in t.dealt.items():
            self.entries[entry].chips = final[seat]
        events: Events = [HandFinishedAt(
            table=t.number, hand=t.hand_number,
            stacks=tuple((p, self.entries[p].chips) for p in t.players),
        )]  # fmt: skip
        if self._round is not None and t.number in self._round.dealt:
            self._round.ended.append(t.number)
            t.hand = None
            if any(x.hand is not None for x in self.tables.values()) or any(
                self.can_deal(n) for n in self.tables if n not in self._round.dealt
            ):
                return self._emit(events)  # the round is not over yet
            ended, self._round = self._round.ended, None
            events += self._after_hands([self.tables[n] for n in sorted(ended)])
            return self._emit(events)
        t.hand = None
        events += self._after_hands([t])
        return self._emit(events)

    def _after_hands(self, finished: list[TournamentTable]) -> Events:
        """Eliminations (one group for hands that count as one, R-TOURN-6), then the level,
        hand-for-hand, the end, breaking and balancing."""
        events: Events = []
        busted = []
        for t in finished:
            for entry in t.players:
                if self.entries[entry].chips == 0:
                    busted.append((entry, t.start_stacks.get(entry, 0)))
                    t.seats[t.seat_of(entry)] = None
                    self.away.discard(entry)
                    self.sitting_out.discard(entry)
            t.dealt = {}
            t.start_stacks = {}
        if busted:
            events += self._eliminate(busted)
        for t in finished:
            length = self.level.hands
            if length is not None and self.hands_in_level.get(t.number, 0) >= length:
                self._next_level(self.now_ms, events)  # past the last: level_at
        self._close_registration_if_due(events)
        if self.alive_count == 1 and not any(t.hand for t in self.tables.values()):
            events += self._finish()
            return events
        self._update_hand_for_hand(events)
        events += self._break_tables()
        for t in finished:
            if t.number in self.tables:
                events += self._balance(t)
        return events

    # ------------------------------------------------------------- eliminations
    def _eliminate(self, busted: list[tuple[str, int]]) -> Events:
        for entry, _ in busted:
            self.entries[entry].busted = True
        self.alive_count -= len(busted)
        if not self.pool_final:
            self._bust_groups.append(busted)
            return []
        place = self.alive_count + len(busted)
        return self._place_group(busted, place)

    def _place_group(self, group: list[tuple[str, int]], worst: int) -> Events:
        """R-TOURN-6: more chips at the start of the hand finish higher; equal chips share
        the prizes of the places they cover. `worst` is the lowest place of the group."""
        best = worst - len(group) + 1
        order = sorted(group, key=lambda x: (-x[1], x[0]))
        events: Events = []
        place = best
        i = 0
        while i < len(order):
            same = [e for e, c in order if c == order[i][1]]
            total = pay.prize_of_places(self.place_prizes, place, len(same))
            shared = pay.share_equally(total, same)
            for entry in same:
                e = self.entries[entry]
                e.place, e.prize = place, shared[entry]
                events.append(Eliminated(entry=entry, place=place, prize=e.prize))
                place += 1
            i += len(same)
        return events

    def _finish(self) -> Events:
        (winner,) = self.alive()
        e = self.entries[winner]
        e.place, e.prize = 1, pay.prize_of_places(self.place_prizes, 1, 1)
        self._status = FINISHED
        self._hand_for_hand = False
        return [Eliminated(entry=winner, place=1, prize=e.prize), self._finished_event()]

    def _finished_event(self, deal: bool = False) -> Finished:
        ranked = sorted(self.entries.values(), key=lambda e: e.place or 0)
        return Finished(
            places=tuple(e.entry for e in ranked),
            payouts=tuple((e.entry, e.prize) for e in ranked if e.prize),
            deal=deal,
        )

    def prizes_paid(self) -> int:
        return sum(e.prize for e in self.entries.values())

    # ---------------------------------------------------------- hand-for-hand
    def _update_hand_for_hand(self, events: Events) -> None:
        """R-TOURN-10: from when the next elimination is the last before the money until the
        paid places are reached."""
        alive = self.alive_count
        paid = self.paid_places()
        if (
            not self._hand_for_hand
            and self.pool_final
            and alive == paid + 1
            and len(self.tables) > 1
        ):
            self._hand_for_hand = True
            self._round = None
            events.append(HandForHandStarted())
        elif self._hand_for_hand and alive <= paid:
            self._hand_for_hand = False
            self._round = None
            events.append(HandForHandEnded())

    # ------------------------------------------------------ breaking, balancing
    def _break_tables(self) -> Events:
        events: Events = []
        seats = self.config.seats
        while len(self.tables) > 1:
            alive = self.alive_count
            if alive <= seats:
                if any(t.hand is not None for t in self.tables.values()):
                    return events  # the final table is drawn once every hand has ended
                return events + self._final_table()
            if alive > (len(self.tables) - 1) * seats:
                return events
            highest = self.tables[max(self.tables)]
            if highest.hand is not None:
                highest.breaking = True
                return events
            events += self._break(highest)
        return events

    def _break(self, t: TournamentTable) -> Events:
        """R-TOURN-9: the table's players are drawn into the open seats of the others."""
        del self.tables[t.number]
        movers = t.players
        events: Events = [TableBroken(table=t.number)]
        placed = draw_into_open_seats(
            movers, self.tables.values(), self.rng, self._just_posted_big_blind
        )
        for entry, to, seat in sorted(placed, key=lambda x: (x[1].number, x[2])):
            events.append(Moved(entry=entry, from_table=t.number, to_table=to.number, seat=seat))
        return events

    def _final_table(self) -> Events:
        """R-TOURN-9: everyone drawn at the last table; a fresh button by draw."""
        final_number = min(self.tables)
        events: Events = [TableBroken(table=n) for n in sorted(self.tables) if n != final_number]
        players = [p for n in sorted(self.tables) for p in self.tables[n].players]
        final = TournamentTable(number=final_number, n_seats=self.config.seats)
        hands = self.tables[final_number].hand_number
        final.hand_number = hands
        self.tables = {final_number: final}
        draw.shuffle(self.rng, players)
        seats = draw.sample(self.rng, range(self.config.seats), len(players))
        for entry, seat in zip(players, seats, strict=True):
            final.seats[seat] = entry
            events.append(Seated(entry=entry, table=final_number, seat=seat,
                                 chips=self.entries[entry].chips))  # fmt: skip
        stud = self.config.game in ("stud", "stud-hilo", "razz")
        self._first_button[final_number] = final_table_button(
            final, self.rng, self._just_posted_big_blind, stud
        )
        return events

    def _balance(self, t: TournamentTable) -> Events:
        """R-TOURN-8: move the player due for the big blind to the shortest table's worst
        seat, one at a time, until this table is at most one fuller than the shortest."""
        events: Events = []
        while True:
            target = shortest_table(self.tables, exclude=t.number)
            if target is None or t.count - target.count < 2 or not target.open_seats():
                return events
            entry = t.due_big_blind(self._just_posted_big_blind)
            seat = target.worst_open_seat()
            t.seats[t.seat_of(entry)] = None
            target.seats[seat] = entry
            events.append(
                Moved(entry=entry, from_table=t.number, to_table=target.number, seat=seat)
            )

    # ------------------------------------------------------------------- deal
    def offer_deal(self) -> Events:
        """An ICM deal at the final table with four or fewer players left, between hands."""
        self._require(RUNNING)
        alive = self.alive()
        if not 2 <= len(alive) <= icm.MAX_DEAL_PLAYERS or len(self.tables) != 1:
            raise RuleViolationError("deal", "a deal is offered with 2 to 4 players left")
        if any(t.hand is not None for t in self.tables.values()) or not self.pool_final:
            raise RuleViolationError("deal", "a deal is offered between hands")
        chips = {p: self.entries[p].chips for p in alive}
        self._deal = icm.deal(chips, self.place_prizes[: len(alive)])
        self._deal_accepted = set()
        return self._emit([DealOffered(amounts=tuple(sorted(self._deal.items())))])

    @property
    def deal_offer(self) -> dict[str, int] | None:
        """The deal on the table (entry -> amount), None when none is offered."""
        return dict(self._deal) if self._deal is not None else None

    @property
    def deal_accepted(self) -> set[str]:
        return set(self._deal_accepted)

    def accept_deal(self, entry: str) -> Events:
        """The deal happens only when every player left has accepted it."""
        if self._deal is None or entry not in self._deal:
            raise RuleViolationError("deal", f"no deal is offered to {entry}")
        self._deal_accepted.add(entry)
        if self._deal_accepted != set(self._deal):
            return []
        ranked = sorted(self._deal, key=lambda p: (-self.entries[p].chips, p))
        events: Events = []
        for place, entry_ in enumerate(ranked, start=1):
            e = self.entries[entry_]
            e.place, e.prize, e.busted = place, self._deal[entry_], place > 1
            events.append(Eliminated(entry=entry_, place=place, prize=e.prize))
        self._deal = None
        self._status = FINISHED
        events.append(self._finished_event(deal=True))
        return self._emit(events)

    def decline_deal(self, entry: str) -> Events:
        if self._deal is None or entry not in self._deal:
            raise RuleViolationError("deal", f"no deal is offered to {entry}")
        self._deal = None
        self._deal_accepted = set()
        return self._emit([DealDeclined(entry=entry)])

    # ------------------------------------------------------------ cancellation
    def cancel(self) -> Events:
        """Before the start: refunds. Running: R-TOURN-12 on the pool not yet paid, from the
        chips at the last finished hand (a running hand is void)."""
        if self._status in (FINISHED, CANCELLED):
            raise RuleViolationError("R-TOURN-12", f"{self.config.id} is already {self._status}")
        if self._status == REGISTERING:
            refund = self.config.buy_in + self.config.fee
            self._status = CANCELLED
            self.prize_pool = self.fees = 0  # everything goes back (R-TOURN-2)
            return self._emit(
                [Cancelled(payouts=tuple((e, refund) for e in self.entries), refunds=True)]
            )
        for t in self.tables.values():
            if t.hand is not None:  # void: stacks back to the start of the hand
                for entry, chips in t.start_stacks.items():
                    self.entries[entry].chips = chips
                t.hand, t.dealt, t.start_stacks = None, {}, {}
        if not self.pool_final:
            self.place_prizes = pay.prizes(
                self.prize_pool, self.config.payout_table, len(self.entries)
            )
        alive = self.alive()
        unpaid_places = self.place_prizes[: len(alive)]
        stacks = {p: self.entries[p].chips for p in alive}
        out = pay.cancellation_payout(self.prize_pool - self.prizes_paid(), unpaid_places, stacks)
        for entry, amount in out.items():
            self.entries[entry].prize = amount
        self._status = CANCELLED
        return self._emit([Cancelled(payouts=tuple(sorted(out.items())), refunds=False)])


def _arranged(
    seating: Mapping[str, tuple[int, int]], entries: set[str], n_seats: int
) -> dict[int, TournamentTable]:
    if set(seating) != entries:
        raise RuleViolationError("seating", "an arranged seating places every entrant")
    tables: dict[int, TournamentTable] = {}
    for entry, (number, seat) in seating.items():
        t = tables.setdefault(number, TournamentTable(number=number, n_seats=n_seats))
        if not 0 <= seat < n_seats or t.seats[seat] is not None:
            raise RuleViolationError("seating", f"seat {seat} of table {number} is not free")
        t.seats[seat] = entry
    return dict(sorted(tables.items()))
