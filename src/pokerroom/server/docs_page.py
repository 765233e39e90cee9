"""`/docs`: Swagger UI served by the room itself, so the REST documentation works offline and
under a Content-Security-Policy that allows only the room's own scripts (no CDN, no inline
script). The assets are swagger-ui-dist 5.35.0 (Apache-2.0, see docs_assets/LICENSE)."""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

ASSETS = Path(__file__).resolve().parent / "docs_assets"
PAGE = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>pokerroom REST API</title>
  <link rel="stylesheet" href="/docs-assets/swagger-ui.css">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/docs-assets/swagger-ui-bundle.js"></script>
  <script src="/docs-assets/docs-init.js"></script>
</body>
</html>
"""


def add_docs(app: FastAPI) -> None:
    """Mount the assets and the page (the app is created with docs_url=None)."""
    app.mount("/docs-assets", StaticFiles(directory=ASSETS), name="docs-assets")

    async def docs() -> HTMLResponse:
        return HTMLResponse(PAGE)

    app.add_api_route("/docs", docs, methods=["GET"], include_in_schema=False)
