"""Online cash-game hand histories (PHH): every hand ends ok, replayed or unsupported with a
precise reason, never an error.

The files in tests/data/phh-online are written from the PHH specification in the style of
the online rooms' hands: unknown stacks (inf), local `time`, `????` cards shown later,
players who never show, `winnings` after rake, negative blinds (posts out of position) and a
limit raise capped at what the opponent can match. R-BLIND-2 (live and dead posts), R-BET-9
(the part of a raise nobody can call comes back), R-SD-4 (a hand that is not shown cannot
win here because its player mucked).
"""

from __future__ import annotations

import datetime
import json
from decimal import Decimal
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokerroom.core.errors import PokerRoomError
from pokerroom.core.rules import PostKind, RaiseTo
from pokerroom.history import phh
from pokerroom.history.phh_replay import check_hand, import_hand, replay_imported

ONLINE = Path(__file__).resolve().parents[1] / "data" / "phh-online"
FILES = sorted(ONLINE.glob("*.phh"))


def _load(name: str) -> phh.PhhHand:
    return phh.loads((ONLINE / name).read_text(encoding="utf-8"))


def test_the_online_files_are_all_there() -> None:
    assert [p.name for p in FILES] == ["backfill-winnings.phh", "dead-posts.phh",
                                       "limit-capped-raise.phh", "showdown-inf-stacks.phh"]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_online_hand_is_verified(path: Path) -> None:
    result = check_hand(phh.loads(path.read_text(encoding="utf-8")))
    assert result.status == "ok", f"{result.status}: {result.detail}"


def test_optional_fields_inf_stacks_and_local_time_are_read_and_written_back() -> None:
    hand = _load("showdown-inf-stacks.phh")
    assert all(phh.is_unknown(v) for v in hand.starting_stacks)
    assert hand.get("time") == datetime.time(8, 13, 40)
    assert hand.get("time_zone_abbreviation") == "ET"
    assert hand.get("seat_count") == 6
    assert hand.winnings == (0, 0, 0, Decimal("52.75"), 0, 0)
    text = phh.dumps(hand)
    assert "starting_stacks = [inf, inf, inf, inf, inf, inf]" in text
    assert "time = 08:13:40" in text and "time_zone_abbreviation = 'ET'" in text
    assert phh.loads(text) == hand
    both = phh.loads_all(phh.dumps_all([hand, _load("dead-posts.phh")]))
    assert [check_hand(h).status for h in both] == ["ok", "ok"]


def test_a_malformed_field_is_still_refused_by_name() -> None:
    text = (ONLINE / "showdown-inf-stacks.phh").read_text()
    with pytest.raises(phh.PhhFormatError) as info:
        phh.loads(text.replace('time_zone_abbreviation = "ET"', "time_zone_abbreviation = 5"))
    assert info.value.field == "time_zone_abbreviation"
    with pytest.raises(phh.PhhFormatError) as info:
        phh.loads(text.replace("starting_stacks = [inf,", "starting_stacks = [nan,"))
    assert info.value.field == "starting_stacks"
    with pytest.raises(phh.PhhFormatError) as info:
        phh.loads(text.replace("winnings = [0.00,", "winnings = [-1.00,"))
    assert info.value.field == "winnings"


def test_unknown_stacks_are_played_deep_and_checked_against_winnings() -> None:
    hand = _load("showdown-inf-stacks.phh")
    imported = import_hand(hand)
    assert imported.unknown_stacks == frozenset(range(6))
    # deeper than every amount the file records together (cents): nobody deep goes all in
    assert min(s.stack for s in imported.seats) > 100 * (0.75 + 1.5 + 3 + 7 + 15)
    result = check_hand(hand)
    assert result.status == "ok"
    assert "rake of 2.00" in result.detail
    assert result.finishing_stacks == (Decimal("Infinity"),) * 6  # unknowable, not invented


def test_unknown_stacks_and_an_all_in_only_action_are_unsupported_with_the_reason() -> None:
    hand = _load("showdown-inf-stacks.phh")
    actions = list(hand.actions)
    actions[actions.index("p6 cc", 20)] = "p6 cbr 20.00"  # a raise only legal all in
    result = check_hand(hand.with_fields(actions=tuple(actions)))
    assert result.status == "unsupported"
    assert "stacks of p1, p2, p3, p4, p5, p6 unknown (inf)" in result.detail
    assert "p6 cbr 20.00" in result.detail


def test_R_SD_4_a_player_who_never_shows_is_mucked_and_loses() -> None:
    imported = import_hand(_load("showdown-inf-stacks.phh"))
    assert imported.mucked_unknown == frozenset({5})
    hand = replay_imported(imported)
    assert hand.result.won(5) == 0 and hand.result.won(3) > 0


def test_R_SD_4_a_mucked_hand_that_would_tie_on_the_board_is_unsupported() -> None:
    hand = _load("showdown-inf-stacks.phh")
    actions = tuple(a.replace("d db Ks7h2c", "d db AsKsQs").replace("d db 9d", "d db Js")
                    .replace("d db 3s", "d db Ts") for a in hand.actions)
    result = check_hand(hand.with_fields(actions=actions))  # a royal flush on the board
    assert result.status == "unsupported"
    assert "p6 never showed (mucked)" in result.detail


def test_hole_cards_dealt_unknown_are_back_filled_from_the_shows() -> None:
    hand = _load("backfill-winnings.phh")
    imported = import_hand(hand)
    assert imported.unknown_cards == frozenset({0, 1})  # p1 and p2 fold unseen
    assert imported.mucked_unknown == frozenset()
    played = replay_imported(imported)
    assert played.view_for(None).seats[2].cards == tuple(
        c.code for c in phh.parse_phh_cards("AsJd") if c is not None)
    assert imported.scale == 10  # 54.30 has one decimal that counts
    assert played.result.won(3) == 435  # the whole pot, 43.50, before the room's rake


def test_winnings_that_disagree_are_a_mismatch_and_no_verification_is_replayed() -> None:
    hand = _load("backfill-winnings.phh")
    wrong_winner = hand.with_fields(winnings=(0, 0, Decimal("41.50"), 0))
    result = check_hand(wrong_winner)
    assert result.status == "mismatch"
    assert "p3: ours 0, file 41.50" in result.detail and "p4: ours 43.5" in result.detail
    too_much_rake = hand.with_fields(winnings=(0, 0, 0, Decimal("30.00")))
    assert check_hand(too_much_rake).status == "mismatch"  # 13.50 of 43.50 is no rake
    exact = hand.with_fields(winnings=(0, 0, 0, Decimal("43.50")))
    assert check_hand(exact).status == "ok"
    assert check_hand(hand.with_fields(winnings=None)).status == "replayed"


def test_R_BLIND_2_negative_blinds_are_live_posts_with_anything_above_the_big_blind_dead() -> None:
    imported = import_hand(_load("dead-posts.phh"))
    posts = {s.seat: [(p.kind, p.amount) for p in s.posts] for s in imported.seats}
    assert posts[0] == [(PostKind.SMALL_BLIND, 5)]
    assert posts[1] == [(PostKind.BIG_BLIND, 10)]
    assert posts[3] == [(PostKind.BIG_BLIND, 10)]  # live: p4 checks when the action comes back
    assert posts[4] == [(PostKind.BIG_BLIND, 10), (PostKind.SMALL_BLIND_DEAD, 5)]
    assert posts[2] == posts[5] == []
    hand = replay_imported(imported)
    assert hand.result.won(3) == 115  # 0.55 pre-flop (0.05 of it dead) and p2's 0.30 on the flop


def test_R_BET_9_a_limit_raise_capped_at_what_the_opponent_can_match_is_the_full_raise() -> None:
    imported = import_hand(_load("limit-capped-raise.phh"))
    strict = imported.start()
    for action in replay_imported(imported).record.actions[:2]:  # p3 calls, p1 folds
        strict.apply(action)
    with pytest.raises(PokerRoomError, match="4"):
        strict.apply(RaiseTo(seat=1, amount=3))  # the engine's fixed raise is to 4
    notes: list[str] = []
    hand = replay_imported(imported, notes)
    assert any("'p2 cbr 3'" in n and "full limit raise to 4" in n for n in notes)
    assert dict(hand.result.returned) == {1: 1}  # the 1 that p3 could not match comes back
    assert tuple(hand.result.stack(s) for s in range(3)) == (99, 104, 0)


def test_cli_check_of_online_hands_counts_replayed_apart(tmp_path: Path) -> None:
    for path in FILES:
        (tmp_path / path.name).write_text(path.read_text())
    stripped = _load("backfill-winnings.phh").with_fields(winnings=None)
    (tmp_path / "nothing-to-verify.phh").write_text(phh.dumps(stripped))
    out = CliRunner().invoke(__import__("pokerroom.cli", fromlist=["app"]).app,
                             ["phh", "check", "--by-variant", str(tmp_path)])
    lines = out.output.strip().splitlines()
    records = [json.loads(line) for line in lines if line.startswith("{")]
    assert {r["status"] for r in records} == {"ok", "replayed"}
    assert "# FT: 1 passed, 0 failed, 0 unsupported, 0 replayed" in lines
    assert "# NT: 3 passed, 0 failed, 0 unsupported, 1 replayed" in lines
    assert lines[-1] == "4 passed, 0 failed, 0 unsupported, 1 replayed"
    assert out.exit_code == 0
