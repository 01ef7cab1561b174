"""The pages themselves: home, deck (trick order, matas, envido values), health check, static files."""

from __future__ import annotations

import hashlib
import json
import re

import pytest

from tests.conftest import LANGUAGES, ROOT, csrf_token, find_all

# Written from docs/rules §2 (not from the ranking table): each level's cards, strongest first.
EXPECTED_LEVELS = [
    {"1e"},
    {"1b"},
    {"7e"},
    {"7o"},
    {"3e", "3b", "3o", "3c"},
    {"2e", "2b", "2o", "2c"},
    {"1o", "1c"},
    {"12e", "12b", "12o", "12c"},
    {"11e", "11b", "11o", "11c"},
    {"10e", "10b", "10o", "10c"},
    {"7b", "7c"},
    {"6e", "6b", "6o", "6c"},
    {"5e", "5b", "5o", "5c"},
    {"4e", "4b", "4o", "4c"},
]
# docs/rules §4.1: 1-7 count their number, 10, 11 and 12 count 0.
EXPECTED_ENVIDO = {"1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "10": 0, "11": 0, "12": 0}
HTMX_SHA256 = "d6fdc75f204e6bdefa99b69bf1e6d4ac69b8a364f77929f45c13476b4000f717"  # TOOLCHAIN.md


@pytest.mark.parametrize("lang", LANGUAGES)
def test_home_page_in_every_language(client, lang):
    response = client.get(f"/{lang}/")
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert f'<html lang="{lang}" dir="ltr">' in html
    assert len(find_all(html, "h1")) == 1
    links = {a.attrs["href"] for a in find_all(html, "a")}
    assert f"/{lang}/deck" in links and f"/{lang}/device" in links


def test_home_page_has_landmarks_and_skip_link(client):
    html = client.get("/en/").get_data(as_text=True)
    skip = find_all(html, "a", class_="skip-link")
    assert skip and skip[0].attrs["href"] == "#main"
    assert find_all(html, "main", id="main")
    assert find_all(html, "header") and find_all(html, "footer")
    assert len(find_all(html, "nav")) == 2


def deck_rows(html: str) -> list[list[tuple[str, int]]]:
    """Per row of the deck: (card notation, envido value shown under it)."""
    rows = []
    for row in re.findall(r'<li class="rank-row[^"]*">(.*?)</ul>\s*</li>', html, re.S):
        cards = re.findall(r'data-card="(\w+)".*?class="envido-value">Envido (\d+)<', row, re.S)
        rows.append([(notation, int(points)) for notation, points in cards])
    return rows


def test_deck_page_lists_the_deck_in_trick_order(client):
    response = client.get("/en/deck")
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    rows = deck_rows(html)
    assert [{n for n, _ in row} for row in rows] == EXPECTED_LEVELS
    assert sum(len(row) for row in rows) == 40


def test_deck_page_shows_each_cards_envido_value(client):
    rows = deck_rows(client.get("/en/deck").get_data(as_text=True))
    for row in rows:
        for notation, points in row:
            assert points == EXPECTED_ENVIDO[notation[:-1]], notation


def test_deck_page_marks_the_four_matas(client):
    html = client.get("/en/deck").get_data(as_text=True)
    mata_rows = re.findall(r'<li class="rank-row is-mata">(.*?)</ul>', html, re.S)
    assert [re.findall(r'data-card="(\w+)"', row) for row in mata_rows] == [["1e"], ["1b"], ["7e"], ["7o"]]
    assert html.count('class="badge"') == 4


def test_deck_page_says_how_many_cards_are_equal(client):
    html = client.get("/en/deck").get_data(as_text=True)
    assert html.count("4 equal cards") == 8  # 3, 2, 12, 11, 10, 6, 5, 4
    assert html.count("2 equal cards") == 2


def test_deck_cards_have_english_text_alternatives(client):
    html = client.get("/en/deck").get_data(as_text=True)
    first = find_all(html, "svg", data_card="1e")[0]
    assert first.attrs["role"] == "img"
    assert first.attrs["aria-label"] == "ace of swords"


def test_card_face_form_without_javascript(client):
    token = csrf_token(client)
    response = client.post("/en/deck", data={"face": "french", "csrf_token": token})
    assert response.status_code == 303
    assert response.location.endswith("/en/deck")
    cookie = response.headers["Set-Cookie"]
    assert cookie.startswith("card_face=french;")
    html = client.get("/en/deck").get_data(as_text=True)
    assert 'class="deck deck-french"' in html
    assert "checked" in find_all(html, "input", value="french")[0].attrs
    assert "checked" not in find_all(html, "input", value="spanish")[0].attrs
    assert find_all(html, "svg", data_card="7o")[0].attrs["aria-label"] == "seven of diamonds"


def test_card_face_rejects_unknown_faces(client):
    token = csrf_token(client)
    response = client.post("/en/deck", data={"face": "tarot", "csrf_token": token})
    assert response.status_code == 400
    assert "Set-Cookie" not in response.headers or "card_face" not in response.headers["Set-Cookie"]


def test_a_stale_card_face_cookie_falls_back_to_spanish(client):
    client.set_cookie("card_face", "hologram")
    html = client.get("/en/deck").get_data(as_text=True)
    assert 'class="deck deck-spanish"' in html


def test_healthz(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.get_json() == {"status": "ok"}


def test_htmx_is_the_pinned_release_served_by_the_app(client):
    response = client.get("/static/htmx.min.js")
    assert response.status_code == 200
    assert hashlib.sha256(response.data).hexdigest() == HTMX_SHA256
    assert 'version:"2.0.11"' in response.get_data(as_text=True)
    assert (ROOT / "tutor" / "static" / "htmx.LICENSE").read_text().startswith("Zero-Clause BSD")


def test_pages_load_nothing_from_other_hosts(client):
    for path in ("/en/", "/en/deck", "/en/device"):
        html = client.get(path).get_data(as_text=True)
        for element in find_all(html, "script") + find_all(html, "link"):
            url = element.attrs.get("src") or element.attrs.get("href") or ""
            assert url.startswith("/static/"), url


def test_htmx_config_keeps_eval_and_injected_styles_off(client):
    html = client.get("/en/").get_data(as_text=True)
    meta = find_all(html, "meta", name="htmx-config")[0].attrs["content"]
    assert '"includeIndicatorStyles": false' in meta
    assert '"allowEval": false' in meta
    assert '"allowScriptTags": false' in meta
    config = json.loads(meta)
    assert "style" not in config["attributesToSettle"]  # a settled style attribute is an inline style
    assert config["historyCacheSize"] == 0  # back restores from the server, never a re-parsed snapshot
    assert "hx-on" not in html and " style=" not in html


@pytest.mark.parametrize("encoding", ["gzip", "br"])
def test_pages_and_assets_are_compressed(client, encoding):
    for path in ("/en/deck", "/static/htmx.min.js", "/static/css/app.css"):
        plain = client.get(path)
        packed = client.get(path, headers={"Accept-Encoding": encoding})
        assert packed.headers.get("Content-Encoding") == encoding, path
        assert len(packed.data) < len(plain.data) / 2, path


def test_wrong_method_is_a_translated_405(client):
    response = client.post("/en/", data={})
    # The CSRF check comes first for any POST; with a token, the method itself is refused.
    token = csrf_token(client, "/en/deck")
    response = client.post("/en/", data={"csrf_token": token})
    assert response.status_code == 405
    assert "GET" in response.headers["Allow"]
    html = response.get_data(as_text=True)
    assert '<html lang="en"' in html and "<h1>Method not allowed</h1>" in html


def test_unexpected_errors_give_the_translated_500_page(tmp_path):
    from tests.conftest import make_app

    app = make_app(tmp_path, PROPAGATE_EXCEPTIONS=False)

    def explode():
        raise RuntimeError("boom")

    app.add_url_rule("/<lang:lang>/explode", "explode", explode)
    response = app.test_client().get("/de/explode")
    assert response.status_code == 500
    html = response.get_data(as_text=True)
    from tutor.i18n import load_translations

    heading = load_translations("de").gettext("Something went wrong")
    assert heading != "Something went wrong"  # the German catalog translates it
    assert '<html lang="de"' in html and f"<h1>{heading}</h1>" in html
    assert "boom" not in html and "Traceback" not in html


def test_api_paths_answer_errors_as_problem_json(client):
    response = client.get("/api/nothing-here")
    assert response.status_code == 404
    assert response.mimetype == "application/problem+json"
    assert response.get_json() == {"type": "about:blank", "title": "Not Found", "status": 404}
