"""The translation machinery, with small catalogs written by the test (the real ones are tested in tests/i18n)."""

from __future__ import annotations

import os
import time

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import write_po
from flask import render_template_string

from tutor import i18n
from tutor.i18n import format_number, gettext, language_name, lazy_gettext, ngettext, npgettext, pgettext


def write_catalog(root, lang: str, messages: list[tuple], *, fuzzy: tuple = ()) -> None:
    """messages: (msgid, msgstr) or (msgid, msgstr, context) or ((singular, plural), (forms...))."""
    catalog = Catalog(locale=lang, domain="messages")
    for entry in messages:
        context = entry[2] if len(entry) > 2 else None
        catalog.add(entry[0], entry[1], context=context, flags=("fuzzy",) if entry[0] in fuzzy else ())
    folder = root / lang / "LC_MESSAGES"
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / "messages.po", "wb") as handle:
        write_po(handle, catalog)


@pytest.fixture
def catalogs(tmp_path, monkeypatch):
    """A translations folder of our own, read instead of the project's."""
    monkeypatch.setattr(i18n, "catalog_dir", lambda: tmp_path)
    i18n.load_translations.cache_clear()
    yield tmp_path
    i18n.load_translations.cache_clear()


PL = [
    ("Learn Argentine Truco", "Naucz się truco argentyńskiego"),
    (("%(num)d card", "%(num)d cards"), ("%(num)d karta", "%(num)d karty", "%(num)d kart")),
    (("%(count)s card", "%(count)s cards"), ("%(count)s karta", "%(count)s karty", "%(count)s kart")),
    ("Mata", "Mata (karta)", "card"),
    ("Hello %(name)s", "Cześć %(name)s"),
]


def test_po_is_compiled_in_memory_and_reaches_the_page(app, client, catalogs):
    write_catalog(catalogs, "pl", PL)
    assert not list(catalogs.rglob("*.mo"))
    html = client.get("/pl/").get_data(as_text=True)
    assert "<h1>Naucz się truco argentyńskiego</h1>" in html
    assert "<h1>Learn Argentine Truco</h1>" in client.get("/en/").get_data(as_text=True)


@pytest.mark.parametrize(
    ("n", "expected"),
    [(1, "1 karta"), (2, "2 karty"), (4, "4 karty"), (5, "5 kart"), (12, "12 kart"), (22, "22 karty"), (25, "25 kart")],
)
def test_polish_plurals_in_python_and_jinja(app, catalogs, n, expected):
    write_catalog(catalogs, "pl", PL)
    with app.test_request_context("/pl/"):
        app.preprocess_request()
        assert ngettext("%(num)d card", "%(num)d cards", n) == expected
        assert render_template_string('{{ ngettext("%(num)d card", "%(num)d cards", n) }}', n=n) == expected
        jinja_trans = "{% trans count=n %}{{ count }} card{% pluralize %}{{ count }} cards{% endtrans %}"
        assert render_template_string(jinja_trans, n=n) == expected


def test_gettext_family_in_python(app, catalogs):
    write_catalog(catalogs, "pl", PL)
    with app.test_request_context("/pl/deck"):
        app.preprocess_request()
        assert gettext("Learn Argentine Truco") == "Naucz się truco argentyńskiego"
        assert gettext("Hello %(name)s", name="Ana") == "Cześć Ana"
        assert gettext("100% untranslated") == "100% untranslated"  # no variables: no formatting
        assert pgettext("card", "Mata") == "Mata (karta)"
        assert pgettext("other", "Mata") == "Mata"
        assert npgettext("ctx", "%(num)d thing", "%(num)d things", 3) == "3 things"
        assert render_template_string('{{ pgettext("card", "Mata") }}') == "Mata (karta)"
    lazy = lazy_gettext("Learn Argentine Truco")
    for lang, expected in (("pl", "Naucz się truco argentyńskiego"), ("en", "Learn Argentine Truco")):
        with app.test_request_context(f"/{lang}/"):
            app.preprocess_request()
            assert str(lazy) == expected


def test_jinja_escapes_translations_and_variables(app, catalogs):
    write_catalog(catalogs, "pl", [("Hello %(name)s", "<b>Cześć</b> %(name)s")])
    with app.test_request_context("/pl/"):
        app.preprocess_request()
        out = render_template_string('{{ _("Hello %(name)s", name=who) }}', who="<script>")
    assert "&lt;script&gt;" in out


def test_fuzzy_entries_are_not_used(app, client, catalogs):
    write_catalog(catalogs, "pl", PL, fuzzy=("Learn Argentine Truco",))
    assert "<h1>Learn Argentine Truco</h1>" in client.get("/pl/").get_data(as_text=True)


def test_a_newer_mo_wins_over_the_po(app, client, catalogs):
    write_catalog(catalogs, "de", [("Learn Argentine Truco", "aus der .po")])
    catalog = Catalog(locale="de")
    catalog.add("Learn Argentine Truco", "aus der .mo")
    mo = catalogs / "de" / "LC_MESSAGES" / "messages.mo"
    with open(mo, "wb") as handle:
        write_mo(handle, catalog)
    later = time.time() + 10
    os.utime(mo, (later, later))
    assert "aus der .mo" in client.get("/de/").get_data(as_text=True)
    i18n.load_translations.cache_clear()
    os.utime(mo, (later - 100, later - 100))
    assert "aus der .po" in client.get("/de/").get_data(as_text=True)


def test_a_language_without_catalog_shows_english(app, client, catalogs):
    assert "<h1>Learn Argentine Truco</h1>" in client.get("/sv/").get_data(as_text=True)


def test_numbers_and_language_names_come_from_babel(app):
    with app.test_request_context("/pl/"):
        app.preprocess_request()
        assert format_number(1234.5) == "1\xa0234,5"
    with app.test_request_context("/de/"):
        app.preprocess_request()
        assert format_number(1234.5) == "1.234,5"
    assert language_name("sv") == "Svenska" and language_name("es") == "Español"


def test_outside_a_request_messages_are_english():
    assert gettext("Learn Argentine Truco") == "Learn Argentine Truco"


def test_use_language_translates_without_an_app_and_wins_inside_a_request(app, catalogs):
    """``use_language`` needs no app context; inside a request it overrides ``g.lang`` for its block only."""
    from flask import has_app_context

    write_catalog(catalogs, "pl", PL)
    write_catalog(catalogs, "de", [("Learn Argentine Truco", "Argentinischen Truco lernen")])
    lazy = lazy_gettext("Learn Argentine Truco")
    with i18n.use_language("pl"):
        assert not has_app_context()
        assert gettext("Learn Argentine Truco") == str(lazy) == "Naucz się truco argentyńskiego"
        with i18n.use_language("de"):
            assert str(lazy) == "Argentinischen Truco lernen"
        assert i18n.current_language() == "pl"
    assert i18n.current_language() == "en"
    with app.test_request_context("/pl/"):
        app.preprocess_request()
        with i18n.use_language("de"):
            assert render_template_string('{{ _("Learn Argentine Truco") }}') == "Argentinischen Truco lernen"
        assert render_template_string('{{ _("Learn Argentine Truco") }}') == "Naucz się truco argentyńskiego"


def test_the_language_is_local_to_each_thread_and_request(app, catalogs):
    """Two threads translate at the same moment, one in ``use_language`` and one in a request: each
    keeps its own language (a context variable and Flask's ``g``, never a module global)."""
    import threading

    write_catalog(catalogs, "pl", PL)
    write_catalog(catalogs, "de", [("Learn Argentine Truco", "Argentinischen Truco lernen")])
    lazy = lazy_gettext("Learn Argentine Truco")
    both_in = threading.Barrier(3, timeout=10)
    seen: dict[str, list[str]] = {}

    def outside(lang: str) -> None:
        with i18n.use_language(lang):
            both_in.wait()
            seen[lang] = [str(lazy), i18n.current_language()]

    def in_request(lang: str) -> None:
        with app.test_request_context(f"/{lang}/"):
            app.preprocess_request()
            both_in.wait()
            seen[f"request {lang}"] = [str(lazy), i18n.current_language()]

    threads = [
        threading.Thread(target=outside, args=("pl",)),
        threading.Thread(target=in_request, args=("de",)),
        threading.Thread(target=in_request, args=("en",)),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert seen == {
        "pl": ["Naucz się truco argentyńskiego", "pl"],
        "request de": ["Argentinischen Truco lernen", "de"],
        "request en": ["Learn Argentine Truco", "en"],
    }
    assert i18n.current_language() == "en"


def test_deck_rows_are_cached_per_language_and_face(app, client, catalogs):
    write_catalog(catalogs, "de", [("ace of swords", "Schwert-Ass", "card")])
    english = client.get("/en/deck").get_data(as_text=True)
    german = client.get("/de/deck").get_data(as_text=True)
    assert 'aria-label="ace of swords"' in english
    assert 'aria-label="Schwert-Ass"' in german and 'aria-label="ace of swords"' not in german
    client.set_cookie("card_face", "french")
    assert 'aria-label="ace of spades"' in client.get("/en/deck").get_data(as_text=True)
    assert 'aria-label="ace of spades"' in client.get("/de/deck").get_data(as_text=True)  # untranslated: English
