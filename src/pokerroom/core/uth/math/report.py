"""The auditor's page: one self-contained HTML document (no external assets), U-RTP-1.

Rules and pay tables, the published return next to the exact one, decision frequencies, the
return by outcome, the 169-class preflop chart as a coloured grid, and an inline SVG plot of
a simulation's running return with its 95% band converging to the exact value.
"""

from __future__ import annotations

import math
from fractions import Fraction
from html import escape
from typing import Any

from pokerroom.core.uth.math.exact import PUBLISHED, ExactResult
from pokerroom.core.uth.math.symmetry import RANKS, class_name
from pokerroom.core.uth.paytables import BLIND_TABLE, TRIPS_TABLE, line_name

CSS = """
body{font-family:system-ui,sans-serif;margin:2em auto;max-width:1100px;color:#222;line-height:1.45}
h1{font-size:1.6em}h2{margin-top:1.6em;border-bottom:1px solid #ccc}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:.25em .6em}
th{background:#f2f2f2}td.n{text-align:right;font-variant-numeric:tabular-nums}
.grid td{width:3.2em;height:2.4em;text-align:center;font-size:.8em;padding:0}
.grid .p4{background:#2e7d32;color:#fff}.grid .ck{background:#e0e0e0}
.small{font-size:.85em;color:#555}.ok{color:#2e7d32;font-weight:bold}.bad{color:#c62828;font-weight:bold}
"""

RULES = (
    (
        "U-TABLE-1",
        "Up to seven players play against the dealer (the bank), not against each other.",
    ),
    (
        "U-BET-1",
        "The Ante is required; a Blind of the same amount is placed automatically; Trips is optional once an Ante is placed.",
    ),
    ("U-BET-2", "Limits: Ante EUR 0.50 to 75.00, Trips EUR 0.50 to 50.00 (configurable)."),
    (
        "U-DEAL-1",
        "Shuffler order: five community cards, two cards face up to each player, two face down to the dealer.",
    ),
    (
        "U-PLAY-1",
        "Preflop: check, or Play 3x or 4x the Ante; a Play bet ends the player's decisions.",
    ),
    ("U-PLAY-2", "After the flop: check again, or Play 2x."),
    ("U-PLAY-3", "After the turn and river: Play 1x or fold (folding loses Ante and Blind)."),
    ("U-SHOW-1", "Best five of seven cards, player against dealer."),
    ("U-QUAL-1", "The dealer qualifies with a pair or better."),
    (
        "U-PAY-1",
        "Ante pushes if the dealer does not qualify; Blind pays by its table only on a win; Play pays 1:1; ties push.",
    ),
    ("U-PAY-4", "Payouts exact in the chip unit; a 3:2 remainder is rounded down and shown."),
)


def _pct(x: Fraction | float, digits: int = 4) -> str:
    return f"{float(x) * 100:.{digits}f}%"


def _frac(x: Fraction) -> str:
    return f"{x.numerator:,} / {x.denominator:,}"


def _paytable(title: str, table: tuple[tuple[Any, Fraction], ...], rest: str) -> str:
    rows = "".join(
        f"<tr><td>{escape(line_name(line))}</td><td class=n>{escape(_ratio(r))}</td></tr>"
        for line, r in table
    )
    return f"<table><tr><th>{title}</th><th>pays</th></tr>{rows}<tr><td>any other hand</td><td class=n>{rest}</td></tr></table>"


def _ratio(r: Fraction) -> str:
    return f"{r.numerator}:{r.denominator}"


def _chart(exact: ExactResult) -> str:
    cells = []
    for row in range(13):
        tds = []
        for col in range(13):
            name = class_name(row * 13 + col)
            choice = exact.preflop[name]
            ev4, evc = exact.preflop_ev[name]
            gain = float(ev4 - evc)
            cls = "p4" if choice != "check" else "ck"
            tip = f"{name}: {choice}; EV 4x {float(ev4):+.4f}, check {float(evc):+.4f} per Ante"
            tds.append(
                f'<td class={cls} title="{escape(tip)}">{name}<br><span class=small>{gain:+.3f}</span></td>'
            )
        cells.append("<tr>" + "".join(tds) + "</tr>")
    head = "".join(f"<th>{r}</th>" for r in reversed(RANKS))
    return f"<table class=grid><tr>{head}</tr>{''.join(cells)}</table>"


def _plot(sim: Any, exact_value: float) -> str:
    n, mean, half = sim.running()
    width, height, pad = 900, 360, 60
    x0, x1 = (
        math.log10(float(n[0])),
        math.log10(float(n[-1])) if n[-1] > n[0] else math.log10(float(n[0])) + 1,
    )
    lo = min(float((mean - half).min()), exact_value) - 0.002
    hi = max(float((mean + half).max()), exact_value) + 0.002

    def sx(v: float) -> float:
        return pad + (math.log10(v) - x0) / (x1 - x0) * (width - 2 * pad)

    def sy(v: float) -> float:
        return height - pad - (v - lo) / (hi - lo) * (height - 2 * pad)

    upper = [
        f"{sx(float(a)):.1f},{sy(float(m + h)):.1f}" for a, m, h in zip(n, mean, half, strict=True)
    ]
    lower = [
        f"{sx(float(a)):.1f},{sy(float(m - h)):.1f}" for a, m, h in zip(n, mean, half, strict=True)
    ]
    line = [f"{sx(float(a)):.1f},{sy(float(m)):.1f}" for a, m in zip(n, mean, strict=True)]
    band = " ".join(upper + lower[::-1])
    ticks = []
    for k in range(math.ceil(x0), math.floor(x1) + 1):
        x = sx(10.0**k)
        ticks.append(f'<line x1="{x:.1f}" y1="{height - pad}" x2="{x:.1f}" y2="{height - pad + 5}" stroke="#333"/>'
                     f'<text x="{x:.1f}" y="{height - pad + 20}" text-anchor="middle" font-size="12">1e{k}</text>')  # fmt: skip
    steps = 5
    for i in range(steps + 1):
        v = lo + (hi - lo) * i / steps
        ticks.append(f'<text x="{pad - 6}" y="{sy(v) + 4:.1f}" text-anchor="end" font-size="12">{v:+.4f}</text>'
                     f'<line x1="{pad}" y1="{sy(v):.1f}" x2="{width - pad}" y2="{sy(v):.1f}" stroke="#eee"/>')  # fmt: skip
    ey = sy(exact_value)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" role="img" '
        f'aria-label="running return of the simulation">'
        f"{''.join(ticks)}"
        f'<polygon points="{band}" fill="#90caf9" fill-opacity="0.5"/>'
        f'<polyline points="{" ".join(line)}" fill="none" stroke="#1565c0" stroke-width="1.5"/>'
        f'<line x1="{pad}" y1="{ey:.1f}" x2="{width - pad}" y2="{ey:.1f}" stroke="#c62828" stroke-dasharray="6 4"/>'
        f'<text x="{width - pad}" y="{ey - 6:.1f}" text-anchor="end" font-size="12" fill="#c62828">exact {exact_value:+.6f}</text>'
        f'<line x1="{pad}" y1="{height - pad}" x2="{width - pad}" y2="{height - pad}" stroke="#333"/>'
        f'<line x1="{pad}" y1="{pad}" x2="{pad}" y2="{height - pad}" stroke="#333"/>'
        f'<text x="{width / 2}" y="{height - 15}" text-anchor="middle" font-size="13">hands played (log scale)</text>'
        f'<text x="15" y="{height / 2}" transform="rotate(-90 15 {height / 2})" text-anchor="middle" font-size="13">net per Ante</text>'
        "</svg>"
    )


def render_report(exact: ExactResult, simple: ExactResult | None, sim: Any) -> str:
    """The whole page as a string."""
    ev = exact.ev_per_ante
    same = ev == PUBLISHED["ev_per_ante"] and exact.trips_ev == PUBLISHED["trips_ev"]
    compare = [
        (
            "Return on the Ante (main game)",
            "about 97.8%",
            _pct(exact.rtp_ante),
            _frac(exact.rtp_ante),
        ),
        (
            "Return on the total wagered",
            "about 99.5%",
            _pct(exact.rtp_total),
            _frac(exact.rtp_total),
        ),
        ("Trips", "about 96.5%", _pct(1 + exact.trips_ev), _frac(1 + exact.trips_ev)),
        (
            "House edge per Ante",
            "2.185% (exact analyses)",
            _pct(exact.house_edge, 5),
            _frac(exact.house_edge),
        ),
        ("Element of risk", "0.5262%", _pct(exact.element_of_risk), ""),
        ("Standard deviation per hand", "4.9393 Antes", f"{exact.std_dev:.4f} Antes", ""),
    ]
    if simple is not None:
        compare.append(
            (
                "House edge, strategy card",
                "about 2.43% (simulation)",
                _pct(simple.house_edge, 5),
                _frac(simple.house_edge),
            )
        )
    rows_cmp = "".join(
        f"<tr><td>{escape(a)}</td><td class=n>{escape(b)}</td><td class=n>{escape(c)}</td><td class=n>{escape(d)}</td></tr>"
        for a, b, c, d in compare
    )
    freq = "".join(
        f"<tr><td>{k}</td><td class=n>{_pct(v, 4)}</td></tr>" for k, v in exact.frequencies.items()
    )
    outcome_rows = "".join(
        f"<tr><td>{escape(r.decision)}</td><td>{escape(r.outcome)}</td><td class=n>{float(r.net):+g}</td>"
        f"<td class=n>{float(r.probability):.8f}</td><td class=n>{float(r.contribution):+.8f}</td></tr>"
        for r in exact.rows
    )
    rules = "".join(f"<li><b>{rid}</b> {escape(text)}</li>" for rid, text in RULES)
    inside = sim.contains(ev)
    verdict = "<span class=ok>inside</span>" if inside else "<span class=bad>OUTSIDE</span>"
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Ultimate Texas Hold'em: return to player</title>
<style>{CSS}</style></head><body>
<h1>Ultimate Texas Hold'em: rules, strategy and return to player</h1>
<p class=small>Generated by <code>pokerroom uth report</code>. Every figure below is computed from the rules by full
enumeration of all {exact.total_deals:,} deals (player holding, flop, turn and river, dealer holding), except the plot,
which is a simulation.</p>
<h2>Rules</h2><ul>{rules}</ul>
<h2>Pay tables</h2>
<div style="display:flex;gap:2em">{_paytable("Blind (U-PAY-2), player wins", BLIND_TABLE, "push")}
{_paytable("Trips (U-PAY-3), whatever the dealer holds", TRIPS_TABLE, "loses")}</div>
<h2>Published figures and ours</h2>
<p>Expected return of the optimal strategy per Ante: <b>{_frac(ev)}</b> = {float(ev):+.8f};
Trips: <b>{_frac(exact.trips_ev)}</b> per unit.
{"<span class=ok>Identical to the published exact figures.</span>" if same else "<span class=bad>Differs from the published exact figures.</span>"}</p>
<table><tr><th>figure</th><th>published</th><th>ours</th><th>exact</th></tr>{rows_cmp}</table>
<h2>How often each decision is taken (optimal strategy)</h2>
<table><tr><th>decision</th><th>frequency</th></tr>{freq}</table>
<h2>Return by outcome (optimal strategy)</h2>
<p class=small>Net of Ante, Blind and Play per hand, in Antes; the contributions add up to the expected return.</p>
<table><tr><th>decision</th><th>outcome</th><th>net</th><th>probability</th><th>return</th></tr>{outcome_rows}</table>
<h2>Preflop strategy chart (169 starting hands)</h2>
<p class=small>Green: Play 4x; grey: check. Suited hands above the diagonal, offsuit below, pairs on it.
The small number is the exact gain of 4x over checking (and then playing the flop and river optimally), per Ante.</p>
{_chart(exact)}
<h2>Simulation converging to the exact value</h2>
<p>{sim.hands:,} hands, seed {sim.seed}: {float(sim.mean):+.5f} &plusmn; {sim.half_width:.5f} per Ante (95%);
the exact value {float(ev):+.6f} is {verdict} the interval.</p>
{_plot(sim, float(ev))}
</body></html>
"""
