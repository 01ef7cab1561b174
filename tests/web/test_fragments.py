"""Page-or-block rendering: htmx swaps get a fragment, everything else the whole page."""

from __future__ import annotations

import pytest
from jinja2 import ChoiceLoader, DictLoader

from tests.conftest import HTMX, csrf_token, find_all
from tutor.engine.cards import Card
from tutor.web.shared.htmx import render_block


def test_full_page_has_html_and_fragment_has_not(client):
    page = client.get("/en/deck")
    fragment = client.get("/en/deck", headers=HTMX)
    assert page.status_code == fragment.status_code == 200
    assert "<html" in page.get_data(as_text=True)
    html = fragment.get_data(as_text=True)
    assert "<html" not in html and "<body" not in html and "<head" not in html
    assert html.lstrip().startswith('<section id="deck"')
    assert len(find_all(html, "svg", role="img")) == 40
    assert "HX-Request" in fragment.headers["Vary"] and "HX-Request" in page.headers["Vary"]


def test_fragment_equals_the_block_inside_the_page(client):
    page = client.get("/en/deck").get_data(as_text=True)
    fragment = client.get("/en/deck", headers=HTMX).get_data(as_text=True)
    block, oob, _ = fragment.partition('<nav id="languages"')
    assert oob and block.strip() in page  # the block, then the language links out of band


@pytest.mark.parametrize("extra", [{"HX-Boosted": "true"}, {"HX-History-Restore-Request": "true"}])
def test_boosted_navigation_and_history_restore_get_the_whole_page(client, extra):
    response = client.get("/en/deck", headers={**HTMX, **extra})
    assert "<html" in response.get_data(as_text=True)


def test_card_face_with_htmx_swaps_the_deck_only(client):
    token = csrf_token(client)
    response = client.post("/en/deck", data={"face": "french"}, headers={**HTMX, "X-CSRFToken": token})
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "<html" not in html
    assert 'class="deck deck-french"' in html
    assert find_all(html, "svg", data_card="1e")[0].attrs["aria-label"] == "ace of spades"
    assert "card_face=french" in response.headers["Set-Cookie"]


def test_the_form_works_both_ways(client):
    html = client.get("/en/deck").get_data(as_text=True)
    form = find_all(html, "form", class_="face-form")[0]
    assert form.attrs["method"] == "post" and form.attrs["action"] == "/en/deck"
    assert form.attrs["hx-post"] == "/en/deck" and form.attrs["hx-target"] == "#deck"
    assert find_all(html, "section", id="deck")


def test_error_during_an_htmx_swap_is_retargeted_to_main(client):
    response = client.get("/en/nowhere", headers=HTMX)
    assert response.status_code == 404
    assert "<html" not in response.get_data(as_text=True)
    assert response.headers["HX-Retarget"] == "#main"
    assert response.headers["HX-Reswap"] == "innerHTML"


PAGE = """{% extends "base.html" %}
{% from "components/_cards.html" import card with context %}
{% set greeting = _("Truco Tutor") %}
{% block content %}<h1>{{ greeting }}</h1>{% block hand %}<p id="hand">{{ card(c) }}</p>{% endblock %}{% endblock %}
"""


def test_render_block_runs_top_level_imports_and_refuses_unknown_blocks(app):
    app.jinja_env.loader = ChoiceLoader([DictLoader({"page.html": PAGE}), app.jinja_env.loader])
    with app.test_request_context("/en/"):
        app.preprocess_request()
        hand = render_block("page.html", "hand", c=Card.parse("7o"))
        assert hand.startswith('<p id="hand"><svg') and 'data-card="7o"' in hand
        content = render_block("page.html", "content", c=Card.parse("1e"))
        assert content.startswith("<h1>Truco Tutor</h1>") and 'data-card="1e"' in content
        title = render_block("page.html", "title")  # defined only in base.html
        assert title == ""
        with pytest.raises(LookupError, match="no block 'nope'"):
            render_block("page.html", "nope")


def test_a_get_fragment_carries_the_language_links_of_its_own_url_out_of_band(client):
    from tests.conftest import HTMX

    html = client.get("/de/envido", query_string={"hand": "7o,6o,3b"}, headers=HTMX).get_data(as_text=True)
    assert "<html" not in html
    assert 'id="languages" class="languages"' in html and 'hx-swap-oob="true"' in html
    assert 'href="/pl/envido?hand=7o%2C6o%2C3b"' in html or 'href="/pl/envido?hand=7o,6o,3b"' in html


def test_a_full_page_has_the_language_links_in_place_not_out_of_band(client):
    html = client.get("/de/envido", query_string={"hand": "7o,6o,3b"}).get_data(as_text=True)
    assert 'id="languages"' in html and "hx-swap-oob" not in html


def test_a_lesson_question_swapped_in_by_try_again_carries_its_language_links(client):
    """ "Try again" swaps the ``check`` block and pushes ``?seed=N``: the language links follow it."""
    from tutor.content import all_lessons

    lesson = next(lesson for lesson in all_lessons() if lesson.checked_steps)
    path = f"/de/lessons/{lesson.key}/{lesson.checked_steps[0].key}"
    html = client.get(path, query_string={"seed": "5"}, headers=HTMX).get_data(as_text=True)
    assert "<html" not in html and html.lstrip().startswith('<section id="check"')
    assert 'id="languages" class="languages"' in html and f'href="/pl/lessons/{lesson.key}/' in html
    assert "seed=5" in html.split('<nav id="languages"', 1)[1]
