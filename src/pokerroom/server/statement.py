"""The wallet statement as a CSV download, in the player's language and money.

German spreadsheets read `;` between fields and `,` as the decimal mark; English ones `,`
and `.`. Amounts are written as money by Babel (CLDR), never as chip units.
"""

from __future__ import annotations

import csv
import datetime
import io
from collections.abc import Callable, Sequence
from typing import Any

from pokerroom.i18n import money, translator
from pokerroom.i18n.memos import kind_words, memo_words

WALLET_DECIMALS = 2  # the wallet's chip unit is the cent (as on the account page)


def statement_csv(lines: Sequence[Any], *, lang: str, currency: str, balance: int,
                  table_name: Callable[[str], str] | None = None) -> str:
    words = translator(lang)
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";" if lang == "de" else ",", lineterminator="\r\n")
    writer.writerow([words.gettext("Date"), words.gettext("Kind"), words.gettext("Memo"),
                     words.gettext("Amount"), words.gettext("Balance after")])
    for line in lines:
        when = datetime.datetime.fromtimestamp(line.created_ms / 1000, datetime.UTC)
        writer.writerow([
            when.strftime("%d.%m.%Y %H:%M" if lang == "de" else "%Y-%m-%d %H:%M"),
            kind_words(line.kind, lang),
            memo_words(line.memo, lang, table_name),
            money(line.amount, WALLET_DECIMALS, currency, lang),
            money(line.balance_after, WALLET_DECIMALS, currency, lang),
        ])
    writer.writerow([])
    n = len(lines)
    writer.writerow([words.ngettext("%(n)d entry", "%(n)d entries", n) % {"n": n}, "", "",
                     words.gettext("Balance"), money(balance, WALLET_DECIMALS, currency, lang)])
    return out.getvalue()
