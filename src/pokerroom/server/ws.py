"""The WebSocket endpoint: Origin allow-list, authentication, rate limit, validation, dispatch.

A refused message gets an `error` and is dropped; the connection and every table go on.
"""

from __future__ import annotations

import asyncio
import logging
import time

from fastapi import WebSocket, WebSocketDisconnect

from pokerroom.server.connection import Connection
from pokerroom.server.dispatch import dispatch
from pokerroom.server.messages import BadMessageError, Hello, parse_inbound
from pokerroom.server.ratelimit import SlidingWindow
from pokerroom.server.state import ServerState, session_token_from
from pokerroom.services.refusal import RefusedError

log = logging.getLogger("pokerroom.ws")


async def websocket_endpoint(websocket: WebSocket) -> None:
    state: ServerState = websocket.app.state.room
    settings = state.settings
    origin = websocket.headers.get("origin")
    # CORS middleware does not cover WebSockets: a browser page from another site could open
    # a socket with the victim's cookie, so a foreign Origin is refused before accepting.
    if origin is not None and origin not in state.origins:
        await websocket.close(code=1008, reason="origin not allowed")
        return
    token = session_token_from(websocket.headers, websocket.cookies)
    identity = await state.authenticate(token)
    conn = Connection(
        websocket,
        identity[0] if identity else None,
        identity[1] if identity else None,
    )
    conn.session = token if identity else None
    conn.address = websocket.client.host if websocket.client else ""
    # Capped per address and per account: this node's sockets, or every node's (cluster).
    if not await state.socket_caps.admit(conn, settings.max_sockets_per_ip,
                                         settings.max_sockets_per_account):
        await websocket.close(code=1008, reason="too many connections")
        return
    try:
        await websocket.accept()
        if identity is not None:
            # a player who never chose a client seed gets a default kept with the account
            await state.client_seeds.ensure(identity[0])
    except BaseException:
        await state.socket_caps.release(conn)  # (its place counted from its admission)
        raise
    conn.start()
    state.connected(conn)
    await state.arrived(conn)
    bucket = state.message_bucket(conn)
    # Refused messages in the last minute: a burst long ago is forgiven, a flood is not.
    dropped = SlidingWindow(settings.dropped_window_s)
    try:
        while not conn.closed:
            if conn.account_id is None and not conn.tables and not conn.lobby:
                # Anonymous and watching nothing: it must say something soon, or go.
                try:
                    message = await asyncio.wait_for(websocket.receive(),
                                                     settings.idle_anonymous_s)
                except TimeoutError:
                    await websocket.close(code=1008, reason="idle")
                    break
            else:
                message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            raw = message.get("text")
            if raw is None:
                raw = message.get("bytes") or b""
            if not await bucket.allow():
                dropped.add("")
                state.metrics.refused("rate_limited")
                if dropped.count("") > settings.max_dropped_messages:
                    await websocket.close(code=1008, reason="flooding")
                    break
                conn.error("rate_limited", "too many messages; slow down")
                continue
            try:
                inbound = parse_inbound(raw, settings.max_message_bytes)
            except BadMessageError as exc:
                dropped.add("")
                state.metrics.refused("bad_message")
                conn.error("bad_message", exc.reason, ref=exc.ref)
                continue
            # A hello naming tables costs one message per table beyond the first.
            extra = len(inbound.last_versions) - 1 if isinstance(inbound, Hello) else 0
            if extra > 0 and not await bucket.allow(extra):
                dropped.add("")
                conn.error("rate_limited", "a hello naming that many tables must wait; slow down",
                           ref=inbound.ref)
                continue
            started = time.perf_counter()
            try:
                await dispatch(state, conn, inbound)
            except RefusedError as exc:
                state.metrics.refused(exc.code)
                conn.error(exc.code, exc.reason, rule=exc.rule, ref=inbound.ref,
                           table=getattr(inbound, "table", None), message=exc.message,
                           params=exc.params)
                if exc.code == "session_ended":
                    conn.end(4001, "session ended")
            except Exception:  # a bug must not take the connection down with it
                state.metrics.error("dispatch")
                log.exception("dispatch failed for %s", inbound.type,
                              extra={"table": getattr(inbound, "table", None)})
                conn.error("internal", "the server could not handle that message", ref=inbound.ref)
            else:
                if inbound.type in ("act", "uth_decide"):
                    # Applied, stored and sent out by the table's actor before it answered.
                    state.metrics.roundtrip.observe(time.perf_counter() - started)
    except (WebSocketDisconnect, RuntimeError, asyncio.CancelledError):
        pass
    finally:
        await state.disconnected(conn)  # (its tournament channels too)
        await conn.close()
