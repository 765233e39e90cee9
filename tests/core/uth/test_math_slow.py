"""The full exact analyses and a long simulation (slow: run with `pytest -m slow`), U-RTP-1."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from pokerroom.core.uth.math.exact import EXACT_EV, PUBLISHED, analyze
from pokerroom.core.uth.math.simulate import build_tables, simulate
from pokerroom.core.uth.math.strategy import OPTIMAL_4X, SIMPLE_4X

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def optimal() -> object:
    return analyze("optimal")


def test_U_RTP_1_exact_optimal_return(optimal: object) -> None:
    """U-RTP-1: exactly -50,643,648,973 / 2,317,817,502,000 per Ante (2.18497%), element of
    risk 0.5262%, SD 4.9393, Trips -233,985 / 6,689,228; so 97.8%, 99.5% and 96.5%."""
    r = optimal
    assert r.ev_per_ante == Fraction(-50_643_648_973, 2_317_817_502_000)
    assert f"{float(r.house_edge) * 100:.5f}" == "2.18497"
    assert f"{float(r.element_of_risk) * 100:.4f}" == "0.5262"
    assert f"{r.std_dev:.4f}" == "4.9393"
    assert r.trips_ev == PUBLISHED["trips_ev"]
    assert round(float(r.rtp_ante) * 100, 1) == 97.8
    assert round(float(r.rtp_total) * 100, 1) == 99.5
    assert round(float(1 + r.trips_ev) * 100, 1) == 96.5
    assert sum(row.probability for row in r.rows) == 1
    assert sum(row.contribution for row in r.rows) == r.ev_per_ante


def test_U_RTP_1_optimal_chart_and_flop_table_are_the_exact_decisions(optimal: object) -> None:
    """U-RTP-1: the shipped preflop chart and flop table are what the exact analysis decides."""
    from pokerroom.cli.uth import load_flop_table

    assert {k for k, v in optimal.preflop.items() if v == "4x"} == OPTIMAL_4X
    assert "3x" not in optimal.preflop.values()
    assert np.array_equal(load_flop_table(), optimal.flop_play)


def test_U_RTP_1_exact_simple_strategy() -> None:
    """U-RTP-1: the strategy card, exactly, costs more than the optimal strategy."""
    r = analyze("simple")
    assert r.ev_per_ante == EXACT_EV["simple"]
    assert {k for k, v in r.preflop.items() if v == "4x"} == SIMPLE_4X
    assert r.ev_per_ante < PUBLISHED["ev_per_ante"]


def test_U_RTP_1_long_simulation_of_both_strategies() -> None:
    """U-RTP-1: 40 M hands each; the exact values lie inside the 95% intervals."""
    from pokerroom.cli.uth import load_flop_table

    for name, flop in (("optimal", load_flop_table()), ("simple", None)):
        result = simulate(build_tables(name, flop), 40_000_000, 99)
        assert result.contains(EXACT_EV[name]), (name, result.mean, result.half_width)
