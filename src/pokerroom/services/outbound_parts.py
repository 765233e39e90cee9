"""The JSON objects inside outbound messages (docs/PROTOCOL.md 2.2-2.6), typed.

They are TypedDicts, not classes: the views are built per viewer at every fan-out (the hot
path, issue 11), and a TypedDict is a plain dict at run time, so typing them costs nothing
and the bytes on the wire stay exactly what they were. The message classes that carry them
are the dataclasses of services.outbound. tests/server/test_outbound_parts.py checks every
message a real room sends against these types, and that PROTOCOL.md names every key.

Keys marked NotRequired are sent only in some views (e.g. `log` only in a full
`table_view`); `X | None` keys are always sent, null when there is nothing to say.
"""

# No `from __future__ import annotations` here: TypedDict reads NotRequired from evaluated
# annotations, and tests check the keys at run time.
from typing import Any, Literal, NotRequired, TypedDict

# ---------------------------------------------------------------------- shared pieces
# A core event as sent in `table_events`: the event's own fields (services.wire spells cards
# and enums), plus "type" (the core's class name) and "version". Its fields are the core
# event's, so it is typed by the core's event classes, not here.
WireEvent = dict[str, Any]
# The core's HandView of one seat, spelled by services.wire.plain (tournament tables).
CoreHandView = dict[str, Any]
Cards = list[str | None]  # "As"; a card the viewer may not see is null


class HandParts(TypedDict, total=False):
    """A shown hand in parts, for the client to word (PROTOCOL.md "Shown hands in parts");
    which keys come depends on the game."""

    category: str
    ranks: list[int]
    low: list[int]
    no_low: bool
    lowball: bool
    badugi: list[int]


class AccountInfo(TypedDict):
    id: int
    username: str | None
    balance: int | None


class Stakes(TypedDict):
    small_blind: int
    big_blind: int
    small_bet: int
    big_bet: int
    ante: int
    bring_in: int


class Variant(TypedDict):
    name: str
    layout: Literal["board", "stud", "draw"]
    hole_cards: int
    board_cards: int
    deck_size: int


class GameAndBetting(TypedDict):
    game: str
    betting: str


class Mix(TypedDict):
    """A mixed table's rotation (R-MIX-1..5), from core.table.Table.rotation_info."""

    mix: str
    name: str
    every: int
    games: list[GameAndBetting]
    index: int
    hands_left: int | None
    next: GameAndBetting


class UthLimits(TypedDict):
    ante_min: int
    ante_max: int
    trips_min: int
    trips_max: int


# ---------------------------------------------------------------------- lobby
class _LobbyRow(TypedDict):
    id: str
    name: str
    game: str
    decimals: int
    seats: int
    taken: int
    avg_pot: int
    players_per_flop: int
    hands_per_hour: int
    waiting: int
    status: str


class PokerLobbyEntry(_LobbyRow):
    kind: Literal["poker"]
    betting: str
    variant: Variant
    mix: Mix | None
    stakes: Stakes
    min_buy_in: int
    max_buy_in: int | None


class UthLobbyEntry(_LobbyRow):
    kind: Literal["uth"]
    betting: None
    stakes: dict[str, int]  # empty: a banked game has no blinds
    min_buy_in: None
    max_buy_in: None
    limits: UthLimits


LobbyEntry = PokerLobbyEntry | UthLobbyEntry


# ---------------------------------------------------------------------- poker table view
class Preset(TypedDict):
    key: str
    label: str
    amount: int


class Span(TypedDict):
    min: int
    max: int
    presets: NotRequired[list[Preset]]


class DrawSpan(TypedDict):
    min: int
    max: int


# `raise` is a Python keyword: the functional form.
Legal = TypedDict("Legal", {
    "hand": int, "action_no": int, "seat": int,
    "fold": bool, "check": bool, "call": int,
    "bet": Span | None, "raise": Span | None,
    "bring_in": int | None, "complete": Span | None,
    "show": bool, "muck": bool,
    "draw": DrawSpan | None,
    "after_hand": NotRequired[bool],  # the R-SD-5 offer to show after the hand
})  # fmt: skip


class Pot(TypedDict):
    amount: int
    eligible: list[int]


class PokerClock(TypedDict):
    seat: int
    deadline_ms: int
    action_deadline_ms: int
    time_bank_ms: int
    action_ms: int


class Fairness(TypedDict):
    """The fair deal of the hand in play: the commitment, never the seed (FAIRNESS.md)."""

    hand: int
    commitment: str
    client_seeds: list[str]


class EmptySeat(TypedDict):
    seat: int
    status: Literal["empty"]


class TakenSeat(TypedDict):
    seat: int
    name: str
    stack: int
    bet: int
    contributed: int
    status: Literal["active", "folded", "all_in", "sitting_out", "waiting"]
    cards: Cards
    up: list[bool]
    posts_due: Literal["none", "small_blind", "big_blind", "small_and_big"]
    is_you: bool
    bot: bool


class You(TypedDict):
    seat: int
    sitting_out: bool
    auto_post: bool
    balance: int | None
    waits_for_big_blind: bool
    time_bank_ms: int
    hand: HandParts | None


class PokerHeader(TypedDict):
    """The part of a poker view that says which table it is (built once per fan-out)."""

    table: str
    name: str
    kind: Literal["poker"]
    game: str
    betting: str
    variant: Variant
    mix: Mix | None
    stakes: Stakes
    decimals: int
    seats_total: int
    min_buy_in: int
    max_buy_in: int | None
    status: str


class PokerView(PokerHeader):
    hand: int | None
    button: int | None
    street: str | None
    board: Cards
    pots: list[Pot]
    seats: list[EmptySeat | TakenSeat]
    to_act: int | None
    you: You | None
    legal: Legal | None
    clock: PokerClock | None
    fairness: NotRequired[Fairness]  # while a hand runs
    hand_id: int | None
    log: NotRequired[list[WireEvent]]  # only in a full `table_view`


class Winner(TypedDict):
    seat: int
    name: str
    amount: int
    pot: int
    description: str
    hand: HandParts | None
    cards: Cards
    best: Cards


# ---------------------------------------------------------------------- UTH view
class UthLast(TypedDict):
    ante: int
    trips: int
    play: int


class UthResult(TypedDict):
    # each bet's net (only the bets made); `rounding`: the fraction U-PAY-4 dropped
    ante: NotRequired[int]
    blind: NotRequired[int]
    trips: NotRequired[int]
    play: NotRequired[int]
    net: int
    outcome: str
    rounding: str | int


class UthEmptySeat(TypedDict):
    seat: int
    name: None
    is_you: Literal[False]


class UthSeat(TypedDict):
    seat: int
    name: str
    is_you: bool
    cards: Cards
    ante: int
    blind: int
    trips: int
    play: int
    folded: bool
    decision: None  # reserved
    result: UthResult | None
    hand: str | None
    hand_value: HandParts | None
    last: NotRequired[UthLast]  # between rounds: the settled round's bets


class UthYou(TypedDict):
    seat: int
    balance: int | None


class UthLegal(TypedDict):
    round: int
    decisions: list[str]
    hint: str | None


class UthClock(TypedDict):
    seat: int | None  # None: the betting clock
    deadline_ms: int
    time_bank_ms: int


class UthFairness(TypedDict):
    round: int
    commitment: str
    client_seeds: list[str]


class UthTableView(TypedDict):
    table: str
    name: str
    kind: Literal["uth"]
    game: Literal["uth"]
    decimals: int
    limits: UthLimits
    paytables: dict[str, list[list[str]]]
    round: int
    phase: str
    board: Cards
    dealer: Cards
    seats: list[UthEmptySeat | UthSeat]
    you: UthYou | None
    legal: UthLegal | None
    clock: UthClock | None
    dealer_qualifies: bool | None
    dealer_hand: str | None
    dealer_hand_value: HandParts | None
    fairness: UthFairness | None


# ---------------------------------------------------------------------- tournaments
LevelEntry = TypedDict("LevelEntry", {
    "small_blind": int, "big_blind": int, "ante": int,
    "minutes": int | None, "hands": int | None, "break": bool,
})  # fmt: skip


class DealOffer(TypedDict):
    amounts: dict[str, int]
    accepted: list[str]


class Standing(TypedDict):
    entry: str
    name: str  # the player's screen name (`entry` is their account number, `7#2` a re-entry)
    chips: int
    place: int | None
    prize: int


class StandingAt(Standing):
    table: int | None  # the table the player sits at (null: not seated, or out)


class TournamentSummary(TypedDict):
    id: str
    name: str
    game: str
    betting: str
    status: str
    sit_and_go: bool
    seats: int
    buy_in: int
    fee: int
    starting_chips: int
    entrants: int
    max_entrants: int
    players_left: int
    starts_in_ms: int | None
    late_registration: bool
    level: int
    small_blind: int
    big_blind: int
    ante: int
    level_left_ms: int | None
    prize_pool: int
    payouts: list[int]
    average_stack: int | None
    structure: list[LevelEntry]
    deal: DealOffer | None
    deal_requested: bool
    players: list[StandingAt]


class TournamentYou(Standing):
    rank: int | None
    out: bool
    away: bool
    sitting_out: bool  # away by their own word (`tournament_sit_out`), R-TOURN-5
    time_bank_ms: int  # the entry's time bank left


class TournamentSeat(TypedDict):
    seat: int
    entry: str
    name: str
    chips: int
    away: bool
    bot: bool  # the account is a bot's (marked on the account): a "Bot" badge, as at cash


class TournamentResult(TypedDict):
    winners: list[Winner]
    shown: dict[str, Cards]


ActionWord = Literal["check", "call", "bet", "raise", "complete", "bring_in"]


class LastAction(TypedDict):
    """A seat's latest action on the street now, as the cash felt reads it from the log."""

    seat: int
    action: ActionWord
    amount: int  # what a call added; the bet, raise-to, completion or bring-in; 0 for a check


class TournamentPrevious(TypedDict):
    """The hand just over at the table a player was moved from, as they saw it at its end."""

    number: int  # that table
    seat: int  # the seat they had there
    hand_number: int  # the hand's number at that table
    seats: list[TournamentSeat | None]  # its players as it ended
    hand: CoreHandView  # the core's view for that seat (own cards, shown ones)
    result: TournamentResult
    last_actions: list[LastAction]


class TournamentTable(TypedDict):
    number: int
    seat: int | None  # None in a watcher's picture (TournamentTableView)
    hand_number: int
    seats: list[TournamentSeat | None]
    button: int | None
    hand: CoreHandView | None
    legal: Legal | None
    fairness: NotRequired[Fairness]  # while a hand is on the felt (running or just over)
    clock: PokerClock | None  # the turn's action clock (its time bank too), as at cash tables
    result: NotRequired[TournamentResult]  # the hand just over: who won what, cards shown
    own_hand: HandParts | None  # your best hand so far in parts (2.3's you.hand), yours only
    last_actions: list[LastAction]  # of the hand on the felt (public), this street's
    previous: NotRequired[TournamentPrevious]  # moved since your last hand: that hand, over


class TournamentPicture(TypedDict):
    summary: TournamentSummary
    you: TournamentYou | None
    table: TournamentTable | None
