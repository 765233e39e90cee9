"""The rulebook's text by rule ID, for the small link a refusal carries ("R-BET-4").

The rulebook ships with the package (`pokerroom/data/RULES.md`, a copy of docs/RULES.md that
a test keeps equal). A rule is a bullet `- **R-BET-4** text...` with its continuation lines,
under a `## n. Section` heading.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

RULE_ID = re.compile(r"^[RU]-[A-Z]+-\d+$")
_BULLET = re.compile(r"^- \*\*([RU]-[A-Z]+-\d+)\*\*\s*(.*)$")


@dataclass(frozen=True, slots=True)
class Rule:
    id: str
    section: str
    text: str


def parse(markdown: str) -> dict[str, Rule]:
    rules: dict[str, Rule] = {}
    section = ""
    current: tuple[str, list[str]] | None = None

    def close() -> None:
        if current is not None:
            rid, lines = current
            rules[rid] = Rule(rid, section, " ".join(x.strip() for x in lines).strip())

    for line in markdown.splitlines():
        if line.startswith("## "):
            close()
            current = None
            section = line[3:].strip()
            continue
        m = _BULLET.match(line)
        if m:
            close()
            current = (m.group(1), [m.group(2)])
        elif current is not None and line.startswith("  ") and line.strip():
            current[1].append(line)
        elif current is not None:
            close()
            current = None
    close()
    return rules


@cache
def rulebook() -> dict[str, Rule]:
    text = resources.files("pokerroom").joinpath("data/RULES.md").read_text(encoding="utf-8")
    return parse(text)


def rule(rule_id: str) -> Rule | None:
    return rulebook().get(rule_id) if RULE_ID.match(rule_id) else None


@cache
def _translations(lang: str) -> dict[str, dict[str, str]]:
    """`data/RULES.<lang>.toml`: {rule ID: {"english": sha256 of the English text, "text"}}."""
    import tomllib

    path = resources.files("pokerroom").joinpath(f"data/RULES.{lang}.toml")
    if not path.is_file():
        return {}
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return {rid: {"english": str(v["english"]), "text": str(v["text"])} for rid, v in data.items()}


def translation(rule_id: str, lang: str) -> str | None:
    """The rule in `lang` where a translation of its current English text exists (the English
    text stays binding). A translation of an older English text is not shown: it may say
    something the rule no longer says."""
    import hashlib

    if not lang.isalpha() or lang == "en":
        return None
    found = rule(rule_id)
    entry = _translations(lang).get(rule_id)
    if found is None or entry is None:
        return None
    if hashlib.sha256(found.text.encode("utf-8")).hexdigest() != entry["english"]:
        return None
    return entry["text"]


def translations(lang: str) -> dict[str, dict[str, str]]:
    """Every translation of `lang` as stored (for the test that keeps them current)."""
    return dict(_translations(lang)) if lang.isalpha() else {}
