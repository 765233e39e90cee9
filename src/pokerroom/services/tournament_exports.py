"""What a tournament hand's export needs besides its record: the tournament's number, its
buy-in and fee, the level the hand was dealt at, the seats of its tables and the players
whose tournament ended with the hand (issue 13).

The PokerStars text format names a tournament by a number (`Tournament #797469411`), which
trackers read as digits; ours are named `<id>-<n>`. The number printed is the tournament's
stored serial (services.tournament_numbers). Tables are `'<number> <table>'`, as
PokerStars writes them.

The level is the one the director kept with the hand's record when it was dealt
(storage.records.record_tournament_level). A hand stored before the level was kept gets the
first level of the structure (past its end too: core.tournament.structure.level_at) whose
stakes are those it was dealt with; there, a structure that repeats a level's exact stakes
gives the earlier level's number.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from sqlalchemy import func, select

from pokerroom.core.tournament import parse_tournament
from pokerroom.core.tournament.structure import level_at, level_number
from pokerroom.core.tournament.tournament import entry_name
from pokerroom.services.hands import HandStore, StoredHand
from pokerroom.services.tournament_director import START_AT, account_of
from pokerroom.services.tournament_numbers import tournament_number
from pokerroom.storage.database import Database
from pokerroom.storage.models import Hand, HandPlayer, TournamentRow
from pokerroom.storage.records import record_tournament_level

LEVELS_PAST_THE_END = 64  # doubling: far beyond any stack


async def tournament_hand_info(db: Database, stored: StoredHand,
                               stakes: Any) -> dict[str, Any] | None:
    """`{number, table_name, seats, buy_in, fee, level, finishes}` for a hand at
    `<tournament>/<n>`, None when the tournament is not stored (or its spec no longer
    reads). `finishes`: [(seat, place, prize)] of the players whose tournament ended with
    this hand (`finishes_of`)."""
    table_id = stored.table_id
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
    level = record_tournament_level(stored.record)
    if level is None:
        level = _level_by_stakes(config, stakes)
    number = await tournament_number(db, tournament_id)
    last = await HandStore(db).last_hand_number_under(f"{tournament_id}/")
    busts = await _busts_so_far(db, stored, f"{tournament_id}/")
    return {"number": number, "table_name": f"{number} {table}", "seats": config.seats,
            "buy_in": config.buy_in, "fee": config.fee, "level": level,
            "finishes": finishes_of(stored, row, last_hand=stored.hand_number == last,
                                    busts=busts)}


async def _busts_so_far(db: Database, stored: StoredHand, prefix: str) -> dict[int, int]:
    """{account: how many of the tournament's settled hands up to this one it ended with no
    chips}, for the accounts that ended this one with none."""
    out = [a for a, chips in stored.final_stacks if chips == 0]
    if not out or stored.status != "settled":
        return {}
    query = (select(HandPlayer.account_id, func.count()).join(Hand, Hand.id == HandPlayer.hand_id)
             .where(HandPlayer.account_id.in_(out), HandPlayer.final_stack == 0,
                    Hand.status == "settled", Hand.hand_number <= stored.hand_number,
                    Hand.table_id >= prefix,
                    Hand.table_id < prefix[:-1] + chr(ord(prefix[-1]) + 1))
             .group_by(HandPlayer.account_id))  # fmt: skip
    async with db.read() as session:
        return {int(a): int(n) for a, n in (await session.execute(query)).all()}


def _level_by_stakes(config: Any, stakes: Any) -> int:
    """The first level dealt with these stakes (for hands stored without their level)."""
    dealt = tuple(getattr(stakes, k) for k in
                  ("small_blind", "big_blind", "small_bet", "big_bet", "ante", "bring_in"))  # fmt: skip
    for index in range(len(config.levels) + LEVELS_PAST_THE_END):
        lv = level_at(config.levels, index)
        if lv.is_break:
            continue
        if config.table_config(lv).stakes.as_tuple() == dealt:
            return level_number(config.levels, index)
    return 1


def finishes_of(stored: StoredHand, row: TournamentRow, *, last_hand: bool,
                busts: Mapping[int, int] | None = None) -> list[tuple[int, int, int]]:
    """(seat, place, prize) of each player who ended this hand with no chips and whose place
    is known (R-TOURN-6: places wait for the end of late registration), and of the winner
    when this is the tournament's last hand and it ended by play (not by a deal).

    An account may have several entries (re-entries, R-TOURN-11): only one of them is in
    play at a time, and a hand that ends with no chips puts exactly that one out (a rebuy
    needs chips), so the entry out in this hand is the account's k-th, k being the number
    of its hands up to this one that it ended with none (`busts`)."""
    if stored.status != "settled" or not row.snapshot:
        return []
    snap = json.loads(row.snapshot)["tournament"]
    by_account: dict[int, dict[str, tuple[int | None, int, bool]]] = {}
    for entry, _player, _chips, _rebuys, _added, place, prize, busted in snap["entries"]:
        by_account.setdefault(account_of(entry), {})[entry] = (place, prize, busted)
    seat_of = {s.account_id: s.seat for s in stored.seats}
    finals = dict(stored.final_stacks)
    out = []
    for account, chips in finals.items():
        entries = by_account.get(account, {})
        if chips == 0:
            nth = (busts or {}).get(account, 1)
            found = entries.get(entry_name(str(account), nth))
            if found is not None and found[2] and found[0] is not None:
                out.append((seat_of[account], int(found[0]), int(found[1])))
        elif last_hand and snap["status"] == "finished" and sum(
            1 for c in finals.values() if c > 0
        ) == 1:
            won = [e for e in entries.values() if e[0] == 1 and not e[2]]
            if len(won) == 1:
                out.append((seat_of[account], 1, int(won[0][1])))
    return sorted(out)

