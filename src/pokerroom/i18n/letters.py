"""Messages the room writes to a player outside the page (emails-to-be), in their language.

Today the operator's console shows the text next to the reset link, to send by hand; a mail
service would send the same subject and body.
"""

from __future__ import annotations

from dataclasses import dataclass

from pokerroom.i18n import DEFAULT_LANGUAGE, translator, valid_language


@dataclass(frozen=True, slots=True)
class Letter:
    language: str
    subject: str
    body: str


def reset_letter(lang: str | None, *, name: str, link: str, hours: int, room: str) -> Letter:
    """The password-reset message for `name`, valid `hours` hours."""
    lang = valid_language(lang) or DEFAULT_LANGUAGE
    words = translator(lang)
    subject = words.gettext("Your new password for %(room)s") % {"room": room}
    valid = words.ngettext("This link works once and for %(n)d hour.",
                           "This link works once and for %(n)d hours.", hours) % {"n": hours}
    body = "\n\n".join([
        words.gettext("Hello %(name)s,") % {"name": name},
        words.gettext("to choose a new password, open this link:") + f"\n{link}",
        valid,
        words.gettext("If you did not ask for it, ignore this message: "
                      "your password stays as it is."),
        words.gettext("Your %(room)s team") % {"room": room},
    ])
    return Letter(lang, subject, body)
