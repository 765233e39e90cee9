"""The REST part: auth, lobby, wallet, hand histories."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

router = APIRouter(prefix="/api")


@router.get("/lobby", tags=["lobby"], summary="Every table of the room with its live figures")
async def lobby(request: Request) -> dict[str, Any]:
    return {"tables": request.app.state.room.lobby.entries()}
