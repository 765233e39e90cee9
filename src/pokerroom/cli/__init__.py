"""The `pokerroom` command line. Each module of this package registers its own commands."""

from __future__ import annotations

import importlib

import typer

app = typer.Typer(
    name="pokerroom",
    help="pokerroom: an online poker room under full house rules, with Ultimate Texas Hold'em.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="rich",
)

# One module per concern; each defines `register(app)`. A module not written yet is skipped.
COMMAND_MODULES = (
    "deal", "phh", "bench", "replay", "scenario", "uth", "serve", "audit", "bots", "admin",
    "tournament", "verify",
)  # fmt: skip

for _name in COMMAND_MODULES:
    try:
        _module = importlib.import_module(f"pokerroom.cli.{_name}")
    except ModuleNotFoundError as exc:
        if exc.name != f"pokerroom.cli.{_name}":
            raise
        continue
    _module.register(app)


def main() -> None:
    app()
