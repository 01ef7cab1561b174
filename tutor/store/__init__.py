"""The store: every table of the app and every read and write of them, in one package.

* :mod:`.schema`: the tables (learners, the learning log and its projections, form tokens, the
  device-code limit, games, practice runs, quiz runs), ``db`` and ``migrate``;
* :mod:`.attempts`: the learning log, appended with its projections in one transaction, read back
  for many learners at once (:meth:`AttemptLog.of`), rebuilt (``flask --app tutor store rebuild``);
* :mod:`.projection`: the fold of the log into what pages read (pure Python);
* :mod:`.progress`: reading the projections (:class:`Progress`, one learner or a class at once);
* :mod:`.runs`: games, practice hands and quizzes: ownership, compare-and-swap writes, hints;
* :mod:`.learners`, :mod:`.tokens`: learners and device codes, answer forms' one-time tokens;
* :mod:`.classroom`: teacher accounts, classes and their members, login and join-code limits;
* :mod:`.roster`: a class's co-teachers and invitations, teacher-made pupils, copy and delete;
* :mod:`.live`: live sessions on the projector, their players (phones) and answers;
* :mod:`.people`: tables with people (seats, seat tokens' hashes, the match's log);
* :mod:`.club`: club nights (duplicate Truco): events, their players (token hashes) and each board's result;
* :mod:`.privacy`: one learner's data, to download or delete ("delete my data");
* :mod:`.scoreboard`: the anotador's shared scores and the daily deal's results;
* :mod:`.clock`: the time every write and read of the store goes by, injected through the app.

A :class:`Store` belongs to one app (``create_app`` makes it: :func:`init_app`); features reach it
with :func:`current_store`. ``CLOCK`` in the app's configuration gives it another clock (a
:class:`ManualClock` in tests); ``DAY_ZONE`` (default ``UTC``) is the time zone whose calendar days
the streak, the daily goal and the accuracy per day count.
"""

from __future__ import annotations

from datetime import date, datetime, tzinfo
from zoneinfo import ZoneInfo

from flask import Flask, current_app
from sqlalchemy.exc import InterfaceError, OperationalError, TimeoutError as PoolTimeout
from sqlalchemy.orm import configure_mappers

from .attempts import Appended, AttemptLog, LogEntry, attempt_of
from .classroom import Classroom
from .clock import Clock, ManualClock, OffsetClock, SystemClock, utc_today
from .club import ClubEvents
from .learners import DeviceCodeLimit, Learners
from .live import LiveSessions
from .people import PeopleTables
from .privacy import LearnerData
from .progress import Progress, ProgressReader, ReviewItem, reviewable
from .roster import Roster
from .runs import DAILY, Best, GameRuns, PracticePlay, PracticeRuns, QuizRuns, Runs, TablePlay, owned
from .schema import (
    DEVICE_CODE_ALPHABET,
    DEVICE_CODE_LENGTH,
    PROJECTIONS,
    AnsweredForm,
    AttemptRow,
    Base,
    DayProgress,
    DeviceCodeFailures,
    Game,
    ItemProgress,
    Learner,
    LearnerProgress,
    LessonProgress,
    PracticeRun,
    QuizRun,
    TopicProgress,
    db,
    format_device_code,
    migrate,
    new_device_code,
    new_public_id,
    normalize_device_code,
    utcnow,
)
from .scoreboard import DailyResult, Result, Scoreboard, ScoreShare, Shared
from .tokens import FORM_TOKEN_FIELD, TOKEN_TTL, FormTokens, new_form_token

EXTENSION = "tutor.store"

UNAVAILABLE = (OperationalError, InterfaceError, PoolTimeout)
"""Exceptions that mean the database cannot be reached now (an outage, a restart, a dropped
connection, a pool timeout), not a bug: the web layer answers them with a 503."""


class Store:
    """The app's store: its clock, its day zone and one repository per kind of thing kept."""

    def __init__(self, clock: Clock | None = None, zone: tzinfo | str = "UTC") -> None:
        self.clock: Clock = clock or SystemClock()
        self.zone: tzinfo = ZoneInfo(zone) if isinstance(zone, str) else zone
        self.learners = Learners(self)
        self.tokens = FormTokens(self)
        self.attempts = AttemptLog(self)
        self.progress = ProgressReader(self)
        self.games = GameRuns(self, Game)
        self.practice = PracticeRuns(self, PracticeRun)
        self.quizzes = QuizRuns(self)
        self.device_codes = DeviceCodeLimit(self)
        self.classroom = Classroom(self)
        self.roster = Roster(self)
        self.live = LiveSessions(self)
        self.people = PeopleTables(self)
        self.club = ClubEvents(self)
        self.privacy = LearnerData(self)
        self.scoreboard = Scoreboard(self)

    def now(self) -> datetime:
        """The store's time now (timezone-aware)."""
        return self.clock.now()

    def today(self) -> date:
        """Today's date in UTC by the store's clock (the daily sets change at midnight UTC)."""
        return utc_today(self.clock)


def init_app(app: Flask) -> Store:
    """Bind the database and migrations to ``app`` and give it its :class:`Store` (``CLOCK``,
    ``DAY_ZONE`` from its configuration) and the ``flask store`` commands."""
    from ..paths import resource_dir
    from .cli import store_cli

    db.init_app(app)
    migrate.init_app(app, db, directory=str(resource_dir("migrations")), render_as_batch=True)
    store = Store(app.config.get("CLOCK"), app.config.get("DAY_ZONE") or "UTC")
    app.extensions[EXTENSION] = store
    app.cli.add_command(store_cli)
    return store


def store_of(app: Flask) -> Store:
    """The store of ``app``."""
    return app.extensions[EXTENSION]


def current_store() -> Store:
    """The store of the current app."""
    return current_app.extensions[EXTENSION]


def configure_models() -> None:
    """Set up SQLAlchemy's mappers of every model now (the warm-up: else the first write pays for it)."""
    configure_mappers()


def use_clock(app: Flask, clock: Clock) -> Clock:
    """Give ``app``'s store another clock (a test's :class:`ManualClock`); returns it."""
    store_of(app).clock = clock
    return clock


__all__ = [
    "configure_models",
    "DailyResult",
    "Result",
    "Scoreboard",
    "ScoreShare",
    "Shared",
    "Appended",
    "Classroom",
    "LiveSessions",
    "LearnerData",
    "AttemptLog",
    "LogEntry",
    "attempt_of",
    "Clock",
    "ManualClock",
    "OffsetClock",
    "SystemClock",
    "DeviceCodeLimit",
    "Learners",
    "Progress",
    "ProgressReader",
    "ReviewItem",
    "reviewable",
    "DAILY",
    "Best",
    "GameRuns",
    "PracticePlay",
    "PracticeRuns",
    "TablePlay",
    "QuizRuns",
    "Runs",
    "owned",
    "DEVICE_CODE_ALPHABET",
    "DEVICE_CODE_LENGTH",
    "PROJECTIONS",
    "AnsweredForm",
    "AttemptRow",
    "Base",
    "DayProgress",
    "DeviceCodeFailures",
    "Game",
    "ItemProgress",
    "Learner",
    "LearnerProgress",
    "LessonProgress",
    "PracticeRun",
    "QuizRun",
    "TopicProgress",
    "db",
    "format_device_code",
    "migrate",
    "new_device_code",
    "new_public_id",
    "normalize_device_code",
    "utcnow",
    "FORM_TOKEN_FIELD",
    "TOKEN_TTL",
    "FormTokens",
    "new_form_token",
    "Store",
    "UNAVAILABLE",
    "init_app",
    "store_of",
    "current_store",
    "use_clock",
]
