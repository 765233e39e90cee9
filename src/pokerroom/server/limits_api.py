"""Player protection over REST: the limits a player sets on themselves (services.limits)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, Field

from pokerroom.server.rest import Me, Room, refuse
from pokerroom.services.limits import KINDS, LimitError

router = APIRouter(prefix="/api/me", tags=["player protection"])


class LimitIn(BaseModel):
    kind: str = Field(min_length=1, max_length=32)
    value: int | None = Field(default=None, ge=1, le=2**53, strict=True)


@router.get("/limits", summary="My limits: in force, and changes waiting for their 24 hours")
async def my_limits(who: Me, state: Room) -> dict[str, Any]:
    return {"limits": await state.limits.current(who[0]), "kinds": list(KINDS)}


@router.put("/limits", summary="Set a limit: stricter at once, looser after 24 hours")
async def set_limit(body: LimitIn, who: Me, state: Room) -> dict[str, Any]:
    try:
        limits = await state.limits.set(who[0], body.kind, body.value)
    except LimitError as exc:
        raise refuse(422, "bad_limit", exc.reason, field=exc.field) from None
    blocked = await state.limits.blocked(who[0])
    return {"limits": limits, "blocked": None if blocked is None else blocked.wire()}
