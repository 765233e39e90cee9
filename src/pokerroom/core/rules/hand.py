"""The Hand: one hand of poker as a mutable, single-writer state machine, and its views.

The state lives here; `start.py` builds it (forced bets, dealing), `betting.py` is
`Hand.apply` (R-BET-1..10), `flow.py` runs the streets and the showdown (R-POT-1..3,
R-RAKE-1, R-SD-1..5, R-TIE-1..6). Views and post-hand show/muck (R-SD-2, R-SD-4, R-SD-5)
are methods here.

`apply` validates the whole action before it changes anything, so a refused action leaves
the hand exactly as it was (R-BET-10) without copying. Players are kept in dealing order
(position 0 = first seat left of the button) in plain per-position lists for speed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, ClassVar, Final

from pokerroom.core.errors import IllegalActionError
from pokerroom.core.rules import betting, drawing
from pokerroom.core.rules.actions import Action, MuckCards, as_given
from pokerroom.core.rules.config import (
    Game,
    HandConfig,
    SeatSetup,
    Street,
)
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
from pokerroom.core.rules.records import positional_maker
from pokerroom.core.rules.result import HandResult, LegalActions, PotResult
from pokerroom.core.rules.showdown import build_pots, describe_hand
from pokerroom.core.rules.variant import Variant
from pokerroom.core.rules.views import HandView, PotView, SeatView

# Final, here and below: the compiled build (mypyc) keeps a Final module name in a C static;
# any other module global is a dict lookup at each use.
_make_legal: Final = positional_maker(LegalActions)
# Views are built for every viewer at every change of a hand (issue 11): positional makers,
# their arguments in the classes' field order.
_make_seat_view: Final = positional_maker(SeatView)
_make_hand_view: Final = positional_maker(HandView)
_make_pot_view: Final = positional_maker(PotView)
_PENDING_MAKERS: Final[dict[Any, Callable[..., Event]]] = {
    cls: positional_maker(cls)
    for cls in (HandStarted, AntePosted, BlindPosted, HoleCardsDealt, UpCardDealt)
}


class Hand:
    """One hand in progress. Mutable, single writer; `apply` is all-or-nothing (R-BET-10)."""

    # A ClassVar so that mypyc (the optional compiled build) keeps `Hand.__slots__` readable;
    # CPython makes the slots from it all the same.
    __slots__: ClassVar[tuple[str, ...]] = (
        "config", "game", "variant", "limit", "pot_limit", "half_rule", "unit", "stud", "setups", "seat_of",
        "pos_of", "n", "button", "deck", "start_stacks", "stacks", "bets", "contrib", "folded",
        "allin", "acted", "cards", "up_count", "board", "streets", "street_i", "to_act_pos",
        "level", "full_level", "min_raise", "bet_size", "raise_count", "aggressor",
        "sd_aggressor", "bring_in_pos", "pot", "_pending", "_events", "_actions", "over", "_result",
        "shown", "mucked", "returned", "uncontested", "reached_second_street", "pots_awarded",
        "live", "active", "dead", "opening", "draws", "drawing", "stub", "discards", "muck_taken",
        "reshuffles", "redeal", "redeal_at",
    )  # fmt: skip

    config: HandConfig
    game: Game
    variant: Variant
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
    _pending: list[tuple[Callable[..., Any], tuple[Any, ...]]] | None
    """The events up to the first decision, not built yet, in order: (event class, positional
    fields), or (module-level function, arguments) for a function returning several events.
    Classes and named functions only, so a Hand still pickles."""
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
    draws: tuple[bool, ...]
    """Per street: it opens with a draw (draw games, R-DRAW-1)."""
    drawing: bool
    """The player to act draws (draw games); betting resumes after the last draw."""
    stub: list[int]
    """Draw games: the cards left to draw, in order (then the reshuffled discards, R-DRAW-4)."""
    discards: list[int]
    """Draw games: cards discarded and not yet reshuffled into the stub."""
    muck_taken: list[bool]
    """Draw games, per position: a folded hand's cards already went into a reshuffle."""
    reshuffles: int
    redeal: tuple[int, ...]
    """Draw games: the cards a recorded hand's reshuffles dealt, in order (HandRecord.redeal)."""
    redeal_at: int

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
        seats = self.seat_of
        # Dealing order is seat order rotated to start left of the button: rotate back.
        # (Indexing, not zip(..., strict=True): a keyword call is slow in the compiled build.)
        n = len(seats)
        r = seats.index(min(seats))
        stacks = self.stacks
        return tuple([(seats[k % n], stacks[k % n]) for k in range(r, r + n)])

    @property
    def events(self) -> tuple[Event, ...]:
        if self._pending is not None:
            self._build_pending()
        return tuple(self._events)

    def _build_pending(self) -> None:
        pending = self._pending
        if pending is not None:
            self._pending = None
            built: list[Event] = []
            for what, args in pending:
                make = _PENDING_MAKERS.get(what)
                if make is None:  # a (module-level) function making several events
                    built.extend(what(*args))
                else:
                    built.append(make(*args))
            self._events[:0] = built

    @property
    def actions(self) -> tuple[Action, ...]:
        return tuple(self._actions)

    @property
    def record(self) -> HandRecord:
        return HandRecord(
            config=self.config, seats=self.setups, button=self.button, deck=self.deck,
            actions=tuple(self._actions), redeal=self.redeal,
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
        if self.drawing:
            return drawing.legal(self)
        i = self.to_act_pos
        seat = self.seat_of[i]
        # betting.bounds, not a module alias of it: the compiled build calls it natively.
        lo, hi, _, _ = betting.bounds(self, i)
        amounts = None if lo < 0 else (lo, hi)
        # _make_legal(seat, fold, check, call, bet, raise_to, bring_in, complete, draw)
        if self.bring_in_pos == i:
            bring_in = self.config.stakes.bring_in
            stack = self.stacks[i]
            return _make_legal(seat, False, False, None, None, None,
                               bring_in if bring_in < stack else stack, amounts, None)  # fmt: skip
        level = self.level
        owed = level - self.bets[i]
        completing = self.stud and self.street_i == 0 and self.raise_count == 0 and level > 0
        if owed <= 0:
            if level == 0:
                return _make_legal(seat, False, True, None, amounts, None, None, None, None)
            if completing:
                return _make_legal(seat, False, True, None, None, None, None, amounts, None)
            return _make_legal(seat, False, True, None, None, amounts, None, None, None)
        stack = self.stacks[i]
        call = owed if owed < stack else stack
        if completing:
            return _make_legal(seat, True, False, call, None, None, None, amounts, None)
        return _make_legal(seat, True, False, call, None, amounts, None, None, None)

    def apply(self, action: Action) -> tuple[Event, ...]:
        """Validate fully, then apply (R-BET-10); see betting.act. A method, not an alias of
        betting.act: a compiled (mypyc) class cannot take a function as a class attribute."""
        return betting.act(self, action)

    def _after_hand(self, action: Action) -> tuple[Event, ...]:
        seat = as_given(action, "seat")  # read untyped: a wrong seat is refused here
        if not isinstance(seat, int) or seat not in self.pos_of:
            raise IllegalActionError("R-SD-5", f"seat {seat!r} was not dealt into this hand")
        i = self.pos_of[seat]
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
        return self.views_for((viewer,))[viewer]

    def views_for(self, viewers: Iterable[int | None]) -> dict[int | None, HandView]:
        """The views of several viewers of one moment (one fan-out), each equal to
        `view_for(viewer)`, the one place hidden cards are filtered: a seat's card is seen by
        its owner, by everyone once shown, and by the players dealt in once the hand is over
        and it was mucked (R-SD-2); an up card (stud) by everyone.

        What no viewer sees differently is built once and shared (the views are immutable):
        the observer's seats, then for each viewer only the seats it sees differently are new
        objects. A `SeatView` that is the very object of the observer's view therefore holds
        nothing the observer may not see (services.poker_view relies on it)."""
        shown = set(self.shown)
        stud = self.stud
        public: list[SeatView] = []
        ups: list[tuple[bool, ...]] = []
        for i, seat in enumerate(self.seat_of):
            cards = self.cards[i]
            count = len(cards)
            if stud:
                up = tuple(2 <= k < 2 + self.up_count[i] for k in range(count))
                seen = (tuple(cards) if seat in shown
                        else tuple(c if is_up else None
                                   for c, is_up in zip(cards, up, strict=True)))
            else:  # no card is dealt face up: a card is seen once its seat showed it
                up = (False,) * count
                seen = tuple(cards) if seat in shown else (None,) * count
            ups.append(up)
            public.append(self._seat_view(i, seen, up))
        board = tuple(self.board)
        pots = self.current_pots()
        result = self.result if self.over else None
        acting = None if self.over else self.seat_of[self.to_act_pos]
        revealed: dict[int, SeatView] = {}  # position -> its seat with every card in view

        def open_seat(i: int) -> SeatView:
            known = revealed.get(i)
            if known is None:
                cards = tuple(self.cards[i])
                known = public[i] if public[i].cards == cards else self._seat_view(i, cards, ups[i])
                revealed[i] = known
            return known

        dealt_seats: tuple[SeatView, ...] | None = None  # a dealt-in player's, but its own
        observer_seats = tuple(public)
        out: dict[int | None, HandView] = {}
        for viewer in viewers:
            if viewer in out:
                continue
            pos = self.pos_of.get(viewer) if viewer is not None else None
            if pos is None:
                seats = observer_seats
            else:
                if dealt_seats is None:
                    dealt_seats = observer_seats
                    if self.over and self.mucked:  # R-SD-2: players dealt in see the mucked
                        dealt_seats = tuple(open_seat(i) if self.seat_of[i] in self.mucked
                                            else public[i] for i in range(len(public)))
                own = open_seat(pos)
                seats = (dealt_seats if dealt_seats[pos] is own
                         else (*dealt_seats[:pos], own, *dealt_seats[pos + 1:]))
            legal = self.legal_actions() if viewer is not None and viewer == acting else None
            # viewer, config, button, street, board, seats, pot, pots, to_act, legal,
            # is_over, result
            out[viewer] = _make_hand_view(
                viewer, self.config, self.button, self.street, board, seats, self.pot, pots,
                self.to_act, legal, self.over, result,
            )  # fmt: skip
        return out

    def _seat_view(self, i: int, cards: tuple[int | None, ...], up: tuple[bool, ...]) -> SeatView:
        # seat, name, stack, bet, contributed, folded, all_in, cards, up
        return _make_seat_view(
            self.seat_of[i], self.setups[i].name, self.stacks[i], self.bets[i],
            self.contrib[i], self.folded[i], self.allin[i], cards, up,
        )  # fmt: skip

    def current_pots(self) -> tuple[PotView, ...]:
        """Main pot then side pots of the chips collected so far (R-POT-1, R-POT-2).

        The showdown's `build_pots` over each player's contribution from earlier streets (the
        bets of this street are not in a pot yet), so the split shown during the hand is the
        one the showdown will use if nobody bets again. Computed only when a view is asked.
        """
        if self.over or not self.pot:
            return ()
        earlier = [c - b for c, b in zip(self.contrib, self.bets, strict=True)]
        seat_of = self.seat_of
        return tuple(
            _make_pot_view(amount, tuple(seat_of[p] for p in eligible))
            for amount, eligible in build_pots(earlier, self.folded, self.dead)
        )

    def events_for(self, viewer: int | None) -> tuple[Event, ...]:
        """Every event so far as `viewer` may see it (visible_to applied to each)."""
        dealt = frozenset(self.seat_of)
        return tuple(visible_to(e, viewer, dealt) for e in self.events)

    def copy(self) -> Hand:
        new = Hand.__new__(Hand)
        for name in Hand.__slots__:
            value = getattr(self, name)
            if type(value) is list:
                value = [list(v) if type(v) is list else v for v in value]
            setattr(new, name, value)
        return new


# ---------------------------------------------------------------------- functional API


def apply(hand: Hand, action: Action) -> tuple[Hand, tuple[Event, ...]]:
    """Functional form: the new hand and the events; `hand` itself is left unchanged."""
    new = hand.copy()
    events = new.apply(action)
    return new, events
