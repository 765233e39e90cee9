"""The server's words for players, in their language: Babel gettext catalogues.

Players read most text in the browser, which words the server's codes itself
(web/i18n/*.json). What the server writes for a player to read on their own (a wallet
statement download, a password-reset message, an email-to-be) comes from the gettext
catalogues in `locales/<lang>/LC_MESSAGES/pokerroom.po`, read with Babel (plural forms from
the catalogue's `Plural-Forms`), and money from Babel's CLDR data ("1.000,00 €", "€1,000.00").

    words = translator("de")
    words.gettext("Wallet statement")             # "Kontoauszug"
    words.ngettext("%(n)d hand", "%(n)d hands", 3) % {"n": 3}
    negotiate("de-AT,de;q=0.9,en;q=0.5")           # "de"
"""

from __future__ import annotations

import io
from decimal import Decimal
from functools import cache
from pathlib import Path

from babel import Locale, negotiate_locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_currency
from babel.support import Translations

LANGUAGES = ("en", "de")
DEFAULT_LANGUAGE = "en"
DOMAIN = "pokerroom"
LOCALES_DIR = Path(__file__).resolve().parent / "locales"
# The CLDR locale each language's numbers and money are written in.
_NUMBER_LOCALE = {"en": "en_US", "de": "de_DE"}


def catalogue_path(lang: str) -> Path:
    return LOCALES_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def valid_language(lang: object) -> str | None:
    """`lang` if it is one of the room's languages, else None."""
    return lang if isinstance(lang, str) and lang in LANGUAGES else None


def parse_accept_language(header: str | None) -> list[str]:
    """The tags of an Accept-Language header, most preferred first (by q, then order);
    q=0 means "not this one" and drops the tag."""
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate((header or "").split(",")):
        fields = part.strip().split(";")
        tag = fields[0].strip()
        if not tag or tag == "*":
            continue
        q = 1.0
        for param in fields[1:]:
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if q > 0:
            ranked.append((-q, i, tag))
    return [tag for _q, _i, tag in sorted(ranked)]


def negotiate(header: str | None) -> str:
    """The room's language a browser asks for first ("de-AT" finds "de"); English if none."""
    found = negotiate_locale(parse_accept_language(header), list(LANGUAGES), sep="-")
    return found if found in LANGUAGES else DEFAULT_LANGUAGE


@cache
def translator(lang: str) -> Translations:
    """The compiled catalogue of `lang` (English: the source words themselves)."""
    lang = valid_language(lang) or DEFAULT_LANGUAGE
    path = catalogue_path(lang)
    with path.open("rb") as fp:
        catalog = read_po(fp, locale=lang, domain=DOMAIN)
    buf = io.BytesIO()
    write_mo(buf, catalog)
    buf.seek(0)
    return Translations(buf, domain=DOMAIN)


def money(amount: int, decimals: int, currency: str, lang: str) -> str:
    """An integer chip amount as money in `lang`'s way of writing it, without a float."""
    value = Decimal(amount).scaleb(-decimals)
    return format_currency(value, currency, locale=_NUMBER_LOCALE.get(lang, "en_US"),
                           currency_digits=False,
                           format_type="standard").replace("\xa0", " ")


def locale(lang: str) -> Locale:
    return Locale.parse(_NUMBER_LOCALE.get(lang, "en_US"))
