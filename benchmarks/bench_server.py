"""Server benchmark: a thin wrapper around the pinned `pokerroom bench server` (issue 11).

    .venv/bin/python benchmarks/bench_server.py --tables 10 50 200 --think 0 [--seconds 20] \
        [--database postgresql://postgres@127.0.0.1:5432/test] [--json]

Same arguments and figures as the command; see pokerroom/cli/bench_server.py.
"""

from __future__ import annotations

import sys

from pokerroom.cli import app

if __name__ == "__main__":
    app(["bench", "server", *sys.argv[1:]])
