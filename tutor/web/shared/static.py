"""Fingerprinted URLs for the static files, cached for a year by browsers and proxies.

Templates link static files with ``static_url("css/app.css")``, which gives
``/static/css/app.css?v=<the first 12 hex digits of the file's SHA-256>``. A response to a URL whose
``v`` is the file's current fingerprint carries ``Cache-Control: public, max-age=31536000,
immutable``: a browser never asks for it again, and a changed file gets a new URL. A request without
``v``, or with an old one, is answered as before (revalidated, ``no-cache``), so nothing is cached
for a year under a URL that could later name other bytes.

The fingerprints are computed once per process (the static files change only with a deployment,
which starts new processes); with the tests' ``TESTING`` they are computed again when a file's
modification time changes.
"""

from __future__ import annotations

import hashlib
import threading
from pathlib import Path

from flask import Flask, current_app, request, url_for
from werkzeug.wrappers import Response

__all__ = ["IMMUTABLE", "fingerprint", "init_app", "static_url"]

IMMUTABLE = "public, max-age=31536000, immutable"
"""The caching of a fingerprinted static file (a year: RFC 9111 and RFC 8246)."""

_FINGERPRINTS: dict[tuple[str, str], tuple[float, str]] = {}
_LOCK = threading.Lock()


def fingerprint(app: Flask, filename: str) -> str | None:
    """The fingerprint of ``filename`` under the app's static folder, or None if there is no such file."""
    folder = app.static_folder
    if folder is None:
        return None
    path = Path(folder) / filename
    key = (folder, filename)
    found = _FINGERPRINTS.get(key)
    if found is not None and not app.testing:
        return found[1]
    try:
        mtime = path.stat().st_mtime
        if found is not None and found[0] == mtime:
            return found[1]
        if not path.resolve().is_relative_to(Path(folder).resolve()) or not path.is_file():
            return None
        digest = hashlib.sha256(path.read_bytes()).hexdigest()[:12]
    except OSError:
        return None
    with _LOCK:
        _FINGERPRINTS[key] = (mtime, digest)
    return digest


def static_url(filename: str) -> str:
    """The URL of a static file with its fingerprint (``?v=...``; without one if the file is missing)."""
    version = fingerprint(current_app._get_current_object(), filename)  # type: ignore[attr-defined]
    if version is None:
        return url_for("static", filename=filename)
    return url_for("static", filename=filename, v=version)


def cache_fingerprinted(response: Response) -> Response:
    """A year's caching for a static file asked for by its current fingerprint."""
    if request.endpoint != "static" or response.status_code not in (200, 304):
        return response
    asked = request.args.get("v")
    filename = (request.view_args or {}).get("filename")
    if asked and filename and asked == fingerprint(current_app._get_current_object(), filename):  # type: ignore[attr-defined]
        response.headers["Cache-Control"] = IMMUTABLE
    else:
        response.headers["Cache-Control"] = "no-cache"
    return response


def init_app(app: Flask) -> None:
    """Make ``static_url()`` available in templates and set the static files' caching."""
    app.jinja_env.globals["static_url"] = static_url
    app.after_request(cache_fingerprinted)
