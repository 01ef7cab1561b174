"""The nickname blocklist: words nobody may choose as (part of) a nickname, per language, in the data
file ``nickname-blocklist.toml`` next to this module.

A nickname is blocked when, with case and accents ignored, look-alike digits read as letters
(``4`` as ``a``, ``3`` as ``e``, ...) and everything but letters left out, it contains a listed word
anywhere: ``Sh1t-head``, ``SCHEISSE 9`` and ``ku.rwa`` all contain one. Every language's list applies
to every class, whose pupils may use any of the app's languages. The lists hold words that are
offensive on their own and seldom part of an innocent word, since matching parts of words would
otherwise block harmless names.
"""

from __future__ import annotations

import tomllib
import unicodedata
from functools import lru_cache
from pathlib import Path

LOOK_ALIKES = str.maketrans({"0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "8": "b", "@": "a", "$": "s"})
SPELLED_OUT = {"ß": "ss", "ł": "l", "ø": "o", "æ": "ae", "œ": "oe"}


def folded(text: str) -> str:
    """``text`` as the blocklist compares it: lower case, no accents, look-alikes read as letters,
    only letters kept.

    >>> folded("Sh1t-Head"), folded("Scheiße"), folded("Kurwą"), folded("Ancho 27")
    ('shithead', 'scheisse', 'kurwa', 'anchot')
    """
    lowered = text.casefold().translate(LOOK_ALIKES)
    lowered = "".join(SPELLED_OUT.get(ch, ch) for ch in lowered)
    plain = "".join(ch for ch in unicodedata.normalize("NFKD", lowered) if not unicodedata.combining(ch))
    return "".join(ch for ch in plain if ch.isalpha())


@lru_cache(maxsize=1)
def blocked_words() -> frozenset[str]:
    """Every listed word of every language, folded."""
    data = tomllib.loads(Path(__file__).with_name("nickname-blocklist.toml").read_text(encoding="utf-8"))
    return frozenset(folded(word) for words in data.values() for word in words if folded(word))


def blocked(nickname: str) -> bool:
    """Whether the nickname contains a blocked word (see the module's docstring).

    >>> blocked("Ancho 27"), blocked("Siete de oro 5")
    (False, False)
    """
    text = folded(nickname)
    return any(word in text for word in blocked_words())
