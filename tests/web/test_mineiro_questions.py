"""A Truco Mineiro question keeps its game's French cards wherever it is asked, not only in its lesson.

The quizzes (a question, the result), the worksheets (questions and answer key, both versions), the
projector mode of a quiz and of the daily challenge, the daily challenge itself, a live session
(the projector, the phone, the reveal, the CSV) and the class's per-question table of a quiz set for
a class draw every card of a question of the lesson of Truco Mineiro from ``cards-french.svg`` and
name it in French suits ("four of clubs"), whatever face the learner chose; the questions of the
other lessons on the same page (the exam, the daily set) keep the learner's face. Which questions a
quiz asks comes from ``quiz_questions``; which lesson is a Truco Mineiro lesson from its file
(``game = "mineiro"``).
"""

from __future__ import annotations

import csv
import io
import re
from datetime import date, timedelta

import pytest

from tests.conftest import answer_form, csrf_token
from tests.web.classroom_helpers import cheap_hashes, join, join_code, new_class, sign_up, token
from tests.web.test_lessons import wrong_answer
from tests.web.test_live import act, answer as live_answer, join_live
from tests.web.test_mineiro_pages import assert_all_french, assert_all_spanish, sprites
from tests.web.test_quiz import answer, start, take
from tutor.learning import EXAM
from tutor.learning.draw import DAILY, daily_seed, live_questions, quiz_questions

pytestmark = pytest.mark.store  # taking a quiz, the daily challenge and a live session write the store

MINEIRO = "truco-mineiro"
SEED = 5
# English names the Spanish suits swords, clubs, coins and cups and the 11 the knight; the French
# suits are spades, clubs, diamonds and hearts and the 11 the queen (tutor/narration/cards.py).
SPANISH_NAME = re.compile(
    r"\b(?:ace|two|three|four|five|six|seven|jack|knight|king) of (?:swords|coins|cups)\b|\bknight of clubs\b", re.I
)
FRENCH_NAME = re.compile(r'aria-label="[^"]* of (?:hearts|spades|diamonds)"')


def assert_french_names(html: str) -> None:
    """Every card named on the page is named with its French suit."""
    assert FRENCH_NAME.search(html), "no card named in French"
    assert not SPANISH_NAME.search(html), SPANISH_NAME.findall(html)


@pytest.fixture
def spanish(client):
    client.set_cookie("card_face", "spanish")
    return client


def mineiro_day() -> tuple[date, int]:
    """A day whose daily challenge asks a Truco Mineiro question with cards, and its place (0-based)."""
    day = date(2025, 1, 1)
    for offset in range(200):
        drawn = quiz_questions(DAILY, daily_seed(day + timedelta(days=offset)))
        for index, current in enumerate(drawn):
            if current.lesson == MINEIRO and current.question.kind in ("stronger_card", "order_cards"):
                return day + timedelta(days=offset), index
    raise AssertionError("no daily set with a Truco Mineiro card question in 200 days")


# --- Quizzes ----------------------------------------------------------------------------------------


def test_every_question_of_the_mineiro_quiz_is_asked_with_french_cards(spanish):
    path = start(spanish, MINEIRO, SEED)
    for drawn in quiz_questions(MINEIRO, SEED):
        html = spanish.get(path).get_data(as_text=True)
        assert_all_french(html)
        assert_french_names(html)
        assert answer(spanish, path, drawn.question, wrong_answer(drawn.question)).status_code == 303
    result = spanish.get(path).get_data(as_text=True)  # the result: every answer, right and wrong, explained
    assert "of 10" in result
    assert_all_french(result)
    assert_french_names(result)


def test_the_exams_result_draws_each_question_in_its_games_face(spanish):
    path = take(spanish, EXAM, SEED, wrong=set(range(20)))
    html = spanish.get(path).get_data(as_text=True)
    rows = html.split('<li class="quiz-answer ')[1:]
    drawn = quiz_questions(EXAM, SEED)
    assert len(rows) == len(drawn)
    games = set()
    for row, current in zip(rows, drawn, strict=True):
        if not sprites(row):
            continue
        if current.lesson == MINEIRO:
            assert_all_french(row)
            assert not SPANISH_NAME.search(row)
        else:
            assert_all_spanish(row)
        games.add(current.lesson == MINEIRO)
    assert games == {True, False}


@pytest.mark.parametrize("version", ["A", "B"])
def test_a_mineiro_worksheet_and_its_key_are_french(spanish, version):
    html = spanish.get(f"/en/quiz/{MINEIRO}/worksheet?seed={SEED}&version={version}").get_data(as_text=True)
    assert_all_french(html)
    assert_french_names(html)


def test_the_exams_worksheet_draws_the_mineiro_questions_french_and_the_others_spanish(spanish):
    html = spanish.get(f"/en/quiz/{EXAM}/worksheet?seed={SEED}").get_data(as_text=True)
    questions = html.split('<li class="worksheet-question">')[1:]
    questions[-1] = questions[-1].split('class="worksheet-key"')[0]
    keys = html.split('<li class="worksheet-key-item">')[1:]
    drawn = quiz_questions(EXAM, SEED)
    assert len(questions) == len(keys) == len(drawn)
    mineiro = [i for i, d in enumerate(drawn) if d.lesson == MINEIRO]
    assert mineiro
    for index, current in enumerate(drawn):
        if current.lesson == MINEIRO:
            assert_all_french(questions[index])
            assert not SPANISH_NAME.search(questions[index] + keys[index])
        elif sprites(questions[index]):
            assert_all_spanish(questions[index])


@pytest.mark.parametrize("reveal", ["", "&reveal=1"])
def test_the_mineiro_quiz_in_projector_mode_is_french(spanish, reveal):
    for number in range(1, 11):
        html = spanish.get(f"/en/quiz/{MINEIRO}/present?seed={SEED}&q={number}{reveal}").get_data(as_text=True)
        assert_all_french(html)
        assert not SPANISH_NAME.search(html)


def test_a_french_learner_still_sees_the_other_quizzes_french_and_a_spanish_one_spanish(client):
    url = f"/en/quiz/card-ranking/worksheet?seed={SEED}"
    assert_all_spanish(client.get(url).get_data(as_text=True))
    client.set_cookie("card_face", "french")
    assert_all_french(client.get(url).get_data(as_text=True))


# --- The daily challenge -------------------------------------------------------------------------------


def test_a_mineiro_question_of_the_daily_challenge_is_french(app, spanish):
    day, index = mineiro_day()
    present = spanish.get(f"/en/daily/present?date={day.isoformat()}&q={index + 1}&reveal=1")
    assert present.status_code == 200
    assert_all_french(present.get_data(as_text=True))
    assert not SPANISH_NAME.search(present.get_data(as_text=True))
    drawn = quiz_questions(DAILY, daily_seed(day))
    url = f"/en/daily?date={day.isoformat()}"
    for position, current in enumerate(drawn[: index + 1], start=1):
        html = spanish.get(url).get_data(as_text=True)
        if position == index + 1:
            assert_all_french(html)
            assert_french_names(html)
        fields = {
            "csrf_token": csrf_token(spanish, url),
            "position": str(position),
            "version": re.search(r'name="version" value="(\d+)"', html).group(1),
            "attempt": re.search(r'name="attempt" value="([^"]+)"', html).group(1),
        }
        response = spanish.post(url, data={**fields, **answer_form(current.question, current.question.expected)})
        assert response.status_code == 200
    answered = response.get_data(as_text=True)  # the Mineiro question answered, with its explanation
    assert "Truco Mineiro" in answered
    assert not SPANISH_NAME.search(answered)


# --- A live session -----------------------------------------------------------------------------------------


@pytest.fixture
def teacher(app):
    client = app.test_client()
    assert sign_up(client).status_code in (200, 303)
    return client


def test_a_live_session_of_the_mineiro_lesson_is_french_on_the_projector_and_the_phones(app, teacher):
    response = teacher.post(
        "/en/teach/live/new",
        data={
            "csrf_token": csrf_token(teacher, "/en/teach/live/new"),
            "content": "lesson",
            "lesson": MINEIRO,
            "seed": str(SEED),
        },
    )
    assert response.status_code == 303, response.get_data(as_text=True)
    sid = response.headers["Location"].rstrip("/").rsplit("/", 1)[1]
    pin = re.search(r'data-live-pin="(\d{6})"', teacher.get(f"/en/teach/live/{sid}").get_data(as_text=True)).group(1)
    phone = app.test_client()
    phone.set_cookie("card_face", "spanish")
    join_live(phone, pin)
    act(teacher, sid, "start")
    questions = live_questions(f"lesson:{MINEIRO}", SEED, 99)
    carded = [i for i, d in enumerate(questions) if d.question.kind in ("stronger_card", "order_cards")]
    for index, drawn in enumerate(questions[: carded[0] + 1]):
        if index == carded[0]:
            assert_all_french(teacher.get(f"/en/teach/live/{sid}").get_data(as_text=True))
            page = phone.get(f"/en/live/{sid}").get_data(as_text=True)
            assert_all_french(page)
            assert_french_names(page)
        q = drawn.question
        assert live_answer(phone, sid, index, answer_form(q, wrong_answer(q))).status_code == 303
        act(teacher, sid, "close")
        if index == carded[0]:
            board = teacher.get(f"/en/teach/live/{sid}").get_data(as_text=True)  # the reveal: answers in words
            if sprites(board):
                assert_all_french(board)
            assert "live-bar-text" in board and not SPANISH_NAME.search(board)
            assert not SPANISH_NAME.search(phone.get(f"/en/live/{sid}").get_data(as_text=True))
        act(teacher, sid, "next")
    act(teacher, sid, "end")
    export = teacher.post(
        f"/en/teach/live/{sid}/export.csv", data={"csrf_token": csrf_token(teacher, f"/en/teach/live/{sid}")}
    )
    assert export.status_code == 200
    given = [row[2] for row in csv.reader(io.StringIO(export.get_data(as_text=True)))][1:]
    assert any(" of " in text for text in given)
    assert not any(SPANISH_NAME.search(text) for text in given)


# --- A quiz set for a class -------------------------------------------------------------------------------


def test_the_class_table_of_a_mineiro_quiz_names_the_wrong_answers_in_french(app, monkeypatch):
    cheap_hashes(monkeypatch)
    teacher = app.test_client()
    sign_up(teacher)
    cid = new_class(teacher)
    pupil = app.test_client()
    assert join(pupil, join_code(teacher, cid)).status_code == 303
    data = {"csrf_token": token(teacher, f"/en/teach/classes/{cid}"), "what": f"quiz:{MINEIRO}", "same": "1"}
    assert teacher.post(f"/en/teach/classes/{cid}/assignments", data=data).status_code == 303
    html = teacher.get(f"/en/teach/classes/{cid}").get_data(as_text=True)
    aid = re.findall(rf"/en/teach/classes/{cid}/assignments/([0-9a-f]+)\"", html)[-1]
    seed = int(
        re.search(rf"/en/quiz/{MINEIRO}\?seed=(\d+)", pupil.get(f"/en/class/{cid}").get_data(as_text=True)).group(1)
    )
    take(pupil, MINEIRO, seed, wrong=set(range(10)))
    page = teacher.get(f"/en/teach/classes/{cid}/assignments/{aid}").get_data(as_text=True)
    assert re.search(r"of (?:hearts|spades|diamonds)", page)
    assert not SPANISH_NAME.search(page), SPANISH_NAME.findall(page)


@pytest.mark.parametrize(
    ("step_key", "next_bet"),
    [
        ("no-envido", "Truco"),  # nothing called yet: the ladder starts at Truco (3)
        ("seis-nove-doze", "Seis"),  # a Truco accepted: the other side's next step is Seis (6)
    ],
)
def test_a_mineiro_calls_question_explains_a_refused_bet_by_mineiros_ladder(app, step_key, next_bet):
    """The bets of Truco Mineiro climb Truco, Seis, Nove, Doze (docs/rules/mineiro.md): a refused bet
    is explained by that ladder and its next step, never by the Argentine Retruco and Vale cuatro."""
    from tutor.content import get_lesson
    from tutor.content.checks import make_question
    from tutor.web.components.questions import question_view

    step = get_lesson(MINEIRO).step(step_key)
    with app.test_request_context("/en/quiz"):
        reasons = question_view(make_question(step.check, SEED), None, reveal=True).explanation.reasons
    refused = [r for r in reasons if ": not possible." in r]
    assert refused, reasons
    for reason in refused:
        assert "Retruco" not in reason and "Vale cuatro" not in reason, reason
    ladder = [r for r in refused if "one step at a time" in r]
    assert ladder and all(r.endswith(f"the next step is {next_bet}.") for r in ladder), ladder
