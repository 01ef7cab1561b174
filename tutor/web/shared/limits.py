"""Request budgets for CPU-heavy requests: leaky buckets per learner and per client address.

A hint or a bot's move costs up to a few hundred milliseconds of a worker's CPU (the strong bot's
search, bounded by its time budget), so the requests that compute them are counted: each key (a
learner, a client address) has a bucket of ``burst`` requests that leaks ``per_second`` of them
again; a request that finds its bucket full is refused with a 429 and ``Retry-After`` (the seconds
until one more fits). The numbers (:data:`LIMITS`) are sized so that normal use never meets them: a
learner asks at most one hint per decision and plays a card every second or two, and a class of 30
shares one school address. Like the device-code limit (``tutor.store.learners.DeviceCodeLimit``)
the bucket leaks continuously; unlike it, it is kept in the worker's memory, not the database: what
it protects is the worker's CPU, and a hint must not cost a database write. So each worker counts on
its own (with ``-w 2`` a key may get up to twice the numbers), and a restart forgets the counts.

``RATE_LIMITS`` in the app's configuration turns the limits on or off (default: on, except under
``TESTING``, where tests that need them turn them on).

The same goes for the time budgets of the bots' searches (:func:`search_deadline`): ``TIME_BUDGETS``
(default: on, except under ``TESTING``, so that the tests' answers depend on the seed and the
sample budget only, never on how loaded the machine running them is).
"""

from __future__ import annotations

import ipaddress
import math
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from flask import current_app, has_app_context, request

__all__ = ["Budget", "LIMITS", "LeakyBucket", "address_key", "limited", "reset_limits", "search_deadline"]


@dataclass(frozen=True, slots=True)
class Budget:
    """``burst`` requests at once, ``per_second`` more each second."""

    burst: int
    per_second: float


LIMITS: dict[str, Budget] = {
    # A learner: one hint per decision (a decision takes seconds); 20 at once, one more every 3 s.
    "hint:learner": Budget(20, 1 / 3),
    # A learner's moves at the table (each with the bots' replies): 60 at once, one more per second.
    "move:learner": Budget(60, 1.0),
    # One address, e.g. a class of 30 behind a school's router: 10 learners' worth of each at once.
    "hint:address": Budget(300, 10.0),
    "move:address": Budget(600, 20.0),
    # The JSON API's /hint and /bot-move (no learner, only the address): 120 at once, 2 a second.
    "api:address": Budget(120, 2.0),
    # PINs typed to join a live session, per address: a class of 30 at one school address, each
    # with two typos, fits at once; a guesser gets one a second (10**6 PINs: days per open session).
    "pin:address": Budget(100, 1.0),
    # Table codes typed to join a table with people, per address: the same as PINs.
    "code:address": Budget(100, 1.0),
    # Tables with people opened, per address: a class of 30 each opening two at once fits; then
    # one every 20 s (a script cannot fill the database with tables).
    "table:address": Budget(60, 1 / 20),
    # Scores the anotador shares (each a row), per address: as many as tables.
    "share:address": Budget(60, 1 / 20),
}
"""The budgets by name (``kind:key``); ``tests/web/test_limits.py`` checks that a class stays within."""

KEYS_KEPT = 20_000
"""Keys each bucket set remembers (the least recently counted forgotten first: a forgotten key
starts empty again, which only errs towards letting a request through)."""


class LeakyBucket:
    """One budget's buckets by key; thread-safe. ``clock`` is :func:`time.monotonic` (tests pass their own)."""

    def __init__(self, budget: Budget, clock: Callable[[], float] = time.monotonic) -> None:
        self.budget = budget
        self.clock = clock
        self._levels: OrderedDict[str, tuple[float, float]] = OrderedDict()
        self._lock = threading.Lock()

    def take(self, key: str) -> int | None:
        """Count one request for ``key``: None if it fits, else the whole seconds until one would."""
        now = self.clock()
        burst, rate = self.budget.burst, self.budget.per_second
        with self._lock:
            level, then = self._levels.get(key, (0.0, now))
            level = max(0.0, level - (now - then) * rate)
            if level + 1 > burst:
                self._levels[key] = (level, now)
                self._levels.move_to_end(key)
                return max(1, math.ceil((level + 1 - burst) / rate))
            self._levels[key] = (level + 1, now)
            self._levels.move_to_end(key)
            while len(self._levels) > KEYS_KEPT:
                self._levels.popitem(last=False)
            return None


_KEY = "tutor.rate_limits"


def _buckets() -> dict[str, LeakyBucket]:
    found = current_app.extensions.get(_KEY)
    if found is None:
        found = current_app.extensions.setdefault(_KEY, {name: LeakyBucket(b) for name, b in LIMITS.items()})
    return found


def reset_limits() -> None:
    """Forget every count of this app (tests)."""
    current_app.extensions.pop(_KEY, None)


def address_key() -> str:
    """The client's address (``request.remote_addr``, after ProxyFix): IPv4 as is, IPv6 by its /64."""
    try:
        ip = ipaddress.ip_address((request.remote_addr or "").strip())
    except ValueError:
        return "unknown"
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


def limited(kind: str, learner: str | int | None = None) -> int | None:
    """Count a ``kind`` request (``hint``, ``move``, ``api``, ``pin``, ``code``, ``table``, ``share``) for the client's address and, if given,
    for ``learner``: None if it is within both budgets, else the seconds to wait (``Retry-After``)."""
    if not current_app.config.get("RATE_LIMITS", not current_app.testing):
        return None
    buckets = _buckets()
    waits = [buckets[f"{kind}:address"].take(address_key())]
    if learner is not None and f"{kind}:learner" in buckets:
        waits.append(buckets[f"{kind}:learner"].take(str(learner)))
    refused = [w for w in waits if w is not None]
    return max(refused) if refused else None


def search_deadline(seconds: float, cap: float | None = None) -> float | None:
    """The deadline (a :func:`time.monotonic` instant) of a bot's search of at most ``seconds`` (and
    not past ``cap``), or None when the app's ``TIME_BUDGETS`` are off."""
    if has_app_context() and not current_app.config.get("TIME_BUDGETS", not current_app.testing):
        return None
    mine = time.monotonic() + seconds
    return mine if cap is None else min(mine, cap)
