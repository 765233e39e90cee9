"""Small helpers for table tests."""

from __future__ import annotations

import random

from pokerroom.core import rules
from pokerroom.core.table import Table, TableConfig, TableStakes
from pokerroom.core.table.buyin import RoomMemory

NL = TableConfig(name="nl", game="holdem", betting="no-limit",
                 stakes=TableStakes(small_blind=1, big_blind=2), seats=6, first_button=0)  # fmt: skip
LIMIT = TableConfig(name="fl", game="holdem", betting="limit",
                    stakes=TableStakes(small_blind=1, big_blind=2, small_bet=2, big_bet=4))  # fmt: skip


def deck(seed: int = 1) -> tuple[int, ...]:
    cards = list(range(52))
    random.Random(seed).shuffle(cards)
    return tuple(cards)


def table(names: str = "ann bob cat dan", config: TableConfig = NL,
          memory: RoomMemory | None = None, stack: int = 200) -> Table:  # fmt: skip
    t = Table(config, memory)
    for seat, name in enumerate(names.split()):
        t.sit_down(name, seat, stack)
    return t


def fold_around(t: Table) -> None:
    """Everyone folds (or checks when folding is not allowed) until the hand ends."""
    hand = t.hand
    while hand is not None and not hand.is_over:
        legal = hand.legal_actions()
        account = t.account_at(legal.seat)
        assert account is not None
        action: rules.Action = (
            rules.Fold(seat=legal.seat) if legal.fold else rules.Check(seat=legal.seat)
        )
        t.act(account, action)
