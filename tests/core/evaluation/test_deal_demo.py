"""`pokerroom deal`: the evaluator end to end; winners checked against eval7 (R-RANK-4, R-TIE-1)."""

from __future__ import annotations

import re

import eval7
import typer
from typer.testing import CliRunner

from pokerroom.cli.deal import deal_holdem, register
from pokerroom.core.cards import Card
from pokerroom.services.decks import SeededDeckSource

runner = CliRunner()
# Only the deal command (a failure elsewhere in the CLI must not fail this test).
app = typer.Typer()
app.callback()(lambda: None)
register(app)


def test_R_RANK_4_deal_names_the_winners_eval7_finds() -> None:
    """R-RANK-4: best five of seven decides; the seats named as winners are eval7's best."""
    for seed in range(12):
        result = runner.invoke(app, ["deal", "--players", "9", "--seed", str(seed)])
        assert result.exit_code == 0, result.output
        holes, board = deal_holdem(SeededDeckSource(seed).next_deck(), 9)
        assert len({*board, *(c for h in holes for c in h)}) == 5 + 18
        scores = [
            eval7.evaluate([eval7.Card(str(Card.from_code(c))) for c in (*hole, *board)])
            for hole in holes
        ]
        expected = {seat + 1 for seat, s in enumerate(scores) if s == max(scores)}
        last = result.output.strip().splitlines()[-1]
        named = {int(n) for n in re.findall(r"seat (\d+)", last)}
        assert named == expected, (seed, last)
        assert ("split the pot" in last) == (len(expected) > 1)


def test_deal_is_repeatable_with_a_seed_and_runs_on_the_csprng() -> None:
    """The same seed deals the same hand; without a seed the CSPRNG deals."""
    first = runner.invoke(app, ["deal", "-n", "4", "--seed", "99"])
    again = runner.invoke(app, ["deal", "-n", "4", "--seed", "99"])
    assert first.exit_code == 0 and first.output == again.output
    secure = runner.invoke(app, ["deal", "-n", "4"])
    assert secure.exit_code == 0 and "Board:" in secure.output
    assert runner.invoke(app, ["deal", "-n", "23"]).exit_code != 0
