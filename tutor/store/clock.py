"""The store's clock: every time the store writes or reads against (an attempt's time, a due date, a
token's age, a run's last write, the day of a daily set) comes from the app's clock.

``create_app({"CLOCK": ManualClock(moment)})`` or :func:`tutor.store.use_clock` gives an app another
clock (tests move time with :meth:`ManualClock.advance`); nothing patches module functions.
"""

from __future__ import annotations

import threading
from datetime import UTC, date, datetime, timedelta
from typing import Protocol


class Clock(Protocol):
    """Anything with ``now()`` giving a timezone-aware datetime."""

    def now(self) -> datetime: ...


class SystemClock:
    """The system's time, UTC."""

    def now(self) -> datetime:
        return datetime.now(UTC)

    def __repr__(self) -> str:
        return "SystemClock()"


class ManualClock:
    """A clock that stands still until moved (thread-safe: a test's server threads read it).

    >>> clock = ManualClock(datetime(2026, 3, 10, 15, 0, tzinfo=UTC))
    >>> clock.advance(minutes=2); clock.now().isoformat()
    '2026-03-10T15:02:00+00:00'
    """

    def __init__(self, moment: datetime | None = None) -> None:
        self._moment = _aware(moment or datetime.now(UTC))
        self._lock = threading.Lock()

    def now(self) -> datetime:
        with self._lock:
            return self._moment

    def set(self, moment: datetime) -> None:
        with self._lock:
            self._moment = _aware(moment)

    def advance(self, **delta: float) -> None:
        """Move the clock forward by ``timedelta(**delta)``."""
        with self._lock:
            self._moment += timedelta(**delta)

    def __call__(self) -> datetime:
        return self.now()

    def __repr__(self) -> str:
        return f"ManualClock({self._moment.isoformat()})"


class OffsetClock:
    """The system's time moved by a fixed offset (a live server whose time a browser test moves on)."""

    def __init__(self, offset: timedelta = timedelta(0)) -> None:
        self.offset = offset

    def now(self) -> datetime:
        return datetime.now(UTC) + self.offset

    def advance(self, **delta: float) -> None:
        self.offset += timedelta(**delta)


def _aware(moment: datetime) -> datetime:
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def utc_today(clock: Clock) -> date:
    """The clock's date in UTC."""
    return clock.now().astimezone(UTC).date()
