"""Parallel answers from the same learner are all kept in the learning log, exactly once each, on SQLite
and PostgreSQL, and the projections kept with the log agree with it.

The app runs in a threaded werkzeug server on 127.0.0.1 (a thread per request, like several
workers), and the answers come over real HTTP: a double click, two tabs, a browser resending.
"""

from __future__ import annotations

import re
import threading
import urllib.error
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlalchemy import select
from werkzeug.serving import make_server

from tests.conftest import answer_form, dispose, find_all, make_app
from tutor.content import all_lessons
from tutor.content.checks import make_question
from tutor.store import AttemptRow, ItemProgress, Learner, db, store_of

pytestmark = pytest.mark.store  # reads and writes the store: runs on SQLite and on PostgreSQL

LEARNERS = 20
PARALLEL = 10
LESSON = all_lessons()[1]
STEP = LESSON.checked_steps[0]
PATH = f"/en/lessons/{LESSON.key}/{STEP.key}"


class Server:
    """The app on a loopback port, a thread per request."""

    def __init__(self, app) -> None:
        self.server = make_server("127.0.0.1", 0, app, threaded=True)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.thread.join(10)
        self.server.server_close()


@pytest.fixture
def server(tmp_path, database_url):
    # Not TESTING: CSRF, sessions and error handling as deployed.
    app = make_app(tmp_path, database_url, TESTING=False)
    running = Server(app)
    yield app, running.url
    running.close()
    dispose(app)


class Browser:
    """One learner's cookie, shared by all of its tabs."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.cookie = ""

    def open(self, path: str, data: dict | None = None) -> tuple[int, str]:
        body = urllib.parse.urlencode(data, doseq=True).encode() if data is not None else None
        request = urllib.request.Request(self.base + path, data=body, headers={"Cookie": self.cookie})
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                status, text = response.status, response.read().decode()
                headers = response.headers
        except urllib.error.HTTPError as error:
            status, text, headers = error.code, error.read().decode(errors="replace"), error.headers
        for header in headers.get_all("Set-Cookie") or ():
            if header.startswith("tutor_session="):
                self.cookie = header.split(";", 1)[0]
        return status, text

    def form(self, answer_right: bool = True) -> dict:
        """Open the step (a new tab) and fill its answer form with the engine's answer."""
        status, html = self.open(PATH)
        assert status == 200
        form = re.search(r'<form class="answer-form".*?</form>', html, re.S).group(0)
        fields = {e.attrs["name"]: e.attrs.get("value") or "" for e in find_all(form, "input", type="hidden")}
        question = make_question(STEP.check, int(fields["seed"]))
        return {**fields, **answer_form(question, question.expected)}

    def public_id(self, app) -> str:
        serializer = app.session_interface.get_signing_serializer(app)
        return serializer.loads(self.cookie.split("=", 1)[1])["learner"]


def stored(app) -> dict[str, dict]:
    """Public id -> the step's counters, added up from the answers in the learning log."""
    with app.app_context():
        rows = db.session.execute(
            select(Learner.public_id, AttemptRow.correct, AttemptRow.source)
            .join(AttemptRow, AttemptRow.learner_id == Learner.id)
            .where(AttemptRow.item == f"{LESSON.key}/{STEP.key}")
            .order_by(AttemptRow.at, AttemptRow.id)
        ).all()
    records: dict[str, dict] = {}
    for row in rows:
        assert row.source == "lesson"
        record = records.setdefault(row.public_id, {"tries": 0, "right": 0, "first": bool(row.correct), "done": False})
        record["tries"] += 1
        record["right"] += bool(row.correct)
        record["done"] = record["done"] or bool(row.correct)
    return records


def projections_agree(app) -> None:
    """Every learner's projections (steps, cards, totals, days) equal a replay of the log."""
    with app.app_context():
        store = store_of(app)
        for learner_id in db.session.scalars(select(Learner.id)):
            assert store.attempts.differences(learner_id) == [], f"learner {learner_id}"
        rows = db.session.execute(
            select(
                Learner.public_id,
                ItemProgress.lesson_tries,
                ItemProgress.lesson_right,
                ItemProgress.lesson_first,
                ItemProgress.lesson_done,
            )
            .join(ItemProgress, ItemProgress.learner_id == Learner.id)
            .where(ItemProgress.item == f"{LESSON.key}/{STEP.key}")
        ).all()
    records = stored(app)
    assert {
        r.public_id: {"tries": r.lesson_tries, "right": r.lesson_right, "first": r.lesson_first, "done": r.lesson_done}
        for r in rows
    } == records


def learners_with_a_row(app) -> int:
    with app.app_context():
        return len(db.session.scalars(select(Learner.id)).all())


def test_parallel_answers_from_separate_tabs_are_all_counted(server):
    app, base = server
    browsers = [Browser(base) for _ in range(LEARNERS)]
    forms = [(browser, browser.form()) for browser in browsers for _ in range(PARALLEL)]  # 10 tabs each
    barrier = threading.Barrier(len(forms))

    def send(item):
        browser, form = item
        barrier.wait()
        return browser.open(PATH, form)[0]

    with ThreadPoolExecutor(max_workers=len(forms)) as pool:
        statuses = list(pool.map(send, forms))
    assert statuses == [200] * len(forms)
    records = stored(app)
    assert learners_with_a_row(app) == LEARNERS
    counts = sorted(records[browser.public_id(app)]["tries"] for browser in browsers)
    assert counts == [PARALLEL] * LEARNERS, f"lost updates: {LEARNERS * PARALLEL - sum(counts)}"
    assert all(record["right"] == PARALLEL and record["first"] is True for record in records.values())
    projections_agree(app)


def test_the_same_form_sent_in_parallel_counts_once(server):
    app, base = server
    browsers = [Browser(base) for _ in range(LEARNERS)]
    forms = [(browser, browser.form()) for browser in browsers]
    sends = [item for item in forms for _ in range(PARALLEL)]  # each form resent ten times at once
    barrier = threading.Barrier(len(sends))

    def send(item):
        browser, form = item
        barrier.wait()
        return browser.open(PATH, form)[0]

    with ThreadPoolExecutor(max_workers=len(sends)) as pool:
        statuses = list(pool.map(send, sends))
    assert statuses == [200] * len(sends)
    records = stored(app)
    assert learners_with_a_row(app) == LEARNERS
    assert [records[browser.public_id(app)]["tries"] for browser in browsers] == [1] * LEARNERS
    projections_agree(app)


def verdict_text(html: str) -> str:
    feedback = find_all(html, "div", id="feedback")
    assert feedback, "no feedback region"
    return " ".join(feedback[0].text.split())


def test_a_resent_answer_form_gets_the_same_verdict_and_is_not_counted_again(server):
    app, base = server
    browser = Browser(base)
    right = browser.form()
    status, first = browser.open(PATH, right)
    assert status == 200
    status, again = browser.open(PATH, right)
    assert status == 200
    assert verdict_text(again) == verdict_text(first) and "Right" in verdict_text(first)
    assert stored(app)[browser.public_id(app)] == {"tries": 1, "right": 1, "first": True, "done": True}

    another_tab = browser.form()  # a new page of the same step is a new answer
    assert browser.open(PATH, another_tab)[0] == 200
    assert stored(app)[browser.public_id(app)]["tries"] == 2


def test_a_form_without_a_token_is_still_counted(server):
    """A page rendered before the forms carried a token (open in a tab during a deployment)."""
    app, base = server
    browser = Browser(base)
    form = browser.form()
    del form["attempt"]
    assert browser.open(PATH, form)[0] == 200
    assert browser.open(PATH, form)[0] == 200
    assert stored(app)[browser.public_id(app)]["tries"] == 2
