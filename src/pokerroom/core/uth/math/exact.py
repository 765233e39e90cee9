"""Exact return of Ultimate Texas Hold'em by full enumeration with suit symmetry (U-RTP-1).

Every deal (player holding, flop, turn and river, dealer holding: 1,326 x 19,600 x 1,081 x
990 of them) is counted once: flops by their 1,755 suit classes (weighted by class size),
turn-river pairs and holdings by their classes under the flop's suit stabiliser, the dealer's
990 holdings by sorted counting (kernels.py). The optimal strategy decides at the river
(1x or fold), then on the flop (2x or check) with the river decisions that follow, then
preflop per starting-hand class (4x, 3x or check); the simple strategy follows the strategy
card instead. Results are exact Fractions: the expected return per Ante, its variance, how
often each decision is taken, and the return by outcome. Trips is counted over all
133,784,560 seven-card hands.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import numpy.typing as npt
from numba import njit, prange

from pokerroom.core.evaluation._kernels import eval7
from pokerroom.core.uth.math.kernels import BLIND_HALF, LOSS_NQ, LOSS_Q, NBIN, TIE, flops_to_classes
from pokerroom.core.uth.math.symmetry import (
    CANON_FLOPS,
    CLASS_SIZE,
    FLOP_WEIGHT,
    N_FLOPS,
    PAIR_CLASS,
    class_name,
)

TOTAL_DEALS = 1326 * 19600 * 1081 * 990
PATHS = ("4x", "3x", "2x", "1x", "fold")
MULTIPLE = {"4x": 4, "3x": 3, "2x": 2, "1x": 1}
LINE_NAMES = (
    "no pay line",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
    "royal flush",
)
PUBLISHED = {
    "ev_per_ante": Fraction(-50_643_648_973, 2_317_817_502_000),
    "element_of_risk": 0.005262,
    "std_dev": 4.9393,
    "trips_ev": Fraction(-233_985, 6_689_228),
}
# The exact value of each strategy, for the simulation's check: the optimal one is the
# published figure above; the strategy card's is this analysis's own (re-derived by a slow test).
EXACT_EV = {
    "optimal": PUBLISHED["ev_per_ante"],
    "simple": Fraction(-5_019_140_341, 204_513_309_000),
}
Progress = Callable[[int, int], None]


def bin_label(b: int) -> str:
    if b < 7:
        return f"win, dealer qualifies, Blind: {LINE_NAMES[b]}"
    if b < 14:
        return f"win, dealer does not qualify, Blind: {LINE_NAMES[b - 7]}"
    return {TIE: "tie", LOSS_Q: "loss, dealer qualifies", LOSS_NQ: "loss, dealer does not qualify"}[
        b
    ]


def bin_net_half(b: int, multiple: int) -> int:
    """Net of Ante + Blind + Play, in half Antes, for one deal in bin `b` (U-PAY-1, U-PAY-2)."""
    if b < 7:
        return 2 + int(BLIND_HALF[b]) + 2 * multiple
    if b < 14:
        return int(BLIND_HALF[b - 7]) + 2 * multiple
    if b == TIE:
        return 0
    if b == LOSS_Q:
        return -(4 + 2 * multiple)
    return -(2 + 2 * multiple)


def ev_half(vec: npt.NDArray[np.int64], multiple: int) -> int:
    return sum(int(vec[b]) * bin_net_half(b, multiple) for b in range(NBIN))


@dataclass(frozen=True, slots=True, kw_only=True)
class OutcomeRow:
    decision: str
    outcome: str
    net: Fraction  # in Antes
    count: int
    probability: Fraction
    contribution: Fraction


@dataclass(frozen=True, slots=True, kw_only=True)
class ExactResult:
    strategy: str
    total_deals: int
    ev_per_ante: Fraction
    second_moment: Fraction
    average_wager: Fraction  # Ante + Blind + Play, in Antes
    frequencies: dict[str, Fraction]
    preflop: dict[str, str]  # class name -> "4x" | "3x" | "check"
    preflop_ev: dict[str, tuple[Fraction, Fraction]]  # class -> (EV of 4x, EV of check) per Ante
    rows: tuple[OutcomeRow, ...]
    flop_play: npt.NDArray[np.bool_]  # [canonical flop, pair index] -> 2x on the flop
    trips_ev: Fraction

    @property
    def house_edge(self) -> Fraction:
        return -self.ev_per_ante

    @property
    def rtp_ante(self) -> Fraction:
        return 1 + self.ev_per_ante

    @property
    def element_of_risk(self) -> Fraction:
        return -self.ev_per_ante / self.average_wager

    @property
    def rtp_total(self) -> Fraction:
        return 1 + self.ev_per_ante / self.average_wager

    @property
    def variance(self) -> Fraction:
        return self.second_moment - self.ev_per_ante**2

    @property
    def std_dev(self) -> float:
        return math.sqrt(self.variance)


def _simple_preflop(cls: int) -> bool:
    """Strategy card, preflop: 4x with any ace, any pair but deuces, K2s+, K5o+, Q6s+, Q8o+,
    J8s+, JTo+; else check."""
    name = class_name(cls)
    hi, lo = "23456789TJQKA".index(name[0]), "23456789TJQKA".index(name[1])
    if len(name) == 2:
        return hi != 0
    suited = name[2] == "s"
    if hi == 12:
        return True
    if hi == 11:
        return suited or lo >= 3
    if hi == 10:
        return lo >= (4 if suited else 6)
    if hi == 9:
        return lo >= (6 if suited else 8)
    return False


def run_flops(
    strategy: str = "optimal",
    progress: Progress | None = None,
    batches: int = 40,
    flop_ids: npt.NDArray[np.int64] | None = None,
    river_tie_play: bool = True,
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.bool_]]:
    """Class totals over the given canonical flops (all by default) and their flop decisions."""
    code = {"optimal": 0, "simple": 1}[strategy]
    ids = np.arange(N_FLOPS, dtype=np.int64) if flop_ids is None else flop_ids
    totals = np.zeros((169, 3 * NBIN + 1), np.int64)
    play2 = np.zeros((N_FLOPS, 1326), np.bool_)
    chunks = np.array_split(ids, max(1, min(batches, ids.size)))
    done = 0
    for chunk in chunks:
        out, dec = flops_to_classes(
            chunk, CANON_FLOPS, FLOP_WEIGHT, PAIR_CLASS, code, river_tie_play
        )
        totals += out.sum(axis=0)
        play2[chunk] = dec
        done += chunk.size
        if progress is not None:
            progress(done, ids.size)
    return totals, play2


def analyze(
    strategy: str = "optimal", progress: Progress | None = None, river_tie_play: bool = True
) -> ExactResult:
    """The exact analysis of the main game (and Trips) under `strategy` ("optimal" or "simple")."""
    totals, play2 = run_flops(strategy, progress, river_tie_play=river_tie_play)
    return summarize(strategy, totals, play2, trips_exact())


def summarize(
    strategy: str,
    totals: npt.NDArray[np.int64],
    play2: npt.NDArray[np.bool_],
    trips_ev: Fraction,
    complete: bool = True,
) -> ExactResult:
    """Decide preflop per class and add everything up; `complete=False` for a partial run
    over some flops (tests, previews), which skips the check that every deal is counted."""
    path_vec = {p: np.zeros(NBIN, np.int64) for p in ("4x", "3x", "2x", "1x")}
    fold = 0
    preflop: dict[str, str] = {}
    preflop_ev: dict[str, tuple[Fraction, Fraction]] = {}
    for cls in range(169):
        row = totals[cls]
        all_vec, two, one, folded = (
            row[:NBIN],
            row[NBIN : 2 * NBIN],
            row[2 * NBIN : 3 * NBIN],
            int(row[3 * NBIN]),
        )
        ev4, ev3 = ev_half(all_vec, 4), ev_half(all_vec, 3)
        evc = ev_half(two, 2) + ev_half(one, 1) - 4 * folded
        if strategy == "optimal":
            choice = "4x" if ev4 >= ev3 and ev4 >= evc else "3x" if ev3 >= evc else "check"
        else:
            choice = "4x" if _simple_preflop(cls) else "check"
        name = class_name(cls)
        preflop[name] = choice
        per_class = 2 * int(row[:NBIN].sum())
        preflop_ev[name] = (Fraction(ev4, per_class), Fraction(evc, per_class))
        if choice == "check":
            path_vec["2x"] += two
            path_vec["1x"] += one
            fold += folded
        else:
            path_vec[choice] += all_vec
    total = sum(int(v.sum()) for v in path_vec.values()) + fold
    if complete and total != TOTAL_DEALS:
        raise AssertionError(f"counted {total} deals, expected {TOTAL_DEALS}")
    ev_sum = 0
    m2_sum = 0
    wager = 0
    rows: list[OutcomeRow] = []
    for path, vec in path_vec.items():
        k = MULTIPLE[path]
        wager += int(vec.sum()) * (2 + k)
        for b in range(NBIN):
            count = int(vec[b])
            x = bin_net_half(b, k)
            ev_sum += count * x
            m2_sum += count * x * x
            if count:
                rows.append(
                    OutcomeRow(
                        decision=path, outcome=bin_label(b), net=Fraction(x, 2), count=count,
                        probability=Fraction(count, total), contribution=Fraction(count * x, 2 * total),
                    )
                )  # fmt: skip
    ev_sum += fold * -4
    m2_sum += fold * 16
    wager += fold * 2
    rows.append(
        OutcomeRow(
            decision="fold", outcome="fold at the river", net=Fraction(-2), count=fold,
            probability=Fraction(fold, total), contribution=Fraction(-2 * fold, total),
        )
    )  # fmt: skip
    freq = {p: Fraction(int(v.sum()), total) for p, v in path_vec.items()}
    freq["fold"] = Fraction(fold, total)
    return ExactResult(
        strategy=strategy, total_deals=total, ev_per_ante=Fraction(ev_sum, 2 * total),
        second_moment=Fraction(m2_sum, 4 * total), average_wager=Fraction(wager, total),
        frequencies=freq, preflop=preflop, preflop_ev=preflop_ev, rows=tuple(rows),
        flop_play=play2, trips_ev=trips_ev,
    )  # fmt: skip


# Trips pay lines by 7-card value: index 0 loses, 1 trips .. 7 royal (U-PAY-3).
TRIPS_PAYS = (-1, 3, 4, 7, 8, 30, 40, 50)


@njit(cache=True)
def _trips_line(v):  # type: ignore[no-untyped-def]
    cat = v >> 20
    if cat == 3:
        return 1
    if cat == 4:
        return 2
    if cat == 5:
        return 3
    if cat == 6:
        return 4
    if cat == 7:
        return 5
    if cat == 8:
        return 7 if ((v >> 16) & 15) == 12 else 6
    return 0


@njit(cache=True, parallel=True)
def _trips_counts():  # type: ignore[no-untyped-def]
    out = np.zeros((46, 8), np.int64)
    for first in prange(46):
        a = np.int64(first)
        for b in range(a + 1, 47):
            for c in range(b + 1, 48):
                for d in range(c + 1, 49):
                    for e in range(d + 1, 50):
                        for f in range(e + 1, 51):
                            for g in range(f + 1, 52):
                                out[a, _trips_line(eval7(a, b, c, d, e, f, g))] += 1  # type: ignore[index, arg-type]
    return out.sum(axis=0)


def trips_counts() -> tuple[int, ...]:
    """How many of the 133,784,560 seven-card hands fall on each Trips line (loss first)."""
    return tuple(int(x) for x in _trips_counts())


def trips_exact() -> Fraction:
    """Expected return of Trips per unit, exactly (U-PAY-3)."""
    counts = trips_counts()
    return Fraction(sum(c * pay for c, pay in zip(counts, TRIPS_PAYS, strict=True)), sum(counts))


def class_sizes() -> dict[str, int]:
    return {class_name(c): int(CLASS_SIZE[c]) for c in range(169)}
