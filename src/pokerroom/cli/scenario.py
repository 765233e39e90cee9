"""`pokerroom scenario run PATH...`: run scenario files (SCENARIOS.md); exit 0 only if all hold."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console

from pokerroom.scenarios.runner import run_file, scenario_files


def register(app: typer.Typer) -> None:
    group = typer.Typer(help="Scenario scripts: the rulebook as runnable examples.",
                        no_args_is_help=True)  # fmt: skip

    @group.command("run")
    def run(
        paths: list[Path] = typer.Argument(..., help="scenario files or folders"),  # noqa: B008
        quiet: bool = typer.Option(False, "--quiet", "-q", help="print failures only"),
    ) -> None:
        """Run YAML scenarios; print file, step, expected and actual for every failure."""
        console = Console(highlight=False)
        files = scenario_files(paths)
        if not files:
            console.print("no scenario files found")
            raise typer.Exit(2)
        failed = 0
        for path in files:
            result = run_file(path)
            if result.passed:
                if not quiet:
                    console.print(f"[green]ok[/green]   {path}  {result.name}")
                continue
            failed += 1
            console.print(f"[red]FAIL[/red] {path}  {result.name}")
            for failure in result.failures:
                console.print(f"     step {failure.step}")
                console.print(f"       expected: {failure.expected}")
                console.print(f"       actual:   {failure.actual}")
                if failure.reason:
                    console.print(f"       reason:   {failure.reason}")
        console.print(f"{len(files) - failed} passed, {failed} failed, {len(files)} scenarios")
        raise typer.Exit(1 if failed else 0)

    app.add_typer(group, name="scenario")
