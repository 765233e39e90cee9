"""Player intents of an Ultimate Texas Hold'em round (U-BET-1, U-PLAY-1..3)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True, kw_only=True)
class PlaceBets:
    """The Ante (the Blind, equal to it, is placed automatically) and an optional Trips bet."""

    seat: int
    ante: int
    trips: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class Play:
    """A Play bet of `multiple` x the Ante: 4 or 3 preflop, 2 on the flop, 1 at the river."""

    seat: int
    multiple: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Check:
    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Fold:
    seat: int


Action = PlaceBets | Play | Check | Fold
