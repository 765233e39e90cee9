"""A tournament from its written form (a TOML table: the room file's `[[tournaments]]`,
or a structure file for `tournament simulate`). A bad key or value is refused naming it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pokerroom.core.errors import InvalidConfigError
from pokerroom.core.tournament.payouts import PayoutRow, PayoutTable
from pokerroom.core.tournament.structure import Level, TournamentConfig

TOURNAMENT_KEYS = {
    "id", "name", "game", "betting", "seats", "min_entrants", "max_entrants", "buy_in", "fee",
    "starting_chips", "levels", "payouts", "start", "late_registration_levels", "rebuys",
    "rebuy_levels", "add_on", "reentry", "repeat",
}  # fmt: skip
LEVEL_KEYS = {"small_blind", "big_blind", "ante", "bring_in", "small_bet", "big_bet", "minutes",
              "hands", "break"}  # fmt: skip


def parse_levels(raw: Any) -> tuple[Level, ...]:
    if not isinstance(raw, list) or not raw:
        raise InvalidConfigError("levels: a list of levels is needed")
    levels = []
    for i, spec in enumerate(raw, start=1):
        if not isinstance(spec, Mapping):
            raise InvalidConfigError(f"levels[{i}]: must be a table")
        unknown = set(spec) - LEVEL_KEYS
        if unknown:
            raise InvalidConfigError(f"levels[{i}]: unknown key {sorted(unknown)[0]!r}")
        args = {k: v for k, v in spec.items() if k != "break"}
        try:
            levels.append(Level(is_break=bool(spec.get("break", False)), **args))
        except InvalidConfigError as exc:
            raise InvalidConfigError(f"levels[{i}]: {exc}") from exc
    return tuple(levels)


def parse_payouts(raw: Any) -> PayoutTable:
    """`payouts = [{entrants = [2, 6], shares = [65, 35]}, ...]`"""
    if not isinstance(raw, list) or not raw:
        raise InvalidConfigError("payouts: a list of {entrants = [low, high], shares = [...]}")
    rows = []
    for i, spec in enumerate(raw, start=1):
        try:
            low, high = spec["entrants"]
            rows.append(PayoutRow(low=int(low), high=int(high), weights=tuple(spec["shares"])))
        except InvalidConfigError as exc:
            raise InvalidConfigError(f"payouts[{i}]: {exc}") from exc
        except (KeyError, TypeError, ValueError) as exc:
            raise InvalidConfigError(
                f"payouts[{i}]: needs entrants = [low, high] and shares"
            ) from exc
    return tuple(rows)


def parse_tournament(spec: Mapping[str, Any], start_ms: int | None = None) -> TournamentConfig:
    """`start` is "when_full" (a sit & go) or a time, which the caller turns into
    `start_ms` (tournament time is the caller's business)."""
    unknown = set(spec) - TOURNAMENT_KEYS
    if unknown:
        raise InvalidConfigError(f"unknown key {sorted(unknown)[0]!r} in a tournament")
    args: dict[str, Any] = {
        k: v for k, v in spec.items() if k not in ("levels", "payouts", "start", "rebuys")
    }
    args["levels"] = parse_levels(spec.get("levels"))
    if "payouts" in spec:
        args["payouts"] = parse_payouts(spec["payouts"])
    rebuys = spec.get("rebuys", 0)
    args["rebuys"] = int(rebuys) if not isinstance(rebuys, bool) else int(rebuys)
    start = spec.get("start", "when_full")
    if start != "when_full" and start_ms is None:
        raise InvalidConfigError("start: a scheduled tournament needs its start time")
    args["start_ms"] = None if start == "when_full" else start_ms
    if start == "when_full" and "min_entrants" not in spec and "max_entrants" in spec:
        args["min_entrants"] = spec["max_entrants"]
    for key, value in args.items():
        if key in ("levels", "payouts", "start_ms"):
            continue
        expected = (
            str if key in ("id", "name", "game", "betting") else (bool if key == "repeat" else int)
        )
        if not isinstance(value, expected) or (expected is int and isinstance(value, bool)):
            raise InvalidConfigError(f"{key} must be {expected.__name__}")
    try:
        return TournamentConfig(**args)
    except TypeError as exc:
        raise InvalidConfigError(str(exc)) from exc
