"""Shared fixtures: an app on a temporary database, clients, and small HTML helpers.

The app runs on a fresh SQLite file per test. Under ``tests/web`` every test that uses the ``app``
fixture runs twice, on SQLite and on PostgreSQL (``tests/web/conftest.py``): one private PostgreSQL
server is started for the whole run in a temporary folder (``tools/pgserver.py``) and its tables are
emptied before each test. No PostgreSQL installed means those tests fail (``make test`` installs it);
``-m "not postgresql"`` deselects them, and the count says so.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from tools.pgserver import PostgresServer, PostgresUnavailable
from tutor import create_app
from tutor.content.checks import AnswerType
from tutor.store import db

ROOT = Path(__file__).resolve().parents[1]
LANGUAGES = ("en", "de", "sv", "pl", "es")
HTMX = {"HX-Request": "true"}
"""Headers of an htmx request that swaps a region."""


def make_app(tmp_path: Path, database: str | None = None, **overrides):
    """A testing app with tables created from the models: on its own SQLite file in ``tmp_path``, or on
    the PostgreSQL database ``database`` (a URL from the ``database_url`` fixture), emptied first."""
    if database is None or database.startswith("sqlite"):
        uri = database or f"sqlite:///{tmp_path / 'test.sqlite3'}"
    else:
        uri = database
    config = {"TESTING": True, "SECRET_KEY": "test-secret-key", "SQLALCHEMY_DATABASE_URI": uri, **overrides}
    app = create_app(config)
    with app.app_context():
        db.create_all()
        if not uri.startswith("sqlite"):
            empty_tables(db.engine)
    return app


def empty_tables(engine) -> None:
    """Delete every row of every table of the models (PostgreSQL: one TRUNCATE, ids restart)."""
    names = ", ".join(f'"{table.name}"' for table in db.metadata.sorted_tables)
    with engine.begin() as connection:
        connection.execute(text("SET LOCAL lock_timeout = '20s'"))
        connection.execute(text(f"TRUNCATE {names} RESTART IDENTITY CASCADE"))


def dispose(app) -> None:
    """Close the app's database connections (a PostgreSQL server has a connection limit)."""
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.fixture(scope="session")
def postgres_server():
    """One private PostgreSQL server for the whole run (``tools/pgserver.py``); fails if none can start."""
    try:
        server = PostgresServer().start()
    except PostgresUnavailable as error:
        pytest.fail(f"{error}. Deselect the PostgreSQL tests with -m 'not postgresql'.", pytrace=False)
    yield server
    server.stop()


@pytest.fixture(scope="session")
def postgres_database(postgres_server):
    """The URL of the database the app tests share on that server (emptied by ``make_app``)."""
    url = postgres_server.create_database("tutor_test")
    engine = create_engine(url)
    db.metadata.create_all(engine)
    engine.dispose()
    return url


@pytest.fixture
def database_url(tmp_path):
    """The database of the ``app`` fixture: a new SQLite file (``tests/web`` adds PostgreSQL)."""
    return f"sqlite:///{tmp_path / 'test.sqlite3'}"


@pytest.fixture
def app(tmp_path, database_url):
    """The app under test (CSRF protection on, as in production)."""
    app = make_app(tmp_path, database_url)
    yield app
    dispose(app)


@pytest.fixture
def client(app):
    """A browser without JavaScript."""
    return app.test_client()


@pytest.fixture
def htmx_client(app):
    """A browser whose every request carries ``HX-Request: true`` (a region swap)."""
    client = app.test_client()
    client.environ_base["HTTP_HX_REQUEST"] = "true"
    return client


_TOKEN_RE = re.compile(r'name="csrf_token" value="([^"]+)"|"X-CSRFToken": "([^"]+)"')


def csrf_token(client, path: str = "/en/deck") -> str:
    """The CSRF token a page hands to this client's session."""
    html = client.get(path).get_data(as_text=True)
    match = _TOKEN_RE.search(html)
    assert match, f"no CSRF token on {path}"
    return match.group(1) or match.group(2)


class Element:
    """A start tag seen by ``parse_html``: name, attributes and the text inside it."""

    def __init__(self, tag: str, attrs: dict[str, str | None]) -> None:
        self.tag, self.attrs, self.text = tag, attrs, ""

    def __repr__(self) -> str:
        return f"<{self.tag} {self.attrs}>"


class _Collector(HTMLParser):
    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[Element] = []
        self._open: list[Element] = []

    def handle_starttag(self, tag, attrs):
        element = Element(tag, dict(attrs))
        self.elements.append(element)
        if tag not in self.VOID:
            self._open.append(element)

    def handle_startendtag(self, tag, attrs):
        self.elements.append(Element(tag, dict(attrs)))

    def handle_endtag(self, tag):
        for index in range(len(self._open) - 1, -1, -1):
            if self._open[index].tag == tag:
                del self._open[index:]
                break

    def handle_data(self, data):
        for element in self._open:
            element.text += data


def parse_html(html: str) -> list[Element]:
    """Every element of an HTML document, in order, with its text content."""
    collector = _Collector()
    collector.feed(html)
    return collector.elements


def find_all(html: str, tag: str, **attrs: str) -> list[Element]:
    """Elements with this tag whose attributes equal ``attrs`` (``class_`` for class contains)."""
    found = []
    for element in parse_html(html):
        if element.tag != tag:
            continue
        ok = True
        for key, value in attrs.items():
            if key == "class_":
                ok = ok and value in (element.attrs.get("class") or "").split()
            else:
                ok = ok and element.attrs.get(key.replace("_", "-")) == value
        if ok:
            found.append(element)
    return found


def answer_form(question, answer) -> dict:
    """The form fields a learner sends to give ``answer`` (same shape as ``question.expected``)."""
    kind = question.answer_type
    if kind is AnswerType.CHOICE:
        return {"answer": answer}
    if kind is AnswerType.CHOICES:
        return {"answer": sorted(answer)}
    if kind is AnswerType.NUMBER:
        return {"answer": str(answer)}
    if kind is AnswerType.ORDER:
        return {f"place-{card}": str(place) for place, group in enumerate(answer, start=1) for card in group}
    return {"points": str(answer.points), "team": answer.team}
