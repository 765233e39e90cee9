"""The tables of a tournament: seats, the dead button, the worst open seat.

R-TOURN-4: the big blind advances one seat each hand, to the next player; the small blind
is the seat that had the big blind (dead when that player is gone) and the button the seat
that had the small blind (dead when empty). Nobody skips the big blind, nobody posts it twice
in a row. Heads-up the button posts the small blind (R-HU-1); going from three players to
two the big blind still goes to the next player after the last big blind, which is never
the player who just posted it. Everyone with chips is dealt in, wherever they sit (a moved
player at once), absent or not (R-TOURN-5). Stud has no blinds: the button moves clockwise.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pokerroom.core import rules


@dataclass(frozen=True, slots=True, kw_only=True)
class Positions:
    """Where the button and the blinds are for one hand (seat numbers).

    `small_blind_seat` is where the small blind is (posted only when `small_blind` is not
    None); the button may stand on an empty seat (dead button).
    """

    button: int
    small_blind_seat: int
    small_blind: int | None
    big_blind: int | None


def clockwise_after(seat: int, n_seats: int) -> list[int]:
    """Seats clockwise after `seat`, ending with `seat` itself."""
    return [(seat + i) % n_seats for i in range(1, n_seats + 1)]


def plan_positions(
    occupied: set[int],
    n_seats: int,
    previous: Positions | None,
    first_button: int,
    stud: bool,
    just_posted: frozenset[int] = frozenset(),
) -> Positions:
    """The positions of the next hand. `first_button` is used when the table is fresh;
    `just_posted` are seats of players moved here who posted the big blind in their last
    hand at another table: the big blind passes them once (they are dealt in between the
    blinds) rather than fall on them twice in a row."""
    assert len(occupied) >= 2, "a hand needs two players"

    def next_player(seat: int) -> int:
        return next(s for s in clockwise_after(seat, n_seats) if s in occupied)

    if stud:
        start = previous.button if previous is not None else (first_button - 1) % n_seats
        button = next_player(start)
        return Positions(button=button, small_blind_seat=button, small_blind=None, big_blind=None)
    if previous is None or previous.big_blind is None:
        button = first_button if first_button in occupied else next_player(first_button)
        if len(occupied) == 2:
            return Positions(
                button=button, small_blind_seat=button, small_blind=button,
                big_blind=next_player(button),
            )  # fmt: skip
        small = next_player(button)
        return Positions(
            button=button, small_blind_seat=small, small_blind=small, big_blind=next_player(small)
        )
    big = next_player(previous.big_blind)
    if len(occupied) > 2 and big in just_posted:
        big = next(
            (s for s in clockwise_after(big, n_seats) if s in occupied and s not in just_posted
             and s != previous.big_blind),
            big,
        )  # fmt: skip
    if len(occupied) == 2:
        # R-HU-1: the other player has the button and posts the small blind.
        other = next(s for s in occupied if s != big)
        return Positions(button=other, small_blind_seat=other, small_blind=other, big_blind=big)
    small_seat = previous.big_blind
    button = previous.small_blind_seat
    if button in (big, small_seat):
        # A player seated between the last blinds: the button is the seat before the small
        # blind (dead when empty), so that the order button, small blind, big blind holds.
        button = (small_seat - 1) % n_seats
    poster = small_seat if small_seat in occupied else None
    return Positions(button=button, small_blind_seat=small_seat, small_blind=poster, big_blind=big)


@dataclass(slots=True, kw_only=True)
class TournamentTable:
    """One table of a tournament: who sits where, the last hand's positions, the hand."""

    number: int
    n_seats: int
    seats: list[str | None] = field(default_factory=list)
    last: Positions | None = None
    before_last: Positions | None = None  # `last` before the running hand (a void restores it)
    hand: rules.Hand | None = None
    # The last hand dealt, kept once it is over: its record is what the room stores (a hand
    # of away players can end inside `deal`, before anyone sees `hand`). Not in snapshots.
    played: rules.Hand | None = None
    hand_number: int = 0  # hands dealt at this table
    dealt: dict[int, str] = field(default_factory=dict)  # seat -> entry, for the running hand
    start_stacks: dict[str, int] = field(default_factory=dict)
    breaking: bool = False

    def __post_init__(self) -> None:
        if not self.seats:
            self.seats = [None] * self.n_seats

    @property
    def players(self) -> list[str]:
        return [p for p in self.seats if p is not None]

    @property
    def count(self) -> int:
        return sum(1 for p in self.seats if p is not None)

    def open_seats(self) -> list[int]:
        return [i for i, p in enumerate(self.seats) if p is None]

    def seat_of(self, entry: str) -> int:
        return self.seats.index(entry)

    def worst_open_seat(self) -> int:
        """The open seat that will post the big blind soonest (R-TOURN-8): the first open
        seat after the last big blind; at a fresh table, the lowest open seat."""
        open_ = self.open_seats()
        if self.last is None or self.last.big_blind is None:
            return open_[0]
        return next(s for s in clockwise_after(self.last.big_blind, self.n_seats) if s in open_)

    def next_positions(
        self, first_button: int, stud: bool, just_posted: set[str] | frozenset[str] = frozenset()
    ) -> Positions:
        occupied = {i for i, p in enumerate(self.seats) if p is not None}
        moved_in = frozenset(
            i for i, p in enumerate(self.seats) if p is not None and p in just_posted
        )
        return plan_positions(occupied, self.n_seats, self.last, first_button, stud, moved_in)

    def due_big_blind(self, just_posted: set[str] | frozenset[str] = frozenset()) -> str:
        """The player due to post the big blind next (R-TOURN-8 moves this one)."""
        pos = self.next_positions(0, stud=False, just_posted=just_posted)
        assert pos.big_blind is not None
        entry = self.seats[pos.big_blind]
        assert entry is not None
        return entry
