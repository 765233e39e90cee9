"""The heap keeper (server/heap.py): Python's own full collections are off while it runs, the
young generations are collected as before, and the keeper's sweep still frees old cycles."""

from __future__ import annotations

import asyncio
import gc
import weakref
from collections.abc import AsyncIterator

import pytest

from pokerroom.server.heap import NEVER, HeapKeeper


class Node:
    def __init__(self) -> None:
        self.other: Node | None = None


def old_cycle() -> weakref.ref[Node]:
    """A two-object cycle promoted to the oldest generation, then dropped: garbage only a full
    collection can find."""
    a, b = Node(), Node()
    a.other, b.other = b, a
    gc.collect(1)  # the young generations' survivors move to the oldest
    return weakref.ref(a)


def churn() -> None:
    """Enough young garbage for hundreds of young collections: with Python's own thresholds
    that is a full collection's worth several times over."""
    for _ in range(200):
        junk = [[] for _ in range(5000)]
        del junk
        gc.collect(1)


@pytest.fixture
async def keeper() -> AsyncIterator[HeapKeeper]:
    before = gc.get_threshold()
    keeper = HeapKeeper(sweep_every=3600)
    keeper.start()
    yield keeper
    await keeper.stop()
    assert gc.get_threshold() == before  # Python's schedule is back


async def test_full_collections_are_the_keepers_while_it_runs(keeper: HeapKeeper) -> None:
    assert gc.get_threshold()[2] == NEVER
    full = gc.get_stats()[2]["collections"]
    alive = old_cycle()
    churn()
    assert gc.get_stats()[2]["collections"] == full  # Python ran none
    assert alive() is not None  # so the old cycle waits for the sweep
    assert keeper.sweep() >= 2
    assert alive() is None
    assert keeper.sweeps == 1


async def test_young_cycles_are_collected_as_before(keeper: HeapKeeper) -> None:
    a, b = Node(), Node()
    a.other, b.other = b, a
    young = weakref.ref(a)
    del a, b
    gc.collect(0)
    assert young() is None


async def test_the_keeper_sweeps_on_the_running_loop() -> None:
    keeper = HeapKeeper(sweep_every=0.1)
    keeper.start()
    try:
        alive = old_cycle()
        for _ in range(40):
            await asyncio.sleep(0.05)
            if alive() is None:
                break
        assert alive() is None
        assert keeper.sweeps >= 1
    finally:
        await keeper.stop()


@pytest.mark.parametrize("sweep", [0, -1])
def test_an_interval_that_makes_no_sense_is_refused(sweep: float) -> None:
    with pytest.raises(ValueError, match="sweep_every"):
        HeapKeeper(sweep_every=sweep)
