"""The recent numbered events of one table, kept so a reconnecting client can catch up.

Each entry keeps the core event itself; it is filtered for the receiver when sent, so the
log never holds a per-viewer copy and never decides visibility itself.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any


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
