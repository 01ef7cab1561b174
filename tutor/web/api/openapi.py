"""The OpenAPI 3.1 document of the JSON API, served at ``/api/v1/openapi.json``.

The ``paths`` are made from the endpoint table (:data:`tutor.web.api.endpoints.ENDPOINTS`): each
endpoint's summary, description, examples and response, and its parameters from its query object's
fields (:func:`tutor.web.shared.queries.parameters`, with the JSON Schema of :mod:`.schemas`). The
components (the response bodies, the showdown's request body, the problem document) are here.

The schema says what the API accepts, so that a request the schema allows is answered (checked by
schemathesis in ``tests/web/test_schemathesis.py``). Rules that tie several parameters together
(a score below the target, raises only where the rules allow them, legal actions in a whole hand)
are stated in the descriptions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.rules import VARIANTS, player_counts
from ...engine.stakes import EnvidoCall, TrucoCall
from ...engine.state import EndKind
from ..shared.queries import Param, parameters
from .schemas import CARD_PATTERN
from .views import ERROR_CODES, MAX_BODY, MAX_QUERY, PROBLEM_JSON

if TYPE_CHECKING:
    from .endpoints import Endpoint


def parameter(item: Param) -> dict[str, Any]:
    """A query parameter with a valid example (and an invalid one the tests send for a 400)."""
    examples: dict[str, Any] = {}
    if item.example is not None:
        examples["valid"] = {"summary": "accepted", "value": item.example}
    if item.invalid is not None:
        examples["invalid"] = {"summary": "answered with 400", "value": item.invalid}
    for name, summary, value in item.more:
        examples[name] = {"summary": summary, "value": value}
    return {
        "name": item.name,
        "in": "query",
        "required": item.required,
        "description": item.description,
        "schema": dict(item.schema or {"type": "string", "maxLength": MAX_QUERY}),
        "examples": examples,
    }


def operation(endpoint: Endpoint) -> dict[str, Any]:
    """One endpoint's operation: summary, parameters or request body, responses."""
    found: dict[str, Any] = {"operationId": endpoint.operation_id, "summary": endpoint.summary}
    if endpoint.description:
        found["description"] = endpoint.description
    if endpoint.query is not None:
        found["parameters"] = [parameter(item) for item in parameters(endpoint.query)]
    if endpoint.body is not None:
        examples = {"valid": {"summary": "accepted", "value": endpoint.body_example}}
        if endpoint.body_invalid is not None:
            examples["invalid"] = {"summary": "answered with 400", "value": endpoint.body_invalid}
        found["requestBody"] = {
            "required": True,
            "content": {
                "application/json": {
                    "schema": {"$ref": f"#/components/schemas/{endpoint.body_schema}"},
                    "examples": examples,
                }
            },
        }
    schema = (
        {"$ref": f"#/components/schemas/{endpoint.response}"}
        if isinstance(endpoint.response, str)
        else dict(endpoint.response)
    )
    content: dict[str, Any] = {"schema": schema}
    if endpoint.example is not None:
        content["example"] = endpoint.example
    responses: dict[str, Any] = {"200": {"description": endpoint.result, "content": {"application/json": content}}}
    if endpoint.conflict:
        responses["409"] = {"$ref": "#/components/responses/Conflict"}
    found["responses"] = {**responses, **_errors(*endpoint.errors)}
    return found


def _errors(*statuses: int) -> dict[str, Any]:
    names = {
        400: "BadRequest",
        405: "MethodNotAllowed",
        413: "PayloadTooLarge",
        414: "UriTooLong",
        415: "UnsupportedMediaType",
        429: "TooManyRequests",
    }
    return {str(status): {"$ref": f"#/components/responses/{names[status]}"} for status in statuses}


def _problem_response(description: str) -> dict[str, Any]:
    return {"description": description, "content": {PROBLEM_JSON: {"schema": {"$ref": "#/components/schemas/Problem"}}}}


def _showdown_request(member: str, seats: int) -> dict[str, Any]:
    """One shape of the showdown body: ``hands`` or ``values`` for ``seats`` seats, ``mano`` one of them."""
    if member == "hands":
        item: dict[str, Any] = {
            "type": "array",
            "items": {"$ref": "#/components/schemas/Card"},
            "minItems": 3,
            "maxItems": 3,
            "uniqueItems": True,
        }
    else:
        item = {"type": "integer", "anyOf": [{"minimum": 0, "maximum": 7}, {"minimum": 20, "maximum": 33}]}
    return {
        "type": "object",
        "additionalProperties": False,
        "required": [member],
        "properties": {
            member: {"type": "array", "items": item, "minItems": seats, "maxItems": seats},
            "mano": {"type": "integer", "minimum": 0, "maximum": seats - 1, "default": 0},
        },
    }


def openapi_document(endpoints: tuple[Endpoint, ...]) -> dict[str, Any]:
    """The OpenAPI 3.1 description of ``endpoints`` (every parameter and response) and the problem schema."""
    card_list = {"type": "array", "items": {"$ref": "#/components/schemas/Card"}}
    nullable_int = {"type": ["integer", "null"]}
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
        "paths": _paths(endpoints),
        "components": {
            "schemas": {
                "Card": {
                    "type": "string",
                    "pattern": CARD_PATTERN,
                    "description": "A card in the compact notation.",
                    "examples": ["7o"],
                },
                "Envido": {
                    "type": "object",
                    "additionalProperties": False,
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
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["cards", "winner", "parda", "winning_team"],
                    "properties": {
                        "cards": {**card_list, "minItems": 2, "maxItems": 6, "description": "2, 4 or 6 cards."},
                        "winner": nullable_int,
                        "parda": {"type": "boolean"},
                        "winning_team": nullable_int,
                    },
                },
                "Hand": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["tricks", "winner", "tricks_played", "decided", "rule"],
                    "properties": {
                        "tricks": {
                            "type": "array",
                            "items": {"type": "string", "enum": ["W", "L", "P"]},
                            "maxItems": 3,
                        },
                        "winner": {"type": ["string", "null"], "enum": ["mano", "other", None]},
                        "tricks_played": {"type": "integer", "minimum": 0, "maximum": 3},
                        "decided": {"type": "boolean"},
                        "rule": {
                            "type": "string",
                            "enum": [
                                "two_tricks",
                                "first_parda_next_decides",
                                "parda_after_win_first_trick_winner",
                                "third_parda_first_trick_winner",
                                "all_parda_mano",
                                "undecided",
                            ],
                        },
                    },
                },
                "EnvidoStake": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": [
                        "calls",
                        "score",
                        "target",
                        "variant",
                        "raisable",
                        "falta_mode",
                        "accepted",
                        "declined",
                        "wins_game",
                        "accepted_for",
                        "accepted_rule",
                        "declined_rule",
                    ],
                    "properties": {
                        "calls": {"type": "array", "items": {"type": "string", "enum": [c.value for c in EnvidoCall]}},
                        "score": {
                            "type": "array",
                            "items": {"type": "integer", "minimum": 0},
                            "minItems": 2,
                            "maxItems": 2,
                        },
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
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["calls", "accepted", "declined", "rule"],
                    "properties": {
                        "calls": {
                            "type": "array",
                            "items": {"type": "string", "enum": [c.value for c in TrucoCall]},
                            "minItems": 1,
                            "maxItems": 3,
                        },
                        "accepted": {"type": "integer", "minimum": 2, "maximum": 4},
                        "declined": {"type": "integer", "minimum": 1, "maximum": 3},
                        "rule": {"type": "string"},
                    },
                },
                "ShowdownRequest": {
                    "type": "object",
                    "description": "`hands` (three different cards per seat, no card in two hands) or `values`, for 2, 4 or 6 seats, and the `mano` seat among them.",
                    "oneOf": [
                        _showdown_request(member, seats) for member in ("hands", "values") for seats in player_counts()
                    ],
                },
                "Statement": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["seat", "team", "action", "value"],
                    "properties": {
                        "seat": {"type": "integer"},
                        "team": {"type": "integer", "enum": [0, 1]},
                        "action": {"type": "string", "enum": ["states", "son_buenas", "silent"]},
                        "value": {"type": "integer"},
                    },
                },
                "Showdown": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": [
                        "envido",
                        "mano",
                        "order",
                        "statements",
                        "winner",
                        "team",
                        "team_values",
                        "tie_broken",
                    ],
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
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["code", "detail"],
                    "properties": {
                        "code": {"type": "string", "description": "Why, as data (tutor.bots.ReasonCode)."},
                        "detail": {
                            "type": "string",
                            "description": "The reason as a sentence, in the language of Accept-Language.",
                        },
                    },
                },
                "Hint": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["seat", "actions", "best", "reason"],
                    "properties": {
                        "seat": {"type": "integer", "minimum": 0, "maximum": 5},
                        "actions": {
                            "type": "array",
                            "minItems": 1,
                            "items": {
                                "type": "object",
                                "additionalProperties": False,
                                "required": ["action", "expected_points"],
                                "properties": {"action": {"type": "string"}, "expected_points": {"type": "number"}},
                            },
                        },
                        "best": {"type": "string"},
                        "reason": {"$ref": "#/components/schemas/Reason"},
                    },
                },
                "BotMove": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["action", "reason"],
                    "properties": {"action": {"type": "string"}, "reason": {"$ref": "#/components/schemas/Reason"}},
                },
                "PlayedCard": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["seat", "card"],
                    "properties": {
                        "seat": {"type": "integer", "minimum": 0},
                        "card": {"$ref": "#/components/schemas/Card"},
                        "face_down": {
                            "type": "boolean",
                            "const": True,
                            "description": "Truco Mineiro: the card was played face down (it neither takes nor ties the trick); absent otherwise.",
                        },
                    },
                },
                "Replay": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": [
                        "variant",
                        "rules",
                        "players",
                        "mano",
                        "dealer",
                        "tricks",
                        "current_trick",
                        "hand_value",
                        "over",
                        "end",
                        "winner",
                        "points",
                        "scores",
                        "match_winner",
                        "to_act",
                        "legal_actions",
                        "other_actions",
                    ],
                    "properties": {
                        "variant": {"type": "string", "enum": list(VARIANTS)},
                        "rules": {"type": "string", "description": "The rules as the notation writes them."},
                        "players": {"type": "integer", "enum": list(player_counts(table=False))},
                        "mano": {"type": "integer", "minimum": 0},
                        "dealer": {"type": "integer", "minimum": 0},
                        "tricks": {
                            "type": "array",
                            "maxItems": 3,
                            "items": {
                                "type": "object",
                                "additionalProperties": False,
                                "required": ["cards", "winner"],
                                "properties": {
                                    "cards": {"type": "array", "items": {"$ref": "#/components/schemas/PlayedCard"}},
                                    "winner": {
                                        "oneOf": [
                                            {"type": "integer", "minimum": 0},
                                            {"type": "string", "const": "tie"},
                                        ],
                                        "description": "The seat that took the trick, or tie for a parda.",
                                    },
                                },
                            },
                        },
                        "current_trick": {"type": "array", "items": {"$ref": "#/components/schemas/PlayedCard"}},
                        "hand_value": {"type": "integer", "minimum": 1},
                        "over": {"type": "boolean"},
                        "end": {"type": ["string", "null"], "enum": [*(k.value for k in EndKind), None]},
                        "winner": {**nullable_int, "description": "The team that took the hand, null if none (yet)."},
                        "points": {
                            "type": "array",
                            "items": {"type": "integer", "minimum": 0},
                            "minItems": 2,
                            "maxItems": 2,
                        },
                        "scores": {
                            "type": "array",
                            "items": {"type": "integer", "minimum": 0},
                            "minItems": 2,
                            "maxItems": 2,
                        },
                        "match_winner": nullable_int,
                        "to_act": nullable_int,
                        "legal_actions": {"type": "array", "items": {"type": "string"}},
                        "other_actions": {
                            "type": "array",
                            "items": {
                                "type": "object",
                                "additionalProperties": False,
                                "required": ["seat", "action"],
                                "properties": {"seat": {"type": "integer", "minimum": 0}, "action": {"type": "string"}},
                            },
                        },
                        "duels": {
                            "type": "array",
                            "maxItems": 3,
                            "description": (
                                "Only for a pica-pica round (six players): each duel started, in playing order, "
                                "its seats at the table (its mano first), its tricks, how it ended, the team that "
                                "took it and the points it gave each team."
                            ),
                            "items": {
                                "type": "object",
                                "additionalProperties": False,
                                "required": [
                                    "number",
                                    "seats",
                                    "tricks",
                                    "current_trick",
                                    "hand_value",
                                    "over",
                                    "end",
                                    "winner",
                                    "points",
                                ],
                                "properties": {
                                    "number": {"type": "integer", "minimum": 1, "maximum": 3},
                                    "seats": {
                                        "type": "array",
                                        "items": {"type": "integer", "minimum": 0, "maximum": 5},
                                        "minItems": 2,
                                        "maxItems": 2,
                                    },
                                    "tricks": {"$ref": "#/components/schemas/Replay/properties/tricks"},
                                    "current_trick": {"$ref": "#/components/schemas/Replay/properties/current_trick"},
                                    "hand_value": {"type": "integer", "minimum": 1},
                                    "over": {"type": "boolean"},
                                    "end": {"$ref": "#/components/schemas/Replay/properties/end"},
                                    "winner": nullable_int,
                                    "points": {"$ref": "#/components/schemas/Replay/properties/points"},
                                },
                            },
                        },
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
                        "detail": {
                            "type": "string",
                            "description": "What is wrong, in the language of Accept-Language.",
                        },
                        "code": {
                            "type": "string",
                            "enum": list(ERROR_CODES),
                            "description": "The engine's reason or the API's own code.",
                        },
                        "parameter": {"type": "string", "description": "The offending parameter or JSON member."},
                        "position": {
                            "type": "integer",
                            "minimum": 0,
                            "description": "The offending item of a list, from 0 (for `illegal_action`: the action's index in the hand's log).",
                        },
                        "reason": {
                            "type": "string",
                            "description": "With `illegal_action`: the engine's reason for refusing the action.",
                        },
                    },
                },
            },
            "responses": {
                "BadRequest": _problem_response(
                    "The input is not valid Truco (unknown card, duplicate, wrong count, bad number, illegal ladder, unknown parameter...)."
                ),
                "MethodNotAllowed": _problem_response("The endpoint does not take this method (see the Allow header)."),
                "PayloadTooLarge": _problem_response(f"The body is larger than {MAX_BODY} bytes."),
                "UriTooLong": _problem_response(f"The query string is longer than {MAX_QUERY} bytes."),
                "UnsupportedMediaType": _problem_response("The body is not application/json."),
                "TooManyRequests": _problem_response(
                    "This address asked for more hints or computer players' moves than the limit allows "
                    "(`too_many_requests`): wait the seconds in the Retry-After header (and `retry_after`)."
                ),
                "Conflict": _problem_response(
                    "The hand is over (`hand_over`) or another seat must act (`not_your_turn`)."
                ),
            },
        },
    }


def _paths(endpoints: tuple[Endpoint, ...]) -> dict[str, Any]:
    paths: dict[str, dict[str, Any]] = {}
    for endpoint in endpoints:
        paths.setdefault(endpoint.path, {})[endpoint.method.lower()] = operation(endpoint)
    return paths
