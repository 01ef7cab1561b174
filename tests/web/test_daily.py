"""The daily challenge (tutor/web/quiz): five questions of every topic, the same for everyone on a
day; a wrong answer is tried again without the solution; the link holds only the date, so a shared
link never shows the solution or the sharer's answers; answers go to the learning log as ``daily``.

Right and wrong answers come from the engine's answer to the day's questions
(``quiz_questions(DAILY, daily_seed(day))``), never from the page.
"""

from __future__ import annotations

import datetime
import re

import pytest
from babel.dates import format_date
from sqlalchemy import select

from tests.conftest import HTMX, LANGUAGES, answer_form, find_all
from tests.web.test_lessons import page_text, wrong_answer
from tests.web.test_quiz import ALREADY_COUNTED, gettext, rows, store_state
from tutor.learning import TOPICS
from tutor.store import ManualClock, QuizRun, db, use_clock
from tutor.web.quiz import views as quiz_views
from tutor.web.quiz.draw import DAILY, DAILY_SIZE, daily_seed, quiz_questions

pytestmark = pytest.mark.store  # reads and writes the store: runs on SQLite and on PostgreSQL

DAY = datetime.date(2026, 2, 2)
PATH = f"/en/daily?date={DAY.isoformat()}"


def questions(day: datetime.date = DAY):
    return quiz_questions(DAILY, daily_seed(day))


def hidden_fields(html: str) -> dict:
    form = re.search(r'<form class="answer-form".*?</form>', html, re.S)
    assert form, "no answer form"
    return {e.attrs["name"]: e.attrs.get("value") or "" for e in find_all(form.group(0), "input", type="hidden")}


def send(client, given=None, *, question=None, path: str = PATH, show: bool = False, headers=None):
    """Answer the question the page asks now (``given``), or ask to see its answer."""
    html = client.get(path).get_data(as_text=True)
    fields = hidden_fields(html)
    if show:
        fields["show"] = "1"
    else:
        fields.update(answer_form(question, given))
    return client.post(path, data=fields, headers=headers or {})


def explanations(html: str) -> int:
    return len(find_all(html, "div", class_="explanation"))


def test_five_questions_of_every_topic_the_same_for_everyone_that_day(app):
    drawn = questions()
    assert len(drawn) == DAILY_SIZE and len({d.lesson for d in drawn}) == DAILY_SIZE
    assert {d.lesson for d in drawn} <= {t.key for t in TOPICS}
    assert [d.item for d in questions(DAY + datetime.timedelta(days=1))] != [d.item for d in drawn]
    seen = []
    for _visitor in range(2):
        client = app.test_client()
        html = client.get(PATH).get_data(as_text=True)
        seen.append((hidden_fields(html)["position"], re.findall(r'data-card="([^"]+)"', html)))
        assert gettext("en", drawn[0].question.prompt) in page_text(html)
    assert seen[0] == seen[1]


def test_without_a_date_the_challenge_is_today(app, client):
    use_clock(app, ManualClock(datetime.datetime(2026, 5, 4, 12, 0, tzinfo=datetime.UTC)))
    response = client.get("/sv/daily")
    assert response.status_code == 302 and response.headers["Location"] == "/sv/daily?date=2026-05-04"
    html = client.get("/en/daily?date=2026-05-04").get_data(as_text=True)
    hrefs = [a.attrs.get("href") for a in find_all(html, "a")]
    assert "/en/daily?date=2026-05-03" in hrefs and "/en/daily?date=2026-05-05" not in hrefs


def test_a_wrong_answer_is_tried_again_without_seeing_the_solution(client, app):
    first = questions()[0]
    wrong = wrong_answer(first.question)
    response = send(client, wrong, question=first.question)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    with app.test_request_context("/en/daily"):
        from tutor.web.components.questions import answer_text

        wrong_text = answer_text(first.question, wrong, None)
        right_text = answer_text(first.question, first.question.expected, None)
    assert f"Not quite: “{wrong_text}” is not the answer. Try again." in page_text(html)
    assert explanations(html) == 0 and "The answer:" not in page_text(html)  # not given away
    assert hidden_fields(html)["position"] == "1"  # the same question again, with a new form
    assert "show" in [b.attrs.get("name") for b in find_all(html, "button")]  # or give up and see it
    response = send(client, first.question.expected, question=first.question)
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and "Right!" in page_text(html)
    assert f"The answer: {right_text}" in page_text(html) and explanations(html) == 1
    assert [(r.item, r.source, r.correct) for r in rows(app)] == [
        (first.item, "daily", False),
        (first.item, "daily", True),
    ]
    assert hidden_fields(client.get(PATH).get_data(as_text=True))["position"] == "2"  # on to the next one


def test_the_link_holds_only_the_date_and_never_shows_the_sharers_answers(app):
    sharer, friend = app.test_client(), app.test_client()
    for d in questions():
        send(sharer, d.question.expected, question=d.question)
    done = sharer.get(PATH).get_data(as_text=True)
    assert explanations(done) == DAILY_SIZE  # the sharer sees the solutions of the set they finished
    (link,) = find_all(done, "p", class_="share-link")
    assert link.text.strip() == "http://localhost" + PATH
    opened = friend.get(link.text.strip()).get_data(as_text=True)
    assert explanations(opened) == 0 and "Right!" not in page_text(opened) and "The answer:" not in page_text(opened)
    assert hidden_fields(opened)["position"] == "1"
    for extra in ("&answer=1", "&guess=40", "&show=1", "&answer=1e&position=1"):
        response = friend.get(PATH + extra)
        assert response.status_code == 302 and response.headers["Location"] == PATH  # no answer in the URL


def test_show_me_the_answer_gives_it_and_goes_on_without_counting_an_answer(client, app):
    first = questions()[0]
    response = send(client, show=True)
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and "Here is the answer." in page_text(html) and explanations(html) == 1
    assert rows(app) == []  # seeing the answer is not an answer
    assert hidden_fields(client.get(PATH).get_data(as_text=True))["position"] == "2"
    for d in questions()[1:]:
        send(client, d.question.expected, question=d.question)
    html = client.get(PATH).get_data(as_text=True)
    assert "You solved 4 of today's 5 questions." in page_text(html)
    assert explanations(html) == DAILY_SIZE
    assert first.item not in [r.item for r in rows(app)]


def test_finishing_the_set_keeps_one_run_with_the_tries(client, app):
    drawn = questions()
    send(client, wrong_answer(drawn[0].question), question=drawn[0].question)
    for d in drawn:
        send(client, d.question.expected, question=d.question)
    html = client.get(PATH).get_data(as_text=True)
    assert "You solved 5 of today's 5 questions." in page_text(html)
    assert "solved after 2 tries" in page_text(html) and page_text(html).count("solved on the first try") == 4
    assert not find_all(html, "form", class_="answer-form")
    with app.app_context():
        (run,) = db.session.scalars(select(QuizRun))
        assert (run.quiz, run.day, run.score, run.finished is not None) == (DAILY, DAY.isoformat(), 5, True)
        assert [e["tries"] for e in run.answers] == [2, 1, 1, 1, 1]
    assert [r.source for r in rows(app)] == ["daily"] * 6


def test_a_replayed_or_forged_daily_answer_changes_nothing(client, app):
    first = questions()[0]
    html = client.get(PATH).get_data(as_text=True)
    fields = hidden_fields(html)
    data = {**fields, **answer_form(first.question, first.question.expected)}
    assert client.post(PATH, data=data).status_code == 200
    state = store_state(app)
    again = client.post(PATH, data=data)
    assert again.status_code == 409  # the same form again
    assert ALREADY_COUNTED in page_text(again.get_data(as_text=True))
    assert client.post(PATH, data={**data, "attempt": "C" * 22}).status_code == 409  # a stale second tab
    assert store_state(app) == state
    fields = hidden_fields(client.get(PATH).get_data(as_text=True))
    for forged in ({"answer": "no-such-option", "points": "x", "team": "nobody", "place-1e": "99"}, {}):
        response = client.post(PATH, data={**fields, **forged})
        assert response.status_code == 400 and find_all(response.get_data(as_text=True), "p", id="answer-error")
    for position in ("0", "5", "x"):
        assert client.post(PATH, data={**fields, "position": position}).status_code in (400, 409)
    assert store_state(app) == state


def test_an_htmx_answer_swaps_only_the_challenge(client):
    first = questions()[0]
    response = send(client, first.question.expected, question=first.question, headers=HTMX)
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and "<html" not in html and html.lstrip().startswith('<section id="daily"')


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("day", ["2026-13-01", "yesterday", "2026-1-5", "1999-01-01", "2999-01-01", "２０２６-01-01"])
def test_a_bad_or_future_date_is_a_400_in_the_pages_language(app, client, lang, day):
    response = client.get(f"/{lang}/daily", query_string={"date": day})
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    with app.app_context():
        today = quiz_views.today()
    message = gettext(
        lang,
        "There is no daily challenge for that date. Pick a date from %(first)s to today, written like %(example)s.",
        first="2024-01-01",
        example=today.isoformat(),
    )
    assert message in page_text(html)
    assert f'lang="{lang}' in html


@pytest.mark.parametrize("lang", ["de", "pl", "es"])
def test_the_heading_writes_the_date_in_the_pages_language(client, lang):
    html = client.get(f"/{lang}/daily", query_string={"date": "2026-01-31"}).get_data(as_text=True)
    long_date = format_date(datetime.date(2026, 1, 31), format="long", locale=lang)
    assert "2026-01-31" not in long_date
    heading = gettext(lang, "Challenge of %(date)s", date=long_date)
    assert heading in [" ".join(h.text.split()) for h in find_all(html, "h2")]


def test_numbers_are_checked_by_the_server_not_the_browsers_bubble(client):
    for day in range(1, 15):
        html = client.get(f"/es/daily?date=2026-03-{day:02d}").get_data(as_text=True)
        for form in find_all(html, "form"):
            assert "novalidate" in form.attrs
        for field in find_all(html, "input"):
            assert field.attrs.get("type") != "number" and not {"min", "max", "required", "pattern"} & set(field.attrs)


# --- Which lesson a question comes from (issue 24, item 9) ---------------------------------------------------


def first_day_whose_first_question_is_from(lesson_key: str) -> datetime.date:
    day = DAY
    for _ in range(400):
        if questions(day)[0].lesson == lesson_key:
            return day
        day += datetime.timedelta(days=1)
    raise AssertionError(f"no day in 400 starts with a question of {lesson_key}")


def from_lesson(html: str) -> tuple[str, bool]:
    notes = find_all(html, "p", class_="from-lesson")
    assert len(notes) == 1, "the question says which lesson it comes from, once"
    return " ".join(notes[0].text.split()), "is-ahead" in (notes[0].attrs.get("class") or "").split()


def test_a_question_from_a_lesson_not_reached_yet_says_so(app, client):
    from tests.web.test_progress import give_log
    from tutor.content import get_lesson

    # The learner has worked up to lesson 4 (counting envido): lessons 2 and 4 answered, 9 (flor) not.
    give_log(
        app,
        client,
        log=[
            ("card-ranking/false-aces", "lesson", True, datetime.datetime(2026, 1, 5, 10, tzinfo=datetime.UTC)),
            ("envido-counting/no-pair", "lesson", False, datetime.datetime(2026, 1, 6, 10, tzinfo=datetime.UTC)),
        ],
    )
    flor, envido = get_lesson("flor"), get_lesson("envido-counting")
    day = first_day_whose_first_question_is_from("flor")
    html = client.get(f"/en/daily?date={day.isoformat()}").get_data(as_text=True)
    text, ahead = from_lesson(html)
    assert ahead and text.startswith(f"From lesson {flor.number}, {flor.title}: a lesson you have not reached yet.")
    assert f'href="/en/lessons/{flor.key}"' in html
    day = first_day_whose_first_question_is_from(envido.key)
    text, ahead = from_lesson(client.get(f"/en/daily?date={day.isoformat()}").get_data(as_text=True))
    assert not ahead and text == f"From lesson {envido.number}, {envido.title}."
    # A visitor who has not started any lesson is told the same of every question.
    text, ahead = from_lesson(app.test_client().get(f"/en/daily?date={day.isoformat()}").get_data(as_text=True))
    assert ahead


def test_retruco_with_nothing_called_is_explained_by_the_ladder_not_the_flor(app):
    """The flor lesson's "which calls now" question (also drawn by the daily set): a seat that holds a
    flor may not call Retruco because nothing was called, which announcing the flor does not change."""
    from tutor.content import get_lesson
    from tutor.content.checks import make_question
    from tutor.web.components.questions import question_view

    step = get_lesson("flor").step("announce")
    with app.test_request_context("/en/daily"):
        for seed in range(5):
            reasons = question_view(make_question(step.check, seed), None, reveal=True).explanation.reasons
            retruco = [r for r in reasons if r.startswith("Retruco")]
            assert retruco == ["Retruco: not possible. Bets go up one step at a time; the next step is Truco."]
            truco = [r for r in reasons if r.startswith("Truco:")]
            assert truco and "flor" in truco[0]
