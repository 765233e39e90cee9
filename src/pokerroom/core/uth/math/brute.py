"""Direct enumeration for one player holding: every dealer holding, every turn and river.

Used for hints (the exact river and flop decision of one hand) and as the brute-force check
of the counting kernels: each deal is settled by the rules of U-PAY-1 and U-PAY-2 directly,
with no sorting and no symmetry.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from pokerroom.core.evaluation._kernels import eval7
from pokerroom.core.uth.math.kernels import BLIND_HALF, QUAL, blind_line


@njit(cache=True)
def deal_net_half(player, dealer, multiple):  # type: ignore[no-untyped-def]
    """Net of Ante + Blind + Play (multiple x Ante) in half Antes for one showdown."""
    if player > dealer:
        ante = 2 if dealer >= QUAL else 0
        return ante + BLIND_HALF[blind_line(player)] + 2 * multiple
    if player < dealer:
        ante = -2 if dealer >= QUAL else 0
        return ante - 2 - 2 * multiple
    return 0


# nogil: the server runs hints in a worker thread (asyncio.to_thread); without the GIL the
# event loop keeps serving the tables while a flop is enumerated (issue 11).
@njit(cache=True, nogil=True)
def river_values(a, b, board):  # type: ignore[no-untyped-def]
    """(sum over the 990 dealer holdings of the 1x Play net, the same for folding), half Antes."""
    used = np.zeros(52, np.bool_)
    used[a] = True
    used[b] = True
    for i in range(5):
        used[board[i]] = True
    v = eval7(board[0], board[1], board[2], board[3], board[4], a, b)
    play = 0
    n = 0
    for x in range(52):
        if used[x]:
            continue
        for y in range(x + 1, 52):
            if used[y]:
                continue
            d = eval7(board[0], board[1], board[2], board[3], board[4], x, y)
            play += deal_net_half(v, d, 1)
            n += 1
    return play, -4 * n


@njit(cache=True, nogil=True)
def flop_values(a, b, flop, river_tie_play):  # type: ignore[no-untyped-def]
    """(2x on the flop, check then the best river decision) summed over every turn, river and
    dealer holding, in half Antes; and how many turn-river pairs end in a fold."""
    used = np.zeros(52, np.bool_)
    used[a] = True
    used[b] = True
    for i in range(3):
        used[flop[i]] = True
    board = np.empty(5, np.int64)
    board[0], board[1], board[2] = flop[0], flop[1], flop[2]
    two = 0
    check = 0
    folds = 0
    for t in range(52):
        if used[t]:
            continue
        for r in range(t + 1, 52):
            if used[r]:
                continue
            board[3], board[4] = t, r
            used[t] = True
            used[r] = True
            v = eval7(board[0], board[1], board[2], t, r, a, b)
            s2 = 0
            s1 = 0
            n = 0
            for x in range(52):
                if used[x]:
                    continue
                for y in range(x + 1, 52):
                    if used[y]:
                        continue
                    d = eval7(board[0], board[1], board[2], t, r, x, y)
                    s2 += deal_net_half(v, d, 2)
                    s1 += deal_net_half(v, d, 1)
                    n += 1
            used[t] = False
            used[r] = False
            two += s2
            fold = -4 * n
            if s1 > fold or (s1 == fold and river_tie_play):
                check += s1
            else:
                check += fold
                folds += 1
    return two, check, folds
