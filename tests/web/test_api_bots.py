"""GET /api/v1/hint and /api/v1/bot-move: legal answers, view-only hints, 409s, translated reasons."""

from __future__ import annotations

import random
from urllib.parse import urlencode

import pytest

from tutor.engine import HandState, Rules, deal, format_hand, parse_action

LEVELS = ("random", "beginner", "strong")


def random_position(seed: int, players: int = 2) -> HandState:
    rng = random.Random(seed)
    hand = HandState(Rules(players=players), deal(rng, players), mano=rng.randrange(players))
    for _ in range(rng.randrange(6)):
        if hand.is_over:
            break
        hand.apply(rng.choice(hand.legal_actions()))
    return hand


def positions(count: int):
    for seed in range(200):
        hand = random_position(seed, players=(2, 4, 6)[seed % 3])
        if not hand.is_over:
            yield hand
            count -= 1
            if not count:
                return


def get(client, path, **params):
    return client.get(f"/api/v1/{path}?{urlencode(params)}")


@pytest.mark.parametrize("level", LEVELS)
def test_bot_move_is_always_a_legal_action_of_the_seat(client, level):
    for hand in positions(8 if level == "strong" else 20):
        seat = hand.to_act
        response = get(client, "bot-move", hand=format_hand(hand), seat=seat, level=level, seed=3)
        assert response.status_code == 200, response.get_json()
        body = response.get_json()
        assert parse_action(f"{seat}:{body['action']}") in hand.legal_actions()
        assert body["reason"]["code"] and body["reason"]["detail"]


def test_hint_ranks_every_legal_action_best_first(client):
    for hand in positions(6):
        seat = hand.to_act
        body = get(client, "hint", hand=format_hand(hand), seat=seat, seed=5).get_json()
        legal = sorted(str(a).split(":", 1)[1] for a in hand.legal_actions())
        assert sorted(a["action"] for a in body["actions"]) == legal
        # Ranked for the match (tests/bots/test_choose.py checks the order), each with expected points.
        assert all(isinstance(a["expected_points"], (int, float)) for a in body["actions"])
        assert body["best"] == body["actions"][0]["action"] and body["seat"] == seat


def _swap_hidden(hand: HandState, seat: int, rng: random.Random) -> HandState:
    """The same position with other unseen cards in the other seats' hands (the seat cannot tell)."""
    seen = set(hand.deal[seat]) | {c for trick in hand.tricks for _, c in trick} | {c for _, c in hand.current_trick}
    from tutor.engine.cards import DECK

    pool = [c for c in DECK if c not in seen and all(c not in d for d in hand.deal)]
    new_deal = []
    for other, cards in enumerate(hand.deal):
        played = {c for trick in hand.tricks for s, c in trick if s == other} | {
            c for s, c in hand.current_trick if s == other
        }
        if other == seat:
            new_deal.append(cards)
            continue
        kept = [c for c in cards if c in played]
        fresh = rng.sample(pool, 3 - len(kept))
        pool = [c for c in pool if c not in fresh]
        new_deal.append(tuple(kept + fresh))
    other_hand = HandState(hand.rules, new_deal, hand.mano, hand.start_scores)
    for action in hand.actions:
        other_hand.apply(action)
    return other_hand


def test_a_hint_depends_only_on_what_the_seat_may_know(client):
    rng = random.Random(9)
    checked = 0
    for seed in range(100):
        hand = HandState(Rules(), deal(random.Random(seed), 2), mano=0)
        hand.apply(hand.legal_actions()[0])  # mano plays a card: no envido was sung, nothing is revealed
        seat = hand.to_act
        try:
            twin = _swap_hidden(hand, seat, rng)
        except Exception:
            continue
        assert twin.view_for(seat).hand == hand.view_for(seat).hand
        a = get(client, "hint", hand=format_hand(hand), seat=seat, seed=11).get_json()
        b = get(client, "hint", hand=format_hand(twin), seat=seat, seed=11).get_json()
        assert a == b
        checked += 1
        if checked == 5:
            break
    assert checked == 5


def test_over_and_wrong_seat_are_409_problems(client):
    hand = HandState(Rules(), deal(1, 2), mano=0)
    text = format_hand(hand)
    wrong = get(client, "hint", hand=text, seat=1)
    assert wrong.status_code == 409 and wrong.get_json()["code"] == "not_your_turn"
    hand.apply(parse_action("0:mazo"))
    over = get(client, "bot-move", hand=format_hand(hand), seat=0)
    assert over.status_code == 409 and over.get_json()["code"] == "hand_over"
    assert over.mimetype == "application/problem+json"


@pytest.mark.parametrize(
    "params,code",
    [
        ({"seat": "0"}, "missing_parameter"),
        ({"hand": "argentino;mano=0;scores=0-0;1e,7o,8b|4c,5c,6c;", "seat": "0"}, "unknown_rank"),
        ({"hand": "argentino;mano=0;scores=0-0;1e,7o,3b|4c,5c,6c;1:mazo", "seat": "0"}, "not_your_turn"),
        ({"hand": "argentino;mano=0;scores=0-0;1e,7o,3b|4c,5c,6c;", "seat": "x"}, "bad_value"),
        ({"hand": "argentino;mano=0;scores=0-0;1e,7o,3b|4c,5c,6c;", "seat": "0", "seed": "-1"}, "bad_value"),
        ({"hand": "argentino;mano=0;scores=0-0;1e,7o,3b|4c,5c,6c;", "seat": "0", "level": "genius"}, "unknown_option"),
    ],
)
def test_bad_input_is_a_400_problem_with_a_code(client, params, code):
    response = get(client, "bot-move", **params)
    assert response.status_code == 400
    assert response.get_json()["code"] == code


def test_reasons_are_told_in_the_accept_language(client):
    text = "argentino;mano=0;scores=0-0;1e,7o,3b|4c,5c,6c;0:envido"
    english = client.get(f"/api/v1/bot-move?{urlencode({'hand': text, 'seat': 1})}", headers={"Accept-Language": "en"})
    spanish = client.get(f"/api/v1/bot-move?{urlencode({'hand': text, 'seat': 1})}", headers={"Accept-Language": "es"})
    assert english.get_json()["reason"]["code"] == spanish.get_json()["reason"]["code"]
    assert english.get_json()["reason"]["detail"] != spanish.get_json()["reason"]["detail"]
    assert spanish.headers["Content-Language"] == "es"
