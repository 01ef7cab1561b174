"""The JSON API under ``/api/v1``: envido, trick, hand, stakes and showdown for clubs' own tools.

A stable contract, described by the OpenAPI 3.1 document at ``/api/v1/openapi.json`` (built by
:func:`tutor.web.api.openapi.openapi_document`). Cards use the compact notation (``7o``, ``12c``;
French symbols are read too), seats are numbered from 0 in playing order and teams alternate (``seat % 2``).

Errors are ``application/problem+json`` documents (RFC 9457): ``type`` (``about:blank``), ``title``
(the HTTP status phrase), ``status``, ``detail`` (a sentence in the language of ``Accept-Language``)
and ``code``, machine-readable: the engine's reason (``unknown_rank``, ``envido_ladder_backwards``,
...) or one of :class:`Problem` (``missing_parameter``, ``not_json``, ...). ``parameter`` names the
offending input and ``position`` (from 0) the offending item of a list, when known. No input gives a
5xx: unknown cards, duplicates, wrong counts, bad numbers, illegal ladders, unknown parameters,
oversized input, wrong JSON types and bodies that are not JSON are all 4xx.

Each endpoint is declared once, in :mod:`.endpoints`: its path and method, its query object (the
``*Args`` classes here and in :mod:`.bots`, whose fields are also the OpenAPI parameters), the
handler below that computes the answer, the response schema, summary and examples; the routes, the
405 guards and the OpenAPI ``paths`` are made from that table. A query object's ``from_args``
refuses every input the engine would refuse (400); a handler only computes (or answers 409).

Every endpoint is GET except ``POST /showdown``. The blueprint is exempt from CSRF protection: CSRF
abuses a browser's cookies to act for a signed-in user, and this API has no cookies, no session, no
sign-in and no side effects (each call is a pure computation), and the POST only accepts
``application/json``, which a cross-site HTML form cannot send. For the same reason any origin may
call it (``Access-Control-Allow-Origin: *``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Self

from babel.lists import format_list
from flask import Blueprint, g, jsonify, request
from flask.wrappers import Response
from werkzeug.datastructures import MultiDict
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.http import HTTP_STATUS_CODES

from tutor.narration import Field, error_message

from ...engine.cards import Card, format_cards, parse_cards
from ...engine.envido import envido, flor, showdown
from ...engine.errors import InvalidNotationError, NotationReason, Reason, TrucoError
from ...engine.rules import Rules, find_variant, player_counts, table_presets
from ...engine.stakes import EnvidoCall, EnvidoStake, FaltaMode, TrucoCall, envido_stake, truco_stake
from ...engine.tricks import TrickOutcome, hand_result, trick_result
from ...i18n import current_language, gettext as _, negotiate_language, ngettext
from ..shared.queries import about, param, parameters
from ..shared.readers import (
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
from .schemas import THREE_CARDS, TRICK_CARDS, envido_ladders, one_of, text, trick_sequences, truco_ladders

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
    TOO_MANY_REQUESTS = "too_many_requests"
    """The address spent its budget of costly requests (``/hint``, ``/bot-move``): see ``Retry-After``."""
    ILLEGAL_ACTION = "illegal_action"
    """An action of a hand the engine refuses (``/replay``): ``position`` is its index in the log and
    ``reason`` the engine's reason."""


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
    body = {
        "type": "about:blank",
        "title": HTTP_STATUS_CODES.get(status, "Error"),
        "status": status,
        "detail": detail,
        "code": code,
    }
    body.update({key: value for key, value in extra.items() if value is not None})
    response = jsonify(body)
    response.status_code = status
    response.mimetype = PROBLEM_JSON
    return response


# --- Request reading ----------------------------------------------------------------------------


def read_args(query: type, args: MultiDict[str, str]) -> dict[str, str]:
    """The parameters of a query object (:func:`~tutor.web.shared.queries.parameters`), each at most
    once; unknown ones are refused (``unknown_option``), required ones must be there."""
    declared = parameters(query)
    allowed = {item.name for item in declared}
    for name in args:
        if name not in allowed:
            raise InvalidNotationError(
                NotationReason.UNKNOWN_OPTION,
                f"unknown parameter {name!r}",
                value=name,
                field=Field.PARAMETER,
                parameter=name,
            )
        if len(args.getlist(name)) > 1:
            raise ApiError(
                400,
                Problem.REPEATED_PARAMETER,
                _("The parameter “%(name)s” was given more than once.", name=name),
                parameter=name,
            )
    for name in (item.name for item in declared if item.required):
        if name not in args:
            raise ApiError(
                400, Problem.MISSING_PARAMETER, _("The parameter “%(name)s” is required.", name=name), parameter=name
            )
    return {name: args[name] for name in args}


def json_body() -> dict[str, Any]:
    """The JSON object in the body (415 if not JSON, 413 if too large, 400 if unreadable)."""
    if request.mimetype != "application/json" and not request.mimetype.endswith("+json"):
        raise ApiError(
            415,
            Problem.UNSUPPORTED_MEDIA_TYPE,
            _("Send the body as JSON, with the header Content-Type: application/json."),
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
    return ApiError(
        400, Problem.WRONG_TYPE, _("“%(name)s” must be %(expected)s.", name=name, expected=expected), parameter=name
    )


def _is_int(value: Any) -> bool:
    """A JSON integer: ``20`` or ``20.0`` (one number in JSON and JSON Schema), not ``true`` or ``20.5``."""
    return type(value) is int or (type(value) is float and value.is_integer())


ENVIDO_PRESETS = tuple(name for name in table_presets() if find_variant(name).defaults.envido)
"""The presets offered by the API that play the envido (Catalan Truc has none)."""

TRICK_SIZES = player_counts()
"""Cards in a trick: one per player, and Truco is played by 2, 4 or 6 (docs/rules §7.3)."""


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
    return _(
        "“%(value)s” is not a valid value for “%(name)s”: use %(allowed)s.", value=shown, name=name, allowed=listed
    )


# --- Endpoints: each one's query object and its answer ------------------------------------------


@dataclass(frozen=True)
class EnvidoArgs:
    """``GET /envido``."""

    hand: tuple[Card, ...] = param(
        description="Exactly three different cards, comma-separated.",
        schema=text(THREE_CARDS, 11),
        example="7o,6o,3b",
        invalid="8o,6o,3b",
    )

    @classmethod
    def from_args(cls, args: MultiDict[str, str]) -> Self:
        values = read_args(cls, args)
        with about(Field.CARDS, "hand"):
            return cls(read_hand(values["hand"]))

    def to_params(self) -> dict[str, str]:
        return {"hand": format_cards(self.hand, sep=",")}


def envido_endpoint(args: EnvidoArgs) -> dict[str, Any]:
    """The envido of three cards, the cards that make it, and the flor value."""
    result = envido(args.hand)
    flor_result = flor(args.hand)
    return {
        "hand": [card.notation for card in args.hand],
        "envido": result.points,
        "counted": [card.notation for card in result.counted],
        "flor": flor_result.points if flor_result else None,
        "kind": result.kind.value,
    }


@dataclass(frozen=True)
class TrickArgs:
    """``GET /trick``."""

    cards: tuple[Card, ...] = param(
        description="2, 4 or 6 different cards (one per player) in playing order, the first from seat 0; any other number is a 400 with code `wrong_count`.",
        schema=text(TRICK_CARDS, 23),
        example="3e,1b,3o,4c",
        invalid="3e,1b,3o",
    )

    @classmethod
    def from_args(cls, args: MultiDict[str, str]) -> Self:
        values = read_args(cls, args)
        with about(Field.TRICK, "cards"):
            cards = parse_cards(values["cards"])
        if len(cards) not in TRICK_SIZES:
            raise ApiError(
                400,
                NotationReason.WRONG_COUNT,
                # Translators: a trick is one card from each player; Truco is played by 2, 4 or 6 players.
                ngettext(
                    "A trick has 2, 4 or 6 cards, one per player (%(num)s was given).",
                    "A trick has 2, 4 or 6 cards, one per player (%(num)s were given).",
                    len(cards),
                ),
                parameter="cards",
            )
        return cls(cards)

    def to_params(self) -> dict[str, str]:
        return {"cards": format_cards(self.cards, sep=",")}


def trick_endpoint(args: TrickArgs) -> dict[str, Any]:
    """Which card takes a trick of 2, 4 or 6 cards (in playing order from seat 0), or a parda."""
    result = trick_result(args.cards)
    return {
        "cards": [card.notation for card in args.cards],
        "winner": result.winner,
        "parda": result.parda,
        "winning_team": result.winning_team,
    }


@dataclass(frozen=True)
class HandArgs:
    """``GET /hand``."""

    tricks: tuple[TrickOutcome, ...] = param(
        description="Up to three results W, L or P, comma-separated (empty: no trick yet); none after the hand is decided.",
        schema=one_of(trick_sequences()),
        example="P,W",
        invalid="W,W,L",
    )

    @classmethod
    def from_args(cls, args: MultiDict[str, str]) -> Self:
        values = read_args(cls, args)
        outcomes = [item.strip() for item in values["tricks"].split(",")] if values["tricks"].strip() else []
        with about(Field.TRICKS, "tricks"):
            if any(not item for item in outcomes):
                position = outcomes.index("")
                raise InvalidNotationError(NotationReason.MALFORMED, "empty trick", value="", position=position)
            return cls(hand_result(outcomes).outcomes)

    def to_params(self) -> dict[str, str]:
        return {"tricks": ",".join(outcome.value for outcome in self.tricks)}


def hand_endpoint(args: HandArgs) -> dict[str, Any]:
    """Who wins the hand after these trick results (W, L, P from the mano's team)."""
    result = hand_result(args.tricks)
    return {
        "tricks": [outcome.value for outcome in result.outcomes],
        "winner": result.winner.value if result.winner else None,
        "tricks_played": result.tricks_played,
        "decided": result.decided,
        "rule": result.rule.value,
    }


_LOCKABLE = (("raisable", "envido_raisable"), ("falta_mode", "falta_mode"))
"""Ruleset options of ``/envido-stake`` and the ``Rules`` fields they set (a preset may fix one)."""


@dataclass(frozen=True)
class EnvidoStakeArgs:
    """``GET /envido-stake``: a legal ladder under the ruleset, at a score below the target."""

    rules: Rules
    """The ruleset: the preset with the options given (derived, not a parameter)."""
    calls: tuple[EnvidoCall, ...] = param(
        description="Envido calls in order: envido, real_envido, falta_envido, comma-separated. The ladder is Envido, Envido, Real envido, Falta envido; where the envido may not be raised (`raisable=false`, `variant=fixed`) only a single call.",
        schema=one_of(envido_ladders()),
        example="envido,real_envido",
        invalid="real_envido,envido",
    )
    score: tuple[int, int] = param(
        default=(0, 0),
        description="The two teams' scores, each from 0 to target - 1 (default 0,0).",
        schema=text("^(?:[0-9]|[12][0-9]),(?:[0-9]|[12][0-9])$", 5),
        example="12,20",
        invalid="12,40",
    )
    target: int | None = param(
        default=None,
        description="Points to win the game: 5 to 30 in steps of 5 (default 30).",
        schema=one_of([5, 10, 15, 20, 25, 30]),
        example="30",
        invalid="12",
    )
    falta_mode: FaltaMode | None = param(
        default=None,
        description="What Falta envido is worth in the malas: normal, wins_game or to_15 (default normal).",
        schema=one_of(FaltaMode),
        example="normal",
        invalid="sometimes",
    )
    raisable: bool | None = param(
        default=None,
        description="Whether the envido may be raised (true/false; the preset decides by default).",
        schema=one_of(["true", "false", "1", "0", "yes", "no", "on", "off"]),
        example="true",
        invalid="maybe",
    )
    variant: str | None = param(
        default=None,
        description="Ruleset preset: argentino (default) or fixed (envido not raisable; then raisable may not be given).",
        schema=one_of(list(ENVIDO_PRESETS)),
        example="argentino",
        invalid="mineiro",
    )

    @classmethod
    def from_args(cls, args: MultiDict[str, str]) -> Self:
        """Each option is read on its own first, so a bad ``target`` is blamed on ``target`` and not on
        ``variant``; an option the preset fixes (``variant=fixed&raisable=true``) is blamed on the option."""
        values = read_args(cls, args)
        with about(Field.TARGET, "target"):
            target = read_target(values.get("target"))
        with about(Field.OPTION, "raisable"):
            raisable = read_flag(values.get("raisable"), "raisable")
        with about(Field.OPTION, "falta_mode"):
            falta_mode = read_choice(values.get("falta_mode"), [mode.value for mode in FaltaMode], "falta_mode")
        name = values.get("variant", "").strip()
        with about(Field.VARIANT, "variant"):
            variant = find_variant(name or "argentino")
        if variant.name not in ENVIDO_PRESETS:
            raise ApiError(
                400,
                Reason.ENVIDO_NOT_IN_RULES.value,
                # Translators: %(name)s is a ruleset's name in the API's spelling (catalan); envido stays Spanish.
                _("The ruleset “%(name)s” has no envido.", name=variant.name),
                parameter="variant",
            )
        fixed = [option for option, rule in _LOCKABLE if values.get(option, "").strip() and rule in variant.locked]
        with about(Field.VARIANT, fixed[0] if fixed else "variant"):
            rules = read_rules(
                values.get("variant"),
                target=values.get("target"),
                raisable=values.get("raisable"),
                falta_mode=values.get("falta_mode"),
            )
        with about(Field.SCORE, "score"):
            score = read_scores([values.get("score", "")], rules.target)
        with about(Field.ENVIDO_CALLS, "calls"):
            query = cls(
                rules,
                read_calls([values["calls"]], EnvidoCall),
                score,
                target,
                FaltaMode(falta_mode) if falta_mode else None,
                raisable,
                variant.name if name else None,
            )
            query.stake()
        return query

    def stake(self) -> EnvidoStake:
        """What the ladder is worth (raises for a ladder the ruleset does not allow)."""
        rules = self.rules
        return envido_stake(
            self.calls,
            scores=self.score,
            target=rules.target,
            falta_mode=rules.falta_mode,
            raisable=rules.envido_raisable,
        )

    def to_params(self) -> dict[str, str]:
        params = {"calls": ",".join(call.value for call in self.calls)}
        if self.score != (0, 0):
            params["score"] = f"{self.score[0]},{self.score[1]}"
        if self.target is not None:
            params["target"] = str(self.target)
        if self.falta_mode is not None:
            params["falta_mode"] = self.falta_mode.value
        if self.raisable is not None:
            params["raisable"] = "true" if self.raisable else "false"
        if self.variant is not None:
            params["variant"] = self.variant
        return params


def envido_stake_endpoint(args: EnvidoStakeArgs) -> dict[str, Any]:
    """What an envido ladder is worth, accepted and declined, at a score."""
    stake, rules = args.stake(), args.rules
    return {
        "calls": [call.value for call in stake.calls],
        "score": list(stake.scores),
        "target": stake.target,
        "variant": rules.variant,
        "raisable": rules.envido_raisable,
        "falta_mode": rules.falta_mode.value,
        "accepted": stake.accepted,
        "declined": stake.declined,
        "wins_game": stake.wins_game,
        "accepted_for": [stake.accepted_for(0), stake.accepted_for(1)],
        "accepted_rule": stake.accepted_rule.value,
        "declined_rule": stake.declined_rule.value,
    }


@dataclass(frozen=True)
class TrucoStakeArgs:
    """``GET /truco-stake``: a legal truco ladder."""

    calls: tuple[TrucoCall, ...] = param(
        description="Truco calls in order: truco, retruco, vale_cuatro, comma-separated.",
        schema=one_of(truco_ladders()),
        example="truco,retruco",
        invalid="retruco",
    )

    @classmethod
    def from_args(cls, args: MultiDict[str, str]) -> Self:
        values = read_args(cls, args)
        with about(Field.TRUCO_CALLS, "calls"):
            calls = read_calls([values["calls"]], TrucoCall)
            truco_stake(calls)
        return cls(calls)

    def to_params(self) -> dict[str, str]:
        return {"calls": ",".join(call.value for call in self.calls)}


def truco_stake_endpoint(args: TrucoStakeArgs) -> dict[str, Any]:
    """What the hand is worth after a truco ladder, accepted and declined."""
    stake = truco_stake(args.calls)
    return {
        "calls": [call.value for call in stake.calls],
        "accepted": stake.accepted,
        "declined": stake.declined,
        "rule": stake.rule.value,
    }


@dataclass(frozen=True)
class ShowdownBody:
    """The JSON body of ``POST /showdown``: each seat's envido (given as ``hands`` or ``values``) and the mano."""

    values: tuple[int, ...]
    mano: int = 0

    @classmethod
    def from_json(cls, body: dict[str, Any]) -> Self:
        for name in body:
            if name not in ("hands", "values", "mano"):
                raise InvalidNotationError(
                    NotationReason.UNKNOWN_OPTION,
                    f"unknown member {name!r}",
                    value=name,
                    field=Field.PARAMETER,
                    parameter=name,
                )
        if "hands" in body and "values" in body:
            raise ApiError(
                400, Problem.CONFLICTING_PARAMETERS, _("Give either “hands” or “values”, not both."), parameter="values"
            )
        if "hands" not in body and "values" not in body:
            raise ApiError(
                400,
                Problem.MISSING_PARAMETER,
                # Translators: "hands" and "values" are JSON member names (keep them); "envido" stays Spanish.
                _("Give “hands” (three cards per seat) or “values” (one envido per seat)."),
                parameter="hands",
            )
        name = "hands" if "hands" in body else "values"
        seats = body[name]
        if not isinstance(seats, list):
            raise _wrong_type(
                name,
                _("a list of hands, each a list of three cards") if name == "hands" else _("a list of whole numbers"),
            )
        with about(Field.SEATS, name):
            check_seat_count(len(seats))
        values = _seat_hands(seats) if name == "hands" else _seat_numbers(seats)
        mano = body.get("mano", 0)
        if not _is_int(mano):
            raise _wrong_type("mano", _("a whole number"))
        if not 0 <= int(mano) < len(values):
            raise ApiError(
                400,
                NotationReason.BAD_VALUE,
                # Translators: "mano" is the seat that speaks first; seats are numbered from 0 in the API.
                _("“mano” must be a seat number from 0 to %(last)s.", last=len(values) - 1),
                parameter="mano",
            )
        return cls(tuple(values), int(mano))


def _seat_hands(seats: list[Any]) -> list[int]:
    hands = []
    for position, hand in enumerate(seats):
        if not isinstance(hand, list) or not all(isinstance(card, str) for card in hand):
            raise _wrong_type(f"hands[{position}]", _('a list of three cards, like ["7o", "6o", "3b"]'))
        with about(Field.CARDS, "hands"):
            hands.append(read_hand(hand))
    with about(Field.CARDS, "hands"):
        return seat_values(hands)


def _seat_numbers(seats: list[Any]) -> list[int]:
    values = []
    for position, value in enumerate(seats):
        if not _is_int(value):
            raise _wrong_type(f"values[{position}]", _("a whole number"))
        with about(Field.ENVIDO_VALUE, "values"):
            values.append(read_envido_value(int(value), position))
    return values


def showdown_endpoint(body: ShowdownBody) -> dict[str, Any]:
    """The envido showdown of 2, 4 or 6 seats given as hands or as envido values."""
    result = showdown(body.values, body.mano)
    return {
        "envido": list(result.values),
        "mano": result.mano,
        "order": list(result.order),
        "statements": [
            {"seat": s.seat, "team": s.team, "action": s.action.value, "value": s.value} for s in result.statements
        ],
        "winner": result.winner,
        "team": result.team,
        "team_values": list(result.team_values),
        "tie_broken": result.tie_broken,
    }


# --- Unknown paths, errors (the endpoints' routes and 405 guards: :mod:`.endpoints`) -------------


@bp.route("/", defaults={"rest": ""}, methods=["GET", "POST", "PUT", "PATCH", "DELETE"])
@bp.route("/<path:rest>", methods=["GET", "POST", "PUT", "PATCH", "DELETE"])
def not_found(rest: str):
    """Any other path under /api/v1."""
    return problem(404, Problem.NOT_FOUND, _("There is no such API address; the list is at /api/v1/openapi.json."))


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
    """A request the API cannot read (or will not compute now: a 429 carries ``Retry-After``)."""
    response = problem(exc.status, exc.code, exc.detail, **exc.extra)
    if "retry_after" in exc.extra:
        response.headers["Retry-After"] = str(exc.extra["retry_after"])
    return response


@bp.errorhandler(RequestEntityTooLarge)
def handle_too_large(exc: RequestEntityTooLarge) -> Response:
    """A body over :data:`MAX_BODY`."""
    return problem(
        413, Problem.PAYLOAD_TOO_LARGE, _("The request body is too large (limit in bytes: %(limit)s).", limit=MAX_BODY)
    )


@bp.before_request
def before() -> Response | None:
    """The language of ``detail`` from Accept-Language; refuse overlong query strings."""
    g.lang = negotiate_language()
    if len(request.query_string) > MAX_QUERY:
        return problem(
            414,
            Problem.URI_TOO_LONG,
            _("The address is too long (limit for its parameters, in characters: %(limit)s).", limit=MAX_QUERY),
        )
    return None


@bp.after_request
def after(response: Response) -> Response:
    """Language and caching headers; any origin may call the API (no cookies, no state)."""
    response.headers["Content-Language"] = g.get("lang", "en")
    response.vary.add("Accept-Language")
    response.headers["Access-Control-Allow-Origin"] = "*"
    if request.method == "OPTIONS":
        response.headers["Access-Control-Allow-Methods"] = "GET, POST, OPTIONS"
        response.headers["Access-Control-Allow-Headers"] = "Content-Type, Accept-Language"
    if response.status_code == 200 and request.method in ("GET", "HEAD"):
        response.headers["Cache-Control"] = "public, max-age=3600"
    else:
        response.headers["Cache-Control"] = "no-store"
    return response
