"""Caches of rendered fragments that do not depend on the learner: what a page repeats for everyone
with the same inputs (the header for a language, page and badge count; a question's drawing for a
check, seed, language and card face) is rendered once per worker and kept.

Every key names everything the fragment's output depends on; :func:`cached` renders on a miss and
keeps the result (least recently used dropped first). ``PAGE_CACHES = False`` in the app's
configuration renders every fragment every time: ``tests/web/test_caches.py`` renders each page type
both ways and compares.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable

from flask import Flask, current_app
from jinja2 import Undefined
from markupsafe import Markup

from ...i18n import current_language
from .preferences import card_face

_KEY = "tutor.fragments"
SIZES = {"header": 4096, "question": 4096}
"""Fragments kept per worker, per kind."""
DEFAULT_SIZE = 1024


class FragmentCache:
    """Rendered fragments by key, the least recently used dropped first; thread-safe."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._entries: OrderedDict[Hashable, Markup] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = self.misses = 0

    def get(self, key: Hashable, render: Callable[[], str]) -> Markup:
        with self._lock:
            found = self._entries.get(key)
            if found is not None:
                self._entries.move_to_end(key)
                self.hits += 1
                return found
            self.misses += 1
        value = Markup(render())
        with self._lock:
            self._entries[key] = value
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)
        return value

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()


def caches_on() -> bool:
    return bool(current_app.config.get("PAGE_CACHES", True))


def fragment_cache(kind: str) -> FragmentCache:
    """This app's cache of ``kind`` fragments."""
    caches: dict[str, FragmentCache] = current_app.extensions.setdefault(_KEY, {})
    found = caches.get(kind)
    if found is None:
        found = caches.setdefault(kind, FragmentCache(SIZES.get(kind, DEFAULT_SIZE)))
    return found


def cached(kind: str, key: Hashable, render: Callable[[], str]) -> Markup:
    """The fragment for ``key``: kept from an earlier render, or rendered now and kept (or, with the
    caches off, rendered every time)."""
    if not caches_on():
        return Markup(render())
    return fragment_cache(kind).get(key, render)


def cache_fragment(kind: str, key: Hashable | None, *parts: Hashable, caller: Callable[[], str]) -> Markup:
    """In a template, ``{% call cache_fragment("question", question_key, "situation", "lg") %}...{% endcall %}``:
    the body rendered once per ``(key, parts)`` and kept; a None key renders it every time."""
    if key is None or isinstance(key, Undefined):
        return Markup(caller())
    return cached(kind, (key, parts), caller)


def question_key(check: str, seed: int, face: str | None = None) -> tuple[str, int, str, str]:
    """What a question's drawing depends on besides its state (answered, an error, a form given
    back): the check (``<lesson>/<step>``), the seed, the language and the card face it is drawn
    with (``face``; by default the learner's)."""
    return (check, seed, current_language(), face or card_face())


def clear_caches(app: Flask) -> None:
    for cache in app.extensions.get(_KEY, {}).values():
        cache.clear()


def init_app(app: Flask) -> None:
    """``cache_fragment`` for the templates."""
    app.jinja_env.globals["cache_fragment"] = cache_fragment
