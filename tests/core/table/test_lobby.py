"""The lobby: catalogue from the room file, live figures from hands fed in."""

from __future__ import annotations

from pathlib import Path

from tablekit import NL, deck, fold_around, table  # type: ignore[import-not-found]

import pokerroom
from pokerroom.core import rules
from pokerroom.core.table import Lobby, Table, parse_room
from pokerroom.core.table.events import HandSettled

ROOM = Path(pokerroom.__file__).parent / "data" / "room.toml"


def settled(n: int, pot: int, saw: int, dealt: int, ended_ms: int) -> HandSettled:
    return HandSettled(hand_number=n, stacks=(), pot_total=pot, saw_flop=saw, dealt=dealt,
                       ended_ms=ended_ms)  # fmt: skip


def test_catalogue_lists_every_table_with_buy_in_range() -> None:
    lobby = Lobby.from_room(parse_room(ROOM.read_text(encoding="utf-8")))
    rows = lobby.catalogue(0)
    by_name = {r.listing.name: r.listing for r in rows}
    assert by_name["Antares 1"].buy_in_min == 2000 and by_name["Antares 1"].buy_in_max == 20000
    assert by_name["Capella"].buy_in_max is None
    assert by_name["Izar 1"].game == "uth" and by_name["Izar 1"].uth_limits == (50, 7500, 50, 5000)
    assert all(r.figures.hands_per_hour == 0 and r.figures.seated == 0 for r in rows)


def test_live_figures_from_hands() -> None:
    lobby = Lobby()
    lobby.add_table(NL)
    # three hands in the last hour: pots 10, 20, 31; 2 of 4, 4 of 4, 0 of 3 saw the flop
    lobby.record_hand("nl", settled(1, 10, 2, 4, 1_000))
    lobby.record_hand("nl", settled(2, 20, 4, 4, 2_000))
    lobby.record_hand("nl", settled(3, 31, 0, 3, 3_000))
    lobby.set_occupancy("nl", seated=4, waiting=2)
    f = lobby.figures("nl", 3_000)
    assert (f.seated, f.waiting, f.hands_per_hour) == (4, 2, 3)
    assert f.average_pot == 61 // 3  # 20
    assert f.players_per_flop_pct == 55  # 6 of 11 = 54.5 %, rounded to the nearest
    # an hour after the first hand it drops out of the window
    f = lobby.figures("nl", 3_600_000 + 1_000)
    assert f.hands_per_hour == 2 and f.average_pot == 25


def test_lobby_observes_a_real_table() -> None:
    lobby = Lobby()
    lobby.add_table(NL)
    t: Table = table("ann bob cat")
    t.waiting_list.join("dan")
    t.waiting_list.join("eve")
    for n in range(4):
        t.start_hand(n * 60_000, deck(n))
        fold_around(t)
    lobby.observe(t)
    f = lobby.figures("nl", 4 * 60_000)
    assert f.seated == 3 and f.waiting == 2 and f.hands_per_hour == 4
    assert f.players_per_flop_pct == 0  # everyone folded to the big blind
    assert f.average_pot == 2  # small blind + the big blind's matched part, each hand
    hand_checked_down = t
    hand_checked_down.start_hand(5 * 60_000, deck(9))
    hand = hand_checked_down.hand
    assert hand is not None
    while not hand.is_over:
        legal = hand.legal_actions()
        who = hand_checked_down.account_at(legal.seat)
        assert who is not None
        action: rules.Action = (rules.Check(seat=legal.seat) if legal.check
                                else rules.Call(seat=legal.seat))  # fmt: skip
        hand_checked_down.act(who, action)
    lobby.observe(t)
    f = lobby.figures("nl", 5 * 60_000)
    assert f.hands_per_hour == 5 and f.players_per_flop_pct == 20  # 3 of 15
