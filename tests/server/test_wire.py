"""Frames written below starlette (server.wire, issue 11): a message framed once
(services.outbound.Frame.websocket) and written straight to each socket's transport.

The frames are read back by websockets' own parser and by real clients over real sockets;
the room's own clients (tests/server/roomharness.py, the browser tests) run on this path too.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
import uvicorn
import websockets
from roomharness import free_port
from websockets.frames import Opcode
from websockets.protocol import State
from websockets.server import ServerProtocol

from pokerroom.server.wire import WS_PROTOCOL, wire_writer
from pokerroom.services.outbound import Frame, websocket_text_frame


@pytest.mark.parametrize("size", [0, 1, 125, 126, 127, 65535, 65536, 200_000])
def test_a_framed_message_reads_back_whole_at_every_length_class(size: int) -> None:
    # 7-bit, 16-bit and 64-bit lengths and their edges (RFC 6455 5.2), read by the
    # library the clients use, as a client reads a server's frames.
    text = ("é" * size)[: max(size - size // 3, 0)] + "x" * (size // 3)
    framed = Frame(text).websocket
    reader = websockets.ClientProtocol(websockets.uri.parse_uri("ws://x/"),
                                       state=State.OPEN, max_size=None)
    reader.receive_data(framed)
    frames = list(reader.events_received())
    assert len(frames) == 1 and reader.parser_exc is None
    assert frames[0].opcode is Opcode.TEXT and frames[0].fin
    assert frames[0].data.decode() == text
    assert framed == websocket_text_frame(text.encode())


def test_a_frame_is_framed_once_for_all_its_sockets() -> None:
    frame = Frame('{"type":"pong"}')
    assert frame.websocket is frame.websocket
    assert frame == Frame('{"type":"pong"}')  # the cache is no part of what a frame is


# ---------------------------------------------------------------------- over real sockets
async def _serve(app: Any, **config: Any) -> tuple[uvicorn.Server, asyncio.Task[None], int]:
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, ws=WS_PROTOCOL,
                                           log_level="warning", lifespan="off", **config))
    task = asyncio.get_running_loop().create_task(server.serve())
    while not server.started:
        assert not task.done(), "the server did not start"
        await asyncio.sleep(0.02)
    return server, task, port


class WritingApp:
    """An ASGI app that accepts, writes the given messages with the socket's direct writer
    (when it has one) and through ASGI `send` alternately, then closes."""

    def __init__(self, texts: list[str]) -> None:
        self.texts = texts
        self.answers: list[int | None] = []
        self.before_accept: object = "not called"

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        assert scope["type"] == "websocket"
        await receive()  # websocket.connect

        class Socket:  # what wire_writer reads: the socket's scope
            pass
        socket = Socket()
        socket.scope = scope  # type: ignore[attr-defined]
        write = wire_writer(socket)
        # Before the handshake is answered the writer declines and writes nothing.
        self.before_accept = write(Frame("early").websocket) if write is not None else "none"
        await send({"type": "websocket.accept"})
        for i, text in enumerate(self.texts):
            answer = write(Frame(text).websocket) if write is not None and i % 2 == 0 else None
            self.answers.append(answer)
            if answer is None:
                await send({"type": "websocket.send", "text": text})
        await send({"type": "websocket.close", "code": 1000})
        while (await receive())["type"] != "websocket.disconnect":
            pass


async def _receive_all(port: int, **client: Any) -> list[str]:
    got: list[str] = []
    async with websockets.connect(f"ws://127.0.0.1:{port}/", max_size=None, **client) as ws:
        try:
            async for text in ws:
                got.append(text if isinstance(text, str) else text.decode())
        except websockets.ConnectionClosedOK:
            pass
    return got


async def test_frames_written_directly_and_through_asgi_arrive_whole_and_in_order() -> None:
    texts = [json.dumps({"n": i, "pad": "ü" * n}) for i, n in
             enumerate([0, 10, 130, 70_000, 5, 65_600, 1])]
    app = WritingApp(texts)
    server, task, port = await _serve(app, ws_per_message_deflate=False)
    try:
        got = await _receive_all(port, compression=None)
    finally:
        server.should_exit = True
        await task
    assert got == texts
    assert app.before_accept is None
    direct = [a for i, a in enumerate(app.answers) if i % 2 == 0]
    assert all(isinstance(a, int) and a >= 0 for a in direct), app.answers


async def test_a_socket_with_per_message_deflate_declines_direct_writes() -> None:
    # Each socket compresses its own copy differently: uvicorn's path sends them all.
    texts = [json.dumps({"n": i, "pad": "a" * 300}) for i in range(4)]
    app = WritingApp(texts)
    server, task, port = await _serve(app, ws_per_message_deflate=True)
    try:
        got = await _receive_all(port, compression="deflate")
    finally:
        server.should_exit = True
        await task
    assert got == texts
    assert app.answers == [None] * len(texts)


def test_a_closing_protocol_declines() -> None:
    # A close received (or sent) ends data frames: the writer says no and writes nothing.
    protocol = WS_PROTOCOL.__new__(WS_PROTOCOL)
    written: list[bytes] = []

    class Transport:
        def write(self, data: bytes) -> None:
            written.append(data)

        def is_closing(self) -> bool:
            return False

        def get_write_buffer_size(self) -> int:
            return 0

    protocol.transport = Transport()
    protocol.handshake_complete, protocol.close_sent = True, False
    protocol.disconnected, protocol.initial_response = False, None
    protocol.conn = ServerProtocol()
    protocol.conn.state = State.OPEN
    assert protocol.write_frame(b"\x81\x00") == 0 and written == [b"\x81\x00"]
    protocol.conn.state = State.CLOSING
    assert protocol.write_frame(b"\x81\x00") is None and len(written) == 1


def test_a_frame_made_from_json_bytes_is_the_frame_of_its_text() -> None:
    data = '{"type":"notice","text":"ü €"}'.encode()
    made = Frame.of_json(data)
    assert made == Frame(data.decode())
    assert made.websocket == Frame(data.decode()).websocket
