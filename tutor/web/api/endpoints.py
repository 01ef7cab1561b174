"""The API's endpoints, each declared once: path, method, query object (or JSON body object),
handler, response schema, summary, description and examples.

:func:`register` makes the blueprint's routes from :data:`ENDPOINTS`: the endpoint itself, a guard
that answers every other method with a 405 problem and its ``Allow`` header, and ``OPTIONS`` with
the same header; :func:`~tutor.web.api.openapi.openapi_document` makes the OpenAPI ``paths`` from
it, the parameters from the query objects' fields (:func:`tutor.web.shared.queries.parameters`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol, Self

from flask import Blueprint, jsonify, request
from flask.wrappers import Response

from ...i18n import gettext as _
from ..shared.queries import Query
from .bots import BotMoveArgs, HintArgs, bot_move_endpoint, hint_endpoint
from .openapi import openapi_document
from .replay import ReplayArgs, replay_endpoint
from .views import (
    EnvidoArgs,
    EnvidoStakeArgs,
    HandArgs,
    Problem,
    ShowdownBody,
    TrickArgs,
    TrucoStakeArgs,
    envido_endpoint,
    envido_stake_endpoint,
    hand_endpoint,
    json_body,
    problem,
    showdown_endpoint,
    trick_endpoint,
    truco_stake_endpoint,
)

METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE")
"""The methods a guard answers with 405 when the endpoint does not take them."""


class Body(Protocol):
    """A JSON body object: the body read into a typed, frozen value (400 for one it refuses)."""

    @classmethod
    def from_json(cls, body: dict[str, Any]) -> Self: ...


@dataclass(frozen=True)
class Endpoint:
    """One endpoint of the API, as the routes and the OpenAPI document both use it."""

    path: str
    method: str
    handler: Callable[..., dict[str, Any]]
    """Computes the JSON answer from the query or body object (from nothing if the endpoint has neither)."""
    operation_id: str
    summary: str
    response: str | Mapping[str, Any]
    """The 200 body: the name of a schema in ``components/schemas``, or a schema."""
    example: Mapping[str, Any] | None = None
    """The 200 body for the parameters' (or the body's) valid examples; the tests compare them."""
    description: str | None = None
    query: type[Query] | None = None
    """The query object: ``from_args`` reads the request's arguments, its fields are the parameters."""
    body: type[Body] | None = None
    """The JSON body object: ``from_json`` reads the body."""
    body_schema: str | None = None
    """The body's schema in ``components/schemas``."""
    body_example: Any = None
    body_invalid: Any = None
    """A body answered with 400 (the tests send it)."""
    errors: tuple[int, ...] = (400, 405, 414)
    """The error statuses the document lists (each a response in ``components/responses``)."""
    conflict: bool = False
    """Whether a 409 may come back (the hand is over, or another seat must act)."""
    result: str = "The result."
    """The description of the 200 response."""

    @property
    def allowed(self) -> str:
        """The ``Allow`` header: the method, HEAD with GET, and OPTIONS."""
        return ", ".join([self.method] + (["HEAD"] if self.method == "GET" else []) + ["OPTIONS"])

    def answer(self) -> Response:
        """The request read by the query or body object, answered by the handler."""
        if self.body is not None:
            return jsonify(self.handler(self.body.from_json(json_body())))
        if self.query is not None:
            return jsonify(self.handler(self.query.from_args(request.args)))
        return jsonify(self.handler())


def openapi_endpoint() -> dict[str, Any]:
    """The OpenAPI 3.1 document of this API."""
    return openapi_document(ENDPOINTS)


ENDPOINTS: tuple[Endpoint, ...] = (
    Endpoint(
        "/envido",
        "GET",
        envido_endpoint,
        "getEnvido",
        "The envido of three cards",
        "Envido",
        query=EnvidoArgs,
        description="`counted` lists the card or cards that make the value (two for a pair, one without a pair, none for 0); `flor` is 20 + the three values when the three share a suit, else null.",
        example={"hand": ["7o", "6o", "3b"], "envido": 33, "counted": ["7o", "6o"], "flor": None, "kind": "pair"},
    ),
    Endpoint(
        "/trick",
        "GET",
        trick_endpoint,
        "getTrick",
        "Which card takes a trick",
        "Trick",
        query=TrickArgs,
        description="`winner` is the position in `cards` of the card that takes the trick (for equal top cards of one team, the first of them played), or null with `parda` true when the top cards of both teams are equal.",
        example={"cards": ["3e", "1b", "3o", "4c"], "winner": 1, "parda": False, "winning_team": 1},
    ),
    Endpoint(
        "/hand",
        "GET",
        hand_endpoint,
        "getHand",
        "Who wins the hand after these tricks",
        "Hand",
        query=HandArgs,
        description="Trick results from the mano's team's side: W won, L lost, P parda. `winner` is null while undecided. A trick given after the hand was decided is a 400.",
        example={
            "tricks": ["P", "W"],
            "winner": "mano",
            "tricks_played": 2,
            "decided": True,
            "rule": "first_parda_next_decides",
        },
    ),
    Endpoint(
        "/envido-stake",
        "GET",
        envido_stake_endpoint,
        "getEnvidoStake",
        "What an envido ladder is worth",
        "EnvidoStake",
        query=EnvidoStakeArgs,
        description="`accepted`: points to the team that wins the showdown if the last call is accepted; `declined`: points to the last caller's team if it is declined. With falta_mode wins_game and both teams in the malas, `wins_game` is true and `accepted_for` gives each team's points (what takes it to the target).",
        example={
            "calls": ["envido", "real_envido"],
            "score": [12, 20],
            "target": 30,
            "variant": "argentino",
            "raisable": True,
            "falta_mode": "normal",
            "accepted": 5,
            "declined": 2,
            "wins_game": False,
            "accepted_for": [5, 5],
            "accepted_rule": "accepted_sum",
            "declined_rule": "declined_raise",
        },
    ),
    Endpoint(
        "/truco-stake",
        "GET",
        truco_stake_endpoint,
        "getTrucoStake",
        "What the hand is worth after truco calls",
        "TrucoStake",
        query=TrucoStakeArgs,
        example={"calls": ["truco", "retruco"], "accepted": 3, "declined": 2, "rule": "truco_level"},
    ),
    Endpoint(
        "/showdown",
        "POST",
        showdown_endpoint,
        "postShowdown",
        "The envido showdown of 2, 4 or 6 seats",
        "Showdown",
        body=ShowdownBody,
        body_schema="ShowdownRequest",
        description="Give `hands` (three cards per seat; no card twice) or `values` (one envido per seat: 0-7 or 20-33), and the `mano` seat (default 0). Seats speak in order from the mano; `statements` tells who states a number, who says son buenas and who stays silent.",
        body_example={"hands": [["7o", "6o", "3b"], ["1e", "2e", "4c"]], "mano": 0},
        body_invalid={"hands": [["7o", "6o", "3b"], ["7o", "2e", "4c"]]},
        example={
            "envido": [33, 23],
            "mano": 0,
            "order": [0, 1],
            "statements": [
                {"seat": 0, "team": 0, "action": "states", "value": 33},
                {"seat": 1, "team": 1, "action": "son_buenas", "value": 23},
            ],
            "winner": 0,
            "team": 0,
            "team_values": [33, 23],
            "tie_broken": False,
        },
        errors=(400, 405, 413, 415),
    ),
    Endpoint(
        "/hint",
        "GET",
        hint_endpoint,
        "getHint",
        "What a good player would do: every legal action ranked",
        "Hint",
        query=HintArgs,
        conflict=True,
        description=(
            "The legal actions of `seat`, best first by the chance of winning the match (at 29 of 30 a No quiero "
            "that gives the other team its last point comes last), each with `expected_points`: that seat's team's "
            "points minus the other team's over the rest of the hand, estimated by playing the hand out on many "
            "deals the hidden cards could be (the strong computer player's evaluation). The reason says when the "
            "score changes the answer. Only what `seat` may know is used: the "
            "other hands in `hand` serve to rebuild the position, not to choose. The same input gives the same "
            "answer. A hand that is over, or where `seat` is not to act, is a 409 problem (`hand_over`, `not_your_turn`). "
            "Hints and computer moves are limited per client address (120 at once, two more each second): past that, "
            "a 429 problem with Retry-After."
        ),
        errors=(400, 405, 414, 429),
        example={
            "seat": 1,
            "best": "4c",
            "actions": [
                {"action": "4c", "expected_points": -1.0},
                {"action": "5c", "expected_points": -1.0},
                {"action": "6c", "expected_points": -1.0},
                {"action": "truco", "expected_points": -2.0},
                {"action": "mazo", "expected_points": -1.0},
            ],
            "reason": {
                "code": "best_expected",
                "detail": "Best expected result for the team: four of cups (expected points over the rest of the hand: -1).",
            },
        },
    ),
    Endpoint(
        "/bot-move",
        "GET",
        bot_move_endpoint,
        "getBotMove",
        "What a computer player does",
        "BotMove",
        query=BotMoveArgs,
        conflict=True,
        description=(
            "The action a computer player of `level` (random, beginner, strong) takes for `seat`, always one of its "
            "legal actions, with its reason. It sees only what `seat` may see. Same input, same answer. 409 and 429 "
            "as for `/hint`."
        ),
        errors=(400, 405, 414, 429),
        example={
            "action": "real_envido",
            "reason": {"code": "raise_envido", "detail": "An envido of 31 is very strong: raised to Real envido."},
        },
    ),
    Endpoint(
        "/replay",
        "GET",
        replay_endpoint,
        "getReplay",
        "A hand after its actions, in any game",
        "Replay",
        query=ReplayArgs,
        description=(
            "Replays `hand` (every game: `argentino`, `fixed`, `catalan`, `mineiro`, and pica-pica rounds) and "
            "answers the state after its actions: `variant` and `rules`; each completed trick with its cards (a "
            "Truco Mineiro card played face down with `face_down: true`) and `winner`, the seat that took it or "
            '`"tie"` for a parda; `over`, `end` (how the hand ended) and `winner`, the team that took the hand '
            "(null while it is not over, or when nobody scored); `points`, what each team scored in this hand; "
            "`scores` after it; `match_winner`, the team that reached the target if the hand ends the match; "
            "`to_act` and its `legal_actions` (null and empty once the hand is over; the parameter's description "
            "lists the actions of each game); `other_actions`, actions other "
            "seats may take at the same moment (Catalan Truc: the bet just after one's own card, the knock). An "
            "action the engine refuses is a 400 problem with code `illegal_action`, its `position` in the log (from "
            "0) and the engine's `reason`. The whole deal is given, so nothing is hidden from the answer. A "
            "pica-pica round (six players, `argentino:players=6:pica=1;mano=M,pica;...`) answers the same for the "
            "round, with `tricks`, `current_trick` and `hand_value` of the duel under way (the last one when over), "
            "`winner` null, and `duels`: each duel started, its `seats` (its mano first), tricks, `end`, `winner` "
            "(the team that took it) and `points`."
        ),
        example={
            "variant": "catalan",
            "rules": "catalan",
            "players": 2,
            "mano": 0,
            "dealer": 1,
            "tricks": [
                {"cards": [{"seat": 0, "card": "4b"}, {"seat": 1, "card": "5c"}], "winner": 1},
                {"cards": [{"seat": 1, "card": "6c"}, {"seat": 0, "card": "3e"}], "winner": 0},
                {"cards": [{"seat": 0, "card": "2o"}, {"seat": 1, "card": "1e"}], "winner": 0},
            ],
            "current_trick": [],
            "hand_value": 2,
            "over": True,
            "end": "tricks",
            "winner": 0,
            "points": [2, 0],
            "scores": [2, 0],
            "match_winner": None,
            "to_act": None,
            "legal_actions": [],
            "other_actions": [],
        },
    ),
    Endpoint(
        "/openapi.json",
        "GET",
        openapi_endpoint,
        "getOpenApi",
        "This document",
        {"type": "object", "required": ["openapi", "paths"]},
        result="The OpenAPI 3.1 document.",
        errors=(405,),
    ),
)
"""Every endpoint of the API, in the order the OpenAPI document lists them."""


def _method_not_allowed(allowed: str) -> Response:
    response = problem(
        405,
        Problem.METHOD_NOT_ALLOWED,
        _("This address does not accept %(method)s; use %(allowed)s.", method=request.method, allowed=allowed),
    )
    response.headers["Allow"] = allowed
    return response


def _options(allowed: str) -> Response:
    response = Response(status=200)
    response.headers["Allow"] = allowed
    return response


def register(bp: Blueprint) -> None:
    """Each endpoint's route (named after its handler), its 405 guard for the other methods, and OPTIONS."""
    for endpoint in ENDPOINTS:
        name = endpoint.handler.__name__
        bp.add_url_rule(
            endpoint.path, name, endpoint.answer, methods=[endpoint.method], provide_automatic_options=False
        )
        others = [method for method in METHODS if method != endpoint.method]
        bp.add_url_rule(
            endpoint.path,
            f"not_allowed_{name}",
            lambda allowed=endpoint.allowed: _method_not_allowed(allowed),
            methods=others,
            provide_automatic_options=False,
        )
        bp.add_url_rule(
            endpoint.path,
            f"options_{name}",
            lambda allowed=endpoint.allowed: _options(allowed),
            methods=["OPTIONS"],
            provide_automatic_options=False,
        )
