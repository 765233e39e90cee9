"""The player's Ultimate Texas Hold'em rounds for the hand history: bets and results."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query

from pokerroom.server.rest import Me, Room
from pokerroom.services.uth_rounds import UthRounds, round_summary

router = APIRouter(prefix="/api/uth-rounds", tags=["hands"])


@router.get("", summary="My UTH rounds, newest first: bets, each bet's result, the cards")
async def my_rounds(who: Me, state: Room,
                    limit: Annotated[int, Query(ge=1, le=200)] = 50) -> dict[str, Any]:
    rounds = await UthRounds(state.db).history(who[0], limit=limit)
    out = []
    for stored in rounds:
        summary = round_summary(stored)
        summary["table_name"] = state.table_display_name(stored.table_id)
        out.append(summary)
    return {"rounds": out}
