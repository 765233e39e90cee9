"""engine.contributed reads a seat's chips in the pot straight from the hand (issue 11: it
built a whole view of the hand at every turn): the same number the seat's view shows, at
every step of played hands."""

from __future__ import annotations

import random

from tablekit import deck, table

from pokerroom.core import rules
from pokerroom.core.table import engine


def test_contributed_is_what_the_seats_view_shows_at_every_step() -> None:
    rng = random.Random(7)
    t = table("ann bob cat dan eve")
    checked = 0
    for n in range(12):
        t.start_hand(n, deck(n))
        hand = t.hand
        while hand is not None and not hand.is_over:
            for seat in (*range(6), 99):  # every seat, an empty one and one never there
                shown = next((s.contributed for s in hand.view_for(seat).seats
                              if s.seat == seat), 0)
                assert engine.contributed(hand, seat) == shown
                checked += shown > 0
            legal = hand.legal_actions()
            account = t.account_at(legal.seat)
            assert account is not None
            u = rng.random()
            action: rules.Action
            if legal.raise_to is not None and u < 0.3:
                action = rules.RaiseTo(seat=legal.seat, amount=legal.raise_to[0])
            elif legal.bet is not None and u < 0.3:
                action = rules.Bet(seat=legal.seat, amount=legal.bet[0])
            elif legal.check:
                action = rules.Check(seat=legal.seat)
            elif u < 0.8:
                action = rules.Call(seat=legal.seat)
            else:
                action = rules.Fold(seat=legal.seat)
            t.act(account, action, n)
    assert checked > 100  # seats with chips in the pot were compared, not only zeros
