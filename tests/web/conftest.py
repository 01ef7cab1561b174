"""Every web test that uses the ``app`` fixture runs on SQLite and on PostgreSQL."""

from __future__ import annotations

import pytest

DATABASES = ("sqlite", pytest.param("postgresql", marks=pytest.mark.postgresql))


def pytest_generate_tests(metafunc) -> None:
    """Parametrize every test whose fixtures need ``database`` (the test id says which: ``test_x[postgresql]``)."""
    if "database" in metafunc.fixturenames:
        metafunc.parametrize("database", DATABASES, indirect=True)


@pytest.fixture
def database(request) -> str:
    """``sqlite`` or ``postgresql``: where the test's app keeps its store.

    A test that asks for the app only at run time (``request.getfixturevalue("app")``) is not
    parametrized and runs on SQLite."""
    return getattr(request, "param", "sqlite")


@pytest.fixture
def database_url(request, database, tmp_path) -> str:
    """A new SQLite file, or the shared PostgreSQL test database (emptied when the app is made)."""
    if database == "sqlite":
        return f"sqlite:///{tmp_path / 'test.sqlite3'}"
    return request.getfixturevalue("postgres_database")
