"""A small stats line per opponent, from the stored hands the viewer played with them:
hands together, VPIP (put money in voluntarily on the first street: a call, bet, raise or
completion, not a blind or bring-in) and PFR (raised or completed on the first street).

Only public actions count, so the line tells nothing the table did not see. Each hand's
flags are computed once (a hand never changes after it is settled) and kept in memory.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from pokerroom.core.rules import start_hand
from pokerroom.core.rules.events import BetPlaced, Called, Completed, RaisedTo, StreetStarted
from pokerroom.services.hands import HandStore, StoredHand
from pokerroom.storage.database import Database
from pokerroom.storage.records import decode_record

HISTORY = 500  # the viewer's newest hands that count


@dataclass(frozen=True, slots=True)
class StatsLine:
    hands: int
    vpip: int  # hands with money put in voluntarily on the first street
    pfr: int   # hands with a raise on the first street

    def as_dict(self) -> dict[str, int]:
        # Percentages rounded to whole numbers; the counts go along for the curious.
        pct = (lambda n: round(100 * n / self.hands)) if self.hands else (lambda n: 0)
        return {"hands": self.hands, "vpip": pct(self.vpip), "pfr": pct(self.pfr),
                "vpip_hands": self.vpip, "pfr_hands": self.pfr}


def first_street_flags(stored: StoredHand) -> dict[int, tuple[bool, bool]]:
    """account id -> (voluntarily put money in, raised) on the hand's first street."""
    record = decode_record(stored.record)
    hand = start_hand(record.config, record.seats, button=record.button, deck=record.deck)
    for action in record.actions:
        hand.apply(action)
    vpip: set[int] = set()
    raised: set[int] = set()
    for ev in hand.events:
        if isinstance(ev, StreetStarted):
            break
        if isinstance(ev, Called | BetPlaced | RaisedTo | Completed):
            vpip.add(ev.seat)
        if isinstance(ev, RaisedTo | Completed):
            raised.add(ev.seat)
    return {s.account_id: (s.seat in vpip, s.seat in raised) for s in stored.seats}


class PlayerStats:
    def __init__(self, db: Database) -> None:
        self.hands = HandStore(db)
        self._flags: dict[int, dict[int, tuple[bool, bool]]] = {}

    async def lines(self, viewer_id: int, subjects: Iterable[int]) -> dict[int, StatsLine]:
        """Stats of each subject over the settled poker hands the viewer played with them."""
        wanted = set(subjects) - {viewer_id}
        counts = {a: [0, 0, 0] for a in wanted}
        for stored in await self.hands.history(viewer_id, limit=HISTORY):
            if stored.status != "settled" or stored.kind != "poker" or not stored.record:
                continue
            if not wanted & {s.account_id for s in stored.seats}:
                continue
            flags = self._flags.get(stored.id)
            if flags is None:
                try:
                    flags = first_street_flags(stored)
                except Exception:  # noqa: BLE001 - a record this build cannot replay: skipped
                    flags = {}
                self._flags[stored.id] = flags
            for account, (vol, raised) in flags.items():
                if account in counts:
                    c = counts[account]
                    c[0] += 1
                    c[1] += vol
                    c[2] += raised
        return {a: StatsLine(*c) for a, c in counts.items()}
