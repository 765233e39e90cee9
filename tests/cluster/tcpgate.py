"""A TCP proxy the test controls: the link between one cluster node and PostgreSQL or Redis.

    gate = await Gate.open("127.0.0.1", 5432)     # listens on gate.port
    gate.cut()      # a partition: nothing passes either way (bytes wait, connections hang)
    gate.heal()     # the link is back: what waited goes through now, late
    await gate.close()

Holding the bytes instead of dropping them is what makes a partitioned node's writes arrive
late, after another node took its tables over: the fencing epoch must refuse them then.
"""

from __future__ import annotations

import asyncio
import contextlib


class Gate:
    def __init__(self, host: str, port: int) -> None:
        self.target = (host, port)
        self.open_ = asyncio.Event()
        self.open_.set()
        self.server: asyncio.Server | None = None
        self.port = 0
        self._tasks: set[asyncio.Task[None]] = set()
        self.late_bytes = 0  # bytes from the node that waited behind a cut

    @classmethod
    async def open(cls, host: str, port: int) -> Gate:
        gate = cls(host, port)
        gate.server = await asyncio.start_server(gate._accept, "127.0.0.1", 0)
        gate.port = gate.server.sockets[0].getsockname()[1]
        return gate

    def cut(self) -> None:
        self.open_.clear()

    def heal(self) -> None:
        self.open_.set()

    async def close(self) -> None:
        if self.server is not None:
            self.server.close()
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await self.open_.wait()
        try:
            up_reader, up_writer = await asyncio.open_connection(*self.target)
        except OSError:
            writer.close()
            return
        for task in (self._pipe(reader, up_writer, from_node=True),
                     self._pipe(up_reader, writer, from_node=False)):
            t = asyncio.get_running_loop().create_task(task)
            self._tasks.add(t)
            t.add_done_callback(self._tasks.discard)

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, *,
                    from_node: bool) -> None:
        try:
            while data := await reader.read(65536):
                if not self.open_.is_set():
                    if from_node:
                        self.late_bytes += len(data)
                    await self.open_.wait()
                writer.write(data)
                await writer.drain()
        except (OSError, ConnectionError):
            pass
        finally:
            with contextlib.suppress(Exception):
                writer.close()
