"""Button and blinds planned from seat snapshots (R-BTN-1..2, R-BLIND-1..9, R-HU-1)."""

from __future__ import annotations

from pokerroom.core.table.blinds import PreviousHand, SeatState, plan_hand


def st(seat: int, **kw: bool) -> SeatState:
    base = dict(in_play=True, new=False, waits=False, owes_small=False, owes_big=False,
                played_last=True)  # fmt: skip
    base.update(kw)
    return SeatState(seat=seat, **base)


def six() -> list[SeatState]:
    return [st(s) for s in range(6)]


def test_R_BTN_1_first_hand_button_gets_cards_last() -> None:
    """R-BTN-1: the button is on the seat given, and is dealt last."""
    plan = plan_hand([st(s, played_last=False) for s in (0, 2, 4)], 6, previous=None,
                     first_button=2)  # fmt: skip
    assert plan.button == 2
    assert plan.dealt_in == (4, 0, 2)
    assert plan.small_blind == 4 and plan.big_blind == 0
    assert plan.posts == ((0, ("big_blind",)), (4, ("small_blind",)))


def test_R_BLIND_9_first_hand_without_given_button_is_first_occupied_seat() -> None:
    """R-BLIND-9 (a): no seat given, the first occupied seat; everyone dealt in, no extra posts."""
    plan = plan_hand([st(s, played_last=False, new=True) for s in (3, 5, 1)], 6, previous=None)
    assert plan.button == 1
    assert set(plan.dealt_in) == {1, 3, 5}
    assert dict(plan.posts) == {3: ("small_blind",), 5: ("big_blind",)}


def test_R_BTN_2_button_moves_clockwise() -> None:
    """R-BTN-2 / R-BLIND-1: the button moves one seat, the blinds follow it."""
    plan = plan_hand(six(), 6, previous=PreviousHand(button=5, small_blind=0, big_blind=1))
    assert (plan.button, plan.small_blind, plan.big_blind) == (0, 1, 2)
    assert plan.dealt_in == (1, 2, 3, 4, 5, 0)


def test_R_BLIND_1_blinds_left_of_button_skip_empty_seats() -> None:
    """R-BLIND-1: small blind the first player left of the button, big blind the next."""
    seats = [st(0), st(3), st(5)]
    plan = plan_hand(seats, 6, previous=PreviousHand(button=5, small_blind=0, big_blind=3))
    assert (plan.button, plan.small_blind, plan.big_blind) == (0, 3, 5)


def test_R_HU_1_button_posts_small_blind() -> None:
    """R-HU-1: heads-up the button posts the small blind, the other player the big blind."""
    plan = plan_hand([st(1), st(4)], 6, previous=PreviousHand(button=4, small_blind=4, big_blind=1))
    assert plan.heads_up
    assert (plan.button, plan.small_blind, plan.big_blind) == (1, 1, 4)
    assert plan.dealt_in == (4, 1)


def test_R_HU_1_three_to_two_players() -> None:
    """R-HU-1: the small blind of a three-handed hand leaves: heads-up, button = small blind."""
    # previous: button 0, small blind 1, big blind 2; seat 1 has left
    plan = plan_hand([st(0), st(2)], 3, previous=PreviousHand(button=0, small_blind=1, big_blind=2))
    assert plan.heads_up
    assert (plan.button, plan.small_blind, plan.big_blind) == (2, 2, 0)


def test_R_HU_1_two_to_three_players() -> None:
    """R-HU-1: heads-up, a new player takes the big blind when it reaches them."""
    # heads-up: button/small 0, big 2; a new player at seat 1 waits for the big blind
    seats = [st(0), st(1, new=True, waits=True, played_last=False), st(2)]
    plan = plan_hand(seats, 3, previous=PreviousHand(button=0, small_blind=0, big_blind=2))
    # button -> 2, small blind 0, big blind: the first in play after it, the new player
    assert (plan.button, plan.small_blind, plan.big_blind) == (2, 0, 1)
    assert not plan.heads_up and set(plan.dealt_in) == {0, 1, 2}


def test_R_BLIND_3_new_player_posts_big_blind_now() -> None:
    """R-BLIND-3: a new player after the big blind posts a live big blind to be dealt in."""
    seats = six()
    seats[4] = st(4, new=True, waits=False, played_last=False)
    plan = plan_hand(seats, 6, previous=PreviousHand(button=5, small_blind=0, big_blind=1))
    assert 4 in plan.dealt_in
    assert plan.posts_of(4) == ("big_blind",)


def test_R_BLIND_3_new_player_waits_for_big_blind() -> None:
    """R-BLIND-3: a new player who waits is not dealt in until the big blind reaches them."""
    seats = six()
    seats[4] = st(4, new=True, waits=True, played_last=False)
    plan = plan_hand(seats, 6, previous=PreviousHand(button=5, small_blind=0, big_blind=1))
    assert 4 not in plan.dealt_in
    seats[3] = st(3, in_play=True)
    plan = plan_hand(seats, 6, previous=PreviousHand(button=1, small_blind=2, big_blind=3))
    assert plan.big_blind == 4 and plan.posts_of(4) == ("big_blind",)


def test_R_BLIND_4_new_player_between_blinds_sits_out_next_hand() -> None:
    """R-BLIND-4: sat down between the small and the big blind: not dealt the next hand."""
    # last hand: button 0, small blind 1, big blind 3; a new player sat at seat 2
    seats = [st(0), st(1), st(2, new=True, waits=False, played_last=False), st(3), st(4)]
    plan = plan_hand(seats, 5, previous=PreviousHand(button=0, small_blind=1, big_blind=3))
    assert (plan.button, plan.small_blind, plan.big_blind) == (1, 3, 4)
    assert 2 not in plan.dealt_in


def test_R_BLIND_5_missed_both_blinds_posts_big_live_small_dead() -> None:
    """R-BLIND-5: owing both blinds, outside the big blind: big blind live, small blind dead."""
    seats = six()
    seats[4] = st(4, owes_small=True, owes_big=True, played_last=False)
    plan = plan_hand(seats, 6, previous=PreviousHand(button=5, small_blind=0, big_blind=1))
    assert plan.posts_of(4) == ("small_blind_dead", "big_blind")


def test_R_BLIND_5_missed_both_in_big_blind_seat_posts_only_big() -> None:
    """R-BLIND-5: owing both, but in the big blind position: just the big blind."""
    seats = six()
    seats[2] = st(2, owes_small=True, owes_big=True, played_last=False)
    plan = plan_hand(seats, 6, previous=PreviousHand(button=5, small_blind=0, big_blind=1))
    assert plan.big_blind == 2 and plan.posts_of(2) == ("big_blind",)


def test_R_BLIND_9_sitting_out_between_blinds_misses_them() -> None:
    """R-BLIND-9 (e): sitting out between the small and big blind misses the big blind;
    between button and small blind, the small blind."""
    seats = six()
    seats[2] = st(2, in_play=False)
    plan = plan_hand(seats, 6, previous=PreviousHand(button=5, small_blind=0, big_blind=1))
    assert (plan.button, plan.small_blind, plan.big_blind) == (0, 1, 3)
    assert plan.missed_big == (2,) and plan.missed_small == ()
    plan = plan_hand(seats, 6, previous=PreviousHand(button=0, small_blind=1, big_blind=3))
    assert (plan.button, plan.small_blind, plan.big_blind) == (1, 3, 4)
    assert plan.missed_small == (2,)


def test_R_BLIND_7_only_small_missed_posts_small() -> None:
    """R-BLIND-7: back before the big blind owing only the small blind: post a small blind."""
    seats = six()
    seats[3] = st(3, owes_small=True, played_last=False)
    plan = plan_hand(seats, 6, previous=PreviousHand(button=4, small_blind=5, big_blind=0))
    assert (plan.button, plan.small_blind, plan.big_blind) == (5, 0, 1)
    assert 3 in plan.dealt_in and plan.posts_of(3) == ("small_blind",)


def test_R_BLIND_6_owing_player_between_button_and_big_blind_waits() -> None:
    """R-BLIND-6: not after the button has passed (between button and big blind): not dealt."""
    seats = six()
    seats[1] = st(1, owes_small=True, owes_big=True, played_last=False)
    plan = plan_hand(seats, 6, previous=PreviousHand(button=5, small_blind=0, big_blind=2))
    # button 0; seat 1 owes so cannot be the small blind; small 2, big 3
    assert (plan.button, plan.small_blind, plan.big_blind) == (0, 2, 3)
    assert 1 not in plan.dealt_in


def test_R_BLIND_6_waiting_new_player_passed_by_big_blind_owes_both() -> None:
    """R-BLIND-6: a waiting new player the big blind passes owes a small and a big blind."""
    # last hand: button 0, small blind 1, big blind 2; seat 1 left; new player at 3 waits
    seats = [st(0), st(2), st(3, new=True, waits=True, played_last=False), st(4), st(5)]
    plan = plan_hand(seats, 6, previous=PreviousHand(button=0, small_blind=1, big_blind=2))
    assert (plan.button, plan.small_blind, plan.big_blind) == (2, 4, 5)
    assert 3 not in plan.dealt_in
    assert 3 in plan.missed_big and 3 in plan.missed_small


def test_R_BLIND_9_nobody_big_blind_twice_in_a_row() -> None:
    """R-BLIND-9 (e): the last big blind never posts it again (unless heads-up)."""
    for gone in range(6):
        seats = [s for s in six() if s.seat != gone]
        plan = plan_hand(seats, 6, previous=PreviousHand(button=0, small_blind=1, big_blind=2))
        assert plan.big_blind != 2


def test_R_BLIND_9_dead_button() -> None:
    """R-BLIND-9 (e) option button = "dead": the big blind advances one seat; the small blind
    is dead when its player left; the button may stay on an empty seat."""
    seats = [st(0), st(2), st(3), st(4)]  # seat 1 (last small blind) left
    plan = plan_hand(seats, 5, previous=PreviousHand(button=0, small_blind=1, big_blind=2),
                     dead_button=True)  # fmt: skip
    assert plan.big_blind == 3 and plan.small_blind == 2 and plan.button == 1
    seats = [st(0), st(1), st(3), st(4)]  # seat 2 (last big blind) left
    plan = plan_hand(seats, 5, previous=PreviousHand(button=0, small_blind=1, big_blind=2),
                     dead_button=True)  # fmt: skip
    assert plan.big_blind == 3 and plan.small_blind is None and plan.button == 1
    assert 3 in plan.dealt_in and dict(plan.posts).get(2) is None
