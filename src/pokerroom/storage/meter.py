"""How much CPU the server spends storing: for `pokerroom bench server` (issue 11).

Storage work runs in two places: on the event loop thread (SQLAlchemy building statements,
the driver's Python code, the group-commit drainer) and in driver threads (aiosqlite runs
sqlite3 in one thread per connection). `metered(coro)` runs a storage coroutine and adds the
event loop thread's CPU time of each of its steps (only while it runs, never while it waits);
`storage_cpu_ns()` adds the CPU of every thread of the process but the main one (the loop's),
which on this server are the database drivers' (no executor work runs on the hot path).
Linux only for the threads (/proc); elsewhere only the loop's part is counted.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Awaitable, Coroutine, Generator
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")

_loop_ns = 0


class _Metered(Awaitable[T]):
    __slots__ = ("_coro",)

    def __init__(self, coro: Coroutine[Any, Any, T]) -> None:
        self._coro = coro

    def __await__(self) -> Generator[Any, Any, T]:
        global _loop_ns
        coro = self._coro
        clock = time.thread_time_ns
        send_value: Any = None
        error: BaseException | None = None
        while True:
            start = clock()
            try:
                yielded = coro.send(send_value) if error is None else coro.throw(error)
            except StopIteration as stop:
                _loop_ns += clock() - start
                return stop.value  # type: ignore[no-any-return]
            except BaseException:
                _loop_ns += clock() - start
                raise
            _loop_ns += clock() - start
            try:
                send_value, error = (yield yielded), None
            except BaseException as exc:  # noqa: BLE001 - handed to the coroutine, as await does
                send_value, error = None, exc


def metered(coro: Coroutine[Any, Any, T]) -> Awaitable[T]:
    """`await metered(work())`: the same result, with its loop CPU counted as storage."""
    return _Metered(coro)


def _other_threads_ns() -> int:
    tasks = Path(f"/proc/{os.getpid()}/task")
    if not tasks.is_dir():
        return 0
    main = str(threading.main_thread().native_id)
    ticks = 0
    for task in tasks.iterdir():
        if task.name == main:
            continue
        try:
            fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # the thread ended meanwhile
        ticks += int(fields[11]) + int(fields[12])  # utime, stime
    return ticks * 1_000_000_000 // os.sysconf("SC_CLK_TCK")


def storage_cpu_ns() -> int:
    """CPU nanoseconds spent storing since the process started (see the module doc)."""
    return _loop_ns + _other_threads_ns()
