"""Steps shared by the browser tests (plain functions on a Playwright page)."""

from __future__ import annotations

import itertools
import json
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

PASSWORD = "correct horse battery 9"
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
_names = itertools.count(1)


def new_name(prefix: str = "player") -> str:
    return f"{prefix}{next(_names)}"


def sign_up(page: Any, username: str, password: str = PASSWORD) -> None:
    """Sign up through the form and wait for the lobby."""
    page.goto("/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Sign up").click()
    expect(page.get_by_role("heading", name="Lobby")).to_be_visible()
    expect(page.get_by_test_id("balance")).not_to_have_text("-")


def log_in(page: Any, username: str, password: str = PASSWORD) -> None:
    page.goto("/#/login")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()


def money_int(text: str) -> int:
    """"€1,234.50" or "1,234.50" -> 123450 (the chip unit, two decimals, English format),
    without floats."""
    clean = re.sub(r"[^0-9.\-]", "", text.strip().replace("\u2212", "-"))
    sign = -1 if clean.startswith("-") else 1
    clean = clean.lstrip("-")
    whole, _, frac = clean.partition(".")
    return sign * (int(whole or "0") * 100 + int((frac + "00")[:2]))


def shown_cards(page: Any, selector: str) -> list[str]:
    """The card codes ("As", "Td", "back") drawn inside `selector`."""
    return [c.get_attribute("data-card") for c in page.locator(f"{selector} .card").all()]


CARD_RE = re.compile(r'"([2-9TJQKA][cdhs])"')


class Frames:
    """Every WebSocket frame a page receives and sends (across reloads), parsed."""

    def __init__(self, page: Any) -> None:
        self.received: list[str] = []
        self.sent: list[str] = []
        page.on("websocket", self._attach)

    def _attach(self, ws: Any) -> None:
        ws.on("framereceived", lambda payload: self.received.append(_text(payload)))
        ws.on("framesent", lambda payload: self.sent.append(_text(payload)))

    def messages(self, type_: str | None = None) -> list[dict[str, Any]]:
        out = []
        for raw in list(self.received):
            try:
                msg = json.loads(raw)
            except ValueError:
                continue
            if type_ is None or msg.get("type") == type_:
                out.append(msg)
        return out

    def latest_view(self, table: str) -> dict[str, Any] | None:
        for msg in reversed(self.messages()):
            if msg.get("table") == table and msg.get("type") in ("table_view", "table_events", "uth_view"):
                if msg.get("view"):
                    return dict(msg["view"])
        return None

    def errors(self) -> list[dict[str, Any]]:
        return self.messages("error")


def _text(payload: Any) -> str:
    if isinstance(payload, bytes | bytearray):
        return payload.decode("utf-8", "replace")
    if isinstance(payload, dict):  # older Playwright versions hand over {"payload": ...}
        return str(payload.get("payload", ""))
    return str(payload)


HAND_TIMEOUT_S = 60


def join_from_lobby(page: Any, table: str, post_blind: bool = True) -> None:
    """Lobby -> Join -> buy-in dialog (default amount) -> Sit down -> the table page."""
    row = page.locator(f"tr[data-table='{table}']")
    row.get_by_role("button", name="Join").click()
    dialog = page.get_by_role("dialog")
    expect(dialog.get_by_label("Buy-in amount")).not_to_have_value("")
    if post_blind:
        dialog.get_by_label("Post a big blind now and play the next hand").check()
    dialog.get_by_role("button", name="Sit down").click()
    expect(page).to_have_url(f"{page.url.split('#')[0]}#/table/{table}")


def my_seat(view: dict[str, Any] | None) -> int | None:
    if not view or not view.get("you"):
        return None
    seat = view["you"].get("seat")
    return int(seat) if seat is not None else None


def wait_for_decision(page: Any, frames: Frames, table: str, timeout_s: float = HAND_TIMEOUT_S,
                      results_before: int | None = None) -> dict[str, Any] | None:
    """Wait until the server offers this page a decision (returns `legal`), or a hand ends."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        view = frames.latest_view(table)
        if view and view.get("legal") and not view["legal"].get("after_hand"):
            # The buttons are drawn from this very view.
            expect(page.get_by_test_id("action-bar").get_by_role("button").first).to_be_visible()
            return dict(view["legal"])
        if results_before is not None and len(frames.messages("hand_result")) > results_before:
            return None
        page.wait_for_timeout(100)
    raise AssertionError(f"no decision and no result within {timeout_s} s")


def wait_decision_taken(page: Any, frames: Frames, table: str, legal: dict[str, Any]) -> None:
    """After a click: wait until the server moved past this decision (or refused it)."""
    errors_before = len(frames.errors())
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        view = frames.latest_view(table) or {}
        cur = view.get("legal")
        if not cur or (cur["hand"], cur["action_no"]) != (legal["hand"], legal["action_no"]):
            return
        if len(frames.errors()) > errors_before:
            return
        page.wait_for_timeout(50)
    raise AssertionError("the server did not answer the action")


def check_or_call(page: Any) -> None:
    bar = page.get_by_test_id("action-bar")
    check = bar.get_by_role("button", name="Check")
    if check.count():
        check.click()
    else:
        bar.get_by_role("button", name="Call").click()


def money_text(amount: int) -> str:
    """The amount as an English-speaking player reads it in the room's currency: "€1,234.50"."""
    whole, cents = divmod(amount, 100)
    return f"\u20ac{whole:,}.{cents:02d}"


def input_text(amount: int) -> str:
    """The amount as typed into an English amount box: "1234.50"."""
    whole, cents = divmod(amount, 100)
    return f"{whole}.{cents:02d}"


def grant_operator(server: Any, name: str) -> None:
    """Make `name` an operator as the room's admin does: `pokerroom admin grant-operator`."""
    cli = Path(sys.executable).with_name("pokerroom")
    done = subprocess.run([str(cli), "admin", "grant-operator", name, "--database",
                           server.db_url], capture_output=True, text=True, timeout=120,
                          check=False)
    assert done.returncode == 0, done.stderr
