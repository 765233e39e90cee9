"""One table, many hands: seats, buy-ins, button and blinds, sitting out, the clock.

R-BUYIN-1..4 (via buyin.py), R-BTN-1..2, R-BLIND-1..9, R-HU-1 (via blinds.py): the table keeps
each player's state between hands (new, waiting, owing missed blinds, sitting out), asks
blinds.py for the plan of the next hand, builds the engine's SeatSetup list and applies the
result to the stacks when the hand has ended. A single-writer object: every command checks
everything first and raises RuleViolationError / IllegalActionError with nothing changed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pokerroom.core.errors import IllegalActionError, RuleViolationError
from pokerroom.core.rules.records import positional_maker
from pokerroom.core.table import engine
from pokerroom.core.table.account import Account
from pokerroom.core.table.blinds import (
    BlindPlan,
    NotEnoughPlayersError,
    PreviousHand,
    SeatState,
    plan_hand,
    plan_stud_hand,
    strictly_between,
)
from pokerroom.core.table.buyin import Departure, RoomMemory, check_buy_in, check_top_up
from pokerroom.core.table.clock import TurnClock, start_turn
from pokerroom.core.table.config import TableConfig
from pokerroom.core.table.events import (
    BlindMissed,
    GameChanged,
    HandDealt,
    HandSettled,
    PlayerSat,
    PlayerStoodUp,
    SatIn,
    SatOut,
    TableEvent,
    TimedOut,
    ToppedUp,
)
from pokerroom.core.table.mixed import RotationState, after_deal, after_hand
from pokerroom.core.table.waiting import SeatOffer, WaitingList


@dataclass(slots=True, kw_only=True)
class _Player:
    account: Account
    seat: int
    stack: int
    new: bool
    waits: bool
    time_bank_ms: int
    sitting_out: bool = False
    sit_out_next: bool = False
    owes_small: bool = False
    owes_big: bool = False
    played_last: bool = False
    orbits_out: int = 0
    leave_after_hand: bool = False
    disconnected: bool = False
    fold_now: bool = False  # sat out "now" during a hand: check or fold at each turn
    left_in_hand: bool = False  # left during the hand: folded at each turn (engine.leave_action)
    busted: bool = False  # sat out because the stack is gone; a rebuy sits them back in


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatView:
    """A read-only picture of one seated player."""

    account: Account
    seat: int
    stack: int
    sitting_out: bool
    sit_out_next: bool
    new: bool
    waits_for_big_blind: bool
    owes_small_blind: bool
    owes_big_blind: bool
    in_hand: bool
    time_bank_ms: int
    disconnected: bool


# Built for every seat at every fan-out (issue 11): arguments in SeatView's field order.
_make_seat_view = positional_maker(SeatView)


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatRecord:
    """One seated player between hands, as kept so a restart (or another node taking the
    table over) seats them again as they were: same seat, blind debts and sit-out state."""

    account: Account
    seat: int
    stack: int
    new: bool
    waits: bool
    sitting_out: bool
    owes_small: bool
    owes_big: bool
    played_last: bool
    orbits_out: int
    busted: bool
    time_bank_ms: int


class Table:
    """A cash-game table."""

    def __init__(self, config: TableConfig, memory: RoomMemory | None = None) -> None:
        # `config` is the game being played (or dealt next); a mixed table switches it between
        # hands (R-MIX-1) and keeps its configured one in `base_config`.
        self.base_config = config
        self.config = config
        self.rotation: RotationState | None = RotationState() if config.mix else None
        if self.rotation is not None:
            self.config = config.for_game(0)
        self.memory = memory if memory is not None else RoomMemory()
        self.waiting_list = WaitingList()
        self._seats: list[_Player | None] = [None] * config.seats
        self._previous: PreviousHand | None = None
        self._hands_started = 0
        self.hand: engine.Hand | None = None
        self.last_hand: engine.Hand | None = None
        self.plan: BlindPlan | None = None
        self.clock: TurnClock | None = None
        self._hand_start_stacks: dict[int, int] = {}
        self._start_ms = 0
        self.log: list[TableEvent] = []
        self.hand_log: list[HandSettled] = []

    # ----------------------------------------------------------------- reading
    @property
    def hands_played(self) -> int:
        return self._hands_started

    @property
    def in_hand(self) -> bool:
        return self.hand is not None

    @property
    def button(self) -> int | None:
        if self._stud_frozen and self.plan is not None:
            return self.plan.button  # the frozen button of a mixed table's stud round (R-MIX-4)
        return self._previous.button if self._previous is not None else None

    @property
    def _stud_frozen(self) -> bool:
        """A mixed table playing stud: the button and the blind debts are frozen (R-MIX-4/5)."""
        return self.rotation is not None and self.config.is_stud

    def rotation_info(self) -> dict[str, object] | None:
        """A mixed table's rotation as the lobby and the table view show it: the mix, its
        games, the game now (or dealt next), the next game and the hands left before it."""
        mix, state = self.base_config.mixed, self.rotation
        if mix is None or state is None:
            return None
        nxt = mix.games[(state.index + 1) % len(mix.games)]
        return {
            "mix": mix.code, "name": mix.name, "every": self.base_config.rotate_every,
            "games": [{"game": g, "betting": b} for g, b in mix.games],
            "index": state.index, "hands_left": state.hands_left(),
            "next": {"game": nxt[0], "betting": nxt[1]},
        }  # fmt: skip

    def seat_of(self, account: Account) -> int:
        for p in self._seats:
            if p is not None and p.account == account:
                return p.seat
        raise RuleViolationError("seat", f"{account} is not seated at {self.config.name}")

    def account_at(self, seat: int) -> Account | None:
        p = self._seats[seat]
        return p.account if p is not None else None

    def players(self) -> tuple[SeatView, ...]:
        return tuple(self._view(p) for p in self._seats if p is not None)

    def player(self, account: Account) -> SeatView:
        return self._view(self._get(account))

    def open_seats(self) -> tuple[int, ...]:
        return tuple(i for i, p in enumerate(self._seats) if p is None)

    def total_chips(self) -> int:
        """Chips on the table: stacks, plus what the running hand holds."""
        if self.hand is not None:
            return sum(self._stack_outside_hand(p) for p in self._seats if p is not None) + sum(
                self._hand_start_stacks.values()
            )
        return sum(p.stack for p in self._seats if p is not None)

    def _stack_outside_hand(self, p: _Player) -> int:
        return 0 if p.seat in self._hand_start_stacks else p.stack

    def _view(self, p: _Player) -> SeatView:
        # account, seat, stack, sitting_out, sit_out_next, new, waits_for_big_blind,
        # owes_small_blind, owes_big_blind, in_hand, time_bank_ms, disconnected
        return _make_seat_view(
            p.account, p.seat, p.stack, p.sitting_out, p.sit_out_next, p.new, p.waits,
            p.owes_small, p.owes_big,
            self.plan is not None and self.hand is not None and p.seat in self.plan.dealt_in,
            p.time_bank_ms, p.disconnected,
        )

    def _get(self, account: Account) -> _Player:
        for p in self._seats:
            if p is not None and p.account == account:
                return p
        raise RuleViolationError("seat", f"{account} is not seated at {self.config.name}")

    def _dealt(self, p: _Player) -> bool:
        return self.hand is not None and self.plan is not None and p.seat in self.plan.dealt_in

    def _emit(self, *events: TableEvent) -> tuple[TableEvent, ...]:
        self.log.extend(events)
        return events

    def _mark(self) -> tuple[engine.Hand | None, int, int]:
        """Where the hand's events and the table's log stand before a command."""
        hand = self.hand
        return hand, len(hand.events) if hand is not None else 0, len(self.log)

    def _since(self, mark: tuple[engine.Hand | None, int, int]) -> tuple[object, ...]:
        """Everything a command made happen, in the order players are told: the hand's new
        events (the action, the players folded or checked for after it), then the table's
        (who sat out, the hand settled)."""
        hand, hand_mark, log_mark = mark
        made = hand.events[hand_mark:] if hand is not None else ()
        return (*made, *self.log[log_mark:])

    # ----------------------------------------------------------------- commands
    def sit_down(
        self,
        account: Account,
        seat: int,
        buy_in: int,
        *,
        now_ms: int = 0,
        wait_for_big_blind: bool = True,
    ) -> tuple[TableEvent, ...]:
        """Take a seat with a buy-in (R-BUYIN-1..3). After the table's first hand the player
        is new: they wait for the big blind, or post one now (R-BLIND-3)."""
        if not isinstance(seat, int) or not 0 <= seat < self.config.seats:
            raise RuleViolationError("seat", f"seat {seat} does not exist at {self.config.name}")
        if self._seats[seat] is not None:
            raise RuleViolationError("seat", f"seat {seat} is taken by {self._seats[seat].account}")  # type: ignore[union-attr]
        if any(p is not None and p.account == account for p in self._seats):
            raise RuleViolationError("seat", f"{account} is already seated at {self.config.name}")
        check_buy_in(self.config, account, buy_in, now_ms, self.memory)
        free = len(self.open_seats())
        waiting = self.waiting_list
        if waiting.reserved_for_others(account, now_ms) >= free:
            raise RuleViolationError(
                "waiting-list", "the open seats are offered to players on the waiting list"
            )
        if account in waiting.waiting:
            waiting.take(account, now_ms)
        started = self._hands_started > 0 or self._previous is not None  # or restored
        self._seats[seat] = _Player(
            account=account,
            seat=seat,
            stack=buy_in,
            # R-MIX-5: at a mixed table a newcomer is new for the blind games even in a stud round
            new=started and (self.rotation is not None or not self.config.is_stud),
            waits=wait_for_big_blind,
            time_bank_ms=self.config.clock.time_bank_ms,
        )
        return self._emit(PlayerSat(account=account, seat=seat, stack=buy_in))

    def top_up(self, account: Account, amount: int) -> tuple[TableEvent, ...]:
        """Add chips between hands, never above the maximum (R-BUYIN-4)."""
        p = self._get(account)
        if self._dealt(p):
            raise RuleViolationError(
                "R-BUYIN-4", f"{account} is in a hand: chips cannot be added during a hand"
            )
        check_top_up(self.config, p.stack, amount)
        p.stack += amount
        events: list[TableEvent] = [ToppedUp(account=account, amount=amount, stack=p.stack)]
        if p.busted:
            # R-BLIND-8: back in play; the blinds missed meanwhile are owed
            p.busted = False
            p.sitting_out = False
            p.orbits_out = 0
            events.append(SatIn(account=account))
        return self._emit(*events)

    def sit_out(
        self, account: Account, *, now: bool = False, now_ms: int = 0
    ) -> tuple[object, ...]:
        """Sit out from the next hand on (or at once, between hands or when not dealt in).
        Returns every event it caused: sat out "now" at one's turn, the hand's own too."""
        p = self._get(account)
        if p.sitting_out:
            raise RuleViolationError("sit-out", f"{account} is already sitting out")
        if self._dealt(p):
            p.sit_out_next = True
            p.fold_now = now
            if now:
                mark = self._mark()
                self._auto_fold(now_ms)
                return self._since(mark)
            return ()
        p.sitting_out = True
        p.sit_out_next = False
        p.orbits_out = 0
        return self._emit(SatOut(account=account))

    def sit_in(self, account: Account) -> tuple[TableEvent, ...]:
        """Come back: a player owing blinds posts them or waits for the big blind (R-BLIND-5..7)."""
        p = self._get(account)
        if p.sit_out_next and not p.busted:
            p.sit_out_next = False
            p.fold_now = False
            return self._emit(SatIn(account=account))
        if not p.sitting_out:
            raise RuleViolationError("sit-in", f"{account} is not sitting out")
        if p.stack == 0:
            raise RuleViolationError("R-BUYIN-4", f"{account} has no chips: rebuy first")
        p.sitting_out = False
        p.orbits_out = 0
        if not p.new:
            p.waits = False
        return self._emit(SatIn(account=account))

    def post_blind_now(self, account: Account) -> tuple[TableEvent, ...]:
        """Choose to post (a big blind, or what is owed) to be dealt in (R-BLIND-3, R-BLIND-5)."""
        self._get(account).waits = False
        return ()

    def wait_for_big_blind(self, account: Account) -> tuple[TableEvent, ...]:
        """Choose to wait until the big blind reaches the seat (R-BLIND-3, R-BLIND-6)."""
        self._get(account).waits = True
        return ()

    def stand_up(self, account: Account, *, now_ms: int = 0) -> tuple[object, ...]:
        """Leave the table: at once between hands, else when the hand is over. Returns every
        event it caused (left during the hand: the folds for the player, the hand's end)."""
        p = self._get(account)
        if self._dealt(p):
            # Still dealt in: folded at once if it is their turn, else when it comes (never a
            # wait for the clock); the seat is freed when the hand ends.
            p.leave_after_hand = True
            p.left_in_hand = True
            mark = self._mark()
            self._auto_fold(now_ms)
            return self._since(mark)
        return self._emit(self._remove(p, now_ms, "left"))

    def _remove(self, p: _Player, now_ms: int, reason: str) -> PlayerStoodUp:
        self._seats[p.seat] = None
        self.memory.record(
            Departure(
                account=p.account, game_key=self.config.game_key, amount=p.stack, left_at_ms=now_ms
            )
        )
        return PlayerStoodUp(account=p.account, seat=p.seat, stack=p.stack, reason=reason)

    def offer_seats(self, now_ms: int) -> tuple[SeatOffer, ...]:
        """Offer the open seats to the first players on the waiting list who have no offer
        yet. An offer not taken by `now_ms + offer_ms` loses the player their place."""
        return self.waiting_list.offer(len(self.open_seats()), now_ms, self.config.offer_ms)

    def seat_records(self) -> tuple[SeatRecord, ...]:
        """Every seated player as a SeatRecord; only between hands (a hand changes stacks and
        debts that a voided hand would give back)."""
        if self.hand is not None:
            raise RuleViolationError("phase", "seats are recorded between hands only")
        return tuple(
            SeatRecord(account=p.account, seat=p.seat, stack=p.stack, new=p.new, waits=p.waits,
                       sitting_out=p.sitting_out, owes_small=p.owes_small, owes_big=p.owes_big,
                       played_last=p.played_last, orbits_out=p.orbits_out, busted=p.busted,
                       time_bank_ms=p.time_bank_ms)
            for p in self._seats if p is not None
        )  # fmt: skip

    def restore(
        self,
        records: Sequence[SeatRecord],
        previous: PreviousHand | None,
        rotation: RotationState | None = None,
    ) -> tuple[TableEvent, ...]:
        """Seat players again from their records (their chips are already at the table, so no
        buy-in rule applies) and the button where it was; each starts disconnected until they
        come back (a player who never does times out and is sat out, then stood up, by the
        usual rules). Only on an empty table before its first hand."""
        if self.hand is not None or self._hands_started or any(self._seats):
            raise RuleViolationError("phase", "a table is restored only before it plays")
        events = []
        for r in records:
            if not 0 <= r.seat < self.config.seats or self._seats[r.seat] is not None:
                raise RuleViolationError("seat", f"seat {r.seat} cannot be restored")
            self._seats[r.seat] = _Player(
                account=r.account, seat=r.seat, stack=r.stack, new=r.new, waits=r.waits,
                time_bank_ms=r.time_bank_ms, sitting_out=r.sitting_out, owes_small=r.owes_small,
                owes_big=r.owes_big, played_last=r.played_last, orbits_out=r.orbits_out,
                busted=r.busted, disconnected=True,
            )  # fmt: skip
            events.append(PlayerSat(account=r.account, seat=r.seat, stack=r.stack))
        self._previous = previous
        if rotation is not None and self.rotation is not None:
            mix = self.base_config.mixed
            assert mix is not None
            if not 0 <= rotation.index < len(mix.games):
                raise RuleViolationError("rotation", f"{mix.name} has no game {rotation.index}")
            self.rotation = rotation
            self.config = self.base_config.for_game(rotation.index)
        return self._emit(*events)

    @property
    def previous_hand(self) -> PreviousHand | None:
        """Button and blinds of the last hand dealt (where the next hand's button moves from;
        at a mixed table the last blind hand's, R-MIX-4)."""
        return self._previous

    def disconnect(self, account: Account) -> None:
        self._get(account).disconnected = True

    def reconnect(self, account: Account) -> None:
        self._get(account).disconnected = False

    # ----------------------------------------------------------------- hands
    def _in_play(self, p: _Player) -> bool:
        return not p.sitting_out and p.stack > 0

    def seat_states(self) -> tuple[SeatState, ...]:
        return tuple(
            SeatState(
                seat=p.seat,
                in_play=self._in_play(p),
                new=p.new,
                waits=p.waits,
                owes_small=p.owes_small,
                owes_big=p.owes_big,
                played_last=p.played_last,
            )
            for p in self._seats
            if p is not None
        )

    def next_plan(self) -> BlindPlan:
        """The plan the next hand would use (nothing changes)."""
        states = self.seat_states()
        if self.config.is_stud:
            return plan_stud_hand(states, self.config.seats, self._previous)
        return plan_hand(
            states,
            self.config.seats,
            previous=self._previous,
            first_button=self.config.first_button,
            dead_button=self.config.button_mode == "dead",
        )

    def can_start(self) -> bool:
        if self.hand is not None:
            return False
        try:
            self.next_plan()
        except NotEnoughPlayersError:
            return False
        return True

    def start_hand(self, now_ms: int, deck: Sequence[int]) -> tuple[object, ...]:
        """Deal the next hand: plan button and blinds, record missed blinds, call the engine.
        Returns every event in the order players are told: the table's up to `HandDealt`
        (the deal's commitment goes out before any card), the hand's, then the table's that
        follow (a hand over at once, everyone all in from the posts)."""
        log_mark = len(self.log)
        if self.hand is not None:
            raise RuleViolationError("phase", "a hand is already running at this table")
        events: list[TableEvent] = []
        for p in list(self._seats):
            if p is not None and p.sitting_out and p.orbits_out >= self.config.sit_out_orbits:
                events.append(self._remove(p, now_ms, "sat out too long"))
        try:
            plan = self.next_plan()
        except NotEnoughPlayersError as exc:
            self._emit(*events)
            raise RuleViolationError("R-BLIND-9", "fewer than two players can be dealt in") from exc
        setups = []
        for seat in plan.dealt_in:
            p = self._seats[seat]
            assert p is not None
            setups.append(
                engine.seat_setup(self.config, seat, p.stack, plan.posts_of(seat), str(p.account))
            )
        hand = engine.start(self.config, setups, plan.button, deck)
        # The engine accepted the hand: commit the plan.
        previous = self._previous
        self.hand = hand
        self.last_hand = None
        self.plan = plan
        self._hands_started += 1
        self._start_ms = now_ms
        self._hand_start_stacks = {s: self._seats[s].stack for s in plan.dealt_in}  # type: ignore[union-attr]
        frozen = self._stud_frozen
        passed = (
            strictly_between(previous.button, plan.button, self.config.seats) + [plan.button]
            if previous is not None and not frozen  # a frozen button passes nobody (R-MIX-4)
            else []
        )
        for p in self._seats:
            if p is None:
                continue
            dealt = p.seat in plan.dealt_in
            if dealt and not frozen:  # stud in a mix settles no blind debt (R-MIX-5)
                p.new = False
                p.waits = False  # waiting only matters for new or owing players
                p.owes_small = p.owes_big = False
            if p.sitting_out and p.seat in passed:
                p.orbits_out += 1
            if p.seat in plan.missed_small and not p.owes_small:
                p.owes_small = True
                events.append(BlindMissed(account=p.account, blind="small_blind"))
            if p.seat in plan.missed_big and not p.owes_big:
                p.owes_big = True
                events.append(BlindMissed(account=p.account, blind="big_blind"))
        events.append(
            HandDealt(
                hand_number=self._hands_started,
                button=plan.button,
                small_blind=plan.small_blind,
                big_blind=plan.big_blind,
                dealt_in=plan.dealt_in,
                posts=plan.posts,
            )
        )
        if not frozen:  # the button stays where the last blind hand left it (R-MIX-4)
            self._previous = PreviousHand(
                button=plan.button, small_blind=plan.small_blind, big_blind=plan.big_blind
            )
        if self.rotation is not None:
            self.rotation = after_deal(
                self.rotation, self.base_config.rotate_every, len(plan.dealt_in)
            )
        self._restart_clock(now_ms)
        self._emit(*events)
        dealt_mark = len(self.log)
        self._maybe_settle(now_ms)
        return (*self.log[log_mark:dealt_mark], *hand.events, *self.log[dealt_mark:])

    def act(self, account: Account, action: engine.Action, now_ms: int = 0) -> tuple[object, ...]:
        """A player's action in the running hand; refused when it is not theirs to make.
        Returns every event it caused: the action's, those of the players folded or checked
        for after it (sat out "now", left), and the table's when the hand ended."""
        hand = self.hand
        if hand is None and self.last_hand is not None and engine.is_show_or_muck(action):
            hand = self.last_hand  # R-SD-5: show (or keep mucked) once the hand is over
        if hand is None:
            raise IllegalActionError("phase", "no hand is running at this table")
        p = self._get(account)
        seat = engine.action_seat(action)
        if seat != p.seat:
            raise IllegalActionError(
                "R-BET-10", f"{account} sits in seat {p.seat} and cannot act for seat {seat}"
            )
        clock = self.clock
        mark = hand, len(hand.events), len(self.log)
        hand.apply(action)
        if clock is not None and clock.seat == p.seat:
            p.time_bank_ms -= clock.bank_used(now_ms)
        self._restart_clock(now_ms)
        self._maybe_settle(now_ms)
        return self._since(mark)

    def check_clock(self, now_ms: int) -> tuple[object, ...]:
        """Act for a player whose time ran out: check if possible, else fold; sit out next hand.
        Returns every event it caused, the hand's then the table's (`TimedOut` first)."""
        clock, hand = self.clock, self.hand
        if clock is None or hand is None or not clock.expired(now_ms):
            return ()
        mark = self._mark()
        p = self._seats[clock.seat]
        assert p is not None
        p.time_bank_ms -= clock.bank_used(now_ms)
        verb, action = engine.timeout_action(hand, clock.seat)
        hand.apply(action)
        p.sit_out_next = True
        self._emit(TimedOut(account=p.account, action=verb))
        self._restart_clock(now_ms)
        self._maybe_settle(now_ms)
        return self._since(mark)

    def longest_rest_ms(self) -> int:
        """The longest the hand in play can still take by the clock (0 without one): every
        player dealt in lets the clock run at each turn left, a draw and a bet on each
        street left and a show at the end, using up their time bank (once: a bank spent is
        gone). A player out of time checks or folds (check_clock), so this bounds a hand
        nobody plays; players who do act only shorten it, except a raise war between them,
        which is theirs to end."""
        hand, plan = self.hand, self.plan
        if hand is None or plan is None:
            return 0
        turns = (2 * engine.streets_left(hand) + 1) * len(plan.dealt_in)
        banks = sum(max(0, p.time_bank_ms) for p in self._seats
                    if p is not None and p.seat in plan.dealt_in)
        return turns * self.config.clock.action_ms + banks

    def _auto_fold(self, now_ms: int) -> None:
        """Players who sat out "now" during the hand check or fold when their turn comes;
        players who left fold (checking only where folding is not offered)."""
        hand = self.hand
        while hand is not None and not engine.is_over(hand):
            seat = engine.to_act(hand)
            p = self._seats[seat] if seat is not None else None
            if p is None or not (p.fold_now or p.left_in_hand):
                break
            choose = engine.leave_action if p.left_in_hand else engine.timeout_action
            hand.apply(choose(hand, p.seat)[1])
        self._restart_clock(now_ms, auto=False)
        self._maybe_settle(now_ms)

    def _restart_clock(self, now_ms: int, auto: bool = True) -> None:
        hand = self.hand
        if auto and hand is not None and not engine.is_over(hand):
            seat = engine.to_act(hand)
            p_next = self._seats[seat] if seat is not None else None
            if p_next is not None and (p_next.fold_now or p_next.left_in_hand):
                self._auto_fold(now_ms)
                return
        seat = engine.to_act(hand) if hand is not None else None
        if hand is None or seat is None:
            self.clock = None
            return
        if self.clock is not None and self.clock.seat == seat and not engine.is_over(hand):
            # same player still to act (e.g. a show/muck decision after a bet): keep the clock
            pass
        p = self._seats[seat]
        assert p is not None
        self.clock = start_turn(
            self.config.clock,
            seat=seat,
            account=p.account,
            now_ms=now_ms,
            bank_ms=max(0, p.time_bank_ms),
            chips_in_pot=engine.contributed(hand, seat) > 0,
            disconnected=p.disconnected,
        )

    def _maybe_settle(self, now_ms: int) -> None:
        hand = self.hand
        if hand is None or not engine.is_over(hand):
            return
        plan = self.plan
        assert plan is not None
        final = engine.final_stacks(hand)
        events: list[TableEvent] = []
        for seat in plan.dealt_in:
            p = self._seats[seat]
            assert p is not None
            p.stack = final[seat]
        frozen = self._stud_frozen
        for p in self._seats:
            if p is None:
                continue
            if not frozen:  # R-BLIND-9 (a) looks at the last blind hand (R-MIX-4)
                p.played_last = p.seat in plan.dealt_in
            p.fold_now = False
            p.left_in_hand = False
            if p.stack == 0 and not p.sitting_out:
                p.busted = True  # out of chips: sitting out until a rebuy (R-BLIND-8)
                p.sit_out_next = True
            if p.sit_out_next:
                p.sit_out_next = False
                p.sitting_out = True
                p.orbits_out = 0
                events.append(SatOut(account=p.account))
        summary = HandSettled(
            hand_number=self._hands_started,
            stacks=tuple((s, final[s]) for s in plan.dealt_in),
            pot_total=engine.pot_total(hand),
            saw_flop=engine.saw_flop(hand),
            dealt=len(plan.dealt_in),
            ended_ms=now_ms,
        )
        events.append(summary)
        self.hand_log.append(summary)
        self.last_hand = hand
        self.hand = None
        self.clock = None
        self._hand_start_stacks = {}
        for p in list(self._seats):
            if p is not None and p.leave_after_hand:
                events.append(self._remove(p, now_ms, "left"))
        events.extend(self._rotate())
        self._emit(*events)

    def _rotate(self) -> list[TableEvent]:
        """After a hand: a mixed table whose round is over switches to the next game of its
        mix (R-MIX-1, R-MIX-2)."""
        mix = self.base_config.mixed
        if self.rotation is None or mix is None:
            return []
        state = after_hand(self.rotation, len(mix.games))
        changed = state.index != self.rotation.index
        self.rotation = state
        if not changed:
            return []
        self.config = self.base_config.for_game(state.index)
        return [GameChanged(game=self.config.game, betting=self.config.betting, mix=mix.code)]
