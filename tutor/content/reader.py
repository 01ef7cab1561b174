"""The one reader of content files: every TOML table of a lesson, a check, a practice hand (and next,
a quiz) is read through a :class:`Reader`, so every error names the key path the same way and every
unknown key is refused.

A reader wraps one table and its path (``steps[2].check``). Each getter validates one key and marks
it used; :meth:`Reader.finish` refuses the keys nobody asked for, which catches typos::

    r = Reader(raw, "steps[0]")
    key = r.key()
    title = r.text("title")
    check = r.table("check")          # a Reader for the sub-table, or None
    r.finish()

Errors are :class:`~tutor.content.errors.ContentError` (``steps[0].title: missing``); the loader
adds the file name.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal, overload

from tutor.engine.cards import Card, parse_cards
from tutor.engine.errors import InvalidNotationError

from .errors import ContentError

KEY_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
"""Keys of lessons, steps and hands: lower-case words and digits joined by hyphens (used in URLs)."""

_MISSING: Any = object()


class Reader:
    """Reads a check's params from a TOML table; every error names the key path.

    Each ``get`` marks its key as used; :meth:`finish` refuses keys that no reader asked for,
    so typos in lesson files are caught.
    """

    def __init__(self, raw: Mapping[str, Any], path: str) -> None:
        self.raw = raw
        self.path = path
        self.used: set[str] = set()

    def _get(self, key: str) -> Any:
        self.used.add(key)
        return self.raw.get(key, _MISSING)

    def has(self, key: str) -> bool:
        """True when the key is present (does not mark it used)."""
        return key in self.raw

    def cards(self, key: str, *, count: int | None = None, low: int = 1, high: int = 40) -> tuple[Card, ...] | None:
        """Cards in compact notation (a string or a list of strings), or None when absent."""
        value = self._get(key)
        if value is _MISSING:
            return None
        if not isinstance(value, (str, list)):
            raise self.error(key, 'expected cards as text such as "7c 5c 12e" or a list')
        try:
            cards = parse_cards(value, count=count)
        except InvalidNotationError as exc:
            raise self.error(key, card_message(exc)) from None
        if count is None and not low <= len(cards) <= high:
            raise self.error(key, f"expected {low} to {high} cards, got {len(cards)}")
        return cards

    def hands(self, key: str, *, counts: Sequence[int]) -> tuple[tuple[Card, ...], ...] | None:
        """A list of three-card hands with no card twice, or None when absent."""
        value = self._get(key)
        if value is _MISSING:
            return None
        if not isinstance(value, list) or len(value) not in counts:
            raise self.error(key, f"expected a list of {' or '.join(map(str, counts))} hands")
        hands = []
        for i, item in enumerate(value):
            try:
                hands.append(parse_cards(item, count=3))
            except InvalidNotationError as exc:
                raise self.error(f"{key}[{i}]", card_message(exc)) from None
        seen = [c for h in hands for c in h]
        if len(set(seen)) != len(seen):
            raise self.error(key, "a card appears in two hands")
        return tuple(hands)

    def choice(self, key: str, options: Iterable[str | int], default: Any = _MISSING) -> Any:
        """One of ``options`` (text or numbers); ``default`` when absent (required when no default)."""
        allowed = tuple(options)
        value = self._get(key)
        if value is _MISSING:
            if default is _MISSING:
                raise self.error(key, f"missing; one of {', '.join(map(str, allowed))}")
            return default
        if value not in allowed:
            raise self.error(key, f"unknown value {value!r}; one of {', '.join(map(str, allowed))}")
        return value

    def choices(self, key: str, options: Iterable[str], *, low: int = 0, high: int = 99) -> tuple[str, ...] | None:
        """A list of values from ``options``, or None when absent."""
        allowed = tuple(options)
        value = self._get(key)
        if value is _MISSING:
            return None
        if isinstance(value, str):
            value = value.split()
        if not isinstance(value, list) or not low <= len(value) <= high:
            raise self.error(key, f"expected a list of {low} to {high} values")
        for i, item in enumerate(value):
            if item not in allowed:
                raise self.error(f"{key}[{i}]", f"unknown value {item!r}; one of {', '.join(map(str, allowed))}")
        return tuple(value)

    def letters(self, key: str, alphabet: str, *, low: int, high: int) -> tuple[str, ...] | None:
        """Single-letter codes, written ``"WP"``, ``"W P"`` or ``["W", "P"]``; None when absent."""
        value = self._get(key)
        if value is _MISSING:
            return None
        if isinstance(value, str):
            items = [ch for ch in value.upper() if not ch.isspace()]
        elif isinstance(value, list) and all(isinstance(x, str) for x in value):
            items = [x.strip().upper() for x in value]
        else:
            raise self.error(key, f'expected letters from {alphabet}, e.g. "{alphabet[:2]}"')
        for i, item in enumerate(items):
            if item not in alphabet or len(item) != 1:
                raise self.error(key, f"item {i + 1}: {item!r} is not one of {', '.join(alphabet)}")
        if not low <= len(items) <= high:
            raise self.error(key, f"expected {low} to {high} letters, got {len(items)}")
        return tuple(items)

    def integer(self, key: str, low: int, high: int, default: Any = _MISSING) -> Any:
        """A whole number in [low, high]; ``default`` when absent."""
        value = self._get(key)
        if value is _MISSING:
            if default is _MISSING:
                raise self.error(key, "missing")
            return default
        if type(value) is not int or not low <= value <= high:
            raise self.error(key, f"expected a whole number from {low} to {high}, got {value!r}")
        return value

    def integers(self, key: str, low: int, high: int, *, counts: Sequence[int]) -> tuple[int, ...] | None:
        """A list of whole numbers in [low, high] whose length is in ``counts``, or None."""
        value = self._get(key)
        if value is _MISSING:
            return None
        if not isinstance(value, list) or len(value) not in counts:
            raise self.error(key, f"expected a list of {' or '.join(map(str, counts))} numbers")
        for i, item in enumerate(value):
            if type(item) is not int or not low <= item <= high:
                raise self.error(f"{key}[{i}]", f"expected a whole number from {low} to {high}, got {item!r}")
        return tuple(value)

    def boolean(self, key: str, default: bool) -> bool:
        """true/false; ``default`` when absent."""
        value = self._get(key)
        if value is _MISSING:
            return default
        if not isinstance(value, bool):
            raise self.error(key, f"expected true or false, got {value!r}")
        return value

    def finish(self) -> None:
        """Refuse keys that were not read."""
        for key in self.raw:
            if key not in self.used:
                raise self.error(key, "unknown key")

    # --- Texts, keys and sub-tables (shared by every content file) -------------------------------

    def where(self, key: str) -> str:
        """The key path of ``key`` in this table."""
        return f"{self.path}.{key}" if self.path else key

    def error(self, key: str, message: str) -> ContentError:
        """A ContentError at ``path.key``."""
        return ContentError(message, path=self.where(key) if key else self.path)

    @overload
    def text(self, key: str, *, required: Literal[True] = True) -> str: ...
    @overload
    def text(self, key: str, *, required: bool) -> str | None: ...
    def text(self, key: str, *, required: bool = True) -> str | None:
        """An English text (a msgid): non-empty, trimmed, balanced ``**`` bold markers."""
        value = self._get(key)
        return check_text(None if value is _MISSING else value, self.where(key), required=required)

    def texts(self, key: str) -> tuple[str, ...]:
        """A non-empty list of texts (paragraphs)."""
        value = self._get(key)
        if not isinstance(value, list) or not value:
            raise self.error(key, "expected a list of paragraphs")
        return tuple(check_text(p, f"{self.where(key)}[{i}]") for i, p in enumerate(value))  # type: ignore[misc]

    def key(self, name: str = "key") -> str:
        """A key: lower-case words and digits joined by ``-``."""
        value = self.text(name)
        assert value is not None
        if not KEY_RE.match(value):
            raise self.error(name, f"bad key {value!r}: use lower-case words joined by '-'")
        return value

    def table(self, key: str, *, required: bool = False) -> Reader | None:
        """A reader for the sub-table ``key`` (None when absent and not required)."""
        value = self._get(key)
        if value is _MISSING:
            if required:
                raise self.error(key, "missing")
            return None
        if not isinstance(value, dict):
            raise self.error(key, "expected a table")
        return Reader(value, self.where(key))

    def tables(self, key: str, *, low: int = 0, high: int = 999) -> list[Reader]:
        """Readers for an array of tables (``[[key]]``), empty when absent and ``low`` is 0."""
        value = self._get(key)
        if value is _MISSING:
            value = []
        if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
            raise self.error(key, "expected an array of tables ([[" + key + "]])")
        if not low <= len(value) <= high:
            raise self.error(key, f"expected {low} to {high} entries, got {len(value)}")
        return [Reader(item, f"{self.where(key)}[{i}]") for i, item in enumerate(value)]

    def raw_value(self, key: str) -> Any:
        """The value as TOML gave it (None when absent), marked used: for values another parser reads."""
        value = self._get(key)
        return None if value is _MISSING else value

    def predicate(self, key: str, *, required: bool = True):
        """A predicate of the vocabulary (:mod:`tutor.content.predicates`), or None when absent."""
        from .predicates import parse

        value = self._get(key)
        if value is _MISSING:
            if required:
                raise self.error(key, "missing")
            return None
        return parse(value, self.where(key))


def check_text(value: Any, where: str, *, required: bool = True) -> str | None:
    """Validate one English text (a msgid): non-empty, trimmed, balanced ``**``."""
    if value is None:
        if required:
            raise ContentError("missing", path=where)
        return None
    if not isinstance(value, str) or not value.strip():
        raise ContentError("expected non-empty text", path=where)
    if value != value.strip():
        raise ContentError("text has leading or trailing spaces", path=where)
    if value.count("**") % 2:
        raise ContentError("unbalanced ** (bold markup)", path=where)
    return value


def card_message(exc: InvalidNotationError) -> str:
    value = exc.details.get("value")
    reason = exc.reason.value
    if reason in ("unknown_rank", "unknown_suit", "malformed"):
        return f"unknown card {value!r}"
    if reason == "duplicate_card":
        return f"card {value} given twice"
    if reason == "wrong_count":
        return f"expected {exc.details.get('expected')} cards, got {value}"
    return str(exc)
