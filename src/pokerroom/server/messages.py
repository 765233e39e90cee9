"""The wire protocol's messages: inbound ones validated here before they reach a service, and
the outbound ones (defined in services.outbound, where the runners build them; re-exported
here so that both directions are read from this one module). The JSON objects inside the
outbound messages (views, seats, lobby entries, results) are typed in
services.outbound_parts."""

from __future__ import annotations

import json
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from pokerroom.services.outbound import (
    OUTBOUND_CLASSES,
    PROTOCOL_VERSION,
    Balance,
    Error,
    Frame,
    KeptNotice,
    LobbyTables,
    LobbyUpdate,
    Notice,
    Outbound,
    Pong,
    StatusNotice,
    TableEvents,
    TableView,
    Welcome,
    WordedError,
    decode,
    encode,
)

__all__ = [
    "OUTBOUND_CLASSES", "PROTOCOL_VERSION", "Balance", "Error", "Frame", "KeptNotice",
    "LobbyTables", "LobbyUpdate", "Notice", "Outbound", "Pong", "StatusNotice", "TableEvents",
    "TableView", "Welcome", "WordedError", "decode", "encode",
]

TableId = Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_.\-]+$")]
Chips = Annotated[int, Field(ge=0, le=10**12, strict=True)]
Count = Annotated[int, Field(ge=0, le=10**9, strict=True)]
# Event versions start from a time-based base (about 1.8e12), so they need more room.
Version = Annotated[int, Field(ge=0, le=2**53, strict=True)]
Ref = Annotated[str, Field(max_length=64)]


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    v: Literal[1] = 1
    ref: Ref | None = None


class Hello(_Message):
    type: Literal["hello"]
    last_versions: dict[TableId, Version] = Field(default_factory=dict, max_length=32)


class Ping(_Message):
    type: Literal["ping"]


class LobbySubscribe(_Message):
    type: Literal["lobby_subscribe"]


class LobbyUnsubscribe(_Message):
    type: Literal["lobby_unsubscribe"]


class Observe(_Message):
    type: Literal["observe"]
    table: TableId


class Unobserve(_Message):
    type: Literal["unobserve"]
    table: TableId


class Sit(_Message):
    type: Literal["sit"]
    table: TableId
    seat: Annotated[int, Field(ge=0, le=9, strict=True)] | None = None
    buy_in: Chips = 0
    blind: Literal["wait", "post"] = "wait"


class Act(_Message):
    type: Literal["act"]
    table: TableId
    hand: Count
    action_no: Count
    action: Literal["fold", "check", "call", "bet", "raise", "bring_in", "complete", "show", "muck",
                    "draw"]
    amount: Chips | None = None
    # `draw` (draw games, R-DRAW-2): the cards of your hand to exchange, as "Kd"; [] stands pat.
    cards: Annotated[list[Annotated[str, Field(min_length=2, max_length=3)]], Field(max_length=5)] | None = None


class SitOut(_Message):
    type: Literal["sit_out"]
    table: TableId


class SitIn(_Message):
    type: Literal["sit_in"]
    table: TableId


class AutoPost(_Message):
    type: Literal["auto_post"]
    table: TableId
    on: Annotated[bool, Field(strict=True)]


class TopUp(_Message):
    type: Literal["top_up"]
    table: TableId
    amount: Chips


class Leave(_Message):
    type: Literal["leave"]
    table: TableId


class WaitList(_Message):
    type: Literal["wait_list"]
    table: TableId


class Chat(_Message):
    type: Literal["chat"]
    table: TableId
    text: Annotated[str, Field(min_length=1, max_length=200)]


class UthBet(_Message):
    type: Literal["uth_bet"]
    table: TableId
    ante: Chips
    trips: Chips = 0


class UthDecide(_Message):
    type: Literal["uth_decide"]
    table: TableId
    round: Count
    decision: Literal["play4", "play3", "play2", "play1", "check", "fold"]


class TournamentFollow(_Message):
    """Receive `tournament` pictures of one tournament (and your table in it)."""

    type: Literal["tournament_follow"]
    tournament: TableId


class TournamentRegister(_Message):
    type: Literal["tournament_register"]
    tournament: TableId


class TournamentUnregister(_Message):
    type: Literal["tournament_unregister"]
    tournament: TableId


class TournamentAct(_Message):
    type: Literal["tournament_act"]
    tournament: TableId
    hand: Count
    action: Literal["fold", "check", "call", "bet", "raise", "bring_in", "complete", "show", "muck"]
    amount: Chips | None = None


class TournamentBack(_Message):
    """An away player is back (R-TOURN-5): their turns wait for them again."""

    type: Literal["tournament_back"]
    tournament: TableId


class TournamentSitOut(_Message):
    """Sit out (R-TOURN-5): away, dealt in and played for (check or fold), until
    `tournament_back`; connecting again does not end it."""

    type: Literal["tournament_sit_out"]
    tournament: TableId


class TournamentWatch(_Message):
    """Watch one table of a tournament (its chat); `table` null: stop watching."""

    type: Literal["tournament_watch"]
    tournament: TableId
    table: Annotated[int, Field(ge=1, le=10_000, strict=True)] | None = None


class TournamentChat(_Message):
    """A chat line at a tournament table you sit at or watch (as `chat` at a cash table)."""

    type: Literal["tournament_chat"]
    tournament: TableId
    table: Annotated[int, Field(ge=1, le=10_000, strict=True)]
    text: Annotated[str, Field(min_length=1, max_length=200)]


class TournamentDeal(_Message):
    """Ask for the final-table ICM deal, or accept or decline the one offered."""

    type: Literal["tournament_deal"]
    tournament: TableId
    answer: Literal["ask", "accept", "decline"]


Inbound = Annotated[
    Hello | Ping | LobbySubscribe | LobbyUnsubscribe | Observe | Unobserve | Sit | Act | SitOut
    | SitIn | AutoPost | TopUp | Leave | WaitList | Chat | UthBet | UthDecide
    | TournamentFollow | TournamentRegister | TournamentUnregister | TournamentAct
    | TournamentDeal | TournamentBack | TournamentSitOut | TournamentWatch | TournamentChat,
    Field(discriminator="type"),
]
_ADAPTER: TypeAdapter[Inbound] = TypeAdapter(Inbound)


class BadMessageError(ValueError):
    """The message is not valid JSON, too large, or not a known message of the right shape."""

    def __init__(self, reason: str, ref: str | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.ref = ref


def parse_inbound(raw: str | bytes, max_bytes: int) -> Inbound:
    """Parse and validate one inbound frame, or raise BadMessageError with a reason."""
    size = len(raw.encode("utf-8") if isinstance(raw, str) else raw)
    if size > max_bytes:
        raise BadMessageError(f"message of {size} bytes exceeds the limit of {max_bytes}")
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError) as exc:
        raise BadMessageError(f"not valid JSON: {exc}") from None
    except RecursionError:
        raise BadMessageError("not valid JSON: nested too deeply") from None
    if not isinstance(data, dict):
        raise BadMessageError("a message must be a JSON object")
    ref = data.get("ref") if isinstance(data.get("ref"), str) else None
    ref = ref[:64] if ref else None
    if not isinstance(data.get("type"), str):
        raise BadMessageError("a message needs a string 'type'", ref)
    try:
        return _ADAPTER.validate_python(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ()))
        raise BadMessageError(f"{where}: {first.get('msg', 'invalid')}", ref) from None
