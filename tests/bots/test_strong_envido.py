"""The strong bot's and the hint's envido decisions, on deals where a teacher knows the answer:
the envido part is estimated on many sampled deals against an opponent who sees only its own
count, and the reasons give the estimated chance of winning the showdown."""

from __future__ import annotations

import random

import pytest

from tutor.bots import Level, ReasonCode, choose, hint
from tutor.bots.certainty import envido_certainty
from tutor.bots.strong import ENVIDO_DEALS, evaluate
from tutor.engine import Answer, Call, EnvidoCall, HandState, MatchState, Rules
from tutor.engine.envido import envido_points
from tutor.narration.bots import REASON_SENTENCES

from .test_beginner import play

FALTA = EnvidoCall.FALTA_ENVIDO


def ranking(found) -> list[str]:
    return [str(item.action) for item in found.ranked]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_seven_as_mano_at_love_all_is_no_falta_envido(seed):
    view = HandState(Rules(target=15), deal=["1e 7o 3b", "4c 5c 6c"], mano=0).view_for(0)
    assert view.envido == 7
    found = hint(view, seed=seed)
    order = ranking(found)
    assert order[0] != "0:falta_envido"
    falta = next(item for item in found.ranked if str(item.action) == "0:falta_envido")
    # Accepted, a Falta envido with 7 loses the match far more often than not.
    assert falta.envido_wins is not None and falta.envido_wins < 0.5
    assert falta.expected_points < 0
    assert found.reason.code is not ReasonCode.ENVIDO_BLUFF or found.best != Call(0, FALTA)


def test_five_as_mano_is_not_a_falta_envido_bluff():
    view = HandState(Rules(target=15), deal=["3b 5c 4o", "4e 6o 12c"], mano=0).view_for(0)
    assert view.envido == 5
    found = hint(view, seed=4)
    assert found.best != Call(0, FALTA)
    assert ranking(found).index("0:falta_envido") > ranking(found).index("0:envido")


@pytest.mark.parametrize("seed", [5, 6])
def test_thirty_three_as_mano_ranks_an_envido_call_above_every_card(seed):
    view = HandState(Rules(), deal=["7c 6c 4e", "4o 5b 12e"], mano=0).view_for(0)
    assert view.envido == 33
    found = hint(view, seed=seed)
    values = {str(item.action): item for item in found.ranked}
    best_call = max(values[name].expected_points for name in ("0:envido", "0:real_envido", "0:falta_envido"))
    assert best_call > max(values[name].expected_points for name in ("0:7c", "0:6c", "0:4e"))
    # 33 as mano cannot lose the showdown: certain from the view, so "10 of 10" (not from the sample).
    assert values["0:envido"].envido_wins == 1.0
    assert found.reason.code is ReasonCode.ENVIDO_CALL_ODDS
    assert found.reason["count"] == 33 and found.reason["wins"] == 10


def test_facing_a_falta_envido_with_five_at_love_all_it_declines():
    hand = play(HandState(Rules(target=15), deal=["4e 6o 12c", "3b 5c 4o"], mano=0), "0:falta_envido")
    view = hand.view_for(1)
    assert view.envido == 5
    found = hint(view, seed=7)
    assert found.best == Answer(1, False)
    assert found.reason.code is ReasonCode.ENVIDO_DECLINE_ODDS
    assert found.reason["wins"] <= 2
    decision = choose(view, Level.STRONG, random.Random(7))
    assert decision.action == Answer(1, False)


@pytest.mark.parametrize("count_hand", ["1e 7o 3b", "3b 5c 4e"])
def test_facing_a_falta_envido_when_declining_loses_the_match_it_accepts(count_hand):
    # 14-10 down to 15: No quiero gives the other team its 15th point.
    hand = play(HandState(Rules(target=15), deal=["4o 5b 12e", count_hand], mano=0, scores=(14, 10)), "0:falta_envido")
    view = hand.view_for(1)
    assert view.envido < 10
    found = hint(view, seed=8)
    assert found.best == Answer(1, True)
    assert found.reason.code is ReasonCode.ENVIDO_ACCEPT_FORCED
    assert choose(view, Level.STRONG, random.Random(8)).action == Answer(1, True)


def test_facing_a_real_envido_with_seven_it_neither_raises_to_falta_nor_says_it_should_win():
    hand = play(HandState(Rules(target=15), deal=["4o 5b 12e", "1e 7o 3b"], mano=0), "0:real_envido")
    found = hint(hand.view_for(1), seed=9)
    assert found.best == Answer(1, False)
    assert [str(r.action) for r in found.ranked if not r.held_back][-1] == "1:falta_envido"


def test_an_envido_with_two_is_never_accepted_as_a_count_that_should_win():
    # A Falta envido at 0-0 (decline costs 1) with a count of 2: declined, and the reason says
    # how rarely it wins.
    hand = play(HandState(Rules(target=15), deal=["4o 5b 12e", "2e 11o 10c"], mano=0), "0:falta_envido")
    view = hand.view_for(1)
    assert view.envido == 2
    found = hint(view, seed=10)
    assert found.best == Answer(1, False)
    assert found.reason.code is not ReasonCode.ACCEPT_ENVIDO_COUNT


def test_the_strong_bot_never_calls_falta_envido_under_27_at_love_all():
    calls = checked = 0
    for index in range(60):
        for players in (2, 4):
            match = MatchState(Rules(target=15, players=players), seed=f"falta:{index}:{players}", mano=index % players)
            hand = match.hand
            seat = hand.to_act
            view = hand.view_for(seat)
            if not any(a == Call(seat, FALTA) for a in view.legal_actions):
                continue
            checked += 1
            decision = choose(view, Level.STRONG, random.Random(index), budget=32)
            if decision.action == Call(seat, FALTA):
                calls += 1
                assert envido_points(view.dealt) >= 27, (index, players, view.dealt)
    assert checked >= 60, checked  # the Falta envido was open in every 2-player position at least


def test_the_envido_part_uses_many_more_deals_than_the_rollouts():
    view = HandState(Rules(target=15), deal=["1e 7o 3b", "4c 5c 6c"], mano=0).view_for(0)
    ranked = evaluate(view, random.Random(1))
    calls = [item for item in ranked if isinstance(getattr(item.action, "call", None), EnvidoCall)]
    assert calls and all(item.envido_deals == ENVIDO_DEALS >= 200 for item in calls)
    cards = [item for item in ranked if item.envido_wins is None]
    assert all(item.rollouts < ENVIDO_DEALS for item in cards)


def test_a_bluff_is_said_only_of_a_call_that_rarely_wins_and_is_mostly_declined():
    seen = explained = 0
    for index in range(40):
        match = MatchState(Rules(target=30), seed=f"bluff:{index}", mano=0)
        view = match.hand.view_for(match.hand.to_act)
        found = hint(view, seed=index, budget=32)
        best = found.ranked[0]
        if found.reason.code is ReasonCode.ENVIDO_BLUFF:
            seen += 1
            assert best.envido_wins < 0.4 and best.envido_folds >= 0.5
        if found.reason.code in (ReasonCode.ENVIDO_CALL_ODDS, ReasonCode.ENVIDO_ACCEPT_ODDS):
            explained += 1
            certain = envido_certainty(view)
            expected = (10 if certain else 0) if certain is not None else max(1, min(9, round(best.envido_wins * 10)))
            assert found.reason["wins"] == expected
        if found.reason.code is ReasonCode.MAZO_SAVE_POINTS:
            assert best.expected_points <= -1
    assert explained + seen >= 1, "no envido call was best in 40 opening positions"


def test_every_new_envido_reason_has_a_sentence():
    for code in (
        ReasonCode.ENVIDO_CALL_ODDS,
        ReasonCode.ENVIDO_RAISE_ODDS,
        ReasonCode.ENVIDO_BLUFF,
        ReasonCode.ENVIDO_ACCEPT_ODDS,
        ReasonCode.ENVIDO_DECLINE_ODDS,
        ReasonCode.ENVIDO_ACCEPT_FORCED,
    ):
        params = {"count": 7, "wins": 3, "of": 10, "folds": 6, "call": "Falta envido"}
        text = REASON_SENTENCES[code](params)
        assert "7" in text and "Falta envido" in text
