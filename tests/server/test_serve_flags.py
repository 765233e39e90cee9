"""`pokerroom serve --insecure-fast-hash` is refused outside tests (issue 12, item 21): cheap
argon2 parameters make a stolen hash cheap to crack."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

BIN = Path(sys.executable).parent


def test_serve_refuses_the_fast_hash_outside_tests(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "POKERROOM_TESTING"}
    done = subprocess.run(
        [str(BIN / "pokerroom"), "serve", "--port", "0", "--insecure-fast-hash",
         "--database", f"sqlite+aiosqlite:///{tmp_path / 'x.db'}"],
        env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "tests only" in done.stderr
