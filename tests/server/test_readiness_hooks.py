"""The hooks a clustered node plugs into (issue 16, for issue 10's cluster): /readyz runs every
readiness check the node registered (Redis, leases, ...) beside the database's, and /metrics
carries the node's own scrape-time figures and its name, so each node's series are its own."""

from __future__ import annotations

from pathlib import Path

from prometheus_client.parser import text_string_to_metric_families
from roomharness import make_settings, start_server, stop_server


async def test_readiness_checks_and_node_figures_plug_in(tmp_path: Path) -> None:
    running = await start_server(make_settings(tmp_path, node_id="node-b"))
    state = running.app.state.room
    try:
        async with running.http() as http:
            ready = await http.get("/readyz")
            assert ready.status_code == 200 and ready.json()["checks"] == {"database": "ok"}
            leases = {"held": 2}

            async def leases_ok() -> str:
                return "ok" if leases["held"] else "no lease held"

            async def redis_down() -> str:
                raise ConnectionError("redis")

            state.add_readiness_check("leases", leases_ok)
            assert (await http.get("/readyz")).status_code == 200
            state.add_readiness_check("redis", redis_down)
            ready = await http.get("/readyz")
            assert ready.status_code == 503
            assert ready.json()["checks"] == {"database": "ok", "leases": "ok",
                                              "redis": "failed: ConnectionError"}
            leases["held"] = 0
            assert (await http.get("/readyz")).json()["checks"]["leases"] == "no lease held"
            assert (await http.get("/healthz")).status_code == 200  # alive all the same

            state.metrics.add_gauge("pokerroom_leases_held", "Table leases this node holds",
                                    lambda: float(leases["held"] + 5))
            text = (await http.get("/metrics")).text
        values = {(s.name, tuple(sorted(s.labels.items()))): s.value
                  for f in text_string_to_metric_families(text) for s in f.samples}
        assert values[("pokerroom_leases_held", ())] == 5.0
        assert values[("pokerroom_node_info", (("node", "node-b"),))] == 1.0
    finally:
        await stop_server(running)
