"""Every UTH scenario file in this folder passes (U-PAY-1, U-PAY-2, U-PAY-3, U-QUAL-1, U-BET-2)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from pokerroom.scenarios.uth import run_uth_scenario

HERE = Path(__file__).resolve().parent
FILES = sorted(HERE.glob("*.yaml"))


def test_there_are_uth_scenarios() -> None:
    assert len(FILES) >= 5


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_uth_scenario_passes(path: Path) -> None:
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert doc["table"]["game"] == "uth"
    result = run_uth_scenario(doc, str(path))
    assert result.passed, "\n".join(str(f) for f in result.failures)


def test_a_wrong_expectation_fails_the_scenario() -> None:
    """U-PAY-1: the runner can fail: a wrong expected net is reported with its step."""
    doc = yaml.safe_load((HERE / "05_seats_and_deal.yaml").read_text(encoding="utf-8"))
    doc["steps"][0]["round"]["expect"]["ann"]["play"] = 3000
    result = run_uth_scenario(doc, "x.yaml")
    assert not result.passed and result.failures[0].step.startswith("1")
    assert "ann.play" in result.failures[0].expected


def test_a_refusal_that_does_not_happen_fails() -> None:
    """U-BET-2: `refused:` fails when the bets are in fact accepted."""
    doc = {
        "name": "x", "table": {"game": "uth", "seats": 7},
        "steps": [{"refused": {"round": {"bets": {"ann": {"ante": 100}}}, "rule": "U-BET-2"}}],
    }  # fmt: skip
    result = run_uth_scenario(doc, "x.yaml")
    assert not result.passed
