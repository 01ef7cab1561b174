"""Pica-pica over the API (docs/rules/argentine.md §7.4): the hint, the computer's move and the replay
read a round written `argentino:players=6:pica=1;mano=M,pica;...`, and the OpenAPI document's named
`pica_pica` examples are answered."""

from __future__ import annotations

from urllib.parse import urlencode

from tests.web.test_openapi import schema_validator
from tutor.engine.notation import parse_hand
from tutor.web.api.bots import PICA_DEAL, PICA_HAND
from tutor.web.api.replay import PICA_REPLAY

# seat 2 holds 7e, 6o, 5o and leads the second duel (against seat 5) once seat 1 has gone to the mazo
SEAT_2_CARDS = {"7e", "6o", "5o"}


def get(client, path: str, **params: str):
    return client.get(f"/api/v1{path}?{urlencode(params)}")


def test_the_short_and_the_written_forms_of_the_rules_are_the_same_round():
    short = parse_hand(PICA_HAND).state()
    written = parse_hand(PICA_HAND.replace("players=6:pica=1", "players=6,pica_pica=yes")).state()
    assert short.rules == written.rules and short.rules.pica_pica and short.rules.players == 6
    assert short.to_act == written.to_act == 2


def test_the_hint_ranks_the_duellists_actions(client):
    response = get(client, "/hint", hand=PICA_HAND, seat="2", seed="3")
    assert response.status_code == 200, response.get_data(as_text=True)
    body = response.get_json()
    actions = {item["action"] for item in body["actions"]}
    assert body["seat"] == 2 and body["best"] in actions
    assert actions >= SEAT_2_CARDS and "truco" in actions and "mazo" in actions
    assert actions <= SEAT_2_CARDS | {"envido", "real_envido", "falta_envido", "truco", "mazo"}


def test_a_seat_of_another_duel_is_not_to_act(client):
    response = get(client, "/hint", hand=PICA_HAND, seat="0")  # seat 0 plays the third duel
    assert response.status_code == 409 and response.get_json()["code"] == "not_your_turn"


def test_every_level_moves_for_the_duellist(client):
    for level in ("random", "beginner", "strong"):
        response = get(client, "/bot-move", hand=PICA_HAND, seat="2", level=level, seed="5")
        assert response.status_code == 200, (level, response.get_data(as_text=True))
        action = response.get_json()["action"]
        assert action in SEAT_2_CARDS | {"envido", "real_envido", "falta_envido", "truco", "mazo"}, level


def test_the_replay_tells_each_duel(client):
    response = get(client, "/replay", hand=PICA_REPLAY)
    assert response.status_code == 200, response.get_data(as_text=True)
    body = response.get_json()
    assert body["players"] == 6 and body["over"] and body["winner"] is None
    # Seat 1 (team 1) folds against seat 4: 1 point to team 0. Seat 2 takes the first trick with the 7 of
    # swords, seat 5 the next two (11e over 6o, 10e over 5o): 1 to team 1. Seat 0 beats seat 3 twice (1e
    # over 2e, 7o over 2o): 1 to team 0.
    assert [d["seats"] for d in body["duels"]] == [[1, 4], [2, 5], [3, 0]]
    assert [d["end"] for d in body["duels"]] == ["mazo", "tricks", "tricks"]
    assert [d["winner"] for d in body["duels"]] == [0, 1, 0]
    assert [d["points"] for d in body["duels"]] == [[1, 0], [0, 1], [1, 0]]
    assert body["points"] == [2, 1] and body["scores"] == [7, 1]
    second = body["duels"][1]["tricks"]
    assert [t["winner"] for t in second] == [2, 5, 5]
    assert second[0]["cards"] == [{"seat": 2, "card": "7e"}, {"seat": 5, "card": "12e"}]
    assert body["duels"][0]["tricks"] == []


def test_a_redonda_has_no_duels(client):
    redonda = PICA_REPLAY.replace("mano=1,pica", "mano=1").split(";")
    response = get(client, "/replay", hand=";".join([*redonda[:4], "1:mazo"]))
    assert response.status_code == 200, response.get_data(as_text=True)
    assert "duels" not in response.get_json()


def test_the_documents_pica_pica_examples_are_answered(client):
    document = client.get("/api/v1/openapi.json").get_json()
    named = 0
    for path in ("/hint", "/bot-move", "/replay"):
        operation = document["paths"][path]["get"]
        params = {}
        for parameter in operation["parameters"]:
            examples = parameter["examples"]
            params[parameter["name"]] = examples.get("pica_pica", examples["valid"])["value"]
            named += "pica_pica" in examples
        assert PICA_DEAL in params["hand"]
        response = get(client, path, **params)
        assert response.status_code == 200, (path, response.get_data(as_text=True))
        schema = operation["responses"]["200"]["content"]["application/json"]["schema"]
        schema_validator(document, schema["$ref"]).validate(response.get_json())
    assert named == 5  # the hand of the three, the seat of the hint and of the move
