"""An ASGI guard in front of the app: request body limits and security headers.

A body over the limit is refused with 413 before it is read: from its Content-Length at once,
or, sent chunked, as soon as the bytes received pass the limit (nothing past it is kept).
Every HTTP response gets the security headers: a Content-Security-Policy that runs only the
room's own scripts (the API docs page too: Swagger UI is served by the room, docs_page),
no framing, no MIME sniffing.
"""

from __future__ import annotations

import json
from typing import Any

Scope = dict[str, Any]
API_BODY_LIMIT = 16 * 1024  # bytes; every /api request body is a small JSON object
OTHER_BODY_LIMIT = 1024  # nothing else takes a body

ROOM_CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; "
    "form-action 'self'; object-src 'none'"
)
DOCS_CSP = (  # /docs: Swagger UI's own files from the room (docs_page), no CDN, no inline
    # script; its stylesheet and drawing set inline styles, its icons are data: images.
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; "
    "form-action 'self'; object-src 'none'; worker-src 'self' blob:"
)
DOCS_PATHS = ("/docs",)


def _headers(path: str) -> list[tuple[bytes, bytes]]:
    csp = DOCS_CSP if path.startswith(DOCS_PATHS) else ROOM_CSP
    return [
        (b"content-security-policy", csp.encode()),
        (b"x-content-type-options", b"nosniff"),
        (b"x-frame-options", b"DENY"),
        (b"referrer-policy", b"same-origin"),
    ]


class Guard:
    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = scope.get("path", "")
        limit = API_BODY_LIMIT if path.startswith("/api") else OTHER_BODY_LIMIT
        declared = next((v for k, v in scope.get("headers", []) if k == b"content-length"), None)
        if declared is not None:
            try:
                too_big = int(declared) > limit
            except ValueError:
                too_big = True
            if too_big:
                await _refuse(send, path, limit)
                return
        extra = _headers(path)
        received = 0
        started = refused = False

        async def counted_receive() -> Any:
            nonlocal received, refused
            if refused:
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    # Answer 413 now and tell the app the client is gone: it stops reading,
                    # and whatever it would answer is dropped.
                    refused = True
                    if not started:
                        await _refuse(send, path, limit)
                    return {"type": "http.disconnect"}
            return message

        async def with_headers(message: Any) -> None:
            nonlocal started
            if refused:
                return
            if message["type"] == "http.response.start":
                started = True
                names = {k.lower() for k, _ in message.get("headers", [])}
                message["headers"] = list(message.get("headers", [])) + [
                    (k, v) for k, v in extra if k not in names]
            await send(message)

        try:
            await self.app(scope, counted_receive, with_headers)
        except Exception:
            if not refused:
                raise


async def _refuse(send: Any, path: str, limit: int) -> None:
    body = json.dumps({"detail": {"code": "too_large",
                                  "reason": f"request bodies here are at most {limit} bytes"}})
    await send({"type": "http.response.start", "status": 413,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close"), *_headers(path)]})
    await send({"type": "http.response.body", "body": body.encode()})
