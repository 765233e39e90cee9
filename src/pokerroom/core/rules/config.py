"""Hand configuration: games, betting structures, stakes, forced posts, table options.

Table options of the [choice] rules: R-BET-3 (limit cap heads-up), R-BET-7 (reopen rule),
R-RAKE-1 (rake). R-BET-8: every stake is a whole number of the chip unit.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import Literal

from pokerroom.core.errors import InvalidConfigError
from pokerroom.core.rules.variant import VARIANTS, Layout, Variant
from pokerroom.core.rules.variant import Street as Street  # re-exported: its home was here


class Game(StrEnum):
    """A game by name; what it deals and how it is won is its `Variant` (variant.py)."""

    HOLDEM = "holdem"
    OMAHA = "omaha"
    OMAHA_HILO = "omaha-hilo"
    STUD = "stud"
    STUD_HILO = "stud-hilo"
    RAZZ = "razz"
    SHORT_DECK = "short-deck"
    OMAHA5 = "omaha5"
    OMAHA5_HILO = "omaha5-hilo"
    DEUCE_SEVEN_SINGLE = "2-7-single-draw"
    DEUCE_SEVEN_TRIPLE = "2-7-triple-draw"
    BADUGI = "badugi"

    @property
    def variant(self) -> Variant:
        return VARIANTS[self.value]

    @property
    def is_stud(self) -> bool:
        return VARIANTS[self.value].layout is Layout.STUD

    @property
    def is_hilo(self) -> bool:
        return len(VARIANTS[self.value].halves) == 2

    @property
    def is_draw(self) -> bool:
        return VARIANTS[self.value].layout is Layout.DRAW

    @property
    def hole_cards(self) -> int:
        """Cards dealt face down before the first betting round (stud: the two down cards)."""
        return VARIANTS[self.value].hole_cards

    @property
    def max_players(self) -> int:
        return VARIANTS[self.value].max_players


class Betting(StrEnum):
    NO_LIMIT = "no-limit"
    POT_LIMIT = "pot-limit"
    LIMIT = "limit"


FLOP_STREETS = VARIANTS["holdem"].street_ids
STUD_STREETS = VARIANTS["stud"].street_ids


@dataclass(frozen=True, slots=True, kw_only=True)
class Stakes:
    """Forced bets and bet sizes in chip units. Limit: small_bet / big_bet are the fixed sizes."""

    small_blind: int = 0
    big_blind: int = 0
    small_bet: int = 0
    big_bet: int = 0
    ante: int = 0
    bring_in: int = 0


ReopenRule = Literal["full", "half"]


@dataclass(frozen=True, slots=True, kw_only=True)
class HandConfig:
    """Everything that fixes how one hand is played.

    `reopen_rule`: "full" (R-BET-7, default) or "half" (seed 000's variant; limit always
    uses the half-bet rule R-BET-6). `limit_cap_heads_up`: the limit cap applies heads-up
    too (R-BET-3 default). `big_blind_counts_as_bet`: in limit games the big blind is the
    round's bet before the flop (R-BET-3 default; PokerKit counts only the raises after it).
    `rake_percent` is a percentage (int or Fraction), `rake_cap` a
    per-hand cap in chips (0 = no cap) (R-RAKE-1).
    """

    game: Game = Game.HOLDEM
    betting: Betting = Betting.NO_LIMIT
    stakes: Stakes = Stakes(small_blind=1, big_blind=2)
    chip_unit: int = 1
    reopen_rule: ReopenRule = "full"
    limit_cap_heads_up: bool = True
    max_raises: int = 3
    big_blind_counts_as_bet: bool = True
    rake_percent: int | Fraction = 0
    rake_cap: int = 0
    no_flop_no_drop: bool = True

    def __post_init__(self) -> None:
        validate_config(self)

    @property
    def opening_bet(self) -> int:
        """The smallest opening bet of no-limit / pot-limit (R-BET-4)."""
        s = self.stakes
        if self.game.is_stud:
            return s.small_bet or s.bring_in or self.chip_unit
        return s.big_blind or s.small_bet or self.chip_unit


def validate_config(config: HandConfig) -> None:
    if not isinstance(config.game, Game):
        raise InvalidConfigError(f"game: unknown game {config.game!r}")
    if not isinstance(config.betting, Betting):
        raise InvalidConfigError(f"betting: unknown structure {config.betting!r}")
    unit = config.chip_unit
    if not isinstance(unit, int) or isinstance(unit, bool) or unit <= 0:
        raise InvalidConfigError(f"chip_unit: must be a positive integer, got {unit!r}")
    s = config.stakes
    for name in ("small_blind", "big_blind", "small_bet", "big_bet", "ante", "bring_in"):
        value = getattr(s, name)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise InvalidConfigError(f"stakes.{name}: must be a non-negative integer, got {value!r}")
        if value % unit:
            raise InvalidConfigError(f"stakes.{name}: {value} is not a multiple of the chip unit {unit} (R-BET-8)")
    if config.betting is Betting.LIMIT and (s.small_bet <= 0 or s.big_bet <= 0):
        raise InvalidConfigError("stakes: limit games need small_bet and big_bet")
    if config.game.is_stud and config.betting is not Betting.LIMIT and s.small_bet <= 0 and s.bring_in <= 0:
        raise InvalidConfigError("stakes: stud needs small_bet (the completion) or bring_in")
    if not config.game.is_stud and config.betting is not Betting.LIMIT and s.big_blind <= 0:
        raise InvalidConfigError("stakes.big_blind: no-limit and pot-limit flop games need a big blind")
    if config.reopen_rule not in ("full", "half"):
        raise InvalidConfigError(f"reopen_rule: 'full' or 'half', got {config.reopen_rule!r}")
    if config.max_raises < 0:
        raise InvalidConfigError("max_raises: must not be negative")
    if not 0 <= config.rake_percent <= 100:
        raise InvalidConfigError("rake_percent: must be between 0 and 100")
    if config.rake_cap < 0:
        raise InvalidConfigError("rake_cap: must not be negative")


class PostKind(StrEnum):
    """Forced bets the table layer decides (R-BLIND-1..9). Live posts count toward the bet."""

    SMALL_BLIND = "small_blind"
    BIG_BLIND = "big_blind"
    STRADDLE = "straddle"
    SMALL_BLIND_DEAD = "small_blind_dead"
    BIG_BLIND_DEAD = "big_blind_dead"
    ANTE = "ante"

    @property
    def is_live(self) -> bool:
        return self in (PostKind.SMALL_BLIND, PostKind.BIG_BLIND, PostKind.STRADDLE)


@dataclass(frozen=True, slots=True, kw_only=True)
class Post:
    kind: PostKind
    amount: int


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatSetup:
    """A player dealt into the hand: table seat, stack at the start, forced posts."""

    seat: int
    stack: int
    posts: tuple[Post, ...] = ()
    name: str = ""
