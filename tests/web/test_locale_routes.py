"""Languages in the URL: the redirect from /, unknown prefixes, the switcher, url_for, <html lang>."""

from __future__ import annotations

import pytest
from flask import url_for

from tests.conftest import LANGUAGES, find_all, make_app


@pytest.mark.parametrize(
    ("accept", "target"),
    [
        ("de-DE,de;q=0.9,en;q=0.5", "/de/"),
        ("sv-SE", "/sv/"),
        ("pl", "/pl/"),
        ("es-AR,es;q=0.9", "/es/"),
        ("en-GB", "/en/"),
        ("fr-FR,fr;q=0.9", "/en/"),
        ("fr-FR, pl;q=0.5", "/pl/"),
        ("en;q=0.2, de;q=0.8", "/de/"),
        ("de;q=0, sv;q=0.3", "/sv/"),
        ("", "/en/"),
    ],
)
def test_root_redirects_by_accept_language(client, accept, target):
    headers = {"Accept-Language": accept} if accept else {}
    response = client.get("/", headers=headers)
    assert response.status_code == 302
    assert response.location == target
    assert "Accept-Language" in response.headers["Vary"]


def test_root_falls_back_to_the_configured_default(tmp_path):
    client = make_app(tmp_path, DEFAULT_LANGUAGE="es").test_client()
    assert client.get("/", headers={"Accept-Language": "fr"}).location == "/es/"


def test_an_unsupported_default_language_is_refused(tmp_path):
    with pytest.raises(RuntimeError, match="DEFAULT_LANGUAGE"):
        make_app(tmp_path, DEFAULT_LANGUAGE="fr")


@pytest.mark.parametrize("path", ["/fr/", "/xx/deck", "/EN/deck", "/english/", "/de-DE/deck"])
def test_unknown_language_prefix_is_404_with_links_to_every_language(client, path):
    response = client.get(path)
    assert response.status_code == 404
    html = response.get_data(as_text=True)
    main = html[html.index("<main") :]
    links = {a.attrs["href"] for a in find_all(main, "a")}
    assert {f"/{lang}/" for lang in LANGUAGES} <= links


def test_404_under_a_known_prefix_keeps_that_language(client):
    response = client.get("/pl/no-such-page", headers={"Accept-Language": "de"})
    assert response.status_code == 404
    assert '<html lang="pl"' in response.get_data(as_text=True)


def test_404_without_a_prefix_uses_the_browser_language(client):
    response = client.get("/no-such-page", headers={"Accept-Language": "sv"})
    assert response.status_code == 404
    assert '<html lang="sv"' in response.get_data(as_text=True)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("path", ["", "deck", "device"])
def test_html_lang_and_switcher_on_every_page(client, lang, path):
    html = client.get(f"/{lang}/{path}").get_data(as_text=True)
    assert f'<html lang="{lang}" dir="ltr">' in html
    switcher = find_all(html, "a", hx_boost="false")[: len(LANGUAGES)]
    assert [a.attrs["hreflang"] for a in switcher] == list(LANGUAGES)
    assert [a.attrs["href"] for a in switcher] == [f"/{other}/{path}" for other in LANGUAGES]
    current = [a.attrs["hreflang"] for a in switcher if a.attrs.get("aria-current") == "true"]
    assert current == [lang]


def test_switcher_shows_each_language_in_its_own_name(client):
    html = client.get("/pl/").get_data(as_text=True)
    names = {a.attrs["hreflang"]: a.text for a in find_all(html, "a", hx_boost="false")[:5]}
    assert names == {"en": "English", "de": "Deutsch", "sv": "Svenska", "pl": "Polski", "es": "Español"}
    for code, anchor in ((a.attrs["hreflang"], a) for a in find_all(html, "a", hx_boost="false")[:5]):
        assert anchor.attrs["lang"] == code


def test_switcher_keeps_the_query_string(client):
    html = client.get("/en/deck?cards=1e+7o&x=1").get_data(as_text=True)
    german = find_all(html, "a", hreflang="de", hx_boost="false")[0].attrs["href"]
    assert german.startswith("/de/deck?")
    assert "cards=1e+7o" in german and "x=1" in german


def test_url_for_fills_in_the_language(app):
    with app.test_request_context("/sv/deck"):
        app.preprocess_request()
        assert url_for("core.deck") == "/sv/deck"
        assert url_for("core.index", lang="es") == "/es/"
        assert url_for("static", filename="htmx.min.js") == "/static/htmx.min.js"


@pytest.mark.parametrize(
    "path, target",
    [
        ("/en/lessons/", "/en/lessons"),
        ("/pl/lessons/tricks-and-parda/", "/pl/lessons/tricks-and-parda"),
        ("/de/envido/?hand=7o,6o,3b", "/de/envido?hand=7o,6o,3b"),
    ],
)
def test_a_trailing_slash_redirects_to_the_page(client, path, target):
    response = client.get(path)
    assert response.status_code == 308
    assert response.headers["Location"].endswith(target)


@pytest.mark.parametrize("path", ["/en/nothing-here/", "/xx/lessons/", "/en/deck/extra/"])
def test_a_trailing_slash_on_an_unknown_page_is_still_404(client, path):
    assert client.get(path).status_code == 404
