"""Operations: /metrics (Prometheus text format), /healthz (the process answers) and /readyz
(every readiness check answers "ok": the database always; a clustered node adds its own, such
as Redis reachable and leases held, with `ServerState.add_readiness_check`; a node that fails
one gets no traffic)."""

from __future__ import annotations

from fastapi import APIRouter, Response

from pokerroom.server.rest import Room
from pokerroom.services.metrics import CONTENT_TYPE

router = APIRouter(tags=["operations"])


@router.get("/metrics", summary="Prometheus metrics of this node")
async def metrics(state: Room) -> Response:
    await state.metrics.refresh_ledger(state.db)
    return Response(state.metrics.text(), media_type=CONTENT_TYPE)


@router.get("/healthz", summary="The process answers")
async def healthz() -> dict[str, bool]:
    return {"ok": True}


@router.get("/readyz", summary="Ready for traffic: the database answers (and, clustered, the rest)")
async def readyz(state: Room, response: Response) -> dict[str, object]:
    checks: dict[str, object] = await state.readiness()
    ok = all(v == "ok" for v in checks.values())
    if not ok:
        response.status_code = 503
    return {"ok": ok, "checks": checks}
