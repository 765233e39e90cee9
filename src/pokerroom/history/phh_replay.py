"""Replay PHH hands through our engine and compare with the recorded finishing stacks.

`import_hand(phh_hand)` turns a PHH hand into what `start_hand` needs (config, seats with
their posts, button, a deck that deals the recorded cards) plus the player actions;
`check_hand(phh_hand)` replays it and returns a `CheckResult` (ok, mismatch, unsupported,
error). Where PokerKit's conventions (the software that wrote the files) differ from our
table defaults, the importer sets our options to match the file; `PHH_CONVENTIONS` lists
the differences (for the README).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from pokerroom.core.errors import PokerRoomError
from pokerroom.core.rules import (
    Bet,
    Betting,
    BringIn,
    Call,
    Check,
    Complete,
    Fold,
    Game,
    Hand,
    HandConfig,
    MuckCards,
    Post,
    PostKind,
    RaiseTo,
    SeatSetup,
    ShowCards,
    Stakes,
    arrange_deck,
    start_hand,
)
from pokerroom.core.rules.actions import Action
from pokerroom.history.phh import Amount, PhhAction, PhhFormatError, PhhHand

VARIANT_MAP: dict[str, tuple[Game, Betting]] = {
    "NT": (Game.HOLDEM, Betting.NO_LIMIT),
    "FT": (Game.HOLDEM, Betting.LIMIT),
    "PO": (Game.OMAHA, Betting.POT_LIMIT),
    "FO/8": (Game.OMAHA_HILO, Betting.LIMIT),
    "F7S": (Game.STUD, Betting.LIMIT),
    "F7S/8": (Game.STUD_HILO, Betting.LIMIT),
    "FR": (Game.RAZZ, Betting.LIMIT),
}
UNSUPPORTED_VARIANTS = {
    "NS": "short-deck hold'em is not a game of this room",
    "N2L1D": "draw games (deuce-to-seven single draw) are not played here",
    "F2L3D": "draw games (deuce-to-seven triple draw) are not played here",
    "FB": "draw games (badugi) are not played here",
}

PHH_CONVENTIONS = (
    "Limit cap: PokerKit allows four bets/raises per round and does not count the big blind,"
    " so a limit pre-flop round may hold four raises over the blind; our default (R-BET-3)"
    " counts the blind as the bet (three raises). The importer sets"
    " big_blind_counts_as_bet = false for limit hands.",
    "Seat order: p1 is the first seat left of the button, the last player is the button;"
    " heads-up PokerKit reverses blinds and antes (p1 = big blind, p2 = button and small"
    " blind). The importer seats pN at seat N-1 with the button on the last seat.",
    "Amounts with decimals (dollars and cents) are scaled to whole chip units (x10^k).",
    "Antes: our engine layers antes that everyone posts (R-POT-1) and keeps an ante only some"
    " post (a big-blind ante, ante_trimming_status = false in the files) as dead money in the"
    " main pot; PokerKit keys this on ante_trimming_status. The two differ only for a file"
    " with uniform antes, trimming off, and a player all-in for part of the ante.",
    "Blinds, antes and straddles larger than a stack are posted all-in for the stack.",
    "Unknown cards ('??') of players who folded are filled with unused cards (stud: cards"
    " that cannot change the bring-in); unknown cards that reach a showdown make the hand"
    " unsupported.",
    "FO/8: PokerKit's preset for fixed-limit Omaha hi-lo is really pot-limit; the files'"
    " actions are replayed as fixed-limit, as their variant code says.",
    "Show/muck ('sm') is replayed as a choice only where our engine asks for one; our"
    " showdown order (R-SD-2, R-SD-3) and automatic show of winning hands (R-SD-4) apply.",
)


class UnsupportedHandError(PokerRoomError):
    """A PHH hand we do not play (a draw game) or cannot reconstruct (unknown cards)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ImportedHand:
    """A PHH hand in our engine's terms. `scale`: chip units per PHH unit (10^k)."""

    config: HandConfig
    seats: tuple[SeatSetup, ...]
    button: int
    deck: tuple[int, ...]
    actions: tuple[PhhAction, ...]
    scale: int
    unknown_cards: frozenset[int]  # seats with an unknown ('??') card
    notes: tuple[str, ...] = ()

    def start(self) -> Hand:
        return start_hand(self.config, self.seats, button=self.button, deck=self.deck)


@dataclass(frozen=True, slots=True, kw_only=True)
class CheckResult:
    status: str  # ok | mismatch | unsupported | error
    finishing_stacks: tuple[Amount, ...] | None = None
    expected: tuple[Amount, ...] | None = None
    detail: str = ""
    notes: tuple[str, ...] = field(default=())


# ---------------------------------------------------------------------------------------
# Amounts


def _decimals(value: Amount) -> int:
    if isinstance(value, int):
        return 0
    exponent = value.normalize().as_tuple().exponent
    return max(0, -int(exponent))


def amount_scale(hand: PhhHand, actions: Sequence[PhhAction]) -> int:
    values: list[Amount] = [*hand.starting_stacks, *hand.antes]
    for name in ("blinds_or_straddles", "finishing_stacks"):
        values.extend(hand.get(name, ()) or ())
    for name in ("bring_in", "small_bet", "big_bet", "min_bet"):
        if hand.get(name) is not None:
            values.append(hand.get(name))
    values.extend(a.amount for a in actions if a.amount is not None)
    return 10 ** max((_decimals(v) for v in values), default=0)


def to_chips(value: Amount, scale: int) -> int:
    scaled = Decimal(value) * scale
    if scaled != scaled.to_integral_value():
        raise PhhFormatError("amount", f"{value} is not a whole number of chip units")
    return int(scaled)


def from_chips(chips: int, scale: int) -> Amount:
    if scale == 1:
        return chips
    value = Decimal(chips) / scale
    return int(value) if value == value.to_integral_value() else value


# ---------------------------------------------------------------------------------------
# Import


def _fill_unknown(
    game: Game,
    hole: dict[int, list[int | None]],
    board: list[int | None],
) -> None:
    used = {c for cards in hole.values() for c in cards if c is not None}
    used |= {c for c in board if c is not None}
    free = [c for c in range(52) if c not in used]
    # Stud: an unknown up card must not take the bring-in from the player the file names:
    # fill unknown cards with the best cards for a high game (high ranks, spades first: the
    # bring-in is the lowest card) and with the best low cards for razz (aces and deuces:
    # the bring-in is the highest card).
    if game is Game.RAZZ:
        free.sort(key=lambda c: ((c >> 2) + 1) % 13)
    else:
        free.sort(reverse=True)
    pool = iter(free)
    for cards in hole.values():
        for i, c in enumerate(cards):
            if c is None:
                cards[i] = next(pool)
    for i, c in enumerate(board):
        if c is None:
            board[i] = next(pool)


def import_hand(hand: PhhHand) -> ImportedHand:
    """A PHH hand as our engine's inputs; raises UnsupportedHandError or PhhFormatError."""
    if hand.variant in UNSUPPORTED_VARIANTS:
        raise UnsupportedHandError(f"variant {hand.variant}: {UNSUPPORTED_VARIANTS[hand.variant]}")
    if hand.variant not in VARIANT_MAP:
        raise UnsupportedHandError(f"variant {hand.variant} is not supported")
    game, betting = VARIANT_MAP[hand.variant]
    actions = hand.parsed_actions()
    if any(a.kind == "stand_pat_discard" for a in actions):
        raise UnsupportedHandError("draws ('sd') are not played here")
    n = hand.player_count
    scale = amount_scale(hand, actions)
    notes: list[str] = []
    if scale > 1:
        notes.append(f"amounts scaled x{scale} to whole chip units")

    def chips(value: Amount | None) -> int:
        return 0 if value is None else to_chips(value, scale)

    stacks = [chips(v) for v in hand.starting_stacks]
    antes = [chips(v) for v in hand.antes]
    blinds = [chips(v) for v in (hand.blinds_or_straddles or (0,) * n)]
    if any(b < 0 for b in blinds):
        raise UnsupportedHandError("negative blinds_or_straddles (PokerKit post bets) are not supported")
    if n == 2:
        antes.reverse()
        blinds.reverse()
        # After reversing, index 0 is p1 (big blind), index 1 the button (small blind).
    stud = game.is_stud
    if stud and any(blinds):
        raise UnsupportedHandError("blinds in a stud game")
    button = n - 1

    seats = []
    for i in range(n):
        posts: list[Post] = []
        left = stacks[i]
        if antes[i]:
            ante = min(antes[i], left)
            posts.append(Post(kind=PostKind.ANTE, amount=ante))
            left -= ante
        if blinds[i] and left:
            if n == 2:
                kind = PostKind.BIG_BLIND if i == 0 else PostKind.SMALL_BLIND
            else:
                kind = (PostKind.SMALL_BLIND if i == 0 else PostKind.BIG_BLIND if i == 1
                        else PostKind.STRADDLE)
            posts.append(Post(kind=kind, amount=min(blinds[i], left)))
        name = hand.players[i] if hand.players else f"p{i + 1}"
        seats.append(SeatSetup(seat=i, stack=stacks[i], posts=tuple(posts), name=name))

    raw_blinds = [chips(v) for v in (hand.blinds_or_straddles or (0,) * n)]
    if stud:
        stakes = Stakes(ante=max(antes), bring_in=chips(hand.bring_in),
                        small_bet=chips(hand.small_bet), big_bet=chips(hand.big_bet))
    elif betting is Betting.LIMIT:
        stakes = Stakes(small_blind=raw_blinds[0], big_blind=raw_blinds[1], ante=max(antes),
                        small_bet=chips(hand.small_bet), big_bet=chips(hand.big_bet))
    else:
        big = chips(hand.min_bet) or raw_blinds[1]
        stakes = Stakes(small_blind=raw_blinds[0], big_blind=big, ante=max(antes))
        if hand.min_bet is not None and chips(hand.min_bet) != raw_blinds[1]:
            notes.append(f"min_bet {hand.min_bet} differs from the big blind; used as the big blind")

    # PokerKit's limit cap: four bets/raises a round, the big blind not counted (R-BET-3:
    # ours counts it as the bet). Same cap after the flop and in stud.
    limit = betting is Betting.LIMIT
    config = HandConfig(game=game, betting=betting, stakes=stakes, chip_unit=1,
                        max_raises=3, big_blind_counts_as_bet=not limit)

    # Cards: hole cards per player in deal order, board in order.
    hole: dict[int, list[int | None]] = {i: [] for i in range(n)}
    board: list[int | None] = []
    unknown: set[int] = set()
    for a in actions:
        if a.kind == "deal_hole":
            assert a.player is not None and a.cards is not None
            for c in a.cards:
                hole[a.player].append(None if c is None else c.code)
                if c is None:
                    unknown.add(a.player)
        elif a.kind == "deal_board":
            assert a.cards is not None
            for c in a.cards:
                board.append(None if c is None else c.code)
    known = [c for cards in hole.values() for c in cards if c is not None]
    known += [c for c in board if c is not None]
    if len(set(known)) != len(known):
        raise PhhFormatError("actions", "a card is dealt twice")
    _fill_unknown(game, hole, board)
    deck = arrange_deck(game, list(range(n)), button,
                        {s: [c for c in cs if c is not None] for s, cs in hole.items()},
                        [c for c in board if c is not None])
    return ImportedHand(config=config, seats=tuple(seats), button=button, deck=deck,
                        actions=actions, scale=scale, unknown_cards=frozenset(unknown),
                        notes=tuple(notes))


# ---------------------------------------------------------------------------------------
# Replay


class ReplayError(PokerRoomError):
    """The engine refused a recorded action, or the file and the engine disagree on turns."""


def _betting_action(hand: Hand, a: PhhAction, scale: int) -> Action:
    legal = hand.legal_actions()
    seat = a.player
    assert seat is not None
    if legal.seat != seat:
        raise ReplayError(f"{a.to_text()!r}: our engine has seat p{legal.seat + 1} to act")
    match a.kind:
        case "fold":
            return Fold(seat=seat)
        case "check_call":
            return Check(seat=seat) if legal.check else Call(seat=seat)
        case "bring_in":
            return BringIn(seat=seat)
        case "complete_bet_raise":
            assert a.amount is not None
            amount = to_chips(a.amount, scale)
            if legal.complete is not None:
                return Complete(seat=seat, amount=amount)
            if legal.bet is not None:
                return Bet(seat=seat, amount=amount)
            return RaiseTo(seat=seat, amount=amount)
    raise ReplayError(f"{a.to_text()!r} is not a betting action")


def replay_imported(imported: ImportedHand) -> Hand:
    """Play the recorded actions; show/muck choices are answered from the file's 'sm'."""
    hand = imported.start()
    shows = {a.player: a for a in imported.actions if a.kind in ("show", "muck")}
    betting = [a for a in imported.actions
               if a.kind in ("fold", "check_call", "complete_bet_raise", "bring_in")]
    pending = list(betting)
    while not hand.is_over:
        if pending:
            a = pending.pop(0)
            action = _betting_action(hand, a, imported.scale)
            try:
                hand.apply(action)
            except PokerRoomError as exc:
                raise ReplayError(f"{a.to_text()!r} refused: {exc}") from exc
            continue
        # Only show/muck choices can remain: answer them from the file, else muck.
        seat = hand.to_act
        if seat is None:
            raise ReplayError("the hand is not over but nobody is to act")
        recorded = shows.get(seat)
        choices: list[Action] = [MuckCards(seat=seat), ShowCards(seat=seat)]
        if recorded is not None and recorded.kind == "show":
            choices.reverse()
        for choice in choices:
            try:
                hand.apply(choice)
                break
            except PokerRoomError:
                continue
        else:
            raise ReplayError(f"the file has no more actions but our engine waits for p{seat + 1}")
    return hand


def check_hand(phh_hand: PhhHand) -> CheckResult:
    """Replay one PHH hand and compare with its `finishing_stacks`."""
    expected = phh_hand.finishing_stacks
    try:
        imported = import_hand(phh_hand)
    except UnsupportedHandError as exc:
        return CheckResult(status="unsupported", expected=expected, detail=str(exc))
    except PhhFormatError as exc:
        return CheckResult(status="error", expected=expected, detail=str(exc))
    try:
        hand = replay_imported(imported)
    except (PokerRoomError, NotImplementedError) as exc:
        if imported.unknown_cards:
            return CheckResult(status="unsupported", expected=expected, notes=imported.notes,
                               detail=f"unknown cards of {_players(imported.unknown_cards)} "
                                      f"decide the play ({exc})")
        return CheckResult(status="error", expected=expected, detail=str(exc),
                           notes=imported.notes)
    result = hand.result
    stacks = tuple(from_chips(result.stack(s.seat), imported.scale) for s in imported.seats)
    still_in = _showdown_seats(hand)
    if imported.unknown_cards & still_in:
        return CheckResult(status="unsupported", finishing_stacks=stacks, expected=expected,
                           notes=imported.notes,
                           detail=f"unknown cards of {_players(imported.unknown_cards & still_in)}"
                                  " at a showdown")
    if expected is None:
        return CheckResult(status="ok", finishing_stacks=stacks, notes=imported.notes,
                           detail="no finishing_stacks in the file: replayed without comparison")
    if tuple(Decimal(v) for v in stacks) != tuple(Decimal(v) for v in expected):
        diff = [f"p{i + 1}: ours {a}, file {b}" for i, (a, b) in enumerate(zip(stacks, expected, strict=True))
                if Decimal(a) != Decimal(b)]
        return CheckResult(status="mismatch", finishing_stacks=stacks, expected=expected,
                           detail="; ".join(diff), notes=imported.notes)
    return CheckResult(status="ok", finishing_stacks=stacks, expected=expected,
                       notes=imported.notes)


def _players(seats: frozenset[int] | set[int]) -> str:
    return ", ".join(f"p{s + 1}" for s in sorted(seats))


def _showdown_seats(hand: Hand) -> frozenset[int]:
    """Seats whose cards took part in a showdown (more than one player left at the end)."""
    result = hand.result
    contenders: set[int] = set()
    for pot in result.pots:
        if len(pot.eligible) > 1:
            contenders.update(pot.eligible)
    return frozenset(contenders)
