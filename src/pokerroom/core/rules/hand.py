"""One hand of poker as a single-writer state machine: forced bets, betting, dealing, showdown.

Rules: R-BTN-1, R-HU-1 and R-BLIND-1/2/5 (action order and live/dead posts, as decided by the
table layer), R-BET-1..10 (betting, via `betting.py` bounds), R-POT-1..3, R-RAKE-1,
R-SD-1..5, R-TIE-1..6 (via `showdown.py`).

`apply` validates the whole action before it changes anything, so a refused action leaves
the hand exactly as it was (R-BET-10) without copying. Players are kept in dealing order
(position 0 = first seat left of the button) in plain per-position lists for speed.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter

from pokerroom.core.errors import IllegalActionError, InvalidConfigError
from pokerroom.core.rules import betting, flow
from pokerroom.core.rules.actions import Action, MuckCards
from pokerroom.core.rules.config import (
    FLOP_STREETS,
    STUD_STREETS,
    Betting,
    Game,
    HandConfig,
    PostKind,
    SeatSetup,
    Street,
)
from pokerroom.core.rules.dealing import dealing_order
from pokerroom.core.rules.events import (
    AntePosted,
    BlindPosted,
    Event,
    HandShown,
    HandStarted,
    HoleCardsDealt,
    UpCardDealt,
    visible_to,
)
from pokerroom.core.rules.history import HandRecord
from pokerroom.core.rules.result import HandResult, LegalActions, PotResult
from pokerroom.core.rules.showdown import bring_in_key, describe_hand
from pokerroom.core.rules.views import HandView, SeatView


class Hand:
    """One hand in progress. Mutable, single writer; `apply` is all-or-nothing (R-BET-10)."""

    __slots__ = (
        "config", "game", "limit", "pot_limit", "half_rule", "unit", "stud", "setups", "seat_of",
        "pos_of", "n", "button", "deck", "start_stacks", "stacks", "bets", "contrib", "folded",
        "allin", "acted", "cards", "up_count", "board", "streets", "street_i", "to_act_pos",
        "level", "full_level", "min_raise", "bet_size", "raise_count", "aggressor",
        "sd_aggressor", "bring_in_pos", "pot", "_events", "_actions", "over", "_result",
        "shown", "mucked", "returned", "uncontested", "reached_second_street", "pots_awarded",
        "live", "active", "dead", "opening",
    )  # fmt: skip

    config: HandConfig
    game: Game
    limit: bool
    pot_limit: bool
    half_rule: bool
    unit: int
    stud: bool
    setups: tuple[SeatSetup, ...]
    seat_of: tuple[int, ...]
    pos_of: dict[int, int]
    n: int
    button: int
    deck: tuple[int, ...]
    start_stacks: tuple[int, ...]
    stacks: list[int]
    bets: list[int]
    contrib: list[int]
    folded: list[bool]
    allin: list[bool]
    acted: list[bool]
    cards: list[list[int]]
    up_count: list[int]
    board: list[int]
    streets: tuple[Street, ...]
    street_i: int
    to_act_pos: int
    level: int
    full_level: int
    min_raise: int
    bet_size: int
    raise_count: int
    aggressor: int
    sd_aggressor: int
    bring_in_pos: int
    pot: int
    _events: list[Event]
    _actions: list[Action]
    over: bool
    _result: HandResult | None
    shown: list[int]
    mucked: list[int]
    returned: list[tuple[int, int]]
    uncontested: int
    reached_second_street: bool
    pots_awarded: list[PotResult]
    live: int
    """Players not folded."""
    active: int
    """Players neither folded nor all-in: the ones who can still bet."""
    opening: int
    """The smallest opening bet of no-limit / pot-limit (R-BET-4)."""
    dead: int
    """Dead blinds and big-blind antes: in the main pot, not part of anyone's contribution."""

    # ------------------------------------------------------------------ queries

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is, None when the hand is over."""
        return None if self.over else self.seat_of[self.to_act_pos]

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def street(self) -> Street:
        return self.streets[self.street_i]

    @property
    def result(self) -> HandResult:
        if not self.over:
            raise IllegalActionError("R-BET-10", "the hand is not over yet")
        if self._result is None:
            # Built on first use: most simulated hands never ask.
            self._result = HandResult(
                stacks=self.final_stacks, pots=tuple(self.pots_awarded),
                returned=tuple(self.returned), rake=sum(p.rake for p in self.pots_awarded),
                shown=tuple(self.shown), mucked=tuple(self.mucked),
            )  # fmt: skip
        return self._result

    @property
    def final_stacks(self) -> tuple[tuple[int, int], ...]:
        """(seat, stack) in seat order."""
        return tuple(sorted(zip(self.seat_of, self.stacks, strict=True)))

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(self._events)

    @property
    def actions(self) -> tuple[Action, ...]:
        return tuple(self._actions)

    @property
    def record(self) -> HandRecord:
        return HandRecord(
            config=self.config, seats=self.setups, button=self.button, deck=self.deck,
            actions=tuple(self._actions),
        )  # fmt: skip

    @property
    def dealt_in(self) -> tuple[int, ...]:
        return self.seat_of

    def total_chips(self) -> int:
        """Stacks + bets + pot + rake: constant through the hand (R-POT-3)."""
        rake = sum(p.rake for p in self.pots_awarded)
        if self.over:
            return sum(self.stacks) + rake
        return sum(self.stacks) + sum(self.bets) + self.pot

    def legal_actions(self) -> LegalActions:
        """Exactly what the player to act may do, with amounts (R-BET-10)."""
        if self.over:
            raise IllegalActionError("R-BET-10", "the hand is over")
        i = self.to_act_pos
        seat = self.seat_of[i]
        lo, hi, _, _ = betting.bounds(self, i)
        amounts = None if lo < 0 else (lo, hi)
        if self.bring_in_pos == i:
            bring_in = self.config.stakes.bring_in
            stack = self.stacks[i]
            return LegalActions(seat=seat, bring_in=bring_in if bring_in < stack else stack, complete=amounts)
        level = self.level
        owed = level - self.bets[i]
        completing = self.stud and self.street_i == 0 and self.raise_count == 0 and level > 0
        if owed <= 0:
            if level == 0:
                return LegalActions(seat=seat, check=True, bet=amounts)
            if completing:
                return LegalActions(seat=seat, check=True, complete=amounts)
            return LegalActions(seat=seat, check=True, raise_to=amounts)
        stack = self.stacks[i]
        call = owed if owed < stack else stack
        if completing:
            return LegalActions(seat=seat, fold=True, call=call, complete=amounts)
        return LegalActions(seat=seat, fold=True, call=call, raise_to=amounts)

    # ------------------------------------------------------------------ actions

    apply = betting.act
    """apply(action) -> events: validate fully, then apply (R-BET-10); see betting.act."""

    def _after_hand(self, action: Action) -> tuple[Event, ...]:
        seat = action.seat
        i = self.pos_of.get(seat, -1)
        if i < 0:
            raise IllegalActionError("R-SD-5", f"seat {seat!r} was not dealt into this hand")
        if self.folded[i]:
            raise IllegalActionError("R-SD-5", f"seat {seat} folded; a folded hand is not shown")
        if seat in self.shown:
            if type(action) is MuckCards:
                rule = "R-SD-4" if self.result.won(seat) else "R-SD-2"
                raise IllegalActionError(rule, f"seat {seat}'s hand is already shown")
            raise IllegalActionError("R-SD-5", f"seat {seat}'s hand is already shown")
        self._actions.append(action)
        if type(action) is MuckCards:
            return ()
        cards = tuple(self.cards[i])
        event = HandShown(seat=seat, cards=cards, board=tuple(self.board), game=self.game)
        self.shown.append(seat)
        if seat in self.mucked:
            self.mucked.remove(seat)
        self._result = None
        self._events.append(event)
        return (event,)

    def describe(self, i: int) -> str:
        return describe_hand(self.game, self.cards[i], self.board)

    # ------------------------------------------------------------------ views

    def view_for(self, viewer: int | None) -> HandView:
        """What `viewer` (a seat, or None for an observer) may see; hidden cards are None."""
        dealt_in = viewer is not None and viewer in self.pos_of
        shown = set(self.shown)
        seats = []
        for i, seat in enumerate(self.seat_of):
            own = dealt_in and viewer == seat
            reveal_all = own or seat in shown or (dealt_in and self.over and seat in self.mucked)
            cards: list[int | None] = []
            up: list[bool] = []
            for k, c in enumerate(self.cards[i]):
                is_up = self.stud and 2 <= k < 2 + self.up_count[i]
                up.append(is_up)
                cards.append(c if reveal_all or is_up else None)
            seats.append(SeatView(
                seat=seat, name=self.setups[i].name, stack=self.stacks[i], bet=self.bets[i],
                contributed=self.contrib[i], folded=self.folded[i], all_in=self.allin[i],
                cards=tuple(cards), up=tuple(up),
            ))  # fmt: skip
        legal = None
        if not self.over and viewer == self.seat_of[self.to_act_pos]:
            legal = self.legal_actions()
        return HandView(
            viewer=viewer, config=self.config, button=self.button, street=self.street,
            board=tuple(self.board), seats=tuple(seats), pot=self.pot, to_act=self.to_act,
            legal=legal, is_over=self.over, result=self.result if self.over else None,
        )  # fmt: skip

    def events_for(self, viewer: int | None) -> tuple[Event, ...]:
        """Every event so far as `viewer` may see it (visible_to applied to each)."""
        dealt = frozenset(self.seat_of)
        return tuple(visible_to(e, viewer, dealt) for e in self._events)

    def copy(self) -> Hand:
        new = Hand.__new__(Hand)
        for name in Hand.__slots__:
            value = getattr(self, name)
            if type(value) is list:
                value = [list(v) if type(v) is list else v for v in value]
            setattr(new, name, value)
        return new


# ---------------------------------------------------------------------- starting a hand


def start_hand(
    config: HandConfig, seats: Sequence[SeatSetup], *, button: int, deck: Sequence[int]
) -> Hand:
    """Post the forced bets, deal, and stop at the first player decision.

    `seats` are the players dealt in with the posts the table layer decided (R-BLIND-*);
    `button` is the dealer seat (for stud: where dealing starts); `deck` the card order
    (see dealing.py for which deck position goes where).
    """
    d = _derived(config)
    game = d.game
    n = len(seats)
    if not 2 <= n <= d.max_players:
        raise InvalidConfigError(f"seats: {game} is played by 2 to {d.max_players} players, got {n}")
    unit = d.unit
    by_seat: dict[int, SeatSetup] = {}
    for s in seats:
        seat = s.seat
        stack = s.stack
        if type(seat) is not int or seat < 0 or seat in by_seat:
            raise InvalidConfigError(f"seats: seat {seat!r} is invalid or appears twice")
        if type(stack) is not int or stack <= 0:
            raise InvalidConfigError(f"seats: seat {seat} needs a positive integer stack, got {stack!r}")
        if stack % unit:
            raise InvalidConfigError(
                f"seats: seat {seat} stack {stack} is not a whole number of the chip unit {unit} (R-BET-8)"
            )
        for post in s.posts:
            if type(post.amount) is not int or post.amount <= 0 or post.amount % unit:
                raise InvalidConfigError(
                    f"seats: seat {seat} post {post.kind} amount {post.amount!r} must be a positive "
                    f"multiple of the chip unit {unit} (R-BET-8)"
                )
        by_seat[seat] = s
    order = dealing_order(by_seat, button)
    deck_t = tuple(deck)
    needed = d.needed_per_player * n + d.board_cards
    if len(set(deck_t)) != len(deck_t) or not _CODES.issuperset(deck_t):
        raise InvalidConfigError("deck: card codes must be distinct integers 0..51")
    if len(deck_t) < needed and len(deck_t) < 52:
        raise InvalidConfigError(f"deck: {len(deck_t)} cards, this deal needs {min(needed, 52)}")

    h = Hand.__new__(Hand)
    h.config = config
    h.game = game
    h.limit = d.limit
    h.pot_limit = d.pot_limit
    h.half_rule = d.half_rule
    h.unit = unit
    stud = h.stud = d.stud
    setups = h.setups = tuple(by_seat[s] for s in order)
    h.seat_of = order
    h.pos_of = {s: p for p, s in enumerate(order)}
    h.n = n
    h.button = button
    h.deck = deck_t
    start_stacks = h.start_stacks = tuple(s.stack for s in setups)
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
    h.bet_size = d.small_bet
    h.min_raise = h.opening = d.opening_bet
    events: list[Event] = [HandStarted(button=button, seats=order, stacks=start_stacks)]
    h._events = events
    last_blind, straddles = _post_forced_bets(h, events)

    if stud:
        cards = h.cards = [[deck_t[p], deck_t[n + p], deck_t[2 * n + p]] for p in range(n)]
        for p in range(n):
            events.append(HoleCardsDealt(order[p], (cards[p][0], cards[p][1]), 2))
        for p in range(n):
            h.up_count[p] = 1
            events.append(UpCardDealt(seat=order[p], card=cards[p][2]))
        keys = [bring_in_key(game, cards[p][2]) for p in range(n)]
        bring = keys.index(min(keys))
        if config.stakes.bring_in > 0 and not h.allin[bring]:
            h.bring_in_pos = bring
            h.to_act_pos = bring
        else:
            flow.open_round_from(h, bring, events)
    else:
        hole = d.hole
        span = hole * n
        cards = h.cards = []
        for p in range(n):
            own = deck_t[p:span:n]
            cards.append(list(own))
            events.append(HoleCardsDealt(order[p], own, hole))
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
        "game", "limit", "pot_limit", "half_rule", "unit", "stud", "streets", "hole",
        "max_players", "opening_bet", "small_bet", "needed_per_player", "board_cards",
        "big_blind_bet",
    )  # fmt: skip

    def __init__(self, config: HandConfig) -> None:
        game = config.game
        self.game = game
        self.limit = config.betting is Betting.LIMIT
        self.pot_limit = config.betting is Betting.POT_LIMIT
        self.half_rule = config.reopen_rule == "half"
        self.unit = config.chip_unit
        self.stud = game.is_stud
        self.streets = STUD_STREETS if self.stud else FLOP_STREETS
        self.hole = game.hole_cards
        self.max_players = game.max_players
        self.opening_bet = config.opening_bet
        self.small_bet = config.stakes.small_bet
        self.needed_per_player = 7 if self.stud else self.hole
        self.board_cards = 0 if self.stud else 5
        self.big_blind_bet = 1 if config.big_blind_counts_as_bet else 0


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


_CODES = frozenset(range(52))
_POST_ORDER = {
    PostKind.ANTE: 0, PostKind.SMALL_BLIND: 1, PostKind.BIG_BLIND: 2, PostKind.STRADDLE: 3,
    PostKind.SMALL_BLIND_DEAD: 4, PostKind.BIG_BLIND_DEAD: 5,
}  # fmt: skip
_first_two = itemgetter(0, 1)


def _post_forced_bets(h: Hand, events: list[Event]) -> tuple[int, int]:
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
        amount = post.amount if post.amount < stack else stack
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
            events.append(AntePosted(seat=seat, amount=amount, all_in=all_in))
        elif kind_order <= 3:
            h.bets[p] += amount
            h.contrib[p] += amount
            events.append(BlindPosted(seat=seat, kind=post.kind, amount=amount, live=True, all_in=all_in))
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
            events.append(BlindPosted(seat=seat, kind=post.kind, amount=amount, live=False, all_in=all_in))
    if straddle_pos >= 0:
        return straddle_pos, straddles
    if big_blind_pos >= 0:
        return big_blind_pos, straddles
    return (small_pos if small_pos >= 0 else n - 1), straddles


# ---------------------------------------------------------------------- functional API


def apply(hand: Hand, action: Action) -> tuple[Hand, tuple[Event, ...]]:
    """Functional form: the new hand and the events; `hand` itself is left unchanged."""
    new = hand.copy()
    events = new.apply(action)
    return new, events


def replay(record: HandRecord) -> Hand:
    """Replay a record: the same deck and actions give the identical events and result."""
    hand = start_hand(record.config, record.seats, button=record.button, deck=record.deck)
    for action in record.actions:
        hand.apply(action)
    return hand

