"""Truco Tutor."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .paths import PACKAGE_DIR, resource_dir

if TYPE_CHECKING:  # Flask is loaded by create_app, not by importing tutor (tutor.narration, the CLI)
    from flask import Flask

__all__ = ["create_app"]


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """Build the Flask app: configuration, languages, database, security, pages.

    ``config`` overrides everything else (tests pass ``{"TESTING": True, ...}``). Run it with
    ``flask --app tutor run`` or ``gunicorn 'tutor:create_app()'``.
    """
    from flask import Flask

    from . import i18n, store
    from .config import load_config
    from .web import api, core, device, envido, lessons, play, practice, progress, quiz, review
    from .web.components import cards
    from .web.shared import compress, errors, htmx, learner, nav, preferences, security, static, words

    app = Flask(
        __name__,
        template_folder=str(resource_dir("templates")),
        static_folder=str(PACKAGE_DIR / "static"),
        instance_relative_config=True,
    )
    load_config(app, config)
    embedded_db = app.config["SQLALCHEMY_DATABASE_URI"].startswith(f"sqlite:///{app.instance_path}")
    if embedded_db:
        Path(app.instance_path).mkdir(parents=True, exist_ok=True)

    i18n.init_app(app)
    htmx.init_app(app)
    security.init_app(app)
    store.init_app(app)  # the database, the migrations and the app's Store (its clock: CLOCK)
    compress.init_app(app)
    nav.init_app(app)
    static.init_app(app)  # fingerprinted static URLs, cached for a year
    preferences.init_app(app)
    learner.init_app(app)
    cards.init_app(app)
    words.init_app(app)

    # The features: every blueprint of the app, then what a feature adds besides it (menu entries, ...).
    app.register_blueprint(core.bp)
    app.register_blueprint(core.health)
    app.register_blueprint(device.bp)
    app.register_blueprint(envido.bp)
    security.csrf.exempt(api.bp)  # no cookies, no session, no side effects: see tutor/web/api/views.py
    app.register_blueprint(api.bp)
    app.register_blueprint(lessons.bp)
    app.register_blueprint(play.bp)
    app.register_blueprint(practice.bp)
    app.register_blueprint(review.bp)
    app.register_blueprint(progress.bp)
    app.register_blueprint(quiz.bp)
    core.init_app(app)
    device.init_app(app)
    envido.init_app(app)
    lessons.init_app(app)
    play.init_app(app)
    practice.init_app(app)
    review.init_app(app)
    progress.init_app(app)
    quiz.init_app(app)
    _classroom(app)
    _live(app)
    _people(app)
    _club(app)
    _privacy(app)
    _anotador(app)

    errors.init_app(app)

    auto_upgrade = app.config["DB_AUTO_UPGRADE"]
    if auto_upgrade is None:  # default: keep the embedded SQLite database current, never a configured one
        auto_upgrade = embedded_db and not app.testing
    if auto_upgrade:
        _upgrade_database(app)
    if not app.testing:
        # What the app loaded for good (content, templates, routes: some 180,000 objects) leaves the
        # garbage collector's generations: a full collection then scans only what requests make, not
        # tens of milliseconds of objects that never die (a pause that lands on some request's p99).
        import gc

        gc.collect()
        gc.freeze()
    return app


def _classroom(app: Flask) -> None:
    from .web import classroom

    app.register_blueprint(classroom.bp)
    classroom.init_app(app)


def _privacy(app: Flask) -> None:
    from .web import privacy

    app.register_blueprint(privacy.bp)
    privacy.init_app(app)


def _live(app: Flask) -> None:
    from .web import live

    app.register_blueprint(live.bp)
    live.init_app(app)


def _people(app: Flask) -> None:
    from .web import people

    app.register_blueprint(people.bp)
    people.init_app(app)


def _club(app: Flask) -> None:
    from .web import club

    app.register_blueprint(club.bp)
    club.init_app(app)


def _anotador(app: Flask) -> None:
    from .web import anotador

    app.register_blueprint(anotador.bp)
    anotador.init_app(app)


def _upgrade_database(app: Flask) -> None:
    """Apply pending migrations at start-up.

    On by default for the embedded SQLite database, so that ``flask --app tutor run`` and
    ``gunicorn 'tutor:create_app()'`` work on a fresh checkout; ``DB_AUTO_UPGRADE=1`` turns it on for
    any database. A lock file in the instance folder keeps several workers from migrating at once.
    """
    import fcntl

    from flask_migrate import upgrade

    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    with open(Path(app.instance_path) / ".migrate.lock", "w") as lock, app.app_context():
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            upgrade()
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
