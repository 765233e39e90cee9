"""The waiting list of a full poker table: join it, be offered a seat that opens (the offer
runs out after the table's offer_ms), and keep the list in the database (services.waiting)
so a restart or the node taking the table over goes on with it. The order and the offers
are the core's (core.table.waiting). A part of the table runner (its `waiting`); every
method here runs on the runner's actor.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from pokerroom.core.errors import RuleViolationError
from pokerroom.services.clock import now_ms
from pokerroom.services.outbound import SeatAvailable, WaitListed
from pokerroom.services.refusal import RefusedError
from pokerroom.services.seating import int_account

if TYPE_CHECKING:  # the runner owns this part; only its type is needed here
    from pokerroom.services.table_runner import TableRunner

log = logging.getLogger("pokerroom.table")


class WaitingSeats:
    def __init__(self, runner: TableRunner) -> None:
        self.runner = runner
        self.saved: tuple[Any, ...] | None = None  # the list as last kept in the database

    async def join(self, account_id: int) -> None:
        runner = self.runner
        try:
            place = runner.table.waiting_list.join(account_id)
        except RuleViolationError as exc:
            raise RefusedError.from_rule("refused", exc) from None
        await self.save()
        runner.to_account(account_id, WaitListed(
            code="wait_listed", table=runner.table_id, hand=None,
            text=f"You are number {place} on the waiting list.", place=place))
        await self.offer()
        if runner.lobby is not None:
            runner.lobby.changed(runner)

    async def offer(self) -> None:
        """Offer open seats to the first players waiting (each offer runs for offer_ms)."""
        runner = self.runner
        table = runner.table
        if not table.open_seats() or not len(table.waiting_list):
            return
        for offer in table.offer_seats(now_ms()):
            runner.to_account(int_account(offer.account), SeatAvailable(
                code="seat_available", table=runner.table_id, hand=None,
                text=f"A seat is free at {runner.display_name}: sit down before the offer "
                     "runs out.",
                expires_ms=offer.expires_ms, name=runner.display_name))
        await self.save()
        runner.schedule("offers", runner.config.offer_ms / 1000 + 0.01, self.reoffer)

    async def reoffer(self) -> None:
        """Offers that ran out meanwhile pass to the next players waiting."""
        await self.offer()
        if self.runner.lobby is not None:
            self.runner.lobby.changed(self.runner)

    async def save(self) -> None:
        """Keep the waiting list in the database whenever it changed (services.waiting), so
        the node that takes the table over, or a restart, goes on with the same list. Losing a
        save loses no chip: the table goes on with its list in memory."""
        book = self.runner.services.waiting
        if book is None:
            return
        waiting = self.runner.table.waiting_list
        state = (tuple(int_account(a) for a in waiting.waiting), waiting.offers)
        if state == self.saved:
            return
        try:
            await book.save(self.runner.table_id, waiting=state[0], offers=state[1])
        except Exception:  # noqa: BLE001 - see the docstring (a fenced node stops soon)
            log.exception("%s: could not keep the waiting list", self.runner.table_id)
            return
        self.saved = state

    async def restore(self) -> None:
        """Take back the kept waiting list (before the table goes on): the same order, the
        same offers with their expiry; a player seated here meanwhile is off it."""
        runner = self.runner
        book = runner.services.waiting
        if book is None:
            return
        waiting, offers = await book.load(runner.table_id)
        seated = {p.account for p in runner.table.players()}
        runner.table.waiting_list.restore([a for a in waiting if a not in seated], offers)
        self.saved = (waiting, offers)
        if waiting:
            log.info("%s: waiting list of %d kept", runner.table_id, len(waiting))
