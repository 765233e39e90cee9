"""`pokerroom replay PATH`: replay stored hand records and show them.

PATH holds records as the storage layer writes them (`pokerroom.storage.records`, one JSON
document per line, or one document). Each record is replayed through the engine
(`pokerroom.core.rules.replay`) and printed as a summary (final stacks and pots), the event
list, a PokerStars hand history (`--format pokerstars`, as `--viewer` may see it) or PHH.
"""

from __future__ import annotations

import datetime
from decimal import Decimal
from pathlib import Path

import typer

FORMATS = ("summary", "events", "pokerstars", "phh")


def _read_records(path: Path) -> list[object]:
    from pokerroom.storage.records import decode_record

    text = path.read_text(encoding="utf-8").strip()
    if not text:
        return []
    try:
        return [decode_record(text)]
    except ValueError:
        return [decode_record(line) for line in text.splitlines() if line.strip()]


def register(app: typer.Typer) -> None:
    @app.command("replay")
    def replay_command(
        path: Path = typer.Argument(..., help="a file of stored hand records (JSON, one per line)"),
        output_format: str = typer.Option("summary", "--format", help="summary, events, pokerstars or phh"),
        viewer: int | None = typer.Option(None, "--viewer", help="seat whose hidden cards to show (pokerstars)"),
        currency: str = typer.Option("USD", "--currency", help="USD, EUR, GBP or empty for chips"),
        chip_value: str = typer.Option("0.01", "--chip-value", help="currency value of one chip"),
    ) -> None:
        """Replay stored hand records through the engine and print them."""
        from pokerroom.core.rules import HandRecord, replay
        from pokerroom.history import phh
        from pokerroom.history.phh_export import to_phh
        from pokerroom.history.pokerstars import HandContext, export_hands

        if output_format not in FORMATS:
            raise typer.BadParameter(f"--format must be one of {', '.join(FORMATS)}")
        try:
            records = _read_records(path)
        except (OSError, ValueError) as exc:
            typer.echo(f"{path}: {exc}", err=True)
            raise typer.Exit(2) from None
        hands = []
        for number, record in enumerate(records, start=1):
            if not isinstance(record, HandRecord):
                typer.echo(f"{path}: record {number} is not a poker hand record", err=True)
                raise typer.Exit(2)
            hands.append(replay(record))
        if output_format == "pokerstars":
            items = []
            for number, hand in enumerate(hands, start=1):
                names = {s.seat: s.name or f"Seat {s.seat + 1}" for s in hand.record.seats}
                items.append((hand, HandContext(
                    table_name=path.stem, max_seats=max(10 if not hand.record.config.game.is_stud
                                                        else 8, len(names)),
                    names=names, hand_id=number, currency=currency,
                    chip_value=Decimal(chip_value) if currency else Decimal(1),
                    started_at=datetime.datetime.now(datetime.UTC))))
            typer.echo(export_hands(items, viewer=viewer, bom=False), nl=False)
            return
        if output_format == "phh":
            from pokerroom.history.phh_export import PhhExportError

            try:
                written = [to_phh(h) for h in hands]
            except PhhExportError as exc:
                typer.echo(f"{path}: {exc}", err=True)
                raise typer.Exit(3) from None
            typer.echo(phh.dumps(written[0]) if len(written) == 1 else phh.dumps_all(written),
                       nl=False)
            return
        for number, hand in enumerate(hands, start=1):
            if output_format == "events":
                for event in hand.events:
                    typer.echo(repr(event))
                continue
            result = hand.result
            stacks = ", ".join(f"seat {s}: {a}" for s, a in result.stacks)
            typer.echo(f"hand {number}: {len(hand.record.actions)} actions; stacks {stacks}; "
                       f"rake {result.rake}")
            for index, pot in enumerate(result.pots):
                winners = ", ".join(f"seat {s} +{a}" for s, a in pot.winners)
                typer.echo(f"  pot {index}: {pot.amount} to {winners}")
