"""Provably fair deals over REST (docs/FAIRNESS.md): the fairness record of a hand or UTH
round one played, and one's client seed."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path
from pydantic import BaseModel, Field

from pokerroom.core.errors import RuleViolationError
from pokerroom.server.rest import Me, Room, refusals, refuse
from pokerroom.services.fairness import (
    InProgressError,
    NotRevealedError,
    NotYoursError,
    hand_proof,
    my_rounds,
    round_proof,
)

router = APIRouter(prefix="/api", tags=["fairness"])
# Ids are 64-bit in the database: a larger one is 422, never a 500 (issue 12, item 16).
HandId = Annotated[int, Path(ge=1, le=2**63 - 1)]


class ClientSeedIn(BaseModel):
    client_seed: str = Field(max_length=200)


async def _answer(proof: Any) -> dict[str, Any]:
    try:
        result: dict[str, Any] = await proof
        return result
    except NotYoursError as exc:
        raise refuse(404, "not_found", str(exc)) from None
    except InProgressError as exc:
        raise refuse(409, "in_progress", str(exc)) from None
    except NotRevealedError as exc:
        raise refuse(409, "not_revealed", str(exc)) from None


@router.get("/hands/{hand_id}/fairness", summary="The proof of one of my hands' deal",
            responses=refusals(404, 409))
async def hand_fairness(hand_id: HandId, who: Me, state: Room) -> dict[str, Any]:
    return await _answer(hand_proof(state.db, hand_id, who[0], cards_of=state.deck_cards_of))


@router.get("/uth/rounds", summary="My finished UTH rounds, newest first")
async def rounds(who: Me, state: Room, limit: int = 50) -> dict[str, Any]:
    return {"rounds": await my_rounds(state.db, who[0], max(1, min(limit, 200)))}


@router.get("/uth/rounds/{round_id}/fairness", summary="The proof of one of my UTH rounds' deal",
            responses=refusals(404, 409))
async def round_fairness(round_id: HandId, who: Me, state: Room) -> dict[str, Any]:
    return await _answer(round_proof(state.db, round_id, who[0]))


@router.get("/me/client-seed", summary="My client seed (used from my next hand on)")
async def my_client_seed(who: Me, state: Room) -> dict[str, str]:
    return {"client_seed": await state.client_seeds.ensure(who[0])}


@router.put("/me/client-seed", summary="Set my client seed: 1-64 printable ASCII characters")
async def set_client_seed(body: ClientSeedIn, who: Me, state: Room) -> dict[str, str]:
    try:
        return {"client_seed": await state.client_seeds.store(who[0], body.client_seed)}
    except RuleViolationError as exc:
        raise refuse(422, "bad_client_seed", exc.reason, field="client_seed") from None
