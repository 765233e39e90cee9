"""Helpers for UTH tests: scripted decks in the shuffler order of U-DEAL-1."""

from __future__ import annotations

from pokerroom.core.cards import parse_cards, to_codes
from pokerroom.core.deck import ordered_deck
from pokerroom.core.uth import Check, Fold, PlaceBets, Play, Round, UthConfig, start_round


def scripted_deck(board: str, players: list[str], dealer: str) -> tuple[int, ...]:
    text = " ".join([board, *players, dealer])
    return ordered_deck(to_codes(parse_cards(text)))


def play_round(
    board: str,
    player: str,
    dealer: str,
    decisions: list[str],
    ante: int = 100,
    trips: int = 0,
    config: UthConfig | None = None,
) -> Round:
    """One seat, scripted cards and decisions like "play 4", "check", "fold"."""
    rnd = start_round(config or UthConfig(ante_min=1), [0], scripted_deck(board, [player], dealer))
    rnd.apply(PlaceBets(seat=0, ante=ante, trips=trips))
    for text in decisions:
        verb, *rest = text.split()
        if verb == "play":
            rnd.apply(Play(seat=0, multiple=int(rest[0])))
        elif verb == "check":
            rnd.apply(Check(seat=0))
        else:
            rnd.apply(Fold(seat=0))
    return rnd
