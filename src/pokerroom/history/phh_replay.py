"""Replay PHH hands through our engine and compare with the recorded finishing stacks.

`import_hand(phh_hand)` turns a PHH hand into what `start_hand` needs (config, seats with
their posts, button, a deck that deals the recorded cards) plus the player actions;
`check_hand(phh_hand)` replays it and returns a `CheckResult` (ok, mismatch, unsupported,
error). Where PokerKit's conventions (the software that wrote the files) differ from our
table defaults, the importer sets our options to match the file; `PHH_CONVENTIONS` lists
the differences (for the README).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from pokerroom.core.cards import Card
from pokerroom.core.errors import PokerRoomError
from pokerroom.core.rules import (
    Bet,
    Betting,
    BringIn,
    BringInCard,
    Call,
    Check,
    Complete,
    Draw,
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
from pokerroom.core.rules.showdown import strength
from pokerroom.history.phh import Amount, PhhAction, PhhFormatError, PhhHand, is_unknown
from pokerroom.history.phh_draws import reconstruct

# PHH variant code -> (game, betting), from each game's Variant declaration.
VARIANT_MAP: dict[str, tuple[Game, Betting]] = {
    code: (game, betting)
    for game in Game for betting in Betting
    if (code := game.variant.phh_code(betting.value)) is not None
}
UNSUPPORTED_VARIANTS: dict[str, str] = {}

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
    " that cannot change the bring-in). Unknown cards shown later ('sm') are back-filled"
    " with the shown cards. A player still in at the end who never shows has mucked and"
    " cannot win: their unknown cards are filled with the weakest cards we find, and the hand"
    " is unsupported if even those would win or tie a pot. 'sm -' (shown, cards not named) at"
    " a showdown leaves the hand undecided: unsupported.",
    "Unknown stacks ('inf' in starting_stacks) are played as deep stacks (more than every"
    " recorded amount together); the hand is then checked against 'winnings'.",
    "Negative blinds_or_straddles (PokerKit's 'post', a player who joined and posts out of"
    " position): a live big blind of up to the big blind, anything above it dead"
    " (a posted small blind, R-BLIND-2).",
    "Limit: a raise to what the opponents can still match (below the fixed raise because they"
    " are all in), as PokerKit writes it, is taken as the full fixed raise; the part nobody"
    " can call comes back (R-BET-9), so the stacks are the same.",
    "Verification: against finishing_stacks when present (and every stack known), else"
    " against winnings (collected pots; the file's may be lower by the room's rake, at most"
    " 10% of the pots), else the replay alone: 'replayed'.",
    "FO/8: PokerKit's preset for fixed-limit Omaha hi-lo is really pot-limit; the files'"
    " actions are replayed as fixed-limit, as their variant code says.",
    "Show/muck ('sm') is replayed as a choice only where our engine asks for one; our"
    " showdown order (R-SD-2, R-SD-3) and automatic show of winning hands (R-SD-4) apply.",
    "Draw games: the new cards of each draw are the stub in drawing order (R-DRAW-3); an"
    " unknown ('??') discard takes an unknown card of the hand first, and the unknowns still"
    " held at the end take the cards the player shows.",
)


class UnsupportedHandError(PokerRoomError):
    """A PHH hand we do not play (its variant) or cannot reconstruct (unknown cards)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ImportedHand:
    """A PHH hand in our engine's terms. `scale`: chip units per PHH unit (10^k)."""

    config: HandConfig
    seats: tuple[SeatSetup, ...]
    button: int
    deck: tuple[int, ...]
    actions: tuple[PhhAction, ...]
    scale: int
    unknown_cards: frozenset[int]  # seats with a card still unknown ('??') after back-filling
    # Seats still in at the end with unknown cards they never show: they have mucked and
    # cannot win (their cards were filled with the weakest we found).
    mucked_unknown: frozenset[int] = frozenset()
    # Seats whose stack the file does not know ('inf'), played as deep stacks.
    unknown_stacks: frozenset[int] = frozenset()
    notes: tuple[str, ...] = ()
    # Draw games: the cards each 'sd' discards, in file order, and the cards dealt after
    # a reshuffle of the discards, in order (phh_draws.py).
    discards: tuple[tuple[int, ...], ...] = ()
    redeal: tuple[int, ...] = ()

    def start(self) -> Hand:
        return start_hand(self.config, self.seats, button=self.button, deck=self.deck,
                          redeal=self.redeal)


@dataclass(frozen=True, slots=True, kw_only=True)
class CheckResult:
    status: str  # ok | replayed | mismatch | unsupported | error
    finishing_stacks: tuple[Amount, ...] | None = None
    expected: tuple[Amount, ...] | None = None
    detail: str = ""
    notes: tuple[str, ...] = field(default=())


# ---------------------------------------------------------------------------------------
# Amounts


def _decimals(value: Amount) -> int:
    if isinstance(value, int) or not value.is_finite():
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
    free = [c for c in game.variant.deck if c not in used]
    # Stud: an unknown up card must not take the bring-in from the player the file names:
    # fill unknown cards with the best cards for a high game (high ranks, spades first: the
    # bring-in is the lowest card) and with the best low cards for razz (aces and deuces:
    # the bring-in is the highest card).
    if game.variant.bring_in is BringInCard.HIGHEST:
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


# How many of the weakest-looking free cards the search tries, by the number of unknown
# cards (a few thousand evaluations at most: C(45,2), C(26,3), C(18,4), C(12,5)).
_POOL_SIZE = {1: 52, 2: 52, 3: 26, 4: 18}


def _weak_order(game: Game, card: int) -> tuple[int, int]:
    """Sort key: cards least likely to make a strong hand first."""
    rank = card >> 2  # 0 = deuce .. 12 = ace
    if game.variant.low_only:
        return (-((rank + 1) % 13), card)  # kings first: the worst cards for a low
    if game.is_hilo:
        return (0 if 7 <= rank <= 11 else 1, rank)  # nine to king: no low, a weak high
    return (rank, card)


def _fill_weakest(game: Game, cards: list[int | None], board: Sequence[int | None],
                  used: set[int]) -> bool:
    """Fill `cards`' unknown slots with the weakest hand we can find; False if we cannot judge."""
    slots = [i for i, c in enumerate(cards) if c is None]
    if not slots or any(c is None for c in board):
        return False
    known_board = [c for c in board if c is not None]
    free = sorted((c for c in game.variant.deck if c not in used), key=lambda c: _weak_order(game, c))
    pool = free[:_POOL_SIZE.get(len(slots), 12)]
    best: tuple[tuple[int, int, int], tuple[int, ...]] | None = None
    trial = list(cards)
    for combo in itertools.combinations(pool, len(slots)):
        for i, c in zip(slots, combo, strict=True):
            trial[i] = c
        try:
            hi, lo = strength(game, [c for c in trial if c is not None], known_board)
        except (ValueError, IndexError, KeyError):
            return False  # too few cards to judge (the hand ended before a showdown)
        key = (0 if lo is None else 1, hi, lo or 0)
        if best is None or key < best[0]:
            best = (key, combo)
    if best is None:
        return False
    for i, c in zip(slots, best[1], strict=True):
        cards[i] = c
    return True


def _back_fill(cards: list[int | None], shown: Sequence[Card | None]) -> None:
    """Unknown dealt cards take the shown cards the player was not known to hold, in order."""
    known = {c for c in cards if c is not None}
    extra = iter([c.code for c in shown if c is not None and c.code not in known])
    for i, c in enumerate(cards):
        if c is None:
            cards[i] = next(extra, None)


def _deep_stack(hand: PhhHand, actions: Sequence[PhhAction], scale: int) -> int:
    """A stack that covers every amount the file records: nobody deep is ever all in."""
    total = sum(to_chips(v, scale) for v in hand.starting_stacks if not is_unknown(v))
    total += sum(abs(to_chips(v, scale)) for v in (hand.blinds_or_straddles or ()))
    total += sum(to_chips(v, scale) for v in hand.antes)
    total += sum(to_chips(a.amount, scale) for a in actions if a.amount is not None)
    for name in ("bring_in", "small_bet", "big_bet", "min_bet"):
        if hand.get(name) is not None:
            total += 8 * to_chips(hand.get(name), scale)  # limit bets a round, not in 'cbr'
    return total + 1


def _posts(i: int, n: int, ante: int, blind: int, big_blind: int, left: int) -> list[Post]:
    """The forced posts of player index `i` (after the heads-up reversal), capped by the stack."""
    posts: list[Post] = []
    if ante:
        amount = min(ante, left)
        posts.append(Post(kind=PostKind.ANTE, amount=amount))
        left -= amount
    if not blind or not left:
        return posts
    if blind < 0:
        # PokerKit's "post": a player posting out of position (joined the game). The big
        # blind's worth is live (it counts toward their bet); anything above it is a dead
        # small blind for the pot (R-BLIND-2), as rooms take "posts small & big blinds".
        amount = min(-blind, left)
        live = min(amount, big_blind) if big_blind else amount
        posts.append(Post(kind=PostKind.BIG_BLIND, amount=live))
        if amount > live:
            posts.append(Post(kind=PostKind.SMALL_BLIND_DEAD, amount=amount - live))
        return posts
    if n == 2:
        kind = PostKind.BIG_BLIND if i == 0 else PostKind.SMALL_BLIND
    else:
        kind = (PostKind.SMALL_BLIND if i == 0 else PostKind.BIG_BLIND if i == 1
                else PostKind.STRADDLE)
    posts.append(Post(kind=kind, amount=min(blind, left)))
    return posts


def import_hand(hand: PhhHand) -> ImportedHand:
    """A PHH hand as our engine's inputs; raises UnsupportedHandError or PhhFormatError."""
    if hand.variant in UNSUPPORTED_VARIANTS:
        raise UnsupportedHandError(f"variant {hand.variant}: {UNSUPPORTED_VARIANTS[hand.variant]}")
    if hand.variant not in VARIANT_MAP:
        raise UnsupportedHandError(f"variant {hand.variant} is not supported")
    game, betting = VARIANT_MAP[hand.variant]
    actions = hand.parsed_actions()
    if not game.is_draw and any(a.kind == "stand_pat_discard" for a in actions):
        raise UnsupportedHandError(f"draws ('sd') in {hand.variant}, which has no draw")
    n = hand.player_count
    scale = amount_scale(hand, actions)
    notes: list[str] = []
    if scale > 1:
        notes.append(f"amounts scaled x{scale} to whole chip units")

    def chips(value: Amount | None) -> int:
        return 0 if value is None else to_chips(value, scale)

    unknown_stacks = frozenset(i for i, v in enumerate(hand.starting_stacks) if is_unknown(v))
    deep = _deep_stack(hand, actions, scale) if unknown_stacks else 0
    if unknown_stacks:
        notes.append(f"stacks of {_players(unknown_stacks)} unknown (inf): played as {deep}")
    stacks = [deep if i in unknown_stacks else chips(v) for i, v in enumerate(hand.starting_stacks)]
    antes = [chips(v) for v in hand.antes]
    blinds = [chips(v) for v in (hand.blinds_or_straddles or (0,) * n)]
    raw_blinds = [abs(b) for b in blinds]
    if n == 2:
        antes.reverse()
        blinds.reverse()
        # After reversing, index 0 is p1 (big blind), index 1 the button (small blind).
    stud = game.is_stud
    if stud and any(blinds):
        raise UnsupportedHandError("blinds in a stud game")
    button = n - 1

    if stud:
        big_blind = 0
    elif betting is Betting.LIMIT:
        big_blind = raw_blinds[1]
    else:
        big_blind = chips(hand.min_bet) or raw_blinds[1]
    seats = []
    for i in range(n):
        posts = _posts(i, n, antes[i], blinds[i], big_blind, stacks[i])
        name = hand.players[i] if hand.players else f"p{i + 1}"
        seats.append(SeatSetup(seat=i, stack=stacks[i], posts=tuple(posts), name=name))

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

    if game.is_draw:
        dealt = reconstruct(actions, n, game.variant.deck)
        # The stub holds the deck after the hole cards; what the draws took beyond it came
        # from reshuffles of the discards (R-DRAW-4), in the file's order.
        size = len(game.variant.deck) - n * game.hole_cards
        deck = arrange_deck(game, list(range(n)), button, dealt.hole, dealt.stub[:size])
        return ImportedHand(config=config, seats=tuple(seats), button=button, deck=deck,
                            actions=actions, scale=scale, unknown_cards=dealt.unknown_at_end,
                            unknown_stacks=unknown_stacks, notes=tuple(notes),
                            discards=dealt.discards, redeal=tuple(dealt.stub[size:]))

    # Cards: hole cards per player in deal order, board in order.
    hole: dict[int, list[int | None]] = {i: [] for i in range(n)}
    board: list[int | None] = []
    for a in actions:
        if a.kind == "deal_hole":
            assert a.player is not None and a.cards is not None
            hole[a.player].extend(None if c is None else c.code for c in a.cards)
        elif a.kind == "deal_board":
            assert a.cards is not None
            board.extend(None if c is None else c.code for c in a.cards)
    shows = {a.player: a.cards for a in actions if a.kind == "show" and a.player is not None}
    for player, shown in shows.items():
        if shown is not None and None in hole[player]:
            _back_fill(hole[player], shown)
    known = [c for cards in hole.values() for c in cards if c is not None]
    known += [c for c in board if c is not None]
    if len(set(known)) != len(known):
        raise PhhFormatError("actions", "a card is dealt twice (or shown where another was dealt)")
    unknown = {p for p, cards in hole.items() if None in cards}
    folded = {a.player for a in actions if a.kind == "fold"}
    mucked = set()
    used = set(known)
    for p in sorted(unknown - folded - set(shows)):
        # Still in, never shows: mucked, cannot win. The weakest cards keep it so.
        if _fill_weakest(game, hole[p], board, used):
            used.update(c for c in hole[p] if c is not None)
            mucked.add(p)
    unknown -= mucked
    _fill_unknown(game, hole, board)
    deck = arrange_deck(game, list(range(n)), button,
                        {s: [c for c in cs if c is not None] for s, cs in hole.items()},
                        [c for c in board if c is not None])
    return ImportedHand(config=config, seats=tuple(seats), button=button, deck=deck,
                        actions=actions, scale=scale, unknown_cards=frozenset(unknown),
                        mucked_unknown=frozenset(mucked), unknown_stacks=unknown_stacks,
                        notes=tuple(notes))


# ---------------------------------------------------------------------------------------
# Replay


class ReplayError(PokerRoomError):
    """The engine refused a recorded action, or the file and the engine disagree on turns."""


def _limit_cap(hand: Hand, seat: int, amount: int, smallest: int) -> int | None:
    """A limit raise short of the fixed amount because every opponent is all in below it.

    PokerKit writes such a raise as a raise to the most any opponent can still put in; we
    take it as the full raise (`smallest`), whose uncallable part comes back (R-BET-9).
    """
    if not hand.limit or amount >= smallest:
        return None
    me = hand.pos_of[seat]
    reach = max((hand.bets[q] + hand.stacks[q] for q in range(hand.n)
                 if q != me and not hand.folded[q]), default=0)
    return smallest if reach <= amount else None


def _betting_action(hand: Hand, a: PhhAction, scale: int, notes: list[str] | None = None,
                    discards: Iterator[tuple[int, ...]] | None = None) -> Action:
    legal = hand.legal_actions()
    seat = a.player
    assert seat is not None
    if legal.seat != seat:
        raise ReplayError(f"{a.to_text()!r}: our engine has seat p{legal.seat + 1} to act")
    match a.kind:
        case "stand_pat_discard":
            discard = next(discards, None) if discards is not None else None
            if discard is None:
                raise ReplayError(f"{a.to_text()!r}: no draw was reconstructed for it")
            return Draw(seat=seat, discard=discard)
        case "fold":
            return Fold(seat=seat)
        case "check_call":
            return Check(seat=seat) if legal.check else Call(seat=seat)
        case "bring_in":
            return BringIn(seat=seat)
        case "complete_bet_raise":
            assert a.amount is not None
            amount = to_chips(a.amount, scale)
            bounds = legal.complete or legal.bet or legal.raise_to
            if bounds is not None:
                capped = _limit_cap(hand, seat, amount, bounds[0])
                if capped is not None:
                    amount = capped
                    if notes is not None:
                        notes.append(f"{a.to_text()!r}: the opponents can match no more; taken as"
                                     f" the full limit raise to {from_chips(capped, scale)}")
            if legal.complete is not None:
                return Complete(seat=seat, amount=amount)
            if legal.bet is not None:
                return Bet(seat=seat, amount=amount)
            return RaiseTo(seat=seat, amount=amount)
    raise ReplayError(f"{a.to_text()!r} is not a betting action")


def replay_imported(imported: ImportedHand, notes: list[str] | None = None) -> Hand:
    """Play the recorded actions; show/muck choices are answered from the file's 'sm'.

    `notes` (if given) collects what the replay had to interpret (a capped limit raise).
    """
    hand = imported.start()
    shows = {a.player: a for a in imported.actions if a.kind in ("show", "muck")}
    betting = [a for a in imported.actions
               if a.kind in ("fold", "check_call", "complete_bet_raise", "bring_in",
                             "stand_pat_discard")]
    pending = list(betting)
    discards = iter(imported.discards)
    while not hand.is_over:
        if pending:
            a = pending.pop(0)
            action = _betting_action(hand, a, imported.scale, notes, discards)
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
    if pending:
        raise ReplayError(f"the hand is over but the file goes on: {pending[0].to_text()!r}")
    return hand


_UNKNOWN = Decimal("Infinity")  # a finishing stack the file cannot tell (its start was inf)

# The most a room's rake takes of the pots, for checking `winnings` (recorded after rake).
MAX_RAKE = Decimal("0.10")


def check_hand(phh_hand: PhhHand) -> CheckResult:
    """Replay one PHH hand and verify it: finishing_stacks, else winnings, else "replayed"."""
    expected = phh_hand.finishing_stacks
    try:
        imported = import_hand(phh_hand)
    except UnsupportedHandError as exc:
        return CheckResult(status="unsupported", expected=expected, detail=str(exc))
    except PhhFormatError as exc:
        return CheckResult(status="error", expected=expected, detail=str(exc))
    replay_notes: list[str] = []
    try:
        hand = replay_imported(imported, replay_notes)
    except (PokerRoomError, NotImplementedError) as exc:
        if imported.unknown_stacks:
            return CheckResult(status="unsupported", expected=expected, notes=imported.notes,
                               detail=f"stacks of {_players(imported.unknown_stacks)} unknown"
                                      f" (inf) and the play needs them: {exc}")
        if imported.unknown_cards and imported.config.game.is_stud:
            # Stud: up cards decide who brings in and who opens each street.
            return CheckResult(status="unsupported", expected=expected, notes=imported.notes,
                               detail=f"unknown cards of {_players(imported.unknown_cards)} "
                                      f"decide the play ({exc})")
        return CheckResult(status="error", expected=expected, detail=str(exc),
                           notes=imported.notes)
    notes = imported.notes + tuple(replay_notes)
    result = hand.result
    stacks = tuple(_UNKNOWN if s.seat in imported.unknown_stacks
                   else from_chips(result.stack(s.seat), imported.scale) for s in imported.seats)
    still_in = _showdown_seats(hand)
    undecided = imported.unknown_cards & still_in
    if undecided:
        return CheckResult(status="unsupported", finishing_stacks=stacks, expected=expected,
                           notes=notes,
                           detail=f"unknown cards of {_players(undecided)} at a showdown")
    mucked_winners = {s for pot in result.pots if len(pot.eligible) > 1
                      for s, amount in pot.winners if amount and s in imported.mucked_unknown}
    if mucked_winners:
        return CheckResult(status="unsupported", finishing_stacks=stacks, expected=expected,
                           notes=notes,
                           detail=f"{_players(mucked_winners)} never showed (mucked) but even the"
                                  " weakest cards we could give them win or tie a pot")
    if expected is not None and not imported.unknown_stacks:
        return _compare_stacks(stacks, expected, notes)
    winnings = phh_hand.winnings
    if winnings is not None:
        won = tuple(from_chips(result.won(s.seat), imported.scale) for s in imported.seats)
        return _compare_winnings(stacks, won, winnings, notes)
    return CheckResult(status="replayed", finishing_stacks=stacks, expected=expected, notes=notes,
                       detail="every action legal and the hand ends; the file records no"
                              " finishing_stacks (with every stack known) nor winnings")


def _compare_stacks(stacks: tuple[Amount, ...], expected: tuple[Amount, ...],
                    notes: tuple[str, ...]) -> CheckResult:
    if tuple(Decimal(v) for v in stacks) != tuple(Decimal(v) for v in expected):
        diff = [f"p{i + 1}: ours {a}, file {b}" for i, (a, b) in enumerate(zip(stacks, expected, strict=True))
                if Decimal(a) != Decimal(b)]
        return CheckResult(status="mismatch", finishing_stacks=stacks, expected=expected,
                           detail="finishing_stacks: " + "; ".join(diff), notes=notes)
    return CheckResult(status="ok", finishing_stacks=stacks, expected=expected, notes=notes)


def _compare_winnings(stacks: tuple[Amount, ...], won: tuple[Amount, ...],
                      winnings: tuple[Amount, ...], notes: tuple[str, ...]) -> CheckResult:
    """Our pots collected against the file's `winnings` (after the room's rake, if any).

    Equal is ok. The file's may be lower only by a rake: each winner's amount at most ours,
    nobody winning who did not win here, and the whole difference at most MAX_RAKE of the pots.
    """
    ours = [Decimal(v) for v in won]
    theirs = [Decimal(v) for v in winnings]
    detail = "winnings: " + "; ".join(f"p{i + 1}: ours {a}, file {b}"
                                      for i, (a, b) in enumerate(zip(won, winnings, strict=True))
                                      if Decimal(a) != Decimal(b))
    if ours == theirs:
        return CheckResult(status="ok", finishing_stacks=stacks, expected=winnings, notes=notes,
                           detail="checked against winnings")
    rake = sum(ours) - sum(theirs)
    rake_only = all(t <= o and (t > 0) == (o > 0) for o, t in zip(ours, theirs, strict=True))
    if rake_only and 0 < rake <= MAX_RAKE * sum(ours):
        return CheckResult(status="ok", finishing_stacks=stacks, expected=winnings,
                           notes=(*notes, f"the room's rake: {rake}"),
                           detail=f"checked against winnings after a rake of {rake}")
    return CheckResult(status="mismatch", finishing_stacks=stacks, expected=winnings,
                       detail=detail, notes=notes)


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
