"""`pokerroom tournament simulate`: a whole tournament in one process (R-TOURN-1..12).

Bots with a simple random policy, a fast structure (levels of a few hands) unless
`--structure FILE` gives one (a TOML file with the keys of a room's `[[tournaments]]`:
`starting_chips`, `levels`, `payouts`, ...). With `--json`, one JSON object a line:
seat, hand_end, move, break, level, bust events and a last summary; without, the figures.
Exit 0 when the tournament finished.
"""

from __future__ import annotations

import json
import time
import tomllib
from pathlib import Path

import typer

from pokerroom.bots.tournament import (
    StalledError,
    default_config,
    json_lines,
    run,
    summary_line,
)
from pokerroom.core.errors import InvalidConfigError
from pokerroom.core.tournament import TournamentConfig, parse_tournament

tournament_app = typer.Typer(help="Tournaments: simulate one in a single process.")


def _config(entrants: int, seats: int, structure: Path | None) -> TournamentConfig:
    if structure is None:
        return default_config(entrants, seats)
    try:
        doc = tomllib.loads(structure.read_text(encoding="utf-8"))
        spec = {"id": "sim", "name": "simulation", "seats": seats, "max_entrants": entrants,
                "min_entrants": 2, **doc}  # fmt: skip
        spec["seats"], spec["max_entrants"], spec["min_entrants"] = seats, entrants, 2
        spec.pop("start", None)
        return parse_tournament(spec)
    except (OSError, tomllib.TOMLDecodeError, InvalidConfigError) as exc:
        raise typer.BadParameter(f"{structure}: {exc}", param_hint="--structure") from exc


@tournament_app.command("simulate")
def simulate(
    entrants: int = typer.Option(..., "--entrants", min=2, help="players registering"),
    seats: int = typer.Option(9, "--seats", min=2, max=10, help="seats per table"),
    seed: int = typer.Option(1, "--seed", help="the seed of the decks, draws and bots"),
    structure: Path | None = typer.Option(None, "--structure", help="TOML with levels etc."),
    as_json: bool = typer.Option(False, "--json", help="one JSON object a line"),
) -> None:
    """Play a whole tournament of bots; exit 0 when it finished."""
    config = _config(entrants, seats, structure)
    started = time.perf_counter()

    def emit(_t: object, events: list) -> None:  # type: ignore[type-arg]
        if as_json:
            for line in json_lines(events):
                typer.echo(json.dumps(line, separators=(",", ":")))

    try:
        t, figures = run(config, entrants, seed, emit if as_json else None)
    except StalledError as exc:
        typer.echo(f"tournament stalled: {exc}", err=True)
        raise typer.Exit(1) from exc
    wall = time.perf_counter() - started
    if as_json:
        typer.echo(json.dumps(summary_line(t, figures), separators=(",", ":")))
        return
    typer.echo(
        f"entrants {figures.entrants}, seats {seats}, seed {seed}: finished in {wall:.2f} s wall\n"
        f"hands dealt {figures.hands}, actions {figures.actions}, moves {figures.moves}, "
        f"tables broken {figures.breaks}, largest table spread at a hand start "
        f"{figures.largest_spread}\n"
        f"prize pool {figures.prize_pool}, paid {len(figures.payouts)} places, "
        f"winner {figures.places[0]}"
    )


def register(app: typer.Typer) -> None:
    app.add_typer(tournament_app, name="tournament")
