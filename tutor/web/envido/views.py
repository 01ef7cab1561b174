"""The envido checker: any hand, any showdown, any stake, explained and shareable.

Pages under every language prefix (blueprint ``envido``):

* ``/<lang>/envido``: three cards picked (checkboxes ``card``) or typed (``hand``, e.g. ``7o 6o 3b``
  or ``A♠ 7♦ K♥``); with ``check=1`` the learner answers first (``guess``) and is told right or
  not, and why;
* ``/<lang>/envido/showdown``: 2, 4 or 6 ``player`` fields (three cards or an envido number) and
  the ``mano`` (players counted from 1);
* ``/<lang>/envido/stakes``: envido ``calls`` and ``truco`` calls with ``score``, ``target`` and the
  ruleset options (``variant``, ``raisable``, ``falta_mode``, ``flor``, ``early_mazo``);
* ``/<lang>/envido/daily``: the old address of the daily puzzle, which became the daily challenge of
  the quizzes (``/<lang>/daily``, five questions of every topic): a permanent redirect there.

Every state lives in the query string of a GET form, so any puzzle can be shared as a link; each page
shows that link and its QR code (segno, an inline ``data:`` SVG image, allowed by the CSP). A request
whose query is not in the canonical form (a plain form submission) is redirected to it; an htmx
request gets only the ``result`` block and an ``HX-Push-Url`` header with the canonical URL, so
the address bar always holds the shareable link. Bad input is a translated message with status 400.

Each page's state is a query object (:mod:`.queries`): ``from_args`` reads it with the input readers
of ``tutor.web.shared.readers`` (which the JSON API and the command line use too) and raises the
engine's error with a ``field`` detail, so that :func:`tutor.narration.error_message` finds the right
sentence; ``to_params`` is the canonical link.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from flask import Blueprint, Flask, redirect, request, url_for
from werkzeug.wrappers import Response  # the base of flask.Response; redirect() returns one

from tutor import narration
from tutor.narration import error_message

from ...engine.cards import DECK, Card, Suit
from ...engine.envido import envido, flor, showdown
from ...engine.errors import TrucoError
from ...engine.rules import TARGETS, FlorMode, Rules
from ...engine.stakes import EnvidoCall, TrucoCall, flor_stake, next_envido_calls
from ...i18n import LANG_PREFIX, lazy_gettext as _l
from ..shared.htmx import render_page_or_block, wants_fragment
from ..shared.nav import Section, add_section
from ..shared.preferences import card_face
from ..shared.qr import public_url_for, qr_data_uri
from ..shared.queries import FormErrors, param_items
from .queries import MAX_PLAYERS, HandQuery, ShowdownQuery, StakesQuery, padded

bp = Blueprint("envido", __name__, url_prefix=f"{LANG_PREFIX}/envido")

Params = Mapping[str, str | Sequence[str]]
"""A page state's canonical query, as the query objects' ``to_params()`` give it."""

# --- Sharing --------------------------------------------------------------------------------------


@dataclass
class Share:
    """The canonical link of a page state, and its QR code."""

    path: str
    """Path and query, for ``HX-Push-Url`` and redirects."""
    url: str
    """The full URL that the link and the QR code carry."""

    @property
    def qr(self) -> str | None:
        """The QR code of ``url`` as a ``data:`` SVG image (black on white, quiet zone included)."""
        return qr_data_uri(self.url)


def share_for(endpoint: str, params: Params) -> Share:
    """The canonical link of ``endpoint`` with ``params`` (in this order, a list for a repeated key)."""
    values: dict[str, Any] = dict(params)
    return Share(url_for(endpoint, **values), public_url_for(endpoint, **values))


def _is_canonical(params: Params) -> bool:
    return list(request.args.items(multi=True)) == param_items(params)


def respond(
    template: str,
    params: Params | None,
    endpoint: str,
    status: int = 200,
    *,
    share_params: Params | None = None,
    **context: Any,
) -> Response:
    """Render a checker page (or its ``result`` block for htmx), keeping the URL canonical.

    ``params`` is the canonical query of the page's state (None when the input was bad): a full page
    request with another query is redirected to it; an htmx swap is told to push it. The share box
    offers ``share_params`` when given: for a puzzle, the puzzle itself, never the learner's answer
    (a shared link with ``&guess=40`` opened on the solution).
    """
    share = share_for(endpoint, params) if params is not None else None
    if share is not None and share_params is not None:
        context["share_link"] = share_for(endpoint, share_params)
    if share is not None and params is not None and not wants_fragment() and not _is_canonical(params):
        return redirect(share.path, code=302)
    context.setdefault("share_link", share)
    response = render_page_or_block(template, "result", status, share=share, **context)
    if wants_fragment():
        response.headers["HX-Push-Url"] = share.path if share is not None else "false"
    response.headers["Cache-Control"] = "no-cache"
    return response


# --- Views ----------------------------------------------------------------------------------------


def picker_groups() -> list[tuple[Suit, list[Card]]]:
    """The 40 cards grouped by suit, for the card picker."""
    return [(suit, [card for card in DECK if card.suit is suit]) for suit in Suit]


@dataclass
class HandView:
    """What the envido page shows for one hand."""

    cards: tuple[Card, ...]
    explanation: narration.ExplanationText
    flor: narration.ExplanationText | None = None
    verdict: narration.VerdictText | None = None
    puzzle: bool = False
    guess: int | None = None


def hand_view(cards: tuple[Card, ...], check: bool, guess: int | None) -> HandView:
    """The explanation of three cards, and the verdict on a guess in check mode."""
    face = card_face()
    result = envido(cards)
    flor_result = flor(cards)
    view = HandView(
        cards=cards,
        explanation=narration.explain_envido(result, face),
        flor=narration.explain_flor(flor_result, face) if flor_result else None,
        puzzle=check and guess is None,
        guess=guess,
    )
    if check and guess is not None:
        view.verdict = narration.judge_envido_guess(result, guess, face)
    return view


@bp.get("")
def hand():
    """Envido of three cards: picker, typed cards, and the check-my-answer mode."""
    context: dict[str, Any] = {
        "groups": picker_groups(),
        **HandQuery.typed_fields(request.args),
        "view": None,
        "error": None,
    }
    try:
        query = HandQuery.from_args(request.args)
    except TrucoError as exc:
        return respond("envido/hand.html", None, "envido.hand", status=400, **{**context, "error": error_message(exc)})
    if query.cards is not None:
        context.update(
            picked={card.notation for card in query.cards},
            typed="",
            check=query.check,
            view=hand_view(query.cards, query.check, query.guess),
        )
    puzzle = query.puzzle().to_params() if query.check and query.cards is not None else None
    return respond("envido/hand.html", query.to_params(), "envido.hand", share_params=puzzle, **context)


@bp.get("/daily")
def daily():
    """The daily puzzle became the daily challenge (five questions of every topic): go there, to the same day."""
    day = request.args.get("date", "").strip()
    args = {"date": day} if re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", day) else {}
    return redirect(url_for("quiz.daily", **args), code=301)


@bp.get("/showdown")
def showdown_page():
    """Envido showdown of 2, 4 or 6 players given as cards or numbers, with the mano."""
    context: dict[str, Any] = {**ShowdownQuery.typed_fields(request.args), "result": None, "error": None, "seats": []}
    try:
        query = ShowdownQuery.from_args(request.args)
    except TrucoError as exc:
        return respond(
            "envido/showdown.html", None, "envido.showdown_page", status=400, **{**context, "error": error_message(exc)}
        )
    if query.seats:
        context.update(showdown_context(query))
    return respond("envido/showdown.html", query.to_params(), "envido.showdown_page", **context)


def showdown_context(query: ShowdownQuery) -> dict[str, Any]:
    """The showdown's result for the page: who wins, why, and each seat's cards or number."""
    result = showdown(query.values, query.mano)
    return {
        "entries": padded(query.entries(), MAX_PLAYERS),
        "mano_text": str(query.mano + 1),
        "result": result,
        "explanation": narration.explain_showdown(result),
        "team_values": narration.team_values_text(result),
        "seats": [
            {"seat": i, "cards": seat if not isinstance(seat, int) else None, "value": query.values[i], "team": i % 2}
            for i, seat in enumerate(query.seats)
        ],
    }


@bp.get("/stakes")
def stakes():
    """What envido and truco calls are worth, accepted or declined, and what going to the mazo gives."""
    context: dict[str, Any] = {
        **StakesQuery.typed_fields(request.args),
        "errors": [],
        **dict.fromkeys(("envido", "truco", "mazo", "flor")),
        "targets": TARGETS,
        "envido_calls": list(EnvidoCall),
        "truco_calls": list(TrucoCall),
    }
    try:
        query = StakesQuery.from_args(request.args)
    except FormErrors as exc:
        context["errors"] = list(exc.messages.values())
        return respond("envido/stakes.html", None, "envido.stakes", status=400, **context)
    context.update(stakes_context(query))
    return respond("envido/stakes.html", query.to_params(), "envido.stakes", **context)


def stakes_context(query: StakesQuery) -> dict[str, Any]:
    """The stakes the query asks about, explained: the envido and truco calls, the flor, the mazo."""
    rules, stake, truco = query.rules, query.envido_stake(), query.truco_stake()
    context: dict[str, Any] = {
        **query.fields(),
        "scores": query.scores,
        "rules": rules,
        "flor": flor_rules(rules, query.scores),
        "mazo": narration.explain_mazo(query.truco, early_mazo=rules.early_mazo),
    }
    if stake is not None:
        context["envido"] = narration.explain_envido_stake(
            stake, next_envido_calls(query.calls, raisable=rules.envido_raisable)
        )
    if truco is not None:
        context["truco"] = narration.explain_truco_stake(truco)
    return context


def flor_rules(rules: Rules, scores: tuple[int, int]) -> narration.ExplanationText | None:
    """How flor is played under ``rules`` (None without flor), with what a contraflor is worth at this score."""
    if rules.flor is FlorMode.OFF:
        return None
    contraflor = al_resto = None
    if rules.flor is FlorMode.CONTRAFLOR:
        contraflor = flor_stake(["contraflor"], scores=scores, target=rules.target)
        al_resto = flor_stake(["contraflor_al_resto"], scores=scores, target=rules.target)
    return narration.explain_flor_rules(rules.flor.value, contraflor, al_resto)


def init_app(app: Flask) -> None:
    """The checker's template helper ``team_label()`` (for its own templates; ``call_name()`` is
    shared: :mod:`tutor.web.shared.words`) and its place in the menu (``create_app`` registers ``bp``)."""
    app.jinja_env.globals["team_label"] = narration.Perspective.onlooker().team_name
    add_section(
        app,
        Section(
            "envido.hand",
            # Translators: menu entry; "envido" is a Truco call and stays Spanish.
            _l("Envido checker"),
            # Translators: "envido" is a Truco term and stays Spanish.
            _l("Any hand, any showdown, any stake: the envido counted and explained."),
            order=30,
        ),
    )
