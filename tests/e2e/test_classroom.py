"""The classroom in Chromium: a teacher (1280 × 800) signs up, keeps the recovery code, makes a class,
sets a lesson and a topic quiz with the same questions for everyone, and projects the join screen;
five pupils on phones (390 px, each its own browser context) join with the code read off the
teacher's page, typed in small letters with a dash; the join screen shows their nicknames as they
come (htmx polling); the work set shows as To do on each pupil's class page; three pupils take the
quiz from there (one with two mistakes), and the assignment's table shows their scores, the
question-by-question table the two misses; a pupil's wrong answer in the lesson shows in the
dashboard's grid; both CSVs download and parse; axe finds no serious or critical violation on any
classroom page."""

from __future__ import annotations

import csv
import io
import os
import re
from datetime import UTC, datetime
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import PageGuard, serious_violations
from tests.e2e.test_quiz import give
from tests.web.test_lessons import wrong_answer
from tutor.content import get_lesson
from tutor.content.checks import make_question
from tutor.learning import TOPICS
from tutor.learning.draw import quiz_questions
from tutor.store import store_of

pytestmark = pytest.mark.e2e
PUPILS = 5
QUIZ_TAKERS = 3
MISSED = {0, 1}
"""The questions the last quiz taker gets wrong."""
LESSON = get_lesson("card-ranking")
TOPIC = TOPICS[0]
STEP = LESSON.step("false-aces")  # a choice between cards
SHOTS = os.environ.get("CLASSROOM_SHOTS")
"""A folder to save screenshots of the pages in (for a person to look at), if set."""


def checked(page, name: str) -> None:
    assert serious_violations(page) == [], name
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=True)


def answer_wrong(page, lang: str = "en") -> None:
    page.goto(f"/{lang}/lessons/{LESSON.key}/{STEP.key}")
    seed = int(page.locator("#check input[name=seed]").get_attribute("value"))
    question = make_question(STEP.check, seed)
    accepted = question.accepted or {question.expected}
    wrong = next(o.value for o in question.options if o.value not in accepted)
    page.locator(f'#check button[name=answer][value="{wrong}"]').click()
    expect(page.locator("#feedback .verdict-wrong")).to_be_visible()


def test_a_teacher_and_pupils_join_from_the_code_on_the_page(page, browser, base_url):
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto("/en/")
    page.get_by_role("link", name="For teachers: classes your pupils join with a code").click()
    checked(page, "teach-login")
    page.get_by_role("link", name="Create a teacher account").click()
    checked(page, "teach-signup")
    page.get_by_label("Login name").fill("e2e-teacher")
    page.get_by_label("Your name as pupils see it").fill("Ms Nowak")
    page.get_by_label("Password").fill("el ancho de espada")
    page.get_by_role("button", name="Create the account").click()
    expect(page.locator("[data-recovery-code]")).to_have_text(re.compile(r"^[2-9A-Z]{4}(-[2-9A-Z]{4}){3}$"))
    checked(page, "teach-recovery-code")
    page.get_by_role("link", name="I have kept it: go to my classes").click()
    page.get_by_role("link", name="New class").click()
    checked(page, "teach-new-class")
    page.get_by_label("Name of the class").fill("Thursday club")
    page.get_by_role("button", name="Create the class").click()
    page.get_by_label("Assign", exact=True).select_option(label=f"Lesson {LESSON.number}: {LESSON.title}")
    page.get_by_role("button", name="Set this work").click()
    expect(page.locator("table.assignment-table")).to_contain_text(f"Lesson {LESSON.number}: {LESSON.title}")
    page.get_by_label("Assign", exact=True).select_option(label=TOPIC.name)
    expect(page.get_by_label("Same questions for everyone (for a topic quiz)")).to_be_checked()
    page.get_by_role("button", name="Set this work").click()
    expect(page.locator("table.assignment-table")).to_contain_text(f"Topic quiz: {TOPIC.name}")
    checked(page, "teach-class")
    code = page.locator("[data-join-code]").get_attribute("data-join-code")
    assert code and len(code) == 6
    class_url = page.url
    class_path = "/en/class/" + class_url.rstrip("/").rsplit("/", 1)[1]
    page.get_by_role("link", name="Show the join screen").click()
    expect(page.locator(".screen-members h2")).to_have_text("0 pupils have joined")
    checked(page, "teach-join-screen")

    nicknames = []
    contexts = []
    phones = []
    for number in range(PUPILS):
        context = browser.new_context(base_url=base_url, viewport={"width": 390, "height": 844})
        contexts.append(context)
        phone = context.new_page()
        guard = PageGuard()
        phone.on("pageerror", guard.page_error)
        phone.on("console", guard.console)
        phone.goto("/en/join")
        if number == 0:
            checked(phone, "pupil-join")
        phone.get_by_label("The code your teacher shows").fill(f"{code[:3].lower()}-{code[3:]}")
        phone.get_by_role("button", name="Next").click()
        expect(phone.locator("h1")).to_have_text("Join Thursday club")
        if number == 0:
            checked(phone, "pupil-join-confirm")
        nickname = phone.locator("[data-nickname]").inner_text()
        phone.get_by_role("button", name=f"Join as {nickname}").click()
        expect(phone.locator("strong[data-nickname]")).to_have_text(nickname)
        expect(phone.locator(".work-todo")).to_have_count(2)  # the lesson and the quiz, set before they joined
        expect(phone.locator(".work-todo").first).to_contain_text("To do")
        if number == 0:
            checked(phone, "pupil-class")
            answer_wrong(phone)
        assert guard.problems == []
        nicknames.append(nickname)
        phones.append((phone, guard))
    assert len(set(nicknames)) == PUPILS

    # The projector's screen picks them up by itself.
    expect(page.locator(".screen-members h2")).to_have_text(f"{PUPILS} pupils have joined", timeout=10_000)
    for nickname in nicknames:
        expect(page.locator(".screen-nicknames")).to_contain_text(nickname)

    # Three pupils take the quiz from their class page: the same questions for each.
    for number, (phone, guard) in enumerate(phones[:QUIZ_TAKERS]):
        phone.goto(class_path)
        phone.locator(f"a[href*='/quiz/{TOPIC.key}?seed=']").click()
        expect(phone).to_have_url(re.compile(rf"/en/quiz/{TOPIC.key}\?seed=\d+$"))
        seed = int(phone.url.rsplit("=", 1)[1])
        phone.locator(".quiz-actions button.primary").click()
        expect(phone).to_have_url(re.compile(rf"/en/quiz/{TOPIC.key}/[0-9a-f]{{16}}$"))
        mistakes = MISSED if number == QUIZ_TAKERS - 1 else set()
        for index, drawn in enumerate(quiz_questions(TOPIC.key, seed)):
            expect(phone.locator("#quiz-progress-bar")).to_have_attribute("value", str(index))
            answer = wrong_answer(drawn.question) if index in mistakes else drawn.question.expected
            give(phone, "#quiz", drawn.question, answer)
        expect(phone.locator(".quiz-score")).to_have_text(f"{10 - len(mistakes)} of 10 right")
        phone.goto(class_path)
        expect(phone.locator(".work-done")).to_contain_text(f"Topic quiz: {TOPIC.name}")
        assert guard.problems == []

    page.goto(class_url)
    page.get_by_role("link", name=f"Topic quiz: {TOPIC.name}").click()
    rows = page.locator("table.assignment-table tbody tr")
    expect(rows).to_have_count(PUPILS)
    expect(page.locator("table.assignment-table tr.work-done")).to_have_count(QUIZ_TAKERS)
    expect(page.locator("table.assignment-table tr.work-todo")).to_have_count(PUPILS - QUIZ_TAKERS)
    for number, nickname in enumerate(nicknames[:QUIZ_TAKERS]):
        score = "8 of 10 right · below the pass mark" if number == QUIZ_TAKERS - 1 else "10 of 10 right · passed"
        expect(rows.filter(has=page.get_by_role("rowheader", name=nickname, exact=True))).to_contain_text(score)
    questions = page.locator("[data-question-table] tbody tr")
    for index in MISSED:
        expect(questions.nth(index)).to_contain_text("2 of 3")  # two of the three right
        expect(questions.nth(index).locator(".wrong-answers li")).to_contain_text("1 pupil")
    checked(page, "teach-assignment")
    with page.expect_download() as download:
        page.get_by_role("button", name="Download who did what (CSV)").click()
    table = list(csv.reader(io.StringIO(Path(download.value.path()).read_bytes().decode("utf-8-sig"))))
    done = {row[0]: row[3:] for row in table[1:] if row[1] == "Done"}
    assert done == {name: ["10", "10", "yes"] for name in nicknames[: QUIZ_TAKERS - 1]} | {
        nicknames[QUIZ_TAKERS - 1]: ["8", "10", "no"]
    }
    with page.expect_download() as download:
        page.get_by_role("button", name="Download this table (CSV)").click()
    table = list(csv.reader(io.StringIO(Path(download.value.path()).read_bytes().decode("utf-8-sig"))))
    assert [row[2:4] for row in table[1:3]] == [["3", "2"], ["3", "2"]]  # answered, right: the two misses

    page.goto(class_url + "/dashboard")
    expect(page.locator("table.class-grid tbody tr")).to_have_count(PUPILS)
    # Card ranking: the two who passed the quiz have mastered it, the one below the pass mark practised it.
    grid = page.locator("table.class-grid")
    expect(grid.locator("td", has_text="● M")).to_have_count(QUIZ_TAKERS - 1)
    expect(grid.locator("td", has_text="◑ P")).to_have_count(1)
    expect(page.locator(".missed-list")).to_contain_text(STEP.title)
    checked(page, "teach-dashboard")
    with page.expect_download() as download:
        page.get_by_role("button", name="Download as CSV").click()
    body = Path(download.value.path()).read_bytes()
    assert body.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(body.decode("utf-8-sig"))))
    assert sorted(row[0] for row in rows[1:]) == sorted(nicknames)
    page.locator("table.class-grid tbody tr th a").first.click()
    checked(page, "teach-pupil")
    for context in contexts:
        context.close()


def test_the_privacy_pages_are_accessible_and_delete_my_data_works(page):
    """A learner's privacy page and their data (390 px): axe, then a deletion that leaves nothing stored."""
    page.set_viewport_size({"width": 390, "height": 844})
    answer_wrong(page)  # something stored
    page.goto("/en/")
    page.locator(".site-footer").get_by_role("link", name="Privacy").click()
    expect(page.locator("h1")).to_have_text("Privacy")
    checked(page, "privacy")
    page.get_by_role("link", name="See, download or delete your data").click()
    expect(page.locator(".my-data-list")).to_contain_text("1 answer")
    checked(page, "my-data")
    page.get_by_role("button", name="Delete my data").click()
    expect(page.locator("[role=alert]")).to_contain_text("Tick the box")
    page.get_by_label("Yes, delete everything stored about me").check()
    page.get_by_role("button", name="Delete my data").click()
    expect(page.locator("[data-nothing-stored]")).to_be_visible()
    checked(page, "my-data-deleted")


@pytest.mark.parametrize("lang", ["de", "sv", "pl", "es"])
def test_a_pupils_menu_has_my_class_with_its_badge_in_one_row_at_1280(page, live_server, later, lang):
    """A pupil with work to do and a review due (two badges), in each translated language: the menu
    shows "My class" with its count and stays one row at 1280 px."""
    with live_server.app.app_context():
        store = store_of(live_server.app).classroom
        teacher = store.add_teacher(f"e2e-menu-{lang}", "Ms Nowak", "x", "x", None)
        assert teacher is not None
        school_class = store.add_class(teacher.id, "Club", lang, True)
        code = school_class.join_code
        opens = datetime(2026, 1, 1, tzinfo=UTC)
        store.add_assignment(school_class.id, "lesson", LESSON.key, 0, opens, None)
        store.add_assignment(school_class.id, "daily", "", 0, opens, None)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"/{lang}/j/{code}")
    page.locator("button[name=action][value=join]").click()
    expect(page.locator("strong[data-nickname]")).to_be_visible()
    answer_wrong(page, lang)
    later(minutes=2)
    page.goto(f"/{lang}/progress")
    expect(page.locator("#badge-classroom-my_classes")).to_contain_text("2")
    expect(page.locator("#badge-review-index")).to_be_visible()
    tops = {round(box["y"]) for box in (link.bounding_box() for link in page.locator(".site-nav a").all())}
    assert len(tops) == 1, tops
    assert page.locator(".site-header").bounding_box()["height"] <= 64
    page.locator(".site-nav a[href$='/my-class']").click()
    expect(page.locator("h1")).to_have_text("Club")
