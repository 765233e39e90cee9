"""Room configuration files: the default room, and bad files refused with file, line, reason."""

from __future__ import annotations

from pathlib import Path

import pytest

import pokerroom
from pokerroom.core.table.room import RoomConfigError, parse_room

DEFAULT = Path(pokerroom.__file__).parent / "data" / "room.toml"


def test_default_room_has_the_games_of_the_issue() -> None:
    room = parse_room(DEFAULT.read_text(encoding="utf-8"), str(DEFAULT))
    kinds = {(t.game, t.betting, t.seats) for t in room.tables}
    assert ("holdem", "no-limit", 6) in kinds and ("holdem", "no-limit", 9) in kinds
    assert ("holdem", "limit", 9) in kinds and ("omaha", "pot-limit", 6) in kinds
    games = {t.game for t in room.tables}
    assert {"omaha-hilo", "stud", "stud-hilo", "razz"} <= games
    for t in room.tables:
        if t.game in ("stud", "stud-hilo"):
            assert t.stakes.ante > 0 and t.stakes.big_bet == 2 * t.stakes.small_bet
    assert room.uth_tables and all(1 <= u.seats <= 7 for u in room.uth_tables)


def test_R_BUYIN_1_default_limit_table_minimum_is_ten_big_bets() -> None:
    """R-BUYIN-1: limit hold'em 2/4 (cents 200/400): minimum 4000, no maximum."""
    room = parse_room(DEFAULT.read_text(encoding="utf-8"))
    capella = room.table("Capella")
    assert capella.buy_in.minimum == 4000 and capella.buy_in.maximum is None


GOOD = """\
[room]
name = "test"

[[table]]
name = "A"
game = "holdem"
betting = "no-limit"
seats = 6
stakes = { small_blind = 1, big_blind = 2 }
"""


def test_a_small_room_parses() -> None:
    room = parse_room(GOOD)
    assert room.tables[0].buy_in.minimum == 20 and room.tables[0].buy_in.maximum == 200


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        (GOOD.replace("seats = 6", "seats = 11"), 8, "seats"),
        (GOOD.replace('betting = "no-limit"', 'betting = "spread"'), 7, "betting"),
        (GOOD.replace("big_blind = 2", "big_blind = -2"), 9, "big_blind"),
        (GOOD.replace("seats = 6", "seats = 6\ncolour = 'red'"), 9, "colour"),
        (GOOD.replace('name = "A"', 'name = "A'), 5, "line 5"),
        (GOOD + GOOD.split("\n", 3)[3], 11, "duplicate"),
    ],
)
def test_bad_room_file_is_refused_with_file_line_reason(text: str, line: int, words: str) -> None:
    with pytest.raises(RoomConfigError) as info:
        parse_room(text, "rooms/test.toml")
    err = info.value
    assert err.file == "rooms/test.toml"
    assert err.line == line, str(err)
    assert words in str(err)
    assert str(err).startswith(f"rooms/test.toml:{line}:")
