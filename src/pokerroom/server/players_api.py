"""What a player keeps on the others: private notes and a stats line per opponent
(hands together, VPIP, PFR), by name, for the seats of the table they look at."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query
from pydantic import BaseModel, Field

from pokerroom.server.rest import Me, Room, refusals, refuse
from pokerroom.services.player_notes import MAX_NOTE

router = APIRouter(prefix="/api/players", tags=["players"])


class NoteIn(BaseModel):
    text: str = Field(max_length=MAX_NOTE)


@router.get("", summary="My notes on these players and their stats in hands I played with them")
async def players(who: Me, state: Room,
                  names: Annotated[str, Query(max_length=400)] = "") -> dict[str, Any]:
    wanted = [n.strip() for n in names.split(",") if n.strip()][:10]
    found = [info for info in [await state.accounts.find(n) for n in wanted]
             if info is not None and info.id != who[0]]
    ids = [info.id for info in found]
    notes = await state.player_notes.of(who[0], ids)
    stats = await state.player_stats.lines(who[0], ids)
    return {"players": [{"name": info.name, "note": notes.get(info.id, ""),
                         **stats[info.id].as_dict()} for info in found]}


@router.put("/{name}/note", summary="Keep a private note on a player (empty: delete it)",
            responses=refusals(404))
async def put_note(name: Annotated[str, Path(max_length=64)], body: NoteIn, who: Me,
                   state: Room) -> dict[str, Any]:
    info = await state.accounts.find(name)
    if info is None:
        raise refuse(404, "not_found", f"no player {name!r}", field="name")
    if info.id == who[0]:
        raise refuse(422, "refused", "a note is on another player", field="name")
    return {"name": info.name, "note": await state.player_notes.put(who[0], info.id, body.text)}
