"""The OpenAPI 3.1 document of the JSON API, served at ``/api/v1/openapi.json``.

The schema says what the API accepts, so that a request the schema allows is answered (checked by
schemathesis in ``tests/web/test_schemathesis.py``): cards as a pattern of the compact notation
with no card twice, the exact list lengths, every legal ladder of calls and every possible
sequence of trick results as enums, numeric ranges. Rules that tie several parameters together
(a score below the target, raises only where the rules allow them, legal actions in a whole hand)
are stated in the descriptions. Every parameter has a ``maxLength`` or a pattern of bounded length
and printable ASCII, so no URL the schema allows exceeds gunicorn's 4,094-byte request line even
with every character percent-encoded.
"""

from __future__ import annotations

from functools import cache
from itertools import product
from typing import Any

from flask import jsonify

from ...engine import hand_result
from ...engine.errors import TrucoError
from ...engine.stakes import EnvidoCall, TrucoCall, envido_stake, truco_stake
from .views import ERROR_CODES, MAX_BODY, MAX_QUERY, PROBLEM_JSON, bp


@bp.get("/openapi.json")
def openapi_endpoint():
    """The OpenAPI 3.1 document of this API."""
    return jsonify(openapi_document())


_CARD = "(?:1[012]|[1-7])[ebco]"
_CARD_PATTERN = f"^{_CARD}$"
_NO_CARD_TWICE = r"(?!.*\b(\w+)\b.*\b\1\b)"
"""A lookahead: no comma-separated item appears twice."""
_THREE_CARDS = f"^{_NO_CARD_TWICE}{_CARD},{_CARD},{_CARD}$"
_TRICK_CARDS = f"^{_NO_CARD_TWICE}{_CARD},{_CARD}(?:,{_CARD},{_CARD}(?:,{_CARD},{_CARD})?)?$"
_PRINTABLE_ASCII = "^[ -~]*$"


@cache
def trick_sequences() -> tuple[str, ...]:
    """Every sequence of trick results (W, L, P) a hand can have: none after the hand is decided."""
    found = []
    for length in range(4):
        for outcomes in product("WLP", repeat=length):
            try:
                hand_result(list(outcomes))
            except TrucoError:
                continue
            found.append(",".join(outcomes))
    return tuple(found)


@cache
def envido_ladders() -> tuple[str, ...]:
    """Every legal envido ladder where raising is allowed (Envido, Envido, Real envido, Falta envido)."""
    found = []
    for length in range(1, 5):
        for calls in product([call.value for call in EnvidoCall], repeat=length):
            try:
                envido_stake(list(calls))
            except TrucoError:
                continue
            found.append(",".join(calls))
    return tuple(found)


@cache
def truco_ladders() -> tuple[str, ...]:
    """Every legal truco ladder (Truco, Retruco, Vale cuatro)."""
    found = []
    for length in range(1, 4):
        for calls in product([call.value for call in TrucoCall], repeat=length):
            try:
                truco_stake(list(calls))
            except TrucoError:
                continue
            found.append(",".join(calls))
    return tuple(found)


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


_HINT_HAND = "argentino;mano=0;scores=0-0;1e,7o,3b|4c,5c,6c;0:envido 1:quiero 0:1e"
_BOT_HAND = "argentino;mano=0;scores=0-0;1e,7o,3b|4c,5c,6c;0:envido"
_HAND_PARAM = {
    "name": "hand", "in": "query", "required": True,
    "description": (
        "A whole hand as the engine writes it: `rules;mano=M;scores=A-B;deal;actions`. The deal lists every seat's "
        "three cards (`1e,7o,3b|4c,5c,6c`, seats separated by `|`), the actions are `seat:action` separated by "
        "spaces (`0:envido 1:quiero 0:1e`)."
    ),
    "schema": {"type": "string", "maxLength": 600, "pattern": _PRINTABLE_ASCII},
    "examples": {"valid": {"summary": "accepted", "value": _HINT_HAND},
                 "invalid": {"summary": "answered with 400", "value": "argentino;mano=0;scores=0-0;1e,7o,8b|4c,5c,6c;"}},
}


def _SEAT_PARAM(valid: str) -> dict[str, Any]:
    return _param("seat", "The seat to act, from 0.", valid, "9", schema={"type": "string", "pattern": "^[0-5]$", "maxLength": 1})


_SEED_PARAM = {
    "name": "seed", "in": "query", "required": False,
    "description": "Fixes the simulated deals and any random choice (default 0).",
    "schema": {"type": "string", "pattern": "^[0-9]{1,10}$", "maxLength": 10},
    "examples": {"valid": {"summary": "accepted", "value": "7"}},
}


def _ok(schema: str, example: dict[str, Any]) -> dict[str, Any]:
    return {"description": "The result.", "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{schema}"}, "example": example}}}


def _errors(*statuses: int) -> dict[str, Any]:
    names = {400: "BadRequest", 405: "MethodNotAllowed", 413: "PayloadTooLarge", 414: "UriTooLong", 415: "UnsupportedMediaType"}
    return {str(status): {"$ref": f"#/components/responses/{names[status]}"} for status in statuses}


def _problem_response(description: str) -> dict[str, Any]:
    return {"description": description, "content": {PROBLEM_JSON: {"schema": {"$ref": "#/components/schemas/Problem"}}}}


def _showdown_request(member: str, seats: int) -> dict[str, Any]:
    """One shape of the showdown body: ``hands`` or ``values`` for ``seats`` seats, ``mano`` one of them."""
    if member == "hands":
        item: dict[str, Any] = {"type": "array", "items": {"$ref": "#/components/schemas/Card"}, "minItems": 3,
                                "maxItems": 3, "uniqueItems": True}
    else:
        item = {"type": "integer", "anyOf": [{"minimum": 0, "maximum": 7}, {"minimum": 20, "maximum": 33}]}
    return {
        "type": "object", "additionalProperties": False, "required": [member],
        "properties": {
            member: {"type": "array", "items": item, "minItems": seats, "maxItems": seats},
            "mano": {"type": "integer", "minimum": 0, "maximum": seats - 1, "default": 0},
        },
    }


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
                "parameters": [_param("hand", "Exactly three different cards, comma-separated.", "7o,6o,3b", "8o,6o,3b",
                                      schema={"type": "string", "pattern": _THREE_CARDS, "maxLength": 11})],
                "responses": {"200": _ok("Envido", {"hand": ["7o", "6o", "3b"], "envido": 33, "counted": ["7o", "6o"], "flor": None, "kind": "pair"}), **get_errors},
            }},
            "/trick": {"get": {
                "operationId": "getTrick",
                "summary": "Which card takes a trick",
                "description": "`winner` is the position in `cards` of the card that takes the trick (for equal top cards of one team, the first of them played), or null with `parda` true when the top cards of both teams are equal.",
                "parameters": [_param("cards", "2, 4 or 6 different cards (one per player) in playing order, the first from seat 0; any other number is a 400 with code `wrong_count`.", "3e,1b,3o,4c", "3e,1b,3o",
                                      schema={"type": "string", "pattern": _TRICK_CARDS, "maxLength": 23})],
                "responses": {"200": _ok("Trick", {"cards": ["3e", "1b", "3o", "4c"], "winner": 1, "parda": False, "winning_team": 1}), **get_errors},
            }},
            "/hand": {"get": {
                "operationId": "getHand",
                "summary": "Who wins the hand after these tricks",
                "description": "Trick results from the mano's team's side: W won, L lost, P parda. `winner` is null while undecided. A trick given after the hand was decided is a 400.",
                "parameters": [_param("tricks", "Up to three results W, L or P, comma-separated (empty: no trick yet); none after the hand is decided.", "P,W", "W,W,L",
                                      schema={"type": "string", "enum": list(trick_sequences())})],
                "responses": {"200": _ok("Hand", {"tricks": ["P", "W"], "winner": "mano", "tricks_played": 2, "decided": True, "rule": "first_parda_next_decides"}), **get_errors},
            }},
            "/envido-stake": {"get": {
                "operationId": "getEnvidoStake",
                "summary": "What an envido ladder is worth",
                "description": "`accepted`: points to the team that wins the showdown if the last call is accepted; `declined`: points to the last caller's team if it is declined. With falta_mode wins_game and both teams in the malas, `wins_game` is true and `accepted_for` gives each team's points (what takes it to the target).",
                "parameters": [
                    _param("calls", "Envido calls in order: envido, real_envido, falta_envido, comma-separated. The ladder is Envido, Envido, Real envido, Falta envido; where the envido may not be raised (`raisable=false`, `variant=fixed`) only a single call.", "envido,real_envido", "real_envido,envido",
                           schema={"type": "string", "enum": list(envido_ladders())}),
                    _param("score", "The two teams' scores, each from 0 to target - 1 (default 0,0).", "12,20", "12,40", required=False,
                           schema={"type": "string", "pattern": "^(?:[0-9]|[12][0-9]),(?:[0-9]|[12][0-9])$", "maxLength": 5}),
                    _param("target", "Points to win the game: 5 to 30 in steps of 5 (default 30).", "30", "12", required=False,
                           schema={"type": "string", "enum": ["5", "10", "15", "20", "25", "30"]}),
                    _param("falta_mode", "What Falta envido is worth in the malas: normal, wins_game or to_15 (default normal).", "normal", "sometimes", required=False, schema={"type": "string", "enum": ["normal", "wins_game", "to_15"]}),
                    _param("raisable", "Whether the envido may be raised (true/false; the preset decides by default).", "true", "maybe", required=False, schema={"type": "string", "enum": ["true", "false", "1", "0", "yes", "no", "on", "off"]}),
                    _param("variant", "Ruleset preset: argentino (default) or fixed (envido not raisable; then raisable may not be given).", "argentino", "mineiro", required=False,
                           schema={"type": "string", "enum": ["argentino", "fixed"]}),
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
                "parameters": [_param("calls", "Truco calls in order: truco, retruco, vale_cuatro, comma-separated.", "truco,retruco", "retruco",
                                      schema={"type": "string", "enum": list(truco_ladders())})],
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
            "/hint": {"get": {
                "operationId": "getHint",
                "summary": "What a good player would do: every legal action ranked",
                "description": (
                    "The legal actions of `seat`, best first by the chance of winning the match (at 29 of 30 a No quiero "
                    "that gives the other team its last point comes last), each with `expected_points`: that seat's team's "
                    "points minus the other team's over the rest of the hand, estimated by playing the hand out on many "
                    "deals the hidden cards could be (the strong computer player's evaluation). The reason says when the "
                    "score changes the answer. Only what `seat` may know is used: the "
                    "other hands in `hand` serve to rebuild the position, not to choose. The same input gives the same "
                    "answer. A hand that is over, or where `seat` is not to act, is a 409 problem (`hand_over`, `not_your_turn`)."
                ),
                "parameters": [_HAND_PARAM, _SEAT_PARAM("1"), _SEED_PARAM],
                "responses": {"200": _ok("Hint", {
                    "seat": 1, "best": "4c",
                    "actions": [{"action": "4c", "expected_points": -1.0}, {"action": "5c", "expected_points": -1.0},
                                {"action": "6c", "expected_points": -1.0}, {"action": "truco", "expected_points": -2.0},
                                {"action": "mazo", "expected_points": -1.0}],
                    "reason": {"code": "best_expected",
                               "detail": "four of cups gives the best expected result for the team: -1 points over the rest of the hand."},
                }), "409": {"$ref": "#/components/responses/Conflict"}, **get_errors},
            }},
            "/bot-move": {"get": {
                "operationId": "getBotMove",
                "summary": "What a computer player does",
                "description": (
                    "The action a computer player of `level` (random, beginner, strong) takes for `seat`, always one of its "
                    "legal actions, with its reason. It sees only what `seat` may see. Same input, same answer. 409 as for `/hint`."
                ),
                "parameters": [
                    {**_HAND_PARAM, "examples": {"valid": {"summary": "accepted", "value": _BOT_HAND}}}, _SEAT_PARAM("1"),
                    _param("level", "random, beginner (default) or strong.", "beginner", "genius", required=False,
                           schema={"type": "string", "enum": ["random", "beginner", "strong"]}),
                    _SEED_PARAM,
                ],
                "responses": {"200": _ok("BotMove", {
                    "action": "real_envido",
                    "reason": {"code": "raise_envido", "detail": "An envido of 31 is very strong: raised to Real envido."},
                }), "409": {"$ref": "#/components/responses/Conflict"}, **get_errors},
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
                    "type": "object",
                    "description": "`hands` (three different cards per seat, no card in two hands) or `values`, for 2, 4 or 6 seats, and the `mano` seat among them.",
                    "oneOf": [_showdown_request(member, seats) for member in ("hands", "values") for seats in (2, 4, 6)],
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
                "Reason": {
                    "type": "object", "additionalProperties": False, "required": ["code", "detail"],
                    "properties": {
                        "code": {"type": "string", "description": "Why, as data (tutor.bots.ReasonCode)."},
                        "detail": {"type": "string", "description": "The reason as a sentence, in the language of Accept-Language."},
                    },
                },
                "Hint": {
                    "type": "object", "additionalProperties": False, "required": ["seat", "actions", "best", "reason"],
                    "properties": {
                        "seat": {"type": "integer", "minimum": 0, "maximum": 5},
                        "actions": {"type": "array", "minItems": 1, "items": {
                            "type": "object", "additionalProperties": False, "required": ["action", "expected_points"],
                            "properties": {"action": {"type": "string"}, "expected_points": {"type": "number"}},
                        }},
                        "best": {"type": "string"},
                        "reason": {"$ref": "#/components/schemas/Reason"},
                    },
                },
                "BotMove": {
                    "type": "object", "additionalProperties": False, "required": ["action", "reason"],
                    "properties": {"action": {"type": "string"}, "reason": {"$ref": "#/components/schemas/Reason"}},
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
                "Conflict": _problem_response("The hand is over (`hand_over`) or another seat must act (`not_your_turn`)."),
            },
        },
    }
