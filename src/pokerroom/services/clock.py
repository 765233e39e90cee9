"""Time for the services. The core takes time as data (`now_ms`); this is where it comes from.

The action clock itself (time per action, time bank, timeout -> check or fold, then sit out)
is data in `pokerroom.core.table.clock`; the table runner arms a timer at its deadline.
"""

from __future__ import annotations

import time


def now_ms() -> int:
    """Wall-clock milliseconds since the epoch (what deadlines on the wire are in)."""
    return time.time_ns() // 1_000_000
