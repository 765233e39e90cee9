"""`pokerroom uth analyze | simulate | report | hint`: the math of Ultimate Texas Hold'em (U-RTP-1).

`analyze --exact` enumerates every deal (exact Fractions); `simulate` plays hands with the
numba kernel and fails (exit 1) when the exact value lies outside its 95% interval; `report`
writes one self-contained HTML page. Exact results are cached under the user's cache folder
($XDG_CACHE_HOME/pokerroom or ~/.cache/pokerroom) for `simulate` and `report`, as plain data
(JSON and .npz) checked on load.
"""

from __future__ import annotations

import json
import os
import time
from fractions import Fraction
from pathlib import Path
from typing import Any

import typer

from pokerroom.cli.uth_cache import read_cache, write_cache

STRATEGIES = ("optimal", "simple")
DATA = Path(__file__).resolve().parents[1] / "data" / "uth_flop_optimal.npz"


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    path = Path(base) / "pokerroom"
    path.mkdir(parents=True, exist_ok=True)
    return path


def _frac(x: Fraction) -> dict[str, Any]:
    return {"fraction": f"{x.numerator}/{x.denominator}", "value": float(x)}


def run_exact(strategy: str, quiet: bool = False) -> Any:
    """The exact analysis with a Rich progress bar; cached for simulate and report."""
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    from pokerroom.core.uth.math.exact import run_flops, summarize, trips_exact

    start, cpu = time.perf_counter(), time.process_time()
    with Progress(
        TextColumn("[bold]exact {task.fields[strategy]}"), BarColumn(),
        TextColumn("{task.completed}/{task.total} flop classes"), TimeElapsedColumn(),
        disable=quiet, transient=quiet,
    ) as progress:  # fmt: skip
        task = progress.add_task("flops", total=1755, strategy=strategy)
        totals, play2 = run_flops(strategy, lambda done, n: progress.update(task, completed=done))
        trips = trips_exact()
    result = summarize(strategy, totals, play2, trips)
    elapsed, cpu_time = time.perf_counter() - start, time.process_time() - cpu
    write_cache(result, cache_dir())
    return result, elapsed, cpu_time


def load_exact(strategy: str) -> Any:
    """The cached exact result (plain data, checked: see uth_cache), computing it first when
    there is none or it does not check out. An old pickle cache is never loaded."""
    cached = read_cache(cache_dir(), strategy)
    if cached is not None:
        return cached
    return run_exact(strategy)[0]


def load_flop_table() -> Any:
    """The optimal flop decisions: shipped with the package (checked by a slow test against
    a fresh exact run), else from the exact analysis."""
    import numpy as np

    if DATA.exists():
        with np.load(DATA) as data:
            bits = data["bits"]
            return np.unpackbits(bits, axis=1)[:, :1326].astype(np.bool_)
    return load_exact("optimal").flop_play


def save_flop_table(flop_play: Any, path: Path = DATA) -> None:
    import numpy as np

    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(path, bits=np.packbits(flop_play, axis=1))


def exact_reference(strategy: str) -> Fraction:
    from pokerroom.core.uth.math.exact import EXACT_EV

    return EXACT_EV[strategy]


def exact_json(
    result: Any, elapsed: float | None = None, cpu: float | None = None
) -> dict[str, Any]:
    from pokerroom.core.uth.math.exact import PUBLISHED

    doc: dict[str, Any] = {
        "strategy": result.strategy,
        "deals": result.total_deals,
        "ev_per_ante": _frac(result.ev_per_ante),
        "house_edge": _frac(result.house_edge),
        "rtp_ante": _frac(result.rtp_ante),
        "element_of_risk": _frac(result.element_of_risk),
        "rtp_total_wagered": _frac(result.rtp_total),
        "average_wager_antes": _frac(result.average_wager),
        "std_dev_antes": result.std_dev,
        "variance": _frac(result.variance),
        "frequencies": {k: _frac(v) for k, v in result.frequencies.items()},
        "trips_ev": _frac(result.trips_ev),
        "trips_rtp": _frac(1 + result.trips_ev),
        "matches_published": result.ev_per_ante == PUBLISHED["ev_per_ante"]
        and result.trips_ev == PUBLISHED["trips_ev"],
        "preflop_4x": sorted(k for k, v in result.preflop.items() if v == "4x"),
        "return_table": [
            {
                "decision": r.decision,
                "outcome": r.outcome,
                "net_antes": str(r.net),
                "count": r.count,
                "probability": float(r.probability),
                "contribution": float(r.contribution),
            }
            for r in result.rows
        ],  # fmt: skip
    }
    if elapsed is not None:
        doc["wall_seconds"] = round(elapsed, 2)
        doc["cpu_seconds"] = round(cpu or 0.0, 2)
    return doc


def _print_exact(result: Any, elapsed: float, cpu: float) -> None:
    from rich.console import Console
    from rich.table import Table

    from pokerroom.core.uth.math.exact import PUBLISHED

    con = Console()
    ev = result.ev_per_ante
    con.print(
        f"[bold]Ultimate Texas Hold'em, {result.strategy} strategy, exact over {result.total_deals:,} deals[/]"
    )
    con.print(f"expected return per Ante: {ev.numerator:,} / {ev.denominator:,} = {float(ev):.7f}")
    con.print(
        f"house edge {float(result.house_edge):.5%}  (RTP on the Ante {float(result.rtp_ante):.4%})"
    )
    con.print(
        f"element of risk {float(result.element_of_risk):.4%}  (RTP on the total wagered "
        f"{float(result.rtp_total):.4%}; average wager {float(result.average_wager):.4f} Antes)"
    )
    con.print(f"standard deviation {result.std_dev:.4f} Antes per hand")
    t = result.trips_ev
    con.print(
        f"Trips: {t.numerator:,} / {t.denominator:,} = {float(t):.6f} (RTP {float(1 + t):.4%})"
    )
    same = ev == PUBLISHED["ev_per_ante"] and t == PUBLISHED["trips_ev"]
    if result.strategy == "optimal":
        con.print(
            "[green]matches the published exact figures[/]"
            if same
            else "[red]does NOT match the published figures[/]"
        )
    freq = Table(title="decisions")
    freq.add_column("decision")
    freq.add_column("frequency", justify="right")
    for k, v in result.frequencies.items():
        freq.add_row(k, f"{float(v):.6%}")
    con.print(freq)
    table = Table(title="return by outcome")
    for col in ("decision", "outcome", "net (Antes)", "probability", "return"):
        table.add_column(col, justify="left" if col in ("decision", "outcome") else "right")
    for r in result.rows:
        table.add_row(
            r.decision,
            r.outcome,
            str(r.net),
            f"{float(r.probability):.8f}",
            f"{float(r.contribution):+.8f}",
        )
    con.print(table)
    con.print(f"wall {elapsed:.1f} s, CPU {cpu:.1f} s")


def register(app: typer.Typer) -> None:
    uth = typer.Typer(
        help="Ultimate Texas Hold'em: exact analysis, simulation, report, hints.",
        no_args_is_help=True,
    )
    app.add_typer(uth, name="uth")

    @uth.command()
    def analyze(
        exact: bool = typer.Option(
            True, "--exact/--no-exact", help="Full enumeration (the only mode)."
        ),
        as_json: bool = typer.Option(False, "--json", help="Print JSON for machines."),
        strategy: str = typer.Option("optimal", help="optimal | simple"),
        write_table: bool = typer.Option(
            False, help="Also store the optimal flop decisions in the package data."
        ),
    ) -> None:
        """Exact return of the game by full enumeration with suit symmetry."""
        if strategy not in STRATEGIES:
            raise typer.BadParameter("strategy is optimal or simple")
        if not exact:
            raise typer.BadParameter("only --exact is implemented; use `uth simulate` to sample")
        result, elapsed, cpu = run_exact(strategy, quiet=as_json)
        if write_table and strategy == "optimal":
            save_flop_table(result.flop_play)
        if as_json:
            typer.echo(json.dumps(exact_json(result, elapsed, cpu), indent=2))
        else:
            _print_exact(result, elapsed, cpu)

    @uth.command()
    def simulate(
        hands: int = typer.Option(
            10_000_000, help="Hands to play (rounded up to blocks of 65,536)."
        ),
        strategy: str = typer.Option("optimal", help="optimal | simple"),
        seed: int = typer.Option(1, help="Seed of the random streams."),
        as_json: bool = typer.Option(False, "--json", help="Print JSON for machines."),
    ) -> None:
        """Play hands with the numba kernel; exit 1 when the exact value is outside the 95% CI."""
        from pokerroom.core.uth.math.simulate import build_tables
        from pokerroom.core.uth.math.simulate import simulate as run

        if strategy not in STRATEGIES:
            raise typer.BadParameter("strategy is optimal or simple")
        flop = load_flop_table() if strategy == "optimal" else None
        tables = build_tables(strategy, flop)
        run(tables, 1, seed)  # compile outside the timing
        start, cpu = time.perf_counter(), time.process_time()
        result = run(tables, hands, seed)
        elapsed, cpu_time = time.perf_counter() - start, time.process_time() - cpu
        exact = exact_reference(strategy)
        from pokerroom.core.uth.math.exact import PUBLISHED

        trips = PUBLISHED["trips_ev"]
        ok = (
            result.contains(exact)
            and abs(result.trips_mean - float(trips)) <= result.trips_half_width
        )
        doc = {
            "strategy": strategy, "seed": seed, "hands": result.hands,
            "ev_per_ante": result.mean, "ci95": [result.mean - result.half_width, result.mean + result.half_width],
            "exact": float(exact), "exact_inside": result.contains(exact),
            "rtp_ante": 1 + result.mean, "std_dev": result.std_dev,
            "trips_ev": result.trips_mean,
            "trips_ci95": [result.trips_mean - result.trips_half_width, result.trips_mean + result.trips_half_width],
            "trips_exact": float(trips), "frequencies": result.frequencies(),
            "wall_seconds": round(elapsed, 3), "cpu_seconds": round(cpu_time, 3),
            "hands_per_second": round(result.hands / elapsed), "hands_per_cpu_second": round(result.hands / max(cpu_time, 1e-9)),
        }  # fmt: skip
        if as_json:
            typer.echo(json.dumps(doc, indent=2))
        else:
            typer.echo(
                f"{strategy}: {result.hands:,} hands, seed {seed}: EV per Ante {result.mean:+.5f} "
                f"± {result.half_width:.5f} (95%), exact {float(exact):+.5f}; RTP {1 + result.mean:.4%}; "
                f"SD {result.std_dev:.4f}\nTrips {result.trips_mean:+.5f} ± {result.trips_half_width:.5f}, "
                f"exact {float(trips):+.5f}\n{result.hands / elapsed:,.0f} hands/s "
                f"({elapsed:.2f} s wall, {cpu_time:.2f} s CPU)"
            )
        if not ok:
            typer.secho(
                "FAIL: the exact value lies outside the 95% confidence interval", fg="red", err=True
            )
            raise typer.Exit(1)

    @uth.command()
    def report(
        out: Path = typer.Option(Path("report.html"), help="Where to write the page."),
        hands: int = typer.Option(20_000_000, help="Hands for the running-return plot."),
        seed: int = typer.Option(1, help="Seed of the simulation."),
    ) -> None:
        """One self-contained HTML page: rules, pay tables, published vs ours, chart, plot."""
        from pokerroom.core.uth.math.report import render_report
        from pokerroom.core.uth.math.simulate import build_tables
        from pokerroom.core.uth.math.simulate import simulate as run

        exact = load_exact("optimal")
        simple = load_exact("simple")
        tables = build_tables("optimal", load_flop_table())
        sim = run(tables, hands, seed)
        out.write_text(render_report(exact, simple, sim), encoding="utf-8")
        typer.echo(f"wrote {out} ({out.stat().st_size:,} bytes)")

    @uth.command()
    def hint(
        hole: str = typer.Argument(..., help='Two cards, e.g. "As Kd".'),
        board: str = typer.Option("", help="The board shown: 0, 3 or 5 cards."),
        strategy: str = typer.Option("optimal", help="optimal | simple"),
    ) -> None:
        """The decision now, with its exact expected value when computed."""
        from pokerroom.core.cards import parse_cards, to_codes
        from pokerroom.core.uth.math.strategy import hint as optimal_hint
        from pokerroom.core.uth.math.strategy import simple_hint

        fn = optimal_hint if strategy == "optimal" else simple_hint
        h = fn(to_codes(parse_cards(hole)), to_codes(parse_cards(board)))
        extra = (
            ""
            if h.ev is None
            else f" (EV {float(h.ev):+.4f} vs {float(h.ev_other or 0):+.4f} per Ante)"
        )
        typer.echo(f"{h.decision}: {h.reason}{extra}")
