"""The classroom in Chromium: a teacher (1280 × 800) signs up, keeps the recovery code, makes a class and
projects the join screen; three pupils on phones (390 px, each its own browser context) join with the
code read off the teacher's page, typed in small letters with a dash; the join screen shows their
nicknames as they come (htmx polling); a pupil's wrong answer shows in the dashboard; the CSV
downloads and parses; the lesson the teacher set shows as To do on each pupil's class page; axe finds no serious or critical violation on any classroom page."""

from __future__ import annotations

import csv
import io
import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import PageGuard, serious_violations
from tutor.content import get_lesson
from tutor.content.checks import make_question

pytestmark = pytest.mark.e2e
PUPILS = 3
LESSON = get_lesson("card-ranking")
STEP = LESSON.step("false-aces")  # a choice between cards
SHOTS = os.environ.get("CLASSROOM_SHOTS")
"""A folder to save screenshots of the pages in (for a person to look at), if set."""


def checked(page, name: str) -> None:
    assert serious_violations(page) == [], name
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=True)


def answer_wrong(page) -> None:
    page.goto(f"/en/lessons/{LESSON.key}/{STEP.key}")
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
    checked(page, "teach-class")
    code = page.locator("[data-join-code]").get_attribute("data-join-code")
    assert code and len(code) == 6
    class_url = page.url
    page.get_by_role("link", name="Show the join screen").click()
    expect(page.locator(".screen-members h2")).to_have_text("0 pupils have joined")
    checked(page, "teach-join-screen")

    nicknames = []
    contexts = []
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
        expect(phone.locator(".work-todo")).to_contain_text("To do")  # the lesson set before they joined
        if number == 0:
            checked(phone, "pupil-class")
            answer_wrong(phone)
        assert guard.problems == []
        nicknames.append(nickname)
    assert len(set(nicknames)) == PUPILS

    # The projector's screen picks them up by itself.
    expect(page.locator(".screen-members h2")).to_have_text(f"{PUPILS} pupils have joined", timeout=10_000)
    for nickname in nicknames:
        expect(page.locator(".screen-nicknames")).to_contain_text(nickname)

    page.goto(class_url + "/dashboard")
    expect(page.locator("table.class-grid tbody tr")).to_have_count(PUPILS)
    expect(page.locator("table.class-grid")).to_contain_text("◔ L")  # the pupil who answered: learning
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
