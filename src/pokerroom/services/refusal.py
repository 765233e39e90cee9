"""A refused request: a stable code for clients, a plain reason, and the rule ID when one applies.

`message` and `params` let a client word the refusal in the player's language and currency
("below_minimum" with `amount` and `minimum` in the chip unit); without them a client words
the `code`. `reason` is English for logs and tools.
"""

from __future__ import annotations

from pokerroom.core.errors import PokerRoomError, RuleViolationError


class RefusedError(PokerRoomError):
    """A service refuses a request; nothing changed. `code` is the protocol error code."""

    def __init__(
        self, code: str, reason: str, rule: str | None = None, *, message: str | None = None,
        params: dict[str, int | str] | None = None,
    ) -> None:
        super().__init__(f"{code}: {reason}")
        self.code = code
        self.reason = reason
        self.rule = rule
        self.message = message
        self.params = dict(params or {})

    @classmethod
    def from_rule(cls, code: str, exc: RuleViolationError) -> RefusedError:
        """The core's refusal passed on with its rule, message and parameters."""
        return cls(code, exc.reason, rule=exc.rule_id, message=exc.message, params=exc.params)
