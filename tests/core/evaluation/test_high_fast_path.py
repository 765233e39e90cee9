"""evaluate_high's validating fast path: values, refusals and shared results (R-RANK-1, R-RANK-2).

The fast path sums one precomputed int per card (with per-card counts, bad-code and flush
bits folded in) and looks the result up. These tests hold it to independent references: a
naive best-of-every-five built from the rank tables' first principles, and eval7. And they
hold it to its promise of validation: every repeated card, unknown code and wrong size is
refused with an InvalidNotationError naming the card, whatever the input's type.
"""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Sequence
from itertools import combinations

import eval7
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.core.cards import FULL_DECK, RANK_SYMBOLS, SUIT_SYMBOLS, Card, Rank, Suit
from pokerroom.core.errors import InvalidNotationError
from pokerroom.core.evaluation import HandCategory, HandValue, evaluate_high, high_rank, high_ranks
from pokerroom.core.evaluation.high import _NO_FLUSH_VALUES, _RANK_WEIGHTS
from pokerroom.core.evaluation.tables import best_flush, best_from_counts, rank_multisets


def naive_value(codes: Sequence[int]) -> int:
    """The best of every five-card subset, each valued from its ranks and suits directly."""
    best = -1
    for five in combinations(codes, 5):
        counts = [0] * 13
        for c in five:
            counts[c >> 2] += 1
        if len({c & 3 for c in five}) == 1:
            value = best_flush(sum(1 << (c >> 2) for c in five))
        else:
            value = best_from_counts(counts)
        best = max(best, value)
    return best


HANDS = st.integers(5, 7).flatmap(
    lambda n: st.lists(st.integers(0, 51), min_size=n, max_size=n, unique=True)
)


@settings(max_examples=400, deadline=None)
@given(HANDS, st.randoms(use_true_random=False))
def test_R_RANK_1_fast_path_equals_best_of_every_five_for_codes_cards_and_mixes(
    codes: list[int], rnd: random.Random
) -> None:
    """R-RANK-1: codes, Cards, a mix, a list, a tuple, an iterator: the naive best five."""
    expected = naive_value(codes)
    cards = [FULL_DECK[c] for c in codes]
    mixed = [FULL_DECK[c] if rnd.random() < 0.5 else c for c in codes]
    for hand in (codes, tuple(codes), cards, tuple(cards), mixed, iter(codes), set(cards)):
        value = evaluate_high(hand)
        assert type(value) is HandValue
        assert value == value.value == expected
    assert high_rank(codes) == expected


@pytest.mark.parametrize("size", [5, 6, 7])
@pytest.mark.parametrize("suit", list(Suit))
def test_R_RANK_1_flushes_of_every_suit_and_size_take_the_flush_path(size: int, suit: Suit) -> None:
    """R-RANK-1: flushes and straight flushes in each suit, with 5, 6 and 7 cards."""
    rng = random.Random(size * 4 + suit)
    for _ in range(200):
        flush_size = rng.randint(5, size)
        suited = rng.sample([4 * r + suit for r in range(13)], flush_size)
        rest = rng.sample([c for c in range(52) if c & 3 != suit], size - flush_size)
        codes = suited + rest
        rng.shuffle(codes)
        value = evaluate_high(codes)
        assert value.category in (HandCategory.FLUSH, HandCategory.STRAIGHT_FLUSH)
        assert value == naive_value(codes) == evaluate_high([FULL_DECK[c] for c in codes])
    steel = [4 * r + suit for r in (12, 0, 1, 2, 3)] + [4 * 11 + (suit + 1) % 4]
    assert evaluate_high(steel[:size]).category is HandCategory.STRAIGHT_FLUSH


def test_R_RANK_2_ordering_agrees_with_eval7_on_random_hands() -> None:
    """R-RANK-2: our values and eval7's order 30,000 random hands the same way, ties alike."""
    rng = random.Random(2)
    deck7 = [eval7.Card(RANK_SYMBOLS[c >> 2] + SUIT_SYMBOLS[c & 3]) for c in range(52)]
    ours_to_theirs: dict[int, int] = {}
    for i in range(30_000):
        codes = rng.sample(range(52), 5 + i % 3)
        ours = evaluate_high(codes if i % 2 else [FULL_DECK[c] for c in codes])
        theirs = eval7.evaluate([deck7[c] for c in codes])
        assert ours_to_theirs.setdefault(ours, theirs) == theirs  # equal ours: equal theirs
    ordered = [ours_to_theirs[v] for v in sorted(ours_to_theirs)]
    assert all(a < b for a, b in zip(ordered, ordered[1:], strict=False))  # and strictly ordered


def with_repeat(hand: list[int], rnd: random.Random) -> tuple[list[int], int]:
    """`hand` with one of its cards overwriting another position: a hand with a repeat."""
    i, j = rnd.sample(range(len(hand)), 2)
    out = list(hand)
    out[j] = out[i]
    return out, out[i]


@settings(max_examples=300, deadline=None)
@given(HANDS, st.randoms(use_true_random=False))
def test_a_repeated_card_is_refused_and_named(codes: list[int], rnd: random.Random) -> None:
    """Any card given twice (or more) is refused, as codes, Cards or both, naming that card."""
    repeated, card = with_repeat(codes, rnd)
    if rnd.random() < 0.3:  # sometimes three or more of it
        repeated, _ = with_repeat(repeated, rnd)
        card = max(set(repeated), key=repeated.count)
    name = str(FULL_DECK[card])
    for hand in (repeated, [FULL_DECK[c] for c in repeated], iter(repeated)):
        with pytest.raises(InvalidNotationError, match="twice") as info:
            evaluate_high(hand)
        assert info.value.token in {str(FULL_DECK[c]) for c in repeated if repeated.count(c) > 1}
    mixed = [FULL_DECK[c] if k % 2 else c for k, c in enumerate(repeated)]
    with pytest.raises(InvalidNotationError, match="twice"):
        evaluate_high(mixed)
    if repeated.count(card) == len(repeated) - len(set(repeated)) + 1:  # the only repeat
        with pytest.raises(InvalidNotationError) as info:
            evaluate_high(repeated)
        assert info.value.token == name


def test_the_same_card_from_two_card_objects_is_a_repeat() -> None:
    """A Card built by hand equals the deck's: together they are one card given twice."""
    twin = Card(Rank.ACE, Suit.SPADES)
    with pytest.raises(InvalidNotationError, match="twice") as info:
        evaluate_high([twin, FULL_DECK[51], 0, 1, 2, 3, 4])
    assert info.value.token == "As"
    assert evaluate_high([twin, 47, 43, 39, 35]).is_royal


@pytest.mark.parametrize("bad", [52, 53, 103, 104, -1, -52, -53, -104, 10**30, -(10**30)])
@pytest.mark.parametrize("size", [5, 6, 7])
def test_unknown_card_codes_are_refused_and_named(bad: int, size: int) -> None:
    """Codes outside 0..51 (negative ones too, which a tuple index would wrap) are refused."""
    for position in range(size):
        codes: list[int | Card] = list(range(0, 4 * size, 4))
        codes[position] = bad
        for hand in (
            codes,
            [FULL_DECK[c] if isinstance(c, int) and 0 <= c < 52 else c for c in codes],
        ):
            with pytest.raises(InvalidNotationError) as info:
                evaluate_high(hand)
            assert info.value.token == str(bad)


@pytest.mark.parametrize("thing", [4.0, "As", None, b"\x04", (1, 2), eval7.Card("As")])
def test_things_that_are_not_cards_are_refused_and_named(thing: object) -> None:
    """Floats, strings, None, other libraries' cards: refused by name, never guessed at."""
    for position in (0, 3, 6):
        hand: list[object] = [0, 5, 10, 15, 20, 25, 30]
        hand[position] = thing
        with pytest.raises(InvalidNotationError) as info:
            evaluate_high(hand)  # type: ignore[arg-type]
        assert info.value.token == str(thing)


@pytest.mark.parametrize("size", [0, 1, 4, 8, 9, 52])
def test_wrong_sizes_are_refused(size: int) -> None:
    """Only 5, 6 or 7 cards make a high hand here; the message says how many came."""
    for hand in (list(range(size)), list(FULL_DECK[:size]), iter(range(size))):
        with pytest.raises(InvalidNotationError, match=f"got {size}"):
            evaluate_high(hand)


def test_int_likes_count_as_codes() -> None:
    """Anything with __index__ in 0..51 is a code (a numpy int, an IntEnum), as before."""
    np = pytest.importorskip("numpy")
    codes = [51, 47, 43, 39, 35, 2, 3]
    assert evaluate_high(list(np.array(codes, dtype=np.uint8))).is_royal
    assert evaluate_high(np.array(codes, dtype=np.int64)).is_royal


def test_R_RANK_2_equal_values_are_one_shared_immutable_object() -> None:
    """R-RANK-2: ties give the very same HandValue (so a result costs a lookup), still an int."""
    a = evaluate_high([51, 50, 47, 46, 0, 5, 10])
    b = evaluate_high(list(reversed([FULL_DECK[c] for c in (49, 48, 45, 44, 1, 6, 11)])))
    assert a is b and type(a) is HandValue and a == int(a)
    with pytest.raises(AttributeError):
        a.value = 1  # type: ignore[misc]
    assert str(a) == "Two Pair, Aces and Kings" and a.category is HandCategory.TWO_PAIR


def test_R_RANK_1_rank_weight_sums_tell_every_rank_multiset_apart() -> None:
    """R-RANK-1: one table entry, and one perfect-hash slot, per rank multiset of 5..7 cards."""
    evaluate_high([0, 5, 10, 15, 20])  # fills the tables
    from pokerroom.core.evaluation import high

    multisets = [counts for size in (5, 6, 7) for counts in rank_multisets(size)]
    assert len(high._NO_FLUSH_VALUES) == len(multisets) == 73_775
    slots = set()
    for counts in multisets:
        key = sum(c * w for c, w in zip(counts, _RANK_WEIGHTS, strict=True))
        slot = (key >> 15) + high._DISPLACE[key & 32767] & 131071
        assert high._BY_SLOT[slot] is _NO_FLUSH_VALUES[key]
        assert _NO_FLUSH_VALUES[key] == best_from_counts(counts)
        slots.add(slot)
    assert len(slots) == len(multisets)


@pytest.mark.parametrize(
    "first", ["[0, 4, 8, 12, 16, 20, 24]", "[0, 5, 10, 15, 20, 25, 30]", "[0, 5, 10, 15, 20]"]
)
def test_R_RANK_1_evaluate_high_as_the_first_evaluation_of_a_fresh_process(first: str) -> None:
    """R-RANK-1: lazily built tables give the right value on the very first call."""
    script = (
        "from pokerroom.core.evaluation import evaluate_high\n"
        f"print(int(evaluate_high({first})), int(evaluate_high([51, 47, 43, 39, 1, 2, 3])))\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    first_value, second = map(int, out.stdout.split())
    assert first_value == naive_value(eval(first))  # noqa: S307 - a literal list written above
    assert second == naive_value([51, 47, 43, 39, 1, 2, 3])


def test_R_RANK_4_every_card_of_the_deck_counts_in_every_position() -> None:
    """R-RANK-4: each of the 52 cards, at each of the seven positions, gives the naive value."""
    rng = random.Random(9)
    for card in range(52):
        others = [c for c in range(52) if c != card]
        for position in range(7):
            hand = rng.sample(others, 6)
            hand.insert(position, card)
            assert evaluate_high(hand) == naive_value(hand)
            assert evaluate_high([FULL_DECK[c] for c in hand]) == naive_value(hand)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=1, max_size=9))
def test_high_rank_stays_non_validating_on_any_codes(codes: list[int]) -> None:
    """high_rank's seven-card table path and its rank-count path agree; odd input never raises
    where the rank-count path does not (repeats, other sizes)."""
    from pokerroom.core.evaluation.high import _high_rank_counts

    try:
        expected: int | str = _high_rank_counts(codes)
    except (IndexError, ValueError) as error:  # too few cards to value
        expected = type(error).__name__
    try:
        got: int | str = high_rank(codes)
    except (IndexError, ValueError) as error:
        got = type(error).__name__
    assert got == expected
    if len(set(codes)) == len(codes) and 5 <= len(codes) <= 7:
        assert got == naive_value(codes)


def test_R_RANK_1_high_ranks_equals_high_rank_of_each_hole_with_the_board() -> None:
    """The showdown's batch (one board, many holes) gives high_rank's int for every hand:
    hold'em shapes (the shared-board path, flushes included), other shapes and odd cards."""
    rng = random.Random(7)
    for i in range(20_000):
        players = 2 + i % 5
        cards = rng.sample(range(52), 2 * players + 5)
        if i % 4 == 0:  # force flushes: the board and some holes of one suit
            suit = rng.randrange(4)
            cards = [c & ~3 | suit for c in rng.sample(range(0, 52, 4), 13)[: 2 * players + 5]]
            cards = list(dict.fromkeys(cards)) + [c for c in range(52) if c not in cards]
        holes = [cards[2 * k:2 * k + 2] for k in range(players)]
        board = cards[2 * players:2 * players + 5]
        assert high_ranks(holes, board) == [high_rank(h + board) for h in holes]
    other_shapes: list[tuple[list[list[int]], list[int]]] = [
        ([[0, 5, 9, 13, 17, 22, 30]], []),  # stud: seven cards, no board
        ([[0, 5, 9, 13, 17]], []),  # five-card hands
        ([[0, 5, 9], [1, 6, 10]], [20, 24, 28, 33]),  # three hole cards, four on board
        ([[0, 5], [1, 1]], [20, 24, 28, 33, 40]),  # a repeated card
        ([[0, 60], [-1, 6]], [20, 24, 28, 33, 40]),  # a bad code, a negative code
        ([[0, 5]], [20, 24, 28, 33, 75]),  # a bad code on board
        ([[0, 5], [2]], [20, 24, 28, 33, 40]),  # a hole of one card
    ]
    for holes, board in other_shapes:  # the same values, or the same error (no validation)
        try:
            expected: object = [high_rank(h + board) for h in holes]
        except Exception as error:  # noqa: BLE001 - whatever high_rank raises
            expected = type(error)
        try:
            got: object = high_ranks(holes, board)
        except Exception as error:  # noqa: BLE001
            got = type(error)
        assert got == expected, (holes, board)
