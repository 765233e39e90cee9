"""The action clock counts from the server's real deadline: never more seconds than the clock
has (the test room's clock is 30 s: never "31 s"), down as time passes, and the time bank
shows its seconds only when there is some to use (else it is not shown)."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

from webtest_helpers import Frames, join_from_lobby, new_name, sign_up, wait_for_decision

ACTION_SECONDS = 30  # conftest's SERVER_SETTINGS
BANK_SECONDS = 30  # the default room's time bank


def _seconds(text: str, label: str) -> int | None:
    m = re.search(rf"{label}: (\d+) s", text)
    return int(m.group(1)) if m else None


def test_the_clock_counts_down_from_the_real_deadline(page: Any, server: Any, bots: Any,
                                                      tmp_path: Path) -> None:
    table = server.table("poker", "no-limit")["id"]
    frames = Frames(page)
    sign_up(page, new_name("tick"))
    join_from_lobby(page, table)
    bots.start(server.url, 2, table=table, log=tmp_path / "bots.log", think=0.3)
    legal = wait_for_decision(page, frames, table)
    assert legal is not None
    started = time.monotonic()
    clock = page.get_by_test_id("clock")
    readings: list[tuple[float, int]] = []
    while time.monotonic() - started < 4:
        text = clock.inner_text()
        mine = _seconds(text, "Your time")
        bank = _seconds(text, "Time bank")
        assert mine is not None, text
        assert 0 < mine <= ACTION_SECONDS, text  # never "31 s" for a 30 s clock
        # The time bank shows only when there is some to use (the server's `time_bank_ms`).
        clock_view = (frames.latest_view(table) or {}).get("clock") or {}
        bank_ms = int(clock_view.get("time_bank_ms") or 0)
        if bank_ms > 0:
            assert bank is not None and 0 < bank <= min(BANK_SECONDS, -(-bank_ms // 1000)), text
        else:
            assert bank is None, text
        readings.append((time.monotonic() - started, mine))
        page.wait_for_timeout(400)
    view = frames.latest_view(table) or {}
    assert (view.get("legal") or {}).get("action_no") == legal["action_no"], "the turn moved on"
    # It counts down: about four seconds later, at least two seconds fewer.
    assert readings[-1][1] <= readings[0][1] - 2, readings
    assert not page.js_errors  # type: ignore[attr-defined]
