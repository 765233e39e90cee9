"""An Ultimate Texas Hold'em round with Trips in the browser against the real server; the
displayed results are checked against the server's settlement, against the wallet, and
against the pay tables of U-PAY-1..3 recomputed here with eval7 (a peer evaluator)."""

from __future__ import annotations

import time
from typing import Any

import eval7
from playwright.sync_api import expect
from webtest_helpers import Frames, money_int, money_text, new_name, sign_up

BLIND_PAYS = {"royal": (500, 1), "Straight Flush": (50, 1), "Quads": (10, 1),
              "Full House": (3, 1), "Flush": (3, 2), "Straight": (1, 1)}
TRIPS_PAYS = {"royal": 50, "Straight Flush": 40, "Quads": 30, "Full House": 8, "Flush": 7,
              "Straight": 4, "Trips": 3}


def category(cards: list[str]) -> tuple[int, str]:
    hand = [eval7.Card(c) for c in cards]
    value = eval7.evaluate(hand)
    kind = eval7.handtype(value)
    if kind == "Straight Flush" and _is_royal(cards):
        kind = "royal"
    return value, kind


def _is_royal(cards: list[str]) -> bool:
    for suit in "cdhs":
        if {f"{r}{suit}" for r in "TJQKA"} <= set(cards):
            return True
    return False


def expected_settlement(mine: list[str], dealer: list[str], board: list[str], ante: int,
                        trips: int, play: int) -> dict[str, int]:
    """U-PAY-1 (resolution), U-PAY-2 (Blind), U-PAY-3 (Trips), U-PAY-4 (round down)."""
    p_value, p_kind = category(mine + board)
    d_value, d_kind = category(dealer + board)
    result = {"trips": 0, "ante": 0, "blind": 0, "play": 0}
    if trips:
        result["trips"] = trips * TRIPS_PAYS[p_kind] if p_kind in TRIPS_PAYS else -trips
    qualifies = d_kind != "High Card"  # U-QUAL-1: a pair or better
    if play == 0:  # folded
        result["ante"] = result["blind"] = -ante
    elif p_value > d_value:
        result["play"] = play
        result["ante"] = ante if qualifies else 0
        num, den = BLIND_PAYS.get(p_kind, (0, 1))
        result["blind"] = ante * num // den
    elif p_value < d_value:
        result["play"] = -play
        result["blind"] = -ante
        result["ante"] = -ante if qualifies else 0
    result["net"] = sum(result.values())
    return result


def test_U_PAY_1_uth_round_with_trips_shows_the_settlement(page: Any, server: Any) -> None:
    """U-PAY-1: a round with Ante, Blind, Trips and Play; every displayed result equals the
    server's settlement, the wallet moves by the net, and the pay tables give the same."""
    table = server.table("uth")
    limits = table["limits"]
    frames = Frames(page)
    sign_up(page, new_name("uth"))
    row = page.locator(f"tr[data-table='{table['id']}']")
    row.get_by_role("button", name="Join").click()
    expect(page).to_have_url(f"{server.url}/#/uth/{table['id']}")
    felt = page.get_by_test_id("uth-table")
    expect(felt.get_by_role("button", name="Deal")).to_be_visible()
    balance_before = money_int(page.get_by_test_id("balance").inner_text())

    # Ante: two of the smallest chips; Trips: one.
    chip = felt.locator(".chip-rack .chip-btn").first
    felt.locator("[data-spot=ante]").click()
    chip.click()
    chip.click()
    felt.locator("[data-spot=trips]").click()
    chip.click()
    ante, trips = 2 * limits["ante_min"], limits["ante_min"]
    expect(felt.locator("[data-spot=ante]")).to_contain_text(money_text(ante))
    expect(felt.locator("[data-spot=trips]")).to_contain_text(money_text(trips))
    felt.get_by_role("button", name="Deal").click()

    # Check before the flop and on the flop, then Play 1x at the river.
    for name, phase in (("Check", "preflop"), ("Check", "flop"), ("Play 1x", "river")):
        button = felt.get_by_role("button", name=name, exact=True)
        expect(button).to_be_visible(timeout=20_000)
        assert (frames.latest_view(table["id"]) or {}).get("phase") == phase
        button.click()
        deadline = time.monotonic() + 20
        while (frames.latest_view(table["id"]) or {}).get("phase") == phase:
            assert time.monotonic() < deadline, f"still in {phase}"
            page.wait_for_timeout(50)

    balance = check_settlement(page, frames, table["id"], ante, trips, ante, balance_before)

    # A second round: Rebet (same Ante and Trips), Play 4x before the flop.
    felt.get_by_role("button", name="Rebet").click()
    button = felt.get_by_role("button", name="Play 4x", exact=True)
    expect(button).to_be_visible(timeout=20_000)
    button.click()
    check_settlement(page, frames, table["id"], ante, trips, 4 * ante, balance)
    assert page.js_errors == []


def check_settlement(page: Any, frames: Frames, table: str, ante: int, trips: int, play: int,
                     balance_before: int) -> int:
    """The settled round on the page equals the server's settlement, the pay tables and the
    wallet; returns the balance after it."""
    felt = page.get_by_test_id("uth-table")
    deadline = time.monotonic() + 20
    while (frames.latest_view(table) or {}).get("phase") != "settled":
        assert time.monotonic() < deadline, "the round was not settled"
        page.wait_for_timeout(50)
    expect(page.get_by_test_id("uth-net")).to_be_visible()
    view = frames.latest_view(table) or {}
    me = next(s for s in view["seats"] if s.get("is_you"))
    settled = me["result"]
    # Every spot shows the server's result for that bet.
    for bet in ("ante", "blind", "trips", "play"):
        badge = felt.locator(f"[data-result={bet}]")
        expect(badge).to_have_attribute("data-amount", str(settled[bet]))
    expect(page.get_by_test_id("uth-net")).to_have_attribute("data-net", str(settled["net"]))
    # The cards on the page, settled again by the pay tables, give the same numbers.
    mine = [c.get_attribute("data-card") for c in felt.locator("[data-testid=my-cards] .card").all()]
    dealer = [c.get_attribute("data-card") for c in felt.locator("[data-testid=dealer-cards] .card").all()]
    board = [c.get_attribute("data-card") for c in felt.locator("[data-testid=board] .card").all()]
    expected = expected_settlement(mine, dealer, board, ante, trips, play)
    assert {k: settled[k] for k in expected} == expected, (mine, dealer, board)
    # The wallet moved by the net.
    want = balance_before + settled["net"]
    expect(page.get_by_test_id("balance")).to_have_text(money_text(want))
    return want
