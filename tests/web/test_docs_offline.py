"""`/docs` works offline: every script and stylesheet comes from the room itself, and Swagger UI
draws the REST operations in Chromium with every request outside the room blocked."""

from __future__ import annotations

import re
from typing import Any

import httpx
from playwright.sync_api import expect


def test_docs_page_uses_only_the_rooms_own_assets(server: Any) -> None:
    page = httpx.get(f"{server.url}/docs", timeout=10)
    assert page.status_code == 200
    refs = re.findall(r'(?:src|href)="([^"]+)"', page.text)
    assert refs, page.text
    assert all(ref.startswith("/") and not ref.startswith("//") for ref in refs), refs
    assert "<script>" not in page.text  # no inline script (a strict CSP may forbid them)
    for ref in refs:
        asset = httpx.get(f"{server.url}{ref}", timeout=10)
        assert asset.status_code == 200 and len(asset.content) > 100, ref


def test_swagger_ui_draws_the_api_with_the_network_cut_off(browser: Any, server: Any) -> None:
    ctx = browser.new_context(base_url=server.url)
    outside: list[str] = []

    def only_the_room(route: Any) -> None:
        if route.request.url.startswith(server.url):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    try:
        ctx.route("**/*", only_the_room)
        page = ctx.new_page()
        page.goto("/docs")
        expect(page.get_by_text("/api/auth/register").first).to_be_visible(timeout=20_000)
        assert not outside, outside
    finally:
        ctx.close()
