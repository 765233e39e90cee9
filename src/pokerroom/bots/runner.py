"""Run several bots at once (for `pokerroom bots` and `pokerroom serve --bots N`)."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

import httpx

from pokerroom.bots.client import Bot, BotStats


async def spread_tables(base_url: str, count: int, per_table: int = 3) -> list[str]:
    """Tables for `count` bots from the lobby (see `assign_tables`)."""
    async with httpx.AsyncClient(base_url=base_url, timeout=30) as http:
        tables: list[dict[str, Any]] = (await http.get("/api/lobby")).json()["tables"]
    return assign_tables(tables, count, per_table)


def uth_share(count: int, per_table: int = 3) -> int:
    """How many of `count` bots play Ultimate Texas Hold'em: about one in four, at least one
    from three bots on (two still make a heads-up poker game), and one more rather than
    leaving a poker bot alone at a table."""
    if count < 3:
        return 0
    uth = max(1, count // 4)
    if (count - uth) % per_table == 1 and count - uth > 1:
        uth += 1
    return uth


def assign_tables(tables: list[dict[str, Any]], count: int, per_table: int = 3) -> list[str]:
    """Tables for `count` bots: poker bots in groups of `per_table`, one game after another,
    and a share of them (`uth_share`) one by one at the UTH tables, so a visitor finds several
    games running, UTH rounds too, and still a free seat at each. The mixed tables (HORSE,
    8-game) come right after the first game: listed late in the lobby, they were reached
    only by a few dozen bots, so `serve --bots N` never seated any there."""
    poker_tables = [t for t in tables if t["kind"] == "poker"]
    uth_tables = [t for t in tables if t["kind"] == "uth"]
    seen: set[str] = set()
    firsts = []
    for t in poker_tables:
        mix = t.get("mix") or {}  # a mixed table is its own game, whatever it deals now
        key = f"mix:{mix['mix']}" if mix.get("mix") else f"{t['game']}/{t['betting']}"
        if key not in seen:
            seen.add(key)
            firsts.append(t)
    mixed = [t for t in firsts if t.get("mix")]
    plain = [t for t in firsts if not t.get("mix")]
    ordered = plain[:1] + mixed + plain[1:]
    ordered += [t for t in poker_tables if t not in ordered]
    uth = uth_share(count, per_table) if uth_tables and ordered else (count if uth_tables else 0)
    out = [str(ordered[(i // per_table) % len(ordered)]["id"]) for i in range(count - uth)]
    out += [str(uth_tables[i % len(uth_tables)]["id"]) for i in range(uth)]
    return out


async def wait_for_server(base_url: str, timeout: float = 30.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    async with httpx.AsyncClient(base_url=base_url, timeout=5) as http:
        while True:
            try:
                if (await http.get("/api/lobby")).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            if loop.time() > deadline:
                raise TimeoutError(f"no server at {base_url}")
            await asyncio.sleep(0.3)


async def run_bots(base_url: str, *, count: int, hands: int | None, table: str | None,
                   quiet: bool = False, think_s: tuple[float, float] = (0.4, 1.5),
                   secret: str, prefix: str = "bot", seed: int | None = None,
                   more_urls: Sequence[str] = ()) -> list[BotStats]:
    """`more_urls`: other nodes of the same room; bot i starts at the i-th address and moves
    to the next one whenever its connection drops. `secret`: the room's bot secret."""
    await wait_for_server(base_url)
    tables = [table] * count if table else await spread_tables(base_url, count)
    urls = [base_url, *more_urls]
    bots = [
        Bot(urls[i % len(urls)], f"{prefix}{i + 1:02d}", table=tables[i], hands=hands,
            think_s=think_s, seed=None if seed is None else seed + i, secret=secret,
            fallbacks=[urls[(i + k) % len(urls)] for k in range(1, len(urls))])
        for i in range(count)
    ]
    tasks = [asyncio.create_task(b.run()) for b in bots]
    try:
        return list(await asyncio.gather(*tasks))
    finally:
        for t in tasks:
            t.cancel()
