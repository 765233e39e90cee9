"""High hands: category order, kickers, wheel, suits, royal, words (R-RANK-1, R-RANK-2, R-RANK-3, R-TIE-1)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerroom.core.cards import Card, parse_cards
from pokerroom.core.errors import InvalidNotationError
from pokerroom.core.evaluation import HandCategory, HandValue, evaluate_high, high_rank


def ev(text: str) -> HandValue:
    return evaluate_high(parse_cards(text))


# One hand per category, worst first (R-RANK-1).
LADDER = [
    ("Ah Kd 9c 7s 3h", HandCategory.HIGH_CARD),
    ("2h 2d 3c 4s 6h", HandCategory.PAIR),
    ("2h 2d 3c 3s 4h", HandCategory.TWO_PAIR),
    ("2h 2d 2c 3s 4h", HandCategory.THREE_OF_A_KIND),
    ("Ah 2d 3c 4s 5h", HandCategory.STRAIGHT),
    ("2h 3h 4h 5h 7h", HandCategory.FLUSH),
    ("2h 2d 2c 3s 3h", HandCategory.FULL_HOUSE),
    ("2h 2d 2c 2s 3h", HandCategory.FOUR_OF_A_KIND),
    ("Ah 2h 3h 4h 5h", HandCategory.STRAIGHT_FLUSH),
]


def test_R_RANK_1_categories_rank_in_the_standard_order() -> None:
    """R-RANK-1: the weakest hand of each category beats the best hand of the one below."""
    values = [ev(text) for text, _ in LADDER]
    assert [v.category for v in values] == [c for _, c in LADDER]
    assert values == sorted(values)
    assert len(set(values)) == len(values)
    # The best hand of each lower category (these are the tops) still loses to the next.
    tops = ["Ah Kd Qc Js 9h", "Ah Ad Kc Qs Jh", "Ah Ad Kc Ks Qh", "Ah Ad Ac Ks Qh",
            "Ah Kd Qc Js Th", "Ah Kh Qh Jh 9h", "Ah Ad Ac Ks Kh", "Ah Ad Ac As Kh"]  # fmt: skip
    for top, (bottom_next, _) in zip(tops, LADDER[1:], strict=True):
        assert ev(top) < ev(bottom_next), (top, bottom_next)


def test_R_RANK_1_wheel_is_the_lowest_straight_and_straight_flush() -> None:
    """R-RANK-1: A-2-3-4-5 is the lowest straight and the lowest straight flush."""
    wheel, six_high = ev("Ah 2d 3c 4s 5h"), ev("2d 3c 4s 5h 6h")
    assert wheel.category is six_high.category is HandCategory.STRAIGHT
    assert wheel < six_high < ev("Th Jd Qc Ks Ah")
    assert str(wheel) == "Straight, Five high"
    steel = ev("Ah 2h 3h 4h 5h")
    assert steel < ev("2h 3h 4h 5h 6h")
    assert steel > ev("Ah Ad Ac As Kh")
    # An ace with no wheel is a high ace: A-K-Q-J-9 high card, not a straight.
    assert ev("Ah Kd Qc Js 9h").category is HandCategory.HIGH_CARD
    # No wrap-around straight: Q-K-A-2-3.
    assert ev("Qh Kd Ac 2s 3h").category is HandCategory.HIGH_CARD


def test_R_RANK_2_kickers_decide_equal_categories() -> None:
    """R-RANK-2: K-K-A-8-5 beats K-K-J-8-5; identical ranks tie."""
    assert ev("Kh Kd Ac 8s 5h") > ev("Ks Kc Jc 8h 5d")
    assert ev("Kh Kd Ac 8s 5h") == ev("Ks Kc Ad 8h 5c")
    # The fifth card decides when the first four match.
    assert ev("Ah Kd Qc Js 9h") > ev("As Kc Qd Jh 8s")
    assert ev("9h 9d 5c 5s Kh") > ev("9s 9c 5d 5h Qh")
    assert ev("9h 9d 5c 5s 2h") > ev("8s 8c 7d 7h Ah")
    assert ev("7h 7d 7c As 2h") > ev("7h 7d 7c Ks Qh")
    assert ev("Ah Ad Ac 2s 2h") > ev("Kh Kd Kc Qs Qh")
    # Seven cards: the best five only; a sixth and seventh card never play.
    assert ev("Kh Kd Ac 8s 5h 3c 2d") == ev("Ks Kc Ad 8h 5c 4c 3d")
    assert ev("Kh Kd Ac 8s 5h 3c 2d") > ev("Ks Kc Qd 8h 5c 4c 3d")


def test_R_RANK_3_R_TIE_1_suits_never_decide() -> None:
    """R-RANK-3 and R-TIE-1: hands differing only by suits are equal values."""
    assert ev("Ah Kh Qh Jh 9h") == ev("As Ks Qs Js 9s")
    assert ev("Ac Kd Qh Js Tc") == ev("As Kh Qd Jc Td")
    assert ev("2c 2d 7h 7s Ac 9d 4h") == ev("2h 2s 7c 7d As 9c 4s")


SUIT_PERMUTATIONS = st.permutations([0, 1, 2, 3])
HANDS = st.integers(5, 7).flatmap(
    lambda n: st.lists(st.integers(0, 51), min_size=n, max_size=n, unique=True)
)


@given(HANDS, SUIT_PERMUTATIONS)
def test_R_TIE_1_relabelling_suits_never_changes_a_value(hand: list[int], perm: list[int]) -> None:
    """R-TIE-1: mapping suits one-to-one onto suits keeps every hand's value."""
    relabelled = [(c & ~3) | perm[c & 3] for c in hand]
    assert high_rank(relabelled) == high_rank(hand)


def test_R_RANK_1_royal_flush_is_recognised() -> None:
    """R-RANK-1: the royal flush is the ace-high straight flush, and only that."""
    royal = ev("Ts Js Qs Ks As 2c 2d")
    assert royal.is_royal and royal.category is HandCategory.STRAIGHT_FLUSH
    assert str(royal) == "Royal Flush"
    assert not ev("9s Ts Js Qs Ks").is_royal
    assert not ev("Ah Kd Qc Js Th").is_royal
    assert royal > ev("9s Ts Js Qs Ks")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Kh Kd Kc 7s 7h", "Full House, Kings full of Sevens"),
        ("Ah 9h 7h 4h 2h", "Flush, Ace high"),
        ("9s Ts Js Qs Ks", "Straight Flush, King high"),
        ("6h 6d 6c 6s Ah", "Four of a Kind, Sixes"),
        ("5h 6d 7c 8s 9h", "Straight, Nine high"),
        ("Qh Qd Qc 7s 2h", "Three of a Kind, Queens"),
        ("Ah Ad 8c 8s 2h", "Two Pair, Aces and Eights"),
        ("Jh Jd 8c 4s 2h", "Pair of Jacks"),
        ("Ah Td 8c 4s 2h", "High Card, Ace"),
        ("Ah Ad Ac Ks Kh Kd 2c", "Full House, Aces full of Kings"),
    ],
)
def test_R_RANK_1_values_read_in_plain_words(text: str, words: str) -> None:
    """R-RANK-1: str() names the category and its ranks in words."""
    assert str(ev(text)) == words


def test_R_RANK_2_value_ranks_list_the_five_cards_in_comparison_order() -> None:
    """R-RANK-2: `.ranks` lists the grouped cards first, then kickers high to low."""
    assert [r.symbol for r in ev("7h Kd 7c Ks 2h 7s 3c").ranks] == list("777KK")
    assert [r.symbol for r in ev("Kh Kd Ac 8s 5h").ranks] == list("KKA85")
    assert [r.symbol for r in ev("Ah 2d 3c 4s 5h").ranks] == list("5432A")


def test_R_RANK_4_six_and_seven_cards_take_the_best_five() -> None:
    """R-RANK-4: hold'em uses the best five of the seven cards, any combination."""
    assert ev("2h 3h 4h 5h 9h Ah Kc").category is HandCategory.STRAIGHT_FLUSH
    assert ev("Ah Kh Qh Jh Th 9h 8h").is_royal
    assert str(ev("7h 7d 7c Ks Kh Kd 2c")) == "Full House, Kings full of Sevens"
    assert ev("2c 2d 2h 2s 3c 3d 3h").category is HandCategory.FOUR_OF_A_KIND
    assert str(ev("Ah Ad 8c 8s 5h 5d Kc")) == "Two Pair, Aces and Eights"
    assert ev("Ah Ad 8c 8s 5h 5d Kc") == ev("Ah Ad 8c 8s Kd 2c 3c")


def test_bad_input_is_refused() -> None:
    """evaluate_high wants 5..7 distinct cards; it names the problem."""
    with pytest.raises(InvalidNotationError):
        evaluate_high(parse_cards("Ah Kd Qc Js"))
    with pytest.raises(InvalidNotationError):
        evaluate_high(parse_cards("Ah Kd Qc Js Th 9h 8h 7h"))
    with pytest.raises(InvalidNotationError, match="twice"):
        evaluate_high(parse_cards("Ah Ah Qc Js Th"))
    with pytest.raises(InvalidNotationError):
        evaluate_high([0, 1, 2, 3, 52])


def test_card_objects_and_codes_give_the_same_value() -> None:
    """Cards and card codes are interchangeable inputs."""
    cards = parse_cards("Ah Kd Qc Js 9h 3c 2d")
    assert evaluate_high(cards) == evaluate_high([c.code for c in cards])
    assert evaluate_high(cards).value == high_rank([c.code for c in cards])
    assert evaluate_high([Card.from_code(51), 50, 49, 48, 47]).category is HandCategory.FOUR_OF_A_KIND


def test_R_RANK_2_hand_values_are_immutable_totally_ordered_ints() -> None:
    """R-RANK-2: HandValue compares, hashes and sorts as its int; equal exactly on a tie."""
    a, b = ev("Kh Kd Ac 8s 5h"), ev("Ks Kc Ad 8h 5c")
    assert a == b and hash(a) == hash(b) and a.value == int(a) == high_rank(parse_cards_codes("Kh Kd Ac 8s 5h"))
    assert type(a.value) is int
    assert sorted([ev("2h 2d 3c 4s 6h"), a, ev("Ah Kd 9c 7s 3h")]) == [
        ev("Ah Kd 9c 7s 3h"), ev("2h 2d 3c 4s 6h"), a,
    ]  # fmt: skip
    with pytest.raises(AttributeError):
        a.value = 3  # type: ignore[misc]
    assert f"{a}" == str(a) == "Pair of Kings"


def parse_cards_codes(text: str) -> list[int]:
    return [c.code for c in parse_cards(text)]
