"""The pinned server benchmark runs end to end and prints every figure (issue 11; not timed)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from pokerroom.cli.bench_server import KEYS

POKERROOM = Path(sys.executable).parent / "pokerroom"


def test_bench_server_prints_one_json_object_with_every_key() -> None:
    done = subprocess.run(
        [str(POKERROOM), "bench", "server", "--tables", "2", "--think", "200",
         "--seconds", "10", "--json"],
        capture_output=True, text=True, timeout=600, check=True,
    )
    lines = [line for line in done.stdout.splitlines() if line.strip()]
    assert len(lines) == 1, done.stdout
    figures = json.loads(lines[0])
    assert tuple(figures) == KEYS
    assert figures["tables"] == 2 and figures["think_ms"] == 200
    # The bots played during the window: the figures are measured, not placeholders.
    assert figures["actions_per_s"] > 0 and figures["hands_per_s"] > 0
    assert figures["rtt_p99_ms"] >= figures["rtt_p50_ms"] > 0
    assert figures["server_cpu_ms_per_hand"] >= figures["storage_cpu_ms_per_hand"] >= 0
    assert figures["rss_mb"] > 0
