"""A sound when it is your turn, and a mute switch in the header that silences it (and is
kept in this browser). The page's WebAudio notes are recorded as they start."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import expect
from webtest_helpers import (
    Frames,
    check_or_call,
    join_from_lobby,
    new_name,
    sign_up,
    wait_decision_taken,
    wait_for_decision,
)

RECORD = """
window.__notes = [];
const Ctx = window.AudioContext || window.webkitAudioContext;
if (Ctx) {
  const make = Ctx.prototype.createOscillator;
  Ctx.prototype.createOscillator = function () {
    const osc = make.call(this);
    const start = osc.start.bind(osc);
    osc.start = (...args) => { window.__notes.push(osc.frequency.value); return start(...args); };
    return osc;
  };
}
"""


def test_a_note_on_your_turn_and_none_when_muted(page: Any, server: Any, bots: Any,
                                                 tmp_path: Path) -> None:
    page.add_init_script(RECORD)
    table = server.table("poker", "no-limit")["id"]
    frames = Frames(page)
    sign_up(page, new_name("ears"))
    join_from_lobby(page, table)
    bots.start(server.url, 2, table=table, log=tmp_path / "bots.log", think=0.3)
    legal = wait_for_decision(page, frames, table)
    assert legal is not None
    page.wait_for_function("window.__notes.length > 0")
    assert 880 in page.evaluate("window.__notes"), "no turn note"
    # Mute: the switch says so, and the next turn is silent.
    mute = page.locator("#mute")
    mute.click()
    expect(mute).to_have_attribute("aria-pressed", "true")
    heard = len(page.evaluate("window.__notes"))
    check_or_call(page)
    wait_decision_taken(page, frames, table, legal)
    nxt = wait_for_decision(page, frames, table)
    assert nxt is not None
    page.wait_for_timeout(500)
    assert len(page.evaluate("window.__notes")) == heard, "a note while muted"
    assert page.evaluate("localStorage.getItem('pokerroom.muted')") == "1"
    assert not page.js_errors  # type: ignore[attr-defined]


def test_the_mute_switch_draws_its_speaker_without_an_emoji_font(page: Any,
                                                                  server: Any) -> None:
    """The mute switch is an inline picture (a speaker, waves or a cross), not an emoji:
    Debian's headless Chromium has no emoji font and drew an empty box."""
    page.goto("/")
    mute = page.locator("#mute")
    for pressed, icon in (("false", "sound-on-icon"), ("true", "sound-off-icon")):
        expect(mute).to_have_attribute("aria-pressed", pressed)
        drawn = mute.locator("svg")
        expect(drawn).to_have_count(1)
        expect(drawn).to_have_attribute("data-testid", icon)
        box = drawn.bounding_box()
        assert box is not None and box["width"] >= 12 and box["height"] >= 12, box
        assert mute.inner_text().strip() == "", mute.inner_text()  # no character to draw
        mute.click()
    expect(mute).to_have_attribute("aria-label", "Mute sounds")
    assert not page.js_errors  # type: ignore[attr-defined]
