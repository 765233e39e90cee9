"""Five-card Omaha, pot-limit hi and hi-lo (R-OMAHA-1, R-OMAHA-2): five hole cards, exactly two
of them with exactly three of the board; at most nine players."""

from __future__ import annotations

import pytest

from pokerroom.core.cards import parse_cards, to_codes
from pokerroom.core.errors import InvalidConfigError
from pokerroom.core.evaluation import omaha_rank
from pokerroom.core.rules import (
    Betting,
    Call,
    Check,
    Game,
    HandConfig,
    Post,
    PostKind,
    SeatSetup,
    Stakes,
    arrange_deck,
    start_hand,
)
from pokerroom.core.rules.showdown import describe_hand, strength
from pokerroom.core.table.config import TableConfig, TableStakes


def c(text: str) -> tuple[int, ...]:
    return to_codes(parse_cards(text))


def _play_down(game: Game, cards: dict[int, tuple[int, ...]], board: tuple[int, ...]):  # type: ignore[no-untyped-def]
    config = HandConfig(game=game, betting=Betting.POT_LIMIT, stakes=Stakes(small_blind=1, big_blind=2))
    seats = [SeatSetup(seat=0, stack=100, posts=(Post(kind=PostKind.BIG_BLIND, amount=2),)),
             SeatSetup(seat=1, stack=100, posts=(Post(kind=PostKind.SMALL_BLIND, amount=1),))]
    deck = arrange_deck(game, [0, 1], 1, cards, board)
    hand = start_hand(config, seats, button=1, deck=deck)
    assert len(hand.view_for(0).seats[0].cards) == 5
    while not hand.is_over:
        legal = hand.legal_actions()
        hand.apply(Check(seat=legal.seat) if legal.check else Call(seat=legal.seat))
    return hand


def test_R_OMAHA_1_exactly_two_of_the_five_hole_cards_play() -> None:
    four_spades = c("As Ks Qs Js 2c")
    board = c("Ts 3d 4h 7c 7d")  # one spade on the board: four in the hand make no flush
    value, low = strength(Game.OMAHA5, four_spades, board)
    assert low is None
    assert value == omaha_rank(four_spades, board)
    assert describe_hand(Game.OMAHA5, four_spades, board) == "Pair of Sevens"
    # 5-6 of the hand with 3-4-7 of the board: a straight beats the four spades' pair
    hand = _play_down(Game.OMAHA5, {0: four_spades, 1: c("Jd Jh 5c 6c 8c")}, board)
    assert hand.result.won(1) == 4 and hand.result.stack(1) == 102


def test_R_OMAHA_1_hi_lo_the_low_uses_two_hole_cards_and_three_board_cards() -> None:
    board = c("2d 5h 7c Kd Ks")
    low_hand = c("As 3c Qd Qh Jc")  # A-3 with 2-5-7: a seven low
    no_low = c("Kh 9c Td Th 4s")  # only one card of 8 or lower; three kings
    hilo = Game.OMAHA5_HILO
    assert strength(hilo, low_hand, board)[1] is not None
    assert strength(hilo, no_low, board)[1] is None
    hand = _play_down(hilo, {0: low_hand, 1: no_low}, board)
    # the three kings take the high half, the seven low the other
    assert hand.result.won(0) == 2 and hand.result.won(1) == 2


def test_R_OMAHA_2_at_most_nine_players() -> None:
    assert Game.OMAHA5.max_players == Game.OMAHA5_HILO.max_players == 9
    TableConfig(game="omaha5", betting="pot-limit", seats=9,
                stakes=TableStakes(small_blind=1, big_blind=2))
    with pytest.raises(InvalidConfigError, match="at most 9 seats"):
        TableConfig(game="omaha5", betting="pot-limit", seats=10,
                    stakes=TableStakes(small_blind=1, big_blind=2))
    config = HandConfig(game=Game.OMAHA5, betting=Betting.POT_LIMIT, stakes=Stakes(small_blind=1, big_blind=2))
    seats = [SeatSetup(seat=i, stack=100) for i in range(10)]
    with pytest.raises(InvalidConfigError, match="2 to 9 players"):
        start_hand(config, seats, button=9, deck=tuple(range(52)))
