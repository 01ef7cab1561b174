"""Languages: catalogs, gettext for Python and Jinja, the ``/<lang>/`` URL prefix, locale data.

Plain Babel, no Flask-Babel: each language's ``messages.po`` is compiled in memory the first time
it is needed (a ``messages.mo`` is used instead when it is newer), so an install never needs a
compile step. The language of a request comes from its URL (``/de/deck``); ``g.lang`` holds it
and every ``url_for`` fills it in. ``/`` redirects by the browser's Accept-Language.

Python code translates with::

    from tutor.i18n import gettext as _, ngettext, pgettext, npgettext, lazy_gettext as _l

``gettext("Hello %(name)s", name=n)`` formats only when variables are given; ``ngettext`` also
offers the count as ``%(num)s``, like Jinja's ``ngettext``.
"""

from __future__ import annotations

import datetime
import functools
import io
import re
from pathlib import Path
from typing import Any

from babel import Locale, negotiate_locale
from babel.dates import format_date as babel_format_date
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal
from babel.support import LazyProxy, NullTranslations, Translations
from flask import Flask, current_app, g, has_app_context, has_request_context, redirect, request, url_for
from flask.globals import request_ctx
from werkzeug.routing import BaseConverter

from .config import DEFAULT_LANGUAGE, LANGUAGES
from .paths import resource_dir

LANG_PREFIX = "/<lang:lang>"
"""URL prefix for every localized blueprint: ``Blueprint(..., url_prefix=LANG_PREFIX)``."""

DOMAIN = "messages"


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


def supported_languages() -> tuple[str, ...]:
    """The configured languages (the app's, or the defaults outside an app)."""
    if has_app_context():
        return tuple(current_app.config["LANGUAGES"])
    return LANGUAGES


def default_language() -> str:
    """The fallback language of the current app."""
    if has_app_context():
        return current_app.config["DEFAULT_LANGUAGE"]
    return DEFAULT_LANGUAGE


def current_language() -> str:
    """The language of the current request (``g.lang``), else the default language."""
    if has_app_context():
        lang = g.get("lang")
        if lang:
            return lang
    return default_language()


def _translations() -> NullTranslations:
    return load_translations(current_language())


# --- gettext family -------------------------------------------------------------------------

def _format(text: str, variables: dict[str, Any]) -> str:
    return text % variables if variables else text


def gettext(message: str, **variables: Any) -> str:
    """Translate ``message`` into the request's language, then fill in ``%(name)s`` variables."""
    return _format(_translations().gettext(message), variables)


_ = gettext


def ngettext(singular: str, plural: str, num: int, **variables: Any) -> str:
    """Translate a message with a count; ``%(num)s`` is the count unless given otherwise."""
    variables.setdefault("num", num)
    return _translations().ngettext(singular, plural, num) % variables


def pgettext(context: str, message: str, **variables: Any) -> str:
    """Translate a short message that needs a context to be unambiguous."""
    return _format(_translations().pgettext(context, message), variables)


def npgettext(context: str, singular: str, plural: str, num: int, **variables: Any) -> str:
    """``pgettext`` with a count."""
    variables.setdefault("num", num)
    return _translations().npgettext(context, singular, plural, num) % variables


def lazy_gettext(message: str, **variables: Any) -> LazyProxy:
    """A string translated when it is used, for module-level texts (menus, form labels)."""
    return LazyProxy(gettext, message, enable_cache=False, **variables)


def lazy_pgettext(context: str, message: str, **variables: Any) -> LazyProxy:
    """``pgettext`` evaluated when used."""
    return LazyProxy(pgettext, context, message, enable_cache=False, **variables)


_l = lazy_gettext


# Raw lookups for Jinja: its newstyle gettext does the %-formatting (and escaping) itself.
def _jinja_gettext(message: str) -> str:
    return _translations().gettext(message)


def _jinja_ngettext(singular: str, plural: str, num: int) -> str:
    return _translations().ngettext(singular, plural, num)


def _jinja_pgettext(context: str, message: str) -> str:
    return _translations().pgettext(context, message)


def _jinja_npgettext(context: str, singular: str, plural: str, num: int) -> str:
    return _translations().npgettext(context, singular, plural, num)


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
    """A number in the request's language, e.g. ``1 000,5`` in Polish."""
    return _format_decimal(number, current_language())


def format_long_date(day: datetime.date) -> str:
    """A date in the request's language, from Babel's locale data: "31. Januar 2026", "31 de enero de 2026".

    >>> from flask import Flask, g
    >>> with Flask(__name__).app_context():
    ...     g.lang = "de"
    ...     format_long_date(datetime.date(2026, 1, 31))
    '31. Januar 2026'
    """
    return babel_format_date(day, format="long", locale=current_language())


@functools.lru_cache(maxsize=4096)
def _format_decimal(number: float | int, lang: str) -> str:
    return format_decimal(number, locale=lang)


def negotiate_language(accept_language: list[str] | None = None) -> str:
    """The best supported language for an Accept-Language header, else the default.

    Plain Babel negotiation: exact tags first, then the language of a regional tag (``de-CH`` -> ``de``).
    """
    if accept_language is None:
        accept_language = [value for value, quality in request.accept_languages if quality > 0]
    found = negotiate_locale(accept_language, supported_languages(), sep="-")
    return found.lower() if found else default_language()


# --- URLs -----------------------------------------------------------------------------------

class LanguageConverter(BaseConverter):
    """``<lang:lang>``: matches only the supported language codes, so others give 404."""

    regex = "|".join(map(re.escape, LANGUAGES))


def language_url(code: str) -> str:
    """The current page in another language (same endpoint and arguments), or that language's home."""
    rule = request.url_rule if has_request_context() else None
    if (
        rule is not None
        and "lang" in rule.arguments
        and request.method in ("GET", "HEAD")
        and not g.get("error_page")
    ):
        values: dict[str, Any] = dict(g.get("view_args") or {})
        for key, items in request.args.lists():
            if key != "lang" and not key.startswith("_") and key not in values:
                values[key] = items
        values["lang"] = code
        # The request's own URL adapter: the same URL as url_for, without its per-call hooks (five
        # links on every page).
        return request_ctx.url_adapter.build(rule.endpoint, values)  # type: ignore[union-attr]
    return url_for("core.index", lang=code)


def language_links() -> list[dict[str, Any]]:
    """One entry per language for the switcher: code, own name, URL of this page, is it current."""
    current = current_language()
    return [
        {"code": code, "name": language_name(code), "url": language_url(code), "current": code == current}
        for code in supported_languages()
    ]


def _pull_language(endpoint: str | None, values: dict[str, Any] | None) -> None:
    if values and "lang" in values:
        g.lang = values.pop("lang")
        g.view_args = dict(values)


def _add_language(endpoint: str, values: dict[str, Any]) -> None:
    if "lang" in values:
        return
    lang = g.get("lang") if has_app_context() else None
    if lang and current_app.url_map.is_endpoint_expecting(endpoint, "lang"):
        values["lang"] = lang


def _template_context() -> dict[str, Any]:
    lang = current_language()
    return {
        "lang": lang,
        "lang_tag": lang,
        "text_dir": text_direction(lang),
        "language_links": language_links,
        "language_name": language_name,
    }


def redirect_to_language():
    """``/``: send the browser to its best language's home page."""
    response = redirect(url_for("core.index", lang=negotiate_language()), code=302)
    response.headers.add("Vary", "Accept-Language")
    return response


def init_app(app: Flask) -> None:
    """Install the catalogs in Jinja, the ``lang`` converter and the URL processors."""
    codes = tuple(app.config["LANGUAGES"])
    app.url_map.converters["lang"] = type(
        "AppLanguageConverter", (LanguageConverter,), {"regex": "|".join(map(re.escape, codes))}
    )
    app.url_value_preprocessor(_pull_language)
    app.url_defaults(_add_language)
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True
    app.jinja_env.add_extension("jinja2.ext.i18n")
    app.jinja_env.policies["ext.i18n.trimmed"] = True  # as babel.cfg extracts them
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=_jinja_gettext,
        ngettext=_jinja_ngettext,
        pgettext=_jinja_pgettext,
        npgettext=_jinja_npgettext,
        newstyle=True,
    )
    app.jinja_env.filters["number"] = format_number
    app.jinja_env.filters["long_date"] = format_long_date
    app.context_processor(_template_context)
    app.add_url_rule("/", "root", redirect_to_language)
