"""Many hands at one table: seats, buy-ins, button and blinds, sitting out, the clock, lobby.

R-BUYIN-1..4, R-BTN-1..2, R-BLIND-1..9, R-HU-1 on top of the hand engine (core.rules).

    table = Table(TableConfig(game="holdem", betting="no-limit",
                              stakes=TableStakes(small_blind=1, big_blind=2)))
    table.sit_down("ann", 0, 200); table.sit_down("bob", 1, 200)
    table.start_hand(now_ms, deck)          # plan blinds, call rules.start_hand
    table.act("bob", Call(seat=1), now_ms)  # player actions go to table.hand
"""

from pokerroom.core.table.blinds import (
    BIG_BLIND,
    SMALL_BLIND,
    SMALL_BLIND_DEAD,
    BlindPlan,
    NotEnoughPlayersError,
    PreviousHand,
    SeatState,
    plan_hand,
)
from pokerroom.core.table.buyin import (
    RETURN_WINDOW_MS,
    Departure,
    RoomMemory,
    buy_in_limits,
    check_buy_in,
    check_top_up,
)
from pokerroom.core.table.clock import TurnClock, start_turn
from pokerroom.core.table.config import (
    BuyInLimits,
    ClockConfig,
    TableConfig,
    TableStakes,
)
from pokerroom.core.table.events import (
    BlindMissed,
    GameChanged,
    HandDealt,
    HandSettled,
    PlayerSat,
    PlayerStoodUp,
    SatIn,
    SatOut,
    TableEvent,
    TimedOut,
    ToppedUp,
)
from pokerroom.core.table.lobby import LiveFigures, Lobby, LobbyRow, TableListing
from pokerroom.core.table.room import RoomConfig, RoomConfigError, UthTableSpec, parse_room
from pokerroom.core.table.table import SeatRecord, SeatView, Table
from pokerroom.core.table.waiting import SeatOffer, WaitingList

__all__ = [
    "BIG_BLIND", "RETURN_WINDOW_MS", "SMALL_BLIND", "SMALL_BLIND_DEAD",
    "BlindMissed", "BlindPlan", "GameChanged", "BuyInLimits", "ClockConfig", "Departure",
    "HandDealt", "HandSettled", "NotEnoughPlayersError", "PlayerSat", "PlayerStoodUp",
    "PreviousHand", "RoomMemory", "SatIn", "SatOut", "SeatOffer", "SeatState",
    "SeatRecord", "SeatView", "Table", "TableConfig", "TableEvent",
    "TableStakes", "TimedOut", "ToppedUp", "TurnClock", "WaitingList",
    "LiveFigures", "Lobby", "LobbyRow", "RoomConfig", "RoomConfigError", "TableListing",
    "UthTableSpec", "parse_room",
    "buy_in_limits", "check_buy_in", "check_top_up", "plan_hand", "start_turn",
]  # fmt: skip
