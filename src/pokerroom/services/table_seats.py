"""Seats and money at a poker table: sit down with a buy-in, top up, leave (cashed out), sit
out and in, auto-post. A part of the table runner (its `seating`); every method here runs on
the runner's actor, called through it.

R-BUYIN-1..4 are checked by the core table; the chips move through the cashier first and
are given back if the table refuses, so the ledger and the table never disagree.
"""

from __future__ import annotations

import logging
import uuid
from typing import TYPE_CHECKING

from pokerroom.core.errors import RuleViolationError
from pokerroom.core.table.buyin import check_buy_in, check_top_up
from pokerroom.core.table.events import TableEvent
from pokerroom.services.clock import now_ms
from pokerroom.services.outbound import Balance, Notice, TableView
from pokerroom.services.refusal import RefusedError
from pokerroom.storage import ledger
from pokerroom.storage.errors import InsufficientFundsError
from pokerroom.storage.ledger import Posted

if TYPE_CHECKING:  # the runner owns this part; only its type is needed here
    from pokerroom.services.table_runner import TableRunner

log = logging.getLogger("pokerroom.table")


class TableSeats:
    """Who sits where at one poker table, and the chips they bring and take away."""

    def __init__(self, runner: TableRunner) -> None:
        self.runner = runner

    async def sit(self, viewer: str, account_id: int, name: str, seat: int | None,
                  buy_in: int, post_now: bool) -> None:
        runner = self.runner
        table, config = runner.table, runner.config
        runner.ops.refuse_when_closed()
        await runner.check_limits(account_id)  # a self-set loss limit or an exclusion
        if any(p.account == account_id for p in table.players()):
            raise RefusedError("already_seated", f"you already sit at {runner.display_name}")
        open_seats = table.open_seats()
        if seat is None:
            if not open_seats:
                raise RefusedError("table_full", "every seat is taken; join the waiting list")
            seat = open_seats[0]
        if seat >= config.seats or seat not in open_seats:
            raise RefusedError("seat_taken", f"seat {seat} is not free", rule="seat")
        if buy_in <= 0:
            raise RefusedError("bad_buy_in", "a buy-in must be a positive amount", rule="R-BUYIN-2")
        limits = config.buy_in
        if buy_in < limits.minimum:
            raise RefusedError("bad_buy_in", f"the minimum buy-in is {limits.minimum}",
                               rule=config.buy_in_rule, message="buy_in_minimum",
                               params={"minimum": limits.minimum})
        # Every buy-in rule (R-BUYIN-1..3) is checked before a chip moves: a refused buy-in
        # used to move the chips, then return them, and meanwhile made valid ones fail.
        refresh = getattr(table.memory, "refresh", None)
        if refresh is not None:  # departures other nodes (or an earlier run) stored
            await refresh(account_id)
        try:
            check_buy_in(config, account_id, buy_in, now_ms(), table.memory)
        except RuleViolationError as exc:
            raise RefusedError.from_rule("bad_buy_in", exc) from None
        cashier = runner.services.cashier
        key = f"buyin:{runner.table_id}:{account_id}:{uuid.uuid4().hex}"
        try:
            posted = await cashier.buy_in(account_id, runner.table_id, buy_in, key=key)
        except InsufficientFundsError:
            raise RefusedError("insufficient_funds", f"your wallet holds less than {buy_in}",
                               message="wallet_short", params={"amount": buy_in}) from None
        try:
            runner.did(table.sit_down(account_id, seat, buy_in, now_ms=now_ms(),
                                      wait_for_big_blind=not post_now))
        except RuleViolationError as exc:
            await cashier.cash_out(account_id, runner.table_id, buy_in, key=f"refund:{key}")
            await runner.waiting.save()  # an offer that ran out cost the player their place
            raise RefusedError.from_rule("refused", exc) from None
        await runner.waiting.save()  # a player who waited took the seat: off the list
        runner.names[account_id] = runner.known_names[account_id] = name
        await runner.mark_bot(account_id)
        runner.known_seats[account_id] = seat
        runner.viewers[viewer] = account_id
        runner.publish()
        await self.tell_balance(account_id, posted)
        await runner.save_seats()
        runner.maybe_deal()

    async def top_up(self, account_id: int, amount: int) -> None:
        runner = self.runner
        self.seated(account_id)
        self.refuse_while_unsettled()
        if runner.run is not None and account_id in runner.run.seats:
            raise RefusedError("refused", "chips cannot be added during a hand", rule="R-BUYIN-4")
        if amount <= 0:
            raise RefusedError("bad_amount", "a top-up must be a positive amount")
        try:
            check_top_up(runner.config, runner.table.player(account_id).stack, amount)
        except RuleViolationError as exc:
            raise RefusedError.from_rule("refused", exc) from None
        key = f"topup:{runner.table_id}:{account_id}:{uuid.uuid4().hex}"
        try:
            posted = await runner.services.cashier.buy_in(account_id, runner.table_id, amount,
                                                          key=key)
        except InsufficientFundsError:
            raise RefusedError("insufficient_funds", f"your wallet holds less than {amount}",
                               message="wallet_short", params={"amount": amount}) from None
        runner.did(runner.table.top_up(account_id, amount))
        runner.publish()
        await self.tell_balance(account_id, posted)  # (the wallet shown is smaller now)
        runner.maybe_deal()

    async def leave(self, account_id: int) -> None:
        runner = self.runner
        self.seated(account_id)
        self.refuse_while_unsettled()
        run = runner.run
        events = runner.did(runner.table.stand_up(account_id, now_ms=now_ms()))
        if run is not None and account_id in run.seats:
            # Still dealt in: the core table folds the player at each turn from now on (at
            # once if it is theirs: the hand may even end here); the seat is freed, and the
            # stack cashed out, when the hand ends.
            if any(not isinstance(e, TableEvent) for e in events):
                run.action_no += 1
                await runner.after_change()
            return
        await self.after_departures()
        runner.publish()

    async def tell_balance(self, account_id: int, posted: Posted | None) -> None:
        """The player's wallet balance after a movement: as the ledger posted it, read only
        when the post did not say (a replayed key, or nothing moved)."""
        balance = None if posted is None else posted.balance_after(ledger.wallet(account_id).key)
        if balance is None:
            balance = await self.runner.services.cashier.wallet_balance(account_id)
        self.runner.to_account(account_id, Balance(balance=balance))

    async def after_departures(self) -> None:
        """Cash out every player the table no longer seats (left, or stood up by the table)."""
        runner = self.runner
        cashier = runner.services.cashier
        seated = {p.account for p in runner.table.players()}
        for account_id in [a for a in runner.names if a not in seated]:
            posted = await cashier.cash_out_all(
                account_id, runner.table_id,
                key=f"leave:{runner.table_id}:{account_id}:{uuid.uuid4().hex}")
            del runner.names[account_id]
            runner.auto_post_off.discard(account_id)
            runner.bots.discard(account_id)
            await runner.waiting.offer()
            await self.tell_balance(account_id, posted)
            runner.to_account(account_id, Notice(code="left", table=runner.table_id, hand=None,
                                                 text="Your stack went back to your wallet."))
        await runner.save_seats()

    def refuse_while_unsettled(self) -> None:
        """A hand over but not yet settled (the storage failed): the escrow still holds the
        start-of-hand stacks, so no chip may leave or join the table until it is."""
        run = self.runner.run
        if run is not None and self.runner.table.hand is None:
            raise RefusedError("table_halted", f"hand {run.number} is not settled yet: "
                               "try again once the table goes on")

    def seated(self, account_id: int) -> None:
        """Refuse a command of a player who does not sit here."""
        if account_id not in self.runner.names:
            raise RefusedError("not_seated", f"you do not sit at {self.runner.display_name}")

    async def auto_post(self, account_id: int, on: bool) -> None:
        """Keep the player's choice (R-BLIND-3, R-BLIND-6): off, a post owed (new player,
        missed blinds) is not made and the player waits for the big blind, hand after hand."""
        self.seated(account_id)
        if on:
            self.runner.auto_post_off.discard(account_id)
        else:
            self.runner.auto_post_off.add(account_id)
        await self.simple("post_blind_now" if on else "wait_for_big_blind", account_id)

    async def simple(self, command: str, account_id: int) -> None:
        """A change of the player's state the core table makes alone (sit_out, sit_in,
        post_blind_now, wait_for_big_blind)."""
        runner = self.runner
        self.seated(account_id)
        try:
            events = runner.did(getattr(runner.table, command)(account_id))
        except RuleViolationError as exc:
            raise RefusedError.from_rule("refused", exc) from None
        runner.publish()
        if not events:
            # A change only the player sees (e.g. auto-post off, sit out after this hand):
            # no event, so send the player's view itself.
            runner.to_account(account_id, TableView(
                table=runner.table_id, version=runner.log.version,
                view=runner.view_for(account_id, with_log=True)))
        await runner.save_seats()
        runner.maybe_deal()
