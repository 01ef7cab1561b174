"""The match: scores carried from hand to hand, the deal moving to the right, malas and buenas,
the falta envido's value from the score, and the end of the game the moment a team reaches the target."""

from __future__ import annotations

import pytest

from tutor.engine import (
    FaltaMode,
    HandState,
    IllegalActionError,
    MatchState,
    Reason,
    Rules,
    Zone,
    deal,
    parse_actions,
    parse_deal,
    standing,
)

DEAL = parse_deal("7c,5c,12e|6o,5o,12b")  # seat 0: envido 32, seat 1: 31


def play(match: MatchState, log: str) -> MatchState:
    for action in parse_actions(log):
        match.apply(action)
    return match


def test_scores_carry_over_and_the_mano_moves_to_the_next_seat():
    match = MatchState(Rules(players=4), seed=9, mano=1)
    assert match.hand.mano == 1 and match.hand.dealer == 0
    # Seat 1 goes to the mazo, its partner 3 too (as the answer to seat 2's truco): team 1 has
    # folded, team 0 scores 1 (the truco was not accepted).
    play(match, "1:mazo 2:truco 3:mazo")
    assert len(match.history) == 1 and match.scores == (1, 0)
    assert match.hand.mano == 2 and match.hand.start_scores == (1, 0)
    play(match, "2:truco 3:no_quiero")
    assert match.scores == (2, 0) and match.hand.mano == 3
    play(match, "3:mazo 0:truco 1:mazo")
    assert match.hand.mano == 0 and match.scores == (3, 0)


def test_envido_points_count_before_the_tricks_and_end_the_game_at_once():
    match = MatchState(Rules(), scores=(27, 29), deals=[DEAL])
    play(match, "0:envido 1:quiero")  # seat 0 wins 2: 29, not yet 30
    assert not match.is_over and match.scores == (29, 29)
    play(match, "0:truco 1:quiero 0:12e 1:5o")
    assert not match.is_over
    play(match, "0:7c 1:6o")  # two tricks for seat 0: the hand, worth 2, takes team 0 to 31
    assert match.winner == 0 and match.scores == (31, 29)
    match = MatchState(Rules(), scores=(28, 29), deals=[DEAL])
    play(match, "0:envido 1:quiero")
    assert match.winner == 0 and match.scores == (30, 29)
    assert match.hand.end.kind.value == "match_won" and len(match.history) == 1


def test_the_game_ends_when_the_target_is_reached_on_tricks():
    match = MatchState(Rules(target=5), scores=(3, 0), deals=[parse_deal("1e,1b,4c|4b,5b,6b")])
    play(match, "0:truco 1:quiero 0:1e 1:4b 0:1b 1:5b")
    assert match.winner == 0 and match.scores == (5, 0) and match.is_over
    with pytest.raises(IllegalActionError) as info:
        match.apply(match.hand.actions[0])
    assert info.value.reason is Reason.MATCH_OVER
    with pytest.raises(IllegalActionError):
        match.next_hand()


def test_without_auto_deal_the_next_hand_waits():
    match = MatchState(Rules(), seed=1, auto_deal=False)
    play(match, "0:mazo")
    assert match.hand.is_over and match.legal_actions() == [] and match.hands_played == 1
    with pytest.raises(IllegalActionError) as info:
        match.apply(match.hand.actions[0])
    assert info.value.reason is Reason.HAND_OVER
    hand = match.next_hand(DEAL)
    assert hand.mano == 1 and hand.deal == DEAL and match.scores == (0, 1)
    with pytest.raises(IllegalActionError):
        match.next_hand()  # the new hand is not over


def test_seeded_matches_repeat():
    def deals(seed):
        match = MatchState(Rules(players=4), seed=seed)
        for _ in range(3):
            mano = match.hand.mano  # the mano's team folds: the mano, then its partner as an answer
            play(match, f"{mano}:mazo {(mano + 1) % 4}:truco {(mano + 2) % 4}:mazo")
        return [hand.deal for hand in match.history]

    assert deals(4) == deals(4) and deals(4) != deals(5)


def test_given_deals_are_used_first_then_the_seed():
    second = deal(2, 2)
    match = MatchState(Rules(), seed=0, deals=[DEAL, second])
    play(match, "0:mazo")
    assert match.history[0].deal == DEAL and match.hand.deal == second


@pytest.mark.parametrize(
    "score, zone, points",
    [
        (0, Zone.MALAS, 0),
        (14, Zone.MALAS, 14),
        (15, Zone.MALAS, 15),
        (16, Zone.BUENAS, 1),
        (22, Zone.BUENAS, 7),
        (29, Zone.BUENAS, 14),
    ],
)
def test_malas_and_buenas(score, zone, points):
    assert standing(score) == standing(score, 30)
    assert (standing(score).zone, standing(score).points) == (zone, points)


def test_standing_of_a_team_in_a_match():
    match = MatchState(Rules(), scores=(12, 22), deals=[DEAL])
    assert match.standing(0).zone is Zone.MALAS and match.standing(1).points == 7


@pytest.mark.parametrize(
    "mode, scores, value, wins",
    [
        (FaltaMode.NORMAL, (12, 20), 10, False),
        (FaltaMode.NORMAL, (3, 5), 25, False),
        (FaltaMode.TO_FIFTEEN, (3, 10), 5, False),
        (FaltaMode.TO_FIFTEEN, (3, 20), 10, False),
        (FaltaMode.WINS_GAME, (3, 10), 20, True),
        (FaltaMode.WINS_GAME, (3, 16), 14, False),
    ],
)
def test_falta_value_from_the_score(mode, scores, value, wins):
    match = MatchState(Rules(falta_mode=mode), scores=scores, deals=[DEAL])
    assert match.falta_value == value and match.falta_wins_game is wins


def test_a_match_hand_is_a_hand_state():
    match = MatchState(Rules(players=6), seed=3)
    assert isinstance(match.hand, HandState) and match.hand.players == 6
    assert match.legal_actions() == match.hand.legal_actions()
    assert match.can_apply(match.legal_actions()[0])
    assert "6p" in repr(match)


def test_bad_first_mano():
    with pytest.raises(ValueError):
        MatchState(Rules(), mano=2)
