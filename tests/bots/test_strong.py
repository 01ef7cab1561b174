"""The strong bot and the hint: exact values where the rest of the hand is certain, the right call
in clear spots, reasons as data, señas used, and a small seeded comparison with the beginner."""

from __future__ import annotations

import random

from tutor.bots import Level, ReasonCode, choose, hint, sena_facts, senas
from tutor.bots.strong import evaluate
from tutor.engine import Answer, Call, Card, HandState, MatchState, Mazo, PlayCard, Rules, TrucoCall

from .test_beginner import play


def by_action(found) -> dict[str, float]:
    return {str(item.action): item.expected_points for item in found.ranked}


def test_exact_values_when_the_rest_is_certain():
    # One trick each; seat 0 leads the third, calls truco, and it is accepted: its 1 of espadas takes
    # the last trick whatever seat 1 holds (+2), the mazo gives the accepted truco away (-2).
    hand = play(HandState(Rules(), deal=["4c 1e 3o", "5e 6o 2b"], mano=0), "0:4c", "1:5e", "1:6o", "0:3o")
    assert hand.trick_winners == (1, 0) and hand.to_act == 0
    play(hand, "0:truco", "1:quiero")
    found = hint(hand.view_for(0), seed=1, budget=40)
    assert by_action(found) == {"0:1e": 2.0, "0:mazo": -2.0}
    assert found.best == PlayCard(0, Card.parse("1e"))
    assert found.reason.code is ReasonCode.WIN_RATE_TRICK
    assert found.reason.as_dict() == {"card": "1e", "wins": 10, "of": 10}


def test_the_card_that_takes_the_trick_is_preferred_and_explained_with_a_win_rate():
    # Seat 1 answers the 12 of copas in trick 1 holding 1e, 4o, 5b: it may take it only with the 1e.
    hand = play(HandState(Rules(), deal=["12c 11o 10b", "1e 4o 5b"], mano=0), "0:12c")
    found = hint(hand.view_for(1), seed=3, budget=48)
    ranked = [str(r.action) for r in found.ranked]
    assert ranked.index("1:1e") < ranked.index("1:4o") and ranked.index("1:1e") < ranked.index("1:mazo")
    card = next(r for r in found.ranked if str(r.action) == "1:1e")
    assert card.trick_rate == 1.0
    low = next(r for r in found.ranked if str(r.action) == "1:4o")
    assert low.trick_rate == 0.0


def test_declines_a_truco_with_nothing_and_accepts_with_the_best_cards():
    # With nothing, never quiero or retruco (an envido first, as a bluff, may pay against the beginner).
    weak = play(HandState(Rules(), deal=["1e 1b 7e", "4c 5e 6o"], mano=0), "0:truco")
    decision = choose(weak.view_for(1), Level.STRONG, random.Random(2))
    assert decision.action not in (Answer(1, True), Call(1, TrucoCall.RETRUCO))
    if type(decision.action) is Call:
        assert decision.reason.code is ReasonCode.BLUFF
    values = by_action(hint(weak.view_for(1), seed=2))
    assert values["1:no_quiero"] == -1.0 and values["1:mazo"] == -1.0
    assert values["1:quiero"] < -1.0 and values["1:retruco"] < -1.0
    # With the two best cards it never declines (it may also call its envido of 28 first).
    strong = play(HandState(Rules(), deal=["4c 5e 6o", "1e 1b 7e"], mano=0), "0:truco")
    decision = choose(strong.view_for(1), Level.STRONG, random.Random(2))
    assert decision.action not in (Answer(1, False), Mazo(1))
    values = by_action(hint(strong.view_for(1), seed=2))
    assert values["1:quiero"] > 0 and values["1:retruco"] > 0 and values["1:no_quiero"] == -1.0


def test_an_envido_with_33_is_worth_calling_and_accepting():
    view = HandState(Rules(), deal=["7c 6c 4e", "4o 5b 12e"], mano=0).view_for(0)
    values = by_action(hint(view, seed=5))
    assert max(values["0:envido"], values["0:real_envido"]) > max(values["0:7c"], values["0:6c"], values["0:4e"])
    hand = play(HandState(Rules(), deal=["4o 5b 12e", "7c 6c 4e"], mano=0), "0:envido")
    decision = choose(hand.view_for(1), Level.STRONG, random.Random(5))
    assert decision.action != Answer(1, False)
    assert decision.reason.code in (ReasonCode.ENVIDO_ACCEPT_ODDS, ReasonCode.ENVIDO_RAISE_ODDS)
    assert decision.reason["count"] == 33 and decision.reason["wins"] >= 8


def test_a_noticed_sena_changes_the_evaluation():
    # 4 players. Seat 1 takes trick 1 with a rey, seat 2 trick 2 with a 2; seat 2 leads the third
    # with its 3 of bastos. Seat 1 had shown the 1 of espadas and seat 2 noticed: the 1 of espadas
    # is seat 1's last card, so the 3 loses the last trick.
    deal = ["4c 5o 6e", "12c 4e 1e", "5b 2o 3b", "6c 4o 12e"]
    hand = HandState(Rules(players=4), deal=deal, mano=0)
    shown = senas(hand.view_for(1))
    assert [s.value for s in shown] == ["ancho_espada"]
    play(hand, "0:4c", "1:12c", "2:5b", "3:6c", "1:4e", "2:2o", "3:4o", "0:5o")
    assert hand.trick_winners == (1, 2) and hand.to_act == 2
    view = hand.view_for(2)
    blind = {str(r.action): r for r in evaluate(view, random.Random(1), 60)}
    seen = {str(r.action): r for r in evaluate(view, random.Random(1), 60, sena_facts(1, shown))}
    # Only a call the other team declines could still take the hand.
    assert seen["2:3b"].hand_rate <= blind["2:3b"].hand_rate
    assert seen["2:3b"].expected_points < blind["2:3b"].expected_points


def test_strong_scores_more_than_the_beginner_over_sixty_hands():
    """A small seeded comparison (the win rates over whole matches are in bench/bots_bench.py)."""
    totals = [0, 0]
    rng = random.Random(2024)
    for index in range(60):
        levels = (Level.STRONG, Level.BEGINNER) if index % 4 < 2 else (Level.BEGINNER, Level.STRONG)
        strong_team = 0 if levels[0] is Level.STRONG else 1
        match = MatchState(Rules(target=30), seed=f"test:{index}", mano=index % 2)
        hand = match.hand
        while not hand.is_over:
            view = hand.view_for(hand.to_act)
            hand.apply(choose(view, levels[hand.to_act & 1], rng, budget=48).action)
        totals[0] += hand.points[strong_team]
        totals[1] += hand.points[1 - strong_team]
    assert totals[0] > totals[1] * 1.2, totals
