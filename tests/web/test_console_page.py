"""The operator's console in Chromium: an operator pauses a table where bots play (no new hand
after the current one) and locks an account (its session ends); both in the operator log."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import expect
from webtest_helpers import PASSWORD, grant_operator, new_name, sign_up


def _hands_dealt(server: Any, table: str, token: str) -> int:
    tables = httpx.get(f"{server.url}/api/admin/tables", timeout=30,
                       headers={"Authorization": f"Bearer {token}"}).json()["tables"]
    view = next(t for t in tables if t["id"] == table)["view"]
    return int(view.get("hand") or 0)


def test_an_operator_pauses_a_table_with_bots_and_locks_an_account(
        page: Any, server: Any, bots: Any, tmp_path: Path) -> None:
    table = server.table("poker", "no-limit")["id"]
    bots.start(server.url, 2, table=table, log=tmp_path / "bots.log", think=0.1)
    victim = new_name("mallory")
    r = httpx.post(f"{server.url}/api/auth/register",
                   json={"username": victim, "password": PASSWORD}, timeout=30)
    victim_token = r.json()["token"]
    operator = new_name("opal")
    sign_up(page, operator)
    # Without the role the console refuses.
    page.goto("/admin")
    expect(page.get_by_test_id("console-refused")).to_contain_text("Operators only")
    grant_operator(server, operator)
    page.goto("/admin")
    expect(page.get_by_test_id("operator")).to_contain_text(operator)
    # The bots play: a hand is being dealt at the table.
    status = page.get_by_test_id(f"status-{table}")
    expect(status).to_have_text("open")
    seats = page.get_by_test_id(f"seats-{table}")
    expect(seats).not_to_have_text("", timeout=30_000)
    page.get_by_test_id("table-reason").fill("maintenance window")
    page.get_by_test_id(f"pause-{table}").click()
    expect(status).to_have_text("paused")
    # After the current hand, no new one: the table stays without a hand.
    runner_hand = None
    deadline = time.monotonic() + 60
    token = page.context.cookies()[0]["value"]
    while time.monotonic() < deadline:
        tables = httpx.get(f"{server.url}/api/admin/tables", timeout=30,
                           cookies={"pokerroom_session": token}).json()["tables"]
        runner_hand = next(t for t in tables if t["id"] == table)["view"].get("hand")
        if runner_hand is None:
            break
        time.sleep(0.3)
    assert runner_hand is None, "the hand in play never ended"
    time.sleep(3)
    tables = httpx.get(f"{server.url}/api/admin/tables", timeout=30,
                       cookies={"pokerroom_session": token}).json()["tables"]
    assert next(t for t in tables if t["id"] == table)["view"].get("hand") is None
    # Lock an account from its page in the console.
    page.get_by_test_id("account-search").fill(victim)
    page.get_by_role("button", name="Search").click()
    page.get_by_test_id(f"account-{victim}").click()
    expect(page.get_by_test_id("account-locked")).to_have_text("active")
    page.get_by_test_id("account-reason").fill("chargeback")
    page.get_by_test_id("lock").click()
    expect(page.get_by_test_id("account-locked")).to_have_text("locked")
    me = httpx.get(f"{server.url}/api/auth/me", timeout=30,
                   headers={"Authorization": f"Bearer {victim_token}"})
    assert me.status_code == 401
    log = page.get_by_test_id("operator-log")
    expect(log).to_contain_text("lock")
    expect(log).to_contain_text("pause")
    expect(log).to_contain_text("chargeback")
    assert not page.js_errors  # type: ignore[attr-defined]
