"""Operations: /metrics (Prometheus text format), /healthz (the process answers) and /readyz
(the database answers; a node that cannot reach it gets no traffic)."""

from __future__ import annotations

from fastapi import APIRouter, Response

from pokerroom.server.rest import Room
from pokerroom.services.metrics import CONTENT_TYPE, database_ready

router = APIRouter(tags=["operations"])


@router.get("/metrics", summary="Prometheus metrics of this node")
async def metrics(state: Room) -> Response:
    await state.metrics.refresh_ledger(state.db)
    return Response(state.metrics.text(), media_type=CONTENT_TYPE)


@router.get("/healthz", summary="The process answers")
async def healthz() -> dict[str, bool]:
    return {"ok": True}


@router.get("/readyz", summary="Ready for traffic: the database answers")
async def readyz(state: Room, response: Response) -> dict[str, object]:
    checks: dict[str, object] = {"database": await database_ready(state.db)}
    ok = all(v == "ok" for v in checks.values())
    if not ok:
        response.status_code = 503
    return {"ok": ok, "checks": checks}
