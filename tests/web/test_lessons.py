"""The lesson pages: map, resume, every step in every language, answering (plain and htmx),
explanations, retries, malformed answers, reset, progress per learner, stars and projector mode.

Right and wrong answers are built from the engine's answer for the seed the page hands out
(``make_question`` through the content API), never from the page itself.
"""

from __future__ import annotations

import json
import re
from functools import cache
from html.parser import HTMLParser

import pytest
from babel.messages.pofile import read_po
from sqlalchemy import func, select

from tests.budgets import budget
from tests.conftest import HTMX, LANGUAGES, ROOT, answer_form, csrf_token, find_all, parse_html
from tutor.content import all_lessons, get_lesson
from tutor.content.checks import AnswerType, Points, Question, make_question
from tutor.engine.envido import envido
from tutor.i18n import load_translations
from tutor.narration.cards import card_name
from tutor.store import AttemptRow, Learner, db
from tutor.web.lessons.progress import stars_for
from tutor.web.lessons.views import RESERVED_STEP_KEYS

pytestmark = pytest.mark.store  # reads and writes the store: runs on SQLite and on PostgreSQL

TRANSLATED = tuple(lang for lang in LANGUAGES if lang != "en")
SEED_RE = re.compile(r'name="seed" value="(\d+)"')


# --- Helpers: answers from the engine, forms, page text -----------------------------------------------


def wrong_answer(question: Question):
    """An answer the engine judges wrong."""
    kind, expected = question.answer_type, question.expected
    if kind is AnswerType.CHOICE:
        accepted = question.accepted or {expected}
        return next(o.value for o in question.options if o.value not in accepted)
    if kind is AnswerType.CHOICES:
        return expected ^ {question.options[0].value}
    if kind is AnswerType.NUMBER:
        return expected + 1 if expected < question.number_max else expected - 1
    if kind is AnswerType.ORDER:
        if len(expected) > 1:
            return tuple(reversed(expected))
        return tuple(frozenset({card}) for card in sorted(expected[0]))
    return Points(expected.points + 1, expected.team)


def seed_of(html: str) -> int:
    match = SEED_RE.search(html)
    assert match, "no seed field on the page"
    return int(match.group(1))


def step_url(lang: str, lesson_key: str, step_key: str) -> str:
    return f"/{lang}/lessons/{lesson_key}/{step_key}"


def open_step(client, lang: str, lesson_key: str, step_key: str):
    """GET a step; returns (html, question for the seed on the page or None)."""
    response = client.get(step_url(lang, lesson_key, step_key))
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    step = get_lesson(lesson_key).step(step_key)
    if step.check is None:
        return html, None
    return html, make_question(step.check, seed_of(html))


def post_answer(client, lang, lesson_key, step_key, question, answer, *, htmx=False, token=None):
    data = {
        "csrf_token": token or csrf_token(client, f"/{lang}/lessons"),
        "seed": str(question.seed),
        **answer_form(question, answer),
    }
    return client.post(step_url(lang, lesson_key, step_key), data=data, headers=HTMX if htmx else {})


def finish_lesson(client, lesson_key: str, *, wrong_first: frozenset = frozenset(), lang: str = "en") -> None:
    """Go through every step: continue the plain ones, answer the checks (wrong first where asked)."""
    token = csrf_token(client, f"/{lang}/lessons")
    for step in get_lesson(lesson_key).steps:
        if step.check is None:
            response = client.post(step_url(lang, lesson_key, step.key), data={"csrf_token": token})
            assert response.status_code == 303
            continue
        _html, question = open_step(client, lang, lesson_key, step.key)
        if step.key in wrong_first:
            assert (
                post_answer(
                    client, lang, lesson_key, step.key, question, wrong_answer(question), token=token
                ).status_code
                == 200
            )
        assert (
            post_answer(client, lang, lesson_key, step.key, question, question.expected, token=token).status_code == 200
        )


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self.skip += 1

    def handle_endtag(self, tag):
        if tag in ("script", "style") and self.skip:
            self.skip -= 1

    def handle_data(self, data):
        if not self.skip:
            self.parts.append(data)


def squash(text: str) -> str:
    return " ".join(text.split())


def page_text(html: str) -> str:
    """The visible text of a page, whitespace squashed (tags such as <strong> leave no trace)."""
    parser = _Text()
    parser.feed(html)
    return squash("".join(parser.parts))


def element_text(html: str, tag: str, **attrs) -> str:
    found = find_all(html, tag, **attrs)
    assert found, f"no <{tag} {attrs}>"
    return squash(found[0].text)


def attempt_rows(app) -> int:
    """Entries in the learning log (answers and lesson events)."""
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(AttemptRow))


def learner_rows(app) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(Learner))


@cache
def catalog(lang: str):
    path = ROOT / "translations" / lang / "LC_MESSAGES" / "messages.po"
    with open(path, "rb") as handle:
        return read_po(handle, locale=lang)


def step_msgids(lesson, step) -> list[str]:
    """Every English text of a step the page shows (the lesson title is in the breadcrumb)."""
    ids = [lesson.title, step.title, *step.body]
    if step.hint:
        ids.append(step.hint)
    if step.check is not None:
        ids.append(step.check.prompt)
        ids.extend(step.check.labels.values())
    return ids


def lessons_params():
    return [pytest.param(lesson.key, id=lesson.key) for lesson in all_lessons()]


# --- The map and resuming ------------------------------------------------------------------------------


def test_map_lists_every_lesson_in_order_with_progress(client):
    response = client.get("/en/lessons")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert len(all_lessons()) == 11  # lessons 10 and 11 are Catalan Truc and Truco Mineiro
    assert "11 short lessons take you" in page_text(html)  # the count the page says is the lessons'
    cards = find_all(html, "li", class_="lesson-card")
    assert [c.attrs["id"] for c in cards] == [f"lesson-{lesson.key}" for lesson in all_lessons()]
    titles = [squash(h.text) for h in find_all(html, "h2")]
    assert titles == [lesson.title for lesson in all_lessons()]
    overall = find_all(html, "progress", id="overall-progress")[0]
    assert overall.attrs["value"] == "0"
    assert overall.attrs["max"] == str(sum(len(lesson.steps) for lesson in all_lessons()))
    assert "Start with lesson 1" in page_text(html)
    assert "Not started" in element_text(html, "li", id="lesson-card-ranking")


def test_lessons_are_in_the_site_menu_and_on_the_home_page(client):
    html = client.get("/en/").get_data(as_text=True)
    links = [a for a in find_all(html, "a") if a.attrs.get("href") == "/en/lessons"]
    assert len(links) >= 2  # the header menu and the home page's list of sections


def test_lesson_url_resumes_at_the_first_unfinished_step(client):
    lesson = get_lesson("envido-counting")
    first, second, third = lesson.steps[:3]
    assert first.check is None and second.check is not None
    response = client.get("/en/lessons/envido-counting")
    assert response.status_code == 303 and response.location.endswith(step_url("en", lesson.key, first.key))

    token = csrf_token(client, "/en/lessons")
    done = client.post(step_url("en", lesson.key, first.key), data={"csrf_token": token})
    assert done.status_code == 303 and done.location.endswith(step_url("en", lesson.key, second.key))
    assert client.get("/en/lessons/envido-counting").location.endswith(step_url("en", lesson.key, second.key))

    _html, question = open_step(client, "en", lesson.key, second.key)
    post_answer(client, "en", lesson.key, second.key, question, wrong_answer(question), token=token)
    assert client.get("/en/lessons/envido-counting").location.endswith(step_url("en", lesson.key, second.key))
    post_answer(client, "en", lesson.key, second.key, question, question.expected, token=token)
    assert client.get("/en/lessons/envido-counting").location.endswith(step_url("en", lesson.key, third.key))


def test_map_offers_to_continue_the_lesson_touched_last(client):
    lesson = get_lesson("tricks-and-parda")
    step = lesson.steps[0]
    _html, question = open_step(client, "en", lesson.key, step.key)
    post_answer(client, "en", lesson.key, step.key, question, question.expected)
    html = client.get("/en/lessons").get_data(as_text=True)
    resume = find_all(html, "p", class_="resume")[0]
    link = find_all(html, "a", href=f"/en/lessons/{lesson.key}")
    assert "Continue where you left off" in squash(resume.text) and lesson.title in squash(resume.text)
    assert link
    assert f"1 of {len(lesson.steps)} steps done" in element_text(html, "li", id=f"lesson-{lesson.key}")


def test_a_finished_lesson_resumes_at_its_summary_and_shows_done_on_the_map(client):
    finish_lesson(client, "deck-and-table")
    response = client.get("/en/lessons/deck-and-table")
    assert response.status_code == 303 and response.location.endswith("/en/lessons/deck-and-table/done")
    summary = client.get("/en/lessons/deck-and-table/done").get_data(as_text=True)
    assert "Lesson mastered!" in page_text(summary)
    card = element_text(client.get("/en/lessons").get_data(as_text=True), "li", id="lesson-deck-and-table")
    assert "Mastered" in card


def test_unknown_lessons_steps_and_projector_pages_are_404(client):
    assert client.get("/en/lessons/no-such-lesson").status_code == 404
    assert client.get("/en/lessons/card-ranking/no-such-step").status_code == 404
    assert client.get("/en/lessons/card-ranking/present/0").status_code == 404
    assert (
        client.get(f"/en/lessons/card-ranking/present/{len(get_lesson('card-ranking').steps) + 1}").status_code == 404
    )


def test_no_step_key_clashes_with_a_lesson_url_word():
    assert not {step.key for lesson in all_lessons() for step in lesson.steps} & RESERVED_STEP_KEYS


# --- Every step in every language ----------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("lesson_key", lessons_params())
def test_every_step_renders_in_its_language(client, lang, lesson_key):
    """Every step and its projector page render, with the question's form and a card it is about;
    in a translated language each step shows its catalog translation, not the English text (this
    failed until the catalogs were filled)."""
    lesson = get_lesson(lesson_key)
    translations = catalog(lang) if lang in TRANSLATED else None
    for number, step in enumerate(lesson.steps, start=1):
        response = client.get(step_url(lang, lesson.key, step.key))
        assert response.status_code == 200, step.key
        html = response.get_data(as_text=True)
        assert f'<html lang="{lang}"' in html
        assert len(find_all(html, "h1")) == 1
        if step.check is not None:
            question = make_question(step.check, seed_of(html))
            assert find_all(html, "form", class_="answer-form")
            assert len(find_all(html, "section", id="check")) == 1
            # a card the question is about is drawn, with its name in the page's language
            for card in getattr(question.situation, "cards", ())[:1]:
                assert find_all(html, "svg", data_card=card.notation)
        if translations is not None:
            text = page_text(html)
            for msgid in step_msgids(lesson, step):
                message = translations.get(msgid)
                assert message is not None and message.string, f"{lang}: no translation of {msgid!r}"
                assert squash(message.string.replace("**", "")) in text, f"{lang}: {step.key}: {message.string!r}"
        present = client.get(f"/{lang}/lessons/{lesson.key}/present/{number}")
        assert present.status_code == 200, step.key


# --- Answering -----------------------------------------------------------------------------------------


def test_right_answer_with_a_plain_post(client, app):
    lesson, step = get_lesson("card-ranking"), get_lesson("card-ranking").steps[0]
    _html, question = open_step(client, "en", lesson.key, step.key)
    response = post_answer(client, "en", lesson.key, step.key, question, question.expected)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "<html" in html
    feedback = find_all(html, "div", id="feedback")[0]
    assert feedback.attrs["aria-live"] == "polite" and "hx-swap-oob" not in feedback.attrs
    assert find_all(html, "div", class_="verdict-right") and "Right!" in squash(feedback.text)
    winner = card_name(question.expected)  # the card the engine says wins
    assert f"The answer: {winner}" in squash(feedback.text)
    following = find_all(html, "a", href=step_url("en", lesson.key, lesson.steps[1].key))
    assert any("autofocus" in a.attrs for a in following)
    dots = find_all(html, "li", class_="step-dot")
    assert "is-done" in dots[0].attrs["class"] and "is-done" not in dots[1].attrs["class"]
    assert attempt_rows(app) == 1


def test_wrong_envido_shows_the_engines_count_and_lets_the_learner_try_again(client):
    lesson = get_lesson("envido-counting")
    step = lesson.step("two-of-a-suit")
    _html, question = open_step(client, "en", lesson.key, step.key)
    response = post_answer(client, "en", lesson.key, step.key, question, question.expected + 1)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    feedback = element_text(html, "div", id="feedback")
    result = envido(question.situation.cards)
    assert "Not quite." in feedback
    assert f"Your answer: {question.expected + 1}" in feedback
    assert f"The envido is {result.points}." in feedback
    values = " + ".join(str(card.envido_value) for card in result.counted)
    assert f"20 + {values} = {result.points}" in feedback
    assert all(card_name(card) in feedback for card in result.counted)
    retry = [a for a in find_all(html, "a", class_="primary") if "seed=" in a.attrs["href"]]
    assert retry and "autofocus" in retry[0].attrs
    new_seed = int(re.search(r"seed=(\d+)", retry[0].attrs["href"]).group(1))
    assert new_seed != question.seed
    again = client.get(retry[0].attrs["href"]).get_data(as_text=True)
    assert seed_of(again) == new_seed
    assert 'id="feedback"' in again and "Not quite." not in again


def test_a_usual_envido_mistake_is_named(client):
    lesson = get_lesson("envido-counting")
    _html, question = open_step(client, "en", lesson.key, "two-of-a-suit")
    response = post_answer(client, "en", lesson.key, "two-of-a-suit", question, question.expected - 20)
    mistake = element_text(response.get_data(as_text=True), "p", class_="mistake")
    assert "left out the 20" in mistake
    right = post_answer(client, "en", lesson.key, "two-of-a-suit", question, question.expected)
    assert not find_all(right.get_data(as_text=True), "p", class_="mistake")


def test_wrong_trick_answer_names_the_winning_card_and_its_player(client):
    lesson = get_lesson("tricks-and-parda")
    step = lesson.step("a-trick")
    for seed in range(40):  # a trick that someone takes (not a parda)
        question = make_question(step.check, seed)
        if question.expected != "parda":
            break
    response = client.post(
        step_url("en", lesson.key, step.key),
        data={
            "csrf_token": csrf_token(client, "/en/lessons"),
            "seed": str(seed),
            **answer_form(question, wrong_answer(question)),
        },
    )
    feedback = element_text(response.get_data(as_text=True), "div", id="feedback")
    data = question.explanation
    who = "you" if data.seat == 0 else "your opponent"
    assert f"This card takes the trick: {card_name(data.card)} ({who})." in feedback
    assert "to level 14:" in feedback and f", level {data.card_level}; " in feedback
    assert f", level {data.beats_level}." in feedback


def test_htmx_answer_swaps_the_check_and_updates_feedback_and_progress_out_of_band(client):
    lesson = get_lesson("card-ranking")
    step = lesson.step("matas")
    _html, question = open_step(client, "en", lesson.key, step.key)
    response = post_answer(client, "en", lesson.key, step.key, question, question.expected, htmx=True)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "<html" not in html and "<body" not in html and "<head" not in html
    assert html.lstrip().startswith('<section id="check"')
    feedback = find_all(html, "div", id="feedback")[0]
    assert feedback.attrs["hx-swap-oob"] == "innerHTML" and feedback.attrs["aria-live"] == "polite"
    assert "Right!" in squash(feedback.text)
    assert "Strongest first:" in squash(feedback.text)
    progress = find_all(html, "nav", id="lesson-progress")[0]
    assert progress.attrs["hx-swap-oob"] == "true"
    assert find_all(html, "progress", id="lesson-progress-bar")[0].attrs["value"] == "1"
    assert "HX-Request" in response.headers["Vary"]


def test_htmx_wrong_answer_shows_the_explanation(client):
    lesson = get_lesson("truco-calls")
    step = lesson.step("truco")
    _html, question = open_step(client, "en", lesson.key, step.key)
    response = post_answer(client, "en", lesson.key, step.key, question, wrong_answer(question), htmx=True)
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and "<html" not in html
    feedback = element_text(html, "div", id="feedback")
    assert "Not quite." in feedback
    expected = question.expected
    who = "you" if expected.team == "us" else "your opponent"
    assert f"{expected.points} point" in feedback and f"for {who}" in feedback
    assert "No quiero" in feedback  # the rule: a declined call


@pytest.mark.parametrize("htmx", [True, False])
@pytest.mark.parametrize(
    "lesson_key, step_key",
    [("card-ranking", "false-aces"), ("deck-and-table", "forty-cards"), ("truco-calls", "truco")],
)
def test_a_wrong_answer_marks_the_learners_own_pick_and_offers_one_way_on(client, htmx, lesson_key, step_key):
    """Issue 11: mark the learner's wrong pick, not only the right one; one "next step" button, not two."""
    lesson = get_lesson(lesson_key)
    _html, question = open_step(client, "en", lesson.key, step_key)
    answer = wrong_answer(question)
    html = post_answer(client, "en", lesson.key, step_key, question, answer, htmx=htmx).get_data(as_text=True)
    if question.answer_type is AnswerType.POINTS:
        picked = {answer.team} if answer.team != question.expected.team else set()
    elif question.answer_type is AnswerType.CHOICES:
        picked = set(answer) - set(question.expected)
    else:
        picked = {answer}
    marked = set()
    for tag in re.finditer(r'<(?:button|label)\b[^>]*\bclass="[^"]*\bis-wrong\b[^"]*"[^>]*>', html):
        inside = re.search(r'value="([^"]*)"', tag.group(0)) or re.search(r'value="([^"]*)"', html[tag.end() :])
        closing = html.index("</button>" if tag.group(0).startswith("<button") else "</label>", tag.end())
        assert "your answer" in squash(re.sub(r"<[^>]+>", " ", html[tag.end() : closing]))  # visible words too
        marked.add(inside.group(1))
    assert marked == {str(value) for value in picked}
    next_url = step_url("en", lesson.key, lesson.steps[lesson.index(step_key) + 1].key)
    buttons = re.findall(rf'<a class="button[^"]*" href="{re.escape(next_url)}"', html)
    assert len(buttons) == 1  # one way on, in the feedback (the step dots aside)
    nav = re.search(r'<nav id="step-nav"[^>]*>.*?</nav>', html, re.S).group(0)
    assert 'rel="next"' not in nav and ('hx-swap-oob="true"' in nav) is htmx


def test_the_form_posts_to_the_step_with_csrf_and_seed_and_works_without_javascript(client):
    html, question = open_step(client, "en", "card-ranking", "equal-cards")
    form = find_all(html, "form", class_="answer-form")[0]
    assert form.attrs["method"] == "post" and form.attrs["action"] == "/en/lessons/card-ranking/equal-cards"
    assert form.attrs["hx-post"] == form.attrs["action"] and form.attrs["hx-target"] == "#check"
    names = {i.attrs.get("name") for i in find_all(html, "input", type="hidden")}
    assert {"csrf_token", "seed"} <= names
    selects = find_all(html, "select")
    assert {s.attrs["name"] for s in selects} == {f"place-{c.notation}" for c in question.situation.cards}
    labels = {label.attrs["for"]: squash(label.text) for label in find_all(html, "label") if "for" in label.attrs}
    for card in question.situation.cards:
        assert card_name(card) in labels[f"place-{card.notation}"]


def test_choice_options_are_buttons_with_card_names(client):
    html, question = open_step(client, "en", "card-ranking", "false-aces")
    buttons = [b for b in find_all(html, "button", name="answer")]
    assert [b.attrs["value"] for b in buttons] == [o.value for o in question.options]
    for card in question.situation.cards:
        svg = find_all(html, "svg", data_card=card.notation)
        assert svg and svg[-1].attrs["aria-label"] == card_name(card)


def test_hint_is_available_on_demand(client):
    html, _question = open_step(client, "en", "envido-counting", "two-of-a-suit")
    details = find_all(html, "details", class_="hint-box")
    assert details and get_lesson("envido-counting").step("two-of-a-suit").hint in squash(details[0].text)
    assert "open" not in details[0].attrs


MALFORMED = [
    ("envido-counting", "two-of-a-suit", {"answer": "twenty"}, "Type a whole number"),
    ("envido-counting", "two-of-a-suit", {"answer": ""}, "Type a number first"),
    ("envido-counting", "two-of-a-suit", {"answer": "-3"}, "from 0 to 99"),
    ("envido-counting", "two-of-a-suit", {"answer": "1000"}, "from 0 to 99"),
    ("card-ranking", "not-by-number", {"answer": "8x"}, "not one of the choices"),
    ("card-ranking", "not-by-number", {}, "Choose an answer first"),
    ("card-ranking", "matas", {"place-1e": "1"}, "Give every card a place"),
    ("card-ranking", "matas", {"place-1e": "9", "place-1b": "1", "place-7e": "2", "place-7o": "3"}, "from 1 to 4"),
    ("truco-calls", "truco", {"points": "2"}, "Choose who gets the points"),
    ("truco-calls", "truco", {"points": "x", "team": "us"}, "Type a whole number"),
    ("truco-calls", "truco", {"points": "2", "team": "nobody"}, "not one of the choices"),
    ("envido-calls", "ladder", {"answer": ["envido", "envido"]}, "only once"),
]


@pytest.mark.parametrize("lesson_key, step_key, fields, message", MALFORMED)
@pytest.mark.parametrize("htmx", [False, True], ids=["plain", "htmx"])
def test_malformed_answers_get_400_and_a_message_and_keep_progress(
    client, app, lesson_key, step_key, fields, message, htmx
):
    finish_lesson(client, "deck-and-table")
    before = attempt_rows(app)
    html, question = open_step(client, "en", lesson_key, step_key)
    data = {"csrf_token": csrf_token(client, "/en/lessons"), "seed": str(question.seed), **fields}
    response = client.post(step_url("en", lesson_key, step_key), data=data, headers=HTMX if htmx else {})
    assert response.status_code == 400
    body = response.get_data(as_text=True)
    assert ("<html" in body) is not htmx
    error = find_all(body, "p", id="answer-error")
    assert error and message in squash(error[0].text)
    assert find_all(body, "fieldset", aria_describedby="answer-error")
    assert seed_of(body) == question.seed  # the same question, to answer again
    assert attempt_rows(app) == before
    assert "Mastered" in element_text(
        client.get("/en/lessons").get_data(as_text=True), "li", id="lesson-deck-and-table"
    )


@pytest.mark.parametrize("seed", ["", "abc", "-1", "99999999999", "2147483648", "²", "①", "١٢"])
def test_a_bad_seed_is_400_with_a_fresh_question(client, app, seed):
    response = client.post(
        step_url("en", "card-ranking", "not-by-number"),
        data={"csrf_token": csrf_token(client, "/en/lessons"), "seed": seed, "answer": "equal"},
    )
    assert response.status_code == 400
    body = response.get_data(as_text=True)
    assert "could not be found" in element_text(body, "p", id="answer-error")
    assert 0 <= seed_of(body) < 2**31
    assert attempt_rows(app) == 0


def test_a_kept_answer_reappears_when_the_form_comes_back_with_an_error(client):
    html, question = open_step(client, "en", "card-ranking", "matas")
    cards = [c.notation for c in question.situation.cards]
    data = {"csrf_token": csrf_token(client, "/en/lessons"), "seed": str(question.seed), f"place-{cards[0]}": "3"}
    body = client.post(step_url("en", "card-ranking", "matas"), data=data).get_data(as_text=True)
    select = [e for e in parse_html(body) if e.tag == "option" and "selected" in e.attrs]
    assert "3" in [squash(o.text) for o in select]


def test_posting_without_the_csrf_token_is_refused_and_records_nothing(client, app):
    _html, question = open_step(client, "en", "card-ranking", "not-by-number")
    response = client.post(
        step_url("en", "card-ranking", "not-by-number"), data={"seed": str(question.seed), "answer": question.expected}
    )
    assert response.status_code == 400
    assert attempt_rows(app) == 0


def test_a_step_without_a_check_is_done_when_the_learner_continues(client):
    lesson = get_lesson("envido-counting")
    html, question = open_step(client, "en", lesson.key, lesson.steps[0].key)
    assert question is None
    form = find_all(html, "form", class_="continue-form")[0]
    assert form.attrs["method"] == "post"
    response = client.post(form.attrs["action"], data={"csrf_token": csrf_token(client, "/en/lessons")})
    assert response.status_code == 303
    again = client.get(step_url("en", lesson.key, lesson.steps[0].key)).get_data(as_text=True)
    assert "is-done" in find_all(again, "li", class_="step-dot")[0].attrs["class"]


def test_a_step_without_a_check_is_done_once_it_is_shown(client, app):
    """Issue 11, bug 8: a learner who moves with the step dots must complete the reading steps too."""
    lesson = get_lesson("pairs-and-trios")
    reading = [step for step in lesson.steps if step.check is None]
    assert reading
    client.get("/en/lessons")  # an earlier page: the browser now holds its identity
    for step in reading:
        html, _question = open_step(client, "en", lesson.key, step.key)
        dots = find_all(html, "li", class_="step-dot")
        assert "is-done" in dots[lesson.index(step.key)].attrs["class"]  # counted on the page that shows it
    map_card = element_text(client.get("/en/lessons").get_data(as_text=True), "li", id=f"lesson-{lesson.key}")
    assert f"{len(reading)} of {len(lesson.steps)} steps done" in map_card
    rows = attempt_rows(app)
    open_step(client, "en", lesson.key, reading[0].key)  # shown again: nothing more to write
    assert attempt_rows(app) == rows == len(reading)


def test_a_client_without_cookies_reading_a_step_writes_nothing(app):
    """A crawler gets a new identity on every request: reading steps must not create learners for it."""
    crawler = app.test_client(use_cookies=False)
    lesson = get_lesson("envido-counting")
    for _ in range(3):
        assert crawler.get(step_url("en", lesson.key, lesson.steps[0].key)).status_code == 200
    assert learner_rows(app) == 0 and attempt_rows(app) == 0


def test_seats_are_named_from_the_learners_side(client):
    html, question = open_step(client, "en", "deck-and-table", "mano")
    assert question.situation.players == 4
    names = [squash(s.text) for s in find_all(html, "span", class_="seat-name")]
    assert names == ["You", "The opponent on your right", "Your partner", "The opponent on your left"]
    buttons = [squash(b.text) for b in find_all(html, "button", name="answer")]
    assert buttons == names


# --- Reset, persistence, stars --------------------------------------------------------------------------


def test_reset_needs_a_confirmation_and_forgets_only_that_lesson(client, app):
    finish_lesson(client, "deck-and-table")
    finish_lesson(client, "card-ranking")
    confirm = client.get("/en/lessons/deck-and-table/reset")
    assert confirm.status_code == 200
    form = find_all(confirm.get_data(as_text=True), "form", class_="reset-form")[0]
    assert form.attrs["method"] == "post"
    token = csrf_token(client, "/en/lessons")

    unconfirmed = client.post("/en/lessons/deck-and-table/reset", data={"csrf_token": token})
    assert unconfirmed.status_code == 200 and "reset-form" in unconfirmed.get_data(as_text=True)
    assert client.get("/en/lessons/deck-and-table").location.endswith("/done")

    done = client.post("/en/lessons/deck-and-table/reset", data={"csrf_token": token, "confirm": "yes"})
    assert done.status_code == 303
    assert done.location.endswith(step_url("en", "deck-and-table", get_lesson("deck-and-table").steps[0].key))
    page = client.get(done.location).get_data(as_text=True)
    assert "was reset" in element_text(page, "div", class_="flash-list")
    map_html = client.get("/en/lessons").get_data(as_text=True)
    assert "Not started" in element_text(map_html, "li", id="lesson-deck-and-table")
    assert "Mastered" in element_text(map_html, "li", id="lesson-card-ranking")


def test_progress_survives_a_new_browser_session_and_is_separate_for_another_learner(app):
    first = app.test_client()
    finish_lesson(first, "card-ranking")
    cookie = first.get_cookie("tutor_session")
    assert cookie is not None and cookie.expires is not None  # kept when the browser closes

    returning = app.test_client()  # a new browser process with the stored cookie
    returning.set_cookie("tutor_session", cookie.value)
    card = element_text(returning.get("/en/lessons").get_data(as_text=True), "li", id="lesson-card-ranking")
    assert "Mastered" in card

    stranger = app.test_client()
    html = stranger.get("/en/lessons").get_data(as_text=True)
    assert "Not started" in element_text(html, "li", id="lesson-card-ranking")
    assert find_all(html, "progress", id="overall-progress")[0].attrs["value"] == "0"


def test_reading_pages_creates_no_learner(client, app):
    client.get("/en/lessons")
    client.get("/en/lessons/card-ranking/matas")
    client.get("/en/lessons/card-ranking/done")
    assert learner_rows(app) == 0 and attempt_rows(app) == 0


def test_stars_rule():
    assert [stars_for(5, n) for n in (5, 4, 3, 2, 0)] == [3, 2, 1, 1, 1]
    assert [stars_for(9, n) for n in (9, 8, 6, 5)] == [3, 2, 2, 1]


@pytest.mark.parametrize("wrong, stars", [(0, 3), (1, 2), (2, 1)])
def test_stars_come_from_first_try_answers(app, wrong, stars):
    client = app.test_client()
    lesson = get_lesson("deck-and-table")  # five checks: 4 of 5 first-try answers is two thirds or more
    missed = frozenset(step.key for step in lesson.checked_steps[:wrong])
    finish_lesson(client, lesson.key, wrong_first=missed)
    card = find_all(client.get("/en/lessons").get_data(as_text=True), "li", id=f"lesson-{lesson.key}")[0]
    label = [
        e
        for e in parse_html(client.get("/en/lessons").get_data(as_text=True))
        if e.tag == "span" and e.attrs.get("class") == "stars"
    ][0].attrs["aria-label"]
    assert label == f"{stars} stars of 3" if stars > 1 else label == "1 star of 3"
    assert ("is-mastered" in card.attrs["class"]) is (stars == 3)
    summary = client.get(f"/en/lessons/{lesson.key}/done").get_data(as_text=True)
    checks = len(lesson.checked_steps)
    assert f"You answered {checks - wrong} of {checks} questions right on the first try." in page_text(summary)


def test_a_later_right_answer_does_not_change_the_first_try(client):
    lesson = get_lesson("card-ranking")
    step = lesson.steps[0]
    _html, question = open_step(client, "en", lesson.key, step.key)
    post_answer(client, "en", lesson.key, step.key, question, wrong_answer(question))
    post_answer(client, "en", lesson.key, step.key, question, question.expected)
    finish_lesson(client, lesson.key)  # every other step right at once
    summary = page_text(client.get(f"/en/lessons/{lesson.key}/done").get_data(as_text=True))
    checks = len(lesson.checked_steps)
    assert f"You answered {checks - 1} of {checks} questions" in summary


# --- Projector mode -------------------------------------------------------------------------------------


def test_projector_mode_shows_one_step_with_large_cards_and_the_answer_on_demand(client, app):
    lesson = get_lesson("envido-counting")
    number = lesson.index("two-of-a-suit") + 1
    response = client.get(f"/en/lessons/{lesson.key}/present/{number}")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert find_all(html, "div", class_="present")
    assert all("card-xl" in svg.attrs["class"] for svg in find_all(html, "svg", role="img"))
    assert find_all(html, "a", rel="prev", href=f"/en/lessons/{lesson.key}/present/{number - 1}")
    assert find_all(html, "a", rel="next", href=f"/en/lessons/{lesson.key}/present/{number + 1}")
    assert [s for s in find_all(html, "script") if (s.attrs.get("src") or "").startswith("/static/present.js?v=")]
    assert "<form" not in html.split("<main", 1)[1]  # nothing to answer, nothing to record
    reveal = find_all(html, "details", class_="reveal")[0]
    assert "open" not in reveal.attrs
    question = make_question(lesson.step("two-of-a-suit").check, 1)
    assert f"The answer: {question.expected}" in squash(reveal.text)
    assert f"The envido is {question.expected}." in squash(reveal.text)
    first = client.get(f"/en/lessons/{lesson.key}/present/1").get_data(as_text=True)
    assert not find_all(first, "a", rel="prev")
    last = client.get(f"/en/lessons/{lesson.key}/present/{len(lesson.steps)}").get_data(as_text=True)
    assert not find_all(last, "a", rel="next")


def test_projector_mode_records_nothing(client, app):
    for lesson in all_lessons():
        for number in range(1, len(lesson.steps) + 1):
            assert client.get(f"/en/lessons/{lesson.key}/present/{number}").status_code == 200
    assert client.get("/en/lessons/card-ranking/present/2?seed=7").status_code == 200
    assert learner_rows(app) == 0 and attempt_rows(app) == 0
    html = client.get("/en/lessons").get_data(as_text=True)
    assert find_all(html, "progress", id="overall-progress")[0].attrs["value"] == "0"


def test_projector_seed_changes_the_example(client):
    lesson = get_lesson("card-ranking")
    number = lesson.index("whole-order") + 1
    shown = []
    for seed in (3, 4):
        html = client.get(f"/en/lessons/{lesson.key}/present/{number}?seed={seed}").get_data(as_text=True)
        cards = [s.attrs["data-card"] for s in find_all(html, "svg", role="img")]
        expected = make_question(lesson.step("whole-order").check, seed).situation.cards
        assert cards[: len(expected)] == [c.notation for c in expected]
        shown.append(cards)
    assert shown[0] != shown[1]


def test_every_page_links_the_lesson_stylesheet_in_its_head_and_lesson_pages_none_in_the_body(client):
    """Boosted navigation swaps only <body>: a stylesheet linked there is removed and put back on
    every page change (the new page flashes without it), and one linked only in the <head> of some
    pages is missing after a boosted link from any other page."""
    for path in (
        "/en/",
        "/en/deck",
        "/en/envido",
        "/en/device",
        "/en/lessons",
        "/en/lessons/card-ranking/matas",
        "/en/lessons/card-ranking/present/1",
        "/en/lessons/card-ranking/done",
        "/en/lessons/card-ranking/reset",
    ):
        html = client.get(path).get_data(as_text=True)
        head, body = html.split("<body", 1)
        assert 'href="/static/css/lessons.css?v=' in head, path
        if "/lessons" in path:
            assert 'rel="stylesheet"' not in body, path


def test_nothing_inline_that_the_csp_would_block(client):
    for path in ("/en/lessons", "/en/lessons/card-ranking/matas", "/en/lessons/card-ranking/present/1"):
        html = client.get(path).get_data(as_text=True)
        assert " style=" not in html and "<style" not in html and "hx-on" not in html
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html)


def test_static_files_of_the_lessons_are_served(client):
    script = client.get("/static/present.js")
    assert script.status_code == 200 and b"ArrowRight" in script.data and b"[data-present-next]" in script.data
    assert client.get("/static/css/lessons.css").status_code == 200


@pytest.mark.parametrize("seed", ["²", "①", "١٢", "9" * 40, "-3", "1e3"])
def test_a_query_seed_that_is_not_ascii_digits_gives_the_default_question(client, seed):
    response = client.get("/en/lessons/flor/value", query_string={"seed": seed})
    assert response.status_code == 200
    assert seed_of(response.get_data(as_text=True)) == seed_of(
        client.get("/en/lessons/flor/value").get_data(as_text=True)
    )
    assert client.get("/de/lessons/card-ranking/present/2", query_string={"seed": seed}).status_code == 200


def test_an_ordering_check_keeps_its_selects_and_carries_the_words_for_tapping(client):
    html, question = open_step(client, "pl", "card-ranking", "matas")
    block = find_all(html, "div", class_="order")[0]
    assert "data-order" in block.attrs
    count = len(question.situation.cards)
    labels = json.loads(block.attrs["data-places"])
    assert labels == [load_translations("pl").gettext("place %(place)s") % {"place": n} for n in range(1, count + 1)]
    assert len(find_all(html, "select")) == count  # the form without JavaScript
    assert [s for s in find_all(html, "script") if (s.attrs.get("src") or "").startswith("/static/order.js?v=")]
    script = client.get("/static/order.js")
    assert script.status_code == 200 and b"[data-order]" in script.data and b"htmx:load" in script.data


# --- Nothing is asked or used before it is taught (issue 11) ---------------------------------------

TAUGHT_AT = {
    r"\btricks?\b": ("deck-and-table", "what-comes-next", r"takes the trick"),
    r"\bdealer\b": ("deck-and-table", "dealer", r"\*\*dealer\*\*"),
    r"\bmano\b": ("deck-and-table", "dealer", r"\*\*mano\*\*"),
    r"\bfigures?\b": ("deck-and-table", "figures", r"\*\*figures\*\*"),
    r"\blevel \d+ of 14\b": ("card-ranking", "not-by-number", r"fourteen levels"),
    r"\bmatas?\b": ("card-ranking", "matas", r"\*\*matas\*\*"),
    r"\bfalse aces?\b": ("card-ranking", "false-aces", r"\*\*false aces\*\*"),
    r"\bparda": ("tricks-and-parda", "parda", r"\*\*parda\*\*"),
    r"\bflor\b": ("envido-counting", "three-of-a-suit", r"called a flor"),
    r"\breal envido\b|\bfalta envido\b|\bquiero\b": ("envido-calls", "calls", r"\*\*Real envido\*\*.*\*\*Quiero\*\*"),
    r"\bson buenas\b": ("envido-calls", "showdown", r"\*\*Son buenas\*\*"),
    r"\bretruco\b|\bvale cuatro\b": ("truco-calls", "raises", r"\*\*Retruco\*\*.*\*\*Vale cuatro\*\*"),
    r"\bmazo\b": ("truco-calls", "mazo", r"\*\*go to the mazo\*\*"),
    r"\bmalas\b|(?<!son )\bbuenas\b": ("scoring-a-game", "malas-and-buenas", r"\*\*malas\*\*.*\*\*buenas\*\*"),
    r"\bpie\b": ("pairs-and-trios", "pie", r"\*\*pie\*\*"),
    r"\bcancels the envido\b": ("flor", "value", r"takes the place of the envido"),
}
"""Words of the game, the first step (in curriculum order) that teaches each, and what its body says."""


def _words(html: str) -> str:
    html = re.sub(r'<svg[^>]*aria-label="([^"]*)"[^>]*>.*?</svg>', r" \1 ", html, flags=re.S)
    return squash(re.sub(r"<[^>]+>", " ", html)).replace("&#39;", "'").lower()


def test_nothing_is_asked_or_used_before_it_is_taught(request):
    """Every check's prompt, situation, options, hint and engine explanation (seeds 0-3), in English,
    uses only words of the game that an earlier step (or its own) has taught. Issue 11: lesson 5 asked
    about Real envido before saying what it is, lesson 2 told "level 7 of 14" before the fourteen
    levels, lesson 3 offered "It is a parda" before the parda, lesson 1 used the mano before it."""
    client = request.getfixturevalue("app").test_client()
    order = [(lesson.key, step.key) for lesson in all_lessons() for step in lesson.steps]
    position = {key: i for i, key in enumerate(order)}
    taught = {}
    for pattern, (lesson_key, step_key, teaching) in TAUGHT_AT.items():
        body = " ".join(get_lesson(lesson_key).step(step_key).body)
        assert re.search(teaching, body), f"{lesson_key}/{step_key} does not teach {pattern}"
        taught[pattern] = position[(lesson_key, step_key)]
    token = csrf_token(client, "/en/lessons")
    early = []
    for lesson in all_lessons():
        for step in lesson.steps:
            if step.check is None:
                continue
            here = position[(lesson.key, step.key)]
            for seed in range(budget(4)):
                url = f"{step_url('en', lesson.key, step.key)}?seed={seed}"
                page = client.get(url).get_data(as_text=True)
                question = make_question(step.check, seed)
                attempt = re.search(r'name="attempt" value="([^"]*)"', page)
                data = {"csrf_token": token, "seed": str(seed), **answer_form(question, question.expected)}
                if attempt:
                    data["attempt"] = attempt.group(1)
                answered = client.post(step_url("en", lesson.key, step.key), data=data).get_data(as_text=True)
                text = _words(page.split('<section id="check"', 1)[1].split("</section>", 1)[0])
                text += " " + _words(answered.split('<div id="feedback"', 1)[1].split('<nav id="step-nav"', 1)[0])
                for pattern, first in taught.items():
                    if first > here and re.search(pattern, text):
                        early.append((lesson.key, step.key, seed, pattern))
    assert early == []


PICTURE_STEPS = [
    (lesson.key, step.key, step.picture) for lesson in all_lessons() for step in lesson.steps if step.picture
]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_picture_is_an_svg_with_a_text_alternative_in_the_pages_language(client, lang):
    """Issue 11: the drawings of lessons 5-7 (and the pies of lesson 8), with their words in the catalog."""
    assert PICTURE_STEPS
    for lesson_key, step_key, picture in PICTURE_STEPS:
        number = get_lesson(lesson_key).index(step_key) + 1
        for path in (step_url(lang, lesson_key, step_key), f"/{lang}/lessons/{lesson_key}/present/{number}"):
            html = client.get(path).get_data(as_text=True)
            figure = html.split('<figure class="lesson-picture', 1)[1].split("</figure>", 1)[0]
            svg = find_all(figure, "svg", role="img")[0]
            title_id, desc_id = svg.attrs["aria-labelledby"].split()
            title = squash(find_all(figure, "title", id=title_id)[0].text)
            desc = squash(find_all(figure, "desc", id=desc_id)[0].text)
            caption = squash(find_all(figure, "figcaption")[0].text)
            assert title and len(desc) > 80 and caption, (path, picture)
            assert " style=" not in figure and "<style" not in figure
            for text in (title, desc, caption):
                assert "%(" not in text and "{{" not in text, text  # formatted, not a raw msgid
    assert "pie" in squash(
        client.get(step_url("en", "pairs-and-trios", "pie"))
        .get_data(as_text=True)
        .split('<figure class="lesson-picture', 1)[1]
        .split("</desc>", 1)[0]
    )
    plain = client.get(step_url("en", "envido-calls", "showdown")).get_data(as_text=True)
    assert " pie" not in squash(plain.split('<figure class="lesson-picture', 1)[1].split("</figure>", 1)[0])
