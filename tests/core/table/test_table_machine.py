"""A Hypothesis state machine over a table: players sit, leave, sit out, come back, bust and
rebuy over hundreds of hands with random actions.

Invariants: chips are conserved across the table and the wallets (R-POT-3, R-BUYIN-4); the
button and blinds follow R-BLIND-9 (nobody posts the big blind twice in a row except
heads-up, nobody in play skips it); nobody is dealt in who may not be (R-BLIND-3..7).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from pokerroom.core import rules
from pokerroom.core.errors import RuleViolationError
from pokerroom.core.table import RoomMemory, Table, TableConfig, TableStakes
from pokerroom.core.table.blinds import strictly_between
from pokerroom.core.table.events import PlayerStoodUp

ACCOUNTS = ("ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal")
WALLET = 2000
SEATS = 6
CONFIG = TableConfig(name="m", game="holdem", betting="no-limit",
                     stakes=TableStakes(small_blind=1, big_blind=2), seats=SEATS,
                     sit_out_orbits=2)  # fmt: skip


class TableMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.table = Table(CONFIG, RoomMemory())
        self.wallets = dict.fromkeys(ACCOUNTS, WALLET)
        self.now = 0
        self.seen_log = 0
        self.rake = 0
        self.previous: tuple[int | None, int | None, str | None, bool] | None = None
        self.previous_accounts: dict[int, str] = {}
        self.hands = 0

    # ------------------------------------------------------------ bookkeeping
    def _sync_wallets(self) -> None:
        for event in self.table.log[self.seen_log :]:
            if isinstance(event, PlayerStoodUp):
                self.wallets[event.account] += event.stack
        self.seen_log = len(self.table.log)

    def _refused(self, call: object) -> None:
        before = (self.table.players(), self.table.hands_played)
        try:
            call()  # type: ignore[operator]
        except RuleViolationError:
            assert (self.table.players(), self.table.hands_played) == before
            return
        self._sync_wallets()

    def _seated(self) -> dict[str, int]:
        return {p.account: p.seat for p in self.table.players()}

    @initialize(count=st.integers(2, 5))
    def seat_players(self, count: int) -> None:
        for seat, account in enumerate(ACCOUNTS[:count]):
            self.table.sit_down(account, seat, 200, now_ms=self.now)
            self.wallets[account] -= 200

    # ------------------------------------------------------------ commands
    @rule(account=st.sampled_from(ACCOUNTS), seat=st.integers(0, SEATS - 1),
          amount=st.sampled_from([10, 20, 57, 120, 200, 250, 400]),
          wait=st.booleans())  # fmt: skip
    def sit(self, account: str, seat: int, amount: int, wait: bool) -> None:
        if self.wallets[account] < amount:
            return
        before = self.table.players()
        try:
            self.table.sit_down(account, seat, amount, now_ms=self.now, wait_for_big_blind=wait)
        except RuleViolationError:
            assert self.table.players() == before
            return
        self.wallets[account] -= amount

    @rule(account=st.sampled_from(ACCOUNTS))
    def leave(self, account: str) -> None:
        self._refused(lambda: self.table.stand_up(account, now_ms=self.now))

    @rule(account=st.sampled_from(ACCOUNTS))
    def sit_out(self, account: str) -> None:
        self._refused(lambda: self.table.sit_out(account))

    @rule(account=st.sampled_from(ACCOUNTS), wait=st.booleans())
    def sit_in(self, account: str, wait: bool) -> None:
        self._refused(lambda: self.table.sit_in(account))
        if wait and account in self._seated():
            self.table.wait_for_big_blind(account)

    @rule(account=st.sampled_from(ACCOUNTS), amount=st.sampled_from([1, 30, 100, 200]))
    def top_up(self, account: str, amount: int) -> None:
        if self.wallets[account] < amount:
            return
        before = self.table.players()
        try:
            self.table.top_up(account, amount)
        except RuleViolationError:
            assert self.table.players() == before
            return
        self.wallets[account] -= amount

    @rule(minutes=st.integers(0, 25))
    def clock(self, minutes: int) -> None:
        self.now += minutes * 60_000

    # ------------------------------------------------------------ hands
    @precondition(lambda self: self.table.can_start())
    @rule(seed=st.randoms(use_true_random=False), data=st.data(), hands=st.integers(1, 40))
    def play_hands(self, seed: object, data: st.DataObject, hands: int) -> None:
        for _ in range(hands):
            if not self.table.can_start():
                return
            self.play_hand(seed, data)

    def play_hand(self, seed: object, data: st.DataObject) -> None:
        t = self.table
        states = {s.seat: s for s in t.seat_states()}
        accounts = {p.seat: p.account for p in t.players()}
        deck = list(range(52))
        seed.shuffle(deck)  # type: ignore[attr-defined]
        t.start_hand(self.now, tuple(deck))
        plan = t.plan
        assert plan is not None
        states = {s: v for s, v in states.items() if t.account_at(s) == accounts[s]}
        self._check_plan(plan, states, accounts)
        hand = t.hand if t.hand is not None else t.last_hand
        assert hand is not None
        while not hand.is_over:
            legal = hand.legal_actions()
            seat = legal.seat
            choices: list[rules.Action] = []
            if legal.fold:
                choices += [rules.Fold(seat=seat)] * 2
            if legal.check:
                choices += [rules.Check(seat=seat)] * 4
            if legal.call is not None:
                choices += [rules.Call(seat=seat)] * 4
            if legal.bet is not None:
                choices += [rules.Bet(seat=seat, amount=legal.bet[0])] * 2
                choices.append(rules.Bet(seat=seat, amount=legal.bet[1]))
            if legal.raise_to is not None:
                choices += [rules.RaiseTo(seat=seat, amount=legal.raise_to[0])] * 2
                choices.append(rules.RaiseTo(seat=seat, amount=legal.raise_to[1]))
            if data.draw(st.integers(0, 60)) == 0:
                clock = t.clock
                assert clock is not None
                t.check_clock(clock.deadline_ms)  # a timeout: check or fold, sit out next
                continue
            action = data.draw(st.sampled_from(choices))
            t.act(accounts[seat], action, self.now)
        self.rake += hand.result.rake
        self.hands += 1
        self.now += 30_000
        self._sync_wallets()

    def _check_plan(self, plan, states, accounts) -> None:  # type: ignore[no-untyped-def]
        if plan.fresh:  # nobody in play played the last hand: a new first hand
            self.previous = None
            return
        # nobody dealt in who may not be
        for seat in plan.dealt_in:
            s = states[seat]
            assert s.in_play, f"seat {seat} dealt in while not in play"
            posts = plan.posts_of(seat)
            if s.new or s.owes_big:
                assert plan.big_blind == seat or "big_blind" in posts, (seat, s, posts)
            elif s.owes_small:
                assert plan.big_blind == seat or "small_blind" in posts
        if not plan.heads_up and plan.small_blind is not None:
            for seat in strictly_between(plan.button, plan.big_blind, SEATS):
                if seat != plan.small_blind:
                    assert seat not in plan.dealt_in, f"seat {seat} between button and BB"
        # nobody posts the big blind twice in a row (except heads-up)
        big_account = accounts[plan.big_blind]
        if self.previous is not None:
            _, prev_small, prev_big_account, prev_heads_up = self.previous
            same_seat = self.previous_accounts.get(plan.big_blind) == big_account
            if big_account == prev_big_account and same_seat and not plan.heads_up:
                raise AssertionError(f"{big_account} posts the big blind twice in a row")
            # nobody in play skips it: with last hand's blinds still there and in play, the
            # big blind moves to the next player in play
            prev = self.previous_accounts
            pb = self.previous[0]
            blinds_stayed = (
                pb is not None and prev_small is not None and not prev_heads_up
                and not plan.heads_up
                and all(prev.get(s) == accounts.get(s) and states.get(s) is not None
                        and states[s].in_play for s in (pb, prev_small))
            )  # fmt: skip
            if blinds_stayed:
                assert pb is not None
                for seat in strictly_between(pb, plan.big_blind, SEATS):
                    st_ = states.get(seat)
                    assert st_ is None or not st_.in_play, f"the big blind skipped seat {seat}"
        self.previous = (plan.big_blind, plan.small_blind, big_account, plan.heads_up)
        self.previous_accounts = dict(accounts)

    # ------------------------------------------------------------ invariants
    @invariant()
    def chips_are_conserved(self) -> None:
        total = sum(self.wallets.values()) + self.table.total_chips() + self.rake
        assert total == WALLET * len(ACCOUNTS)

    @invariant()
    def no_hand_left_running(self) -> None:
        assert self.table.hand is None


TableMachine.TestCase.settings = settings(
    max_examples=40, stateful_step_count=80, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)  # fmt: skip
test_table_machine = TableMachine.TestCase


class LongTableMachine(TableMachine):
    """The same machine for thousands of hands (`pytest -m slow`)."""


LongTableMachine.TestCase.settings = settings(
    max_examples=600, stateful_step_count=120, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)  # fmt: skip
test_table_machine_long = pytest.mark.slow(LongTableMachine.TestCase)
