"""The heap keeper (server/heap.py): the long-lived heap is frozen out of Python's full
collections, and a cycle left among frozen objects is still swept in the end."""

from __future__ import annotations

import asyncio
import gc
import weakref
from collections.abc import Iterator

import pytest

from pokerroom.server.heap import HeapKeeper


class Node:
    def __init__(self) -> None:
        self.other: Node | None = None


def cycle() -> weakref.ref[Node]:
    """A two-object cycle nothing else refers to once this returns: only the collector can
    free it."""
    a, b = Node(), Node()
    a.other, b.other = b, a
    return weakref.ref(a)


@pytest.fixture
def unfrozen() -> Iterator[None]:
    yield
    gc.unfreeze()  # the test process keeps its ordinary collector


def test_a_frozen_cycle_is_out_of_the_collectors_sight_until_the_sweep(unfrozen: None) -> None:
    a, b = Node(), Node()
    a.other, b.other = b, a
    alive = weakref.ref(a)
    HeapKeeper.freeze()
    assert gc.get_freeze_count() > 0
    del a, b  # garbage now, but frozen
    gc.collect()
    assert alive() is not None  # a full collection no longer scans it
    assert HeapKeeper.sweep() >= 2
    assert alive() is None
    assert gc.get_freeze_count() > 0  # frozen again after the sweep


def test_a_young_cycle_is_collected_before_the_heap_is_frozen(unfrozen: None) -> None:
    young = cycle()
    HeapKeeper.freeze()
    assert young() is None  # not carried into the frozen heap


async def test_the_keeper_freezes_and_sweeps_on_the_running_loop(unfrozen: None) -> None:
    keeper = HeapKeeper(freeze_every=0.05, sweep_every=0.3)
    keeper.start()
    try:
        a, b = Node(), Node()
        a.other, b.other = b, a
        alive = weakref.ref(a)
        before = gc.get_freeze_count()
        await asyncio.sleep(0.12)  # a freeze tick: the cycle is frozen
        assert gc.get_freeze_count() > before
        del a, b
        gc.collect()
        assert alive() is not None
        for _ in range(40):  # the sweep comes at 0.3 s
            await asyncio.sleep(0.05)
            if alive() is None:
                break
        assert alive() is None
    finally:
        await keeper.stop()
    assert gc.get_freeze_count() == 0  # stop hands everything back


@pytest.mark.parametrize(("freeze", "sweep"), [(0, 10), (-1, 10), (10, 5)])
def test_intervals_that_make_no_sense_are_refused(freeze: float, sweep: float) -> None:
    with pytest.raises(ValueError, match="freeze_every"):
        HeapKeeper(freeze_every=freeze, sweep_every=sweep)
