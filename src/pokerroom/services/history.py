"""One player's hand histories: the hands they played, the names at the table, and each hand
re-played step by step as that player was entitled to see it (DESIGN sections 2 and 6: the
server gets views and filtered events, never a raw hand or a row).

    history = HandHistory(db)
    hands = await history.of(account_id, limit=50)
    stored = await history.own_hand(account_id, hand_id)    # None: missing or someone else's
    steps = replay_steps(stored, seat_of(stored, account_id))
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select

from pokerroom.core.rules import start_hand, visible_to
from pokerroom.services.hands import HandStore, StoredHand
from pokerroom.services.wire import event_json, plain
from pokerroom.storage.database import Database
from pokerroom.storage.errors import NotFoundError
from pokerroom.storage.models import Account, Hand
from pokerroom.storage.records import decode_record


class HandHistory:
    def __init__(self, db: Database) -> None:
        self.db = db
        self.hands = HandStore(db)

    async def of(self, account_id: int, *, limit: int = 50, before_id: int | None = None,
                 tournament: str | None = None) -> list[StoredHand]:
        """The hands (settled or voided) the account took part in, newest first (`tournament`:
        only that tournament's)."""
        return await self.hands.history(account_id, limit=limit, before_id=before_id,
                                        tournament=tournament)

    async def own_hand(self, account_id: int, hand_id: int) -> StoredHand | None:
        """The hand if the account played it; None when it is missing or someone else's (the
        two look the same from outside)."""
        try:
            stored = await self.hands.get(hand_id)
        except NotFoundError:
            return None
        if all(s.account_id != account_id for s in stored.seats):
            return None
        return stored

    async def dealt_per_table(self) -> dict[str, int]:
        """Table id -> poker hands dealt there since the room was created (voided included)."""
        async with self.db.read() as session:
            rows = (await session.execute(
                select(Hand.table_id, func.count()).group_by(Hand.table_id))).all()
        return {str(t): int(n) for t, n in rows}

    async def names(self, stored: StoredHand) -> dict[int, str]:
        """Seat -> the name of the account that sat there."""
        ids = [s.account_id for s in stored.seats]
        async with self.db.read() as session:
            rows = (await session.execute(select(Account.id, Account.name)
                                          .where(Account.id.in_(ids)))).all()
        by_id = {int(i): str(n) for i, n in rows}
        return {s.seat: by_id.get(s.account_id, f"player{s.seat + 1}") for s in stored.seats}


def seat_of(stored: StoredHand, account_id: int) -> int:
    return next(s.seat for s in stored.seats if s.account_id == account_id)


def record_of(stored: StoredHand) -> Any:
    """The hand's record (core HandRecord), for exporters."""
    return decode_record(stored.record)


def replay_steps(stored: StoredHand, seat: int) -> list[dict[str, Any]]:
    """The hand re-dealt and re-played action by action; each step: the events that action
    caused (filtered for `seat`) and the view of `seat` after it."""
    record = decode_record(stored.record)
    hand = start_hand(record.config, record.seats, button=record.button, deck=record.deck)
    dealt_in = frozenset(s.seat for s in record.seats)
    steps = []
    version = 0

    def step(action: Any, new: tuple[Any, ...]) -> None:
        """One step: the events `action` caused, as Hand.apply returned them."""
        nonlocal version
        events = []
        for ev in new:
            version += 1
            events.append(event_json(visible_to(ev, seat, dealt_in), version))
        view = plain(hand.view_for(seat))
        view.pop("config", None)
        view.pop("legal", None)
        steps.append({"action": None if action is None else {**plain(action),
                                                             "type": type(action).__name__},
                      "events": events, "view": view})

    step(None, hand.events)  # the posts and the deal, before the first decision
    for action in record.actions:
        step(action, hand.apply(action))
    return steps
