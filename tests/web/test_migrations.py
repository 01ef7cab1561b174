"""The Alembic migrations build exactly the schema the models describe."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask_migrate import downgrade, upgrade
from sqlalchemy import create_engine, inspect

from tutor import create_app
from tutor.models import db


def migrated_app(tmp_path):
    url = f"sqlite:///{tmp_path / 'migrated.sqlite3'}"
    return create_app({"TESTING": True, "SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": url}), url


def test_migrations_on_an_empty_database_match_the_models(tmp_path):
    app, url = migrated_app(tmp_path)
    with app.app_context():
        upgrade()
        with db.engine.connect() as connection:
            differences = compare_metadata(MigrationContext.configure(connection), db.metadata)
        db.engine.dispose()
    assert differences == []
    tables = set(inspect(create_engine(url)).get_table_names())
    assert {"learner", "progress", "alembic_version"} <= tables


def test_downgrade_to_base_removes_every_table(tmp_path):
    app, url = migrated_app(tmp_path)
    with app.app_context():
        upgrade()
        downgrade(revision="base")
        db.engine.dispose()
    assert set(inspect(create_engine(url)).get_table_names()) == {"alembic_version"}


def test_db_upgrade_command_then_pages_work(tmp_path):
    app, _ = migrated_app(tmp_path)
    result = app.test_cli_runner().invoke(args=["db", "upgrade"])
    assert result.exit_code == 0, result.output
    client = app.test_client()
    assert client.get("/en/device").status_code == 200
    with app.app_context():
        db.engine.dispose()


def test_auto_upgrade_at_start_up(tmp_path):
    url = f"sqlite:///{tmp_path / 'auto.sqlite3'}"
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": url, "DB_AUTO_UPGRADE": True})
    assert app.test_client().get("/en/device").status_code == 200
    with app.app_context():
        db.engine.dispose()
