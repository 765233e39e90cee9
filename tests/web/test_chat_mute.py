"""A player mutes another's chat at a table: that player's lines vanish from this page (and
stay gone after a reload, and for lines said later), the page says who is muted, and Unmute
brings every line back. Nobody else is affected: the muted player is a real second account
talking over its own WebSocket."""

from __future__ import annotations

import json
import time
from typing import Any

import httpx
from playwright.sync_api import expect
from websockets.sync.client import connect
from webtest_helpers import PASSWORD, new_name, sign_up


def say(ws: Any, table: str, text: str) -> None:
    ws.send(json.dumps({"type": "chat", "table": table, "text": text}))
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:  # the table's echo: the line was said
        message = json.loads(ws.recv(timeout=10))
        if message.get("type") == "chat" and message.get("text") == text:
            return
    raise AssertionError(f"the line {text!r} was never said")


def test_a_muted_players_lines_are_hidden_until_unmuted(page: Any, server: Any) -> None:
    table = server.table("poker", "no-limit")["id"]
    me = new_name("ear")
    sign_up(page, me)
    page.goto(f"/#/table/{table}")
    chat = page.get_by_test_id("chat")
    loud = new_name("loud")
    token = httpx.post(f"{server.url}/api/auth/register", timeout=30,
                       json={"username": loud, "password": PASSWORD}).json()["token"]
    ws_url = server.url.replace("http", "ws", 1) + "/ws"
    with connect(ws_url, additional_headers={"Authorization": f"Bearer {token}"}) as ws:
        ws.send(json.dumps({"type": "hello"}))
        ws.send(json.dumps({"type": "observe", "table": table}))
        say(ws, table, "first line")
        expect(chat).to_contain_text(f"{loud}: first line")

        chat.get_by_role("button", name=f"Mute {loud}").click()
        expect(chat).not_to_contain_text("first line")
        expect(page.get_by_test_id("chat-muted")).to_have_text(f"{loud} is muted. Unmute")

        say(ws, table, "second line")  # said after the mute, and after a reload: still hidden
        page.reload()
        page.get_by_label("Chat message").fill("back again")  # its echo: the page listens
        page.get_by_role("button", name="Send").click()
        expect(chat).to_contain_text("back again")
        assert chat.get_by_role("button", name=f"Mute {me}").count() == 0  # not oneself
        say(ws, table, "third line")
        expect(page.get_by_test_id("chat-muted")).to_be_visible()
        expect(chat).not_to_contain_text(loud + ":")

        chat.get_by_role("button", name=f"Unmute {loud}").click()
        expect(chat).to_contain_text(f"{loud}: third line")
        expect(page.get_by_test_id("chat-muted")).to_have_count(0)
        assert chat.get_by_role("button", name=f"Mute {loud}").count() >= 1
    assert not page.js_errors, page.js_errors  # type: ignore[attr-defined]
