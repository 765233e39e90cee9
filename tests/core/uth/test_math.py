"""The math of UTH: exact Trips, a reduced game against brute force, the simulation against the
game code and against the exact value (U-RTP-1, U-PAY-1, U-PAY-2, U-PAY-3)."""

from __future__ import annotations

import random
from fractions import Fraction

import numpy as np
import pytest

from pokerroom.core.deck import shuffled_deck
from pokerroom.core.evaluation import evaluate_high
from pokerroom.core.uth import Check, Fold, PlaceBets, Play, UthConfig, start_round
from pokerroom.core.uth.math.brute import deal_net_half, flop_values, river_values
from pokerroom.core.uth.math.exact import PUBLISHED, ev_half, trips_counts, trips_exact
from pokerroom.core.uth.math.kernels import flop_analysis
from pokerroom.core.uth.math.simulate import build_tables, sample, simulate
from pokerroom.core.uth.math.strategy import (
    OPTIMAL_4X,
    SIMPLE_4X,
    hint,
    simple_hint,
)
from pokerroom.core.uth.math.symmetry import CANON_FLOPS, PAIR_A, PAIR_B
from pokerroom.core.uth.settle import settle_seat


def test_U_RTP_1_trips_exact_from_all_seven_card_hands() -> None:
    """U-RTP-1, U-PAY-3: Trips returns exactly -233,985 / 6,689,228 per unit (96.5%)."""
    counts = trips_counts()
    assert sum(counts) == 133_784_560
    assert counts[7] == 4_324  # royal flushes among seven-card hands
    assert trips_exact() == Fraction(-233_985, 6_689_228) == PUBLISHED["trips_ev"]
    assert round(float(1 + trips_exact()) * 100, 1) == 96.5


def test_U_PAY_1_brute_force_settlement_is_the_game_settlement() -> None:
    """U-PAY-1, U-PAY-2: the analysis's per-deal net equals settle_seat on random deals."""
    rng = random.Random(11)
    for _ in range(3000):
        deck = shuffled_deck(rng)
        board, player, dealer = deck[:5], deck[5:7], deck[7:9]
        pv, dv = evaluate_high(player + board), evaluate_high(dealer + board)
        for multiple in (1, 2, 3, 4):
            result = settle_seat(
                seat=0, ante=2, trips=0, play=2 * multiple, folded=False, player=pv, dealer=dv
            )
            assert result.net == deal_net_half(pv.value, dv.value, multiple)


@pytest.mark.parametrize("flop_index", [0, 500, 1211])
def test_U_RTP_1_fixed_flop_counting_matches_brute_force(flop_index: int) -> None:
    """U-RTP-1: for a fixed flop, the symmetric counting kernel gives exactly the brute-force
    sums (every turn, river and dealer holding settled one by one) of 2x and of checking."""
    flop = CANON_FLOPS[flop_index]
    all_vec, chk_vec, chk_fold, reps, mult, play2 = flop_analysis(flop, 0, True)
    assert int(mult[reps].sum()) == 1176
    assert all(int(all_vec[p].sum()) == 1081 * 990 for p in reps)
    rng = random.Random(flop_index)
    for p in rng.sample(list(reps), 4):
        a, b = int(PAIR_A[p]), int(PAIR_B[p])
        two, check, folds = flop_values(a, b, flop.astype(np.int64), True)
        assert ev_half(all_vec[p], 2) == two
        assert ev_half(chk_vec[p], 1) - 4 * 990 * int(chk_fold[p]) == check
        assert int(chk_fold[p]) == folds
        assert bool(play2[p]) == (two > check)


def test_U_RTP_1_preflop_charts() -> None:
    """U-RTP-1: the strategy card's chart is the issue's list; the optimal chart agrees with it."""
    for name in ("A2o", "A2s", "33", "K2s", "K5o", "Q6s", "Q8o", "J8s", "JTo", "KQo"):
        assert name in SIMPLE_4X
    for name in ("22", "K4o", "Q5s", "Q7o", "J7s", "J9o", "T9s", "98s"):
        assert name not in SIMPLE_4X
    assert len(SIMPLE_4X) == 69 and OPTIMAL_4X == SIMPLE_4X


def test_U_PLAY_3_river_hint_is_exact() -> None:
    """U-PLAY-3: the river hint compares 1x with folding over the 990 dealer holdings."""
    from pokerroom.core.cards import parse_cards, to_codes

    nuts = hint(to_codes(parse_cards("As Ks")), to_codes(parse_cards("Qs Js Ts 2d 3c")))
    assert nuts.decision == "play 1" and nuts.ev is not None and nuts.ev > 2
    hopeless = hint(to_codes(parse_cards("3d 2h")), to_codes(parse_cards("As Kc Qh 9s 7c")))
    assert hopeless.decision == "fold"
    play, fold = river_values(1, 5, np.array([48, 44, 40, 31, 21], np.int64))
    assert fold == -4 * 990 and play < fold  # 2d 3d-ish junk on A K Q 9 7 loses more by playing


@pytest.fixture(scope="module")
def simple_tables() -> object:
    return build_tables("simple")


@pytest.fixture(scope="module")
def optimal_tables() -> object:
    from pokerroom.cli.uth import load_flop_table

    return build_tables("optimal", load_flop_table())


def _replay_in_game(deck9: np.ndarray, decide: object) -> tuple[int, int, int]:
    """Play the kernel's deal through the game code; returns (multiple, net, trips net)."""
    prefix = [int(c) for c in deck9]
    deck = tuple(prefix + [c for c in range(52) if c not in prefix])
    rnd = start_round(UthConfig(ante_min=1, trips_min=1), [0], deck)
    rnd.apply(PlaceBets(seat=0, ante=2, trips=1))
    hole = rnd.states[0].cards
    multiple = 0
    while not rnd.is_over:
        shown = rnd.view_for(0).board
        h = decide(hole, shown)
        if h.decision.startswith("play"):
            multiple = h.multiple
            rnd.apply(Play(seat=0, multiple=h.multiple))
        elif h.decision == "check":
            rnd.apply(Check(seat=0))
        else:
            rnd.apply(Fold(seat=0))
    result = rnd.settlement(0)
    trips = result.bets[-1].net
    return multiple, result.net - trips, trips


def test_U_RTP_1_simulation_kernel_plays_like_the_game_simple(simple_tables: object) -> None:
    """U-RTP-1: the kernel's deals, decisions and nets equal the game code's with the strategy
    card's rules written separately in Python, hand by hand."""
    decks, res = sample(simple_tables, 400, 2024)
    for deck9, (k, net, trips) in zip(decks, res, strict=True):
        assert _replay_in_game(deck9, simple_hint) == (k, net, trips)


def test_U_RTP_1_simulation_kernel_plays_like_the_game_optimal(optimal_tables: object) -> None:
    """U-RTP-1: with the optimal tables, every decision equals the exact hint (flop and river
    enumerated for that hand) and every net equals the game's settlement."""
    decks, res = sample(optimal_tables, 120, 77)
    for deck9, (k, net, trips) in zip(decks, res, strict=True):
        assert _replay_in_game(deck9, hint) == (k, net, trips)


def test_U_RTP_1_seeded_simulation_consistent_with_exact(optimal_tables: object) -> None:
    """U-RTP-1: 4 M simulated hands put the exact -50,643,648,973 / 2,317,817,502,000 and the
    exact Trips return inside their 95% confidence intervals."""
    result = simulate(optimal_tables, 4_000_000, 12345)
    assert result.contains(PUBLISHED["ev_per_ante"])
    assert abs(result.trips_mean - float(PUBLISHED["trips_ev"])) <= result.trips_half_width
    assert 0.35 < result.frequencies()["4x"] < 0.40
    again = simulate(optimal_tables, 4_000_000, 12345)
    assert np.array_equal(result.blocks, again.blocks)  # seeded: identical


def test_U_PLAY_1_decision_for_bots_plays_whole_rounds() -> None:
    """U-PLAY-1..3: decision_for always returns a legal action and finishes the round."""
    from pokerroom.core.uth.math.strategy import decision_for

    rng = random.Random(5)
    for strategy in ("optimal", "simple"):
        for _ in range(15):
            rnd = start_round(UthConfig(), [0, 3], shuffled_deck(rng))
            rnd.apply(PlaceBets(seat=0, ante=100))
            rnd.apply(PlaceBets(seat=3, ante=100, trips=100))
            while not rnd.is_over:
                seat = rnd.to_decide()[0]
                rnd.apply(decision_for(rnd, seat, strategy))
            assert rnd.is_over


def test_U_RTP_1_report_is_one_self_contained_page(simple_tables: object) -> None:
    """U-RTP-1: the report holds the pay tables, the 169-cell chart and an inline SVG plot,
    and refers to no external asset."""
    from pokerroom.core.uth.math.exact import run_flops, summarize
    from pokerroom.core.uth.math.report import render_report

    totals, play2 = run_flops("optimal", flop_ids=np.arange(2, dtype=np.int64))
    partial = summarize("optimal", totals, play2, PUBLISHED["trips_ev"], complete=False)
    sim = simulate(simple_tables, 200_000, 3)
    page = render_report(partial, None, sim)
    assert page.startswith("<!DOCTYPE html>") and page.count("<svg") == 1
    assert page.count("<td class=p4") + page.count("<td class=ck") == 169
    assert "500:1" in page and "3:2" in page and "50:1" in page and "40:1" in page
    assert "http://" not in page.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert "https://" not in page and "<script" not in page and "<link" not in page
