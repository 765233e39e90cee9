"""Who has the button, who posts which blind and who is dealt in, before each hand.

R-BLIND-9 (a)-(e) in order, with the moving button (default) or the dead button; R-BTN-1,
R-BTN-2 (the button moves clockwise), R-BLIND-1 (small blind left of the button, big blind
next), R-BLIND-3 (a new player posts a live big blind or waits), R-BLIND-4 (a new player
between the blinds sits the next hand out), R-BLIND-5 (both missed: big live + small dead),
R-BLIND-6 (a waiting new player passed by the big blind owes both), R-BLIND-7 (only the small
missed: a small blind), R-BLIND-8 (a busted player is passed like one sitting out, so a
rebuy makes up what was missed), R-HU-1 (heads-up: the button posts the small blind).
A pure function of seat snapshots: the table applies the plan.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

SMALL_BLIND = "small_blind"
BIG_BLIND = "big_blind"
SMALL_BLIND_DEAD = "small_blind_dead"
ANTE = "ante"


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatState:
    """What the blind rules need to know about one occupied seat."""

    seat: int
    in_play: bool  # seated with chips and not sitting out
    new: bool  # sat down after the table's first hand and not yet dealt in
    waits: bool  # waits for the big blind instead of posting
    owes_small: bool = False
    owes_big: bool = False
    played_last: bool = False

    @property
    def owes(self) -> bool:
        return self.owes_small or self.owes_big

    @property
    def regular(self) -> bool:
        return not self.new and not self.owes


@dataclass(frozen=True, slots=True, kw_only=True)
class PreviousHand:
    button: int
    small_blind: int | None
    big_blind: int | None


@dataclass(frozen=True, slots=True, kw_only=True)
class BlindPlan:
    """The decision for one hand. `small_blind` is None for a dead small blind."""

    button: int
    small_blind: int | None
    big_blind: int | None  # None in stud (no blinds)
    heads_up: bool
    dealt_in: tuple[int, ...]  # clockwise from the seat left of the button
    posts: tuple[tuple[int, tuple[str, ...]], ...]
    missed_small: tuple[int, ...]  # seats that now owe a small blind
    missed_big: tuple[int, ...]  # seats that now owe a big blind
    fresh: bool = False  # nobody in play played the last hand: dealt as a first hand

    def posts_of(self, seat: int) -> tuple[str, ...]:
        for s, p in self.posts:
            if s == seat:
                return p
        return ()


class NotEnoughPlayersError(Exception):
    """Fewer than two players can be dealt in."""


def after(seat: int, n_seats: int) -> list[int]:
    """The seats clockwise after `seat`, ending with `seat` itself."""
    return [(seat + i) % n_seats for i in range(1, n_seats + 1)]


def strictly_between(a: int, b: int, n_seats: int) -> list[int]:
    """Seats strictly between a and b going clockwise from a."""
    out = []
    s = (a + 1) % n_seats
    while s != b:
        out.append(s)
        s = (s + 1) % n_seats
    return out


def _owed_posts(st: SeatState) -> tuple[str, ...]:
    if st.owes_big and st.owes_small:
        return (SMALL_BLIND_DEAD, BIG_BLIND)  # R-BLIND-5
    if st.owes_big:
        return (BIG_BLIND,)
    if st.owes_small:
        return (SMALL_BLIND,)  # R-BLIND-7
    if st.new:
        return (BIG_BLIND,)  # R-BLIND-3: a live big blind now
    return ()


def plan_hand(
    seats: Sequence[SeatState],
    n_seats: int,
    *,
    previous: PreviousHand | None,
    first_button: int | None = None,
    dead_button: bool = False,
) -> BlindPlan:
    """Button, blinds, dealt-in players and posts for the next hand (R-BLIND-9)."""
    by_seat = {s.seat: s for s in seats}
    in_play = [s.seat for s in seats if s.in_play]
    if len(in_play) < 2:
        raise NotEnoughPlayersError("fewer than two players in play")
    fresh = previous is None or not any(by_seat[s].played_last for s in in_play)
    if fresh:
        return replace(_first_hand(by_seat, n_seats, first_button), fresh=True)
    assert previous is not None
    if dead_button:
        plan = _dead_button(by_seat, n_seats, previous)
        if plan is not None:
            return plan
    return _moving_button(by_seat, n_seats, previous)


def _first_hand(by_seat: dict[int, SeatState], n: int, first_button: int | None) -> BlindPlan:
    """R-BLIND-9 (a): the given seat, else the first occupied seat; everyone in play is
    dealt in without extra posts."""
    start = first_button if first_button is not None else n - 1
    order = after(start, n) if first_button is None else [start] + after(start, n)[:-1]
    in_play = [s for s in order if s in by_seat and by_seat[s].in_play]
    button = in_play[0]
    others = [s for s in after(button, n) if s in by_seat and by_seat[s].in_play and s != button]
    if len(others) == 1:
        small, big, heads_up = button, others[0], True
    else:
        small, big, heads_up = others[0], others[1], False
    dealt = tuple(others) + (button,)
    return _finish(by_seat, n, button, small, big, heads_up, dealt, {}, previous_big=None)


def _moving_button(by_seat: dict[int, SeatState], n: int, previous: PreviousHand) -> BlindPlan:
    def ok(seat: int) -> bool:
        return seat in by_seat and by_seat[seat].in_play

    # (a) the next seat whose player played the previous hand and is still in play
    button = next(
        (s for s in after(previous.button, n) if ok(s) and by_seat[s].played_last),
        None,
    )
    if button is None:
        button = next(s for s in after(previous.button, n) if ok(s))
    ring = [s for s in after(button, n) if ok(s)]  # ends with the button
    # (b) the small blind: in play, owes nothing, not new
    small = next((s for s in ring[:-1] if by_seat[s].regular), None)
    # (c) the big blind: the first in play after the small blind (new or owing take it)
    big: int | None = None
    if small is not None:
        big = ring[ring.index(small) + 1]
    heads_up = small is None or big == button
    if heads_up:
        # R-HU-1: the button posts the small blind; the big blind is the player who would
        # have been the small blind, else the next in play.
        big = small if small is not None else ring[0]
        small = button
    assert big is not None
    dealt, posts = _deal_zone(by_seat, n, button, small, big, heads_up)
    return _finish(
        by_seat, n, button, small, big, heads_up, dealt, posts, previous_big=previous.big_blind
    )


def _deal_zone(
    by_seat: dict[int, SeatState],
    n: int,
    button: int,
    small: int | None,
    big: int,
    heads_up: bool,
) -> tuple[tuple[int, ...], dict[int, tuple[str, ...]]]:
    """(d): the button, the blinds, and everyone in play after the big blind up to the button
    except those waiting for the big blind; nobody strictly between button and big blind."""
    posts: dict[int, tuple[str, ...]] = {}
    dealt = []
    zone_end = big
    for s in after(button, n):
        if s not in by_seat or not by_seat[s].in_play:
            continue
        st = by_seat[s]
        if s == small and small != button:
            dealt.append(s)
        elif s == big:
            dealt.append(s)
        elif s == button:
            dealt.append(s)
        elif _is_after(s, zone_end, button, n):
            if st.regular:
                dealt.append(s)
            elif not st.waits:
                dealt.append(s)
                posts[s] = _owed_posts(st)
        # strictly between the button and the big blind: not dealt in (R-BLIND-4, R-BLIND-6)
    return tuple(dealt), posts


def _is_after(seat: int, big: int, button: int, n: int) -> bool:
    """True when `seat` lies after the big blind and up to (including) the button."""
    return seat in strictly_between(big, button, n) or seat == button


def _dead_button(by_seat: dict[int, SeatState], n: int, previous: PreviousHand) -> BlindPlan | None:
    """The big blind advances one player; the small blind is the last big blind's seat
    (dead when that player is gone); the button is the last small blind's seat."""
    if previous.big_blind is None:
        return None

    def ok(seat: int) -> bool:
        return seat in by_seat and by_seat[seat].in_play

    big = next((s for s in after(previous.big_blind, n) if ok(s)), None)
    if big is None or big == previous.big_blind:
        return None
    small_seat = previous.big_blind
    small: int | None = small_seat if ok(small_seat) and by_seat[small_seat].regular else None
    button = previous.small_blind if previous.small_blind is not None else previous.button
    if button == big:
        return None
    dealt, posts = _deal_zone(by_seat, n, button, small if small is not None else -1, big, False)
    if small is None:
        posts.pop(-1, None)
    if len(dealt) < 2:
        return None
    if len(dealt) == 2:
        other = next(s for s in dealt if s != big)
        posts.pop(other, None)
        dealt = tuple(s for s in after(other, n) if s in (other, big))
        return _finish(
            by_seat, n, other, other, big, True, dealt, {}, previous_big=previous.big_blind
        )
    return _finish(
        by_seat,
        n,
        button,
        small,
        big,
        False,
        dealt,
        posts,
        previous_big=previous.big_blind,
        small_seat=small_seat,
    )


def _finish(
    by_seat: dict[int, SeatState],
    n: int,
    button: int,
    small: int | None,
    big: int,
    heads_up: bool,
    dealt: tuple[int, ...],
    posts: dict[int, tuple[str, ...]],
    *,
    previous_big: int | None,
    small_seat: int | None = None,
) -> BlindPlan:
    all_posts = dict(posts)
    if small is not None:
        all_posts[small] = (SMALL_BLIND,)
    all_posts[big] = (BIG_BLIND,)
    # (e) who misses what: players not in play strictly between the blinds miss the big
    # blind, strictly between the button and the small blind the small blind.
    sb_pos = small if small is not None else (small_seat if small_seat is not None else button)
    missed_small: set[int] = set()
    missed_big: set[int] = set()
    dealt_set = set(dealt)
    for s in strictly_between(sb_pos, big, n):
        st = by_seat.get(s)
        if st is not None and not st.in_play:
            missed_big.add(s)
            if st.new:
                missed_small.add(s)  # R-BLIND-6: a new player who missed the big blind owes both
    for s in strictly_between(button, sb_pos, n) if sb_pos != button else []:
        st = by_seat.get(s)
        if st is not None and not st.in_play and not st.new:
            missed_small.add(s)
    if small is None and small_seat is not None:
        st = by_seat.get(small_seat)
        if st is not None and not st.in_play and not st.new:
            missed_small.add(small_seat)  # dead button: the small blind's own seat
    # In play but passed by the big blind without being dealt in (R-BLIND-6).
    if previous_big is not None and previous_big != big:
        for s in strictly_between(previous_big, big, n):
            st = by_seat.get(s)
            if st is not None and st.in_play and s not in dealt_set:
                missed_big.add(s)
                missed_small.add(s)
    order = [s for s in after(button, n) if s in dealt_set]
    return BlindPlan(
        button=button,
        small_blind=small,
        big_blind=big,
        heads_up=heads_up,
        dealt_in=tuple(order),
        posts=tuple(sorted((s, p) for s, p in all_posts.items() if s in dealt_set)),
        missed_small=tuple(sorted(missed_small)),
        missed_big=tuple(sorted(missed_big)),
    )


def plan_stud_hand(
    states: Sequence[SeatState], n_seats: int, previous: PreviousHand | None
) -> BlindPlan:
    """Stud has no blinds: everyone in play is dealt in and posts the ante; the 'button'
    only marks the dealer for the record and moves clockwise (R-BTN-2)."""
    in_play = [s.seat for s in states if s.in_play]
    if len(in_play) < 2:
        raise NotEnoughPlayersError("fewer than two players in play")
    start = previous.button if previous is not None else n_seats - 1
    button = next(s for s in after(start, n_seats) if s in in_play)
    order = tuple(s for s in after(button, n_seats) if s in in_play)
    return BlindPlan(
        button=button,
        small_blind=None,
        big_blind=None,
        heads_up=len(order) == 2,
        dealt_in=order,
        posts=tuple((s, ("ante",)) for s in sorted(order)),
        missed_small=(),
        missed_big=(),
    )
