"""Decision tables for fast play (simulation, bots): canonical boards and packed river bits.

A five-card board is looked up by its colex rank (0..2,598,959) to its suit class (134,459
classes) and a suit permutation into that class; the river decision of every holding on a
class representative is one bit. The flop decision of the optimal strategy comes from the
exact analysis (exact.py), by canonical flop (1,755) and holding.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit, prange

from pokerroom.core.uth.math.kernels import (
    LA,
    LB,
    NH,
    board_outcomes,
    play_minus_fold,
    simple_river,
)
from pokerroom.core.uth.math.symmetry import FLOP_CANON, FLOP_CARDS, FLOP_PERM, PAIR_INDEX

N_BOARDS = 2_598_960
WORDS = 21  # 1,326 bits per board


def _binomials() -> npt.NDArray[np.int64]:
    table = np.zeros((53, 6), np.int64)
    for n in range(53):
        table[n, 0] = 1
        for k in range(1, 6):
            table[n, k] = 0 if n == 0 else table[n - 1, k - 1] + table[n - 1, k]
    return table


BINOM = _binomials()


@njit(cache=True)
def colex(cards, binom):  # type: ignore[no-untyped-def]
    """Colex rank of a sorted tuple of distinct card codes."""
    r = 0
    for i in range(cards.size):
        r += binom[cards[i], i + 1]
    return r


@njit(cache=True)
def canonical_board(cards, binom, suit_map):  # type: ignore[no-untyped-def]
    """Colex rank of the class representative of a five-card board; fills `suit_map` (old
    suit -> new suit). Suits are renumbered by their rank masks, largest first: isomorphic
    boards get the same representative, and suits with equal masks are interchangeable."""
    masks = np.zeros(4, np.int64)
    for i in range(5):
        masks[cards[i] & 3] |= 1 << (cards[i] >> 2)
    order = np.argsort(-masks, kind="mergesort")
    for new in range(4):
        suit_map[order[new]] = new
    img = np.empty(5, np.int64)
    for i in range(5):
        img[i] = (cards[i] & ~3) | suit_map[cards[i] & 3]
    img.sort()
    return colex(img, binom)


@njit(cache=True)
def _board_classes(binom):  # type: ignore[no-untyped-def]
    is_rep = np.zeros(N_BOARDS, np.bool_)
    cards = np.empty(5, np.int64)
    suit_map = np.empty(4, np.int64)
    for a in range(52):
        for b in range(a + 1, 52):
            for c in range(b + 1, 52):
                for d in range(c + 1, 52):
                    for e in range(d + 1, 52):
                        cards[0], cards[1], cards[2], cards[3], cards[4] = a, b, c, d, e
                        is_rep[canonical_board(cards, binom, suit_map)] = True
    n = 0
    ids = np.full(N_BOARDS, -1, np.int32)
    for r in range(N_BOARDS):
        if is_rep[r]:
            ids[r] = n
            n += 1
    reps = np.zeros((n, 5), np.int32)
    for a in range(52):
        for b in range(a + 1, 52):
            for c in range(b + 1, 52):
                for d in range(c + 1, 52):
                    for e in range(d + 1, 52):
                        cards[0], cards[1], cards[2], cards[3], cards[4] = a, b, c, d, e
                        i = ids[colex(cards, binom)]
                        if i >= 0:
                            reps[i, 0], reps[i, 1], reps[i, 2], reps[i, 3], reps[i, 4] = (
                                a,
                                b,
                                c,
                                d,
                                e,
                            )
    return ids, reps


def board_classes() -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    """(class id by colex rank of a representative board, else -1; representatives n x 5)."""
    ids, reps = _board_classes(BINOM)
    return ids, reps


@njit(cache=True, parallel=True)
def river_bits(reps, strategy):  # type: ignore[no-untyped-def]
    """Packed river decisions (1 = play 1x) of every holding on every board class."""
    n = reps.shape[0]
    out = np.zeros((n, WORDS), np.uint64)
    for i in prange(n):
        board = reps[i]
        used = np.zeros(52, np.bool_)
        for j in range(5):
            used[board[j]] = True
        rem = np.empty(47, np.int32)
        m = 0
        for c in range(52):
            if not used[c]:
                rem[m] = c
                m += 1
        vals = np.zeros(1326, np.int32)
        cnt = np.zeros((1326, 5), np.int32)
        line = np.zeros(1326, np.int8)
        play = np.zeros(1326, np.bool_)
        board_outcomes(board, rem, vals, cnt, line)
        if strategy == 1:
            simple_river(board, rem, vals, play)
        else:
            for k in range(NH):
                p = PAIR_INDEX[rem[LA[k]], rem[LB[k]]]
                play[p] = play_minus_fold(cnt[p, 0], cnt[p, 1], cnt[p, 2], cnt[p, 3], line[p]) >= 0
        for p in range(1326):
            if play[p]:
                out[i, p >> 6] |= np.uint64(1) << np.uint64(p & 63)
    return out


def flop_lookup() -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int8]]:
    """Canonical flop id and permutation by colex rank of the sorted flop."""
    ids = np.zeros(22100, np.int32)
    perms = np.zeros(22100, np.int8)
    for i in range(22100):
        r = int(
            BINOM[FLOP_CARDS[i, 0], 1] + BINOM[FLOP_CARDS[i, 1], 2] + BINOM[FLOP_CARDS[i, 2], 3]
        )
        ids[r] = FLOP_CANON[i]
        perms[r] = FLOP_PERM[i]
    return ids, perms
