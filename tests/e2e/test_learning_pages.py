"""The learning pages in Chromium (issue 24): no page scrolls sideways on a phone, the deck's print keeps long badges beside the
cards, and worksheets print compactly. (Projector mode's buttons after the answer is shown are
checked with the rest of projector mode, in tests/e2e/test_lessons.py.)
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.test_club import play_board
from tests.e2e.test_people import act_if_my_turn
from tests.e2e.test_play import act_with_keyboard, hand_over, start_game
from tests.e2e.test_practice import over
from tests.e2e.test_quiz import pdf_pages
from tutor.content import all_lessons, get_lesson, hands_for
from tutor.content.checks import make_question
from tutor.learning import EXAM, TOPICS

pytestmark = pytest.mark.e2e

PHONE_WIDTHS = (320, 390)
LANG = "es"
WORDY_LANG = "pl"
"""Every page is also checked in Polish, whose words are the longest of the app's languages."""
NOT_PAGES = frozenset(
    {
        "root",
        "static",
        "health.healthz",
        "anotador.service_worker",
        "anotador.shared",
        "people.poll",
        "people.resume",
    }
)
"""GET endpoints that are not pages (redirects, files, JSON, a poll's fragment, the health check); the
API is left out by prefix."""
PEOPLE_URL = re.compile(r"/people/[A-Z0-9]+$")
RUN_URL = re.compile(r"/practice/[a-z0-9-]+/[0-9a-f]{16}")
QUIZ_RUN_URL = re.compile(r"/quiz/[a-z0-9-]+/[0-9a-f]{16}")


def page_endpoints(app) -> dict[str, str]:
    """Every page's endpoint and rule: the GET rules of the app's url_map that are pages."""
    pages = {}
    for rule in app.url_map.iter_rules():
        if "GET" not in rule.methods or rule.endpoint in NOT_PAGES or rule.rule.startswith("/api/"):
            continue
        pages[rule.endpoint] = rule.rule
    return pages


def first_lesson_with_a_check():
    for lesson in all_lessons():
        for number, step in enumerate(lesson.steps, start=1):
            if step.check is not None:
                return lesson, step, number
    raise AssertionError("no lesson has a check")


def make_history(page) -> dict[str, str]:
    """Play what a learner does, so that every page has something to show: a wrong answer in a lesson
    (progress, review), a quiz run, a practice hand played to its end, a match's first hand played
    out. Returns the URLs of the pages whose ids only exist once made."""
    # A wrong answer to a topic's question, so the progress page draws its chart (and the table behind it).
    lesson = get_lesson("card-ranking")
    step = lesson.step("not-by-number")
    page.goto(f"/{LANG}/lessons/{lesson.key}/{step.key}")
    seed = int(page.locator("#check input[name=seed]").get_attribute("value"))
    question = make_question(step.check, seed)
    wrong = next(o.value for o in question.options if o.value not in (question.accepted or {question.expected}))
    page.locator(f'#check button[name=answer][value="{wrong}"]').click()
    expect(page.locator("#check .option.is-wrong")).to_have_count(1)

    urls = {}
    page.goto(f"/{LANG}/quiz/card-ranking?seed=5")
    page.locator("form[method=post] button[type=submit].primary").click()
    page.wait_for_url(QUIZ_RUN_URL)
    urls["quiz.run"] = page.url

    hand_key = hands_for(lesson.key)[0].key if hands_for(lesson.key) else "lowest-card-that-wins"
    page.goto(f"/{LANG}/practice/{hand_key}")
    page.locator(".practice-actions button[type=submit]").click()
    page.wait_for_url(RUN_URL)
    urls["practice.run"] = page.url.split("?")[0]
    for _ in range(12):
        if over(page):
            break
        act_with_keyboard(page)
    assert over(page)
    urls["practice.replay"] = urls["practice.run"] + "/review"

    game = start_game(page, LANG, 2)
    urls["play.game"] = game
    for _ in range(40):
        if hand_over(page):
            break
        act_with_keyboard(page)
    assert hand_over(page)
    urls["play.replay"] = game + "/review/1"
    urls["practice.hand"] = f"/{LANG}/practice/{hand_key}"
    urls["practice.show"] = f"/{LANG}/practice/{hand_key}/show?seed=3"
    urls["practice.present"] = f"/{LANG}/practice/{hand_key}/present?seed=3"
    return urls


def make_classroom(page, login: str = "e2e-overflow-teacher") -> dict[str, str]:
    """A teacher with a class, an assignment, the learner joined as a pupil and a live session the
    learner has joined from the same browser, so that every classroom and live page has something to show (the assignment table once made the class page 529 px
    wide at 320). Returns the URLs of the classroom's pages, in English."""
    page.goto("/en/teach/signup")
    page.get_by_label("Login name").fill(login)
    page.get_by_label("Your name as pupils see it").fill("Profesora Fernández de la Cruz")
    page.get_by_label("Password").fill("el siete de espadas")
    page.get_by_role("button", name="Create the account").click()
    expect(page.locator("[data-recovery-code]")).to_have_count(1)
    page.goto("/en/teach/classes/new")
    page.get_by_label("Name of the class").fill("Quinto grado, turno tarde, Escuela Normal Superior")
    page.get_by_role("button", name="Create the class").click()
    lesson = all_lessons()[-1]
    page.get_by_label("Assign", exact=True).select_option(label=f"Lesson {lesson.number}: {lesson.title}")
    page.get_by_label("Due on (optional)").fill("2031-12-31")
    page.get_by_role("button", name="Set this work").click()
    expect(page.locator("table.assignment-table")).to_have_count(1)
    class_url = page.url.split("?")[0]
    code = page.locator("[data-join-code]").get_attribute("data-join-code")
    assignment_url = page.locator("table.assignment-table tbody th a").first.get_attribute("href")
    page.get_by_role("button", name="Invite a co-teacher").click()
    invitation = page.locator("[data-invite-link]").inner_text()
    page.goto("/en/join")
    page.get_by_label("The code your teacher shows").fill(code)
    page.get_by_role("button", name="Next").click()
    join_link = page.url
    nickname = page.locator("[data-nickname]").inner_text()
    page.get_by_role("button", name=f"Join as {nickname}").click()
    expect(page.locator("strong[data-nickname]")).to_have_text(nickname)
    my_class = page.url
    page.goto("/en/teach/live/new")
    new_session = page.url
    page.get_by_role("button", name="Open the lobby", exact=True).click()
    board_page = page.url.split("?")[0]
    pin = page.locator("[data-live-pin]").get_attribute("data-live-pin")
    page.goto("/en/live")
    page.get_by_label("The PIN on the projector").fill(pin)
    page.get_by_role("button", name="Join").click()
    expect(page.locator(".live-wait")).to_be_visible()
    phone = page.url.split("?")[0]
    page.goto(class_url + "/tables")  # a class table, the teacher seated at it, started: to watch
    page.locator("#count").fill("1")
    page.check('input[name=players][value="2"]')
    page.get_by_role("button", name="Open the tables").click()
    table_code = page.locator("[data-table-code]").first.inner_text()
    page.goto(f"/en/people/{table_code}")
    page.locator("input[name=nick]").fill("Profe")
    page.locator("form button[type=submit]", has_text="Take a seat").click()
    page.locator("button[name=do][value=start]").click()
    expect(page.locator("#table")).to_be_visible()
    urls = {
        "people.class_tables": class_url + "/tables",
        "people.watch": f"/en/people/{table_code}/watch/0",
        "live.new_session": new_session,
        "live.board_page": board_page,
        "live.board": board_page + "/board",
        "live.join": "/en/live",
        "live.phone": phone,
        "live.phone_fragment": phone + "/me",
        "classroom.teach": "/en/teach",
        "classroom.signup": "/en/teach/signup",
        "classroom.account": "/en/teach/account",
        "classroom.recover": "/en/teach/recover",
        "classroom.classes": "/en/teach/classes",
        "classroom.new_class": "/en/teach/classes/new",
        "classroom.class_page": class_url,
        "classroom.assignment": assignment_url,
        "classroom.join_screen": class_url + "/screen",
        "classroom.copy_class": class_url + "/copy",
        "classroom.login_cards": class_url + "/cards",
        "classroom.invitation": invitation,
        "classroom.screen_members": class_url + "/screen/members",
        "classroom.dashboard": class_url + "/dashboard",
        "classroom.pupil": f"{class_url}/pupils/{nickname}",
        "classroom.join": "/en/join",
        "classroom.join_link": join_link,
        "classroom.my_class": my_class,
        "classroom.my_classes": "/en/my-class",  # redirects to the pupil's class page
    }
    return {endpoint: re.sub(r"^.*?/en/", f"/{LANG}/", url) for endpoint, url in urls.items()}


def make_club(page) -> dict[str, str]:
    """A club night of two boards by the signed-in teacher, joined and played to its end from the
    same browser. Returns the URLs of its pages, in Spanish."""
    page.goto("/en/teach/club/new")
    page.get_by_label("Title", exact=True).fill("Noche de truco duplicado del club de los viernes")
    page.get_by_label("Boards", exact=True).select_option("2")
    page.get_by_role("button", name="Create the club night").click()
    organiser = page.url.split("?")[0]
    code = page.locator("[data-club-code]").get_attribute("data-club-code")
    page.goto(f"/en/club/{code}")
    page.get_by_role("button", name="Join and play board 1").click()
    for number in (1, 2):
        if number > 1:
            page.locator("[data-next-board]").click()
        play_board(page, number, boards=2)
    player = f"/{LANG}/club/{code}"
    # A night at two real tables: its movement card and table 1's scorekeeper pages.
    page.goto("/en/teach/club/new")
    page.get_by_label("Title", exact=True).fill("Noche en mesas reales del club de los viernes")
    page.get_by_label("Boards", exact=True).select_option("2")
    page.get_by_role("radio", name=re.compile("At real tables, with cards")).check()
    page.get_by_role("button", name="Create the club night").click()
    expect(page.get_by_role("link", name="The movement card and the scorekeepers' codes, to print")).to_be_visible()
    names = page.url.split("?")[0] + "/names"
    movement = page.url.split("?")[0] + "/movement"
    page.goto(names)  # the longest names a pair may have, shown on the movement card and the keeper's pages
    page.get_by_label("A1", exact=True).fill("Valentina Fernández y Maximiliano Gómez")
    page.get_by_label("B1", exact=True).fill("Los Primos de la Esquina del Almacén")
    page.get_by_role("button", name="Save the names").click()
    expect(page.get_by_role("status")).to_be_visible()
    page.goto(movement)
    keeper = f"/en/club/score/{page.locator('[data-table-code]').first.get_attribute('data-table-code')}"
    urls = {
        "club.events": "/en/teach/club",
        "club.new_event": "/en/teach/club/new",
        "club.organiser": organiser,
        "club.results_fragment": organiser + "/results",
        "club.organiser_traveller": organiser + "/board/1",
        "club.slips": organiser + "/slips",
        "club.code_page": "/en/club",
        "club.event": player,
        "club.board": player + "/board/1",
        "club.player_results": player + "/results",
        "club.traveller": player + "/board/1/traveller",
        "club.movement": movement,
        "club.pair_names": names,
        "club.scorekeeper": keeper,
        "club.score_board": keeper + "/board/1",
    }
    return {endpoint: re.sub(r"^.*?/en/", f"/{LANG}/", url) for endpoint, url in urls.items()}


def make_shared(page) -> dict[str, str]:
    """A table with people (the host alone with a bot, one hand played out) and a shared anotador
    score. Returns their pages' URLs, in Spanish."""
    page.goto(f"/{LANG}/people")
    page.locator("input[name=nick]").fill("Ana")
    page.check('input[name=players][value="2"]')
    page.check('input[name=level][value="random"]')
    page.locator("form.setup button[type=submit]").click()
    page.wait_for_url(PEOPLE_URL)
    table = page.url
    page.locator("button[name=do][value=start]").click()
    expect(page.locator("#table")).to_be_visible()
    for _ in range(40):
        if page.locator(".hand-over").count():
            break
        act_if_my_turn(page)
    expect(page.locator(".hand-over")).to_be_visible()
    page.goto(f"/{LANG}/anotador")
    page.locator("#anotador-setup button[type=submit]").click()
    page.locator("#anotador-share-button").click()
    link = page.locator("#anotador-link-url")
    expect(link).to_have_attribute("href", re.compile(r"/anotador/s/[0-9a-f]{16}$"))
    return {
        "people.table": table,
        "people.review": table + "/review/1",
        "anotador.viewer": link.get_attribute("href"),
    }


def page_urls(app, made: dict[str, str]) -> dict[str, str]:
    """One URL of every page type: the rule filled in with a lesson, a step, a quiz, a hand..."""
    lesson, step, number = first_lesson_with_a_check()
    fixed = {
        "core.index": "/{lang}/",
        "core.deck": "/{lang}/deck",
        "device.device": "/{lang}/device",
        "envido.hand": "/{lang}/envido?cards=7e,6e,5c",
        "envido.daily": "/{lang}/envido/daily",
        "envido.showdown_page": "/{lang}/envido/showdown",
        "envido.stakes": "/{lang}/envido/stakes",
        "lessons.index": "/{lang}/lessons",
        "lessons.lesson": f"/{{lang}}/lessons/{lesson.key}",
        "lessons.step": f"/{{lang}}/lessons/{lesson.key}/{step.key}",
        "lessons.done": f"/{{lang}}/lessons/{lesson.key}/done",
        "lessons.present": f"/{{lang}}/lessons/{lesson.key}/present/{number}",
        "lessons.reset": f"/{{lang}}/lessons/{lesson.key}/reset",
        "play.index": "/{lang}/play",
        "play.daily": "/{lang}/play/daily",
        "play.daily_results": "/{lang}/play/daily/results",
        "people.index": "/{lang}/people",
        "anotador.index": "/{lang}/anotador",
        "privacy.policy": "/{lang}/privacy",
        "privacy.my_data": "/{lang}/my-data",
        "practice.index": "/{lang}/practice",
        "progress.index": "/{lang}/progress",
        "quiz.index": "/{lang}/quiz",
        "quiz.quiz": "/{lang}/quiz/card-ranking?seed=5",
        "quiz.worksheet": "/{lang}/quiz/card-ranking/worksheet?seed=5",
        "quiz.daily": "/{lang}/daily",
        "quiz.quiz_present": "/{lang}/quiz/pairs-and-trios/present?seed=5&q=5&reveal=1",
        "quiz.daily_present": "/{lang}/daily/present",
        "review.index": "/{lang}/review",
    }
    urls = dict(fixed)
    for endpoint, url in made.items():
        urls[endpoint] = re.sub(rf"^.*?/{LANG}/", "/{lang}/", url)
    missing = set(page_endpoints(app)) - set(urls)
    assert not missing, f"a page type without a URL in this test: {sorted(missing)}"
    return urls


@pytest.mark.parametrize("lang", [LANG, WORDY_LANG])
def test_no_page_scrolls_sideways_on_a_phone(page, live_server, lang):
    """Every page type of the url_map, in Spanish and in Polish (one test each, so that two workers
    share them), at 320 and 390 px: the document is never wider than the window (issue 24, item 12)."""
    page.set_viewport_size({"width": 390, "height": 844})
    made = make_history(page) | make_classroom(page, f"e2e-overflow-{lang}") | make_club(page) | make_shared(page)
    urls = page_urls(live_server.app, made)
    page.goto(f"/{LANG}/progress")  # the page has what once made it wide: a chart and its table
    expect(page.locator(".accuracy-chart table")).to_have_count(1)
    expect(page.locator(".progress-play")).to_have_count(1)
    wide = []
    for endpoint, url in sorted(urls.items()):
        # One load per page, measured at each width (the window is resized, so the page lays itself
        # out again as a phone of that width would show it).
        page.set_viewport_size({"width": PHONE_WIDTHS[0], "height": 844})
        page.goto(url.format(lang=lang))
        for width in PHONE_WIDTHS:
            page.set_viewport_size({"width": width, "height": 844})
            scroll, inner = page.evaluate("[document.scrollingElement.scrollWidth, window.innerWidth]")
            if scroll > inner:
                wide.append((endpoint, lang, width, scroll))
    assert wide == [], wide


def test_the_deck_prints_long_badges_beside_the_cards_in_polish(page):
    """In print (A4 portrait: 190 mm of width between the margins, 718 px), each mata's badge
    ("Jedna z czterech najwyższych (mata)") ends before its card starts and stays inside its row, and
    the deck is one page (issue 24, item 16)."""
    page.set_viewport_size({"width": 718, "height": 1000})
    page.goto(f"/{WORDY_LANG}/deck")
    page.emulate_media(media="print")
    rows = page.locator(".rank-row.is-mata")
    assert rows.count() == 4
    for row in rows.all():
        badge, card, box = (
            row.locator(".badge").bounding_box(),
            row.locator(".rank-card").bounding_box(),
            row.bounding_box(),
        )
        assert badge and card and box
        assert badge["x"] + badge["width"] <= card["x"], (badge, card)
        assert box["x"] <= badge["x"] and badge["y"] + badge["height"] <= box["y"] + box["height"], (badge, box)
    assert pdf_pages(page.pdf(format="A4")) == 1


def test_lesson_steps_name_the_learners_wrong_pick_apart_from_the_option(page):
    """After a wrong answer to a text option ("Es parda"), "your answer ✗" is its own line, and the
    button's accessible name keeps the option's words apart from the mark (issue 24, item 11)."""
    lesson = get_lesson("tricks-and-parda")
    step = lesson.step("parda")
    seed = next(n for n in range(1, 100) if make_question(step.check, n).expected != "parda")
    page.goto(f"/{LANG}/lessons/{lesson.key}/{step.key}?seed={seed}")
    page.locator('#check button[name=answer][value="parda"]').click()
    chosen = page.locator("#check .option.is-wrong")
    expect(chosen).to_have_count(1)
    mark = chosen.locator(".pick-mark")
    label, mark_box = chosen.inner_text(), mark.bounding_box()
    assert "\n" in label.strip(), label  # the mark is on a line of its own, not glued to the option's text
    assert mark_box is not None
    name = chosen.evaluate("e => e.textContent.replace(/\\s+/g, ' ').trim()")
    assert re.search(r"\w \(tu respuesta", name), name


def sheet_pages(page, path: str) -> tuple[int, int]:
    """The pages a worksheet prints on A4: its questions, and its answer key (which starts a page)."""
    page.goto(path)
    whole = pdf_pages(page.pdf(format="A4"))
    page.evaluate("document.querySelector('.worksheet-key').remove()")
    questions = pdf_pages(page.pdf(format="A4"))
    return questions, whole - questions


@pytest.mark.parametrize("key", [topic.key for topic in TOPICS])
def test_a_topic_worksheet_prints_its_ten_questions_on_two_pages_and_its_key_on_one(page, key):
    """Compact worksheets (issue 24, item 10): ten questions on one or two A4 pages, the answer key on
    one, for version A and version B, in Spanish and in Polish (long words)."""
    for lang, seed, version in ((LANG, 5, "A"), (WORDY_LANG, 77, "B")):
        questions, answers = sheet_pages(page, f"/{lang}/quiz/{key}/worksheet?seed={seed}&version={version}")
        assert 1 <= questions <= 2 and answers == 1, (lang, version, questions, answers)


def test_the_exam_worksheet_prints_its_twenty_questions_on_four_pages_with_the_key(page):
    questions, answers = sheet_pages(page, f"/{LANG}/quiz/{EXAM}/worksheet?seed=5")
    assert questions <= 3 and answers == 1
