"""Catalan Truc: every clause of the rules specification (docs/rules/catalan.md §9.2) and every
example of its §9.2.12, one test each, named after the clause. Expectations are worked out from the rule text, not read from the engine."""

from __future__ import annotations

import pytest

from tutor.engine import (
    AwardRule,
    Call,
    Card,
    CatalanHand,
    DealChoice,
    Decision,
    EndKind,
    EventKind,
    HandEnd,
    HandRule,
    HandState,
    IllegalActionError,
    InvalidNotationError,
    Knock,
    MatchState,
    Mazo,
    PendingCall,
    Phase,
    Reason,
    find_variant,
    format_hand,
    parse_action,
    parse_hand,
    parse_rules,
)

CATALAN = find_variant("catalan")
TWO = CATALAN.rules()
FOUR = CATALAN.rules(players=4)
# Four players: team A = seats 0 and 2, team B = seats 1 and 3; seat 0 is the mano, seat 3 deals.
FOUR_DEAL = "3o,5e,6e|2e,5c,6c|3c,5o,6o|1b,5b,6b"


def two(cards: str, mano: int = 0, scores: tuple[int, int] = (0, 0)) -> CatalanHand:
    hand = TWO.new_hand(cards, mano, scores)
    assert isinstance(hand, CatalanHand)
    return hand


def four(cards: str, mano: int = 0, scores: tuple[int, int] = (0, 0)) -> CatalanHand:
    hand = FOUR.new_hand(cards, mano, scores)
    assert isinstance(hand, CatalanHand)
    return hand


def end_of(hand: HandState) -> HandEnd:
    assert hand.end is not None
    return hand.end


def pending_of(hand: HandState) -> PendingCall:
    assert hand.pending is not None
    return hand.pending


def run(hand: CatalanHand, log: str) -> CatalanHand:
    for text in log.split():
        hand.apply(parse_action(text))
    return hand


def legal(hand: HandState) -> set[str]:
    return {str(a) for a in hand.legal_actions()}


def refused(hand: HandState, text: str) -> Reason:
    with pytest.raises(IllegalActionError) as info:
        hand.apply(parse_action(text))
    return info.value.reason


# --- Players, deck, target, no envido / flor / mazo ---------------------------------------------------


def test_players_two_or_four_not_six() -> None:
    assert CATALAN.players == (2, 4)
    with pytest.raises(InvalidNotationError):
        CATALAN.rules(players=6)


def test_target_is_twelve_and_there_are_no_malas() -> None:
    assert TWO.target == 12 and CATALAN.targets == (12,)
    assert TWO.malas is None and MatchState(TWO, seed=1).standing(0) is None
    with pytest.raises(InvalidNotationError):
        CATALAN.rules(target=30)


def test_the_preset_and_its_alias_003_are_the_variants_factory() -> None:
    hand = find_variant("003").new_hand("3e,2o,4b|1e,5c,6c")
    assert isinstance(hand, CatalanHand)
    assert isinstance(two("3e,2o,4b|1e,5c,6c"), CatalanHand)
    assert parse_rules("catalan:players=4") == FOUR


def test_no_envido_no_flor() -> None:
    hand = two("7c,6c,5c|1e,5o,6o")  # 33 of envido and a flor in copas: neither exists here
    assert not any(str(a).endswith(("envido", "flor")) for a in hand.legal_actions())
    assert refused(hand, "0:envido") is Reason.ENVIDO_NOT_IN_RULES
    assert refused(hand, "0:flor") is Reason.FLOR_NOT_IN_RULES
    with pytest.raises(InvalidNotationError):
        CATALAN.rules(flor="simple")


def test_no_going_to_the_mazo() -> None:
    hand = two("3e,2o,4b|1e,5c,6c")
    assert not any(type(a) is Mazo for a in hand.legal_actions())
    assert refused(hand, "0:mazo") is Reason.MAZO_NOT_IN_RULES
    run(hand, "0:truc")
    assert refused(hand, "1:mazo") is Reason.MAZO_NOT_IN_RULES


# --- Ranking -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("higher", "lower"),
    [
        ("3b", "2e"),
        ("2c", "1e"),
        ("1o", "12e"),
        ("12b", "11e"),
        ("11o", "10c"),
        ("10b", "7e"),
        ("7o", "6c"),
        ("6e", "5o"),
        ("5b", "4e"),
    ],
)
def test_ranking_3_2_1_12_11_10_7_6_5_4(higher: str, lower: str) -> None:
    hand = run(two(f"{lower},4c,4o|{higher},5c,6o"), f"0:{lower} 1:{higher}")
    assert hand.trick_winners == (1,)


@pytest.mark.parametrize(("a", "b"), [("1e", "1o"), ("7o", "7b"), ("3e", "3c")])
def test_suits_never_matter(a: str, b: str) -> None:
    hand = run(two(f"{a},4c,4o|{b},5c,6o"), f"0:{a} 1:{b}")
    assert hand.trick_winners == (None,)  # equal cards of opposing players: a parda


# --- Deal -----------------------------------------------------------------------------------------------


def test_deal_passes_to_the_right_and_the_dealers_right_leads() -> None:
    match = MatchState(FOUR, seed=5, mano=0)
    assert match.hand.dealer == 3 and match.hand.to_act == 0
    while match.hand.mano == 0:
        match.apply(match.legal_actions()[0])
    assert match.hand.mano == 1 and match.hand.dealer == 0


# --- Tricks and pardas -------------------------------------------------------------------------------------


def test_example_1_equal_top_cards_of_partners_take_the_trick_first_one_leads() -> None:
    hand = run(four(FOUR_DEAL), "0:3o 1:2e 2:3c 3:1b")
    assert hand.trick_winners == (0,) and hand.to_act == 0


def test_example_2_equal_top_cards_of_both_teams_are_a_parda_however_many() -> None:
    hand = run(four("3o,5e,6e|3e,5c,6c|3c,5o,6o|4b,5b,6b"), "0:3o 1:3e 2:3c 3:4b")
    assert hand.trick_winners == (None,) and hand.to_act == 0  # its leader leads again


def test_parda_leader_leads_again() -> None:
    hand = run(two("5e,3o,4b|5c,2c,6c", mano=1), "1:5c 0:5e")
    assert hand.trick_winners == (None,) and hand.to_act == 1


def test_hand_two_tricks_win() -> None:
    hand = run(two("3e,2o,4b|1e,5c,6c"), "0:3e 1:5c 0:2o 1:6c")
    assert hand.is_over and hand.scores == (1, 0) and end_of(hand).rule is HandRule.TWO_TRICKS


def test_one_parda_in_trick_1_the_winner_of_trick_2_decides() -> None:
    hand = run(two("3e,4o,4b|3c,5c,6c"), "0:3e 1:3c 0:4o 1:5c")
    assert hand.is_over and hand.scores == (0, 1)


def test_one_parda_in_trick_2_the_winner_of_trick_1_decides() -> None:
    hand = run(two("3e,2o,4b|1e,2c,6c"), "0:3e 1:1e 0:2o 1:2c")
    assert hand.is_over and hand.scores == (1, 0) and len(hand.tricks) == 2  # only needed tricks


def test_one_parda_in_trick_3_the_winner_of_trick_1_decides() -> None:
    hand = run(two("3e,4o,2b|1e,2c,2o"), "0:3e 1:1e 0:4o 1:2c 1:2o 0:2b")
    assert hand.trick_winners == (0, 1, None) and hand.scores == (1, 0)


def test_two_pardas_the_third_trick_decides() -> None:
    hand = run(two("3e,2o,4b|3c,2c,5c"), "0:3e 1:3c 0:2o 1:2c 0:4b 1:5c")
    assert hand.trick_winners == (None, None, 1) and hand.scores == (0, 1)


def test_example_3_three_pardas_the_team_that_did_not_deal() -> None:
    hand = run(
        four("3o,2e,7b|3e,2c,7c|5o,5e,4b|6b,6e,4c"),
        "0:3o 1:3e 2:5o 3:6b 0:2e 1:2c 2:5e 3:6e 0:7b 1:7c 2:4b 3:4c",
    )
    assert hand.trick_winners == (None, None, None)
    assert hand.dealer == 3 and hand.scores == (1, 0)  # team A (seats 0, 2) did not deal
    assert end_of(hand).rule is HandRule.ALL_PARDA_NOT_DEALER


def test_example_3_two_pardas_then_a_wins_trick_3() -> None:
    hand = run(
        four("3o,2e,1b|3e,2c,7c|5o,5e,4b|6b,6e,4c"),
        "0:3o 1:3e 2:5o 3:6b 0:2e 1:2c 2:5e 3:6e 0:1b 1:7c 2:4b 3:4c",
    )
    assert hand.scores == (1, 0) and end_of(hand).rule is HandRule.FIRST_PARDA_NEXT_DECIDES


# --- Bets ------------------------------------------------------------------------------------------------------


def test_a_hand_is_worth_1_truc_2_retruc_3_nothing_above() -> None:
    hand = run(two("3e,2o,4b|1e,5c,6c"), "0:truc 1:quiero")
    assert hand.hand_value == 2
    run(hand, "0:3e 1:retruc 0:quiero")
    assert hand.hand_value == 3
    assert not any(type(a) is Call for a in hand.legal_actions())
    run(hand, "1:5c 0:2o 1:6c")
    assert hand.scores == (3, 0)


def test_truc_by_either_team() -> None:
    assert "0:truc" in legal(two("3e,2o,4b|1e,5c,6c"))
    hand = run(two("3e,2o,4b|1e,5c,6c"), "0:4b")
    assert "1:truc" in legal(hand)


def test_only_the_accepting_team_raises_to_retruc() -> None:
    hand = run(two("3e,2o,4b|1e,5c,6c"), "0:truc 1:quiero")
    assert "0:retruc" not in legal(hand)
    assert refused(hand, "0:retruc") is Reason.TRUCO_ONLY_ACCEPTING_TEAM
    run(hand, "0:4b")
    assert "1:retruc" in legal(hand)


def test_bet_before_ones_own_card() -> None:
    hand = two("3e,2o,4b|1e,5c,6c")
    run(hand, "0:truc")
    assert hand.pending is not None and pending_of(hand).responder == 1


def test_bet_after_ones_own_card_before_the_next_player_acts() -> None:
    hand = run(two("3e,2o,4b|1e,5c,6c"), "0:4b")
    assert hand.to_act == 1 and "0:truc" in legal(hand)
    assert "0:truc" in {str(a) for a in hand.view_for(0).legal_actions}
    run(hand, "0:truc")
    assert pending_of(hand).caller == 0 and hand.to_act == 1


def test_bet_after_ones_card_is_gone_once_somebody_acts() -> None:
    hand = run(two("3e,2o,4b|1e,5c,6c"), "0:4b 1:5c")
    assert refused(hand, "0:truc") is Reason.NOT_YOUR_TURN


def test_bet_out_of_turn_is_void() -> None:
    hand = run(four(FOUR_DEAL), "0:5e")
    assert refused(hand, "2:truc") is Reason.NOT_YOUR_TURN  # seat 1 is to play, seat 2 is out of turn
    assert refused(hand, "3:truc") is Reason.NOT_YOUR_TURN


def test_example_4_a_silent_card_of_the_answering_seat_accepts() -> None:
    hand = run(four(FOUR_DEAL), "0:5e 1:truc 1:5c")  # seat 1 bets before playing, then plays
    assert pending_of(hand).responder == 2 and hand.to_act == 2
    run(hand, "2:5o")  # seat 2 plays without a word
    answers = [e for e in hand.events if e.kind is EventKind.ANSWER]
    assert [(e.seat, e.quiero, e.auto) for e in answers] == [(2, True, True)]
    assert hand.hand_value == 2
    assert "2:retruc" in legal(hand)  # later A may raise...
    run(hand, "3:6b")
    assert hand.to_act == 3  # B's 6 took the trick; B did not accept the truc, so it may not raise
    assert "3:retruc" not in legal(hand) and refused(hand, "3:retruc") is Reason.TRUCO_ONLY_ACCEPTING_TEAM


def test_example_4_b_refusing_a_retruc_gives_a_2() -> None:
    hand = run(four(FOUR_DEAL), "0:5e 1:truc 1:5c 2:5o 2:retruc 3:no_quiero")
    assert hand.is_over and hand.scores == (2, 0) and end_of(hand).kind is EndKind.TRUCO_DECLINED


def test_refused_truc_gives_the_proposer_1() -> None:
    hand = run(two("3e,2o,4b|1e,5c,6c"), "0:truc 1:no_quiero")
    assert hand.is_over and hand.scores == (1, 0)
    assert hand.awards[-1].rule is AwardRule.TRUCO_DECLINED


def test_own_choice_the_answer_may_be_accept_and_retruc() -> None:
    hand = run(two("3e,2o,4b|1e,5c,6c"), "0:truc 1:retruc")
    assert hand.truco_level == 1 and pending_of(hand).caller == 1
    run(hand, "0:no_quiero")
    assert hand.scores == (0, 2)


def test_own_choice_a_bet_unanswered_at_the_end_of_the_hand_counts_nothing() -> None:
    hand = run(two("3e,2o,4b|1e,5c,6c"), "0:3e 1:5c 0:2o 1:truc 1:6c")  # 1's last card ends the hand
    assert hand.is_over and hand.scores == (1, 0)


# --- The hand of 11 -----------------------------------------------------------------------------------------


def test_on_11_the_team_decides_before_the_first_card() -> None:
    hand = two("3e,2o,4b|1e,5c,6c", mano=0, scores=(3, 11))
    assert hand.phase is Phase.DECIDE and hand.to_act == 1
    assert legal(hand) == {"1:play11", "1:run11"}
    assert refused(hand, "0:3e") is Reason.ELEVEN_DECISION_PENDING


def test_on_11_in_four_the_teams_first_seat_in_playing_order_decides() -> None:
    hand = four(FOUR_DEAL, mano=2, scores=(4, 11))  # playing order 2, 3, 0, 1: seat 3 first of B
    assert hand.to_act == 3 and hand.decider == 3


def test_example_5_on_11_playing_makes_the_hand_worth_3_and_nobody_bets() -> None:
    hand = run(four(FOUR_DEAL, scores=(11, 7)), "0:play11")
    assert hand.hand_value == 3 and not hand.bets_allowed
    assert not any(type(a) is Call for a in hand.legal_actions())
    assert refused(hand, "0:truc") is Reason.BETS_CLOSED
    run(hand, "0:3o 1:2e 2:3c 3:1b 0:5e 1:5c 2:5o 3:5b")  # A takes trick 1, trick 2 is a parda
    assert hand.scores == (14, 7) and hand.match_winner == 0


def test_example_5_on_11_playing_and_losing_gives_the_opponents_3() -> None:
    hand = run(two("4e,5o,6b|3e,2c,1c", scores=(11, 7)), "0:play11 0:4e 1:3e 1:2c 0:5o")
    assert hand.scores == (11, 10)


def test_example_5_on_11_refusing_gives_the_opponents_1() -> None:
    hand = run(two("3e,2o,4b|1e,5c,6c", scores=(11, 7)), "0:run11")
    assert hand.is_over and hand.scores == (11, 8) and hand.match_winner is None
    assert hand.awards[-1].rule is AwardRule.ELEVEN_REFUSED and end_of(hand).kind is EndKind.ELEVEN_REFUSED


def test_both_on_11_no_decision_no_bets_the_winner_wins_the_game() -> None:
    hand = two("3e,2o,4b|1e,5c,6c", scores=(11, 11))
    assert hand.phase is Phase.PLAY and legal(hand) == {"0:3e", "0:2o", "0:4b"}
    run(hand, "0:3e 1:5c 0:2o 1:6c")
    assert hand.scores == (12, 11) and hand.match_winner == 0


def test_no_decision_when_no_team_has_11() -> None:
    hand = two("3e,2o,4b|1e,5c,6c", scores=(10, 9))
    assert refused(hand, "0:play11") is Reason.NOTHING_TO_DECIDE


# --- The knock --------------------------------------------------------------------------------------------------


def test_example_6_knock_then_the_dealer_may_deal_one_card() -> None:
    hand = four(FOUR_DEAL, scores=(10, 9))  # seat 3 deals; its left neighbour is seat 2
    assert "2:knock" in legal(hand)
    run(hand, "2:knock")
    assert hand.phase is Phase.DEAL and hand.to_act == 3 and legal(hand) == {"3:deal1", "3:deal3"}
    assert hand.view_for(0).hand == () and hand.view_for(0).dealt == ()  # nothing is dealt yet
    assert hand.view_for(0).envido == 0
    run(hand, "3:deal1")
    assert hand.one_card and hand.hands == tuple((cards[0],) for cards in hand.deal)
    assert hand.view_for(1).hand == hand.view_for(1).dealt == (Card.parse("2e"),)  # seat 1's first card only
    run(hand, "0:3o 1:2e 2:3c 3:1b")
    assert hand.is_over and hand.scores == (11, 9) and end_of(hand).rule is HandRule.ONE_CARD


def test_example_6_at_11_9_the_knock_changes_nothing() -> None:
    hand = four(FOUR_DEAL, scores=(11, 9))
    assert not any(type(a) is Knock for a in hand.legal_actions())
    assert refused(hand, "2:knock") is Reason.KNOCK_NOT_ALLOWED


def test_knock_in_two_players_is_the_manos() -> None:
    hand = two("3e,2o,4b|1e,5c,6c", mano=1)
    assert hand.cutter == 1 and "1:knock" in legal(hand)
    assert refused(hand, "0:knock") is Reason.NOT_YOUR_TURN


def test_knock_only_as_the_first_action() -> None:
    hand = run(two("3e,2o,4b|1e,5c,6c"), "0:3e")
    assert refused(hand, "0:knock") is Reason.KNOCK_NOT_ALLOWED


def test_knock_then_three_cards_is_an_ordinary_hand() -> None:
    hand = run(two("3e,2o,4b|1e,5c,6c"), "0:knock 1:deal3")
    assert not hand.one_card and len(hand.hands[0]) == 3 and hand.to_act == 0


def test_own_choice_bets_as_usual_in_a_one_card_hand() -> None:
    hand = run(two("3e,2o,4b|1e,5c,6c"), "0:knock 1:deal1 0:truc 1:quiero 0:3e 1:1e")
    assert hand.scores == (2, 0)


def test_own_choice_one_card_parda_goes_to_the_team_that_did_not_deal() -> None:
    hand = run(two("3e,2o,4b|3c,5c,6c", mano=1), "1:knock 0:deal1 1:3c 0:3e")
    assert hand.dealer == 0 and hand.scores == (0, 1)
    assert end_of(hand).rule is HandRule.ONE_CARD_PARDA_NOT_DEALER


# --- Notation -----------------------------------------------------------------------------------------------------


def test_notation_round_trip_of_every_catalan_action() -> None:
    hand = run(two("3e,2o,4b|1e,5c,6c", mano=1), "1:knock 0:deal1 1:truc 0:retruc 1:quiero 1:1e 0:3e")
    text = format_hand(hand)
    assert text.startswith("catalan;mano=1;scores=0-0;") and "0:deal1" in text and "0:retruc" in text
    assert parse_hand(text).state() == hand
    assert [str(parse_action(t)) for t in ("0:play11", "0:run11", "2:deal3")] == ["0:play11", "0:run11", "2:deal3"]
    assert (Knock(1), DealChoice(1, 1), Decision(0, False)) == tuple(
        parse_action(t) for t in ("1:knock", "1:deal1", "0:run11")
    )
    assert [call.value for call in TWO.ladder.calls] == ["truc", "retruc"]


def test_catalan_actions_are_not_part_of_the_argentine_game() -> None:
    hand = find_variant("argentino").new_hand("3e,2o,4b|1e,5c,6c")
    assert refused(hand, "0:knock") is Reason.NOT_IN_GAME
    assert refused(hand, "0:truc") is Reason.TRUCO_OUT_OF_ORDER
