"""`pokerroom bots`: run N bot players against a running room, over its WebSocket."""

from __future__ import annotations

import asyncio
import contextlib

import typer


def register(app: typer.Typer) -> None:
    @app.command()
    def bots(
        url: list[str] = typer.Option(
            ["http://127.0.0.1:8000"], help="The room's address; repeat it for several nodes "
            "of one room: a bot whose node fails goes on at the next one, at the same seat."),
        count: int = typer.Option(6, help="How many bots."),
        hands: int = typer.Option(None, help="Stop after this many hands each (default: never)."),
        table: str = typer.Option(None, help="Table id to sit at (default: spread over tables)."),
        think: float = typer.Option(0.8, help="Mean seconds a bot thinks before acting."),
        tournament: str = typer.Option(
            None, help="Tournament id (e.g. hourly-1): the bots register and play it to the end."
        ),
        database: str = typer.Option(
            None, help="The room's database, to read its bot secret from (default: "
            "./pokerroom.db or $POKERROOM_DATABASE; $POKERROOM_BOT_SECRET wins when set)."),
    ) -> None:
        """Bots that log in with the room's bot secret, sit down, play, and reconnect after a
        restart."""
        from rich.console import Console

        from pokerroom.bots.secret import NoBotSecretError, load_bot_secret

        try:
            secret = asyncio.run(load_bot_secret(database))
        except NoBotSecretError as exc:
            typer.echo(f"pokerroom bots: {exc}", err=True)
            raise typer.Exit(2) from None

        if tournament is not None:
            from pokerroom.bots.tournament_client import run_tournament_bots

            done = asyncio.run(run_tournament_bots(url[0], tournament, count, secret=secret))
            for bot in done:
                you = (bot.last or {}).get("you") or {}
                typer.echo(f"{bot.account.name}: place {you.get('place')}, prize "
                           f"{you.get('prize')}, {bot.actions} actions, {bot.reconnects} reconnects")
            return

        from pokerroom.bots.runner import run_bots

        console = Console()
        think_s = (think * 0.5, think * 1.5) if think > 0 else (0.0, 0.0)
        with contextlib.suppress(KeyboardInterrupt):
            with console.status(f"{count} bots playing at {', '.join(url)} ..."):
                stats = asyncio.run(run_bots(url[0], count=count, hands=hands, table=table,
                                             think_s=think_s, more_urls=url[1:],
                                             secret=secret))
            for i, s in enumerate(stats):
                console.print(f"bot{i + 1:02d}: {s.hands} hands, {s.actions} actions, "
                              f"{s.refusals} refusals, {s.reconnects} reconnects")
