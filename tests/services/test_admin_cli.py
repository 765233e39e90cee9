"""`pokerroom admin`: credit and debit are ledger transactions; the commands share the default database."""

from __future__ import annotations

import asyncio
import json

from typer.testing import CliRunner

from pokerroom.cli import app
from pokerroom.services.audit import run_audit
from pokerroom.storage.database import open_database


def test_create_credit_debit_and_audit_in_one_directory(tmp_path, monkeypatch) -> None:
    """No --database anywhere: every command finds ./pokerroom.db in the working directory."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("POKERROOM_DATABASE", raising=False)
    runner = CliRunner()
    made = runner.invoke(
        app, ["admin", "create-account", "Carol", "--password", "correct horse battery"]
    )
    assert made.exit_code == 0, made.output
    assert (tmp_path / "pokerroom.db").exists()
    credit = runner.invoke(app, ["admin", "credit", "carol", "250", "--key", "k1"])
    assert credit.exit_code == 0 and "wallet 10250" in credit.output
    again = runner.invoke(app, ["admin", "credit", "carol", "250", "--key", "k1"])
    assert (
        again.exit_code == 0 and "nothing moved" in again.output and "wallet 10250" in again.output
    )
    debit = runner.invoke(app, ["admin", "debit", "CAROL", "10000"])
    assert debit.exit_code == 0 and "wallet 250" in debit.output
    refused = runner.invoke(app, ["admin", "debit", "carol", "251"])
    assert refused.exit_code == 1 and "insufficient" in refused.output
    unknown = runner.invoke(app, ["admin", "credit", "nobody", "5"])
    assert unknown.exit_code == 1
    shown = runner.invoke(app, ["admin", "balance", "carol"])
    assert "wallet 250" in shown.output
    audit = runner.invoke(app, ["audit"])
    assert audit.exit_code == 0, audit.output
    totals = json.loads(audit.output)["totals"]
    assert totals["deposits"] == 10250 and totals["withdrawals"] == 10000

    async def check() -> None:
        db = await open_database("pokerroom.db")
        report = await run_audit(db)
        await db.close()
        assert report.counts["transactions"] == 3  # signup, credit, debit: the retry moved nothing

    asyncio.run(check())


def test_create_account_bot_asks_for_no_password_and_makes_a_password_less_bot(
        tmp_path, monkeypatch) -> None:
    """`--bot` used to prompt for a password (twice) that a bot never uses: now it asks for
    nothing, and the account is a bot's with no password (the bot secret is its only way in);
    a player's account still asks, hidden and confirmed."""
    from pokerroom.services.accounts import AccountService, BotLoginRefusedError

    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("POKERROOM_DATABASE", raising=False)
    runner = CliRunner()
    # No input at all: a prompt would fail ("Aborted!") on the closed input.
    made = runner.invoke(app, ["admin", "create-account", "bot-7", "--bot"], input="")
    assert made.exit_code == 0, made.output
    assert "Password" not in made.output and "no password" in made.output
    both = runner.invoke(app, ["admin", "create-account", "bot-8", "--bot", "--password",
                               "correct horse battery"])
    assert both.exit_code == 2 and "no password" in both.output
    named = runner.invoke(app, ["admin", "create-account", "Robert", "--bot"], input="")
    assert named.exit_code == 1 and "bot's name" in named.output
    asked = runner.invoke(app, ["admin", "create-account", "Dora"],
                          input="correct horse battery\ncorrect horse battery\n")
    assert asked.exit_code == 0 and "Password" in asked.output, asked.output

    async def check() -> None:
        db = await open_database(f"sqlite+aiosqlite:///{tmp_path / 'pokerroom.db'}")
        try:
            accounts = AccountService(db)
            bot = await accounts.find("bot-7")
            assert bot is not None and bot.is_bot
            assert await accounts.find("Robert") is None
            dora = await accounts.find("Dora")
            assert dora is not None and not dora.is_bot
            for guess in ("", "correct horse battery", "!bot"):
                try:
                    await accounts.login("bot-7", guess or "x", ip="127.0.0.1")
                except BotLoginRefusedError:
                    pass
                else:
                    raise AssertionError("a bot account opened with a password")
        finally:
            await db.close()

    asyncio.run(check())
