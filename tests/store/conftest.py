"""The store's own tests. Every module here writes the store and says so with
``pytestmark = pytest.mark.store``, so that its tests that use the ``app`` fixture run on SQLite and on
PostgreSQL (tests/conftest.py, tests/web/conftest.py)."""
