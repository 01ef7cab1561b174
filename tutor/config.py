"""Configuration: defaults, environment variables and the secret key.

Environment variables read at start-up (all optional for a local run):

- ``SECRET_KEY``: signs the session cookie. Required when ``DATABASE_URL`` is set (a real
  deployment). Without either, a key is generated once into the instance folder.
- ``DATABASE_URL``: SQLAlchemy URL, e.g. ``postgresql://user:pass@host/db``; default: an SQLite file
  ``tutor.sqlite3`` in the instance folder.
- ``DEFAULT_LANGUAGE``: the language ``/`` falls back to (default ``en``).
- ``SESSION_COOKIE_SECURE``: ``1`` to mark cookies Secure always (they are Secure on HTTPS anyway).
- ``TRUSTED_PROXIES``: number of reverse proxies in front of the app whose ``X-Forwarded-*`` headers
  are trusted (default 0).
- ``TRUSTED_HOSTS``: comma-separated host names the app answers for (Flask's ``TRUSTED_HOSTS``; a
  leading dot allows every subdomain, ports are ignored). A request for any other ``Host`` is a 400,
  so share links and QR codes never carry a foreign host. Default: unset, every host is answered.
  Set it in production (docs/deploy.md).
- ``PUBLIC_URL``: the site's public address, e.g. ``https://truco.example`` (with the path it is
  mounted at, if any). Share links and their QR codes are built on it, whatever ``Host`` a request
  came with. Default: unset, links use the request's host.
"""

from __future__ import annotations

import os
import secrets
import time
from collections.abc import Mapping
from datetime import timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # only for the annotations: tutor.i18n reads LANGUAGES without loading Flask
    from flask import Flask

LANGUAGES: tuple[str, ...] = ("en", "de", "sv", "pl", "es")
"""Supported languages; English is the source language of every message."""

DEFAULT_LANGUAGE = "en"
"""The fallback language when the browser asks for none of ours."""

CARD_FACES: tuple[str, ...] = ("spanish", "french")
"""The card faces a learner can choose; the first is the default."""

SECRET_KEY_FILE = "secret_key"
"""File name of the generated key in the instance folder."""

DEFAULTS: dict[str, Any] = {
    "LANGUAGES": LANGUAGES,
    "DEFAULT_LANGUAGE": DEFAULT_LANGUAGE,
    "CARD_FACES": CARD_FACES,
    "SESSION_COOKIE_NAME": "tutor_session",
    "SESSION_COOKIE_HTTPONLY": True,
    "SESSION_COOKIE_SAMESITE": "Lax",
    "SESSION_COOKIE_SECURE": False,
    "PERMANENT_SESSION_LIFETIME": timedelta(days=365),
    # No Set-Cookie on every response (static files stay cacheable); pages renew it daily instead.
    "SESSION_REFRESH_EACH_REQUEST": False,
    "PREFERENCE_COOKIE_MAX_AGE": 365 * 24 * 3600,
    # A CSRF token lives as long as the session, so a long lesson never meets an expired form.
    "WTF_CSRF_TIME_LIMIT": None,
    "WTF_CSRF_SSL_STRICT": True,
    "MAX_CONTENT_LENGTH": 64 * 1024,
    "SQLALCHEMY_ENGINE_OPTIONS": {"pool_pre_ping": True},
    "TRUSTED_PROXIES": 0,
    "PUBLIC_URL": None,
    "DB_AUTO_UPGRADE": None,  # None: on for the embedded SQLite database only
    "PROBLEM_JSON_PREFIXES": ("/api/",),
    "COMPRESS_MIMETYPES": [
        "text/html",
        "text/css",
        "text/plain",
        "application/javascript",
        "text/javascript",
        "application/json",
        "application/problem+json",
        "image/svg+xml",
    ],
    "COMPRESS_ALGORITHM": ["br", "gzip"],
    "COMPRESS_MIN_SIZE": 500,
}


def database_uri(url: str | None, instance_path: str | Path) -> str:
    """The SQLAlchemy URI for ``DATABASE_URL``; PostgreSQL URLs get the psycopg 3 driver.

    >>> database_uri("postgres://u:p@db/tutor", "/i")
    'postgresql+psycopg://u:p@db/tutor'
    >>> database_uri("postgresql+psycopg2://u@db/t", "/i")
    'postgresql+psycopg2://u@db/t'
    >>> database_uri(None, "/srv/instance")
    'sqlite:////srv/instance/tutor.sqlite3'
    """
    if not url:
        return f"sqlite:///{Path(instance_path) / 'tutor.sqlite3'}"
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def _env_flag(value: str | None) -> bool:
    return (value or "").strip().lower() in {"1", "true", "yes", "on"}


def trusted_hosts(value: str | None) -> list[str] | None:
    """The ``TRUSTED_HOSTS`` list from a comma-separated variable; None (every host) when empty.

    >>> trusted_hosts(" truco.example, .club.example ,")
    ['truco.example', '.club.example']
    >>> trusted_hosts(" ") is None
    True
    """
    hosts = [host.strip().lower() for host in (value or "").split(",") if host.strip()]
    return hosts or None


def public_url(value: str | None) -> str | None:
    """The ``PUBLIC_URL`` setting checked: an ``http(s)`` address without query or fragment, no
    trailing slash; None when empty. Anything else stops the start-up with a message.

    >>> public_url(" https://Truco.example/tutor/ ")
    'https://truco.example/tutor'
    >>> public_url("") is None
    True
    >>> public_url("truco.example")
    Traceback (most recent call last):
    ...
    RuntimeError: PUBLIC_URL must be an http:// or https:// address like https://truco.example, not 'truco.example'
    """
    from urllib.parse import urlsplit

    text = (value or "").strip()
    if not text:
        return None
    parts = urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment:
        raise RuntimeError(
            f"PUBLIC_URL must be an http:// or https:// address like https://truco.example, not {text!r}"
        )
    netloc = parts.netloc.lower()
    return f"{parts.scheme}://{netloc}{parts.path.rstrip('/')}"


def load_config(app: Flask, overrides: Mapping[str, Any] | None = None) -> None:
    """Fill ``app.config`` from the defaults, the environment, then ``overrides`` (tests)."""
    env = os.environ
    app.config.from_mapping(DEFAULTS)
    if env.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = env["SECRET_KEY"]
    app.config["DATABASE_URL_SET"] = bool(env.get("DATABASE_URL"))
    app.config["SQLALCHEMY_DATABASE_URI"] = database_uri(env.get("DATABASE_URL"), app.instance_path)
    if env.get("DEFAULT_LANGUAGE"):
        app.config["DEFAULT_LANGUAGE"] = env["DEFAULT_LANGUAGE"].strip().lower()
    if "SESSION_COOKIE_SECURE" in env:
        app.config["SESSION_COOKIE_SECURE"] = _env_flag(env["SESSION_COOKIE_SECURE"])
    if env.get("TRUSTED_PROXIES"):
        app.config["TRUSTED_PROXIES"] = int(env["TRUSTED_PROXIES"])
    if env.get("TRUSTED_HOSTS"):
        app.config["TRUSTED_HOSTS"] = trusted_hosts(env["TRUSTED_HOSTS"])
    if env.get("PUBLIC_URL"):
        app.config["PUBLIC_URL"] = env["PUBLIC_URL"]
    if "DB_AUTO_UPGRADE" in env:
        app.config["DB_AUTO_UPGRADE"] = _env_flag(env["DB_AUTO_UPGRADE"])
    for flag in ("RATE_LIMITS", "TIME_BUDGETS"):  # tutor/web/shared/limits.py (default: on, off under TESTING)
        if flag in env:
            app.config[flag] = _env_flag(env[flag])
    if overrides:
        app.config.update(overrides)
    app.config["PUBLIC_URL"] = public_url(app.config.get("PUBLIC_URL"))
    if app.config["DEFAULT_LANGUAGE"] not in app.config["LANGUAGES"]:
        raise RuntimeError(
            f"DEFAULT_LANGUAGE must be one of {', '.join(app.config['LANGUAGES'])}, "
            f"not {app.config['DEFAULT_LANGUAGE']!r}"
        )
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _fallback_secret_key(app)


def _fallback_secret_key(app: Flask) -> str:
    """A key for tests, debugging and the embedded SQLite default; refuse to guess in production."""
    if app.testing or app.debug:
        return secrets.token_hex(32)
    if app.config.get("DATABASE_URL_SET"):
        raise RuntimeError(
            "SECRET_KEY is not set. A deployment with DATABASE_URL needs a fixed SECRET_KEY "
            "(for example: python -c 'import secrets; print(secrets.token_hex(32))')."
        )
    return instance_secret_key(Path(app.instance_path))


def instance_secret_key(instance: Path) -> str:
    """Read the generated key from the instance folder, creating it (mode 0600) on first use.

    Several workers may start at once: the file is created exclusively and the losers read it.
    """
    instance.mkdir(parents=True, exist_ok=True)
    path = instance / SECRET_KEY_FILE
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        for _ in range(100):  # another worker may be writing it right now
            key = path.read_text(encoding="ascii").strip()
            if len(key) >= 32:
                return key
            time.sleep(0.02)
        raise RuntimeError(f"{path} holds no usable key; delete it to generate a new one") from None
    key = secrets.token_hex(32)
    with os.fdopen(fd, "w", encoding="ascii") as handle:
        handle.write(key + "\n")
    return key
