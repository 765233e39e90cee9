"""The optional compiled build of the hand engine: which modules mypyc compiles, and which
of them this process runs compiled.

`make compiled` (setup.py with POKERROOM_COMPILE=1) builds these modules in place as C
extensions; Python imports an extension before the .py beside it, so the engine then runs
compiled. Without a compiler nothing changes: the pure-Python modules are the fallback and
the reference (`make pure` removes the extensions again). A module is listed here only when
its code is plain typed Python that mypyc compiles without a change of behaviour; the
records (actions, events, results) stay interpreted: their fast constructors rewrite the
classes at import (records.py), which a compiled class does not allow. Not listed either:
evaluation/value.py (HandValue subclasses int, which mypyc does not compile) and
evaluation/high.py (its fixed-size tuple tables turn into a 30 MB C file, and its fast path
is already a few table lookups).
"""

from __future__ import annotations

import sys
from importlib.machinery import EXTENSION_SUFFIXES

COMPILED: tuple[str, ...] = (
    "pokerroom.core.rules.betting",
    "pokerroom.core.rules.dealing",
    "pokerroom.core.rules.drawing",
    "pokerroom.core.rules.flow",
    "pokerroom.core.rules.hand",
    "pokerroom.core.rules.showdown",
    "pokerroom.core.rules.start",
    "pokerroom.core.evaluation.draw_lows",
    "pokerroom.core.evaluation.low",
    "pokerroom.core.evaluation.short_deck",
)


def running_compiled() -> dict[str, bool]:
    """For each module of COMPILED that is imported: whether it was loaded from an extension."""
    return {
        name: str(getattr(sys.modules[name], "__file__", "")).endswith(tuple(EXTENSION_SUFFIXES))
        for name in COMPILED
        if name in sys.modules
    }
