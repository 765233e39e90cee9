"""Bet chips never sit under a seat: at a full nine-seat table (a player and eight bots) on a
390x844 phone and a 1366x768 laptop, every bet on the live felt is clear of every seat box,
and so is every bet of the worst picture, each of nine and of ten seats betting a tall
stack of chips (drawn by the page's own felt.js into the table page)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from webtest_helpers import Frames, join_from_lobby, new_name, sign_up

TABLE = "betelgeuse"  # the default room's nine-seat no-limit hold'em table
SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1366, "height": 768}}

# The bets and seat boxes of the felt on the page, and each pair that overlaps (in px).
MEASURE = """(felt) => {
  const rect = (el) => el.getBoundingClientRect();
  const boxes = [...felt.querySelectorAll(".seat")].map((seat) => ({
    seat: seat.dataset.seat, r: rect(seat.querySelector(".seat-box")) }));
  const bets = [...felt.querySelectorAll(".bet")].map((b) => ({ seat: b.dataset.betSeat, r: rect(b) }));
  const hits = [];
  for (const b of bets) for (const s of boxes) {
    const w = Math.min(b.r.right, s.r.right) - Math.max(b.r.left, s.r.left);
    const h = Math.min(b.r.bottom, s.r.bottom) - Math.max(b.r.top, s.r.top);
    if (w > 0.5 && h > 0.5) hits.push(`bet of seat ${b.seat} under seat ${s.seat}: ${w.toFixed(1)}x${h.toFixed(1)} px`);
  }
  return { connected: felt.isConnected, bets: bets.length, sized: bets.every((b) => b.r.width > 0),
           seats: boxes.length, hits };
}"""

# The live felt as a frame paints it: only a felt whose bets were placed (a felt just drawn by
# a message is placed once laid out, before it is painted; it is measured in a later sample).
LIVE = """() => {
  const felt = document.querySelector("[data-testid=felt]");
  return felt && felt.dataset.settled ? (MEASURE)(felt) : null;
}""".replace("MEASURE", MEASURE)

# The live view with every seat betting (nine seats, or ten with one more), drawn in place of
# the page's felt and placed as the felt places its bets once laid out (settleBets, which the
# live felt runs from a ResizeObserver), then measured, all in one task (no redraw between).
WORST = """async ([view, ten]) => {
  const { renderFelt, settleBets } = await import("/js/felt.js");
  const seats = view.seats.map((s) => ({ ...s, bet: 987654 }));
  if (ten) seats.push({ ...seats[1], seat: 9, name: "tenth", is_you: false });
  const picture = { ...view, seats, seats_total: ten ? 10 : view.seats_total };
  const felt = renderFelt(picture, {});
  document.querySelector("[data-testid=felt]").replaceWith(felt);
  settleBets(felt);
  return (MEASURE)(felt);
}""".replace("MEASURE", MEASURE)


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_no_bet_chip_under_a_seat_box_at_a_full_table(
        browser: Any, server: Any, bots: Any, tmp_path: Path, size: str) -> None:
    phone = size == "phone"
    ctx = browser.new_context(viewport=SIZES[size], base_url=server.url, locale="en-US",
                              is_mobile=phone, has_touch=phone)
    try:
        page = ctx.new_page()
        page.set_default_timeout(15_000)
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        frames = Frames(page)
        sign_up(page, new_name(f"chips{size}"))
        join_from_lobby(page, TABLE)
        bots.start(server.url, 8, table=TABLE, log=tmp_path / "bots.log", think=0.2)
        deadline = time.monotonic() + 120
        view = None
        while time.monotonic() < deadline:
            view = frames.latest_view(TABLE)
            seated = [s for s in (view or {}).get("seats", []) if s.get("name")]
            if view and len(seated) == 9 and view.get("hand"):
                break
            page.wait_for_timeout(200)
        assert view and len([s for s in view["seats"] if s.get("name")]) == 9, \
            "the table never filled"
        # The live felt, sampled while hands are played (blinds, calls, raises).
        sampled = 0
        deadline = time.monotonic() + 60
        while sampled < 15 and time.monotonic() < deadline:
            out = page.evaluate(LIVE)
            if out and out["connected"] and out["bets"] and out["sized"]:
                assert out["seats"] == 9, out
                assert not out["hits"], f"{size}, live: {out['hits']}"
                sampled += 1
            page.wait_for_timeout(300)
        assert sampled, "no bet was ever on the felt"
        # The worst pictures: every seat betting, nine and ten seats.
        view = frames.latest_view(TABLE)
        for ten in (False, True):
            out = page.evaluate(WORST, [view, ten])
            assert out["connected"], out
            assert out["bets"] == (10 if ten else 9) and out["sized"], out
            assert not out["hits"], f"{size}, {'ten' if ten else 'nine'} seats: {out['hits']}"
        assert not errors, errors
    finally:
        ctx.close()
