"""Real hands (PHH dataset) replayed through our engine must reach their recorded stacks.

Covers R-BET-3 (the importer's cap setting), R-BLIND-1/R-HU-1 (seat and blind mapping),
R-POT-1/R-POT-2 (side pots in real all-in hands) and R-TIE-* through the recorded results.
"""

from __future__ import annotations

import json
from dataclasses import replace
from decimal import Decimal
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokerroom.core.cards import Card
from pokerroom.core.errors import PokerRoomError
from pokerroom.core.rules import Draw, PostKind
from pokerroom.history import phh
from pokerroom.history.phh_replay import (
    VARIANT_MAP,
    check_hand,
    import_hand,
    replay_imported,
)

DATA = Path(__file__).resolve().parents[1] / "data" / "phh"
FILES = sorted(DATA.rglob("*.phh"))
SUPPORTED = [p for p in FILES if phh.loads(p.read_text()).variant in VARIANT_MAP]


def _load(path: Path) -> phh.PhhHand:
    return phh.loads(path.read_text(encoding="utf-8"))


def _has_unknown_at_showdown(hand: phh.PhhHand) -> bool:
    actions = hand.parsed_actions()
    unknown = {a.player for a in actions if a.kind == "deal_hole" and None in (a.cards or ())}
    folded = {a.player for a in actions if a.kind == "fold"}
    # A player who shows their cards at the end names the unknown ones (back-filled).
    shown = {a.player for a in actions if a.kind == "show" and a.cards and None not in a.cards}
    return bool(unknown - folded - shown) and len(set(range(hand.player_count)) - folded) > 1


@pytest.mark.parametrize("path", SUPPORTED, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_recorded_hand_replays_to_its_finishing_stacks(path: Path) -> None:
    hand = _load(path)
    result = check_hand(hand)
    if _has_unknown_at_showdown(hand):
        assert result.status == "unsupported", result
        assert "unknown cards" in result.detail
        return
    expected = result.expected
    if expected is None:  # famous hands carry no finishing_stacks: PokerKit's replay is the reference
        assert hand.finishing_stacks is None and hand.winnings is None
        assert result.status == "replayed", f"{result.status}: {result.detail}"
        expected = _pokerkit_finishing_stacks(path)
    else:
        assert result.status == "ok", f"{result.status}: {result.detail}"
    assert tuple(Decimal(v) for v in result.finishing_stacks or ()) == tuple(
        Decimal(v) for v in expected)


def _pokerkit_finishing_stacks(path: Path) -> tuple[Decimal, ...]:
    import warnings
    from decimal import Decimal as D

    from pokerkit import HandHistory

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        history = HandHistory.loads(path.read_text(encoding="utf-8"), parse_value=D)
        state = list(history)[-1]
    return tuple(D(v) for v in state.stacks)


def test_supported_variants_are_all_present_in_the_data() -> None:
    """Every PHH code we read has real hands in the dataset; pokerroom's own codes for games
    PHH has no code for (five-card Omaha: PO5, PO5/8) cannot, and are tested by round trips
    (tests/history/test_phh_export_variants.py)."""
    from pokerroom.history.phh_export import EXTENSION_CODES

    variants = {_load(p).variant for p in SUPPORTED}
    assert variants == set(VARIANT_MAP) - set(EXTENSION_CODES)
    assert len(SUPPORTED) >= 130


@pytest.mark.parametrize("name", ["wsop/01-53-52.phh", "wsop/02-29-59.phh",
                                  "famous/alice-carol-wikipedia.phh"])
def test_R_DRAW_3_draw_hands_replay_their_draws(name: str) -> None:
    """The draw games' hands (once unsupported) replay: the stub deals the file's new cards
    in drawing order, and each 'sd' discards the file's cards (unknown ones reconstructed)."""
    hand = _load(DATA / name)
    result = check_hand(hand)
    assert result.status in ("ok", "replayed"), result.detail
    imported = import_hand(hand)
    replayed = replay_imported(imported)
    draws = [a for a in replayed.actions if isinstance(a, Draw)]
    recorded = [a for a in hand.parsed_actions() if a.kind == "stand_pat_discard"]
    assert [len(d.discard) for d in draws] == [len(a.cards or ()) for a in recorded]
    for d, a in zip(draws, recorded, strict=True):
        named = [c.code for c in a.cards or () if c is not None]
        assert set(named) <= set(d.discard)
    # Every card shown at the end is the hand the player holds after the draws.
    for a in hand.parsed_actions():
        if a.kind == "show" and a.cards:
            i = replayed.pos_of[a.player]
            assert sorted(replayed.cards[i]) == sorted(c.code for c in a.cards if c is not None)


def test_R_SHORT_3_the_short_deck_hand_with_a_button_blind_replays_as_pokerkit_plays_it() -> None:
    path = DATA / "famous" / "phua-xuan-2019.phh"  # antes from all, a blind from the button
    imported = import_hand(_load(path))
    assert [p.kind for p in imported.seats[5].posts] == [PostKind.ANTE, PostKind.STRADDLE]
    assert len(imported.deck) == 36
    result = check_hand(_load(path))
    assert result.status == "replayed", result.detail
    assert tuple(Decimal(v) for v in result.finishing_stacks or ()) == _pokerkit_finishing_stacks(path)


def test_R_HU_1_heads_up_file_maps_p2_to_the_button_and_small_blind() -> None:
    """R-HU-1: PokerKit reverses heads-up blinds: p1 posts the big blind, p2 is the button."""
    imported = import_hand(_load(DATA / "famous" / "antonius-blom-2009.phh"))
    assert imported.button == 1
    assert imported.seats[0].posts[0].kind is PostKind.BIG_BLIND
    assert imported.seats[0].posts[0].amount == 1000 * 100  # scaled: the stacks have cents
    assert imported.seats[1].posts[0].kind is PostKind.SMALL_BLIND
    assert imported.scale == 100


def test_R_BLIND_1_blinds_and_big_blind_ante_are_posted_by_the_right_seats() -> None:
    """R-BLIND-1: p1 (left of the button) posts the small blind, p2 the big blind."""
    imported = import_hand(_load(DATA / "wsop" / "00-02-07.phh"))
    assert imported.button == 4
    assert [(p.kind, p.amount) for p in imported.seats[0].posts] == [(PostKind.SMALL_BLIND, 40000)]
    assert [(p.kind, p.amount) for p in imported.seats[1].posts] == [
        (PostKind.ANTE, 120000), (PostKind.BIG_BLIND, 80000)]
    assert imported.seats[2].posts == ()


def test_deck_deals_exactly_the_recorded_cards() -> None:
    path = DATA / "wsop" / "00-02-07.phh"
    hand = _load(path)
    replayed = replay_imported(import_hand(hand))
    record = replayed.record
    dealt = {a.player: a.cards for a in hand.parsed_actions() if a.kind == "deal_hole"}
    for seat, cards in dealt.items():
        assert cards is not None
        view = replayed.view_for(seat)
        assert tuple(view.seats[seat].cards) == tuple(c.code for c in cards if c is not None)
    board = [c for a in hand.parsed_actions() if a.kind == "deal_board" for c in a.cards or ()]
    assert replayed.view_for(None).board == tuple(c.code for c in board if isinstance(c, Card))
    assert record.deck == import_hand(hand).deck


def test_R_BET_3_importer_uses_pokerkits_limit_count_and_our_default_stays() -> None:
    """R-BET-3: our cap counts the big blind as the bet; PokerKit's allows four raises over it."""
    from pokerroom.core.rules import HandConfig

    assert HandConfig().big_blind_counts_as_bet is True  # RULES.md default unchanged
    base = _load(DATA / "wsop" / "01-44-49.phh")  # FT, small_bet 200000
    assert import_hand(base).config.big_blind_counts_as_bet is False
    assert import_hand(_load(DATA / "pluribus" / "0.phh")).config.big_blind_counts_as_bet is True
    capped = base.with_fields(
        starting_stacks=(10_000_000,) * 5,
        finishing_stacks=None,
        actions=("d dh p1 Td5c", "d dh p2 Qs9c", "d dh p3 KsJc", "d dh p4 AhAd",
                 "d dh p5 Jd3c", "p3 cbr 400000", "p4 cbr 600000", "p5 cbr 800000",
                 "p1 cbr 1000000", "p2 f", "p3 f", "p4 f", "p5 f"),
    )
    result = check_hand(capped)  # a fourth raise over the blind: legal under PokerKit's count
    assert result.status == "replayed", result.detail  # no finishing_stacks to compare with
    assert result.finishing_stacks is not None
    # p1 wins the blind and the three raises; its own raise above 800000 comes back (R-BET-9)
    assert result.finishing_stacks[0] == 10_000_000 + 200_000 + 400_000 + 600_000 + 800_000
    strict = replace(import_hand(capped), config=replace(
        import_hand(capped).config, big_blind_counts_as_bet=True))
    with pytest.raises(PokerRoomError):
        replay_imported(strict)  # our default cap refuses the fourth raise


def test_altered_finishing_stacks_are_a_mismatch() -> None:
    hand = _load(DATA / "pluribus" / "0.phh")
    assert hand.finishing_stacks is not None
    wrong = list(hand.finishing_stacks)
    wrong[0] += 1
    wrong[1] -= 1
    result = check_hand(hand.with_fields(finishing_stacks=tuple(wrong)))
    assert result.status == "mismatch"
    assert "p1" in result.detail and "p2" in result.detail


def test_illegal_recorded_action_is_an_error_naming_the_action() -> None:
    hand = _load(DATA / "pluribus" / "0.phh")
    actions = list(hand.actions)
    index = actions.index("p2 cbr 300")
    actions[index] = "p2 cbr 150"  # below the minimum raise to 200 (R-BET-4)
    result = check_hand(hand.with_fields(actions=tuple(actions)))
    assert result.status == "error"
    assert "p2 cbr 150" in result.detail


def _cli(*args: str) -> tuple[int, list[str]]:
    from pokerroom.cli import app

    runner = CliRunner()
    out = runner.invoke(app, list(args))
    return out.exit_code, out.output.strip().splitlines()


def test_cli_check_prints_one_json_line_per_hand_and_a_summary(tmp_path: Path) -> None:
    good = DATA / "pluribus" / "0.phh"
    (tmp_path / good.name).write_text(good.read_text())
    # Unsupported: a hand whose showdown the file does not decide (cards shown unnamed).
    undecided = (DATA / "wsop" / "00-02-07.phh").read_text()
    undecided = undecided.replace("d dh p4 6d5h", "d dh p4 ????").replace("p4 sm 6d5h", "p4 sm -")
    assert "p4 sm -" in undecided
    (tmp_path / "undecided.phh").write_text(undecided)
    code, lines = _cli("phh", "check", str(tmp_path))
    records = [json.loads(line) for line in lines[:-1]]
    assert {r["status"] for r in records} == {"ok", "unsupported"}
    assert set(records[0]) == {"file", "hand", "status", "finishing_stacks", "expected", "detail"}
    assert lines[-1] == "1 passed, 0 failed, 1 unsupported, 0 replayed"
    assert code == 0


def test_cli_check_fails_on_a_mismatch_and_on_a_malformed_file(tmp_path: Path) -> None:
    text = (DATA / "pluribus" / "0.phh").read_text()
    (tmp_path / "bad.phh").write_text(text.replace("finishing_stacks = [9700,", "finishing_stacks = [9701,"))
    (tmp_path / "broken.phh").write_text("variant = 'NT'\nantes = [0, 0]\n")
    two = phh.dumps_all([phh.loads(text), phh.loads(text)])
    (tmp_path / "two.phhs").write_text(two)
    code, lines = _cli("phh", "check", str(tmp_path))
    records = [json.loads(line) for line in lines[:-1]]
    statuses = {(Path(r["file"]).name, r["hand"]): r["status"] for r in records}
    assert statuses[("bad.phh", "0")] == "mismatch"
    assert statuses[("broken.phh", "")] == "error"
    assert statuses[("two.phhs", "1")] == statuses[("two.phhs", "2")] == "ok"
    assert lines[-1] == "2 passed, 2 failed, 0 unsupported, 0 replayed"
    assert code == 1


def test_unknown_cards_shown_without_naming_them_make_the_hand_unsupported() -> None:
    hand = _load(DATA / "wsop" / "00-02-07.phh")  # p2 and p4 show down
    actions = [a.replace("d dh p4 6d5h", "d dh p4 ????").replace("p4 sm 6d5h", "p4 sm -")
               for a in hand.actions]
    result = check_hand(hand.with_fields(actions=tuple(actions)))
    assert result.status == "unsupported"
    assert "unknown cards of p4 at a showdown" in result.detail


def test_unknown_cards_are_back_filled_from_the_cards_shown_later() -> None:
    hand = _load(DATA / "wsop" / "00-02-07.phh")  # p2 and p4 show down
    actions = tuple(a.replace("d dh p4 6d5h", "d dh p4 ????") for a in hand.actions)
    unknown = hand.with_fields(actions=actions)
    imported = import_hand(unknown)
    assert imported.unknown_cards == frozenset() and imported.mucked_unknown == frozenset()
    assert imported.deck == import_hand(hand).deck
    assert check_hand(unknown).status == "ok"


def test_a_player_who_never_shows_has_mucked_and_cannot_win() -> None:
    hand = _load(DATA / "wsop" / "00-02-07.phh")  # p4 (6d5h) loses the showdown to p2
    for muck in ("p4 sm", None):  # an explicit muck, or no show at all
        actions = tuple(a.replace("d dh p4 6d5h", "d dh p4 ????") for a in hand.actions
                        if muck is not None or a != "p4 sm 6d5h")
        actions = tuple(muck if a == "p4 sm 6d5h" else a for a in actions)
        imported = import_hand(hand.with_fields(actions=actions))
        assert imported.mucked_unknown == frozenset({3})
        result = check_hand(hand.with_fields(actions=actions))
        assert result.status == "ok", result.detail
        assert result.finishing_stacks == hand.finishing_stacks


def test_unknown_cards_of_a_folded_player_are_filled_and_replayed() -> None:
    hand = _load(DATA / "wsop" / "00-02-07.phh")  # p3 folds pre-flop
    actions = tuple(a.replace("d dh p3 Td8c", "d dh p3 ????") for a in hand.actions)
    imported = import_hand(hand.with_fields(actions=actions))
    assert imported.unknown_cards == frozenset({2})
    assert check_hand(hand.with_fields(actions=actions)).status == "ok"


def test_cli_to_pokerstars_writes_hands_whose_stacks_match_the_phh_file() -> None:
    from tests.history.pokerstars_reader import parse_file

    path = DATA / "wsop" / "00-22-43.phh"  # seven-card stud with antes and a bring-in
    code, lines = _cli("phh", "to-pokerstars", str(path), "--viewer", "4")
    assert code == 0
    parsed = parse_file("\n".join(lines))[0]
    hand = _load(path)
    assert hand.players is not None and hand.finishing_stacks is not None
    for name, final in zip(hand.players, hand.finishing_stacks, strict=True):
        assert parsed.stacks[name] - parsed.put_in[name] + parsed.collected[name] == final
    assert parsed.dealt["Matthew Ashton"][:3] == ["8c", "5s", "Qc"]  # p4's own down cards
    # Others: up cards only; p5 was dealt Kc 8s down and 3s up (then 9s, Ad up).
    assert parsed.dealt["Kristopher Tong"] == ["3s", "9s", "Ad"]
