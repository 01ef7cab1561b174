"""An answer form read one way for every page that asks a check (``components.questions.read_answer``):
the lessons, the review, the quizzes and the daily challenge each append and draw their own page,
and read the posted answer, its verdict, the form token and the hint flag through it."""

from __future__ import annotations

from flask import g
from werkzeug.datastructures import MultiDict

from tutor.content.checks import make_question
from tutor.content.schema import parse_check
from tutor.web.components.questions import Posted, Unreadable, read_answer

# 7 and 5 of cups with a king of swords: 7 + 5 + 20 = 32 (docs/rules/argentine.md §4.1).
ENVIDO = make_question(parse_check({"kind": "envido_value", "prompt": "x", "cards": "7c 5c 12e"}, "test"), 0)
TOKEN = "A" * 22


def test_a_right_answer_comes_with_its_verdict_token_and_hint_flag(app):
    with app.test_request_context("/en/", method="POST", data={"answer": "32", "attempt": TOKEN, "hinted": "1"}):
        g.lang = "en"
        posted = read_answer(ENVIDO)
    assert isinstance(posted, Posted)
    assert posted.answer == 32 and posted.verdict.correct
    assert posted.token == TOKEN and posted.hinted
    assert posted.shown() == {"answer": 32, "verdict": posted.verdict}


def test_a_wrong_answer_is_judged_wrong_and_a_form_without_token_or_hint_still_reads():
    posted = read_answer(ENVIDO, MultiDict({"answer": "12"}))
    assert isinstance(posted, Posted)
    assert not posted.verdict.correct and posted.token is None and not posted.hinted


def test_an_unreadable_form_says_why_in_words_and_gives_the_form_back(app):
    form = MultiDict({"answer": "many", "attempt": TOKEN})
    with app.test_request_context("/en/"):
        g.lang = "en"
        unreadable = read_answer(ENVIDO, form)
    assert isinstance(unreadable, Unreadable)
    assert unreadable.field == "answer" and unreadable.submitted is form
    assert unreadable.message == "Type a whole number, like 27."
    assert unreadable.context() == {"submitted": form, "error": unreadable.message, "error_field": "answer"}
