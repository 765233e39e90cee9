"""Frames written to the socket below starlette's WebSocket (issue 11).

    config = uvicorn.Config(app, ws=DirectWebSocketProtocol, ...)
    write = wire_writer(websocket)        # in the endpoint: None under any other server
    waiting = write(frame.websocket)      # the bytes still in the socket's buffer, or None

Why: a table's answer goes to every seat and observer. Through starlette and uvicorn each
socket's copy took a task wake-up, three layers of `send` coroutines and websockets'
framing of the same text again (11-16% of the GIL's samples at 50 busy tables, py-spy).
A server's frame is never masked (RFC 6455 5.1), so one frame's bytes are the same for
every socket it goes to: the fan-out frames a message once (services.outbound.Frame) and
each socket only writes those bytes to its transport.

`DirectWebSocketProtocol` is uvicorn's own WebSocket protocol (its websockets-sansio
implementation) with one addition: once the handshake is done, the ASGI scope's extensions
carry `pokerroom.wire`, a function that writes an already-framed message to the transport,
or declines (None) whenever uvicorn's own path must be taken instead: before the handshake
completes, after a close was sent or received, once the peer is gone, and whenever an
extension was negotiated (per-message-deflate compresses each socket's copy differently).
Everything else (the handshake, pings, the close, every read) stays uvicorn's; a whole
frame is written at once on the event loop's thread, so its frames and ours never
interleave. Under another server (or starlette's TestClient) the extension is absent and
the connection sends through starlette as before.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from websockets.protocol import State

WIRE = "pokerroom.wire"

Writer = Callable[[bytes], "int | None"]

try:  # uvicorn >= 0.35
    from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
except ImportError:  # pragma: no cover - an older uvicorn: everything goes through starlette
    WebSocketsSansIOProtocol = None  # type: ignore[assignment,misc]


def wire_writer(websocket: Any) -> Writer | None:
    """The direct writer of an accepted socket, when its server offers one."""
    scope = getattr(websocket, "scope", None) or {}
    writer: Writer | None = (scope.get("extensions") or {}).get(WIRE)
    return writer


if WebSocketsSansIOProtocol is not None:

    class DirectWebSocketProtocol(WebSocketsSansIOProtocol):
        def handle_connect(self, event: Any) -> None:
            super().handle_connect(event)
            scope = getattr(self, "scope", None)  # set only for a handshake it accepts
            if scope is not None:
                scope["extensions"][WIRE] = self.write_frame

        def write_frame(self, frame: bytes) -> int | None:
            """Write one framed message; the bytes the transport still holds after it, or
            None (nothing written) when uvicorn's path must send instead."""
            if (not self.handshake_complete or self.close_sent or self.disconnected
                    or self.initial_response is not None or self.conn.extensions
                    or self.conn.state is not State.OPEN or self.transport.is_closing()):
                return None
            self.transport.write(frame)
            size: int = self.transport.get_write_buffer_size()
            return size

    WS_PROTOCOL: Any = DirectWebSocketProtocol
else:  # pragma: no cover
    WS_PROTOCOL = "auto"
