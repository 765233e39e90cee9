"""Settlement of one seat's bets against the dealer (U-SHOW-1, U-QUAL-1, U-PAY-1..4).

Nets are signed amounts in the chip unit: + won (the stake comes back on top), 0 push,
- lost. A 3:2 Blind win that does not come out even is rounded down to the chip unit and the
rounded-off part is kept in the result so it can be shown (U-PAY-4).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from pokerroom.core.evaluation import HandCategory, HandValue
from pokerroom.core.money import pay_ratio
from pokerroom.core.uth.paytables import blind_ratio, trips_ratio


class Outcome(StrEnum):
    WIN = "win"
    LOSE = "lose"
    TIE = "tie"
    FOLD = "fold"


class BetKind(StrEnum):
    ANTE = "ante"
    BLIND = "blind"
    PLAY = "play"
    TRIPS = "trips"


@dataclass(frozen=True, slots=True, kw_only=True)
class BetResult:
    bet: BetKind
    stake: int
    net: int
    ratio: Fraction | None = None  # the pay-table ratio applied, when one was
    rounded_off: Fraction = Fraction(0)  # chips a ratio owed beyond the chip unit (U-PAY-4)


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatSettlement:
    seat: int
    outcome: Outcome
    dealer_qualifies: bool
    bets: tuple[BetResult, ...]

    @property
    def net(self) -> int:
        return sum(b.net for b in self.bets)

    def net_of(self, bet: BetKind) -> int | None:
        for result in self.bets:
            if result.bet is bet:
                return result.net
        return None


def dealer_qualifies(dealer: HandValue) -> bool:
    """U-QUAL-1: a pair or better."""
    return dealer.category >= HandCategory.PAIR


def _win(kind: BetKind, stake: int, ratio: Fraction, chip_unit: int) -> BetResult:
    paid, rounded_off = pay_ratio(stake, ratio, chip_unit)
    return BetResult(bet=kind, stake=stake, net=paid, ratio=ratio, rounded_off=rounded_off)


def settle_trips(stake: int, player: HandValue, chip_unit: int = 1) -> BetResult:
    """U-PAY-3: on the player's best five cards, whatever the dealer holds, fold or not."""
    ratio = trips_ratio(player)
    if ratio is None:
        return BetResult(bet=BetKind.TRIPS, stake=stake, net=-stake)
    return _win(BetKind.TRIPS, stake, ratio, chip_unit)


def settle_seat(
    *,
    seat: int,
    ante: int,
    trips: int,
    play: int,
    folded: bool,
    player: HandValue,
    dealer: HandValue,
    chip_unit: int = 1,
) -> SeatSettlement:
    """Every bet of one seat, row by row of the U-PAY-1 table."""
    blind = ante
    qualifies = dealer_qualifies(dealer)
    bets: list[BetResult]
    if folded:
        outcome = Outcome.FOLD
        bets = [
            BetResult(bet=BetKind.ANTE, stake=ante, net=-ante),
            BetResult(bet=BetKind.BLIND, stake=blind, net=-blind),
        ]
    elif player > dealer:
        outcome = Outcome.WIN
        ante_result = (
            _win(BetKind.ANTE, ante, Fraction(1), chip_unit)
            if qualifies
            else BetResult(bet=BetKind.ANTE, stake=ante, net=0)
        )
        bets = [
            ante_result,
            _win(BetKind.BLIND, blind, blind_ratio(player), chip_unit),
            _win(BetKind.PLAY, play, Fraction(1), chip_unit),
        ]
    elif player < dealer:
        outcome = Outcome.LOSE
        bets = [
            BetResult(bet=BetKind.ANTE, stake=ante, net=-ante if qualifies else 0),
            BetResult(bet=BetKind.BLIND, stake=blind, net=-blind),
            BetResult(bet=BetKind.PLAY, stake=play, net=-play),
        ]
    else:
        outcome = Outcome.TIE
        bets = [
            BetResult(bet=BetKind.ANTE, stake=ante, net=0),
            BetResult(bet=BetKind.BLIND, stake=blind, net=0),
            BetResult(bet=BetKind.PLAY, stake=play, net=0),
        ]
    if trips:
        bets.append(settle_trips(trips, player, chip_unit))
    return SeatSettlement(seat=seat, outcome=outcome, dealer_qualifies=qualifies, bets=tuple(bets))
