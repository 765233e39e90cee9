"""A whole tournament in one process: seeded decks, a simple random policy, tables played
interleaved (one action at a time at a random table, as a room would), and the figures.

Used by `pokerroom tournament simulate` and the property tests. Seeded `random.Random`
only: the same seed gives the same tournament.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from pokerroom.core import rules
from pokerroom.core.tournament.events import (
    Eliminated,
    Finished,
    HandDealtAt,
    HandFinishedAt,
    LevelStarted,
    Moved,
    Seated,
    TableBroken,
    TournamentEvent,
)
from pokerroom.core.tournament.snapshot import restore, snapshot
from pokerroom.core.tournament.structure import TournamentConfig, fast_structure
from pokerroom.core.tournament.tournament import FINISHED, REGISTERING, Tournament

ACTION_MS = 2_000  # simulated tournament time per action
MAX_ACTIONS = 10_000_000


class StalledError(Exception):
    """No table can deal and no hand runs, yet the tournament has not finished."""


@dataclass(slots=True, kw_only=True)
class Figures:
    entrants: int = 0
    hands: int = 0
    moves: int = 0
    breaks: int = 0
    largest_spread: int = 0  # most players minus fewest, over the tables, at a hand start
    actions: int = 0
    places: tuple[str, ...] = ()
    payouts: dict[str, int] = field(default_factory=dict)
    prize_pool: int = 0
    restarts: int = 0


def policy(hand: rules.Hand, rng: random.Random) -> rules.Action:
    """Loose and a little wild, so that tournaments end: check or bet, call, raise, shove."""
    legal = hand.legal_actions()
    seat = legal.seat
    r = rng.random()
    if legal.bring_in is not None:
        return rules.BringIn(seat=seat)
    span = legal.raise_to or legal.bet or legal.complete
    if span is not None and r < 0.03:
        return _aggressive(legal, seat, span[1])
    if span is not None and r < 0.13:
        return _aggressive(legal, seat, span[0])
    if legal.check:
        return rules.Check(seat=seat)
    if legal.call is not None and r < 0.62:
        return rules.Call(seat=seat)
    if legal.fold:
        return rules.Fold(seat=seat)
    return rules.MuckCards(seat=seat)


def _aggressive(legal: rules.LegalActions, seat: int, amount: int) -> rules.Action:
    if legal.raise_to is not None:
        return rules.RaiseTo(seat=seat, amount=amount)
    if legal.bet is not None:
        return rules.Bet(seat=seat, amount=amount)
    return rules.Complete(seat=seat, amount=amount)


def default_config(entrants: int, seats: int, starting_chips: int = 1500) -> TournamentConfig:
    return TournamentConfig(
        id="sim", name="simulation", seats=seats, min_entrants=2,
        max_entrants=max(entrants, 2), buy_in=100, fee=10, starting_chips=starting_chips,
        levels=fast_structure(starting_chips),
    )  # fmt: skip


def run(
    config: TournamentConfig,
    entrants: int,
    seed: int,
    on_events: Callable[[Tournament, list[TournamentEvent]], None] | None = None,
    restart_every: int | None = None,
) -> tuple[Tournament, Figures]:
    """Register `entrants` players, start, play to the end. `restart_every` N actions the
    tournament is snapshotted through JSON and restored, voiding the hands in progress (as
    crash recovery does)."""
    rng = random.Random(seed)
    t = Tournament(config, random.Random(rng.getrandbits(64)))
    figures = Figures(entrants=entrants)

    def seen(events: list[TournamentEvent]) -> None:
        for e in events:
            if isinstance(e, HandDealtAt):
                figures.hands += 1
                counts = [tb.count for tb in t.tables.values() if not tb.breaking]
                figures.largest_spread = max(figures.largest_spread, max(counts) - min(counts))
            elif isinstance(e, Moved):
                figures.moves += 1
            elif isinstance(e, TableBroken):
                figures.breaks += 1
        if on_events is not None:
            on_events(t, events)

    for i in range(1, entrants + 1):
        seen(t.register(f"p{i}"))
    if t.status == REGISTERING:  # a sit & go has started with its last registration
        seen(t.start(0))
    deck = list(range(52))
    now = 0
    ready = True
    while t.status != FINISHED:
        if ready:
            for n in t.tables_ready():
                if not t.can_deal(n):  # a hand over at once (all-in blinds) changed things
                    continue
                rng.shuffle(deck)
                seen(t.deal(n, deck, now))
            ready = False
        running = [n for n, tb in t.tables.items() if tb.hand is not None]
        if not running:
            if t.status == FINISHED:
                break
            if t.tables_ready():
                ready = True
                continue
            raise StalledError(
                f"no table can deal: {sorted((n, tb.count) for n, tb in t.tables.items())}"
            )
        n = rng.choice(running)
        hand = t.hand(n)
        seat = hand.to_act
        assert seat is not None
        entry = t.tables[n].dealt[seat]
        now += ACTION_MS
        events = t.act(n, entry, policy(hand, rng), now)
        figures.actions += 1
        if figures.actions > MAX_ACTIONS:
            raise StalledError("too many actions")
        if events:
            seen(events)
        if restart_every and figures.actions % restart_every == 0 and t.status != FINISHED:
            data = json.loads(json.dumps(snapshot(t)))
            t = restore(config, random.Random(rng.getrandbits(64)), data)
            figures.restarts += 1
            ready = True
            ready = True
    final = next(e for e in reversed(t.log) if isinstance(e, Finished))
    figures.places = final.places
    figures.payouts = dict(final.payouts)
    figures.prize_pool = t.prize_pool
    return t, figures


def json_lines(events: list[TournamentEvent]) -> Iterator[dict[str, Any]]:
    """The JSON objects `tournament simulate --json` prints, one per line."""
    for e in events:
        if isinstance(e, Seated):
            yield {"event": "seat", "player": e.entry, "table": e.table, "seat": e.seat,
                   "chips": e.chips}  # fmt: skip
        elif isinstance(e, HandFinishedAt):
            yield {"event": "hand_end", "table": e.table, "hand": e.hand, "stacks": dict(e.stacks)}
        elif isinstance(e, Moved):
            yield {"event": "move", "player": e.entry, "from_table": e.from_table,
                   "to_table": e.to_table, "seat": e.seat}  # fmt: skip
        elif isinstance(e, TableBroken):
            yield {"event": "break", "table": e.table}
        elif isinstance(e, LevelStarted):
            yield {"event": "level", "level": e.level, "small_blind": e.small_blind,
                   "big_blind": e.big_blind, "ante": e.ante}  # fmt: skip
        elif isinstance(e, Eliminated) and e.place > 1:
            yield {"event": "bust", "player": e.entry, "place": e.place, "prize": e.prize}


def summary_line(t: Tournament, figures: Figures) -> dict[str, Any]:
    return {
        "event": "summary", "entrants": figures.entrants,
        "starting_chips": t.config.starting_chips, "prize_pool": figures.prize_pool,
        "places": list(figures.places), "payouts": figures.payouts,
    }  # fmt: skip
