"""Screenshots for the README in both languages and at both sizes (docs/screenshots/
{de,en}-{laptop,phone}-{lobby,table}.png): the lobby, and a no-limit table while it is the
player's turn, from the real server with real bots.

Slow (about two minutes): `pytest -m slow tests/web/test_screenshots_languages.py`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect
from webtest_helpers import (
    PASSWORD,
    SCREENSHOTS,
    Frames,
    new_name,
    wait_for_decision,
)

SIZES = {"laptop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}
WORDS = {"de-DE": ("Benutzername", "Passwort", "Registrieren", "Beitreten", "Hinsetzen",
                   "Jetzt einen Big Blind setzen"),
         "en-US": ("Username", "Password", "Sign up", "Join", "Sit down", "Post a big blind now")}


@pytest.mark.slow
def test_screenshots_in_both_languages_at_both_sizes(browser: Any, server: Any, bots: Any,
                                                     tmp_path: Path) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    table = "antares-1"
    bots.start(server.url, 2, table=table, log=tmp_path / "bots.log", think=0.5)
    for locale, (user, password, sign_up, join, sit, post) in WORDS.items():
        for size, viewport in SIZES.items():
            phone = size == "phone"
            ctx = browser.new_context(locale=locale, viewport=viewport, base_url=server.url,
                                      is_mobile=phone, has_touch=phone, device_scale_factor=1)
            try:
                page = ctx.new_page()
                page.set_default_timeout(20_000)
                frames = Frames(page)
                page.goto("/")
                page.get_by_label(user).fill(new_name("Maya"))
                page.get_by_label(password).fill(PASSWORD)
                page.get_by_role("button", name=sign_up).click()
                row = page.locator(f"tr[data-table='{table}']")
                expect(row).to_be_visible()
                name = f"{locale[:2]}-{size}"
                page.screenshot(path=str(SCREENSHOTS / f"{name}-lobby.png"))
                row.get_by_role("button", name=join, exact=True).click()
                dialog = page.get_by_role("dialog")
                dialog.get_by_label(post).check()
                dialog.get_by_role("button", name=sit).click()
                assert wait_for_decision(page, frames, table) is not None
                page.wait_for_timeout(300)
                page.screenshot(path=str(SCREENSHOTS / f"{name}-table.png"))
                # Leave at once, so the next player does not wait for this one's clock.
                page.evaluate("t => window.pokerroom.conn.send({type: 'leave', table: t})", table)
                page.wait_for_timeout(500)
            finally:
                ctx.close()
