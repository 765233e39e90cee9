"""In Chromium: a player registers for the 6-seat sit & go from the Tournaments tab with five
bots (`pokerroom bots --tournament`), the table opens by itself, they play it to elimination
or victory, and the wallet moves by exactly the prize minus buy-in and fee (R-TOURN-1,
R-TOURN-7); the felt shows level, blinds, ante, time to the next level, rank and average."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from liveserver import SERVER_SETTINGS, LiveServer
from playwright.sync_api import expect
from webtest_helpers import money_int, new_name, sign_up

ENTRY = 1000 + 100  # the default room's sit & go: 10.00 + 1.00


def prize_in(notice: str) -> int:
    if " won " not in notice:
        return 0
    return money_int(notice.rsplit(" won ", 1)[1].rstrip("."))


# The default room's sit & go with levels of a few hands, so that it ends soon.
LEVELS = ", ".join(
    f"{{ small_blind = {10 * 2**i}, big_blind = {20 * 2**i}, hands = 4 }}" for i in range(12)
)
ROOM = f"""
[room]
name = "tournament browser test"
[[table]]
name = "Cash"
game = "holdem"
betting = "no-limit"
seats = 6
stakes = {{ small_blind = 100, big_blind = 200 }}

[[tournaments]]
id = "sng6"
name = "Sit & Go 6"
seats = 6
max_entrants = 6
buy_in = 1000
fee = 100
starting_chips = 1500
levels = [{LEVELS}]
"""


def test_R_TOURN_7_player_registers_plays_and_is_paid(browser: Any, tmp_path: Path) -> None:
    """R-TOURN-1, R-TOURN-7: see the module docstring."""
    room = tmp_path / "room.toml"
    room.write_text(ROOM)
    server = LiveServer(tmp_path / "room.db", **SERVER_SETTINGS, room_path=room).start()
    ctx = browser.new_context(viewport={"width": 1280, "height": 860}, base_url=server.url)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    script = Path(sys.executable).with_name("pokerroom")
    log = (tmp_path / "bots.log").open("wb")
    bots = subprocess.Popen(
        [str(script), "bots", "--url", server.url, "--tournament", "sng6-1", "--count", "5",
         "--database", server.db_url],
        stdout=log, stderr=subprocess.STDOUT,
    )  # fmt: skip
    try:
        sign_up(page, new_name("tourney"))
        before = money_int(page.get_by_test_id("balance").inner_text())
        page.get_by_role("link", name="Tournaments").click()
        row = page.locator("tr[data-tournament='sng6-1']")
        deadline = time.monotonic() + 60
        while "5/6" not in row.inner_text():  # the five bots are in
            assert time.monotonic() < deadline, row.inner_text()
            page.wait_for_timeout(300)
        row.get_by_role("button", name="Register").click()
        expect(page.get_by_test_id("tournament-felt")).to_be_visible()
        head = page.get_by_test_id("tournament-head")
        expect(head).to_contain_text("Level 1")
        expect(head).to_contain_text("Blinds 10/20")
        for word in ("Ante", "Next level", "Average", "Your rank"):
            expect(head).to_contain_text(word)
        notice = page.get_by_test_id("tournament-notice")
        deadline = time.monotonic() + 240
        while not (notice.is_visible() and ("place" in notice.inner_text())):
            assert time.monotonic() < deadline, "the sit & go did not end for the player"
            for name in ("Check", "Call", "Fold"):
                button = page.get_by_role("button", name=name)
                if button.count() and button.first.is_visible():
                    button.first.click()
                    break
            page.wait_for_timeout(150)
        text = notice.inner_text()
        prize = prize_in(text)
        expected = before - ENTRY + prize
        deadline = time.monotonic() + 20
        while money_int(page.get_by_test_id("balance").inner_text()) != expected:
            assert time.monotonic() < deadline, (text, page.get_by_test_id("balance").inner_text())
            page.reload()
            page.wait_for_timeout(500)
        assert errors == []
    finally:
        ctx.close()
        server.stop()
        bots.terminate()
        try:
            bots.wait(5)
        except subprocess.TimeoutExpired:
            bots.kill()
        log.close()
