"""Spelling: Hunspell reads every translation, and a word it does not know fails the test.

Each language is checked with Debian's Hunspell dictionary (``hunspell-de-de``, ``hunspell-sv``,
``hunspell-pl``, ``hunspell-es``; ``make test`` installs them) plus the project's word lists in
``translations/words/``: ``truco.dic`` for the Spanish Truco terms that every language keeps, ``names.dic``
for the technical names kept as they are (JSON, OpenAPI), and
``<lang>.dic`` for that language's own legitimate words the dictionary lacks (its endings on the Spanish
terms, compounds, imperatives, voseo). Before the check, a translation loses what is not prose:
placeholders (``%(name)s``), HTML tags, markdown (bold markers, code, link targets), addresses and the
card notation (``7o``, ``12c``). A misspelling is fixed in the catalog; a real word is added to the list
(docs/translating.md says how).

Without Hunspell the test is skipped on a developer's machine and fails on CI (``make test`` sets the
``ci`` profile, and CI services set ``CI``), so CI always runs it.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.budgets import current_profile
from tests.conftest import ROOT
from tests.i18n.catalog_text import translations

DICTIONARIES = {"de": "de_DE", "sv": "sv_SE", "pl": "pl_PL", "es": "es_AR"}
"""The Hunspell dictionary of each catalog (Spanish is Argentine: docs/translating/es.md)."""
WORDS = ROOT / "translations" / "words"
SHARED = ("truco.dic", "names.dic")
"""The lists every language uses: the Spanish Truco terms, and the technical names kept as they are."""

NOT_PROSE = [
    re.compile(r"%(?:\(\w+\))?[-#0 +]*\d*(?:\.\d+)?[sdifr%]"),  # placeholders
    re.compile(r"<[^>]*>"),  # HTML tags
    re.compile(r"\]\([^)]*\)"),  # a markdown link's target
    re.compile(r"`[^`]*`"),  # code
    re.compile(r"(?:https?://|(?<!\w)/)[\w./?=&#-]*\w"),  # addresses and paths
    re.compile(r"[\w-]*\d[\w-]*"),  # card notation (7o, 12c), numbers and codes (2ern, K7M2-QX9D)
    re.compile(r"\S*[♠♣♦♥]\S*"),  # the French face's notation (A♠ 7♦)
    re.compile(r"[*_#\[\]]"),  # markdown markers
    re.compile(r"(?<!\w)-|-(?!\w)"),  # a hyphen that joins nothing ("Münzen-Sieben, -Sechs")
    re.compile(r"(?<![\w-])\w(?![\w-])"),  # single letters: suit letters (o oros), W/L/P, N.º
]


def prose(text: str) -> str:
    """The words of a translation without placeholders, tags, markdown, addresses and card notation.

    >>> " ".join(prose("**Mit** %(card)s und <b>7o</b>, -Sechs: siehe [hier](/de/deck)").split())
    'Mit und , Sechs: siehe hier'
    """
    for pattern in NOT_PROSE:
        text = pattern.sub(" ", text)
    return text


def in_ci() -> bool:
    return bool(os.environ.get("CI")) or current_profile() == "ci"


def hunspell_ready(lang: str) -> bool:
    if shutil.which("hunspell") is None:
        return False
    listed = subprocess.run(["hunspell", "-D"], input="", capture_output=True, text=True)
    lines = (listed.stdout + listed.stderr).splitlines()
    return any(line.strip().endswith("/" + DICTIONARIES[lang]) for line in lines)


def word_list(lang: str) -> list[str]:
    words = []
    for name in SHARED + (f"{lang}.dic",):
        for line in (WORDS / name).read_text(encoding="utf-8").splitlines():
            line = line.split("#", 1)[0].strip()
            if line:
                words.append(line)
    return words


def unknown_words(lang: str, personal: Path) -> list[str]:
    text = "\n".join(prose(string) for _, string in translations(lang))
    result = subprocess.run(
        ["hunspell", "-d", DICTIONARIES[lang], "-p", str(personal), "-l"],
        input=text,
        capture_output=True,
        text=True,
        check=True,
    )
    # A listed word that the dictionary has only as a stem (German "prüf", flagged to need an ending) is
    # not taken from the personal list by Hunspell: accept it here, the way Hunspell accepts case.
    listed = set(personal.read_text(encoding="utf-8").split())
    return sorted({word for word in result.stdout.split() if not accepted(word.rstrip("."), listed)})


def accepted(word: str, listed: set[str]) -> bool:
    """A listed word, or a listed lower-case word with a capital first letter (it starts a sentence).

    >>> accepted("Prüf", {"prüf"}), accepted("prüf", {"Prüf"})
    (True, False)
    """
    return word in listed or (word[:1].isupper() and word[:1].lower() + word[1:] in listed)


@pytest.mark.parametrize("lang", sorted(DICTIONARIES))
def test_every_translation_is_spelled_right(lang, tmp_path):
    if not hunspell_ready(lang):
        if not in_ci():
            pytest.skip(
                f"hunspell or its {DICTIONARIES[lang]} dictionary is not installed: "
                "apt-get install hunspell hunspell-de-de hunspell-sv hunspell-pl hunspell-es (make test does)"
            )
        pytest.fail(f"CI must run the spelling check: hunspell with {DICTIONARIES[lang]} is missing")
    personal = tmp_path / "words.dic"
    personal.write_text("\n".join(word_list(lang)) + "\n", encoding="utf-8")
    unknown = unknown_words(lang, personal)
    where = {
        word: next(
            (msgid for msgid, string in translations(lang) if re.search(rf"\b{re.escape(word)}\b", string)),
            next((msgid for msgid, string in translations(lang) if word in string), "?"),
        )
        for word in unknown
    }
    assert unknown == [], (
        f"{len(unknown)} words Hunspell ({DICTIONARIES[lang]}) does not know: fix the catalog, or add a real word "
        f"to translations/words/{lang}.dic:\n" + "\n".join(f"{word}   (in {where[word]!r})" for word in unknown)
    )


@pytest.mark.parametrize("lang", sorted(DICTIONARIES))
def test_word_lists_are_sorted_and_unique(lang):
    """One word a line, no duplicates, sorted: a reviewer sees each addition."""
    for name in SHARED + (f"{lang}.dic",):
        words = [
            line.split("#", 1)[0].strip()
            for line in (WORDS / name).read_text(encoding="utf-8").splitlines()
            if line.split("#", 1)[0].strip()
        ]
        assert words == sorted(set(words), key=lambda word: (word.casefold(), word)), (
            f"translations/words/{name}: sort it, drop duplicates"
        )
