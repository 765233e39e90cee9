"""`pokerroom uth hint | simulate` from the command line (U-RTP-1)."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from pokerroom.cli import app


def test_U_RTP_1_cli_hint() -> None:
    """U-RTP-1: the hint command gives the optimal decision with its exact EV."""
    runner = CliRunner()
    result = runner.invoke(app, ["uth", "hint", "As Ad"])
    assert result.exit_code == 0 and result.stdout.startswith("play 4")
    result = runner.invoke(app, ["uth", "hint", "7s 2d", "--board", "7h Kc 3d"])
    assert result.exit_code == 0 and result.stdout.startswith("play 2") and "EV" in result.stdout


def test_U_RTP_1_cli_simulate_json_reports_the_interval() -> None:
    """U-RTP-1: simulate prints the interval, and it contains the exact value for the seed."""
    runner = CliRunner()
    result = runner.invoke(
        app,
        ["uth", "simulate", "--hands", "1000000", "--strategy", "simple", "--seed", "4", "--json"],
    )
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    low, high = doc["ci95"]
    assert low <= doc["exact"] <= high and doc["exact_inside"]
    assert doc["hands"] >= 1_000_000
