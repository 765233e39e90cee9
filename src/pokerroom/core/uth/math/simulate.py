"""Monte Carlo play of Ultimate Texas Hold'em with a numba kernel (U-RTP-1).

Each hand is dealt in the shuffler order of U-DEAL-1 (five community cards, the player's
two, the dealer's two) from a partial Fisher-Yates shuffle driven by splitmix64, one
independent stream per block of hands (so a seed gives the same result on any number of
threads). Decisions come from tables: the preflop chart, the flop decision by canonical flop
(the exact analysis's for the optimal strategy, the card's rule for the simple one), the
river decision by board class (tables.py). Settlement follows U-PAY-1..3 (the same
arithmetic as brute.py); a sample is replayed through the game code in the tests.
Nets are counted in half Antes so the 3:2 Blind stays an integer.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import numpy.typing as npt
from numba import njit, prange

from pokerroom.core.evaluation._kernels import eval7
from pokerroom.core.uth.math.brute import deal_net_half
from pokerroom.core.uth.math.exact import TRIPS_PAYS, _trips_line
from pokerroom.core.uth.math.kernels import simple_flop
from pokerroom.core.uth.math.strategy import OPTIMAL_4X, SIMPLE_4X
from pokerroom.core.uth.math.symmetry import PAIR_CLASS, PAIR_INDEX, PERMS, class_name
from pokerroom.core.uth.math.tables import BINOM, board_classes, flop_lookup, river_bits

BINOM_ = BINOM
PERMS_ = PERMS.astype(np.int64)
BLOCK = 1 << 16  # hands per random stream / per point of the running-return curve
TRIPS_PAY = np.array(TRIPS_PAYS, np.int64)


@dataclass(frozen=True, slots=True)
class Tables:
    """Everything the kernel looks decisions up in."""

    strategy: int  # 0 optimal, 1 simple
    preflop4: npt.NDArray[np.bool_]  # by class 0..168
    flop_ids: npt.NDArray[np.int32]
    flop_perms: npt.NDArray[np.int8]
    flop_play: npt.NDArray[np.uint64]  # packed bits [canonical flop, pair // 64] (optimal only)
    board_ids: npt.NDArray[np.int32]
    river: npt.NDArray[np.uint64]


def build_tables(strategy: str, flop_play: npt.NDArray[np.bool_] | None = None) -> Tables:
    """Decision tables for "optimal" (needs the exact analysis's flop decisions) or "simple"."""
    code = {"optimal": 0, "simple": 1}[strategy]
    chart = OPTIMAL_4X if code == 0 else SIMPLE_4X
    preflop = np.array([class_name(c) in chart for c in range(169)], np.bool_)
    if code == 0 and flop_play is None:
        raise ValueError("the optimal strategy needs the flop decisions of the exact analysis")
    fplay = _pack(flop_play) if flop_play is not None else np.zeros((1, 21), np.uint64)
    fids, fperms = flop_lookup()
    bids, reps = board_classes()
    return Tables(code, preflop, fids, fperms, fplay, bids, river_bits(reps, code))


def _pack(play: npt.NDArray[np.bool_]) -> npt.NDArray[np.uint64]:
    """Rows of 1,326 booleans as 21 little-endian 64-bit words (bit p of word p // 64)."""
    padded = np.zeros((play.shape[0], 21 * 64), np.uint64)
    padded[:, : play.shape[1]] = play
    weights = np.uint64(1) << np.arange(64, dtype=np.uint64)
    packed: npt.NDArray[np.uint64] = (padded.reshape(play.shape[0], 21, 64) * weights).sum(
        axis=2, dtype=np.uint64
    )
    return packed


@njit(cache=True, inline="always")
def _next(state):  # type: ignore[no-untyped-def]
    state[0] += np.uint64(0x9E3779B97F4A7C15)
    z = state[0]
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@njit(cache=True, inline="always")
def _below(state, n):  # type: ignore[no-untyped-def]
    """Uniform integer in [0, n) from 32 random bits (Lemire's method with rejection, unbiased)."""
    x = _next(state) >> np.uint64(32)
    m = x * np.uint64(n)
    low = m & np.uint64(0xFFFFFFFF)
    if low < np.uint64(n):
        t = (np.uint64(0x100000000) - np.uint64(n)) % np.uint64(n)
        while low < t:
            x = _next(state) >> np.uint64(32)
            m = x * np.uint64(n)
            low = m & np.uint64(0xFFFFFFFF)
    return np.int64(m >> np.uint64(32))


@njit(cache=True, inline="always")
def _sort3(a, b, c):  # type: ignore[no-untyped-def]
    if a > b:
        a, b = b, a
    if b > c:
        b, c = c, b
    if a > b:
        a, b = b, a
    return a, b, c


@njit(cache=True, inline="always")
def _new_suit(m, s):  # type: ignore[no-untyped-def]
    """Position of suit s when suits are ordered by rank mask, largest first (ties by suit)."""
    pos = 0
    for t in range(4):
        if m[t] > m[s] or (m[t] == m[s] and t < s):
            pos += 1
    return pos


@njit(cache=True, inline="always")
def _river_play(b, a, c, board_ids, river, masks, img):  # type: ignore[no-untyped-def]
    """The river bit of holding (a, c) on board b (five codes): canonical board, then lookup."""
    masks[:] = 0
    for i in range(5):
        masks[b[i] & 3] |= 1 << (b[i] >> 2)
    for i in range(5):
        img[i] = (b[i] & ~3) | _new_suit(masks, b[i] & 3)
    # insertion sort of five
    for i in range(1, 5):
        x = img[i]
        j = i - 1
        while j >= 0 and img[j] > x:
            img[j + 1] = img[j]
            j -= 1
        img[j + 1] = x
    rank = 0
    for i in range(5):
        rank += BINOM_[img[i], i + 1]
    q = PAIR_INDEX[(a & ~3) | _new_suit(masks, a & 3), (c & ~3) | _new_suit(masks, c & 3)]
    return (river[board_ids[rank], q >> 6] >> np.uint64(q & 63)) & np.uint64(1)


@njit(cache=True)
def _play_hand(  # type: ignore[no-untyped-def]
    deck, state, strategy, preflop4, flop_ids, flop_perms, flop_play, board_ids, river, scratch
):
    """Shuffle the first nine positions, play one hand; returns (multiple, net, trips line)."""
    for i in range(9):
        j = i + _below(state, 52 - i)
        deck[i], deck[j] = deck[j], deck[i]
    b0, b1, b2, b3, b4 = deck[0], deck[1], deck[2], deck[3], deck[4]
    a, b = deck[5], deck[6]
    v = eval7(b0, b1, b2, b3, b4, a, b)
    d = eval7(b0, b1, b2, b3, b4, deck[7], deck[8])
    p = PAIR_INDEX[a, b]
    k = 0
    if preflop4[PAIR_CLASS[p]]:
        k = 4
    else:
        f0, f1, f2 = _sort3(b0, b1, b2)
        if strategy == 0:
            r = BINOM_[f0, 1] + BINOM_[f1, 2] + BINOM_[f2, 3]
            g = flop_perms[r]
            pa = (a & ~3) | PERMS_[g, a & 3]
            pb = (b & ~3) | PERMS_[g, b & 3]
            q = PAIR_INDEX[pa, pb]
            two = (flop_play[flop_ids[r], q >> 6] >> np.uint64(q & 63)) & np.uint64(1)
        else:
            flop = scratch[10:13]
            flop[0], flop[1], flop[2] = f0, f1, f2
            two = simple_flop(a, b, flop)
        if two:
            k = 2
        elif _river_play(deck[:5], a, b, board_ids, river, scratch[0:4], scratch[4:9]):
            k = 1
    net = -4 if k == 0 else deal_net_half(v, d, k)
    return k, net, _trips_line(v)


@njit(cache=True, parallel=True)
def _simulate(seed, blocks, strategy, preflop4, flop_ids, flop_perms, flop_play, board_ids, river):  # type: ignore[no-untyped-def]
    """Per block: [hands by multiple 0..4 (0 = fold), sum of nets, sum of squares, trips sum,
    trips squares] in half Antes (trips in units)."""
    out = np.zeros((blocks, 9), np.int64)
    for blk in prange(blocks):
        state = np.empty(1, np.uint64)
        state[0] = np.uint64(seed) * np.uint64(0xD1B54A32D192ED03) + np.uint64(blk)
        _next(state)
        deck = np.arange(52)
        scratch = np.zeros(16, np.int64)
        for _ in range(BLOCK):
            k, net, line = _play_hand(
                deck,
                state,
                strategy,
                preflop4,
                flop_ids,
                flop_perms,
                flop_play,
                board_ids,
                river,
                scratch,
            )
            out[blk, k] += 1
            out[blk, 5] += net
            out[blk, 6] += net * net
            t = TRIPS_PAY[line]
            out[blk, 7] += t
            out[blk, 8] += t * t
    return out


@njit(cache=True)
def _sample(seed, n, strategy, preflop4, flop_ids, flop_perms, flop_play, board_ids, river):  # type: ignore[no-untyped-def]
    decks = np.zeros((n, 9), np.int64)
    res = np.zeros((n, 3), np.int64)
    state = np.empty(1, np.uint64)
    state[0] = np.uint64(seed) * np.uint64(0xD1B54A32D192ED03)
    _next(state)
    deck = np.arange(52)
    scratch = np.zeros(16, np.int64)
    for i in range(n):
        k, net, line = _play_hand(
            deck,
            state,
            strategy,
            preflop4,
            flop_ids,
            flop_perms,
            flop_play,
            board_ids,
            river,
            scratch,
        )
        decks[i] = deck[:9]
        res[i, 0], res[i, 1], res[i, 2] = k, net, TRIPS_PAY[line]
    return decks, res


@dataclass(frozen=True, slots=True, kw_only=True)
class SimResult:
    strategy: str
    seed: int
    hands: int
    blocks: npt.NDArray[np.int64]  # per block counts and sums (see _simulate)

    @property
    def mean(self) -> float:
        """Mean net per hand, in Antes (Ante + Blind + Play)."""
        return float(self.blocks[:, 5].sum()) / 2 / self.hands

    @property
    def std_dev(self) -> float:
        m2 = float(self.blocks[:, 6].sum()) / 4 / self.hands
        return math.sqrt(max(m2 - self.mean**2, 0.0))

    @property
    def half_width(self) -> float:
        """95% confidence half-width of the mean."""
        return 1.959964 * self.std_dev / math.sqrt(self.hands)

    def contains(self, value: Fraction | float) -> bool:
        return abs(float(value) - self.mean) <= self.half_width

    @property
    def trips_mean(self) -> float:
        return float(self.blocks[:, 7].sum()) / self.hands

    @property
    def trips_half_width(self) -> float:
        m2 = float(self.blocks[:, 8].sum()) / self.hands
        return 1.959964 * math.sqrt(max(m2 - self.trips_mean**2, 0.0) / self.hands)

    def frequencies(self) -> dict[str, float]:
        names = ("fold", "1x", "2x", "3x", "4x")
        return {names[k]: float(self.blocks[:, k].sum()) / self.hands for k in range(5)}

    def running(
        self,
    ) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64], npt.NDArray[np.float64]]:
        """(hands, running mean, 95% half-width) after each block."""
        n = np.cumsum(np.full(self.blocks.shape[0], BLOCK, np.float64))
        s = np.cumsum(self.blocks[:, 5].astype(np.float64)) / 2
        q = np.cumsum(self.blocks[:, 6].astype(np.float64)) / 4
        mean = s / n
        var = np.maximum(q / n - mean**2, 0.0)
        return n, mean, 1.959964 * np.sqrt(var / n)


def simulate(tables: Tables, hands: int, seed: int, strategy_name: str = "") -> SimResult:
    """Play about `hands` hands (rounded up to whole blocks of 65,536)."""
    blocks = max(1, -(-hands // BLOCK))
    out = _simulate(
        seed, blocks, tables.strategy, tables.preflop4, tables.flop_ids, tables.flop_perms,
        tables.flop_play, tables.board_ids, tables.river,
    )  # fmt: skip
    name = strategy_name or ("optimal" if tables.strategy == 0 else "simple")
    return SimResult(strategy=name, seed=seed, hands=blocks * BLOCK, blocks=out)


def sample(
    tables: Tables, hands: int, seed: int
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """The first nine cards of each hand's deck and (multiple, net in half Antes, trips net)."""
    decks, res = _sample(
        seed, hands, tables.strategy, tables.preflop4, tables.flop_ids, tables.flop_perms,
        tables.flop_play, tables.board_ids, tables.river,
    )  # fmt: skip
    return decks, res
