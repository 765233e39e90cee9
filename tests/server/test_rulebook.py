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


# The rules a player at a cash table meets through a refusal's rule link (the refusals of the
# betting, the buy-in, showing and drawing): each has a German translation.
LINKED = ("R-BET-1", "R-BET-3", "R-BET-4", "R-BET-5", "R-BET-6", "R-BET-7", "R-BET-8",
          "R-BET-10", "R-BUYIN-1", "R-BUYIN-2", "R-BUYIN-3", "R-BUYIN-4", "R-SD-5", "R-DRAW-2")


def test_every_german_translation_translates_the_current_english_rule() -> None:
    """A translation names the sha256 of the English text it was made from: when the English
    rule changes, this fails until the translation is checked and its hash updated (the room
    shows no translation of an older text meanwhile)."""
    import hashlib

    from pokerroom.services.rulebook import translation, translations

    stored = translations("de")
    assert set(LINKED) <= set(stored), sorted(set(LINKED) - set(stored))
    stale = []
    for rid, entry in stored.items():
        english = rulebook()[rid].text
        if hashlib.sha256(english.encode("utf-8")).hexdigest() != entry["english"]:
            stale.append(rid)
        assert entry["text"].strip() and entry["text"] != english, rid
        # Numbers and rule references of the English text are in the translation too.
        for token in re.findall(r"R-[A-Z]+-\d+|\d+", english):
            assert token in entry["text"], (rid, token)
    assert not stale, f"English rules changed since their translation: {stale}"
    assert translation("R-BET-4", "de") == stored["R-BET-4"]["text"]
    assert translation("R-BET-4", "en") is None and translation("R-HAND-1", "de") is None


async def test_the_rule_endpoint_adds_the_translation_of_the_players_language(
        server: RunningServer) -> None:
    async with server.http() as http:
        de = (await http.get("/api/rules/R-BET-4?lang=de")).json()
        assert de["text"].startswith("Every bet or raise")  # the binding text stays English
        assert de["translation"]["lang"] == "de"
        assert de["translation"]["text"].startswith("Jede Bet oder jeder Raise")
        assert (await http.get("/api/rules/R-BET-4?lang=en")).json()["translation"] is None
        assert (await http.get("/api/rules/R-BET-4")).json()["translation"] is None
        assert (await http.get("/api/rules/R-BET-4?lang=xx")).json()["translation"] is None
