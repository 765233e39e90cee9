"""Buy-ins, top-ups and the 20-minute rule.

R-BUYIN-1 / R-BUYIN-2 (limits from the stakes), R-BUYIN-3 (the room remembers what a player
left a game with, and when), R-BUYIN-4 (top-ups between hands, never above the maximum).
"""

from __future__ import annotations

from dataclasses import dataclass

from pokerroom.core.errors import RuleViolationError
from pokerroom.core.table.account import Account
from pokerroom.core.table.config import BuyInLimits, GameKey, TableConfig

RETURN_WINDOW_MS = 20 * 60 * 1000


@dataclass(frozen=True, slots=True, kw_only=True)
class Departure:
    """A player left a game (variant, structure, stakes) with `amount` chips at `left_at_ms`."""

    account: Account
    game_key: GameKey
    amount: int
    left_at_ms: int


class RoomMemory:
    """What each player left each game with, and when (R-BUYIN-3). One per room, shared by
    its tables; pure data, the caller keeps it."""

    __slots__ = ("_departures",)

    def __init__(self) -> None:
        self._departures: dict[tuple[Account, GameKey], Departure] = {}

    def record(self, departure: Departure) -> None:
        self._departures[(departure.account, departure.game_key)] = departure

    def recent(self, account: Account, game_key: GameKey, now_ms: int) -> Departure | None:
        """The departure that still binds the player: same game, within 20 minutes."""
        found = self._departures.get((account, game_key))
        if found is None or now_ms - found.left_at_ms >= RETURN_WINDOW_MS:
            return None
        return found

    def __len__(self) -> int:
        return len(self._departures)


def buy_in_limits(
    config: TableConfig, account: Account, now_ms: int, memory: RoomMemory | None
) -> tuple[BuyInLimits, Departure | None]:
    """The limits for this player now, with the departure that changed them, if any."""
    limits = config.buy_in
    left = memory.recent(account, config.game_key, now_ms) if memory is not None else None
    if left is None or left.amount <= limits.minimum:
        return limits, None
    maximum = limits.maximum
    if maximum is not None and left.amount > maximum:
        maximum = None  # R-BUYIN-3: not held to the maximum
    return BuyInLimits(minimum=left.amount, maximum=maximum), left


def check_buy_in(
    config: TableConfig, account: Account, amount: int, now_ms: int, memory: RoomMemory | None
) -> None:
    """Refuse a buy-in outside the limits (R-BUYIN-1, R-BUYIN-2, R-BUYIN-3)."""
    if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
        raise RuleViolationError(
            "R-BUYIN-1", f"a buy-in must be a positive number of chips, got {amount!r}"
        )
    if amount % config.chip_unit:
        raise RuleViolationError("R-BET-8", f"buy-in {amount} is not a multiple of the chip unit")
    limits, left = buy_in_limits(config, account, now_ms, memory)
    rule = config.buy_in_rule
    if left is not None and amount < limits.minimum:
        raise RuleViolationError(
            "R-BUYIN-3",
            f"{account} left this game with {left.amount} less than 20 minutes ago and must "
            f"bring at least that much back, not {amount}",
        )
    if amount < limits.minimum:
        raise RuleViolationError(
            rule, f"buy-in {amount} is below the minimum {limits.minimum} at this table",
            "buy_in_minimum", {"amount": amount, "minimum": limits.minimum},
        )
    if limits.maximum is not None and amount > limits.maximum:
        raise RuleViolationError(
            rule, f"buy-in {amount} is above the maximum {limits.maximum} at this table",
            "buy_in_maximum", {"amount": amount, "maximum": limits.maximum},
        )


def check_top_up(config: TableConfig, stack: int, amount: int) -> None:
    """A top-up or rebuy between hands (R-BUYIN-4): never above the maximum buy-in; a rebuy
    from nothing must reach the minimum."""
    if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
        raise RuleViolationError(
            "R-BUYIN-4", f"a top-up must be a positive number of chips, got {amount!r}"
        )
    if amount % config.chip_unit:
        raise RuleViolationError("R-BET-8", f"top-up {amount} is not a multiple of the chip unit")
    limits = config.buy_in
    if limits.maximum is not None and stack + amount > limits.maximum:
        raise RuleViolationError(
            "R-BUYIN-4",
            f"a top-up of {amount} would take the stack from {stack} to {stack + amount}, "
            f"above the maximum buy-in {limits.maximum}",
            "top_up_maximum", {"amount": amount, "stack": stack, "maximum": limits.maximum},
        )
    if stack == 0 and amount < limits.minimum:
        rule = config.buy_in_rule
        raise RuleViolationError(rule, f"a rebuy of {amount} is below the minimum {limits.minimum}",
                                 "buy_in_minimum", {"amount": amount, "minimum": limits.minimum})
