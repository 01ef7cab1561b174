"""The JSON API under ``/api/v1``: envido, trick, hand, stakes and showdown for clubs' own tools.

A stable contract, described by the OpenAPI 3.1 document at ``/api/v1/openapi.json`` (built by
:func:`openapi_document`). Cards use the compact notation (``7o``, ``12c``; French symbols are read
too), seats are numbered from 0 in playing order and teams alternate (``seat % 2``).

Errors are ``application/problem+json`` documents (RFC 9457): ``type`` (``about:blank``), ``title``
(the HTTP status phrase), ``status``, ``detail`` (a sentence in the language of ``Accept-Language``)
and ``code``, machine-readable: the engine's reason (``unknown_rank``, ``envido_ladder_backwards``,
...) or one of :class:`Problem` (``missing_parameter``, ``not_json``, ...). ``parameter`` names the
offending input and ``position`` (from 0) the offending item of a list, when known. No input gives a
5xx: unknown cards, duplicates, wrong counts, bad numbers, illegal ladders, unknown parameters,
oversized input, wrong JSON types and bodies that are not JSON are all 4xx.

Every endpoint is GET except ``POST /showdown``. The blueprint is exempt from CSRF protection: CSRF
abuses a browser's cookies to act for a signed-in user, and this API has no cookies, no session, no
sign-in and no side effects (each call is a pure computation), and the POST only accepts
``application/json``, which a cross-site HTML form cannot send. For the same reason any origin may
call it (``Access-Control-Allow-Origin: *``).
"""

from __future__ import annotations

import json
from contextlib import contextmanager
from enum import StrEnum
from typing import Any, Iterator

from flask import Blueprint, Flask, g, jsonify, request
from flask.wrappers import Response
from werkzeug.exceptions import RequestEntityTooLarge
from babel.lists import format_list
from werkzeug.http import HTTP_STATUS_CODES

from ..engine.cards import parse_cards
from ..engine.envido import envido, flor, showdown
from ..engine.errors import InvalidNotationError, NotationReason, Reason, TrucoError
from ..engine.rules import Rules, find_variant
from ..engine.stakes import EnvidoCall, FaltaMode, TrucoCall, envido_stake, truco_stake
from ..engine.tricks import hand_result, trick_result
from ..i18n import current_language, negotiate_language, ngettext
from ..i18n import gettext as _
from .envido import (
    FLAG_VALUES,
    check_seat_count,
    read_calls,
    read_choice,
    read_envido_value,
    read_flag,
    read_hand,
    read_rules,
    read_scores,
    read_target,
    seat_values,
)
from .explain import Field, error_message

bp = Blueprint("api", __name__, url_prefix="/api/v1")

MAX_QUERY = 1024
"""Longest query string accepted (bytes); longer is 414."""
MAX_BODY = 4096
"""Largest JSON body accepted (bytes); larger is 413. Six hands of three cards take about 150."""
PROBLEM_JSON = "application/problem+json"


class Problem(StrEnum):
    """Error codes of the API itself (the engine's reasons are codes too)."""

    MISSING_PARAMETER = "missing_parameter"
    """A required query parameter or JSON member is missing."""
    REPEATED_PARAMETER = "repeated_parameter"
    """A query parameter was given more than once."""
    CONFLICTING_PARAMETERS = "conflicting_parameters"
    """Both ``hands`` and ``values`` were given."""
    NOT_JSON = "not_json"
    """The body is not JSON."""
    WRONG_TYPE = "wrong_type"
    """A JSON value has the wrong type."""
    UNSUPPORTED_MEDIA_TYPE = "unsupported_media_type"
    """The body is not ``application/json``."""
    PAYLOAD_TOO_LARGE = "payload_too_large"
    """The body is larger than :data:`MAX_BODY`."""
    URI_TOO_LONG = "uri_too_long"
    """The query string is longer than :data:`MAX_QUERY`."""
    METHOD_NOT_ALLOWED = "method_not_allowed"
    """The endpoint does not take this HTTP method."""
    NOT_FOUND = "not_found"
    """No endpoint at this path."""


ERROR_CODES: tuple[str, ...] = (
    tuple(reason.value for reason in NotationReason)
    + tuple(reason.value for reason in Reason)
    + tuple(problem.value for problem in Problem)
)
"""Every ``code`` an error document may carry."""


class ApiError(Exception):
    """An error of the request itself (not of the Truco input): status, code, translated detail."""

    def __init__(self, status: int, code: str, detail: str, **extra: Any) -> None:
        super().__init__(detail)
        self.status, self.code, self.detail, self.extra = status, code, detail, extra


def problem(status: int, code: str, detail: str, **extra: Any) -> Response:
    """An RFC 9457 problem document."""
    body = {"type": "about:blank", "title": HTTP_STATUS_CODES.get(status, "Error"), "status": status, "detail": detail, "code": code}
    body.update({key: value for key, value in extra.items() if value is not None})
    response = jsonify(body)
    response.status_code = status
    response.mimetype = PROBLEM_JSON
    return response


@contextmanager
def about(field: Field, parameter: str) -> Iterator[None]:
    """Tell an engine error which input it is about (for its sentence and ``parameter``)."""
    try:
        yield
    except TrucoError as exc:
        exc.details.setdefault("field", field)
        exc.details.setdefault("parameter", parameter)
        raise


# --- Request reading ----------------------------------------------------------------------------


def query(*required: str, optional: tuple[str, ...] = ()) -> dict[str, str]:
    """The query parameters, each at most once; unknown ones are refused (``unknown_option``)."""
    allowed = set(required) | set(optional)
    for name in request.args:
        if name not in allowed:
            raise InvalidNotationError(
                NotationReason.UNKNOWN_OPTION, f"unknown parameter {name!r}", value=name, field=Field.PARAMETER, parameter=name
            )
        if len(request.args.getlist(name)) > 1:
            raise ApiError(
                400, Problem.REPEATED_PARAMETER, _("The parameter “%(name)s” was given more than once.", name=name), parameter=name
            )
    for name in required:
        if name not in request.args:
            raise ApiError(400, Problem.MISSING_PARAMETER, _("The parameter “%(name)s” is required.", name=name), parameter=name)
    return {name: request.args[name] for name in request.args}


def json_body() -> dict[str, Any]:
    """The JSON object in the body (415 if not JSON, 413 if too large, 400 if unreadable)."""
    if request.mimetype != "application/json" and not request.mimetype.endswith("+json"):
        raise ApiError(
            415, Problem.UNSUPPORTED_MEDIA_TYPE, _("Send the body as JSON, with the header Content-Type: application/json.")
        )
    request.max_content_length = MAX_BODY
    data = request.get_data(cache=True)
    if len(data) > MAX_BODY:
        raise RequestEntityTooLarge()
    try:
        body = json.loads(data)
    except (ValueError, RecursionError):
        raise ApiError(400, Problem.NOT_JSON, _("The request body is not valid JSON.")) from None
    if not isinstance(body, dict):
        raise _wrong_type("body", _("a JSON object"))
    return body


def _wrong_type(name: str, expected: str) -> ApiError:
    # Translators: %(expected)s is a phrase such as "a JSON object" or "a whole number".
    return ApiError(400, Problem.WRONG_TYPE, _("“%(name)s” must be %(expected)s.", name=name, expected=expected), parameter=name)


def _is_int(value: Any) -> bool:
    return type(value) is int


TRICK_SIZES = (2, 4, 6)
"""Cards in a trick: one per player, and Truco is played by 2, 4 or 6 (RULES.md 7)."""

_LOCKABLE = (("raisable", "envido_raisable"), ("falta_mode", "falta_mode"))
"""Ruleset options of ``/envido-stake`` and the ``Rules`` fields they set (a preset may fix one)."""


def stake_rules(args: dict[str, str]) -> Rules:
    """The ruleset of ``/envido-stake``; an error names the parameter that is wrong.

    Each option is read on its own first, so a bad ``target`` is blamed on ``target`` and not on
    ``variant``; an option the preset fixes (``variant=fixed&raisable=true``) is blamed on the option.
    """
    with about(Field.TARGET, "target"):
        read_target(args.get("target"))
    with about(Field.OPTION, "raisable"):
        read_flag(args.get("raisable"), "raisable")
    with about(Field.OPTION, "falta_mode"):
        read_choice(args.get("falta_mode"), [mode.value for mode in FaltaMode], "falta_mode")
    name = args.get("variant", "").strip()
    with about(Field.VARIANT, "variant"):
        variant = find_variant(name or "argentino")
    fixed = [param for param, option in _LOCKABLE if args.get(param, "").strip() and option in variant.locked]
    with about(Field.VARIANT, fixed[0] if fixed else "variant"):
        return read_rules(
            args.get("variant"), target=args.get("target"), raisable=args.get("raisable"), falta_mode=args.get("falta_mode")
        )


def option_message(exc: TrucoError) -> str | None:
    """The sentence for a bad option value that names the option and lists its values, if known."""
    details = exc.details
    name, allowed = details.get("option"), details.get("allowed")
    if not isinstance(name, str) or not allowed:
        return None
    text = str(details.get("value", ""))
    shown = text if len(text) <= 40 else text[:39] + "…"
    listed = format_list([str(item) for item in allowed], style="or", locale=current_language())
    # Translators: %(value)s is what was sent, %(name)s a parameter name and %(allowed)s its possible
    # values joined with "or" (already translated); the name and the values are code, keep them.
    return _("“%(value)s” is not a valid value for “%(name)s”: use %(allowed)s.", value=shown, name=name, allowed=listed)


# --- Endpoints ----------------------------------------------------------------------------------


@bp.get("/envido")
def envido_endpoint():
    """The envido of three cards, the cards that make it, and the flor value."""
    args = query("hand")
    with about(Field.CARDS, "hand"):
        cards = read_hand(args["hand"])
    result = envido(cards)
    flor_result = flor(cards)
    return jsonify(
        hand=[card.notation for card in cards],
        envido=result.points,
        counted=[card.notation for card in result.counted],
        flor=flor_result.points if flor_result else None,
        kind=result.kind.value,
    )


@bp.get("/trick")
def trick_endpoint():
    """Which card takes a trick of 2, 4 or 6 cards (in playing order from seat 0), or a parda."""
    args = query("cards")
    with about(Field.TRICK, "cards"):
        cards = parse_cards(args["cards"])
    if len(cards) not in TRICK_SIZES:
        raise ApiError(
            400, NotationReason.WRONG_COUNT,
            # Translators: a trick is one card from each player; Truco is played by 2, 4 or 6 players.
            ngettext(
                "A trick has 2, 4 or 6 cards, one per player (%(num)s was given).",
                "A trick has 2, 4 or 6 cards, one per player (%(num)s were given).",
                len(cards),
            ),
            parameter="cards",
        )
    result = trick_result(cards)
    return jsonify(
        cards=[card.notation for card in cards], winner=result.winner, parda=result.parda, winning_team=result.winning_team
    )


@bp.get("/hand")
def hand_endpoint():
    """Who wins the hand after these trick results (W, L, P from the mano's team)."""
    args = query("tricks")
    outcomes = [item.strip() for item in args["tricks"].split(",")] if args["tricks"].strip() else []
    with about(Field.TRICKS, "tricks"):
        if any(not item for item in outcomes):
            position = outcomes.index("")
            raise InvalidNotationError(NotationReason.MALFORMED, "empty trick", value="", position=position)
        result = hand_result(outcomes)
    return jsonify(
        tricks=[outcome.value for outcome in result.outcomes],
        winner=result.winner.value if result.winner else None,
        tricks_played=result.tricks_played,
        decided=result.decided,
        rule=result.rule.value,
    )


@bp.get("/envido-stake")
def envido_stake_endpoint():
    """What an envido ladder is worth, accepted and declined, at a score."""
    args = query("calls", optional=("score", "target", "falta_mode", "raisable", "variant"))
    rules = stake_rules(args)
    with about(Field.SCORE, "score"):
        scores = read_scores([args.get("score", "")], rules.target)
    with about(Field.ENVIDO_CALLS, "calls"):
        calls = read_calls([args["calls"]], EnvidoCall)
        stake = envido_stake(
            calls, scores=scores, target=rules.target, falta_mode=rules.falta_mode, raisable=rules.envido_raisable
        )
    return jsonify(
        calls=[call.value for call in stake.calls],
        score=list(stake.scores),
        target=stake.target,
        variant=rules.variant,
        raisable=rules.envido_raisable,
        falta_mode=rules.falta_mode.value,
        accepted=stake.accepted,
        declined=stake.declined,
        wins_game=stake.wins_game,
        accepted_for=[stake.accepted_for(0), stake.accepted_for(1)],
        accepted_rule=stake.accepted_rule.value,
        declined_rule=stake.declined_rule.value,
    )


@bp.get("/truco-stake")
def truco_stake_endpoint():
    """What the hand is worth after a truco ladder, accepted and declined."""
    args = query("calls")
    with about(Field.TRUCO_CALLS, "calls"):
        stake = truco_stake(read_calls([args["calls"]], TrucoCall))
    return jsonify(calls=[call.value for call in stake.calls], accepted=stake.accepted, declined=stake.declined, rule=stake.rule.value)


@bp.post("/showdown")
def showdown_endpoint():
    """The envido showdown of 2, 4 or 6 seats given as hands or as envido values."""
    body = json_body()
    for name in body:
        if name not in ("hands", "values", "mano"):
            raise InvalidNotationError(
                NotationReason.UNKNOWN_OPTION, f"unknown member {name!r}", value=name, field=Field.PARAMETER, parameter=name
            )
    if "hands" in body and "values" in body:
        raise ApiError(400, Problem.CONFLICTING_PARAMETERS, _("Give either “hands” or “values”, not both."), parameter="values")
    if "hands" not in body and "values" not in body:
        # Translators: "hands" and "values" are JSON member names (keep them); "envido" stays Spanish.
        raise ApiError(400, Problem.MISSING_PARAMETER, _("Give “hands” (three cards per seat) or “values” (one envido per seat)."), parameter="hands")
    name = "hands" if "hands" in body else "values"
    seats = body[name]
    if not isinstance(seats, list):
        raise _wrong_type(name, _("a list of hands, each a list of three cards") if name == "hands" else _("a list of whole numbers"))
    with about(Field.SEATS, name):
        check_seat_count(len(seats))
    if name == "hands":
        hands = []
        for position, hand in enumerate(seats):
            if not isinstance(hand, list) or not all(isinstance(card, str) for card in hand):
                raise _wrong_type(f"hands[{position}]", _("a list of three cards, like [\"7o\", \"6o\", \"3b\"]"))
            with about(Field.CARDS, "hands"):
                hands.append(read_hand(hand))
        with about(Field.CARDS, "hands"):
            values = seat_values(hands)
    else:
        values = []
        for position, value in enumerate(seats):
            if not _is_int(value):
                raise _wrong_type(f"values[{position}]", _("a whole number"))
            with about(Field.ENVIDO_VALUE, "values"):
                values.append(read_envido_value(value, position))
    mano = body.get("mano", 0)
    if not _is_int(mano):
        raise _wrong_type("mano", _("a whole number"))
    with about(Field.MANO, "mano"):
        if not 0 <= mano < len(values):
            raise ApiError(
                400, NotationReason.BAD_VALUE,
                # Translators: "mano" is the seat that speaks first; seats are numbered from 0 in the API.
                _("“mano” must be a seat number from 0 to %(last)s.", last=len(values) - 1), parameter="mano",
            )
        result = showdown(values, mano)
    return jsonify(
        envido=list(result.values),
        mano=result.mano,
        order=list(result.order),
        statements=[
            {"seat": s.seat, "team": s.team, "action": s.action.value, "value": s.value} for s in result.statements
        ],
        winner=result.winner,
        team=result.team,
        team_values=list(result.team_values),
        tie_broken=result.tie_broken,
    )


@bp.get("/openapi.json")
def openapi_endpoint():
    """The OpenAPI 3.1 document of this API."""
    return jsonify(openapi_document())


# --- Methods, unknown paths, errors -------------------------------------------------------------

_OTHER_METHODS = ["POST", "PUT", "PATCH", "DELETE"]
ENDPOINTS: dict[str, list[str]] = {
    "/envido": ["GET"], "/trick": ["GET"], "/hand": ["GET"], "/envido-stake": ["GET"], "/truco-stake": ["GET"],
    "/showdown": ["POST"], "/openapi.json": ["GET"],
}
"""Each path of the API and the methods it takes (HEAD and OPTIONS come with them)."""


def _method_not_allowed(allowed: str) -> Response:
    response = problem(
        405,
        Problem.METHOD_NOT_ALLOWED,
        _("This address does not accept %(method)s; use %(allowed)s.", method=request.method, allowed=allowed),
    )
    response.headers["Allow"] = allowed
    return response


def _register_method_guards() -> None:
    for path, methods in ENDPOINTS.items():
        others = [m for m in _OTHER_METHODS + ["GET"] if m not in methods]
        allowed = ", ".join(methods + (["HEAD"] if "GET" in methods else []) + ["OPTIONS"])
        bp.add_url_rule(
            path,
            f"not_allowed_{path.strip('/').replace('-', '_').replace('.', '_')}",
            lambda allowed=allowed: _method_not_allowed(allowed),
            methods=others,
            provide_automatic_options=False,
        )


_register_method_guards()


@bp.route("/", defaults={"rest": ""}, methods=["GET", "POST", "PUT", "PATCH", "DELETE"])
@bp.route("/<path:rest>", methods=["GET", "POST", "PUT", "PATCH", "DELETE"])
def not_found(rest: str):
    """Any other path under /api/v1."""
    return problem(
        404, Problem.NOT_FOUND, _("There is no such API address; the list is at /api/v1/openapi.json.")
    )


@bp.errorhandler(TrucoError)
def handle_truco_error(exc: TrucoError) -> Response:
    """Bad Truco input: 400 with the engine's reason as ``code``."""
    position = exc.details.get("position")
    detail = option_message(exc) if exc.details.get("field") == Field.OPTION else None
    return problem(
        400,
        exc.reason.value,
        detail or error_message(exc),
        parameter=exc.details.get("parameter"),
        position=position if _is_int(position) else None,
    )


@bp.errorhandler(ApiError)
def handle_api_error(exc: ApiError) -> Response:
    """A request the API cannot read."""
    return problem(exc.status, exc.code, exc.detail, **exc.extra)


@bp.errorhandler(RequestEntityTooLarge)
def handle_too_large(exc: RequestEntityTooLarge) -> Response:
    """A body over :data:`MAX_BODY`."""
    return problem(413, Problem.PAYLOAD_TOO_LARGE, _("The request body is too large: at most %(limit)s bytes.", limit=MAX_BODY))


@bp.before_request
def before() -> Response | None:
    """The language of ``detail`` from Accept-Language; refuse overlong query strings."""
    g.lang = negotiate_language()
    if len(request.query_string) > MAX_QUERY:
        return problem(
            414, Problem.URI_TOO_LONG, _("The address is too long: at most %(limit)s characters of parameters.", limit=MAX_QUERY)
        )
    return None


@bp.after_request
def after(response: Response) -> Response:
    """Language and caching headers; any origin may call the API (no cookies, no state)."""
    response.headers["Content-Language"] = g.get("lang", "en")
    response.vary.add("Accept-Language")
    response.headers["Access-Control-Allow-Origin"] = "*"
    if request.method == "OPTIONS":
        path = request.path.removeprefix(bp.url_prefix or "")
        if path in ENDPOINTS:
            methods = ENDPOINTS[path]
            response.headers["Allow"] = ", ".join(methods + (["HEAD"] if "GET" in methods else []) + ["OPTIONS"])
        response.headers["Access-Control-Allow-Methods"] = "GET, POST, OPTIONS"
        response.headers["Access-Control-Allow-Headers"] = "Content-Type, Accept-Language"
    if response.status_code == 200 and request.method in ("GET", "HEAD"):
        response.headers["Cache-Control"] = "public, max-age=3600"
    else:
        response.headers["Cache-Control"] = "no-store"
    return response


def init_app(app: Flask) -> None:
    """Register the API, exempt from CSRF (see the module docstring)."""
    from .security import csrf

    csrf.exempt(bp)
    app.register_blueprint(bp)


# --- OpenAPI 3.1 document -----------------------------------------------------------------------

_CARD_PATTERN = "^(1|2|3|4|5|6|7|10|11|12)[ebco]$"


def _param(name: str, description: str, valid: str, invalid: str | None = None, *, required: bool = True,
           schema: dict[str, Any] | None = None) -> dict[str, Any]:
    """A query parameter with a valid example (and an invalid one the tests send for a 400)."""
    examples: dict[str, Any] = {"valid": {"summary": "accepted", "value": valid}}
    if invalid is not None:
        examples["invalid"] = {"summary": "answered with 400", "value": invalid}
    return {
        "name": name, "in": "query", "required": required, "description": description,
        "schema": schema or {"type": "string", "maxLength": MAX_QUERY}, "examples": examples,
    }


def _ok(schema: str, example: dict[str, Any]) -> dict[str, Any]:
    return {"description": "The result.", "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{schema}"}, "example": example}}}


def _errors(*statuses: int) -> dict[str, Any]:
    names = {400: "BadRequest", 405: "MethodNotAllowed", 413: "PayloadTooLarge", 414: "UriTooLong", 415: "UnsupportedMediaType"}
    return {str(status): {"$ref": f"#/components/responses/{names[status]}"} for status in statuses}


def _problem_response(description: str) -> dict[str, Any]:
    return {"description": description, "content": {PROBLEM_JSON: {"schema": {"$ref": "#/components/schemas/Problem"}}}}


def openapi_document() -> dict[str, Any]:
    """The OpenAPI 3.1 description of every endpoint, parameter, response and the problem schema."""
    card_list = {"type": "array", "items": {"$ref": "#/components/schemas/Card"}}
    nullable_int = {"type": ["integer", "null"]}
    get_errors = _errors(400, 405, 414)
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Truco Tutor API",
            "version": "1.0.0",
            "summary": "Envido, tricks, hands, stakes and showdowns of Argentine Truco, checked by the tutor's engine.",
            "description": (
                "Cards use the compact notation: rank (1-7, 10, 11, 12) then suit letter (e espadas, b bastos, o oros, "
                "c copas), e.g. `7o`; French symbols such as `A♠` are read too. Lists in query parameters are "
                "comma-separated. Seats are numbered from 0 in playing order; teams alternate (seat % 2). Errors are "
                "`application/problem+json` (RFC 9457) with a machine-readable `code` and a `detail` in the language "
                "of `Accept-Language` (en, de, sv, pl, es). No cookies, no authentication; any origin may call it."
            ),
            "license": {"name": "MIT", "identifier": "MIT"},
        },
        "servers": [{"url": "/api/v1"}],
        "paths": {
            "/envido": {"get": {
                "operationId": "getEnvido",
                "summary": "The envido of three cards",
                "description": "`counted` lists the card or cards that make the value (two for a pair, one without a pair, none for 0); `flor` is 20 + the three values when the three share a suit, else null.",
                "parameters": [_param("hand", "Exactly three different cards, comma-separated.", "7o,6o,3b", "8o,6o,3b")],
                "responses": {"200": _ok("Envido", {"hand": ["7o", "6o", "3b"], "envido": 33, "counted": ["7o", "6o"], "flor": None, "kind": "pair"}), **get_errors},
            }},
            "/trick": {"get": {
                "operationId": "getTrick",
                "summary": "Which card takes a trick",
                "description": "`winner` is the position in `cards` of the card that takes the trick (for equal top cards of one team, the first of them played), or null with `parda` true when the top cards of both teams are equal.",
                "parameters": [_param("cards", "2, 4 or 6 different cards (one per player) in playing order, the first from seat 0; any other number is a 400 with code `wrong_count`.", "3e,1b,3o,4c", "3e,1b,3o")],
                "responses": {"200": _ok("Trick", {"cards": ["3e", "1b", "3o", "4c"], "winner": 1, "parda": False, "winning_team": 1}), **get_errors},
            }},
            "/hand": {"get": {
                "operationId": "getHand",
                "summary": "Who wins the hand after these tricks",
                "description": "Trick results from the mano's team's side: W won, L lost, P parda. `winner` is null while undecided. A trick given after the hand was decided is a 400.",
                "parameters": [_param("tricks", "Up to three results W, L or P, comma-separated (empty: no trick yet).", "P,W", "W,W,L")],
                "responses": {"200": _ok("Hand", {"tricks": ["P", "W"], "winner": "mano", "tricks_played": 2, "decided": True, "rule": "first_parda_next_decides"}), **get_errors},
            }},
            "/envido-stake": {"get": {
                "operationId": "getEnvidoStake",
                "summary": "What an envido ladder is worth",
                "description": "`accepted`: points to the team that wins the showdown if the last call is accepted; `declined`: points to the last caller's team if it is declined. With falta_mode wins_game and both teams in the malas, `wins_game` is true and `accepted_for` gives each team's points (what takes it to the target).",
                "parameters": [
                    _param("calls", "Envido calls in order: envido, real_envido, falta_envido, comma-separated. The ladder is Envido, Envido, Real envido, Falta envido.", "envido,real_envido", "real_envido,envido"),
                    _param("score", "The two teams' scores, each from 0 to target - 1 (default 0,0).", "12,20", "12,40", required=False),
                    _param("target", "Points to win the game: 5 to 30 in steps of 5 (default 30).", "30", "12", required=False),
                    _param("falta_mode", "What Falta envido is worth in the malas: normal, wins_game or to_15 (default normal).", "normal", "sometimes", required=False, schema={"type": "string", "enum": ["normal", "wins_game", "to_15"]}),
                    _param("raisable", "Whether the envido may be raised (true/false; the preset decides by default).", "true", "maybe", required=False, schema={"type": "string", "enum": ["true", "false", "1", "0", "yes", "no", "on", "off"]}),
                    _param("variant", "Ruleset preset: argentino (default) or fixed (envido not raisable).", "argentino", "mineiro", required=False),
                ],
                "responses": {"200": _ok("EnvidoStake", {
                    "calls": ["envido", "real_envido"], "score": [12, 20], "target": 30, "variant": "argentino", "raisable": True,
                    "falta_mode": "normal", "accepted": 5, "declined": 2, "wins_game": False, "accepted_for": [5, 5],
                    "accepted_rule": "accepted_sum", "declined_rule": "declined_raise",
                }), **get_errors},
            }},
            "/truco-stake": {"get": {
                "operationId": "getTrucoStake",
                "summary": "What the hand is worth after truco calls",
                "parameters": [_param("calls", "Truco calls in order: truco, retruco, vale_cuatro, comma-separated.", "truco,retruco", "retruco")],
                "responses": {"200": _ok("TrucoStake", {"calls": ["truco", "retruco"], "accepted": 3, "declined": 2, "rule": "truco_level"}), **get_errors},
            }},
            "/showdown": {"post": {
                "operationId": "postShowdown",
                "summary": "The envido showdown of 2, 4 or 6 seats",
                "description": "Give `hands` (three cards per seat; no card twice) or `values` (one envido per seat: 0-7 or 20-33), and the `mano` seat (default 0). Seats speak in order from the mano; `statements` tells who states a number, who says son buenas and who stays silent.",
                "requestBody": {"required": True, "content": {"application/json": {
                    "schema": {"$ref": "#/components/schemas/ShowdownRequest"},
                    "examples": {
                        "valid": {"summary": "accepted", "value": {"hands": [["7o", "6o", "3b"], ["1e", "2e", "4c"]], "mano": 0}},
                        "invalid": {"summary": "answered with 400", "value": {"hands": [["7o", "6o", "3b"], ["7o", "2e", "4c"]]}},
                    },
                }}},
                "responses": {
                    "200": _ok("Showdown", {
                        "envido": [33, 23], "mano": 0, "order": [0, 1],
                        "statements": [
                            {"seat": 0, "team": 0, "action": "states", "value": 33},
                            {"seat": 1, "team": 1, "action": "son_buenas", "value": 23},
                        ],
                        "winner": 0, "team": 0, "team_values": [33, 23], "tie_broken": False,
                    }),
                    **_errors(400, 405, 413, 415),
                },
            }},
            "/openapi.json": {"get": {
                "operationId": "getOpenApi",
                "summary": "This document",
                "responses": {"200": {"description": "The OpenAPI 3.1 document.", "content": {"application/json": {"schema": {"type": "object", "required": ["openapi", "paths"]}}}}, **_errors(405)},
            }},
        },
        "components": {
            "schemas": {
                "Card": {"type": "string", "pattern": _CARD_PATTERN, "description": "A card in the compact notation.", "examples": ["7o"]},
                "Envido": {
                    "type": "object", "additionalProperties": False,
                    "required": ["hand", "envido", "counted", "flor", "kind"],
                    "properties": {
                        "hand": {**card_list, "minItems": 3, "maxItems": 3},
                        "envido": {"type": "integer", "minimum": 0, "maximum": 33},
                        "counted": {**card_list, "maxItems": 2},
                        "flor": {"type": ["integer", "null"], "minimum": 20, "maximum": 38},
                        "kind": {"type": "string", "enum": ["pair", "best_pair", "single", "zero"]},
                    },
                },
                "Trick": {
                    "type": "object", "additionalProperties": False,
                    "required": ["cards", "winner", "parda", "winning_team"],
                    "properties": {
                        "cards": {**card_list, "minItems": 2, "maxItems": 6, "description": "2, 4 or 6 cards."},
                        "winner": nullable_int, "parda": {"type": "boolean"}, "winning_team": nullable_int,
                    },
                },
                "Hand": {
                    "type": "object", "additionalProperties": False,
                    "required": ["tricks", "winner", "tricks_played", "decided", "rule"],
                    "properties": {
                        "tricks": {"type": "array", "items": {"type": "string", "enum": ["W", "L", "P"]}, "maxItems": 3},
                        "winner": {"type": ["string", "null"], "enum": ["mano", "other", None]},
                        "tricks_played": {"type": "integer", "minimum": 0, "maximum": 3},
                        "decided": {"type": "boolean"},
                        "rule": {"type": "string", "enum": ["two_tricks", "first_parda_next_decides", "parda_after_win_first_trick_winner", "third_parda_first_trick_winner", "all_parda_mano", "undecided"]},
                    },
                },
                "EnvidoStake": {
                    "type": "object", "additionalProperties": False,
                    "required": ["calls", "score", "target", "variant", "raisable", "falta_mode", "accepted", "declined", "wins_game", "accepted_for", "accepted_rule", "declined_rule"],
                    "properties": {
                        "calls": {"type": "array", "items": {"type": "string", "enum": [c.value for c in EnvidoCall]}},
                        "score": {"type": "array", "items": {"type": "integer", "minimum": 0}, "minItems": 2, "maxItems": 2},
                        "target": {"type": "integer"},
                        "variant": {"type": "string"},
                        "raisable": {"type": "boolean"},
                        "falta_mode": {"type": "string", "enum": ["normal", "wins_game", "to_15"]},
                        "accepted": {"type": "integer", "minimum": 1},
                        "declined": {"type": "integer", "minimum": 1},
                        "wins_game": {"type": "boolean"},
                        "accepted_for": {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2},
                        "accepted_rule": {"type": "string"},
                        "declined_rule": {"type": "string"},
                    },
                },
                "TrucoStake": {
                    "type": "object", "additionalProperties": False,
                    "required": ["calls", "accepted", "declined", "rule"],
                    "properties": {
                        "calls": {"type": "array", "items": {"type": "string", "enum": [c.value for c in TrucoCall]}, "minItems": 1, "maxItems": 3},
                        "accepted": {"type": "integer", "minimum": 2, "maximum": 4},
                        "declined": {"type": "integer", "minimum": 1, "maximum": 3},
                        "rule": {"type": "string"},
                    },
                },
                "ShowdownRequest": {
                    "type": "object", "additionalProperties": False,
                    "properties": {
                        "hands": {"type": "array", "items": {"type": "array", "items": {"type": "string"}, "minItems": 3, "maxItems": 3}, "minItems": 2, "maxItems": 6},
                        "values": {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 6},
                        "mano": {"type": "integer", "minimum": 0, "maximum": 5, "default": 0},
                    },
                    "oneOf": [{"required": ["hands"]}, {"required": ["values"]}],
                },
                "Statement": {
                    "type": "object", "additionalProperties": False,
                    "required": ["seat", "team", "action", "value"],
                    "properties": {
                        "seat": {"type": "integer"}, "team": {"type": "integer", "enum": [0, 1]},
                        "action": {"type": "string", "enum": ["states", "son_buenas", "silent"]},
                        "value": {"type": "integer"},
                    },
                },
                "Showdown": {
                    "type": "object", "additionalProperties": False,
                    "required": ["envido", "mano", "order", "statements", "winner", "team", "team_values", "tie_broken"],
                    "properties": {
                        "envido": {"type": "array", "items": {"type": "integer"}},
                        "mano": {"type": "integer"},
                        "order": {"type": "array", "items": {"type": "integer"}},
                        "statements": {"type": "array", "items": {"$ref": "#/components/schemas/Statement"}},
                        "winner": {"type": "integer"},
                        "team": {"type": "integer", "enum": [0, 1]},
                        "team_values": {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2},
                        "tie_broken": {"type": "boolean"},
                    },
                },
                "Problem": {
                    "type": "object",
                    "description": "RFC 9457 problem details, with the machine-readable `code`.",
                    "required": ["type", "title", "status", "detail", "code"],
                    "properties": {
                        "type": {"type": "string", "format": "uri-reference", "const": "about:blank"},
                        "title": {"type": "string", "description": "The HTTP status phrase."},
                        "status": {"type": "integer", "minimum": 400, "maximum": 499},
                        "detail": {"type": "string", "description": "What is wrong, in the language of Accept-Language."},
                        "code": {"type": "string", "enum": list(ERROR_CODES), "description": "The engine's reason or the API's own code."},
                        "parameter": {"type": "string", "description": "The offending parameter or JSON member."},
                        "position": {"type": "integer", "minimum": 0, "description": "The offending item of a list, from 0."},
                    },
                },
            },
            "responses": {
                "BadRequest": _problem_response("The input is not valid Truco (unknown card, duplicate, wrong count, bad number, illegal ladder, unknown parameter...)."),
                "MethodNotAllowed": _problem_response("The endpoint does not take this method (see the Allow header)."),
                "PayloadTooLarge": _problem_response(f"The body is larger than {MAX_BODY} bytes."),
                "UriTooLong": _problem_response(f"The query string is longer than {MAX_QUERY} bytes."),
                "UnsupportedMediaType": _problem_response("The body is not application/json."),
            },
        },
    }
