"""Figures of a simulated tournament from its JSON lines (issue 13's note):

    pokerroom tournament simulate --entrants 1000 --seats 9 --seed 1 --json \
        | python benchmarks/tournament_figures.py

hands dealt (hand_end lines), moves, tables broken, places and the prizes paid. The largest
table spread at a hand start needs the moment each hand was dealt, which the JSON lines do
not carry (a hand_end names who was dealt in, not what the other tables held then): the
simulator measures it at every deal and prints it without --json."""

from __future__ import annotations

import json
import sys
from collections import Counter
from typing import Any


def figures(lines: list[str]) -> dict[str, Any]:
    kinds = Counter(json.loads(line)["event"] for line in lines)
    summary = json.loads(lines[-1])
    return {"hands": kinds["hand_end"], "moves": kinds["move"], "breaks": kinds["break"],
            "busts": kinds["bust"], "places": len(summary["places"]),
            "paid": sum(summary["payouts"].values()), "prize_pool": summary["prize_pool"]}


if __name__ == "__main__":
    print(json.dumps(figures(sys.stdin.read().splitlines())))
