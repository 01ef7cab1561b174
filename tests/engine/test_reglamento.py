"""Whole hands checked against docs/rules, one test per clause (named after the section it checks).

Deals are written seat 0 first (``"cards of seat 0|cards of seat 1|..."``); with 4 players team 0 is
seats 0 and 2. Every expected value below is worked out by hand from docs/rules.
"""

from __future__ import annotations

import pytest

from tutor.engine import (
    AwardRule,
    Call,
    Card,
    EndKind,
    EventKind,
    FaltaMode,
    FlorMode,
    HandRule,
    HandState,
    IllegalActionError,
    MatchState,
    Phase,
    Reason,
    Rules,
    find_variant,
    parse_action,
    parse_actions,
    parse_deal,
)


def hand(deal: str, mano: int = 0, scores=(0, 0), rules: Rules | None = None, **options) -> HandState:
    """A hand with ``deal``; the number of players comes from the deal."""
    players = len(deal.split("|"))
    return HandState(rules or Rules(players=players, **options), deal, mano, scores)


def run(state: HandState, log: str) -> HandState:
    for action in parse_actions(log):
        state.apply(action)
    return state


def refused(state: HandState, text: str) -> Reason:
    """Apply an action that must be refused; return the reason (the state must not change)."""
    before = len(state.actions), len(state.events), state.scores
    with pytest.raises(IllegalActionError) as info:
        state.apply(parse_action(text))
    assert (len(state.actions), len(state.events), state.scores) == before
    assert not state.can_apply(parse_action(text))
    return info.value.reason


def kinds(state: HandState, *wanted: EventKind) -> list[tuple]:
    return [(e.kind, e.seat, e.value) for e in state.events if e.kind in wanted]


# --- docs/rules §3: tricks and parda --------------------------------------------------------------


def test_3_parda_in_first_trick_next_trick_decides():
    h = run(hand("3e,4b,5o|3o,2c,4c"), "0:3e 1:3o")
    assert h.trick_outcomes == ("P",)
    assert h.to_act == 0  # the player who led the tied trick leads again
    run(h, "0:4b 1:2c")
    assert h.is_over and h.end.kind is EndKind.TRICKS
    assert h.end.team == 1 and h.end.rule is HandRule.FIRST_PARDA_NEXT_DECIDES
    assert h.points == (0, 1)
    assert h.hands[0] == (Card.parse("5o"),)  # the third trick is not played


def test_3_two_pardas_then_the_third_trick_decides():
    h = run(hand("3e,2e,4b|3o,2o,5c"), "0:3e 1:3o 0:2e 1:2o")
    assert not h.is_over and h.trick_outcomes == ("P", "P")
    run(h, "0:4b 1:5c")
    assert h.end.team == 1 and h.end.rule is HandRule.FIRST_PARDA_NEXT_DECIDES
    assert h.points == (0, 1)


def test_3_parda_after_a_won_trick_goes_to_the_first_trick_winner():
    h = run(hand("4b,3e,6b|1e,3o,5c"), "0:4b 1:1e")
    assert h.to_act == 1  # the trick's winner leads the next
    run(h, "1:3o 0:3e")
    assert h.is_over and h.end.team == 1
    assert h.end.rule is HandRule.PARDA_AFTER_WIN_FIRST_TRICK_WINNER
    assert len(h.tricks) == 2 and h.points == (0, 1)


def test_3_one_trick_each_then_parda_goes_to_the_first_trick_winner():
    h = run(hand("1e,4b,3e|4c,1b,3o"), "0:1e 1:4c 0:4b 1:1b")
    assert h.trick_winners == (0, 1) and h.to_act == 1
    run(h, "1:3o 0:3e")
    assert h.end.team == 0 and h.end.rule is HandRule.THIRD_PARDA_FIRST_TRICK_WINNER
    assert h.points == (1, 0)


@pytest.mark.parametrize("mano", [0, 1])
def test_3_three_pardas_go_to_the_mano(mano):
    h = hand("3e,2e,1o|3o,2o,1c", mano=mano)
    first, second = mano, 1 - mano
    cards = {0: ["3e", "2e", "1o"], 1: ["3o", "2o", "1c"]}
    for i in range(3):
        run(h, f"{first}:{cards[first][i]} {second}:{cards[second][i]}")
    assert h.trick_outcomes == ("P", "P", "P")
    assert h.end.team == mano % 2 and h.end.rule is HandRule.ALL_PARDA_MANO


def test_3_equal_top_cards_of_partners_are_no_parda():
    h = run(hand("3e,4b,5o|2o,6b,6c|3o,7b,5b|4c,12b,11b"), "0:3e 1:2o 2:3o 3:4c")
    assert h.trick_outcomes == ("W",)
    assert h.trick_winners == (0,)  # the first of the partners' equal cards takes the trick
    assert h.to_act == 0


def test_3_equal_top_cards_of_opponents_are_a_parda_in_a_team_game():
    h = run(hand("3e,4b,5o|3o,6b,6c|4e,7b,5b|5c,12b,11b"), "0:3e 1:3o 2:4e 3:5c")
    assert h.trick_outcomes == ("P",) and h.trick_winners == (None,)
    assert kinds(h, EventKind.TRICK_PARDA) == [(EventKind.TRICK_PARDA, 0, None)]


def test_3_play_goes_to_the_right_and_the_winner_leads():
    h = hand("4e,5e,6o|4b,5b,6b|4o,5o,6c|1e,5c,7c", mano=2)
    order = []
    for card in ["4o", "1e", "4e", "4b"]:
        order.append(h.to_act)
        seat = h.to_act
        h.apply(parse_action(f"{seat}:{card}"))
    assert order == [2, 3, 0, 1]
    assert h.to_act == 3  # 1e took the trick


def test_3_the_hand_ends_as_soon_as_its_winner_is_certain():
    h = run(hand("1e,1b,4c|4b,5b,6b"), "0:1e 1:4b 0:1b 1:5b")
    assert h.is_over and h.legal_actions() == []
    assert h.hands == ((Card.parse("4c"),), (Card.parse("6b"),))
    assert refused(h, "0:4c") is Reason.HAND_OVER


# --- docs/rules §4: envido ------------------------------------------------------------------------

ENVIDO_DEAL = "7c,5c,12e|6o,5o,12b"  # seat 0: 32 (7c 5c), seat 1: 31 (6o 5o)


def test_4_envido_accepted_calls_are_added():
    h = run(hand(ENVIDO_DEAL), "0:envido 1:real_envido 0:quiero")
    assert h.points == (5, 0)
    award = h.awards[0]
    assert award.rule is AwardRule.ENVIDO_ACCEPTED and award.calls == ("envido", "real_envido")
    assert award.accepted is True and award.seat == 0
    assert kinds(h, EventKind.ENVIDO_STATED, EventKind.SON_BUENAS, EventKind.ENVIDO_WON) == [
        (EventKind.ENVIDO_STATED, 0, 32),
        (EventKind.SON_BUENAS, 1, None),  # the number of "son buenas" stays hidden
        (EventKind.ENVIDO_WON, 0, 32),
    ]
    assert h.phase is Phase.PLAY and h.to_act == 0  # back to the caller's turn


@pytest.mark.parametrize(
    "log, team, points",
    [
        ("0:envido 1:no_quiero", 0, 1),
        ("0:real_envido 1:no_quiero", 0, 1),
        ("0:falta_envido 1:no_quiero", 0, 1),
        ("0:envido 1:real_envido 0:no_quiero", 1, 2),
        ("0:envido 1:envido 0:no_quiero", 1, 2),
        ("0:envido 1:envido 0:real_envido 1:no_quiero", 0, 4),
        ("0:envido 1:real_envido 0:falta_envido 1:no_quiero", 0, 5),
    ],
)
def test_4_envido_declined_gives_what_was_accepted_before(log, team, points):
    h = run(hand(ENVIDO_DEAL), log)
    expected = [0, 0]
    expected[team] = points
    assert h.points == tuple(expected)
    assert h.awards[-1].rule is AwardRule.ENVIDO_DECLINED and h.awards[-1].accepted is False


def test_4_envido_ladder_skips_but_never_goes_back():
    assert parse_action("1:falta_envido") in run(hand(ENVIDO_DEAL), "0:envido").legal_actions()
    assert refused(run(hand(ENVIDO_DEAL), "0:real_envido"), "1:envido") is Reason.ENVIDO_LADDER_BACKWARDS
    assert refused(run(hand(ENVIDO_DEAL), "0:envido 1:envido"), "0:envido") is Reason.ENVIDO_TOO_MANY
    assert refused(run(hand(ENVIDO_DEAL), "0:falta_envido"), "1:real_envido") is Reason.ENVIDO_AFTER_FALTA
    assert [str(a) for a in run(hand(ENVIDO_DEAL), "0:falta_envido").legal_actions()] == [
        "1:quiero",
        "1:no_quiero",
        "1:mazo",
    ]


def test_4_envido_only_in_the_first_trick():
    h = run(hand(ENVIDO_DEAL), "0:12e 1:12b")
    assert refused(h, "0:envido") is Reason.ENVIDO_AFTER_FIRST_TRICK


def test_4_envido_only_before_ones_own_first_card():
    h = run(hand(ENVIDO_DEAL), "0:12e 1:truco")  # mano has played and must answer the truco
    assert refused(h, "0:envido") is Reason.ENVIDO_AFTER_FIRST_CARD


def test_4_an_opponent_who_already_played_may_still_answer():
    h = run(hand(ENVIDO_DEAL), "0:12e 1:envido")
    assert h.to_act == 0 and h.phase is Phase.ANSWER_ENVIDO
    run(h, "0:real_envido 1:quiero")  # mano may raise, too
    assert h.points == (5, 0)
    assert h.to_act == 1  # it was the pie's turn to play


def test_4_envido_is_settled_at_most_once():
    h = run(hand(ENVIDO_DEAL), "0:envido 1:no_quiero 0:7c")
    assert refused(h, "1:envido") is Reason.ENVIDO_ALREADY_PLAYED
    assert not any(isinstance(a, Call) and a.call.value.endswith("envido") for a in h.legal_actions())


def test_4_an_accepted_truco_closes_the_envido():
    h = run(hand(ENVIDO_DEAL), "0:truco 1:quiero")
    assert refused(h, "0:envido") is Reason.ENVIDO_CLOSED_BY_TRUCO
    h = run(hand(ENVIDO_DEAL), "0:truco 1:retruco")  # "quiero retruco" accepts the truco
    assert refused(h, "0:envido") is Reason.ENVIDO_CLOSED_BY_TRUCO


@pytest.mark.parametrize("mano, winner", [(0, 0), (1, 1)])
def test_4_envido_ties_go_to_the_mano(mano, winner):
    h = run(hand("7c,6c,4b|7o,6o,4e", mano=mano), f"{mano}:envido {1 - mano}:quiero")
    assert h.awards[0].seat == winner and h.points[winner] == 2


def test_4_showdown_with_four_players_son_buenas_and_the_silent_partner():
    # envido: seat 0 20, seat 1 7, seat 2 30, seat 3 25
    h = run(hand("12o,11o,3b|7e,4b,2c|7c,3c,5e|5b,12b,1o"), "0:envido 1:quiero")
    assert kinds(h, EventKind.ENVIDO_STATED, EventKind.SON_BUENAS, EventKind.ENVIDO_WON) == [
        (EventKind.ENVIDO_STATED, 0, 20),
        (EventKind.SON_BUENAS, 1, None),
        (EventKind.ENVIDO_STATED, 3, 25),
        (EventKind.ENVIDO_STATED, 2, 30),
        (EventKind.ENVIDO_WON, 2, 30),
    ]
    assert h.points == (2, 0)


def test_4_envido_points_are_scored_before_trick_points():
    h = run(hand(ENVIDO_DEAL), "0:envido 1:quiero 0:12e 1:5o 0:7c 1:6o")
    assert [a.rule for a in h.awards] == [AwardRule.ENVIDO_ACCEPTED, AwardRule.HAND_WON]
    assert h.points == (3, 0)


def test_4_the_envido_winner_shows_the_cards_at_the_end_of_the_hand():
    h = run(hand(ENVIDO_DEAL), "0:envido 1:quiero")
    assert h.view_for(1).shown == {}  # not before the end
    run(h, "0:mazo")
    assert h.shown == {0: (Card.parse("7c"), Card.parse("5c"))}
    assert h.view_for(1).shown == {0: (Card.parse("7c"), Card.parse("5c"))}
    # A single-card envido is proved by showing all three cards.
    h = run(hand("7c,3b,12e|6o,4b,11c"), "0:envido 1:quiero 0:mazo")
    assert h.shown == {0: h.deal[0]}


def test_4_falta_envido_example_of_seed_000():
    # Carla (0) and Anna (2) have 12, Ben (1) and Dan (3) have 20. Anna calls envido, Dan raises to
    # falta envido, team 0 accepts: the falta is worth 10; Dan's 31 beats Anna's 28; 20 + 10 = 30.
    h = hand("4b,12c,6e|7b,11e,2o|5e,3e,10b|6o,5o,11c", scores=(12, 20))
    run(h, "0:4b 1:7b 2:envido 3:falta_envido 0:quiero")  # the next seat answers for team 0
    assert h.awards[-1].points == 10 and h.awards[-1].seat == 3
    assert h.scores == (12, 30)
    assert h.match_winner == 1 and h.is_over and h.end.kind is EndKind.MATCH_WON
    assert len(h.tricks) == 0  # the tricks no longer count


def test_4_option_falta_envido_in_the_malas_wins_the_game():
    h = run(hand(ENVIDO_DEAL, scores=(3, 10), falta_mode=FaltaMode.WINS_GAME), "0:falta_envido 1:quiero")
    assert h.scores == (30, 10) and h.match_winner == 0
    h = run(hand(ENVIDO_DEAL, scores=(3, 16), falta_mode=FaltaMode.WINS_GAME), "0:falta_envido 1:quiero")
    assert h.scores == (17, 16) and h.match_winner is None  # a team in the buenas: normal value, 30 - 16


def test_4_option_falta_envido_in_the_malas_worth_what_the_leader_needs_for_15():
    h = run(hand(ENVIDO_DEAL, scores=(3, 10), falta_mode=FaltaMode.TO_FIFTEEN), "0:falta_envido 1:quiero")
    assert h.points == (5, 0)


def test_4_option_envido_cannot_be_raised_seed_001():
    rules = find_variant("001").rules()
    h = run(hand(ENVIDO_DEAL, rules=rules), "0:envido")
    assert [str(a) for a in h.legal_actions()] == ["1:quiero", "1:no_quiero", "1:mazo"]
    assert refused(h, "1:real_envido") is Reason.ENVIDO_NOT_RAISABLE
    for call, accepted in [("envido", 2), ("real_envido", 3)]:
        assert run(hand(ENVIDO_DEAL, rules=rules), f"0:{call} 1:quiero").points == (accepted, 0)
        assert run(hand(ENVIDO_DEAL, rules=rules), f"0:{call} 1:no_quiero").points == (1, 0)
    assert run(hand(ENVIDO_DEAL, rules=rules), "0:falta_envido 1:no_quiero").points == (1, 0)


def test_4_el_envido_esta_primero():
    h = run(hand(ENVIDO_DEAL), "0:truco")
    assert parse_action("1:envido") in h.legal_actions()
    run(h, "1:envido 0:quiero")
    assert h.points == (2, 0)  # the envido is settled first ...
    assert h.phase is Phase.ANSWER_TRUCO and h.to_act == 1  # ... then the truco is answered
    assert not any(isinstance(a, Call) and "envido" in a.call.value for a in h.legal_actions())
    run(h, "1:quiero")
    assert h.truco_level == 1 and h.to_act == 0


def test_4_el_envido_esta_primero_not_for_a_player_who_has_played():
    h = run(hand(ENVIDO_DEAL), "0:12e 1:truco")
    assert refused(h, "0:envido") is Reason.ENVIDO_AFTER_FIRST_CARD
    h = run(hand(ENVIDO_DEAL), "0:12e 1:12b 0:truco")  # second trick
    assert refused(h, "1:envido") is Reason.ENVIDO_AFTER_FIRST_TRICK


# --- docs/rules §5: truco -------------------------------------------------------------------------

TRUCO_DEAL = "1e,1b,4c|4b,5b,6b"  # the mano wins the first two tricks


@pytest.mark.parametrize(
    "calls, value",
    [
        ("", 1),
        ("0:truco 1:quiero", 2),
        ("0:truco 1:retruco 0:quiero", 3),
        ("0:truco 1:retruco 0:vale_cuatro 1:quiero", 4),
    ],
)
def test_5_hand_value_with_accepted_truco(calls, value):
    h = run(hand(TRUCO_DEAL), f"{calls} 0:1e 1:4b 0:1b 1:5b")
    assert h.points == (value, 0)
    assert h.awards[-1].rule is AwardRule.HAND_WON and h.awards[-1].points == value


@pytest.mark.parametrize(
    "log, team, points",
    [
        ("0:truco 1:no_quiero", 0, 1),
        ("0:truco 1:retruco 0:no_quiero", 1, 2),
        ("0:truco 1:retruco 0:vale_cuatro 1:no_quiero", 0, 3),
    ],
)
def test_5_declined_truco_ends_the_hand_and_gives_the_level_below(log, team, points):
    h = run(hand(TRUCO_DEAL), log)
    assert h.is_over and h.end.kind is EndKind.TRUCO_DECLINED and h.end.team == team
    assert h.points[team] == points and sum(h.points) == points


def test_5_truco_may_be_called_before_the_first_card_and_in_any_trick():
    assert parse_action("0:truco") in hand(TRUCO_DEAL).legal_actions()
    h = run(hand(TRUCO_DEAL), "0:1e 1:4b 0:truco")
    assert h.phase is Phase.ANSWER_TRUCO


def test_5_only_the_team_that_accepted_may_raise():
    h = run(hand(TRUCO_DEAL), "0:truco 1:quiero")
    assert refused(h, "0:retruco") is Reason.TRUCO_ONLY_ACCEPTING_TEAM
    run(h, "0:1e")
    assert parse_action("1:retruco") in h.legal_actions()  # later, in its own turn
    run(h, "1:retruco 0:quiero 1:4b")
    assert h.truco_level == 2 and h.to_act == 0  # 1e took the trick: seat 0 leads
    assert parse_action("0:vale_cuatro") in h.legal_actions()  # team 0 accepted the retruco
    run(h, "0:1b")
    assert refused(h, "1:vale_cuatro") is Reason.TRUCO_ONLY_ACCEPTING_TEAM


def test_5_quiero_retruco_at_once():
    h = run(hand(TRUCO_DEAL), "0:truco 1:retruco")
    answers = [(e.kind, e.seat, e.call, e.quiero) for e in h.events]
    assert answers == [
        (EventKind.CALL, 0, "truco", None),
        (EventKind.ANSWER, 1, "truco", True),
        (EventKind.CALL, 1, "retruco", None),
    ]
    assert h.truco_level == 1 and h.to_act == 0 and h.phase is Phase.ANSWER_TRUCO


def test_5_nothing_above_vale_cuatro():
    h = run(hand(TRUCO_DEAL), "0:truco 1:retruco 0:vale_cuatro")
    assert [str(a) for a in h.legal_actions()] == ["1:quiero", "1:no_quiero", "1:mazo"]
    run(h, "1:quiero 0:1e")
    assert refused(h, "1:vale_cuatro") is Reason.TRUCO_ALREADY_MAX


def test_5_truco_steps_in_order():
    assert refused(hand(TRUCO_DEAL), "0:retruco") is Reason.TRUCO_OUT_OF_ORDER
    assert refused(run(hand(TRUCO_DEAL), "0:truco"), "1:vale_cuatro") is Reason.TRUCO_OUT_OF_ORDER


# --- docs/rules §6: going to the mazo -------------------------------------------------------------


def test_6_mazo_in_turn_gives_the_hand_value():
    h = run(hand(TRUCO_DEAL), "0:mazo")
    assert h.is_over and h.end.kind is EndKind.MAZO and h.points == (0, 1)
    h = run(hand(TRUCO_DEAL), "0:truco 1:retruco 0:quiero 0:mazo")
    assert h.points == (0, 3)


@pytest.mark.parametrize(
    "calls, responder",
    [("0:truco", 1), ("0:truco 1:retruco", 0), ("0:truco 1:retruco 0:vale_cuatro", 1)],
)
def test_6_mazo_as_answer_scores_the_same_as_declining(calls, responder):
    folded = run(hand(TRUCO_DEAL), f"{calls} {responder}:mazo")
    declined = run(hand(TRUCO_DEAL), f"{calls} {responder}:no_quiero")
    assert folded.points == declined.points and sum(folded.points) > 0


def test_6_an_open_envido_is_settled_before_the_mazo():
    h = run(hand(ENVIDO_DEAL), "0:envido 1:mazo")
    assert [(a.rule, a.team, a.points) for a in h.awards] == [
        (AwardRule.ENVIDO_DECLINED, 0, 1),
        (AwardRule.MAZO, 0, 1),
    ]
    h = run(hand(ENVIDO_DEAL), "0:envido 1:real_envido 0:mazo")
    assert h.points == (0, 3)


# Team games (4 and 6 players): a player who goes to the mazo leaves the hand, the partners play on,
# and the hand ends when every player of a team has folded (docs/rules §6; docs/rules/decisions.md "Going to
# the mazo"). Team 0 is the even seats, team 1 the odd seats.

FOUR = "3e,4b,5o|2o,6b,6c|1e,1b,7e|4c,12b,11b"  # seat 2 holds the two best cards


def mazos(state: HandState) -> list[tuple]:
    return [(e.kind, e.seat, e.team) for e in state.events if e.kind in (EventKind.MAZO, EventKind.TEAM_FOLDED)]


def test_6_one_player_folds_and_the_partner_plays_on_and_wins():
    h = run(hand(FOUR), "0:mazo")
    assert not h.is_over and h.folded == (0,) and h.to_act == 1 and h.points == (0, 0)
    assert mazos(h) == [(EventKind.MAZO, 0, 0)]  # no TEAM_FOLDED: seat 2 is still in the hand
    assert refused(h, "0:3e") is Reason.NOT_YOUR_TURN
    run(h, "1:2o 2:1e 3:4c")  # three cards complete the trick: seat 0 is out
    assert h.tricks == (tuple((s, Card.parse(c)) for s, c in ((1, "2o"), (2, "1e"), (3, "4c"))),)
    assert h.trick_winners == (2,) and h.to_act == 2
    run(h, "2:1b 3:12b")
    assert h.to_act == 1  # seat 0 is skipped
    run(h, "1:6b")
    assert h.end.kind is EndKind.TRICKS and h.end.team == 0 and h.points == (1, 0)


def test_6_the_hand_ends_when_the_whole_team_has_folded_at_its_value_then():
    h = run(hand(FOUR), "0:truco 1:quiero 0:mazo")
    assert not h.is_over and h.to_act == 1  # seat 0's turn passes to the next seat in the hand
    run(h, "1:2o 2:mazo")
    assert h.is_over and h.end.kind is EndKind.MAZO and h.end.team == 1
    assert h.points == (0, 2)  # the accepted truco
    assert mazos(h) == [(EventKind.MAZO, 0, 0), (EventKind.MAZO, 2, 0), (EventKind.TEAM_FOLDED, None, 0)]
    assert [(a.rule, a.team, a.points) for a in h.awards] == [(AwardRule.MAZO, 1, 2)]


def test_6_six_players_two_fold_and_the_last_partner_wins_alone():
    six = "4c,5c,6c|1e,7e,1b|3o,3c,2e|4o,5o,6o|12e,11e,10e|4e,5e,6e"
    h = run(hand(six), "0:4c 1:1e 2:3o 3:mazo 4:12e")
    assert h.to_act == 5 and h.folded == (3,)
    run(h, "5:mazo")  # every seat still in the hand has played: the trick is complete
    assert [s for s, _ in h.tricks[0]] == [0, 1, 2, 4] and h.trick_winners == (1,) and h.to_act == 1
    run(h, "1:1b 2:3c")
    assert h.to_act == 4  # seat 3 is skipped
    run(h, "4:11e")
    assert h.to_act == 0  # seat 5 is skipped
    run(h, "0:5c")
    assert h.end.kind is EndKind.TRICKS and h.end.team == 1 and h.points == (0, 1)
    assert mazos(h) == [(EventKind.MAZO, 3, 1), (EventKind.MAZO, 5, 1)]


def test_6_a_card_on_the_table_stays_and_its_trick_goes_to_the_next_seat_in_the_hand():
    deal = "1e,4b,5b|4c,3o,6c|7e,2o,5c|12b,11b,10b"
    h = run(hand(deal), "0:1e 1:4c 2:truco 3:retruco")
    assert h.to_act == 0  # the seat after the raiser answers, though it has played
    run(h, "0:mazo")
    # The retruco stays open; the next opponent of the raiser still in the hand answers it.
    assert h.phase is Phase.ANSWER_TRUCO and h.to_act == 2 and not h.is_over
    assert [str(a) for a in h.legal_actions()] == ["2:quiero", "2:no_quiero", "2:vale_cuatro", "2:mazo"]
    run(h, "2:quiero 2:2o 3:11b")
    # Seat 0's ace, played before it folded, takes the trick; the next seat in the hand leads.
    assert h.trick_winners == (0,) and h.to_act == 1
    run(h, "1:3o 2:7e 3:12b")
    assert h.end.kind is EndKind.TRICKS and h.end.team == 0 and h.points == (3, 0)
    # The same, with seat 1 folded too: seat 0's trick is led from the next seat in the hand, seat 2.
    h = run(hand(deal), "0:1e 1:mazo 2:truco 3:retruco 0:mazo")
    assert h.to_act == 2 and h.folded == (0, 1)
    run(h, "2:quiero 2:7e 3:11b")
    assert h.trick_winners == (0,) and h.to_act == 2
    run(h, "2:2o 3:12b")
    assert h.end.kind is EndKind.TRICKS and h.end.team == 0 and h.points == (3, 0)


def test_6_a_mazo_that_completes_the_trick_while_a_raise_is_open():
    deal = "4c,5c,6c|3o,1e,7b|2e,4o,5o|12b,11b,10b"
    log = "0:4c 1:3o 2:2e 3:truco 0:mazo 2:retruco"
    h = run(hand(deal), log)
    assert h.to_act == 3 and h.phase is Phase.ANSWER_TRUCO
    run(h, "3:mazo")  # seat 3 had not played; seats 1 and 2, still in the hand, have
    assert h.trick_winners == (1,) and not h.is_over
    assert h.phase is Phase.ANSWER_TRUCO and h.to_act == 1  # seat 3's partner answers the retruco
    run(h, "1:quiero")
    assert h.phase is Phase.PLAY and h.to_act == 1 and h.hand_value == 3
    run(h, "1:1e 2:4o")
    assert h.end.kind is EndKind.TRICKS and h.points == (0, 3)
    h = run(hand(deal), f"{log} 3:mazo 1:no_quiero")
    assert h.end.kind is EndKind.TRUCO_DECLINED and h.points == (2, 0)


def test_6_truco_answered_by_the_next_opponent_in_the_hand_no_quiero_is_the_teams_answer():
    six = "4c,5c,6c|1e,7e,1b|3o,3c,2e|4o,5o,6o|12e,11e,10e|4e,5e,6e"
    h = run(hand(six), "0:mazo 1:7e 2:2e 3:4o 4:10e 5:truco")
    assert h.to_act == 2  # after seat 5 comes seat 0, which has folded
    run(h, "2:mazo")  # a mazo as the answer: seat 2 leaves, the truco passes to its partner
    assert h.to_act == 4 and h.phase is Phase.ANSWER_TRUCO and not h.is_over
    h2 = run(hand(six), "0:mazo 1:7e 2:2e 3:4o 4:10e 5:truco 2:no_quiero")
    assert h2.is_over and h2.end.kind is EndKind.TRUCO_DECLINED and h2.points == (0, 1)  # seat 4 was still in
    run(h, "4:quiero")
    assert h.truco_level == 1 and h.to_act == 5
    run(h, "5:4e")  # the trick: 7e (seat 1) takes it; seats 0 and 2 are out
    assert h.trick_winners == (1,) and h.to_act == 1


def test_6_an_open_envido_is_declined_by_a_partner_going_to_the_mazo_and_play_goes_on():
    h = run(hand(FOUR), "0:envido 1:mazo")
    assert [(a.rule, a.team, a.points) for a in h.awards] == [(AwardRule.ENVIDO_DECLINED, 0, 1)]
    assert not h.is_over and h.to_act == 0 and h.folded == (1,)
    run(h, "0:3e 2:1e 3:4c")
    assert h.trick_winners == (2,)


def test_6_a_folded_player_takes_no_part_in_the_envido_showdown():
    h = run(hand("7c,6c,4b|7o,5o,12e|1e,2b,3e|10b,11c,12o"), "0:mazo 1:envido 2:quiero")
    # Seat 0's 33 went back to the pack: seat 1's 32 beats seat 2's 24.
    assert kinds(h, EventKind.ENVIDO_STATED, EventKind.SON_BUENAS, EventKind.ENVIDO_WON) == [
        (EventKind.ENVIDO_STATED, 1, 32),
        (EventKind.SON_BUENAS, 2, None),
        (EventKind.ENVIDO_WON, 1, 32),
    ]
    assert h.points == (0, 2)


def test_6_an_unannounced_flor_is_lost_an_announced_one_still_scores():
    deal = "4b,5b,6b|5c,6c,7c|1e,2o,3e|12o,11o,10c"  # seats 0 and 1 hold a flor
    h = run(hand(deal, flor=FlorMode.SIMPLE), "0:flor 0:4b")
    assert [str(a) for a in h.legal_actions()] == ["1:flor", "1:mazo"]
    run(h, "1:mazo 2:1e 3:12o")  # seat 1's flor goes back unseen: team 0 scores its own flor
    assert [(a.rule, a.team, a.points) for a in h.awards] == [(AwardRule.FLOR, 0, 3)]
    assert h.flor_announced == (0,) and not h.is_over
    h = run(hand(deal, flor=FlorMode.SIMPLE), "0:flor 0:4b 1:flor 1:mazo 2:1e 3:12o")
    assert h.flor_announced == (0, 1)
    # Both flores were announced: seat 1's (38) beats seat 0's (35), though seat 1 has folded.
    assert [(a.rule, a.team, a.points) for a in h.awards] == [(AwardRule.FLOR, 1, 3)]
    run(h, "2:3e 3:mazo")
    assert h.is_over and h.end.team == 0 and 1 in h.shown and h.shown[1] == h.deal[1]


def test_6_option_early_mazo_for_a_team_that_folds_in_the_first_trick():
    rules = Rules(players=4, early_mazo=True)
    h = run(hand(FOUR, rules=rules), "0:mazo 1:truco 2:mazo")
    assert h.points == (0, 2) and h.awards[-1].rule is AwardRule.MAZO_EARLY
    h = run(hand(FOUR, rules=rules), "0:mazo 1:2o 2:1e 3:4c 2:mazo")
    assert h.points == (0, 1) and h.awards[-1].rule is AwardRule.MAZO  # the second trick


def test_6_option_early_mazo_costs_two_in_the_first_trick():
    rules = Rules(early_mazo=True)
    h = run(hand(ENVIDO_DEAL, rules=rules), "0:mazo")
    assert h.points == (0, 2) and h.awards[-1].rule is AwardRule.MAZO_EARLY
    assert run(hand(ENVIDO_DEAL, rules=rules), "0:envido 1:no_quiero 0:mazo").points == (1, 1)
    assert run(hand(ENVIDO_DEAL, rules=rules), "0:12e 1:12b 0:mazo").points == (0, 1)
    assert run(hand(ENVIDO_DEAL), "0:mazo").points == (0, 1)


# --- docs/rules §7: game and score ----------------------------------------------------------------


def test_7_a_team_reaching_the_target_through_the_envido_wins_at_once():
    match = MatchState(Rules(), scores=(28, 5), deals=[parse_deal(ENVIDO_DEAL)])
    for action in parse_actions("0:envido 1:quiero"):
        match.apply(action)
    assert match.is_over and match.winner == 0 and match.scores == (30, 5)
    assert match.legal_actions() == []
    with pytest.raises(IllegalActionError) as info:
        match.apply(parse_action("0:7c"))
    assert info.value.reason is Reason.MATCH_OVER


def test_7_target_is_5_to_30_in_steps_of_5():
    assert [Rules(target=t).target for t in (5, 10, 15, 20, 25, 30)] == [5, 10, 15, 20, 25, 30]
    for bad in (0, 12, 35):
        with pytest.raises(ValueError):
            Rules(target=bad)


def test_7_players_two_four_or_six():
    assert {Rules(players=p).players for p in (2, 4, 6)} == {2, 4, 6}
    with pytest.raises(ValueError):
        Rules(players=3)
    with pytest.raises(ValueError):
        find_variant("001").rules(players=6)  # docs/rules §9.1: 2 or 4


# --- docs/rules §8: flor --------------------------------------------------------------------------

FLOR_DEAL = "1e,5e,7e|4o,5o,2c"  # seat 0: flor 33; seat 1: envido 29


def test_8_flor_must_be_announced_before_the_first_card():
    h = hand(FLOR_DEAL, flor=FlorMode.SIMPLE)
    assert [str(a) for a in h.legal_actions()] == ["0:flor", "0:mazo"]
    assert refused(h, "0:1e") is Reason.FLOR_MUST_BE_ANNOUNCED
    assert refused(h, "0:envido") is Reason.FLOR_MUST_BE_ANNOUNCED
    assert refused(h, "0:truco") is Reason.FLOR_MUST_BE_ANNOUNCED
    # Retruco with nothing called is refused by the ladder, which the flor does not change (issue 24).
    assert refused(h, "0:retruco") is Reason.TRUCO_OUT_OF_ORDER
    assert refused(h, "0:vale_cuatro") is Reason.TRUCO_OUT_OF_ORDER
    run(h, "0:flor")
    assert h.to_act == 0 and parse_action("0:truco") in h.legal_actions()


def test_8_simple_flor_scores_3_at_the_end_of_the_first_trick_and_cancels_the_envido():
    h = run(hand(FLOR_DEAL, flor=FlorMode.SIMPLE), "0:flor 0:7e")
    assert refused(h, "1:envido") is Reason.ENVIDO_CANCELLED_BY_FLOR
    run(h, "1:4o")
    assert [(a.rule, a.team, a.points) for a in h.awards] == [(AwardRule.FLOR, 0, 3)]


def test_8_a_flor_cancels_an_envido_already_called():
    # seat 1 holds the flor and has not played: the envido call brings it out.
    h = run(hand("4o,5o,2c|1e,5e,7e", flor=FlorMode.SIMPLE), "0:envido")
    assert [e.kind for e in h.events] == [EventKind.CALL, EventKind.FLOR_ANNOUNCED, EventKind.ENVIDO_CANCELLED]
    assert h.phase is Phase.PLAY and h.to_act == 0
    assert h.envido_status == "cancelled"


def test_8_flor_may_answer_a_truco_which_then_waits():
    h = run(hand("4o,5o,2c|1e,5e,7e", flor=FlorMode.SIMPLE), "0:truco")
    assert [str(a) for a in h.legal_actions()] == ["1:flor", "1:mazo"]
    run(h, "1:flor")
    assert h.phase is Phase.ANSWER_TRUCO and h.to_act == 1
    run(h, "1:quiero 0:4o 1:1e")
    assert h.awards[0].rule is AwardRule.FLOR and h.awards[0].team == 1


def test_8_the_best_flor_wins_and_scores_3_per_flor_of_its_team():
    # seat 0: 33, seat 1: 4o 5o 6o = 35
    h = run(hand("1e,5e,7e|4o,5o,6o", flor=FlorMode.SIMPLE), "0:flor 0:1e 1:flor 1:4o")
    assert [(a.rule, a.team, a.points) for a in h.awards] == [(AwardRule.FLOR, 1, 3)]
    assert kinds(h, EventKind.FLOR_STATED) == [(EventKind.FLOR_STATED, 0, 33), (EventKind.FLOR_STATED, 1, 35)]
    # Two flores of one team, none against them: 3 each.
    h = run(hand("1e,5e,7e|4b,5b,6c|1o,2o,3o|4c,5c,7b", flor=FlorMode.SIMPLE), "0:flor 0:1e 1:4b 2:flor 2:1o 3:4c")
    assert [(a.rule, a.team, a.points) for a in h.awards] == [(AwardRule.FLOR, 0, 6)]


@pytest.mark.parametrize(
    "answer, team, points",
    [("0:quiero", 1, 6), ("0:no_quiero", 1, 4)],
)
def test_8_contraflor(answer, team, points):
    h = run(hand("1e,5e,7e|4o,5o,6o", flor=FlorMode.CONTRAFLOR), "0:flor 0:1e")
    assert [str(a) for a in h.legal_actions()] == ["1:flor", "1:contraflor", "1:contraflor_al_resto", "1:mazo"]
    run(h, "1:contraflor")
    assert [str(a) for a in h.legal_actions()] == ["0:quiero", "0:no_quiero", "0:contraflor_al_resto", "0:mazo"]
    run(h, f"{answer} 1:4o")
    assert [(a.team, a.points) for a in h.awards] == [(team, points)]


def test_8_contraflor_al_resto_accepted_wins_the_game_here():
    h = run(
        hand("1e,5e,7e|4o,5o,6o", scores=(10, 5), flor=FlorMode.CONTRAFLOR),
        "0:flor 0:1e 1:contraflor 0:contraflor_al_resto 1:quiero 1:4o",
    )
    # what the leader needs (30 - 10) plus 3 for each of the two flores = 26 for seat 1's 35
    assert h.awards[0].points == 26 and h.scores == (10, 31) and h.match_winner == 1


def test_8_contraflor_needs_a_flor_of_the_other_team():
    h = hand(FLOR_DEAL, flor=FlorMode.CONTRAFLOR)
    assert refused(h, "0:contraflor") is Reason.NO_RIVAL_FLOR


def test_8_flor_off_by_default_three_of_a_suit_count_the_best_two():
    h = hand(FLOR_DEAL)
    assert refused(h, "0:flor") is Reason.FLOR_NOT_IN_RULES
    assert h.envido_of(0).points == 32  # 7e + 5e + 20
    assert parse_action("0:envido") in h.legal_actions()


def test_8_no_flor_without_three_of_a_suit():
    h = run(hand("1e,5e,7e|4o,5o,2c", flor=FlorMode.SIMPLE), "0:flor 0:1e")
    assert refused(h, "1:flor") is Reason.NO_FLOR
