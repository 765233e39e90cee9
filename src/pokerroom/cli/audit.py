"""`pokerroom audit [--database URL]`: check the ledger and replay every stored hand.

Prints a JSON summary; exits 0 when everything adds up, 1 on any discrepancy, 2 when the
database cannot be opened.
"""

from __future__ import annotations

import asyncio

import typer


def default_replayers() -> dict:  # type: ignore[type-arg]
    """The replay registry: poker and tournament records replay with core.rules.replay."""
    from pokerroom.services.audit import default_replayers as replayers

    return replayers()


async def audit_url(url: str | None) -> tuple[bool, str]:
    from pokerroom.services.audit import run_audit, summary_json
    from pokerroom.services.uth_rounds import uth_replayer
    from pokerroom.storage.database import open_database

    db = await open_database(url)
    try:
        report = await run_audit(db, replayers=default_replayers(), uth_replayer=uth_replayer)
    finally:
        await db.close()
    return report.ok, summary_json(report)


def register(app: typer.Typer) -> None:
    @app.command()
    def audit(
        database: str = typer.Option(
            None, help="Database URL (default: ./pokerroom.db or $POKERROOM_DATABASE)."
        ),
    ) -> None:
        """Check every balance against its entries, deposits - withdrawals, and hand replays."""
        try:
            ok, text = asyncio.run(audit_url(database))
        except Exception as exc:  # the summary must still be JSON for scripts
            typer.echo(f'{{"ok": false, "error": "{type(exc).__name__}: {exc}"}}')
            raise typer.Exit(2) from exc
        typer.echo(text)
        raise typer.Exit(0 if ok else 1)
