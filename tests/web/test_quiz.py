"""Quizzes: the list, drawing the questions from a seed, taking a quiz (plain and htmx), the result,
the learning log it feeds, mastering a lesson, worksheets, every page in five languages, and bad
input (unknown topic, bad seed, forged or replayed answers, someone else's run) that changes nothing.

Right and wrong answers come from the engine's answer to the question the seed draws
(``tutor.web.quiz.draw.quiz_questions``), never from the page.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import threading
import urllib.error
import urllib.parse
import urllib.request
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import pytest
from sqlalchemy import func, select

from tests.conftest import HTMX, LANGUAGES, ROOT, answer_form, csrf_token, dispose, find_all, make_app
from tests.web.test_lessons import page_text, wrong_answer
from tutor.content import get_lesson
from tutor.i18n import load_translations
from tutor.learning import EXAM, TOPICS, Source, due_items, quiz_item
from tutor.store import AttemptRow, QuizRun, db
from tutor.web.components.questions import answer_text
from tutor.web.quiz.draw import EXAM_SIZE, QUIZ_SIZE, quiz_questions, same_question_key

pytestmark = pytest.mark.store  # reads and writes the store: runs on SQLite and on PostgreSQL

ATTEMPT_RE = re.compile(r'name="attempt" value="([^"]+)"')
RUN_RE = re.compile(r"/quiz/[a-z-]+/([0-9a-f]{16})$")
TOPIC_KEYS = [topic.key for topic in TOPICS]


# --- Helpers -------------------------------------------------------------------------------------------------


def gettext(lang: str, message: str, **values) -> str:
    text = load_translations(lang).gettext(message)
    return text % values if values else text


def start(client, key: str, seed: int, lang: str = "en") -> str:
    """Start a quiz from its start page; returns the run's path."""
    token = csrf_token(client, f"/{lang}/quiz/{key}?seed={seed}")
    response = client.post(f"/{lang}/quiz/{key}", data={"csrf_token": token, "seed": str(seed)})
    assert response.status_code == 303
    path = response.headers["Location"]
    assert RUN_RE.search(path), path
    return path


def form_of(client, run_path: str) -> dict:
    """The hidden fields of the run's answer form (csrf token, position, one-time token)."""
    html = client.get(run_path).get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)
    position = re.search(r'name="position" value="(\d+)"', html).group(1)
    return {"csrf_token": token, "position": position, "attempt": ATTEMPT_RE.search(html).group(1)}


def answer(client, run_path: str, question, given, **headers):
    fields = form_of(client, run_path)
    return client.post(run_path, data={**fields, **answer_form(question, given)}, headers=headers)


def take(client, key: str, seed: int, *, wrong: set[int] = frozenset(), lang: str = "en") -> str:
    """Take a whole quiz, answering the questions at ``wrong`` (0-based) wrong; returns the run's path."""
    path = start(client, key, seed, lang)
    for index, drawn in enumerate(quiz_questions(key, seed)):
        given = wrong_answer(drawn.question) if index in wrong else drawn.question.expected
        assert answer(client, path, drawn.question, given).status_code == 303
    return path


def rows(app, **where) -> list[AttemptRow]:
    with app.app_context():
        query = select(AttemptRow).order_by(AttemptRow.id)
        for name, value in where.items():
            query = query.where(getattr(AttemptRow, name) == value)
        return list(db.session.scalars(query))


def runs(app) -> list[QuizRun]:
    with app.app_context():
        return list(db.session.scalars(select(QuizRun).order_by(QuizRun.id)))


def store_state(app):
    """Everything a bad request must leave as it was."""
    with app.app_context():
        attempts = db.session.scalar(select(func.count()).select_from(AttemptRow))
        quiz_runs = [
            (r.public_id, r.version, json.dumps(r.answers), r.score, r.finished)
            for r in db.session.scalars(select(QuizRun).order_by(QuizRun.id))
        ]
    return attempts, quiz_runs


# --- Drawing the questions -------------------------------------------------------------------------------------


@pytest.mark.parametrize("key", TOPIC_KEYS)
def test_every_topic_quiz_draws_ten_questions_without_a_repeat(key):
    lesson = get_lesson(key)
    steps = {step.key for step in lesson.checked_steps}
    for seed in range(12):
        drawn = quiz_questions(key, seed)
        assert len(drawn) == QUIZ_SIZE
        keys = [same_question_key(d.lesson, d.step, d.question) for d in drawn]
        assert len(set(keys)) == QUIZ_SIZE, f"seed {seed} repeats a question"
        assert {d.lesson for d in drawn} == {key}
        used = Counter(d.step.key for d in drawn)
        # Every checked step is asked (a lesson has at most ten), and no step more than twice as often as another.
        assert set(used) == steps if len(steps) <= QUIZ_SIZE else set(used) <= steps
        assert max(used.values()) - min(used.values()) <= 1
        # A step asked twice asks two different variants, each made from the seed of its question.
        for d in drawn:
            assert d.question.seed == d.seed


def test_the_exam_draws_twenty_questions_of_every_topic():
    for seed in range(6):
        drawn = quiz_questions(EXAM, seed)
        assert len(drawn) == EXAM_SIZE
        per_topic = Counter(d.lesson for d in drawn)
        assert set(per_topic) == set(TOPIC_KEYS)
        assert set(per_topic.values()) <= {2, 3}  # 20 questions over 8 topics
        assert len({same_question_key(d.lesson, d.step, d.question) for d in drawn}) == EXAM_SIZE


def test_different_seeds_draw_different_quizzes():
    quizzes = {
        tuple(same_question_key(d.lesson, d.step, d.question) for d in quiz_questions("envido-counting", s))
        for s in range(10)
    }
    assert len(quizzes) == 10


def test_a_seed_gives_the_same_questions_on_every_run():
    """Two fresh interpreters with different hash seeds draw exactly the same quiz."""
    code = (
        "import json; from tutor.web.quiz.draw import draw, find_quiz, same_question_key\n"
        "print(json.dumps([[d.step.key, d.seed, same_question_key(d.lesson, d.step, d.question)]"
        " for key in ('flor', 'exam') for d in draw(find_quiz(key), 123456)]))"
    )
    outputs = [
        subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
            env={"PYTHONHASHSEED": str(hash_seed), "PATH": "/usr/bin:/bin"},
        ).stdout
        for hash_seed in (1, 2)
    ]
    assert outputs[0] == outputs[1]
    assert [row[:2] for row in json.loads(outputs[0])] == [
        [d.step.key, d.seed] for key in ("flor", "exam") for d in quiz_questions(key, 123456)
    ]


def test_a_quiz_without_a_seed_draws_one_and_shows_it_in_the_url(client):
    response = client.get("/en/quiz/flor")
    assert response.status_code == 302
    match = re.fullmatch(r"/en/quiz/flor\?seed=(\d+)", response.headers["Location"])
    assert match and int(match.group(1)) < 2**31
    assert client.get(response.headers["Location"]).status_code == 200
    worksheet = client.get("/en/quiz/flor/worksheet")
    assert worksheet.status_code == 302 and re.fullmatch(
        r"/en/quiz/flor/worksheet\?seed=\d+", worksheet.headers["Location"]
    )


def test_everyone_with_the_link_gets_the_same_questions_in_the_same_order(app):
    seed = 4242
    expected = [d.question for d in quiz_questions("tricks-and-parda", seed)]
    for _learner in range(2):
        client = app.test_client()
        path = start(client, "tricks-and-parda", seed)
        for question in expected:
            html = client.get(path).get_data(as_text=True)
            assert gettext("en", question.prompt) in page_text(html)
            assert answer(client, path, question, question.expected).status_code == 303


# --- The list of quizzes ---------------------------------------------------------------------------------------------


def test_the_list_has_a_quiz_per_topic_and_the_exam_and_is_in_the_menu(client):
    html = client.get("/en/quiz").get_data(as_text=True)
    hrefs = [a.attrs.get("href") for a in find_all(html, "a")]
    for key in [*TOPIC_KEYS, EXAM]:
        assert f"/en/quiz/{key}" in hrefs
    assert any(href.startswith("/en/daily") for href in hrefs if href)
    home = client.get("/en/").get_data(as_text=True)
    assert "/en/quiz" in [a.attrs.get("href") for a in find_all(home, "a")]


def test_the_list_shows_the_best_score_per_quiz(client):
    take(client, "flor", 1, wrong={0, 1, 2})
    take(client, "flor", 2, wrong={4})
    html = client.get("/en/quiz").get_data(as_text=True)
    card = next(li for li in find_all(html, "li", class_="quiz-card") if li.attrs.get("id") == "quiz-flor")
    assert "Your best: 9 of 10 right" in " ".join(card.text.split()) and "Passed" in card.text
    other = next(li for li in find_all(html, "li", class_="quiz-card") if li.attrs.get("id") == "quiz-card-ranking")
    assert "Not taken yet" in other.text


# --- Taking a quiz -----------------------------------------------------------------------------------------------------


def test_one_question_per_page_with_a_progress_bar(client):
    seed = 99
    path = start(client, "envido-counting", seed)
    drawn = quiz_questions("envido-counting", seed)
    for index, d in enumerate(drawn[:3]):
        html = client.get(path).get_data(as_text=True)
        (bar,) = find_all(html, "progress")
        assert bar.attrs["max"] == "10" and bar.attrs["value"] == str(index)
        assert bar.text.strip() == f"{index} / 10"  # the text equivalent
        assert f"Question {index + 1} of 10" in page_text(html)
        forms = find_all(html, "form", class_="answer-form")
        assert len(forms) == 1 and forms[0].attrs["method"] == "post" and forms[0].attrs["hx-post"] == path
        assert answer(client, path, d.question, d.question.expected).status_code == 303


def test_the_result_shows_every_question_the_answers_and_the_explanations(client, app):
    seed = 5
    path = take(client, "envido-counting", seed, wrong={1, 6})
    html = client.get(path).get_data(as_text=True)
    text = page_text(html)
    assert "8 of 10 right" in text
    answers = find_all(html, "li", class_="quiz-answer")
    assert len(answers) == 10
    assert [("is-wrong" in li.attrs["class"]) for li in answers] == [i in {1, 6} for i in range(10)]
    drawn = quiz_questions("envido-counting", seed)
    with app.test_request_context("/en/quiz"):
        expected = [answer_text(d.question, d.question.expected, None) for d in drawn]
        given = [
            answer_text(d.question, wrong_answer(d.question) if i in {1, 6} else d.question.expected, None)
            for i, d in enumerate(drawn)
        ]
    for li, right, mine in zip(answers, expected, given, strict=True):
        item = " ".join(li.text.split())
        assert f"Your answer: {mine}" in item and f"The answer: {right}" in item
    assert len(find_all(html, "div", class_="explanation")) == 10
    # Practise these again: the missed lesson steps, and a new quiz.
    missed = {a.attrs["href"] for a in find_all(html, "a") if a.attrs.get("href", "").startswith("/en/lessons/")}
    assert missed == {f"/en/lessons/envido-counting/{drawn[i].step.key}" for i in (1, 6)}
    assert any(
        re.fullmatch(r"/en/quiz/envido-counting\?seed=\d+", a.attrs.get("href", "")) for a in find_all(html, "a")
    )


def test_quiz_answers_go_to_the_learning_log_and_wrong_ones_come_back_for_review(client, app):
    seed = 31
    take(client, "envido-counting", seed, wrong={0, 3})
    drawn = quiz_questions("envido-counting", seed)
    answers = [r for r in rows(app, source=Source.QUIZ.value) if not r.item.startswith("quiz:")]
    assert [(r.item, r.correct) for r in answers] == [(d.item, i not in {0, 3}) for i, d in enumerate(drawn)]
    (result,) = rows(app, item=quiz_item("envido-counting"))
    assert result.source == "quiz" and result.correct is False  # 8 of 10 does not pass
    with app.app_context():
        from tutor.store import attempt_of

        log = [attempt_of(r) for r in rows(app)]
    later = max(a.at for a in log) + timedelta(minutes=2)
    due = {d.item for d in due_items(log, later)}
    last = {d.item: i not in {0, 3} for i, d in enumerate(drawn)}  # each item's last answer in the quiz
    missed = {item for item, right in last.items() if not right}
    assert missed and missed <= due  # Again: back within minutes
    # Items answered right every time are not due yet (Good on a new item waits longer than that).
    right_only = {d.item for d in drawn} - {drawn[0].item, drawn[3].item}
    assert not (right_only & due)


def test_htmx_answers_swap_only_the_quiz_block(app):
    client = app.test_client()
    seed = 8
    path = start(client, "card-ranking", seed)
    d = quiz_questions("card-ranking", seed)[0]
    fields = form_of(client, path)
    response = client.post(
        path, data={**fields, **answer_form(d.question, d.question.expected)}, headers=HTMX, follow_redirects=True
    )
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and "<html" not in html
    assert html.lstrip().startswith('<section id="quiz"') and "Question 2 of 10" in page_text(html)


def test_a_passed_topic_quiz_marks_the_lesson_mastered_on_the_map(client, app):
    def card(html: str, key: str):
        return next(li for li in find_all(html, "li", class_="lesson-card") if li.attrs.get("id") == f"lesson-{key}")

    assert "is-mastered" not in card(client.get("/en/lessons").get_data(as_text=True), "flor").attrs["class"]
    take(client, "flor", 77, wrong={2, 5})  # 8 of 10: not passed
    assert "is-mastered" not in card(client.get("/en/lessons").get_data(as_text=True), "flor").attrs["class"]
    path = take(client, "flor", 78, wrong={9})  # 9 of 10: passed
    assert "this lesson now shows as mastered" in page_text(client.get(path).get_data(as_text=True))
    html = client.get("/en/lessons").get_data(as_text=True)
    assert "is-mastered" in card(html, "flor").attrs["class"]
    assert "is-mastered" not in card(html, "envido-counting").attrs["class"]
    assert [r.correct for r in rows(app, item=quiz_item("flor"))] == [False, True]


def test_the_exam_keeps_its_result_and_masters_no_lesson(client, app):
    take(client, EXAM, 3)
    (result,) = rows(app, item=quiz_item(EXAM))
    assert result.correct is True
    html = client.get("/en/lessons").get_data(as_text=True)
    assert not [li for li in find_all(html, "li", class_="lesson-card") if "is-mastered" in li.attrs["class"]]


def test_starting_again_continues_an_unfinished_run_of_the_same_seed(client, app):
    first = start(client, "flor", 10)
    d = quiz_questions("flor", 10)[0]
    answer(client, first, d.question, d.question.expected)
    assert start(client, "flor", 10) == first  # a double click on Start, or coming back later
    assert "Continue your quiz" in page_text(client.get("/en/quiz/flor?seed=10").get_data(as_text=True))
    assert start(client, "flor", 11) != first
    assert len(runs(app)) == 2


# --- Bad input ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "path",
    [
        "/en/quiz/no-such-topic",
        "/en/quiz/daily",
        "/en/quiz/no-such-topic/worksheet?seed=1",
        "/en/quiz/deck-and-table?seed=1",
    ],
)
def test_an_unknown_topic_is_a_404_that_lists_the_quizzes(client, path):
    response = client.get(path)
    assert response.status_code == 404
    html = response.get_data(as_text=True)
    assert gettext("en", "There is no quiz on that topic. Here are all the quizzes.") in page_text(html)
    assert "/en/quiz/flor" in [a.attrs.get("href") for a in find_all(html, "a")]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("seed", ["abc", "-1", "2147483648", "12345678901", "½", "١٢"])
def test_a_bad_seed_is_a_400_with_a_translated_message(client, lang, seed):
    for path in (f"/{lang}/quiz/flor", f"/{lang}/quiz/flor/worksheet"):
        response = client.get(path, query_string={"seed": seed})
        assert response.status_code == 400
        html = response.get_data(as_text=True)
        message = gettext(
            lang,
            "This quiz link has a number (its seed) that is not valid: it must be a whole number "
            "from 0 to %(max)s. Here is a new quiz instead.",
            max=2**31 - 1,
        )
        assert message in page_text(html)
        assert f'lang="{lang}' in html


def test_a_bad_seed_to_start_a_quiz_changes_nothing(client, app):
    token = csrf_token(client, "/en/quiz/flor?seed=1")
    before = store_state(app)
    assert client.post("/en/quiz/flor", data={"csrf_token": token, "seed": "x"}).status_code == 400
    assert client.post("/en/quiz/flor", data={"seed": "1"}).status_code == 400  # no CSRF token
    assert store_state(app) == before and not runs(app)


def test_a_forged_answer_is_a_400_and_changes_nothing(client, app):
    seed = 12
    path = start(client, "card-ranking", seed)
    before = store_state(app)
    fields = form_of(client, path)
    d = quiz_questions("card-ranking", seed)[0]
    for forged in ({"answer": "not-a-card"}, {"answer": "99"}, {}, {"place-1e": "1"}, {"answer": ["1e", "2e"]}):
        response = client.post(path, data={**fields, **forged})
        assert response.status_code == 400, forged
        html = response.get_data(as_text=True)
        assert find_all(html, "p", id="answer-error")
        assert gettext("en", d.question.prompt) in page_text(html)  # the same question, asked again
    for position in ("0", "3", "x", "", "99999"):
        response = client.post(
            path, data={**fields, "position": position, **answer_form(d.question, d.question.expected)}
        )
        assert response.status_code == 400, position
    assert store_state(app) == before


ALREADY_COUNTED = "This answer was already counted: the same form was sent again. Nothing was recorded."
"""The one sentence for an answer form counted before: the review, the quizzes and the daily challenge say it."""


def test_a_replayed_answer_form_counts_once(client, app):
    seed = 13
    path = start(client, "envido-counting", seed)
    d = quiz_questions("envido-counting", seed)[0]
    fields = form_of(client, path)
    data = {**fields, **answer_form(d.question, d.question.expected)}
    assert client.post(path, data=data).status_code == 303
    state = store_state(app)
    again = client.post(path, data=data)
    assert again.status_code == 409
    assert ALREADY_COUNTED in page_text(again.get_data(as_text=True))
    # The same question from a second tab (its own one-time token) does not count either.
    other_tab = {**data, "attempt": "A" * 22}
    assert client.post(path, data=other_tab).status_code == 409
    assert store_state(app) == state
    assert len([r for r in rows(app) if r.source == "quiz"]) == 1


def test_a_finished_quiz_takes_no_more_answers(client, app):
    seed = 14
    path = take(client, "pairs-and-trios", seed)
    state = store_state(app)
    html = client.get(path).get_data(as_text=True)
    assert not find_all(html, "form", class_="answer-form")
    d = quiz_questions("pairs-and-trios", seed)[-1]
    token = csrf_token(client, "/en/quiz")
    response = client.post(
        path,
        data={
            "csrf_token": token,
            "position": "10",
            "attempt": "B" * 22,
            **answer_form(d.question, d.question.expected),
        },
    )
    assert response.status_code == 409 and store_state(app) == state


def test_another_learners_run_is_a_404(app):
    owner, other = app.test_client(), app.test_client()
    path = start(owner, "flor", 20)
    d = quiz_questions("flor", 20)[0]
    assert other.get(path).status_code == 404
    token = csrf_token(other, "/en/quiz")
    before = store_state(app)
    response = other.post(
        path, data={"csrf_token": token, "position": "1", **answer_form(d.question, d.question.expected)}
    )
    assert response.status_code == 404
    assert store_state(app) == before
    assert other.get(path.replace("/flor/", "/card-ranking/")).status_code == 404  # the run of another quiz
    assert owner.get(path.replace("/flor/", "/card-ranking/")).status_code == 404
    assert owner.get(path[:-1] + ("0" if path[-1] != "0" else "1")).status_code == 404
    assert owner.get("/en/quiz/flor/not-a-run-id").status_code == 404


# --- Worksheets -----------------------------------------------------------------------------------------------------------


def worksheet_content(html: str) -> list:
    """What a worksheet asks and answers: each question's prompt and cards, and the key."""
    questions = [" ".join(li.text.split()) for li in find_all(html, "li", class_="worksheet-question")]
    cards = re.findall(r'data-card="([^"]+)"', html)
    return [questions, cards]


def test_a_worksheet_has_the_questions_and_the_key_and_the_same_seed_prints_the_same_sheet(app):
    seed = 555
    first = app.test_client().get(f"/en/quiz/truco-calls/worksheet?seed={seed}").get_data(as_text=True)
    second = app.test_client().get(f"/en/quiz/truco-calls/worksheet?seed={seed}").get_data(as_text=True)
    assert worksheet_content(first) == worksheet_content(second)
    drawn = quiz_questions("truco-calls", seed)
    questions = find_all(first, "li", class_="worksheet-question")
    assert len(questions) == 10
    for li, d in zip(questions, drawn, strict=True):
        assert gettext("en", d.question.prompt) in " ".join(li.text.split())
    (key,) = find_all(first, "section", class_="worksheet-key")
    assert "Answer key" in key.text
    assert len(find_all(first, "li", class_="worksheet-key-item")) == 10
    assert len(find_all(first, "div", class_="explanation")) == 10
    assert not find_all(first, "form", class_="answer-form")
    other = app.test_client().get(f"/en/quiz/truco-calls/worksheet?seed={seed + 1}").get_data(as_text=True)
    assert worksheet_content(other) != worksheet_content(first)


def worksheet_items(html: str) -> list[tuple[str, tuple[str, ...], str]]:
    """Per question, in the sheet's order: its prompt, its cards in the order printed, and the answer
    its number has in the key."""
    questions = html.split('<li class="worksheet-question">')[1:]
    questions[-1] = questions[-1].split('class="worksheet-key"')[0]
    keys = html.split('<li class="worksheet-key-item">')[1:]
    assert len(keys) == len(questions)
    items = []
    for part, key in zip(questions, keys, strict=True):
        (prompt,) = find_all(part, "p", class_="worksheet-prompt")
        (expected,) = find_all(key, "p", class_="expected")
        cards = tuple(re.findall(r'data-card="([^"]+)"', part))
        items.append((" ".join(prompt.text.split()[1:]), cards, " ".join(expected.text.split())))
    return items


def test_worksheet_versions_a_and_b_ask_the_same_questions_in_another_order(client):
    """Against copying (issue 24, item 10): version B has the same questions (each with the same key
    answer) in another order, and options in another order; each version is the same at every print."""
    path = "/en/quiz/card-ranking/worksheet?seed=321"
    a = worksheet_items(client.get(path).get_data(as_text=True))
    assert worksheet_items(client.get(path + "&version=A").get_data(as_text=True)) == a
    b_html = client.get(path + "&version=b").get_data(as_text=True)
    assert "Version B" in b_html
    b = worksheet_items(b_html)
    assert worksheet_items(client.get(path + "&version=B").get_data(as_text=True)) == b

    def same(item):  # a question whatever the order of its options
        return item[0], tuple(sorted(item[1])), item[2]

    assert Counter(map(same, a)) == Counter(map(same, b))  # the same questions, each with its answer
    assert [same(item) for item in a] != [same(item) for item in b]  # in another order
    by_question = {same(item): item[1] for item in a}
    assert any(by_question[same(item)] != item[1] for item in b if len(item[1]) > 1)  # options moved

    bad = client.get(path + "&version=C")
    assert bad.status_code == 400 and "a worksheet has the versions A, B" in bad.get_data(as_text=True)


def test_a_worksheet_asks_what_the_quiz_of_its_seed_asks(client):
    seed = 808
    html = client.get(f"/en/quiz/card-ranking/worksheet?seed={seed}").get_data(as_text=True)
    questions = find_all(html, "li", class_="worksheet-question")
    for li, _drawn in zip(questions, quiz_questions("card-ranking", seed), strict=True):
        shown = re.findall(r'data-card="([^"]+)"', str(li.attrs) + "")  # attrs of the li itself carry none
        assert not shown
    # Every card of every question's options or situation is drawn in the question's part of the sheet.
    part = html.split('class="worksheet-key"')[0]
    for d in quiz_questions("card-ranking", seed):
        for option in d.question.options:
            if option.card is not None:
                assert f'data-card="{option.card.notation}"' in part


# --- Five languages ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_quiz_page_renders_in_every_language(client, lang):
    def ok(path: str) -> str:
        response = client.get(path)
        assert response.status_code == 200, path
        html = response.get_data(as_text=True)
        assert f'<html lang="{lang}' in html, path
        return html

    index = ok(f"/{lang}/quiz")
    assert gettext(lang, "Counting envido") in page_text(index)
    for key in [*TOPIC_KEYS, EXAM]:
        ok(f"/{lang}/quiz/{key}?seed=3")
        sheet = ok(f"/{lang}/quiz/{key}/worksheet?seed=3")
        for d in quiz_questions(key, 3)[:4]:
            assert gettext(lang, d.question.prompt) in page_text(sheet)
    path = start(client, "envido-counting", 3, lang)
    first = ok(path)
    assert gettext(lang, quiz_questions("envido-counting", 3)[0].question.prompt) in page_text(first)
    for index, d in enumerate(quiz_questions("envido-counting", 3)):
        answer(client, path, d.question, d.question.expected if index % 2 else wrong_answer(d.question))
    result = ok(path)
    assert len(find_all(result, "div", class_="explanation")) == 10
    ok(f"/{lang}/daily?date=2026-01-31")


# --- Parallel answers ---------------------------------------------------------------------------------------------------


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


class HttpBrowser:
    """One cookie over real HTTP; redirects are not followed (the status is what counts)."""

    def __init__(self, base: str) -> None:
        self.base, self.cookie = base, ""
        self.opener = urllib.request.build_opener(_NoRedirect)

    def open(self, path: str, data: dict | None = None) -> tuple[int, str, str]:
        body = urllib.parse.urlencode(data, doseq=True).encode() if data is not None else None
        request = urllib.request.Request(self.base + path, data=body, headers={"Cookie": self.cookie})
        try:
            with self.opener.open(request, timeout=60) as response:
                status, text, headers = response.status, response.read().decode(), response.headers
        except urllib.error.HTTPError as error:
            status, text, headers = error.code, error.read().decode(errors="replace"), error.headers
        for header in headers.get_all("Set-Cookie") or ():
            if header.startswith("tutor_session="):
                self.cookie = header.split(";", 1)[0]
        return status, text, headers.get("Location", "")

    def post_many(self, path: str, forms: list[dict]) -> list[int]:
        barrier = threading.Barrier(len(forms))

        def send(form):
            barrier.wait()
            return self.open(path, form)[0]

        with ThreadPoolExecutor(max_workers=len(forms)) as pool:
            return list(pool.map(send, forms))


def test_parallel_copies_of_one_answer_count_once(tmp_path, database_url):
    """Eight copies of the same answer form at once (a double click, a resending browser), then eight
    different forms of the next question (tabs), over real HTTP: each question keeps one answer, once."""
    from tests.web.test_parallel_answers import Server

    app = make_app(tmp_path, database_url, TESTING=False)
    server = Server(app)
    try:
        browser = HttpBrowser(server.url)
        html = browser.open("/en/quiz/flor?seed=1")[1]
        token = re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)
        status, _html, location = browser.open("/en/quiz/flor", {"csrf_token": token, "seed": "1"})
        assert status == 303
        path = urllib.parse.urlsplit(location).path
        questions = quiz_questions("flor", 1)
        attempt = ATTEMPT_RE.search(browser.open(path)[1]).group(1)
        d = questions[0]
        same = {
            "csrf_token": token,
            "position": "1",
            "attempt": attempt,
            **answer_form(d.question, d.question.expected),
        }
        assert sorted(browser.post_many(path, [same] * 8)) == [303] + [409] * 7
        d = questions[1]
        tabs = [
            {
                "csrf_token": token,
                "position": "2",
                "attempt": f"tab{n:019d}",
                **answer_form(d.question, d.question.expected),
            }
            for n in range(8)
        ]
        assert sorted(browser.post_many(path, tabs)) == [303] + [409] * 7
    finally:
        server.close()
    with app.app_context():
        (run,) = db.session.scalars(select(QuizRun))
        assert run.version == 2 and len(run.answers) == 2
        assert db.session.scalar(select(func.count()).select_from(AttemptRow).where(AttemptRow.source == "quiz")) == 2
    dispose(app)
