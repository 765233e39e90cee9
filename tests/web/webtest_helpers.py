"""Steps shared by the browser tests (plain functions on a Playwright page)."""

from __future__ import annotations

import itertools
import re
from typing import Any

from playwright.sync_api import expect

PASSWORD = "correct horse battery 9"
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
    """"1,234.50" -> 123450 (the chip unit, two decimals), without floats."""
    clean = text.strip().replace(",", "").replace("+", "")
    sign = -1 if clean.startswith("-") else 1
    clean = clean.lstrip("-")
    whole, _, frac = clean.partition(".")
    return sign * (int(whole or "0") * 100 + int((frac + "00")[:2]))


def shown_cards(page: Any, selector: str) -> list[str]:
    """The card codes ("As", "Td", "back") drawn inside `selector`."""
    return [c.get_attribute("data-card") for c in page.locator(f"{selector} .card").all()]


CARD_RE = re.compile(r'"([2-9TJQKA][cdhs])"')
