"""High-hand evaluation of 5, 6 or 7 cards, and Omaha's two-plus-three (R-RANK-1, R-RANK-2, R-RANK-4).

`high_rank` (no validation) adds one precomputed int per card: four bits per suit (a count
started at 3, so bit 3 lights up at five cards of a suit) and three bits per rank (a count of
that rank). No flush: the rank part keys a dict of every 5-, 6- and 7-card rank multiset. A
flush: its rank mask indexes a table. With at most seven cards a flush beats anything the
other cards can make, so the flush path never needs the rank dict.

`evaluate_high` validates in the same additions: its per-card ints (summed two cards a
lookup) also carry a count per card, so a repeated card, a code outside 0..51 and a flush
all show in one AND; the common case then reads a shared HandValue from a perfect hash.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations
from operator import index
from typing import Any

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
    """Value (an int, higher is better) of the best five of 5..7 card codes; no validation.

    Seven distinct codes 0..51 take evaluate_high's tables; anything else (other sizes,
    repeats, odd codes) is valued from rank counts, as best it can be.
    """
    try:
        a, b, c, d, e, f, g = codes
        if a | b | c | d | e | f | g < 0:  # would wrap round (see evaluate_high)
            return _high_rank_counts(codes)
        key = _PAIR[a][b] + _PAIR[c][d] + _PAIR[e][f] + _KEY0[g]
    except (ValueError, TypeError, IndexError):  # not seven cards
        return _high_rank_counts(codes)
    if key & _RARE:
        if key & (_REPEATS | _BAD_BITS):
            return _high_rank_counts(codes)
        return int(_value_of_key(key, codes))  # a flush
    try:
        return _INT_BY_SLOT[(key >> 15) + _DISPLACE[key & 32767] & 131071]
    except IndexError:  # the table is filled on the first call
        return int(_value_of_key(key, codes))


def _high_rank_counts(codes: Sequence[int]) -> int:
    """high_rank from suit and rank counts: any number of cards, no validation."""
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


def checked_codes(cards: Iterable[Card | int], sizes: tuple[int, ...] = (5, 6, 7)) -> list[int]:
    """Card codes of `cards`, refusing non-cards, unknown codes, repeated cards and wrong sizes.

    Every refusal is an InvalidNotationError whose token names the offending card (or the
    whole hand when its size is wrong).
    """
    codes: list[int] = []
    for card in cards:
        if isinstance(card, Card):
            codes.append(card.code)
            continue
        try:
            code = index(card)  # ints and int-likes (numpy ints); floats and strings refused
        except TypeError:
            raise InvalidNotationError(str(card), "not a card (a Card or a code 0..51)") from None
        if not 0 <= code < 52:
            raise InvalidNotationError(str(code), "card codes are 0..51")
        codes.append(code)
    shown = " ".join(str(Card.from_code(c)) for c in codes)
    if len(set(codes)) != len(codes):
        twice = next(c for i, c in enumerate(codes) if c in codes[:i])
        raise InvalidNotationError(str(Card.from_code(twice)), f"a card appears twice in {shown}")
    if len(codes) not in sizes:
        wanted = " or ".join(map(str, sizes))
        raise InvalidNotationError(shown, f"expected {wanted} cards, got {len(codes)}")
    return codes


# evaluate_high's card key: additions like high_rank's, with more fields that validate.
# Bits 0..63: the sum of the cards' rank weights, which names the rank multiset. Bit 64 up: a
# three-bit count per card (at 64 + 3 * (13 * suit + rank)), so a card counted twice sets a
# bit of _REPEATS. Bit 220: the suit counters (four bits a suit, started at 3 so bit 3 lights
# at five cards). Bit 236: _BAD, added by a code outside 0..51. One AND with _RARE sends
# repeats, bad codes and flushes off the common path; the rest is a perfect-hash lookup of
# a cached HandValue.
_SLOTS_AT, _SUITS_AT, _BAD = 64, 220, 1 << 236
_RANK_MASK = (1 << 64) - 1
_REPEATS = sum(0b110 << _SLOTS_AT + 3 * slot for slot in range(52))
_FLUSH_BITS = 0x8888 << _SUITS_AT
_SUIT_START = 0x3333 << _SUITS_AT
_BAD_BITS = 0xF << 236
_RARE = _REPEATS | _FLUSH_BITS | _BAD_BITS


def _mixed(n: int) -> int:
    """56 well-mixed bits from n (splitmix64's finaliser)."""
    z = (n + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    z = (z ^ z >> 30) * 0xBF58476D1CE4E5B9 & 0xFFFFFFFFFFFFFFFF
    z = (z ^ z >> 27) * 0x94D049BB133111EB & 0xFFFFFFFFFFFFFFFF
    return (z ^ z >> 31) >> 8


# Why not counts, three bits a rank, as high_rank keys? Their low bits (which a dict and the
# perfect hash below start from) are the low ranks' counts alone, shared by thousands of
# hands. Sums of mixed weights spread evenly; they are checked to differ for every rank
# multiset of 5..7 cards when the tables are built.
_RANK_WEIGHTS: tuple[int, ...] = tuple(_mixed(rank) for rank in range(13))


def _hand_key(code: int) -> int:
    rank, suit = code >> 2, code & 3
    return (
        _RANK_WEIGHTS[rank] + (1 << _SUITS_AT + 4 * suit)
        + (1 << _SLOTS_AT + 3 * (13 * suit + rank))
    )  # fmt: skip


_KEYS = [_hand_key(code) for code in range(52)]
# Indexed by a code; 52..103 are bad codes (negative codes, which would wrap round, are
# caught before). _KEY0 carries the suit counters' start, so one card of each hand adds it.
# _PAIR[a][b] is the key of a and b together: three lookups and additions fewer a hand.
_KEY: tuple[int, ...] = (*_KEYS, *(_BAD,) * 52)
_KEY0: tuple[int, ...] = tuple(k + _SUIT_START for k in _KEYS) + (_BAD,) * 52
_PAIR: tuple[tuple[int, ...], ...] = (
    tuple(tuple(_KEYS[a] + k for k in _KEYS) + (_BAD,) * 52 for a in range(52))
    + ((_BAD,) * 104,) * 52
)
# The same for Card objects, by [suit][rank] (two slot reads, no property call, no hashing).
_CARD_KEY0: tuple[tuple[int, ...], ...] = tuple(
    tuple(_KEY0[4 * rank + suit] for rank in range(13)) for suit in range(4)
)
_CARD_KEY: tuple[tuple[int, ...], ...] = tuple(
    tuple(_KEYS[4 * rank + suit] for rank in range(13)) for suit in range(4)
)
_CARD_PAIR: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...] = tuple(
    tuple(
        tuple(tuple(_KEYS[4 * r + s] + _KEYS[4 * r2 + s2] for r2 in range(13)) for s2 in range(4))
        for r in range(13)
    )
    for s in range(4)
)

# One HandValue object per distinct value (7,462 of them): a result is a lookup, not a build.
_HAND_VALUES: dict[int, HandValue] = {}


def hand_value(value: int) -> HandValue:
    """The shared HandValue of `value` (HandValues are immutable, so one object per value)."""
    found = _HAND_VALUES.get(value)
    if found is None:
        found = _HAND_VALUES.setdefault(value, HandValue(value))
    return found


# Rank-weight sum (5..7 cards, no flush) -> HandValue; filled on the first call.
_NO_FLUSH_VALUES: dict[int, HandValue] = {}
# The same as a perfect hash (hash and displace), also filled on the first call: a rank sum
# k sits at _BY_SLOT[(k >> 15) + _DISPLACE[k & 32767] & 131071]. Why, when the dict has it
# all? The dict's index, entries and key objects take about 5 MB, three cache misses a
# lookup on random hands (measured: most of evaluate_high's time); this is one 1 MB tuple
# of shared HandValues and 32 kB of displacements.
_BY_SLOT: tuple[HandValue, ...] = ()
_INT_BY_SLOT: tuple[int, ...] = ()  # the same values as plain ints, for high_rank
_DISPLACE = b""
# One suit's 39-bit card-count field (5..7 cards of that suit) -> HandValue.
_FLUSH_VALUES: dict[int, HandValue] = {
    sum(1 << 3 * r for r in range(13) if mask >> r & 1): hand_value(FLUSH_VALUES[mask])
    for mask in range(1 << 13)
    if 5 <= mask.bit_count() <= 7
}


def _perfect_hash(table: dict[int, HandValue]) -> tuple[tuple[HandValue, ...], bytes]:
    """Slots and displacements placing every key of `table` in its own slot of 2**17."""
    buckets: list[list[int]] = [[] for _ in range(1 << 15)]
    for key in table:
        buckets[key & 32767].append(key)
    slots: list[HandValue | None] = [None] * (1 << 17)
    displace = bytearray(1 << 15)
    for bucket in sorted(range(1 << 15), key=lambda b: (-len(buckets[b]), b)):  # big first
        keys = buckets[bucket]
        for shift in range(256) if keys else ():
            places = [(k >> 15) + shift & 131071 for k in keys]
            if len(set(places)) == len(places) and all(slots[i] is None for i in places):
                for key, place in zip(keys, places, strict=True):
                    slots[place] = table[key]
                displace[bucket] = shift
                break
        else:
            if keys:
                raise AssertionError("no perfect hash")  # never: fixed weights, checked by tests
    empty = hand_value(0)  # never read: no valid key lands on an empty slot
    return tuple(empty if v is None else v for v in slots), bytes(displace)


def _fill_no_flush_values() -> None:
    global _BY_SLOT, _INT_BY_SLOT, _DISPLACE
    if not _NO_FLUSH:
        _fill_no_flush()
    table: dict[int, HandValue] = {}
    for key, value in _NO_FLUSH.items():
        counts = [key >> 3 * r & 7 for r in range(13)]
        table[sum(c * w for c, w in zip(counts, _RANK_WEIGHTS, strict=True))] = hand_value(value)
    if len(table) != len(_NO_FLUSH):
        raise AssertionError("rank weights collide")  # never: fixed weights, checked by tests
    by_slot, displace = _perfect_hash(table)
    ints: dict[int, int] = {}  # one plain int object per value, shared like the HandValues
    int_by_slot = tuple(ints.setdefault(v, int(v)) for v in by_slot)
    # Built whole, then published: a reader in another thread sees an empty table (and
    # comes here) or a complete one. (Any of them still empty raises IndexError.)
    _NO_FLUSH_VALUES.update(table)
    _BY_SLOT = by_slot
    _INT_BY_SLOT = int_by_slot
    _DISPLACE = displace


def _value_of_key(key: int, cards: Sequence[object]) -> HandValue:
    """The off-the-fast-path cases of a summed key: a repeat or bad code, a flush, a miss."""
    if key & (_REPEATS | _BAD_BITS):
        # checked_codes raises, naming the card (the rest only runs should it not)
        return hand_value(high_rank(checked_codes(cards)))  # type: ignore[arg-type]
    if key & _FLUSH_BITS:
        at = _SUITS_AT
        suit = 0 if key & 8 << at else 1 if key & 0x80 << at else 2 if key & 0x800 << at else 3
        return _FLUSH_VALUES[key >> _SLOTS_AT + 39 * suit & 0x7FFFFFFFFF]
    if not _BY_SLOT:
        _fill_no_flush_values()
    found = _NO_FLUSH_VALUES.get(key & _RANK_MASK)
    if found is None:  # never for 5..7 distinct cards
        return hand_value(high_rank(checked_codes(cards)))  # type: ignore[arg-type]
    return found


def _evaluate_other(hand: tuple[Card | int, ...] | list[Card | int]) -> HandValue:
    """evaluate_high for anything but seven cards of one kind: 5 or 6 cards, mixed, bad."""
    n = len(hand)
    if not 4 < n < 8:
        checked_codes(hand)  # raises: wrong size (or a bad card, named first)
    cards: Any = hand
    key: int
    try:
        if n == 6 and type(cards[0]) is int:
            a, b, c, d, e, f = cards
            if a | b | c | d | e | f < 0:  # would wrap round (see evaluate_high)
                return hand_value(high_rank(checked_codes(hand)))
            key = _PAIR[a][b] + _PAIR[c][d] + _KEY0[e] + _KEY[f]
        elif n == 5 and type(cards[0]) is int:
            a, b, c, d, e = cards
            if a | b | c | d | e < 0:
                return hand_value(high_rank(checked_codes(hand)))
            key = _PAIR[a][b] + _PAIR[c][d] + _KEY0[e]
        else:  # Cards, or Cards and codes mixed
            key = _SUIT_START
            for card in cards:
                if type(card) is int:
                    if card < 0:
                        return hand_value(high_rank(checked_codes(hand)))
                    key += _KEY[card]
                elif type(card) is Card:
                    key += _CARD_KEY[card.suit][card.rank]
                else:  # an int-like (a numpy int) or not a card at all
                    return hand_value(high_rank(checked_codes(hand)))
    except (TypeError, IndexError):  # an unknown code, or a Card among codes
        return hand_value(high_rank(checked_codes(hand)))  # checked_codes raises, naming it
    if key & _RARE:
        return _value_of_key(key, hand)
    try:
        return _BY_SLOT[(key >> 15) + _DISPLACE[key & 32767] & 131071]
    except IndexError:  # the table is filled on the first call
        return _value_of_key(key, hand)


def evaluate_high(cards: Iterable[Card | int]) -> HandValue:
    """The best five-card high hand among 5, 6 or 7 cards (R-RANK-1, R-RANK-2, R-RANK-4).

    `cards` are Card objects or codes 0..51, all distinct; anything else raises
    InvalidNotationError naming the card.
    """
    hand: Any = cards  # the types are checked below, by type tests and the lookups
    try:
        if len(hand) != 7:
            return _evaluate_other(tuple(hand))
    except TypeError:  # no len: an iterator, read it once
        return evaluate_high(tuple(cards))
    key: int
    a, b, c, d, e, f, g = hand
    if type(a) is int:
        p = _PAIR
        try:
            # A negative index would wrap round to a real card: one OR finds any (and
            # raises TypeError on a Card or a float among the codes).
            if a | b | c | d | e | f | g < 0:
                return _evaluate_other(hand)
            key = p[a][b] + p[c][d] + p[e][f] + _KEY0[g]
        except (TypeError, IndexError):  # a Card among codes, a code far out of range
            return _evaluate_other(hand)
    elif type(a) is type(b) is type(c) is type(d) is type(e) is type(f) is type(g) is Card:
        # (Card itself, exactly: another library's card with int .rank and .suit is refused.)
        q = _CARD_PAIR
        key = (
            q[a.suit][a.rank][b.suit][b.rank] + q[c.suit][c.rank][d.suit][d.rank]
            + q[e.suit][e.rank][f.suit][f.rank] + _CARD_KEY0[g.suit][g.rank]
        )  # fmt: skip
    else:
        return _evaluate_other(hand)
    if key & _RARE:
        return _value_of_key(key, hand)
    try:  # the perfect hash of the rank sum, key's low 64 bits (see _BY_SLOT)
        return _BY_SLOT[(key >> 15) + _DISPLACE[key & 32767] & 131071]
    except IndexError:  # the table is filled on the first call
        return _value_of_key(key, hand)


def high_ranks(holes: Sequence[Sequence[int]], board: Sequence[int]) -> list[int]:
    """`[high_rank([*hole, *board]) for hole in holes]`, the same ints: one call for a whole
    showdown. With holes of two cards and a board of five (hold'em), the board's part of the
    key is summed once; a flush, an odd card or any other shape takes high_rank itself.
    """
    try:
        a, b, c, d, e = board
        if a | b | c | d | e < 0:  # would wrap round (see evaluate_high)
            raise IndexError
        shared = _PAIR[a][b] + _PAIR[c][d] + _KEY0[e]
    except (ValueError, TypeError, IndexError):  # not five cards on board, or odd ones
        return [high_rank([*hole, *board]) for hole in holes]
    ranks: list[int] = []
    for hole in holes:
        try:
            f, g = hole
            if f | g < 0:
                raise IndexError
            # high_rank's four terms for (f, g, a, b, c, d, e), the board's three summed above
            key = _PAIR[f][g] + shared
            if key & _RARE:  # a flush, a repeat or a bad code: high_rank's own paths
                raise IndexError
            ranks.append(_INT_BY_SLOT[(key >> 15) + _DISPLACE[key & 32767] & 131071])
        except (ValueError, TypeError, IndexError):  # (IndexError too: table not filled yet)
            ranks.append(high_rank([*hole, *board]))
    return ranks


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
    return hand_value(omaha_rank(tuple(hole_codes), tuple(board_codes)))
