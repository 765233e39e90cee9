"""The lobby: a catalogue of the room's tables with live figures from the hands played.

Per table: game, structure, stakes, seats and buy-in range (R-BUYIN-1, R-BUYIN-2); live:
players seated, players waiting, average pot, players per flop (%), hands per hour, over the
last hour of hands fed in. The waiting lists are each table's (Table.waiting_list); the
room has no list per game (the server never offered one, so it went, issue 10).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from pokerroom.core.table.config import TableConfig, TableStakes
from pokerroom.core.table.events import HandSettled
from pokerroom.core.table.room import RoomConfig, UthTableSpec
from pokerroom.core.table.table import Table

HOUR_MS = 3_600_000


@dataclass(frozen=True, slots=True, kw_only=True)
class TableListing:
    name: str
    game: str
    betting: str
    stakes: TableStakes
    seats: int
    buy_in_min: int
    buy_in_max: int | None
    uth_limits: tuple[int, int, int, int] | None = None  # ante min/max, trips min/max

    @classmethod
    def of(cls, config: TableConfig) -> TableListing:
        limits = config.buy_in
        return cls(
            name=config.name,
            game=config.game,
            betting=config.betting,
            stakes=config.stakes,
            seats=config.seats,
            buy_in_min=limits.minimum,
            buy_in_max=limits.maximum,
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class LiveFigures:
    seated: int
    waiting: int
    average_pot: int  # chips, rounded down
    players_per_flop_pct: int  # rounded to the nearest percent
    hands_per_hour: int


@dataclass(frozen=True, slots=True, kw_only=True)
class LobbyRow:
    listing: TableListing
    figures: LiveFigures


class _Live:
    __slots__ = ("seated", "waiting", "hands", "seen")

    def __init__(self) -> None:
        self.seated = 0
        self.waiting = 0
        self.hands: deque[HandSettled] = deque()
        self.seen = 0


class Lobby:
    """The room's catalogue; fed with seat counts and hand summaries by the caller."""

    def __init__(self) -> None:
        self._listings: dict[str, TableListing] = {}
        self._live: dict[str, _Live] = {}

    def add_table(self, config: TableConfig) -> None:
        if config.name in self._listings:
            raise ValueError(f"duplicate table name {config.name!r}")
        self._listings[config.name] = TableListing.of(config)
        self._live[config.name] = _Live()

    def add_uth_table(self, spec: UthTableSpec) -> None:
        """A banked Ultimate Texas Hold'em table: listed with its ante and trips limits."""
        if spec.name in self._listings:
            raise ValueError(f"duplicate table name {spec.name!r}")
        self._listings[spec.name] = TableListing(
            name=spec.name, game="uth", betting="", stakes=TableStakes(), seats=spec.seats,
            buy_in_min=spec.ante_min, buy_in_max=None,
            uth_limits=(spec.ante_min, spec.ante_max, spec.trips_min, spec.trips_max),
        )  # fmt: skip
        self._live[spec.name] = _Live()

    @classmethod
    def from_room(cls, room: RoomConfig) -> Lobby:
        lobby = cls()
        for config in room.tables:
            lobby.add_table(config)
        for spec in room.uth_tables:
            lobby.add_uth_table(spec)
        return lobby

    def set_occupancy(self, name: str, *, seated: int, waiting: int) -> None:
        live = self._live[name]
        live.seated, live.waiting = seated, waiting

    def record_hand(self, name: str, hand: HandSettled) -> None:
        self._live[name].hands.append(hand)

    def observe(self, table: Table) -> None:
        """Take the seat counts and the new hand summaries from a table."""
        live = self._live[table.config.name]
        live.seated = len(table.players())
        live.waiting = len(table.waiting_list)
        for hand in table.hand_log[live.seen :]:
            live.hands.append(hand)
        live.seen = len(table.hand_log)

    def figures(self, name: str, now_ms: int) -> LiveFigures:
        live = self._live[name]
        while live.hands and live.hands[0].ended_ms <= now_ms - HOUR_MS:
            live.hands.popleft()
        hands = list(live.hands)
        n = len(hands)
        dealt = sum(h.dealt for h in hands)
        flop = sum(h.saw_flop for h in hands)
        return LiveFigures(
            seated=live.seated,
            waiting=live.waiting,
            average_pot=sum(h.pot_total for h in hands) // n if n else 0,
            players_per_flop_pct=(200 * flop + dealt) // (2 * dealt) if dealt else 0,
            hands_per_hour=n,
        )

    def catalogue(self, now_ms: int) -> tuple[LobbyRow, ...]:
        return tuple(
            LobbyRow(listing=listing, figures=self.figures(name, now_ms))
            for name, listing in self._listings.items()
        )
