"""What a tournament hand's export needs besides its record: the tournament's number, its
buy-in and fee, the level the hand was dealt at, and the seats of its tables (issue 13).

The PokerStars text format names a tournament by a number (`Tournament #797469411`), which
trackers read as digits; ours are named `<id>-<n>`. The number printed is derived from the
name (the first 12 hex digits of its SHA-256, as a decimal), so it is the same in every
export of every hand of that tournament and differs between tournaments (a clash needs
about a million tournaments). Tables are `'<number> <table>'`, as PokerStars writes them.

The level is not stored with the hand: it is the first level of the structure (past its end
too: the levels that follow it, core.tournament.structure.level_at) whose stakes are those
the hand was dealt with. A structure that repeats a level's exact stakes later gets the
earlier level's number for those hands.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from pokerroom.core.tournament import parse_tournament
from pokerroom.core.tournament.structure import level_at, level_number
from pokerroom.services.tournament_director import START_AT
from pokerroom.storage.database import Database
from pokerroom.storage.models import TournamentRow

LEVELS_PAST_THE_END = 64  # doubling: far beyond any stack


def tournament_number(tournament_id: str) -> int:
    return int(hashlib.sha256(tournament_id.encode()).hexdigest()[:12], 16)


async def tournament_hand_info(db: Database, table_id: str, stakes: Any) -> dict[str, Any] | None:
    """`{number, table_name, seats, buy_in, fee, level}` for a hand at `<tournament>/<n>`,
    None when the tournament is not stored (or its spec no longer reads)."""
    tournament_id, _, table = table_id.rpartition("/")
    async with db.read() as session:
        row = await session.get(TournamentRow, tournament_id)
    if row is None:
        return None
    try:
        spec = {k: v for k, v in json.loads(row.spec).items() if k != START_AT}
        config = parse_tournament({**spec, "id": tournament_id})
    except Exception:  # noqa: BLE001 - an export without the header is better than none
        return None
    dealt = tuple(getattr(stakes, k) for k in
                  ("small_blind", "big_blind", "small_bet", "big_bet", "ante", "bring_in"))  # fmt: skip
    level = 1
    for index in range(len(config.levels) + LEVELS_PAST_THE_END):
        lv = level_at(config.levels, index)
        if lv.is_break:
            continue
        if config.table_config(lv).stakes.as_tuple() == dealt:
            level = level_number(config.levels, index)
            break
    number = tournament_number(tournament_id)
    return {"number": number, "table_name": f"{number} {table}", "seats": config.seats,
            "buy_in": config.buy_in, "fee": config.fee, "level": level}  # fmt: skip
