"""Text forms of rules, deals, actions and hands, and replay (state = rules + deal + log)."""

from __future__ import annotations

from itertools import product

import pytest

from tutor.engine import (
    CALLS,
    DECK,
    Answer,
    Call,
    Card,
    FaltaMode,
    FlorMode,
    HandRecord,
    HandState,
    IllegalActionError,
    InvalidNotationError,
    Mazo,
    NotationReason,
    PlayCard,
    Reason,
    Rules,
    deal,
    find_variant,
    format_action,
    format_actions,
    format_deal,
    format_hand,
    format_rules,
    parse_action,
    parse_actions,
    parse_deal,
    parse_hand,
    parse_rules,
    replay,
)

ALL_RULES = [
    Rules(players=p, target=t, flor=f, falta_mode=m, early_mazo=e, envido_raisable=r)
    for p, t, f, m, e, r in product((2, 4, 6), (5, 30), FlorMode, FaltaMode, (False, True), (False, True))
] + [find_variant("fixed").rules(players=p, target=t) for p, t in product((2, 4), (5, 15, 30))]


# --- Rules -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", ALL_RULES, ids=format_rules)
def test_rules_round_trip(rules):
    assert parse_rules(format_rules(rules)) == rules


def test_rules_text_names_the_preset_and_only_the_changed_options():
    assert format_rules(Rules()) == "argentino"
    assert format_rules(find_variant("001").rules()) == "fixed"
    assert format_rules(find_variant("fixed").rules(target=15)) == "fixed:target=15"
    assert format_rules(Rules(falta_mode=FaltaMode.TO_FIFTEEN)) == "argentino:falta_mode=to_15"


def test_rules_text_is_read_leniently():
    assert parse_rules("") == Rules()
    assert parse_rules(" Argentine : players = 4 , early_mazo = on ") == Rules(players=4, early_mazo=True)
    assert parse_rules("001").variant == "fixed"


@pytest.mark.parametrize(
    "text, why",
    [
        ("paulista", NotationReason.UNKNOWN_OPTION),
        ("argentino:colour=red", NotationReason.UNKNOWN_OPTION),
        ("argentino:players", NotationReason.MALFORMED),
        ("argentino:players=two", NotationReason.BAD_VALUE),
        ("argentino:players=3", NotationReason.BAD_VALUE),
        ("argentino:target=12", NotationReason.BAD_VALUE),
        ("argentino:flor=always", NotationReason.BAD_VALUE),
        ("argentino:early_mazo=perhaps", NotationReason.BAD_VALUE),
        ("argentino:players=4,players=2", NotationReason.MALFORMED),
        ("fixed:flor=simple", NotationReason.BAD_VALUE),
        ("fixed:envido_raisable=yes", NotationReason.BAD_VALUE),
    ],
)
def test_bad_rules_text_gives_a_reason(text, why):
    with pytest.raises(InvalidNotationError) as info:
        parse_rules(text)
    assert info.value.reason is why


def test_rules_are_immutable_values():
    rules = Rules()
    with pytest.raises(AttributeError):
        rules.players = 4  # type: ignore[misc]
    assert rules.replace(players=4) == Rules(players=4) != rules
    assert hash(rules) == hash(Rules())


# --- Deals -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4, 6])
def test_deal_round_trip(players):
    for seed in range(20):
        cards = deal(seed, players)
        assert parse_deal(format_deal(cards), players) == cards


def test_deal_accepts_french_cards_and_spaces():
    assert parse_deal("A♠ 7♦ 3♣ | 4♥,5♥,6♥") == parse_deal("1e,7o,3b|4c,5c,6c")


@pytest.mark.parametrize(
    "text, why, position",
    [
        ("", NotationReason.EMPTY, None),
        ("1e,7o,3b", NotationReason.WRONG_COUNT, None),
        ("1e,7o,3b|4c,5c,6c|1b,2b,3e", NotationReason.WRONG_COUNT, None),
        ("1e,7o,3b|4c,5c", NotationReason.WRONG_COUNT, 1),
        ("1e,7o,3b|4c,5c,1e", NotationReason.DUPLICATE_CARD, 1),
        ("1e,7o,3b|4c,9c,6c", NotationReason.UNKNOWN_RANK, 1),
        ("1e,7o,3x|4c,5c,6c", NotationReason.UNKNOWN_SUIT, 0),
    ],
)
def test_bad_deals_give_a_reason(text, why, position):
    with pytest.raises(InvalidNotationError) as info:
        parse_deal(text)
    assert info.value.reason is why
    assert info.value.details.get("position") == position


def test_deal_with_the_wrong_number_of_players():
    with pytest.raises(InvalidNotationError) as info:
        parse_deal("1e,7o,3b|4c,5c,6c", players=4)
    assert info.value.reason is NotationReason.WRONG_COUNT and info.value.details["expected"] == 4


# --- Actions ---------------------------------------------------------------------------------------

EVERY_ACTION = (
    [PlayCard(seat, card) for seat in range(6) for card in DECK]
    + [Call(seat, call) for seat in range(6) for call in CALLS.values()]
    + [Answer(seat, q) for seat in range(6) for q in (True, False)]
    + [Mazo(seat) for seat in range(6)]
)


def test_every_action_round_trips():
    for action in EVERY_ACTION:
        text = format_action(action)
        assert text == str(action) and " " not in text
        assert parse_action(text) == action
    log = format_actions(EVERY_ACTION)
    assert parse_actions(log) == EVERY_ACTION


def test_action_spellings():
    assert parse_action("0:play:7o") == parse_action("0:7o") == PlayCard(0, Card.parse("7o"))
    assert parse_action("1:A♠") == PlayCard(1, Card.parse("1e"))
    assert parse_action("1:NO_QUIERO") == Answer(1, False)
    assert parse_actions("0:envido 1:quiero 0:play 7o") == [
        Call(0, CALLS["envido"]),
        Answer(1, True),
        PlayCard(0, Card.parse("7o")),
    ]
    assert parse_actions("") == []


@pytest.mark.parametrize(
    "text, why",
    [
        ("envido", NotationReason.MALFORMED),
        ("x:envido", NotationReason.MALFORMED),
        ("0:", NotationReason.MALFORMED),
        ("7:envido", NotationReason.BAD_VALUE),
        ("0:envidito", NotationReason.UNKNOWN_ACTION),
        ("0:8o", NotationReason.UNKNOWN_RANK),
        ("0:7x", NotationReason.UNKNOWN_SUIT),
    ],
)
def test_bad_actions_give_a_reason(text, why):
    with pytest.raises(InvalidNotationError) as info:
        parse_action(text)
    assert info.value.reason is why


def test_the_position_of_a_bad_action_in_a_log():
    with pytest.raises(InvalidNotationError) as info:
        parse_actions("0:envido 1:quiero 0:sing")
    assert info.value.details["position"] == 2


# --- Hands and replay ------------------------------------------------------------------------------

HAND_TEXT = "argentino:players=2;mano=1;scores=3-7;7c,5c,12e|6o,5o,12b;1:envido 0:quiero 1:5o 0:7c"


def test_hand_round_trip_and_state():
    record = parse_hand(HAND_TEXT)
    assert record.mano == 1 and record.scores == (3, 7) and len(record.actions) == 4
    state = record.state()
    assert state.scores == (5, 7)  # seat 0's 32 beats 31: envido accepted, 2 points
    assert format_hand(state) == HAND_TEXT.replace("argentino:players=2", "argentino")
    assert HandRecord.of(state).state() == state


@pytest.mark.parametrize(
    "text",
    [
        "argentino;mano=0;0-0;1e,7o,3b|4c,5c,6c;",
        "argentino;mano=a;scores=0-0;1e,7o,3b|4c,5c,6c;",
        "argentino;mano=0;scores=0:0;1e,7o,3b|4c,5c,6c;",
        "argentino;mano=2;scores=0-0;1e,7o,3b|4c,5c,6c;",
        "argentino;mano=0;scores=0-0;1e,7o,3b|4c,5c,6c",
        "argentino:players=4;mano=0;scores=0-0;1e,7o,3b|4c,5c,6c;",
    ],
)
def test_bad_hand_text(text):
    with pytest.raises(InvalidNotationError):
        parse_hand(text)


def test_replay_yields_every_step():
    steps = replay("argentino", "7c,5c,12e|6o,5o,12b", "0:truco 1:quiero 0:12e 1:12b")
    seen = [(str(action), state.to_act, len(state.actions)) for state, action in steps]
    assert seen == [("0:truco", 1, 1), ("1:quiero", 0, 2), ("0:12e", 1, 3), ("1:12b", 0, 4)]


def test_replay_rebuilds_the_state_exactly():
    state = HandState(Rules(players=4), deal(8, 4), mano=2, scores=(4, 9))
    import random

    rng = random.Random(8)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    for text in (format_hand(state), format_hand(HandRecord.of(state))):
        assert parse_hand(text).state() == state
    *_, (rebuilt, _) = replay(state.rules, state.deal, state.actions, mano=2, scores=(4, 9))
    assert rebuilt == state and rebuilt is not state


TEAM_FOLD_TEXT = (
    "argentino:players=4;mano=0;scores=0-0;3e,4b,5o|2o,6b,6c|1e,1b,7e|4c,12b,11b;0:mazo 1:2o 2:1e 3:4c 2:1b 3:mazo 1:6b"
)


def test_a_team_game_with_folds_round_trips_and_replays():
    # Seat 0 folds, its partner plays on; seat 3 folds in the second trick, seat 1 plays on.
    record = parse_hand(TEAM_FOLD_TEXT)
    state = record.state()
    assert state.folded == (0, 3) and state.is_over and state.points == (1, 0)
    assert format_hand(state) == TEAM_FOLD_TEXT
    to_act = [step.to_act for step, _ in replay(state.rules, state.deal, format_actions(state.actions))]
    assert to_act == [1, 2, 3, 2, 3, 1, None]
    # A folded seat may not act again, also in a replayed log.
    with pytest.raises(IllegalActionError) as info:
        list(replay(state.rules, state.deal, "0:mazo 0:3e"))
    assert info.value.reason is Reason.NOT_YOUR_TURN and info.value.details["position"] == 1


def test_replay_of_an_illegal_log_says_where():
    with pytest.raises(IllegalActionError) as info:
        list(replay(Rules(), "7c,5c,12e|6o,5o,12b", "0:envido 1:quiero 1:6o"))
    assert info.value.reason is Reason.NOT_YOUR_TURN and info.value.details["position"] == 2
