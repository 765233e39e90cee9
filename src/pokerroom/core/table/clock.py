"""The action clock as data: deadlines from `now_ms`; the caller acts on them.

Each turn gets `action_ms`; when the player already has chips in the pot their time bank is
added automatically. A player who runs out of time checks if that is legal, else folds, and
is sat out from the next hand; a disconnected player is treated the same way.
"""

from __future__ import annotations

from dataclasses import dataclass

from pokerroom.core.table.account import Account
from pokerroom.core.table.config import ClockConfig


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnClock:
    """The running clock of one turn."""

    seat: int
    account: Account
    started_ms: int
    action_deadline_ms: int  # end of the normal time
    deadline_ms: int  # end of the normal time plus the bank, when the bank applies
    bank_ms: int  # bank available on this turn (0 when it does not apply)

    def expired(self, now_ms: int) -> bool:
        return now_ms >= self.deadline_ms

    def bank_used(self, now_ms: int) -> int:
        """Bank spent when the player acts (or times out) at `now_ms`."""
        over = min(now_ms, self.deadline_ms) - self.action_deadline_ms
        return max(0, min(over, self.bank_ms))


def start_turn(
    config: ClockConfig,
    *,
    seat: int,
    account: Account,
    now_ms: int,
    bank_ms: int,
    chips_in_pot: bool,
    disconnected: bool = False,
) -> TurnClock:
    action = config.action_ms
    if disconnected and config.disconnect_ms is not None:
        action = config.disconnect_ms
    bank = bank_ms if chips_in_pot else 0
    return TurnClock(
        seat=seat,
        account=account,
        started_ms=now_ms,
        action_deadline_ms=now_ms + action,
        deadline_ms=now_ms + action + bank,
        bank_ms=bank,
    )
