"""Room TOML `[[tournaments]]`: the default room's tournaments, and refusals with file:line."""

from __future__ import annotations

from pathlib import Path

import pytest

from pokerroom.core.table.room import RoomConfigError, parse_room
from pokerroom.core.tournament import parse_tournament

ROOM = Path(__file__).parents[3] / "src" / "pokerroom" / "data" / "room.toml"
TABLE = '[[table]]\nname = "A"\ngame = "holdem"\nbetting = "no-limit"\nseats = 6\nstakes = { small_blind = 1, big_blind = 2 }\n'


def test_R_TOURN_2_default_room_has_two_sit_and_gos_and_an_hourly() -> None:
    """R-TOURN-2: a 6-seat and a 9-seat no-limit hold'em sit & go (starting when full,
    opening again) and a scheduled multi-table tournament every hour."""
    room = parse_room(ROOM.read_text(encoding="utf-8"))
    by_id = {spec["id"]: spec for spec in room.tournaments}
    for tid, seats in (("sng6", 6), ("sng9", 9)):
        config = parse_tournament(by_id[tid])
        assert config.sit_and_go and config.seats == seats == config.max_entrants
        assert (config.game, config.betting, config.repeat) == ("holdem", "no-limit", True)
    hourly = by_id["hourly"]
    assert hourly["start"] == "every 60 minutes"
    assert not parse_tournament(hourly, start_ms=0).sit_and_go


@pytest.mark.parametrize(
    ("block", "reason"),
    [
        ('id = "x"\nlevels = [{ small_blind = 1, big_blind = 2 }]\n', "minutes"),
        (
            'id = "x"\nstart = "tomorrow"\nlevels = [{ small_blind = 1, big_blind = 2, hands = 5 }]\n',
            "start",
        ),
        (
            'id = "x"\nbuy_in = -5\nlevels = [{ small_blind = 1, big_blind = 2, hands = 5 }]\n',
            "buy_in",
        ),
        ('name = "no id"\n', "id"),
    ],
)
def test_bad_tournament_is_refused_with_its_line(block: str, reason: str) -> None:
    text = TABLE + "\n[[tournaments]]\n" + block
    with pytest.raises(RoomConfigError) as err:
        parse_room(text, "room.toml")
    assert err.value.line == 8 and reason in err.value.reason
