"""Cards: parsing, printing, codes and the suit order (R-RANK-3)."""

from __future__ import annotations

import pytest

from pokerroom.core.cards import (
    FULL_DECK,
    Card,
    Rank,
    Suit,
    format_cards,
    parse_cards,
    parse_distinct_cards,
    to_cards,
    to_codes,
)
from pokerroom.core.errors import InvalidNotationError


def test_parse_accepts_t_and_10_and_any_case() -> None:
    """`T` and `10` both mean ten; ranks and suits in either case; spaces optional."""
    assert parse_cards("As Kd 10h") == parse_cards("as KD Th") == parse_cards("AsKd10h")
    ace, king, ten = parse_cards("As Kd 10h")
    assert (ace.rank, ace.suit) == (Rank.ACE, Suit.SPADES)
    assert (king.rank, king.suit) == (Rank.KING, Suit.DIAMONDS)
    assert (ten.rank, ten.suit) == (Rank.TEN, Suit.HEARTS)
    assert parse_cards("2c, 3d") == (Card(Rank.TWO, Suit.CLUBS), Card(Rank.THREE, Suit.DIAMONDS))
    assert parse_cards("") == ()


@pytest.mark.parametrize(
    ("text", "token"),
    [("As Kz", "Kz"), ("1h", "1h"), ("As Xx", "Xx"), ("AsKd11h", "11h"), ("Ah 10", "10"), ("A", "A")],
)
def test_bad_tokens_raise_with_the_token(text: str, token: str) -> None:
    """Bad input raises InvalidNotationError carrying the offending token."""
    with pytest.raises(InvalidNotationError) as info:
        parse_cards(text)
    assert info.value.token == token
    assert token in str(info.value)
    with pytest.raises(InvalidNotationError):
        Card.parse(token)


def test_every_card_round_trips_through_its_text_and_its_code() -> None:
    """str(card) parses back to the same card; codes are 4 * rank + suit and round-trip."""
    assert len(FULL_DECK) == 52 and len(set(FULL_DECK)) == 52
    for code, card in enumerate(FULL_DECK):
        assert Card.parse(str(card)) == card
        assert card.code == code == 4 * card.rank + card.suit
        assert Card.from_code(code) is card
        assert code >> 2 == card.rank and code & 3 == card.suit
    assert parse_cards(format_cards(FULL_DECK)) == FULL_DECK
    assert str(Card.parse("10h")) == "Th"
    assert format_cards([51, Card.parse("2c")]) == "As 2c"
    assert to_codes(parse_cards("2c As")) == (0, 51)
    assert to_cards([0, Card.parse("As")]) == parse_cards("2c As")


def test_bad_codes_are_refused() -> None:
    """Only 0..51 are card codes."""
    for code in (-1, 52, 100):
        with pytest.raises(InvalidNotationError):
            Card.from_code(code)


def test_R_RANK_3_suits_order_clubs_diamonds_hearts_spades() -> None:
    """R-RANK-3: clubs < diamonds < hearts < spades; cards order by rank, then suit."""
    assert Suit.CLUBS < Suit.DIAMONDS < Suit.HEARTS < Suit.SPADES
    assert sorted(parse_cards("2s 2c 2h 2d")) == list(parse_cards("2c 2d 2h 2s"))
    assert Card.parse("3c") > Card.parse("2s")
    assert max(parse_cards("Kh Ks Kd Kc")) == Card.parse("Ks")
    assert [c.suit.symbol for c in parse_cards("Ac Ad Ah As")] == ["c", "d", "h", "s"]


def test_duplicates_are_refused_where_cards_must_differ() -> None:
    """parse_distinct_cards names the repeated card."""
    with pytest.raises(InvalidNotationError) as info:
        parse_distinct_cards("As Kd 10s As")
    assert info.value.token == "As"
    assert parse_distinct_cards("As Kd") == parse_cards("As Kd")
