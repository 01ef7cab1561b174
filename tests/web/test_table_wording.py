"""What the table says and draws (issue 24): the parda mark on the tied cards only, the score as
players say it with matchsticks that count the same points, the learner's own turn, frequencies of
nothing, whole sentences in the hand's review and its navigation, the recent games' level and
date, and the play feature's own 404 page with the way back to the table."""

from __future__ import annotations

import datetime
import re

import pytest
from flask import render_template

from tests.conftest import csrf_token
from tests.web.test_play import ACTION_RE, new_game, post_action
from tutor.bots.reasons import BotReason, ReasonCode
from tutor.bots.table import Table
from tutor.engine.cards import Card
from tutor.engine.notation import parse_rules
from tutor.i18n import use_language
from tutor.narration.bots import hint_advice, hint_reason, reason_sentence
from tutor.web.components.table import learner_hint, score_view, table_context

pytestmark = pytest.mark.store  # plays games through the forms: runs on SQLite and on PostgreSQL

FOUR = parse_rules("argentino:players=4,target=15")


def deal(*hands: str) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(Card.parse(c) for c in hand.split()) for hand in hands)


def entry(seat: int, action: str) -> dict:
    return {"a": f"{seat}:{action}", "s": seat, "b": "learner" if seat == 0 else "bot"}


def render_table_page(app, table: Table) -> str:
    context = table_context(table, face="spanish", act_url="/en/x", hint_url="/en/x/hint", hint_for=learner_hint)
    with app.test_request_context("/en/"):
        app.preprocess_request()
        return render_template("components/table.html", **context)


def seat_html(html: str, area: str) -> str:
    start = html.index(f"area-{area}")
    end = html.index('<div class="seat ', start) if '<div class="seat ' in html[start:] else len(html)
    return html[start:end]


# --- Item 4: the parda mark ---------------------------------------------------------------------


def test_a_tied_four_player_trick_marks_only_the_two_cards_that_tied(app):
    """Threes of espadas and oros tie for best (opposite teams); the 4 and the 5 of copas do not."""
    log = [[entry(0, "3e"), entry(1, "3o"), entry(2, "4c"), entry(3, "5c")]]
    hands = deal("3e 4e 5b", "3o 6b 7c", "4c 10b 11o", "5c 12c 6o")
    table = Table(FOUR, 1, "random", log=log, deal=hands, mano=0)
    assert table.view().trick_winners == (None,)  # the engine's parda
    context = table_context(table, face="spanish", act_url="/x")
    marks = {box.seat: box.played[0]["mark"] for box in context["seats"]}
    assert marks == {0: "parda", 1: "parda", 2: None, 3: None}
    html = render_table_page(app, table)
    assert html.count('<span class="mark" aria-hidden="true">=</span>') == 2


# --- Item 6: the score ----------------------------------------------------------------------------


def sticks(view: dict) -> int:
    return sum(sum(squares) for squares in view["zones"].values())


@pytest.mark.parametrize("score", [0, 7, 8, 14, 15, 17])
def test_a_game_to_15_is_told_in_points_and_the_sticks_draw_every_point(score):
    view = score_view(score, 15)
    assert view["zone"] is None  # no malas and buenas in a game to 15
    assert sticks(view) == score
    assert list(view["zones"]) == ["all"]


@pytest.mark.parametrize(
    ("score", "zone", "said", "malas", "buenas"),
    [
        (0, "malas", 0, 0, 0),
        (15, "malas", 15, 15, 0),
        (16, "buenas", 1, 15, 1),
        (23, "buenas", 8, 15, 8),
        (33, "buenas", 18, 15, 18),
    ],
)
def test_a_game_to_30_is_told_in_malas_and_buenas_and_the_sticks_agree(score, zone, said, malas, buenas):
    """docs/rules/argentine.md §7.1: the first 15 are the malas, a team with 18 has "3 buenas"."""
    view = score_view(score, 30)
    assert (view["zone"], view["zone_points"]) == (zone, said)
    assert sum(view["zones"]["malas"]) == malas
    assert sum(view["zones"]["buenas"]) == buenas


def test_the_score_label_and_the_drawn_sticks_count_the_same(app):
    rules = parse_rules("argentino:target=30")
    table = Table(rules, 3, "random", deal=deal("1e 7o 3b", "4c 5c 6c"), mano=1, scores=(23, 8))
    html = render_table_page(app, table)
    figures = re.findall(r'<figure class="sticks"[^>]*aria-label="([^"]+)">(.*?)</figure>', html, re.S)
    assert len(figures) == 2
    (us_label, us_body), (them_label, them_body) = figures
    assert us_label == "Us: 23 points (8 buenas)"
    assert them_label == "Them: 8 points (8 malas)"
    assert us_body.count("<line") == 23 and them_body.count("<line") == 8
    assert "8 buenas" in us_body  # said as players say it, in view too


def test_in_a_game_to_15_the_label_says_the_points_only(app):
    table = Table(
        parse_rules("argentino:target=15"), 3, "random", deal=deal("1e 7o 3b", "4c 5c 6c"), mano=1, scores=(10, 12)
    )
    html = render_table_page(app, table)
    labels = re.findall(r'<figure class="sticks"[^>]*aria-label="([^"]+)"', html)
    assert labels == ["Us: 10 points", "Them: 12 points"]
    assert "buena" not in html and "mala" not in html


# --- Item 17: whole messages ----------------------------------------------------------------------


def test_the_learners_own_seat_says_your_turn_and_another_seat_to_act(app):
    table = Table(parse_rules("argentino:target=15"), 3, "random", deal=deal("1e 7o 3b", "4c 5c 6c"), mano=0)
    assert table.learner_to_act
    html = render_table_page(app, table)
    mine = seat_html(html, "me")
    assert "your turn" in mine and "to act" not in mine


def test_a_frequency_of_nothing_is_said_as_almost_never():
    reason = BotReason.of(ReasonCode.ENVIDO_DECLINE_ODDS, count=20, wins=0, of=10, call="envido")
    with use_language("en"):
        for text in (reason_sentence(reason), hint_reason(reason, players=2), hint_reason(reason, players=4)):
            assert "almost never" in text and "0 of" not in text, text
        some = BotReason.of(ReasonCode.ENVIDO_DECLINE_ODDS, count=20, wins=3, of=10, call="envido")
        assert "about 3 of 10" in reason_sentence(some)


def test_hints_speak_to_the_learner_and_never_of_a_team_one_against_one():
    reasons = [
        BotReason.of(ReasonCode.WIN_RATE_HAND, action="truco", wins=7, of=10),
        BotReason.of(ReasonCode.BEST_EXPECTED, action="7e", points=0.4, rollouts=20),
        BotReason.of(ReasonCode.ENVIDO_ACCEPT_ODDS, count=28, wins=6, of=10, call="envido"),
        BotReason.of(ReasonCode.WIN_RATE_TRICK, card="7e", wins=8, of=10),
    ]
    with use_language("en"):
        for reason in reasons:
            alone, team = hint_reason(reason, players=2), hint_reason(reason, players=4)
            assert "team" not in alone, alone
            assert "you" in alone.lower() or "your opponent" in alone, alone
            assert "team" in team, team
        assert hint_advice("7e") == "Play: seven of swords."  # the card named in English
        assert hint_advice("quiero") == "Answer Quiero."
        assert hint_advice("truco") == "Call Truco."
        assert hint_advice("real_envido", answering=True) == "Raise to Real envido."


PARTNER_ONLY = {ReasonCode.ENVIDO_PARTNER_SPEAKS, ReasonCode.PLAY_LOW_PARTNER_WINS}
SAMPLE = {
    "count": 27,
    "call": "truco",
    "wins": 6,
    "folds": 4,
    "of": 10,
    "value": 30,
    "card": "7e",
    "kept": "1e",
    "action": "quiero",
    "points": 0.5,
    "other_points": 0.3,
    "other": "no_quiero",
    "chance": 60,
    "answer": "quiero",
    "partner": 2,
    "rollouts": 20,
}


@pytest.mark.parametrize("code", [c for c in ReasonCode if c not in PARTNER_ONLY])
def test_no_hint_speaks_of_a_team_in_a_game_of_two(code):
    """Whatever reason the hint gives, one against one there is no team: "you" and "your opponent"."""
    with use_language("en"):
        text = hint_reason(BotReason.of(code, **SAMPLE), players=2)
    assert "team" not in text.lower(), text
    assert "No reason was recorded" not in text


def play_hands(client, path: str, hands: int, *, hint_first: bool = True) -> str:
    """Play ``hands`` hands of a game through the forms (the first decision after a hint); returns
    the page at the end of the last one."""
    html = client.get(path).get_data(as_text=True)
    done = 0
    asked = False
    for _ in range(400):
        actions = ACTION_RE.findall(html)
        if "next" in actions:
            done += 1
            if done == hands:
                return html
            response = post_action(client, path, html, "next")
        elif hint_first and not asked and 'class="btn-hint"' in html:
            token = re.search(r'name="csrf_token" value="([^"]+)"', html)
            version = re.search(r'name="version" value="(\d+)"', html)
            assert token and version
            response = client.post(path + "/hint", data={"csrf_token": token.group(1), "version": version.group(1)})
            asked = True
        else:
            assert actions, "the match ended first"
            # Declines and cards only: a game to 30 cannot end within two hands that way.
            response = post_action(client, path, html, "no_quiero" if "no_quiero" in actions else actions[0])
        assert response.status_code == 303
        html = client.get(response.headers["Location"]).get_data(as_text=True)
    pytest.fail("the hands did not end")


def test_the_review_says_a_hinted_decision_in_one_sentence_and_labels_every_hand(app, client):
    path = new_game(client, target="30")
    play_hands(client, path, 2)
    first = client.get(f"{path}/review/1").get_data(as_text=True)
    assert re.search(r"The best choice, after a hint\.|After a hint, the best was still: ", first)
    assert 'class="badge">after a hint' not in first
    second = client.get(f"{path}/review/2").get_data(as_text=True)
    nav = second[second.index('class="review-hands"') :]
    nav = nav[: nav.index("</nav>")]
    assert '<span aria-current="page">Hand 2 (this one)</span>' in nav
    assert re.search(r'<a href="[^"]+/review/1">Hand 1</a>', nav)
    texts = [t.strip() for t in re.sub(r"<[^>]+>", "\n", nav).split("\n") if t.strip()]
    assert "2" not in texts  # no bare number between the labels


# --- Item 5: recent games and the play 404 ------------------------------------------------------


def test_recent_games_show_the_level_and_the_date(app, client):
    new_game(client, level="beginner")
    page = client.get("/en/play").get_data(as_text=True)
    table = page[page.index('<table class="games">') : page.index("</table>")]
    assert '<th scope="col">Level</th>' in table and '<th scope="col">Last played</th>' in table
    assert ">Beginner<" in table
    today = datetime.datetime.now(datetime.UTC).date()
    dates = re.findall(r'<time datetime="(\d{4}-\d\d-\d\d)">([^<]+)</time>', table)
    assert len(dates) == 1
    iso, shown = dates[0]
    assert abs((datetime.date.fromisoformat(iso) - today).days) <= 1
    assert str(datetime.date.fromisoformat(iso).year) in shown and not shown[0].isdigit()  # "December 2, 2026"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_missing_game_or_review_is_the_play_404_with_a_link_back(app, client, lang):
    path = new_game(client)
    pages = [
        client.get(f"/{lang}/play/0123456789abcdef"),
        client.get(f"/{lang}/play/not-an-id"),
        client.get(path.replace("/en/", f"/{lang}/") + "/review/9"),
    ]
    for response in pages:
        assert response.status_code == 404
        html = response.get_data(as_text=True)
        assert f'<html lang="{lang}"' in html
        assert f'href="/{lang}/play"' in html  # the way back to the table
        assert "language-list" not in html  # not the generic page
    assert "no finished hand" in pages[2].get_data(as_text=True) or lang != "en"


def test_a_post_to_a_missing_game_is_a_404_too(app, client):
    token = csrf_token(client, "/en/play")
    response = client.post("/en/play/0123456789abcdef", data={"csrf_token": token, "action": "7e", "version": "0"})
    assert response.status_code == 404
    assert 'href="/en/play"' in response.get_data(as_text=True)
