"""The JSON API /api/v1: every endpoint, exact field names, every error kind as problem+json, translated details."""

from __future__ import annotations

import json

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from tests.conftest import ROOT
from tutor import i18n

API = "/api/v1"
PHRASES = {
    400: "Bad Request",
    404: "Not Found",
    405: "Method Not Allowed",
    413: "Request Entity Too Large",
    414: "Request URI Too Long",
    415: "Unsupported Media Type",
}


def ok(response) -> dict:
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.mimetype == "application/json"
    return response.get_json()


def problem(response, status: int, code: str, parameter: str | None = None) -> dict:
    """Check an RFC 9457 document and return it."""
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == "application/problem+json"
    body = json.loads(response.get_data(as_text=True))
    assert {"type", "title", "status", "detail", "code"} <= set(body)
    assert body["type"] == "about:blank"
    assert body["title"] == PHRASES[status]
    assert body["status"] == status
    assert body["code"] == code
    assert isinstance(body["detail"], str) and len(body["detail"]) > 10
    if parameter is not None:
        assert body["parameter"] == parameter
    return body


def show(client, path: str, **headers):
    return client.get(API + path, headers=headers)


def post(client, body, content_type="application/json", **headers):
    data = body if isinstance(body, (str, bytes)) else json.dumps(body)
    return client.post(f"{API}/showdown", data=data, content_type=content_type, headers=headers)


# --- envido ---------------------------------------------------------------------------------------


def test_envido_answers_with_exactly_the_issue_fields(client):
    body = ok(show(client, "/envido?hand=7o,6o,3b"))
    assert body == {"hand": ["7o", "6o", "3b"], "envido": 33, "counted": ["7o", "6o"], "flor": None, "kind": "pair"}


@pytest.mark.parametrize(
    ("hand", "points", "counted"),
    [  # the worked examples of docs/rules §4.1
        ("7c,5c,12e", 32, ["7c", "5c"]),
        ("12o,11o,3b", 20, ["12o", "11o"]),
        ("1e,6b,4o", 6, ["6b"]),
        ("6c,5c,12b", 31, ["6c", "5c"]),
        ("7c,3c,4b", 30, ["7c", "3c"]),
        ("1e,7c,4b", 7, ["7c"]),
        ("12e,11b,10o", 0, []),
    ],
)
def test_envido_of_the_rules_examples(client, hand, points, counted):
    body = ok(show(client, f"/envido?hand={hand}"))
    assert body["envido"] == points
    assert body["counted"] == counted
    assert body["flor"] is None


@pytest.mark.parametrize(
    ("hand", "envido", "flor"), [("7o,6o,5o", 33, 38), ("12e,11e,10e", 20, 20), ("1c,2c,3c", 25, 26)]
)
def test_three_of_a_suit_count_the_best_two_and_give_the_flor(client, hand, envido, flor):
    body = ok(show(client, f"/envido?hand={hand}"))
    assert (body["envido"], body["flor"], body["kind"]) == (envido, flor, "best_pair")


def test_envido_reads_french_symbols_and_spaces(client):
    assert ok(show(client, "/envido?hand=A%E2%99%A0,7%E2%99%A6,K%E2%99%A5"))["hand"] == ["1e", "7o", "12c"]
    assert ok(show(client, "/envido?hand=7o+6o+3b"))["envido"] == 33


@pytest.mark.parametrize(
    ("query", "code"),
    [
        ("hand=8o,6o,3b", "unknown_rank"),
        ("hand=7x,6o,3b", "unknown_suit"),
        ("hand=zz,6o,3b", "malformed"),
        ("hand=1e,1e,2e", "duplicate_card"),
        ("hand=1e,2e", "wrong_count"),
        ("hand=1e,2e,3e,4e", "wrong_count"),
        ("hand=", "empty"),
    ],
)
def test_envido_refuses_bad_cards(client, query, code):
    problem(show(client, f"/envido?{query}"), 400, code, "hand")


def test_parameters_missing_repeated_or_unknown(client):
    problem(show(client, "/envido"), 400, "missing_parameter", "hand")
    problem(show(client, "/envido?hand=1e,2e,3e&hand=4e,5e,6e"), 400, "repeated_parameter", "hand")
    problem(show(client, "/envido?hand=1e,2e,3e&lang=pl"), 400, "unknown_option", "lang")


# --- trick and hand -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "winner", "parda", "team"),
    [
        ("3e,1b,3o,4c", 1, False, 1),  # the ace of bastos beats the threes
        ("3e,3o", None, True, None),  # equal top cards of both teams
        ("3e,2o,3o,4b", 0, False, 0),  # partners share the top: the first of them takes it
        ("4c,1e", 1, False, 1),
        ("7o,7e,4c,5c,6c,12c", 1, False, 1),
    ],
)
def test_trick(client, cards, winner, parda, team):
    body = ok(show(client, f"/trick?cards={cards}"))
    assert body == {"cards": cards.split(","), "winner": winner, "parda": parda, "winning_team": team}


@pytest.mark.parametrize(
    ("query", "code"),
    [
        ("cards=3e", "wrong_count"),
        ("cards=1e,2e,3e,4e,5e,6e,7e", "wrong_count"),
        ("cards=3e,3e", "duplicate_card"),
        ("cards=9e,3o", "unknown_rank"),
        ("cards=", "empty"),
        ("cards=3e,3b,4o", "wrong_count"),
        ("cards=1e,2e,3e,4e,5e", "wrong_count"),
    ],
)
def test_trick_errors(client, query, code):
    problem(show(client, f"/trick?{query}"), 400, code, "cards")


@pytest.mark.parametrize(
    ("cards", "count"), [("3e", 1), ("3e,3b,4o", 3), ("1e,2e,3e,4e,5e", 5), ("1e,2e,3e,4e,5e,6e,7e", 7)]
)
def test_a_trick_has_one_card_per_player_of_two_four_or_six(client, cards, count):
    """docs/rules §7.3: 2, 4 or 6 players, so a finished trick has 2, 4 or 6 cards; 3e,3b,4o is no parda."""
    body = problem(show(client, f"/trick?cards={cards}"), 400, "wrong_count", "cards")
    singular, plural = TRICK_COUNT
    assert body["detail"] == (singular if count == 1 else plural) % {"num": count}


def test_openapi_describes_trick_sizes(client):
    document = ok(show(client, "/openapi.json"))
    (parameter,) = document["paths"]["/trick"]["get"]["parameters"]
    assert "2, 4 or 6" in parameter["description"]
    assert problem(show(client, f"/trick?cards={parameter['examples']['invalid']['value']}"), 400, "wrong_count")


@pytest.mark.parametrize(
    ("tricks", "winner", "played"),
    [
        ("P,W", "mano", 2),
        ("W,L", None, 2),
        ("", None, 0),
        ("L,L", "other", 2),
        ("P,P,P", "mano", 3),
        ("W,P", "mano", 2),
        ("W,L,P", "mano", 3),
        ("p,l", "other", 2),
    ],
)
def test_hand(client, tricks, winner, played):
    body = ok(show(client, f"/hand?tricks={tricks}"))
    assert body["winner"] == winner
    assert body["tricks_played"] == played
    assert body["decided"] is (winner is not None)
    assert set(body) == {"tricks", "winner", "tricks_played", "decided", "rule"}


def test_hand_names_the_deciding_rule(client):
    assert ok(show(client, "/hand?tricks=P,W"))["rule"] == "first_parda_next_decides"
    assert ok(show(client, "/hand?tricks=W,L"))["rule"] == "undecided"


@pytest.mark.parametrize(
    ("tricks", "code", "position"),
    [
        ("W,W,L", "bad_value", 2),
        ("W,L,P,W", "bad_value", 3),
        ("X", "malformed", 0),
        ("W,,L", "malformed", 1),
        ("WW", "malformed", 0),
    ],
)
def test_hand_errors(client, tricks, code, position):
    body = problem(show(client, f"/hand?tricks={tricks}"), 400, code, "tricks")
    assert body["position"] == position


# --- stakes ---------------------------------------------------------------------------------------


def test_envido_stake_of_the_issue(client):
    body = ok(show(client, "/envido-stake?calls=envido,real_envido&score=12,20&target=30"))
    assert (body["accepted"], body["declined"]) == (5, 2)
    assert set(body) == {
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
    }
    assert body["calls"] == ["envido", "real_envido"] and body["score"] == [12, 20] and body["target"] == 30


@pytest.mark.parametrize(
    ("calls", "accepted", "declined"),
    [  # docs/rules §4.2
        ("envido", 2, 1),
        ("real_envido", 3, 1),
        ("envido,real_envido", 5, 2),
        ("envido,envido", 4, 2),
        ("envido,envido,real_envido", 7, 4),
        ("envido,real_envido,falta_envido", 30, 5),
    ],
)
def test_envido_stake_ladder_values(client, calls, accepted, declined):
    body = ok(show(client, f"/envido-stake?calls={calls}"))
    assert (body["accepted"], body["declined"]) == (accepted, declined)


@pytest.mark.parametrize(
    ("query", "accepted", "wins_game", "accepted_for"),
    [
        ("calls=envido,falta_envido&score=12,20", 10, False, [10, 10]),  # docs/rules §4.2.5: 12 to 20 of 30
        ("calls=falta_envido&score=22,5", 8, False, [8, 8]),  # docs/rules §4.2.5: a leader on 22
        ("calls=falta_envido&score=3,10&falta_mode=to_15", 5, False, [5, 5]),
        ("calls=falta_envido&score=3,10&falta_mode=wins_game", 20, True, [27, 20]),
        ("calls=falta_envido&score=5,9&target=15", 6, False, [6, 6]),
    ],
)
def test_falta_envido_from_the_score(client, query, accepted, wins_game, accepted_for):
    body = ok(show(client, f"/envido-stake?{query}"))
    assert (body["accepted"], body["wins_game"], body["accepted_for"]) == (accepted, wins_game, accepted_for)


def test_fixed_ruleset_and_raisable_option(client):
    body = ok(show(client, "/envido-stake?calls=real_envido&variant=fixed"))
    assert (body["accepted"], body["declined"], body["raisable"], body["variant"]) == (3, 1, False, "fixed")
    problem(show(client, "/envido-stake?calls=envido,envido&variant=fixed"), 400, "envido_not_raisable", "calls")
    problem(show(client, "/envido-stake?calls=envido,real_envido&raisable=false"), 400, "envido_not_raisable", "calls")
    assert ok(show(client, "/envido-stake?calls=envido&raisable=false"))["accepted_rule"] == "accepted_single"


@pytest.mark.parametrize(
    ("query", "code", "parameter"),
    [
        ("calls=real_envido,envido", "envido_ladder_backwards", "calls"),
        ("calls=envido,envido,envido", "envido_too_many", "calls"),
        ("calls=falta_envido,envido", "envido_after_falta", "calls"),
        ("calls=envido,quiero", "unknown_action", "calls"),
        ("calls=", "empty", "calls"),
        ("calls=envido&score=12,40", "bad_value", "score"),
        ("calls=envido&score=12", "wrong_count", "score"),
        ("calls=envido&score=a,b", "bad_value", "score"),
        ("calls=envido&score=-1,3", "bad_value", "score"),
        ("calls=envido&target=12", "bad_value", "target"),
        ("calls=envido&target=7", "bad_value", "target"),
        ("calls=envido&target=x", "bad_value", "target"),
        ("calls=envido&variant=fixed&target=35", "bad_value", "target"),
        ("calls=envido&falta_mode=sometimes", "bad_value", "falta_mode"),
        ("calls=envido&falta_mode=x", "bad_value", "falta_mode"),
        ("calls=envido&variant=fixed&falta_mode=x", "bad_value", "falta_mode"),
        ("calls=envido&raisable=maybe", "bad_value", "raisable"),
        ("calls=envido&raisable=2", "bad_value", "raisable"),
        ("calls=envido&variant=paulista", "unknown_option", "variant"),
        ("calls=envido&variant=fixed&raisable=true", "bad_value", "raisable"),
        ("calls=envido&flor=simple", "unknown_option", "flor"),
    ],
)
def test_envido_stake_errors(client, query, code, parameter):
    problem(show(client, f"/envido-stake?{query}"), 400, code, parameter)


@pytest.mark.parametrize(
    ("query", "value", "name", "allowed"),
    [
        ("raisable=maybe", "maybe", "raisable", "true, false, yes, no, on, off, 1, or 0"),
        ("raisable=Perhaps", "Perhaps", "raisable", "true, false, yes, no, on, off, 1, or 0"),
        ("falta_mode=x", "x", "falta_mode", "normal, wins_game, or to_15"),
        ("falta_mode=sometimes&variant=fixed", "sometimes", "falta_mode", "normal, wins_game, or to_15"),
    ],
)
def test_bad_option_value_names_the_option_and_lists_its_values(client, query, value, name, allowed):
    body = problem(show(client, f"/envido-stake?calls=envido&{query}"), 400, "bad_value", name)
    assert body["detail"] == BAD_OPTION % {"value": value, "name": name, "allowed": allowed}


def test_every_listed_option_value_is_accepted(client):
    """The values an error lists are exactly the ones that work, and any other is refused."""
    for value in ("true", "false", "yes", "no", "on", "off", "1", "0"):
        ok(show(client, f"/envido-stake?calls=envido&raisable={value}"))
    for value in ("normal", "wins_game", "to_15"):
        assert ok(show(client, f"/envido-stake?calls=envido&falta_mode={value}"))["falta_mode"] == value
    for value in ("y", "tru", "normally", "to15"):
        problem(show(client, f"/envido-stake?calls=envido&raisable={value}&falta_mode=normal"), 400, "bad_value")
        problem(show(client, f"/envido-stake?calls=envido&falta_mode={value}"), 400, "bad_value", "falta_mode")


def test_target_error_names_the_target_and_its_values(client):
    body = problem(show(client, "/envido-stake?calls=envido&target=7"), 400, "bad_value", "target")
    for target in ("5", "10", "15", "20", "25", "30"):
        assert target in body["detail"]
    assert "target" in body["detail"]


def test_truco_stake_takes_no_options(client):
    problem(show(client, "/truco-stake?calls=truco&variant=fixed"), 400, "unknown_option", "variant")
    problem(show(client, "/truco-stake?calls=truco&target=15"), 400, "unknown_option", "target")


def test_illegal_ladder_names_the_offending_call(client):
    body = problem(show(client, "/envido-stake?calls=envido,envido,envido"), 400, "envido_too_many")
    assert body["position"] == 2


@pytest.mark.parametrize(
    ("calls", "accepted", "declined"), [("truco", 2, 1), ("truco,retruco", 3, 2), ("truco,retruco,vale_cuatro", 4, 3)]
)
def test_truco_stake(client, calls, accepted, declined):
    body = ok(show(client, f"/truco-stake?calls={calls}"))
    assert body == {"calls": calls.split(","), "accepted": accepted, "declined": declined, "rule": "truco_level"}


@pytest.mark.parametrize(
    ("calls", "code"),
    [
        ("retruco", "truco_out_of_order"),
        ("truco,truco", "truco_out_of_order"),
        ("truco,vale_cuatro", "truco_out_of_order"),
        ("truco,retruco,vale_cuatro,vale_cuatro", "truco_already_max"),
        ("envido", "unknown_action"),
        ("", "empty"),
    ],
)
def test_truco_stake_errors(client, calls, code):
    problem(show(client, f"/truco-stake?calls={calls}"), 400, code, "calls")


# --- showdown -------------------------------------------------------------------------------------


def test_showdown_of_the_issue(client):
    body = ok(post(client, {"hands": [["7o", "6o", "3b"], ["1e", "2e", "4c"]], "mano": 0}))
    assert (body["winner"], body["team"], body["envido"]) == (0, 0, [33, 23])
    assert body["order"] == [0, 1]
    assert body["statements"] == [
        {"seat": 0, "team": 0, "action": "states", "value": 33},
        {"seat": 1, "team": 1, "action": "son_buenas", "value": 23},
    ]
    assert body["team_values"] == [33, 23] and body["tie_broken"] is False and body["mano"] == 0


def test_showdown_tie_goes_to_the_seat_nearest_the_mano(client):
    body = ok(post(client, {"values": [27, 27, 20, 27], "mano": 1}))
    assert body["order"] == [1, 2, 3, 0]
    assert (body["winner"], body["team"], body["tie_broken"]) == (1, 1, True)
    assert [(s["seat"], s["action"]) for s in body["statements"]] == [
        (1, "states"),
        (2, "son_buenas"),
        (3, "silent"),
        (0, "son_buenas"),
    ]


def test_showdown_silent_partner_speaks_when_the_team_loses_the_lead(client):
    body = ok(post(client, {"values": [20, 7, 30, 25]}))
    assert [(s["seat"], s["action"]) for s in body["statements"]] == [
        (0, "states"),
        (1, "son_buenas"),
        (2, "silent"),
        (3, "states"),
        (2, "states"),
    ]
    assert (body["winner"], body["team"], body["team_values"]) == (2, 0, [30, 25])


def test_showdown_of_six_hands(client):
    hands = [
        ["1e", "2e", "3e"],
        ["4c", "5c", "12b"],
        ["7o", "6o", "1b"],
        ["3c", "2c", "11o"],
        ["12e", "11b", "10o"],
        ["7b", "6b", "5b"],
    ]
    body = ok(post(client, {"hands": hands, "mano": 5}))
    assert body["envido"] == [25, 29, 33, 25, 0, 33]
    assert body["order"] == [5, 0, 1, 2, 3, 4]
    assert (body["winner"], body["team"]) == (5, 1)  # 33 each: player 5 is mano


@pytest.mark.parametrize(
    ("body", "code", "parameter"),
    [
        ({"hands": [["7o", "6o", "3b"]], "values": [1, 2]}, "conflicting_parameters", "values"),
        ({"mano": 0}, "missing_parameter", "hands"),
        ({"hands": [["7o", "6o", "3b"], ["1e", "2e", "4c"]], "seat": 1}, "unknown_option", "seat"),
        ({"hands": "7o 6o 3b"}, "wrong_type", "hands"),
        ({"hands": ["7o 6o 3b", "1e 2e 4c"]}, "wrong_type", "hands[0]"),
        ({"hands": [["7o", 6, "3b"], ["1e", "2e", "4c"]]}, "wrong_type", "hands[0]"),
        ({"hands": [["7o", "6o", "3b"], ["1e", "2e", "4c"], ["1c", "2c", "4o"]]}, "wrong_count", "hands"),
        ({"hands": [["7o", "6o"], ["1e", "2e", "4c"]]}, "wrong_count", "hands"),
        ({"hands": [["7o", "6o", "3b"], ["7o", "2e", "4c"]]}, "duplicate_card", "hands"),
        ({"hands": [["7o", "6o", "8b"], ["1e", "2e", "4c"]]}, "unknown_rank", "hands"),
        ({"values": [15, 20]}, "bad_value", "values"),
        ({"values": [34, 20]}, "bad_value", "values"),
        ({"values": ["20", 20]}, "wrong_type", "values[0]"),
        ({"values": [True, 20]}, "wrong_type", "values[0]"),
        ({"values": [20.5, 20]}, "wrong_type", "values[0]"),
        ({"values": [20, 21], "mano": 0.5}, "wrong_type", "mano"),
        ({"values": [20]}, "wrong_count", "values"),
        ({"values": 20}, "wrong_type", "values"),
        ({"values": [20, 21], "mano": 2}, "bad_value", "mano"),
        ({"values": [20, 21], "mano": -1}, "bad_value", "mano"),
        ({"values": [20, 21], "mano": "0"}, "wrong_type", "mano"),
    ],
)
def test_showdown_errors(client, body, code, parameter):
    problem(post(client, body), 400, code, parameter)


def test_whole_numbers_written_with_a_decimal_point_are_whole_numbers(client):
    """20.0 is the integer 20 in JSON and in JSON Schema, which the OpenAPI document uses."""
    response = post(client, {"values": [20.0, 33], "mano": 1.0})
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.get_json()["envido"] == [20, 33] and response.get_json()["mano"] == 1


@pytest.mark.parametrize("raw", ["{", "", "[1, 2", "{'hands': 1}", "NaN-ish", "\xff\xfe"])
def test_showdown_body_that_is_not_json(client, raw):
    problem(post(client, raw), 400, "not_json")


def test_showdown_body_that_is_not_an_object(client):
    problem(post(client, [1, 2]), 400, "wrong_type", "body")


def test_deeply_nested_json_is_a_400(client):
    problem(post(client, "[" * 2000 + "]" * 2000), 400, "not_json")


def test_showdown_wants_json(client):
    problem(post(client, "hands=1", content_type="application/x-www-form-urlencoded"), 415, "unsupported_media_type")
    problem(post(client, '{"values": [1, 2]}', content_type="text/plain"), 415, "unsupported_media_type")


def test_oversized_body_is_413(client):
    problem(post(client, {"values": [20, 21], "padding": "x" * 5000}), 413, "payload_too_large")


def test_oversized_query_is_414(client):
    problem(show(client, "/envido?hand=" + "7o," * 400), 414, "uri_too_long")


def test_showdown_needs_no_csrf_token_and_sets_no_cookie(client):
    response = post(client, {"values": [20, 21]})
    assert response.status_code == 200
    assert "Set-Cookie" not in response.headers
    assert response.headers["Access-Control-Allow-Origin"] == "*"


# --- methods, paths, headers ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "path", "allow"),
    [
        ("post", "/envido?hand=7o,6o,3b", "GET, HEAD, OPTIONS"),
        ("delete", "/trick", "GET, HEAD, OPTIONS"),
        ("put", "/envido-stake", "GET, HEAD, OPTIONS"),
        ("patch", "/truco-stake", "GET, HEAD, OPTIONS"),
        ("post", "/hand", "GET, HEAD, OPTIONS"),
        ("get", "/showdown", "POST, OPTIONS"),
        ("post", "/openapi.json", "GET, HEAD, OPTIONS"),
    ],
)
def test_wrong_method_is_405_with_allow(client, method, path, allow):
    response = getattr(client, method)(API + path)
    problem(response, 405, "method_not_allowed")
    assert response.headers["Allow"] == allow


def test_options_lists_the_methods(client):
    assert client.options(f"{API}/showdown").headers["Allow"] == "POST, OPTIONS"
    assert client.options(f"{API}/envido").headers["Allow"] == "GET, HEAD, OPTIONS"


@pytest.mark.parametrize("path", ["/", "/nothing", "/envido/extra", "/v2/envido"])
def test_unknown_paths_are_404_problems(client, path):
    problem(client.get(API + path), 404, "not_found")


def test_head_answers_like_get_without_a_body(client):
    response = client.head(f"{API}/envido?hand=7o,6o,3b")
    assert response.status_code == 200 and response.get_data() == b""


# --- languages ----------------------------------------------------------------------------------


UNKNOWN_RANK = "“%(value)s” is not in the Spanish deck: the numbers are 1 to 7, 10, 11 and 12 (there are no 8s and 9s)."
REQUIRED = "The parameter “%(name)s” is required."
LADDER = (
    "The envido ladder goes Envido, Envido, Real envido, Falta envido: steps may be skipped but never taken backwards."
)
CALL_NOT_ALLOWED = "Call %(number)s is not allowed. %(reason)s"
BAD_OPTION = "“%(value)s” is not a valid value for “%(name)s”: use %(allowed)s."
TRICK_COUNT = (
    "A trick has 2, 4 or 6 cards, one per player (%(num)s was given).",
    "A trick has 2, 4 or 6 cards, one per player (%(num)s were given).",
)


def test_detail_is_english_by_default(client):
    body = problem(show(client, "/envido?hand=8o,6o,3b"), 400, "unknown_rank")
    assert body["detail"] == UNKNOWN_RANK % {"value": "8o"}
    assert problem(show(client, "/envido"), 400, "missing_parameter")["detail"] == REQUIRED % {"name": "hand"}
    ladder = problem(show(client, "/envido-stake?calls=real_envido,envido"), 400, "envido_ladder_backwards")
    assert ladder["detail"] == CALL_NOT_ALLOWED % {"number": 2, "reason": LADDER}


@pytest.fixture
def fake_catalogs(tmp_path, monkeypatch):
    """Small de and pl catalogs of our own, so the language choice is tested before translation."""
    entries = {
        "de": [
            (UNKNOWN_RANK, "DE %(value)s gibt es nicht."),
            (REQUIRED, "DE %(name)s fehlt."),
            (BAD_OPTION, "DE „%(value)s“ passt nicht zu „%(name)s“: %(allowed)s."),
            (
                TRICK_COUNT,
                (
                    "DE ein Stich hat 2, 4 oder 6 Karten (%(num)s Karte).",
                    "DE ein Stich hat 2, 4 oder 6 Karten (%(num)s Karten).",
                ),
            ),
        ],
        "pl": [(UNKNOWN_RANK, "PL %(value)s nie istnieje."), (REQUIRED, "PL brak %(name)s.")],
    }
    for lang, messages in entries.items():
        catalog = Catalog(locale=lang, domain="messages")
        for msgid, msgstr in messages:
            catalog.add(msgid, msgstr)
        folder = tmp_path / lang / "LC_MESSAGES"
        folder.mkdir(parents=True)
        with open(folder / "messages.po", "wb") as handle:
            write_po(handle, catalog)
    monkeypatch.setattr(i18n, "catalog_dir", lambda: tmp_path)
    i18n.load_translations.cache_clear()
    yield
    i18n.load_translations.cache_clear()


@pytest.mark.parametrize(
    ("accept", "lang", "expected"),
    [
        ("de-DE,de;q=0.9", "de", "DE 8o gibt es nicht."),
        ("pl", "pl", "PL 8o nie istnieje."),
        ("fr-FR, pl;q=0.5", "pl", "PL 8o nie istnieje."),
        ("fr", "en", UNKNOWN_RANK % {"value": "8o"}),
    ],
)
def test_detail_follows_accept_language(client, fake_catalogs, accept, lang, expected):
    response = show(client, "/envido?hand=8o,6o,3b", **{"Accept-Language": accept})
    assert problem(response, 400, "unknown_rank")["detail"] == expected
    assert response.headers["Content-Language"] == lang
    assert "Accept-Language" in response.headers["Vary"]


def test_codes_and_fields_do_not_change_with_the_language(client, fake_catalogs):
    english = show(client, "/envido").get_json()
    polish = show(client, "/envido", **{"Accept-Language": "pl"}).get_json()
    assert polish["detail"] == "PL brak hand."
    assert {k: v for k, v in english.items() if k != "detail"} == {k: v for k, v in polish.items() if k != "detail"}


def test_new_details_follow_accept_language(client, fake_catalogs):
    german = {"Accept-Language": "de"}
    option = problem(show(client, "/envido-stake?calls=envido&falta_mode=x", **german), 400, "bad_value", "falta_mode")
    assert option["detail"] == "DE „x“ passt nicht zu „falta_mode“: normal, wins_game oder to_15."
    trick = problem(show(client, "/trick?cards=3e,3b,4o", **german), 400, "wrong_count", "cards")
    assert trick["detail"] == "DE ein Stich hat 2, 4 oder 6 Karten (3 Karten)."
    english = problem(show(client, "/trick?cards=3e,3b,4o"), 400, "wrong_count", "cards")
    assert {k: v for k, v in english.items() if k != "detail"} == {k: v for k, v in trick.items() if k != "detail"}


def catalog_translation(lang: str, msgid: str) -> str:
    with open(ROOT / "translations" / lang / "LC_MESSAGES" / "messages.po", "rb") as handle:
        message = read_po(handle, locale=lang).get(msgid)
    return message.string if message is not None and not message.fuzzy else ""


@pytest.mark.parametrize("lang", ["de", "pl"])
def test_detail_is_translated_by_the_project_catalog(client, lang):
    """Fails until translations/<lang> has these messages (the translators' step)."""
    expected = catalog_translation(lang, UNKNOWN_RANK)
    assert expected, f"not translated into {lang} yet"
    body = problem(show(client, "/envido?hand=8o,6o,3b", **{"Accept-Language": lang}), 400, "unknown_rank")
    assert body["detail"] == expected % {"value": "8o"}
    reason = catalog_translation(lang, LADDER)
    wrapper = catalog_translation(lang, CALL_NOT_ALLOWED)
    assert reason and wrapper
    ladder = problem(
        show(client, "/envido-stake?calls=real_envido,envido", **{"Accept-Language": lang}),
        400,
        "envido_ladder_backwards",
    )
    assert ladder["detail"] == wrapper % {"number": 2, "reason": reason}
