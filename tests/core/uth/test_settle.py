"""Showdown, qualification and settlement by hand-worked examples (U-SHOW-1, U-QUAL-1, U-PAY-1..4)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from tests.core.uth.helpers import play_round

from pokerroom.core.cards import parse_cards
from pokerroom.core.evaluation import evaluate_high
from pokerroom.core.uth import BetKind, Outcome
from pokerroom.core.uth.settle import dealer_qualifies


def _nets(rnd: object) -> dict[str, int]:
    return {b.bet.value: b.net for b in rnd.settlement(0).bets}


def test_U_SHOW_1_best_five_of_seven_compared() -> None:
    """U-SHOW-1: best five of seven each; the board can play for both (a tie pushes)."""
    # Board straight 5-9 plays for both: tie, everything pushes.
    rnd = play_round("5c 6d 7h 8s 9c", "2d 3d", "2h 3h", ["play 4"], ante=100)
    assert rnd.settlement(0).outcome is Outcome.TIE
    assert _nets(rnd) == {"ante": 0, "blind": 0, "play": 0}
    # Kicker decides: A-K-Q-J-9 for the player vs A-K-Q-J-8... dealer pairs nothing.
    rnd = play_round("Ac Kd Qh 4s 2c", "Jd 9s", "Jh 8s", ["play 4"], ante=100)
    assert rnd.settlement(0).outcome is Outcome.WIN


def test_U_QUAL_1_dealer_qualifies_with_a_pair() -> None:
    """U-QUAL-1: the dealer qualifies with a pair or better, not with ace high."""
    assert dealer_qualifies(evaluate_high(parse_cards("2c 2d 5h 8s 9c Jd Ks")))
    assert not dealer_qualifies(evaluate_high(parse_cards("2c 4d 5h 8s 9c Jd As")))
    # Pair on the board: the dealer qualifies through the board.
    rnd = play_round("Kc Kd 7h 4s 2c", "Ah Qd", "Jh 9s", ["play 4"], ante=100)
    assert rnd.settlement(0).dealer_qualifies
    assert _nets(rnd) == {"ante": 100, "blind": 0, "play": 400}


# U-PAY-1, row by row, with Ante 100 (Blind 100): worked by hand.
@pytest.mark.parametrize(
    ("board", "player", "dealer", "decisions", "qualifies", "expected"),
    [
        # dealer does not qualify, player wins: ante push, blind push, play 1:1
        ("Ac Kd 8h 4s 2c", "Ad 9s", "Qh Js", ["play 4"], False, {"ante": 0, "blind": 0, "play": 400}),
        # dealer does not qualify, player loses: ante push, blind and play lose
        ("Ac Kd 8h 4s 2c", "Qd 9s", "Qh Js", ["play 3"], False, {"ante": 0, "blind": -100, "play": -300}),
        # dealer qualifies, player wins: ante 1:1, blind push (pair), play 1:1
        ("Ac Kd 8h 4s 2c", "Ad 9s", "Kh Js", ["check", "play 2"], True, {"ante": 100, "blind": 0, "play": 200}),
        # dealer qualifies, player loses: everything loses
        ("Ac Kd 8h 4s 2c", "Kh 9s", "Ad Js", ["check", "check", "play 1"], True, {"ante": -100, "blind": -100, "play": -100}),
        # tie: everything pushes (dealer qualifies)
        ("Ac Kd 8h 4s 4c", "Qd 9s", "Qh 9c", ["play 4"], True, {"ante": 0, "blind": 0, "play": 0}),
        # player folds: ante and blind lose, no play bet
        ("Ac Kd 8h 4s 2c", "7d 3s", "Kh Js", ["check", "check", "fold"], True, {"ante": -100, "blind": -100}),
    ],
)  # fmt: skip
def test_U_PAY_1_resolution_table(
    board: str,
    player: str,
    dealer: str,
    decisions: list[str],
    qualifies: bool,
    expected: dict[str, int],
) -> None:
    """U-PAY-1: each row of the resolution table."""
    rnd = play_round(board, player, dealer, decisions, ante=100)
    assert rnd.settlement(0).dealer_qualifies is qualifies
    assert _nets(rnd) == expected


def test_U_PAY_1_tie_with_unqualified_dealer_pushes() -> None:
    """U-PAY-1: a tie pushes all three bets even when the dealer does not qualify."""
    rnd = play_round("Ac Kd 8h 6s 2c", "Qd 9s", "Qh 9c", ["play 4"], ante=100)
    assert not rnd.settlement(0).dealer_qualifies
    assert _nets(rnd) == {"ante": 0, "blind": 0, "play": 0}


# U-PAY-2: each line of the Blind table; Ante 100, Play 4x = 400. Quads and full houses need
# a pair on the board, so there the dealer qualifies and the Ante wins 1:1 too.
@pytest.mark.parametrize(
    ("board", "player", "dealer", "ante", "blind"),
    [
        ("Ah Kh Qh Jh 2c", "Th 3d", "8c 3s", 0, 50000),   # royal flush 500:1
        ("9h 8h 7h 2c 3d", "6h 5h", "Ac Qd", 0, 5000),    # straight flush 50:1
        ("9c 9d 4h 2s Kd", "9h 9s", "Ac Qd", 100, 1000),  # four of a kind 10:1
        ("9c 9d 4h 2s Kd", "9h Kc", "Ac Qd", 100, 300),   # full house 3:1
        ("2h 7h Jh 4c 9d", "Ah 3h", "Kc Qd", 0, 150),     # flush 3:2
        ("5c 6d 7h Kc 2s", "8s 9d", "Ac Qd", 0, 100),     # straight 1:1
        ("5c 6d Th Kc 2s", "Ks 9d", "Ac Qd", 0, 0),       # anything else: push
    ],
)  # fmt: skip
def test_U_PAY_2_blind_table(board: str, player: str, dealer: str, ante: int, blind: int) -> None:
    """U-PAY-2: Blind pays 500, 50, 10, 3, 3:2, 1 to 1, else pushes, when the player wins."""
    rnd = play_round(board, player, dealer, ["play 4"], ante=100)
    assert rnd.settlement(0).dealer_qualifies is (ante == 100)
    assert _nets(rnd) == {"ante": ante, "blind": blind, "play": 400}


def test_U_PAY_2_blind_table_line_only_when_player_wins() -> None:
    """U-PAY-2: a flush that loses to a full house loses the Blind."""
    rnd = play_round("2h 7h Jh Jc 9d", "Ah 3h", "Js 9s", ["play 4"], ante=100)
    assert _nets(rnd) == {"ante": -100, "blind": -100, "play": -400}


@pytest.mark.parametrize(
    ("board", "player", "trips"),
    [
        ("Ah Kh Qh Jh 2c", "Th 3d", 2500),    # royal flush 50:1
        ("9h 8h 7h 2c 3d", "6h 5h", 2000),    # straight flush 40:1
        ("9c 9d 4h 2s Kd", "9h 9s", 1500),    # four of a kind 30:1
        ("9c 9d 4h 2s Kd", "9h Kc", 400),     # full house 8:1
        ("2h 7h Jh 4c 9d", "Ah 3h", 350),     # flush 7:1
        ("5c 6d 7h Kc 2s", "8s 9d", 200),     # straight 4:1
        ("5c 6d 6h Kc 2s", "6s 9d", 150),     # three of a kind 3:1
        ("5c 6d Th Kc 2s", "Ks Td", -50),     # two pair loses
        ("5c 6d Th Kc 2s", "Ks 9d", -50),     # a pair loses
    ],
)  # fmt: skip
def test_U_PAY_3_trips_table(board: str, player: str, trips: int) -> None:
    """U-PAY-3: Trips pays 50, 40, 30, 8, 7, 4, 3 to 1 on the player's best five; else loses."""
    dealer = "Ac Qd" if "Ah" not in board + player and "Ac" not in board else "8c 3s"
    rnd = play_round(board, player, dealer, ["play 4"], ante=100, trips=50)
    assert _nets(rnd)["trips"] == trips


def test_U_PAY_3_trips_paid_when_folding_and_when_dealer_wins() -> None:
    """U-PAY-3: Trips is settled whatever the dealer holds, even when the player folds."""
    # Player trips of sixes folds anyway (a bad decision, still allowed): trips pays 3:1.
    rnd = play_round(
        "5c 6d 6h Kc 3s", "6s 9d", "Kd 2s", ["check", "check", "fold"], ante=100, trips=100
    )
    assert _nets(rnd) == {"ante": -100, "blind": -100, "trips": 300}
    # Dealer's quads beat the player's straight; Trips still pays 4:1.
    rnd = play_round("5c 6d 7h Kc Ks", "8s 9d", "Kd Kh", ["play 4"], ante=100, trips=100)
    assert _nets(rnd) == {"ante": -100, "blind": -100, "play": -400, "trips": 400}


def test_U_PAY_4_three_to_two_rounded_down_and_shown() -> None:
    """U-PAY-4: a 3:2 Blind win on an odd stake is rounded down to the chip unit, and shown."""
    rnd = play_round("2h 7h Jh 4c 9d", "Ah 3h", "Kc Qd", ["play 4"], ante=75)
    blind = [b for b in rnd.settlement(0).bets if b.bet is BetKind.BLIND][0]
    assert (
        blind.net == 112 and blind.ratio == Fraction(3, 2) and blind.rounded_off == Fraction(1, 2)
    )
    # With a chip unit of 5 the 3:2 on 75 (112.5) rounds down to 110, 2.5 shown as rounded off.
    from pokerroom.core.uth import UthConfig

    rnd = play_round(
        "2h 7h Jh 4c 9d", "Ah 3h", "Kc Qd", ["play 4"], ante=75,
        config=UthConfig(ante_min=5, trips_min=5, chip_unit=5),
    )  # fmt: skip
    blind = [b for b in rnd.settlement(0).bets if b.bet is BetKind.BLIND][0]
    assert blind.net == 110 and blind.rounded_off == Fraction(5, 2)
    # Even stakes come out exact: nothing is rounded.
    rnd = play_round("2h 7h Jh 4c 9d", "Ah 3h", "Kc Qd", ["play 4"], ante=100)
    assert all(b.rounded_off == 0 for b in rnd.settlement(0).bets)


def test_U_PAY_4_amounts_must_be_whole_chip_units() -> None:
    """U-PAY-4: bets are whole numbers of the chip unit."""
    from pokerroom.core.errors import IllegalActionError
    from pokerroom.core.uth import PlaceBets, UthConfig, start_round

    rnd = start_round(UthConfig(ante_min=5, trips_min=5, chip_unit=5), [0], tuple(range(52)))
    with pytest.raises(IllegalActionError) as err:
        rnd.apply(PlaceBets(seat=0, ante=77))
    assert err.value.rule_id == "U-PAY-4"
