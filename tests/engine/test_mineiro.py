"""Truco Mineiro: every clause of the rules specification (docs/rules/mineiro.md §9.3) and every
example in it, one test each, named after the clause. Expectations are worked out from the rule text,
not read from the engine.

Ranking used to build the deals (strongest first): 4b (zap), 7c, 1e, 7o, every 3, every 2, 1b 1o 1c,
every 12 (K), every 10 (J), every 11 (Q), 7e 7b, every 6, every 5, 4e 4o 4c.
"""

from __future__ import annotations

import pytest

from tutor.engine import (
    DECK,
    FACE_DOWN,
    MANILHAS,
    MINEIRO,
    AwardRule,
    Card,
    EndKind,
    EventKind,
    HandEnd,
    HandRule,
    HandState,
    IllegalActionError,
    InvalidNotationError,
    MatchState,
    MineiroHand,
    Phase,
    PlayCard,
    Reason,
    ThreeChoice,
    TrickOutcome,
    find_variant,
    format_hand,
    format_rules,
    parse_action,
    parse_deal,
    parse_hand,
    parse_rules,
)
from tutor.engine.rules import table_presets

MINEIRO_VARIANT = find_variant("mineiro")
TWO = MINEIRO_VARIANT.rules()
FOUR = MINEIRO_VARIANT.rules(players=4)
# Four players: side A = seats 0 and 2, side B = seats 1 and 3; seat 0 is the mão unless said otherwise.
SPARES = "12e,12b,12o|11e,11b,11o|10e,10b,10o"


def two(cards: str, mano: int = 0, scores: tuple[int, int] = (0, 0)) -> MineiroHand:
    hand = TWO.new_hand(cards, mano, scores)
    assert isinstance(hand, MineiroHand)
    return hand


def four(cards: str, mano: int = 0, scores: tuple[int, int] = (0, 0)) -> MineiroHand:
    hand = FOUR.new_hand(cards, mano, scores)
    assert isinstance(hand, MineiroHand)
    return hand


def play(hand: HandState, actions: str) -> HandState:
    for text in actions.split():
        hand.apply(parse_action(text))
    return hand


def refused(hand: HandState, text: str) -> Reason:
    before = format_hand(hand)
    with pytest.raises(IllegalActionError) as caught:
        hand.apply(parse_action(text))
    assert format_hand(hand) == before
    return caught.value.reason


def end_of(hand: HandState) -> HandEnd:
    assert hand.end is not None
    return hand.end


def legal(hand: HandState) -> list[str]:
    return [str(a) for a in hand.legal_actions()]


# --- §9.3.1 Players, deck and target ----------------------------------------------------------------


def test_the_preset_is_found_by_its_names_and_builds_mineiro_hands():
    assert find_variant("004") is MINEIRO_VARIANT and find_variant("Truco-Mineiro") is MINEIRO_VARIANT
    assert type(MINEIRO_VARIANT.new_hand("3e,2o,4b|1e,5c,6c")).__name__ == "MineiroHand"
    assert type(FOUR.new_hand("3o,5e,6e|2e,5c,6c|3c,5o,6o|1b,5b,6b")).__name__ == "MineiroHand"


def test_two_or_four_players_to_12_and_no_malas():
    assert MINEIRO_VARIANT.players == (2, 4)
    assert TWO.target == 12 and TWO.malas is None
    with pytest.raises(InvalidNotationError):
        MINEIRO_VARIANT.rules(players=6)
    with pytest.raises(InvalidNotationError):
        MINEIRO_VARIANT.rules(target=30)


def test_at_the_table():
    assert MINEIRO_VARIANT.table is True
    assert "mineiro" in table_presets()


def test_the_rules_notation_round_trips():
    for rules in (TWO, FOUR):
        assert parse_rules(format_rules(rules)) == rules
    assert format_rules(FOUR) == "mineiro:players=4"
    with pytest.raises(InvalidNotationError):
        parse_rules("mineiro:envido=yes")  # the preset locks the envido off


def test_the_french_deck_of_40_cards_is_written_in_the_spanish_notation():
    assert len(DECK) == 40
    assert Card.parse("4♣") == Card.parse("4b")
    assert Card.parse("7♥") == Card.parse("7c")
    assert Card.parse("A♠") == Card.parse("1e")
    assert Card.parse("7♦") == Card.parse("7o")
    assert Card.parse("J♦") == Card.parse("10o")
    assert Card.parse("Q♠") == Card.parse("11e")
    assert Card.parse("K♥") == Card.parse("12c")
    for text in ("8♠", "9♣"):
        with pytest.raises(InvalidNotationError):
            Card.parse(text)


def test_no_envido_no_flor_no_mazo():
    hand = two("1e,7c,3b|4c,5c,6c")
    assert refused(hand, "0:envido") is Reason.ENVIDO_NOT_IN_RULES
    assert refused(hand, "0:flor") is Reason.FLOR_NOT_IN_RULES
    assert refused(hand, "0:mazo") is Reason.MAZO_NOT_IN_RULES
    assert legal(hand) == ["0:1e", "0:7c", "0:3b", "0:truco"]


def test_a_hand_is_worth_one_tento():
    hand = play(two("3e,3b,6c|5e,5b,6b"), "0:3e 1:5e 0:3b 1:5b")
    assert hand.hand_value == 1 and hand.scores == (1, 0)


# --- §9.3.2 Ranking -------------------------------------------------------------------------------


def test_the_four_fixed_manilhas_rank_first():
    assert [c.french for c in MANILHAS] == ["4♣", "7♥", "A♠", "7♦"]
    assert [MINEIRO.level(Card.parse(t)) for t in ("4♣", "7♥", "A♠", "7♦")] == [1, 2, 3, 4]


def test_the_ranking_after_the_manilhas():
    order = ["3♠", "2♥", "A♣", "K♦", "J♠", "Q♣", "7♠", "6♥", "5♦", "4♥"]
    levels = [MINEIRO.level(Card.parse(t)) for t in order]
    assert levels == sorted(levels) and len(set(levels)) == len(levels) == 10
    assert MINEIRO.compare(Card.parse("A♣"), Card.parse("A♦")) == 0  # the other aces are equal
    assert MINEIRO.compare(Card.parse("7♣"), Card.parse("7♠")) == 0
    assert MINEIRO.compare(Card.parse("4♠"), Card.parse("4♦")) == 0
    assert len(MINEIRO.levels) == 14


def test_the_jack_ranks_above_the_queen_so_10_above_11():
    assert MINEIRO.compare(Card.parse("J♥"), Card.parse("Q♥")) == 1
    assert MINEIRO.compare(Card.parse("10c"), Card.parse("11c")) == 1


# --- §9.3.3 The deal: keep, pass or burn ---------------------------------------------------------


FOUR_SPARE = "3o,5e,6e|2e,5c,6c|3c,5o,6o|1b,5b,6b|" + SPARES


def test_the_mao_keeps_passes_or_burns_the_three_he_was_given():
    hand = four(FOUR_SPARE)
    assert hand.phase is Phase.DEAL and hand.to_act == 0
    assert legal(hand) == ["0:keep", "0:pass", "0:burn"]
    assert refused(hand, "0:3o") is Reason.THREE_CHOICE_PENDING
    assert refused(hand, "1:keep") is Reason.NOT_YOUR_TURN
    play(hand, "0:keep")
    assert hand.phase is Phase.PLAY and hand.hands[0] == hand.deal[0]
    assert [e.kind for e in hand.events] == [EventKind.THREE_KEPT]


def test_a_pass_gives_the_three_to_the_partner_and_the_mao_the_next():
    hand = play(four(FOUR_SPARE), "0:pass")
    three = tuple(Card.parse(t) for t in ("3o", "5e", "6e"))
    assert hand.hands[2] == three and hand.passed == three
    assert hand.hands[0] == tuple(Card.parse(t) for t in ("12e", "12b", "12o"))
    assert hand.view_for(2).hand == three  # the partner holds them
    assert hand.view_for(0).partner_hand == three  # the mão knows them
    assert hand.view_for(1).hand == ()  # the others are dealt only when the mão has kept
    assert hand.phase is Phase.DEAL


def test_a_pass_only_once_a_hand():
    hand = play(four(FOUR_SPARE), "0:pass")
    assert "0:pass" not in legal(hand)
    assert refused(hand, "0:pass") is Reason.CANNOT_PASS_OR_BURN


def test_no_pass_with_two_players():
    hand = two("3o,5e,6e|2e,5c,6c|" + SPARES)
    assert legal(hand) == ["0:keep", "0:burn"]
    assert refused(hand, "0:pass") is Reason.CANNOT_PASS_OR_BURN


def test_burned_cards_are_out_of_the_hand_and_known_to_all():
    hand = play(four(FOUR_SPARE), "0:burn")
    burned = tuple(Card.parse(t) for t in ("3o", "5e", "6e"))
    assert hand.burned == burned
    assert all(hand.view_for(seat).burned == burned for seat in range(4))
    event = hand.events[-1]
    assert event.kind is EventKind.THREE_BURNED and event.cards == burned
    assert hand.hands[0] == tuple(Card.parse(t) for t in ("12e", "12b", "12o"))


def test_the_fourth_three_must_be_kept():
    hand = play(four(FOUR_SPARE), "0:burn 0:pass 0:burn")
    assert hand.phase is Phase.PLAY  # four threes seen: the last one is his hand
    assert hand.hands[0] == tuple(Card.parse(t) for t in ("10e", "10b", "10o"))
    assert hand.hands[2] == tuple(Card.parse(t) for t in ("12e", "12b", "12o"))
    assert hand.burned == tuple(Card.parse(t) for t in ("3o", "5e", "6e", "11e", "11b", "11o"))
    assert hand.events[-1].kind is EventKind.THREE_KEPT and hand.events[-1].auto
    assert hand.to_act == 0 and legal(hand)[:3] == ["0:10e", "0:10b", "0:10o"]


def test_the_others_get_their_own_three_after_the_mao_has_kept():
    hand = play(four(FOUR_SPARE), "0:burn 0:keep")
    assert [hand.view_for(seat).hand for seat in (1, 2, 3)] == [hand.deal[1], hand.deal[2], hand.deal[3]]


def test_when_play_began_is_the_hand_after_the_maos_choices_and_none_before():
    hand = four(FOUR_SPARE)
    assert hand.when_play_began() is None
    play(hand, "0:burn 0:pass")
    assert hand.when_play_began() is None  # the mão has not kept yet
    play(hand, "0:keep")
    began = hand.when_play_began()
    assert began is not None and began.phase is Phase.PLAY
    expected = tuple(Card.parse(t) for t in ("11e", "11b", "11o"))
    assert began.hands[0] == expected and began.hands[2] == tuple(Card.parse(t) for t in ("12e", "12b", "12o"))
    assert began.burned == tuple(Card.parse(t) for t in ("3o", "5e", "6e"))
    first = began.legal_actions()[0]
    play(hand, str(first))  # a card played later does not move when play began
    later = hand.when_play_began()
    assert later is not None and later.hands == began.hands and later.actions == began.actions


def test_a_deal_without_spare_threes_leaves_nothing_to_choose():
    hand = four("3o,5e,6e|2e,5c,6c|3c,5o,6o|1b,5b,6b")
    assert hand.phase is Phase.PLAY and not any(isinstance(a, ThreeChoice) for a in hand.legal_actions())
    assert refused(hand, "0:keep") is Reason.NOTHING_TO_DECIDE


def test_no_passing_or_burning_on_11():
    for scores in ((11, 4), (11, 11)):
        hand = four(FOUR_SPARE, scores=scores)
        assert hand.phase is not Phase.DEAL
        assert refused(hand, "0:burn") is Reason.NOTHING_TO_DECIDE


# --- §9.3.4 Tricks, ties and face-down cards ---------------------------------------------------------

FOUR_DEAL = "5e,3b,2o|3e,6e,5c|3o,6o,6c|4e,5o,4c"


def test_equal_top_cards_of_both_sides_tie_and_the_first_tying_card_leads():
    hand = play(four(FOUR_DEAL), "0:5e 1:3e 2:3o 3:4e")
    assert hand.trick_outcomes == (TrickOutcome.PARDA,)
    assert hand.to_act == 1  # the 3e of seat 1 was the first tying card (seat 0 led)


def test_equal_top_cards_of_partners_win_for_their_side_the_first_of_them_leads():
    hand = play(four("3e,6e,5c|5e,3b,2o|3o,6o,6c|4e,5o,4c"), "0:3e 1:5e 2:3o 3:4e")
    assert hand.trick_winners == (0,) and hand.to_act == 0


def test_no_face_down_card_in_the_first_trick():
    hand = two("3e,5e,6e|2e,5c,6c")
    assert "0:~3e" not in legal(hand)
    assert refused(hand, "0:~3e") is Reason.FACE_DOWN_NOT_ALLOWED


def test_from_the_second_trick_a_card_may_be_played_face_down_also_by_the_leader():
    hand = play(two("2e,3o,6e|5e,3c,4c"), "0:2e 1:5e")
    assert "0:~3o" in legal(hand) and "0:~6e" in legal(hand)
    play(hand, "0:~3o")
    assert "1:~3c" in legal(hand)


def test_a_face_down_card_can_neither_win_nor_tie():
    hand = play(two("2e,3o,6e|5e,3c,4c"), "0:2e 1:5e 0:~3o 1:4c")
    assert hand.trick_winners == (0, 1)  # the lowest card, face up, beats a face-down three
    hand = play(two("2e,3o,6e|5e,3c,4c"), "0:2e 1:5e 0:~3o 1:3c")
    assert hand.trick_outcomes == (TrickOutcome.WON, TrickOutcome.LOST)  # no tie with the hidden three


def test_a_trick_of_face_down_cards_only_is_tied_and_its_leader_leads_again():
    hand = play(four(FOUR_DEAL), "0:5e 1:3e 2:3o 3:4e")  # tied: seat 1 leads trick 2
    play(hand, "1:~6e 2:~6o 3:~5o 0:~3b")
    assert hand.trick_outcomes == (TrickOutcome.PARDA, TrickOutcome.PARDA)
    assert hand.to_act == 1


def test_a_face_down_card_stays_hidden_from_the_others_also_after_the_hand():
    hand = play(two("2e,3o,6e|5e,3c,4c"), "0:2e 1:5e 0:~3o")
    three = Card.parse("3o")
    other = hand.view_for(1)
    assert other.current_trick == ((0, FACE_DOWN),)
    assert three not in [e.card for e in other.events]
    assert str(other.actions[-1]) == "0:~" and other.actions[-1].card is FACE_DOWN
    assert hand.view_for(0).current_trick == ((0, three),)
    play(hand, "1:4c 1:3c 0:6e")  # seat 1 takes tricks 2 and 3
    assert hand.is_over and hand.scores == (0, 1)
    assert hand.view_for(1).tricks[1] == ((0, FACE_DOWN), (1, Card.parse("4c")))
    assert hand.view_for(0).tricks[1][0] == (0, three)


# --- §9.3.5 The hand without an accepted truco ----------------------------------------------------

_HIGH = ["2e", "2b", "2o"]
_LOW = ["5e", "5b", "5o"]
_TIE = [("3e", "3b"), ("3o", "3c"), ("6e", "6b")]


def _sequence_hand(sequence: str) -> tuple[MineiroHand, list[str]]:
    """Two players, seat 0 the mão; trick k goes W (mão), L or T as ``sequence`` says."""
    cards: list[list[str]] = [[], []]
    for k, out in enumerate(sequence):
        if out == "T":
            a, b = _TIE[k]
        elif out == "W":
            a, b = _HIGH[k], _LOW[k]
        else:
            a, b = _LOW[k], _HIGH[k]
        cards[0].append(a)
        cards[1].append(b)
    for seat, spare in ((0, ["6c", "6o", "4e"]), (1, ["4o", "4c", "5c"])):
        cards[seat] += spare[: 3 - len(cards[seat])]
    hand = two(f"{','.join(cards[0])}|{','.join(cards[1])}")
    moves = []
    leader = 0
    for k, out in enumerate(sequence):
        order = (leader, 1 - leader)
        moves += [f"{seat}:{cards[seat][k]}" for seat in order]
        leader = {"W": 0, "L": 1}.get(out, leader)
    return hand, moves


@pytest.mark.parametrize(
    "sequence, winner",
    [
        ("WW", 0),
        ("WLW", 0),
        ("LWW", 0),
        ("TW", 0),
        ("TTW", 0),
        ("WT", 0),
        ("WLT", 0),
        ("LL", 1),
        ("LWL", 1),
        ("WLL", 1),
        ("TL", 1),
        ("TTL", 1),
        ("LT", 1),
        ("LWT", 1),
        ("TTT", None),
    ],
)
def test_the_results_table(sequence: str, winner: int | None):
    """docs/rules/mineiro.md §9.3.5: every sequence of the table, played only as far as needed."""
    hand, moves = _sequence_hand(sequence)
    for move in moves:
        assert not hand.is_over
        hand.apply(parse_action(move))
    assert hand.is_over
    if winner is None:
        assert end_of(hand).kind is EndKind.NO_WINNER and end_of(hand).team is None
        assert hand.scores == (0, 0) and hand.awards == []
    else:
        assert end_of(hand).team == winner and hand.points[winner] == 1


def test_three_ties_score_nothing_not_the_mao():
    hand = play(two("3e,6e,5c|3b,6b,5o"), "0:3e 1:3b 0:6e 1:6b 0:5c 1:5o")
    assert end_of(hand) == HandEnd(EndKind.NO_WINNER, None, HandRule.ALL_TIED_NOBODY)
    assert hand.scores == (0, 0)


# --- §9.3.6 Truco: the ladder --------------------------------------------------------------------


@pytest.mark.parametrize(
    "calls, value",
    [("0:truco 1:quiero", 3), ("0:truco 1:seis 0:quiero", 6), ("0:truco 1:seis 0:nove 1:quiero", 9)]
    + [("0:truco 1:seis 0:nove 1:doze 0:quiero", 12)],
)
def test_truco_3_seis_6_nove_9_doze_12(calls: str, value: int):
    hand = play(two("3e,3b,6c|5e,5b,6b"), calls)
    assert hand.hand_value == value and hand.truco_level == len(calls.split()) - 1


@pytest.mark.parametrize("calls, points", [(1, 1), (2, 3), (3, 6), (4, 9)])
def test_running_gives_the_callers_the_previous_stake(calls: int, points: int):
    hand = two("3e,3b,6c|5e,5b,6b")
    texts = ["0:truco", "1:seis", "0:nove", "1:doze"][:calls]
    play(hand, " ".join(texts))
    caller = calls % 2 == 0  # seat 1 made an even-numbered call
    answerer = 0 if caller else 1
    play(hand, f"{answerer}:no_quiero")
    assert end_of(hand).kind is EndKind.TRUCO_DECLINED
    assert hand.points[1 - answerer] == points and hand.points[answerer] == 0


def test_any_player_in_his_turn_before_his_card_calls_truco():
    hand = four("3o,5e,6e|2e,5c,6c|3c,5o,6o|1b,5b,6b")
    assert refused(hand, "1:truco") is Reason.NOT_YOUR_TURN
    play(hand, "0:3o")
    assert "1:truco" in legal(hand)
    play(hand, "1:truco")
    assert hand.pending is not None and hand.pending.responder == 2  # the next opponent answers


def test_only_the_side_that_did_not_make_the_last_call_raises_at_once_or_later():
    hand = four("3o,5e,6e|2e,5c,6c|3c,5o,6o|1b,5b,6b")
    play(hand, "0:truco")
    assert "1:seis" in legal(hand)  # at once, as the answer
    play(hand, "1:quiero")
    assert refused(hand, "0:seis") is Reason.TRUCO_ONLY_ACCEPTING_TEAM
    assert "0:seis" not in legal(hand)
    play(hand, "0:3o")
    assert "1:seis" in legal(hand)  # later, in its own turn
    play(hand, "1:2e 2:5o")
    assert "3:seis" in legal(hand)


def test_nothing_follows_doze():
    hand = play(two("3e,3b,6c|5e,5b,6b"), "0:truco 1:seis 0:nove 1:doze")
    assert legal(hand) == ["0:quiero", "0:no_quiero"]
    play(hand, "0:quiero")
    assert not any(a.startswith("0:") and not a[2:3].isdigit() for a in legal(hand))
    assert refused(hand, "0:doze") is Reason.TRUCO_ALREADY_MAX


def test_no_raise_when_accepting_already_wins_pagats_example():
    """A has 7, B has 5. A calls truco; B may answer seis (5 + 3 < 12); A may not answer nove (7 + 6 >= 12)."""
    hand = two("3e,3b,6c|5e,5b,6b", scores=(7, 5))
    play(hand, "0:truco")
    assert "1:seis" in legal(hand)
    play(hand, "1:seis")
    assert legal(hand) == ["0:quiero", "0:no_quiero"]
    assert refused(hand, "0:nove") is Reason.RAISE_ALREADY_WINS


def test_no_later_raise_when_the_accepted_stake_already_wins():
    hand = two("3e,3b,6c|5e,5b,6b", scores=(0, 9))
    play(hand, "0:truco")
    assert legal(hand) == ["1:quiero", "1:no_quiero"]  # 9 + 3 >= 12: no seis as the answer
    play(hand, "1:quiero 0:6c")
    assert "1:seis" not in legal(hand)
    assert refused(hand, "1:seis") is Reason.RAISE_ALREADY_WINS
    hand = two("3e,3b,6c|5e,5b,6b", scores=(0, 8))
    play(hand, "0:truco 1:quiero 0:6c")
    assert "1:seis" in legal(hand)  # 8 + 3 < 12


# --- §9.3.7 Truco is a bet on the current trick -------------------------------------------------


def test_example_the_bet_trick_decides_whatever_happened_before():
    """A wins trick 1; in trick 2 B calls truco before his card, A accepts, B wins trick 2: B scores 3."""
    hand = play(two("2e,5o,6c|5e,3b,6b"), "0:2e 1:5e 0:5o 1:truco 0:quiero 1:3b")
    assert hand.is_over and hand.scores == (0, 3)
    assert end_of(hand) == HandEnd(EndKind.TRICKS, 1, HandRule.BET_TRICK_WON)


def test_example_a_tie_with_a_card_played_before_the_call_loses_for_the_caller():
    """Trick 2: A plays 3o; B calls truco, A accepts; B plays 3e, a tie: B made the call and loses, A scores 3."""
    hand = play(two("2e,3o,6c|5e,3e,6b"), "0:2e 1:5e 0:3o 1:truco 0:quiero 1:3e")
    assert hand.is_over and hand.scores == (3, 0)
    assert end_of(hand) == HandEnd(EndKind.TRICKS, 0, HandRule.BET_TIE_CALLER_LOSES)


def test_example_a_real_tie_moves_the_bet_to_the_next_trick_and_a_real_tie_there_scores_nothing():
    """Trick 2: A calls truco before leading, B accepts; 2o and 2e tie: trick 3 decides at 3; tied too: nothing."""
    hand = play(two("3b,2o,6c|5e,2e,6b"), "0:3b 1:5e 0:truco 1:quiero 0:2o 1:2e")
    assert not hand.is_over and hand.to_act == 0  # the first tying card (A's 2o) leads
    play(hand, "0:6c 1:6b")
    assert end_of(hand) == HandEnd(EndKind.NO_WINNER, None, HandRule.BET_TIE_LAST_TRICK_NOBODY)
    assert hand.scores == (0, 0)
    hand = play(two("3b,2o,6c|5e,2e,3c"), "0:3b 1:5e 0:truco 1:quiero 0:2o 1:2e 0:6c 1:3c")
    assert hand.scores == (0, 3)  # the next trick decides, at the stake: A's first trick does not count


def test_a_won_bet_trick_ends_the_hand_at_once():
    hand = play(two("4b,5c,6c|3e,5e,6e"), "0:truco 1:quiero 0:4b 1:3e")
    assert hand.is_over and hand.scores == (3, 0) and len(hand.tricks) == 1


def test_the_last_call_decides_who_loses_a_tie_with_a_card_before_it():
    """Four players: 3e on the table, B calls truco, A accepts; B's 3o ties: B loses, A scores 3."""
    deal = "3e,5e,6e|3o,5c,6c|5o,6o,4e|4c,5b,6b"
    hand = play(four(deal), "0:3e 1:truco 2:quiero 1:3o 2:5o 3:4c")
    assert hand.scores == (3, 0) and end_of(hand).rule is HandRule.BET_TIE_CALLER_LOSES
    # A raise in the same trick: A's seis, made with both threes on the table, is the last call.
    hand = play(four(deal), "0:3e 1:truco 2:quiero 1:3o 2:seis 3:quiero 2:5o 3:4c")
    assert hand.scores == (0, 6) and end_of(hand).rule is HandRule.BET_TIE_CALLER_LOSES


def test_a_raise_accepted_in_the_current_trick_keeps_it_the_deciding_trick_at_the_new_stake():
    hand = play(four("3e,5e,6e|7c,5c,6c|5o,6o,4e|4c,5b,6b"), "0:3e 1:truco 2:seis 3:quiero 1:7c 2:5o 3:4c")
    assert hand.scores == (0, 6) and len(hand.tricks) == 1


def test_face_down_cards_take_no_part_in_the_bet_trick():
    hand = play(two("2e,3o,6c|5e,4c,6b"), "0:2e 1:5e 0:truco 1:quiero 0:~3o 1:4c")
    assert hand.scores == (0, 3)


# --- §9.3.8 Mão de onze -----------------------------------------------------------------------------

ONZE_DEAL = "3o,5e,6e|2e,5c,6c|3c,5o,6o|1b,5b,6b"


def test_mao_de_onze_the_side_on_11_sees_each_others_cards_and_its_first_seat_decides():
    hand = four(ONZE_DEAL, mano=1, scores=(11, 5))  # order of play 1, 2, 3, 0: seat 2 decides for A
    assert hand.phase is Phase.DECIDE and hand.to_act == 2 and hand.decider == 2
    assert legal(hand) == ["2:play11", "2:run11"]
    assert hand.view_for(2).partner_hand == hand.deal[0]
    assert hand.view_for(0).partner_hand == hand.deal[2]
    assert hand.view_for(1).partner_hand == () and hand.view_for(3).partner_hand == ()
    assert refused(hand, "1:2e") is Reason.ELEVEN_DECISION_PENDING
    assert refused(hand, "0:play11") is Reason.NOT_YOUR_TURN


def test_mao_de_onze_running_gives_the_opponents_1():
    hand = play(four(ONZE_DEAL, mano=1, scores=(11, 5)), "2:run11")
    assert hand.is_over and hand.scores == (11, 6)
    assert hand.awards[0].rule is AwardRule.ELEVEN_REFUSED


def test_mao_de_onze_played_is_worth_3_and_nobody_calls_truco():
    hand = play(two("3e,3b,6c|5e,5b,6b", scores=(11, 5)), "0:play11")
    assert hand.hand_value == 3
    assert "0:truco" not in legal(hand)
    assert refused(hand, "0:truco") is Reason.BETS_CLOSED
    play(hand, "0:3e")
    assert refused(hand, "1:truco") is Reason.BETS_CLOSED
    play(hand, "1:5e 0:3b 1:5b")
    assert hand.scores == (14, 5) and hand.match_winner == 0


def test_mao_de_onze_lost_gives_the_opponents_3():
    hand = play(two("5e,5b,6b|3e,3b,6c", scores=(11, 5)), "0:play11 0:5e 1:3e 1:3b 0:5b")
    assert hand.scores == (11, 8)


def test_mao_de_onze_with_two_players_the_decider_sees_only_his_cards():
    hand = two("3e,3b,6c|5e,5b,6b", scores=(3, 11))
    assert hand.decider == 1 and hand.view_for(1).partner_hand == ()


def test_a_void_mao_de_onze_is_followed_by_another():
    tied = parse_deal("3e,6e,5c|3b,6b,5o")
    match = MatchState(TWO, scores=(11, 4), deals=[tied])
    for text in ("0:play11", "0:3e", "1:3b", "0:6e", "1:6b", "0:5c", "1:5o"):
        match.apply(parse_action(text))
    assert match.history[0].end is not None and match.history[0].end.kind is EndKind.NO_WINNER
    assert match.scores == (11, 4) and isinstance(match.hand, MineiroHand) and match.hand.decider is not None


# --- §9.3.9 Mão de ferro ----------------------------------------------------------------------------


def test_mao_de_ferro_nobody_sees_his_cards_and_each_turns_up_his_next_card():
    hand = two("3e,5e,6e|2e,5o,6o", scores=(11, 11))
    assert hand.phase is Phase.PLAY and hand.iron
    assert hand.view_for(0).hand == () and hand.view_for(1).dealt == ()
    assert legal(hand) == ["0:3e"]
    assert refused(hand, "0:6e") is Reason.NOT_NEXT_CARD
    assert refused(hand, "0:truco") is Reason.BETS_CLOSED
    play(hand, "0:3e 1:2e")
    assert refused(hand, "0:~5e") is Reason.FACE_DOWN_NOT_ALLOWED


def test_mao_de_ferro_the_winner_wins_the_game():
    hand = play(two("3e,5e,6e|2e,5o,6o", scores=(11, 11)), "0:3e 1:2e 0:5e 1:5o")
    assert hand.scores == (12, 11) and hand.match_winner == 0


def test_mao_de_ferro_without_a_winner_is_dealt_again_by_the_next_dealer():
    tied = parse_deal("3e,6e,5c|3b,6b,5o")
    match = MatchState(TWO, scores=(11, 11), deals=[tied])
    for text in ("0:3e", "1:3b", "0:6e", "1:6b", "0:5c", "1:5o"):
        match.apply(parse_action(text))
    assert not match.is_over and match.scores == (11, 11)
    assert match.hand.mano == 1 and isinstance(match.hand, MineiroHand) and match.hand.iron


# --- §9.3.10 End of the game ------------------------------------------------------------------------


def test_the_first_side_to_12_or_more_wins():
    hand = play(two("4b,5c,6c|3e,5e,6e", scores=(10, 0)), "0:truco 1:quiero 0:4b 1:3e")
    assert hand.scores == (13, 0) and hand.match_winner == 0
    assert [e.kind for e in hand.events[-2:]] == [EventKind.HAND_OVER, EventKind.MATCH_WON]


# --- Notation ---------------------------------------------------------------------------------------


def test_the_hand_notation_round_trips_with_spare_threes_face_down_cards_and_choices():
    hand = play(four(FOUR_SPARE), "0:burn 0:keep 0:12e 1:2e 2:3c 3:1b")
    play(hand, "2:truco 3:quiero 2:~5o")
    text = format_hand(hand)
    assert text.startswith("mineiro:players=4;mano=0;scores=0-0;3o,5e,6e|2e,5c,6c|3c,5o,6o|1b,5b,6b|12e,12b,12o|")
    assert text.endswith(";0:burn 0:keep 0:12e 1:2e 2:3c 3:1b 2:truco 3:quiero 2:~5o")
    assert parse_hand(text).state() == hand


def test_a_face_down_card_is_written_with_a_tilde_also_in_french():
    action = parse_action("0:~7♦")
    assert action == PlayCard(0, Card.parse("7o"), True) and str(action) == "0:~7o"
    assert parse_action("1:seis").notation == "1:seis"
    assert str(parse_action("0:keep")) == "0:keep"


def test_a_deal_holds_at_most_three_spare_threes():
    with pytest.raises(InvalidNotationError):
        two("3o,5e,6e|2e,5c,6c|" + SPARES + "|7e,7b,6o")
    with pytest.raises(InvalidNotationError):
        two("3o,5e,6e|2e,5c,6c|3o,4e,4o")  # a card twice
