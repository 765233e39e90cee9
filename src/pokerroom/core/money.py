"""Money: integers in the table's chip unit, never floats (R-BET-8, U-PAY-4)."""

from __future__ import annotations

from fractions import Fraction

from pokerroom.core.errors import RuleViolationError

Chips = int


def require_chip_amount(amount: object, chip_unit: int = 1, field: str = "amount") -> int:
    """Return `amount` if it is a non-negative whole number of chip units, else refuse (R-BET-8)."""
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise RuleViolationError(field, f"{field} must be an integer number of chips, got {amount!r}")
    if amount < 0:
        raise RuleViolationError(field, f"{field} must not be negative, got {amount}")
    if amount % chip_unit:
        raise RuleViolationError(
            "R-BET-8", f"{field} {amount} is not a whole number of the chip unit {chip_unit}"
        )
    return amount


def pay_ratio(stake: int, ratio: Fraction, chip_unit: int = 1) -> tuple[int, Fraction]:
    """Win on `stake` at `ratio`, rounded down to the chip unit; returns (paid, rounded_off)."""
    exact = stake * ratio
    paid = int(exact // chip_unit) * chip_unit
    return paid, exact - paid


def format_chips(amount: int, cents: bool = True, symbol: str = "") -> str:
    """Human form of an amount; with `cents`, the chip unit is a hundredth of the currency."""
    if not cents:
        return f"{symbol}{amount}"
    whole, frac = divmod(abs(amount), 100)
    sign = "-" if amount < 0 else ""
    return f"{sign}{symbol}{whole}" if frac == 0 else f"{sign}{symbol}{whole}.{frac:02d}"
