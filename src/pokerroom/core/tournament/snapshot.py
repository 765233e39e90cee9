"""A tournament as JSON-able data, and back: what crash recovery stores and restores.

The snapshot holds the registrations, every chip count at its table's last finished hand,
seats, positions, the level and the tournament time. A hand in progress is not in it: on
restore it is void (stacks as at its start, button and blinds where they were before it),
and that table deals again. The caller stores tournament time, which stops while the room
is down, so the level's time left is kept.
"""

from __future__ import annotations

from typing import Any

from pokerroom.core.deck import IndexSource
from pokerroom.core.tournament.structure import TournamentConfig
from pokerroom.core.tournament.tables import Positions, TournamentTable
from pokerroom.core.tournament.tournament import Entry, Tournament, _Round

VERSION = 1


def _pos(p: Positions | None) -> list[Any] | None:
    if p is None:
        return None
    return [p.button, p.small_blind_seat, p.small_blind, p.big_blind]


def _unpos(raw: list[Any] | None) -> Positions | None:
    if raw is None:
        return None
    button, sb_seat, sb, bb = raw
    return Positions(button=button, small_blind_seat=sb_seat, small_blind=sb, big_blind=bb)


def snapshot(t: Tournament) -> dict[str, Any]:
    """Everything needed to go on after a restart, as of the last finished hands."""
    tables = []
    round_ = t._round
    hands_in_level = dict(t.hands_in_level)
    for n, x in sorted(t.tables.items()):
        running = x.hand is not None
        if running:
            hands_in_level[n] = hands_in_level.get(n, 1) - 1
        tables.append({
            "number": n,
            "seats": list(x.seats),
            "last": _pos(x.before_last if running else x.last),
            "hand_number": x.hand_number - (1 if running else 0),
            "breaking": x.breaking,
            # a hand-for-hand round's ended hands keep their start stacks for the placing
            "start_stacks": {} if running else dict(x.start_stacks),
            "dealt": {} if running else {str(k): v for k, v in x.dealt.items()},
        })  # fmt: skip
    return {
        "version": VERSION,
        "status": t._status,
        "entries": [
            [e.entry, e.player, e.chips, e.rebuys, e.added_on, e.place, e.prize, e.busted]
            for e in t.entries.values()
        ],
        "tables": tables,
        "prize_pool": t.prize_pool,
        "fees": t.fees,
        "chips_in_play": t.chips_in_play,
        "level_index": t.level_index,
        "level_started_ms": t.level_started_ms,
        "hands_in_level": {str(k): v for k, v in hands_in_level.items()},
        "now_ms": t.now_ms,
        "away": sorted(t.away),
        "sitting_out": sorted(t.sitting_out),
        "pool_final": t.pool_final,
        "place_prizes": list(t.place_prizes),
        "hand_for_hand": t._hand_for_hand,
        "round": None
        if round_ is None
        else {
            "dealt": sorted(n for n in round_.dealt if n not in _running(t)),
            "ended": list(round_.ended),
        },
        "bust_groups": [[list(x) for x in g] for g in t._bust_groups],
        "just_posted": sorted(t._just_posted_big_blind),
        "first_button": {str(k): v for k, v in t._first_button.items()},
        "alive": t.alive_count,
    }


def _running(t: Tournament) -> set[int]:
    return {n for n, x in t.tables.items() if x.hand is not None}


def restore(config: TournamentConfig, rng: IndexSource, data: dict[str, Any]) -> Tournament:
    """The tournament of `snapshot`, with no hand running."""
    if data.get("version") != VERSION:
        raise ValueError(f"tournament snapshot version {data.get('version')!r} is not {VERSION}")
    t = Tournament(config, rng)
    t._status = data["status"]
    for entry, player, chips, rebuys, added_on, place, prize, busted in data["entries"]:
        t.entries[entry] = Entry(entry=entry, player=player, chips=chips, rebuys=rebuys,
                                 added_on=added_on, place=place, prize=prize, busted=busted)  # fmt: skip
    for raw in data["tables"]:
        x = TournamentTable(number=raw["number"], n_seats=config.seats, seats=list(raw["seats"]))
        x.last = _unpos(raw["last"])
        x.hand_number = raw["hand_number"]
        x.breaking = raw["breaking"]
        x.start_stacks = dict(raw["start_stacks"])
        x.dealt = {int(k): v for k, v in raw["dealt"].items()}
        t.tables[x.number] = x
    t.prize_pool, t.fees, t.chips_in_play = data["prize_pool"], data["fees"], data["chips_in_play"]
    t.level_index, t.level_started_ms = data["level_index"], data["level_started_ms"]
    t.hands_in_level = {int(k): v for k, v in data["hands_in_level"].items()}
    t.now_ms = data["now_ms"]
    t.away = set(data["away"])
    t.sitting_out = set(data.get("sitting_out", ()))  # (not in snapshots stored before it)
    t.pool_final, t.place_prizes = data["pool_final"], tuple(data["place_prizes"])
    t._hand_for_hand = data["hand_for_hand"]
    r = data["round"]
    t._round = None if r is None else _Round(dealt=set(r["dealt"]), ended=list(r["ended"]))
    t._bust_groups = [[(e, c) for e, c in g] for g in data["bust_groups"]]
    t._just_posted_big_blind = set(data["just_posted"])
    t._first_button = {int(k): v for k, v in data["first_button"].items()}
    t.alive_count = data["alive"]
    return t
