"""Bots: their decisions are always among the legal ones; `pokerroom bots` plays H hands
against a real server and exits."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))

from roomharness import make_settings, run_bots, start_server, stop_server  # noqa: E402

from pokerroom.bots import poker, uth  # noqa: E402
from pokerroom.core.cards import FULL_DECK  # noqa: E402

SPAN = st.one_of(st.none(), st.tuples(st.integers(1, 500), st.integers(0, 500)).map(
    lambda t: {"min": t[0], "max": t[0] + t[1]}))


@settings(max_examples=300, deadline=None)
@given(
    check=st.booleans(), call=st.integers(0, 300), bet=SPAN, raise_=SPAN,
    cards=st.lists(st.sampled_from([str(c) for c in FULL_DECK]), min_size=7, max_size=7,
                   unique=True),
    board_size=st.sampled_from([0, 3, 4, 5]), seed=st.integers(0, 10**6),
    game=st.sampled_from(["holdem", "omaha", "stud", "razz"]),
)
def test_poker_bot_only_takes_legal_actions(check, call, bet, raise_, cards, board_size, seed,
                                            game) -> None:
    legal = {"fold": True, "check": check, "call": 0 if check else call, "bet": bet,
             "raise": raise_, "bring_in": None, "complete": None}
    view = {"game": game, "board": cards[2:2 + board_size], "pots": [{"amount": 300}],
            "seats": [{"is_you": True, "cards": cards[:2], "stack": 1000, "bet": 0}]}
    action, amount = poker.decide(view, legal, random.Random(seed))
    if action == "check":
        assert legal["check"]
    elif action == "call":
        assert legal["call"] > 0
    elif action in ("bet", "raise"):
        span = legal[action]
        assert span is not None and span["min"] <= amount <= span["max"]
    else:
        assert action == "fold"


def test_uth_bot_plays_the_optimal_strategy_else_the_hint() -> None:
    from pokerroom.core.cards import parse_cards, to_codes
    from pokerroom.core.uth.math.strategy import hint

    legal = {"round": 1, "decisions": ["play4", "play3", "check"], "hint": "play3"}
    for hole in ("As 7d", "7s 2d", "Kh 4c"):
        view = {"seats": [{"is_you": True, "cards": hole.split()}], "board": [None] * 5}
        expected = hint(to_codes(parse_cards(hole))).decision.replace(" ", "")
        assert uth.decide(view, legal) == expected
    river = {"round": 1, "decisions": ["play1", "fold"], "hint": None}
    view = {"seats": [{"is_you": True, "cards": ["2c", "7d"]}],
            "board": ["As", "Ks", "Qs", "Js", "9h"]}
    best = hint(to_codes(parse_cards("2c 7d")), to_codes(parse_cards("As Ks Qs Js 9h")))
    assert uth.decide(view, river) == best.decision.replace(" ", "")
    # Without its cards in the view the bot follows the server's hint.
    assert uth.decide({"seats": [], "board": []}, legal) == "play3"


async def test_pokerroom_bots_plays_its_hands_and_exits(tmp_path: Path) -> None:
    server = await start_server(make_settings(tmp_path))
    try:
        # 3 hands take about 8 s; the bound only keeps a stuck run from hanging the suite.
        text = await run_bots(server, "--count", "3", "--hands", "3", "--table", "antares-1",
                              "--think", "0")
        assert text.count("hands,") == 3
        for line in text.splitlines():
            if "hands," in line:
                assert int(line.split(":")[1].split()[0]) >= 3
    finally:
        await stop_server(server)
