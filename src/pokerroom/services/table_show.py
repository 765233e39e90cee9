"""Showing after the hand (R-SD-5) at a live poker table: the show (the offer in the view is
poker_view.show_offer).

A player dealt in who did not fold and whose cards nobody saw (mucked at the showdown, R-SD-2,
or won without a showdown) may show them in the pause before the next deal. The core table
takes the ShowCards on its last hand; the cards go out as the core's HandShown event through
the runner's filtered event path, never as a hand-built payload. A part of the table runner
(its `shows`); every method here runs on the runner's actor.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokerroom.core.errors import RuleViolationError
from pokerroom.core.rules import ShowCards
from pokerroom.services.clock import now_ms
from pokerroom.services.outbound import TableView
from pokerroom.services.refusal import RefusedError

if TYPE_CHECKING:  # the runner owns this part; only its types are needed here
    from pokerroom.services.table_runner import HandRun, TableRunner


class ShowAfterHand:
    def __init__(self, runner: TableRunner) -> None:
        self.runner = runner

    def showable(self) -> HandRun | None:
        """The hand just over while its cards may still be shown (R-SD-5): until the next deal."""
        runner = self.runner
        last = runner.last_run
        if runner.run is None and last is not None and runner.table.last_hand is last.hand:
            return last
        return None

    async def show(self, last: HandRun, account: int, action_no: int, action: str) -> None:
        """R-SD-5: after the hand, a player whose cards nobody saw may show them. The shown
        cards go out as the core's HandShown event, filtered like any other."""
        runner = self.runner
        if action != "show":
            raise RefusedError("illegal_action", "the hand is over: you may only show your cards",
                               rule="R-SD-5")
        seat = last.seat_of(account)
        if action_no > last.action_no:
            raise RefusedError("stale_action",
                               f"action {action_no} of hand {last.number} is not due yet")
        try:
            runner.did(runner.table.act(account, ShowCards(seat=seat), now_ms()))
        except RuleViolationError as exc:
            raise RefusedError.from_rule("illegal_action", exc) from None
        last.action_no += 1
        runner.fan_out(runner.collect(run=last))
        runner.send_result(last)

    def offer(self, run: HandRun) -> None:
        """Send their view (with the R-SD-5 show offer) to the players who may show."""
        runner = self.runner
        for account in {a for a in runner.viewers.values() if a is not None and a in run.seats}:
            view = runner.view_for(account)
            if view.get("legal"):
                runner.to_account(account, TableView(table=runner.table_id,
                                                     version=runner.log.version, view=view))
