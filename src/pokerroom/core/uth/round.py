"""One Ultimate Texas Hold'em round: 1 to 7 seats against the dealer.

Rules: U-TABLE-1 (seats), U-BET-1 and U-BET-2 (bets and limits), U-DEAL-1 (shuffler order:
five community cards, two per player in seat order, two to the dealer), U-PLAY-1..3
(decisions per street), U-SHOW-1, U-QUAL-1, U-PAY-1..4 (via settle.py). `apply` validates
fully before changing anything; a refusal raises IllegalActionError with the rule ID.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from pokerroom.core.errors import IllegalActionError, InvalidConfigError
from pokerroom.core.evaluation import HandValue, evaluate_high
from pokerroom.core.uth.actions import Action, Check, Fold, PlaceBets, Play
from pokerroom.core.uth.config import UthConfig
from pokerroom.core.uth.events import (
    BetsPlaced,
    Checked,
    CommunityCardsDealt,
    DealerCardsDealt,
    DealerCardsShown,
    Event,
    FlopShown,
    Folded,
    PlayBetPlaced,
    PlayerCardsDealt,
    RoundEnded,
    SeatSettled,
    TurnAndRiverShown,
    visible_to,
)
from pokerroom.core.uth.settle import SeatSettlement, dealer_qualifies, settle_seat


class Phase(StrEnum):
    BETTING = "betting"
    PREFLOP = "preflop"
    FLOP = "flop"
    RIVER = "river"
    SETTLED = "settled"


# The Play multiples allowed on each street and the rule that allows them.
PLAY_MULTIPLES = {Phase.PREFLOP: (4, 3), Phase.FLOP: (2,), Phase.RIVER: (1,)}
PLAY_RULE = {Phase.PREFLOP: "U-PLAY-1", Phase.FLOP: "U-PLAY-2", Phase.RIVER: "U-PLAY-3"}


@dataclass(frozen=True, slots=True, kw_only=True)
class LegalDecisions:
    seat: int
    play_multiples: tuple[int, ...]
    check: bool
    fold: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatView:
    seat: int
    ante: int
    blind: int
    trips: int
    play: int
    folded: bool
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundView:
    phase: Phase
    board: tuple[int, ...]
    dealer: tuple[int, ...]
    seats: tuple[SeatView, ...]
    to_decide: tuple[int, ...]
    settlements: tuple[SeatSettlement, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundRecord:
    """Everything needed to replay a round to the identical settlement."""

    config: UthConfig
    seats: tuple[int, ...]
    deck: tuple[int, ...]
    actions: tuple[Action, ...]


@dataclass(slots=True)
class _SeatState:
    ante: int = 0
    trips: int = 0
    play: int = 0
    play_street: Phase | None = None
    folded: bool = False
    cards: tuple[int, ...] = ()


@dataclass(slots=True)
class Round:
    """A single-writer round; create it with `start_round`."""

    config: UthConfig
    seats: tuple[int, ...]
    deck: tuple[int, ...]
    phase: Phase = Phase.BETTING
    board: tuple[int, ...] = ()
    dealer: tuple[int, ...] = ()
    shown_board: int = 0
    dealer_shown: bool = False
    states: dict[int, _SeatState] = field(default_factory=dict)
    decided: set[int] = field(default_factory=set)
    events: list[Event] = field(default_factory=list)
    actions: list[Action] = field(default_factory=list)
    settlements: dict[int, SeatSettlement] = field(default_factory=dict)

    # ----- queries ---------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.SETTLED

    @property
    def record(self) -> RoundRecord:
        return RoundRecord(
            config=self.config, seats=self.seats, deck=self.deck, actions=tuple(self.actions)
        )

    def to_decide(self) -> tuple[int, ...]:
        """Seats that still owe a decision on this street."""
        if self.phase not in PLAY_MULTIPLES:
            return ()
        return tuple(s for s in self.seats if self._needs_decision(s))

    def legal(self, seat: int) -> LegalDecisions | None:
        if seat not in self.to_decide():
            return None
        river = self.phase is Phase.RIVER
        return LegalDecisions(
            seat=seat, play_multiples=PLAY_MULTIPLES[self.phase], check=not river, fold=river
        )

    def settlement(self, seat: int) -> SeatSettlement:
        return self.settlements[seat]

    def hand_of(self, seat: int) -> HandValue:
        return evaluate_high(self.states[seat].cards + self.board)

    def dealer_hand(self) -> HandValue:
        return evaluate_high(self.dealer + self.board)

    def view_for(self, viewer: int | None) -> RoundView:
        """What `viewer` (a seat, or None for an observer) may see; hidden cards stay hidden."""
        return RoundView(
            phase=self.phase,
            board=self.board[: self.shown_board],
            dealer=self.dealer if self.dealer_shown else (),
            seats=tuple(
                SeatView(
                    seat=s,
                    ante=st.ante,
                    blind=st.ante,
                    trips=st.trips,
                    play=st.play,
                    folded=st.folded,
                    cards=st.cards,
                )
                for s, st in sorted(self.states.items())
            ),
            to_decide=self.to_decide(),
            settlements=tuple(self.settlements[s] for s in sorted(self.settlements)),
        )

    def events_for(self, viewer: int | None) -> tuple[Event, ...]:
        return tuple(visible_to(e, viewer) for e in self.events)

    # ----- the one way in ---------------------------------------------------------------------

    def apply(self, action: Action) -> tuple[Event, ...]:
        """Validate `action` completely, then apply it; returns the events it caused."""
        if isinstance(action, PlaceBets):
            self._check_bets(action)
        else:
            self._check_decision(action)
        start = len(self.events)
        self.actions.append(action)
        if isinstance(action, PlaceBets):
            self._place_bets(action)
        else:
            self._decide(action)
        return tuple(self.events[start:])

    # ----- validation (changes nothing) -------------------------------------------------------

    def _check_bets(self, action: PlaceBets) -> None:
        cfg = self.config
        if action.seat not in self.seats:
            raise IllegalActionError("U-TABLE-1", f"seat {action.seat} is not in this round")
        if self.phase is not Phase.BETTING or action.seat in self.states:
            raise IllegalActionError(
                "U-BET-1", "bets cannot be changed or withdrawn once placed or once cards are dealt"
            )
        for name, amount in (("ante", action.ante), ("trips", action.trips)):
            if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
                raise IllegalActionError("U-BET-2", f"{name} must be a whole number of chips")
            if amount % cfg.chip_unit:
                raise IllegalActionError(
                    "U-PAY-4", f"{name} {amount} is not a whole number of chip units"
                )
        if action.ante == 0:
            if action.trips:
                raise IllegalActionError("U-BET-1", "a Trips bet needs an Ante")
            raise IllegalActionError("U-BET-1", "to play, a player bets the Ante")
        if not cfg.ante_min <= action.ante <= cfg.ante_max:
            raise IllegalActionError(
                "U-BET-2",
                f"Ante {action.ante} is outside the limits {cfg.ante_min}..{cfg.ante_max}",
            )
        if action.trips and not cfg.trips_min <= action.trips <= cfg.trips_max:
            raise IllegalActionError(
                "U-BET-2",
                f"Trips {action.trips} is outside the limits {cfg.trips_min}..{cfg.trips_max}",
            )

    def _needs_decision(self, seat: int) -> bool:
        st = self.states.get(seat)
        return st is not None and not st.play and not st.folded and seat not in self.decided

    def _check_decision(self, action: Play | Check | Fold) -> None:
        seat = action.seat
        if seat not in self.seats:
            raise IllegalActionError("U-TABLE-1", f"seat {seat} is not in this round")
        if self.phase is Phase.BETTING:
            raise IllegalActionError("U-BET-1", "no decisions before the cards are dealt")
        st = self.states[seat]
        if st.play:
            raise IllegalActionError(
                "U-PLAY-1", f"seat {seat} has placed a Play bet and makes no further decisions"
            )
        if self.phase not in PLAY_MULTIPLES:
            raise IllegalActionError("U-PLAY-3", "the round is settled; no decisions remain")
        rule = PLAY_RULE[self.phase]
        if st.folded:
            raise IllegalActionError("U-PLAY-3", f"seat {seat} has folded")
        if seat in self.decided:
            raise IllegalActionError(rule, f"seat {seat} has already decided on this street")
        if isinstance(action, Play):
            if action.multiple not in PLAY_MULTIPLES[self.phase]:
                allowed = " or ".join(f"{m}x" for m in PLAY_MULTIPLES[self.phase])
                raise IllegalActionError(
                    rule,
                    f"a Play bet in the {self.phase} phase is {allowed} the Ante, not {action.multiple}x",
                )
        elif isinstance(action, Check):
            if self.phase is Phase.RIVER:
                raise IllegalActionError("U-PLAY-3", "at the river a player must play 1x or fold")
        elif self.phase is not Phase.RIVER:
            raise IllegalActionError(rule, "a player can only fold at the river")

    # ----- transitions --------------------------------------------------------------------------

    def _place_bets(self, action: PlaceBets) -> None:
        self.states[action.seat] = _SeatState(ante=action.ante, trips=action.trips)
        self.events.append(
            BetsPlaced(seat=action.seat, ante=action.ante, blind=action.ante, trips=action.trips)
        )
        if len(self.states) == len(self.seats):
            self._deal()

    def _deal(self) -> None:
        """U-DEAL-1, shuffler order: 5 community, 2 per player in seat order, 2 to the dealer."""
        deck = self.deck
        self.board = deck[:5]
        self.events.append(CommunityCardsDealt(cards=self.board, count=5))
        pos = 5
        for seat in self.seats:
            cards = deck[pos : pos + 2]
            pos += 2
            self.states[seat].cards = cards
            self.events.append(PlayerCardsDealt(seat=seat, cards=cards))
        self.dealer = deck[pos : pos + 2]
        self.events.append(DealerCardsDealt(cards=self.dealer, count=2))
        self.phase = Phase.PREFLOP

    def _decide(self, action: Play | Check | Fold) -> None:
        st = self.states[action.seat]
        street = str(self.phase)
        if isinstance(action, Play):
            st.play = action.multiple * st.ante
            st.play_street = self.phase
            self.events.append(
                PlayBetPlaced(
                    seat=action.seat, street=street, multiple=action.multiple, amount=st.play
                )
            )
        elif isinstance(action, Check):
            self.decided.add(action.seat)
            self.events.append(Checked(seat=action.seat, street=street))
        else:
            st.folded = True
            self.events.append(Folded(seat=action.seat))
        self._advance()

    def _advance(self) -> None:
        while self.phase in PLAY_MULTIPLES and not self.to_decide():
            self.decided.clear()
            if self.phase is Phase.PREFLOP:
                self.phase = Phase.FLOP
                self.shown_board = 3
                self.events.append(FlopShown(cards=self.board[:3]))
            elif self.phase is Phase.FLOP:
                self.phase = Phase.RIVER
                self.shown_board = 5
                self.events.append(TurnAndRiverShown(cards=self.board[3:]))
            else:
                self._showdown()

    def _showdown(self) -> None:
        """U-SHOW-1, U-QUAL-1, U-PAY-1..4."""
        dealer = self.dealer_hand()
        self.dealer_shown = True
        self.events.append(
            DealerCardsShown(
                cards=self.dealer, hand=str(dealer), qualifies=dealer_qualifies(dealer)
            )
        )
        for seat in self.seats:
            st = self.states[seat]
            player = self.hand_of(seat)
            result = settle_seat(
                seat=seat,
                ante=st.ante,
                trips=st.trips,
                play=st.play,
                folded=st.folded,
                player=player,
                dealer=dealer,
                chip_unit=self.config.chip_unit,
            )
            self.settlements[seat] = result
            self.events.append(SeatSettled(seat=seat, hand=str(player), settlement=result))
        self.phase = Phase.SETTLED
        self.events.append(RoundEnded(nets=tuple((s, self.settlements[s].net) for s in self.seats)))


def start_round(config: UthConfig, seats: Sequence[int], deck: Sequence[int]) -> Round:
    """A round for `seats` (1 to 7, U-TABLE-1) dealt from `deck` (52 distinct card codes)."""
    seat_tuple = tuple(sorted(seats))
    if not 1 <= len(seat_tuple) <= config.seats or len(set(seat_tuple)) != len(seat_tuple):
        raise InvalidConfigError(f"U-TABLE-1: a round has 1 to {config.seats} distinct seats")
    if any(not 0 <= s < config.seats for s in seat_tuple):
        raise InvalidConfigError(f"U-TABLE-1: seats are 0..{config.seats - 1}")
    deck_tuple = tuple(int(c) for c in deck)
    if len(deck_tuple) != 52 or set(deck_tuple) != set(range(52)):
        raise InvalidConfigError("a deck is 52 distinct card codes")
    return Round(config=config, seats=seat_tuple, deck=deck_tuple)


def replay(record: RoundRecord) -> Round:
    """The round `record` describes, every action re-applied (and re-validated)."""
    rnd = start_round(record.config, record.seats, record.deck)
    for action in record.actions:
        rnd.apply(action)
    return rnd
