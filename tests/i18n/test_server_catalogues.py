"""The server's gettext catalogues: every message the code marks is in every language's
catalogue with the same placeholders and all plural forms, and no catalogue keeps a message
the code no longer uses. Extraction is Babel's own (the messages are what `pybabel extract`
would find)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from pokerroom.i18n import LANGUAGES, catalogue_path, money, negotiate, translator

SRC = Path(__file__).resolve().parents[2] / "src" / "pokerroom"
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")


def extracted() -> dict[str, str | tuple[str, str]]:
    found: dict[str, str | tuple[str, str]] = {}
    for _file, _line, message, _comments, _ctx in extract_from_dir(
            str(SRC), method_map=[("i18n/**.py", "python"), ("server/**.py", "python"),
                                  ("services/**.py", "python")],
            keywords={"_": None, "gettext": None, "ngettext": (1, 2)}):
        key = message[0] if isinstance(message, tuple) else message
        found[key] = message
    return found


def test_the_code_marks_messages() -> None:
    messages = extracted()
    assert "Welcome deposit" in messages
    assert messages["%(n)d entry"] == ("%(n)d entry", "%(n)d entries")


@pytest.mark.parametrize("lang", [x for x in LANGUAGES if x != "en"])
def test_every_message_has_a_translation_with_the_same_placeholders(lang: str) -> None:
    with catalogue_path(lang).open("rb") as fp:
        catalog = read_po(fp, locale=lang)
    messages = extracted()
    missing = [m for m in messages if m not in catalog or not catalog[m].string]
    assert not missing, f"{lang}: no translation for {missing}"
    stale = [m.id for m in catalog if m.id and (m.id[0] if isinstance(m.id, tuple) else m.id)
             not in messages]
    assert not stale, f"{lang}: messages the code no longer uses: {stale}"
    for key, message in messages.items():
        entry = catalog[key]
        sources = message if isinstance(message, tuple) else (message,)
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        assert len(strings) == catalog.num_plurals if isinstance(message, tuple) else 1
        want = set(PLACEHOLDER.findall(sources[0]))
        for text in strings:
            assert text, f"{lang}: an empty plural form of {key!r}"
            assert set(PLACEHOLDER.findall(text)) == want, (lang, key, text)


def test_plural_forms_and_money_follow_the_language() -> None:
    de, en = translator("de"), translator("en")
    assert de.ngettext("%(n)d entry", "%(n)d entries", 1) % {"n": 1} == "1 Buchung"
    assert de.ngettext("%(n)d entry", "%(n)d entries", 3) % {"n": 3} == "3 Buchungen"
    assert en.ngettext("%(n)d entry", "%(n)d entries", 3) % {"n": 3} == "3 entries"
    assert de.gettext("Welcome deposit") == "Startguthaben"
    assert en.gettext("Welcome deposit") == "Welcome deposit"
    assert money(123456, 2, "EUR", "de") == "1.234,56 €"
    assert money(123456, 2, "EUR", "en") == "€1,234.56"
    assert money(-5, 2, "EUR", "de") == "-0,05 €"
    assert negotiate(None) == "en" and negotiate("de-CH") == "de" and negotiate("*") == "en"
