"""R-TOURN-11: late registration, re-entry, rebuys and the add-on, each a buy-in with its fee
that adds its chips and its buy-in to the prize pool; each refused, naming the rule, once its
time is over or its number used (the scenario R_TOURN_11_* shows one such tournament)."""

from __future__ import annotations

import random

import pytest

from pokerroom.core import rules
from pokerroom.core.errors import RuleViolationError
from pokerroom.core.tournament import Level, Tournament, TournamentConfig
from pokerroom.core.tournament.events import AddedOn, Rebought, Registered, Seated

CONFIG = TournamentConfig(
    seats=6, min_entrants=2, max_entrants=60, start_ms=0, buy_in=100, fee=10,
    starting_chips=1500, late_registration_levels=1, rebuys=1, add_on=2000, reentry=1,
    levels=(Level(small_blind=10, big_blind=20, hands=1), Level(small_blind=20, big_blind=40,
                                                               hands=50)),
)  # fmt: skip


def _books(t: Tournament) -> tuple[int, int, int]:
    """What the entries, rebuys and add-ons taken so far must have put in: prize pool,
    fees, chips."""
    entries = len(t.entries)
    rebuys = sum(e.rebuys for e in t.entries.values())
    add_ons = sum(1 for e in t.entries.values() if e.added_on)
    return ((entries + rebuys + add_ons) * 100, (entries + rebuys + add_ons) * 10,
            (entries + rebuys) * 1500 + add_ons * 2000)


def _refused(call, *args) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(RuleViolationError) as refusal:
        call(*args)
    assert refusal.value.rule_id == "R-TOURN-11", refusal.value


def test_R_TOURN_11_late_entry_re_entry_rebuy_and_add_on_each_pay_in_and_then_close() -> None:
    t = Tournament(CONFIG, random.Random(3))
    for p in ("ann", "bob", "cat"):
        t.register(p)
    t.start(0)
    # late registration during level 1: a buy-in with its fee, seated at once
    events = t.register("dan", 0)
    assert any(isinstance(e, Registered) for e in events)
    assert [e.entry for e in events if isinstance(e, Seated)] == ["dan"]
    # a rebuy while at the starting stack; one only
    assert [type(e) for e in t.rebuy("ann")] == [Rebought]
    _refused(t.rebuy, "ann")
    # the add-on, once, in the last level of the rebuy period (here level 1)
    assert [type(e) for e in t.add_on("bob")] == [AddedOn]
    _refused(t.add_on, "bob")
    assert (t.prize_pool, t.fees, t.chips_in_play) == _books(t) == (600, 60, 9500)
    # one hand, everyone all in: a player goes out, and re-enters as a new entry
    table = next(iter(t.tables))
    deck = list(range(52))
    random.Random(1).shuffle(deck)
    t.deal(table, deck, 0)
    while t.tables[table].hand is not None:
        hand = t.hand(table)
        legal = hand.legal_actions()
        action = (rules.RaiseTo(seat=legal.seat, amount=legal.raise_to[1])
                  if legal.raise_to is not None else
                  rules.Call(seat=legal.seat) if legal.call is not None else
                  rules.Check(seat=legal.seat))  # fmt: skip
        t.act(table, t.tables[table].dealt[legal.seat], action, 1000)
    out = sorted(e.player for e in t.entries.values() if e.busted)
    assert out, "nobody went out: this proves nothing"
    # the level moved on after its one hand: late registration and rebuys are over ...
    assert t.level_number == 2
    _refused(t.register, "eve", 1000)
    survivor = t.alive()[0]
    _refused(t.rebuy, survivor)
    _refused(t.add_on, survivor)
    # ... and so is re-entry
    _refused(t.register, out[0], 1000)
    assert (t.prize_pool, t.fees, t.chips_in_play) == _books(t)


def test_R_TOURN_11_a_re_entry_is_a_new_entry_within_its_number() -> None:
    config = TournamentConfig(seats=6, min_entrants=2, max_entrants=60, start_ms=0,
                              buy_in=100, fee=10, starting_chips=1500,
                              late_registration_levels=5, reentry=1,
                              levels=(Level(small_blind=10, big_blind=20, hands=50),))  # fmt: skip
    t = Tournament(config, random.Random(4))
    for p in ("ann", "bob", "cat", "dan", "eve", "fay"):
        t.register(p)
    t.start(0, stacks={"cat": 20})
    # still in: no second entry (R-TOURN-1)
    with pytest.raises(RuleViolationError, match="already registered"):
        t.register("cat", 0)
    rng = random.Random(5)
    deck = list(range(52))
    for _ in range(40):  # everyone calls: cat, all in with 20 chips, goes out soon
        if t.entries["cat"].busted:
            break
        table = t.tables_ready()[0]
        rng.shuffle(deck)
        t.deal(table, deck, 0)
        while t.tables[table].hand is not None:
            legal = t.hand(table).legal_actions()
            action = rules.Call(seat=legal.seat) if legal.call is not None else rules.Check(
                seat=legal.seat)
            t.act(table, t.tables[table].dealt[legal.seat], action, 1000)
    assert t.entries["cat"].busted
    events = t.register("cat", 1000)
    assert [e.entry for e in events if isinstance(e, Registered)] == ["cat#2"]
    assert t.entries["cat#2"].chips == 1500 and not t.entries["cat#2"].busted
    assert (t.prize_pool, t.fees) == (700, 70)
