"""The FastAPI application: REST under /api, the WebSocket at /ws, the web client at /."""

from __future__ import annotations

import gc
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

from pokerroom.i18n import negotiate
from pokerroom.server import (
    admin_api,
    fairness_api,
    history_api,
    limits_api,
    ops_api,
    players_api,
    rest,
    uth_history_api,
)
from pokerroom.server.api_methods import ApiMethods
from pokerroom.server.docs_page import add_docs
from pokerroom.server.guard import Guard
from pokerroom.server.openapi_refusals import install as document_refusals
from pokerroom.server.settings import Settings
from pokerroom.server.state import ServerState
from pokerroom.server.ws import websocket_endpoint
from pokerroom.services.storage import storage_cpu_ns

WEB_DIR = Path(__file__).resolve().parent.parent / "web"


_profiler: Any = None


async def _metrics(request: Request, profile: str | None = None) -> dict[str, Any]:
    """CPU nanoseconds of this process so far: all of it, and the part spent storing; the
    messages this node published on the cluster's Redis (0 on a single node); and the full
    collections of the heap so far (each a pause of the whole process: server/heap.py).

    `?profile=<path>` starts cProfile on the event loop thread; `?profile=<path>` again
    stops it and writes the statistics there (`pokerroom bench server --profile`)."""
    global _profiler
    if profile is not None:
        import cProfile

        if _profiler is None:
            # The event loop thread's CPU time, not wall time: figures hold on a busy machine.
            _profiler = cProfile.Profile(time.thread_time)
            _profiler.enable()
        else:
            _profiler.disable()
            _profiler.dump_stats(profile)
            _profiler = None
    return {"cpu_ns": time.process_time_ns(), "storage_cpu_ns": storage_cpu_ns(),
            "bus_messages": request.app.state.room.bus_messages(),
            "full_collections": gc.get_stats()[2]["collections"]}


def create_app(settings: Settings | None = None, *, pokerstars_exporter: Any = None) -> FastAPI:
    """The app. `pokerstars_exporter(record, *, table_name, max_seats, names, hand_id,
    started_at, viewer) -> str` serves the PokerStars downloads (the CLI passes
    pokerroom.history's; the server layer does not import it)."""
    settings = settings or Settings()
    state = ServerState(settings)
    state.pokerstars_exporter = pokerstars_exporter

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await state.start()
        try:
            yield
        finally:
            await state.stop()

    app = FastAPI(
        title="pokerroom",
        version="1",
        description="An online poker room. Live play is on the WebSocket at /ws: see "
        "docs/PROTOCOL.md.",
        lifespan=lifespan,
        docs_url=None,  # served by docs_page from the room's own files (offline)
        redoc_url=None,
    )
    add_docs(app)
    app.state.room = state
    app.include_router(rest.router)
    app.include_router(history_api.router)
    app.include_router(fairness_api.router)
    app.include_router(ops_api.router)
    app.include_router(admin_api.router)
    app.include_router(admin_api.public)
    app.include_router(limits_api.router)
    app.include_router(players_api.router)
    app.include_router(uth_history_api.router)
    app.add_api_websocket_route("/ws", websocket_endpoint)
    document_refusals(app)  # every operation's refusals in /openapi.json
    if settings.metrics:
        app.add_api_route("/api/metrics", _metrics, methods=["GET"], include_in_schema=False)
    static = settings.static_dir or WEB_DIR
    if (static / "admin.html").is_file():
        admin_html = (static / "admin.html").read_text(encoding="utf-8")

        # The operator's console page; its data comes from /api/admin (operators only). Its
        # first language follows Accept-Language as the player's pages do (index_page).
        @app.get("/admin", include_in_schema=False)
        async def admin_page(request: Request) -> HTMLResponse:
            lang = negotiate(request.headers.get("accept-language"))
            page = admin_html.replace('<html lang="en">',
                                      f'<html lang="{lang}" data-accept-language="{lang}">', 1)
            return HTMLResponse(page, headers={"Content-Language": lang,
                                               "Vary": "Accept-Language"})

    if (static / "index.html").is_file():
        index_html = (static / "index.html").read_text(encoding="utf-8")

        # The page's first language follows the browser's Accept-Language header (the
        # client then prefers the account's stored language, or a choice made here before).
        @app.get("/", include_in_schema=False)
        @app.get("/index.html", include_in_schema=False)
        async def index_page(request: Request) -> HTMLResponse:
            lang = negotiate(request.headers.get("accept-language"))
            page = index_html.replace('<html lang="en">',
                                      f'<html lang="{lang}" data-accept-language="{lang}">', 1)
            return HTMLResponse(page, headers={"Content-Language": lang,
                                               "Vary": "Accept-Language"})

    if static.is_dir():
        # Mounted last: it answers every path no route above claimed (index.html at /).
        app.mount("/", StaticFiles(directory=static, html=True), name="web")
    # /api paths answer OPTIONS and unknown methods or paths themselves (not the web client's
    # 405 or 404 page); inside the guard, so its limits and headers apply to them too.
    app.add_middleware(ApiMethods, routes=app.router.routes)
    app.add_middleware(Guard)  # body limits and security headers on every HTTP response
    return app
