"""Ledger memos and kinds in the player's words.

The ledger keeps its memos as written when the money moved ("hand #12 at antares-2"): they
are the audit trail and never change. A player reads them reworded in their language; the
memo shapes below are the ones the services write (cashier, hands, UTH, tournaments,
operators, sign-up). An unknown shape is shown as stored.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from babel.support import Translations

from pokerroom.i18n import translator


def _(message: str) -> str:
    """Marks a message for the catalogue (babel extract); translated where it is used."""
    return message


KINDS = {
    "deposit": _("Deposit"),
    "withdrawal": _("Withdrawal"),
    "buy-in": _("Buy-in"),
    "cash-out": _("Cash-out"),
    "top-up": _("Top-up"),
    "hand": _("Hand"),
    "hand-voided": _("Hand voided"),
    "admin": _("Adjustment"),
    "uth-bet": _("UTH bet"),
    "uth-settle": _("UTH payout"),
    "uth-payout": _("UTH payout"),
    "uth-void": _("UTH round voided"),
    "tourney-entry": _("Tournament entry"),
    "tourney-prize": _("Tournament prize"),
    "tourney-refund": _("Tournament refund"),
}

# (pattern of the stored memo, message with the pattern's named groups)
_MEMOS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"signup bonus"), _("Welcome deposit")),
    (re.compile(r"hand #(?P<n>\d+) at (?P<table>\S+)"), _("Hand #%(n)s at %(table)s")),
    (re.compile(r"cash-out from (?P<table>\S+)"), _("Cash-out from %(table)s")),
    (re.compile(r"buy-in at (?P<table>\S+)"), _("Buy-in at %(table)s")),
    (re.compile(r"UTH round (?P<n>\d+) bet"), _("Bets of UTH round %(n)s")),
    (re.compile(r"UTH round (?P<n>\d+) voided: (?P<reason>.*)"),
     _("UTH round %(n)s voided (%(reason)s)")),
    (re.compile(r"UTH round (?P<n>\d+)"), _("UTH round %(n)s")),
    (re.compile(r"cancelled (?P<t>\S+)"), _("Tournament %(t)s cancelled")),
    (re.compile(r"tourney-entry (?P<t>\S+)"), _("Entry to tournament %(t)s")),
    (re.compile(r"tourney-prize (?P<t>\S+)"), _("Prize in tournament %(t)s")),
    (re.compile(r"tourney-refund (?P<t>\S+)"), _("Refund of tournament %(t)s")),
    (re.compile(r"operator (?P<who>[^:]+): (?P<reason>.*)"),
     _("By the room (%(who)s): %(reason)s")),
]


def kind_words(kind: str, lang: str) -> str:
    message = KINDS.get(kind)
    return translator(lang).gettext(message) if message else kind


def memo_words(memo: str | None, lang: str,
               table_name: Callable[[str], str] | None = None) -> str:
    """The stored memo in `lang`; `table_name` turns a table id into its name."""
    if not memo:
        return ""
    words: Translations = translator(lang)
    for pattern, message in _MEMOS:
        m = pattern.fullmatch(memo)
        if m:
            params = m.groupdict()
            if table_name and "table" in params:
                params["table"] = table_name(params["table"])
            return words.gettext(message) % params
    return memo
