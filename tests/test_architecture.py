"""The dependency rule of DESIGN.md section 1: layers import only inward; the core is pure."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "pokerroom"

# layer -> the pokerroom layers it may import (besides itself)
ALLOWED = {
    "core": set(),
    # The server's words for players (Babel catalogues): a leaf, like the core.
    "i18n": set(),
    "storage": {"core"},
    "services": {"core", "storage", "i18n"},
    # The server reaches the database only through the services (issue 10): no SQL, no rows.
    "server": {"services", "core", "i18n"},
    "history": {"core", "storage", "services"},
    "scenarios": {"core", "history"},
    "bots": {"core", "history", "services", "storage"},
    "cli": {"core", "storage", "services", "server", "history", "bots", "scenarios", "i18n"},
    "web": set(),
}
# The pure core may use the standard library only, minus I/O, time, threads and global random.
CORE_FORBIDDEN_MODULES = {
    "asyncio", "sqlite3", "socket", "os", "time", "logging", "random", "threading",
    "subprocess", "io", "pathlib", "shutil", "tempfile", "urllib", "http", "select",
    "multiprocessing", "datetime", "secrets", "signal", "ssl",
}  # fmt: skip
# numpy (and numba for the compiled kernels) only in the analysis corners of the core.
NUMERIC_ALLOWED = ("core/evaluation/batch", "core/evaluation/_kernels", "core/uth/math")
THIRD_PARTY_CORE = {"numpy", "numba"}


def python_files() -> list[Path]:
    return sorted(SRC.rglob("*.py"))


def imported_modules(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
        elif isinstance(node, ast.ImportFrom) and node.level:
            raise AssertionError(f"{path}:{node.lineno}: use absolute imports (pokerroom.x.y)")
    return found


def layer_of(path: Path) -> str:
    rel = path.relative_to(SRC)
    return rel.parts[0].removesuffix(".py") if len(rel.parts) > 1 else rel.stem


def test_every_layer_imports_only_inward() -> None:
    problems = []
    for path in python_files():
        layer = layer_of(path)
        if layer not in ALLOWED:
            continue
        for line, module in imported_modules(path):
            parts = module.split(".")
            if parts[0] != "pokerroom" or len(parts) < 2:
                continue
            target = parts[1]
            if target != layer and target in ALLOWED and target not in ALLOWED[layer]:
                problems.append(f"{path.relative_to(SRC)}:{line}: {layer} imports {module}")
    assert not problems, "layers reaching outward:\n" + "\n".join(problems)


def test_core_imports_no_io_and_no_global_random() -> None:
    problems = []
    for path in (SRC / "core").rglob("*.py"):
        rel = path.relative_to(SRC).as_posix()
        numeric_ok = rel.startswith(NUMERIC_ALLOWED)
        for line, module in imported_modules(path):
            top = module.split(".")[0]
            if top in CORE_FORBIDDEN_MODULES:
                problems.append(f"{rel}:{line}: core imports {module}")
            if top in THIRD_PARTY_CORE and not numeric_ok:
                problems.append(f"{rel}:{line}: {module} outside the numeric corners")
            if top not in CORE_FORBIDDEN_MODULES | THIRD_PARTY_CORE | {"pokerroom", "__future__"}:
                if not _is_stdlib(top):
                    problems.append(f"{rel}:{line}: core imports third-party {module}")
    assert not problems, "\n".join(problems)


def _is_stdlib(module: str) -> bool:
    import sys

    return module in sys.stdlib_module_names


@pytest.mark.parametrize(
    ("source", "bad"),
    [
        ("import random\n", True),
        ("from time import monotonic\n", True),
        ("import itertools\n", False),
        ("import numpy\n", True),
    ],
)
def test_the_core_check_can_fail(tmp_path: Path, source: str, bad: bool) -> None:
    """The purity check itself rejects what it must (a test that can fail)."""
    file = tmp_path / "mod.py"
    file.write_text(source)
    modules = [m.split(".")[0] for _, m in imported_modules(file)]
    flagged = any(m in CORE_FORBIDDEN_MODULES | THIRD_PARTY_CORE for m in modules)
    assert flagged is bad


# The server gets views and filtered events; it never runs or replays a hand itself (issue 10).
SERVER_FORBIDDEN_NAMES = {"start_hand", "Hand", "replay", "decode_record"}


def server_hand_imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(
                ("pokerroom.core", "pokerroom.services")):
            found += [f"{node.lineno}: {alias.name}" for alias in node.names
                      if alias.name in SERVER_FORBIDDEN_NAMES]
        if isinstance(node, ast.Import):
            found += [f"{node.lineno}: {a.name}" for a in node.names
                      if a.name.startswith(("sqlalchemy", "pokerroom.storage"))]
    return found


def test_the_server_holds_no_hand_and_writes_no_sql() -> None:
    problems = [f"{path.relative_to(SRC)}:{hit}" for path in (SRC / "server").rglob("*.py")
                for hit in server_hand_imports(path)]
    problems += [f"{path.relative_to(SRC)}:{line}: {module}"
                 for path in (SRC / "server").rglob("*.py")
                 for line, module in imported_modules(path)
                 if module.split(".")[0] == "sqlalchemy"]
    assert not problems, "the server reaches past the services:\n" + "\n".join(problems)


def test_the_server_check_can_fail(tmp_path: Path) -> None:
    file = tmp_path / "mod.py"
    file.write_text("from pokerroom.core.rules import start_hand, visible_to\n")
    assert server_hand_imports(file) == ["1: start_hand"]


# One wall clock (issue 10): services.clock.now_ms, the milliseconds every deadline and stamp
# is in; no module computes them again (there were eight copies).
CLOCK = SRC / "services" / "clock.py"
WALL_CLOCK_MS = re.compile(r"time\.time_ns\(\)\s*//\s*1_?000_?000|time\.time\(\)\s*\*\s*1_?000\b")


def test_one_wall_clock() -> None:
    copies = [f"{path.relative_to(SRC)}:{number}"
              for path in python_files() if path != CLOCK
              for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
              if WALL_CLOCK_MS.search(line)]
    assert not copies, "wall-clock milliseconds computed outside services/clock.py:\n" + "\n".join(
        copies)


def test_the_clock_check_can_fail() -> None:
    assert WALL_CLOCK_MS.search("now = int(time.time() * 1000)")
    assert WALL_CLOCK_MS.search("return time.time_ns() // 1_000_000")
    assert WALL_CLOCK_MS.search(CLOCK.read_text(encoding="utf-8"))
    assert not WALL_CLOCK_MS.search("deadline = now_ms() + int(seconds * 1000)")
