"""Waiting lists: first come, first offered; an offered seat must be taken in time.

A list exists per table and per game (same variant, structure and stakes). When a seat opens,
the first player waiting is offered it until `now_ms + offer_ms`; a player who does not take
it in time loses the place and the next one is offered.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pokerroom.core.errors import RuleViolationError
from pokerroom.core.table.account import Account


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatOffer:
    account: Account
    expires_ms: int


class WaitingList:
    """A queue of accounts with at most `open_seats` outstanding offers."""

    __slots__ = ("_queue", "_offers")

    def __init__(self) -> None:
        self._queue: list[Account] = []
        self._offers: dict[Account, SeatOffer] = {}

    @property
    def waiting(self) -> tuple[Account, ...]:
        return tuple(self._queue)

    @property
    def offers(self) -> tuple[SeatOffer, ...]:
        return tuple(self._offers.values())

    def __len__(self) -> int:
        return len(self._queue)

    def restore(self, waiting: Sequence[Account], offers: Sequence[SeatOffer]) -> None:
        """Take over a list kept elsewhere (a restart, or the node that ran the table before):
        the same order, the same offers with their expiry."""
        self._queue = list(dict.fromkeys(waiting))
        self._offers = {o.account: o for o in offers if o.account in self._queue}

    def join(self, account: Account) -> int:
        """Add the player at the end; returns their place (1 = first)."""
        if account in self._queue:
            raise RuleViolationError("waiting-list", f"{account} is already on this waiting list")
        self._queue.append(account)
        return len(self._queue)

    def leave(self, account: Account) -> None:
        if account not in self._queue:
            raise RuleViolationError("waiting-list", f"{account} is not on this waiting list")
        self._queue.remove(account)
        self._offers.pop(account, None)

    def expire(self, now_ms: int) -> tuple[Account, ...]:
        """Drop every player whose offer ran out: they lose their place."""
        gone = tuple(a for a, o in self._offers.items() if now_ms >= o.expires_ms)
        for account in gone:
            del self._offers[account]
            self._queue.remove(account)
        return gone

    def offer(self, open_seats: int, now_ms: int, offer_ms: int) -> tuple[SeatOffer, ...]:
        """Offer open seats to the first players waiting who have no offer yet."""
        self.expire(now_ms)
        made = []
        for account in self._queue:
            if len(self._offers) >= open_seats:
                break
            if account not in self._offers:
                offer = SeatOffer(account=account, expires_ms=now_ms + offer_ms)
                self._offers[account] = offer
                made.append(offer)
        return tuple(made)

    def reserved_for_others(self, account: Account, now_ms: int) -> int:
        """How many open seats are held by live offers to other players."""
        return sum(1 for a, o in self._offers.items() if a != account and now_ms < o.expires_ms)

    def take(self, account: Account, now_ms: int) -> None:
        """The player takes a seat: they leave the list (an expired offer is refused)."""
        offer = self._offers.get(account)
        if offer is not None and now_ms >= offer.expires_ms:
            self.expire(now_ms)
            raise RuleViolationError(
                "waiting-list", f"the seat offered to {account} expired at {offer.expires_ms}"
            )
        self._offers.pop(account, None)
        if account in self._queue:
            self._queue.remove(account)
