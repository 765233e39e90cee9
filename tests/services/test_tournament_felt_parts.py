"""What the tournament picture carries for the felt beyond the core's hand view, as the cash
table's view does (issue 13): the viewer's own hand in parts (from their own cards only).
The hidden-information rule holds throughout: a viewer's picture names no card of another
player that the core hides from them."""

from __future__ import annotations

import json

from tests.services.test_tournament_director import FakeTime, accounts
from tests.services.test_tournament_pause import TIMED, director

from pokerroom.core import rules
from pokerroom.core.rules.showdown import hand_parts
from pokerroom.services.tournament_director import TournamentDirector
from pokerroom.services.tournament_view import viewer_picture
from pokerroom.services.wire import card_text
from pokerroom.storage.database import Database


async def call_round(d: TournamentDirector) -> None:
    """Every decision of the street now is a check or a call (until the street changes)."""
    (table,) = d.t.tables.values()
    hand = table.hand
    assert hand is not None
    street = hand.street
    while hand.to_act is not None and hand.street == street:
        _, entry, _ = d.to_act()[0]
        seat = hand.to_act
        legal = hand.legal_actions()
        await d.act(entry, rules.Check(seat=seat) if legal.check else rules.Call(seat=seat))


def cards_of(hand: rules.Hand, seat: int) -> tuple[int, ...]:
    """`seat`'s own cards, as the core shows them to that seat."""
    own = next(s for s in hand.view_for(seat).seats if s.seat == seat)
    assert all(c is not None for c in own.cards)
    return tuple(c for c in own.cards if c is not None)


def hidden_of_others(picture: dict, seat: int) -> list[str]:  # type: ignore[type-arg]
    """The cards of other seats this picture shows (none may be shown before a showdown)."""
    hand = picture["table"]["hand"]
    return [c for s in hand["seats"] if s["seat"] != seat for c in s["cards"] if c]


async def test_the_tournament_picture_words_only_the_viewers_own_hand(
    sqlite_db: Database,
) -> None:
    ids = await accounts(sqlite_db, 3)
    clock = FakeTime()
    d = director(sqlite_db, clock, TIMED, seed=4)
    await d.open()
    d.start_actor()
    for account in ids:
        await d.register(account)
    await d.step()
    (table,) = d.t.tables.values()
    hand = table.hand
    assert hand is not None
    for account in ids:  # before the flop: no five cards, no hand named
        picture = viewer_picture(d, account)
        assert picture["table"] is not None and picture["table"]["own_hand"] is None
    await call_round(d)
    assert hand.street.name == "FLOP"
    board = tuple(hand.view_for(None).board)
    for account in ids:
        picture = viewer_picture(d, account)
        mine = picture["table"]
        assert mine is not None
        seat = mine["seat"]
        assert mine["own_hand"] == hand_parts(hand.config.game, cards_of(hand, seat), board)
        assert mine["own_hand"] is not None
        assert hidden_of_others(picture, seat) == []
        # Nothing else in the picture names another player's card either.
        text = json.dumps(picture)
        others = [card_text(c) for s in table.dealt if s != seat for c in cards_of(hand, s)]
        assert not [c for c in others if f'"{c}"' in text], picture
    # An observer of the tournament (no entry) gets no table, so no hand named.
    assert viewer_picture(d, None)["table"] is None
    await d.stop_actor()
