"""Hand records as JSON: what the database stores replays to the identical hand."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from pokerroom.core.rules import (
    Bet,
    Betting,
    Call,
    Check,
    Fold,
    Game,
    HandConfig,
    Post,
    PostKind,
    RaiseTo,
    SeatSetup,
    Stakes,
    replay,
    start_hand,
)
from pokerroom.services.decks import SeededDeckSource
from pokerroom.storage.records import decode_record, encode_record


def play_random_hand(seed: int, game: str = "holdem", stacks=(100, 100, 100)):  # type: ignore[no-untyped-def]
    config = HandConfig(
        game=Game(game),
        betting=Betting("no-limit"),
        stakes=Stakes(small_blind=1, big_blind=2),
        rake_percent=5,
        rake_cap=3,
    )
    seats = tuple(
        SeatSetup(
            seat=i,
            stack=stack,
            posts=(
                (Post(kind=PostKind.SMALL_BLIND, amount=1),)
                if i == 0
                else (Post(kind=PostKind.BIG_BLIND, amount=2),)
                if i == 1
                else ()
            ),
        )
        for i, stack in enumerate(stacks)
    )
    hand = start_hand(
        config, seats, button=len(stacks) - 1, deck=SeededDeckSource(seed).next_deck()
    )
    rng = random.Random(seed)
    while not hand.is_over:
        legal = hand.legal_actions()
        x = rng.random()
        if legal.raise_to and x < 0.25:
            action = RaiseTo(seat=legal.seat, amount=rng.randint(*legal.raise_to))
        elif legal.bet and x < 0.25:
            action = Bet(seat=legal.seat, amount=rng.randint(*legal.bet))
        elif legal.check:
            action = Check(seat=legal.seat)
        elif x < 0.85:
            action = Call(seat=legal.seat)
        else:
            action = Fold(seat=legal.seat)
        hand.apply(action)
    return hand


@pytest.mark.parametrize("seed", range(12))
def test_a_stored_record_decodes_to_the_same_record_and_replays_to_the_same_result(seed) -> None:
    hand = play_random_hand(seed, game=("holdem", "omaha")[seed % 2])
    text = encode_record(hand.record)
    assert isinstance(text, str) and '"format":"pokerroom.record/1"' in text
    decoded = decode_record(text)
    assert decoded == hand.record
    assert replay(decoded).result == hand.result


def test_fractions_and_unknown_types() -> None:
    assert decode_record(encode_record((Fraction(3, 2), 1, "x"))) == (Fraction(3, 2), 1, "x")
    with pytest.raises(ValueError):
        decode_record('{"format":"pokerroom.record/1","record":{"$":"NoSuchClass"}}')
    with pytest.raises(ValueError):
        decode_record('{"format":"other"}')
    with pytest.raises(TypeError):
        encode_record(object())
