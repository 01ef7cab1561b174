"""Languages on the web: the ``/<lang>/`` URL prefix, the request's language, gettext in Jinja.

The language of a request comes from its URL (``/de/deck``); ``g.lang`` holds it and every
``url_for`` fills it in. ``/`` redirects by the browser's Accept-Language. Loading this module
tells :mod:`tutor.i18n` to read ``g.lang`` whenever no ``use_language`` block is active, so the
gettext family, the number and date formats and the lazy strings follow the request.

Only the web layer uses this module (the narration and the command line need no Flask: they use
:mod:`tutor.i18n` alone); its names can also be imported from :mod:`tutor.i18n`.
"""

from __future__ import annotations

import re
from typing import Any

from babel import negotiate_locale
from flask import Flask, current_app, g, has_app_context, has_request_context, redirect, request, url_for
from flask.globals import request_ctx
from werkzeug.routing import BaseConverter

from ..config import DEFAULT_LANGUAGE, LANGUAGES
from . import (
    current_language,
    format_long_date,
    format_number,
    language_name,
    set_request_language,
    text_direction,
    translations,
)

LANG_PREFIX = "/<lang:lang>"
"""URL prefix for every localized blueprint: ``Blueprint(..., url_prefix=LANG_PREFIX)``."""


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


def request_language() -> str | None:
    """The language of the current request (``g.lang``), else the app's default; None outside an
    app context. :mod:`tutor.i18n` asks this when no ``use_language`` block is active."""
    if not has_app_context():
        return None
    return g.get("lang") or current_app.config.get("DEFAULT_LANGUAGE")


set_request_language(request_language)


# Raw lookups for Jinja: its newstyle gettext does the %-formatting (and escaping) itself.
def _jinja_gettext(message: str) -> str:
    return translations().gettext(message)


def _jinja_ngettext(singular: str, plural: str, num: int) -> str:
    return translations().ngettext(singular, plural, num)


def _jinja_pgettext(context: str, message: str) -> str:
    return str(translations().pgettext(context, message))


def _jinja_npgettext(context: str, singular: str, plural: str, num: int) -> str:
    return translations().npgettext(context, singular, plural, num)


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
    if rule is not None and "lang" in rule.arguments and request.method in ("GET", "HEAD") and not g.get("error_page"):
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
