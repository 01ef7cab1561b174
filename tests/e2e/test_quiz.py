"""Quizzes in Chromium: a Polish learner takes the envido quiz with htmx, misses two questions and
answers them again in the review of mistakes; a quiz without JavaScript; a worksheet printed to an A4
PDF with the answer key on a page of its own (and its screenshot for docs/features.md); the daily challenge
with a wrong answer tried again; axe on every quiz page.

Each question is answered from the engine's answer to the question the quiz's seed draws
(``tutor.web.quiz.draw.quiz_questions``). The live server runs in this process, so the learning
app's clock (``tutor.store.OffsetClock``) is moved forward by the test instead of waiting
for FSRS's 1-minute learning step.
"""

from __future__ import annotations

import re
from datetime import date, timedelta

import pytest
from playwright.sync_api import expect

from tests.conftest import ROOT
from tests.e2e.conftest import serious_violations
from tests.web.test_lessons import wrong_answer
from tutor.content import get_lesson
from tutor.content.checks import AnswerType, make_question
from tutor.i18n import load_translations
from tutor.store import utcnow
from tutor.web.quiz.draw import DAILY, daily_seed, quiz_questions

pytestmark = pytest.mark.e2e
SCREENSHOTS = ROOT / "docs" / "screenshots"
PAGE_RE = re.compile(rb"/Type\s*/Page(?![a-zA-Z])")


def say(lang: str, msgid: str, **values) -> str:
    """A message as the language's catalog has it now (English until it is translated)."""
    text = load_translations(lang).gettext(msgid)
    return text % values if values else text


def say_n(lang: str, singular: str, plural: str, num: int, **values) -> str:
    return load_translations(lang).ngettext(singular, plural, num) % {"num": num, **values}


def give(page, scope: str, question, answer) -> None:
    """Fill the answer form in ``scope`` with ``answer`` and send it, as a learner clicks."""
    kind = question.answer_type
    if kind is AnswerType.CHOICE:
        page.locator(f'{scope} button[name=answer][value="{answer}"]').click()
        return
    if kind is AnswerType.CHOICES:
        for option in question.options:
            box = page.locator(f'{scope} input[name=answer][value="{option.value}"]')
            box.set_checked(option.value in answer)
    elif kind is AnswerType.NUMBER:
        page.locator(f"{scope} #answer-number").fill(str(answer))
    elif kind is AnswerType.ORDER:  # the cards are buttons (order.js): tap them strongest first
        for group in answer:
            for number, card in enumerate(sorted(group)):
                if number:
                    page.locator(f"{scope} .order-tie").click()
                page.locator(f'{scope} .order-card:has(svg[data-card="{card}"]) .order-pick').click()
    else:
        page.locator(f"{scope} #answer-points").fill(str(answer.points))
        page.locator(f'{scope} input[name=team][value="{answer.team}"]').check()
    page.locator(f"{scope} .check-button").click()


def seed_in_url(page) -> int:
    return int(re.search(r"seed=(\d+)", page.url).group(1))


def test_a_polish_learner_takes_the_envido_quiz_misses_two_and_answers_them_in_the_review(page, live_server, later):
    page.goto("/pl/quiz")
    page.locator('a[href="/pl/quiz/envido-counting"]').click()
    expect(page).to_have_url(re.compile(r"/pl/quiz/envido-counting\?seed=\d+$"))
    seed = seed_in_url(page)
    drawn = quiz_questions("envido-counting", seed)
    steps = [d.step.key for d in drawn]
    missed = [i for i, key in enumerate(steps) if steps.count(key) == 1][:2]  # two steps asked once each
    assert len(missed) == 2
    assert serious_violations(page) == []
    page.locator(".quiz-actions button.primary").click()
    expect(page).to_have_url(re.compile(r"/pl/quiz/envido-counting/[0-9a-f]{16}$"))
    run_url = page.url
    for index, d in enumerate(drawn):
        expect(page.locator("#quiz-progress-bar")).to_have_attribute("value", str(index))
        expect(page.locator("#quiz .quiz-progress label")).to_have_text(
            say_n("pl", "Question %(number)s of %(num)s", "Question %(number)s of %(num)s", 10, number=index + 1)
        )
        expect(page.locator("#quiz legend.prompt")).to_have_text(say("pl", d.question.prompt))
        give(page, "#quiz", d.question, wrong_answer(d.question) if index in missed else d.question.expected)
    expect(page.locator("#result-heading")).to_have_text(say("pl", "Your result"))
    assert page.url == run_url  # the answers were swapped in with htmx, on the run's own address
    expect(page.locator(".quiz-score")).to_have_text(
        say_n("pl", "%(score)s of %(num)s right", "%(score)s of %(num)s right", 10, score=8)
    )
    expect(page.locator(".quiz-answer.is-wrong")).to_have_count(2)
    expect(page.locator(".quiz-answer .explanation")).to_have_count(10)
    expect(page.locator(".quiz-missed a")).to_have_count(2)
    assert serious_violations(page) == []

    later(minutes=2)
    wanted = {drawn[i].step.key for i in missed}
    if "review.index" not in live_server.app.view_functions:  # pragma: no cover (before the review landed)
        from tutor.learning import due_items
        from tutor.store import AttemptRow, attempt_of, db

        with live_server.app.app_context():
            log = [attempt_of(row) for row in db.session.query(AttemptRow).all()]
        assert {d.item for d in due_items(log, utcnow() + timedelta(minutes=2))} >= {drawn[i].item for i in missed}
        return
    page.goto("/pl/review")
    lesson = get_lesson("envido-counting")
    titles = {say("pl", s.title): s for s in lesson.checked_steps if s.key in wanted}
    for _round in range(2):
        expect(page.locator("#check-title")).to_have_text(re.compile("|".join(map(re.escape, titles))))
        step = titles.pop(page.locator("#check-title").inner_text())
        wanted.discard(step.key)
        question = make_question(step.check, int(page.locator("#check input[name=seed]").get_attribute("value")))
        give(page, "#check", question, question.expected)
        expect(page.locator("#feedback .verdict-right")).to_be_visible()
        page.locator("#feedback a.primary").click()
    assert not wanted
    expect(page.locator("#check-title")).to_have_text(say("pl", "Nothing is due right now"))


def test_a_quiz_works_without_javascript(browser, live_server):
    context = browser.new_context(java_script_enabled=False, base_url=live_server.url)
    page = context.new_page()
    try:
        page.goto("/de/quiz/card-ranking?seed=321")
        page.locator(".quiz-actions button.primary").click()
        drawn = quiz_questions("card-ranking", 321)
        for index, d in enumerate(drawn[:3]):
            expect(page.locator("#quiz-progress-bar")).to_have_attribute("value", str(index))
            question = d.question
            if question.answer_type is AnswerType.ORDER:  # without order.js: one place select per card
                for place, group in enumerate(question.expected, start=1):
                    for card in group:
                        page.locator(f"#quiz #place-{card}").select_option(str(place))
                page.locator("#quiz .check-button").click()
            else:
                give(page, "#quiz", question, question.expected)
        expect(page.locator("#quiz-progress-bar")).to_have_attribute("value", "3")
    finally:
        context.close()


def pdf_pages(data: bytes) -> int:
    return len(PAGE_RE.findall(data))


def test_a_worksheet_prints_to_a4_with_the_answer_key_on_a_new_page(page):
    path = "/es/quiz/card-ranking/worksheet?seed=77"
    page.goto(path)
    assert serious_violations(page) == []
    whole = pdf_pages(page.pdf(format="A4"))
    page.emulate_media(media="print")
    assert page.evaluate("getComputedStyle(document.querySelector('.worksheet-key')).breakBefore") == "page"
    assert page.evaluate("getComputedStyle(document.querySelector('.site-header')).display") == "none"
    assert page.evaluate("getComputedStyle(document.querySelector('.worksheet-tools')).display") == "none"
    # The questions alone, then the key alone: the whole sheet is exactly both, so the key starts a page.
    page.evaluate("document.querySelector('.worksheet-key').remove()")
    questions = pdf_pages(page.pdf(format="A4"))
    page.goto(path)
    page.evaluate(
        "document.querySelector('.worksheet-questions').remove(); document.querySelector('.worksheet-head').remove()"
    )
    key = pdf_pages(page.pdf(format="A4"))
    assert questions >= 1 and key >= 1
    assert whole == questions + key, (whole, questions, key)
    assert questions <= 2 and key <= 1  # compact (issue 24, item 10; tests/e2e/test_learning_pages.py)
    # Same seed, same sheet.
    page.goto(path)
    first = page.locator(".worksheet svg[data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    page.reload()
    assert page.locator(".worksheet svg[data-card]").evaluate_all("els => els.map(e => e.dataset.card)") == first


def test_worksheet_screenshot_for_the_readme(page):
    page.set_viewport_size({"width": 794, "height": 1123})  # A4 at 96 px per inch
    page.goto("/en/quiz/envido-counting/worksheet?seed=2026")
    page.emulate_media(media="print")
    page.evaluate("document.body.style.padding = '14mm'")  # the sheet's page margins (CSSOM: allowed by the CSP)
    page.screenshot(path=str(SCREENSHOTS / "worksheet.png"), clip={"x": 0, "y": 0, "width": 794, "height": 1123})


def test_the_daily_challenge_asks_again_after_a_wrong_answer_and_the_link_opens_unanswered(browser, page, live_server):
    day = date(2026, 1, 31)
    drawn = quiz_questions(DAILY, daily_seed(day))
    page.goto(f"/sv/daily?date={day.isoformat()}")
    first = drawn[0].question
    give(page, "#daily", first, wrong_answer(first))
    expect(page.locator("#daily-verdict")).to_be_visible()
    expect(page.locator("#daily .explanation")).to_have_count(0)  # the solution is not given away
    assert serious_violations(page) == []
    give(page, "#daily", first, first.expected)
    expect(page.locator("#daily .verdict-right")).to_be_visible()
    expect(page.locator("#daily .explanation")).to_have_count(1)
    assert page.url.endswith(f"/sv/daily?date={day.isoformat()}")  # nothing about the answer in the address
    page.locator("#daily .verdict a.primary").click()
    expect(page.locator("#daily input[name=position]")).to_have_value("2")
    page.locator('#daily button[name="show"]').click()
    expect(page.locator("#daily .explanation")).to_have_count(1)
    assert serious_violations(page) == []
    link = page.locator(".share-link a").get_attribute("href")
    friend = browser.new_context(base_url=live_server.url)
    try:
        other = friend.new_page()
        other.goto(link)
        expect(other.locator("#daily input[name=position]")).to_have_value("1")
        expect(other.locator("#daily .explanation")).to_have_count(0)
        expect(other.locator("#daily .verdict")).to_have_count(0)
    finally:
        friend.close()


@pytest.mark.parametrize(
    "path",
    [
        "/en/quiz",
        "/de/quiz/flor?seed=5",
        "/pl/quiz/exam?seed=5",
        "/es/quiz/nope",
        "/sv/quiz/flor?seed=x",
        "/en/daily?date=2026-01-31",
        "/pl/quiz/truco-calls/worksheet?seed=9",
    ],
)
def test_axe_finds_no_serious_violation(page, live_server, path):
    page.goto(path)
    assert serious_violations(page) == []


@pytest.mark.parametrize(
    "key",
    ["card-ranking", "tricks-and-parda", "envido-calls", "truco-calls", "scoring-a-game", "pairs-and-trios", "flor"],
)
def test_axe_on_every_kind_of_question_and_the_result(page, live_server, key):
    page.goto(f"/en/quiz/{key}?seed=11")
    page.locator(".quiz-actions button.primary").click()
    drawn = quiz_questions(key, 11)
    for index, d in enumerate(drawn):
        expect(page.locator("#quiz-progress-bar")).to_have_attribute("value", str(index))
        if index < 8:  # every step of the lesson's checks is among the first eight questions
            assert serious_violations(page) == [], (key, d.step.key)
        give(page, "#quiz", d.question, d.question.expected if index % 3 else wrong_answer(d.question))
    expect(page.locator("#result-heading")).to_be_visible()
    assert serious_violations(page) == []
