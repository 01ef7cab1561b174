"""The table pages: set-up, playing through the forms, stale versions, ownership, hints, review, daily.

The hidden-card walk plays many random games through the HTML forms only (what a browser without
JavaScript does) and checks every page for a card another seat still holds unplayed: in the text,
the attributes, the alt texts and the hidden fields.
"""

from __future__ import annotations

import random
import re

import pytest

from tests.budgets import budget
from tests.conftest import csrf_token, dispose, find_all, make_app
from tutor.bots.table import Table
from tutor.engine import PlayCard
from tutor.engine.notation import parse_rules
from tutor.narration.cards import card_name
from tutor.store import Game, db

pytestmark = pytest.mark.store  # reads and writes the store: runs on SQLite and on PostgreSQL

ACTION_RE = re.compile(r'name="action" value="([^"]+)"')
VERSION_RE = re.compile(r'name="version" value="(\d+)"')


def new_game(client, **fields) -> str:
    """Start a game through the set-up form; returns the game's URL path."""
    token = csrf_token(client, "/en/play")
    data = {"players": "2", "preset": "argentino", "flor": "off", "target": "15", "level": "random", **fields}
    response = client.post("/en/play", data={**data, "csrf_token": token})
    assert response.status_code == 303, response.get_data(as_text=True)[:500]
    return response.headers["Location"].split("?")[0]


def stored_table(app, path: str) -> tuple[Game, Table]:
    public_id = path.rstrip("/").rsplit("/", 1)[1]
    with app.app_context():
        game = db.session.scalar(db.select(Game).where(Game.public_id == public_id))
        db.session.expunge(game)
    return game, Table(parse_rules(game.rules), game.seed, game.level, log=game.log)


def post_action(client, path: str, html: str, action: str):
    token = re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)
    version = VERSION_RE.search(html).group(1)
    return client.post(path, data={"csrf_token": token, "version": version, "action": action})


def test_setup_page_lists_every_choice(client):
    html = client.get("/en/play").get_data(as_text=True)
    for name, value in [
        ("players", "2"),
        ("players", "4"),
        ("players", "6"),
        ("target", "15"),
        ("target", "30"),
        ("level", "beginner"),
        ("level", "strong"),
        ("flor", "contraflor"),
        ("preset", "fixed"),
    ]:
        assert find_all(html, "input", name=name, value=value), (name, value)


@pytest.mark.parametrize(
    "field,value", [("players", "3"), ("target", "20"), ("level", "genius"), ("flor", "x"), ("preset", "bridge")]
)
def test_bad_setup_is_a_400_with_a_message_and_no_game(app, client, field, value):
    token = csrf_token(client, "/en/play")
    data = {"players": "2", "preset": "argentino", "flor": "off", "target": "15", "level": "random", field: value}
    response = client.post("/en/play", data={**data, "csrf_token": token})
    assert response.status_code == 400
    assert 'class="field-error"' in response.get_data(as_text=True)
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count(Game.id))) == 0


def test_the_setup_form_keeps_its_csrf_protection(app, client):
    data = {"players": "2", "preset": "argentino", "flor": "off", "target": "15", "level": "random"}
    assert client.post("/en/play", data=data).status_code == 400
    assert client.post("/en/play", data={**data, "csrf_token": "forged"}).status_code == 400
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count(Game.id))) == 0


def test_fixed_ruleset_refuses_six_players_in_the_page_language(client):
    token = csrf_token(client, "/es/play")
    response = client.post(
        "/es/play",
        data={"players": "6", "preset": "fixed", "flor": "off", "target": "15", "level": "random", "csrf_token": token},
    )
    assert response.status_code == 400
    body = response.get_data(as_text=True)
    assert 'class="field-error"' in body and "The fixed ruleset is played by 2 or 4 players." not in body


def test_a_game_is_created_and_shown_with_the_learners_three_cards(app, client):
    path = new_game(client)
    html = client.get(path).get_data(as_text=True)
    game, table = stored_table(app, path)
    for card in table.view().hand:
        assert f'data-card="{card.notation}"' in html
    assert f'name="version" value="{table.version}"' in html


def test_another_learners_game_is_a_404(app, client):
    path = new_game(client)
    stranger = app.test_client()
    assert stranger.get(path).status_code == 404
    assert stranger.get(path + "/review/1").status_code == 404
    token = csrf_token(stranger, "/en/play")
    assert stranger.post(path, data={"csrf_token": token, "version": "0", "action": "mazo"}).status_code == 404
    assert client.get(path).status_code == 200


@pytest.mark.parametrize("bad_id", ["0000000000000000", "nothex", "../etc", "a" * 40])
def test_unknown_game_ids_are_404(client, bad_id):
    assert client.get(f"/en/play/{bad_id}").status_code == 404


def test_stale_version_changes_nothing_and_says_so(app, client):
    path = new_game(client)
    html = client.get(path).get_data(as_text=True)
    first = ACTION_RE.findall(html)[0]
    assert post_action(client, path, html, first).status_code == 303
    _, after_first = stored_table(app, path)
    again = post_action(client, path, html, first)  # the same form again: a double click
    assert again.status_code == 409
    assert "already moved on" in again.get_data(as_text=True)
    _, after_second = stored_table(app, path)
    assert after_second.log() == after_first.log()


def test_missing_version_is_a_400(client):
    path = new_game(client)
    token = csrf_token(client, path)
    response = client.post(path, data={"csrf_token": token, "action": "mazo"})
    assert response.status_code == 400


@pytest.mark.parametrize("action", ["8o", "zz", "0:mazo", "1e 2e", ""])
def test_unreadable_actions_are_400_and_change_nothing(app, client, action):
    path = new_game(client)
    html = client.get(path).get_data(as_text=True)
    _, before = stored_table(app, path)
    response = post_action(client, path, html, action)
    assert response.status_code == 400
    assert 'role="alert"' in response.get_data(as_text=True)
    _, after = stored_table(app, path)
    assert after.log() == before.log()


def test_an_illegal_action_gets_the_engines_reason(app, client):
    path = new_game(client)
    html = client.get(path).get_data(as_text=True)
    _, table = stored_table(app, path)
    held = {c.notation for c in table.view().hand}
    not_held = next(c for c in ("1e", "1b", "7e", "7o", "3e", "3b") if c not in held and c not in html)
    response = post_action(client, path, html, not_held)
    assert response.status_code == 400
    assert "That card is not in your hand." in response.get_data(as_text=True)


def test_htmx_swaps_only_the_table(app, client):
    path = new_game(client)
    response = client.get(path, headers={"HX-Request": "true"})
    body = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "<html" not in body and 'id="table"' in body


def test_hint_is_counted_once_per_decision(app, client):
    path = new_game(client)
    html = client.get(path).get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)
    version = VERSION_RE.search(html).group(1)
    for _ in range(2):
        response = client.post(path + "/hint", data={"csrf_token": token, "version": version})
        assert response.status_code == 303
    page = client.get(path).get_data(as_text=True)
    assert 'id="hint"' in page
    game, _ = stored_table(app, path)
    assert game.hints == 1


def _hidden_cards(table: Table) -> set:
    """Every card of the deal the learner's view does not show: the other seats' cards (unless
    played face up or shown), and in Truco Mineiro their face-down cards and the threes nobody was
    shown (docs/rules/mineiro.md §9.3.3-§9.3.4). In a mão de ferro the learner's next card is named by
    its only legal action (§9.3.13), so that one counts as seen."""
    view = table.view()
    seen = {*view.dealt, *view.hand, *view.partner_hand, *view.burned}
    seen |= {card for trick in (*view.tricks, view.current_trick) for _, card in trick}
    seen |= {card for cards in view.shown.values() for card in cards}
    seen |= {a.card for a in view.legal_actions if type(a) is PlayCard}  # a mão de ferro's next card
    return {card for part in table.hand.deal for card in part} - seen


def _assert_no_hidden_card(html: str, table: Table) -> None:
    face = "french" if table.rules.variant == "mineiro" else "spanish"
    for card in _hidden_cards(table):
        assert f'data-card="{card.notation}"' not in html, card
        assert card_name(card, face) not in html, card_name(card, face)
        assert re.search(rf'value="~?{re.escape(card.notation)}"', html) is None, card


@pytest.mark.parametrize("players", [2, 4, 6])
def test_hidden_card_walk_through_the_html_forms(tmp_path, players):
    """12 random matches to 15 per table size (over a hundred hands each), every page checked. The
    store is not what this walks (SQLite is enough); the other tests here run on both databases."""
    app = make_app(tmp_path)
    client = app.test_client()
    rng = random.Random(players)
    for _game in range(budget(12, fast=1)):
        path = new_game(client, players=str(players), level=rng.choice(["random", "beginner"]), target="15")
        html = client.get(path).get_data(as_text=True)
        for _step in range(400):
            game, table = stored_table(app, path)
            _assert_no_hidden_card(html, table)
            actions = ACTION_RE.findall(html)
            if not actions:
                assert table.is_over
                break
            response = post_action(client, path, html, rng.choice(actions))
            assert response.status_code == 303, response.get_data(as_text=True)[:300]
            html = client.get(response.headers["Location"]).get_data(as_text=True)
        else:
            pytest.fail("the match did not end")
        game, table = stored_table(app, path)
        if table.hand.is_over:
            review = client.get(f"{path}/review/{table.hand_index + 1}")
            assert review.status_code == 200
    dispose(app)


def test_review_only_for_finished_hands_and_shows_every_card(app, client):
    path = new_game(client)
    html = client.get(path).get_data(as_text=True)
    assert client.get(path + "/review/1").status_code == 404  # the hand is under way: its cards are hidden
    while "mazo" in ACTION_RE.findall(html):
        response = post_action(client, path, html, "mazo")
        html = client.get(response.headers["Location"]).get_data(as_text=True)
        break
    _, table = stored_table(app, path)
    assert table.hands()[0].is_over
    page = client.get(path + "/review/1").get_data(as_text=True)
    for hand in table.hands()[0].deal:
        for card in hand:
            assert f'data-card="{card.notation}"' in page
    assert client.get(path + "/review/2").status_code == 404
    listing = client.get("/en/play").get_data(as_text=True)
    assert re.search(r"[01] of 1 decision\b", listing), "the recent games say how often the hint was matched"


def test_a_game_survives_an_app_restart(tmp_path):
    app = make_app(tmp_path)
    client = app.test_client()
    path = new_game(client)
    html = client.get(path).get_data(as_text=True)
    cookie = client.get_cookie("tutor_session").value
    dispose(app)
    restarted = make_app(tmp_path)
    again = restarted.test_client()
    again.set_cookie("tutor_session", cookie)
    assert again.get(path).get_data(as_text=True).count("data-card=") == html.count("data-card=")
    dispose(restarted)


def test_daily_deal_is_the_same_for_everyone(app, client):
    other = app.test_client()
    paths = []
    for c in (client, other):
        assert c.get("/en/play/daily").status_code == 200
        token = csrf_token(c, "/en/play/daily")
        response = c.post("/en/play/daily", data={"csrf_token": token})
        assert response.status_code == 303
        paths.append(response.headers["Location"])
        again = c.post("/en/play/daily", data={"csrf_token": token})
        assert again.headers["Location"] == response.headers["Location"]  # resumes, no second game
    (game_a, table_a), (game_b, table_b) = (stored_table(app, p) for p in paths)
    assert paths[0] != paths[1]
    assert game_a.seed == game_b.seed and table_a.hand.deal == table_b.hand.deal


def test_every_page_links_the_table_stylesheet_in_its_head_and_no_play_page_in_its_body(app, client):
    """A boosted link swaps only <body> (htmx drops the new page's <head>): a stylesheet linked in the
    body is taken out and put back on every page change, so the page shows unstyled until it is
    fetched again, and one linked only in the head of the play pages is missing after a boosted link
    from any other page. So base.html links css/play.css for every page, scoped to .play-page."""
    path = new_game(client)
    play_pages = ("/en/play", "/en/play/daily", path)
    for page in ("/en/", "/en/deck", "/en/lessons", "/en/envido", *play_pages):
        html = client.get(page).get_data(as_text=True)
        head, body = html.split("<body", 1)
        assert 'href="/static/css/play.css?v=' in head, page
        if page in play_pages:
            assert 'rel="stylesheet"' not in body, page
            assert find_all(html, "div", class_="play-page"), page
        else:
            assert not find_all(html, "div", class_="play-page"), page
    fragment = client.get(path, headers={"HX-Request": "true"}).get_data(as_text=True)
    assert "<link" not in fragment and fragment.lstrip().startswith('<section id="table"')
    css = client.get("/static/css/play.css").get_data(as_text=True)
    rules = [r.strip() for r in re.findall(r"([^{}]+)\{[^{}]*\}", re.sub(r"/\*.*?\*/", "", css, flags=re.S))]
    selectors = [s.strip() for r in rules if not r.startswith(("from", "to")) for s in r.split(",")]
    assert selectors and all(s.startswith(":where(.play-page) ") for s in selectors), [
        s for s in selectors if not s.startswith(":where(.play-page) ")
    ]
