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
