"""Security: CSRF on every state-changing request, strict response headers, cookie flags.

Forms carry ``csrf_token()`` in a hidden field; htmx sends it as ``X-CSRFToken`` from the
``hx-headers`` attribute of ``<body>``. The Content-Security-Policy allows scripts, styles and
images from this origin only (plus ``data:`` images): no inline script or style, no eval.
Cookies are HttpOnly and SameSite=Lax, and Secure whenever the request came over HTTPS (behind a
proxy, set ``TRUSTED_PROXIES`` so the scheme is believed) or ``SESSION_COOKIE_SECURE`` is on.
"""

from __future__ import annotations

from flask import Flask, abort, g, has_request_context, request
from flask.sessions import SecureCookieSessionInterface
from flask.wrappers import Response
from flask_wtf.csrf import CSRFProtect
from werkzeug.exceptions import SecurityError
from werkzeug.middleware.proxy_fix import ProxyFix

csrf = CSRFProtect()

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
        "form-action 'self'",
    ]
)

STATIC_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
}


def cookie_secure(app: Flask) -> bool:
    """Whether cookies set now must be Secure: always when configured, else when the request is HTTPS."""
    if app.config.get("SESSION_COOKIE_SECURE"):
        return True
    return has_request_context() and request.is_secure


class SessionInterface(SecureCookieSessionInterface):
    """Flask's signed-cookie session, Secure on HTTPS requests even when not configured."""

    def get_cookie_secure(self, app: Flask) -> bool:  # noqa: D102 - Flask API
        return cookie_secure(app)


def set_security_headers(response: Response) -> Response:
    """Add the fixed security headers (and HSTS on HTTPS) to every response."""
    for name, value in STATIC_HEADERS.items():
        response.headers.setdefault(name, value)
    if request.is_secure:
        response.headers.setdefault("Strict-Transport-Security", "max-age=31536000")
    return response


MAX_HOST = 253 + len(":65535")
"""The longest ``Host`` header a request may carry: a DNS name has at most 253 characters."""


def refuse_overlong_host() -> None:
    """A ``Host`` longer than any DNS name (Werkzeug checks only each label) is a 400 error page.

    Without this, a 2 KB host of valid labels went into share links, and their QR codes could not
    hold it (a 500); each distinct one also cost an encoding and a cache entry.
    """
    if len(request.host) > MAX_HOST:
        abort(400)


def refuse_untrusted_host(error: SecurityError) -> Response:
    """A ``Host`` outside ``TRUSTED_HOSTS``: a short 400 without the page layout.

    Flask cannot build URLs for such a request, so the usual error page (which links to the
    stylesheet and the menu) cannot be rendered; API paths still get problem+json.
    """
    from ...i18n import gettext as _, negotiate_language
    from .errors import problem_response, wants_problem_json

    g.lang = negotiate_language()
    detail = _("This site does not answer to the host name in this request.")
    if wants_problem_json():
        return problem_response(400, "Bad Request", detail)
    response = Response(detail + "\n", status=400, mimetype="text/plain")
    response.headers["Content-Language"] = g.lang
    return response


def init_app(app: Flask) -> None:
    """Install CSRF protection, the session interface, the headers and (if configured) ProxyFix."""
    csrf.init_app(app)
    app.session_interface = SessionInterface()
    app.after_request(set_security_headers)
    app.before_request(refuse_overlong_host)
    app.register_error_handler(SecurityError, refuse_untrusted_host)
    proxies = int(app.config.get("TRUSTED_PROXIES") or 0)
    if proxies:
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies, x_port=proxies, x_prefix=proxies
        )
