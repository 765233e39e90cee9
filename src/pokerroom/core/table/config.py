"""Table configuration: game, betting structure, stakes, seats, button mode, clock, options.

The buy-in limits follow from the stakes (R-BUYIN-1, R-BUYIN-2). The button mode is the
[choice] of R-BLIND-9: "moving" (the default) or "dead".
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from pokerroom.core.errors import InvalidConfigError
from pokerroom.core.rules.variant import VARIANTS
from pokerroom.core.table.mixed import MIXES, Mix

GAMES: tuple[str, ...] = ("holdem", "omaha", "omaha-hilo", "stud", "stud-hilo", "razz", "short-deck", "omaha5",
                          "omaha5-hilo")
GAMES += ("2-7-single-draw", "2-7-triple-draw", "badugi")  # the draw games (R-DRAW-1)
STUD_GAMES = ("stud", "stud-hilo", "razz")
BETTINGS = ("no-limit", "pot-limit", "limit")
BUTTON_MODES = ("moving", "dead")
MIN_SEATS = 2
MAX_SEATS = 10


@dataclass(frozen=True, slots=True, kw_only=True)
class TableStakes:
    """Forced bets and fixed bet sizes, in chips."""

    small_blind: int = 0
    big_blind: int = 0
    small_bet: int = 0
    big_bet: int = 0
    ante: int = 0
    bring_in: int = 0

    def as_tuple(self) -> tuple[int, int, int, int, int, int]:
        return (
            self.small_blind, self.big_blind, self.small_bet,
            self.big_bet, self.ante, self.bring_in,
        )  # fmt: skip


@dataclass(frozen=True, slots=True, kw_only=True)
class ClockConfig:
    """The action clock: time per action, and a per-player time bank used automatically
    when the player has chips in the pot."""

    action_ms: int = 15_000
    time_bank_ms: int = 30_000
    disconnect_ms: int | None = None  # None: a disconnected player gets the normal clock


@dataclass(frozen=True, slots=True, kw_only=True)
class BuyInLimits:
    """Smallest and largest buy-in; `maximum` None means no maximum (limit games)."""

    minimum: int
    maximum: int | None


GameKey = tuple[str, str, tuple[int, int, int, int, int, int]]


@dataclass(frozen=True, slots=True, kw_only=True)
class TableConfig:
    """Everything fixed about one table."""

    name: str = "table"
    game: str = "holdem"
    betting: str = "no-limit"
    stakes: TableStakes = field(default_factory=TableStakes)
    seats: int = 6
    button_mode: str = "moving"
    first_button: int | None = None
    chip_unit: int = 1
    sit_out_orbits: int = 3
    offer_ms: int = 60_000
    clock: ClockConfig = field(default_factory=ClockConfig)
    options: tuple[tuple[str, object], ...] = ()
    # A mixed table (R-MIX-1..5): the mix's code; `game` and `betting` are then the game being
    # played, which the table switches (`for_game`). `rotate_every`: hands per game, 0 = an orbit.
    mix: str = ""
    rotate_every: int = 0

    def __post_init__(self) -> None:
        if self.game not in GAMES:
            raise InvalidConfigError(f"game must be one of {', '.join(GAMES)}, got {self.game!r}")
        if self.betting not in BETTINGS:
            raise InvalidConfigError(
                f"betting must be one of {', '.join(BETTINGS)}, got {self.betting!r}"
            )
        if not MIN_SEATS <= self.seats <= MAX_SEATS:
            raise InvalidConfigError(f"seats must be {MIN_SEATS}..{MAX_SEATS}, got {self.seats}")
        most = VARIANTS[self.game].max_players
        if self.seats > most and not self.is_stud:  # stud's own check below names its rule
            raise InvalidConfigError(f"seats: a {self.game} table has at most {most} seats")
        if self.button_mode not in BUTTON_MODES:
            raise InvalidConfigError(f"button must be 'moving' or 'dead', got {self.button_mode!r}")
        if self.first_button is not None and not 0 <= self.first_button < self.seats:
            raise InvalidConfigError(f"button seat {self.first_button} is not a seat of the table")
        if self.chip_unit < 1:
            raise InvalidConfigError("chip_unit must be at least 1")
        if self.sit_out_orbits < 1:
            raise InvalidConfigError("sit_out_orbits must be at least 1")
        st = self.stakes
        for name, value in zip(
            ("small_blind", "big_blind", "small_bet", "big_bet", "ante", "bring_in"),
            st.as_tuple(),
            strict=True,
        ):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise InvalidConfigError(f"stakes.{name} must be a non-negative integer")
            if value % self.chip_unit:
                raise InvalidConfigError(f"stakes.{name} is not a multiple of the chip unit")
        if self.is_stud:
            if self.betting != "limit":
                raise InvalidConfigError("stud games are played limit here")
            if st.small_bet <= 0 or st.big_bet <= 0 or st.bring_in <= 0:
                raise InvalidConfigError("stud needs small_bet, big_bet and bring_in")
            if self.seats > 8:
                raise InvalidConfigError("seats: a stud table has at most 8 seats")
        else:
            if st.big_blind <= 0 or st.small_blind <= 0 or st.small_blind > st.big_blind:
                raise InvalidConfigError("blind games need 0 < small_blind <= big_blind")
            if self.betting == "limit" and (st.small_bet <= 0 or st.big_bet <= 0):
                raise InvalidConfigError("limit games need small_bet and big_bet")
        if self.mix:
            self._check_mix()

    def _check_mix(self) -> None:
        """Every game of the mix must be playable at this table with its one set of stakes
        (R-MIX-3); a game this build does not deal refuses the mix by name."""
        mix = MIXES.get(self.mix)
        if mix is None:
            raise InvalidConfigError(
                f"game: unknown mix {self.mix!r} (mixes: {', '.join(MIXES)})")
        if isinstance(self.rotate_every, bool) or not isinstance(self.rotate_every, int) \
                or self.rotate_every < 0:
            raise InvalidConfigError("rotate: a number of hands (1 or more) or \"orbit\"")
        if (self.game, self.betting) not in mix.games:
            raise InvalidConfigError(f"game: {self.game} {self.betting} is not a game of {mix.name}")
        for game, betting in mix.games:
            if game not in GAMES:
                raise InvalidConfigError(
                    f"game: {mix.name} needs {game}, which this room does not deal yet")
            try:
                replace(self, game=game, betting=betting, mix="")
            except InvalidConfigError as exc:
                raise InvalidConfigError(f"{mix.name}'s {game} {betting}: {exc}") from None
    @property
    def is_stud(self) -> bool:
        return self.game in STUD_GAMES

    @property
    def mixed(self) -> Mix | None:
        return MIXES[self.mix] if self.mix else None

    @property
    def game_key(self) -> GameKey:
        """Same variant, structure and stakes (R-BUYIN-3); a mixed table's game is its mix."""
        if self.mix:
            return (self.mix, "mixed", self.stakes.as_tuple())
        return (self.game, self.betting, self.stakes.as_tuple())

    @property
    def buy_in(self) -> BuyInLimits:
        """R-BUYIN-1: limit, at least 10 big bets, no maximum. R-BUYIN-2: NL/PL 10..100 BB.
        A mix with a no-limit or pot-limit game: at least 10 big bets and 10 big blinds, at
        most 100 big blinds (R-MIX-3)."""
        st = self.stakes
        if self.mix:
            if all(b == "limit" for _, b in MIXES[self.mix].games):
                return BuyInLimits(minimum=10 * st.big_bet, maximum=None)
            return BuyInLimits(minimum=max(10 * st.big_bet, 10 * st.big_blind),
                               maximum=100 * st.big_blind)
        if self.betting == "limit":
            return BuyInLimits(minimum=10 * st.big_bet, maximum=None)
        return BuyInLimits(minimum=10 * st.big_blind, maximum=100 * st.big_blind)

    @property
    def buy_in_rule(self) -> str:
        """The rule that sets this table's buy-in range (R-BUYIN-1, R-BUYIN-2, R-MIX-3)."""
        if self.mix:
            limit_only = all(b == "limit" for _, b in MIXES[self.mix].games)
            return "R-BUYIN-1" if limit_only else "R-MIX-3"
        return "R-BUYIN-1" if self.betting == "limit" else "R-BUYIN-2"

    @property
    def game_stakes(self) -> TableStakes:
        """The stakes the game being played uses (R-MIX-3): a mixed table has one set of
        stakes; its flop games post the blinds (no ante), its stud games the ante and the
        bring-in (no blinds), and only its limit games bet small_bet / big_bet."""
        st = self.stakes
        if not self.mix:
            return st
        limit = self.betting == "limit"
        return TableStakes(
            small_blind=0 if self.is_stud else st.small_blind,
            big_blind=0 if self.is_stud else st.big_blind,
            small_bet=st.small_bet if limit else 0,
            big_bet=st.big_bet if limit else 0,
            ante=st.ante if self.is_stud else 0,
            bring_in=st.bring_in if self.is_stud else 0,
        )

    def for_game(self, index: int) -> TableConfig:
        """This mixed table's config while it plays the mix's game number `index`."""
        game, betting = MIXES[self.mix].games[index]
        return replace(self, game=game, betting=betting)

    def option(self, name: str, default: object = None) -> object:
        for key, value in self.options:
            if key == name:
                return value
        return default
