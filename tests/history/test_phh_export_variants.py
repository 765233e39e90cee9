"""PHH export of short-deck hold'em (PHH `NS`) and of five-card Omaha (pokerroom's own codes
`PO5` and `PO5/8`: PHH has no code for it): random hands written, read back by our importer,
replayed to the same actions, cards and stacks; the short-deck files also by PokerKit."""

from __future__ import annotations

import random
import warnings

import pytest
from tests.differential.harness import our_seats, random_spec

from pokerroom.core.rules import (
    Bet,
    Betting,
    Call,
    Check,
    Fold,
    Game,
    HandConfig,
    MuckCards,
    RaiseTo,
    start_hand,
)
from pokerroom.history import phh
from pokerroom.history.phh_export import EXTENSION_CODES, to_phh
from pokerroom.history.phh_replay import check_hand, import_hand, replay_imported

GAMES = [(Game.SHORT_DECK, Betting.NO_LIMIT, "NS"), (Game.OMAHA5, Betting.POT_LIMIT, "PO5"),
         (Game.OMAHA5_HILO, Betting.POT_LIMIT, "PO5/8")]  # fmt: skip


def _play(game: Game, betting: Betting, seed: int):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    spec = random_spec(rng, game, betting)
    config = HandConfig(game=spec.game, betting=spec.betting, stakes=spec.stakes)
    hand = start_hand(config, our_seats(spec), button=spec.n - 1, deck=spec.deck)
    while not hand.is_over:
        legal, r = hand.legal_actions(), rng.random()
        seat = legal.seat
        if legal.raise_to and r < 0.25:
            hand.apply(RaiseTo(seat=seat, amount=rng.randint(*legal.raise_to)))
        elif legal.bet and r < 0.3:
            hand.apply(Bet(seat=seat, amount=rng.randint(*legal.bet)))
        elif legal.call is not None and legal.fold and r < 0.4:
            hand.apply(Fold(seat=seat))
        elif legal.check:
            hand.apply(Check(seat=seat))
        elif legal.call is not None:
            hand.apply(Call(seat=seat))
        else:
            hand.apply(MuckCards(seat=seat))
    return hand, spec


@pytest.mark.parametrize(("game", "betting", "code"), GAMES, ids=[g[2] for g in GAMES])
def test_R_OMAHA_1_and_R_SHORT_1_hands_written_as_phh_read_back_identically(
    game: Game, betting: Betting, code: str
) -> None:
    """R-SHORT-1, R-OMAHA-1: the deck and the hole cards of each game survive the round trip."""
    for seed in range(25):
        hand, spec = _play(game, betting, seed)
        text = phh.dumps(to_phh(hand, fields={"hand": seed}))
        back = phh.loads(text)
        assert back.variant == code
        result = check_hand(back)
        assert result.status == "ok", (seed, result.detail)
        replayed = replay_imported(import_hand(back))
        assert replayed.record.actions == hand.record.actions
        for seat in range(spec.n):
            assert replayed.view_for(seat).seats[seat].cards == hand.view_for(seat).seats[seat].cards
            assert len(hand.view_for(seat).seats[seat].cards) == game.hole_cards
        assert replayed.result.stacks == hand.result.stacks


def test_R_SHORT_2_pokerkit_replays_our_short_deck_phh_to_our_stacks() -> None:
    """R-SHORT-2: PokerKit 0.7.7 ranks our exported short-deck hands as we do (split pots
    skipped: its odd-chip rule, a known deviation of tests/differential)."""
    from pokerkit import HandHistory

    checked = 0
    for seed in range(40):
        hand, _ = _play(Game.SHORT_DECK, Betting.NO_LIMIT, seed)
        if any(len(p.winners) > 1 for p in hand.result.pots):
            continue
        exported = to_phh(hand)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            state = list(HandHistory.loads(phh.dumps(exported)))[-1]
        assert tuple(state.stacks) == exported.finishing_stacks, phh.dumps(exported)
        checked += 1
    assert checked >= 30


def test_five_card_omaha_codes_are_ours_and_named_as_such() -> None:
    assert set(EXTENSION_CODES) == {"PO5", "PO5/8"}
    assert all(code in phh.VARIANTS for code in EXTENSION_CODES)
