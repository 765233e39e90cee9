"""docs/PROTOCOL.md describes every message type the server takes and sends, every notice code
and every error code (issue 10): a new message cannot ship undocumented."""

from __future__ import annotations

import dataclasses
import re
import typing
from pathlib import Path

from pokerroom.server import messages

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src" / "pokerroom"
DOC = (ROOT / "docs" / "PROTOCOL.md").read_text(encoding="utf-8")


def _inbound_types() -> set[str]:
    union = typing.get_args(messages.Inbound)[0]
    return {typing.get_args(model.model_fields["type"].annotation)[0]
            for model in typing.get_args(union)}


def _outbound_types() -> set[str]:
    """The `type` of every outbound message class (its default: the class's one type)."""
    found = set()
    for cls in messages.OUTBOUND_CLASSES:
        (type_field,) = [f for f in dataclasses.fields(cls) if f.name == "type"]
        found.add(type_field.default)
    return found


def _sent(pattern: str) -> set[str]:
    found: set[str] = set()
    for layer in ("services", "server"):
        for path in (SRC / layer).rglob("*.py"):
            found |= set(re.findall(pattern, path.read_text(encoding="utf-8")))
    return found


def _documented(name: str) -> bool:
    return f"`{name}`" in DOC or f'"{name}"' in DOC


def test_every_inbound_and_outbound_type_is_in_the_protocol_doc() -> None:
    inbound = _inbound_types()
    outbound = _outbound_types()
    assert {"hello", "act", "uth_bet"} <= inbound and {"table_events", "notice"} <= outbound
    # No message is built as a dict any more: each is a class of services.outbound.
    assert not _sent(r'"type": "([a-z_]+)"'), "an outbound message built as a dict"
    missing = sorted(t for t in inbound | outbound if not _documented(t))
    assert not missing, f"message types missing from docs/PROTOCOL.md: {missing}"


def test_every_notice_and_error_code_is_in_the_protocol_doc() -> None:
    codes = _sent(r'\bcode="([a-z_]+)"') | _sent(r'RefusedError\(\s*"([a-z_]+)"')
    codes |= _sent(r'conn\.error\(\s*"([a-z_]+)"')
    assert {"timed_out", "illegal_action", "wrong_table"} <= codes
    missing = sorted(c for c in codes if not _documented(c))
    assert not missing, f"codes missing from docs/PROTOCOL.md: {missing}"
