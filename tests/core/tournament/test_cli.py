"""`pokerroom tournament simulate`: exactly the JSON lines of the issue, exit 0 when finished."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from pokerroom.cli import app

KEYS = {
    "seat": {"event", "player", "table", "seat", "chips"},
    "hand_end": {"event", "table", "hand", "stacks"},
    "move": {"event", "player", "from_table", "to_table", "seat"},
    "break": {"event", "table"},
    "level": {"event", "level", "small_blind", "big_blind", "ante"},
    "bust": {"event", "player", "place", "prize"},
    "summary": {"event", "entrants", "starting_chips", "prize_pool", "places", "payouts"},
}


def test_R_TOURN_6_simulate_json_lines() -> None:
    """R-TOURN-6, R-TOURN-7: every line one of the issue's objects; the summary places
    everyone once and pays the pool; every hand_end lists the table's players."""
    result = CliRunner().invoke(
        app, ["tournament", "simulate", "--entrants", "14", "--seats", "4", "--seed", "7", "--json"]
    )
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in result.output.splitlines()]
    for line in lines:
        assert set(line) == KEYS[line["event"]], line
    kinds = {line["event"] for line in lines}
    assert {"seat", "hand_end", "move", "break", "level", "bust"} <= kinds
    summary = lines[-1]
    assert summary["event"] == "summary" and summary["entrants"] == 14
    assert sorted(summary["places"]) == sorted(f"p{i}" for i in range(1, 15))
    assert sum(summary["payouts"].values()) == summary["prize_pool"] == 1400
    busts = {line["player"]: line["place"] for line in lines if line["event"] == "bust"}
    assert sorted(busts.values()) == list(range(2, 15))
    for line in lines:
        if line["event"] == "hand_end":
            assert sum(line["stacks"].values()) > 0


def test_simulate_with_a_structure_file(tmp_path: Path) -> None:
    structure = tmp_path / "s.toml"
    structure.write_text(
        "starting_chips = 200\n"
        "levels = [{small_blind = 10, big_blind = 20, hands = 3},"
        " {small_blind = 50, big_blind = 100, hands = 100}]\n"
    )
    result = CliRunner().invoke(app, ["tournament", "simulate", "--entrants", "5", "--seats", "6",
                                      "--structure", str(structure)])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "hands dealt" in result.output
    structure.write_text("levels = [{small_blind = 30, big_blind = 20, hands = 3}]\n")
    bad = CliRunner().invoke(app, ["tournament", "simulate", "--entrants", "5",
                                   "--structure", str(structure)])  # fmt: skip
    assert bad.exit_code != 0 and "levels[1]" in bad.output
