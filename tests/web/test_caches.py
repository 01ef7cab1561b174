"""The caches change no page: every page type, in several languages, card faces and learners, is the
same with the caches on (the header per page, language and badge count; a question's drawing per
check, seed, language and face; a table's state per run and version) as rendered from scratch.

Pages are first requested with the caches on, all of them one after another (so a key that forgot
something would serve one page's fragment to another), then each again with them off
(``PAGE_CACHES = False``); the two must be equal but for what is random on every render (the
one-time answer token, a fresh seed in "try another" links) and the CSRF token.
"""

from __future__ import annotations

import re

import pytest

from tests.conftest import answer_form, csrf_token, find_all
from tests.web.test_lessons import wrong_answer
from tests.web.test_quiz import start
from tutor.content import get_lesson
from tutor.content.checks import make_question
from tutor.store import ManualClock, use_clock, utcnow
from tutor.web.review import views as review_views

pytestmark = pytest.mark.store

LESSON = get_lesson("card-ranking")
STEP = LESSON.step("false-aces")
RANDOM = [
    (re.compile(r'name="(csrf_token|attempt)" value="[^"]*"'), r'name="\1" value="*"'),
    (re.compile(r'"X-CSRFToken": "[^"]*"'), '"X-CSRFToken": "*"'),
    (re.compile(r"seed=\d+"), "seed=*"),
]


def normal(html: str) -> str:
    for pattern, replacement in RANDOM:
        html = pattern.sub(replacement, html)
    return html


def learner_with_a_due_item(client) -> None:
    """Answer the step wrong: it is due for review a minute later (the clock of the app is moved)."""
    path = f"/en/lessons/{LESSON.key}/{STEP.key}?seed=11"
    html = client.get(path).get_data(as_text=True)
    fields = {e.attrs["name"]: e.attrs.get("value") or "" for e in find_all(html, "input", type="hidden")}
    question = make_question(STEP.check, 11)
    assert (
        client.post(path.split("?")[0], data={**fields, **answer_form(question, wrong_answer(question))}).status_code
        == 200
    )


def new_game(client) -> str:
    token = csrf_token(client, "/en/play")
    response = client.post(
        "/en/play",
        data={
            "csrf_token": token,
            "players": "2",
            "preset": "argentino",
            "flor": "off",
            "target": "15",
            "level": "random",
        },
    )
    assert response.status_code == 303
    return response.headers["Location"]


def play_once(client, path: str) -> None:
    html = client.get(path).get_data(as_text=True)
    token, version, action = (
        found.group(1) if (found := re.search(pattern, html)) else pytest.fail(f"no {pattern} in the table")
        for pattern in (
            r'name="csrf_token" value="([^"]+)"',
            r'name="version" value="(\d+)"',
            r'name="action" value="([^"]+)"',
        )
    )
    assert client.post(path, data={"csrf_token": token, "version": version, "action": action}).status_code == 303


def test_every_page_type_is_the_same_with_and_without_the_caches(app, monkeypatch):
    monkeypatch.setattr(review_views, "new_seed", lambda: 7)  # the review asks a random variant: fix it

    clock = use_clock(app, ManualClock(utcnow()))
    visitor, learner, other = app.test_client(), app.test_client(), app.test_client()
    learner_with_a_due_item(learner)
    learner_with_a_due_item(other)
    clock.advance(minutes=2)  # due now for both: a badge of one
    other.set_cookie("card_face", "french")
    game = new_game(learner)
    play_once(learner, game)
    run = start(learner, "card-ranking", 5)
    step = f"/{{lang}}/lessons/{LESSON.key}/{STEP.key}"
    pages = [
        "/{lang}/",
        "/{lang}/deck",
        "/{lang}/lessons",
        step + "?seed=3",
        step + "?seed=4",
        f"/{{lang}}/lessons/{LESSON.key}/matas?seed=3",
        "/{lang}/review",
        "/{lang}/progress",
        "/{lang}/quiz",
        "/{lang}/practice",
        "/{lang}/play",
        "/{lang}/envido?hand=7o,6o,3b",
        "/{lang}/daily?date=2026-02-02",
        "/{lang}/no-such-page",
    ]
    requests = [
        (client, page.format(lang=lang))
        for client in (visitor, learner, other)
        for lang in ("en", "pl")
        for page in pages
    ]
    requests += [(learner, game), (learner, game + "?since=0"), (learner, run), (learner, run.replace("/en/", "/de/"))]

    def render(client, path):
        response = client.get(path)
        return response.status_code, normal(response.get_data(as_text=True))

    app.config["PAGE_CACHES"] = True
    warm = [render(client, path) for client, path in requests]
    cached = [render(client, path) for client, path in requests]  # every fragment from the caches now
    app.config["PAGE_CACHES"] = False
    fresh = [render(client, path) for client, path in requests]
    for (_client, path), first, hit, plain in zip(requests, warm, cached, fresh, strict=True):
        assert first == plain, path
        assert hit == plain, path
