"""The hint at a table, computed once per decision and within a time budget.

A hint is the strong bot's evaluation of the learner's view (:func:`tutor.bots.hint`): some 30 to
160 ms of CPU. It is asked for again on every page of the table while it is pending (a reload, the
next htmx swap) and once more by the hand's review, so each is kept per app (per worker) under a key
naming everything it depends on: the hint's seed (the table's seed and the version of the game the
decision is at), the learner's view and the señas the learner knows. The key is the game's version
in content form: two reloads of the same game version find it; a daily deal at the same point for
two learners shares it (the hint is a function of those three); any other move changes the view.

Each computation runs under a deadline (:data:`HINT_SECONDS`, an anytime search: on an overloaded
machine the hint ranks on fewer simulated deals instead of making the learner wait). The first
result is the one kept, so the page and the review show the same ranking. ``PAGE_CACHES = False``
(the tests of the caches) computes every hint afresh; with ``TIME_BUDGETS`` off (tests) the search
has no deadline.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Sequence

from flask import current_app, has_app_context

from ....bots import HandFact, Hint, Style, hint
from ....engine.state import SeatView
from ...shared.caches import caches_on
from ...shared.limits import search_deadline

HINT_SECONDS = 0.2
"""The most time one hint's search takes (then it ranks on the deals simulated so far)."""
HINTS_KEPT = 1024
"""Hints each app keeps (the latest used; a few hundred bytes each)."""
_KEY = "tutor.table_hints"


class HintCache:
    """Hints by key, the least recently used dropped first; thread-safe."""

    def __init__(self, size: int = HINTS_KEPT) -> None:
        self.size = size
        self._hints: OrderedDict[bytes, Hint] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: bytes) -> Hint | None:
        with self._lock:
            found = self._hints.get(key)
            if found is not None:
                self._hints.move_to_end(key)
            return found

    def put(self, key: bytes, found: Hint) -> Hint:
        """Keep ``found`` unless another request kept one first; returns the one kept."""
        with self._lock:
            kept = self._hints.setdefault(key, found)
            self._hints.move_to_end(key)
            while len(self._hints) > self.size:
                self._hints.popitem(last=False)
            return kept

    def __len__(self) -> int:
        return len(self._hints)


def hint_cache() -> HintCache | None:
    """This app's hints, or None outside an app or with the page caches off."""
    if not has_app_context() or not caches_on():
        return None
    found = current_app.extensions.get(_KEY)
    if found is None:
        found = current_app.extensions.setdefault(_KEY, HintCache())
    return found


def hint_key(view: SeatView, seed: int, facts: Sequence[HandFact], style: Style | None = None) -> bytes:
    """What a hint depends on, as a short digest (the view's repr names all it shows)."""
    read = style.key() if style is not None else ""
    return hashlib.blake2b(f"{seed}|{view!r}|{tuple(facts)!r}|{read}".encode(), digest_size=16).digest()


def kept_hint(
    view: SeatView,
    seed: int,
    facts: Sequence[HandFact],
    *,
    seconds: float | None = HINT_SECONDS,
    cap: float | None = None,
    style: Style | None = None,
) -> Hint:
    """The hint for ``view`` (seeded ``seed``, knowing ``facts``, the other team modelled by
    ``style``): kept, or computed within ``seconds`` (and not past ``cap``, another deadline) and
    kept."""
    cache = hint_cache()
    key = hint_key(view, seed, facts, style) if cache is not None else b""
    if cache is not None:
        found = cache.get(key)
        if found is not None:
            return found
    deadline = cap if seconds is None else search_deadline(seconds, cap)
    found = hint(view, seed=seed, facts=facts, deadline=deadline, style=style)
    return cache.put(key, found) if cache is not None else found


__all__ = ["HINT_SECONDS", "HintCache", "hint_cache", "hint_key", "kept_hint"]
