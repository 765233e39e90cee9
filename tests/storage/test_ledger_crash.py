"""Kill -9 a process doing ledger work at random moments: after recovery the audit always passes.

DESIGN section 3: the sum of all balances equals deposits minus withdrawals at every committed
point; a hand interrupted by a crash is voided with every stack back at its start value.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pokerroom.services.audit import run_audit
from pokerroom.services.recovery import recover
from pokerroom.storage.database import Database

WORKER = Path(__file__).with_name("crash_worker.py")


def _start(db: Database, seed: int, name: str = "a") -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, str(WORKER), db.url, db.schema or "-", str(seed), name],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _kill_at_random_moment(proc: subprocess.Popen[str], rng: random.Random) -> int:
    """Wait for the worker to be working, let it run a random while, SIGKILL it; lines seen."""
    assert proc.stdout is not None
    first = proc.stdout.readline()
    if first.strip() != "ready":
        proc.kill()
        raise AssertionError(
            f"worker did not start: {first!r} {proc.stderr.read() if proc.stderr else ''}"
        )
    time.sleep(rng.uniform(0.05, 1.0))
    os.kill(proc.pid, signal.SIGKILL)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == -signal.SIGKILL, err
    return len(out.splitlines())


async def _crash_cycles(db: Database, kills: int, seed: int) -> int:
    """Run `kills` kill/recover/audit cycles; returns how many hands were caught mid-way."""
    rng = random.Random(seed)
    voided = 0
    previous_transactions = 0
    for cycle in range(kills):
        # Every other cycle two processes share the database (shared wallets, own tables).
        names = ("a", "b") if cycle % 2 else ("a",)
        procs = [_start(db, seed * 1000 + cycle * 10 + i, name) for i, name in enumerate(names)]
        await asyncio.gather(
            *(
                asyncio.to_thread(_kill_at_random_moment, p, random.Random(rng.random()))
                for p in procs
            )
        )
        report = await recover(db)  # what the next start does
        voided += len(report.voided_hands)
        audit = await run_audit(db)
        assert audit.ok, (cycle, audit.discrepancies)
        assert audit.counts.get("hands_in_progress", 0) == 0
        assert audit.counts["transactions"] >= previous_transactions
        previous_transactions = audit.counts["transactions"]
    assert previous_transactions > 0  # the workers really did ledger work
    return voided


async def test_sigkill_at_random_moments_never_breaks_the_ledger(db: Database) -> None:
    await _crash_cycles(db, kills=6, seed=1)


@pytest.mark.slow
async def test_sigkill_many_times_never_breaks_the_ledger(db: Database) -> None:
    voided = await _crash_cycles(db, kills=40, seed=2)
    assert voided > 0  # some kills landed in the middle of a hand
