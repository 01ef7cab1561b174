"""The learner store: anonymous learners and their progress (SQLAlchemy 2, Flask-SQLAlchemy).

A learner has no name, e-mail or password: only a random public id kept in the signed session
cookie and a short device code that restores the identity on another device. ``Progress`` is one
row per (learner, lesson, step) with free JSON data; the lesson pages decide what goes in it.
``DeviceCodeFailures`` counts wrong device codes per client address (the guessing limit).
Schema changes go through Alembic (``migrations/``, ``flask --app tutor db migrate``).
"""

from __future__ import annotations

import secrets
import sqlite3
import uuid
from datetime import datetime, timezone
from typing import Any

from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import JSON, DateTime, Engine, ForeignKey, Integer, MetaData, String, UniqueConstraint, event, select
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

DEVICE_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
"""Letters and digits that cannot be mistaken for each other (no 0/O, 1/I/L)."""

DEVICE_CODE_LENGTH = 8
"""31**8 (about 8.5e11) possible codes."""


def utcnow() -> datetime:
    """The current time, timezone-aware UTC."""
    return datetime.now(timezone.utc)


class Base(DeclarativeBase):
    """Declarative base with a naming convention, so migrations name constraints the same everywhere."""

    metadata = MetaData(
        naming_convention={
            "ix": "ix_%(column_0_label)s",
            "uq": "uq_%(table_name)s_%(column_0_N_name)s",
            "ck": "ck_%(table_name)s_%(constraint_name)s",
            "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
            "pk": "pk_%(table_name)s",
        }
    )


db = SQLAlchemy(model_class=Base)
"""The Flask-SQLAlchemy extension; bound to the app in ``create_app``."""

migrate = Migrate()
"""Flask-Migrate (``flask --app tutor db upgrade``)."""


@event.listens_for(Engine, "connect")
def _sqlite_foreign_keys(dbapi_connection: Any, _record: Any) -> None:
    """SQLite enforces foreign keys (and ON DELETE CASCADE) only when asked, per connection."""
    if isinstance(dbapi_connection, sqlite3.Connection):
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()


def new_device_code() -> str:
    """A random device code, e.g. ``K7M2QX9D``.

    >>> code = new_device_code()
    >>> len(code) == DEVICE_CODE_LENGTH and set(code) <= set(DEVICE_CODE_ALPHABET)
    True
    """
    return "".join(secrets.choice(DEVICE_CODE_ALPHABET) for _ in range(DEVICE_CODE_LENGTH))


def normalize_device_code(text: str) -> str | None:
    """The code as stored, from what a learner typed (any case, spaces or dashes), or None if it cannot be one.

    >>> normalize_device_code(" k7m2-qx9d ")
    'K7M2QX9D'
    >>> normalize_device_code("K7M2QX9") is None, normalize_device_code("K7M2QX9O") is None
    (True, True)
    """
    code = "".join(ch for ch in text.upper() if not ch.isspace() and ch != "-")
    if len(code) != DEVICE_CODE_LENGTH or not set(code) <= set(DEVICE_CODE_ALPHABET):
        return None
    return code


def format_device_code(code: str) -> str:
    """The code in two groups of four for reading aloud.

    >>> format_device_code("K7M2QX9D")
    'K7M2-QX9D'
    """
    half = len(code) // 2
    return f"{code[:half]}-{code[half:]}"


class Learner(db.Model):  # type: ignore[name-defined]
    """An anonymous learner."""

    __tablename__ = "learner"

    id: Mapped[int] = mapped_column(primary_key=True)
    public_id: Mapped[str] = mapped_column(String(32), unique=True, default=lambda: uuid.uuid4().hex)
    """Random id kept in the session cookie (hex uuid4); never shown."""
    device_code: Mapped[str] = mapped_column(String(DEVICE_CODE_LENGTH), unique=True, default=new_device_code)
    """Short code that restores this identity on another device."""
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    last_seen: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    progress: Mapped[list[Progress]] = relationship(
        back_populates="learner", cascade="all, delete-orphan"
    )

    @classmethod
    def by_public_id(cls, public_id: str) -> Learner | None:
        """The learner with this public id, if any."""
        return db.session.scalar(select(cls).where(cls.public_id == public_id))

    @classmethod
    def by_device_code(cls, code: str) -> Learner | None:
        """The learner with this (normalized) device code, if any."""
        return db.session.scalar(select(cls).where(cls.device_code == code))

    def __repr__(self) -> str:
        return f"<Learner {self.id}>"


class Progress(db.Model):  # type: ignore[name-defined]
    """What a learner has done in one step of one lesson (JSON data owned by the lesson pages)."""

    __tablename__ = "progress"
    __table_args__ = (UniqueConstraint("learner_id", "lesson", "step"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    learner_id: Mapped[int] = mapped_column(ForeignKey("learner.id", ondelete="CASCADE"), index=True)
    lesson: Mapped[str] = mapped_column(String(64))
    """Lesson key, e.g. ``envido-basics``."""
    step: Mapped[str] = mapped_column(String(64))
    """Step key within the lesson."""
    data: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    updated: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow, onupdate=utcnow)

    learner: Mapped[Learner] = relationship(back_populates="progress")

    def __repr__(self) -> str:
        return f"<Progress {self.learner_id} {self.lesson}/{self.step}>"


class DeviceCodeFailures(db.Model):  # type: ignore[name-defined]
    """Wrong device codes sent from one client address in the current window (``tutor.web.device``)."""

    __tablename__ = "device_code_failures"

    address: Mapped[str] = mapped_column(String(64), primary_key=True)
    """The client's IP address (IPv6: its /64 network), as ``tutor.web.device.client_key`` gives it."""
    window_start: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    """When the first failure of the current window was counted."""
    failures: Mapped[int] = mapped_column(Integer, default=0)
    """Wrong codes counted since ``window_start``."""

    def __repr__(self) -> str:
        return f"<DeviceCodeFailures {self.address} {self.failures}>"
