"""Operations: /metrics (Prometheus text format), /healthz (the process answers) and /readyz
(every readiness check answers "ok": the database always; a clustered node adds its own, such
as Redis reachable and leases held, with `ServerState.add_readiness_check`; a node that fails
one gets no traffic)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Response
from pydantic import BaseModel

from pokerroom.server.rest import Room
from pokerroom.services.metrics import CONTENT_TYPE

router = APIRouter(tags=["operations"])


class Ready(BaseModel):
    ok: bool
    checks: dict[str, Any]  # "ok", or what failed


@router.get("/metrics", summary="Prometheus metrics of this node", response_class=Response,
            responses={200: {"content": {CONTENT_TYPE.split(";")[0]: {"schema": dict(type="string")}},
                             "description": "The Prometheus text format"}})
async def metrics(state: Room) -> Response:
    await state.metrics.refresh_ledger(state.db)
    return Response(state.metrics.text(), media_type=CONTENT_TYPE)


@router.get("/healthz", summary="The process answers")
async def healthz() -> dict[str, bool]:
    return {"ok": True}


@router.get("/readyz", summary="Ready for traffic: the database answers (and, clustered, the rest)",
            response_model=Ready,
            responses={503: {"model": Ready, "description": "Not ready: a check failed"}})
async def readyz(state: Room, response: Response) -> dict[str, object]:
    checks: dict[str, object] = await state.readiness()
    ok = all(v == "ok" for v in checks.values())
    if not ok:
        response.status_code = 503
    return {"ok": ok, "checks": checks}
