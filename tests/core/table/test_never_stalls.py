"""A table never freezes (R-BET-10): whatever `legal_actions()` offers, `apply` accepts, and
the choice the table makes for a player who times out is always one of them; a player who
left is folded (even where a player still present would be told to check).

Over all 18 game/structure pairs at the hand level (the engine plays pot-limit and no-limit
stud too), and over the 12 pairs a table may be configured with, played on a real `Table`:
at every decision point the player to act plays a listed action, disconnects, leaves or runs
out of time, and the hand always goes on to its end. The stud bring-in is where it froze: the
bring-in player may neither fold nor check, and the leave path tried Fold.
"""

from __future__ import annotations

import copy
import itertools
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerroom.core import rules
from pokerroom.core.deck import shuffled_deck
from pokerroom.core.errors import InvalidConfigError
from pokerroom.core.table import Table, TableConfig, TableStakes, engine
from pokerroom.core.table.events import PlayerStoodUp

GAMES = [g.value for g in rules.Game]
BETTINGS = [b.value for b in rules.Betting]
PAIRS = list(itertools.product(GAMES, BETTINGS))
SETTINGS = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def listed(legal: rules.LegalActions, hand: rules.Hand | None = None) -> list[rules.Action]:
    seat = legal.seat
    out: list[rules.Action] = []
    if legal.draw is not None and hand is not None:
        # Draw games (R-DRAW-2): stand pat, exchange one card, or all of them.
        held = hand.cards[hand.pos_of[seat]]
        lo, hi = legal.draw
        return [rules.Draw(seat=seat, discard=tuple(held[:k])) for k in sorted({lo, 1, hi})]
    if legal.fold:
        out.append(rules.Fold(seat=seat))
    if legal.check:
        out.append(rules.Check(seat=seat))
    if legal.call is not None:
        out.append(rules.Call(seat=seat))
    if legal.bring_in is not None:
        out.append(rules.BringIn(seat=seat))
    for rng, kind in ((legal.bet, rules.Bet), (legal.raise_to, rules.RaiseTo),
                      (legal.complete, rules.Complete)):  # fmt: skip
        if rng is not None:
            out.extend(kind(seat=seat, amount=a) for a in sorted(set(rng)))
    return out


def hand_for(game: str, betting: str, n: int, seed: int) -> rules.Hand:
    stud = rules.Game(game).is_stud
    if stud:
        stakes = rules.Stakes(ante=1, bring_in=2, small_bet=5, big_bet=10)
    else:
        stakes = rules.Stakes(small_blind=1, big_blind=2, small_bet=2, big_bet=4)
    config = rules.HandConfig(game=rules.Game(game), betting=rules.Betting(betting), stakes=stakes)
    setups = []
    for seat in range(n):
        posts = []
        if stud:
            posts.append(rules.Post(kind=rules.PostKind.ANTE, amount=1))
        elif seat == 0:
            posts.append(rules.Post(kind=rules.PostKind.SMALL_BLIND, amount=1))
        elif seat == 1:
            posts.append(rules.Post(kind=rules.PostKind.BIG_BLIND, amount=2))
        setups.append(rules.SeatSetup(seat=seat, stack=100 + 7 * seat, posts=tuple(posts)))
    deck = shuffled_deck(random.Random(seed))
    return rules.start_hand(config, setups, button=n - 1, deck=deck)


@pytest.mark.parametrize(("game", "betting"), PAIRS)
@SETTINGS
@given(n=st.integers(2, 7), seed=st.integers(0, 2**32), data=st.data())
def test_R_BET_10_every_listed_action_and_the_clock_and_leave_choices_are_accepted(
    game: str, betting: str, n: int, seed: int, data: st.DataObject
) -> None:
    """R-BET-10: at every decision point of a hand, in every game and structure, each action
    legal_actions() lists is accepted, and so are the timeout and leave choices."""
    hand = hand_for(game, betting, n, seed)
    while not hand.is_over:
        legal = hand.legal_actions()
        options = listed(legal, hand)
        for action in options:
            copy.deepcopy(hand).apply(action)  # raises if a listed action is refused
        seat = legal.seat
        verb, action = engine.timeout_action(hand, seat)
        assert action in options, (verb, legal)  # the clock picks from what is listed
        verb, action = engine.leave_action(hand, seat)
        copy.deepcopy(hand).apply(action)  # and the table's choice for a leaver is accepted
        # A player who left folds, even where a check is possible; the stud bring-in, a
        # forced bet, is posted; at a draw (no bet) the player stands pat.
        assert verb == ("bring-in" if legal.bring_in is not None
                        else "stand pat" if legal.draw is not None else "fold")
        hand.apply(data.draw(st.sampled_from(options)))


def table_pairs() -> list[tuple[str, str]]:
    """The pairs a table may be configured with (stud games are limit only)."""
    out = []
    for game, betting in PAIRS:
        try:
            config_for(game, betting)
        except InvalidConfigError:
            continue
        out.append((game, betting))
    return out


def config_for(game: str, betting: str) -> TableConfig:
    if game in ("stud", "stud-hilo", "razz"):
        stakes = TableStakes(ante=1, bring_in=2, small_bet=5, big_bet=10)
    else:
        stakes = TableStakes(small_blind=1, big_blind=2, small_bet=2, big_bet=4)
    return TableConfig(name="t", game=game, betting=betting, stakes=stakes, seats=6,
                       first_button=0)  # fmt: skip


def test_the_table_pairs_are_the_twenty_one_the_room_allows() -> None:
    # 12 before issue 14 added short-deck hold'em and five-card Omaha hi and hi-lo (three
    # structures each), and the three draw games (three structures each)
    assert len(table_pairs()) == 30


MOVES = ("act", "act", "act", "timeout", "leave", "disconnect")


@pytest.mark.parametrize(("game", "betting"), table_pairs())
@SETTINGS
@given(n=st.integers(2, 6), seed=st.integers(0, 2**32), data=st.data())
def test_R_BET_10_a_player_who_leaves_times_out_or_disconnects_never_stalls_the_hand(
    game: str, betting: str, n: int, seed: int, data: st.DataObject
) -> None:
    """At every decision point the player to act plays, leaves, runs out of time or drops:
    the hand always moves on and ends; a player who left is never waited for again and
    every listed action is accepted by the table."""
    config = config_for(game, betting)
    table = Table(config)
    for seat in range(n):
        table.sit_down(f"p{seat}", seat, config.buy_in.minimum + 3 * seat)
    total = table.total_chips()
    now = 0
    table.start_hand(now, shuffled_deck(random.Random(seed)))
    left: set[str] = set()
    steps = 0
    while table.hand is not None:
        steps += 1
        assert steps < 200, "the hand stalled"
        hand = table.hand
        legal = hand.legal_actions()
        account = table.account_at(legal.seat)
        assert account is not None
        assert account not in left, "a player who left is waited for"
        clock = table.clock
        assert clock is not None and clock.account == account
        before = len(hand.events)
        move = data.draw(st.sampled_from(MOVES))
        if move == "act":
            options = listed(legal, hand)
            for action in options:
                copy.deepcopy(table).act(account, action, now)  # each listed action is accepted
            table.act(account, data.draw(st.sampled_from(options)), now)
        elif move == "leave":
            table.stand_up(account, now_ms=now)
            left.add(account)
        else:
            if move == "disconnect":
                table.disconnect(account)
            now = clock.deadline_ms + 1
            assert table.check_clock(now), "the clock did nothing for a player out of time"
        # The hand moved on: a new event, or it is over.
        assert table.hand is None or len(hand.events) > before
    gone = sum(e.stack for e in table.log if isinstance(e, PlayerStoodUp))
    rake = table.last_hand.result.rake  # type: ignore[union-attr]
    assert table.total_chips() + gone + rake == total
    seated = {p.account for p in table.players()}
    assert not seated & left  # players who left are gone once the hand is over
