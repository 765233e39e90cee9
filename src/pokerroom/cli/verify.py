"""`pokerroom verify HAND_ID [--database URL] [--uth]`: prove a finished hand's deal.

Recomputes the deck from the revealed server seed and the client seeds (docs/FAIRNESS.md),
checks SHA-256(server seed) against the commitment published at the hand's start and the
deck the hand was dealt from (its stored record) against the recomputed one. Prints JSON;
exit 0 when the deal is proven, 1 when something disagrees, 2 when the hand cannot be
verified (unknown, in progress, seed never revealed).

A hand voided by a crash has no stored deck: its deck is the order the revealed seed and the
client seeds determine over the cards of the game stored with the hand (short-deck's 36,
else the 52). A hand stored before the game was kept (migration 0012) takes its table's
game from the room file (`--room`, default the packaged room, as for `serve`) or from the
tables added in the console (kept in the database).
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import typer


async def table_cards(db: Any, table_id: str, room: Path | None = None) -> tuple[int, ...]:
    """The card codes of a table's deck: its game's (room file or console tables), else 52."""
    from pokerroom.server.settings import Settings
    from pokerroom.server.state import load_room, table_id_of
    from pokerroom.services.console_tables import ConsoleTables
    from pokerroom.services.decks import deck_cards

    games = {table_id_of(t.name): t.game for t in load_room(Settings(room_path=room)).tables}
    for spec in await ConsoleTables(db).specs():
        games.setdefault(table_id_of(str(spec.get("name", ""))), spec.get("game"))
    game = games.get(table_id)
    return deck_cards(game) if game is not None else tuple(range(52))


async def verify_hand(url: str | None, ident: int, *, uth: bool = False,
                      room: Path | None = None) -> tuple[int, dict[str, Any]]:
    from pokerroom.services.decks import deck_cards
    from pokerroom.services.fairness import (
        NotRevealedError,
        deck_of,
        fairness_record,
        problems,
    )
    from pokerroom.services.hands import HandStore
    from pokerroom.services.uth_rounds import UthRounds
    from pokerroom.storage.database import open_database
    from pokerroom.storage.errors import NotFoundError

    db = await open_database(url)
    try:
        stored: Any = await (UthRounds(db).get(ident) if uth else HandStore(db).get(ident))
        cards = (tuple(range(52)) if uth
                 else deck_cards(stored.game) if stored.game  # the game stored with the hand
                 else await table_cards(db, stored.table_id, room))  # stored before it was
    except NotFoundError as exc:
        return 2, {"ok": False, "id": ident, "error": str(exc)}
    finally:
        await db.close()
    text = (stored.record or stored.state) if uth else stored.record
    try:
        record = fairness_record(
            status=stored.status, commitment=stored.commitment, server_seed=stored.server_seed,
            client_seeds=stored.client_seeds,
            # a hand voided by a crash has no record of its deck: the seed's order over its
            # table's cards
            deck=deck_of(text, stored.server_seed, stored.client_seeds, cards))
    except NotRevealedError as exc:
        return 2, {"ok": False, "id": ident, "error": str(exc)}
    found = problems(record)
    return (0 if not found else 1), {"ok": not found, "id": ident, **record, "problems": found}


def register(app: typer.Typer) -> None:
    @app.command()
    def verify(
        hand_id: int = typer.Argument(..., help="The hand's id (as in /api/hands)."),
        database: str = typer.Option(
            None, help="Database URL (default: ./pokerroom.db or $POKERROOM_DATABASE)."
        ),
        uth: bool = typer.Option(False, "--uth", help="HAND_ID is a UTH round id."),
        room: Path = typer.Option(
            None, help="The room file the server runs (default: the packaged room): the "
            "game of a hand voided by a crash, whose deck is not stored, is its table's."),
    ) -> None:
        """Prove a finished hand was dealt from the deck committed to (docs/FAIRNESS.md)."""
        code, out = asyncio.run(verify_hand(database, hand_id, uth=uth, room=room))
        typer.echo(json.dumps(out, indent=2))
        raise typer.Exit(code)
