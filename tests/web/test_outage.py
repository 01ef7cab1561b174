"""During a database outage every page is a translated 503 with ``Retry-After``, drawn without the
database (before, the error page itself read the review badge and a bare English "Internal Server
Error" came out), and the app answers normally again as soon as the database is back."""

from __future__ import annotations

import pytest
from sqlalchemy import event
from sqlalchemy.exc import OperationalError

from tests.conftest import csrf_token, dispose, make_app
from tutor import create_app
from tutor.store import db
from tutor.web.shared.errors import RETRY_AFTER
from tutor.web.shared.learner import SESSION_KEY, STORED_KEY

pytestmark = pytest.mark.store  # an answer is sent (and fails): runs on SQLite and on PostgreSQL

PAGES = [  # each reads the store for a known learner (the menu's review badge on every page)
    "/en/",
    "/es/",
    "/en/review",
    "/en/progress",
    "/en/play",
    "/en/play/daily",
    "/en/lessons",
    "/en/quiz/exam?seed=3",
    "/en/device",
    "/pl/practice",
]


class Outage:
    """Every statement on the app's engine fails as a dropped connection does, until ``end()``."""

    def __init__(self, app) -> None:
        self.app = app
        self.on = True
        self.failed = 0
        with app.app_context():
            self.engine = db.engine
        event.listen(self.engine, "before_cursor_execute", self.fail)

    def fail(self, _conn, _cursor, statement, _params, _context, _many) -> None:
        if self.on:
            self.failed += 1
            raise OperationalError(statement, {}, ConnectionRefusedError("the database is down"))

    def end(self) -> None:
        self.on = False
        event.remove(self.engine, "before_cursor_execute", self.fail)


@pytest.fixture
def known(app):
    """A browser whose learner the store knows (its pages read the store: the review badge, progress)."""
    client = app.test_client()
    with client.session_transaction() as session:
        session[SESSION_KEY] = "ab" * 16
        session[STORED_KEY] = True
    return client


def assert_503_page(response, lang: str = "en") -> str:
    body = response.get_data(as_text=True)
    assert response.status_code == 503, body[:300]
    assert response.headers["Retry-After"] == str(RETRY_AFTER)
    assert response.headers["Content-Type"].startswith("text/html")
    assert f'<html lang="{lang}' in body
    assert "cannot reach its database" in body or lang != "en"
    assert "Internal Server Error" not in body
    return body


@pytest.mark.parametrize("path", PAGES)
def test_every_page_is_a_503_page_during_an_outage(app, known, path):
    outage = Outage(app)
    try:
        response = known.get(path, follow_redirects=True)
    finally:
        outage.end()
    assert outage.failed >= 1
    body = assert_503_page(response, path.split("/")[1])
    assert 'id="main"' in body and "nav-badge" not in body.replace('class="nav-badge" hidden', "")


def test_a_page_that_reads_the_store_is_a_503_and_then_recovers(app, known):
    outage = Outage(app)
    try:
        assert_503_page(known.get("/en/review"))
        assert_503_page(known.get("/en/progress"))
    finally:
        outage.end()
    assert known.get("/en/review").status_code == 200


def test_an_answer_sent_during_an_outage_is_a_503(app, client):
    token = csrf_token(client, "/en/device")
    outage = Outage(app)
    try:
        response = client.post("/en/device", data={"action": "show", "csrf_token": token})
    finally:
        outage.end()
    assert_503_page(response)


@pytest.mark.parametrize(
    "url",
    ["sqlite:////nonexistent/folder/tutor.sqlite3", "postgresql+psycopg://tutor@127.0.0.1:9/tutor?connect_timeout=2"],
)
def test_an_app_whose_database_is_unreachable_answers_503(tmp_path, url):
    app = create_app({"TESTING": False, "SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": url, "DB_AUTO_UPGRADE": False})
    client = app.test_client()
    with client.session_transaction() as session:
        session[SESSION_KEY] = "cd" * 16
        session[STORED_KEY] = True
    assert_503_page(client.get("/es/review"), "es")
    assert_503_page(client.get("/en/progress"))
    assert app.test_client().get("/en/deck").status_code == 200  # a new visitor's page reads no database
    with app.app_context():
        db.engine.dispose()


def test_the_app_fixture_still_works(tmp_path):
    app = make_app(tmp_path)
    assert app.test_client().get("/en/").status_code == 200
    dispose(app)
