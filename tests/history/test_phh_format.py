"""PHH reading and writing: every stored file, PokerKit's own reader as the reference, bad input."""

from __future__ import annotations

import warnings
from decimal import Decimal
from pathlib import Path

import pytest

from pokerroom.core.cards import Card
from pokerroom.history import phh

DATA = Path(__file__).resolve().parents[1] / "data" / "phh"
FILES = sorted(DATA.rglob("*.phh"))


def test_data_folder_is_complete() -> None:
    assert (DATA / "LICENSE").exists() and (DATA / "README.md").exists()
    assert len(FILES) == 150
    assert len(list((DATA / "wsop").glob("*.phh"))) == 45


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_file_reads_and_round_trips(path: Path) -> None:
    hands = phh.loads_all(path.read_text(encoding="utf-8"))
    assert len(hands) == 1
    hand = hands[0]
    again = phh.loads(phh.dumps(hand))
    assert again == hand
    assert len(hand.parsed_actions()) == len(hand.actions)


def _pokerkit_reads(text: str):  # type: ignore[no-untyped-def]
    from pokerkit import HandHistory

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return HandHistory.loads(text)


@pytest.mark.parametrize("path", FILES[::7], ids=lambda p: f"{p.parent.name}/{p.name}")
def test_our_reading_agrees_with_pokerkit_and_pokerkit_reads_our_writing(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    ours = phh.loads(text)
    for source in (text, phh.dumps(ours)):
        theirs = _pokerkit_reads(source)
        assert theirs.variant == ours.variant
        assert tuple(theirs.starting_stacks) == ours.starting_stacks
        assert tuple(theirs.antes) == ours.antes
        assert tuple(theirs.actions) == ours.actions
        assert theirs.ante_trimming_status == ours.ante_trimming_status
        if ours.finishing_stacks is not None:
            assert tuple(theirs.finishing_stacks) == ours.finishing_stacks
        assert theirs.players == (list(ours.players) if ours.players else None)


def test_multi_hand_file_written_by_pokerkit_reads_and_ours_reads_back() -> None:
    from pokerkit import HandHistory

    texts = [FILES[0].read_text(), FILES[60].read_text()]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        theirs = [HandHistory.loads(t) for t in texts]
        combined = HandHistory.dumps_all(theirs)
    hands = phh.loads_all(combined)
    assert [h.label for h in hands] == ["1", "2"]
    assert [h.actions for h in hands] == [phh.loads(t).actions for t in texts]
    assert phh.loads_all(phh.dumps_all(hands)) == hands
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        back = list(HandHistory.loads_all(phh.dumps_all(hands)))
    assert [tuple(h.actions) for h in back] == [h.actions for h in hands]


def test_decimal_amounts_are_exact_never_float() -> None:
    hand = phh.loads((DATA / "famous" / "antonius-blom-2009.phh").read_text())
    assert hand.starting_stacks == (Decimal("1259450.25"), Decimal("678473.5"))
    assert phh.dumps(hand).count("1259450.25") == 1


def test_actions_parse_to_their_parts() -> None:
    a = phh.parse_action("d dh p3 AcKd # the hero")
    assert (a.kind, a.player, a.cards, a.commentary) == (
        "deal_hole", 2, (Card.parse("Ac"), Card.parse("Kd")), "the hero")
    assert phh.parse_action("d dh p1 ????Ts").cards == (None, None, Card.parse("Ts"))
    assert phh.parse_action("p2 cbr 1,250.50").amount == Decimal("1250.50")
    assert phh.parse_action("p2 sm").kind == "muck"
    assert phh.parse_action("p2 sm -") == phh.PhhAction(kind="show", player=1)
    assert phh.parse_action("p4 sd").cards == ()
    assert phh.parse_action("p1 pb").kind == "bring_in"
    for text in ("d dh p1 AcKd", "d db 2c3d4h", "p1 f", "p1 cc", "p1 cbr 300", "p1 pb",
                 "p1 sm AcKd", "p1 sm -", "p1 sm", "p1 sd", "p1 sd AcKd", "p2 cc # slow"):
        assert phh.parse_action(text).to_text() == text


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("antes = [0, 0]\nstarting_stacks = [1, 2]\nactions = []", "variant"),
        ("variant = 'XX'\nantes=[0,0]\nstarting_stacks=[1,2]\nactions=[]", "variant"),
        ("variant = 'NT'\nantes=[0,0]\nblinds_or_straddles=[1,2]\nstarting_stacks=[100,100]\n"
         "actions=[]", "min_bet"),
        ("variant = 'NT'\nantes=[0,0,0]\nblinds_or_straddles=[1,2]\nmin_bet=2\n"
         "starting_stacks=[100,100]\nactions=[]", "antes"),
        ("variant = 'NT'\nantes=[0,0]\nblinds_or_straddles=[1,2]\nmin_bet=2\n"
         "starting_stacks=[100,'x']\nactions=[]", "starting_stacks"),
        ("variant = 'NT'\nantes=[0,0]\nblinds_or_straddles=[1,2]\nmin_bet=2\n"
         "starting_stacks=[100,100]\nactions=['p1 xx']", "actions[0]"),
        ("variant = 'NT'\nantes=[0,0]\nblinds_or_straddles=[1,2]\nmin_bet=2\n"
         "starting_stacks=[100,100]\nactions=['d dh p1 AcK']", "actions[0]"),
        ("variant = 'NT'\nantes=[0,0]\nblinds_or_straddles=[1,2]\nmin_bet=2\n"
         "starting_stacks=[100,100]\nactions=['d dh p3 AcKd']", "actions[0]"),
        ("variant = 'NT'\nantes=[0,0]\nblinds_or_straddles=[1,2]\nmin_bet=2\n"
         "starting_stacks=[100,100]\nactions=['p1 cc', 'p2 cbr -4']", "actions[1]"),
        ("variant = 'NT'\nantes=[0,0]\nblinds_or_straddles=[1,2]\nmin_bet=2\n"
         "starting_stacks=[100,100]\nactions=[]\nplayers=['a']", "players"),
        ("variant = 'NT'\nantes=[0,0]\nblinds_or_straddles=[1,2]\nmin_bet=2\n"
         "starting_stacks=[100,100]\nactions=[]\nyear='2020'", "year"),
        ("variant = 'NT'\nantes = [0, 0", "(toml)"),
    ],
)
def test_malformed_file_names_the_field(text: str, field: str) -> None:
    with pytest.raises(phh.PhhFormatError) as info:
        phh.loads(text)
    assert info.value.field == field
    assert field in str(info.value)


def test_malformed_hand_of_a_multi_hand_file_is_named() -> None:
    good = FILES[0].read_text()
    text = f"[1]\n{good}\n[2]\nvariant = 'NT'\nantes = [0]\n"
    with pytest.raises(phh.PhhFormatError) as info:
        phh.loads_all(text)
    assert info.value.hand == "2"


def test_names_with_quotes_and_unicode_survive_writing() -> None:
    hand = phh.loads(FILES[0].read_text())
    odd = ("O'Brien", 'Ann "the rock"', "Jürgen\tTab", "李", "x\\y", "[p]", "#7", "= x")
    odd = odd[: hand.player_count]
    hand = hand.with_fields(players=odd)
    assert phh.loads(phh.dumps(hand)).players == odd
