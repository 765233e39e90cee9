"""The room configuration: tables defined in TOML text, refused with file, line and reason.

    [room]
    name = "pokerroom"
    [defaults]            # optional: clock and sit-out settings for every table
    action_seconds = 15
    [[table]]
    name = "Antares"
    game = "holdem"       # holdem | omaha | omaha-hilo | stud | stud-hilo | razz | short-deck | uth
    betting = "no-limit"  # no-limit | pot-limit | limit (not for uth)
    seats = 6
    stakes = { small_blind = 100, big_blind = 200 }
    button = "moving"     # or "dead" (R-BLIND-9)
    options = { rake_percent = 5, rake_cap = 300 }
    copies = 2            # optional: "Antares 1", "Antares 2"

A mixed table names its mix as its game (`game = "horse"`, or "8-game"), no `betting` (each
game of the mix has its own), one set of stakes for all its games (blinds, small_bet and
big_bet, ante and bring_in: R-MIX-3) and `rotate = "orbit"` (the default) or a number of
hands per game (R-MIX-2).

Buy-in ranges follow from the stakes (R-BUYIN-1, R-BUYIN-2). UTH tables take
`stakes = { ante_min, ante_max, trips_min, trips_max }` and 1..7 seats (U-TABLE-1, U-BET-2).
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, replace

from pokerroom.core.errors import InvalidConfigError
from pokerroom.core.table.config import ClockConfig, TableConfig, TableStakes
from pokerroom.core.table.mixed import MIXES, ORBIT

TABLE_KEYS = {"name", "game", "betting", "seats", "stakes", "button", "options", "copies",
              "chip_unit", "sit_out_orbits", "action_seconds", "time_bank_seconds",
              "offer_seconds", "rotate"}  # fmt: skip
DEFAULT_KEYS = {"action_seconds", "time_bank_seconds", "sit_out_orbits", "offer_seconds",
                "chip_unit"}  # fmt: skip
POKER_STAKES = {"small_blind", "big_blind", "small_bet", "big_bet", "ante", "bring_in"}
UTH_STAKES = {"ante_min", "ante_max", "trips_min", "trips_max"}
HAND_OPTIONS = {"reopen_rule", "limit_cap_heads_up", "max_raises", "rake_percent", "rake_cap",
                "no_flop_no_drop"}  # fmt: skip


class RoomConfigError(InvalidConfigError):
    """A room file that cannot be used: where, and why."""

    def __init__(self, file: str, line: int, reason: str) -> None:
        self.file = file
        self.line = line
        self.reason = reason
        super().__init__(f"{file}:{line}: {reason}")


@dataclass(frozen=True, slots=True, kw_only=True)
class UthTableSpec:
    name: str
    seats: int = 7
    ante_min: int = 50
    ante_max: int = 7500
    trips_min: int = 50
    trips_max: int = 5000


@dataclass(frozen=True, slots=True, kw_only=True)
class RoomConfig:
    name: str
    currency: str
    tables: tuple[TableConfig, ...]
    uth_tables: tuple[UthTableSpec, ...]
    tournaments: tuple[dict[str, object], ...] = ()  # checked [[tournaments]] specs

    def table(self, name: str) -> TableConfig:
        for t in self.tables:
            if t.name == name:
                return t
        raise KeyError(name)


class _Locator:
    """Finds the line of a key inside the n-th [[table]] block (tomllib keeps no positions)."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()
        self.tables = [i + 1 for i, ln in enumerate(self.lines) if ln.strip() == "[[table]]"]
        self.sections = {
            ln.strip()[1:-1].strip(): i + 1
            for i, ln in enumerate(self.lines)
            if re.fullmatch(r"\s*\[[^\[\]]+\]\s*", ln)
        }

    def block(self, index: int) -> tuple[int, int]:
        start = self.tables[index] if index < len(self.tables) else 1
        end = len(self.lines) + 1
        for i in range(start, len(self.lines)):
            if self.lines[i].strip().startswith("["):
                end = i + 1
                break
        return start, end

    def find(self, index: int | None, key: str) -> int:
        if index is None:
            start, end = 1, len(self.lines) + 1
        else:
            start, end = self.block(index)
        pattern = re.compile(rf"(^|[\s{{,]){re.escape(key)}\s*=")
        for n in range(start, end):
            if pattern.search(self.lines[n - 1]):
                return n
        return start


def parse_room(text: str, file: str = "room.toml") -> RoomConfig:
    """Read a room file's text; a bad file raises RoomConfigError(file, line, reason)."""
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"line (\d+)", str(exc))
        raise RoomConfigError(file, int(m.group(1)) if m else 1, str(exc)) from None
    loc = _Locator(text)

    def fail(index: int | None, key: str, reason: str) -> RoomConfigError:
        return RoomConfigError(file, loc.find(index, key), reason)

    room = doc.get("room", {})
    if not isinstance(room, dict):
        raise RoomConfigError(file, 1, "[room] must be a table")
    defaults = doc.get("defaults", {})
    if not isinstance(defaults, dict):
        raise RoomConfigError(file, 1, "[defaults] must be a table")
    for key in defaults:
        if key not in DEFAULT_KEYS:
            raise fail(None, key, f"unknown key {key!r} in [defaults]")
    for key in doc:
        if key not in ("room", "defaults", "table", "tournaments"):
            raise RoomConfigError(file, loc.sections.get(key, 1), f"unknown section {key!r}")
    tables = doc.get("table", [])
    if not isinstance(tables, list) or not tables:
        raise RoomConfigError(file, 1, "the room defines no [[table]]")
    poker: list[TableConfig] = []
    uth: list[UthTableSpec] = []
    names: set[str] = set()
    for i, spec in enumerate(tables):
        for key in spec:
            if key not in TABLE_KEYS:
                raise fail(i, key, f"unknown key {key!r} in table {i + 1}")
        merged = {**defaults, **spec}
        name = spec.get("name")
        if not isinstance(name, str) or not name:
            raise RoomConfigError(file, loc.block(i)[0], f"table {i + 1} has no name")
        copies = spec.get("copies", 1)
        if not isinstance(copies, int) or isinstance(copies, bool) or not 1 <= copies <= 100:
            raise fail(i, "copies", "copies must be an integer 1..100")
        table_names = [name] if copies == 1 else [f"{name} {k}" for k in range(1, copies + 1)]
        for tn in table_names:
            if tn in names:
                raise fail(i, "name", f"duplicate table name {tn!r}")
            names.add(tn)
        game = spec.get("game")
        stakes = spec.get("stakes")
        if not isinstance(stakes, dict):
            raise fail(i, "stakes" if "stakes" in spec else "name", f"table {name!r} needs stakes")
        for key, value in stakes.items():
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise fail(i, key, f"stakes.{key} must be a non-negative integer, got {value!r}")
        if game == "uth":
            unknown = set(stakes) - UTH_STAKES
            if unknown:
                raise fail(i, sorted(unknown)[0], f"unknown UTH stake {sorted(unknown)[0]!r}")
            seats = spec.get("seats", 7)
            if not isinstance(seats, int) or not 1 <= seats <= 7:
                raise fail(i, "seats", "a UTH table has 1..7 seats (U-TABLE-1)")
            u = UthTableSpec(name=name, seats=seats, **stakes)
            if u.ante_min > u.ante_max or u.trips_min > u.trips_max:
                raise fail(i, "stakes", "a minimum is above its maximum")
            uth.extend(UthTableSpec(name=tn, seats=seats, **stakes) for tn in table_names)
            continue
        unknown = set(stakes) - POKER_STAKES
        if unknown:
            raise fail(i, sorted(unknown)[0], f"unknown stake {sorted(unknown)[0]!r}")
        options = spec.get("options", {})
        if not isinstance(options, dict):
            raise fail(i, "options", "options must be a table")
        for key in options:
            if key not in HAND_OPTIONS:
                raise fail(i, key, f"unknown table option {key!r}")
        try:
            base = _table_config(name, spec, merged, stakes, options)
        except InvalidConfigError as exc:
            key = _guess_key(str(exc))
            raise fail(i, key, f"table {name!r}: {exc}") from None
        except (TypeError, ValueError) as exc:
            raise RoomConfigError(file, loc.block(i)[0], f"table {name!r}: {exc}") from None
        for tn in table_names:
            poker.append(_renamed(base, tn))
    currency = room.get("currency", "USD")
    return RoomConfig(
        name=str(room.get("name", "pokerroom")),
        currency=str(currency),
        tables=tuple(poker),
        uth_tables=tuple(uth),
        tournaments=_tournaments(doc.get("tournaments", []), file, text),
    )


def _tournaments(raw: object, file: str, text: str) -> tuple[dict[str, object], ...]:
    """`[[tournaments]]` blocks, each checked as a tournament (issue 13); `start` is
    "when_full" (a sit & go), "HH:MM" (daily, UTC) or "every N minutes"."""
    # imported here: core.tournament builds on core.table
    from pokerroom.core.tournament.spec import parse_tournament

    lines = text.splitlines()
    starts = [i + 1 for i, ln in enumerate(lines) if ln.strip() == "[[tournaments]]"]
    if not isinstance(raw, list):
        raise RoomConfigError(file, 1, "tournaments must be [[tournaments]] blocks")
    ids: set[str] = set()
    out = []
    for i, spec in enumerate(raw):
        line = starts[i] if i < len(starts) else 1
        if not isinstance(spec, dict) or not isinstance(spec.get("id"), str):
            raise RoomConfigError(file, line, "a tournament needs an `id`")
        if spec["id"] in ids:
            raise RoomConfigError(file, line, f"tournament id {spec['id']!r} appears twice")
        ids.add(spec["id"])
        start = spec.get("start", "when_full")
        if start != "when_full" and not (
            isinstance(start, str)
            and (re.fullmatch(r"\d\d:\d\d", start) or re.fullmatch(r"every \d+ minutes", start))
        ):
            raise RoomConfigError(
                file, line, 'start must be "when_full", "HH:MM" or "every N minutes"'
            )
        try:
            parse_tournament(spec, start_ms=0)
        except InvalidConfigError as exc:
            raise RoomConfigError(file, line, f"tournament {spec['id']!r}: {exc}") from None
        out.append(dict(spec))
    return tuple(out)


def _guess_key(message: str) -> str:
    for key in ("rotate", "game", "betting", "seats", "button", "small_blind", "big_blind", "big_bet",
                "small_bet", "bring_in", "chip_unit", "sit_out_orbits"):  # fmt: skip
        if key in message:
            return key
    return "stakes"


def _seconds(merged: dict[str, object], key: str, default: int) -> int:
    value = merged.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InvalidConfigError(f"{key} must be a non-negative integer number of seconds")
    return value * 1000


def _table_config(
    name: str,
    spec: dict[str, object],
    merged: dict[str, object],
    stakes: dict[str, int],
    options: dict[str, object],
) -> TableConfig:
    button = spec.get("button", "moving")
    if button not in ("moving", "dead"):
        raise InvalidConfigError(f"button must be 'moving' or 'dead', got {button!r}")
    clock = ClockConfig(
        action_ms=_seconds(merged, "action_seconds", 15),
        time_bank_ms=_seconds(merged, "time_bank_seconds", 30),
    )
    seats = spec.get("seats", 6)
    chip_unit = merged.get("chip_unit", 1)
    orbits = merged.get("sit_out_orbits", 3)
    for key, value in (("seats", seats), ("chip_unit", chip_unit), ("sit_out_orbits", orbits)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidConfigError(f"{key} must be an integer, got {value!r}")
    assert isinstance(seats, int) and isinstance(chip_unit, int) and isinstance(orbits, int)
    game, betting, mix, every = str(spec.get("game")), str(spec.get("betting")), "", 0
    if game in MIXES:
        if "betting" in spec:
            raise InvalidConfigError(f"betting: each game of {game} has its own; leave it out")
        mix, (game, betting) = game, MIXES[game].games[0]
        every = _rotate(spec.get("rotate", "orbit"))
    elif "rotate" in spec:
        raise InvalidConfigError("rotate: only a mixed table (game = \"horse\", ...) rotates")
    return TableConfig(
        name=name,
        game=game,
        betting=betting,
        mix=mix,
        rotate_every=every,
        stakes=TableStakes(**stakes),
        seats=seats,
        button_mode=str(button),
        chip_unit=chip_unit,
        sit_out_orbits=orbits,
        offer_ms=_seconds(merged, "offer_seconds", 60),
        clock=clock,
        options=tuple(sorted(options.items())),
    )


def _rotate(value: object) -> int:
    """`rotate = "orbit"` (0) or a number of hands per game (R-MIX-2)."""
    if value == "orbit":
        return ORBIT
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise InvalidConfigError(f'rotate: "orbit" or a number of hands (1 or more), got {value!r}')
    return value


def _renamed(config: TableConfig, name: str) -> TableConfig:
    return replace(config, name=name)
