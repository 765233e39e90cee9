"""Ultimate Texas Hold'em table configuration: seats and betting limits (U-TABLE-1, U-BET-2)."""

from __future__ import annotations

from dataclasses import dataclass

from pokerroom.core.errors import InvalidConfigError

MAX_SEATS = 7


@dataclass(frozen=True, slots=True, kw_only=True)
class UthConfig:
    """Limits in the chip unit (default: cents, so 50..7500 is EUR 0.50..75.00, U-BET-2)."""

    ante_min: int = 50
    ante_max: int = 7500
    trips_min: int = 50
    trips_max: int = 5000
    chip_unit: int = 1
    seats: int = MAX_SEATS

    def __post_init__(self) -> None:
        for name in ("ante_min", "ante_max", "trips_min", "trips_max", "chip_unit", "seats"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
                raise InvalidConfigError(f"{name} must be a positive integer, got {value!r}")
        if self.ante_min > self.ante_max or self.trips_min > self.trips_max:
            raise InvalidConfigError("a minimum bet exceeds its maximum")
        if not 1 <= self.seats <= MAX_SEATS:
            raise InvalidConfigError(f"U-TABLE-1: a table seats 1 to {MAX_SEATS} players")
        for name in ("ante_min", "ante_max", "trips_min", "trips_max"):
            if getattr(self, name) % self.chip_unit:
                raise InvalidConfigError(f"{name} is not a whole number of the chip unit")
