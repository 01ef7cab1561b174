"""Languages: catalogs, gettext for Python, locale data, and the current language. No Flask here.

Plain Babel, no Flask-Babel: each language's ``messages.po`` is compiled in memory the first time
it is needed (a ``messages.mo`` is used instead when it is newer), so an install never needs a
compile step.

Python code translates with::

    from tutor.i18n import gettext as _, ngettext, pgettext, npgettext, lazy_gettext as _l

``gettext("Hello %(name)s", name=n)`` formats only when variables are given; ``ngettext`` also
offers the count as ``%(num)s``, like Jinja's ``ngettext``.

**The current language** (:func:`current_language`) is, in this order:

1. the one chosen with ``with use_language("de"):`` (the command line, tools, a test);
2. the request's, when the web layer is loaded: :mod:`tutor.i18n.web` tells this module to read
   ``g.lang`` (set from the URL prefix ``/de/...``) through :func:`set_request_language`;
3. the default language (:data:`tutor.config.DEFAULT_LANGUAGE`).

``use_language`` keeps its choice in a :class:`contextvars.ContextVar`, so a thread, a greenlet or an
asyncio task sees only its own; the request's language lives in Flask's ``g``, which is just as
local. Lazy strings (:func:`lazy_gettext`) look the language up each time they are turned into text,
so a module-level menu title is drawn in the language of the request that renders it.

This package imports no Flask, Werkzeug or Jinja (tests/test_architecture.py): the narration and the
command line translate through it without an app. The web parts (the ``/<lang>/`` URL prefix,
``init_app``, the Accept-Language negotiation, the language switcher, gettext in Jinja) are in
:mod:`tutor.i18n.web`; for the web layer's convenience they can still be imported from here
(``from tutor.i18n import LANG_PREFIX``), which loads that module, and Flask, on first use.
"""

from __future__ import annotations

import datetime
import functools
import io
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import TYPE_CHECKING, Any

from babel import Locale
from babel.dates import format_date as babel_format_date, format_time as babel_format_time
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal, format_percent as _babel_percent
from babel.support import LazyProxy, NullTranslations, Translations

from ..config import DEFAULT_LANGUAGE, LANGUAGES
from ..paths import resource_dir

if TYPE_CHECKING:
    from .web import (  # the names __getattr__ below hands out
        LANG_PREFIX as LANG_PREFIX,
        LanguageConverter as LanguageConverter,
        default_language as default_language,
        init_app as init_app,
        language_links as language_links,
        language_url as language_url,
        negotiate_language as negotiate_language,
        redirect_to_language as redirect_to_language,
        supported_languages as supported_languages,
    )

DOMAIN = "messages"

__all__ = [
    "DOMAIN",
    "LANGUAGES",
    "DEFAULT_LANGUAGE",
    "catalog_dir",
    "load_translations",
    "translations",
    "current_language",
    "use_language",
    "set_request_language",
    "gettext",
    "ngettext",
    "pgettext",
    "npgettext",
    "lazy_gettext",
    "lazy_pgettext",
    "language_name",
    "text_direction",
    "format_number",
    "format_percent",
    "format_long_date",
    "format_short_time",
]


# --- catalogs -------------------------------------------------------------------------------


def catalog_dir() -> Path:
    """The ``translations/`` folder (checkout or wheel)."""
    return resource_dir("translations")


@functools.cache
def load_translations(lang: str) -> NullTranslations:
    """The translations of one language, compiled from its ``.po`` in memory when needed.

    English is the source language: it has no catalog and gets the messages unchanged.
    """
    base = catalog_dir() / lang / "LC_MESSAGES"
    po, mo = base / f"{DOMAIN}.po", base / f"{DOMAIN}.mo"
    if mo.is_file() and (not po.is_file() or mo.stat().st_mtime >= po.stat().st_mtime):
        with mo.open("rb") as handle:
            return Translations(handle, domain=DOMAIN)
    if po.is_file():
        with po.open("rb") as handle:
            catalog = read_po(handle, locale=lang, domain=DOMAIN)
        buffer = io.BytesIO()
        write_mo(buffer, catalog, use_fuzzy=False)
        buffer.seek(0)
        return Translations(buffer, domain=DOMAIN)
    return NullTranslations()


# --- the current language -------------------------------------------------------------------

_chosen: ContextVar[str | None] = ContextVar("tutor.i18n.language", default=None)
"""The language picked by :func:`use_language` in this thread, greenlet or task (None: not picked)."""


def _no_request() -> str | None:
    return None


_request_language: Callable[[], str | None] = _no_request


def set_request_language(source: Callable[[], str | None]) -> None:
    """Where the language comes from when no :func:`use_language` block is active: ``source()``
    returns a language code, or None for the default. :mod:`tutor.i18n.web` passes a function that
    reads the request's ``g.lang``; nothing else needs to call this."""
    global _request_language
    _request_language = source


def current_language() -> str:
    """The language being written in: :func:`use_language`'s, else the request's, else the default.

    >>> current_language()
    'en'
    >>> with use_language("de"):
    ...     current_language()
    'de'
    """
    return _chosen.get() or _request_language() or DEFAULT_LANGUAGE


@contextmanager
def use_language(lang: str) -> Iterator[str]:
    """Translate into ``lang`` inside the block, with no app and no request (nesting is fine).

    >>> with use_language("es"):
    ...     pgettext("card", "ace of swords")
    'as de espadas'
    """
    token = _chosen.set(lang)
    try:
        yield lang
    finally:
        _chosen.reset(token)


def translations() -> NullTranslations:
    """The catalog of the current language."""
    return load_translations(current_language())


# --- gettext family -------------------------------------------------------------------------


def _format(text: str, variables: dict[str, Any]) -> str:
    return text % variables if variables else text


def gettext(message: str, **variables: Any) -> str:
    """Translate ``message`` into the current language, then fill in ``%(name)s`` variables."""
    return _format(translations().gettext(message), variables)


_ = gettext


def ngettext(singular: str, plural: str, num: int, **variables: Any) -> str:
    """Translate a message with a count; ``%(num)s`` is the count unless given otherwise."""
    variables.setdefault("num", num)
    return translations().ngettext(singular, plural, num) % variables


def pgettext(context: str, message: str, **variables: Any) -> str:
    """Translate a short message that needs a context to be unambiguous."""
    return _format(str(translations().pgettext(context, message)), variables)


def npgettext(context: str, singular: str, plural: str, num: int, **variables: Any) -> str:
    """``pgettext`` with a count."""
    variables.setdefault("num", num)
    return translations().npgettext(context, singular, plural, num) % variables


def lazy_gettext(message: str, **variables: Any) -> LazyProxy:
    """A string translated when it is used, for module-level texts (menus, form labels)."""
    return LazyProxy(gettext, message, enable_cache=False, **variables)


def lazy_pgettext(context: str, message: str, **variables: Any) -> LazyProxy:
    """``pgettext`` evaluated when used."""
    return LazyProxy(pgettext, context, message, enable_cache=False, **variables)


_l = lazy_gettext


# --- locale data ----------------------------------------------------------------------------


@functools.cache
def language_name(code: str) -> str:
    """A language's own name from Babel's locale data, capitalised for a menu.

    >>> [language_name(c) for c in ("en", "de", "sv", "pl", "es")]
    ['English', 'Deutsch', 'Svenska', 'Polski', 'Español']
    """
    name = Locale.parse(code).get_display_name(code) or code
    return name[:1].upper() + name[1:]


@functools.cache
def text_direction(code: str) -> str:
    """``ltr`` or ``rtl`` for ``<html dir>``."""
    return Locale.parse(code).text_direction


def format_number(number: float | int) -> str:
    """A number in the current language, e.g. ``1 000,5`` in Polish."""
    return _format_decimal(number, current_language())


def format_percent(share: float) -> str:
    """A share (0 to 1) as a whole percentage in the current language ("75%", "75 %")."""
    return _babel_percent(share, format="#,##0%", locale=current_language())


def format_long_date(day: datetime.date) -> str:
    """A date in the current language, from Babel's locale data: "31. Januar 2026", "31 de enero de 2026".

    >>> with use_language("de"):
    ...     format_long_date(datetime.date(2026, 1, 31))
    '31. Januar 2026'
    """
    return babel_format_date(day, format="long", locale=current_language())


def format_short_time(moment: datetime.time | datetime.datetime) -> str:
    """A time of day in the current language, hours and minutes: "14:05", "2:05 PM".

    >>> with use_language("de"):
    ...     format_short_time(datetime.time(14, 5))
    '14:05'
    """
    return babel_format_time(moment, format="short", locale=current_language())


@functools.lru_cache(maxsize=4096)
def _format_decimal(number: float | int, lang: str) -> str:
    return format_decimal(number, locale=lang)


# --- the web parts, importable from here ------------------------------------------------------

_WEB_NAMES = frozenset(
    {
        "LANG_PREFIX",
        "LanguageConverter",
        "init_app",
        "supported_languages",
        "default_language",
        "negotiate_language",
        "language_url",
        "language_links",
        "redirect_to_language",
    }
)


def __getattr__(name: str) -> Any:
    """``from tutor.i18n import LANG_PREFIX`` (and the other names of :mod:`tutor.i18n.web`): load
    the web module, and with it Flask, only when one of its names is asked for."""
    if name in _WEB_NAMES:
        from . import web

        return getattr(web, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
