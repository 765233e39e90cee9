"""Methods on /api paths, answered by the API itself.

The web client is mounted at "/" and claims every path the routes above it did not match in
full, so a method an /api path does not take (OPTIONS, PUT on a GET path, ...) used to reach
the static files and get their 405 (Allow: GET, HEAD), and an unknown /api path their HTML
404. In front of the router this answers, for /api paths only:
- OPTIONS on a known path: 204 with `Allow` listing the path's methods (no CORS: the room
  serves its pages itself, so no other origin is allowed);
- any other method the path does not take: 405 with the same `Allow`;
- a path no operation has: 404 with the room's refusal body.
Everything else goes on to the app unchanged.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from starlette.routing import BaseRoute, Match, Mount

METHODS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE")


class ApiMethods:
    def __init__(self, app: Any, routes: Sequence[BaseRoute]) -> None:
        self.app = app
        self.routes = routes  # the app's own list: routes added later are seen too

    def _full_match(self, scope: dict[str, Any]) -> bool:
        # Mounts (the web client at "/", the docs assets) match every path: not the API's.
        return any(route.matches(scope)[0] is Match.FULL
                   for route in self.routes if not isinstance(route, Mount))

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        path = scope.get("path", "")
        if scope["type"] != "http" or not (path == "/api" or path.startswith("/api/")):
            await self.app(scope, receive, send)
            return
        if self._full_match(scope):
            await self.app(scope, receive, send)
            return
        # Which methods the path takes: asked of the routes themselves (included routers
        # answer `matches` but do not list their methods).
        allowed = {m for m in METHODS if self._full_match({**scope, "method": m})}
        if not allowed:
            await _answer(send, 404, {"detail": {
                "code": "not_found", "reason": f"no operation at {path} (see /docs)"}})
            return
        allow = ", ".join(sorted(allowed | {"OPTIONS"}))
        if scope.get("method") == "OPTIONS":
            await _answer(send, 204, None, allow)
            return
        await _answer(send, 405, {"detail": {
            "code": "method_not_allowed",
            "reason": f"{scope.get('method')} is not an operation of {path}; allowed: {allow}"}},
            allow)


async def _answer(send: Any, status: int, body: dict[str, Any] | None,
                  allow: str | None = None) -> None:
    data = b"" if body is None else json.dumps(body).encode()
    headers = [(b"content-length", str(len(data)).encode())]
    if body is not None:
        headers.append((b"content-type", b"application/json"))
    if allow is not None:
        headers.append((b"allow", allow.encode()))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": data})
