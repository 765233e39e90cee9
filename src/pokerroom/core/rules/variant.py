"""Poker variants as data: what is dealt on each street, who opens it, how hands are valued.

A `Variant` declares a game: its deck (a plain tuple of card codes, so any deck source can
shuffle it), the cards dealt on each street (down and up to each player, to the board), who
opens each betting round, the forced bets (blinds or a bring-in and which up card pays it),
and the evaluator of each half of the pot with its qualifier. The engine (start, flow,
showdown, dealing), the views, the history writers (PokerStars, PHH), the lobby and the
browser read these declarations; `Game` names one of them.

No game logic lives here beyond what the declaration says; the evaluators are named, and
`showdown.py` maps each name to its function.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum, StrEnum


class Street(IntEnum):
    """Betting rounds. Flop games use PREFLOP..RIVER, stud THIRD..SEVENTH."""

    PREFLOP = 0
    FLOP = 1
    TURN = 2
    RIVER = 3
    THIRD = 10
    FOURTH = 11
    FIFTH = 12
    SIXTH = 13
    SEVENTH = 14
    # Draw games: the round before the first draw, then one round after each draw.
    PREDRAW = 20
    FIRST_DRAW = 21
    SECOND_DRAW = 22
    THIRD_DRAW = 23


class Layout(StrEnum):
    """Where the cards go: a shared board (flop games) or up and down cards per player (stud)."""

    BOARD = "board"
    STUD = "stud"
    DRAW = "draw"  # every card face down to its player, who may exchange some (draw games)


class Opener(StrEnum):
    """Who opens a betting round."""

    BLINDS = "blinds"  # left of the big blind or straddle; later rounds left of the button
    BUTTON = "button"  # the first live player left of the button
    BRING_IN = "bring-in"  # the up card that pays the bring-in (stud's first round)
    BEST_SHOWING = "best-showing"  # the best hand showing (stud's later rounds)


class Evaluator(StrEnum):
    """How one half of the pot is won (the function behind each name is in showdown.py)."""

    HIGH = "high"  # the best five of all cards (R-RANK-1, R-RANK-2)
    OMAHA_HIGH = "omaha-high"  # exactly two hole cards and three board cards (R-RANK-4)
    EIGHT_LOW = "eight-low"  # ace-to-five low, eight or better to qualify (R-RANK-5)
    OMAHA_EIGHT_LOW = "omaha-eight-low"  # the same, two hole cards and three board cards
    RAZZ_LOW = "razz-low"  # ace-to-five low of any five, no qualifier, pairs count against
    SHORT_DECK_HIGH = "short-deck-high"  # best five; flush beats full house, A-6-7-8-9 (R-SHORT-2)
    DEUCE_SEVEN_LOW = "deuce-to-seven-low"  # the worst high hand, aces high (R-DRAW-6)
    BADUGI = "badugi"  # four cards of distinct suits and ranks, aces low (R-BADUGI-1)


class BringInCard(StrEnum):
    """Which up card pays the bring-in (R-RANK-3)."""

    NONE = "none"
    LOWEST = "lowest"  # lowest rank, clubs < diamonds < hearts < spades
    HIGHEST = "highest"  # razz: the highest rank (aces low), the higher suit


@dataclass(frozen=True, slots=True, kw_only=True)
class StreetPlan:
    """One betting round and the cards dealt before it."""

    street: Street
    down: int = 0  # cards dealt face down to each player still in
    up: int = 0  # cards dealt face up to each player still in
    board: int = 0  # community cards
    opener: Opener = Opener.BUTTON
    big_bet: bool = False  # limit: this round bets the big bet
    draw: bool = False  # draw games: every player still in draws before this round's betting


FULL_DECK: tuple[int, ...] = tuple(range(52))
SHORT_DECK: tuple[int, ...] = tuple(c for c in FULL_DECK if c >> 2 >= 4)  # sixes to aces (R-SHORT-1)


@dataclass(frozen=True, slots=True, kw_only=True)
class Variant:
    """A game, declared. `code` is the `Game` value; `name` the lobby's words."""

    code: str
    name: str
    layout: Layout
    streets: tuple[StreetPlan, ...]
    halves: tuple[Evaluator, ...]  # the high half (or the only one), then the low half
    bring_in: BringInCard = BringInCard.NONE
    deck: tuple[int, ...] = FULL_DECK
    max_players: int = 10
    pokerstars_name: str | None = None  # None: PokerStars' text format has no such game
    phh_codes: tuple[tuple[str, str], ...] = ()  # (betting structure, PHH variant code)
    # Derived once from the streets (the hot path reads these).
    street_ids: tuple[Street, ...] = field(init=False)
    hole_cards: int = field(init=False)  # cards dealt before the first round (stud: down ones)
    cards_per_player: int = field(init=False)
    board_cards: int = field(init=False)
    board_before: tuple[int, ...] = field(init=False)  # board cards dealt before each street
    high_only: bool = field(init=False)  # one half, the best five of all cards: the fast path

    def __post_init__(self) -> None:
        streets = self.streets
        object.__setattr__(self, "street_ids", tuple(s.street for s in streets))
        object.__setattr__(self, "hole_cards", streets[0].down)
        object.__setattr__(self, "cards_per_player", sum(s.down + s.up for s in streets))
        object.__setattr__(self, "board_cards", sum(s.board for s in streets))
        before, total = [], 0
        for s in streets:
            before.append(total)
            total += s.board
        object.__setattr__(self, "board_before", tuple(before))
        object.__setattr__(self, "high_only", self.halves == (Evaluator.HIGH,))

    @property
    def is_stud(self) -> bool:
        return self.layout is Layout.STUD

    @property
    def is_hilo(self) -> bool:
        return len(self.halves) == 2

    @property
    def low_only(self) -> bool:
        """A game won by the low hand alone (razz): its up cards are read as lows too."""
        return self.halves == (Evaluator.RAZZ_LOW,)

    @property
    def is_draw(self) -> bool:
        return self.layout is Layout.DRAW

    def phh_code(self, betting: str) -> str | None:
        return dict(self.phh_codes).get(betting)


_FLOP = (
    StreetPlan(street=Street.PREFLOP, down=2, opener=Opener.BLINDS),
    StreetPlan(street=Street.FLOP, board=3),
    StreetPlan(street=Street.TURN, board=1, big_bet=True),
    StreetPlan(street=Street.RIVER, board=1, big_bet=True),
)


def _omaha_streets(hole: int) -> tuple[StreetPlan, ...]:
    return (StreetPlan(street=Street.PREFLOP, down=hole, opener=Opener.BLINDS), *_FLOP[1:])


_STUD = (
    StreetPlan(street=Street.THIRD, down=2, up=1, opener=Opener.BRING_IN),
    StreetPlan(street=Street.FOURTH, up=1, opener=Opener.BEST_SHOWING),
    StreetPlan(street=Street.FIFTH, up=1, opener=Opener.BEST_SHOWING, big_bet=True),
    StreetPlan(street=Street.SIXTH, up=1, opener=Opener.BEST_SHOWING, big_bet=True),
    StreetPlan(street=Street.SEVENTH, down=1, opener=Opener.BEST_SHOWING, big_bet=True),
)

HOLDEM = Variant(
    code="holdem", name="Hold'em", layout=Layout.BOARD, streets=_FLOP,
    halves=(Evaluator.HIGH,), pokerstars_name="Hold'em",
    phh_codes=(("no-limit", "NT"), ("limit", "FT")),
)  # fmt: skip
OMAHA = Variant(
    code="omaha", name="Omaha", layout=Layout.BOARD, streets=_omaha_streets(4),
    halves=(Evaluator.OMAHA_HIGH,), pokerstars_name="Omaha", phh_codes=(("pot-limit", "PO"),),
)  # fmt: skip
OMAHA_HILO = Variant(
    code="omaha-hilo", name="Omaha Hi-Lo", layout=Layout.BOARD, streets=_omaha_streets(4),
    halves=(Evaluator.OMAHA_HIGH, Evaluator.OMAHA_EIGHT_LOW), pokerstars_name="Omaha Hi/Lo",
    phh_codes=(("limit", "FO/8"),),
)  # fmt: skip
STUD = Variant(
    code="stud", name="Seven Card Stud", layout=Layout.STUD, streets=_STUD,
    halves=(Evaluator.HIGH,), bring_in=BringInCard.LOWEST, max_players=8,
    pokerstars_name="7 Card Stud", phh_codes=(("limit", "F7S"),),
)  # fmt: skip
STUD_HILO = Variant(
    code="stud-hilo", name="Stud Hi-Lo", layout=Layout.STUD, streets=_STUD,
    halves=(Evaluator.HIGH, Evaluator.EIGHT_LOW), bring_in=BringInCard.LOWEST, max_players=8,
    pokerstars_name="7 Card Stud Hi/Lo", phh_codes=(("limit", "F7S/8"),),
)  # fmt: skip
RAZZ = Variant(
    code="razz", name="Razz", layout=Layout.STUD, streets=_STUD,
    halves=(Evaluator.RAZZ_LOW,), bring_in=BringInCard.HIGHEST, max_players=8,
    pokerstars_name="Razz", phh_codes=(("limit", "FR"),),
)  # fmt: skip

# Five-card Omaha: five hole cards, still exactly two of them with three of the board
# (R-OMAHA-1); nine players at most (45 hole cards and the board of a 52-card deck).
# PHH (the 11 codes of its specification, PokerKit 0.7.7) has no five-card Omaha: "PO5" and
# "PO5/8" are pokerroom's own codes, named after PHH's "PO" and "/8" (README, PHH section).
OMAHA5 = Variant(
    code="omaha5", name="5 Card Omaha", layout=Layout.BOARD, streets=_omaha_streets(5),
    halves=(Evaluator.OMAHA_HIGH,), max_players=9, pokerstars_name="5 Card Omaha",
    phh_codes=(("pot-limit", "PO5"),),
)  # fmt: skip
OMAHA5_HILO = Variant(
    code="omaha5-hilo", name="5 Card Omaha Hi-Lo", layout=Layout.BOARD,
    streets=_omaha_streets(5), halves=(Evaluator.OMAHA_HIGH, Evaluator.OMAHA_EIGHT_LOW),
    max_players=9, pokerstars_name="5 Card Omaha Hi/Lo", phh_codes=(("pot-limit", "PO5/8"),),
)  # fmt: skip
SHORT_DECK_HOLDEM = Variant(
    code="short-deck", name="Short Deck Hold'em", layout=Layout.BOARD, streets=_FLOP,
    halves=(Evaluator.SHORT_DECK_HIGH,), deck=SHORT_DECK, phh_codes=(("no-limit", "NS"),),
)  # fmt: skip


# Draw games (R-DRAW-1..7): every card dealt face down before the first round; before each
# later round every player still in (all-in players too) stands pat or exchanges cards, in
# order from the button's left, who also opens the betting after each draw. Seven players
# at most for the five-card games and eight for badugi, so that the stub and the reshuffled
# discards can always serve a draw of every card (R-DRAW-4).
def _draw_streets(hole: int, draws: int) -> tuple[StreetPlan, ...]:
    after = (Street.FIRST_DRAW, Street.SECOND_DRAW, Street.THIRD_DRAW)[:draws]
    return (
        StreetPlan(street=Street.PREDRAW, down=hole, opener=Opener.BLINDS),
        # Limit: small bets before and after the first draw, big bets after the others.
        *(StreetPlan(street=s, draw=True, big_bet=k >= 1) for k, s in enumerate(after)),
    )


DEUCE_SEVEN_SINGLE = Variant(
    code="2-7-single-draw", name="2-7 Single Draw", layout=Layout.DRAW,
    streets=_draw_streets(5, 1), halves=(Evaluator.DEUCE_SEVEN_LOW,), max_players=7,
    pokerstars_name="Single Draw 2-7 Lowball", phh_codes=(("no-limit", "N2L1D"),),
)  # fmt: skip
DEUCE_SEVEN_TRIPLE = Variant(
    code="2-7-triple-draw", name="2-7 Triple Draw", layout=Layout.DRAW,
    streets=_draw_streets(5, 3), halves=(Evaluator.DEUCE_SEVEN_LOW,), max_players=7,
    pokerstars_name="Triple Draw 2-7 Lowball", phh_codes=(("limit", "F2L3D"),),
)  # fmt: skip
BADUGI = Variant(
    code="badugi", name="Badugi", layout=Layout.DRAW, streets=_draw_streets(4, 3),
    halves=(Evaluator.BADUGI,), max_players=8, pokerstars_name="Badugi",
    phh_codes=(("limit", "FB"),),
)  # fmt: skip

VARIANTS: dict[str, Variant] = {
    v.code: v
    for v in (HOLDEM, OMAHA, OMAHA_HILO, STUD, STUD_HILO, RAZZ, SHORT_DECK_HOLDEM, OMAHA5, OMAHA5_HILO,
              DEUCE_SEVEN_SINGLE, DEUCE_SEVEN_TRIPLE, BADUGI)
}
