"""What the tournament picture carries for the felt beyond the core's hand view, as the cash
table's view does (issue 13): the viewer's own hand in parts (from their own cards only).
The hidden-information rule holds throughout: a viewer's picture names no card of another
player that the core hides from them."""

from __future__ import annotations

import json
import random

import pytest
from sqlalchemy import update
from tests.services.test_tournament_director import FakeTime, accounts
from tests.services.test_tournament_pause import PAUSE, TIMED, director, first_hand, fold_round

from pokerroom.bots.tournament import policy
from pokerroom.core import rules
from pokerroom.core.rules.showdown import hand_parts
from pokerroom.core.tournament.events import Moved, Seated
from pokerroom.services.poker_view import result_winners
from pokerroom.services.tournament_director import TournamentDirector, account_of
from pokerroom.services.tournament_view import name_of, viewer_picture
from pokerroom.services.wire import card_text, plain
from pokerroom.storage.database import Database
from pokerroom.storage.models import Account


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
    d = await first_hand(sqlite_db, clock, ids, seed=4)
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


async def test_each_seats_last_action_is_in_every_picture_until_the_street_changes(
    sqlite_db: Database,
) -> None:
    """The cash felt names each seat's latest action of the street ("Call 50") from its log;
    the tournament picture carries the same (public, alike for every player at the table),
    emptied when the street changes and when the next hand is dealt."""
    ids = await accounts(sqlite_db, 3)
    clock = FakeTime()
    d = await first_hand(sqlite_db, clock, ids, seed=4)
    (table,) = d.t.tables.values()
    hand = table.hand
    assert hand is not None

    def seen() -> list[list[dict]]:  # type: ignore[type-arg]
        out = []
        for account in ids:
            picture = viewer_picture(d, account)["table"]
            assert picture is not None
            out.append(picture["last_actions"])
        return out

    assert seen() == [[], [], []]  # the blinds are posts, not actions
    first = hand.to_act
    assert first is not None
    _, entry, _ = d.to_act()[0]
    await d.act(entry, rules.Call(seat=first))  # the button calls the big blind: adds 50
    assert seen() == [[{"seat": first, "action": "call", "amount": 50}]] * 3
    second = hand.to_act
    assert second is not None
    _, entry, _ = d.to_act()[0]
    await d.act(entry, rules.RaiseTo(seat=second, amount=200))
    assert seen() == [sorted([{"seat": first, "action": "call", "amount": 50},
                              {"seat": second, "action": "raise", "amount": 200}],
                             key=lambda a: a["seat"])] * 3  # fmt: skip
    await call_round(d)
    assert hand.street.name == "FLOP"
    assert seen() == [[], [], []]  # a new street: nobody has acted on it
    seat = hand.to_act
    assert seat is not None
    _, entry, _ = d.to_act()[0]
    await d.act(entry, rules.Check(seat=seat))
    assert seen() == [[{"seat": seat, "action": "check", "amount": 0}]] * 3
    await fold_round(d)
    clock.ms += PAUSE
    await d.step()
    assert table.hand is not None and table.hand is not hand
    assert seen() == [[], [], []]  # the next hand: nothing acted yet
    await d.stop_actor()


async def test_a_bots_seat_is_marked_in_every_picture_also_after_a_restore(
    sqlite_db: Database,
) -> None:
    """The account's bot mark (as a cash table's runner learns it when a player sits): read at
    registration, and again when a stored tournament is opened by a new director."""
    ids = await accounts(sqlite_db, 3)
    robot = ids[1]
    async with sqlite_db.write() as session:
        await session.execute(update(Account).where(Account.id == robot).values(is_bot=True))
    clock = FakeTime()
    d = await first_hand(sqlite_db, clock, ids, seed=4)

    def marks(d: TournamentDirector) -> list[dict[str, bool]]:
        out = []
        for account in ids:
            picture = viewer_picture(d, account)["table"]
            assert picture is not None
            out.append({s["entry"]: s["bot"] for s in picture["seats"] if s is not None})
        return out

    expected = {str(a): a == robot for a in ids}
    assert marks(d) == [expected] * 3
    await d.stop_actor()
    again = director(sqlite_db, clock, TIMED, seed=4)  # the director lost; restored
    await again.open()
    assert marks(again) == [expected] * 3


NINE = {
    "name": "nine", "seats": 3, "max_entrants": 9, "buy_in": 100, "fee": 10,
    "starting_chips": 1000,
    "levels": [{"small_blind": 25 * 2**i, "big_blind": 50 * 2**i, "hands": 2} for i in range(14)],
}  # fmt: skip


@pytest.mark.parametrize("seed", [1, 2])
async def test_R_TOURN_8_a_moved_player_sees_the_hand_just_over_until_dealt_in_again(
    sqlite_db: Database, seed: int
) -> None:
    """A player moved to another table (balancing, R-TOURN-8; a broken table or the final
    table's draw, R-TOURN-9) finds on their felt the hand they just played at the table they
    left, with its result, as the core showed it to their seat there (nothing more), until
    they are dealt in again; their table is the new one meanwhile."""
    ids = await accounts(sqlite_db, 9)
    clock = FakeTime()
    d = director(sqlite_db, clock, NINE, seed=seed, pause=0)
    await d.open()
    d.start_actor()
    for account in ids:
        await d.register(account)
    rng = random.Random(seed)
    moves = balanced = 0
    checked_gone = 0
    waiting_for: dict[int, int] = {}  # moved account -> its table now, until dealt in again
    while d.t.status != "finished":
        events = list(await d.step())
        for account, n in list(waiting_for.items()):
            x = d.t.tables.get(n)
            entry = str(account)
            if x is not None and x.hand is not None and entry in x.dealt.values():
                picture = viewer_picture(d, account)["table"]
                assert picture is not None and "previous" not in picture  # dealt in again
                del waiting_for[account]
                checked_gone += 1
        waiting = d.to_act()
        if waiting:
            _, entry, hand = rng.choice(waiting)
            clock.ms += 1000
            events += await d.act(entry, policy(hand, rng))
        for ev in events:
            if not isinstance(ev, Moved | Seated):
                continue
            entry = ev.entry
            account = account_of(entry)
            to = ev.to_table if isinstance(ev, Moved) else ev.table
            picture = viewer_picture(d, account)["table"]
            assert picture is not None and picture["number"] == to
            x = d.t.tables[to]
            if x.hand is not None and entry in x.dealt.values():
                continue  # (dealt in at once: the new hand is on the felt)
            assert picture["hand"] is None
            previous = picture.get("previous")
            assert previous is not None, (ev, picture)
            n, seat, fin = d.last_hand[account]
            assert fin.accounts[seat] == account and previous["seat"] == seat
            if isinstance(ev, Moved):
                assert previous["number"] == ev.from_table
                balanced += ev.from_table in d.t.tables  # the table it left plays on
            # Exactly the core's view for the seat they had: their own cards, shown ones.
            assert previous["hand"] == plain(fin.hand.view_for(seat))
            assert previous["hand"]["is_over"]
            names = {s: name_of(d, str(a)) for s, a in fin.accounts.items()}
            winners, shown = result_winners(fin.hand, names)
            assert previous["result"] == {"winners": winners, "shown": shown}
            assert previous["seats"][seat]["entry"] == entry
            moves += 1
            waiting_for[account] = to
    await d.stop_actor()
    assert moves and balanced and checked_gone, (moves, balanced, checked_gone)
