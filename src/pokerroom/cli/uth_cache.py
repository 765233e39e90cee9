"""The cache of exact UTH results: plain data (JSON and an .npz of booleans), checked on load.

It used to be a pickle under the user's cache folder: whoever could write that folder could
run code in `pokerroom uth simulate/report`. Now nothing in it is executed: the JSON holds
numbers and fractions as text, the .npz one boolean array (loaded with allow_pickle=False),
and a SHA-256 of the .npz is kept in the JSON. Anything that does not check out is ignored
(and recomputed by the caller).
"""

from __future__ import annotations

import hashlib
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

FORMAT = "pokerroom.uth-exact/1"
FLOP_SHAPE = (1755, 1326)  # canonical flops x hole-card pairs


def _f(x: Fraction) -> str:
    return f"{x.numerator}/{x.denominator}"


def _frac(text: Any) -> Fraction:
    if not isinstance(text, str) or text.count("/") != 1:
        raise ValueError(f"not a fraction: {text!r}")
    num, den = text.split("/")
    return Fraction(int(num), int(den))


def paths(folder: Path, strategy: str) -> tuple[Path, Path]:
    return folder / f"uth-exact-{strategy}.json", folder / f"uth-exact-{strategy}.npz"


def write_cache(result: Any, folder: Path) -> None:
    import numpy as np

    doc_path, npz_path = paths(folder, result.strategy)
    np.savez_compressed(npz_path, bits=np.packbits(result.flop_play, axis=1))
    doc = {
        "format": FORMAT, "strategy": result.strategy, "total_deals": result.total_deals,
        "ev_per_ante": _f(result.ev_per_ante), "second_moment": _f(result.second_moment),
        "average_wager": _f(result.average_wager),
        "frequencies": {k: _f(v) for k, v in result.frequencies.items()},
        "preflop": dict(result.preflop),
        "preflop_ev": {k: [_f(a), _f(b)] for k, (a, b) in result.preflop_ev.items()},
        "rows": [{"decision": r.decision, "outcome": r.outcome, "net": _f(r.net),
                  "count": r.count, "probability": _f(r.probability),
                  "contribution": _f(r.contribution)} for r in result.rows],
        "trips_ev": _f(result.trips_ev),
        "flop_play_sha256": hashlib.sha256(npz_path.read_bytes()).hexdigest(),
        "flop_play_shape": list(result.flop_play.shape),
    }  # fmt: skip
    doc_path.write_text(json.dumps(doc))


def read_cache(folder: Path, strategy: str) -> Any | None:
    """The cached ExactResult, or None when there is none or it does not check out."""
    doc_path, npz_path = paths(folder, strategy)
    if not doc_path.exists() or not npz_path.exists():
        return None
    try:
        return _read(doc_path, npz_path, strategy)
    except (ValueError, KeyError, TypeError, OSError, ZeroDivisionError):
        return None


def _read(doc_path: Path, npz_path: Path, strategy: str) -> Any:
    import numpy as np

    from pokerroom.core.uth.math.exact import ExactResult, OutcomeRow

    doc = json.loads(doc_path.read_text())
    if not isinstance(doc, dict) or doc.get("format") != FORMAT or doc.get("strategy") != strategy:
        raise ValueError("not this cache")
    raw = npz_path.read_bytes()
    if hashlib.sha256(raw).hexdigest() != doc["flop_play_sha256"]:
        raise ValueError("the flop table does not match its checksum")
    with np.load(npz_path, allow_pickle=False) as data:
        bits = data["bits"]
    shape = tuple(doc["flop_play_shape"])
    if shape != FLOP_SHAPE or bits.dtype != np.uint8:
        raise ValueError("unexpected flop table")
    flop_play = np.unpackbits(bits, axis=1)[:, : shape[1]].astype(np.bool_)
    if flop_play.shape != shape:
        raise ValueError("unexpected flop table")
    total = doc["total_deals"]
    if not isinstance(total, int) or total <= 0:
        raise ValueError("total_deals")
    rows = tuple(OutcomeRow(decision=str(r["decision"]), outcome=str(r["outcome"]),
                            net=_frac(r["net"]), count=int(r["count"]),
                            probability=_frac(r["probability"]),
                            contribution=_frac(r["contribution"])) for r in doc["rows"])
    return ExactResult(
        strategy=strategy, total_deals=total, ev_per_ante=_frac(doc["ev_per_ante"]),
        second_moment=_frac(doc["second_moment"]), average_wager=_frac(doc["average_wager"]),
        frequencies={str(k): _frac(v) for k, v in doc["frequencies"].items()},
        preflop={str(k): str(v) for k, v in doc["preflop"].items()},
        preflop_ev={str(k): (_frac(a), _frac(b)) for k, (a, b) in doc["preflop_ev"].items()},
        rows=rows, flop_play=flop_play, trips_ev=_frac(doc["trips_ev"]),
    )  # fmt: skip
