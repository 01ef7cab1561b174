"""Load at start-up what the app otherwise loads on first use, so no learner waits for it.

Without it the first requests after a start or a reload pay for: reading and validating the
lessons and practice hands (``tutor.content``), compiling every language's catalog, the bots'
tables (the envido distribution, the match-equity tables, the first rollouts' caches), setting up
SQLAlchemy's mappers (the first write of a table with people paid 30 to 60 ms for it), compiling
the Jinja templates, and each page's first rendering (url_for's rules, the header's fragments).
:func:`warm_up` does all of that once. ``gunicorn.conf.py`` calls it in the master before the
workers are forked (``preload_app``), so every worker starts warm and a ``kill -HUP`` reload forks
warm workers at once; run without ``preload_app``, it calls it in each worker before that worker
accepts a request.

Nothing here writes: the pages requested are GETs of a visitor without a cookie, which create no
learner. Each step is independent and a failure is logged, never raised (a warm-up must not keep
the site from starting).
"""

from __future__ import annotations

import gc
import random
import time
from collections.abc import Callable

from flask import Flask

__all__ = ["WARM_PATHS", "warm_up"]

WARM_PATHS = (
    "/healthz",
    "/{lang}/",
    "/{lang}/deck",
    "/{lang}/lessons",
    "/{lang}/lessons/deck-and-table/forty-cards",
    "/{lang}/practice",
    "/{lang}/play",
    "/{lang}/envido",
    "/{lang}/quiz",
    "/{lang}/people",
    "/{lang}/club",
    "/{lang}/anotador",
)
"""Pages rendered once per language (GETs that write nothing); a missing one is skipped."""


def _content() -> None:
    from tutor.content import all_hands, all_lessons

    all_lessons()
    all_hands()


def _catalogs() -> None:
    from tutor.config import LANGUAGES
    from tutor.i18n import language_name, load_translations, text_direction

    for lang in LANGUAGES:
        load_translations(lang)
        language_name(lang)
        text_direction(lang)


def _bots() -> None:
    from tutor.bots import Level, choose, hint
    from tutor.bots.equity import equity
    from tutor.engine import HandState, Rules, deal

    for players in (2, 4, 6):
        for target in (15, 30):
            equity(0, 0, target, players)
        for game in ("catalan", "mineiro"):
            equity(0, 0, 12, players, game)
        rng = random.Random(players)
        hand = HandState(Rules(players=players), deal=deal(rng, players), mano=0)
        hint(hand.view_for(0), seed=players)
        choose(hand.view_for(0), Level.BEGINNER, rng)


def _mappers() -> None:
    from tutor.store import configure_models

    configure_models()


def _templates(app: Flask) -> None:
    for name in app.jinja_env.list_templates(filter_func=lambda n: n.endswith((".html", ".svg", ".xml", ".txt"))):
        app.jinja_env.get_template(name)


def _pages(app: Flask) -> None:
    from tutor.config import LANGUAGES

    client = app.test_client()
    for lang in LANGUAGES:
        for path in WARM_PATHS:
            client.get(path.format(lang=lang))


def warm_up(app: Flask, log: Callable[[str], None] = print) -> float:
    """Load and render what is loaded lazily (see the module's notes); returns the seconds it took."""
    began = time.perf_counter()
    steps: list[tuple[str, Callable[[], None]]] = [
        ("content", _content),
        ("catalogs", _catalogs),
        ("bots", _bots),
        ("mappers", _mappers),
        ("templates", lambda: _templates(app)),
        ("pages", lambda: _pages(app)),
    ]
    for name, step in steps:
        try:
            step()
        except Exception as error:  # noqa: BLE001 - a warm-up never stops the start
            log(f"warm-up step {name} failed: {error!r}")
    # What was just loaded stays for good: out of the collector's generations, as create_app does.
    gc.collect()
    gc.freeze()
    return time.perf_counter() - began
