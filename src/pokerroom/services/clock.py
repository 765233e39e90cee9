"""Time for the services: the wall clock, and the action clock with its time bank.

The core takes time as data; this is where it comes from. A player gets `action_s` for each
decision, then draws on a personal time bank (`bank_s`, refilled a little each hand). A
timeout checks when a check is free and folds otherwise; `timeouts_to_sit_out` timeouts in a
row sit the player out.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field


def now_ms() -> int:
    return int(time.time() * 1000)


@dataclass(slots=True)
class ActionClock:
    action_s: float
    bank_s: float
    timeouts_to_sit_out: int
    refill_s: float = 5.0
    _bank_ms: dict[int, int] = field(default_factory=dict)  # account -> time bank left
    _timeouts: dict[int, int] = field(default_factory=dict)  # account -> timeouts in a row

    def bank_ms(self, account: int) -> int:
        return self._bank_ms.setdefault(account, int(self.bank_s * 1000))

    def deadline(self, account: int, started_ms: int) -> tuple[int, int]:
        """(deadline of the decision itself, deadline including the time bank)."""
        own = started_ms + int(self.action_s * 1000)
        return own, own + self.bank_ms(account)

    def acted(self, account: int, started_ms: int, at_ms: int) -> None:
        """A decision was taken at `at_ms`: charge the bank for any time past the allowance."""
        over = at_ms - started_ms - int(self.action_s * 1000)
        if over > 0:
            self._bank_ms[account] = max(0, self.bank_ms(account) - over)
        self._timeouts[account] = 0

    def timed_out(self, account: int) -> bool:
        """Record a timeout; True when the player should now be sat out."""
        self._bank_ms[account] = 0
        count = self._timeouts.get(account, 0) + 1
        self._timeouts[account] = count
        return count >= self.timeouts_to_sit_out

    def new_hand(self, accounts: list[int]) -> None:
        full = int(self.bank_s * 1000)
        for account in accounts:
            self._bank_ms[account] = min(full, self.bank_ms(account) + int(self.refill_s * 1000))

    def forget(self, account: int) -> None:
        self._bank_ms.pop(account, None)
        self._timeouts.pop(account, None)
