"""PokerStars text for the games beyond the seeds: five-card Omaha has a PokerStars header,
short-deck has none (refused, naming PHH), and a mixed table's hands name the mix with the
hand's own game in brackets, as PokerStars writes `HORSE (Razz Limit, $0.04/$0.08 USD)`."""

from __future__ import annotations

import datetime
import random
from decimal import Decimal

import pytest
from tests.history.test_phh_export_variants import _play

from pokerroom.core.rules import Betting, Game
from pokerroom.history.pokerstars import ExportError, HandContext, export_hand

NOON = datetime.datetime(2026, 12, 1, 12, 0, tzinfo=datetime.UTC)


def _context(n: int, mix: str = "") -> HandContext:
    return HandContext(table_name="Mirach", max_seats=9, names={i: f"p{i}" for i in range(n)},
                       hand_id=77, started_at=NOON, currency="USD", chip_value=Decimal("0.01"),
                       mix=mix)


@pytest.mark.parametrize(("game", "words"), [(Game.OMAHA5, "5 Card Omaha Pot Limit"),
                                             (Game.OMAHA5_HILO, "5 Card Omaha Hi/Lo Pot Limit")])
def test_R_OMAHA_1_five_card_omaha_has_a_pokerstars_header(game: Game, words: str) -> None:
    """R-OMAHA-1: five hole cards in the viewer's "Dealt to" line."""
    hand, spec = _play(game, Betting.POT_LIMIT, 3)
    text = export_hand(hand, _context(spec.n), viewer=0)
    assert text.startswith(f"PokerStars Hand #77:  {words} (")
    dealt = next(line for line in text.splitlines() if line.startswith("Dealt to p0 ["))
    assert len(dealt.split("[")[1].split()) == 5


def test_R_SHORT_1_short_deck_has_no_pokerstars_header() -> None:
    """R-SHORT-1: PokerStars' format (as our reference lists it) has no short-deck game."""
    hand, spec = _play(Game.SHORT_DECK, Betting.NO_LIMIT, 4)
    with pytest.raises(ExportError, match="export it as PHH"):
        export_hand(hand, _context(spec.n), viewer=0)


def test_R_MIX_1_a_mixed_tables_hand_names_the_mix_and_its_game() -> None:
    """R-MIX-1: the header of a HORSE hand dealt as hold'em limit."""
    hand, spec = _play(Game.HOLDEM, Betting.LIMIT, random.Random(5).randint(0, 50))
    text = export_hand(hand, _context(spec.n, mix="HORSE"), viewer=None)
    first = text.splitlines()[0]
    assert first.startswith("PokerStars Hand #77:  HORSE (Hold'em Limit, $")
    assert " USD) - 2026/12/01 " in first
    plain = export_hand(hand, _context(spec.n), viewer=None).splitlines()[0]
    assert plain.startswith("PokerStars Hand #77:  Hold'em Limit ($")
