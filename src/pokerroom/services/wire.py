"""Plain JSON-able shapes of core views and already-filtered events (docs/PROTOCOL.md).

This module never filters: it is given what `view_for` / `visible_to` returned, and only
changes the spelling (card codes -> "As", enums -> names). Hidden cards stay hidden: a card
the core replaced by None is null here, an emptied tuple stays empty.
"""

from __future__ import annotations

import dataclasses
from enum import Enum
from fractions import Fraction
from functools import cache
from typing import Any

from pokerroom.core.cards import Card
from pokerroom.core.rules import Game
from pokerroom.core.rules.showdown import hand_parts
from pokerroom.services.outbound_parts import Variant

CARD_FIELDS = frozenset({"cards", "card", "board", "hole", "dealer", "community", "up_cards",
                         "discarded", "drawn", "discard"})  # the last three: draw games


# Every message spells cards: the 52 names once, not a Card object per card per viewer.
_CARD_TEXT = tuple(str(Card.from_code(code)) for code in range(52))


def card_text(code: int | None) -> str | None:
    if code is None:
        return None
    if 0 <= code < 52:
        return _CARD_TEXT[code]
    return str(Card.from_code(code))  # refused there with the core's own message


_CARD_NAMES: dict[int | None, str | None] = {None: None, **dict(enumerate(_CARD_TEXT))}


def cards_text(cards: Any) -> list[str | None]:
    """`card_text` of each card (a hidden one, None, stays None): one lookup a card."""
    try:
        return [_CARD_NAMES[c] for c in cards]
    except KeyError:  # not a card code: refused by card_text with the core's own message
        return [card_text(c) for c in cards]


@cache
def _fields(cls: type) -> tuple[tuple[str, bool], ...]:
    """(name, holds cards) of each field of a dataclass, looked up once per class."""
    return tuple((f.name, f.name in CARD_FIELDS) for f in dataclasses.fields(cls))


def _cards(value: Any) -> Any:
    if value is None:
        return None
    if type(value) is int or (isinstance(value, int) and not isinstance(value, (bool, Enum))):
        return card_text(value)
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, (tuple, list)):
        return [_cards(v) for v in value]
    return plain(value)


_SCALARS = frozenset({int, str, bool, type(None)})  # exactly these types: as they are


def plain(value: Any) -> Any:
    """Dataclasses, enums, tuples and Fractions as JSON-able values (cards by field name)."""
    if type(value) in _SCALARS:  # the most values; a subclass (IntEnum) goes the long way
        return value
    if isinstance(value, Enum):  # before int/str: IntEnum and StrEnum are both
        return value.value if isinstance(value.value, str) else value.name
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: dict[str, Any] = {}
        for name, holds_cards in _fields(type(value)):
            item = getattr(value, name)
            out[name] = _cards(item) if holds_cards else plain(item)
        return out
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (tuple, list, set, frozenset)):
        return [plain(v) for v in value]
    if isinstance(value, float):
        raise TypeError("no float on the wire")
    return str(value)


# The same event goes to every viewer of a table: a public one is the very same object for
# all of them (visible_to returns it unchanged), so its JSON shape is built once and each
# receiver gets a shallow copy. Keyed by identity and version, holding the event itself so an
# id can never be mistaken for a newer object's (issue 11).
_RECENT_EVENTS = 512
_recent: dict[tuple[int, int], tuple[Any, dict[str, Any]]] = {}


def event_json(event: Any, version: int) -> dict[str, Any]:
    """One event, already filtered for its receiver, as sent in `table_events`."""
    key = (id(event), version)
    hit = _recent.get(key)
    if hit is not None and hit[0] is event:
        return dict(hit[1])
    out = _event_json(event, version)
    if len(_recent) >= _RECENT_EVENTS:
        _recent.clear()
    _recent[key] = (event, out)
    return dict(out)


def _event_json(event: Any, version: int) -> dict[str, Any]:
    out = plain(event)
    if not isinstance(out, dict):
        out = {"value": out}
    if type(event).__name__ == "HoleCardsDealt" and not out.get("cards"):
        out["cards"] = [None] * int(getattr(event, "count", 0))
    if type(event).__name__ == "HandShown":
        # The shown hand in parts, for the client to word in the player's language.
        out["hand"] = hand_parts(event.game, event.cards, event.board) or None
    out["type"] = type(event).__name__
    out["version"] = version
    return out


def variant_info(game: Game | str) -> Variant:
    """What a client needs to lay out a game's cards, from its Variant declaration:
    `{"name", "layout": "board"|"stud"|"draw", "hole_cards", "board_cards", "deck_size"}`."""
    variant = Game(game).variant  # a Game, or its name as a table config holds it
    return {"name": variant.name, "layout": variant.layout.value,
            "hole_cards": variant.hole_cards, "board_cards": variant.board_cards,
            "deck_size": len(variant.deck)}
