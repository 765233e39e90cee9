"""The outbound queue is capped by bytes, not only by messages (issue 12, item 20); written
directly to the transport (server.wire), by the bytes the transport holds (issue 11).

A client that reads nothing while the room keeps sending must be let go once what waits for
it passes OUTBOUND_BYTES, long before OUTBOUND_LIMIT messages: a few large views weigh more
than many small events. The socket here is a stand-in whose sends never complete (a stalled
reader): with a real one the kernel's buffers would swallow an unknown number of megabytes
first, so the moment the cap is reached could not be pinned down.
"""

from __future__ import annotations

import asyncio
from typing import Any

from pokerroom.server.connection import OUTBOUND_BYTES, OUTBOUND_LIMIT, Connection
from pokerroom.server.messages import TableEvents, TableView


class StalledSocket:
    """A WebSocket whose peer stopped reading: the first send never returns."""

    def __init__(self) -> None:
        self.sent = 0
        self.closed_with: tuple[int, str] | None = None
        self._never = asyncio.Event()

    async def send_text(self, text: str) -> None:
        self.sent += 1
        await self._never.wait()

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.closed_with = (code, reason)


async def push_large_views_until_cut_off(socket: Any) -> tuple[Connection, int]:
    """Push 100 KB views to a client of `socket` until it is cut off (or the message cap)."""
    conn = Connection(socket, account_id=1, username="slow")
    conn.start()
    view = TableView(table="antares-1", version=1, view={"padding": "x" * 100_000})
    pushed = 0
    while not conn.closed and pushed < OUTBOUND_LIMIT:
        conn.push(view)
        pushed += 1
        await asyncio.sleep(0)
    return conn, pushed


async def test_a_stalled_reader_is_cut_off_by_bytes_not_by_count() -> None:
    socket: Any = StalledSocket()
    conn, pushed = await push_large_views_until_cut_off(socket)
    assert conn.closed, f"{pushed} views of 100 KB queued and the client still kept"
    # cut off at the byte cap: about 4 MiB of 100 KB views, far under the message cap
    assert pushed <= OUTBOUND_BYTES // 100_000 + 2
    assert conn.queued_bytes <= OUTBOUND_BYTES
    await conn.close()


async def test_many_small_messages_under_the_byte_cap_are_kept() -> None:
    socket: Any = StalledSocket()
    conn = Connection(socket, account_id=1, username="slow")
    conn.start()
    for i in range(OUTBOUND_LIMIT // 2):  # about 100 bytes each: far under 4 MiB
        conn.push(TableEvents(table="antares-1", from_version=i, version=i, events=[],
                              view={}))
    assert not conn.closed
    await conn.close()


class StalledTransport:
    """A socket written directly (server.wire) whose peer stopped reading: every frame
    stays in the transport's buffer."""

    def __init__(self) -> None:
        self.held = 0
        self.scope = {"extensions": {"pokerroom.wire": self.write}}
        self.closed_with: tuple[int, str] | None = None

    def write(self, frame: bytes) -> int:
        self.held += len(frame)
        return self.held

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.closed_with = (code, reason)


async def test_a_stalled_reader_written_directly_is_cut_off_by_the_bytes_its_transport_holds(
) -> None:
    socket: Any = StalledTransport()
    conn, pushed = await push_large_views_until_cut_off(socket)
    assert conn.closed, f"{pushed} views of 100 KB held for the client and it still kept"
    # cut off by the first frame that took the transport past the cap, not by the count
    assert socket.held > OUTBOUND_BYTES
    assert pushed == OUTBOUND_BYTES // 100_000 + 1
    await conn.close()
    assert socket.closed_with == (1008, "too slow")
