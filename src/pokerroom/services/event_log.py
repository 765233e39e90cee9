"""The recent numbered events of one table, kept so a reconnecting client can catch up.

Each entry keeps the core event itself; it is filtered for the receiver when sent, so the
log never holds a per-viewer copy and never decides visibility itself.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any

# What a table keeps: a client catching up is replayed at most table_runner.REPLAY_MAX (100)
# events, and a full view carries the hand in play's events (a hand of eight at stud is
# about 120). Every entry kept is a few objects the full collections of the heap scan: 2,000
# a table made about a megabyte a table and, at 1,000 tables, millions of objects (issue 11).
EVENTS_KEPT = 300


@dataclass(frozen=True, slots=True, kw_only=True)
class LoggedEvent:
    version: int
    hand: int | None
    event: Any  # a core event (filtered per viewer on the way out) or a table notice dict


class EventLog:
    def __init__(self, keep: int, base_version: int = 0) -> None:
        self._entries: deque[LoggedEvent] = deque(maxlen=keep)
        self.version = base_version
        self.base_version = base_version

    def append(self, hand: int | None, event: Any) -> LoggedEvent:
        self.version += 1
        entry = LoggedEvent(version=self.version, hand=hand, event=event)
        self._entries.append(entry)
        return entry

    def since(self, version: int) -> list[LoggedEvent] | None:
        """Every event after `version`, or None when some of them are no longer held."""
        if version > self.version or version < self.base_version:
            return None
        if version == self.version:
            return []
        oldest = self._entries[0].version if self._entries else self.version + 1
        if version + 1 < oldest:
            return None
        return [e for e in self._entries if e.version > version]

    def of_hand(self, hand: int) -> list[LoggedEvent]:
        """The events of hand `hand` still held, oldest first (a hand's events are logged
        one after another: the newest run of entries tagged with it)."""
        out: list[LoggedEvent] = []
        for entry in reversed(self._entries):
            if entry.hand != hand:
                break
            out.append(entry)
        out.reverse()
        return out
