"""A tournament's fixed description: game, seats, entry, chips, levels and options.

R-TOURN-1 (buy-in to the prize pool, fee to the house), R-TOURN-3 (levels of blinds and
antes, each lasting some minutes or some hands, breaks between them), R-TOURN-11 (late
registration up to a level, re-entry, rebuys while at or below the starting stack, one
add-on at the end of the rebuy period). Every refusal names the field.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pokerroom.core.errors import InvalidConfigError
from pokerroom.core.table.config import BETTINGS, GAMES, STUD_GAMES, TableConfig, TableStakes
from pokerroom.core.tournament.payouts import PayoutTable, default_payouts


@dataclass(frozen=True, slots=True, kw_only=True)
class Level:
    """One level of the structure, or a break (`is_break`, only `minutes`).

    Limit and stud levels give `small_bet`/`big_bet` (default: the big blind and twice it)
    and stud its `bring_in`; a level lasts `minutes` of tournament time or `hands` hands.
    """

    small_blind: int = 0
    big_blind: int = 0
    ante: int = 0
    bring_in: int = 0
    small_bet: int = 0
    big_bet: int = 0
    minutes: int | None = None
    hands: int | None = None
    is_break: bool = False

    def __post_init__(self) -> None:
        if (self.minutes is None) == (self.hands is None):
            raise InvalidConfigError("levels: each level lasts either `minutes` or `hands`")
        length = self.minutes if self.minutes is not None else self.hands
        if isinstance(length, bool) or not isinstance(length, int) or length < 1:
            raise InvalidConfigError("levels: `minutes` or `hands` must be a positive integer")
        if self.is_break and self.minutes is None:
            raise InvalidConfigError("levels: a break lasts `minutes`")
        for name in ("small_blind", "big_blind", "ante", "bring_in", "small_bet", "big_bet"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise InvalidConfigError(f"levels: {name} must be a non-negative integer")

    @property
    def length_ms(self) -> int | None:
        return self.minutes * 60_000 if self.minutes is not None else None


@dataclass(frozen=True, slots=True, kw_only=True)
class TournamentConfig:
    """Everything fixed about one tournament. `start_ms` None: a sit & go (starts when full)."""

    id: str = "t"
    name: str = "tournament"
    game: str = "holdem"
    betting: str = "no-limit"
    seats: int = 9
    min_entrants: int = 2
    max_entrants: int = 9
    buy_in: int = 100
    fee: int = 10
    starting_chips: int = 1500
    levels: tuple[Level, ...] = ()
    payouts: PayoutTable | None = None
    start_ms: int | None = None
    late_registration_levels: int = 0
    rebuys: int = 0  # rebuys allowed per entry during the rebuy period
    rebuy_levels: int | None = None  # the rebuy period; None: the late-registration levels
    add_on: int = 0  # chips of the one add-on at the end of the rebuy period (0: none)
    reentry: int = 0  # further entries allowed to a player after elimination
    repeat: bool = False

    def __post_init__(self) -> None:
        if self.game not in GAMES:
            raise InvalidConfigError(f"game must be one of {', '.join(GAMES)}, got {self.game!r}")
        if self.betting not in BETTINGS:
            raise InvalidConfigError(f"betting must be one of {', '.join(BETTINGS)}")
        if not self.levels:
            raise InvalidConfigError("levels: a tournament needs at least one level")
        if self.levels[0].is_break or all(lv.is_break for lv in self.levels):
            raise InvalidConfigError("levels: the first level must be one of play")
        for name in ("min_entrants", "max_entrants", "starting_chips"):
            if getattr(self, name) < 1:
                raise InvalidConfigError(f"{name} must be positive")
        if self.min_entrants < 2 or self.max_entrants < self.min_entrants:
            raise InvalidConfigError("entrants: need 2 <= min_entrants <= max_entrants")
        for name in ("buy_in", "fee", "late_registration_levels", "rebuys", "add_on", "reentry"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise InvalidConfigError(f"{name} must be a non-negative integer")
        for i, lv in enumerate(self.levels, start=1):  # every level of play makes a table
            if not lv.is_break:
                try:
                    self.table_config(lv)
                except InvalidConfigError as exc:
                    raise InvalidConfigError(f"levels[{i}]: {exc}") from exc

    @property
    def sit_and_go(self) -> bool:
        return self.start_ms is None

    @property
    def payout_table(self) -> PayoutTable:
        return self.payouts if self.payouts is not None else default_payouts()

    @property
    def rebuy_period(self) -> int:
        """The number of levels (counting levels of play) during which rebuys are allowed."""
        return self.rebuy_levels if self.rebuy_levels is not None else self.late_registration_levels

    def table_config(self, level: Level, number: int = 1) -> TableConfig:
        """The cash-table configuration a hand of this level is dealt with."""
        stud = self.game in STUD_GAMES
        limit = self.betting == "limit"
        small_bet = level.small_bet or (level.big_blind if limit else 0)
        big_bet = level.big_bet or (2 * level.big_blind if limit else 0)
        if stud:
            stakes = TableStakes(
                ante=level.ante, bring_in=level.bring_in, small_bet=small_bet, big_bet=big_bet
            )
        else:
            stakes = TableStakes(
                small_blind=level.small_blind, big_blind=level.big_blind, ante=level.ante,
                small_bet=small_bet, big_bet=big_bet,
            )  # fmt: skip
        return TableConfig(
            name=f"{self.id}-{number}", game=self.game, betting=self.betting,
            stakes=stakes, seats=self.seats, button_mode="dead",
        )  # fmt: skip

    def with_(self, **changes: object) -> TournamentConfig:
        return replace(self, **changes)  # type: ignore[arg-type]


def level_at(levels: tuple[Level, ...], index: int) -> Level:
    """The level at `index` of the structure, and past its end the levels that follow it.

    The room's choice where the rulebook is silent (docs/RULES.md, R-TOURN-3): the last
    level does not last for ever. After it come further levels of the same length, each
    doubling the one before (blinds, ante, bring-in and bets), so a field that has stopped
    playing (every player away, R-TOURN-5, checking or folding) is blinded out and the
    tournament ends with every place and prize decided."""
    if index < len(levels):
        return levels[index]
    last = next(lv for lv in reversed(levels) if not lv.is_break)
    factor = 2 ** (index - len(levels) + 1)
    return replace(
        last, small_blind=last.small_blind * factor, big_blind=last.big_blind * factor,
        ante=last.ante * factor, bring_in=last.bring_in * factor,
        small_bet=last.small_bet * factor, big_bet=last.big_bet * factor,
    )  # fmt: skip


def level_number(levels: tuple[Level, ...], index: int) -> int:
    """The 1-based number of the level of play at `index` (breaks are not counted); the
    levels past the structure's end (`level_at`) go on counting."""
    beyond = max(0, index + 1 - len(levels))
    return sum(1 for lv in levels[: index + 1] if not lv.is_break) + beyond


def fast_structure(starting_chips: int = 1500, hands: int = 8) -> tuple[Level, ...]:
    """A quick structure for simulations: levels of a few hands, blinds rising about 50%."""
    blinds = (10, 15, 25, 40, 60, 100, 150, 250, 400, 600, 1000, 1500, 2500, 4000, 6000)
    levels = []
    for i, bb in enumerate(blinds):
        levels.append(
            Level(small_blind=bb // 2, big_blind=bb, ante=bb // 10 if i >= 3 else 0, hands=hands)
        )
    scale = max(1, starting_chips // 1500)
    levels = [
        replace(lv, small_blind=lv.small_blind * scale, big_blind=lv.big_blind * scale,
                ante=lv.ante * scale)
        for lv in levels
    ]  # fmt: skip
    last = levels[-1]
    while last.big_blind < starting_chips * 600:  # never runs out: keep doubling
        last = replace(
            last, small_blind=last.small_blind * 2, big_blind=last.big_blind * 2, ante=last.ante * 2
        )
        levels.append(last)
    return tuple(levels)
