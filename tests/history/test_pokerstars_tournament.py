"""Tournament hands in the PokerStars text format: the tournament header, chips without a
currency, the table's own seats as "N-max" (issue 13).

`tests/data/pokerstars/tournament_reference.txt` is a real PokerStars tournament hand, as
the public parser test suite of pokerregion/poker (tests/handhistory/stars_hands.py, HAND1)
quotes it; the hand is played here through our engine and must come out byte for byte.
"""

from __future__ import annotations

import datetime
from decimal import Decimal
from pathlib import Path

import pytest
from tests.history.pokerstars_reader import parse_hand

from pokerroom.core.cards import parse_cards, to_codes
from pokerroom.core.rules import (
    Bet,
    Call,
    Fold,
    Game,
    HandConfig,
    Post,
    PostKind,
    RaiseTo,
    SeatSetup,
    Stakes,
    arrange_deck,
    start_hand,
)
from pokerroom.history.pokerstars import (
    ExportError,
    HandContext,
    TournamentHeader,
    export_hand,
    ordinal,
    roman,
)

DATA = Path(__file__).resolve().parents[1] / "data" / "pokerstars"
NAMES = ("flettl2", "santy312", "flavio766", "strongi82", "W2lkm2n", "MISTRPerfect",
         "blak_douglas", "sinus91", "STBIJUJA")
STACKS = (1500, 3000, 3000, 3000, 3000, 3000, 3000, 1500, 1500)


def _tournament_hand(header: TournamentHeader):  # type: ignore[no-untyped-def]
    c = lambda text: to_codes(parse_cards(text))  # noqa: E731
    deck = arrange_deck(Game.HOLDEM, range(9), 0, {4: c("Ac Jh")}, c("2s 6d 6h"))
    posts = {1: PostKind.SMALL_BLIND, 2: PostKind.BIG_BLIND}
    seats = [SeatSetup(seat=i, stack=STACKS[i],
                       posts=(Post(kind=posts[i], amount=10 * i),) if i in posts else ())
             for i in range(9)]  # fmt: skip
    hand = start_hand(HandConfig(stakes=Stakes(small_blind=10, big_blind=20)), seats, button=0,
                      deck=deck)  # fmt: skip
    for action in (Fold(seat=3), RaiseTo(seat=4, amount=60), Call(seat=5), Fold(seat=6),
                   Fold(seat=7), Fold(seat=8), Fold(seat=0), Fold(seat=1), Fold(seat=2),
                   Bet(seat=4, amount=80), Fold(seat=5)):  # fmt: skip
        hand.apply(action)
    context = HandContext(
        table_name="797469411 15", max_seats=9, names=dict(enumerate(NAMES)),
        hand_id=105024000105,
        started_at=datetime.datetime(2013, 10, 4, 17, 53, 27, tzinfo=datetime.UTC),
        currency="", chip_value=Decimal(1), tournament=header,
    )
    return hand, context


def test_R_TOURN_1_a_tournament_hand_has_pokerstars_tournament_header_byte_for_byte() -> None:
    """R-TOURN-1 (buy-in + fee in the header), R-TOURN-3 (the level): a real PokerStars
    tournament hand, reproduced line for line."""
    header = TournamentHeader(number=797469411, buy_in=319, fee=31, level=1)
    hand, context = _tournament_hand(header)
    expected = (DATA / "tournament_reference.txt").read_text(encoding="utf-8").rstrip("\n")
    assert export_hand(hand, context, viewer=4) == expected
    assert export_hand(hand.record, context, viewer=4) == expected


def test_tournament_headers_freeroll_levels_and_whole_amounts() -> None:
    assert [roman(n) for n in (1, 4, 9, 10, 11, 14, 35, 40, 49)] == [
        "I", "IV", "IX", "X", "XI", "XIV", "XXXV", "XL", "XLIX"]
    with pytest.raises(ExportError):
        roman(0)
    hand, context = _tournament_hand(TournamentHeader(number=2869198721, buy_in=0, fee=0,
                                                      level=35))  # fmt: skip
    first = export_hand(hand, context, viewer=None).split("\n")[0]
    # as PokerStars writes a freeroll (two spaces after the word)
    assert first == ("PokerStars Hand #105024000105: Tournament #2869198721, Freeroll  "
                     "Hold'em No Limit - Level XXXV (10/20) - 2013/10/04 13:53:27 ET")
    hand, context = _tournament_hand(TournamentHeader(number=5, buy_in=1000, fee=100, level=2,
                                                      currency="EUR"))  # fmt: skip
    first = export_hand(hand, context, viewer=None).split("\n")[0]
    assert first.startswith("PokerStars Hand #105024000105: Tournament #5, €10+€1 EUR Hold'em")
    # the cash reader must not take a tournament header for a cash one
    with pytest.raises(ValueError, match="bad header"):
        parse_hand(export_hand(hand, context, viewer=None))


def test_R_TOURN_6_R_TOURN_7_players_out_in_the_hand_get_pokerstars_finish_lines() -> None:
    """R-TOURN-6 (places), R-TOURN-7 (prizes): the lines PokerStars writes after the pots,
    before the summary, best place first and the winner last: `... finished the tournament
    in 983rd place`, `... in 2nd place and received $14.37.`, `... wins the tournament and
    receives $36.03 - congratulations!` (as in PokerStars' own files)."""
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 80, 81, 111, 983)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "80th", "81st",
        "111th", "983rd"]
    header = TournamentHeader(number=797469411, buy_in=319, fee=31, level=1,
                              finishes=((5, 81, 0), (3, 2, 1437), (4, 1, 3603), (0, 80, 0)))
    hand, context = _tournament_hand(header)
    lines = export_hand(hand, context, viewer=4).split("\n")
    at = lines.index("*** SUMMARY ***")
    assert lines[at - 5: at] == [
        "W2lkm2n: doesn't show hand",
        "strongi82 finished the tournament in 2nd place and received $14.37.",
        "flettl2 finished the tournament in 80th place",
        "MISTRPerfect finished the tournament in 81st place",
        "W2lkm2n wins the tournament and receives $36.03 - congratulations!",
    ]
