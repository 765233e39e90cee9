"""`pokerroom phh check PATH...`: replay PHH hand histories through our engine.

Prints one JSON line per hand: {"file", "hand", "status": ok|replayed|mismatch|unsupported|
error, "finishing_stacks", "expected", "detail"} and a summary line `N passed, N failed,
N unsupported, N replayed` (ok: verified against the file's finishing_stacks or winnings;
replayed: the file has neither, every action was legal and the hand ended); exits 0 only
when nothing failed (mismatch and error are failures).
`pokerroom phh convert PATH` writes a PHH file (one or many hands) back out, normalised.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator, Sequence
from decimal import Decimal
from pathlib import Path

import typer

from pokerroom.history import phh
from pokerroom.history.phh_replay import CheckResult, check_hand

PHH_SUFFIXES = (".phh", ".phhs")


def iter_phh_files(paths: Sequence[Path]) -> Iterator[Path]:
    for path in paths:
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*") if p.suffix in PHH_SUFFIXES and p.is_file())
        else:
            yield path


def _json_amounts(values: Sequence[int | Decimal] | None) -> list[int | str] | None:
    if values is None:
        return None
    # Whole amounts as JSON integers; others as exact decimal strings (never floats);
    # a stack the file does not know as "inf".
    return [("inf" if phh.is_unknown(v) else int(v) if Decimal(v) == Decimal(v).to_integral_value()
             else str(v)) for v in values]


def check_paths(paths: Sequence[Path]) -> Iterator[tuple[str, str, CheckResult, str]]:
    """(file, hand label, result, variant) for every hand of every file."""
    for path in iter_phh_files(paths):
        try:
            hands = phh.loads_all(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, phh.PhhFormatError) as exc:
            yield str(path), "", CheckResult(status="error", detail=str(exc)), "?"
            continue
        for index, hand in enumerate(hands):
            label = hand.label if hand.label is not None else (
                str(hand.hand) if hand.hand is not None else str(index + 1))
            try:
                result = check_hand(hand)
            except Exception as exc:  # a bug must not hide the other hands
                result = CheckResult(status="error", detail=f"{type(exc).__name__}: {exc}")
            yield str(path), label, result, hand.variant


def summary(counts: Counter[str]) -> str:
    """`N passed, N failed, N unsupported, N replayed`: passed = verified against the file's
    finishing_stacks or winnings; replayed = nothing to verify against but the replay itself."""
    failed = counts["mismatch"] + counts["error"]
    return (f"{counts['ok']} passed, {failed} failed, {counts['unsupported']} unsupported,"
            f" {counts['replayed']} replayed")


def register(app: typer.Typer) -> None:
    phh_app = typer.Typer(help="PHH hand histories: check against our engine, convert.",
                          no_args_is_help=True)

    @phh_app.command("check")
    def check(
        paths: list[Path] = typer.Argument(..., help="PHH files or folders (searched for *.phh, *.phhs)"),
        by_variant: bool = typer.Option(False, "--by-variant", help="also print counts per variant"),
    ) -> None:
        """Replay every hand; verify it against its finishing_stacks, else its winnings."""
        counts: Counter[str] = Counter()
        per_variant: dict[str, Counter[str]] = {}
        for file, label, result, variant in check_paths(paths):
            line = {
                "file": file,
                "hand": label,
                "status": result.status,
                "finishing_stacks": _json_amounts(result.finishing_stacks),
                "expected": _json_amounts(result.expected),
                "detail": result.detail,
            }
            typer.echo(json.dumps(line, ensure_ascii=False))
            counts[result.status] += 1
            per_variant.setdefault(variant, Counter())[result.status] += 1
        if by_variant:
            for variant in sorted(per_variant):
                typer.echo(f"# {variant}: {summary(per_variant[variant])}")
        typer.echo(summary(counts))
        raise typer.Exit(1 if counts["mismatch"] + counts["error"] else 0)

    @phh_app.command("convert")
    def convert(
        path: Path = typer.Argument(..., help="a PHH file"),
        output: Path | None = typer.Option(None, "-o", "--output", help="write here (default stdout)"),
    ) -> None:
        """Read a PHH file and write it back in PokerKit's field order (a format check)."""
        try:
            hands = phh.loads_all(path.read_text(encoding="utf-8"))
        except phh.PhhFormatError as exc:
            typer.echo(f"{path}: {exc}", err=True)
            raise typer.Exit(2) from None
        text = phh.dumps(hands[0]) if len(hands) == 1 and hands[0].label is None else phh.dumps_all(hands)
        if output is None:
            typer.echo(text, nl=False)
        else:
            output.write_text(text, encoding="utf-8")

    @phh_app.command("to-pokerstars")
    def to_pokerstars(
        path: Path = typer.Argument(..., help="a PHH file (one or many hands)"),
        viewer: int | None = typer.Option(None, "--viewer", help="player number (1 = p1) whose hole cards to show; default: observer"),
        currency: str = typer.Option("", "--currency", help="USD, EUR, GBP, or empty for chips"),
        table: str = typer.Option("PHH", "--table", help="table name for the header"),
        output: Path | None = typer.Option(None, "-o", "--output", help="write here (default stdout)"),
    ) -> None:
        """Replay PHH hands through our engine and write them as PokerStars hand histories."""
        import datetime

        from pokerroom.history.phh_replay import import_hand, replay_imported
        from pokerroom.history.pokerstars import HandContext, export_hands

        hands = phh.loads_all(path.read_text(encoding="utf-8"))
        items = []
        for number, hand in enumerate(hands, start=1):
            imported = import_hand(hand)
            played = replay_imported(imported)
            names = {s.seat: s.name for s in imported.seats}
            hand_id = hand.hand if isinstance(hand.hand, int) else number
            year, month, day = (hand.get("year", 2000), hand.get("month", 1), hand.get("day", 1))
            context = HandContext(table_name=table, max_seats=max(len(names), 2), names=names,
                                  hand_id=hand_id, currency=currency,
                                  chip_value=Decimal(1) / imported.scale,  # PHH amounts are units
                                  started_at=datetime.datetime(year, month, day, 12,
                                                               tzinfo=datetime.UTC))
            items.append((played, context))
        text = export_hands(items, viewer=None if viewer is None else viewer - 1)
        if output is None:
            typer.echo(text, nl=False)
        else:
            output.write_text(text, encoding="utf-8")

    app.add_typer(phh_app, name="phh")
