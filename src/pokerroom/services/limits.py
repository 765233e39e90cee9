"""Limits a player sets on themselves (player protection).

Kinds: `loss_day`, `loss_week`, `loss_month` (the most the player may lose, in chip units,
over the last 1, 7 or 30 days: poker hands and UTH rounds, net), `session_minutes` (a
reminder when a session has lasted that long), and `exclusion_until` (a cool-off or a
self-exclusion: until that time the account can neither sit down nor bet).

A stricter value takes effect at once; a looser one (a higher limit, or none) 24 hours later.
An exclusion can be set or lengthened at once but never shortened. Each change is a new row
(`player_limits`): the newest row of a kind whose `effective_ms` has come applies.

Enforced at sit-down and at each hand (the runners call `blocked`): a player over a loss
limit or excluded is refused a seat, and is not dealt in (sat out) from the next hand on.
Only accounts with a limit cost a query: the others are known from memory.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select

from pokerroom.services import clock
from pokerroom.storage.database import Database
from pokerroom.storage.models import Hand, HandPlayer, PlayerLimit, UthRound

DAY_MS = 24 * 3600 * 1000
RAISE_DELAY_MS = DAY_MS
LOSS_WINDOWS = {"loss_day": DAY_MS, "loss_week": 7 * DAY_MS, "loss_month": 30 * DAY_MS}
KINDS = (*LOSS_WINDOWS, "session_minutes", "exclusion_until")


class LimitError(ValueError):
    def __init__(self, field: str, reason: str) -> None:
        super().__init__(f"{field}: {reason}")
        self.field = field
        self.reason = reason


@dataclass(frozen=True, slots=True, kw_only=True)
class Blocked:
    """Why a player may not play: `rule` is the limit's kind, `message` and `params` say it for
    a client to word in the player's language (`limit_exclusion` with `until` in ms,
    `limit_loss_day` / `_week` / `_month` with `limit` and `lost` in chip units); `reason`
    is the same in English (logs, old clients)."""

    rule: str
    reason: str
    message: str
    params: dict[str, int | str]

    def wire(self) -> dict[str, Any]:
        """As PROTOCOL's `blocked`: {"kind", "message", "params", "reason"}."""
        return {"kind": self.rule, "message": self.message, "params": dict(self.params),
                "reason": self.reason}


def _stricter(kind: str, new: int | None, old: int | None) -> bool:
    """Does `new` protect at least as much as `old`?"""
    if kind == "exclusion_until":
        return (new or 0) >= (old or 0)
    if new is None:
        return old is None
    return old is None or new <= old


class PlayerLimits:
    def __init__(self, db: Database) -> None:
        self.db = db
        self._limited: set[int] | None = None  # accounts with any limit row

    async def _accounts_with_limits(self) -> set[int]:
        if self._limited is None:
            async with self.db.read() as session:
                self._limited = {int(a) for a in (await session.execute(
                    select(PlayerLimit.account_id).distinct())).scalars()}
        return self._limited

    async def current(self, account_id: int, now_ms: int | None = None
                      ) -> dict[str, dict[str, Any]]:
        """Per kind: the value in force and a pending change (with the time it takes effect)."""
        at = clock.now_ms() if now_ms is None else now_ms
        async with self.db.read() as session:
            rows = list((await session.execute(
                select(PlayerLimit).where(PlayerLimit.account_id == account_id)
                .order_by(PlayerLimit.id))).scalars())
        out: dict[str, dict[str, Any]] = {k: {"value": None, "pending": None} for k in KINDS}
        for row in rows:
            entry = out[row.kind]
            if row.effective_ms <= at:
                entry["value"] = row.value
                entry["pending"] = None  # a newer row in force replaces a pending one
            else:
                entry["pending"] = {"value": row.value, "effective_ms": row.effective_ms}
        if out["exclusion_until"]["value"] is not None and out["exclusion_until"]["value"] <= at:
            out["exclusion_until"]["value"] = None  # over
        return out

    async def set(self, account_id: int, kind: str, value: int | None,
                  now_ms: int | None = None) -> dict[str, dict[str, Any]]:
        if kind not in KINDS:
            raise LimitError("kind", f"one of {', '.join(KINDS)}")
        if value is not None and (not isinstance(value, int) or value <= 0):
            raise LimitError("value", "a positive whole number, or null for no limit")
        at = clock.now_ms() if now_ms is None else now_ms
        now = await self.current(account_id, at)
        old = now[kind]["value"]
        if kind == "exclusion_until":
            if value is None or value <= at:
                raise LimitError("value", "an exclusion ends in the future")
            if not _stricter(kind, value, old):
                raise LimitError("value", "an exclusion cannot be shortened")
        effective = at if _stricter(kind, value, old) else at + RAISE_DELAY_MS
        async with self.db.write() as session:
            session.add(PlayerLimit(account_id=account_id, kind=kind, value=value,
                                    effective_ms=effective, created_ms=at))
        (await self._accounts_with_limits()).add(account_id)
        return await self.current(account_id, at)

    async def losses(self, account_id: int, since_ms: int) -> int:
        """Net chips lost (positive) since a time: settled hands and UTH rounds."""
        async with self.db.read() as session:
            poker = (await session.execute(
                select(func.coalesce(func.sum(HandPlayer.final_stack - HandPlayer.start_stack), 0))
                .join(Hand, Hand.id == HandPlayer.hand_id)
                .where(HandPlayer.account_id == account_id, Hand.status == "settled",
                       Hand.ended_ms >= since_ms))).scalar_one()
            uth = (await session.execute(
                select(func.coalesce(func.sum(UthRound.payout - UthRound.staked), 0))
                .where(UthRound.account_id == account_id, UthRound.status == "settled",
                       UthRound.ended_ms >= since_ms))).scalar_one()
        return -int(poker or 0) - int(uth or 0)

    async def blocked(self, account_id: int, now_ms: int | None = None) -> Blocked | None:
        """Why the player may not sit or play now (None: they may)."""
        if account_id not in await self._accounts_with_limits():
            return None
        at = clock.now_ms() if now_ms is None else now_ms
        limits = await self.current(account_id, at)
        until = limits["exclusion_until"]["value"]
        if until is not None and until > at:
            return Blocked(rule="exclusion_until",
                           reason="you excluded yourself from play until "
                           f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime(until / 1000))}",
                           message="limit_exclusion", params={"until": int(until)})
        for kind, window in LOSS_WINDOWS.items():
            limit = limits[kind]["value"]
            if limit is not None:
                lost = await self.losses(account_id, at - window)
                if lost >= limit:
                    return Blocked(rule=kind, reason=f"your {kind.replace('_', ' ')} limit of "
                                   f"{limit} is reached (lost {lost})",
                                   message=f"limit_{kind}",
                                   params={"limit": int(limit), "lost": int(lost)})
        return None

    async def session_minutes(self, account_id: int) -> int | None:
        if account_id not in await self._accounts_with_limits():
            return None
        value = (await self.current(account_id))["session_minutes"]["value"]
        return int(value) if value is not None else None
