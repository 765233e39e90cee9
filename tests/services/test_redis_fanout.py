"""The fan-out over a real Redis (issue 10): what one node publishes reaches the subscribers
held by another node, in order, each channel only its audience (skip honoured)."""

from __future__ import annotations

import asyncio
import os
import uuid
from typing import Any

import pytest

from pokerroom.services.fanout import account_channel, table_channel
from pokerroom.services.outbound import ChatLine, Frame, Notice, decode
from pokerroom.services.redis_fanout import RedisFanOut

REDIS_ENV = "POKERROOM_TEST_REDIS"


class Sink:
    def __init__(self, account_id: int | None) -> None:
        self.account_id = account_id
        self.got: list[dict[str, Any]] = []
        self.frames: list[Frame] = []

    def send(self, frame: Frame) -> None:
        self.frames.append(frame)
        self.got.append(decode(frame))


async def test_two_nodes_share_channels_in_order_with_skip() -> None:
    url = os.environ.get(REDIS_ENV)
    if not url:
        pytest.skip(f"Redis tests need {REDIS_ENV}=redis://host:port/db")
    prefix = f"test-{uuid.uuid4().hex[:8]}:"  # this test's own channels
    owner, gateway = RedisFanOut(url, prefix=prefix), RedisFanOut(url, prefix=prefix)
    await owner.start()
    await gateway.start()
    try:
        player, observer = Sink(7), Sink(None)
        for sink in (player, observer):
            gateway.subscribe(table_channel("t1"), sink)
        gateway.subscribe(account_channel(7), player)
        await asyncio.sleep(0.2)  # the pattern subscriptions are live
        for n in range(100):
            owner.publish(table_channel("t1"), Notice(code="public", table="t1", hand=n,
                                                      text="all"), skip={7})
            owner.publish(account_channel(7), Notice(code="own", table="t1", hand=n, text="7"))
        owner.publish(table_channel("t1"), ChatLine(table="t1", name="x", text="hi", now_ms=1))
        for _ in range(200):
            # (the writer counts a batch once Redis acknowledged it, which may come after
            # the other node already received it)
            if len(observer.got) == 101 and len(player.got) == 101 and owner.published == 201:
                break
            await asyncio.sleep(0.05)
        assert [m["hand"] for m in observer.got[:100]] == list(range(100))
        assert [m["hand"] for m in player.got[:100]] == list(range(100))
        assert all(m["code"] == "own" for m in player.got[:100])  # never the observers' copy
        assert player.got[100]["type"] == observer.got[100]["type"] == "chat"
        # The frame crossed the bus as it was encoded: both subscribers got the same text.
        assert player.frames[100].text == observer.frames[100].text
        assert player.frames[100].text.endswith(',"v":1}')
        assert owner.published == 201
    finally:
        await owner.stop()
        await gateway.stop()


async def test_an_unreachable_redis_is_refused_at_start() -> None:
    fanout = RedisFanOut("redis://127.0.0.1:1/0")
    with pytest.raises(Exception):  # noqa: B017 - redis' ConnectionError, raised at once
        await fanout.start()
    await fanout.stop()
