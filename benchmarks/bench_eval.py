"""7-card hand evaluation speed: pokerroom (scalar and batch) against eval7, phevaluator, treys, PokerKit.

One run, one thread, the same random 7-card hands for everyone (slow peers get a prefix of
them). Each library gets its own card objects built before the clock starts. Prints evals/s
and the ratios; asserts nothing about time.

    .venv/bin/python benchmarks/bench_eval.py [--hands 1000000] [--seed 7]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import numpy as np

from pokerroom.core.cards import RANK_SYMBOLS, SUIT_SYMBOLS
from pokerroom.core.evaluation import evaluate_high, high_rank
from pokerroom.core.evaluation.batch import evaluate_high_batch


def card_text(code: int) -> str:
    return RANK_SYMBOLS[code >> 2] + SUIT_SYMBOLS[code & 3]


def timed(run: Callable[[], object], count: int, repeat: int = 1) -> float:
    """Best evals/s of `repeat` runs of `run`, which evaluates `count` hands."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return count / best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()

    rng = np.random.default_rng(args.seed)
    n = args.hands
    decks = np.tile(np.arange(52, dtype=np.uint8), (n, 1))
    hands = np.ascontiguousarray(rng.permuted(decks, axis=1)[:, :7])
    rows = [tuple(r) for r in hands.tolist()]
    sizes = {
        "scalar": min(n, 300_000), "eval7": min(n, 300_000), "phevaluator": min(n, 200_000),
        "treys": min(n, 50_000), "pokerkit": min(n, 2_000),
    }  # fmt: skip
    results: dict[str, float] = {}

    # pokerroom batch (numba): warm the compiled kernels first (loaded from the disk cache).
    evaluate_high_batch(hands[:100])
    results["pokerroom batch (numba)"] = timed(lambda: evaluate_high_batch(hands), n, repeat=3)

    # pokerroom scalar: its rank table is filled on the first call (about 0.5 s, not timed).
    high_rank(rows[0])
    sample = rows[: sizes["scalar"]]
    results["pokerroom high_rank"] = timed(lambda: [high_rank(h) for h in sample], len(sample), 3)
    results["pokerroom evaluate_high"] = timed(
        lambda: [evaluate_high(h) for h in sample], len(sample), 3
    )

    try:
        import eval7

        cards7 = [eval7.Card(card_text(c)) for c in range(52)]
        e7 = [[cards7[c] for c in h] for h in rows[: sizes["eval7"]]]
        results["eval7"] = timed(lambda: [eval7.evaluate(h) for h in e7], len(e7), 3)
    except ImportError:
        print("eval7 not installed")

    try:
        from phevaluator import evaluate_cards

        # phevaluator's integer ids are 4 * rank + suit (c, d, h, s), like ours.
        assert evaluate_cards(*[card_text(c) for c in rows[0]]) == evaluate_cards(*rows[0])
        ph = rows[: sizes["phevaluator"]]
        results["phevaluator"] = timed(lambda: [evaluate_cards(*h) for h in ph], len(ph), 3)
    except ImportError:
        print("phevaluator not installed")

    try:
        from treys import Card as TreysCard
        from treys import Evaluator

        evaluator = Evaluator()
        tc = [TreysCard.new(card_text(c)) for c in range(52)]
        tr = [([tc[c] for c in h[:2]], [tc[c] for c in h[2:]]) for h in rows[: sizes["treys"]]]
        results["treys"] = timed(lambda: [evaluator.evaluate(a, b) for a, b in tr], len(tr), 3)
    except ImportError:
        print("treys not installed")

    try:
        from pokerkit import StandardHighHand

        pk = [
            ("".join(card_text(c) for c in h[:2]), "".join(card_text(c) for c in h[2:]))
            for h in rows[: sizes["pokerkit"]]
        ]
        results["PokerKit StandardHighHand"] = timed(
            lambda: [StandardHighHand.from_game(a, b) for a, b in pk], len(pk), 3
        )
    except ImportError:
        print("pokerkit not installed")

    print(f"random 7-card hands, one thread; batch on {n:,} hands, peers on prefixes")
    print(f"{'evaluator':28} {'evals/s':>14}")
    for name, rate in results.items():
        print(f"{name:28} {rate:14,.0f}")
    peers = [k for k in results if not k.startswith("pokerroom")]
    ours = [k for k in results if k.startswith("pokerroom")]
    print()
    print("ratios (pokerroom / peer):")
    print(f"{'':28}" + "".join(f"{p[:14]:>16}" for p in peers))
    for name in ours:
        print(f"{name:28}" + "".join(f"{results[name] / results[p]:15.1f}x" for p in peers))


if __name__ == "__main__":
    main()
