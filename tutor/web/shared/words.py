"""The narration's words that templates say themselves, for every feature: ``call_name(call)``
("Envido", "Real envido", "Truco", ... as players say them; docs/rules §10), used by the envido
checker's forms and the lessons' ladders.

A word two features' templates need is registered here, once, not by one of the features: a
template may use only the globals of its own feature, of the components and of ``shared``
(tests/test_architecture.py). The card names are the card component's (:mod:`tutor.web.components.cards`).
"""

from __future__ import annotations

from flask import Flask

from tutor.narration import call_name


def init_app(app: Flask) -> None:
    """Make ``call_name()`` available in templates."""
    app.jinja_env.globals["call_name"] = call_name
