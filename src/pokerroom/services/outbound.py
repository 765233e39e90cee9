"""Outbound WebSocket messages: every message the server sends, typed (docs/PROTOCOL.md 2.2).

The inbound messages are validated in `pokerroom.server.messages`, which also re-exports
these, so the whole protocol is read from one module there. They are defined here, in the
services, because the table runners build them and the services never import the server
(tests/test_architecture.py).

A message is a frozen dataclass whose first field is its `type`; `encode` turns it into a
`Frame`, the JSON text a socket is sent, built once per audience (issue 11): the fan-out
hands the very same frame to every subscriber of a channel. The field order is the key order
on the wire, with `"v"` appended last, as the dicts these classes replace were written.
Views, events and lobby entries inside a message are typed in services.outbound_parts
(TypedDicts: plain dicts at run time, so the hot path pays nothing for the types), built by
services.poker_view, services.wire and the runners, already filtered for the audience.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

import orjson

from pokerroom.services.outbound_parts import (
    AccountInfo,
    LobbyEntry,
    PokerView,
    TournamentPicture,
    TournamentTable,
    UthTableView,
    Winner,
    WireEvent,
)

PROTOCOL_VERSION = 1
JsonObject = dict[str, Any]

_OPTIONS = orjson.OPT_NON_STR_KEYS
_VERSION_TAIL = f',"v":{PROTOCOL_VERSION}}}'.encode()


@dataclass(frozen=True, slots=True)
class Frame:
    """One message encoded: the exact text sent to each socket of its audience."""

    text: str
    _websocket: bytes | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def websocket(self) -> bytes:
        """The message as a server's WebSocket text frame (RFC 6455 5.2): a server never
        masks, so these bytes are the same on every socket; built once per frame, at the
        first socket that writes them (server.wire)."""
        framed = self._websocket
        if framed is None:
            framed = websocket_text_frame(self.text.encode())
            object.__setattr__(self, "_websocket", framed)
        return framed

    @classmethod
    def of_json(cls, data: bytes) -> Frame:
        """The frame of a message's JSON, framed for the sockets from these bytes (not
        encoded again from its text)."""
        frame = cls(data.decode())
        object.__setattr__(frame, "_websocket", websocket_text_frame(data))
        return frame


def websocket_text_frame(payload: bytes) -> bytes:
    """One unfragmented, unmasked text frame: FIN and opcode 1, then the payload's length
    in 7 bits, or 126 and 16 bits, or 127 and 64 bits."""
    n = len(payload)
    if n < 126:
        head = bytes((0x81, n))
    elif n < 1 << 16:
        head = bytes((0x81, 126)) + n.to_bytes(2, "big")
    else:
        head = bytes((0x81, 127)) + n.to_bytes(8, "big")
    return head + payload


def encode(message: Outbound) -> Frame:
    """The message as sent: its fields in order, then `"v"` (every message has fields)."""
    return Frame.of_json(orjson.dumps(message, option=_OPTIONS)[:-1] + _VERSION_TAIL)


def decode(frame: Frame) -> JsonObject:
    """The frame as a client reads it (tests and tools)."""
    data: JsonObject = orjson.loads(frame.text)
    return data


# ---------------------------------------------------------------------- session
@dataclass(frozen=True, slots=True, kw_only=True)
class Welcome:
    type: Literal["welcome"] = field(default="welcome", init=False)
    account: AccountInfo | None
    now_ms: int
    protocol: int = PROTOCOL_VERSION


@dataclass(frozen=True, slots=True, kw_only=True)
class Pong:
    type: Literal["pong"] = field(default="pong", init=False)
    now_ms: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Error:
    """A refusal of one request (docs/PROTOCOL.md 2.4.1)."""

    type: Literal["error"] = field(default="error", init=False)
    code: str
    rule: str | None
    reason: str
    ref: str | None
    table: str | None


@dataclass(frozen=True, slots=True, kw_only=True)
class WordedError(Error):
    """A refusal with words of its own, for the client to say in the player's language."""

    message: str
    params: JsonObject


@dataclass(frozen=True, slots=True, kw_only=True)
class Balance:
    type: Literal["balance"] = field(default="balance", init=False)
    balance: int


# ---------------------------------------------------------------------- notices
@dataclass(frozen=True, slots=True, kw_only=True)
class Notice:
    """Something the player is told; `code` says what, `text` in English."""

    type: Literal["notice"] = field(default="notice", init=False)
    code: str
    table: str | None
    hand: int | None
    text: str


@dataclass(frozen=True, slots=True, kw_only=True)
class WordedNotice(Notice):
    """A notice a client words by `message` and `params` (limit_reached: the refusal's
    `limit_*` message; session_reminder: `minutes`)."""

    message: str
    params: dict[str, int | str]


@dataclass(frozen=True, slots=True, kw_only=True)
class WaitListed(Notice):
    place: int


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatAvailable(Notice):
    expires_ms: int
    name: str


@dataclass(frozen=True, slots=True, kw_only=True)
class StatusNotice(Notice):
    """From the room's operators (a table's status, a broadcast to its watchers). `status`
    (table_status: open, paused or closed) is for the client to word the notice."""

    now_ms: int
    status: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class KeptNotice:
    """A notice kept in the database until the player came back (e.g. a hand voided)."""

    type: Literal["notice"] = field(default="notice", init=False)
    code: str
    text: str
    table: str | None
    hand: int | None
    stack: int | None
    returned: int | None


# ---------------------------------------------------------------------- lobby
@dataclass(frozen=True, slots=True, kw_only=True)
class LobbyTables:
    type: Literal["lobby"] = field(default="lobby", init=False)
    tables: list[LobbyEntry]


@dataclass(frozen=True, slots=True, kw_only=True)
class LobbyUpdate:
    type: Literal["lobby_update"] = field(default="lobby_update", init=False)
    table: LobbyEntry


# ---------------------------------------------------------------------- tables
@dataclass(frozen=True, slots=True, kw_only=True)
class TableView:
    type: Literal["table_view"] = field(default="table_view", init=False)
    table: str
    version: int
    view: PokerView


@dataclass(frozen=True, slots=True, kw_only=True)
class TableEvents:
    type: Literal["table_events"] = field(default="table_events", init=False)
    table: str
    from_version: int
    version: int
    events: list[WireEvent]  # filtered for the receiver
    view: PokerView  # the receiver's view after these events (no `log`)


def table_events_head(table: str, from_version: int, version: int, events: bytes) -> bytes:
    """The start of `encode(TableEvents(...))` up to its view, from the JSON of its events:
    the same for every receiver of a fan-out whose events nobody sees differently."""
    return b"".join((b'{"type":"table_events","table":', orjson.dumps(table),
                     b',"from_version":', orjson.dumps(from_version), b',"version":',
                     orjson.dumps(version), b',"events":', events, b',"view":'))


def table_events_frame(head: bytes, view: bytes) -> Frame:
    """`encode(TableEvents(...))` from its head (table_events_head) and the JSON of its view:
    the fan-out encodes the parts a table's viewers share once, not once per viewer
    (issue 11). The same fields in the same order, then `"v"`."""
    return Frame.of_json(b"".join((head, view, _VERSION_TAIL)))


@dataclass(frozen=True, slots=True, kw_only=True)
class HandResult:
    type: Literal["hand_result"] = field(default="hand_result", init=False)
    table: str
    hand: int
    winners: list[Winner]
    shown: dict[str, list[str | None]]
    rake: int
    stacks: dict[str, int]


@dataclass(frozen=True, slots=True, kw_only=True)
class ChatLine:
    type: Literal["chat"] = field(default="chat", init=False)
    table: str
    name: str
    text: str
    now_ms: int


@dataclass(frozen=True, slots=True, kw_only=True)
class UthView:
    type: Literal["uth_view"] = field(default="uth_view", init=False)
    table: str
    version: int
    view: UthTableView


@dataclass(frozen=True, slots=True, kw_only=True)
class Tournament:
    type: Literal["tournament"] = field(default="tournament", init=False)
    tournament: str
    view: TournamentPicture


@dataclass(frozen=True, slots=True, kw_only=True)
class TournamentTableView:
    """One table of a tournament as its watchers see it (tournament_view.watcher_table)."""

    type: Literal["tournament_table"] = field(default="tournament_table", init=False)
    tournament: str
    table: int
    view: TournamentTable


Outbound = (
    Welcome | Pong | Error | Balance | Notice | KeptNotice | LobbyTables | LobbyUpdate
    | TableView | TableEvents | HandResult | ChatLine | UthView | Tournament | TournamentTableView
)
# Every class a message may be (subclasses of the union's members included).
OUTBOUND_CLASSES: tuple[type, ...] = (
    Welcome, Pong, Error, WordedError, Balance, Notice, WordedNotice, WaitListed, SeatAvailable, StatusNotice,
    KeptNotice, LobbyTables, LobbyUpdate, TableView, TableEvents, HandResult, ChatLine, UthView,
    Tournament, TournamentTableView,
)  # fmt: skip
