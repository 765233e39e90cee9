"""Every tournament scenario of tests/scenarios/tournament runs and holds; together they
name every rule of section 9 (R-TOURN-1..12) and the cases the tournament issue names."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from pokerroom.scenarios.runner import run_doc, run_file

HERE = Path(__file__).parent / "tournament"
FILES = sorted(HERE.glob("*.yaml"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_tournament_scenario(path: Path) -> None:
    result = run_file(path)
    assert result.passed, "\n".join(str(f) for f in result.failures)


def test_every_tournament_rule_has_a_scenario() -> None:
    ids: set[str] = set()
    for path in FILES:
        ids.update(yaml.safe_load(path.read_text(encoding="utf-8")).get("rules", []))
    assert {f"R-TOURN-{i}" for i in range(1, 13)} <= ids


def test_a_wrong_expectation_fails_with_the_step() -> None:
    """The runner can fail: a wrong place is reported with its step, expected and actual."""
    doc = yaml.safe_load((HERE / "R_TOURN_4_three_to_two.yaml").read_text(encoding="utf-8"))
    doc["steps"][3] = {"expect": {"places": {"ann": 2}}}
    result = run_doc(doc, "wrong.yaml")
    assert not result.passed
    failure = result.failures[0]
    assert failure.step == "4 (expect) places"
    assert failure.expected == "{'ann': 2}" and failure.actual == "{'ann': 3}"


def test_a_bad_tournament_block_is_refused_naming_the_field() -> None:
    doc = {
        "tournament": {"seats": 6, "levels": [{"small_blind": 10, "big_blind": 20}]},
        "steps": [],
    }
    result = run_doc(doc, "bad.yaml")
    assert not result.passed
    assert "minutes" in result.failures[0].actual
