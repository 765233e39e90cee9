"""A refused request: a stable code for clients, a plain reason, and the rule ID when one applies."""

from __future__ import annotations

from pokerroom.core.errors import PokerRoomError


class RefusedError(PokerRoomError):
    """A service refuses a request; nothing changed. `code` is the protocol error code."""

    def __init__(self, code: str, reason: str, rule: str | None = None) -> None:
        super().__init__(f"{code}: {reason}")
        self.code = code
        self.reason = reason
        self.rule = rule
