"""The hand state machine's API: dealing, actions, phases, refusals with reasons, events, awards,
views, equality. The rules themselves are checked clause by clause in test_reglamento.py."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tutor.engine import (
    DECK,
    Answer,
    AwardRule,
    Call,
    CallFamily,
    Card,
    EndKind,
    EnvidoCall,
    EnvidoStatus,
    EventKind,
    FlorMode,
    HandRule,
    HandState,
    IllegalActionError,
    InvalidNotationError,
    Mazo,
    NotationReason,
    PendingCall,
    Phase,
    PlayCard,
    Reason,
    Rules,
    TrucoCall,
    deal,
    parse_action,
    parse_actions,
)

DEAL = "7c,5c,12e|6o,5o,12b"


def run(state: HandState, log: str) -> HandState:
    for action in parse_actions(log):
        state.apply(action)
    return state


def reason(state: HandState, action) -> Reason:
    with pytest.raises(IllegalActionError) as info:
        state.verify(action)
    return info.value.reason


# --- Dealing ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4, 6])
def test_deal_gives_three_distinct_cards_to_each_seat(players):
    cards = deal(random.Random(11), players)
    assert len(cards) == players and all(len(hand) == 3 for hand in cards)
    flat = [card for hand in cards for card in hand]
    assert len(set(flat)) == 3 * players and set(flat) <= set(DECK)


def test_deal_is_reproducible_from_a_seed_and_varies_with_it():
    assert deal(5, 4) == deal(5, 4)
    assert deal("lesson-3", 2) == deal("lesson-3", 2)
    assert len({deal(seed, 2) for seed in range(20)}) == 20


def test_deal_goes_one_card_at_a_time_starting_with_the_mano():
    shuffled = list(DECK)
    random.Random(3).shuffle(shuffled)
    cards = deal(random.Random(3), 4, mano=2)
    assert cards[2][0] == shuffled[0] and cards[3][0] == shuffled[1]
    assert cards[0][0] == shuffled[2] and cards[2][1] == shuffled[4]


def test_deal_is_roughly_uniform():
    counts = Counter(card for seed in range(2000) for card in deal(seed, 2)[0])
    assert set(counts) == set(DECK)
    assert max(counts.values()) < 3 * min(counts.values())


def test_deal_refuses_other_numbers_of_players():
    with pytest.raises(InvalidNotationError):
        deal(1, 3)


# --- Creating a hand -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "cards, why",
    [
        ("7c,5c,12e", NotationReason.WRONG_COUNT),
        ("7c,5c,12e|6o,5o,7c", NotationReason.DUPLICATE_CARD),
        ("7c,5c|6o,5o,12b", NotationReason.WRONG_COUNT),
        ("7c,5c,8e|6o,5o,12b", NotationReason.UNKNOWN_RANK),
    ],
)
def test_a_bad_deal_is_refused_with_a_reason(cards, why):
    with pytest.raises(InvalidNotationError) as info:
        HandState(Rules(), cards)
    assert info.value.reason is why


def test_bad_mano_or_scores_are_refused():
    with pytest.raises(InvalidNotationError):
        HandState(Rules(), DEAL, mano=2)
    with pytest.raises(InvalidNotationError):
        HandState(Rules(), DEAL, scores=(30, 0))
    with pytest.raises(InvalidNotationError):
        HandState(Rules(), DEAL, scores=(1, 2, 3))


def test_a_hand_accepts_card_objects_and_notation():
    a = HandState(Rules(), [[Card.parse("7c"), Card.parse("5c"), Card.parse("12e")], "6o 5o 12b"])
    assert a.deal == HandState(Rules(), DEAL).deal


def test_initial_state():
    h = HandState(Rules(players=4), deal(1, 4), mano=3)
    assert h.phase is Phase.PLAY and h.to_act == 3 and h.turn == 3 and h.dealer == 2
    assert h.scores == (0, 0) and h.points == (0, 0) and h.hand_value == 1
    assert h.envido_status == "open" and not h.is_over and h.end is None
    assert h.events == [] and h.awards == [] and h.actions == []


# --- Actions ---------------------------------------------------------------------------------------


def test_actions_have_a_compact_notation_and_accept_names():
    assert str(PlayCard(0, Card.parse("7o"))) == "0:7o"
    assert PlayCard(0, "7o") == PlayCard(0, Card.parse("7o"))
    assert Call(1, "real_envido") == Call(1, EnvidoCall.REAL_ENVIDO)
    assert str(Call(1, TrucoCall.VALE_CUATRO)) == "1:vale_cuatro"
    assert str(Answer(2, False)) == "2:no_quiero" and str(Mazo(3)) == "3:mazo"
    with pytest.raises(InvalidNotationError):
        Call(0, "envidito")


def test_legal_actions_at_the_start():
    h = HandState(Rules(), DEAL)
    assert [str(a) for a in h.legal_actions()] == [
        "0:7c",
        "0:5c",
        "0:12e",
        "0:envido",
        "0:real_envido",
        "0:falta_envido",
        "0:truco",
        "0:mazo",
    ]


def test_legal_actions_while_answering():
    h = run(HandState(Rules(), DEAL), "0:envido")
    assert h.phase is Phase.ANSWER_ENVIDO and h.to_act == 1
    assert [str(a) for a in h.legal_actions()] == [
        "1:quiero",
        "1:no_quiero",
        "1:envido",
        "1:real_envido",
        "1:falta_envido",
        "1:mazo",
    ]
    h = run(HandState(Rules(), DEAL), "0:truco")
    assert h.phase is Phase.ANSWER_TRUCO
    assert [str(a) for a in h.legal_actions()] == [
        "1:quiero",
        "1:no_quiero",
        "1:retruco",
        "1:envido",
        "1:real_envido",
        "1:falta_envido",
        "1:mazo",
    ]


def test_after_the_first_trick_only_cards_truco_and_mazo():
    h = run(HandState(Rules(), DEAL), "0:12e 1:5o")
    assert [str(a) for a in h.legal_actions()] == ["0:7c", "0:5c", "0:truco", "0:mazo"]


@pytest.mark.parametrize(
    "log, action, why",
    [
        ("", "1:7c", Reason.NOT_YOUR_TURN),
        ("", "0:6o", Reason.CARD_NOT_IN_HAND),
        ("", "0:quiero", Reason.NOTHING_TO_ANSWER),
        ("0:envido", "0:7c", Reason.ANSWER_PENDING),
        ("0:envido", "1:6o", Reason.ANSWER_PENDING),
        ("0:truco", "1:truco", Reason.TRUCO_OUT_OF_ORDER),
        ("0:truco", "0:quiero", Reason.ANSWER_PENDING),
        ("0:envido", "1:truco", Reason.ANSWER_PENDING),
        ("0:mazo", "1:6o", Reason.HAND_OVER),
        ("", "0:flor", Reason.FLOR_NOT_IN_RULES),
        ("", "0:contraflor", Reason.FLOR_NOT_IN_RULES),
    ],
)
def test_illegal_actions_are_refused_with_a_reason(log, action, why):
    h = run(HandState(Rules(), DEAL), log)
    assert reason(h, parse_action(action)) is why
    assert not h.can_apply(parse_action(action))


def test_a_refused_action_changes_nothing():
    h = run(HandState(Rules(), DEAL), "0:envido")
    before = (list(h.actions), list(h.events), h.scores, h.phase, h.to_act)
    with pytest.raises(IllegalActionError):
        h.apply(PlayCard(1, Card.parse("6o")))
    assert (h.actions, h.events, h.scores, h.phase, h.to_act) == before


def test_unknown_objects_are_refused():
    h = HandState(Rules(), DEAL)
    assert reason(h, "0:7c") is Reason.UNKNOWN_ACTION  # a string is not an action


def test_the_refusal_is_a_value_error_with_details():
    h = HandState(Rules(), DEAL)
    with pytest.raises(ValueError) as info:
        h.apply(PlayCard(1, Card.parse("6o")))
    assert info.value.details == {"seat": 1, "to_act": 0}


def test_match_over_reason_after_the_target():
    h = run(HandState(Rules(target=5), DEAL, scores=(4, 0)), "0:envido 1:no_quiero")
    assert h.match_winner == 0 and h.is_over
    assert reason(h, PlayCard(0, Card.parse("7c"))) is Reason.MATCH_OVER


def test_apply_returns_the_recorded_action():
    h = HandState(Rules(), DEAL)
    action = Call(0, TrucoCall.TRUCO)
    assert h.apply(action) is action and h.actions == [action]


# --- Events and awards -----------------------------------------------------------------------------


def test_events_narrate_a_whole_hand():
    h = run(HandState(Rules(), DEAL), "0:truco 1:quiero 0:12e 1:12b 0:7c 1:6o")
    assert [e.kind for e in h.events] == [
        EventKind.CALL,
        EventKind.ANSWER,
        EventKind.CARD_PLAYED,
        EventKind.CARD_PLAYED,
        EventKind.TRICK_PARDA,
        EventKind.CARD_PLAYED,
        EventKind.CARD_PLAYED,
        EventKind.TRICK_WON,
        EventKind.HAND_WON,
        EventKind.POINTS,
        EventKind.HAND_OVER,
    ]
    won = h.events[7]
    assert (won.seat, won.team, won.card, won.trick) == (0, 0, Card.parse("7c"), 1)
    hand_won, points, over = h.events[-3:]
    assert (points.points, points.award_rule, points.hand_rule, points.end) == (2, AwardRule.HAND_WON, None, None)
    # Trick 1 a parda, trick 2 won: the first trick won after a parda decides.
    assert (hand_won.hand_rule, hand_won.award_rule, hand_won.end) == (HandRule.FIRST_PARDA_NEXT_DECIDES, None, None)
    assert (over.end, over.award_rule, over.hand_rule, over.team) == (EndKind.TRICKS, None, None, 0)
    assert h.events[1].call is TrucoCall.TRUCO and h.events[1].quiero is True


def test_every_rule_in_the_events_has_its_own_typed_field():
    h = run(HandState(Rules(), DEAL), "0:envido 1:quiero 0:truco 1:no_quiero")
    rules = [
        (e.kind, e.award_rule, e.hand_rule, e.end)
        for e in h.events
        if e.kind in (EventKind.POINTS, EventKind.HAND_WON, EventKind.HAND_OVER)
    ]
    assert rules == [
        (EventKind.POINTS, AwardRule.ENVIDO_ACCEPTED, None, None),
        (EventKind.POINTS, AwardRule.TRUCO_DECLINED, None, None),
        (EventKind.HAND_OVER, None, None, EndKind.TRUCO_DECLINED),
    ]
    for event in h.events:
        assert type(event.award_rule) in (AwardRule, type(None)) and type(event.end) in (EndKind, type(None))


def test_awards_carry_their_reason():
    h = run(HandState(Rules(), DEAL), "0:envido 1:envido 0:quiero 0:truco 1:no_quiero")
    first, second = h.awards
    assert (first.team, first.points, first.rule, first.calls, first.accepted, first.seat) == (
        0,
        4,
        AwardRule.ENVIDO_ACCEPTED,
        ("envido", "envido"),
        True,
        0,
    )
    assert (second.team, second.points, second.rule, second.calls, second.accepted) == (
        0,
        1,
        AwardRule.TRUCO_DECLINED,
        ("truco",),
        False,
    )
    assert h.end == h.end.__class__(EndKind.TRUCO_DECLINED, 0)


def test_history_properties():
    h = run(HandState(Rules(), DEAL), "0:envido 1:real_envido 0:quiero 0:truco 1:quiero 0:12e")
    assert h.envido_calls == ((0, EnvidoCall.ENVIDO), (1, EnvidoCall.REAL_ENVIDO))
    assert h.truco_calls == ((0, TrucoCall.TRUCO),)
    assert h.truco_level == 1 and h.hand_value == 2
    assert h.envido_status is EnvidoStatus.SETTLED and h.envido_status == "settled"
    assert h.current_trick == ((0, Card.parse("12e")),)
    assert h.hands[0] == (Card.parse("7c"), Card.parse("5c"))


def test_envido_status_closes_after_the_first_trick():
    h = run(HandState(Rules(), DEAL), "0:12e 1:5o")
    assert h.envido_status is EnvidoStatus.CLOSED and h.envido_status == "closed"


@pytest.mark.parametrize(
    "rules, log, status",
    [
        (Rules(), "", EnvidoStatus.OPEN),
        (Rules(), "0:envido", EnvidoStatus.CALLED),
        (Rules(), "0:envido 1:no_quiero", EnvidoStatus.SETTLED),
        (Rules(), "0:truco 1:quiero", EnvidoStatus.CLOSED),
        (Rules(envido=False), "", EnvidoStatus.CANCELLED),
    ],
)
def test_envido_status_is_typed(rules, log, status):
    h = run(HandState(rules, DEAL), log)
    assert h.envido_status is status and h.view_for(0).envido_status is status


def test_the_pending_call_is_typed():
    h = HandState(Rules(), DEAL)
    assert h.pending is None and h.view_for(1).pending is None
    run(h, "0:truco 1:retruco")
    assert h.pending == PendingCall(CallFamily.TRUCO, 1, 0, TrucoCall.RETRUCO)
    assert h.pending.phase is Phase.ANSWER_TRUCO is h.phase
    run(h, "0:quiero")
    assert h.pending is None
    h = run(HandState(Rules(), DEAL), "0:truco 1:envido 0:real_envido")
    assert h.pending == PendingCall(CallFamily.ENVIDO, 0, 1, EnvidoCall.REAL_ENVIDO)
    assert [f.phase for f in CallFamily] == [Phase.ANSWER_ENVIDO, Phase.ANSWER_TRUCO, Phase.ANSWER_FLOR]
    run(h, "1:quiero")
    assert h.pending == PendingCall(CallFamily.TRUCO, 0, 1, TrucoCall.TRUCO)  # the truco waits
    run(h, "1:no_quiero")
    assert h.is_over and h.pending is None


def test_envido_off_is_refused_with_its_reason():
    h = HandState(Rules(envido=False), DEAL)
    assert reason(h, Call(0, EnvidoCall.ENVIDO)) is Reason.ENVIDO_NOT_IN_RULES
    assert all(not isinstance(a, Call) or a.call is TrucoCall.TRUCO for a in h.legal_actions())


# --- Views -----------------------------------------------------------------------------------------


def test_a_view_holds_only_what_its_seat_may_see():
    h = run(HandState(Rules(players=4), "7c,5c,12e|6o,5o,12b|1e,2e,3e|4b,5b,6c"), "0:7c 1:envido")
    view = h.view_for(2)
    assert view.hand == view.dealt == (Card.parse("1e"), Card.parse("2e"), Card.parse("3e"))
    assert view.current_trick == ((0, Card.parse("7c")),)
    assert view.cards_left == (2, 3, 3, 3)
    assert view.pending == PendingCall(CallFamily.ENVIDO, 1, 2, EnvidoCall.ENVIDO)
    assert view.pending.phase is Phase.ANSWER_ENVIDO
    assert view.my_turn and [str(a) for a in view.legal_actions][:2] == ["2:quiero", "2:no_quiero"]
    assert h.view_for(0).legal_actions == ()
    text = repr(view)
    for hidden in ("5c", "12e", "6o", "5o", "12b", "4b", "5b", "6c"):
        assert f"'{hidden}'" not in text


def test_a_view_is_detached_from_the_state():
    h = HandState(Rules(), DEAL)
    view = h.view_for(0)
    h.apply(PlayCard(0, Card.parse("7c")))
    assert view.hand == (Card.parse("7c"), Card.parse("5c"), Card.parse("12e"))
    assert view.to_act == 0 and h.to_act == 1


def test_a_view_shows_own_envido_and_flor():
    h = HandState(Rules(flor=FlorMode.SIMPLE), "1e,5e,7e|4o,5o,2c")
    assert h.view_for(0).has_flor and not h.view_for(1).has_flor
    assert h.view_for(1).envido == 29


def test_view_for_a_bad_seat():
    with pytest.raises(InvalidNotationError):
        HandState(Rules(), DEAL).view_for(2)


# --- Equality and representation -------------------------------------------------------------------


def test_states_with_the_same_history_are_equal():
    a = run(HandState(Rules(), DEAL), "0:envido 1:quiero 0:12e")
    b = run(HandState(Rules(), DEAL), "0:envido 1:quiero 0:12e")
    c = run(HandState(Rules(), DEAL), "0:envido 1:no_quiero 0:12e")
    assert a == b and a != c
    assert "phase=play" in repr(a) and "to_act=1" in repr(a)


def test_a_preset_must_be_turned_into_rules_first():
    from tutor.engine import find_variant

    with pytest.raises(TypeError, match="rules()"):
        HandState(find_variant("argentino"), "1e,7o,3b|4c,5c,6c")
    assert HandState(find_variant("fixed").rules(), "1e,7o,3b|4c,5c,6c").rules.envido_raisable is False
