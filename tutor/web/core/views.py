"""The home page, the deck page and the health check.

The deck page shows the whole deck in trick order (``ARGENTINE.ordered()``): one row per level,
equal cards together, the four matas marked, each card's envido value. Its card-face form posts
to the same URL: with htmx only the ``deck`` block comes back, without JavaScript the browser is
redirected to the page (post/redirect/get).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Flask, abort, current_app, redirect, render_template, request, url_for
from markupsafe import Markup

from ...engine.ranking import ARGENTINE, MATAS
from ...i18n import LANG_PREFIX, current_language, lazy_gettext as _l
from ...learning.attempts import QUIZ_PASS_SHARE
from ...narration.words import join
from ..components.cards import card_name
from ..shared.extensions import HOME_LINKS
from ..shared.htmx import render_page_or_block, wants_fragment
from ..shared.nav import Section, add_section
from ..shared.preferences import card_face, card_faces, set_card_face

bp = Blueprint("core", __name__, url_prefix=LANG_PREFIX)
health = Blueprint("health", __name__)


@bp.get("/")
def index():
    """The home page of one language: its card picture (the four matas, in the engine's order), a first
    step for someone who half-knows the game (the table, or testing out lessons by their quizzes), the
    links other features add and the sections."""
    face = card_face()
    names = join(card_name(card, face) for card in MATAS)
    return render_template(
        "index.html", links=HOME_LINKS.gather(), matas=MATAS, mata_names=names, pass_mark=QUIZ_PASS_SHARE
    )


def deck_rows() -> list[dict[str, Any]]:
    """The ranking as rows for the template: level number, its cards, whether it is a mata."""
    matas = set(MATAS)
    return [
        {"level": level, "cards": cards, "mata": any(card in matas for card in cards)}
        for level, cards in enumerate(ARGENTINE.ordered(), start=1)
    ]


def deck_rows_html(face: str) -> Markup:
    """The ranking rows, rendered once per language and card face and then reused (the deck never
    changes; 40 card macros are most of the page's cost). Not cached while templates auto-reload."""
    key = (current_language(), face)
    cache: dict[tuple[str, str], Markup] = current_app.extensions.setdefault("tutor.deck_rows", {})
    html = cache.get(key)
    if html is None:
        html = Markup(render_template("_deck_rows.html", rows=deck_rows(), card_face=face))
        if not current_app.jinja_env.auto_reload:
            cache[key] = html
    return html


@bp.route("/deck", methods=["GET", "POST"])
def deck():
    """The deck in trick order; POST changes the card face."""
    if request.method == "POST":
        face = request.form.get("face", "")
        if face not in card_faces():
            abort(400)
        if wants_fragment():
            response = render_page_or_block("deck.html", "deck", card_face=face, ranking=deck_rows_html(face))
        else:
            response = redirect(url_for("core.deck"), code=303)
        return set_card_face(response, face)
    return render_page_or_block("deck.html", "deck", ranking=deck_rows_html(card_face()))


@health.get("/healthz")
def healthz():
    """Liveness check for deployments: the app answers (no database query)."""
    return {"status": "ok"}


def init_app(app: Flask) -> None:
    """The deck's place in the menu (``create_app`` registers ``bp`` and ``health``)."""
    add_section(
        app,
        Section(
            "core.deck",
            _l("The deck"),
            # Translators: "envido" is a Truco call and stays Spanish.
            _l("All 40 cards from the strongest to the weakest, with what each one counts for envido."),
            order=10,
        ),
    )
