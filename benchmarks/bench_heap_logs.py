"""What the tables' event logs cost the heap's full collection (issue 11).

Each table keeps its last N events (services.event_log) for clients catching up. A full
collection of the heap (server/heap.py: one an hour) scans every object kept, so its pause
grows with N x tables once the logs are full (at a human pace, after about an hour). This fills
T tables' logs with the events of real hands (six-max no-limit hold'em from the core engine,
each wrapped as the table runner logs it), then times gc.collect(), for each N in its own
process. Prints, per N: the objects the collector tracks, the best of three full collections,
and the process's peak RSS; then the ratio of each pause to the first N's. Asserts nothing.

    .venv/bin/python benchmarks/bench_heap_logs.py [--tables 1000] [--keep 300 2000]
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import resource
import subprocess
import sys
import time

from pokerroom.cli.bench import CONFIG, PLAYERS, SETUPS, random_deal
from pokerroom.core.rules import Call, Check, Fold, Game, start_hand
from pokerroom.services.event_log import EventLog
from pokerroom.services.table_runner import HandEvent


def fill(tables: int, keep: int, seed: int = 1) -> list[EventLog]:
    rand = random.Random(seed).random
    cards = Game.HOLDEM.variant.deck
    logs = []
    for t in range(tables):
        log = EventLog(keep)
        number = 0
        while log.version < keep:
            number += 1
            button = number % PLAYERS
            hand = start_hand(CONFIG, SETUPS[button], button=button,
                              deck=random_deal(rand, PLAYERS * 2 + 5, cards))
            seats = {1000 * t + s: s for s in range(PLAYERS)}  # account -> seat, per hand
            dealt_in = frozenset(range(PLAYERS))
            while not hand.over:
                legal = hand.legal_actions()
                if legal.call is not None and rand() < 0.3:
                    action: Fold | Call | Check = Fold(seat=legal.seat)
                else:
                    action = Call(seat=legal.seat) if legal.call is not None \
                        else Check(seat=legal.seat)
                for event in hand.apply(action):
                    log.append(number, HandEvent(event, seats, dealt_in))
        logs.append(log)
    return logs


def measure(tables: int, keep: int) -> dict[str, float]:
    gc.disable()
    logs = fill(tables, keep)
    gc.enable()
    gc.collect()
    pauses = []
    for _ in range(3):
        began = time.perf_counter()
        gc.collect()
        pauses.append(time.perf_counter() - began)
    return {"keep": keep, "tables": len(logs), "tracked": len(gc.get_objects()),
            "full_collection_ms": round(1000 * min(pauses), 1),
            "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--keep", type=int, nargs="+", default=[300, 2000])
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)  # a child: one N
    args = parser.parse_args()
    if args.one is not None:
        print(json.dumps(measure(args.tables, args.one)))
        return
    first = None
    for keep in args.keep:
        out = subprocess.run([sys.executable, __file__, "--tables", str(args.tables),
                              "--one", str(keep)], check=True, capture_output=True, text=True)
        row = json.loads(out.stdout)
        first = first or row["full_collection_ms"]
        print(f"keep {keep:>5} events x {row['tables']} tables: {row['tracked']:>10,} objects "
              f"tracked, full collection {row['full_collection_ms']:>7.1f} ms "
              f"({row['full_collection_ms'] / first:.1f}x), peak RSS {row['peak_rss_mb']} MB")


if __name__ == "__main__":
    main()
