"""The review of mistakes (/<lang>/review) on SQLite and PostgreSQL: a wrong lesson answer comes back
in the review, a right review answer sends it away, every answer is one ``review`` attempt, bad input
changes nothing, parallel copies of one form count once, and one learner never sees another's.

The store's clock is the app's and moved by hand (``tutor.store.ManualClock``), so the attempts the
pages record and the schedule they read agree on the time. The expected schedule is FSRS with its
default learning steps of 1 and 10 minutes (``tutor.learning.schedule``): a wrong answer brings an
item back after 1 minute, a right one in the learning steps after 10.
"""

from __future__ import annotations

import re
import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime

import pytest
from sqlalchemy import select

from tests.conftest import HTMX, LANGUAGES, answer_form, csrf_token, dispose, find_all, make_app
from tests.web.test_parallel_answers import Browser, Server
from tutor.content import get_lesson
from tutor.content.checks import AnswerType, make_question
from tutor.i18n import load_translations
from tutor.store import AttemptRow, ManualClock, db, use_clock

pytestmark = pytest.mark.store  # reads and writes the store: runs on SQLite and on PostgreSQL

LESSON = get_lesson("card-ranking")
STEP = LESSON.step("false-aces")  # a choice between cards, with a hint
ITEM = f"{LESSON.key}/{STEP.key}"
LESSON_URL = f"/en/lessons/{LESSON.key}/{STEP.key}"
ANSWER_URL = f"/en/review/{LESSON.key}/{STEP.key}"
START = datetime(2026, 3, 10, 15, 0, tzinfo=UTC)


@pytest.fixture
def clock(request) -> ManualClock:
    """The clock of the test's app (or of its server's app), moved by the test."""
    app = request.getfixturevalue("server")[0] if "server" in request.fixturenames else request.getfixturevalue("app")
    return use_clock(app, ManualClock(START))


def hidden_fields(html: str) -> dict[str, str]:
    form = re.search(r'<form class="answer-form".*?</form>', html, re.S)
    assert form, "no answer form"
    return {e.attrs["name"]: e.attrs.get("value") or "" for e in find_all(form.group(0), "input", type="hidden")}


def value_for(question, right: bool):
    assert question.answer_type is AnswerType.CHOICE
    accepted = question.accepted or {question.expected}
    return question.expected if right else next(o.value for o in question.options if o.value not in accepted)


def answer_lesson(client, right: bool) -> None:
    fields = hidden_fields(client.get(LESSON_URL).get_data(as_text=True))
    question = make_question(STEP.check, int(fields["seed"]))
    assert client.post(LESSON_URL, data={**fields, "answer": value_for(question, right)}).status_code == 200


def review_form(client, lang: str = "en") -> tuple[dict, object]:
    """The review page's form (it must ask ``ITEM``) and its question."""
    html = client.get(f"/{lang}/review").get_data(as_text=True)
    form = find_all(html, "form", class_="answer-form")
    assert form and form[0].attrs["action"] == f"/{lang}/review/{LESSON.key}/{STEP.key}", "the review asks another item"
    fields = hidden_fields(html)
    return fields, make_question(STEP.check, int(fields["seed"]))


def answer_review(client, right: bool, *, hinted: bool = False, fields: dict | None = None, headers=None):
    if fields is None:
        fields, question = review_form(client)
    else:
        question = make_question(STEP.check, int(fields["seed"]))
    data = {**fields, "answer": value_for(question, right), "hinted": "1" if hinted else ""}
    return client.post(ANSWER_URL, data=data, headers=headers or {})


def rows(app) -> list[tuple]:
    with app.app_context():
        return [
            (r.item, r.source, r.correct, r.hinted)
            for r in db.session.scalars(select(AttemptRow).order_by(AttemptRow.at, AttemptRow.id))
        ]


def text_of(html: str, tag: str, **attrs) -> str:
    found = find_all(html, tag, **attrs)
    return " ".join(found[0].text.split()) if found else ""


def badge_of(html: str) -> str:
    badge = find_all(html, "span", id="badge-review-index")
    assert len(badge) == 1, "the menu entry has no badge element"
    return "" if "hidden" in badge[0].attrs else " ".join(badge[0].text.split())


def test_a_wrong_lesson_answer_makes_the_item_due_in_the_review_today(app, client, clock):
    answer_lesson(client, right=False)
    html = client.get("/en/review").get_data(as_text=True)
    assert not find_all(html, "form", class_="answer-form")  # FSRS: "Again" brings it back after 1 minute
    assert "in 1 minute" in text_of(html, "section", id="check")
    assert badge_of(html) == ""

    clock.advance(minutes=1)
    fields, _question = review_form(client)
    html = client.get("/en/review").get_data(as_text=True)
    assert text_of(html, "h2", id="check-title") == STEP.title
    assert text_of(html, "p", id="review-queue") == "1 question due now"
    assert badge_of(html) == "1 (1 question due)"
    lesson_map = client.get("/en/lessons").get_data(as_text=True)
    assert text_of(lesson_map, "p", class_="review-line") == "1 question is due for review"
    assert set(fields) == {"csrf_token", "seed", "attempt", "hinted"}


def test_answering_it_right_in_the_review_makes_it_no_longer_due(app, client, clock):
    answer_lesson(client, right=False)
    clock.advance(minutes=2)
    response = answer_review(client, right=True)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert text_of(html, "p", class_="verdict-title") == "Right!"
    assert find_all(html, "div", class_="explanation")
    assert rows(app) == [(ITEM, "lesson", False, False), (ITEM, "review", True, False)]
    assert badge_of(html) == ""

    after = client.get("/en/review").get_data(as_text=True)
    assert not find_all(after, "form", class_="answer-form")
    # Good in the learning steps: back after 10 minutes, so not today's "all done" but "right now".
    assert text_of(after, "h2", id="check-title") == "Nothing is due right now"
    assert "in 10 minutes" in text_of(after, "section", id="check")
    assert not find_all(client.get("/en/lessons").get_data(as_text=True), "p", class_="review-line")


def test_a_wrong_review_answer_keeps_it_due_and_a_hint_is_recorded(app, client, clock):
    answer_lesson(client, right=False)
    clock.advance(minutes=2)
    response = answer_review(client, right=False)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert text_of(html, "p", class_="verdict-title") == "Not quite."
    assert find_all(html, "p", class_="review-again")
    clock.advance(minutes=1)  # Again: 1 minute
    answer_review(client, right=True, hinted=True)
    assert rows(app) == [(ITEM, "lesson", False, False), (ITEM, "review", False, False), (ITEM, "review", True, True)]


def test_when_everything_is_answered_the_next_day_is_named(app, client, clock):
    answer_lesson(client, right=True)  # a new item answered right: 10 minutes
    clock.advance(minutes=11)
    answer_review(client, right=True)  # right again at the last learning step: it graduates, days away
    html = client.get("/en/review").get_data(as_text=True)
    assert text_of(html, "h2", id="check-title") == "All done for today"
    assert "The next question comes back on" in text_of(html, "section", id="check")


def test_an_htmx_answer_swaps_the_question_and_updates_the_feedback_queue_goal_and_badge(app, client, clock):
    answer_lesson(client, right=False)
    clock.advance(minutes=2)
    response = answer_review(client, right=True, headers=HTMX)
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and "<html" not in html
    assert html.lstrip().startswith('<section id="check"')
    for element, id_ in (("div", "feedback"), ("p", "review-queue"), ("div", "today"), ("span", "badge-review-index")):
        found = find_all(html, element, id=id_)
        assert len(found) == 1 and found[0].attrs.get("hx-swap-oob"), id_
    assert text_of(html, "div", id="today").startswith("Today's goal: 2 of 10 answers")


def test_the_page_shows_todays_goal_and_the_streak_quietly(app, client, clock):
    html = client.get("/en/review").get_data(as_text=True)
    assert text_of(html, "div", id="today").startswith("Today's goal: 0 of 10 answers")
    answer_lesson(client, right=False)
    clock.advance(days=1)
    answer_lesson(client, right=True)
    html = client.get("/en/review").get_data(as_text=True)
    today = find_all(html, "div", id="today")[0]
    assert "Streak: 2 days in a row" in " ".join(today.text.split())
    assert find_all(html, "progress", id="today-goal-bar")[0].attrs["value"] == "1"
    assert not find_all(html, "dialog") and 'role="alertdialog"' not in html


# --- Bad input --------------------------------------------------------------------------------------------


def test_an_unknown_item_is_a_404_and_records_nothing(app, client, clock):
    answer_lesson(client, right=False)
    clock.advance(minutes=2)
    fields, question = review_form(client)
    data = {**fields, "answer": question.expected}
    for path in (
        "/en/review/card-ranking/no-such-step",
        "/en/review/no-such-lesson/matas",
        "/en/review/envido-counting/what-is-envido",
    ):  # a step without a check
        response = client.post(path, data=data)
        assert response.status_code == 404, path
        assert "There is no such question to review." in response.get_data(as_text=True)
    assert len(rows(app)) == 1


def test_an_item_that_is_not_due_is_a_409_and_records_nothing(app, client, clock):
    answer_lesson(client, right=False)
    clock.advance(minutes=2)
    fields, question = review_form(client)
    other = get_lesson("envido-counting").step("no-pair")
    response = client.post(
        "/en/review/envido-counting/no-pair", data={**fields, "answer": str(make_question(other.check, 1).expected)}
    )
    assert response.status_code == 409
    assert "not due for review now" in response.get_data(as_text=True)
    assert len(rows(app)) == 1


def test_a_replayed_review_form_is_a_409_and_counts_once(app, client, clock):
    answer_lesson(client, right=False)
    clock.advance(minutes=2)
    fields, _question = review_form(client)
    assert answer_review(client, right=False, fields=fields).status_code == 200
    clock.advance(minutes=2)  # due again after the wrong answer (1 minute): only the token stops the resend
    again = answer_review(client, right=True, fields=fields)
    assert again.status_code == 409
    assert "already counted" in again.get_data(as_text=True)
    assert [r[1:3] for r in rows(app)] == [("lesson", False), ("review", False)]
    assert review_form(client)[0]["attempt"] != fields["attempt"]  # a new page is a new form, and counts


@pytest.mark.parametrize("change", ["forged option", "no answer", "bad seed", "no csrf"])
def test_a_forged_or_unreadable_answer_is_a_400_and_records_nothing(app, client, clock, change):
    answer_lesson(client, right=False)
    clock.advance(minutes=2)
    fields, question = review_form(client)
    data = {**fields, "answer": question.expected}
    if change == "forged option":
        data["answer"] = "1z"
    elif change == "no answer":
        del data["answer"]
    elif change == "bad seed":
        data["seed"] = "١٢"
    else:
        del data["csrf_token"]
    response = client.post(ANSWER_URL, data=data)
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    if change != "no csrf":
        assert find_all(html, "p", id="answer-error"), "the reason is given beside the question"
        assert find_all(html, "form", class_="answer-form")
    assert len(rows(app)) == 1


# --- Two learners, languages --------------------------------------------------------------------------------


def test_another_learner_sees_none_of_it(app, client, clock):
    answer_lesson(client, right=False)
    clock.advance(minutes=2)
    fields, question = review_form(client)
    other = app.test_client()
    html = other.get("/en/review").get_data(as_text=True)
    assert not find_all(html, "form", class_="answer-form") and badge_of(html) == ""
    assert text_of(html, "h2", id="check-title") == "All done for today"
    progress = other.get("/en/progress").get_data(as_text=True)
    assert find_all(progress, "section", class_="progress-empty")
    assert not find_all(other.get("/en/lessons").get_data(as_text=True), "p", class_="review-line")
    token = csrf_token(other, "/en/review")
    response = other.post(ANSWER_URL, data={**fields, "csrf_token": token, "answer": question.expected})
    assert response.status_code == 409
    assert [r[1] for r in rows(app)] == ["lesson"]
    assert badge_of(client.get("/en/review").get_data(as_text=True)) == "1 (1 question due)"  # the first still has it


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_state_of_the_review_renders_in_every_language(app, client, clock, lang):
    translate = load_translations(lang).gettext
    empty = client.get(f"/{lang}/review")
    assert empty.status_code == 200
    html = empty.get_data(as_text=True)
    assert f'<html lang="{lang}"' in html and text_of(html, "h1") == load_translations(lang).pgettext(
        "spaced repetition", "Review"
    )
    answer_lesson(client, right=False)
    clock.advance(minutes=2)
    fields, question = review_form(client, lang)
    response = client.post(f"/{lang}/review/{LESSON.key}/{STEP.key}", data={**fields, "answer": question.expected})
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert text_of(html, "p", class_="verdict-title") == translate("Right!")
    assert text_of(html, "h2", id="check-title") == translate(STEP.title)


# --- Parallel answers --------------------------------------------------------------------------------------


@pytest.fixture
def server(tmp_path, database_url):
    app = make_app(tmp_path, database_url, TESTING=False)  # CSRF, sessions and errors as deployed
    running = Server(app)
    yield app, running.url
    running.close()
    dispose(app)


def test_the_same_review_form_sent_in_parallel_counts_once(server, clock):
    app, base = server
    browser = Browser(base)
    status, html = browser.open(LESSON_URL)
    fields = hidden_fields(html)
    question = make_question(STEP.check, int(fields["seed"]))
    assert browser.open(LESSON_URL, {**fields, "answer": value_for(question, False)})[0] == 200
    clock.advance(minutes=2)
    status, html = browser.open("/en/review")
    fields = hidden_fields(html)
    question = make_question(STEP.check, int(fields["seed"]))
    form = {**fields, **answer_form(question, question.expected)}
    sends = 10
    barrier = threading.Barrier(sends)

    def send(_):
        barrier.wait()
        return browser.open(ANSWER_URL, form)[0]

    with ThreadPoolExecutor(max_workers=sends) as pool:
        statuses = sorted(pool.map(send, range(sends)))
    assert statuses == [200] + [409] * (sends - 1)
    with app.app_context():
        logged = db.session.execute(select(AttemptRow.source, AttemptRow.correct).order_by(AttemptRow.id)).all()
    assert [tuple(row) for row in logged] == [("lesson", False), ("review", True)]
