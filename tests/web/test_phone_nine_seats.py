"""A nine-seat table on a 390x844 phone: no seat box lies on another one (they overlapped
where the oval's seats stand close together, near its top and bottom)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import expect
from webtest_helpers import new_name, sign_up

PHONE = {"width": 390, "height": 844}


def _overlaps(boxes: list[dict[str, float]]) -> list[tuple[int, int, float, float]]:
    """Pairs of boxes that share an area (more than a pixel each way)."""
    out = []
    for i, a in enumerate(boxes):
        for j in range(i + 1, len(boxes)):
            b = boxes[j]
            dx = min(a["x"] + a["width"], b["x"] + b["width"]) - max(a["x"], b["x"])
            dy = min(a["y"] + a["height"], b["y"] + b["height"]) - max(a["y"], b["y"])
            if dx > 1 and dy > 1:
                out.append((i, j, dx, dy))
    return out


def test_nine_seats_on_a_phone_do_not_overlap(browser: Any, server: Any, bots: Any,
                                              tmp_path: Path) -> None:
    table = next(t for t in server.lobby() if t["kind"] == "poker" and t["seats"] == 9)["id"]
    ctx = browser.new_context(viewport=PHONE, base_url=server.url, locale="en-US",
                              is_mobile=True, has_touch=True)
    try:
        page = ctx.new_page()
        page.set_default_timeout(20_000)
        sign_up(page, new_name("nine"))
        bots.start(server.url, 5, table=table, log=tmp_path / "bots.log", think=0.5)
        page.goto(f"/#/table/{table}")
        felt = page.get_by_test_id("felt")
        expect(felt.locator(".seat")).to_have_count(9)
        # Five players with their cards and four empty seats.
        expect(felt.locator(".seat:not(.seat-empty)")).to_have_count(5, timeout=60_000)
        expect(felt.locator(".seat:not(.seat-empty) .seat-cards .card").first).to_be_visible(
            timeout=60_000)
        for _ in range(3):  # at different moments of the hands
            # One moment of the felt: every seat's name box and cards, measured together.
            boxes = page.evaluate("""() => [...document.querySelectorAll(
                '[data-testid=felt] .seat')].flatMap((seat, i) => [...seat.querySelectorAll(
                ':scope > .seat-box, :scope > .seat-cards')].map((el) => {
                  const r = el.getBoundingClientRect();
                  return {x: r.x, y: r.y, width: r.width, height: r.height, seat: i};
                }).filter((b) => b.height > 0))""")
            clash = [(a, b, dx, dy) for a, b, dx, dy in _overlaps(boxes)
                     if boxes[a]["seat"] != boxes[b]["seat"]]
            assert not clash, [(boxes[a], boxes[b]) for a, b, _, _ in clash]
            for box in boxes:
                assert box["x"] >= -1 and box["x"] + box["width"] <= PHONE["width"] + 1, box
            page.screenshot(path=str(tmp_path / "nine-seats-phone.png"))
            page.wait_for_timeout(700)
    finally:
        ctx.close()
