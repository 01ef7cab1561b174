"""Error pages in the request's language: 400 (including a failed CSRF check), 404, 405, 500, and a
503 with ``Retry-After`` while the database cannot be reached.

An unknown language prefix (``/xx/deck``) has no route, so it is a 404 shown in the language the
browser prefers, with links to every supported language. htmx swaps get the page's ``content``
block retargeted to ``<main>``. Paths under ``PROBLEM_JSON_PREFIXES`` (default ``/api/``) get
``application/problem+json`` (RFC 9457) instead of HTML, for the JSON endpoints to come.

The 503 page needs no database: a request that fails on the database (an outage, a restart, a
connection dropped: SQLAlchemy's ``OperationalError``, ``InterfaceError``, a pool timeout) sets
``g.store_unavailable``, and the page is drawn without anything that reads the store (the menu's
badges, :mod:`.nav`). The app recovers by itself: the next request takes a new connection
(``pool_pre_ping``).
"""

from __future__ import annotations

import logging

from flask import Flask, current_app, g, jsonify, redirect, request
from flask.globals import request_ctx
from flask.wrappers import Response
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException, InternalServerError
from werkzeug.wrappers import Response as BaseResponse  # what redirect() returns; flask.Response derives from it

from ...i18n import gettext as _, negotiate_language, supported_languages
from ...store import UNAVAILABLE, db
from .htmx import render_page_or_block, wants_fragment

log = logging.getLogger(__name__)

TEMPLATES = {
    400: "errors/400.html",
    404: "errors/404.html",
    405: "errors/405.html",
    500: "errors/500.html",
    503: "errors/503.html",
}
"""Status code -> template; other codes use ``errors/error.html``."""

STORE_ERRORS = UNAVAILABLE
"""Exceptions that mean the database cannot be reached now (not a bug): answered with a 503."""

RETRY_AFTER = 5
"""Seconds a client is asked to wait after a 503 (the app reconnects on the next request)."""


def wants_problem_json() -> bool:
    """True for API paths, which answer errors as problem+json."""
    prefixes = current_app.config.get("PROBLEM_JSON_PREFIXES") or ()
    return any(request.path.startswith(prefix) for prefix in prefixes)


def problem_response(status: int, title: str, detail: str | None = None) -> Response:
    """An RFC 9457 problem document."""
    body = {"type": "about:blank", "title": title, "status": status}
    if detail:
        body["detail"] = detail
    response = jsonify(body)
    response.status_code = status
    response.mimetype = "application/problem+json"
    return response


def _choose_language() -> None:
    """Errors raised before routing have no ``g.lang``: take the path's prefix, else negotiate."""
    if g.get("lang"):
        return
    first = request.path.strip("/").split("/", 1)[0]
    g.lang = first if first in supported_languages() else negotiate_language()


def _ensure_url_adapter() -> None:
    """Give the request a URL adapter if it has none, so that ``url_for`` works on the error page.

    A ``Host`` header Werkzeug cannot use (a label over 63 characters, an empty label, ...) makes
    Flask's URL adapter fail: the request arrives here with a 400 ``BadHost`` and no adapter. The
    page's links are relative paths, so an adapter bound to a placeholder host builds them all the
    same; the request's own host is never used.
    """
    context = request_ctx._get_current_object()  # type: ignore[attr-defined]
    if context.url_adapter is None:
        context.url_adapter = current_app.url_map.bind(
            "host.invalid", script_name=request.root_path or "/", url_scheme=request.scheme
        )


def render_error(status: int, *, csrf: bool = False, name: str = "") -> Response:
    """Render the error page for ``status`` (HTML page, htmx fragment or problem+json)."""
    if wants_problem_json():
        return problem_response(status, name or str(status))
    _ensure_url_adapter()
    _choose_language()
    g.error_page = True
    template = TEMPLATES.get(status, "errors/error.html")
    response = render_page_or_block(template, "content", status, status_code=status, csrf=csrf)
    if wants_fragment():
        response.headers["HX-Retarget"] = "#main"
        response.headers["HX-Reswap"] = "innerHTML"
    return response


def _without_trailing_slash() -> str | None:
    """For a GET of ``/en/lessons/`` whose route is ``/en/lessons``: the URL without the slash."""
    path = request.path
    if request.method not in ("GET", "HEAD") or len(path) < 2 or not path.endswith("/"):
        return None
    stripped = path.rstrip("/")
    if not stripped:
        return None
    adapter = current_app.url_map.bind("")
    try:
        adapter.match(stripped, method="GET")
    except HTTPException:
        return None
    query = request.query_string.decode("latin-1")
    return stripped + ("?" + query if query else "")


def handle_http_error(error: HTTPException) -> BaseResponse:
    """Any HTTP error raised with ``abort()`` or by routing."""
    if error.code == 404 and (target := _without_trailing_slash()):
        return redirect(target, code=308)
    response = render_error(error.code or 500, name=error.name)
    if error.code == 405 and hasattr(error, "valid_methods") and error.valid_methods:
        response.headers["Allow"] = ", ".join(error.valid_methods)
    return response


def handle_csrf_error(error: CSRFError) -> Response:
    """A missing or wrong CSRF token: a translated 400 that says what to do."""
    log.info("CSRF check failed: %s", error.description)
    return render_error(400, csrf=True, name="Bad Request")


def handle_server_error(error: InternalServerError) -> Response | tuple[str, int, dict[str, str]]:
    """Unexpected exceptions: roll back the database session and show the 500 page."""
    try:
        db.session.rollback()
    except Exception:  # pragma: no cover - the database itself may be the problem
        log.exception("rollback after an error failed")
    try:
        return render_error(500, name="Internal Server Error")
    except Exception:  # pragma: no cover - never fail while reporting a failure
        log.exception("the error page itself failed")
        return "Internal Server Error", 500, {"Content-Type": "text/plain; charset=utf-8"}


def store_unavailable() -> bool:
    """True while this request is answering a database failure: draw nothing that reads the store."""
    return bool(g.get("store_unavailable"))


def handle_store_error(error: Exception) -> Response | tuple[str, int, dict[str, str]]:
    """The database cannot be reached: a translated 503 with ``Retry-After``, drawn without the database."""
    log.warning("database unavailable: %s", str(error).split("\n", 1)[0])  # one line per request, no traceback
    g.store_unavailable = True
    try:
        db.session.rollback()
    except Exception:  # noqa: BLE001 - the connection is gone; the pool replaces it on the next request
        log.debug("rollback after a database failure failed", exc_info=True)
    headers = {"Retry-After": str(RETRY_AFTER), "Cache-Control": "no-store"}
    try:
        response = render_error(503, name="Service Unavailable")
    except Exception:  # pragma: no cover - never fail while reporting a failure
        log.exception("the 503 page itself failed")
        text = _("The tutor cannot reach its database right now. Wait a few seconds and try again.")
        return text, 503, {**headers, "Content-Type": "text/plain; charset=utf-8"}
    response.headers.update(headers)
    return response


def init_app(app: Flask) -> None:
    """Register the handlers."""
    for kind in STORE_ERRORS:
        app.register_error_handler(kind, handle_store_error)
    app.register_error_handler(CSRFError, handle_csrf_error)
    app.register_error_handler(InternalServerError, handle_server_error)
    app.register_error_handler(HTTPException, handle_http_error)
