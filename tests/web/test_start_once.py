"""Starting is idempotent: a double click on "Start" (two requests at once) makes one daily game and
one open quiz run, on SQLite and PostgreSQL; a finished quiz can be started again.

The app runs in a threaded werkzeug server (a thread per request, like several workers) and the
clicks come over real HTTP at the same moment.
"""

from __future__ import annotations

import re
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from flask_migrate import downgrade, upgrade
from sqlalchemy import create_engine, func, select, text

from tests.conftest import dispose, find_all, make_app
from tests.web.test_parallel_answers import Browser, Server
from tutor import create_app
from tutor.store import Game, QuizRun, db, store_of

pytestmark = pytest.mark.store  # reads and writes the store: runs on SQLite and on PostgreSQL

BROWSERS = 6
CLICKS = 4
QUIZ = "exam"
SEED = 4242


@pytest.fixture
def server(tmp_path, database_url):
    app = make_app(tmp_path, database_url, TESTING=False)  # CSRF and sessions as deployed
    running = Server(app)
    yield app, running.url
    running.close()
    dispose(app)


def start_form(browser: Browser, path: str) -> tuple[str, dict]:
    status, html = browser.open(path)
    assert status == 200, html[:300]
    form = re.search(r'<form method="post" action="([^"]+)">.*?</form>', html, re.S)
    assert form is not None, "no start form"
    fields = {e.attrs["name"]: e.attrs.get("value") or "" for e in find_all(form.group(0), "input", type="hidden")}
    return form.group(1), fields


def click_at_once(browsers: list[Browser], path: str) -> list[tuple[int, str]]:
    """Every browser opens the page, then clicks its start button CLICKS times at the same moment."""
    forms = [(browser, *start_form(browser, path)) for browser in browsers]
    sends = [item for item in forms for _ in range(CLICKS)]
    barrier = threading.Barrier(len(sends))

    def send(item):
        browser, action, fields = item
        barrier.wait()
        return browser.open(action, fields)

    with ThreadPoolExecutor(max_workers=len(sends)) as pool:
        return list(pool.map(send, sends))


def count_per_learner(app, query) -> list[int]:
    with app.app_context():
        return sorted(n for _learner, n in db.session.execute(query).all())


def test_a_double_click_on_todays_deal_makes_one_game(server):
    app, base = server
    browsers = [Browser(base) for _ in range(BROWSERS)]
    results = click_at_once(browsers, "/en/play/daily")
    assert [status for status, _html in results] == [200] * len(results)
    query = select(Game.learner_id, func.count()).where(Game.daily.is_not(None)).group_by(Game.learner_id)
    assert count_per_learner(app, query) == [1] * BROWSERS
    # Every click of one browser landed at the same table.
    tables = {}
    for browser, (_status, html) in zip([b for b in browsers for _ in range(CLICKS)], results, strict=True):
        tables.setdefault(id(browser), set()).add(re.search(r'action="/en/play/([0-9a-f]{16})"', html).group(1))
    assert all(len(found) == 1 for found in tables.values())


def test_a_double_click_on_start_the_quiz_makes_one_open_run(server):
    app, base = server
    browsers = [Browser(base) for _ in range(BROWSERS)]
    results = click_at_once(browsers, f"/en/quiz/{QUIZ}?seed={SEED}")
    assert [status for status, _html in results] == [200] * len(results)
    query = select(QuizRun.learner_id, func.count()).where(QuizRun.quiz == QUIZ).group_by(QuizRun.learner_id)
    assert count_per_learner(app, query) == [1] * BROWSERS


def test_a_finished_quiz_can_be_started_again(app, client):
    with app.app_context():
        store = store_of(app)
        learner = store.learners.ensure(None)
        first = store.quizzes.start(learner.id, QUIZ, SEED, 20)
        assert store.quizzes.start(learner.id, QUIZ, SEED, 20).id == first.id  # still open: the same run
        db.session.execute(text("UPDATE quiz_run SET finished = CURRENT_TIMESTAMP WHERE id = :id"), {"id": first.id})
        db.session.commit()
        again = store.quizzes.start(learner.id, QUIZ, SEED, 20)
        assert again.id != first.id and again.finished is None
        assert store.quizzes.start(learner.id, QUIZ, SEED + 1, 20).id not in (first.id, again.id)


# --- The migration ------------------------------------------------------------------------------


@pytest.fixture
def empty_url(request, database, tmp_path) -> str:
    if database == "sqlite":
        return f"sqlite:///{tmp_path / 'migrated.sqlite3'}"
    return request.getfixturevalue("postgres_server").create_database("tutor_migrations")


def test_the_migration_resolves_stored_duplicates_and_goes_back(empty_url):
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": empty_url})
    engine = create_engine(empty_url)
    game = (
        "INSERT INTO game (id, public_id, learner_id, seed, log, version, hints, hint_pending, created, rules, level,"
        " daily, score0, score1, reviews, updated) VALUES (:id, :pid, 1, 7, '[]', :version, 0, false,"
        " CURRENT_TIMESTAMP, 'argentino', 'strong', :daily, 0, 0, '{}', CURRENT_TIMESTAMP)"
    )
    run = (
        "INSERT INTO quiz_run (id, public_id, learner_id, quiz, seed, size, day, answers, version, score, finished,"
        " created, updated) VALUES (:id, :pid, 1, 'exam', 5, 20, NULL, '[]', 0, 0, :finished, CURRENT_TIMESTAMP,"
        " CURRENT_TIMESTAMP)"
    )
    with app.app_context():
        upgrade(revision="b3c7e91d2a58")  # the revision before this one
        with engine.begin() as connection:
            connection.execute(
                text(
                    "INSERT INTO learner (id, public_id, device_code, created, last_seen) "
                    "VALUES (1, 'a', 'ABCDEFGH', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"
                )
            )
            for number, version, daily in [
                (1, 9, "2026-12-01"),
                (2, 3, "2026-12-01"),
                (3, 3, "2026-12-01"),
                (4, 0, None),
            ]:
                connection.execute(
                    text(game), {"id": number, "pid": f"{number:016x}", "version": version, "daily": daily}
                )
            for number, finished in [(1, "2026-12-01 10:00:00"), (2, None), (3, None), (4, None)]:
                connection.execute(text(run), {"id": number, "pid": f"{number:016x}", "finished": finished})
        upgrade()
        with engine.connect() as connection:
            dailies = connection.execute(text("SELECT id, daily FROM game ORDER BY id")).all()
            runs = connection.execute(text("SELECT id FROM quiz_run ORDER BY id")).scalars().all()
        assert [tuple(row) for row in dailies] == [(1, "2026-12-01"), (2, None), (3, None), (4, None)]
        assert runs == [1, 4]  # the finished run and the newest open one
        with engine.begin() as connection, pytest.raises(Exception):  # noqa: B017 - the driver's IntegrityError
            connection.execute(text(game), {"id": 5, "pid": f"{5:016x}", "version": 0, "daily": "2026-12-01"})
        downgrade(revision="b3c7e91d2a58")
        with engine.begin() as connection:
            connection.execute(text(game), {"id": 5, "pid": f"{5:016x}", "version": 0, "daily": "2026-12-01"})
            connection.execute(text(run), {"id": 5, "pid": f"{5:016x}", "finished": None})
        db.engine.dispose()
    engine.dispose()
