"""UTH benchmark: the exact analysis (wall, CPU, peak memory) and the simulation's hands/s.

    .venv/bin/python benchmarks/bench_uth.py [--hands N] [--skip-exact]

Prints figures and ratios measured in this run; asserts nothing about time. The exact
figures are compared with the published ones (U-RTP-1).
"""

from __future__ import annotations

import argparse
import resource
import time

from pokerroom.core.uth.math.exact import PUBLISHED, run_flops, summarize, trips_exact
from pokerroom.core.uth.math.simulate import build_tables, simulate


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=20_000_000)
    parser.add_argument("--skip-exact", action="store_true")
    args = parser.parse_args()
    from pokerroom.cli.uth import load_flop_table

    if not args.skip_exact:
        run_flops(flop_ids=__import__("numpy").arange(2))  # compile (or load the cache)
        for strategy in ("optimal", "simple"):
            wall, cpu = time.perf_counter(), time.process_time()
            totals, play2 = run_flops(strategy)
            trips = trips_exact()
            result = summarize(strategy, totals, play2, trips)
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            ev = result.ev_per_ante
            same = ev == PUBLISHED["ev_per_ante"] if strategy == "optimal" else None
            print(
                f"exact {strategy}: EV {ev.numerator}/{ev.denominator} = {float(ev):+.7f} "
                f"(house edge {float(result.house_edge):.5%}, EoR {float(result.element_of_risk):.4%}, "
                f"SD {result.std_dev:.4f}); matches published: {same}; "
                f"wall {wall:.1f} s, CPU {cpu:.1f} s, CPU/wall {cpu / wall:.2f}"
            )
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory so far: {peak:.0f} MB")
    for strategy in ("optimal", "simple"):
        tables = build_tables(strategy, load_flop_table() if strategy == "optimal" else None)
        simulate(tables, 1, 1)
        wall, cpu = time.perf_counter(), time.process_time()
        result = simulate(tables, args.hands, 7)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        print(
            f"simulate {strategy}: {result.hands:,} hands, {result.hands / wall / 1e6:.2f} M hands/s wall, "
            f"{result.hands / cpu / 1e6:.2f} M hands per CPU second; EV {result.mean:+.5f} ± {result.half_width:.5f}"
        )
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory: {peak:.0f} MB")


if __name__ == "__main__":
    main()
