"""The Alembic migrations build exactly the schema the models describe, on SQLite and on PostgreSQL."""

from __future__ import annotations

import json
from datetime import UTC

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask_migrate import downgrade, upgrade
from sqlalchemy import create_engine, inspect, text

from tutor import create_app
from tutor.store import db

pytestmark = pytest.mark.store  # reads and writes the store: runs on SQLite and on PostgreSQL


@pytest.fixture
def empty_url(request, database, tmp_path) -> str:
    """A database without any table: a new SQLite file, or a new database on the test PostgreSQL server."""
    if database == "sqlite":
        return f"sqlite:///{tmp_path / 'migrated.sqlite3'}"
    return request.getfixturevalue("postgres_server").create_database("tutor_migrations")


def table_names(url: str) -> set[str]:
    engine = create_engine(url)
    try:
        return set(inspect(engine).get_table_names())
    finally:
        engine.dispose()


def migrated_app(url: str):
    return create_app({"TESTING": True, "SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": url}), url


def test_migrations_on_an_empty_database_match_the_models(empty_url):
    app, url = migrated_app(empty_url)
    with app.app_context():
        upgrade()
        with db.engine.connect() as connection:
            differences = compare_metadata(MigrationContext.configure(connection), db.metadata)
        db.engine.dispose()
    assert differences == []
    assert {"learner", "attempt", "answered_form", "alembic_version"} <= table_names(url)
    assert "progress" not in table_names(url)  # moved into the learning log


def test_downgrade_to_base_removes_every_table(empty_url):
    app, url = migrated_app(empty_url)
    with app.app_context():
        upgrade()
        downgrade(revision="base")
        db.engine.dispose()
    assert table_names(url) == {"alembic_version"}


def test_db_upgrade_command_then_pages_work(empty_url):
    app, _ = migrated_app(empty_url)
    result = app.test_cli_runner().invoke(args=["db", "upgrade"])
    assert result.exit_code == 0, result.output
    client = app.test_client()
    assert client.get("/en/device").status_code == 200
    with app.app_context():
        db.engine.dispose()


def test_auto_upgrade_at_start_up(empty_url):
    app = create_app(
        {"TESTING": True, "SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": empty_url, "DB_AUTO_UPGRADE": True}
    )
    assert app.test_client().get("/en/device").status_code == 200
    with app.app_context():
        db.engine.dispose()


def test_progress_records_become_counters_and_back(empty_url):
    """The JSON progress records of earlier versions move into the counter columns, and back on downgrade."""
    app, url = migrated_app(empty_url)
    before = "5b7c0e2d9a41"  # the revision before progress counters
    counters = "c4e1a7d2b9f0"  # progress counters (the learning log replaces them later)
    engine = create_engine(url)
    with app.app_context():
        upgrade(revision=before)
        with engine.begin() as connection:
            connection.execute(
                text(
                    "INSERT INTO learner (id, public_id, device_code, created, last_seen) "
                    "VALUES (1, 'a', 'ABCDEFGH', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"
                )
            )
            for number, data in enumerate(
                ['{"done": true, "first": false, "tries": 3, "right": 1}', '{"done": true}', "{}"], start=1
            ):
                connection.execute(
                    text(
                        "INSERT INTO progress (id, learner_id, lesson, step, data, updated) "
                        "VALUES (:id, 1, 'l', :step, :data, CURRENT_TIMESTAMP)"
                    ),
                    {"id": number, "step": f"s{number}", "data": data},
                )
        upgrade(revision=counters)
        with engine.connect() as connection:
            rows = connection.execute(
                text('SELECT step, done, "first", tries, "right" FROM progress ORDER BY step')
            ).all()
        assert [
            (step, bool(done), first if first is None else bool(first), tries, right)
            for step, done, first, tries, right in rows
        ] == [
            ("s1", True, False, 3, 1),
            ("s2", True, None, 0, 0),
            ("s3", False, None, 0, 0),
        ]
        downgrade(revision=before)
        with engine.connect() as connection:
            data = dict(connection.execute(text("SELECT step, data FROM progress ORDER BY step")).all())
        db.engine.dispose()
    engine.dispose()
    decoded = {step: json.loads(value) if isinstance(value, str) else value for step, value in data.items()}
    assert decoded == {
        "s1": {"done": True, "first": False, "tries": 3, "right": 1},
        "s2": {"done": True, "tries": 0, "right": 0},
        "s3": {"done": False, "tries": 0, "right": 0},
    }


def test_progress_counters_become_the_learning_log_and_back(empty_url):
    """Each progress row becomes the attempts that explain it (the first answer first), so steps done,
    first tries and stars stay as they were; the downgrade adds the log back up into counters."""
    app, url = migrated_app(empty_url)
    before = "9d3f6a1c2e70"  # the revision before the learning log
    engine = create_engine(url)
    rows = [  # step, done, first, tries, right
        ("matas", True, False, 3, 1),  # wrong first, then wrong, then right
        ("the-rest", True, True, 2, 2),
        ("seats", True, None, 0, 0),  # a step without a check, read
        ("dealer", False, False, 1, 0),
    ]
    with app.app_context():
        upgrade(revision=before)
        with engine.begin() as connection:
            connection.execute(
                text(
                    "INSERT INTO learner (id, public_id, device_code, created, last_seen) "
                    "VALUES (1, 'a', 'ABCDEFGH', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"
                )
            )
            for number, (step, done, first, tries, right) in enumerate(rows, start=1):
                connection.execute(
                    text(
                        'INSERT INTO progress (id, learner_id, lesson, step, done, "first", tries, "right", updated) '
                        "VALUES (:id, 1, 'l', :step, :done, :first, :tries, :right, CURRENT_TIMESTAMP)"
                    ),
                    {"id": number, "step": step, "done": done, "first": first, "tries": tries, "right": right},
                )
        upgrade()
        with engine.connect() as connection:
            log = connection.execute(text("SELECT item, source, correct, hinted FROM attempt ORDER BY id")).all()
        assert [(item, source, bool(correct), bool(hinted)) for item, source, correct, hinted in log] == [
            ("l/matas", "lesson", False, False),
            ("l/matas", "lesson", False, False),
            ("l/matas", "lesson", True, False),
            ("l/the-rest", "lesson", True, False),
            ("l/the-rest", "lesson", True, False),
            ("l/seats", "seen", False, False),
            ("l/dealer", "lesson", False, False),
        ]
        downgrade(revision=before)
        with engine.connect() as connection:
            back = connection.execute(
                text('SELECT step, done, "first", tries, "right" FROM progress ORDER BY id')
            ).all()
        db.engine.dispose()
    engine.dispose()
    assert sorted(
        (step, bool(done), None if first is None else bool(first), tries, right)
        for step, done, first, tries, right in back
    ) == sorted(rows)


def test_the_projections_are_built_from_an_existing_log_and_dropped_on_downgrade(empty_url):
    """A database with a learning log gets its projections from the log (the store's own fold), and the
    downgrade drops them and nothing else."""
    from datetime import datetime, timedelta

    from tutor.store import Learner, store_of

    app, url = migrated_app(empty_url)
    before = "c021219e7d19"  # quiz runs: the revision before the projections
    engine = create_engine(url)
    start = datetime(2026, 3, 1, 22, 0, tzinfo=UTC)
    log = [
        ("card-ranking/false-aces", "lesson", False),
        ("card-ranking/false-aces", "lesson", True),
        ("deck-and-table/seats", "seen", False),
        ("quiz:card-ranking", "quiz", True),
        ("card-ranking/matas", "review", True),
        ("card-ranking", "reset", False),
        ("envido-counting/no-pair", "daily", False),
    ]
    with app.app_context():
        upgrade(revision=before)
        with engine.begin() as connection:
            for number in (1, 2):
                connection.execute(
                    text(
                        "INSERT INTO learner (id, public_id, device_code, created, last_seen) "
                        "VALUES (:id, :public, :code, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"
                    ),
                    {"id": number, "public": f"{number:032x}", "code": f"ABCDEFG{number + 1}"},
                )
                for offset, (item, source, correct) in enumerate(log[: len(log) - number + 1]):
                    connection.execute(
                        text(
                            "INSERT INTO attempt (learner_id, item, source, correct, hinted, at) "
                            "VALUES (:learner, :item, :source, :correct, :hinted, :at)"
                        ),
                        {
                            "learner": number,
                            "item": item,
                            "source": source,
                            "correct": correct,
                            "hinted": False,
                            "at": start + timedelta(hours=offset),
                        },
                    )
        upgrade()
        store = store_of(app)
        for learner_id in (1, 2):
            assert store.attempts.differences(learner_id) == []
        progress = store.progress.one(1)
        assert progress.totals().answers == 4 and progress.summary.entries == len(log)
        assert progress.all_mastery()[0].quiz_passed
        assert db.session.get(Learner, 1) is not None
        db.session.remove()
        downgrade(revision=before)
        assert not {
            "learner_progress",
            "item_progress",
            "topic_progress",
            "lesson_progress",
            "day_progress",
        } & table_names(url)
        with engine.connect() as connection:
            assert connection.execute(text("SELECT count(*) FROM attempt")).scalar_one() == 2 * len(log) - 1
        db.engine.dispose()
    engine.dispose()
