"""Cards: ranks, suits, parsing and the integer codes of the hot paths.

Suits are ordered clubs < diamonds < hearts < spades (R-RANK-3); the order matters only for
the stud bring-in and stud odd chips. The integer code of a card is `4 * rank + suit` with
rank 0..12 for 2..A and suit 0..3 for c, d, h, s, so `code >> 2` is the rank and `code & 3`
the suit.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum

from pokerroom.core.errors import InvalidNotationError


class Rank(IntEnum):
    TWO = 0
    THREE = 1
    FOUR = 2
    FIVE = 3
    SIX = 4
    SEVEN = 5
    EIGHT = 6
    NINE = 7
    TEN = 8
    JACK = 9
    QUEEN = 10
    KING = 11
    ACE = 12

    @property
    def symbol(self) -> str:
        return RANK_SYMBOLS[self]

    @property
    def word(self) -> str:
        return RANK_WORDS[self]

    @property
    def plural(self) -> str:
        return "Sixes" if self is Rank.SIX else RANK_WORDS[self] + "s"


class Suit(IntEnum):
    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self]


RANK_SYMBOLS = "23456789TJQKA"
SUIT_SYMBOLS = "cdhs"
RANK_WORDS = (
    "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
    "Jack", "Queen", "King", "Ace",
)  # fmt: skip


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One playing card. Ordered by rank, then suit (R-RANK-3)."""

    rank: Rank
    suit: Suit

    @property
    def code(self) -> int:
        return 4 * int(self.rank) + int(self.suit)

    @classmethod
    def from_code(cls, code: int) -> Card:
        if not 0 <= code < 52:
            raise InvalidNotationError(str(code), "card codes are 0..51")
        return _BY_CODE[code]

    @classmethod
    def parse(cls, text: str) -> Card:
        token = text.strip()
        match = _CARD_RE.fullmatch(token)
        if match is None:
            raise InvalidNotationError(text, "expected a rank (2-9, T or 10, J, Q, K, A) and a suit (c, d, h, s)")
        rank_text, suit_text = match.group(1).upper(), match.group(2).lower()
        rank = Rank(RANK_SYMBOLS.index("T" if rank_text == "10" else rank_text))
        return _BY_CODE[4 * rank + SUIT_SYMBOLS.index(suit_text)]

    def __str__(self) -> str:
        return RANK_SYMBOLS[self.rank] + SUIT_SYMBOLS[self.suit]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


_CARD_RE = re.compile(r"(10|[2-9TJQKAtjqka])([cdhsCDHS])")
_BY_CODE: tuple[Card, ...] = tuple(Card(Rank(c >> 2), Suit(c & 3)) for c in range(52))
FULL_DECK: tuple[Card, ...] = _BY_CODE


def parse_cards(text: str) -> tuple[Card, ...]:
    """Parse "As Kd 10h" (or "AsKd10h"); raises InvalidNotationError naming the bad token."""
    cards: list[Card] = []
    for chunk in text.replace(",", " ").split():
        pos = 0
        while pos < len(chunk):
            match = _CARD_RE.match(chunk, pos)
            if match is None:
                raise InvalidNotationError(chunk[pos:pos + 3] or chunk, "expected a card like As, Td or 10h")
            cards.append(Card.parse(match.group(0)))
            pos = match.end()
    return tuple(cards)


def parse_distinct_cards(text: str) -> tuple[Card, ...]:
    """Like parse_cards, but refuses a card that appears twice."""
    cards = parse_cards(text)
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise InvalidNotationError(str(card), "card appears twice")
        seen.add(card)
    return cards


def format_cards(cards: Iterable[Card | int]) -> str:
    return " ".join(str(c if isinstance(c, Card) else _BY_CODE[c]) for c in cards)


def to_codes(cards: Iterable[Card | int]) -> tuple[int, ...]:
    return tuple(c.code if isinstance(c, Card) else int(c) for c in cards)


def to_cards(cards: Iterable[Card | int]) -> tuple[Card, ...]:
    return tuple(c if isinstance(c, Card) else _BY_CODE[c] for c in cards)
