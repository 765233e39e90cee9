"""Errors of the storage and money layer; each subclasses PokerRoomError and changes nothing."""

from __future__ import annotations

from pokerroom.core.errors import PokerRoomError


class LedgerError(PokerRoomError):
    """A ledger request that was refused; no chip moved."""


class InsufficientFundsError(LedgerError):
    """The movement would take a balance below zero (checked inside the transaction)."""

    def __init__(self, ledger_key: str, balance: int, change: int) -> None:
        self.ledger_key = ledger_key
        self.balance = balance
        self.change = change
        super().__init__(
            f"insufficient funds in {ledger_key}: balance {balance}, movement {change}"
        )


class UnbalancedTransactionError(LedgerError):
    """The entries of a transaction do not sum to zero."""


class IdempotencyConflictError(LedgerError):
    """An idempotency key was reused for a different movement."""


class InvalidAmountError(LedgerError, ValueError):
    """An amount that is not a positive integer number of chips."""


class NotFoundError(PokerRoomError, LookupError):
    """An account, hand or round that does not exist."""


class StateError(PokerRoomError):
    """A hand or round in the wrong state for the request (e.g. settling a voided hand)."""
