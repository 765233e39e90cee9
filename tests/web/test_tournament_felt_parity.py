"""The tournament table shows what the cash table shows (issue 13): the player's own hand in
words under their cards (the server's parts of their own cards, worded in the page's
language); each seat's last action on the street ("Check", "Call 40"), gone when the street
changes; the "Bot" badge on the bot's seat only. Played in Chromium against a real server: two players in English and German and
a bot (a real WebSocket client) at a three-seat sit & go; the players check or call."""

from __future__ import annotations

import asyncio
import re
import threading
import time
from pathlib import Path
from typing import Any

from liveserver import SERVER_SETTINGS, LiveServer
from playwright.sync_api import expect
from tests.tournament_rooms import sit_and_go_room
from webtest_helpers import PASSWORD, Frames, new_name

from pokerroom.bots.secret import read_bot_secret
from pokerroom.bots.tournament_client import TournamentBot

ROOM = sit_and_go_room("parity test", tid="trio", title="Three", seats=3, entrants=3)
TID = "trio-1"
# The first words of each hand category, in English and in German (web/i18n).
WORDS = {
    "HIGH_CARD": ("High Card", "Höchste Karte"), "PAIR": ("Pair of", "Ein Paar"),
    "TWO_PAIR": ("Two Pair", "Zwei Paare"), "THREE_OF_A_KIND": ("Three of a Kind", "Drilling"),
    "STRAIGHT": ("Straight", "Straße"), "FLUSH": ("Flush", "Flush"),
    "FULL_HOUSE": ("Full House", "Full House"), "FOUR_OF_A_KIND": ("Four of a Kind", "Vierling"),
    "STRAIGHT_FLUSH": ("", ""),  # "Straight Flush" or "Royal Flush"
}  # fmt: skip


def table_of(frames: Frames, tid: str = TID) -> dict[str, Any] | None:
    """The page's latest tournament picture's table."""
    for m in reversed(frames.messages("tournament")):
        if m.get("tournament") == tid:
            return m["view"]["table"]  # type: ignore[no-any-return]
    return None


class BotThread:
    """A tournament bot (a real WebSocket client, its account marked a bot's) in a thread."""

    def __init__(self, url: str, db_url: str, names: tuple[str, ...] = ("bot-parity",),
                 tid: str = TID) -> None:
        self.url, self.db_url, self.names, self.tid = url, db_url, names, tid
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.task: asyncio.Task[Any] | None = None

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)  # (Playwright's own loop runs in the test's thread)
        secret = self.loop.run_until_complete(read_bot_secret(self.db_url))
        bots = [TournamentBot(self.url, name, self.tid, seed=7 + i, secret=secret, think_s=0.6)
                for i, name in enumerate(self.names)]  # fmt: skip
        async def play() -> None:
            await asyncio.gather(*(b.run(give_up_s=300) for b in bots))

        self.task = self.loop.create_task(play())
        try:
            self.loop.run_until_complete(self.task)
        except BaseException:  # noqa: BLE001 - cancelled at the test's end
            pass

    def start(self) -> None:
        self.thread.start()

    def stop(self) -> None:
        if self.task is not None:
            self.loop.call_soon_threadsafe(self.task.cancel)
        self.thread.join(timeout=10)


def sign_up_and_register(page: Any, german: bool, prefix: str, tid: str = TID) -> str:
    name = new_name(prefix)
    page.goto("/")
    page.get_by_label("Benutzername" if german else "Username").fill(name)
    page.get_by_label("Passwort" if german else "Password").fill(PASSWORD)
    page.get_by_role("button", name="Registrieren" if german else "Sign up").click()
    expect(page.get_by_test_id("balance")).to_be_visible()
    page.goto("/#/tournaments")
    page.locator(f"tr[data-tournament='{tid}'] button.btn-primary").click()
    return name


def uncovered(page: Any, locator: Any) -> bool:
    """Is the middle of the element the topmost thing there (scrolled into view first)?
    One evaluation does both: the felt is drawn anew at every picture, so an element found
    by one call may be gone by the next ('not attached to the DOM')."""
    return bool(locator.evaluate(
        "(el) => { el.scrollIntoView({block: 'nearest'}); const r = el.getBoundingClientRect();"
        " const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);"
        " return top === el || el.contains(top); }"))


def act_until(pages: list[Any], frames: list[Frames], done: Any, timeout_s: float = 60,
              tid: str = TID) -> None:
    """Each page checks or calls whenever it is asked, until `done()` (asked again before
    each click: a page's next decision may come as another page's answer ends the street)."""
    deadline = time.monotonic() + timeout_s
    answered: set[tuple[int, int, int]] = set()
    while not done():
        assert time.monotonic() < deadline, "the hand never got there"
        for i, (page, f) in enumerate(zip(pages, frames, strict=True)):
            table = table_of(f, tid)
            legal = table and table.get("legal")
            if not legal or legal.get("after_hand") or (i, legal["hand"], legal["action_no"]) in answered:
                continue
            button = page.get_by_test_id("tournament-actions").locator("button[data-key='c']")
            if done():
                return
            if button.count():
                button.first.click()
                answered.add((i, legal["hand"], legal["action_no"]))
        pages[0].wait_for_timeout(100)


BOT_TITLE = ("A bot: this seat is played by the room's software",
             "Ein Bot: Dieser Platz wird von der Software des Pokerraums gespielt")
# A check or a call on a seat's box, in English and in German (web/i18n last.*).
LABEL = (re.compile(r"^(Check|Call \d[\d,]*)$"), re.compile(r"^(Check|Mitgehen \d[\d.]*)$"))


def street_of(frames: Frames) -> tuple[int, str] | None:
    table = table_of(frames)
    if not table or not table.get("hand") or table["hand"]["is_over"]:
        return None
    return table["hand_number"], table["hand"]["street"]


def test_the_tournament_felt_words_the_own_hand_and_names_the_last_actions(browser: Any, tmp_path: Path) -> None:
    room = tmp_path / "room.toml"
    room.write_text(ROOM)
    settings = {**SERVER_SETTINGS, "tournament_between_hands_seconds": 3.0}
    server = LiveServer(tmp_path / "room.db", **settings, room_path=room).start()
    contexts = [browser.new_context(viewport={"width": 1280, "height": 860}, base_url=server.url,
                                    locale=lang)
                for lang in ("en-US", "de-DE")]  # fmt: skip
    pages = [ctx.new_page() for ctx in contexts]
    frames = [Frames(p) for p in pages]
    errors: list[str] = []
    bot = None
    try:
        names = []
        for i, page in enumerate(pages):
            page.set_default_timeout(15_000)
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            names.append(sign_up_and_register(page, i == 1, f"par{i}"))
        bot = BotThread(server.url, server.db_url)
        bot.start()
        for page in pages:
            felt = page.get_by_test_id("tournament-felt")
            expect(felt.locator(".seat")).to_have_count(3, timeout=30_000)
            expect(felt.get_by_test_id("my-cards").locator(".card")).to_have_count(2)
            # Before the flop no five cards make a hand: nothing is worded.
            expect(felt.get_by_test_id("my-hand")).to_have_count(0)
        for i, page in enumerate(pages):  # the bot's seat carries the badge, no player's does
            felt = page.get_by_test_id("tournament-felt")
            badge = felt.locator(".seat[data-name='bot-parity']").get_by_test_id("bot-badge")
            expect(badge).to_have_text("Bot")
            expect(badge).to_have_attribute("title", BOT_TITLE[i])
            expect(felt.get_by_test_id("bot-badge")).to_have_count(1)

        def flop() -> bool:
            return all((t := table_of(f)) and t.get("own_hand") for f in frames)

        act_until(pages, frames, flop)
        for i, (page, f) in enumerate(zip(pages, frames, strict=True)):
            table = table_of(f)
            assert table is not None
            parts = table["own_hand"]
            felt = page.get_by_test_id("tournament-felt")
            mine = felt.locator(".seat.is-you").get_by_test_id("my-hand")
            expect(mine).to_have_count(1)
            words = page.evaluate(
                "async (p) => (await import('/js/fmt.js')).handWords(p)", parts)
            assert words and words.startswith(WORDS[parts["category"]][i]), (words, parts)
            expect(mine).to_have_text(words)
            # ... and readable: nothing (the action bar below the felt) lies over the words.
            assert uncovered(page, mine), "the hand's words are hidden under something"
            # Only the viewer's own hand is worded: no other seat carries words.
            expect(felt.get_by_test_id("my-hand")).to_have_count(1)
            # Hidden cards stay hidden: the picture shows no other seat's cards.
            seats = table["hand"]["seats"]
            assert all(c is None for s in seats if s["seat"] != table["seat"] for c in s["cards"])
        # On the flop the first player asked checks or calls: the other player's felt names
        # it on that seat, in its own language, as the cash felt does.
        here = street_of(frames[0])
        assert here is not None and here[1] == "FLOP"
        deadline = time.monotonic() + 30
        actor = None
        while actor is None:
            assert time.monotonic() < deadline, "no player was asked on the flop"
            for i, f in enumerate(frames):
                table = table_of(f)
                legal = table and table.get("legal")
                if legal and not legal.get("after_hand") and street_of(f) == here:
                    actor = i
            pages[0].wait_for_timeout(100)
        bar = pages[actor].get_by_test_id("tournament-actions")
        bar.locator("button[data-key='c']").first.click()
        other = 1 - actor
        status = pages[other].locator(f".seat[data-name='{names[actor]}'] .seat-status")
        expect(status).to_have_text(LABEL[other])
        mine = pages[actor].locator(".seat.is-you .seat-status")
        expect(mine).to_have_text(LABEL[actor])
        # Then both play on until the street changes: the flop's labels are gone.
        act_until(pages, frames, lambda: any(street_of(f) != here for f in frames))
        now = table_of(frames[other])
        assert now is not None
        seat = next(s["seat"] for s in now["seats"] if s and s["name"] == names[actor])
        if all(a["seat"] != seat for a in now["last_actions"]):  # (unless it acted again)
            expect(status).not_to_have_text(LABEL[other])
        assert not [m for f in frames for m in f.errors()], [m for f in frames for m in f.errors()]
        assert errors == []
    finally:
        if bot is not None:
            bot.stop()
        for ctx in contexts:
            ctx.close()
        server.stop()


MOVING = sit_and_go_room("moving test", tid="four", title="Four", seats=3, entrants=4,
                         starting_chips=100, blinds=(25, 50))


def test_R_TOURN_9_a_moved_player_sees_the_hand_just_over_before_the_new_table(
    browser: Any, tmp_path: Path
) -> None:
    """Four players on two tables of a three-seat sit & go (two in English and German, two
    bots), short stacks: at the first bust the final table is drawn and everyone moves
    (R-TOURN-9). A moved player's felt keeps the hand they just played there, with its
    result (winner, amount) as the cash table shows a hand_result, and says where they go,
    until their new table deals."""
    room = tmp_path / "room.toml"
    room.write_text(MOVING)
    settings = {**SERVER_SETTINGS, "tournament_between_hands_seconds": 4.0}
    server = LiveServer(tmp_path / "room.db", **settings, room_path=room).start()
    contexts = [browser.new_context(viewport={"width": 1280, "height": 860}, base_url=server.url,
                                    locale=lang)
                for lang in ("en-US", "de-DE")]  # fmt: skip
    pages = [ctx.new_page() for ctx in contexts]
    frames = [Frames(p) for p in pages]
    errors: list[str] = []
    bot = None
    tid = "four-1"
    moved_words = (re.compile(r"You move to table \d"), re.compile(r"Du wechselst an Tisch \d"))
    # a player of the table the final table is drawn at gets a new seat there, not a move
    same_words = (re.compile(r"You take a new seat at table \d"),
                  re.compile(r"Du bekommst einen neuen Platz an Tisch \d"))
    try:
        for i, page in enumerate(pages):
            page.set_default_timeout(15_000)
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            sign_up_and_register(page, i == 1, f"mov{i}", tid)
        bot = BotThread(server.url, server.db_url, ("bot-mov0", "bot-mov1"), tid)
        bot.start()

        def moved() -> int | None:
            return next((i for i, f in enumerate(frames)
                         if (t := table_of(f, tid)) and t.get("previous")), None)  # fmt: skip

        act_until(pages, frames, lambda: moved() is not None, timeout_s=150, tid=tid)
        i = moved()
        assert i is not None
        page, table = pages[i], table_of(frames[i], tid)
        assert table is not None
        previous = table["previous"]
        felt = page.get_by_test_id("tournament-felt")
        # The hand just over at the table left: its number, its players, its result.
        words = same_words if previous["number"] == table["number"] else moved_words
        expect(felt.get_by_test_id("moved-to")).to_have_text(words[i])
        expect(felt.get_by_test_id("moved-to")).to_contain_text(str(table["number"]))
        result = felt.get_by_test_id("result")
        expect(result).to_be_visible()
        winners = previous["result"]["winners"]
        assert winners
        for w in winners:
            expect(result).to_contain_text(w["name"])
            expect(felt.locator(f".seat[data-seat='{w['seat']}']").get_by_test_id("winner")
                   ).to_contain_text(str(w["amount"]))
        players = sum(1 for s in previous["seats"] if s)
        expect(felt.locator(".seat:not(.seat-empty)")).to_have_count(players)
        expect(felt.locator(".seat.is-you")).to_have_count(1)
        # Then the new table deals: its hand replaces the old one.
        expect(felt.get_by_test_id("moved-to")).to_have_count(0, timeout=30_000)
        expect(felt.get_by_test_id("result")).to_have_count(0)
        expect(felt).to_contain_text(str(table["number"]))
        assert not [m for f in frames for m in f.errors()], [m for f in frames for m in f.errors()]
        assert errors == []
    finally:
        if bot is not None:
            bot.stop()
        for ctx in contexts:
            ctx.close()
        server.stop()
