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

The input readers (``read_*``) raise the engine's :class:`InvalidNotationError` with a ``field``
detail, so that :func:`tutor.narration.error_message` finds the right sentence; the JSON API
(``tutor.web.api``) and the command line use the same readers, from ``tutor.web.shared.readers``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Sequence

from flask import Blueprint, Flask, redirect, request, url_for
from flask.wrappers import Response

from ...engine.cards import DECK, Card, Suit, format_cards
from ...engine.envido import envido, flor, showdown
from ...engine.errors import InvalidNotationError, NotationReason, TrucoError
from ...engine.rules import TARGETS, FlorMode
from ...engine.stakes import (
    EnvidoCall,
    TrucoCall,
    envido_stake,
    flor_stake,
    next_envido_calls,
    truco_stake,
)
from ...i18n import LANG_PREFIX
from ...i18n import lazy_gettext as _l
from ..shared.htmx import render_page_or_block, wants_fragment
from tutor import narration
from tutor.narration import Field, error_message
from ..shared.nav import Section, add_section
from ..shared.preferences import card_face
from ..shared.qr import qr_data_uri
from ..shared.readers import (
    TRUE_VALUES,
    bad_input,
    check_seat_count,
    read_calls,
    read_hand,
    read_number,
    read_rules,
    read_scores,
    read_seat,
    seat_values,
    split_list,
)

bp = Blueprint("envido", __name__, url_prefix=f"{LANG_PREFIX}/envido")

MAX_PLAYERS = 6
"""The showdown form offers six players; 2, 4 or 6 of them are filled in."""

MAX_GUESS = 99
"""The largest envido answer read as a guess (judged wrong when above 33); larger is an input error."""

# --- Sharing --------------------------------------------------------------------------------------


@dataclass
class Share:
    """The canonical link of a page state, and its QR code."""

    path: str
    """Path and query, for ``HX-Push-Url`` and redirects."""
    url: str
    """The full URL that the link and the QR code carry."""

    @property
    def qr(self) -> str:
        """The QR code of ``url`` as a ``data:`` SVG image (black on white, quiet zone included)."""
        return qr_data_uri(self.url)


def share_for(endpoint: str, params: Sequence[tuple[str, str]]) -> Share:
    """The canonical link of ``endpoint`` with ``params`` (in this order, repeated keys allowed)."""
    values: dict[str, list[str]] = {}
    for key, value in params:
        values.setdefault(key, []).append(value)
    return Share(url_for(endpoint, **values), url_for(endpoint, _external=True, **values))


def _is_canonical(params: Sequence[tuple[str, str]]) -> bool:
    return list(request.args.items(multi=True)) == list(params)


def respond(template: str, params: Sequence[tuple[str, str]] | None, endpoint: str, status: int = 200, *,
            share_params: Sequence[tuple[str, str]] | None = None, **context: Any) -> Response:
    """Render a checker page (or its ``result`` block for htmx), keeping the URL canonical.

    ``params`` is the canonical query of the page's state (None when the input was bad): a full page
    request with another query is redirected to it; an htmx swap is told to push it. The share box
    offers ``share_params`` when given: for a puzzle, the puzzle itself, never the learner's answer
    (a shared link with ``&guess=40`` opened on the solution).
    """
    share = share_for(endpoint, params) if params is not None else None
    if share is not None and share_params is not None:
        context["share_link"] = share_for(endpoint, share_params)
    if share is not None and not wants_fragment() and not _is_canonical(params):
        return redirect(share.path, code=302)
    context.setdefault("share_link", share)
    response = render_page_or_block(template, "result", status=status, share=share, **context)
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
    explanation: narration.Explanation
    flor: narration.Explanation | None = None
    verdict: narration.Verdict | None = None
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
    args = request.args
    picked = [value for value in args.getlist("card") if value.strip()]
    typed = " ".join(value for value in args.getlist("hand") if value.strip())
    check = bool(read_flag_quiet(args.get("check")))
    guess_text = args.get("guess", "")
    context: dict[str, Any] = {
        "groups": picker_groups(), "picked": set(), "typed": typed, "check": check, "guess_text": guess_text,
        "view": None, "error": None,
    }
    if not picked and not typed:
        return respond("envido/hand.html", [], "envido.hand", **context)
    try:
        cards = read_hand(typed if typed else picked)
        guess = read_number(guess_text, Field.GUESS, 0, MAX_GUESS, max=MAX_GUESS) if guess_text.strip() else None
    except TrucoError as exc:
        context["picked"] = {value.strip() for value in picked}
        context["error"] = error_message(exc)
        return respond("envido/hand.html", None, "envido.hand", status=400, **context)
    check = check or guess is not None
    params = [("hand", format_cards(cards, sep=","))]
    if check:
        params.append(("check", "1"))
    if guess is not None:
        params.append(("guess", str(guess)))
    context.update(picked={card.notation for card in cards}, typed="", check=check, view=hand_view(cards, check, guess))
    return respond("envido/hand.html", params, "envido.hand", share_params=params[:2] if check else None, **context)


def read_flag_quiet(text: str | None) -> bool:
    """A checkbox-like flag that is never an error: anything but a yes value is no."""
    return (text or "").strip().lower() in TRUE_VALUES


@bp.get("/daily")
def daily():
    """The daily puzzle became the daily challenge (five questions of every topic): go there, to the same day."""
    day = request.args.get("date", "").strip()
    args = {"date": day} if re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", day) else {}
    return redirect(url_for("quiz.daily", **args), code=301)


@bp.get("/showdown")
def showdown_page():
    """Envido showdown of 2, 4 or 6 players given as cards or numbers, with the mano."""
    args = request.args
    fields = args.getlist("player")
    mano_text = args.get("mano", "")
    context: dict[str, Any] = {
        "entries": (fields + [""] * MAX_PLAYERS)[:MAX_PLAYERS], "mano_text": mano_text,
        "result": None, "error": None, "seats": [],
    }
    count = next((len(fields) - i for i, entry in enumerate(reversed(fields)) if entry.strip()), 0)
    if count == 0:
        return respond("envido/showdown.html", [], "envido.showdown_page", **context)
    try:
        if count > MAX_PLAYERS:
            check_seat_count(count)
        seats: list[int | tuple[Card, ...]] = []
        for position, entry in enumerate(fields[:count]):
            if not entry.strip():
                raise bad_input(NotationReason.EMPTY, Field.SEATS, f"player {position + 1} missing", position=position)
            seats.append(read_seat(entry, position))
        check_seat_count(len(seats))
        mano = read_number(mano_text, Field.MANO, 1, len(seats), players=len(seats)) - 1 if mano_text.strip() else 0
        values = seat_values(seats)
        result = showdown(values, mano)
    except TrucoError as exc:
        context["error"] = error_message(exc)
        return respond("envido/showdown.html", None, "envido.showdown_page", status=400, **context)
    params = [("player", _seat_text(seat)) for seat in seats]
    if mano:
        params.append(("mano", str(mano + 1)))
    context.update(
        entries=[_seat_text(seat) for seat in seats] + [""] * (MAX_PLAYERS - len(seats)),
        mano_text=str(mano + 1),
        result=result,
        explanation=narration.explain_showdown(result),
        team_values=narration.team_values_text(result),
        seats=[
            {"seat": i, "cards": seat if not isinstance(seat, int) else None, "value": values[i], "team": i % 2}
            for i, seat in enumerate(seats)
        ],
    )
    return respond("envido/showdown.html", params, "envido.showdown_page", **context)


def _seat_text(seat: int | tuple[Card, ...]) -> str:
    return str(seat) if isinstance(seat, int) else format_cards(seat, sep=",")


STAKE_OPTIONS = ("variant", "target", "raisable", "falta_mode", "flor", "early_mazo")
"""Ruleset options of the stakes page, in URL order."""


@bp.get("/stakes")
def stakes():
    """What envido and truco calls are worth, accepted or declined, and what going to the mazo gives."""
    args = request.args
    options = {name: args.get(name, "") for name in STAKE_OPTIONS}
    raw_scores = args.getlist("score")
    score_fields = raw_scores if len(raw_scores) == 2 else ",".join(raw_scores).split(",")
    context: dict[str, Any] = {
        "options": options,
        "call_fields": (split_list(args.getlist("calls")) + [""] * 4)[:4],
        "truco_fields": (split_list(args.getlist("truco")) + [""] * 3)[:3],
        "score_fields": (score_fields + ["", ""])[:2],
        "errors": [], "envido": None, "truco": None, "mazo": None, "flor": None,
        "targets": TARGETS, "envido_calls": list(EnvidoCall), "truco_calls": list(TrucoCall),
    }
    errors: list[str] = []
    try:
        rules = read_rules(
            options["variant"], target=options["target"], raisable=options["raisable"],
            falta_mode=options["falta_mode"], flor=options["flor"], early_mazo=options["early_mazo"],
        )
        scores = read_scores(args.getlist("score"), rules.target)
    except TrucoError as exc:
        context["errors"] = [error_message(exc)]
        return respond("envido/stakes.html", None, "envido.stakes", status=400, **context)
    calls: tuple[EnvidoCall, ...] = ()
    trucos: tuple[TrucoCall, ...] = ()
    try:
        calls = read_calls(args.getlist("calls"), EnvidoCall)
        if calls:
            stake = envido_stake(
                calls, scores=scores, target=rules.target, falta_mode=rules.falta_mode, raisable=rules.envido_raisable
            )
            context["envido"] = narration.explain_envido_stake(stake, next_envido_calls(calls, raisable=rules.envido_raisable))
    except TrucoError as exc:
        errors.append(error_message(exc, Field.ENVIDO_CALLS))
    try:
        trucos = read_calls(args.getlist("truco"), TrucoCall)
        if trucos:
            context["truco"] = narration.explain_truco_stake(truco_stake(trucos))
    except TrucoError as exc:
        errors.append(error_message(exc, Field.TRUCO_CALLS))
    if errors:
        context["errors"] = errors
        return respond("envido/stakes.html", None, "envido.stakes", status=400, **context)
    context["mazo"] = narration.explain_mazo(trucos, early_mazo=rules.early_mazo)
    if rules.flor is not FlorMode.OFF:
        contraflor = al_resto = None
        if rules.flor is FlorMode.CONTRAFLOR:
            contraflor = flor_stake(["contraflor"], scores=scores, target=rules.target)
            al_resto = flor_stake(["contraflor_al_resto"], scores=scores, target=rules.target)
        context["flor"] = narration.explain_flor_rules(rules.flor.value, contraflor, al_resto)
    params: list[tuple[str, str]] = []
    if calls:
        params.append(("calls", ",".join(call.value for call in calls)))
    if trucos:
        params.append(("truco", ",".join(call.value for call in trucos)))
    if scores != (0, 0):
        params.append(("score", f"{scores[0]},{scores[1]}"))
    for name in STAKE_OPTIONS:
        if options[name].strip():
            params.append((name, options[name].strip().lower()))
    context.update(
        call_fields=[call.value for call in calls] + [""] * (4 - len(calls)),
        truco_fields=[call.value for call in trucos] + [""] * (3 - len(trucos)),
        score_fields=[str(scores[0]), str(scores[1])],
        scores=scores,
        rules=rules,
    )
    return respond("envido/stakes.html", params, "envido.stakes", **context)


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
