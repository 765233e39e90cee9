"""`pokerroom replay`: stored records (the storage codec) replayed and shown."""

from __future__ import annotations

from pathlib import Path

from tests.history.pokerstars_reader import parse_file
from tests.history.test_pokerstars_export import _play_random, _reference_hand
from typer.testing import CliRunner

from pokerroom.history import phh
from pokerroom.storage.records import encode_record


def _run(*args: str) -> tuple[int, str]:
    from pokerroom.cli import app

    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.output


def test_replay_prints_stacks_and_pots_of_every_stored_record(tmp_path: Path) -> None:
    hands = [_play_random(seed)[0] for seed in (4, 5)]
    path = tmp_path / "hands.jsonl"
    path.write_text("\n".join(encode_record(h.record) for h in hands) + "\n")
    code, out = _run("replay", str(path))
    assert code == 0
    lines = [line for line in out.splitlines() if line.startswith("hand ")]
    assert len(lines) == 2
    for line, hand in zip(lines, hands, strict=True):
        for seat, amount in hand.result.stacks:
            assert f"seat {seat}: {amount}" in line


def test_replay_writes_the_reference_hand_as_pokerstars_and_phh(tmp_path: Path) -> None:
    hand, _ = _reference_hand()
    path = tmp_path / "ref.json"
    path.write_text(encode_record(hand.record))
    code, out = _run("replay", str(path), "--format", "pokerstars", "--viewer", "0")
    assert code == 0
    parsed = parse_file(out)[0]
    assert parsed.total_pot == parsed.rake + sum(parsed.collected.values())
    assert parsed.rake.as_tuple() == (0, (1, 2, 5), -2)  # $1.25
    code, out = _run("replay", str(path), "--format", "phh")
    assert code == 3 and "dead blind" in out  # no PHH field for it: refused, not dropped
    code, out = _run("replay", str(tmp_path / "missing.json"))
    assert code == 2


def test_replay_as_phh_reads_back(tmp_path: Path) -> None:
    from tests.history.test_phh_export import EXPORTABLE

    hand, spec = _play_random(EXPORTABLE[0])
    path = tmp_path / "one.json"
    path.write_text(encode_record(hand.record))
    code, out = _run("replay", str(path), "--format", "phh")
    assert code == 0
    # The button is the last seat, so PHH's p1..pN are seats 0..n-1.
    assert phh.loads(out).finishing_stacks == tuple(hand.result.stack(s) for s in range(spec.n))
