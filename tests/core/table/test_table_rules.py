"""Table rules with the real engine: buy-ins, top-ups, blinds over many hands, refusals."""

from __future__ import annotations

import pytest
from tablekit import LIMIT, NL, deck, fold_around, table  # type: ignore[import-not-found]

from pokerroom.core import rules
from pokerroom.core.cards import parse_cards, to_codes
from pokerroom.core.errors import IllegalActionError, RuleViolationError
from pokerroom.core.table import RoomMemory, Table
from pokerroom.core.table.buyin import RETURN_WINDOW_MS


def test_R_BUYIN_1_limit_minimum_ten_big_bets_no_maximum() -> None:
    """R-BUYIN-1: limit 2/4: at least 40, no maximum."""
    t = Table(LIMIT)
    with pytest.raises(RuleViolationError) as info:
        t.sit_down("ann", 0, 39)
    assert info.value.rule_id == "R-BUYIN-1"
    t.sit_down("ann", 0, 40)
    t.sit_down("bob", 1, 10**9)
    assert t.player("bob").stack == 10**9


def test_R_BUYIN_2_no_limit_range() -> None:
    """R-BUYIN-2: NL 1/2: 20 to 200."""
    t = Table(NL)
    for bad in (19, 201, 0, -5):
        with pytest.raises(RuleViolationError) as info:
            t.sit_down("ann", 0, bad)
        assert info.value.rule_id in ("R-BUYIN-2", "R-BUYIN-1")
    assert t.players() == ()
    t.sit_down("ann", 0, 20)
    t.sit_down("bob", 1, 200)


def test_R_BUYIN_3_memory_spans_tables_and_expires() -> None:
    """R-BUYIN-3: left with 350 at one table; another table of the same game within 20
    minutes: at least 350, no maximum; after 20 minutes the normal limits again."""
    memory = RoomMemory()
    a = table("ann bob", memory=memory)
    a.start_hand(0, deck())
    # ann goes all-in on the button, bob calls; whoever wins, someone leaves with 400
    hand = a.hand
    assert hand is not None
    a.act("ann", rules.RaiseTo(seat=0, amount=200))
    a.act("bob", rules.Call(seat=1))
    winner = "ann" if a.player("ann").stack == 400 else "bob"
    assert a.player(winner).stack == 400
    a.stand_up(winner, now_ms=1000)
    b = Table(NL, memory)
    with pytest.raises(RuleViolationError) as info:
        b.sit_down(winner, 0, 200, now_ms=1000 + 60_000)
    assert info.value.rule_id == "R-BUYIN-3"
    b.sit_down(winner, 0, 400, now_ms=1000 + 60_000)
    b.stand_up(winner, now_ms=2000)
    c = Table(NL, memory)
    with pytest.raises(RuleViolationError) as info:
        c.sit_down(winner, 0, 400, now_ms=2000 + RETURN_WINDOW_MS)
    assert info.value.rule_id == "R-BUYIN-2"
    c.sit_down(winner, 0, 200, now_ms=2000 + RETURN_WINDOW_MS)


def test_R_BUYIN_3_other_stakes_are_another_game() -> None:
    """R-BUYIN-3: only the same variant, structure and stakes remember the departure."""
    memory = RoomMemory()
    t = table("ann bob", memory=memory)
    t.stand_up("ann", now_ms=0)
    other = Table(LIMIT, memory)
    other.sit_down("ann", 0, 40, now_ms=1)  # a limit table: the 200 left at NL does not bind


def test_R_BUYIN_4_no_chips_added_during_a_hand() -> None:
    """R-BUYIN-4: a player in the hand cannot top up; one not dealt in can."""
    t = table("ann bob cat", stack=150)
    t.start_hand(0, deck())
    with pytest.raises(RuleViolationError) as info:
        t.top_up("ann", 10)
    assert info.value.rule_id == "R-BUYIN-4"
    t.sit_down("dan", 3, 100)  # new, waits for the big blind: not in this hand
    t.top_up("dan", 100)
    with pytest.raises(RuleViolationError):
        t.top_up("dan", 1)
    fold_around(t)
    t.top_up("ann", 200 - t.player("ann").stack)
    assert t.player("ann").stack == 200


def test_refusals_change_nothing() -> None:
    """Occupied seat, seat out of range, acting for another player, wrong phase."""
    t = table("ann bob cat")
    before = t.players()
    for bad in (lambda: t.sit_down("dan", 1, 100), lambda: t.sit_down("dan", 9, 100),
                lambda: t.sit_down("ann", 4, 100), lambda: t.sit_in("ann"),
                lambda: t.act("ann", rules.Fold(seat=0))):  # fmt: skip
        with pytest.raises(RuleViolationError):
            bad()
        assert t.players() == before
    t.start_hand(0, deck())
    hand = t.hand
    assert hand is not None
    seat = hand.legal_actions().seat
    other = next(p.account for p in t.players() if p.seat != seat)
    events = len(hand.events)
    with pytest.raises(IllegalActionError) as info:
        t.act(other, rules.Fold(seat=seat))  # acting for another player
    assert "cannot act for seat" in info.value.reason
    assert len(hand.events) == events
    with pytest.raises(RuleViolationError):
        t.start_hand(0, deck())  # a hand is already running


def test_R_BLIND_8_busted_player_misses_blinds_and_makes_them_up() -> None:
    """R-BLIND-8: a busted player is passed like one sitting out; the rebuy owes the blinds."""
    t = table("ann bob cat dan")
    plan = t.next_plan()
    cards = {2: to_codes(parse_cards("As Ad")), 3: to_codes(parse_cards("7c 2h"))}
    board = to_codes(parse_cards("Ks 9d 4c 3s Jh"))
    t.start_hand(0, rules.arrange_deck(rules.Game.HOLDEM, plan.dealt_in, plan.button, cards, board))
    t.act("dan", rules.RaiseTo(seat=3, amount=200))
    t.act("ann", rules.Fold(seat=0))
    t.act("bob", rules.Fold(seat=1))
    t.act("cat", rules.Call(seat=2))
    loser = "dan"
    assert t.player(loser).stack == 0 and t.player("cat").stack == 401
    for n in range(3):
        t.start_hand(n + 1, deck(n + 2))
        fold_around(t)
    view = t.player(loser)
    assert view.owes_big_blind
    t.top_up(loser, 200)
    for n in range(5):
        plan = t.next_plan()
        seat = t.seat_of(loser)
        if seat in plan.dealt_in:
            assert plan.big_blind == seat or "big_blind" in plan.posts_of(seat)
            break
        t.start_hand(10 + n, deck(n + 7))
        fold_around(t)
    else:
        pytest.fail("the rebuying player was never dealt in")


def test_R_BLIND_9_sitting_out_too_long_stands_up_with_stack() -> None:
    """R-BLIND-9 / sitting out: after N orbits the player is stood up, stack returned."""
    t = table("ann bob cat dan")
    t.start_hand(0, deck())
    fold_around(t)
    t.sit_out("dan")
    stack = t.player("dan").stack
    events = []
    for n in range(30):
        if "dan" not in {p.account for p in t.players()}:
            break
        events.extend(t.start_hand(n + 1, deck(n)))
        fold_around(t)
    stood = [e for e in t.log if getattr(e, "account", None) == "dan"
             and type(e).__name__ == "PlayerStoodUp"]  # fmt: skip
    assert stood and stood[0].stack == stack and stood[0].reason == "sat out too long"


def test_clock_time_bank_and_timeout_check_or_fold() -> None:
    """The clock: action time, the bank added when chips are in the pot, check else fold,
    and sitting out from the next hand."""
    t = table("ann bob cat")
    t.start_hand(1000, deck())
    clock = t.clock
    assert clock is not None and clock.account == "ann"  # button, first to act 3-handed
    # ann has no chips in the pot: no bank
    assert clock.deadline_ms == 1000 + NL.clock.action_ms
    assert t.check_clock(clock.deadline_ms - 1) == ()
    t.check_clock(clock.deadline_ms)
    assert t.player("ann").sit_out_next
    clock = t.clock
    assert clock is not None and clock.account == "bob"  # small blind: chips in the pot
    assert clock.deadline_ms == clock.started_ms + NL.clock.action_ms + NL.clock.time_bank_ms
    late = clock.action_deadline_ms + 5000
    t.act("bob", rules.Call(seat=1), late)
    assert t.player("bob").time_bank_ms == NL.clock.time_bank_ms - 5000
    clock = t.clock
    assert clock is not None and clock.account == "cat"
    t.check_clock(clock.deadline_ms)  # cat may check: checks
    assert t.hand is not None and not t.hand.is_over
    assert t.player("cat").sit_out_next


def test_waiting_list_offer_expires_and_passes_on() -> None:
    t = table("ann bob cat dan eve fay")
    t.waiting_list.join("gus")
    t.waiting_list.join("hal")
    t.stand_up("fay", now_ms=0)
    offers = t.waiting_list.offer(len(t.open_seats()), 0, 60_000)
    assert [o.account for o in offers] == ["gus"]
    with pytest.raises(RuleViolationError):
        t.sit_down("zed", 5, 100, now_ms=10)  # the seat is held for gus
    t.waiting_list.expire(60_000)
    assert t.waiting_list.waiting == ("hal",)
    offers = t.waiting_list.offer(1, 60_000, 60_000)
    assert [o.account for o in offers] == ["hal"]
    t.sit_down("hal", 5, 100, now_ms=60_001)
    assert t.waiting_list.waiting == ()


def test_sit_out_now_checks_or_folds_at_each_turn_then_sits_out() -> None:
    t = table("ann bob cat dan")
    t.start_hand(0, deck())
    t.sit_out("ann", now=True)  # ann (button) is not first to act: dan is
    assert t.player("ann").sit_out_next
    t.act("dan", rules.Call(seat=3))
    hand = t.hand
    assert hand is not None
    # ann's turn came: she folded automatically, bob is to act
    assert hand.to_act == 1
    assert any(isinstance(e, rules.Folded) and e.seat == 0 for e in hand.events)
    fold_around(t)
    assert t.player("ann").sitting_out
    assert 0 not in t.next_plan().dealt_in


def test_disconnected_player_gets_the_disconnect_clock() -> None:
    from dataclasses import replace

    from pokerroom.core.table import ClockConfig, Table

    config = replace(NL, clock=ClockConfig(action_ms=15_000, time_bank_ms=0, disconnect_ms=5_000))
    t = Table(config)
    for seat, name in enumerate("ann bob cat".split()):
        t.sit_down(name, seat, 200)
    t.disconnect("ann")
    t.start_hand(0, deck())
    clock = t.clock
    assert clock is not None and clock.account == "ann" and clock.deadline_ms == 5_000
    t.check_clock(5_000)
    assert t.player("ann").sit_out_next


def test_open_seats_are_offered_to_the_waiting_list_and_held_for_it() -> None:
    t = table("ann bob cat dan eve fay")
    t.waiting_list.join("gus")
    t.waiting_list.join("hal")
    t.stand_up("eve", now_ms=0)
    t.stand_up("fay", now_ms=0)
    offers = t.offer_seats(0)
    assert [o.account for o in offers] == ["gus", "hal"]
    with pytest.raises(RuleViolationError):
        t.sit_down("zed", 4, 100, now_ms=1)
    t.sit_down("hal", 4, 100, now_ms=1)
    assert t.waiting_list.waiting == ("gus",)
    # gus lets the offer run out: he loses his place and the seat is free for anyone
    assert t.offer_seats(NL.offer_ms) == ()
    assert t.waiting_list.waiting == ()
    t.sit_down("zed", 5, 100, now_ms=NL.offer_ms)


def test_R_BLIND_2_posted_big_blind_is_live() -> None:
    """R-BLIND-2: a new player's posted big blind counts toward the bet: they may check."""
    t = table("ann bob cat dan")
    t.start_hand(0, deck())
    fold_around(t)
    t.sit_down("eve", 4, 200, wait_for_big_blind=False)
    t.start_hand(1, deck(2))
    hand = t.hand
    assert hand is not None and t.plan is not None
    assert t.plan.posts_of(4) == ("big_blind",)
    assert hand.to_act == 4
    legal = hand.legal_actions()
    assert legal.check and legal.call is None and legal.raise_to == (4, 200)


def test_R_BUYIN_3_choice_bring_back_what_you_left_with() -> None:
    """R-BUYIN-3 [choice]: within 20 minutes a player must bring back at least what they left
    with (here 150, under the maximum: the maximum 200 still applies)."""
    memory = RoomMemory()
    t = table("ann bob", memory=memory, stack=150)
    t.stand_up("ann", now_ms=0)
    with pytest.raises(RuleViolationError) as info:
        t.sit_down("ann", 3, 100, now_ms=1000)
    assert info.value.rule_id == "R-BUYIN-3"
    with pytest.raises(RuleViolationError) as info:
        t.sit_down("ann", 3, 201, now_ms=1000)
    assert info.value.rule_id == "R-BUYIN-2"
    t.sit_down("ann", 3, 150, now_ms=1000)


def test_every_command_returns_all_it_caused_in_the_order_players_are_told() -> None:
    """The runner publishes what the table's commands return (issue 10): nothing may happen
    that a command does not return. A player who left is folded for after the next action,
    and the hand's end brings the table's own events."""
    t = table("ann bob cat")
    dealt = t.start_hand(0, deck(3))
    assert type(dealt[0]).__name__ == "HandDealt"  # the commitment before any card
    hand = t.hand
    assert hand is not None
    assert [e for e in dealt if e in hand.events] == list(hand.events)
    seen = len(hand.events)
    log_seen = len(t.log)
    to_act = hand.legal_actions().seat
    # The player after the next one leaves: they are folded when their turn comes.
    leaving = t.account_at((to_act + 1) % 3)
    assert leaving is not None
    assert t.stand_up(leaving) == ()  # not their turn: nothing happens yet
    actor = t.account_at(to_act)
    assert actor is not None
    events = t.act(actor, rules.Fold(seat=to_act))
    assert events == (*hand.events[seen:], *t.log[log_seen:])
    assert sum(type(e).__name__ == "Folded" for e in events) == 2  # the act and the leave
    # The hand ended: the table's events come last, the leaver's seat freed after it.
    names = [type(e).__name__ for e in events]
    assert names[-2:] == ["HandSettled", "PlayerStoodUp"]
    assert events[-1].account == leaving
