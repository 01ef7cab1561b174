"""The classroom's migration (b3c7e91d2a58) up and down on SQLite and PostgreSQL: its tables come and go,
and what was there before is untouched."""

from __future__ import annotations

import pytest
from flask_migrate import downgrade, upgrade
from sqlalchemy import create_engine, inspect, text

from tests.web.test_migrations import empty_url, migrated_app  # noqa: F401  (the fixture)
from tutor.store import db

pytestmark = pytest.mark.store  # reads and writes the store: runs on SQLite and on PostgreSQL

CLASSROOM = "b3c7e91d2a58"
BEFORE = "d5a8c3e1f047"
TABLES = {"teacher", "school_class", "class_member", "rate_bucket", "assignment"}


def tables(url: str) -> set[str]:
    engine = create_engine(url)
    try:
        return set(inspect(engine).get_table_names())
    finally:
        engine.dispose()


def test_the_classroom_migration_up_and_down(empty_url):  # noqa: F811
    app, url = migrated_app(empty_url)
    with app.app_context():
        upgrade(revision=BEFORE)
        assert not TABLES & tables(url)
        with db.engine.begin() as connection:
            connection.execute(
                text(
                    "INSERT INTO learner (id, public_id, device_code, created, last_seen) "
                    "VALUES (1, 'a', 'ABCDEFGH', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"
                )
            )
        upgrade(revision=CLASSROOM)
        assert tables(url) >= TABLES
        with db.engine.begin() as connection:
            connection.execute(
                text(
                    "INSERT INTO teacher (id, login, display_name, password_hash, recovery_hash, generation, "
                    "learner_id, created) VALUES (1, 'nowak', 'Ms Nowak', 'h', 'r', 0, 1, CURRENT_TIMESTAMP)"
                )
            )
            connection.execute(
                text(
                    "INSERT INTO school_class (id, public_id, teacher_id, name, lang, children, join_code, "
                    "join_open, archived, members, created) "
                    "VALUES (1, 'c', 1, 'Club', 'en', true, 'ABCDEF', true, false, 1, CURRENT_TIMESTAMP)"
                )
            )
            connection.execute(text("INSERT INTO class_member VALUES (1, 1, 'Ancho 27', CURRENT_TIMESTAMP)"))
        downgrade(revision=BEFORE)
        assert not TABLES & tables(url)
        with db.engine.connect() as connection:
            assert connection.execute(text("SELECT count(*) FROM learner")).scalar() == 1
        upgrade()
        assert tables(url) >= TABLES
        db.engine.dispose()


ROSTER = "e5cefd57f10d"
LIVE = "0e9e9fa8f01b"


def columns(url: str, table: str) -> set[str]:
    engine = create_engine(url)
    try:
        return {column["name"] for column in inspect(engine).get_columns(table)}
    finally:
        engine.dispose()


def test_the_assignment_seed_migration_up_and_down(empty_url):  # noqa: F811
    app, url = migrated_app(empty_url)
    with app.app_context():
        upgrade(revision="0e9e9fa8f01b")
        assert "seed" not in columns(url, "assignment")
        upgrade(revision="f3a9c2d17b64")
        assert "seed" in columns(url, "assignment")
        downgrade(revision="0e9e9fa8f01b")
        assert "seed" not in columns(url, "assignment")


def test_the_roster_migration_up_and_down_keeps_the_members(empty_url):  # noqa: F811
    """e5cefd57f10d adds co-teachers, invitations and the teacher-made mark: a member who was there
    before is a pupil who joined (not teacher-made, no label), and the downgrade keeps them."""
    app, url = migrated_app(empty_url)
    with app.app_context():
        upgrade(revision=LIVE)
        with db.engine.begin() as connection:
            connection.execute(
                text(
                    "INSERT INTO learner (id, public_id, device_code, created, last_seen) "
                    "VALUES (1, 'a', 'ABCDEFGH', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"
                )
            )
            connection.execute(
                text(
                    "INSERT INTO teacher (id, login, display_name, password_hash, recovery_hash, generation, "
                    "learner_id, created) VALUES (1, 'nowak', 'Ms Nowak', 'h', 'r', 0, NULL, CURRENT_TIMESTAMP)"
                )
            )
            connection.execute(
                text(
                    "INSERT INTO school_class (id, public_id, teacher_id, name, lang, children, join_code, "
                    "join_open, archived, members, created) "
                    "VALUES (1, 'c', 1, 'Club', 'en', true, 'ABCDEF', true, false, 1, CURRENT_TIMESTAMP)"
                )
            )
            connection.execute(text("INSERT INTO class_member VALUES (1, 1, 'Ancho 27', CURRENT_TIMESTAMP)"))
        upgrade(revision=ROSTER)
        assert {"class_teacher", "class_invite"} <= tables(url)
        assert {"managed", "label"} <= columns(url, "class_member")
        with db.engine.connect() as connection:
            row = connection.execute(text("SELECT nickname, managed, label FROM class_member")).one()
        assert (row.nickname, bool(row.managed), row.label) == ("Ancho 27", False, None)
        downgrade(revision=LIVE)
        assert not {"class_teacher", "class_invite"} & tables(url)
        assert not {"managed", "label"} & columns(url, "class_member")
        with db.engine.connect() as connection:
            assert connection.execute(text("SELECT nickname FROM class_member")).scalar() == "Ancho 27"
        db.engine.dispose()
