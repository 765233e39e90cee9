"""Starting a hand: validate the input, post the forced bets, deal, find the first decision.

R-BLIND-1, R-BLIND-2, R-BLIND-5 and R-HU-1 (posts as the table layer decided them: live posts
count as bets, dead blinds and big-blind antes are dead money; preflop action starts left of
the big blind or straddle), R-BET-8 (stacks and posts in whole chip units), stud bring-in by
the lowest up card (R-RANK-3; razz: the highest), none when nobody could answer it (R-BET-9).
Also `replay` of a HandRecord.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Any, Final

from pokerroom.core.errors import InvalidConfigError
from pokerroom.core.rules import flow
from pokerroom.core.rules.config import (
    Betting,
    HandConfig,
    PostKind,
    SeatSetup,
)
from pokerroom.core.rules.dealing import dealing_order
from pokerroom.core.rules.events import (
    AntePosted,
    BlindPosted,
    Event,
    HandStarted,
    HoleCardsDealt,
    UpCardDealt,
)
from pokerroom.core.rules.hand import Hand
from pokerroom.core.rules.history import HandRecord
from pokerroom.core.rules.records import positional_maker
from pokerroom.core.rules.showdown import bring_in_key

_hole_cards_dealt: Final = positional_maker(HoleCardsDealt)


def _hole_cards_events(order: tuple[int, ...], deck: tuple[int, ...], hole: int) -> list[Event]:
    """Flop games: the HoleCardsDealt of every player, in dealing order (dealing.py layout)."""
    n = len(order)
    span = hole * n
    return [_hole_cards_dealt(order[p], deck[p:span:n], hole) for p in range(n)]


def start_hand(
    config: HandConfig, seats: Sequence[SeatSetup], *, button: int, deck: Sequence[int],
    redeal: Sequence[int] = (),
) -> Hand:
    """Post the forced bets, deal, and stop at the first player decision.

    `seats` are the players dealt in with the posts the table layer decided (R-BLIND-*);
    `button` is the dealer seat (for stud: where dealing starts); `deck` the card order
    (see dealing.py for which deck position goes where). `redeal` (draw games, replaying a
    hand recorded elsewhere): the cards its reshuffles dealt, in order (HandRecord.redeal).
    """
    d = _derived(config)
    game = d.game
    n = len(seats)
    if not 2 <= n <= d.max_players:
        raise InvalidConfigError(f"seats: {game} is played by 2 to {d.max_players} players, got {n}")
    unit = d.unit
    by_seat: dict[int, SeatSetup] = {}
    for s in seats:
        # The fields are read untyped (by getattr, as actions.as_given does) before they are
        # checked: read as the `int` they are declared, the compiled build unboxes them, so a
        # bool became 1 and passed, and a string raised a bare TypeError instead of this
        # refusal (tests/core/rules/test_start_refusals.py).
        seat: object = getattr(s, "seat")  # noqa: B009
        stack: object = getattr(s, "stack")  # noqa: B009
        if type(seat) is not int or seat < 0 or seat in by_seat:
            raise InvalidConfigError(f"seats: seat {seat!r} is invalid or appears twice")
        if type(stack) is not int or stack <= 0:
            raise InvalidConfigError(f"seats: seat {seat} needs a positive integer stack, got {stack!r}")
        if stack % unit:
            raise InvalidConfigError(
                f"seats: seat {seat} stack {stack} is not a whole number of the chip unit {unit} (R-BET-8)"
            )
        for post in s.posts:
            amount: object = getattr(post, "amount")  # noqa: B009 - untyped, as above
            if type(amount) is not int or amount <= 0 or amount % unit:
                raise InvalidConfigError(
                    f"seats: seat {seat} post {post.kind} amount {amount!r} must be a positive "
                    f"multiple of the chip unit {unit} (R-BET-8)"
                )
        by_seat[seat] = s
    order = dealing_order(by_seat, button)
    deck_t = tuple(deck)
    if d.deck_size != 52 and len(deck_t) == 52 and _FULL_DECK.issuperset(deck_t):
        # A 52-card order serves a smaller deck too: its cards in that order (R-SHORT-1).
        codes = d.deck_codes
        deck_t = tuple([c for c in deck_t if c in codes])
    needed = d.needed_per_player * n + d.board_cards
    distinct = set(deck_t)
    # `distinct <= codes`, not codes.issuperset(deck_t): that would build a second set.
    if len(distinct) != len(deck_t) or not distinct <= d.deck_codes:
        raise InvalidConfigError(
            "deck: card codes must be distinct integers 0..51" if d.deck_size == 52
            else f"deck: card codes must be distinct cards of the {d.deck_size}-card deck of {game}")
    if len(deck_t) < needed and len(deck_t) < d.deck_size:
        raise InvalidConfigError(f"deck: {len(deck_t)} cards, this deal needs {min(needed, d.deck_size)}")

    if d.is_draw and len(deck_t) < d.deck_size:
        # The draws may use every card (R-DRAW-4): a draw game needs the whole deck.
        raise InvalidConfigError(f"deck: {len(deck_t)} cards, {game} is dealt from all {d.deck_size}")

    h = Hand.__new__(Hand)
    h.config = config
    h.game = game
    h.variant = d.variant
    h.limit = d.limit
    h.pot_limit = d.pot_limit
    h.half_rule = d.half_rule
    h.unit = unit
    stud = h.stud = d.stud
    setups = h.setups = tuple([by_seat[s] for s in order])
    h.seat_of = order
    h.pos_of = {seat: p for p, seat in enumerate(order)}
    h.n = n
    h.button = button
    h.deck = deck_t
    start_stacks = h.start_stacks = tuple([s.stack for s in setups])
    h.stacks = list(start_stacks)
    h.bets = [0] * n
    h.contrib = [0] * n
    h.folded = [False] * n
    h.allin = [False] * n
    h.acted = [False] * n
    h.up_count = [0] * n
    h.board = []
    h.streets = d.streets
    h.street_i = 0
    h.to_act_pos = 0
    h.level = 0
    h.full_level = 0
    h.raise_count = 0
    h.aggressor = -1
    h.sd_aggressor = -1
    h.bring_in_pos = -1
    h.pot = 0
    h._actions = []
    h.over = False
    h._result = None
    h.shown = []
    h.mucked = []
    h.returned = []
    h.uncontested = -1
    h.reached_second_street = False
    h.pots_awarded = []
    h.live = n
    h.active = n
    h.dead = 0
    h.draws = d.draws
    h.drawing = False
    h.reshuffles = 0
    h.redeal = tuple(redeal)
    h.redeal_at = 0
    h.stub = []
    h.discards = []
    h.muck_taken = []
    h.bet_size = d.small_bet
    h.min_raise = h.opening = d.opening_bet
    # The events up to the first decision are built on first use (`Hand.events`): most
    # simulated hands never look at them. `pending` holds (event class, positional fields)
    # in order, or (function, arguments) for a function returning several events.
    pending: list[tuple[Callable[..., Any], tuple[Any, ...]]] = [
        (HandStarted, (button, order, start_stacks))
    ]
    h._pending = pending
    events: list[Event] = []
    h._events = events
    last_blind, straddles = _post_forced_bets(h, pending)

    if stud:
        cards = h.cards = [[deck_t[p], deck_t[n + p], deck_t[2 * n + p]] for p in range(n)]
        for p in range(n):
            pending.append((HoleCardsDealt, (order[p], (cards[p][0], cards[p][1]), 2)))
        for p in range(n):
            h.up_count[p] = 1
            pending.append((UpCardDealt, (order[p], cards[p][2])))
        # The lowest up card brings in; a player all-in on the ante cannot, so the duty
        # passes clockwise to the next player who can bet (as in PokerKit).
        bring = min(range(n), key=lambda p: bring_in_key(game, cards[p][2]))
        for k in range(n):
            if not h.allin[(bring + k) % n]:
                bring = (bring + k) % n
                break
        # With fewer than two players who can bet (every opponent all-in on the ante), there
        # is nobody to answer a bring-in (it would only come back, R-BET-9): no betting, the
        # hand runs out to the showdown as any all-in hand.
        if config.stakes.bring_in > 0 and h.active >= 2:
            h.bring_in_pos = bring
            h.to_act_pos = bring
        else:
            flow.open_round_from(h, bring, events)
    else:
        hole = d.hole
        span = hole * n
        h.cards = [list(deck_t[p:span:n]) for p in range(n)]
        if d.is_draw:
            h.stub = list(deck_t[span:])
            h.muck_taken = [False] * n
        pending.append((_hole_cards_events, (order, deck_t, hole)))
        level = h.level = max(h.bets)
        if level > 0:
            h.full_level = level
            h.raise_count = straddles + d.big_blind_bet
            if level > h.min_raise:
                h.min_raise = level
        flow.open_round_from(h, (last_blind + 1) % n, events)
    return h


class _Derived:
    """Per-config values the hot path reads (computed once per HandConfig object)."""

    __slots__ = (
        "game", "variant", "limit", "pot_limit", "half_rule", "unit", "stud", "streets", "hole",
        "max_players", "opening_bet", "small_bet", "needed_per_player", "board_cards",
        "big_blind_bet", "deck_codes", "deck_size", "draws", "is_draw",
    )  # fmt: skip

    def __init__(self, config: HandConfig) -> None:
        game = config.game
        variant = game.variant
        self.game = game
        self.variant = variant
        self.limit = config.betting is Betting.LIMIT
        self.pot_limit = config.betting is Betting.POT_LIMIT
        self.half_rule = config.reopen_rule == "half"
        self.unit = config.chip_unit
        self.stud = variant.is_stud
        self.streets = variant.street_ids
        self.hole = variant.hole_cards
        self.max_players = variant.max_players
        self.opening_bet = config.opening_bet
        self.small_bet = config.stakes.small_bet
        self.needed_per_player = variant.cards_per_player if self.stud else self.hole
        self.board_cards = variant.board_cards
        self.big_blind_bet = 1 if config.big_blind_counts_as_bet else 0
        self.deck_codes = frozenset(variant.deck)
        self.deck_size = len(variant.deck)
        self.draws = tuple(s.draw for s in variant.streets)
        self.is_draw = variant.is_draw


_DERIVED: dict[int, tuple[HandConfig, _Derived]] = {}


def _derived(config: HandConfig) -> _Derived:
    """A memo keyed by object identity (the config is kept alive with its entry)."""
    entry = _DERIVED.get(id(config))
    if entry is not None and entry[0] is config:
        return entry[1]
    if not isinstance(config, HandConfig):
        raise InvalidConfigError(f"config: expected a HandConfig, got {type(config).__name__}")
    derived = _Derived(config)
    if len(_DERIVED) >= 64:
        _DERIVED.clear()
    _DERIVED[id(config)] = (config, derived)
    return derived


# Final: the compiled build (mypyc) keeps a Final module name in a C static, not a dict entry.
_FULL_DECK: Final = frozenset(range(52))
_POST_ORDER: Final = {
    PostKind.ANTE: 0, PostKind.SMALL_BLIND: 1, PostKind.BIG_BLIND: 2, PostKind.STRADDLE: 3,
    PostKind.SMALL_BLIND_DEAD: 4, PostKind.BIG_BLIND_DEAD: 5,
}  # fmt: skip
_first_two: Final = itemgetter(0, 1)


def _post_forced_bets(
    h: Hand, pending: list[tuple[Callable[..., Any], tuple[Any, ...]]]
) -> tuple[int, int]:
    """Post antes, blinds, straddles and dead blinds (R-BLIND-2: live posts count as bets).

    Returns (position of the last positional blind, number of straddles). Preflop action
    starts left of the big blind, or of the straddle (R-BLIND-1, R-HU-1); without blinds,
    left of the button's position.
    """
    n = h.n
    posts = []
    ante_posters = 0
    for p, setup in enumerate(h.setups):
        for post in setup.posts:
            order = _POST_ORDER[post.kind]
            posts.append((order, p, post))
            if order == 0:
                ante_posters += 1
    posts.sort(key=_first_two)
    # Antes everyone posts are each player's contribution, so a player all-in for part of
    # the ante wins only what they matched (R-POT-1). An ante only some post (a big-blind
    # ante) is dead money for the main pot, like a dead blind (R-BLIND-2).
    layered_antes = ante_posters >= n
    big_blind_pos = -1
    straddle_pos = -1
    small_pos = -1
    straddles = 0
    stacks = h.stacks
    seat_of = h.seat_of
    for kind_order, p, post in posts:
        stack = stacks[p]
        amount = post.amount
        if amount > stack:
            amount = stack
        if amount <= 0:
            continue
        stack -= amount
        stacks[p] = stack
        all_in = stack == 0
        if all_in:
            h.allin[p] = True
            h.active -= 1
        seat = seat_of[p]
        if kind_order == 0:
            h.pot += amount
            if layered_antes:
                h.contrib[p] += amount
            else:
                h.dead += amount
            pending.append((AntePosted, (seat, amount, all_in)))
        elif kind_order <= 3:
            h.bets[p] += amount
            h.contrib[p] += amount
            pending.append((BlindPosted, (seat, post.kind, amount, True, all_in)))
            if kind_order == 2:
                if big_blind_pos < 0:
                    big_blind_pos = p
            elif kind_order == 3:
                straddle_pos = p
                straddles += 1
            elif small_pos < 0:
                small_pos = p
        else:
            # Dead blinds: in the main pot for whoever wins it, no part of the poster's
            # contribution when pots are layered (R-BLIND-2, R-POT-1).
            h.pot += amount
            h.dead += amount
            pending.append((BlindPosted, (seat, post.kind, amount, False, all_in)))
    if straddle_pos >= 0:
        return straddle_pos, straddles
    if big_blind_pos >= 0:
        return big_blind_pos, straddles
    return (small_pos if small_pos >= 0 else n - 1), straddles


def replay(record: HandRecord) -> Hand:
    """Replay a record: the same deck and actions give the identical events and result."""
    hand = start_hand(record.config, record.seats, button=record.button, deck=record.deck,
                      redeal=record.redeal)
    for action in record.actions:
        hand.apply(action)
    return hand

