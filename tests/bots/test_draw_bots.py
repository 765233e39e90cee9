"""Bots at the draw tables (R-DRAW-2): their draws are their own cards, sensibly chosen,
and `pokerroom bots` plays whole triple-draw and badugi hands against a real server."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))

from roomharness import make_settings, run_bots, start_server, stop_server  # noqa: E402

from pokerroom.bots import draw, poker  # noqa: E402
from pokerroom.core.cards import FULL_DECK, Card, parse_cards  # noqa: E402
from pokerroom.core.evaluation.draw_lows import badugi_rank, deuce_seven_rank  # noqa: E402


def _cards(text: str) -> list[Card]:
    return list(parse_cards(text))


def test_R_DRAW_2_deuce_to_seven_bot_keeps_distinct_low_cards() -> None:
    assert draw.discards(_cards("7c 5d 4h 3s 2c"), "2-7-triple-draw") == []
    assert draw.discards(_cards("7c 7d 4h 3s Ac"), "2-7-triple-draw") == _cards("7d Ac")
    assert draw.discards(_cards("Kc Qd Jh 9s 8c"), "2-7-single-draw") == _cards("Kc Qd Jh 9s")
    # A pat straight (6-5-4-3-2) is broken at its highest card.
    assert draw.discards(_cards("6c 5d 4h 3s 2c"), "2-7-triple-draw") == _cards("6c")


def test_R_BADUGI_1_badugi_bot_keeps_its_best_badugi() -> None:
    assert draw.discards(_cards("Kc Qd Jh Ts"), "badugi") == []
    assert draw.discards(_cards("Ac 2c 3d 4h"), "badugi") == _cards("2c")
    assert draw.discards(_cards("Ac Ad Ah As"), "badugi") == _cards("Ad Ah As")


@settings(max_examples=200, deadline=None)
@given(cards=st.lists(st.sampled_from(list(FULL_DECK)), min_size=5, max_size=5, unique=True),
       game=st.sampled_from(["2-7-single-draw", "2-7-triple-draw", "badugi"]),
       seed=st.integers(0, 10**6))
def test_R_DRAW_2_bot_draws_only_its_own_cards_and_never_worsens_what_it_keeps(
        cards: list[Card], game: str, seed: int) -> None:
    hole = cards[:4] if game == "badugi" else cards
    view = {"game": game, "board": [], "pots": [],
            "seats": [{"is_you": True, "cards": [str(c) for c in hole], "stack": 1000, "bet": 0}]}
    out = poker.draw_cards(view)
    assert set(out) <= {str(c) for c in hole} and len(out) == len(set(out))
    kept = [c.code for c in hole if str(c) not in out]
    if game == "badugi":
        # What it keeps is a badugi (distinct suits and ranks) as good as the whole hand's.
        assert len({c & 3 for c in kept}) == len(kept) == len({c >> 2 for c in kept})
        assert kept and badugi_rank(kept + [kept[0]] * (4 - len(kept))) >> 16 == \
            badugi_rank([c.code for c in hole]) >> 16
    else:
        assert len({c >> 2 for c in kept}) == len(kept)  # never a pair kept
        if not out:
            assert deuce_seven_rank(kept) > deuce_seven_rank([c.code for c in _cards("9c 8d 7h 6s 4c")])
    legal = {"fold": True, "check": True, "call": 0, "bet": {"min": 200, "max": 200},
             "raise": None, "bring_in": None, "complete": None}
    action, _ = poker.decide(view, legal, random.Random(seed))
    assert action in ("check", "bet", "fold")


@pytest.mark.parametrize("table", ["mira", "nunki", "polaris"])
async def test_R_DRAW_1_bots_play_triple_draw_and_badugi_against_a_real_server(
        tmp_path: Path, table: str) -> None:
    """The default room's triple-draw (Mira), single-draw (Nunki) and badugi (Polaris)
    tables: bots sit, draw and bet through whole hands over real WebSockets, with no refusal."""
    server = await start_server(make_settings(tmp_path))
    try:
        text = await run_bots(server, "--count", "3", "--hands", "2", "--table", table,
                              "--think", "0")
        assert text.count("hands,") == 3, text
        assert all(", 0 refusals" in line for line in text.splitlines() if "hands," in line), text
    finally:
        await stop_server(server)
