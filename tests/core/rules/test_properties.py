"""Hypothesis properties of the hand engine over every game and structure.

Chip conservation after every step (R-POT-3); every action in legal_actions is accepted and
every other refused with the state unchanged (R-BET-10); no view or event leaks a card its
viewer may not see; tied pot shares differ by at most one chip unit (R-TIE-2); a record
replays to the same events (HandRecord).
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rules_helpers import snapshot

from pokerroom.core.deck import shuffled_deck
from pokerroom.core.errors import IllegalActionError
from pokerroom.core.rules import (
    OBSERVER,
    Action,
    Bet,
    Betting,
    BringIn,
    Call,
    CardsDrawn,
    CardsMucked,
    Check,
    Complete,
    Draw,
    Fold,
    Game,
    Hand,
    HandConfig,
    HandView,
    HoleCardsDealt,
    LegalActions,
    Post,
    PostKind,
    RaiseTo,
    SeatSetup,
    SeatView,
    Stakes,
    apply,
    replay,
    start_hand,
)

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def hands(draw: st.DrawFn) -> Hand:
    game = draw(st.sampled_from(list(Game)))
    betting = draw(st.sampled_from(list(Betting)))
    unit = draw(st.sampled_from([1, 1, 5]))
    n = draw(st.integers(2, min(game.max_players, 8 if game.is_stud else 9)))
    stacks = draw(st.lists(st.integers(1, 120).map(lambda x: x * unit), min_size=n, max_size=n))
    button = draw(st.integers(0, n - 1))
    if game.is_stud:
        stakes = Stakes(ante=unit, bring_in=2 * unit, small_bet=5 * unit, big_bet=10 * unit)
    else:
        stakes = Stakes(small_blind=unit, big_blind=2 * unit, small_bet=2 * unit, big_bet=4 * unit)
    config = HandConfig(
        game=game, betting=betting, stakes=stakes, chip_unit=unit,
        reopen_rule=draw(st.sampled_from(["full", "half"])),
        limit_cap_heads_up=draw(st.booleans()),
        rake_percent=draw(st.sampled_from([0, 0, 5])), rake_cap=draw(st.sampled_from([0, 3 * unit])),
    )  # fmt: skip
    seats = []
    for seat in range(n):
        posts: list[Post] = []
        if game.is_stud:
            posts.append(Post(kind=PostKind.ANTE, amount=unit))
        elif n == 2:
            posts.append(Post(kind=PostKind.SMALL_BLIND if seat == button else PostKind.BIG_BLIND,
                              amount=unit if seat == button else 2 * unit))  # fmt: skip
        elif seat == (button + 1) % n:
            posts.append(Post(kind=PostKind.SMALL_BLIND, amount=unit))
        elif seat == (button + 2) % n:
            posts.append(Post(kind=PostKind.BIG_BLIND, amount=2 * unit))
        seats.append(SeatSetup(seat=seat, stack=stacks[seat], posts=tuple(posts)))
    deck = shuffled_deck(random.Random(draw(st.integers(0, 2**32))))
    return start_hand(config, seats, button=button, deck=deck)


def choices(legal: LegalActions, unit: int, hand: Hand | None = None) -> list[Action]:
    seat = legal.seat
    out: list[Action] = []
    if legal.draw is not None:
        # Draw games (R-DRAW-2): stand pat, exchange one card, half of them or all of them.
        assert hand is not None
        held = hand.cards[hand.pos_of[seat]]
        lo, hi = legal.draw
        for k in sorted({lo, 1, hi // 2, hi}):
            out.append(Draw(seat=seat, discard=tuple(held[:k])))
        return out
    if legal.fold:
        out.append(Fold(seat=seat))
    if legal.check:
        out.append(Check(seat=seat))
    if legal.call is not None:
        out.append(Call(seat=seat))
    if legal.bring_in is not None:
        out.append(BringIn(seat=seat))
    for rng, kind in ((legal.bet, Bet), (legal.raise_to, RaiseTo), (legal.complete, Complete)):
        if rng is not None:
            lo, hi = rng
            mid = lo + (hi - lo) // 2 // unit * unit
            out.extend(kind(seat=seat, amount=a) for a in sorted({lo, hi, mid}))
    return out


def illegal(hand: Hand, legal: LegalActions) -> list[Action]:
    """Actions that must be refused now."""
    seat = legal.seat
    other = next(s for s in hand.seat_of if s != seat)
    out: list[Action] = [Call(seat=other), Fold(seat=other), Check(seat=99), Draw(seat=other)]
    if legal.draw is None:
        out.append(Draw(seat=seat))
    else:
        held = hand.cards[hand.pos_of[seat]]
        foreign = next(c for c in range(52) if c not in held)
        out += [Draw(seat=seat, discard=(foreign,)), Draw(seat=seat, discard=(held[0], held[0])),
                Draw(seat=seat, discard=(-1,))]
    if not legal.check:
        out.append(Check(seat=seat))
    if legal.call is None:
        out.append(Call(seat=seat))
    if not legal.fold:
        out.append(Fold(seat=seat))
    if legal.bring_in is None:
        out.append(BringIn(seat=seat))
    total = hand.bets[hand.pos_of[seat]] + hand.stacks[hand.pos_of[seat]]
    for rng, kind in ((legal.bet, Bet), (legal.raise_to, RaiseTo), (legal.complete, Complete)):
        if rng is None:
            out.append(kind(seat=seat, amount=total))
        else:
            lo, hi = rng
            out.append(kind(seat=seat, amount=hi + 1))
            if lo > 1:
                out.append(kind(seat=seat, amount=lo - 1))
    return out


def play_out(hand: Hand, data: st.DataObject, *, refusals: bool = False, views: bool = False) -> None:
    total = hand.total_chips()
    while not hand.is_over:
        legal = hand.legal_actions()
        if refusals:
            before = snapshot(hand)
            for action in illegal(hand, legal):
                try:
                    hand.apply(action)
                except IllegalActionError:
                    pass
                else:
                    raise AssertionError(f"accepted an illegal action {action} with {legal}")
                assert snapshot(hand) == before, action
        action = data.draw(st.sampled_from(choices(legal, hand.unit, hand)))
        hand.apply(action)  # every listed action is accepted
        assert hand.total_chips() == total
        if views:
            check_views(hand)
    assert sum(s for _, s in hand.result.stacks) + hand.result.rake == total


def reference_view(hand: Hand, viewer: int | None) -> HandView:
    """The view of one viewer built seat by seat from the rule (R-SD-2): own cards, up cards,
    shown hands, and mucked hands to players dealt in once the hand is over."""
    dealt_in = viewer is not None and viewer in hand.pos_of
    seats = []
    for i, seat in enumerate(hand.seat_of):
        reveal_all = ((dealt_in and viewer == seat) or seat in hand.shown
                      or (dealt_in and hand.is_over and seat in hand.mucked))
        up = tuple(bool(hand.stud and 2 <= k < 2 + hand.up_count[i])
                   for k in range(len(hand.cards[i])))
        seats.append(SeatView(
            seat=seat, name=hand.setups[i].name, stack=hand.stacks[i], bet=hand.bets[i],
            contributed=hand.contrib[i], folded=hand.folded[i], all_in=hand.allin[i],
            cards=tuple(c if reveal_all or up[k] else None for k, c in enumerate(hand.cards[i])),
            up=up))  # fmt: skip
    return HandView(
        viewer=viewer, config=hand.config, button=hand.button, street=hand.street,
        board=tuple(hand.board), seats=tuple(seats), pot=hand.pot, pots=hand.current_pots(),
        to_act=hand.to_act,
        legal=hand.legal_actions() if not hand.is_over and viewer == hand.to_act else None,
        is_over=hand.is_over, result=hand.result if hand.is_over else None,
    )  # fmt: skip


def check_views(hand: Hand) -> None:
    shown = set(hand.shown)
    viewers = (OBSERVER, *hand.seat_of, 99)
    # One fan-out's views, built together and sharing what they can (issue 11), are each
    # exactly the view of that viewer alone, and the rule's.
    together = hand.views_for(viewers)
    for viewer in viewers:
        assert together[viewer] == hand.view_for(viewer) == reference_view(hand, viewer), viewer
    for viewer in viewers:
        view = hand.view_for(viewer)
        for sv in view.seats:
            i = hand.pos_of[sv.seat]
            for k, card in enumerate(sv.cards):
                if card is None:
                    continue
                assert card == hand.cards[i][k]
                visible = (
                    sv.seat == viewer or sv.seat in shown or sv.up[k]
                    or (hand.is_over and viewer in hand.pos_of and sv.seat in hand.mucked)
                )
                assert visible, (viewer, sv.seat, k)
        for event in hand.events_for(viewer):
            if isinstance(event, HoleCardsDealt) and event.seat != viewer:
                assert event.cards == ()
            if isinstance(event, CardsDrawn) and event.seat != viewer:
                assert event.discarded == () and event.drawn == ()  # R-DRAW-5
            if isinstance(event, CardsMucked) and viewer not in hand.pos_of:
                assert event.cards == ()


@SETTINGS
@given(hand=hands(), data=st.data())
def test_R_POT_3_chips_conserved_after_every_step(hand: Hand, data: st.DataObject) -> None:
    """R-POT-3: stacks + bets + pot (+ rake) are constant after every action, in every game."""
    play_out(hand, data)


@SETTINGS
@given(hand=hands(), data=st.data())
def test_R_BET_10_legal_accepted_everything_else_refused_unchanged(hand: Hand, data: st.DataObject) -> None:
    """R-BET-10: every listed action is accepted; out-of-turn, wrong-kind and out-of-range
    actions are refused and leave every field of the hand unchanged."""
    play_out(hand, data, refusals=True)


@SETTINGS
@given(hand=hands(), data=st.data())
def test_views_never_leak_hidden_cards(hand: Hand, data: st.DataObject) -> None:
    """R-SD-2: views and events show a card only to whom it is visible: own cards, up cards,
    shown hands, and mucked hands to players dealt in after the hand."""
    play_out(hand, data, views=True)


@SETTINGS
@given(hand=hands(), data=st.data())
def test_R_TIE_2_tied_shares_differ_by_at_most_one_unit(hand: Hand, data: st.DataObject) -> None:
    """R-TIE-2: within each pot, tied winners' shares of a half differ by at most one unit."""
    play_out(hand, data)
    unit = hand.unit
    for pot in hand.result.pots:
        low = dict(pot.low_winners)
        high = {s: a - low.get(s, 0) for s, a in pot.winners if a - low.get(s, 0) > 0}
        for shares in (list(high.values()), list(low.values())):
            if len(shares) > 1:
                assert max(shares) - min(shares) <= unit + (pot.amount % unit)
        assert sum(a for _, a in pot.winners) == pot.amount


@SETTINGS
@given(hand=hands(), data=st.data())
def test_replay_gives_the_same_events_and_result(hand: Hand, data: st.DataObject) -> None:
    """HandRecord: replaying the record gives identical events and result; the functional apply
    leaves its input unchanged."""
    first = hand.copy()
    play_out(hand, data)
    again = replay(hand.record)
    assert again.events == hand.events and again.result == hand.result
    if not first.is_over:
        before = snapshot(first)
        new, events = apply(first, hand.record.actions[0])
        assert snapshot(first) == before and events == new.events[len(first.events):]
