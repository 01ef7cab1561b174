"""The text of a language's catalog for the checks that read it (spelling, style sheets)."""

from __future__ import annotations

from functools import cache

from babel.messages.pofile import read_po

from tests.conftest import ROOT


@cache
def translations(lang: str) -> tuple[tuple[str, str], ...]:
    """(msgid, translation) for every form of every message of translations/<lang>/.../messages.po."""
    with open(ROOT / "translations" / lang / "LC_MESSAGES" / "messages.po", "rb") as handle:
        catalog = read_po(handle, locale=lang)
    pairs: list[tuple[str, str]] = []
    for message in catalog:
        if not message.id:
            continue
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        strings = [message.string] if isinstance(message.string, str) else list(message.string or ())
        pairs.extend((msgid, string) for string in strings if string)
    return tuple(pairs)
