"""One WebSocket client: an outbound queue drained by its own task, so a slow client never
blocks a table (the table only ever does a non-blocking put)."""

from __future__ import annotations

import asyncio
import uuid
from collections import deque
from typing import Any

from fastapi import WebSocket

from pokerroom.server.messages import Error, Frame, Outbound, WordedError, encode
from pokerroom.server.wire import Writer, wire_writer

OUTBOUND_LIMIT = 2000  # messages queued for one client before it is judged too slow
OUTBOUND_BYTES = 4 * 1024 * 1024  # ... or bytes: a few huge views weigh more than many small


class Connection:
    """What the services see of a client: an identity and a non-blocking `push`."""

    def __init__(self, websocket: WebSocket, account_id: int | None, username: str | None) -> None:
        self.websocket = websocket
        self.id = uuid.uuid4().hex  # the viewer id the tables count this client by
        self.account_id = account_id
        self.username = username
        self.tables: set[str] = set()
        self.tournaments: set[str] = set()  # the tournaments it follows
        self.tournament_tables: dict[str, int] = {}  # tournament -> the table it watches
        self.lobby = False
        self.closed = False
        self.session: str | None = None  # the session token it opened with (logout closes it)
        self.address = ""  # the client's IP (sockets are capped per address)
        self._close_code, self._close_reason = 1008, "too slow"
        # What waits to be written (None: close), and the writer's wake-up while it is empty:
        # a deque and one future, not an asyncio.Queue, whose put and get cost more than the
        # send itself at a busy table (issue 11).
        self._queue: deque[str | None] = deque()
        self._wake: asyncio.Future[None] | None = None
        self.queued_bytes = 0
        self._writer: asyncio.Task[None] | None = None
        self._write: Writer | None = None  # the socket's direct writer (server.wire)

    def start(self) -> None:
        """Once the socket is accepted: under `pokerroom serve` a frame is written straight
        to the socket's transport (server.wire), else through starlette by the writer task."""
        self._write = wire_writer(self.websocket)
        self._writer = asyncio.get_running_loop().create_task(self._drain())

    def push(self, message: Outbound | Frame) -> None:
        """Queue a message meant for this client alone (or one already encoded); never
        blocks."""
        if not self.closed:
            self.send(message if isinstance(message, Frame) else encode(message))

    def send(self, frame: Frame) -> None:
        """Queue an encoded message (the fan-out hands every subscriber the same frame);
        never blocks."""
        if self.closed:
            return
        write = self._write
        if write is not None and not self._queue:
            waiting = write(frame.websocket)
            if waiting is not None:  # written; what the transport still holds is the queue
                if waiting > OUTBOUND_BYTES:
                    self._cut_off()
                return
        text = frame.text
        if (len(self._queue) >= OUTBOUND_LIMIT
                or self.queued_bytes + len(text) > OUTBOUND_BYTES):
            self._cut_off()
            return
        self.queued_bytes += len(text)
        self._put(text)

    def _cut_off(self) -> None:
        """Too slow: nothing more is queued; the socket is closed after what is."""
        self.closed = True
        self._put(None)

    def _put(self, item: str | None) -> None:
        self._queue.append(item)
        wake = self._wake
        if wake is not None:
            self._wake = None
            if not wake.done():
                wake.set_result(None)

    def end(self, code: int, reason: str) -> None:
        """Close the socket after what is already queued (e.g. its session ended)."""
        if self.closed:
            return
        self.closed = True
        self._close_code, self._close_reason = code, reason
        self._put(None)

    def error(
        self,
        code: str,
        reason: str,
        *,
        rule: str | None = None,
        ref: str | None = None,
        table: str | None = None,
        message: str | None = None,
        params: dict[str, Any] | None = None,
    ) -> None:
        # `message` + `params`: the refusal for the client to word (docs/PROTOCOL.md errors).
        if message:
            self.push(WordedError(code=code, rule=rule, reason=reason, ref=ref, table=table,
                                  message=message, params=params or {}))
        else:
            self.push(Error(code=code, rule=rule, reason=reason, ref=ref, table=table))

    async def _drain(self) -> None:
        queue = self._queue
        try:
            while True:
                if not queue:
                    self._wake = asyncio.get_running_loop().create_future()
                    await self._wake
                    continue
                text = queue.popleft()
                if text is None:
                    await self.websocket.close(code=self._close_code, reason=self._close_reason)
                    return
                self.queued_bytes -= len(text)
                await self.websocket.send_text(text)
        except Exception:  # noqa: BLE001 - a dead socket ends the writer, nothing else
            self.closed = True

    async def close(self) -> None:
        if self.closed and self._writer is not None and not self._writer.done():
            # Ended on purpose (end(), too slow): let the writer flush and send the close.
            try:
                await asyncio.wait_for(asyncio.shield(self._writer), 2.0)
            except (TimeoutError, asyncio.CancelledError, Exception):  # noqa: BLE001
                pass
        self.closed = True
        if self._writer is not None:
            self._writer.cancel()
            try:
                await self._writer
            except (asyncio.CancelledError, Exception):  # noqa: BLE001
                pass
