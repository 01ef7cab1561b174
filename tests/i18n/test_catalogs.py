"""Catalog hygiene: the template is current, and every language's catalog is complete and well-formed.

These fail until the translators have filled translations/<lang>/LC_MESSAGES/messages.po.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tests.conftest import ROOT

TRANSLATED = ("de", "sv", "pl", "es")
NPLURALS = {"de": 2, "sv": 2, "pl": 3, "es": 3}  # CLDR plural rules as Babel ships them
POT = ROOT / "translations" / "messages.pot"
PLACEHOLDER = re.compile(r"%(?:\((\w+)\))?[-#0 +]*\d*(?:\.\d+)?[sdifr%]")
# Truco terms that need a "Translators:" note (docs/rules §10, the glossary); the game's own name does not.
TERMS = re.compile(
    r"\b(envido|real envido|falta envido|retruco|vale cuatro|quiero|flor|matas?|parda|mazo|son buenas|mano|pie)\b", re.I
)


def read(path: Path, locale: str | None = None):
    with open(path, "rb") as handle:
        return read_po(handle, locale=locale)


def catalog_path(lang: str) -> Path:
    return ROOT / "translations" / lang / "LC_MESSAGES" / "messages.po"


LINE_NUMBER = re.compile(r":\d+\b")


def comparable(text: str) -> str:
    """The template without its creation date, its header comment (which carries the year) and line numbers.

    A message's source files count; the line it sits on does not, so moving code does not stale the template.
    The location lines of one message are joined, because a longer number can move a file to the next line.
    """
    lines = text.splitlines()
    start = lines.index('msgid ""')
    kept: list[str] = []
    for line in lines[start:]:
        if line.startswith('"POT-Creation-Date:'):
            continue
        if line.startswith("#:"):
            files = LINE_NUMBER.sub("", line[2:]).split()
            if kept and kept[-1].startswith("#:"):
                kept[-1] += " " + " ".join(files)
            else:
                kept.append("#: " + " ".join(files))
            continue
        kept.append(line)
    return "\n".join(kept)


def test_messages_pot_is_current(tmp_path):
    fresh = tmp_path / "messages.pot"
    bin_dir = Path(sys.executable).parent
    subprocess.run(
        ["make", "-s", "extract", f"POT={fresh}", f"BIN={bin_dir}"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    )
    assert comparable(fresh.read_text(encoding="utf-8")) == comparable(POT.read_text(encoding="utf-8")), (
        "translations/messages.pot is out of date: run `make extract` and `make update`"
    )


def test_truco_terms_carry_a_note_for_translators():
    missing = [
        message.id if isinstance(message.id, str) else message.id[0]
        for message in read(POT)
        if message.id
        and TERMS.search(message.id if isinstance(message.id, str) else " ".join(message.id))
        and not message.auto_comments
    ]
    assert missing == []


def ids(catalog) -> set:
    return {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)) for m in catalog if m.id}


@pytest.fixture(params=TRANSLATED)
def lang(request):
    return request.param


@pytest.fixture
def catalog(lang):
    return read(catalog_path(lang), locale=lang)


def test_catalog_follows_the_template(catalog):
    assert ids(catalog) == ids(read(POT)), "run `make update`"


def test_every_message_is_translated(catalog):
    untranslated = [
        m.id for m in catalog if m.id and not (all(m.string) if isinstance(m.string, (tuple, list)) else m.string)
    ]
    assert untranslated == [], f"{len(untranslated)} untranslated"


def test_no_message_is_fuzzy(catalog):
    assert [m.id for m in catalog if m.id and m.fuzzy] == []


def test_placeholders_match(catalog):
    """Each translation has the placeholders of its English. In a plural message the first form (n = 1 in
    de, sv, pl and es) follows the English singular, which may leave the number out ("its class"), and
    the other forms follow the English plural."""
    wrong = []
    for message in catalog:
        if not message.id:
            continue
        if isinstance(message.id, str):
            pairs = [(message.id, message.string)]
        else:
            singular, plural = message.id[0], message.id[1]
            pairs = [(singular if n == 0 else plural, target) for n, target in enumerate(message.string)]
        for source, target in pairs:
            if target and set(PLACEHOLDER.findall(target)) != set(PLACEHOLDER.findall(source)):
                wrong.append((message.id, target))
    assert wrong == []


def test_babel_catalog_checks_pass(catalog):
    problems = [(m.id, [str(e) for e in errors]) for m, errors in catalog.check() if errors]
    assert problems == []


def test_plural_forms(lang, catalog):
    assert catalog.num_plurals == NPLURALS[lang]
    for message in catalog:
        if message.id and message.pluralizable:
            assert len(message.string) == NPLURALS[lang], message.id
