"""The rulebook by rule ID (the link a refusal carries): every ID in docs/RULES.md has its
text, the packaged copy equals docs/RULES.md, unknown IDs are refused with 404."""

from __future__ import annotations

import re
from pathlib import Path

from roomharness import RunningServer

from pokerroom.services.rulebook import parse, rulebook

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8")


def test_the_packaged_rulebook_is_docs_rules_md() -> None:
    packaged = (ROOT / "src" / "pokerroom" / "data" / "RULES.md").read_text(encoding="utf-8")
    assert packaged == DOC, "copy docs/RULES.md to src/pokerroom/data/RULES.md"


def test_every_rule_id_has_its_text() -> None:
    ids = set(re.findall(r"^- \*\*([RU]-[A-Z]+-\d+)\*\*", DOC, flags=re.M))
    rules = rulebook()
    assert ids and set(rules) == ids
    assert all(r.text and r.section for r in rules.values())
    r = parse("## 4. Betting\n\n- **R-BET-9** First line\n  second line.\n- **R-BET-10** Next.\n")
    assert r["R-BET-9"].text == "First line second line." and r["R-BET-9"].section == "4. Betting"


async def test_the_rule_endpoint(server: RunningServer) -> None:
    async with server.http() as http:
        r = await http.get("/api/rules/R-BET-4")
        assert r.status_code == 200
        body = r.json()
        assert body["id"] == "R-BET-4" and body["section"].startswith("4. Betting")
        assert body["text"].startswith("Every bet or raise must be at least the size")
        for bad in ("R-BET-999", "nonsense", "R-bet-4"):
            r = await http.get(f"/api/rules/{bad}")
            assert r.status_code == 404 and r.json()["detail"]["code"] == "not_found"
