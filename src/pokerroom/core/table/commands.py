"""Table commands as records (imperative names), and `execute` to apply one to a table."""

from __future__ import annotations

from dataclasses import dataclass
from typing import assert_never

from pokerroom.core.table.events import TableEvent
from pokerroom.core.table.table import Table


@dataclass(frozen=True, slots=True, kw_only=True)
class SitDown:
    account: str
    seat: int
    buy_in: int
    wait_for_big_blind: bool = True


@dataclass(frozen=True, slots=True, kw_only=True)
class SitOut:
    account: str
    now: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class SitIn:
    account: str


@dataclass(frozen=True, slots=True, kw_only=True)
class StandUp:
    account: str


@dataclass(frozen=True, slots=True, kw_only=True)
class TopUp:
    account: str
    amount: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PostBlindNow:
    account: str


@dataclass(frozen=True, slots=True, kw_only=True)
class WaitForBigBlind:
    account: str


Command = SitDown | SitOut | SitIn | StandUp | TopUp | PostBlindNow | WaitForBigBlind


def execute(table: Table, command: Command, now_ms: int = 0) -> tuple[TableEvent, ...]:
    """Apply one command; a refusal raises and changes nothing."""
    match command:
        case SitDown():
            return table.sit_down(
                command.account,
                command.seat,
                command.buy_in,
                now_ms=now_ms,
                wait_for_big_blind=command.wait_for_big_blind,
            )
        case SitOut():
            return table.sit_out(command.account, now=command.now, now_ms=now_ms)
        case SitIn():
            return table.sit_in(command.account)
        case StandUp():
            return table.stand_up(command.account, now_ms=now_ms)
        case TopUp():
            return table.top_up(command.account, command.amount)
        case PostBlindNow():
            return table.post_blind_now(command.account)
        case WaitForBigBlind():
            return table.wait_for_big_blind(command.account)
        case _:
            assert_never(command)
