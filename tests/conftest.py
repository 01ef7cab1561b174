"""Shared fixtures: an app on a temporary database, clients, and small HTML helpers.

The app runs on a fresh SQLite file per test. A test that writes the store (and reads back what it
wrote) is marked ``store`` (``pytestmark = pytest.mark.store`` for a whole module) and runs twice, on
SQLite and on PostgreSQL (``test_x[sqlite]``, ``test_x[postgresql]``); the other web tests run on
SQLite only (``tests/web/conftest.py``), and a web test that is not marked but writes the store
fails and says so. Each pytest process (each xdist worker) starts one private PostgreSQL server in a temporary
folder the first time a PostgreSQL test needs it (``tools/pgserver.py``), and the tables are
emptied before each test. No PostgreSQL installed means those tests fail (``make test`` installs
it); ``-m "not postgresql"`` deselects them, and the count says so.

A store test with other parameters as well (languages, lessons, inputs...) runs every combination on
SQLite and, on PostgreSQL, a covering sample of them: the fewest combinations, in test-id order, in
which each value of a parameter with few values (languages, sizes) occurs at least once, and at least
three spread over the rest (``postgresql_sample``). What differs between the two databases is the
SQL, not the values. ``TUTOR_POSTGRESQL=all`` runs every combination on
PostgreSQL too.

How much the tests do (Hypothesis examples, deals played in loops) is set by one profile, ``full``,
``ci`` or ``fast`` (``tests/budgets.py``), loaded here.
"""

from __future__ import annotations

import atexit
import os
import re
import shutil
import tempfile
from functools import lru_cache
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import settings
from jinja2.bccache import Bucket, BytecodeCache
from sqlalchemy import create_engine, text

from tests.budgets import current_profile, register_profiles, selected_profile
from tools.pgserver import PostgresServer, PostgresUnavailable
from tutor import create_app
from tutor.content.checks import AnswerType
from tutor.store import db

ROOT = Path(__file__).resolve().parents[1]
LANGUAGES = ("en", "de", "sv", "pl", "es")
HTMX = {"HX-Request": "true"}
"""Headers of an htmx request that swaps a region."""

register_profiles()
settings.load_profile(selected_profile())

BACKENDS = ("sqlite", pytest.param("postgresql", marks=pytest.mark.postgresql))
"""Where a test marked ``store`` runs: the test id says which (``test_x[postgresql]``)."""


def pytest_report_header(config) -> str:
    return f"test profile: {current_profile()} (tests/budgets.py)"


def pytest_generate_tests(metafunc) -> None:
    """A test marked ``store`` whose fixtures need ``database`` runs on SQLite and on PostgreSQL."""
    if "database" in metafunc.fixturenames and metafunc.definition.get_closest_marker("store"):
        metafunc.parametrize("database", BACKENDS, indirect=True)


POSTGRESQL_VARIABLE = "TUTOR_POSTGRESQL"


SAMPLE_VALUES = 6
"""A parameter with at most this many values in a test (languages, table sizes, backends of a form...)
has each value on PostgreSQL; one with more (routes, malformed inputs, steps) is sampled."""

SAMPLE_SPREAD = 3
"""Items on PostgreSQL of a test whose parameters are sampled, at least: the first, the middle, the last."""


def postgresql_sample(items: list[pytest.Item]) -> list[pytest.Item]:
    """The PostgreSQL items to leave out. For each test function, in test-id order, keep an item when it
    has a value, of a parameter with at most ``SAMPLE_VALUES`` values, that no kept item has; then keep
    items spread over the rest until ``SAMPLE_SPREAD`` are kept."""
    groups: dict[tuple[str, str], list[pytest.Item]] = {}
    for item in items:
        callspec = getattr(item, "callspec", None)
        if callspec is not None and callspec.params.get("database") == "postgresql":
            groups.setdefault((str(item.path), item.originalname), []).append(item)  # type: ignore[attr-defined]
    left_out = []
    for group in groups.values():
        group.sort(key=lambda each: each.nodeid)
        params = [
            {name: repr(value) for name, value in item.callspec.params.items() if name != "database"}  # type: ignore[attr-defined]
            for item in group
        ]
        few = {name for name in params[0] if len({values.get(name) for values in params}) <= SAMPLE_VALUES}
        covered: set[tuple[str, str]] = set()
        kept = [False] * len(group)
        for index, values in enumerate(params):
            mine = {(name, value) for name, value in values.items() if name in few}
            if index == 0 or not mine <= covered:
                kept[index] = True
                covered |= mine
        want = min(SAMPLE_SPREAD, len(group))
        for index in sorted({round(step * (len(group) - 1) / max(want - 1, 1)) for step in range(want)}):
            if sum(kept) >= want:
                break
            kept[index] = True
        left_out += [item for item, keep in zip(group, kept, strict=True) if not keep]
    return left_out


def pytest_collection_modifyitems(config, items) -> None:
    """PostgreSQL runs a covering sample of each store test's other parameters (module docstring)."""
    if os.environ.get(POSTGRESQL_VARIABLE, "").strip() == "all":
        return
    left_out = postgresql_sample(items)
    if left_out:
        dropped = {id(item) for item in left_out}
        items[:] = [item for item in items if id(item) not in dropped]
        config.hook.pytest_deselected(items=left_out)


def make_app(tmp_path: Path, database: str | None = None, **overrides):
    """A testing app with tables created from the models: on its own SQLite file in ``tmp_path``, or on
    the PostgreSQL database ``database`` (a URL from the ``database_url`` fixture), emptied first.

    A new SQLite file is a copy of one this process made once with ``db.metadata.create_all``
    (the same tables, without building them again for every test); an existing file is kept."""
    if database is None or database.startswith("sqlite"):
        uri = database or f"sqlite:///{tmp_path / 'test.sqlite3'}"
    else:
        uri = database
    copied = _copy_sqlite_schema(uri)
    config = {"TESTING": True, "SECRET_KEY": "test-secret-key", "SQLALCHEMY_DATABASE_URI": uri, **overrides}
    app = create_app(config)
    app.jinja_env.bytecode_cache = _TEMPLATE_CODE
    with app.app_context():
        if not copied:
            db.create_all()
        if not uri.startswith("sqlite"):
            empty_tables(db.engine)
    return app


class _ProcessBytecodeCache(BytecodeCache):
    """Compiled templates kept for this test process: every test makes a new app, whose Jinja
    environment would otherwise compile each template again (about 30 ms a template, most of a short
    test). Jinja checks each entry against the template source's checksum, so an edited template is
    compiled again."""

    def __init__(self) -> None:
        self.codes: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        code = self.codes.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.codes[bucket.key] = bucket.bytecode_to_string()


_TEMPLATE_CODE = _ProcessBytecodeCache()


def _keep_url_builders() -> None:
    """Werkzeug compiles two URL-building functions for every rule of every new app (about 50 ms of
    the 70 that an app of ~140 rules takes to make): keep them for this test process, keyed by what
    the generated code depends on (the rule, its parsed parts, its defaults, whether unknown
    arguments are appended, the host matching). The function is the same one Werkzeug would
    compile; it reads the rule's converters through the rule it is bound to, at call time."""
    from werkzeug.routing.rules import Rule

    compile_builder = getattr(Rule, "_compile_builder", None)
    if compile_builder is None or getattr(compile_builder, "_kept", False):  # another Werkzeug: leave it
        return
    kept: dict[tuple[object, ...], object] = {}

    def keep(self, append_unknown=True):
        defaults = tuple(sorted((k, repr(v)) for k, v in (self.defaults or {}).items()))
        key = (
            self.rule,
            tuple(self._trace),
            defaults,
            append_unknown,
            self.map.host_matching,
            self.subdomain,
            self.host,
        )
        found = kept.get(key)
        if found is None:
            found = kept[key] = compile_builder(self, append_unknown)
        return found

    keep._kept = True  # type: ignore[attr-defined]
    Rule._compile_builder = keep  # type: ignore[method-assign]


_keep_url_builders()

_SCHEMA: list[Path] = []
"""The SQLite file with every table of the models that new test databases copy (one per process)."""


def _copy_sqlite_schema(uri: str) -> bool:
    """Copy the schema file to ``uri``'s SQLite file if that file is new and its folder exists."""
    prefix = "sqlite:///"
    if not uri.startswith(prefix) or "?" in uri or uri == prefix + ":memory:":
        return False
    target = Path(uri.removeprefix(prefix))
    if target.exists() or not target.parent.is_dir():
        return False
    if not _SCHEMA:
        folder = Path(tempfile.mkdtemp(prefix="tutor-schema-"))
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        engine = create_engine(f"{prefix}{folder / 'schema.sqlite3'}")
        db.metadata.create_all(engine)
        engine.dispose()
        _SCHEMA.append(folder / "schema.sqlite3")
    shutil.copyfile(_SCHEMA[0], target)
    return True


def empty_tables(engine) -> None:
    """Delete every row of every table of the models, children first, and start every sequence again
    (PostgreSQL). A DELETE of a test's few rows takes a few milliseconds where a TRUNCATE of every table
    took 150 ms (it makes new files for each table)."""
    with engine.begin() as connection:
        connection.execute(text("SET LOCAL lock_timeout = '20s'"))
        for table in reversed(db.metadata.sorted_tables):
            connection.execute(table.delete())
        connection.execute(
            text(
                "SELECT setval(oid, 1, false) FROM pg_class WHERE relkind = 'S' AND relnamespace = 'public'::regnamespace"
            )
        )


def dispose(app) -> None:
    """Close the app's database connections (a PostgreSQL server has a connection limit)."""
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.fixture(scope="session")
def postgres_server():
    """One private PostgreSQL server per pytest process (each xdist worker has its own, in its own
    temporary folder with its own socket: ``tools/pgserver.py``), started when a test first needs it;
    fails if none can start."""
    try:
        server = PostgresServer().start()
    except PostgresUnavailable as error:
        pytest.fail(f"{error}. Deselect the PostgreSQL tests with -m 'not postgresql'.", pytrace=False)
    yield server
    server.stop()


@pytest.fixture(scope="session")
def postgres_database(postgres_server, worker_name):
    """The URL of the database this process's app tests share on that server (emptied by ``make_app``)."""
    url = postgres_server.create_database(f"tutor_test_{worker_name}")
    engine = create_engine(url)
    db.metadata.create_all(engine)
    engine.dispose()
    return url


@pytest.fixture(scope="session")
def worker_name(request) -> str:
    """``gw0``, ``gw1``... under xdist, ``main`` without it: names what each process owns."""
    return getattr(request.config, "workerinput", {}).get("workerid", "main")


@pytest.fixture
def database(request) -> str:
    """``sqlite`` or ``postgresql``: where the test's app keeps its store.

    A test that asks for the app only at run time (``request.getfixturevalue("app")``) is not
    parametrized and runs on SQLite."""
    return getattr(request, "param", "sqlite")


@pytest.fixture
def database_url(request, database, tmp_path) -> str:
    """The database of the ``app`` fixture: a new SQLite file, or this process's PostgreSQL test
    database (emptied when the app is made)."""
    if database == "sqlite":
        return f"sqlite:///{tmp_path / 'test.sqlite3'}"
    return request.getfixturevalue("postgres_database")


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
    return list(_parsed(html))


@lru_cache(maxsize=16)
def _parsed(html: str) -> tuple[Element, ...]:
    """A page is parsed once however many ``find_all`` look into it (tests only read the elements)."""
    collector = _Collector()
    collector.feed(html)
    return tuple(collector.elements)


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
