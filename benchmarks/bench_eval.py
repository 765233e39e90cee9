"""7-card hand evaluation speed: pokerroom (scalar and batch) against eval7, phevaluator, treys, PokerKit.

One run, one thread, the same random 7-card hands for everyone (slow peers get a prefix of
them). Each library gets its own card objects built before the clock starts; pokerroom's
`evaluate_high` is timed on card codes and on Card objects. The contenders are timed in
interleaved rounds (so a burst of load on a shared machine hits them alike) and each keeps its
best round. The clock is the thread's CPU time by default (time spent descheduled on a loaded
machine does not count against anyone); `--clock wall` uses perf_counter. Prints evals/s and
the ratios; asserts nothing about time.

    .venv/bin/python benchmarks/bench_eval.py [--hands 1000000] [--rounds 7] [--seed 7]
        [--clock cpu|wall]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from pokerroom.core.cards import FULL_DECK, RANK_SYMBOLS, SUIT_SYMBOLS
from pokerroom.core.evaluation import evaluate_high, high_rank
from pokerroom.core.evaluation.batch import evaluate_high_batch


def card_text(code: int) -> str:
    return RANK_SYMBOLS[code >> 2] + SUIT_SYMBOLS[code & 3]


def each(
    evaluate: Callable[..., object], items: list[Any], star: bool = False
) -> Callable[[], None]:
    """A run calling `evaluate(item)` (or `evaluate(*item)`) on every item, dropping the
    results as timeit does (no list of results to grow or to garbage-collect)."""

    def run() -> None:
        for item in items:
            evaluate(item)

    def run_star() -> None:
        for item in items:
            evaluate(*item)

    return run_star if star else run


def contenders(
    hands: np.ndarray, rows: list[tuple[int, ...]]
) -> dict[str, tuple[Callable[[], object], int]]:
    """name -> (a run evaluating some of the hands, how many it evaluates)."""
    n = len(rows)
    runs: dict[str, tuple[Callable[[], object], int]] = {}

    # pokerroom batch (numba): warm the compiled kernels (loaded from the disk cache).
    evaluate_high_batch(hands[:100])
    runs["pokerroom batch (numba)"] = (lambda: evaluate_high_batch(hands), n)

    # pokerroom scalar: its rank table is filled on the first call (about 0.5 s, not timed).
    high_rank(rows[0])
    scalar = rows[: min(n, 100_000)]
    runs["pokerroom high_rank"] = (each(high_rank, scalar), len(scalar))
    runs["pokerroom evaluate_high"] = (each(evaluate_high, scalar), len(scalar))
    card_rows = [tuple(FULL_DECK[c] for c in h) for h in scalar]
    assert evaluate_high(card_rows[0]) == evaluate_high(scalar[0]) == high_rank(scalar[0])
    runs["pokerroom evaluate_high Cards"] = (each(evaluate_high, card_rows), len(card_rows))

    try:
        import eval7

        cards7 = [eval7.Card(card_text(c)) for c in range(52)]
        e7 = [[cards7[c] for c in h] for h in rows[: min(n, 100_000)]]
        runs["eval7"] = (each(eval7.evaluate, e7), len(e7))
    except ImportError:
        print("eval7 not installed")

    try:
        from phevaluator import evaluate_cards

        # phevaluator's integer ids are 4 * rank + suit (c, d, h, s), like ours.
        assert evaluate_cards(*[card_text(c) for c in rows[0]]) == evaluate_cards(*rows[0])
        ph = rows[: min(n, 100_000)]
        runs["phevaluator"] = (each(evaluate_cards, ph, star=True), len(ph))
    except ImportError:
        print("phevaluator not installed")

    try:
        from treys import Card as TreysCard
        from treys import Evaluator

        evaluator = Evaluator()
        tc = [TreysCard.new(card_text(c)) for c in range(52)]
        tr = [([tc[c] for c in h[:2]], [tc[c] for c in h[2:]]) for h in rows[: min(n, 20_000)]]
        runs["treys"] = (each(evaluator.evaluate, tr, star=True), len(tr))
    except ImportError:
        print("treys not installed")

    try:
        from pokerkit import StandardHighHand

        pk = [
            ("".join(card_text(c) for c in h[:2]), "".join(card_text(c) for c in h[2:]))
            for h in rows[: min(n, 1_000)]
        ]
        runs["PokerKit StandardHighHand"] = (
            each(StandardHighHand.from_game, pk, star=True),
            len(pk),
        )
    except ImportError:
        print("pokerkit not installed")
    return runs


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--clock", choices=("cpu", "wall"), default="cpu")
    args = parser.parse_args()
    clock = time.thread_time if args.clock == "cpu" else time.perf_counter

    rng = np.random.default_rng(args.seed)
    decks = np.tile(np.arange(52, dtype=np.uint8), (args.hands, 1))
    hands = np.ascontiguousarray(rng.permuted(decks, axis=1)[:, :7])
    rows = [tuple(r) for r in hands.tolist()]
    runs = contenders(hands, rows)

    best = {name: float("inf") for name in runs}
    for _ in range(args.rounds):
        for name, (run, _count) in runs.items():
            start = clock()
            run()
            best[name] = min(best[name], clock() - start)
    results = {name: runs[name][1] / best[name] for name in runs}

    print(
        f"random 7-card hands, one thread, best of {args.rounds} interleaved rounds"
        f" ({'thread CPU time' if args.clock == 'cpu' else 'wall clock'})"
    )
    print(f"{'evaluator':30} {'hands':>10} {'evals/s':>14}")
    for name, rate in results.items():
        print(f"{name:30} {runs[name][1]:10,} {rate:14,.0f}")
    peers = [k for k in results if not k.startswith("pokerroom")]
    ours = [k for k in results if k.startswith("pokerroom")]
    print()
    print("ratios (pokerroom / peer):")
    print(f"{'':30}" + "".join(f"{p[:14]:>16}" for p in peers))
    for name in ours:
        print(f"{name:30}" + "".join(f"{results[name] / results[p]:15.1f}x" for p in peers))
    if "phevaluator" in results:  # the scalar target of issue 2: evaluate_high beats it
        ph = results["phevaluator"]
        codes = results["pokerroom evaluate_high"] / ph
        cards = results["pokerroom evaluate_high Cards"] / ph
        print()
        print(
            f"evaluate_high / phevaluator: {codes:.2f}x on card codes, {cards:.2f}x on Card"
            " objects (phevaluator on its int ids)"
        )


if __name__ == "__main__":
    main()
