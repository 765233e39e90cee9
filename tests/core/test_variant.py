"""Games declared as data (core/rules/variant.py): each of the six games is one `Variant`, and
what the engine, history writers and clients read comes from it."""

from __future__ import annotations

import pytest

from pokerroom.core.rules import (
    FLOP_STREETS,
    STUD_STREETS,
    VARIANTS,
    Betting,
    Evaluator,
    Game,
    Layout,
    Opener,
    Street,
    arrange_deck,
)
from pokerroom.history.phh_export import VARIANT_CODES
from pokerroom.history.phh_replay import VARIANT_MAP
from pokerroom.services.wire import variant_info


def test_every_game_is_declared_once() -> None:
    assert set(VARIANTS) == {g.value for g in Game}
    for game in Game:
        assert game.variant.code == game.value


@pytest.mark.parametrize(("game", "stud", "hilo", "hole", "players", "halves"), [
    (Game.HOLDEM, False, False, 2, 10, (Evaluator.HIGH,)),
    (Game.OMAHA, False, False, 4, 10, (Evaluator.OMAHA_HIGH,)),
    (Game.OMAHA_HILO, False, True, 4, 10, (Evaluator.OMAHA_HIGH, Evaluator.OMAHA_EIGHT_LOW)),
    (Game.STUD, True, False, 2, 8, (Evaluator.HIGH,)),
    (Game.STUD_HILO, True, True, 2, 8, (Evaluator.HIGH, Evaluator.EIGHT_LOW)),
    (Game.RAZZ, True, False, 2, 8, (Evaluator.RAZZ_LOW,)),
])  # fmt: skip
def test_the_six_declarations_say_what_the_games_always_were(
    game: Game, stud: bool, hilo: bool, hole: int, players: int, halves: tuple[Evaluator, ...]
) -> None:
    v = game.variant
    assert (game.is_stud, game.is_hilo, game.hole_cards, game.max_players) == (stud, hilo, hole, players)
    assert v.halves == halves
    assert v.deck == tuple(range(52))
    if stud:
        assert v.layout is Layout.STUD and v.street_ids == STUD_STREETS
        assert [(s.down, s.up) for s in v.streets] == [(2, 1), (0, 1), (0, 1), (0, 1), (1, 0)]
        assert v.streets[0].opener is Opener.BRING_IN
        assert {s.opener for s in v.streets[1:]} == {Opener.BEST_SHOWING}
        assert v.cards_per_player == 7 and v.board_cards == 0
    else:
        assert v.layout is Layout.BOARD and v.street_ids == FLOP_STREETS
        assert [s.board for s in v.streets] == [0, 3, 1, 1]
        assert v.board_before == (0, 0, 3, 4)
        assert v.streets[0].opener is Opener.BLINDS
    # limit: small bets on the first two rounds, big bets after (R-BET-3)
    assert [s.big_bet for s in v.streets][:2] == [False, False]
    assert all(s.big_bet for s in v.streets[2:])


def test_history_writers_and_readers_take_their_names_from_the_declarations() -> None:
    assert VARIANT_MAP == {
        "NT": (Game.HOLDEM, Betting.NO_LIMIT), "FT": (Game.HOLDEM, Betting.LIMIT),
        "PO": (Game.OMAHA, Betting.POT_LIMIT), "FO/8": (Game.OMAHA_HILO, Betting.LIMIT),
        "F7S": (Game.STUD, Betting.LIMIT), "F7S/8": (Game.STUD_HILO, Betting.LIMIT),
        "FR": (Game.RAZZ, Betting.LIMIT), "NS": (Game.SHORT_DECK, Betting.NO_LIMIT),
        "N2L1D": (Game.DEUCE_SEVEN_SINGLE, Betting.NO_LIMIT),
        "F2L3D": (Game.DEUCE_SEVEN_TRIPLE, Betting.LIMIT), "FB": (Game.BADUGI, Betting.LIMIT),
        # pokerroom's own codes: PHH has none for five-card Omaha (phh_export.EXTENSION_CODES)
        "PO5": (Game.OMAHA5, Betting.POT_LIMIT), "PO5/8": (Game.OMAHA5_HILO, Betting.POT_LIMIT),
    }  # fmt: skip
    assert VARIANT_CODES == {pair: code for code, pair in VARIANT_MAP.items()}
    assert Game.STUD_HILO.variant.pokerstars_name == "7 Card Stud Hi/Lo"
    assert Game.SHORT_DECK.variant.pokerstars_name is None  # no header of that format names it
    assert Game.DEUCE_SEVEN_TRIPLE.variant.pokerstars_name == "Triple Draw 2-7 Lowball"


def test_clients_get_the_card_layout_from_the_declaration() -> None:
    assert variant_info(Game.OMAHA) == {"name": "Omaha", "layout": "board", "hole_cards": 4,
                                        "board_cards": 5, "deck_size": 52}
    assert variant_info(Game.RAZZ)["layout"] == "stud"


def test_a_deck_is_arranged_from_the_variants_own_deck() -> None:
    deck = arrange_deck(Game.HOLDEM, [0, 1], 1, {0: [51, 50]}, [0, 1, 2])
    assert sorted(deck) == list(range(52))
    assert deck[0] == 51 and deck[2] == 50 and deck[4:7] == (0, 1, 2)
    assert Street.PREFLOP in Game.HOLDEM.variant.street_ids


@pytest.mark.parametrize(("game", "hole", "draws", "players", "halves"), [
    (Game.DEUCE_SEVEN_SINGLE, 5, 1, 7, (Evaluator.DEUCE_SEVEN_LOW,)),
    (Game.DEUCE_SEVEN_TRIPLE, 5, 3, 7, (Evaluator.DEUCE_SEVEN_LOW,)),
    (Game.BADUGI, 4, 3, 8, (Evaluator.BADUGI,)),
])  # fmt: skip
def test_R_DRAW_1_the_draw_games_are_declared_with_their_draws(
    game: Game, hole: int, draws: int, players: int, halves: tuple[Evaluator, ...]
) -> None:
    v = game.variant
    assert v.layout is Layout.DRAW and game.is_draw and not game.is_stud
    assert (v.hole_cards, v.max_players, v.halves, v.board_cards) == (hole, players, halves, 0)
    assert [s.draw for s in v.streets] == [False] + [True] * draws
    assert v.street_ids[0] is Street.PREDRAW and v.streets[0].opener is Opener.BLINDS
    assert [s.big_bet for s in v.streets] == [False, False, True, True][: draws + 1]
