"""The browser's message catalogues (web/i18n/<lang>.json): German and English hold the same
keys, the same placeholders and the same plural forms, and every key the client asks for
exists. No browser needed: the catalogues and the client's source are read as files."""

from __future__ import annotations

import json
import re
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "src" / "pokerroom" / "web"
LANGUAGES = ("en", "de")
PLACEHOLDER = re.compile(r"\{(\w+)(?::\w+)?\}")


def catalogue(lang: str) -> dict[str, object]:
    data = json.loads((WEB / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def placeholders(entry: object) -> set[str]:
    texts = entry.values() if isinstance(entry, dict) else [entry]
    return {m.group(1) for text in texts for m in PLACEHOLDER.finditer(str(text))}


def test_every_key_exists_in_both_languages() -> None:
    keys = {lang: set(catalogue(lang)) for lang in LANGUAGES}
    only_en = sorted(keys["en"] - keys["de"])
    only_de = sorted(keys["de"] - keys["en"])
    assert not only_en, f"in English only: {only_en}"
    assert not only_de, f"in German only: {only_de}"


def test_placeholders_and_plural_forms_match() -> None:
    en, de = catalogue("en"), catalogue("de")
    for key, text in en.items():
        assert placeholders(text) == placeholders(de[key]), key
        assert isinstance(text, dict) == isinstance(de[key], dict), key
        if isinstance(text, dict):
            assert "other" in text and "other" in de[key], key  # Intl.PluralRules' fallback
        assert str(de[key]).strip(), f"empty German text for {key}"


def test_every_key_the_client_asks_for_is_there() -> None:
    en = catalogue("en")
    used: set[str] = set()
    for path in (WEB / "js").rglob("*.js"):
        used |= set(re.findall(r"\b(?:t|tr)\(\"([a-z_.0-9-]+)\"", path.read_text(encoding="utf-8")))
    assert used, "the client asks for no key at all"
    missing = sorted(k for k in used if k not in en)
    assert not missing, f"keys the client uses but no catalogue has: {missing}"


def test_no_tournament_key_is_left_unused() -> None:
    """The tournament page's keys (tourn.*) are all asked for, by name or by a prefix the
    client completes (`tourn.status.${s}`): the old tournament felt's words went with it."""
    source = "\n".join(p.read_text(encoding="utf-8") for p in (WEB / "js").rglob("*.js"))
    prefixes = set(re.findall(r"`(tourn\.[a-z_.0-9-]*)\$\{", source))
    unused = sorted(k for k in catalogue("en") if k.startswith("tourn.")
                    and f'"{k}"' not in source and not any(k.startswith(p) for p in prefixes))
    assert not unused, f"keys no client code asks for: {unused}"


def test_the_german_names_the_issue_lists() -> None:
    de = catalogue("de")
    expected = {
        "auth.sign_up": "Registrieren", "auth.log_in": "Anmelden", "auth.username": "Benutzername",
        "auth.password": "Passwort", "header.logout": "Abmelden", "lobby.join": "Beitreten",
        "lobby.watch": "Zuschauen", "buyin.sit_down": "Hinsetzen", "act.fold": "Passen",
        "act.check": "Checken", "act.call": "Mitgehen", "act.bet": "Setzen", "act.raise": "Erhöhen",
    }
    assert {k: de[k] for k in expected} == expected


def test_every_key_the_pages_name_is_there() -> None:
    """index.html and the console's admin.html name their static words by key (data-i18n)."""
    en = catalogue("en")
    used: set[str] = set()
    for path in WEB.glob("*.html"):
        used |= set(re.findall(r'data-i18n(?:-aria|-title)?="([a-z_.0-9-]+)"',
                               path.read_text(encoding="utf-8")))
    assert {"admin.nav.tables", "nav.lobby"} <= used
    missing = sorted(k for k in used if k not in en)
    assert not missing, f"keys the pages name but no catalogue has: {missing}"


def test_the_console_asks_for_words_not_english() -> None:
    """The console (admin.js) words everything from the catalogues: no English label, heading
    or button text is written into it (the catalogue holds the words, in both languages)."""
    source = (WEB / "js" / "admin.js").read_text(encoding="utf-8")
    literals = re.findall(r'h\("[a-z0-9.-]+", \{[^{}]*\}, "([A-Z][a-z][^"]*)"\)', source)
    labels = re.findall(r'(?:placeholder|"aria-label"): "([^"]+)"', source)
    assert not literals and not labels, (literals, labels)
    for family in ("status", "tstatus", "action", "button", "act", "col", "error"):
        assert any(k.startswith(f"admin.{family}.") for k in catalogue("de")), family
