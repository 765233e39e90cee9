"""Sign up and log in through the browser, against the real server."""

from __future__ import annotations

from typing import Any

import httpx
from playwright.sync_api import expect
from webtest_helpers import PASSWORD, log_in, money_int, new_name, sign_up


def test_sign_up_reaches_the_lobby_with_the_balance_in_the_header(page: Any, server: Any) -> None:
    name = new_name("alice")
    sign_up(page, name)
    expect(page.locator("#username")).to_have_text(name)
    # The header shows the wallet the server holds for this account.
    login = httpx.post(f"{server.url}/api/auth/login", json={"username": name, "password": PASSWORD})
    assert login.status_code == 200, login.text
    assert money_int(page.get_by_test_id("balance").inner_text()) == login.json()["account"]["balance"]
    assert page.js_errors == []


def test_taken_name_and_wrong_password_get_clear_messages(page: Any, server: Any) -> None:
    name = new_name("bob")
    sign_up(page, name)
    page.get_by_role("button", name="Log out").click()
    expect(page.get_by_role("button", name="Log in")).to_be_visible()

    page.get_by_label("Username").fill(name)
    page.get_by_label("Password").fill(PASSWORD + "x")
    page.get_by_role("button", name="Sign up").click()
    expect(page.get_by_role("alert")).to_contain_text("already taken")

    log_in(page, name, "not the password at all")
    expect(page.get_by_role("alert")).to_contain_text("Wrong username or password")

    log_in(page, name)
    expect(page.get_by_role("heading", name="Lobby")).to_be_visible()
    # A reload keeps the session (HttpOnly cookie) and the page.
    page.reload()
    expect(page.get_by_role("heading", name="Lobby")).to_be_visible()
    expect(page.locator("#username")).to_have_text(name)
