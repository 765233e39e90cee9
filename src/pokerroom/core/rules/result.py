"""What a player may do now (R-BET-10) and how a hand ended (R-POT-1..3, R-BET-9, R-RAKE-1)."""

from __future__ import annotations

from dataclasses import dataclass

from pokerroom.core.rules.records import fast_init


@fast_init
@dataclass(frozen=True, slots=True, kw_only=True)
class LegalActions:
    """Exactly what `seat` may do now (R-BET-10).

    `call` is the amount the player adds (None: no call possible). `bet`, `raise_to` and
    `complete` are (smallest, largest) street totals, None when not allowed. `bring_in`
    is the bring-in amount when the player must choose between bringing in and completing.
    `draw` (draw games, and then nothing else is offered) is the (fewest, most) cards the
    player may exchange: `Draw` with that many of their own cards; 0 stands pat (R-DRAW-2).
    """

    seat: int
    fold: bool = False
    check: bool = False
    call: int | None = None
    bet: tuple[int, int] | None = None
    raise_to: tuple[int, int] | None = None
    bring_in: int | None = None
    complete: tuple[int, int] | None = None
    draw: tuple[int, int] | None = None


@fast_init
@dataclass(frozen=True, slots=True, kw_only=True)
class PotResult:
    """One pot after rake: who could win it and who won what (R-POT-2, R-TIE-6)."""

    amount: int
    rake: int
    eligible: tuple[int, ...]
    winners: tuple[tuple[int, int], ...]
    low_winners: tuple[tuple[int, int], ...] = ()
    """`winners`: everything each seat got from this pot (high and low halves together);
    `low_winners`: the low half's shares alone, already included in `winners`."""


@fast_init
@dataclass(frozen=True, slots=True, kw_only=True)
class HandResult:
    """The end of a hand: final stacks, pots, returned bets, rake, shown and mucked hands."""

    stacks: tuple[tuple[int, int], ...]
    pots: tuple[PotResult, ...]
    returned: tuple[tuple[int, int], ...]
    rake: int
    shown: tuple[int, ...]
    mucked: tuple[int, ...]

    def stack(self, seat: int) -> int:
        for s, amount in self.stacks:
            if s == seat:
                return amount
        raise KeyError(seat)

    def won(self, seat: int) -> int:
        """Total chips `seat` received from all pots."""
        total = 0
        for pot in self.pots:
            for s, amount in pot.winners:
                if s == seat:
                    total += amount
        return total
