"""Every page shows its translated text in each language (fails until the catalogs are filled)."""

from __future__ import annotations

import pytest
from babel.messages.pofile import read_po

from tests.conftest import ROOT, find_all

PAGES = {
    "": "Learn Argentine Truco",
    "deck": "The deck in trick order",
    "device": "Continue on another device",
}


def translation(lang: str, msgid: str, context: str | None = None) -> str:
    with open(ROOT / "translations" / lang / "LC_MESSAGES" / "messages.po", "rb") as handle:
        catalog = read_po(handle, locale=lang)
    message = catalog.get(msgid, context=context)
    return message.string if message is not None and not message.fuzzy else ""


@pytest.mark.parametrize("lang", ["de", "sv", "pl", "es"])
@pytest.mark.parametrize("path", sorted(PAGES))
def test_page_heading_is_translated(client, lang, path):
    expected = translation(lang, PAGES[path])
    assert expected, f"{PAGES[path]!r} is not translated into {lang}"
    html = client.get(f"/{lang}/{path}").get_data(as_text=True)
    assert [h.text.strip() for h in find_all(html, "h1")] == [expected]


@pytest.mark.parametrize("lang", ["de", "sv", "pl", "es"])
def test_deck_card_names_are_translated(client, lang):
    expected = translation(lang, "ace of swords", context="card")
    assert expected and expected != "ace of swords"
    html = client.get(f"/{lang}/deck").get_data(as_text=True)
    assert find_all(html, "svg", data_card="1e")[0].attrs["aria-label"] == expected
