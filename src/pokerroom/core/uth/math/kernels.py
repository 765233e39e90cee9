"""numba kernels of the exact analysis: one board's showdown counts, one flop's decisions.

Outcome bins of one (player hand, board): the dealer's 990 holdings split into wins with the
dealer qualified, wins with the dealer not qualified (both by the Blind pay line of the
player's hand), ties, losses to a qualified dealer, losses to an unqualified dealer
(U-QUAL-1, U-PAY-1). Bins 0..6: win, dealer qualifies, Blind line none, straight, flush,
full house, quads, straight flush, royal; 7..13: the same with the dealer unqualified;
14 tie; 15 loss (qualified); 16 loss (unqualified).

Counting: per board the 1,081 holdings of the 47 other cards are evaluated once and sorted;
walking them in order with per-card counters gives, for every player holding, how many
dealer holdings (disjoint from it) are below, equal and above it in constant time.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from pokerroom.core.evaluation._kernels import eval5, eval6, eval7
from pokerroom.core.uth.math.symmetry import (
    PAIR_A,
    PAIR_B,
    PAIR_INDEX,
    PAIR_MASK,
    PERM_CARD,
    PERM_INV,
    PERM_PAIR,
)

NBIN = 17
TIE, LOSS_Q, LOSS_NQ = 14, 15, 16
QUAL = 1 << 20  # the smallest pair (U-QUAL-1)
# What a win pays on the Blind, in half Antes, per Blind line (U-PAY-2).
BLIND_HALF = np.array([0, 2, 3, 6, 20, 100, 1000], dtype=np.int64)

# Local holdings of 47 cards: holding k is (LA[k], LB[k]), positions in the remaining cards.
_la, _lb = [], []
for _i in range(47):
    for _j in range(_i + 1, 47):
        _la.append(_i)
        _lb.append(_j)
LA = np.array(_la, np.int32)
LB = np.array(_lb, np.int32)
NH = 1081


@njit(cache=True, inline="always")
def blind_line(val: int) -> int:
    cat = val >> 20
    if cat == 4:
        return 1
    if cat == 5:
        return 2
    if cat == 6:
        return 3
    if cat == 7:
        return 4
    if cat == 8:
        return 6 if ((val >> 16) & 15) == 12 else 5
    return 0


@njit(cache=True)
def _radix_sort(keys, tmp):  # type: ignore[no-untyped-def]
    """LSD radix sort of NH int64 keys (value << 11 | index, value < 2**24) by the value bits."""
    count = np.empty(256, np.int32)
    src, dst = keys, tmp
    for shift in (11, 19, 27):
        count[:] = 0
        for i in range(NH):
            count[(src[i] >> shift) & 255] += 1
        total = 0
        for b in range(256):
            c = count[b]
            count[b] = total
            total += c
        for i in range(NH):
            b = (src[i] >> shift) & 255
            dst[count[b]] = src[i]
            count[b] += 1
        src, dst = dst, src
    return src


@njit(cache=True)
def board_outcomes(board, rem, vals, cnt, line):  # type: ignore[no-untyped-def]
    """For each holding of `rem` (47 cards): its value, its Blind line and the five outcome
    counts (W_q, W_nq, T, L_q, L_nq) over the 990 dealer holdings; stored by pair index."""
    b0, b1, b2, b3, b4 = board[0], board[1], board[2], board[3], board[4]
    keys = np.empty(NH, np.int64)
    tmp = np.empty(NH, np.int64)
    pidx = np.empty(NH, np.int32)
    below = np.empty(NH, np.int32)
    nq_card = np.zeros(47, np.int32)
    nq_total = 0
    for k in range(NH):
        x, y = LA[k], LB[k]
        a, b = rem[x], rem[y]
        v = eval7(b0, b1, b2, b3, b4, a, b)
        pidx[k] = PAIR_INDEX[a, b]
        keys[k] = (np.int64(v) << 11) | k
        if v < QUAL:
            nq_total += 1
            nq_card[x] += 1
            nq_card[y] += 1
    keys = _radix_sort(keys, tmp)
    cnt_card = np.zeros(47, np.int32)
    total = 0
    i = 0
    while i < NH:
        v = keys[i] >> 11
        j = i + 1
        while j < NH and (keys[j] >> 11) == v:
            j += 1
        ln = blind_line(v)
        qual = v >= QUAL
        # less: holdings below this value, disjoint from the player's two cards
        for t in range(i, j):
            k = keys[t] & 2047
            below[t] = total - cnt_card[LA[k]] - cnt_card[LB[k]]
        for t in range(i, j):
            k = keys[t] & 2047
            cnt_card[LA[k]] += 1
            cnt_card[LB[k]] += 1
        total += j - i
        for t in range(i, j):
            k = keys[t] & 2047
            x, y = LA[k], LB[k]
            less = below[t]
            eq = total - cnt_card[x] - cnt_card[y] + 1 - less
            p = pidx[k]
            vals[p] = v
            line[p] = ln
            if qual:
                nq = nq_total - nq_card[x] - nq_card[y]
                cnt[p, 0] = less - nq
                cnt[p, 1] = nq
                cnt[p, 2] = eq
                cnt[p, 3] = 990 - less - eq
                cnt[p, 4] = 0
            else:
                nq = nq_total - nq_card[x] - nq_card[y] + 1
                cnt[p, 0] = 0
                cnt[p, 1] = less
                cnt[p, 2] = eq
                cnt[p, 3] = 990 - nq
                cnt[p, 4] = nq - less - eq
        i = j


@njit(cache=True, inline="always")
def play_minus_fold(c0, c1, c2, c3, line):  # type: ignore[no-untyped-def]
    """Half-Ante gain of a 1x Play over folding at the river, summed over the dealer holdings."""
    b = BLIND_HALF[line]
    return (8 + b) * c0 + (6 + b) * c1 + 4 * c2 - 2 * c3


@njit(cache=True)
def simple_river(board, rem, vals, play):  # type: ignore[no-untyped-def]
    """The strategy card's river rule: 1x with a hidden pair or better, or when fewer than 21
    of the 45 unseen cards would give the dealer (board plus that card) a better hand."""
    b0, b1, b2, b3, b4 = board[0], board[1], board[2], board[3], board[4]
    v6 = np.empty(47, np.int64)
    for i in range(47):
        v6[i] = eval6(b0, b1, b2, b3, b4, rem[i])
    s6 = np.sort(v6)
    board_cat = eval5(b0, b1, b2, b3, b4) >> 20
    ranks = 0
    for i in range(5):
        ranks |= 1 << (board[i] >> 2)
    for k in range(NH):
        x, y = LA[k], LB[k]
        a, b = rem[x], rem[y]
        p = PAIR_INDEX[a, b]
        val = vals[p]
        cat = val >> 20
        hidden = (
            (a >> 2) == (b >> 2)
            or (ranks >> (a >> 2)) & 1 == 1
            or (ranks >> (b >> 2)) & 1 == 1
            or (cat >= 1 and cat > board_cat)
        )
        if hidden:
            play[p] = True
            continue
        lo, hi = 0, 47
        while lo < hi:
            mid = (lo + hi) // 2
            if s6[mid] > val:
                hi = mid
            else:
                lo = mid + 1
        outs = 47 - lo
        if v6[x] > val:
            outs -= 1
        if v6[y] > val:
            outs -= 1
        play[p] = outs < 21


@njit(cache=True)
def simple_flop(a, b, flop):  # type: ignore[no-untyped-def]
    """The strategy card's flop rule: 2x with two pair or better, a hidden pair (any pair
    using a hole card, except pocket deuces), or four to a flush holding a hidden ten or
    better of that suit."""
    if eval5(a, b, flop[0], flop[1], flop[2]) >> 20 >= 2:
        return True
    ra, rb = a >> 2, b >> 2
    franks = 0
    for i in range(3):
        franks |= 1 << (flop[i] >> 2)
    if ra == rb and ra != 0:
        return True
    if (franks >> ra) & 1 == 1 or (franks >> rb) & 1 == 1:
        return True
    for s in range(4):
        n = 0
        for i in range(3):
            if flop[i] & 3 == s:
                n += 1
        if a & 3 == s:
            n += 1
        if b & 3 == s:
            n += 1
        if n >= 4 and ((a & 3 == s and ra >= 8) or (b & 3 == s and rb >= 8)):
            return True
    return False


@njit(cache=True)
def ev_half(vec, multiple):  # type: ignore[no-untyped-def]
    """Half-Ante total of the Ante, Blind and Play bets of a bin vector at a Play multiple."""
    total = 0
    for line in range(7):
        total += vec[line] * (2 + BLIND_HALF[line] + 2 * multiple)
        total += vec[7 + line] * (BLIND_HALF[line] + 2 * multiple)
    total -= vec[LOSS_Q] * (4 + 2 * multiple)
    total -= vec[LOSS_NQ] * (2 + 2 * multiple)
    return total


@njit(cache=True)
def _add(acc, p, c, line, scale):  # type: ignore[no-untyped-def]
    acc[p, line] += c[0] * scale
    acc[p, 7 + line] += c[1] * scale
    acc[p, TIE] += c[2] * scale
    acc[p, LOSS_Q] += c[3] * scale
    acc[p, LOSS_NQ] += c[4] * scale


@njit(cache=True)
def flop_analysis(flop, strategy, river_tie_play):  # type: ignore[no-untyped-def]
    """Every player holding against one flop: the bin vectors of its options, summed over the
    1,081 turn-river pairs and 990 dealer holdings.

    Returns (all_vec, chk_vec, chk_fold, reps, mult, play2): all_vec[p] the bins whatever the
    later decisions (the Play bet is already made), chk_vec[p] the bins when checking on the
    flop and playing 1x at the river where the river rule says so, chk_fold[p] how many
    turn-river pairs are folded; only holdings p that represent their class under the flop's
    suit stabiliser are filled (reps), with mult[p] members; play2[p] the flop decision.
    strategy 0 = optimal, 1 = the strategy card.
    """
    fmask = np.uint64(0)
    for i in range(3):
        fmask |= np.uint64(1) << np.uint64(flop[i])
    stab = np.empty(24, np.int32)
    n_stab = 0
    for g in range(24):
        m = np.uint64(0)
        for i in range(3):
            m |= np.uint64(1) << np.uint64(PERM_CARD[g, flop[i]])
        if m == fmask:
            stab[n_stab] = g
            n_stab += 1
    # holdings: representatives under the stabiliser, and their class sizes
    canon = np.full(1326, -1, np.int32)
    mult = np.zeros(1326, np.int64)
    for p in range(1326):
        if PAIR_MASK[p] & fmask:
            continue
        best = p
        for s in range(n_stab):
            q = PERM_PAIR[stab[s], p]
            if q < best:
                best = q
        canon[p] = best
        mult[best] += 1
    n_reps = 0
    reps = np.empty(1326, np.int32)
    for p in range(1326):
        if canon[p] == p:
            reps[n_reps] = p
            n_reps += 1
    reps = reps[:n_reps]

    all_vec = np.zeros((1326, NBIN), np.int64)
    chk_vec = np.zeros((1326, NBIN), np.int64)
    chk_fold = np.zeros(1326, np.int64)
    vals = np.zeros(1326, np.int32)
    cnt = np.zeros((1326, 5), np.int32)
    line = np.zeros(1326, np.int8)
    play = np.zeros(1326, np.bool_)
    board = np.empty(5, np.int32)
    board[0], board[1], board[2] = flop[0], flop[1], flop[2]
    rem = np.empty(47, np.int32)
    images = np.empty(24, np.int32)
    image_g = np.empty(24, np.int32)
    for tr in range(1326):
        trmask = PAIR_MASK[tr]
        if trmask & fmask:
            continue
        is_rep = True
        for s in range(n_stab):
            if PERM_PAIR[stab[s], tr] < tr:
                is_rep = False
                break
        if not is_rep:
            continue
        n_img = 0
        for s in range(n_stab):
            q = PERM_PAIR[stab[s], tr]
            seen = False
            for u in range(n_img):
                if images[u] == q:
                    seen = True
                    break
            if not seen:
                images[n_img] = q
                image_g[n_img] = stab[s]
                n_img += 1
        bmask = fmask | trmask
        n = 0
        for c in range(52):
            if not (bmask >> np.uint64(c)) & np.uint64(1):
                rem[n] = c
                n += 1
        # the turn and river cards
        t_lo = -1
        for c in range(52):
            if (trmask >> np.uint64(c)) & np.uint64(1):
                if t_lo < 0:
                    t_lo = c
                else:
                    board[3], board[4] = t_lo, c
        board_outcomes(board, rem, vals, cnt, line)
        if strategy == 1:
            simple_river(board, rem, vals, play)
        else:
            for k in range(NH):
                p = PAIR_INDEX[rem[LA[k]], rem[LB[k]]]
                gain = play_minus_fold(cnt[p, 0], cnt[p, 1], cnt[p, 2], cnt[p, 3], line[p])
                play[p] = gain > 0 or (gain == 0 and river_tie_play)
        for u in range(n_img):
            ginv = PERM_INV[image_g[u]]
            imask = PAIR_MASK[images[u]]
            for r in range(n_reps):
                p = reps[r]
                if PAIR_MASK[p] & imask:
                    continue
                h = PERM_PAIR[ginv, p]
                w_q = cnt[h, 0]
                w_nq = cnt[h, 1]
                tie = cnt[h, 2]
                l_q = cnt[h, 3]
                l_nq = cnt[h, 4]
                ln = line[h]
                all_vec[p, ln] += w_q
                all_vec[p, 7 + ln] += w_nq
                all_vec[p, TIE] += tie
                all_vec[p, LOSS_Q] += l_q
                all_vec[p, LOSS_NQ] += l_nq
                if play[h]:
                    chk_vec[p, ln] += w_q
                    chk_vec[p, 7 + ln] += w_nq
                    chk_vec[p, TIE] += tie
                    chk_vec[p, LOSS_Q] += l_q
                    chk_vec[p, LOSS_NQ] += l_nq
                else:
                    chk_fold[p] += 1
    play2 = np.zeros(1326, np.bool_)
    for r in range(n_reps):
        p = reps[r]
        if strategy == 1:
            d = simple_flop(PAIR_A[p], PAIR_B[p], flop)
        else:
            ev2 = ev_half(all_vec[p], 2)
            evc = ev_half(chk_vec[p], 1) - 4 * 990 * chk_fold[p]
            d = ev2 > evc
        for s in range(n_stab):
            play2[PERM_PAIR[stab[s], p]] = d
    return all_vec, chk_vec, chk_fold, reps, mult, play2


@njit(cache=True, parallel=True)
def flops_to_classes(flop_ids, flops, weights, pair_class, strategy, river_tie_play):  # type: ignore[no-untyped-def]
    """Run `flop_analysis` for the given canonical flops in parallel and fold each holding's
    vectors into its starting-hand class, weighted by how many flops and holdings it stands
    for. Returns (out, play2): out[i, class] = [all(17), flop 2x(17), river 1x(17), folded
    dealer holdings(1)], play2[i] the flop decisions of flop i by pair index."""
    n = flop_ids.size
    out = np.zeros((n, 169, 3 * NBIN + 1), np.int64)
    play2 = np.zeros((n, 1326), np.bool_)
    for i in prange(n):
        fi = flop_ids[i]
        all_vec, chk_vec, chk_fold, reps, mult, dec = flop_analysis(
            flops[fi], strategy, river_tie_play
        )
        w = weights[fi]
        for r in range(reps.size):
            p = reps[r]
            cls = pair_class[p]
            scale = w * mult[p]
            for b in range(NBIN):
                out[i, cls, b] += all_vec[p, b] * scale
            if dec[p]:
                for b in range(NBIN):
                    out[i, cls, NBIN + b] += all_vec[p, b] * scale
            else:
                for b in range(NBIN):
                    out[i, cls, 2 * NBIN + b] += chk_vec[p, b] * scale
                out[i, cls, 3 * NBIN] += chk_fold[p] * 990 * scale
        play2[i] = dec
    return out, play2
