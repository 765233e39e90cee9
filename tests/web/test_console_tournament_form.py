"""The console's tournament form in Chromium (issue 16): an operator creates a tournament from
the form, a player enters it (buy-in and fee leave the wallet), the operator cancels it from
the console before the start: both come back (R-TOURN-12), as ledger entries, and the
operator log shows both actions."""

from __future__ import annotations

import json
import time
from typing import Any

import httpx
from playwright.sync_api import expect
from websockets.sync.client import connect
from webtest_helpers import PASSWORD, grant_operator, new_name, sign_up


def _wallet(server: Any, token: str) -> dict[str, Any]:
    r = httpx.get(f"{server.url}/api/wallet", timeout=30,
                  headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 200, r.text
    return dict(r.json())


def test_an_operator_creates_a_tournament_from_the_form_and_cancels_it(
        page: Any, server: Any) -> None:
    operator = new_name("otto")
    sign_up(page, operator)
    grant_operator(server, operator)
    player = new_name("pia")
    r = httpx.post(f"{server.url}/api/auth/register",
                   json={"username": player, "password": PASSWORD}, timeout=30)
    token = r.json()["token"]
    before = _wallet(server, token)["balance"]
    page.goto("/admin")
    expect(page.get_by_test_id("operator")).to_contain_text(operator)
    name = f"Form Cup {int(time.time()) % 10_000}"
    form = page.get_by_test_id("add-tournament")
    form.get_by_test_id("new-tournament-name").fill(name)
    form.get_by_label("Buy-in").fill("1000")
    form.get_by_label("Fee").fill("100")
    form.get_by_role("button", name="Create tournament").click()
    row = page.get_by_test_id("console-tournaments").locator("tr", has_text=name)
    expect(row).to_have_count(1, timeout=30_000)
    tid = row.get_attribute("data-tournament")
    assert tid
    expect(page.get_by_test_id(f"tstatus-{tid}")).to_have_text("registering")
    # A player enters it over the WebSocket: buy-in and fee leave the wallet.
    ws_url = server.url.replace("http", "ws", 1) + "/ws"
    with connect(ws_url, additional_headers={"Authorization": f"Bearer {token}"}) as ws:
        ws.send(json.dumps({"type": "tournament_register", "tournament": tid}))
        deadline = time.monotonic() + 30
        while _wallet(server, token)["balance"] != before - 1100:
            assert time.monotonic() < deadline, "the entry was not paid"
            time.sleep(0.2)
    # The operator cancels it from the console, with a reason.
    page.get_by_test_id("tournament-reason").fill("nobody came")
    page.get_by_test_id(f"cancel-{tid}").click()
    deadline = time.monotonic() + 30
    while _wallet(server, token)["balance"] != before:
        assert time.monotonic() < deadline, "the entry was not refunded"
        time.sleep(0.2)
    entries = _wallet(server, token)["entries"]
    assert entries[0]["amount"] == 1100, entries[:3]  # the refund, as a ledger entry
    assert sum(e["amount"] for e in entries) == before, entries  # the wallet is its ledger
    listing = httpx.get(f"{server.url}/api/tournaments", timeout=30).json()["tournaments"]
    assert all(t["status"] == "cancelled" for t in listing if t["id"] == tid), listing
    log = page.get_by_test_id("operator-log")
    expect(log).to_contain_text("create tournament")
    expect(log).to_contain_text("cancel tournament")
    expect(log).to_contain_text("nobody came")
    assert not page.js_errors  # type: ignore[attr-defined]
