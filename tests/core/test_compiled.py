"""The optional compiled engine (mypyc, `make compiled`) is the code the tests run when asked.

CI runs the core and differential tests twice: pure Python (POKERROOM_EXPECT_COMPILED=0) and
after `make compiled` (=1). This test makes each run prove which build it exercised, so a
build that silently fell back to the .py files (or extensions left over in a pure run) fails.
"""

from __future__ import annotations

import importlib
import os

import pytest

from pokerroom.core.compiled import COMPILED, running_compiled

EXPECTED = os.environ.get("POKERROOM_EXPECT_COMPILED")


@pytest.mark.skipif(EXPECTED not in ("0", "1"), reason="POKERROOM_EXPECT_COMPILED not set")
def test_the_engine_runs_the_build_asked_for() -> None:
    for name in COMPILED:
        importlib.import_module(name)
    state = running_compiled()
    assert set(state) == set(COMPILED)
    wanted = EXPECTED == "1"
    wrong = sorted(name for name, compiled in state.items() if compiled != wanted)
    assert not wrong, f"expected {'compiled' if wanted else 'pure-Python'} modules, got the other build of {wrong}"

