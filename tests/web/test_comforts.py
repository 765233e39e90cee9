"""The comforts players expect at a no-limit table, with real bots: presets whose amounts are
inside the server's legal range, a double click that sends one action, a pre-action ticked
before one's turn and played when the turn comes, and a confirm before leaving mid-hand."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect
from webtest_helpers import (
    HAND_TIMEOUT_S,
    Frames,
    check_or_call,
    join_from_lobby,
    money_int,
    new_name,
    sign_up,
    wait_decision_taken,
    wait_for_decision,
)


def sent_messages(frames: Frames, kind: str, start: int = 0) -> list[dict[str, Any]]:
    """The messages of type `kind` this page sent, from frame `start` on."""
    out = []
    for raw in list(frames.sent)[start:]:
        try:
            msg = json.loads(raw)
        except ValueError:
            continue
        if msg.get("type") == kind:
            out.append(msg)
    return out


def acts_for(frames: Frames, legal: dict[str, Any]) -> list[dict[str, Any]]:
    return [m for m in sent_messages(frames, "act")
            if (m.get("hand"), m.get("action_no")) == (legal["hand"], legal["action_no"])]


def offered(frames: Frames, table: str, hand: int, action_no: int) -> dict[str, Any]:
    """The decision (`legal`) the server offered this page at that hand's action."""
    for msg in frames.messages():
        legal = (msg.get("view") or {}).get("legal") if msg.get("table") == table else None
        if legal and (legal["hand"], legal["action_no"]) == (hand, action_no):
            return dict(legal)
    raise AssertionError(f"no decision offered at hand {hand}, action {action_no}")


def test_presets_double_click_pre_actions_and_leave_confirm(
    page: Any, server: Any, bots: Any, tmp_path: Path
) -> None:
    table = server.table("poker", "no-limit")["id"]
    frames = Frames(page)
    sign_up(page, new_name("comfy"))
    bots.start(server.url, 2, table=table, log=tmp_path / "bots.log", think=1.0)
    join_from_lobby(page, table)
    bar = page.get_by_test_id("action-bar")

    presets_seen = double_clicked = False
    first_hand_id = None
    deadline = time.monotonic() + 4 * HAND_TIMEOUT_S
    while not (presets_seen and double_clicked) and time.monotonic() < deadline:
        legal = wait_for_decision(page, frames, table, timeout_s=HAND_TIMEOUT_S)
        assert legal is not None
        if first_hand_id is None:
            first_hand_id = (frames.latest_view(table) or {}).get("hand_id")
            assert first_hand_id, "the view names the stored hand"
            expect(page.get_by_test_id("felt")).to_contain_text(f"Hand #{first_hand_id}")
        sizing = legal.get("raise") or legal.get("bet")
        if not presets_seen and sizing and sizing["min"] < sizing["max"]:
            # Every preset the page offers sets an amount inside the server's legal range.
            shortcuts = bar.locator(".shortcuts button")
            assert shortcuts.count() >= 3
            for i in range(shortcuts.count()):
                shortcuts.nth(i).click()
                amount = money_int(bar.get_by_test_id("amount-box").input_value())
                assert sizing["min"] <= amount <= sizing["max"], (shortcuts.nth(i).inner_text(), amount, sizing)
            labels = [shortcuts.nth(i).inner_text() for i in range(shortcuts.count())]
            assert labels[0] == "Min" and labels[-1] in ("All-in", "Max"), labels
            presets_seen = True
        # A double click on Check / Call sends one action only.
        button = bar.get_by_role("button", name="Check") if legal.get("check") else bar.get_by_role("button", name="Call")
        button.first.dblclick()
        wait_decision_taken(page, frames, table, legal)
        assert len(acts_for(frames, legal)) == 1, acts_for(frames, legal)
        double_clicked = True
    assert presets_seen and double_clicked, (presets_seen, double_clicked)

    # Not our turn but in the hand: Check/Fold ticked is played when the turn comes. A new
    # street clears the tick (by design), so it is ticked again whenever the box shows it
    # unticked, until a turn comes while it holds.
    by_hand: set[tuple[int, int]] = set()  # the turns this test played itself
    start = len(frames.sent)
    pre_played: list[dict[str, Any]] = []
    deadline = time.monotonic() + 4 * HAND_TIMEOUT_S
    while not pre_played and time.monotonic() < deadline:
        pre_played = [m for m in sent_messages(frames, "act", start)
                      if (m["hand"], m["action_no"]) not in by_hand]
        if pre_played:
            break
        box = page.get_by_test_id("pre-actions")
        if box.is_visible():
            check_fold = box.get_by_label("Check/Fold")
            try:
                if not check_fold.is_checked():
                    check_fold.check(timeout=2000)
            except PlaywrightError:  # the turn came, or the box was redrawn, under the click
                pass
            page.wait_for_timeout(100)
            continue
        legal = (frames.latest_view(table) or {}).get("legal")
        if not legal or legal.get("after_hand"):
            page.wait_for_timeout(100)
            continue
        for _ in range(30):  # our turn: the page answers it by itself when the tick held
            if acts_for(frames, legal):
                break
            page.wait_for_timeout(100)
        if not acts_for(frames, legal):  # ticked on a street that has ended: play it by hand
            by_hand.add((legal["hand"], legal["action_no"]))
            check_or_call(page)
            wait_decision_taken(page, frames, table, legal)
    assert len(pre_played) == 1, pre_played  # one turn came while the tick held
    act = pre_played[0]
    legal = offered(frames, table, act["hand"], act["action_no"])
    assert act["action"] == ("check" if legal["check"] else "fold"), (act, legal)
    wait_decision_taken(page, frames, table, legal)
    assert not frames.errors(), frames.errors()

    # Leaving while in the hand asks first; "Stay" keeps the seat.
    deadline = time.monotonic() + 2 * HAND_TIMEOUT_S
    while time.monotonic() < deadline:
        mine = page.get_by_test_id("my-cards").locator(".card")
        view = frames.latest_view(table) or {}
        me = next((s for s in view.get("seats", []) if s.get("is_you")), None)
        if view.get("hand") and me and me.get("cards") and me.get("status") == "active" and mine.count():
            break
        page.wait_for_timeout(100)
    asked: list[str] = []

    def stay(dialog: Any) -> None:
        asked.append(dialog.message)
        dialog.dismiss()

    page.once("dialog", stay)
    page.get_by_role("button", name="Leave table").click()
    page.wait_for_timeout(500)
    assert asked and asked[0].startswith("Leave the table?"), asked
    assert page.url.endswith(f"#/table/{table}")
    # The number on the felt is the number in the PokerStars file.
    deadline = time.monotonic() + 2 * HAND_TIMEOUT_S
    download = page.request.get(f"/api/hands/{first_hand_id}/pokerstars")
    while not download.ok and time.monotonic() < deadline:  # 409 while the hand runs
        page.wait_for_timeout(500)
        download = page.request.get(f"/api/hands/{first_hand_id}/pokerstars")
    assert download.ok, download.status
    assert f"PokerStars Hand #{first_hand_id}:" in download.text()
    assert not page.js_errors, page.js_errors  # type: ignore[attr-defined]
