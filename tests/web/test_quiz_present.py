"""Projector mode of the quizzes and of the daily challenge (issue 18): question n of a quiz's seed
(or of a day's challenge) is the question ``tutor.learning.draw`` draws at that place, the answer
and the engine's explanation come on demand (``reveal=1``), Previous / Next stay within the quiz,
bad links are translated 400s and 404s, and viewing or revealing records nothing.

What each page must show is taken from the drawn question's data (its prompt, the cards of its
situation and options, its expected answer), never from the page.
"""

from __future__ import annotations

import dataclasses
import datetime
import json

import pytest
from sqlalchemy import select

from tests.conftest import LANGUAGES, answer_form, find_all
from tests.web.test_daily import hidden_fields
from tests.web.test_lessons import page_text, squash, wrong_answer
from tests.web.test_quiz import gettext
from tutor.content.checks import AnswerType
from tutor.engine.cards import Card
from tutor.learning import EXAM, TOPICS
from tutor.learning.draw import DAILY, daily_seed, quiz_questions
from tutor.store import ManualClock, db, use_clock
from tutor.web.quiz import views as quiz_views

pytestmark = pytest.mark.store  # reads the store (and checks it is left as it was): SQLite and PostgreSQL

SEED = 77
DAY = datetime.date(2026, 2, 2)
QUIZ_KEYS = [topic.key for topic in TOPICS] + [EXAM]
SHOWN_WHOLE = frozenset({"CardsSituation", "HeldCardsSituation", "PickSituation", "TrickSituation"})
"""Situations whose every card is on the screen (the others hold cards of players the learner cannot see)."""


def present(key: str, seed: int = SEED, number: int = 1, lang: str = "en", reveal: bool = False) -> str:
    return f"/{lang}/quiz/{key}/present?seed={seed}&q={number}" + ("&reveal=1" if reveal else "")


def daily_present(number: int = 1, lang: str = "en", reveal: bool = False, day: datetime.date = DAY) -> str:
    return f"/{lang}/daily/present?date={day.isoformat()}&q={number}" + ("&reveal=1" if reveal else "")


def cards_in(value) -> set[str]:
    """Every card in a question's situation or options (dataclasses, tuples, lists, dicts), as notation."""
    if isinstance(value, Card):
        return {value.notation}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return set().union(*(cards_in(getattr(value, f.name)) for f in dataclasses.fields(value)))
    if isinstance(value, dict):
        return set().union(*(cards_in(v) for v in value.values())) if value else set()
    if isinstance(value, list | tuple | set | frozenset):
        return set().union(*(cards_in(v) for v in value)) if value else set()
    return set()


def shown_question(html: str) -> str:
    """The part of a projector page that shows the question: prompt, cards and options."""
    return html.split('<section class="present-question"', 1)[1].split('class="present-keys"', 1)[0]


def every_row(app) -> dict[str, list]:
    """Every row of every table of the store, to compare before and after."""
    with app.app_context():
        return {
            table.name: sorted(json.dumps(list(row), default=str) for row in db.session.execute(select(table)))
            for table in db.metadata.sorted_tables
        }


def assert_is_the_drawn_question(html: str, drawn, lang: str = "en") -> None:
    question = drawn.question
    (heading,) = find_all(html, "h1", id="present-question")
    assert squash(heading.text) == squash(gettext(lang, question.prompt))
    part = shown_question(html)
    shown = {
        e.attrs["data-card"] for e in find_all(part, "svg", role="img") if "data-card" in e.attrs
    }  # not a seña's face
    dealt = cards_in(question.situation) | cards_in(question.options)
    if type(question.situation).__name__ in SHOWN_WHOLE:
        assert shown == dealt
    else:  # the other players' cards stay hidden
        assert shown <= dealt and cards_in(question.options) <= shown
    assert len(find_all(part, "li", class_="present-option")) == len(question.options)
    assert "<form" not in html.split("<main", 1)[1]  # nothing to answer, nothing to send


# --- The questions ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("key", QUIZ_KEYS)
def test_question_n_is_the_one_the_quiz_of_that_seed_asks_at_place_n(client, key):
    drawn = quiz_questions(key, SEED)
    for number, current in enumerate(drawn, start=1):
        response = client.get(present(key, number=number))
        assert response.status_code == 200
        html = response.get_data(as_text=True)
        assert_is_the_drawn_question(html, current)
        text = page_text(html)
        assert f"Question {number} of {len(drawn)}" in text and f"Seed {SEED}" in text
        assert not find_all(html, "p", class_="expected") and not find_all(html, "div", class_="explanation")


def test_the_daily_projector_asks_the_days_five_questions_in_order(client):
    drawn = quiz_questions(DAILY, daily_seed(DAY))
    for number, current in enumerate(drawn, start=1):
        html = client.get(daily_present(number)).get_data(as_text=True)
        assert_is_the_drawn_question(html, current)
        assert f"Question {number} of {len(drawn)}" in page_text(html)


def test_the_pupils_link_and_the_seed_open_the_same_quiz(client):
    html = client.get(present("flor", number=3)).get_data(as_text=True)
    links = [a.attrs["href"] for a in find_all(html, "a")]
    assert f"http://localhost/en/quiz/flor?seed={SEED}" in links
    assert f"/en/quiz/flor?seed={SEED}" in links  # leave projector mode: the quiz's start page
    daily = client.get(daily_present(2)).get_data(as_text=True)
    assert f"http://localhost/en/daily?date={DAY.isoformat()}" in [a.attrs["href"] for a in find_all(daily, "a")]


def test_reveal_shows_the_engines_answer_and_explanation(client):
    drawn = quiz_questions("envido-counting", SEED)
    numbers = [(n, d) for n, d in enumerate(drawn, start=1) if d.question.answer_type is AnswerType.NUMBER]
    assert numbers
    for number, current in numbers:
        html = client.get(present("envido-counting", number=number, reveal=True)).get_data(as_text=True)
        (expected,) = find_all(html, "p", class_="expected")
        assert squash(expected.text) == f"The answer: {current.question.expected}"
        (explanation,) = find_all(html, "div", class_="explanation")
        assert squash(explanation.text)
        hide = [a for a in find_all(html, "a") if "data-present-reveal" in a.attrs]
        assert [a.attrs["href"] for a in hide] == [f"/en/quiz/envido-counting/present?seed={SEED}&q={number}"]
    unrevealed = client.get(present("envido-counting", number=1)).get_data(as_text=True)
    (show,) = [a for a in find_all(unrevealed, "a") if "data-present-reveal" in a.attrs]
    assert show.attrs["href"] == f"/en/quiz/envido-counting/present?seed={SEED}&q=1&reveal=1"
    assert squash(show.text) == "Show the answer" and show.attrs["aria-keyshortcuts"] == "r"


def test_the_daily_reveal_shows_each_answer_and_its_explanation(client):
    drawn = quiz_questions(DAILY, daily_seed(DAY))
    for number, current in enumerate(drawn, start=1):
        html = client.get(daily_present(number, reveal=True)).get_data(as_text=True)
        (expected,) = find_all(html, "p", class_="expected")
        assert squash(expected.text).startswith("The answer:")
        if current.question.answer_type is AnswerType.NUMBER:
            assert squash(expected.text) == f"The answer: {current.question.expected}"
        assert find_all(html, "div", class_="explanation")


def test_previous_and_next_stay_within_the_quiz(client):
    size = len(quiz_questions("flor", SEED))
    first = client.get(present("flor", number=1)).get_data(as_text=True)
    assert not find_all(first, "a", rel="prev")
    assert [a.attrs["href"] for a in find_all(first, "a", rel="next")] == [f"/en/quiz/flor/present?seed={SEED}&q=2"]
    middle = client.get(present("flor", number=4, reveal=True)).get_data(as_text=True)
    assert [a.attrs["href"] for a in find_all(middle, "a", rel="prev")] == [f"/en/quiz/flor/present?seed={SEED}&q=3"]
    assert [a.attrs["href"] for a in find_all(middle, "a", rel="next")] == [f"/en/quiz/flor/present?seed={SEED}&q=5"]
    last = client.get(present("flor", number=size)).get_data(as_text=True)
    assert not find_all(last, "a", rel="next") and find_all(last, "a", rel="prev")
    daily_last = client.get(daily_present(5)).get_data(as_text=True)
    assert not find_all(daily_last, "a", rel="next")
    assert [a.attrs["href"] for a in find_all(daily_last, "a", rel="prev")] == [
        f"/en/daily/present?date={DAY.isoformat()}&q=4"
    ]


def test_the_page_is_for_the_projector_with_the_keys_script_and_nothing_inline(client):
    html = client.get(present("flor", number=2)).get_data(as_text=True)
    assert [div for div in find_all(html, "div", class_="present") if "data-present" in div.attrs]
    assert not find_all(html, "header", class_="site-header")
    assert [s for s in find_all(html, "script") if (s.attrs.get("src") or "").startswith("/static/present.js?v=")]
    assert " style=" not in html and "<style" not in html and "hx-on" not in html
    assert all("card-xl" in svg.attrs["class"] for svg in find_all(shown_question(html), "svg", role="img"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_shows_the_question_and_its_answer(client, lang):
    drawn = quiz_questions("truco-calls", SEED)
    for number in (1, len(drawn)):
        for reveal in (False, True):
            response = client.get(present("truco-calls", number=number, lang=lang, reveal=reveal))
            assert response.status_code == 200
            assert_is_the_drawn_question(response.get_data(as_text=True), drawn[number - 1], lang)
    response = client.get(daily_present(3, lang=lang, reveal=True))
    assert response.status_code == 200 and f'lang="{lang}' in response.get_data(as_text=True)


def test_headers_keep_it_out_of_search_engines_and_caches(client):
    for path in (present("flor"), present("flor", reveal=True), daily_present(1)):
        response = client.get(path)
        assert response.headers["X-Robots-Tag"] == "noindex"
        assert response.headers["Cache-Control"] == "no-cache"


# --- Links to projector mode ---------------------------------------------------------------------------------


def test_the_quiz_start_page_and_the_daily_page_link_to_projector_mode(client):
    html = client.get(f"/en/quiz/flor?seed={SEED}").get_data(as_text=True)
    assert f"/en/quiz/flor/present?seed={SEED}&q=1" in [a.attrs.get("href") for a in find_all(html, "a")]
    daily = client.get(f"/en/daily?date={DAY.isoformat()}").get_data(as_text=True)
    assert f"/en/daily/present?date={DAY.isoformat()}&q=1" in [a.attrs.get("href") for a in find_all(daily, "a")]


# --- Bad links -----------------------------------------------------------------------------------------------------


def test_without_a_seed_a_new_one_is_drawn_and_without_a_date_today(app, client):
    response = client.get("/de/quiz/flor/present")
    assert response.status_code == 302
    location = response.headers["Location"]
    assert location.startswith("/de/quiz/flor/present?seed=") and location.endswith("&q=1")
    assert client.get(location).status_code == 200
    use_clock(app, ManualClock(datetime.datetime(2026, 5, 4, 12, 0, tzinfo=datetime.UTC)))
    response = client.get("/sv/daily/present")
    assert response.status_code == 302 and response.headers["Location"] == "/sv/daily/present?date=2026-05-04&q=1"
    drawn = quiz_questions(DAILY, daily_seed(datetime.date(2026, 5, 4)))
    assert_is_the_drawn_question(client.get("/en/daily/present?date=2026-05-04").get_data(as_text=True), drawn[0])


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("seed", ["abc", "-1", "2147483648", "½", "١٢"])
def test_a_bad_seed_is_a_translated_400(client, lang, seed):
    response = client.get(f"/{lang}/quiz/flor/present", query_string={"seed": seed, "q": "1"})
    assert response.status_code == 400
    message = gettext(
        lang,
        "This quiz link has a number (its seed) that is not valid: it must be a whole number "
        "from 0 to %(max)s. Here is a new quiz instead.",
        max=2**31 - 1,
    )
    assert message in page_text(response.get_data(as_text=True))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_bad_question_number_is_a_translated_400_and_one_out_of_the_quiz_a_404(client, lang):
    size = len(quiz_questions("flor", SEED))
    for q in ("x", "-1", "1.5", "²", "99999"):
        for path in (f"/{lang}/quiz/flor/present", f"/{lang}/daily/present"):
            args = {"seed": str(SEED), "q": q} if "quiz" in path else {"date": DAY.isoformat(), "q": q}
            response = client.get(path, query_string=args)
            assert response.status_code == 400, (path, q)
            message = gettext(
                lang,
                "This projector link has no valid question number: it must be a whole number from 1 to %(num)s.",
                num=size if "quiz" in path else 5,
            )
            assert message in page_text(response.get_data(as_text=True))
    outside = (
        (0, present("flor", number=0, lang=lang), size),
        (size + 1, present("flor", number=size + 1, lang=lang), size),
        (6, daily_present(6, lang=lang), 5),
    )
    for number, path, total in outside:
        response = client.get(path)
        assert response.status_code == 404, path
        message = gettext(
            lang,
            "This projector link asks for question %(number)s, but the questions are numbered 1 to %(num)s.",
            number=number,
            num=total,
        )
        assert message in page_text(response.get_data(as_text=True))


@pytest.mark.parametrize("day", ["2026-13-01", "yesterday", "1999-01-01", "2999-01-01"])
def test_a_bad_date_is_the_daily_pages_400(app, client, day):
    response = client.get("/pl/daily/present", query_string={"date": day})
    assert response.status_code == 400
    with app.app_context():
        today = quiz_views.today()
    message = gettext(
        "pl",
        "There is no daily challenge for that date. Pick a date from %(first)s to today, written like %(example)s.",
        first="2024-01-01",
        example=today.isoformat(),
    )
    assert message in page_text(response.get_data(as_text=True))


@pytest.mark.parametrize("path", ["/en/quiz/no-such-topic/present?seed=1", "/en/quiz/daily/present?seed=1"])
def test_an_unknown_quiz_is_a_404(client, path):
    response = client.get(path)
    assert response.status_code == 404
    assert "There is no quiz on that topic." in page_text(response.get_data(as_text=True))


# --- Nothing recorded ---------------------------------------------------------------------------------------


def test_viewing_and_revealing_records_nothing(app, client):
    # The teacher has begun today's challenge (one wrong try) and a quiz of the seed they project.
    use_clock(app, ManualClock(datetime.datetime(DAY.year, DAY.month, DAY.day, 9, 0, tzinfo=datetime.UTC)))
    first = quiz_questions(DAILY, daily_seed(DAY))[0].question
    fields = hidden_fields(client.get(f"/en/daily?date={DAY.isoformat()}").get_data(as_text=True))
    fields.update(answer_form(first, wrong_answer(first)))
    assert client.post(f"/en/daily?date={DAY.isoformat()}", data=fields).status_code == 200
    asked = hidden_fields(client.get(f"/en/daily?date={DAY.isoformat()}").get_data(as_text=True))
    before = every_row(app)
    assert before["quiz_run"] and before["attempt"]
    for number in range(1, 6):
        for reveal in (False, True):
            assert client.get(daily_present(number, reveal=reveal)).status_code == 200
    for key in ("flor", EXAM):
        for number in range(1, len(quiz_questions(key, SEED)) + 1):
            for reveal in (False, True):
                assert client.get(present(key, number=number, reveal=reveal)).status_code == 200
    assert client.get("/en/quiz/flor/present").status_code == 302
    assert every_row(app) == before
    # The teacher's own challenge still asks its first question: no attempt was spent.
    after = hidden_fields(client.get(f"/en/daily?date={DAY.isoformat()}").get_data(as_text=True))
    assert (after["position"], after["version"]) == (asked["position"], asked["version"]) and asked["position"] == "1"


def test_a_new_visitor_viewing_leaves_the_store_empty(app):
    client = app.test_client()
    before = every_row(app)
    assert client.get(present(EXAM, number=20, reveal=True)).status_code == 200
    assert client.get(daily_present(5, reveal=True)).status_code == 200
    assert every_row(app) == before
    assert not before.get("learner")
