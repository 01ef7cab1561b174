"""What calls are worth: envido ladders, falta envido, truco, mazo and flor (docs/rules §4-§8)."""

from __future__ import annotations

from itertools import product

import pytest
from hypothesis import given, strategies as st

from tutor.engine.errors import IllegalActionError, InvalidNotationError, NotationReason, Reason
from tutor.engine.stakes import (
    EnvidoCall,
    FaltaMode,
    FlorCall,
    StakeRule,
    TrucoCall,
    can_follow,
    check_envido_ladder,
    envido_stake,
    falta_value,
    falta_wins_game,
    flor_stake,
    hand_value,
    in_malas,
    malas_limit,
    mazo_award,
    next_envido_calls,
    next_flor_calls,
    next_truco_call,
    simple_flor_points,
    truco_stake,
)

E, R, F = "envido", "real_envido", "falta_envido"
SHORT = {"E": E, "R": R, "F": F}

# docs/rules §4.2.3: the ladder Envido, Envido, Real envido, Falta envido; steps may be skipped.
# Every legal ladder, written out by hand.
LEGAL = ["E", "EE", "R", "F", "ER", "EF", "EER", "EEF", "RF", "ERF", "EERF"]
SCORES = [(0, 0), (12, 20), (20, 12), (22, 5), (14, 14), (29, 0), (15, 15), (0, 29), (28, 27)]


def calls(short: str) -> list[str]:
    return [SHORT[c] for c in short]


def expected_accepted(short: str, scores) -> int:
    if "F" in short:
        return 30 - max(scores)  # the falta alone: what the leader needs to reach 30
    return 2 * short.count("E") + 3 * short.count("R")


def expected_declined(short: str) -> int:
    if len(short) == 1:
        return 1
    before = short[:-1]
    return 2 * before.count("E") + 3 * before.count("R")


def test_there_are_eleven_legal_ladders():
    ladder = "EERF"
    from_subsets = {"".join(ladder[i] for i in range(4) if mask >> i & 1) for mask in range(1, 16)}
    assert from_subsets == set(LEGAL)


@pytest.mark.parametrize("scores", SCORES)
@pytest.mark.parametrize("short", LEGAL)
def test_every_legal_ladder_accepted_and_declined(short, scores):
    check_envido_ladder(calls(short))
    stake = envido_stake(calls(short), scores=scores)
    assert stake.accepted == expected_accepted(short, scores)
    assert stake.declined == expected_declined(short)
    assert stake.calls == tuple(EnvidoCall(c) for c in calls(short))
    assert not stake.wins_game
    assert stake.accepted_for(0) == stake.accepted_for(1) == stake.accepted
    assert stake.accepted_rule is (StakeRule.ACCEPTED_FALTA if "F" in short else StakeRule.ACCEPTED_SUM)
    assert stake.declined_rule is (StakeRule.DECLINED_SINGLE if len(short) == 1 else StakeRule.DECLINED_RAISE)


@pytest.mark.parametrize(
    ("short", "declined"),
    [("ER", 2), ("EE", 2), ("EER", 4), ("ERF", 5), ("R", 1), ("E", 1), ("F", 1)],
)
def test_rules_4_declined_examples(short, declined):
    assert envido_stake(calls(short)).declined == declined


def test_rules_4_envido_real_envido_accepted_is_5():
    assert envido_stake([E, R]).accepted == 5


def test_seed_000_falta_example_12_to_20_of_30_is_worth_10():
    stake = envido_stake([E, F], scores=(12, 20), target=30)
    assert stake.accepted == 10
    assert stake.declined == 2
    # the team on 20 wins it with 31 against 28 and reaches 30
    assert 20 + stake.accepted_for(1) == 30


def test_seed_002_leader_on_22_makes_falta_worth_8():
    assert envido_stake([F], scores=(22, 9)).accepted == 8
    assert envido_stake([F], scores=(9, 22)).accepted == 8
    assert falta_value((22, 0)) == 8


@pytest.mark.parametrize("target", [5, 10, 15, 20, 25, 30])
def test_falta_value_for_every_target(target):
    for a in range(target):
        for b in range(target):
            assert falta_value((a, b), target) == target - max(a, b)


# --- Illegal ladders ------------------------------------------------------------------------------


def reference_error(short: str) -> tuple[Reason, int] | None:
    """The first call that leaves the set of legal ladders, and why (hand-written reasons)."""
    for i in range(1, len(short) + 1):
        if short[:i] not in LEGAL:
            position = i - 1
            previous, call = short[position - 1], short[position]
            if previous == "F":
                return Reason.ENVIDO_AFTER_FALTA, position
            if previous == call == "E":  # only a third Envido fails after Envido
                return Reason.ENVIDO_TOO_MANY, position
            return Reason.ENVIDO_LADDER_BACKWARDS, position  # lower or equal step: E after R, R after R
    return None


ALL_SEQUENCES = ["".join(p) for n in range(1, 6) for p in product("ERF", repeat=n)]


@pytest.mark.parametrize("short", [s for s in ALL_SEQUENCES if s not in LEGAL])
def test_every_illegal_ladder_gives_the_right_reason(short):
    reason, position = reference_error(short)
    with pytest.raises(IllegalActionError) as info:
        check_envido_ladder(calls(short))
    assert info.value.reason is reason
    assert info.value.details["position"] == position
    with pytest.raises(IllegalActionError):
        envido_stake(calls(short))


@pytest.mark.parametrize(
    ("short", "reason", "position"),
    [
        ("EEE", Reason.ENVIDO_TOO_MANY, 2),
        ("FE", Reason.ENVIDO_AFTER_FALTA, 1),
        ("FF", Reason.ENVIDO_AFTER_FALTA, 1),
        ("RE", Reason.ENVIDO_LADDER_BACKWARDS, 1),
        ("RR", Reason.ENVIDO_LADDER_BACKWARDS, 1),
        ("ERE", Reason.ENVIDO_LADDER_BACKWARDS, 2),
        ("EERFE", Reason.ENVIDO_AFTER_FALTA, 4),
    ],
)
def test_illegal_ladder_examples(short, reason, position):
    with pytest.raises(IllegalActionError) as info:
        check_envido_ladder(calls(short))
    assert (info.value.reason, info.value.details["position"]) == (reason, position)


@pytest.mark.parametrize("short", [""] + LEGAL)
def test_can_follow_and_next_calls_match_the_legal_set(short):
    for call in (E, R, F):
        code = {E: "E", R: "R", F: "F"}[call]
        assert can_follow(calls(short), call) is (short + code in LEGAL)
    expected = tuple(EnvidoCall(c) for c in (E, R, F) if short + {E: "E", R: "R", F: "F"}[c] in LEGAL)
    assert next_envido_calls(calls(short)) == expected


def test_unknown_call_and_bad_input():
    with pytest.raises(InvalidNotationError) as info:
        check_envido_ladder(["envido", "truco"])
    assert info.value.reason is NotationReason.UNKNOWN_ACTION
    assert info.value.details["position"] == 1
    with pytest.raises(InvalidNotationError) as info:
        envido_stake([])
    assert info.value.reason is NotationReason.EMPTY
    with pytest.raises(InvalidNotationError) as info:
        check_envido_ladder("envido")  # one string, not a list
    assert info.value.reason is NotationReason.MALFORMED


@pytest.mark.parametrize("scores", [(30, 0), (0, 31), (-1, 0), (1,), (1, 2, 3), (1.5, 0)])
def test_scores_must_be_below_the_target(scores):
    with pytest.raises(InvalidNotationError) as info:
        envido_stake([E], scores=scores)
    assert info.value.reason is NotationReason.BAD_VALUE


@pytest.mark.parametrize("target", [0, -5, "30"])
def test_bad_target(target):
    with pytest.raises(InvalidNotationError) as info:
        falta_value((0, 0), target)
    assert info.value.reason is NotationReason.BAD_VALUE


# --- Non-raisable ruleset (docs/rules §9.1) ---------------------------------------------------


@pytest.mark.parametrize(("call", "accepted"), [(E, 2), (R, 3), (F, 18)])
def test_seed_001_each_call_stands_alone(call, accepted):
    stake = envido_stake([call], scores=(12, 5), raisable=False)
    assert stake.accepted == accepted
    assert stake.declined == 1
    assert stake.declined_rule is StakeRule.DECLINED_SINGLE
    expected_rule = StakeRule.ACCEPTED_FALTA if call == F else StakeRule.ACCEPTED_SINGLE
    assert stake.accepted_rule is expected_rule
    assert next_envido_calls([call], raisable=False) == ()


@pytest.mark.parametrize("short", [s for s in LEGAL if len(s) > 1])
def test_seed_001_no_raise_is_allowed(short):
    with pytest.raises(IllegalActionError) as info:
        check_envido_ladder(calls(short), raisable=False)
    assert info.value.reason is Reason.ENVIDO_NOT_RAISABLE
    assert info.value.details["position"] == 1
    assert not can_follow(calls(short)[:1], calls(short)[1], raisable=False)


def test_seed_001_first_call_is_free():
    assert next_envido_calls([], raisable=False) == tuple(EnvidoCall)


# --- Falta modes and the malas ---------------------------------------------------------------


@pytest.mark.parametrize("target", [5, 10, 15, 20, 25, 30])
def test_malas_is_the_first_half_of_the_target(target):
    for score in range(target + 1):
        assert in_malas(score, target) is (score * 2 <= target)  # the first half, its last point included
    assert malas_limit(target) == min(s for s in range(target + 1) if s * 2 > target)


def test_rules_7_malas_are_the_first_15_of_30():
    assert [s for s in range(30) if in_malas(s)] == list(range(16))  # 15 points = "15 malas"


def test_falta_wins_game_while_both_in_the_malas_000():
    stake = envido_stake([E, F], scores=(3, 14), falta_mode=FaltaMode.WINS_GAME)
    assert stake.wins_game
    assert stake.accepted_rule is StakeRule.ACCEPTED_FALTA_WINS_GAME
    assert stake.accepted_for(0) == 27 and stake.accepted_for(1) == 16
    assert stake.declined == 2  # a declined falta never wins the game
    assert falta_value((3, 14), mode="wins_game", winner=0) == 27
    assert falta_wins_game((3, 14), mode="wins_game")


def test_falta_wins_game_mode_is_normal_once_a_team_is_in_the_buenas():
    stake = envido_stake([F], scores=(3, 16), falta_mode="wins_game")
    assert not stake.wins_game
    assert stake.accepted == 14 and stake.accepted_for(0) == 14
    assert stake.accepted_rule is StakeRule.ACCEPTED_FALTA
    assert falta_value((3, 16), mode="wins_game", winner=0) == 14
    assert not falta_wins_game((3, 16), mode="wins_game")
    assert falta_wins_game((3, 15), mode="wins_game")  # 15 is still the malas
    assert not falta_wins_game((3, 14), mode="normal")


@pytest.mark.parametrize(
    ("scores", "value", "rule"),
    [
        ((12, 3), 3, StakeRule.ACCEPTED_FALTA_TO_FIFTEEN),
        ((14, 14), 1, StakeRule.ACCEPTED_FALTA_TO_FIFTEEN),
        ((0, 0), 15, StakeRule.ACCEPTED_FALTA_TO_FIFTEEN),
        ((16, 3), 14, StakeRule.ACCEPTED_FALTA),
        ((3, 15), 15, StakeRule.ACCEPTED_FALTA),
    ],
)
def test_falta_to_fifteen_litoral_000(scores, value, rule):
    stake = envido_stake([F], scores=scores, falta_mode=FaltaMode.TO_FIFTEEN)
    assert (stake.accepted, stake.accepted_rule, stake.wins_game) == (value, rule, False)


def test_falta_modes_with_other_targets():
    assert falta_value((5, 6), 15, "to_15") == 1  # malas of 15 are 0-7: the falta counts up to 7
    assert falta_value((5, 7), 15, "to_15") == 8  # on 7 the malas are complete: normal value
    assert falta_value((5, 7), 15) == 8
    assert falta_value((0, 2), 5, "wins_game", winner=0) == 5
    assert falta_wins_game((2, 2), 5, "wins_game") and not falta_wins_game((3, 2), 5, "wins_game")


def test_bad_falta_mode_and_team():
    with pytest.raises(ValueError):
        falta_value((0, 0), mode="double")
    with pytest.raises(InvalidNotationError):
        falta_value((0, 0), mode="wins_game", winner=2)
    with pytest.raises(InvalidNotationError):
        envido_stake([E]).accepted_for(2)


@given(st.integers(0, 29), st.integers(0, 29), st.sampled_from(list(FaltaMode)), st.sampled_from(LEGAL))
def test_stake_properties(a, b, mode, short):
    stake = envido_stake(calls(short), scores=(a, b), falta_mode=mode)
    for team in (0, 1):
        gained = stake.accepted_for(team)
        assert gained >= 1
        # nobody is taken past the target by the falta in a mode that ends the game
        if stake.wins_game:
            assert (a, b)[team] + gained == 30
    if "F" in short and mode is FaltaMode.NORMAL:
        assert max(a, b) + stake.accepted == 30
    assert stake.declined == expected_declined(short)


# --- Truco -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ladder", "accepted", "declined"),
    [(["truco"], 2, 1), (["truco", "retruco"], 3, 2), (["truco", "retruco", "vale_cuatro"], 4, 3)],
)
def test_rules_5_every_truco_ladder_and_answer(ladder, accepted, declined):
    stake = truco_stake(ladder)
    assert (stake.accepted, stake.declined) == (accepted, declined)
    assert stake.calls == tuple(TrucoCall(c) for c in ladder)
    # declining gives the caller the level below: what the hand was already worth
    assert stake.declined == hand_value(len(ladder) - 1)
    assert stake.accepted == hand_value(len(ladder))


@pytest.mark.parametrize(
    ("ladder", "reason", "position"),
    [
        (["retruco"], Reason.TRUCO_OUT_OF_ORDER, 0),
        (["vale_cuatro"], Reason.TRUCO_OUT_OF_ORDER, 0),
        (["truco", "truco"], Reason.TRUCO_OUT_OF_ORDER, 1),
        (["truco", "vale_cuatro"], Reason.TRUCO_OUT_OF_ORDER, 1),
        (["truco", "retruco", "retruco"], Reason.TRUCO_OUT_OF_ORDER, 2),
        (["truco", "retruco", "vale_cuatro", "vale_cuatro"], Reason.TRUCO_ALREADY_MAX, 3),
        (["truco", "retruco", "vale_cuatro", "truco"], Reason.TRUCO_ALREADY_MAX, 3),
    ],
)
def test_illegal_truco_ladders(ladder, reason, position):
    with pytest.raises(IllegalActionError) as info:
        truco_stake(ladder)
    assert (info.value.reason, info.value.details["position"]) == (reason, position)


def test_truco_bad_input():
    with pytest.raises(InvalidNotationError) as info:
        truco_stake([])
    assert info.value.reason is NotationReason.EMPTY
    with pytest.raises(InvalidNotationError) as info:
        truco_stake(["truco", "quiero"])
    assert info.value.reason is NotationReason.UNKNOWN_ACTION


def test_next_truco_call():
    assert next_truco_call() is TrucoCall.TRUCO
    assert next_truco_call(["truco"]) is TrucoCall.RETRUCO
    assert next_truco_call(["truco", "retruco"]) is TrucoCall.VALE_CUATRO
    assert next_truco_call(["truco", "retruco", "vale_cuatro"]) is None
    with pytest.raises(IllegalActionError):
        next_truco_call(["retruco"])


def test_rules_5_hand_value():
    assert [hand_value(level) for level in range(4)] == [1, 2, 3, 4]
    assert hand_value(None) == 1
    assert [hand_value(call) for call in TrucoCall] == [2, 3, 4]
    assert hand_value("retruco") == 3
    for bad in (4, -1, "quiero", 1.0):
        with pytest.raises(InvalidNotationError):
            hand_value(bad)


# --- Mazo ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("level", [0, 1, 2, 3])
def test_rules_6_folding_gives_the_hand_value(level):
    assert mazo_award(level) == [1, 2, 3, 4][level]
    # declining a truco and folding score the same
    if level:
        assert mazo_award(level - 1) == truco_stake(["truco", "retruco", "vale_cuatro"][:level]).declined


@pytest.mark.parametrize(
    ("level", "first_trick", "envido_played", "expected"),
    [
        (0, True, False, 2),  # the early mazo: folding before the envido could be played
        (0, True, True, 1),
        (0, False, False, 1),
        (1, True, False, 2),  # a truco was accepted: the hand's value
        (2, True, False, 3),
    ],
)
def test_early_mazo_option_000(level, first_trick, envido_played, expected):
    award = mazo_award(level, early_mazo=True, first_trick=first_trick, envido_played=envido_played)
    assert award == expected
    assert mazo_award(level, early_mazo=False, first_trick=first_trick, envido_played=envido_played) == level + 1


# --- Flor ---------------------------------------------------------------------------------------


def test_seed_004_simple_flor_three_per_flor_of_the_winning_team():
    assert [simple_flor_points(n) for n in (1, 2, 3)] == [3, 6, 9]
    for bad in (0, -1, 1.5):
        with pytest.raises(InvalidNotationError):
            simple_flor_points(bad)


def test_contraflor_values():
    s = flor_stake(["contraflor"])
    assert (s.accepted, s.declined, s.accepted_rule) == (6, 4, StakeRule.FLOR_CONTRAFLOR)
    # al resto: what the leader needs (30 - 18) plus 3 per flor announced
    s = flor_stake(["contraflor_al_resto"], scores=(18, 9))
    assert (s.accepted, s.declined, s.accepted_rule) == (12 + 6, 4, StakeRule.FLOR_AL_RESTO)
    s = flor_stake(["contraflor", "contraflor_al_resto"], scores=(3, 25), flores=3)
    assert (s.accepted, s.declined) == (5 + 9, 6)
    for bad in (1, 0, "2"):
        with pytest.raises(InvalidNotationError):
            flor_stake(["contraflor"], flores=bad)


def test_flor_ladder():
    assert next_flor_calls() == (FlorCall.CONTRAFLOR, FlorCall.CONTRAFLOR_AL_RESTO)
    assert next_flor_calls(["contraflor"]) == (FlorCall.CONTRAFLOR_AL_RESTO,)
    assert next_flor_calls(["contraflor_al_resto"]) == ()
    for bad in (["contraflor", "contraflor"], ["contraflor_al_resto", "contraflor"]):
        with pytest.raises(IllegalActionError) as info:
            flor_stake(bad)
        assert info.value.reason is Reason.FLOR_LADDER_BACKWARDS
        assert info.value.details["position"] == 1
    with pytest.raises(InvalidNotationError) as info:
        flor_stake([])
    assert info.value.reason is NotationReason.EMPTY
