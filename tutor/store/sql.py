"""Small SQL helpers shared by the store's modules: the dialect's ``INSERT ... ON CONFLICT`` and the
times SQLite hands back without a zone."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Column, String, Table, delete, func, literal, select, type_coerce
from sqlalchemy.dialects import postgresql, sqlite

from .schema import db


def dialect_name() -> str:
    return db.session.get_bind().dialect.name


def upsert(table: Table) -> Any:
    """``INSERT INTO table`` that knows ``on_conflict_do_update``/``on_conflict_do_nothing``, for the bound database.

    SQLite (3.24 and later) and PostgreSQL both have ``INSERT ... ON CONFLICT``: one statement, so a
    row is created once and a counter goes up atomically however many requests write it at once.
    """
    name = dialect_name()
    if name == "postgresql":
        return postgresql.insert(table)
    if name == "sqlite":
        return sqlite.insert(table)
    raise RuntimeError(f"the store supports SQLite and PostgreSQL, not {name}")


_STATEMENTS: dict[tuple[str, Hashable], Any] = {}


def statement(name: Hashable, build: Callable[[], Any]) -> Any:
    """The statement ``build()`` makes (with bind parameters for its values), built once per dialect:
    the store's statements run on every page and answer, and building one costs more than running it."""
    key = (dialect_name(), name)
    found = _STATEMENTS.get(key)
    if found is None:
        found = _STATEMENTS[key] = build()
    return found


def replace_rows(table: Table, keys: list[str], rows: list[dict[str, Any]]) -> None:
    """Upsert ``rows`` (every column given) on the primary key ``keys``: inserted, or overwritten."""
    if not rows:
        return
    columns = tuple(name for name in rows[0] if name not in keys)

    def build() -> Any:
        insert = upsert(table)
        return insert.on_conflict_do_update(index_elements=keys, set_={name: insert.excluded[name] for name in columns})

    db.session.execute(statement(("replace", table.name, tuple(keys), columns), build), rows)


def aware(moment: datetime | None) -> datetime | None:
    """A stored time as timezone-aware UTC (SQLite hands back naive values; they are UTC)."""
    if moment is None:
        return None
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment


_FROM_ISO = datetime.fromisoformat


def _sqlite_time(value: str | None) -> datetime | None:
    """A time as SQLite keeps it, with its zone added by the query (``2026-03-01 12:00:00.000000+00:00``),
    parsed in C."""
    return None if value is None else _FROM_ISO(value)


def time_column(column: Column) -> tuple[Any, Callable[[Any], datetime | None]]:
    """A timezone-aware DateTime column to select, and the function that turns what the driver hands
    back into an aware datetime: SQLite's text is read as is and parsed in C (SQLAlchemy's own
    processing and a ``replace(tzinfo=...)`` cost several times more per value, which counts when a
    class's projections are read at once); PostgreSQL's driver already hands back aware values."""
    if dialect_name() == "sqlite":
        return (type_coerce(column, String) + literal("+00:00", String)).label(column.name), _sqlite_time
    return column, aware


def delete_where(model: Any, where: Any, *, dry_run: bool = False) -> int:
    """Delete the rows of ``model`` that match ``where`` in one transaction, and return how many;
    ``dry_run`` counts them and deletes nothing."""
    if dry_run:
        count = db.session.scalar(select(func.count()).select_from(model).where(where)) or 0
    else:
        count = db.session.execute(delete(model).where(where)).rowcount  # type: ignore[attr-defined]
        db.session.commit()
    db.session.rollback()
    return int(count)
