"""Every store test that uses the ``app`` fixture runs on SQLite and on PostgreSQL, as the web tests do."""

from __future__ import annotations

from tests.web.conftest import database, database_url, pytest_generate_tests  # noqa: F401 - fixtures and hook
