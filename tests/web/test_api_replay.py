"""GET /api/v1/replay: a hand after its actions in every game, each example of the Catalan rules
(docs/rules/catalan.md §9.2.12) through the API, the illegal action's 400, and /hint and /bot-move on
Catalan hands.

The expectations are worked out from the rules text: who takes each trick, who takes the hand, what
it is worth and who acts next.
"""

from __future__ import annotations

import random
import re
from urllib.parse import urlencode

import pytest

from tests.web.test_api import problem
from tutor.engine import deal, find_variant, format_hand

# Four players: team A = seats 0 and 2, team B = seats 1 and 3; seat 0 is the mano, seat 3 deals.
FOUR = "catalan:players=4;mano=0;scores={scores};{deal};{actions}"
FOUR_DEAL = "3o,5e,6e|2e,5c,6c|3c,5o,6o|1b,5b,6b"


def replay(client, hand: str):
    return client.get(f"/api/v1/replay?{urlencode({'hand': hand})}")


def ok(client, hand: str) -> dict:
    response = replay(client, hand)
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()


def four(actions: str, deal: str = FOUR_DEAL, scores: str = "0-0") -> str:
    return FOUR.format(scores=scores, deal=deal, actions=actions)


def test_example_1_partners_equal_top_cards_take_the_trick_and_the_first_leads(client):
    body = ok(client, four("0:3o 1:2e 2:3c 3:1b"))
    assert body["variant"] == "catalan" and body["players"] == 4 and body["dealer"] == 3
    assert body["tricks"] == [
        {
            "cards": [
                {"seat": 0, "card": "3o"},
                {"seat": 1, "card": "2e"},
                {"seat": 2, "card": "3c"},
                {"seat": 3, "card": "1b"},
            ],
            "winner": 0,
        }
    ]
    assert body["over"] is False and body["winner"] is None and body["to_act"] == 0
    assert {"5e", "6e", "truc"} <= set(body["legal_actions"])


def test_example_2_top_cards_of_both_teams_are_a_tie_and_its_leader_leads_again(client):
    body = ok(client, four("0:3o 1:3e 2:3c 3:4b", deal="3o,5e,6e|3e,5c,6c|3c,5o,6o|4b,5b,6b"))
    assert [t["winner"] for t in body["tricks"]] == ["tie"] and body["to_act"] == 0


def test_example_3_three_ties_go_to_the_team_that_did_not_deal(client):
    body = ok(
        client,
        four(
            "0:3o 1:3e 2:5o 3:6b 0:2e 1:2c 2:5e 3:6e 0:7b 1:7c 2:4b 3:4c",
            deal="3o,2e,7b|3e,2c,7c|5o,5e,4b|6b,6e,4c",
        ),
    )
    assert [t["winner"] for t in body["tricks"]] == ["tie", "tie", "tie"]
    assert body["over"] and body["end"] == "tricks" and body["winner"] == 0  # B (seat 3) dealt
    assert body["points"] == [1, 0] and body["scores"] == [1, 0] and body["to_act"] is None


def test_example_3_two_ties_then_a_takes_the_third(client):
    body = ok(
        client,
        four(
            "0:3o 1:3e 2:5o 3:6b 0:2e 1:2c 2:5e 3:6e 0:1b 1:7c 2:4b 3:4c",
            deal="3o,2e,1b|3e,2c,7c|5o,5e,4b|6b,6e,4c",
        ),
    )
    assert [t["winner"] for t in body["tricks"]] == ["tie", "tie", 0] and body["winner"] == 0


def test_example_4_a_silent_card_accepts_the_truc_and_only_the_accepting_team_raises(client):
    body = ok(client, four("0:5e 1:truc 1:5c 2:5o"))  # seat 1 bets, plays; seat 2 plays without a word
    assert body["hand_value"] == 2 and body["to_act"] == 3
    assert "retruc" not in body["legal_actions"]  # B, the bettor's team, may not raise
    assert {"seat": 2, "action": "retruc"} in body["other_actions"]  # A's seat 2, just after its card
    refused = ok(client, four("0:5e 1:truc 1:5c 2:5o 2:retruc 3:no_quiero"))
    assert refused["over"] and refused["end"] == "truco_declined"
    assert refused["winner"] == 0 and refused["points"] == [2, 0]


def test_example_5_the_hand_of_11(client):
    played = ok(client, four("0:play11 0:3o 1:2e 2:3c 3:1b 0:5e 1:5c 2:5o 3:5b", scores="11-7"))
    assert played["hand_value"] == 3 and played["scores"] == [14, 7] and played["match_winner"] == 0
    lost = ok(client, "catalan;mano=0;scores=11-7;4e,5o,6b|3e,2c,1c;0:play11 0:4e 1:3e 1:2c 0:5o")
    assert lost["scores"] == [11, 10] and lost["winner"] == 1 and lost["match_winner"] is None
    refused = ok(client, four("0:run11", scores="11-7"))
    assert refused["over"] and refused["end"] == "eleven_refused"
    assert refused["scores"] == [11, 8] and refused["points"] == [0, 1] and refused["match_winner"] is None
    deciding = ok(client, four("", scores="11-7"))
    assert deciding["to_act"] == 0 and sorted(deciding["legal_actions"]) == ["play11", "run11"]


def test_example_6_the_knock_at_10_9_and_not_at_11_9(client):
    knocked = ok(client, four("2:knock", scores="10-9"))
    assert knocked["to_act"] == 3 and sorted(knocked["legal_actions"]) == ["deal1", "deal3"]
    one_card = ok(client, four("2:knock 3:deal1 0:3o 1:2e 2:3c 3:1b", scores="10-9"))
    assert one_card["over"] and len(one_card["tricks"]) == 1 and one_card["scores"] == [11, 9]
    start = ok(client, four("", scores="10-9"))
    assert {"seat": 2, "action": "knock"} in start["other_actions"]
    late = ok(client, four("", scores="11-9"))
    assert all(item["action"] != "knock" for item in late["other_actions"]) and "knock" not in late["legal_actions"]


def test_an_argentine_hand_with_envido_and_truco(client):
    # Seat 0's 33 beats seat 1's 5 (accepted envido: 2), its 7 of oros takes trick 1, seat 1 refuses the truco (1).
    body = ok(client, "argentino;mano=0;scores=0-0;7o,6o,3b|4c,5e,1b;0:envido 1:quiero 0:7o 1:4c 0:truco 1:no_quiero")
    assert body["variant"] == "argentino" and body["over"] and body["end"] == "truco_declined"
    assert body["tricks"] == [{"cards": [{"seat": 0, "card": "7o"}, {"seat": 1, "card": "4c"}], "winner": 0}]
    assert body["winner"] == 0 and body["points"] == [3, 0] and body["scores"] == [3, 0]


def test_an_argentine_envido_that_reaches_the_target_ends_the_match(client):
    body = ok(client, "argentino:target=15;mano=0;scores=13-0;7o,6o,3b|4c,5e,1b;0:envido 1:quiero")
    assert body["over"] and body["end"] == "match_won" and body["match_winner"] == 0 and body["scores"] == [15, 0]


def test_the_fixed_ruleset_replays_too(client):
    body = ok(client, "fixed;mano=1;scores=0-0;1e,7o,3b|4c,5c,6c;")
    assert body["variant"] == "fixed" and body["to_act"] == 1 and body["tricks"] == []


def test_a_mineiro_hand_marks_the_cards_played_face_down(client):
    # docs/rules/mineiro.md §9.3.4: the espadilha takes trick 1; two face-down cards tie trick 2, and a
    # tie after a won trick goes to the winner of the first (§9.3.5).
    body = ok(client, "mineiro;mano=0;scores=0-0;3e,2o,4b|1e,5c,6c;0:3e 1:1e 1:~5c 0:~2o")
    assert body["variant"] == "mineiro"
    assert body["tricks"] == [
        {"cards": [{"seat": 0, "card": "3e"}, {"seat": 1, "card": "1e"}], "winner": 1},
        {
            "cards": [{"seat": 1, "card": "5c", "face_down": True}, {"seat": 0, "card": "2o", "face_down": True}],
            "winner": "tie",
        },
    ]
    assert body["over"] is True and body["winner"] == 1 and body["points"] == [0, 1]
    under_way = ok(client, "mineiro;mano=0;scores=0-0;3e,2o,4b|1e,5c,6c;0:3e 1:1e 1:~5c")
    assert under_way["current_trick"] == [{"seat": 1, "card": "5c", "face_down": True}]
    assert set(under_way["legal_actions"]) == {"2o", "4b", "~2o", "~4b", "truco"}


def test_an_illegal_action_is_a_400_illegal_action_with_its_position(client):
    body = problem(
        replay(client, "catalan;mano=0;scores=0-0;3e,2o,4b|1e,5c,6c;0:4b 0:5c"), 400, "illegal_action", "hand"
    )
    assert body["position"] == 1 and body["reason"] == "not_your_turn"
    envido = problem(replay(client, "catalan;mano=0;scores=0-0;3e,2o,4b|1e,5c,6c;0:envido"), 400, "illegal_action")
    assert envido["position"] == 0
    mazo = problem(replay(client, four("0:3o 1:mazo")), 400, "illegal_action")
    assert mazo["position"] == 1 and mazo["reason"] == "mazo_not_in_rules"


@pytest.mark.parametrize(
    "hand,code",
    [
        ("catalan;mano=0;scores=0-0;3e,2o,4b|1e,5c,6c;0:maybe", "unknown_action"),
        ("catalan;mano=0;scores=0-0;3e,2o,4b|3e,5c,6c;", "duplicate_card"),
        ("paulista;mano=0;scores=0-0;3e,2o,4b|1e,5c,6c;", "unknown_option"),
        ("catalan:players=6;mano=0;scores=0-0;3e,2o,4b|1e,5c,6c;", "bad_value"),
    ],
)
def test_an_unreadable_hand_is_a_400_with_the_notations_reason(client, hand, code):
    problem(replay(client, hand), 400, code, "hand")


def test_the_answer_explains_the_refusal_in_the_requests_language(client):
    response = client.get(
        "/api/v1/replay?" + urlencode({"hand": "catalan;mano=0;scores=0-0;3e,2o,4b|1e,5c,6c;0:4b 0:5c"}),
        headers={"Accept-Language": "es"},
    )
    assert response.status_code == 400 and response.headers["Content-Language"] == "es"


def test_random_catalan_hands_replay_to_the_engines_state(client):
    rules = find_variant("catalan").rules(players=4)
    rng = random.Random(7)
    for _ in range(10):
        hand = rules.new_hand(deal(rng, 4, 0), 0, (rng.randrange(12), rng.randrange(12)))
        while not hand.is_over and rng.random() < 0.9:
            hand.apply(rng.choice(hand.legal_actions()))
        body = ok(client, format_hand(hand))
        assert body["over"] == hand.is_over and body["scores"] == list(hand.scores)
        assert body["to_act"] == hand.to_act and len(body["tricks"]) == len(hand.tricks)


def test_hint_and_bot_move_take_catalan_hands(client):
    hand = "catalan:players=4;mano=0;scores=11-7;3o,5e,6e|2e,5c,6c|3c,5o,6o|1b,5b,6b;"
    hint = client.get(f"/api/v1/hint?{urlencode({'hand': hand, 'seat': 0})}")
    assert hint.status_code == 200, hint.get_data(as_text=True)
    assert {a["action"] for a in hint.get_json()["actions"]} == {"play11", "run11"}
    for level in ("random", "beginner", "strong"):
        move = client.get(f"/api/v1/bot-move?{urlencode({'hand': hand, 'seat': 0, 'level': level})}")
        assert move.status_code == 200 and move.get_json()["action"] in ("play11", "run11")
    bet = "catalan;mano=0;scores=0-0;3e,2o,4b|1e,5c,6c;0:truc"
    answer = client.get(f"/api/v1/bot-move?{urlencode({'hand': bet, 'seat': 1, 'level': 'strong'})}").get_json()
    assert answer["action"] in ("quiero", "no_quiero", "retruc", "1e", "5c", "6c")


# --- One hand of each new game, worked out from the rules text (docs/rules) -----------------------


def test_a_catalan_hand_with_truc_and_retruc(client):
    # Catalan ranking 3 > 2 > 1 > 12 > 11 > 10 > 7 > 6 > 5 > 4 (§9.2.2). Seat 0 (mano) bets Truc before its card;
    # seat 1 accepts and raises to Retruc at once; seat 0 accepts: the hand is worth 3, nothing above it.
    hand = "catalan;mano=0;scores=4-5;3e,1o,4b|2e,12c,7b;0:truc 1:retruc"
    raised = ok(client, hand)
    # Seat 0 answers: accept, refuse, or play a card without a word, which accepts (§9.2.6); nothing above Retruc.
    assert raised["to_act"] == 0 and set(raised["legal_actions"]) == {"quiero", "no_quiero", "3e", "1o", "4b"}
    # 7b beats 4b (seat 1 leads trick 2), 1o beats 12c (seat 0 leads), 3e beats 2e: seat 0 takes two tricks.
    body = ok(client, hand + " 0:quiero 0:4b 1:7b 1:12c 0:1o 0:3e 1:2e")
    assert [t["winner"] for t in body["tricks"]] == [1, 0, 0]
    assert body["variant"] == "catalan" and body["hand_value"] == 3
    assert body["over"] and body["end"] == "tricks" and body["winner"] == 0
    assert body["points"] == [3, 0] and body["scores"] == [7, 5] and body["match_winner"] is None
    assert body["to_act"] is None and body["legal_actions"] == []
    # Refused, the Retruc gives its proposer the value before it: 2 (§9.2.6).
    refused = ok(client, hand + " 0:no_quiero")
    assert refused["over"] and refused["winner"] == 1 and refused["points"] == [0, 2] and refused["scores"] == [4, 7]


# Truco Mineiro, four players, seat 0 the mão (seat 3 deals). The mão's first three (4e,5o,6b) is burned, the
# first spare three (10e,10b,10o, three jacks) passed to his partner at seat 2 (whose own listed three then takes
# no part), the second (4b,2o,5c: the zap) kept; the third spare three is never given (§9.3.3, §9.3.13).
MINEIRO_DEAL = "4e,5o,6b|3c,2c,1c|6e,6o,6c|3b,12b,11o|10e,10b,10o|4b,2o,5c|12e,12o,12c"
MINEIRO = "mineiro:players=4;mano=0;scores={scores};" + MINEIRO_DEAL + ";{actions}"
MINEIRO_START = "0:burn 0:pass 0:keep"


def mineiro(actions: str, scores: str = "0-0") -> str:
    return MINEIRO.format(scores=scores, actions=f"{MINEIRO_START} {actions}".strip())


def test_a_mineiro_hand_burn_pass_keep_then_a_bet_on_the_trick(client):
    first = ok(client, MINEIRO.format(scores="0-0", actions=""))
    assert first["to_act"] == 0 and sorted(first["legal_actions"]) == ["burn", "keep", "pass"]
    passed = ok(client, MINEIRO.format(scores="0-0", actions="0:burn 0:pass"))
    assert sorted(passed["legal_actions"]) == ["burn", "keep"]  # one pass a hand
    start = ok(client, mineiro(""))
    assert start["variant"] == "mineiro" and start["dealer"] == 3 and start["to_act"] == 0
    # Trick 1: no face-down card yet; the mão may play one of the three he kept, or call truco.
    assert sorted(start["legal_actions"]) == ["2o", "4b", "5c", "truco"]
    # Trick 1: 2o, 3c, 10e, 12b: the 3 of copas is highest (a 3 over a 2, a K, a J): seat 1 takes it and leads.
    # Trick 2: seat 1 calls truco, seat 2 (the next opponent) answers seis, seat 3 accepts: 6 on this trick.
    bet = ok(client, mineiro("0:2o 1:3c 2:10e 3:12b 1:truco 2:seis"))
    assert bet["to_act"] == 3 and {"quiero", "no_quiero", "nove"} <= set(bet["legal_actions"])
    # Then 2c, a jack face down, 11o and the zap: seat 0's zap takes the trick the bet is on, so side A takes
    # the hand at 6 although it lost trick 1 (§9.3.7).
    body = ok(client, mineiro("0:2o 1:3c 2:10e 3:12b 1:truco 2:seis 3:quiero 1:2c 2:~10b 3:11o 0:4b"))
    assert [t["winner"] for t in body["tricks"]] == [1, 0]
    assert body["hand_value"] == 6 and body["over"] and body["winner"] == 0
    assert body["points"] == [6, 0] and body["scores"] == [6, 0] and body["match_winner"] is None
    assert body["to_act"] is None and body["legal_actions"] == []


def test_a_mineiro_run_from_seis_gives_the_callers_the_stake_before_it(client):
    body = ok(client, mineiro("0:2o 1:3c 2:10e 3:12b 1:truco 2:seis 3:no_quiero"))
    assert body["over"] and body["end"] == "truco_declined" and body["winner"] == 0  # seat 2 called seis
    assert body["points"] == [3, 0] and body["scores"] == [3, 0]  # running from 6 gives 3 (§9.3.6)


def test_a_mineiro_hand_of_three_ties_scores_nothing(client):
    # Two players and no spare three: nothing to keep or burn, the hand starts with the first card (§9.3.13).
    # 3 against 3, 2 against 2, K against K: three ties; the first tying card's player leads again (§9.3.4).
    body = ok(client, "mineiro;mano=0;scores=4-9;3e,2e,12e|3o,2o,12o;0:3e 1:3o 0:2e 1:2o 0:12e 1:12o")
    assert [t["winner"] for t in body["tricks"]] == ["tie", "tie", "tie"]
    assert body["over"] and body["end"] == "no_winner" and body["winner"] is None  # nobody scores (§9.3.5)
    assert body["points"] == [0, 0] and body["scores"] == [4, 9] and body["match_winner"] is None


def test_a_mineiro_truco_won_at_10_ends_the_match(client):
    # 10 + 1 < 12, so side A may still call truco; accepted in trick 1, that trick decides: the zap takes it.
    body = ok(client, "mineiro;mano=0;scores=10-4;4b,7c,1e|3o,2o,5c;0:truco 1:quiero 0:4b 1:3o")
    assert body["over"] and body["winner"] == 0 and body["points"] == [3, 0]
    assert body["scores"] == [13, 4] and body["match_winner"] == 0


def test_a_mineiro_mao_de_onze(client):
    # Side A (seats 0 and 2) on 11, side B not: no threes to choose, seat 0 decides for 3 or runs (§9.3.8).
    deal = "4b,2o,5c|3c,2c,1c|10e,10b,10o|3b,12b,11o"
    deciding = ok(client, f"mineiro:players=4;mano=0;scores=11-5;{deal};")
    assert deciding["to_act"] == 0 and sorted(deciding["legal_actions"]) == ["play11", "run11"]
    ran = ok(client, f"mineiro:players=4;mano=0;scores=11-5;{deal};0:run11")
    assert ran["over"] and ran["end"] == "eleven_refused" and ran["winner"] == 1
    assert ran["points"] == [0, 1] and ran["scores"] == [11, 6]
    played = ok(client, f"mineiro:players=4;mano=0;scores=11-5;{deal};0:play11")
    assert played["hand_value"] == 3 and "truco" not in played["legal_actions"]  # nobody bets in it
    assert sorted(played["legal_actions"]) == ["2o", "4b", "5c"]


def test_an_illegal_mineiro_action_is_a_400_with_its_index(client):
    # A face-down card in the first trick (§9.3.4): the fifth action of the log, index 4.
    body = problem(replay(client, mineiro("0:2o 1:~3c")), 400, "illegal_action", "hand")
    assert body["position"] == 4
    # No truco in a mão de onze: the second action, index 1.
    onze = "mineiro:players=4;mano=0;scores=11-5;4b,2o,5c|3c,2c,1c|10e,10b,10o|3b,12b,11o;0:play11 0:truco"
    assert problem(replay(client, onze), 400, "illegal_action")["position"] == 1


def test_a_pica_pica_round_that_ends_the_match_in_its_first_duel(client):
    # Six players to 15, scores 9-0: in the pica-pica range (5 <= 9 < 10). Mano 0: seat 0 plays seat 3 first.
    # Seat 0 (7o 6o: 33) calls the falta envido, worth the 6 the leader needs (counted from the team scores);
    # seat 3 (5 at best) accepts and loses it: team 0 reaches 15 inside the first duel and wins at once (§7.4).
    deal = "7o,6o,3b|1e,2e,3e|1b,2b,3o|4c,5e,12b|10o,11o,12o|4e,5c,6b"
    hand = f"argentino:players=6:pica=1:target=15;mano=0,pica;scores=9-0;{deal};0:falta_envido 3:quiero"
    body = ok(client, hand)
    assert body["players"] == 6 and body["over"] and body["match_winner"] == 0
    assert body["scores"] == [15, 0] and body["points"] == [6, 0]
    assert [d["seats"] for d in body["duels"]] == [[0, 3]]  # the two other duels are not played
    assert body["duels"][0]["points"] == [6, 0] and body["duels"][0]["winner"] == 0
    assert body["to_act"] is None and body["legal_actions"] == []
    # Before the answer, seat 3 (the duel's other player) is to act, with the duel's own answers.
    asked = ok(client, hand.removesuffix(" 3:quiero"))
    assert asked["to_act"] == 3 and {"quiero", "no_quiero"} <= set(asked["legal_actions"])
    # An action by a seat of a later duel is refused with its index.
    early = problem(replay(client, hand.removesuffix(" 3:quiero") + " 1:quiero"), 400, "illegal_action")
    assert early["position"] == 1


def test_the_document_names_every_game_and_action_of_the_notation_with_examples(client):
    from tests.web.test_openapi import schema_validator

    document = client.get("/api/v1/openapi.json").get_json()
    operation = document["paths"]["/replay"]["get"]
    (parameter,) = operation["parameters"]
    text = parameter["description"] + operation["description"]
    for word in ("catalan", "mineiro", "argentino:players=6:pica=1", "truc", "retruc", "truco", "seis", "nove",
                 "doze", "quiero", "no_quiero", "~<card>", "play11", "run11", "knock", "deal1", "deal3", "keep",
                 "pass", "burn", "illegal_action", "position", '"tie"', "match_winner", "legal_actions"):  # fmt: skip
        assert re.search(rf"`{re.escape(word)}[`;]", text) or word in text.split(), word
    schema = schema_validator(document, operation["responses"]["200"]["content"]["application/json"]["schema"]["$ref"])
    examples = parameter["examples"]
    assert {"valid", "invalid", "pica_pica", "mineiro"} <= set(examples)
    for name in ("valid", "pica_pica", "mineiro"):
        body = ok(client, examples[name]["value"])
        schema.validate(body)
        assert body["over"], name  # each example is a whole hand
    assert ok(client, examples["mineiro"]["value"])["variant"] == "mineiro"
    assert problem(replay(client, examples["invalid"]["value"]), 400, "illegal_action")["position"] == 0
