"""Bots nobody else can log into (issue 12, item 7).

Each deployment generates its own bot secret on first start and keeps it in its database;
bots log in only with it (`POST /api/auth/bot`), their accounts are marked as bots, the public
login refuses them whatever the password, and the bot prefix is reserved at public sign-up.
The fixed password that every bot had before is retired by the migration.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import httpx
from roomharness import PASSWORD, make_settings, start_server, stop_server

from pokerroom.bots.client import Bot
from pokerroom.bots.secret import read_bot_secret
from pokerroom.services.accounts import AccountService, is_bot_name
from pokerroom.storage.database import open_database

RETIRED_PASSWORD = "bot-password-7f3c9a"  # in bots/client.py until issue 12's item 7


async def test_each_deployment_makes_its_own_bot_secret_and_keeps_it(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    one = await start_server(make_settings(tmp_path / "a"))
    first = one.app.state.room.bot_secret
    await stop_server(one)
    again = await start_server(one.settings)
    assert again.app.state.room.bot_secret == first  # kept with the room's data
    await stop_server(again)
    (tmp_path / "b").mkdir()
    other = await start_server(make_settings(tmp_path / "b"))
    assert other.app.state.room.bot_secret != first  # never one for all rooms
    await stop_server(other)
    assert len(first) >= 40
    assert await read_bot_secret(one.settings.database_url) == first
    # and nowhere in the code
    src = Path(__file__).resolve().parents[2] / "src"
    assert not any(first in p.read_text(errors="ignore") for p in src.rglob("*.py"))


async def test_a_bot_logs_in_with_the_secret_only_and_is_marked_a_bot(tmp_path: Path) -> None:
    running = await start_server(make_settings(tmp_path))
    secret = running.app.state.room.bot_secret
    try:
        async with running.http() as http:
            r = await http.post("/api/auth/bot", json={"username": "bot07", "secret": "nope"})
            assert r.status_code == 401 and r.json()["detail"]["code"] == "bad_credentials"
            r = await http.post("/api/auth/bot", json={"username": "bot07", "secret": secret})
            assert r.status_code == 200, r.text
            token = r.json()["token"]
            assert (await http.get("/api/auth/me", headers={
                "Authorization": f"Bearer {token}"})).json()["account"]["username"] == "bot07"
            info = await running.app.state.room.accounts.find("bot07")
            assert info is not None and info.is_bot
            # The public login refuses a bot, with any password (it has none) ...
            for password in (RETIRED_PASSWORD, secret, PASSWORD):
                r = await http.post("/api/auth/login",
                                    json={"username": "bot07", "password": password})
                assert r.status_code == 403, r.text
                assert r.json()["detail"]["code"] == "bot_account"
            # ... and the bot path opens no player's account, nor a name without the prefix.
            assert (await http.post("/api/auth/register", json={
                "username": "alice", "password": PASSWORD})).status_code == 201
            r = await http.post("/api/auth/bot", json={"username": "alice", "secret": secret})
            assert r.status_code == 409 and r.json()["detail"]["code"] == "name_taken"
            r = await http.post("/api/auth/bot", json={"username": "helper9", "secret": secret})
            assert r.status_code == 422 and r.json()["detail"]["code"] == "bad_username"
            assert await running.app.state.room.accounts.find("helper9") is None
        # The bot client logs in this way and plays as the same account again.
        bot = Bot(running.base, "bot07", secret=secret)
        await bot.login()
        assert bot.token is not None
    finally:
        await stop_server(running)


async def test_wrong_bot_secrets_are_throttled_per_address(tmp_path: Path) -> None:
    running = await start_server(make_settings(tmp_path))
    try:
        async with running.http() as http:
            codes = [(await http.post("/api/auth/bot", json={
                "username": "bot01", "secret": f"guess{i}"})).status_code for i in range(12)]
            assert codes[:10] == [401] * 10 and codes[10:] == [429, 429]
            # even the right secret waits now: guessing stays bounded
            r = await http.post("/api/auth/bot", json={
                "username": "bot01", "secret": running.app.state.room.bot_secret})
            assert r.status_code == 429
    finally:
        await stop_server(running)


async def test_the_bot_prefix_is_reserved_at_public_sign_up(tmp_path: Path) -> None:
    running = await start_server(make_settings(tmp_path))
    try:
        async with running.http() as http:
            for name in ("bot01", "Bot_x", "BOT", "bot-sng0", "bot.7"):
                assert is_bot_name(name)
                r = await http.post("/api/auth/register",
                                    json={"username": name, "password": PASSWORD})
                assert r.status_code == 422, (name, r.text)
                assert r.json()["detail"]["code"] == "bad_username"
                assert "reserved" in r.json()["detail"]["reason"]
            for name in ("Bottle", "botond", "abot1"):  # the prefix is "bot" then a non-letter
                assert not is_bot_name(name)
                r = await http.post("/api/auth/register",
                                    json={"username": name, "password": PASSWORD})
                assert r.status_code == 201, (name, r.text)
    finally:
        await stop_server(running)


async def test_the_migration_retires_the_old_fixed_bot_password(tmp_path: Path) -> None:
    """A room that ran before: its bots had the public fixed password. After the upgrade they
    are bot accounts with no password, and that password opens nothing."""
    from alembic import command
    from argon2 import PasswordHasher

    from pokerroom.storage.database import Database
    from pokerroom.storage.migrate import alembic_config

    path = tmp_path / "old.db"
    url = f"sqlite+aiosqlite:///{path}"
    db = Database(url)
    async with db.engine.begin() as conn:
        await conn.run_sync(lambda c: command.upgrade(alembic_config(c), "0006"))
    await db.close()
    hasher = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)
    with sqlite3.connect(path) as raw:
        for name, password in (("bot01", RETIRED_PASSWORD), ("sngbot2", RETIRED_PASSWORD),
                               ("botfan", PASSWORD)):
            raw.execute("INSERT INTO accounts (name, name_key, password_hash, is_bot, is_admin, "
                        "created_ms) VALUES (?, ?, ?, 0, 0, 0)",
                        (name, name, hasher.hash(password)))
    db = await open_database(url)  # to head
    try:
        accounts = AccountService(db)
        for name in ("bot01", "sngbot2"):
            info = await accounts.find(name)
            assert info is not None and info.is_bot
        fan = await accounts.find("botfan")  # a player whose password was never the bots'
        assert fan is not None and not fan.is_bot
    finally:
        await db.close()
    settings = make_settings(tmp_path, database_url=url)
    running = await start_server(settings)
    try:
        async with httpx.AsyncClient(base_url=running.base, timeout=10) as http:
            r = await http.post("/api/auth/login",
                                json={"username": "bot01", "password": RETIRED_PASSWORD})
            assert r.status_code == 403 and r.json()["detail"]["code"] == "bot_account"
            r = await http.post("/api/auth/bot", json={
                "username": "sngbot2", "secret": running.app.state.room.bot_secret})
            assert r.status_code == 200  # an old bot carries on, with the secret
    finally:
        await stop_server(running)
