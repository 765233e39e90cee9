"""PHH (Poker Hand History) files: read and write, with PokerKit 0.7.7's conventions.

A PHH file is TOML: one hand per file (top-level keys), or several hands as tables
`[1]`, `[2]`, ... (PokerKit's `dumps_all`, usually `.phhs`). Amounts are integers or
decimals (read exactly, as `Decimal`, never as float). Actions are strings:

- `d dh p3 AcKd` deal hole cards to player 3 (`??` = a card nobody saw),
- `d db JcTs2d` deal board cards,
- `p2 f` fold, `p2 cc` check or call, `p2 cbr 300` complete, bet or raise TO 300,
- `p2 pb` post the bring-in (stud), `p2 sd AsQs` stand pat or discard (draw games),
- `p2 sm AcKd` show those cards, `p2 sm -` show, `p2 sm` muck,
- anything after ` # ` is commentary.

Players are numbered from p1; p1 is the first seat left of the button (the button is the
last player), except heads-up where PokerKit reverses the blinds: p1 is the big blind and
p2 the button. A malformed file raises `PhhFormatError` naming the field.

Online rooms' hands use more of the specification: `inf` in `starting_stacks` (a stack the
record does not know, read as `Decimal('Infinity')`, see `is_unknown`), negative entries in
`blinds_or_straddles` (a post out of position), `winnings`, `time` (a TOML local time),
`time_zone_abbreviation` and `seat_count`; all are read and written back.
"""

from __future__ import annotations

import datetime
import re
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal, InvalidOperation
from typing import Any

from pokerroom.core.cards import Card
from pokerroom.core.errors import InvalidNotationError, PokerRoomError

Amount = int | Decimal
MaybeCard = Card | None  # None: a card dealt face down that the file does not know ('??')

VARIANTS: dict[str, str] = {
    "FT": "fixed-limit Texas hold'em",
    "NT": "no-limit Texas hold'em",
    "NS": "no-limit short-deck hold'em",
    "PO": "pot-limit Omaha",
    "FO/8": "fixed-limit Omaha hi-lo eight-or-better",
    "F7S": "fixed-limit seven-card stud",
    "F7S/8": "fixed-limit seven-card stud hi-lo eight-or-better",
    "FR": "fixed-limit razz",
    "N2L1D": "no-limit deuce-to-seven single draw",
    "F2L3D": "fixed-limit deuce-to-seven triple draw",
    "FB": "fixed-limit badugi",
    # pokerroom's own codes for games PHH has no code for (not read by PokerKit 0.7.7)
    "PO5": "pot-limit five-card Omaha",
    "PO5/8": "pot-limit five-card Omaha hi-lo eight-or-better",
}

# PokerKit 0.7.7 `HandHistory.required_field_names`.
_BLIND_NL = ("antes", "blinds_or_straddles", "min_bet")
_BLIND_FL = ("antes", "blinds_or_straddles", "small_bet", "big_bet")
_STUD = ("antes", "bring_in", "small_bet", "big_bet")
REQUIRED_FIELDS: dict[str, tuple[str, ...]] = {
    "FT": _BLIND_FL, "NT": _BLIND_NL, "NS": _BLIND_NL, "PO": _BLIND_NL, "FO/8": _BLIND_FL,
    "F7S": _STUD, "F7S/8": _STUD, "FR": _STUD, "N2L1D": _BLIND_NL, "F2L3D": _BLIND_FL,
    "FB": _BLIND_FL, "PO5": _BLIND_NL, "PO5/8": _BLIND_NL,
}  # fmt: skip

# The order PokerKit writes fields in; anything else is a user-defined field, kept as is.
_FIELD_ORDER = (
    "variant", "ante_trimming_status", "antes", "blinds_or_straddles", "bring_in",
    "small_bet", "big_bet", "min_bet", "starting_stacks", "actions", "author", "event", "url",
    "venue", "address", "city", "region", "postal_code", "country", "time", "time_zone",
    "time_zone_abbreviation", "day", "month", "year", "hand", "level", "seats", "seat_count", "table", "players",
    "finishing_stacks", "winnings", "currency", "currency_symbol", "time_limit", "time_banks",
)  # fmt: skip
_SCALAR_AMOUNTS = ("bring_in", "small_bet", "big_bet", "min_bet")
_LIST_AMOUNTS = ("antes", "blinds_or_straddles", "starting_stacks", "finishing_stacks", "winnings")
_STRINGS = (
    "author", "event", "url", "venue", "address", "city", "region", "postal_code", "country",
    "time_zone", "time_zone_abbreviation", "currency", "currency_symbol",
)  # fmt: skip
_INTS = ("day", "month", "year", "level", "seat_count", "time_limit")


class PhhFormatError(PokerRoomError, ValueError):
    """A PHH file that cannot be read: names the field (and the hand of a multi-hand file)."""

    def __init__(self, field_name: str, reason: str, *, hand: str | None = None) -> None:
        self.field = field_name
        self.reason = reason
        self.hand = hand
        where = f"hand [{hand}], " if hand is not None else ""
        super().__init__(f"PHH {where}field {field_name!r}: {reason}")


# ---------------------------------------------------------------------------------------
# Actions


@dataclass(frozen=True, slots=True, kw_only=True)
class PhhAction:
    """One parsed action string.

    `kind` is one of: deal_hole, deal_board, fold, check_call, complete_bet_raise,
    bring_in, show, muck, stand_pat_discard. `player` is 0-based (None for board deals).
    For `show`, `cards` is None when the file says `sm -` (show without naming the cards).
    """

    kind: str
    player: int | None = None
    cards: tuple[MaybeCard, ...] | None = None
    amount: Amount | None = None
    commentary: str | None = None

    def to_text(self) -> str:
        p = f"p{self.player + 1}" if self.player is not None else ""
        cards = format_phh_cards(self.cards) if self.cards is not None else ""
        match self.kind:
            case "deal_hole":
                text = f"d dh {p} {cards}"
            case "deal_board":
                text = f"d db {cards}"
            case "fold":
                text = f"{p} f"
            case "check_call":
                text = f"{p} cc"
            case "complete_bet_raise":
                text = f"{p} cbr {format_amount(self.amount)}"
            case "bring_in":
                text = f"{p} pb"
            case "show":
                text = f"{p} sm {cards or '-'}"
            case "muck":
                text = f"{p} sm"
            case "stand_pat_discard":
                text = f"{p} sd {cards}".rstrip()
            case _:
                raise ValueError(f"unknown action kind {self.kind!r}")
        if self.commentary is not None:
            text += f" # {self.commentary}"
        return text


_PLAYER_RE = re.compile(r"p([1-9][0-9]*)")


def parse_phh_cards(text: str) -> tuple[MaybeCard, ...]:
    """Parse PHH card text like 'AcKd' or '????Ts' (two characters a card, '??' unknown)."""
    if len(text) % 2:
        raise InvalidNotationError(text, "PHH cards are two characters each (like AcKd, ?? unknown)")
    cards: list[MaybeCard] = []
    for i in range(0, len(text), 2):
        token = text[i:i + 2]
        cards.append(None if token == "??" else Card.parse(token))
    return tuple(cards)


def format_phh_cards(cards: Iterable[MaybeCard]) -> str:
    return "".join("??" if c is None else str(c) for c in cards)


def parse_amount(text: str) -> Amount:
    """'300' -> 300, '0.25' -> Decimal('0.25'); commas allowed as PokerKit allows them."""
    raw = text.replace(",", "")
    try:
        return int(raw)
    except ValueError:
        pass
    try:
        value = Decimal(raw)
    except InvalidOperation:
        raise ValueError(f"{text!r} is not an amount") from None
    if not value.is_finite():
        raise ValueError(f"{text!r} is not a finite amount")
    return value


def format_amount(value: Amount | None) -> str:
    if value is None:
        raise ValueError("missing amount")
    return str(value)


def parse_action(text: str, player_count: int | None = None) -> PhhAction:
    """Parse one PHH action string; raises ValueError with the reason."""
    commentary = None
    body = text
    if "#" in text:
        cut = text.index("#")
        body = text[:cut]
        commentary = text[cut + 1:].strip() or None
    words = body.split()

    def player(word: str) -> int:
        m = _PLAYER_RE.fullmatch(word)
        if m is None:
            raise ValueError(f"{word!r} is not a player label like p1")
        index = int(m.group(1)) - 1
        if player_count is not None and index >= player_count:
            raise ValueError(f"{word} but the hand has {player_count} players")
        return index

    match words:
        case ["d", "dh", who, cards]:
            return PhhAction(kind="deal_hole", player=player(who), cards=parse_phh_cards(cards),
                             commentary=commentary)
        case ["d", "db", cards]:
            return PhhAction(kind="deal_board", cards=parse_phh_cards(cards), commentary=commentary)
        case [who, "f"]:
            return PhhAction(kind="fold", player=player(who), commentary=commentary)
        case [who, "cc"]:
            return PhhAction(kind="check_call", player=player(who), commentary=commentary)
        case [who, "cbr", amount]:
            value = parse_amount(amount)
            if value <= 0:
                raise ValueError(f"amount {amount} must be positive")
            return PhhAction(kind="complete_bet_raise", player=player(who), amount=value,
                             commentary=commentary)
        case [who, "pb"]:
            return PhhAction(kind="bring_in", player=player(who), commentary=commentary)
        case [who, "sm"]:
            return PhhAction(kind="muck", player=player(who), commentary=commentary)
        case [who, "sm", "-"]:
            return PhhAction(kind="show", player=player(who), commentary=commentary)
        case [who, "sm", cards]:
            return PhhAction(kind="show", player=player(who), cards=parse_phh_cards(cards),
                             commentary=commentary)
        case [who, "sd"]:
            return PhhAction(kind="stand_pat_discard", player=player(who), cards=(),
                             commentary=commentary)
        case [who, "sd", cards]:
            return PhhAction(kind="stand_pat_discard", player=player(who),
                             cards=parse_phh_cards(cards), commentary=commentary)
        case _:
            raise ValueError("not a PHH action (expected like 'd dh p1 AcKd', 'd db 2c3d4h', "
                             "'p1 f', 'p1 cc', 'p1 cbr 300', 'p1 pb', 'p1 sm AcKd', 'p1 sd')")


# ---------------------------------------------------------------------------------------
# Hands


@dataclass(frozen=True, slots=True, kw_only=True)
class PhhHand:
    """One hand of a PHH file, field by field (amounts exact: int or Decimal)."""

    variant: str
    antes: tuple[Amount, ...]
    starting_stacks: tuple[Amount, ...]
    actions: tuple[str, ...]
    ante_trimming_status: bool = False
    blinds_or_straddles: tuple[Amount, ...] | None = None
    bring_in: Amount | None = None
    small_bet: Amount | None = None
    big_bet: Amount | None = None
    min_bet: Amount | None = None
    finishing_stacks: tuple[Amount, ...] | None = None
    winnings: tuple[Amount, ...] | None = None
    players: tuple[str, ...] | None = None
    seats: tuple[int, ...] | None = None
    hand: str | int | None = None
    table: str | int | None = None
    # Every other field (author, event, dates, currency, user-defined `_x` keys), in file order.
    extra: tuple[tuple[str, Any], ...] = ()
    # Where the hand came from: "[3]" for the third table of a multi-hand file, else None.
    label: str | None = field(default=None, compare=False)

    @property
    def player_count(self) -> int:
        return len(self.starting_stacks)

    def get(self, name: str, default: Any = None) -> Any:
        """A field by name, whether a named attribute or an extra field."""
        if name in _ATTRIBUTE_FIELDS:
            value = getattr(self, name)
            return default if value is None else value
        return dict(self.extra).get(name, default)

    def parsed_actions(self) -> tuple[PhhAction, ...]:
        result = []
        for i, text in enumerate(self.actions):
            try:
                result.append(parse_action(text, self.player_count))
            except ValueError as exc:
                raise PhhFormatError(f"actions[{i}]", f"{text!r}: {exc}", hand=self.label) from None
        return tuple(result)

    def with_fields(self, **changes: Any) -> PhhHand:
        return replace(self, **changes)


_ATTRIBUTE_FIELDS = frozenset(
    ("variant", "antes", "starting_stacks", "actions", "ante_trimming_status",
     "blinds_or_straddles", "bring_in", "small_bet", "big_bet", "min_bet", "finishing_stacks",
     "winnings", "players", "seats", "hand", "table")
)  # fmt: skip


def _is_amount(value: Any) -> bool:
    """An exact number: int or a finite Decimal (`inf` only where `_is_stack` allows it)."""
    return isinstance(value, int | Decimal) and not isinstance(value, bool) and (
        not isinstance(value, Decimal) or value.is_finite())


def is_unknown(value: Amount) -> bool:
    """`inf`: the PHH specification's mark for a stack the record does not know."""
    return isinstance(value, Decimal) and value.is_infinite() and value > 0


def _is_stack(value: Any) -> bool:
    return _is_amount(value) or (isinstance(value, Decimal) and is_unknown(value))


def _hand_from_dict(raw: dict[str, Any], label: str | None) -> PhhHand:
    def fail(name: str, reason: str) -> PhhFormatError:
        return PhhFormatError(name, reason, hand=label)

    variant = raw.get("variant")
    if variant is None:
        raise fail("variant", "missing (every PHH hand names its variant, like 'NT')")
    if variant not in REQUIRED_FIELDS:
        raise fail("variant", f"unknown variant {variant!r}; known: {', '.join(REQUIRED_FIELDS)}")
    for name in ("starting_stacks", "actions", *REQUIRED_FIELDS[variant]):
        if name not in raw:
            raise fail(name, f"missing (required for variant {variant})")

    stacks = raw["starting_stacks"]
    if not isinstance(stacks, list) or not stacks or not all(_is_stack(v) for v in stacks):
        raise fail("starting_stacks", "must be a non-empty list of amounts (inf: unknown)")
    n = len(stacks)
    if n < 2:
        raise fail("starting_stacks", "a hand needs at least two players")
    if any(v <= 0 for v in stacks):
        raise fail("starting_stacks", "every starting stack must be positive")

    values: dict[str, Any] = {"variant": variant, "starting_stacks": tuple(stacks)}
    for name in _LIST_AMOUNTS:
        if name == "starting_stacks" or name not in raw:
            continue
        value = raw[name]
        if _is_amount(value) and name in ("antes", "blinds_or_straddles"):
            # PokerKit accepts a single number for antes: the same for everyone.
            value = [value] * n
        # A finishing stack is unknown (inf) where the starting stack was.
        valid = _is_stack if name == "finishing_stacks" else _is_amount
        if not isinstance(value, list) or not all(valid(v) for v in value):
            raise fail(name, "must be a list of amounts (integers or decimals)")
        if len(value) != n:
            raise fail(name, f"has {len(value)} entries for {n} players (starting_stacks)")
        if name in ("antes", "finishing_stacks", "winnings") and any(v < 0 for v in value):
            raise fail(name, "amounts must not be negative")
        values[name] = tuple(value)
    for name in _SCALAR_AMOUNTS:
        if name in raw:
            if not _is_amount(raw[name]) or raw[name] < 0:
                raise fail(name, "must be a non-negative amount")
            values[name] = raw[name]

    actions = raw["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise fail("actions", "must be a list of strings like 'p1 cc'")
    values["actions"] = tuple(actions)
    if "ante_trimming_status" in raw:
        if not isinstance(raw["ante_trimming_status"], bool):
            raise fail("ante_trimming_status", "must be true or false")
        values["ante_trimming_status"] = raw["ante_trimming_status"]
    if "players" in raw:
        players = raw["players"]
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise fail("players", "must be a list of names")
        if len(players) != n:
            raise fail("players", f"has {len(players)} names for {n} players")
        values["players"] = tuple(players)
    if "seats" in raw:
        seats = raw["seats"]
        if not isinstance(seats, list) or not all(type(s) is int and s >= 1 for s in seats):
            raise fail("seats", "must be a list of seat numbers from 1")
        if len(seats) != n:
            raise fail("seats", f"has {len(seats)} entries for {n} players")
        values["seats"] = tuple(seats)
    for name in ("hand", "table"):
        if name in raw:
            if not isinstance(raw[name], str | int) or isinstance(raw[name], bool):
                raise fail(name, "must be a string or an integer")
            values[name] = raw[name]
    extra = []
    for key, value in raw.items():
        if key in _ATTRIBUTE_FIELDS:
            continue
        if key in _STRINGS and not isinstance(value, str):
            raise fail(key, "must be a string")
        if key in _INTS and (type(value) is not int):
            raise fail(key, "must be an integer")
        if key == "time" and not isinstance(value, datetime.time):
            raise fail(key, "must be a TOML local time like 12:34:56")
        extra.append((key, value))
    hand = PhhHand(**values, extra=tuple(extra), label=label)
    hand.parsed_actions()  # validates every action string now, naming the index
    return hand


def _load_toml(text: str) -> dict[str, Any]:
    if text.startswith("\ufeff"):
        text = text[1:]
    try:
        return tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as exc:
        raise PhhFormatError("(toml)", f"not valid TOML: {exc}") from None


def loads(text: str) -> PhhHand:
    """Read a single-hand PHH text."""
    raw = _load_toml(text)
    return _hand_from_dict(raw, None)


def loads_all(text: str) -> list[PhhHand]:
    """Read a PHH text of one hand (top-level keys) or several (tables `[1]`, `[2]`, ...)."""
    raw = _load_toml(text)
    if "variant" in raw or not raw:
        return [_hand_from_dict(raw, None)]
    hands = []
    for key, value in raw.items():
        if not isinstance(value, dict):
            raise PhhFormatError(key, "a multi-hand PHH file holds only tables like [1], [2]")
        hands.append(_hand_from_dict(value, key))
    return hands


# ---------------------------------------------------------------------------------------
# Writing


def _toml_string(value: str) -> str:
    # PokerKit writes literal strings; they cannot hold a quote or a control character, so
    # those fall back to an escaped basic string (still valid TOML, read back identically).
    if "'" not in value and not any(ord(ch) < 32 or ord(ch) == 127 for ch in value):
        return f"'{value}'"
    out = []
    for ch in value:
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ord(ch) < 32 or ord(ch) == 127:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Decimal):
        if is_unknown(value):
            return "inf"
        text = str(value)
        return text if any(c in text for c in ".eE") else text + ".0"
    if isinstance(value, float):
        raise TypeError("floats are not written: amounts are int or Decimal")
    if isinstance(value, str):
        return _toml_string(value)
    if isinstance(value, datetime.time | datetime.date | datetime.datetime):
        return value.isoformat()
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        pairs = (f"{_toml_key(k)} = {_toml_value(v)}" for k, v in value.items())
        return "{" + ", ".join(pairs) + "}"
    raise TypeError(f"cannot write {type(value).__name__} to PHH")


def _toml_key(key: str) -> str:
    return key if _BARE_KEY.fullmatch(key) else _toml_string(key)


def dumps(hand: PhhHand) -> str:
    """Write one hand as PHH text (PokerKit's field order; reads back equal)."""
    lines = []
    for name in _FIELD_ORDER:
        value = hand.get(name) if name in _ATTRIBUTE_FIELDS else None
        if name == "ante_trimming_status":
            value = hand.ante_trimming_status
        if value is not None:
            lines.append(f"{name} = {_toml_value(value)}")
        elif name not in _ATTRIBUTE_FIELDS:
            for key, extra_value in hand.extra:
                if key == name:
                    lines.append(f"{_toml_key(key)} = {_toml_value(extra_value)}")
    known = set(_FIELD_ORDER)
    for key, extra_value in hand.extra:
        if key not in known:
            lines.append(f"{_toml_key(key)} = {_toml_value(extra_value)}")
    return "\n".join(lines) + "\n"


def dumps_all(hands: Sequence[PhhHand]) -> str:
    """Write several hands as tables `[1]`, `[2]`, ... (PokerKit's `dumps_all` layout)."""
    return "\n".join(f"[{i + 1}]\n{dumps(h)}" for i, h in enumerate(hands))
