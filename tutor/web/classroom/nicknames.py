"""Nicknames in a class: the generator lives in :mod:`tutor.web.shared.nicknames` (the classroom and
the live sessions both use it; this module keeps the old import path), and :func:`nickname_problem`
checks a nickname a person chose (a teacher renaming a pupil): its length, its characters, the
blocklist (:mod:`tutor.web.shared.blocklist`) and whether the class has it already.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from ...i18n import gettext as _
from ..shared.blocklist import blocked
from ..shared.nicknames import NUMBERS, REROLLS, WORDS, new_nickname, nicknames

MAX_LENGTH = 24
"""The longest nickname a person may choose (the generated ones have at most 18 characters)."""


def clean_nickname(text: str) -> str:
    """The nickname as it is kept: spaces collapsed, in Unicode's composed form.

    >>> clean_nickname("  Ancho   27 ")
    'Ancho 27'
    """
    return unicodedata.normalize("NFC", " ".join(text.split()))


def nickname_problem(nickname: str, taken: Iterable[str] = ()) -> str | None:
    """Why ``nickname`` (cleaned) cannot be used in a class whose other pupils have ``taken``:
    ``empty``, ``long``, ``chars`` (only letters, digits, spaces, dots, dashes, apostrophes),
    ``blocked`` or ``taken`` (compared without case); None if it can.

    >>> nickname_problem("Flor 7"), nickname_problem(""), nickname_problem("x" * 25)
    (None, 'empty', 'long')
    >>> nickname_problem("<b>Flor</b>"), nickname_problem("flor 7", ["Flor 7"]), nickname_problem("Łucja ñ")
    ('chars', 'taken', None)
    """
    if not nickname:
        return "empty"
    if len(nickname) > MAX_LENGTH:
        return "long"
    if any(not (ch.isalnum() or ch in " .-'’") for ch in nickname):
        return "chars"
    if blocked(nickname):
        return "blocked"
    if nickname.casefold() in {name.casefold() for name in taken}:
        return "taken"
    return None


def nickname_message(problem: str) -> str:
    """The translated sentence for a :func:`nickname_problem`."""
    return {
        "empty": _("Type a nickname."),
        "long": _("Use at most 24 characters."),
        "chars": _("Use letters, digits and spaces only (dots, dashes and apostrophes too)."),
        "blocked": _("This nickname is not allowed. Choose a friendly one."),
        "taken": _("Someone in the class already has this nickname. Choose another."),
    }[problem]


__all__ = [
    "MAX_LENGTH",
    "NUMBERS",
    "REROLLS",
    "WORDS",
    "clean_nickname",
    "new_nickname",
    "nickname_message",
    "nickname_problem",
    "nicknames",
]
