"""Seats and money at a poker table: sit down with a buy-in, top up, leave (cashed out),
sit out and in, the waiting list, chat. Part of the table runner (runs on its actor).

R-BUYIN-1..4 are checked by the core table; the chips move through the cashier first and
are given back if the table refuses, so the ledger and the table never disagree.
"""

from __future__ import annotations

import logging
import uuid
from typing import Any

from pokerroom.core.errors import RuleViolationError
from pokerroom.core.table.buyin import check_buy_in, check_top_up
from pokerroom.core.table.events import TableEvent
from pokerroom.services.clock import now_ms
from pokerroom.services.outbound import (
    Balance,
    ChatLine,
    Notice,
    SeatAvailable,
    TableView,
    WaitListed,
)
from pokerroom.services.refusal import RefusedError
from pokerroom.storage.errors import InsufficientFundsError

log = logging.getLogger("pokerroom.table")


class SeatCommands:
    """Mixed into TableRunner; uses its table, services, names, viewers and actor."""

    table: Any
    services: Any
    config: Any
    table_id: str
    display_name: str
    names: dict[int, str]
    known_names: dict[int, str]
    known_seats: dict[int, int]
    viewers: dict[str, int | None]
    _to_account: Any
    _to_table: Any
    run: Any
    auto_post_off: set[int]
    bots: set[int]
    mark_bot: Any
    _did: Any
    lobby: Any
    log: Any
    schedule: Any
    _saved_waiting: tuple[Any, ...] | None = None  # the waiting list as last kept

    # ------------------------------------------------------------------ seats and money
    async def sit(self, viewer: str, account_id: int, name: str, seat: int | None,
                  buy_in: int, post_now: bool) -> None:
        await self.call(self._sit, viewer, account_id, name, seat, buy_in, post_now)

    async def _sit(self, viewer: str, account_id: int, name: str, seat: int | None,
                   buy_in: int, post_now: bool) -> None:
        self.refuse_when_closed()
        await self.check_limits(account_id)  # a self-set loss limit or an exclusion
        account = account_id
        if any(p.account == account for p in self.table.players()):
            raise RefusedError("already_seated", f"you already sit at {self.display_name}")
        open_seats = self.table.open_seats()
        if seat is None:
            if not open_seats:
                raise RefusedError("table_full", "every seat is taken; join the waiting list")
            seat = open_seats[0]
        if seat >= self.config.seats or seat not in open_seats:
            raise RefusedError("seat_taken", f"seat {seat} is not free", rule="seat")
        if buy_in <= 0:
            raise RefusedError("bad_buy_in", "a buy-in must be a positive amount", rule="R-BUYIN-2")
        limits = self.config.buy_in
        if buy_in < limits.minimum:
            rule = self.config.buy_in_rule
            raise RefusedError("bad_buy_in", f"the minimum buy-in is {limits.minimum}", rule=rule,
                               message="buy_in_minimum", params={"minimum": limits.minimum})
        # Every buy-in rule (R-BUYIN-1..3) is checked before a chip moves: a refused buy-in
        # used to move the chips, then return them, and meanwhile made valid ones fail.
        refresh = getattr(self.table.memory, "refresh", None)
        if refresh is not None:  # departures other nodes (or an earlier run) stored
            await refresh(account)
        try:
            check_buy_in(self.config, account, buy_in, now_ms(), self.table.memory)
        except RuleViolationError as exc:
            raise RefusedError.from_rule("bad_buy_in", exc) from None
        key = f"buyin:{self.table_id}:{account_id}:{uuid.uuid4().hex}"
        try:
            await self.services.cashier.buy_in(account_id, self.table_id, buy_in, key=key)
        except InsufficientFundsError:
            raise RefusedError("insufficient_funds", f"your wallet holds less than {buy_in}",
                               message="wallet_short", params={"amount": buy_in}) from None
        try:
            self._did(self.table.sit_down(account, seat, buy_in, now_ms=now_ms(),
                                          wait_for_big_blind=not post_now))
        except RuleViolationError as exc:
            await self.services.cashier.cash_out(account_id, self.table_id, buy_in,
                                                 key=f"refund:{key}")
            await self._save_waiting()  # an offer that ran out cost the player their place
            raise RefusedError.from_rule("refused", exc) from None
        await self._save_waiting()  # a player who waited took the seat: off the list
        self.names[account] = name
        self.known_names[account] = name
        await self.mark_bot(account)
        self.known_seats[account] = seat
        self.viewers[viewer] = account
        self._publish()
        self._to_account(account, Balance(
            balance=await self.services.cashier.wallet_balance(account_id)))
        await self._save_seats()
        self._maybe_deal()

    async def top_up(self, account_id: int, amount: int) -> None:
        await self.call(self._top_up, account_id, amount)

    async def _top_up(self, account_id: int, amount: int) -> None:
        account = self._seated(account_id)
        self._refuse_while_unsettled()
        if self.run is not None and account in self.run.seats:
            raise RefusedError("refused", "chips cannot be added during a hand", rule="R-BUYIN-4")
        if amount <= 0:
            raise RefusedError("bad_amount", "a top-up must be a positive amount")
        try:
            check_top_up(self.config, self.table.player(account).stack, amount)
        except RuleViolationError as exc:
            raise RefusedError.from_rule("refused", exc) from None
        key = f"topup:{self.table_id}:{account_id}:{uuid.uuid4().hex}"
        try:
            await self.services.cashier.buy_in(account_id, self.table_id, amount, key=key)
        except InsufficientFundsError:
            raise RefusedError("insufficient_funds", f"your wallet holds less than {amount}",
                               message="wallet_short", params={"amount": amount}) from None
        self._did(self.table.top_up(account, amount))
        self._publish()
        self._maybe_deal()

    async def leave(self, account_id: int) -> None:
        await self.call(self._leave, account_id)

    async def _leave(self, account_id: int) -> None:
        account = self._seated(account_id)
        self._refuse_while_unsettled()
        run = self.run
        events = self._did(self.table.stand_up(account, now_ms=now_ms()))
        if run is not None and account in run.seats:
            # Still dealt in: the core table folds the player at each turn from now on (at
            # once if it is theirs: the hand may even end here); the seat is freed, and the
            # stack cashed out, when the hand ends.
            if any(not isinstance(e, TableEvent) for e in events):
                run.action_no += 1
                await self._after_change()
            return
        await self._after_departures()
        self._publish()

    async def _after_departures(self) -> None:
        """Cash out every player the table no longer seats (left, or stood up by the table)."""
        seated = {p.account for p in self.table.players()}
        for account in [a for a in self.names if a not in seated]:
            account_id = account
            await self.services.cashier.cash_out_all(
                account_id, self.table_id, key=f"leave:{self.table_id}:{account_id}:{uuid.uuid4().hex}")
            del self.names[account]
            self.auto_post_off.discard(account)
            self.bots.discard(account)
            await self._offer_seats()
            balance = await self.services.cashier.wallet_balance(account_id)
            self._to_account(account, Balance(balance=balance))
            self._to_account(account, Notice(code="left", table=self.table_id, hand=None,
                                             text="Your stack went back to your wallet."))
        await self._save_seats()

    def _refuse_while_unsettled(self) -> None:
        """A hand over but not yet settled (the storage failed): the escrow still holds the
        start-of-hand stacks, so no chip may leave or join the table until it is."""
        if self.run is not None and self.table.hand is None:
            raise RefusedError("table_halted", f"hand {self.run.number} is not settled yet: "
                               "try again once the table goes on")

    def _seated(self, account_id: int) -> int:
        if account_id not in self.names:
            raise RefusedError("not_seated", f"you do not sit at {self.display_name}")
        return account_id

    async def sit_out(self, account_id: int) -> None:
        await self.call(self._simple, "sit_out", account_id)

    async def sit_in(self, account_id: int) -> None:
        await self.call(self._simple, "sit_in", account_id)

    async def auto_post(self, account_id: int, on: bool) -> None:
        await self.call(self._auto_post, account_id, on)

    async def _auto_post(self, account_id: int, on: bool) -> None:
        """Keep the player's choice (R-BLIND-3, R-BLIND-6): off, a post owed (new player,
        missed blinds) is not made and the player waits for the big blind, hand after hand."""
        account = self._seated(account_id)
        if on:
            self.auto_post_off.discard(account)
        else:
            self.auto_post_off.add(account)
        await self._simple("post_blind_now" if on else "wait_for_big_blind", account_id)

    async def _simple(self, command: str, account_id: int) -> None:
        account = self._seated(account_id)
        try:
            events = self._did(getattr(self.table, command)(account))
        except RuleViolationError as exc:
            raise RefusedError.from_rule("refused", exc) from None
        self._publish()
        if not events:
            # A change only the player sees (e.g. auto-post off, sit out after this hand):
            # no event, so send the player's view itself.
            self._to_account(account, TableView(table=self.table_id, version=self.log.version,
                                                view=self.view_for(account, with_log=True)))
        await self._save_seats()
        self._maybe_deal()

    async def wait_list(self, account_id: int) -> None:
        await self.call(self._wait_list, account_id)

    async def _wait_list(self, account_id: int) -> None:
        try:
            place = self.table.waiting_list.join(account_id)
        except RuleViolationError as exc:
            raise RefusedError.from_rule("refused", exc) from None
        await self._save_waiting()
        self._to_account(account_id, WaitListed(
            code="wait_listed", table=self.table_id, hand=None,
            text=f"You are number {place} on the waiting list.", place=place))
        await self._offer_seats()
        if self.lobby is not None:
            self.lobby.changed(self)

    async def _offer_seats(self) -> None:
        """Offer open seats to the first players waiting (each offer runs for offer_ms)."""
        open_seats = len(self.table.open_seats())
        if not open_seats or not len(self.table.waiting_list):
            return
        at = now_ms()
        for offer in self.table.waiting_list.offer(open_seats, at, self.config.offer_ms):
            self._to_account(offer.account, SeatAvailable(
                code="seat_available", table=self.table_id, hand=None,
                text=f"A seat is free at {self.display_name}: sit down before the offer "
                     "runs out.",
                expires_ms=offer.expires_ms, name=self.display_name))
        await self._save_waiting()
        self.schedule("offers", self.config.offer_ms / 1000 + 0.01, self._reoffer)

    async def _reoffer(self) -> None:
        await self._offer_seats()
        if self.lobby is not None:
            self.lobby.changed(self)

    async def _save_waiting(self) -> None:
        """Keep the waiting list in the database whenever it changed (services.waiting), so
        the node that takes the table over, or a restart, goes on with the same list. Losing a
        save loses no chip: the table goes on with its list in memory."""
        book = self.services.waiting
        if book is None:
            return
        waiting = self.table.waiting_list
        state = (waiting.waiting, waiting.offers)
        if state == self._saved_waiting:
            return
        try:
            await book.save(self.table_id, waiting=state[0], offers=state[1])
        except Exception:  # noqa: BLE001 - see the docstring (a fenced node stops soon)
            log.exception("%s: could not keep the waiting list", self.table_id)
            return
        self._saved_waiting = state

    async def _restore_waiting(self) -> None:
        """Take back the kept waiting list (before the table goes on): the same order, the
        same offers with their expiry; a player seated here meanwhile is off it."""
        book = self.services.waiting
        if book is None:
            return
        waiting, offers = await book.load(self.table_id)
        seated = {p.account for p in self.table.players()}
        self.table.waiting_list.restore([a for a in waiting if a not in seated], offers)
        self._saved_waiting = (waiting, offers)
        if waiting:
            log.info("%s: waiting list of %d kept", self.table_id, len(waiting))

    async def chat(self, account_id: int, name: str, text: str) -> None:
        self._to_table(ChatLine(table=self.table_id, name=name, text=text, now_ms=now_ms()))

