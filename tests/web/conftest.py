"""Web tests: those marked ``store`` run on SQLite and PostgreSQL (tests/conftest.py), the others on SQLite.

A module whose tests write the store (and read back what they wrote) says so once,
``pytestmark = pytest.mark.store`` (like SQLAlchemy's ``__backend__``). A module that never writes it
(the API, the envido pages, the cards, the OpenAPI document) runs on SQLite only, and its test ids
still say so (``test_x[sqlite]``): what such a module may read is an empty store, and the queries
that read it run on PostgreSQL in the modules that write first. A test of an unmarked module whose
app writes the store fails with a message to mark the module, so a module that starts writing cannot
silently lose its PostgreSQL run.
"""

from __future__ import annotations

import re

import pytest
from sqlalchemy import event
from sqlalchemy.engine import Engine


def pytest_generate_tests(metafunc) -> None:
    """Every test whose fixtures need ``database`` and that is not marked ``store`` gets ``[sqlite]``."""
    if "database" in metafunc.fixturenames and not metafunc.definition.get_closest_marker("store"):
        metafunc.parametrize("database", ("sqlite",), indirect=True)


_WRITE = re.compile(r"^\s*(INSERT|UPDATE|DELETE|REPLACE|MERGE)\b|^\s*WITH\b.*\b(INSERT|UPDATE|DELETE)\b", re.I | re.S)
"""A statement that writes rows (not the schema: ``db.create_all()`` runs CREATE TABLE)."""


@pytest.fixture(autouse=True)
def store_only_when_marked(request):
    """Fail a test that runs on SQLite only (not marked ``store``) whose app writes the store."""
    if "database" not in request.fixturenames or request.node.get_closest_marker("store"):
        yield
        return
    used: list[str] = []

    def seen(conn, cursor, statement, parameters, context, executemany) -> None:
        if _WRITE.match(statement):
            used.append(statement)

    event.listen(Engine, "before_cursor_execute", seen)
    try:
        yield
    finally:
        event.remove(Engine, "before_cursor_execute", seen)
    if used:
        first = " ".join(used[0].split())[:200]
        pytest.fail(
            f"this test writes the store ({len(used)} statements, the first: {first}) but its module "
            "is not marked: add `pytestmark = pytest.mark.store` so that it runs on PostgreSQL too",
            pytrace=False,
        )
