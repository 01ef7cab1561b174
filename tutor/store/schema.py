"""The store's tables (SQLAlchemy 2, Flask-SQLAlchemy): learners, the learning log and what is kept
with it, form tokens, the device-code limit, and the runs (games, practice hands, quizzes).

A learner has no name, e-mail or password: only a random public id kept in the signed session
cookie and a short device code that restores the identity on another device.

``AttemptRow`` is the learning log, one row per answer or lesson event, only ever inserted: it is
the truth. The *projections* (``LearnerProgress``, ``ItemProgress``, ``TopicProgress``,
``LessonProgress``, ``DayProgress``) are what the pages read; they are written in the same
transaction as the attempts they follow (:mod:`tutor.store.attempts`) and can always be recomputed
from the log (``flask --app tutor store rebuild``).

``AnsweredForm`` remembers which answer forms were counted, so a form sent twice counts once.
``DeviceCodeFailures`` counts wrong device codes per client address (the guessing limit).
``Game`` and ``PracticeRun`` are runs at the table (:class:`RunColumns`: the owner, the seed, the
action log, the version that every write compares and swaps, the hint counter); ``QuizRun`` is one
try at a quiz, the exam or a daily set. Schema changes go through Alembic (``migrations/``).
"""

from __future__ import annotations

import secrets
import sqlite3
import uuid
from datetime import UTC, date, datetime
from typing import Any

from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import (
    JSON,
    Boolean,
    Date,
    DateTime,
    Engine,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    UniqueConstraint,
    event,
    false,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, declared_attr, mapped_column

DEVICE_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
"""Letters and digits that cannot be mistaken for each other (no 0/O, 1/I/L)."""

DEVICE_CODE_LENGTH = 8
"""31**8 (about 8.5e11) possible codes."""

KEY_LENGTH = 64
"""Longest lesson, step, topic or hand key the projections keep."""

DAILY_KEY_LENGTH = 24
"""Longest key of a daily deal (a date, a colon and a game: ``2026-12-03:mineiro``)."""


def utcnow() -> datetime:
    """The system's time, timezone-aware UTC (the store's default clock: :class:`tutor.store.SystemClock`)."""
    return datetime.now(UTC)


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


SQLITE_BUSY_TIMEOUT_MS = 30_000
"""How long an SQLite writer waits for another's write to finish before giving up."""


@event.listens_for(Engine, "connect")
def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """Per SQLite connection: foreign keys (and ON DELETE CASCADE) enforced, which SQLite does only when
    asked; write-ahead logging, so readers never wait for a writer and a commit needs no fsync
    (``synchronous=NORMAL``: a power cut may lose the last commits, never corrupt the file); and a
    writer waits up to 30 s for another instead of failing with "database is locked" when several
    workers answer at once."""
    if isinstance(dbapi_connection, sqlite3.Connection):
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA journal_mode=WAL")  # kept in the file; an in-memory database stays "memory"
        cursor.execute("PRAGMA synchronous=NORMAL")
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


def new_public_id() -> str:
    """A random public id for a run's URL (not guessable, not a counter).

    >>> len(new_public_id()), new_public_id() != new_public_id()
    (16, True)
    """
    return secrets.token_hex(8)


new_game_id = new_public_id


# --- Learners, the log, form tokens, the device-code limit ----------------------------------------


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

    def __repr__(self) -> str:
        return f"<Learner {self.id}>"


class AttemptRow(db.Model):  # type: ignore[name-defined]
    """One entry of a learner's learning log (``tutor.learning.Attempt``): an answer, or a lesson event.

    Rows are only ever inserted (:mod:`tutor.store.attempts`); nothing updates or deletes them except
    the learner's own deletion. Read per learner, by item or by time (the two indexes).
    """

    __tablename__ = "attempt"
    __table_args__ = (
        Index("ix_attempt_learner_item", "learner_id", "item"),
        Index("ix_attempt_learner_at", "learner_id", "at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    """Also the order of attempts made at the same moment."""
    learner_id: Mapped[int] = mapped_column(ForeignKey("learner.id", ondelete="CASCADE"))
    item: Mapped[str] = mapped_column(String(120))
    """``<lesson>/<step>``, ``practice:<hand>``, ``quiz:<topic>``, or a lesson key (a reset)."""
    source: Mapped[str] = mapped_column(String(16))
    """``tutor.learning.Source``: lesson, quiz, review, practice, daily; seen, reset (events)."""
    correct: Mapped[bool] = mapped_column(Boolean)
    hinted: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """The learner asked for the hint before answering."""
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    def __repr__(self) -> str:
        return f"<AttemptRow {self.learner_id} {self.item} {self.source} {self.correct}>"


class AnsweredForm(db.Model):  # type: ignore[name-defined]
    """An answer form already counted: its one-time token, so that sending it again counts nothing.

    Rows older than a day are deleted as new ones come (:mod:`tutor.store.tokens`).
    """

    __tablename__ = "answered_form"

    learner_id: Mapped[int] = mapped_column(ForeignKey("learner.id", ondelete="CASCADE"), primary_key=True)
    token: Mapped[str] = mapped_column(String(32), primary_key=True)
    """The random token the form carried (``attempt``)."""
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow, index=True)

    def __repr__(self) -> str:
        return f"<AnsweredForm {self.learner_id} {self.token}>"


class DeviceCodeFailures(db.Model):  # type: ignore[name-defined]
    """Wrong device codes still counted against one client address (a leaky bucket, :mod:`tutor.store.learners`)."""

    __tablename__ = "device_code_failures"

    address: Mapped[str] = mapped_column(String(64), primary_key=True)
    """The client's IP address (IPv6: its /64 network), as ``tutor.web.device.client_key`` gives it."""
    failures: Mapped[float] = mapped_column(Float, default=0.0)
    """Failures counted at ``updated``; they leak away at one per ``FORGIVE_EVERY`` after that."""
    updated: Mapped[float] = mapped_column(Float, index=True)
    """When ``failures`` was last written, in seconds since the Unix epoch (arithmetic in SQL)."""

    def __repr__(self) -> str:
        return f"<DeviceCodeFailures {self.address} {self.failures}>"


# --- Projections of the log -------------------------------------------------------------------------


class LearnerProgress(db.Model):  # type: ignore[name-defined]
    """Per learner: how much of the log the projections have taken in, and the totals, days and streak.

    Every append locks this row first (an ``INSERT ... ON CONFLICT DO UPDATE`` on it is the
    transaction's first statement), so one learner's appends are applied one after the other, on
    every server, and the other projections of the learner are read and written under that lock.
    """

    __tablename__ = "learner_progress"

    learner_id: Mapped[int] = mapped_column(ForeignKey("learner.id", ondelete="CASCADE"), primary_key=True)
    entries: Mapped[int] = mapped_column(Integer, default=0)
    """Log entries taken in (answers and events)."""
    last_entry: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The id of the last attempt taken in."""
    last_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    """Its time: a new attempt is never earlier (:mod:`tutor.store.attempts`)."""
    answers: Mapped[int] = mapped_column(Integer, default=0)
    """Answers to items (``Attempt.is_question``)."""
    right: Mapped[int] = mapped_column(Integer, default=0)
    days: Mapped[int] = mapped_column(Integer, default=0)
    """Days with at least one answer (in the store's day zone)."""
    last_day: Mapped[date | None] = mapped_column(Date, nullable=True)
    """The day of the latest answer."""
    streak: Mapped[int] = mapped_column(Integer, default=0)
    """Days in a row with answers, ending on ``last_day``."""
    day_answers: Mapped[int] = mapped_column(Integer, default=0)
    """Answers on ``last_day``."""


class ItemProgress(db.Model):  # type: ignore[name-defined]
    """Per learner and item: answers, the FSRS card, and the lesson step's record since its last reset."""

    __tablename__ = "item_progress"
    __table_args__ = (Index("ix_item_progress_learner_due", "learner_id", "due"),)

    learner_id: Mapped[int] = mapped_column(ForeignKey("learner.id", ondelete="CASCADE"), primary_key=True)
    item: Mapped[str] = mapped_column(String(120), primary_key=True)
    answers: Mapped[int] = mapped_column(Integer, default=0)
    """Answers to the item, from every source."""
    right: Mapped[int] = mapped_column(Integer, default=0)
    card_state: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The FSRS card (``fsrs.Card``), None while the item was never answered."""
    card_step: Mapped[int | None] = mapped_column(Integer, nullable=True)
    stability: Mapped[float | None] = mapped_column(Float, nullable=True)
    difficulty: Mapped[float | None] = mapped_column(Float, nullable=True)
    due: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    last_review: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    lesson_tries: Mapped[int] = mapped_column(Integer, default=0)
    """Lesson answers since the lesson's last reset (``tutor.learning.StepRecord``)."""
    lesson_right: Mapped[int] = mapped_column(Integer, default=0)
    lesson_first: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    lesson_done: Mapped[bool] = mapped_column(Boolean, default=False)
    lesson_touched: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    """When the step was last answered or read since the reset (None: not touched)."""


class TopicProgress(db.Model):  # type: ignore[name-defined]
    """Per learner and quiz topic: answers, the latest results (the mastery window), the quiz passed."""

    __tablename__ = "topic_progress"

    learner_id: Mapped[int] = mapped_column(ForeignKey("learner.id", ondelete="CASCADE"), primary_key=True)
    topic: Mapped[str] = mapped_column(String(KEY_LENGTH), primary_key=True)
    answers: Mapped[int] = mapped_column(Integer, default=0)
    recent: Mapped[str] = mapped_column(String(32), default="")
    """The latest results, oldest first, ``1`` right and ``0`` wrong (``tutor.learning.MASTERY_WINDOW`` kept)."""
    quiz_passed: Mapped[bool] = mapped_column(Boolean, default=False)


class LessonProgress(db.Model):  # type: ignore[name-defined]
    """Per learner and lesson: tested out by its topic's quiz since the last reset; resets so far."""

    __tablename__ = "lesson_progress"

    learner_id: Mapped[int] = mapped_column(ForeignKey("learner.id", ondelete="CASCADE"), primary_key=True)
    lesson: Mapped[str] = mapped_column(String(KEY_LENGTH), primary_key=True)
    tested_out: Mapped[bool] = mapped_column(Boolean, default=False)
    resets: Mapped[int] = mapped_column(Integer, default=0)


class DayProgress(db.Model):  # type: ignore[name-defined]
    """Per learner, day (in the store's day zone) and topic (``""`` for an item of none): answers and right ones."""

    __tablename__ = "day_progress"

    learner_id: Mapped[int] = mapped_column(ForeignKey("learner.id", ondelete="CASCADE"), primary_key=True)
    topic: Mapped[str] = mapped_column(String(KEY_LENGTH), primary_key=True)
    day: Mapped[date] = mapped_column(Date, primary_key=True)
    """The key's order (learner, topic, day) reads a topic's latest days from the end of an index range."""
    answers: Mapped[int] = mapped_column(Integer, default=0)
    right: Mapped[int] = mapped_column(Integer, default=0)


PROJECTIONS = (LearnerProgress, ItemProgress, TopicProgress, LessonProgress, DayProgress)
"""The tables recomputed from the log by ``flask --app tutor store rebuild``."""


# --- Runs ---------------------------------------------------------------------------------------------


class RunColumns:
    """What every run at the table has (``Game``, ``PracticeRun``): a public id for its URL, the
    owner, the seed, the action log, the version that every write compares and swaps (the number of
    log entries), the hints asked for and whether one is shown for the decision on the table."""

    id: Mapped[int] = mapped_column(primary_key=True)
    public_id: Mapped[str] = mapped_column(String(16), unique=True, default=new_public_id)
    """The id in the run's URL."""

    @declared_attr
    def learner_id(cls) -> Mapped[int]:  # noqa: N805 - a declared attribute
        return mapped_column(ForeignKey("learner.id", ondelete="CASCADE"), index=True)

    seed: Mapped[int] = mapped_column(Integer)
    """Fixes the deals and every bot decision."""
    log: Mapped[list[Any]] = mapped_column(JSON, default=list)
    """The action log, one list of entries per hand (``tutor.bots.table.LoggedAction``)."""
    version: Mapped[int] = mapped_column(Integer, default=0)
    """Log entries so far: the page posts the version it was drawn after."""
    hints: Mapped[int] = mapped_column(Integer, default=0)
    """Hints the learner asked for."""
    hint_pending: Mapped[bool] = mapped_column(default=False)
    """A hint was shown for the decision the learner has not taken yet."""
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Game(RunColumns, db.Model):  # type: ignore[name-defined]
    """A match at the table: one learner against (and with) computer players.

    The state is ``rules + seed + level + log``; :class:`tutor.bots.table.Table` rebuilds it.
    """

    __tablename__ = "game"
    __table_args__ = (
        # One daily deal per learner and day: two "Start" clicks at once make one game (NULLs are
        # distinct, so ordinary games are not constrained).
        Index("uq_game_learner_daily", "learner_id", "daily", unique=True),
    )

    rules: Mapped[str] = mapped_column(String(200))
    """The rules in the engine's notation (``tutor.engine.notation.format_rules``)."""
    level: Mapped[str] = mapped_column(String(16))
    """The computer players' level (``tutor.bots.Level``)."""
    daily: Mapped[str | None] = mapped_column(String(DAILY_KEY_LENGTH), nullable=True)
    """The daily deal's key, else None: its day (ISO date), and its game after a colon but for the
    Argentine one (``2026-12-03``, ``2026-12-03:catalan``; ``tutor.web.play.views.daily_key``)."""
    score0: Mapped[int] = mapped_column(Integer, default=0)
    """Team 0's score (the learner's team when the learner sits at an even seat)."""
    score1: Mapped[int] = mapped_column(Integer, default=0)
    winner: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The team that won the match, once it is over."""
    reviews: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    """Per hand number (as text): the review's summary once computed (decisions, matched, lost)."""
    updated: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow, index=True)

    def __repr__(self) -> str:
        return f"<Game {self.public_id} v{self.version}>"


class PracticeRun(RunColumns, db.Model):  # type: ignore[name-defined]
    """One try at a practice hand (``tutor/content/hands``): the hand's key, the seed of its deal and
    the action log, like a :class:`Game` of one hand. ``stars`` is set once, when the hand ends
    (``tutor.content.practice.PracticeOutcome``)."""

    __tablename__ = "practice_run"
    __table_args__ = (Index("ix_practice_run_learner_hand", "learner_id", "hand_key"),)

    hand_key: Mapped[str] = mapped_column(String(80))
    stars: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """None while the hand goes on; 1 to 3 once it is over."""
    goal: Mapped[bool | None] = mapped_column(nullable=True)
    """Whether the goal was reached, once the hand is over."""
    review: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """The hand's review once computed (``tutor.web.components.table.replay_hand``)."""
    updated: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    def __repr__(self) -> str:
        return f"<PracticeRun {self.hand_key} {self.public_id} v{self.version}>"


class QuizRun(db.Model):  # type: ignore[name-defined]
    """One try at a quiz, the mixed exam or a daily set (``tutor.web.quiz``).

        The questions are not stored: the quiz's key and seed draw them again (``tutor.web.quiz.draw``).
        ``answers`` holds what the learner answered, one entry per question (a quiz: in order, one
        answer each; a daily set: per question its tries, and whether it was solved or shown). Every
        write is a compare-and-swap on ``version`` in the same transaction as the attempt it appends to
        the learning log (:mod:`tutor.store.runs`). A learner has at most one run of a day's daily set,
    and at most one open (unfinished) run of a quiz and seed.
    """

    __tablename__ = "quiz_run"
    __table_args__ = (
        UniqueConstraint("learner_id", "quiz", "day"),
        Index("ix_quiz_run_learner_quiz", "learner_id", "quiz"),
        # At most one open run of a quiz and seed per learner: two "Start" clicks at once make one.
        Index(
            "uq_quiz_run_open",
            "learner_id",
            "quiz",
            "seed",
            unique=True,
            sqlite_where=text("day IS NULL AND finished IS NULL"),
            postgresql_where=text("day IS NULL AND finished IS NULL"),
        ),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    public_id: Mapped[str] = mapped_column(String(16), unique=True, default=new_public_id)
    """The id in the run's URL."""
    learner_id: Mapped[int] = mapped_column(ForeignKey("learner.id", ondelete="CASCADE"))
    quiz: Mapped[str] = mapped_column(String(80))
    """A topic key (``tutor.learning.TOPICS``), ``exam`` or ``daily``."""
    seed: Mapped[int] = mapped_column(Integer)
    """Draws the questions (for a daily set: the day's seed)."""
    size: Mapped[int] = mapped_column(Integer)
    """How many questions."""
    day: Mapped[str | None] = mapped_column(String(10), nullable=True)
    """The day (ISO date) of a daily set, else None."""
    answers: Mapped[list[Any]] = mapped_column(JSON, default=list)
    """The learner's answers (see the class docstring)."""
    version: Mapped[int] = mapped_column(Integer, default=0)
    """Writes so far: the answer form posts the version it was drawn at."""
    score: Mapped[int] = mapped_column(Integer, default=0)
    """Questions answered right (a daily set: solved)."""
    finished: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    """When the last question was answered."""
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    def __repr__(self) -> str:
        return f"<QuizRun {self.quiz} {self.public_id} v{self.version}>"
