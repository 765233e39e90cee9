"""The operator's console (/admin) in German and English, chosen as on the player's pages: the
browser's Accept-Language before signing in, the account's stored language after, and the
header switch (kept on the account, so another German browser then shows English)."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlparse

import httpx
from playwright.sync_api import expect
from webtest_helpers import PASSWORD, grant_operator, new_name

# Words that would show an English console to a German operator.
ENGLISH = ["Operator console", "Live tables", "Add a table", "Create a tournament", "Refresh",
           "Search", "Operator log", "Audit and broadcast", "Reason", "Wallet", "Players"]


def _context(browser: Any, server: Any, token: str | None) -> Any:
    ctx = browser.new_context(locale="de-DE", viewport={"width": 1366, "height": 768},
                              base_url=server.url)
    if token:
        ctx.add_cookies([{"name": "pokerroom_session", "value": token,
                          "domain": urlparse(server.url).hostname, "path": "/"}])
    return ctx


def _page(ctx: Any) -> tuple[Any, list[str]]:
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return page, errors


def test_the_console_in_german_and_the_switch_to_english(browser: Any, server: Any) -> None:
    table = server.table("poker", "no-limit")["id"]
    # Not signed in, a German browser: the refusal is German (Accept-Language).
    ctx = _context(browser, server, None)
    page, errors = _page(ctx)
    page.goto("/admin")
    expect(page.get_by_test_id("console-refused")).to_contain_text("Bitte anmelden")
    ctx.close()

    name = new_name("greta")
    r = httpx.post(f"{server.url}/api/auth/register", timeout=30,
                   json={"username": name, "password": PASSWORD},
                   headers={"Accept-Language": "de-DE,de;q=0.9"})
    assert r.status_code in (200, 201), r.text
    token = r.json()["token"]
    grant_operator(server, name)

    ctx = _context(browser, server, token)
    page, errors = _page(ctx)
    page.goto("/admin")
    expect(page.get_by_role("heading", name="Betreiberkonsole")).to_be_visible()
    expect(page.get_by_test_id("operator")).to_have_text(f"Betreiber {name}")
    status = page.get_by_test_id(f"status-{table}")
    expect(status).to_have_text("offen")
    expect(page.get_by_test_id(f"pause-{table}")).to_have_text("Pausieren")
    page.get_by_test_id(f"pause-{table}").click()
    expect(status).to_have_text("pausiert")
    expect(page.get_by_test_id("console-status")).to_contain_text("erledigt")
    expect(page.get_by_test_id("operator-log")).to_contain_text("pausieren")
    expect(page.get_by_test_id("operator-log")).to_contain_text("Entscheidung des Betreibers")
    page.get_by_test_id("account-search").fill(name)
    page.get_by_role("button", name="Suchen").click()
    page.get_by_test_id(f"account-{name}").click()
    expect(page.get_by_test_id("account-locked")).to_have_text("aktiv")
    # Money as the player's pages show it: "1.000,00 €" in German.
    expect(page.get_by_test_id("account-balance")).to_have_text(
        re.compile(r"^\d{1,3}(\.\d{3})*,\d\d\s€$"))
    page.get_by_test_id("debit").click()  # no amount: the refusal is worded in German too
    expect(page.get_by_test_id("console-status")).to_contain_text("Abbuchung")
    # Refusals the server words only in English are worded by their code and fields: a form
    # field the server's validation refuses (pydantic's list), and a table the room cannot run.
    status_line = page.get_by_test_id("console-status")
    page.get_by_test_id("new-table-name").fill("!kein Name")
    page.get_by_role("button", name="Tisch hinzufügen").click()
    expect(status_line).to_contain_text("Name: nur Buchstaben, Ziffern")
    assert "String should match" not in status_line.inner_text()
    page.get_by_test_id("new-table-name").fill(new_name("stud"))
    form = page.get_by_test_id("add-table")
    form.get_by_label("Spiel").select_option("stud")  # no-limit stud: the room refuses
    form.get_by_label("Small Blind (Chip-Einheiten)").fill("100")
    form.get_by_label("Big Blind (Chip-Einheiten)").fill("50")
    page.get_by_role("button", name="Tisch hinzufügen").click()
    expect(status_line).to_contain_text("diesen Tisch kann der Raum nicht führen")
    expect(page.get_by_role("link", name="Tische")).to_be_visible()
    expect(page.get_by_label("Sprache")).to_have_value("de")
    body = page.locator("body").inner_text()
    english = [w for w in ENGLISH if w in body]
    assert not english, f"English words in the German console: {english}"

    # The header switch: English now, and kept on the account.
    page.get_by_label("Sprache").select_option("en")
    expect(page.get_by_role("heading", name="Operator console")).to_be_visible()
    expect(status).to_have_text("paused")
    me = httpx.get(f"{server.url}/api/auth/me", timeout=30,
                   cookies={"pokerroom_session": token}).json()
    assert me["account"]["language"] == "en"
    assert not errors, errors
    ctx.close()

    # Another German browser of the same account: the account's choice wins.
    ctx = _context(browser, server, token)
    page, errors = _page(ctx)
    page.goto("/admin")
    expect(page.get_by_role("heading", name="Operator console")).to_be_visible()
    expect(page.get_by_test_id(f"status-{table}")).to_have_text("paused")
    assert not errors, errors
    ctx.close()
