"""A table seated again from its records (a restart, or another node taking it over) plans
the next hand exactly as the table it copies would: same seats, button, blind debts and
sit-out state (R-BTN-1, R-BLIND-5)."""

from __future__ import annotations

import pytest
from tablekit import NL, deck, fold_around, table

from pokerroom.core.errors import RuleViolationError
from pokerroom.core.table import Table


def test_R_BLIND_5_restored_table_plans_the_next_hand_like_the_original() -> None:
    """R-BLIND-5: a player who sat out and missed blinds still owes them after a restore; the
    button moves on from where it was (R-BTN-1)."""
    original = table("ann bob cat dan")
    for n in range(3):
        if n == 1:
            original.sit_out("cat")
        original.start_hand(1000 * n, deck(n))
        fold_around(original)
    original.sit_in("cat")
    records = original.seat_records()
    assert any(r.owes_small or r.owes_big for r in records if r.account == "cat")

    copy = Table(NL)
    copy.restore(records, original.previous_hand)
    assert copy.next_plan() == original.next_plan()
    assert [(p.account, p.seat, p.stack) for p in copy.players()] == [
        (p.account, p.seat, p.stack) for p in original.players()]
    assert all(p.disconnected for p in copy.players())


def test_records_only_between_hands_and_restore_only_on_an_empty_table() -> None:
    original = table("ann bob")
    original.start_hand(0, deck(1))
    with pytest.raises(RuleViolationError):
        original.seat_records()
    fold_around(original)
    records = original.seat_records()
    with pytest.raises(RuleViolationError):
        original.restore(records, None)  # it seats players already
