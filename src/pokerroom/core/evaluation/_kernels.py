"""numba kernels of the high evaluator: `eval5`, `eval6`, `eval7` return the same ints as `high_rank`.

Each card adds one precomputed uint64: a rank key in the low 32 bits (keys chosen so that
every 5-, 6- or 7-card rank multiset has its own sum) and four suit counters of four bits at
bit 32 (each started at 3, so bit 3 of a counter lights up at five cards of that suit).
No flush: the rank sum goes through a perfect hash (`key + OFFSETS[key >> SHIFT]`, a
displacement table built at import) into a dense table of values. A flush: the flush suit's
rank mask indexes an 8192-entry table; with at most seven cards a flush beats anything the
other cards make. The flush table comes from `tables.py` (the scalar path's source); the
no-flush values from `_value_of_counts`, its numba twin, which the tests compare with
`tables.best_from_counts` on every rank multiset.

The functions are `@njit(cache=True)`: other numba code may call them, and the compiled
machine code is cached on disk (numba's `__pycache__` next to this file). numba freezes the
global tables into that machine code and invalidates its cache only when THIS file changes:
after editing `tables.py` or the rank keys, touch this file (or clear `__pycache__`).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from pokerroom.core.evaluation.tables import FLUSH_VALUES

# Rank keys whose sums are distinct for every multiset of a fixed size 5, 6 or 7 (at most
# four of a rank); checked when the tables are built.
RANK_KEYS = np.array(
    [0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181], dtype=np.int64
)
SHIFT = 9
SUIT_SHIFT = 32
RANK_MASK = np.uint64((1 << 32) - 1)
START = np.uint64(0x3333 << SUIT_SHIFT)
FLUSH_BITS = np.uint64(0x8888 << SUIT_SHIFT)

CARD_KEYS = np.array(
    [int(RANK_KEYS[c >> 2]) + (1 << (SUIT_SHIFT + 4 * (c & 3))) for c in range(52)],
    dtype=np.uint64,
)
FLUSH_TABLE = np.array(FLUSH_VALUES, dtype=np.int32)


@njit(cache=True)
def _displace(keys: np.ndarray, values: np.ndarray, shift: int) -> tuple[np.ndarray, np.ndarray]:
    """Row-displacement perfect hash: slot = key + offsets[key >> shift].

    Rows (keys sharing `key >> shift`) are placed biggest first, each at the first offset
    where all its slots are free, searching from where the last row of its size went (so
    the build stays near linear; the table ends up a little less dense than pure first fit).
    """
    n_rows = (keys.max() >> shift) + 1
    counts = np.zeros(n_rows, np.int64)
    for k in keys:
        counts[k >> shift] += 1
    starts = np.zeros(n_rows + 1, np.int64)
    for r in range(n_rows):
        starts[r + 1] = starts[r] + counts[r]
    order = np.argsort(-counts, kind="mergesort")
    width = 1 << shift
    cap = 4 * keys.size + 4 * width
    used = np.zeros(cap, np.bool_)
    table = np.zeros(cap, np.int32)
    offsets = np.zeros(n_rows, np.int32)
    last_slot = np.zeros(width + 1, np.int64)
    first_free = 0
    size = 0
    for row in order:
        m = counts[row]
        if m == 0:
            break
        cols = keys[starts[row]:starts[row] + m] - (row << shift)
        vals = values[starts[row]:starts[row] + m]
        while used[first_free]:
            first_free += 1
        o = max(0, max(first_free, last_slot[m]) - cols[0])
        while True:
            if cols[-1] + o >= cap:
                raise ValueError("perfect hash table overflow")
            ok = True
            for c in cols:
                if used[c + o]:
                    ok = False
                    break
            if ok:
                break
            o += 1
        for i in range(m):
            used[cols[i] + o] = True
            table[cols[i] + o] = vals[i]
        offsets[row] = o - (row << shift)
        last_slot[m] = cols[0] + o
        size = max(size, cols[-1] + o + 1)
    return offsets, table[:size].copy()


@njit(cache=True)
def _encode(category: int, r0: int, r1: int, r2: int, r3: int, r4: int) -> int:
    return (((((category << 4 | r0) << 4 | r1) << 4 | r2) << 4 | r3) << 4) | r4


@njit(cache=True)
def _top_excluding(mask: int, skip: int, nth: int) -> int:
    """The `nth` (0-based) highest rank of `mask` other than the ranks in `skip`."""
    seen = 0
    for r in range(12, -1, -1):
        if mask >> r & 1 and not skip >> r & 1:
            if seen == nth:
                return r
            seen += 1
    return 0


@njit(cache=True)
def _value_of_counts(counts: np.ndarray) -> int:
    """Value of the best five of 5..7 cards with counts[rank] of each rank, no flush.

    The numba twin of `tables.best_from_counts` (so importing the kernels costs milliseconds,
    not seconds); the tests compare the two on every rank multiset.
    """
    mask = 0
    quad = trip1 = trip2 = pair1 = pair2 = -1
    for r in range(12, -1, -1):
        c = counts[r]
        if c:
            mask |= 1 << r
        if c == 4 and quad < 0:
            quad = r
        elif c == 3:
            if trip1 < 0:
                trip1 = r
            elif trip2 < 0:
                trip2 = r
        elif c == 2:
            if pair1 < 0:
                pair1 = r
            elif pair2 < 0:
                pair2 = r
    if quad >= 0:
        k = _top_excluding(mask, 1 << quad, 0)
        return _encode(7, quad, quad, quad, quad, k)
    if trip1 >= 0 and (trip2 >= 0 or pair1 >= 0):
        p = max(trip2, pair1)
        return _encode(6, trip1, trip1, trip1, p, p)
    for top in range(12, 3, -1):
        bits = 0x1F << (top - 4)
        if mask & bits == bits:
            return _encode(4, top, top - 1, top - 2, top - 3, top - 4)
    if mask & 0x100F == 0x100F:
        return _encode(4, 3, 2, 1, 0, 12)
    if trip1 >= 0:
        skip = 1 << trip1
        k0, k1 = _top_excluding(mask, skip, 0), _top_excluding(mask, skip, 1)
        return _encode(3, trip1, trip1, trip1, k0, k1)
    if pair2 >= 0:
        k = _top_excluding(mask, 1 << pair1 | 1 << pair2, 0)
        return _encode(2, pair1, pair1, pair2, pair2, k)
    if pair1 >= 0:
        skip = 1 << pair1
        return _encode(
            1, pair1, pair1, _top_excluding(mask, skip, 0), _top_excluding(mask, skip, 1),
            _top_excluding(mask, skip, 2),
        )  # fmt: skip
    return _encode(
        0, _top_excluding(mask, 0, 0), _top_excluding(mask, 0, 1), _top_excluding(mask, 0, 2),
        _top_excluding(mask, 0, 3), _top_excluding(mask, 0, 4),
    )  # fmt: skip


@njit(cache=True)
def no_flush_values(size: int, rank_keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(rank-key sums, values) of every `size`-card rank multiset (at most four of a rank)."""
    keys = []
    values = []
    seq = np.zeros(size, np.int64)  # non-decreasing ranks: an odometer over multisets
    counts = np.zeros(13, np.int64)
    while True:
        counts[:] = 0
        key = 0
        for r in seq:
            counts[r] += 1
            key += rank_keys[r]
        if counts.max() <= 4:
            keys.append(key)
            values.append(_value_of_counts(counts))
        i = size - 1
        while i >= 0 and seq[i] == 12:
            i -= 1
        if i < 0:
            break
        seq[i] += 1
        seq[i + 1 :] = seq[i]
    return np.array(keys), np.array(values, dtype=np.int32)


def _build(size: int) -> tuple[np.ndarray, np.ndarray]:
    keys, values = no_flush_values(size, RANK_KEYS)
    order = np.argsort(keys)
    keys, values = keys[order], values[order]
    if np.any(np.diff(keys) == 0):
        raise AssertionError(f"rank keys collide for {size}-card hands")
    offsets, table = _displace(keys, values, SHIFT)
    return offsets, table


OFFSETS5, TABLE5 = _build(5)
OFFSETS6, TABLE6 = _build(6)
OFFSETS7, TABLE7 = _build(7)


@njit(cache=True, inline="always")
def _flush_mask(key: np.uint64, cards: tuple[int, ...]) -> int:
    suits = key >> np.uint64(SUIT_SHIFT)
    suit = 0
    if suits & np.uint64(0x80):
        suit = 1
    elif suits & np.uint64(0x800):
        suit = 2
    elif suits & np.uint64(0x8000):
        suit = 3
    mask = 0
    for c in cards:
        if (c & 3) == suit:
            mask |= 1 << (c >> 2)
    return mask


@njit(cache=True)
def eval7(c0: int, c1: int, c2: int, c3: int, c4: int, c5: int, c6: int) -> np.int32:
    """Value of the best five of seven card codes (same int as `high_rank`)."""
    key = (
        START + CARD_KEYS[c0] + CARD_KEYS[c1] + CARD_KEYS[c2] + CARD_KEYS[c3]
        + CARD_KEYS[c4] + CARD_KEYS[c5] + CARD_KEYS[c6]
    )
    if key & FLUSH_BITS:
        return np.int32(FLUSH_TABLE[_flush_mask(key, (c0, c1, c2, c3, c4, c5, c6))])
    r = np.int64(key & RANK_MASK)
    return np.int32(TABLE7[r + OFFSETS7[r >> SHIFT]])


@njit(cache=True)
def eval6(c0: int, c1: int, c2: int, c3: int, c4: int, c5: int) -> np.int32:
    """Value of the best five of six card codes (same int as `high_rank`)."""
    key = (
        START + CARD_KEYS[c0] + CARD_KEYS[c1] + CARD_KEYS[c2] + CARD_KEYS[c3]
        + CARD_KEYS[c4] + CARD_KEYS[c5]
    )
    if key & FLUSH_BITS:
        return np.int32(FLUSH_TABLE[_flush_mask(key, (c0, c1, c2, c3, c4, c5))])
    r = np.int64(key & RANK_MASK)
    return np.int32(TABLE6[r + OFFSETS6[r >> SHIFT]])


@njit(cache=True)
def eval5(c0: int, c1: int, c2: int, c3: int, c4: int) -> np.int32:
    """Value of five card codes (same int as `high_rank`)."""
    key = START + CARD_KEYS[c0] + CARD_KEYS[c1] + CARD_KEYS[c2] + CARD_KEYS[c3] + CARD_KEYS[c4]
    if key & FLUSH_BITS:
        return np.int32(FLUSH_TABLE[_flush_mask(key, (c0, c1, c2, c3, c4))])
    r = np.int64(key & RANK_MASK)
    return np.int32(TABLE5[r + OFFSETS5[r >> SHIFT]])


@njit(cache=True)
def eval_rows(codes: np.ndarray) -> np.ndarray:
    """Values of every row of a (N, 5..7) uint8 array of card codes."""
    n, width = codes.shape
    out = np.empty(n, np.int32)
    if width == 7:
        for i in range(n):
            row = codes[i]
            out[i] = eval7(row[0], row[1], row[2], row[3], row[4], row[5], row[6])
    elif width == 6:
        for i in range(n):
            row = codes[i]
            out[i] = eval6(row[0], row[1], row[2], row[3], row[4], row[5])
    else:
        for i in range(n):
            row = codes[i]
            out[i] = eval5(row[0], row[1], row[2], row[3], row[4])
    return out


@njit(cache=True)
def enumerate_all(n_cards: int) -> tuple[np.ndarray, np.ndarray]:
    """Every n-card hand (5 or 7) of the deck, valued by eval5/eval7.

    Returns the count of hands per category and a 2**24 array of how many hands have each
    value (for counting distinct values). Used by the golden tests.
    """
    seen = np.zeros(1 << 24, np.int32)  # at most 133,784,560 hands per value
    if n_cards == 5:
        for a in range(48):
            for b in range(a + 1, 49):
                for c in range(b + 1, 50):
                    for d in range(c + 1, 51):
                        for e in range(d + 1, 52):
                            seen[eval5(a, b, c, d, e)] += 1
    else:
        for a in range(46):
            for b in range(a + 1, 47):
                for c in range(b + 1, 48):
                    for d in range(c + 1, 49):
                        for e in range(d + 1, 50):
                            for f in range(e + 1, 51):
                                for g in range(f + 1, 52):
                                    seen[eval7(a, b, c, d, e, f, g)] += 1
    categories = np.zeros(9, np.int64)
    for v in range(1 << 24):
        categories[v >> 20] += seen[v]
    return categories, seen
