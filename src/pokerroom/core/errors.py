"""Errors of the core. Every refusal names the rule or the field it comes from."""

from __future__ import annotations


class PokerRoomError(Exception):
    """Base of every error pokerroom raises on purpose."""


class InvalidNotationError(PokerRoomError, ValueError):
    """A card or card string that cannot be read; carries the offending token."""

    def __init__(self, token: str, reason: str = "not a card") -> None:
        self.token = token
        self.reason = reason
        super().__init__(f"invalid card notation {token!r}: {reason}")


class RuleViolationError(PokerRoomError):
    """A request the rules refuse. `rule_id` is the RULES.md ID (or a field name).

    `message` and `params` say the same as `reason` for a client to word in the player's
    language ("below_minimum" with amounts in the chip unit); `reason` stays for logs.
    """

    def __init__(
        self, rule_id: str, reason: str, message: str | None = None,
        params: dict[str, int | str] | None = None,
    ) -> None:
        self.rule_id = rule_id
        self.reason = reason
        self.message = message
        self.params = dict(params or {})
        super().__init__(f"{rule_id}: {reason}")


class IllegalActionError(RuleViolationError):
    """A player action that is not legal now (R-BET-10); the state is unchanged."""


class InvalidConfigError(PokerRoomError, ValueError):
    """A table, hand or room configuration that cannot be used."""
