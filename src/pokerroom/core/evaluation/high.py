"""High-hand evaluation of 5, 6 or 7 cards, and Omaha's two-plus-three (R-RANK-1, R-RANK-2, R-RANK-4).

The scalar fast path adds one precomputed int per card: four bits per suit (a count started
at 3, so bit 3 lights up at five cards of a suit) and three bits per rank (a count of that
rank). No flush: the rank part keys a dict of every 5-, 6- and 7-card rank multiset. A flush:
its rank mask indexes a table. With at most seven cards a flush beats anything the other
cards can make, so the flush path never needs the rank dict.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations

from pokerroom.core.cards import Card
from pokerroom.core.errors import InvalidNotationError
from pokerroom.core.evaluation.tables import FLUSH_VALUES, best_from_counts, rank_multisets
from pokerroom.core.evaluation.value import HandValue

# Card key: suit counters in bits 0..15 (four bits a suit), rank counts from bit 16 (three
# bits a rank). The literals 0x3333 (counters start at 3) and 0x8888 (a count reached 5) are
# written out in high_rank: constants are cheaper than globals on this hot path.
_CARD_KEYS: tuple[int, ...] = tuple((1 << 16 + 3 * (c >> 2)) + (1 << 4 * (c & 3)) for c in range(52))
_key_of = _CARD_KEYS.__getitem__


# Rank-count key -> value for every 5-, 6- and 7-card rank multiset (73,775 of them). A plain
# dict (the interpreter specialises lookups on exact dicts), filled completely on the first
# miss (about half a second), so importing the evaluator stays cheap.
_NO_FLUSH: dict[int, int] = {}


def _fill_no_flush() -> None:
    for size in (5, 6, 7):
        for counts in rank_multisets(size):
            _NO_FLUSH[sum(c << 3 * r for r, c in enumerate(counts))] = best_from_counts(counts)


def _no_flush_miss(key: int) -> int:
    if not _NO_FLUSH:
        _fill_no_flush()
        if key in _NO_FLUSH:
            return _NO_FLUSH[key]
    # Not a 5..7-card hand (high_rank does not validate): value it as best we can.
    return best_from_counts([key >> 3 * r & 7 for r in range(13)])


def _flush_value(codes: Sequence[int], key: int) -> int:
    suit = 0 if key & 8 else 1 if key & 0x80 else 2 if key & 0x800 else 3
    mask = 0
    for c in codes:
        if c & 3 == suit:
            mask |= 1 << (c >> 2)
    return FLUSH_VALUES[mask]


def high_rank(codes: Sequence[int]) -> int:
    """Value (an int, higher is better) of the best five of 5..7 card codes; no validation."""
    k = _CARD_KEYS
    try:  # zero-cost when seven cards unpack, the common case
        a, b, c, d, e, f, g = codes
    except ValueError:
        key = sum(map(_key_of, codes), 0x3333)
    else:
        key = k[a] + k[b] + k[c] + k[d] + k[e] + k[f] + k[g] + 0x3333
    if key & 0x8888:
        return _flush_value(codes, key)
    try:
        return _NO_FLUSH[key >> 16]
    except KeyError:
        return _no_flush_miss(key >> 16)


_ALL_CODES = frozenset(range(52))


def checked_codes(cards: Iterable[Card | int], sizes: tuple[int, ...] = (5, 6, 7)) -> list[int]:
    """Card codes of `cards`, refusing unknown codes, repeated cards and wrong hand sizes."""
    codes: list[int] = list(cards)  # type: ignore[arg-type]  # Cards are replaced just below
    if not _ALL_CODES.issuperset(codes):  # Card objects, or ints out of range
        codes = [c.code if isinstance(c, Card) else int(c) for c in codes]
        for c in codes:
            if not 0 <= c < 52:
                raise InvalidNotationError(str(c), "card codes are 0..51")
    if len(codes) not in sizes or len(set(codes)) != len(codes):
        shown = " ".join(str(Card.from_code(c)) for c in codes)
        if len(set(codes)) != len(codes):
            raise InvalidNotationError(shown, "a card appears twice")
        wanted = " or ".join(map(str, sizes))
        raise InvalidNotationError(shown, f"expected {wanted} cards, got {len(codes)}")
    return codes


def evaluate_high(cards: Iterable[Card | int]) -> HandValue:
    """The best five-card high hand among 5, 6 or 7 cards (R-RANK-1, R-RANK-2, R-RANK-4)."""
    codes = cards if type(cards) is tuple else tuple(cards)
    n = len(codes)
    # One set operation checks "distinct codes 0..51" (Card objects are not in _ALL_CODES).
    if 4 < n < 8 and len(_ALL_CODES.intersection(codes)) == n:
        return HandValue(high_rank(codes))  # type: ignore[arg-type]  # all ints, just checked
    return HandValue(high_rank(checked_codes(codes)))


def omaha_rank(hole: Sequence[int], board: Sequence[int]) -> int:
    """Best value using exactly two of `hole` and exactly three of `board` (R-RANK-4).

    Sums each hole pair's and each board triple's keys once, then adds them up per
    combination (60 for four hole cards and five on board).
    """
    k = _CARD_KEYS
    if not _NO_FLUSH:
        _fill_no_flush()
    table = _NO_FLUSH
    triples = [(k[a] + k[b] + k[c] + 0x3333, (a, b, c)) for a, b, c in combinations(board, 3)]
    best = -1
    for a, b in combinations(hole, 2):
        pair = k[a] + k[b]
        for triple, three in triples:
            key = pair + triple
            if key & 0x8888:
                v = _flush_value((a, b, *three), key)
            else:  # .get: another thread may be filling the table right now
                v = table.get(key >> 16) or _no_flush_miss(key >> 16)
            if v > best:
                best = v
    return best


def evaluate_omaha(hole: Iterable[Card | int], board: Iterable[Card | int]) -> HandValue:
    """Omaha high: exactly two hole cards and exactly three board cards (R-RANK-4)."""
    hole_codes = checked_codes(hole, (2, 3, 4, 5, 6))
    board_codes = checked_codes(board, (3, 4, 5))
    checked_codes(hole_codes + board_codes, (len(hole_codes) + len(board_codes),))
    return HandValue(omaha_rank(tuple(hole_codes), tuple(board_codes)))
