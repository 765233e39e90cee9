"""Records as JSON text: a tagged codec for the core's frozen dataclasses (HandRecord, UTH state).

    text = encode_record(hand.record)          # store in hands.record
    record = decode_record(text)               # == the original HandRecord
    replay(record)                             # pokerroom.core.rules.replay

A dataclass becomes {"$": "rules:ClassName", field: value, ...}, an enum
{"$enum": "rules:Name", "v": value}, a Fraction {"$frac": "1/20"}; tuples become lists and
come back as tuples. The tag is the core package (rules, uth, table, cards, evaluation) and
the class name, because `Check` and `Fold` exist both in poker and in UTH. Classes are looked
up in the public namespaces of the core, so any record made of core records round-trips
without a hand-written schema. Unknown names raise ValueError.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
from enum import Enum
from fractions import Fraction
from functools import cache
from typing import Any

FORMAT = "pokerroom.record/1"
CORE_MODULES = (
    "pokerroom.core.cards",
    "pokerroom.core.evaluation",
    "pokerroom.core.rules",
    "pokerroom.core.rules.actions",
    "pokerroom.core.rules.config",
    "pokerroom.core.rules.history",
    "pokerroom.core.rules.events",
    "pokerroom.core.rules.result",
    "pokerroom.core.table",
    "pokerroom.core.uth",
    "pokerroom.core.uth.actions",
    "pokerroom.core.uth.config",
    "pokerroom.core.uth.round",
    "pokerroom.core.uth.settle",
)


@cache
def _tag(cls: type) -> str:
    """(Once per class: every record of every hand spells tags.) 'rules:Check' for pokerroom.core.rules.actions.Check; 'uth:Check' for the UTH one."""
    parts = cls.__module__.split(".")
    area = parts[2] if len(parts) > 2 else parts[-1]
    return f"{area}:{cls.__name__}"


@cache
def _registry() -> dict[str, type]:
    found: dict[str, type] = {}
    for name in CORE_MODULES:
        try:
            module = importlib.import_module(name)
        except ImportError:
            continue
        for attr in vars(module).values():
            if isinstance(attr, type) and (
                dataclasses.is_dataclass(attr) or issubclass(attr, Enum)
            ):
                if attr.__module__.startswith("pokerroom.core."):
                    found.setdefault(_tag(attr), attr)
    # Records written before the tags had a package carried bare names, resolved to the first
    # class found in CORE_MODULES order (poker's Check before UTH's): keep reading them.
    for cls in list(found.values()):
        found.setdefault(cls.__name__, cls)
    return found


def _encode(value: Any) -> Any:
    if isinstance(value, Enum):
        return {"$enum": _tag(type(value)), "v": value.value}
    if isinstance(value, bool | int | str | float) or value is None:
        return value
    if isinstance(value, Fraction):
        return {"$frac": str(value)}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: dict[str, Any] = {"$": _tag(type(value))}
        for f in dataclasses.fields(value):
            if f.init:
                out[f.name] = _encode(getattr(value, f.name))
        return out
    if isinstance(value, tuple | list):
        return [_encode(v) for v in value]
    if isinstance(value, frozenset | set):
        return {"$set": sorted((_encode(v) for v in value), key=repr)}
    if isinstance(value, dict):
        return {"$dict": [[_encode(k), _encode(v)] for k, v in value.items()]}
    raise TypeError(f"cannot store {type(value).__name__} in a record")


def _decode(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_decode(v) for v in value)
    if not isinstance(value, dict):
        return value
    if "$enum" in value:
        cls = _registry().get(value["$enum"])
        if cls is None:
            raise ValueError(f"unknown enum {value['$enum']!r} in record")
        return cls(value["v"])
    if "$frac" in value:
        return Fraction(value["$frac"])
    if "$set" in value:
        return frozenset(_decode(v) for v in value["$set"])
    if "$dict" in value:
        return {_decode(k): _decode(v) for k, v in value["$dict"]}
    if "$" in value:
        cls = _registry().get(value["$"])
        if cls is None:
            raise ValueError(f"unknown record type {value['$']!r}")
        return cls(**{k: _decode(v) for k, v in value.items() if k != "$"})
    raise ValueError(f"untagged object in record: {sorted(value)}")


def encode_record(record: Any, *, tournament_level: int | None = None) -> str:
    """JSON text for a core record (compact, stable key order). A tournament hand keeps the
    number of the level it was dealt at beside its record (`record_tournament_level`): its
    stakes alone do not say it when a structure repeats a level's stakes."""
    doc: dict[str, Any] = {"format": FORMAT, "record": _encode(record)}
    if tournament_level is not None:
        doc["tournament"] = {"level": tournament_level}
    return json.dumps(doc, separators=(",", ":"), sort_keys=True)


def record_tournament_level(text: str) -> int | None:
    """The level a tournament hand was dealt at, as `encode_record` kept it; None for a cash
    hand, or a tournament hand stored before the level was kept."""
    try:
        doc = json.loads(text)
    except ValueError:
        return None
    level = doc.get("tournament", {}).get("level") if isinstance(doc, dict) else None
    return level if isinstance(level, int) else None


def decode_record(text: str) -> Any:
    """The record `encode_record` stored."""
    doc = json.loads(text)
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ValueError(f"not a {FORMAT} document")
    return _decode(doc["record"])
