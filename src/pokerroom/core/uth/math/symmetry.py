"""Index tables for the analysis: two-card holdings, suit permutations, canonical flops, classes.

Suits are interchangeable in Ultimate Texas Hold'em (no pay line depends on a suit), so every
quantity is invariant under the 24 permutations of the suits. A flop (three cards) is stored
by its canonical representative: the smallest, over the 24 permutations, of its sorted
codes; the 22,100 flops fall into 1,755 classes. A holding (two cards) has an index
0..1325 and a starting-hand class 0..168 laid out on the 13x13 chart (pairs on the
diagonal, suited above it, offsuit below it).
"""

from __future__ import annotations

from itertools import permutations

import numpy as np
import numpy.typing as npt

I32 = npt.NDArray[np.int32]
I64 = npt.NDArray[np.int64]

N_PAIRS = 1326
RANKS = "23456789TJQKA"

PERMS: I32 = np.array(list(permutations(range(4))), dtype=np.int32)  # 24 x 4
PERM_CARD: I32 = np.array(
    [[(c & ~3) | int(p[c & 3]) for c in range(52)] for p in PERMS], dtype=np.int32
)
_inverse = []
for _p in PERMS:
    _inv = [0, 0, 0, 0]
    for _i, _v in enumerate(_p):
        _inv[int(_v)] = _i
    _inverse.append(next(k for k, q in enumerate(PERMS) if list(q) == _inv))
PERM_INV: I32 = np.array(_inverse, dtype=np.int32)

PAIR_A = np.zeros(N_PAIRS, np.int32)
PAIR_B = np.zeros(N_PAIRS, np.int32)
PAIR_INDEX = np.full((52, 52), -1, np.int32)
_k = 0
for _a in range(52):
    for _b in range(_a + 1, 52):
        PAIR_A[_k], PAIR_B[_k] = _a, _b
        PAIR_INDEX[_a, _b] = PAIR_INDEX[_b, _a] = _k
        _k += 1
PAIR_MASK: npt.NDArray[np.uint64] = np.array(
    [(1 << int(a)) | (1 << int(b)) for a, b in zip(PAIR_A, PAIR_B, strict=True)], dtype=np.uint64
)
PERM_PAIR: I32 = np.array(
    [
        [PAIR_INDEX[PERM_CARD[g, PAIR_A[k]], PERM_CARD[g, PAIR_B[k]]] for k in range(N_PAIRS)]
        for g in range(24)
    ],
    dtype=np.int32,
)


def hand_class(a: int, b: int) -> int:
    """The chart cell (row * 13 + column, rows and columns from Ace down) of a holding."""
    ra, rb = a >> 2, b >> 2
    hi, lo = max(ra, rb), min(ra, rb)
    row, col = 12 - hi, 12 - lo
    if ra == rb:
        return row * 13 + row
    if (a & 3) == (b & 3):
        return row * 13 + col  # suited: above the diagonal
    return col * 13 + row  # offsuit: below the diagonal


PAIR_CLASS: I32 = np.array(
    [hand_class(int(a), int(b)) for a, b in zip(PAIR_A, PAIR_B, strict=True)], dtype=np.int32
)
CLASS_SIZE: I64 = np.bincount(PAIR_CLASS, minlength=169).astype(np.int64)


def class_name(cls: int) -> str:
    """ "AA", "AKs", "AKo" for a chart cell."""
    row, col = divmod(cls, 13)
    hi, lo = RANKS[12 - min(row, col)], RANKS[12 - max(row, col)]
    if row == col:
        return hi + lo
    return hi + lo + ("s" if row < col else "o")


def _canonical_flops() -> tuple[I32, I64, I32, I32, I32]:
    """Canonical flops (n x 3 codes), orbit sizes, and for each of the 22,100 flops (by colex
    index) its canonical id and a permutation taking it there."""
    from itertools import combinations

    reps: dict[tuple[int, ...], int] = {}
    flop_canon = np.zeros(22100, np.int32)
    flop_perm = np.zeros(22100, np.int32)
    flop_cards = np.zeros((22100, 3), np.int32)
    rep_list: list[tuple[int, ...]] = []
    sizes: list[int] = []
    for index, flop in enumerate(combinations(range(52), 3)):
        best: tuple[int, ...] | None = None
        best_g = 0
        for g in range(24):
            image = tuple(sorted(int(PERM_CARD[g, c]) for c in flop))
            if best is None or image < best:
                best, best_g = image, g
        assert best is not None
        if best not in reps:
            reps[best] = len(rep_list)
            rep_list.append(best)
            sizes.append(0)
        cid = reps[best]
        sizes[cid] += 1
        flop_canon[index], flop_perm[index] = cid, best_g
        flop_cards[index] = flop
    return (
        np.array(rep_list, np.int32), np.array(sizes, np.int64), flop_canon, flop_perm, flop_cards,
    )  # fmt: skip


CANON_FLOPS, FLOP_WEIGHT, FLOP_CANON, FLOP_PERM, FLOP_CARDS = _canonical_flops()
N_FLOPS = len(CANON_FLOPS)
