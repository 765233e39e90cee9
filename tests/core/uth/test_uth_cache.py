"""The exact-results cache is plain data checked on load, never a pickle (issue 12, item 22)."""

from __future__ import annotations

import json
import pickle
from fractions import Fraction
from pathlib import Path

import numpy as np

from pokerroom.cli import uth
from pokerroom.cli.uth_cache import FLOP_SHAPE, paths, read_cache, write_cache
from pokerroom.core.uth.math.exact import ExactResult, OutcomeRow


def small_result() -> ExactResult:
    rng = np.random.default_rng(1)
    return ExactResult(
        strategy="optimal", total_deals=1000, ev_per_ante=Fraction(-219, 10000),
        second_moment=Fraction(7, 2), average_wager=Fraction(41, 10),
        frequencies={"win": Fraction(1, 2)}, preflop={"AA": "4x"},
        preflop_ev={"AA": (Fraction(3, 2), Fraction(1, 3))},
        rows=(OutcomeRow(decision="4x", outcome="win", net=Fraction(6), count=3,
                         probability=Fraction(3, 1000), contribution=Fraction(18, 1000)),),
        flop_play=rng.random(FLOP_SHAPE) < 0.5, trips_ev=Fraction(-1, 30))


def test_the_cache_round_trips_as_plain_data(tmp_path: Path) -> None:
    result = small_result()
    write_cache(result, tmp_path)
    back = read_cache(tmp_path, "optimal")
    assert back is not None
    assert back.ev_per_ante == result.ev_per_ante and back.rows == result.rows
    assert (back.flop_play == result.flop_play).all()
    assert not list(tmp_path.glob("*.pkl"))


def test_a_tampered_cache_is_ignored(tmp_path: Path) -> None:
    write_cache(small_result(), tmp_path)
    doc_path, npz_path = paths(tmp_path, "optimal")
    doc = json.loads(doc_path.read_text())
    doc["ev_per_ante"] = "__import__('os')"
    doc_path.write_text(json.dumps(doc))
    assert read_cache(tmp_path, "optimal") is None
    write_cache(small_result(), tmp_path)
    npz_path.write_bytes(npz_path.read_bytes()[:-10] + b"0123456789")
    assert read_cache(tmp_path, "optimal") is None


class Boom:
    def __reduce__(self):  # type: ignore[no-untyped-def]
        return (Path("/nonexistent-dir-for-test/owned").mkdir, ())


def test_an_old_pickle_in_the_cache_folder_is_never_loaded(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    folder = uth.cache_dir()
    (folder / "uth-exact-optimal.pkl").write_bytes(pickle.dumps(Boom()))
    write_cache(small_result(), folder)
    result = uth.load_exact("optimal")  # from the checked JSON, the pickle untouched
    assert result.total_deals == 1000
