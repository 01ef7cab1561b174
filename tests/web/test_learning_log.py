"""The learning log in the store (SQLite and PostgreSQL): lesson answers become attempts with the hint
they used, a replayed form is kept once, a reset appends and deletes nothing, and the FSRS schedule
read back after a restart of the app is the one computed before it."""

from __future__ import annotations

from datetime import timedelta

import pytest
from fsrs import Rating
from sqlalchemy import func, select

from tests.conftest import csrf_token, dispose, find_all
from tutor import create_app
from tutor.content import get_lesson
from tutor.content.checks import AnswerType, make_question
from tutor.learning import TOPICS, Source, due_items, rating, review_cards
from tutor.narration.topics import TOPIC_NAMES, topic_name
from tutor.store import AttemptRow, Learner, current_store, db, utcnow
from tutor.web.shared.learner import record_event

pytestmark = pytest.mark.store  # reads and writes the store: runs on SQLite and on PostgreSQL

LESSON = get_lesson("card-ranking")
STEP = LESSON.step("false-aces")  # a choice between cards, with a hint
ITEM = f"{LESSON.key}/{STEP.key}"
URL = f"/en/lessons/{LESSON.key}/{STEP.key}"


def the_form(client) -> tuple[dict, object]:
    """The step's answer form's hidden fields, and its question."""
    html = client.get(URL).get_data(as_text=True)
    form = find_all(html, "form", class_="answer-form")[0]
    fields = {
        e.attrs["name"]: e.attrs.get("value") or ""
        for e in find_all(html, "input", type="hidden")
        if e.attrs.get("name") in ("csrf_token", "seed", "attempt", "hinted")
    }
    assert form.attrs["action"] == URL
    return fields, make_question(STEP.check, int(fields["seed"]))


def answer(client, *, right: bool, hinted: bool = False, fields: dict | None = None):
    if fields is None:
        fields, question = the_form(client)
    else:
        question = make_question(STEP.check, int(fields["seed"]))
    assert question.answer_type is AnswerType.CHOICE
    accepted = question.accepted or {question.expected}
    value = question.expected if right else next(o.value for o in question.options if o.value not in accepted)
    data = {**fields, "answer": value, "hinted": "1" if hinted else fields.get("hinted", "")}
    response = client.post(URL, data=data)
    assert response.status_code == 200
    return response


def rows(app) -> list[AttemptRow]:
    with app.app_context():
        found = db.session.scalars(select(AttemptRow).order_by(AttemptRow.id)).all()
        db.session.expunge_all()
        return found


def the_learner(app) -> Learner:
    with app.app_context():
        learner = db.session.scalar(select(Learner))
        db.session.expunge_all()
        return learner


def test_every_lesson_answer_is_an_attempt_with_its_source_and_hint(app, client):
    answer(client, right=False)
    answer(client, right=True, hinted=True)
    answer(client, right=True)
    logged = rows(app)
    assert [(r.item, r.source, r.correct, r.hinted) for r in logged] == [
        (ITEM, "lesson", False, False),
        (ITEM, "lesson", True, True),
        (ITEM, "lesson", True, False),
    ]
    with app.app_context():
        log = current_store().attempts.of_learner(logged[0].learner_id)
    assert [rating(a) for a in log] == [Rating.Again, Rating.Hard, Rating.Good]


def test_the_step_page_carries_the_hint_field_in_its_form_and_loads_the_script(client):
    html = client.get(URL).get_data(as_text=True)
    check = find_all(html, "section", id="check")
    assert check and find_all(html, "details", class_="hint-box")
    hinted = [e for e in find_all(html, "input", type="hidden") if e.attrs.get("name") == "hinted"]
    assert len(hinted) == 1 and hinted[0].attrs.get("value") in ("", None)  # not opened yet
    assert any("hint.js" in (e.attrs.get("src") or "") for e in find_all(html, "script"))


def test_a_replayed_answer_form_is_kept_once_and_a_new_form_counts(app, client):
    fields, _question = the_form(client)
    answer(client, right=True, fields=fields)
    answer(client, right=True, fields=fields)  # the browser sends the same form again
    answer(client, right=False, fields=fields)  # even with another answer in it
    assert len(rows(app)) == 1
    answer(client, right=False)  # a new page of the step is a new answer
    assert [r.correct for r in rows(app)] == [True, False]


def test_a_wrong_answer_is_due_for_review_at_once_and_the_schedule_survives_a_restart(app, client):
    before = utcnow()
    answer(client, right=False)
    after = utcnow()
    learner = the_learner(app)
    with app.app_context():
        log = current_store().attempts.of_learner(learner.id)
    assert len(log) == 1 and before - timedelta(seconds=1) <= log[0].at <= after + timedelta(seconds=1)
    card = review_cards(log)[ITEM]
    assert card.due - log[0].at == timedelta(minutes=1)  # FSRS's first learning step after "Again"
    assert [d.item for d in due_items(log, log[0].at + timedelta(minutes=1))] == [ITEM]
    assert due_items(log, log[0].at + timedelta(seconds=59)) == []

    uri = app.config["SQLALCHEMY_DATABASE_URI"]
    dispose(app)  # the server stops; a new process starts on the same database
    restarted = create_app({"TESTING": True, "SECRET_KEY": "test-secret-key", "SQLALCHEMY_DATABASE_URI": uri})
    try:
        with restarted.app_context():
            again = current_store().attempts.of_learner(learner.id)
        assert again == log
        card_again = review_cards(again)[ITEM]
        assert (card_again.due, card_again.stability, card_again.difficulty, card_again.state) == (
            card.due,
            card.stability,
            card.difficulty,
            card.state,
        )
    finally:
        dispose(restarted)


def test_right_answers_in_the_lesson_push_the_item_later(app, client):
    answer(client, right=True)
    learner = the_learner(app)
    with app.app_context():
        first = review_cards(current_store().attempts.of_learner(learner.id))[ITEM].due
    answer(client, right=True)
    with app.app_context():
        second = review_cards(current_store().attempts.of_learner(learner.id))[ITEM].due
    assert second > first


def test_a_reset_appends_an_event_and_deletes_no_answer(app, client):
    answer(client, right=False)
    answer(client, right=True)
    learner = the_learner(app)
    with app.app_context():
        schedule = {
            item: card.due for item, card in review_cards(current_store().attempts.of_learner(learner.id)).items()
        }
    token = csrf_token(client, "/en/lessons")
    assert (
        client.post(f"/en/lessons/{LESSON.key}/reset", data={"csrf_token": token, "confirm": "yes"}).status_code == 303
    )
    logged = rows(app)
    assert [(r.item, r.source) for r in logged] == [(ITEM, "lesson"), (ITEM, "lesson"), (LESSON.key, "reset")]
    with app.app_context():
        assert {
            item: card.due for item, card in review_cards(current_store().attempts.of_learner(learner.id)).items()
        } == schedule
    card = find_all(client.get("/en/lessons").get_data(as_text=True), "li", id=f"lesson-{LESSON.key}")[0]
    assert "is-new" in card.attrs["class"]  # the lesson starts over


def test_resetting_an_untouched_lesson_writes_nothing(app, client):
    token = csrf_token(client, "/en/lessons")
    assert (
        client.post(f"/en/lessons/{LESSON.key}/reset", data={"csrf_token": token, "confirm": "yes"}).status_code == 303
    )
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(AttemptRow)) == 0


def test_an_event_is_not_an_answer(app):
    with app.test_request_context("/en/lessons"), pytest.raises(ValueError):
        record_event(ITEM, Source.LESSON)


def test_every_topic_has_a_translatable_name(app):
    assert set(TOPIC_NAMES) == {topic.key for topic in TOPICS}
    with app.test_request_context("/en/lessons"):
        assert [topic_name(topic) for topic in TOPICS] == [topic.name for topic in TOPICS]
