"""Seating players: the starting draw, balancing, breaking tables, the final table draw.

R-TOURN-2 (seats drawn at random), R-TOURN-8 (after a hand at a table two or more players
fuller than the shortest table, its player due to post the big blind next moves to the
shortest table, ties to the lowest number, into the open seat that posts the big blind
soonest; one at a time until it is at most one fuller), R-TOURN-9 (when the players fit in
one table fewer, the highest-numbered table breaks after its hand and its players are drawn
into the open seats; when all fit at one table, everyone is drawn there). The draw takes a
`IndexSource` given by the caller (seeded in simulations, the system's CSPRNG in the room).
Draws avoid putting a player who has just posted the big blind into the seat that posts it
next, so that nobody posts it twice in a row (R-TOURN-4).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from pokerroom.core.deck import IndexSource
from pokerroom.core.tournament import draw
from pokerroom.core.tournament.tables import TournamentTable, clockwise_after

DRAW_ATTEMPTS = 20


def starting_draw(entries: list[str], n_seats: int, rng: IndexSource) -> dict[int, TournamentTable]:
    """Tables 1..k, as few as hold everyone, sizes within one, seats at random."""
    order = list(entries)
    draw.shuffle(rng, order)
    n_tables = -(-len(order) // n_seats)
    tables = {n: TournamentTable(number=n, n_seats=n_seats) for n in range(1, n_tables + 1)}
    groups: dict[int, list[str]] = {n: [] for n in tables}
    for i, entry in enumerate(order):
        groups[i % n_tables + 1].append(entry)
    for n, group in groups.items():
        seats = draw.sample(rng, range(n_seats), len(group))
        for entry, seat in zip(group, seats, strict=True):
            tables[n].seats[seat] = entry
    return tables


def next_big_blind_entry(table: TournamentTable) -> str | None:
    """Who would post the big blind in the table's next hand (None: fresh or too few)."""
    if table.last is None or table.last.big_blind is None or table.count < 2:
        return None
    return table.due_big_blind()


def draw_into_open_seats(
    movers: list[str],
    tables: Iterable[TournamentTable],
    rng: IndexSource,
    just_posted_big_blind: set[str],
) -> list[tuple[str, TournamentTable, int]]:
    """Seat `movers` by random draw: each, in random order, at a random open seat of one
    of the shortest tables; redrawn (a few times) when a player who has just posted the big
    blind would post it again next hand. Returns (entry, table, seat) and seats them."""
    targets = sorted(tables, key=lambda t: t.number)
    best: list[tuple[str, TournamentTable, int]] = []
    for _ in range(DRAW_ATTEMPTS):
        placed: list[tuple[str, TournamentTable, int]] = []
        order = list(movers)
        draw.shuffle(rng, order)
        for entry in order:
            fewest = min(t.count for t in targets if t.open_seats())
            table = draw.choice(rng, [t for t in targets if t.count == fewest and t.open_seats()])
            seat = draw.choice(rng, table.open_seats())
            table.seats[seat] = entry
            placed.append((entry, table, seat))
        bad = any(
            next_big_blind_entry(t) in just_posted_big_blind and next_big_blind_entry(t) in movers
            for t in {id(t): t for _, t, _ in placed}.values()
        )
        best = placed
        if not bad:
            break
        for _, table, seat in placed:
            table.seats[seat] = None
    else:
        for entry, table, seat in best:  # no clean draw exists: keep the last one
            table.seats[seat] = entry
    return best


def final_table_button(
    table: TournamentTable, rng: IndexSource, just_posted_big_blind: set[str], stud: bool
) -> int:
    """The first button of a freshly drawn table: by draw, moved on when the big blind
    would fall to a player who has just posted it (R-TOURN-4)."""
    occupied = [i for i, p in enumerate(table.seats) if p is not None]
    start = draw.choice(rng, occupied)
    if stud:
        return start
    for seat in [s for s in clockwise_after(start - 1, table.n_seats) if s in occupied]:
        pos = table.next_positions(seat, stud=False)
        assert pos.big_blind is not None
        if table.seats[pos.big_blind] not in just_posted_big_blind:
            return seat
    return start


def shortest_table(tables: Mapping[int, TournamentTable], exclude: int) -> TournamentTable | None:
    """The table with the fewest players, ties to the lowest number (R-TOURN-8)."""
    others = [t for n, t in tables.items() if n != exclude and not t.breaking]
    if not others:
        return None
    return min(others, key=lambda t: (t.count, t.number))
