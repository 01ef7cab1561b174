"""Pica-pica, the six-player option of docs/rules/argentine.md §7.4: each clause as a test, then random
play-outs of rounds and whole matches (no illegal action accepted, points consistent), and the bots
choosing legal actions in pica-pica duels through ``tutor.bots.choose``."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, strategies as st

from tests.budgets import budget, examples
from tutor.bots import choose
from tutor.engine import (
    AwardRule,
    IllegalActionError,
    InvalidNotationError,
    MatchState,
    Reason,
    Rules,
    deal,
    find_variant,
    format_hand,
    parse_action,
    parse_hand,
    parse_rules,
)
from tutor.engine.cards import Card
from tutor.engine.pica import PicaPicaHand, pica_pica_due, pica_pica_range
from tutor.engine.state import Deal
from tutor.engine.stepper import replay

RULES = find_variant("argentino").rules(players=6, pica_pica=True)
# seat 0: envido 31; seat 3: 29; seat 5 (team 1, not in seat 0's duel): 33; seat 4: 20; seat 1: 1
DEAL = "7e,4e,1c|1e,1b,12o|3e,3o,2c|5o,4o,2b|11c,10c,12c|7b,6b,3c"


def new_round(rules: Rules, cards: str | Deal, mano: int, scores: tuple[int, int]) -> PicaPicaHand:
    hand = rules.new_hand(cards, mano, scores, pica=True)
    assert isinstance(hand, PicaPicaHand)
    return hand


def act(hand: PicaPicaHand, text: str) -> None:
    for token in text.split():
        hand.apply(parse_action(token))


# --- 1. When ---------------------------------------------------------------------------------------


def test_the_range_starts_at_five_for_the_leader_and_stops_at_target_minus_five() -> None:
    assert not pica_pica_range(RULES, (4, 4))
    assert pica_pica_range(RULES, (5, 0)) and pica_pica_range(RULES, (0, 5))
    assert pica_pica_range(RULES, (24, 24))
    assert not pica_pica_range(RULES, (25, 3)) and not pica_pica_range(RULES, (3, 25))
    fifteen = RULES.replace(target=15)
    assert [s for s in range(15) if pica_pica_range(fifteen, (s, 0))] == [5, 6, 7, 8, 9]


def test_without_the_option_every_hand_is_a_redonda() -> None:
    plain = find_variant("argentino").rules(players=6)
    assert not pica_pica_range(plain, (10, 10))
    match = MatchState(plain, seed=1, scores=(10, 10))
    assert not match.hand.is_pica


def test_the_option_needs_six_players() -> None:
    with pytest.raises(InvalidNotationError):
        find_variant("argentino").rules(players=4, pica_pica=True)
    assert parse_rules("argentino:players=6,pica=yes") == RULES


def test_in_the_range_redonda_and_pica_pica_alternate_and_the_first_is_a_pica_pica() -> None:
    assert pica_pica_due(RULES, (5, 0), previous_was_pica=False)
    assert not pica_pica_due(RULES, (5, 0), previous_was_pica=True)
    match = MatchState(RULES, seed=4, scores=(5, 0))
    assert match.hand.is_pica
    first = match.hand
    while match.hand is first:
        match.apply(match.legal_actions()[-1])  # a mazo ends each duel
    assert not match.hand.is_pica  # after a pica-pica: a redonda
    redonda = match.hand
    while match.hand is redonda:
        match.apply(match.legal_actions()[-1])
    assert match.hand.is_pica == pica_pica_range(RULES, match.scores)


def test_a_pica_pica_outside_the_range_is_refused() -> None:
    with pytest.raises(InvalidNotationError):
        new_round(RULES, DEAL, 0, (4, 0))
    with pytest.raises(InvalidNotationError):
        new_round(RULES, DEAL, 0, (25, 0))


# --- 2-3. One deal, three duels, in order, the seat nearer the mano leading ------------------------


@pytest.mark.parametrize("mano", range(6))
def test_three_duels_opposite_seats_in_order_from_the_mano(mano: int) -> None:
    hand = new_round(RULES, DEAL, mano, (5, 5))
    assert hand.pairs == tuple(((mano + k) % 6, (mano + k + 3) % 6) for k in range(3))
    for k in range(3):
        a, b = hand.pairs[k]
        assert a % 2 != b % 2  # opposite seats are always opponents
        assert hand.duel_index == k and hand.to_act == a  # the seat nearer the mano leads
        assert {x.seat for x in hand.legal_actions()} == {a}
        hand.apply(parse_action(f"{a}:mazo"))
    assert hand.is_over and hand.to_act is None and hand.legal_actions() == []


def test_each_duel_holds_the_two_players_dealt_cards() -> None:
    hand = new_round(RULES, DEAL, 0, (5, 5))
    cards = DEAL.split("|")
    assert {str(c) for c in hand.view_for(0).hand} == set(cards[0].split(","))
    assert {str(c) for c in hand.view_for(3).hand} == set(cards[3].split(","))
    assert hand.view_for(3).players == 2


def test_a_seat_outside_the_duel_under_way_cannot_act() -> None:
    hand = new_round(RULES, DEAL, 0, (5, 5))
    with pytest.raises(IllegalActionError) as error:
        hand.apply(parse_action("1:1e"))
    assert error.value.reason is Reason.NOT_YOUR_TURN
    assert not hand.can_apply(parse_action("4:11c")) and hand.actions == []


# --- 4. Everything per duel; the points to the team ------------------------------------------------


def test_the_envido_is_shown_down_between_the_two_duellists_only() -> None:
    hand = new_round(RULES, DEAL, 0, (5, 0))
    act(hand, "0:envido 3:quiero")  # 31 against 29; seat 5's 33 plays in another duel
    assert hand.scores == (7, 0)
    stated = [(e.seat, e.value) for e in hand.events if e.kind.value == "envido_stated"]
    assert {seat for seat, _ in stated} <= {0, 3}


def test_every_point_goes_to_the_duellists_team_and_the_next_duel_starts_from_it() -> None:
    hand = new_round(RULES, DEAL, 0, (5, 0))
    act(hand, "0:envido 3:quiero 0:mazo")  # team 0 +2, then team 1 +1 for the mazo
    assert hand.scores == (7, 1) and hand.duel_index == 1 and hand.to_act == 1
    assert hand.duel.start_scores == (7, 1)
    act(hand, "1:truco 4:no_quiero")  # team 1 +1
    act(hand, "2:mazo")  # team 1 +1
    assert hand.is_over and hand.points == (2, 3) and hand.scores == (7, 3)
    assert hand.duel_winners == (1, 1, 1)


def test_a_falta_envido_counts_from_the_team_scores_when_it_is_accepted() -> None:
    hand = new_round(RULES, DEAL, 0, (20, 10))
    act(hand, "0:envido 3:quiero 0:mazo")  # (22, 11)
    act(hand, "1:falta_envido 4:quiero")  # seat 4's 20 beats seat 1's 1: the leader lacks 8, not 10
    award = hand.duel.awards[-1]
    assert award.rule is AwardRule.ENVIDO_ACCEPTED and award.team == 0 and award.points == 8


def test_flor_is_played_per_duel() -> None:
    rules = RULES.replace(flor="simple")
    hand = new_round(rules, DEAL, 0, (5, 0))
    act(hand, "0:mazo")  # duel 1 over; in duel 2 seat 4 holds a flor in copas
    act(hand, "1:12o")
    assert [str(a) for a in hand.legal_actions()][0] == "4:flor"


# --- 5. End: the target reached in a duel wins at once ---------------------------------------------


def test_a_team_reaching_the_target_in_a_duel_wins_and_the_other_duels_are_not_played() -> None:
    hand = new_round(RULES, DEAL, 0, (24, 0))
    act(hand, "0:falta_envido 3:quiero")
    assert hand.is_over and hand.match_winner == 0 and hand.scores == (30, 0)
    assert len(hand.duels) == 1 and hand.legal_actions() == []
    with pytest.raises(IllegalActionError):
        hand.apply(parse_action("1:1e"))


# --- 6. Afterwards: the mano moves one seat --------------------------------------------------------


def test_after_a_pica_pica_the_mano_moves_one_seat() -> None:
    match = MatchState(RULES, seed=2, mano=3, scores=(6, 6))
    assert match.hand.is_pica
    first = match.hand
    while match.hand is first:
        match.apply(match.legal_actions()[-1])
    assert match.hand.mano == 4 and not match.hand.is_pica


# --- Notation ------------------------------------------------------------------------------------


def test_the_round_is_one_hand_in_the_notation_with_its_actions_in_playing_order() -> None:
    hand = new_round(RULES, DEAL, 0, (5, 0))
    act(hand, "0:envido 3:quiero 0:mazo 1:truco 4:quiero 1:1e")
    text = format_hand(hand)
    assert ";mano=0,pica;" in text and "pica_pica=yes" in text
    again = parse_hand(text).state()
    assert again.is_pica and format_hand(again) == text and again.scores == hand.scores
    assert [str(s.action) for s in replay(hand)] == [str(a) for a in hand.actions]
    with pytest.raises(IllegalActionError) as error:
        parse_hand(text.replace("1:1e", "1:1e 1:1b")).state()
    assert error.value.details["position"] == 6


# --- Random play-outs ------------------------------------------------------------------------------


def _check_round(hand: PicaPicaHand, rng: random.Random) -> None:
    steps = 0
    while not hand.is_over:
        legal = hand.legal_actions()
        assert legal and all(a.seat == hand.to_act for a in legal)
        assert all(hand.can_apply(a) for a in legal)
        other = (hand.to_act + 1) % 6  # type: ignore[operator]
        assert not hand.can_apply(parse_action(f"{other}:mazo"))
        before = hand.scores
        hand.apply(rng.choice(legal))
        after = hand.scores
        assert after[0] >= before[0] and after[1] >= before[1]
        steps += 1
        assert steps < 90
    assert hand.legal_actions() == []
    assert 1 <= len(hand.duels) <= 3
    start = hand.start_scores
    for duel in hand.duels:  # each duel starts where the one before ended
        assert duel.is_over and duel.start_scores == start and duel.players == 2
        assert sum(a.points for a in duel.awards) == sum(duel.points)
        start = duel.scores
    assert hand.scores == start
    assert hand.points == (start[0] - hand.start_scores[0], start[1] - hand.start_scores[1])
    if hand.match_winner is None:
        assert len(hand.duels) == 3 and max(hand.scores) < RULES.target
    else:
        assert hand.scores[hand.match_winner] >= RULES.target
        assert all(d.match_winner is None for d in hand.duels[:-1])
    assert parse_hand(format_hand(hand)).state().scores == hand.scores


@examples(60, derandomize=True)
@given(seed=st.integers(0, 2**32 - 1), flor=st.sampled_from(["off", "simple", "contraflor"]))
def test_random_rounds_accept_only_legal_actions_and_keep_the_points(seed: int, flor: str) -> None:
    rng = random.Random(seed)
    rules = RULES.replace(flor=flor)
    for _ in range(budget(10)):
        lead = rng.randrange(5, 25)
        scores = (lead, rng.randrange(0, lead + 1))
        hand = new_round(rules, deal(rng, 6), rng.randrange(6), scores if rng.random() < 0.5 else scores[::-1])
        _check_round(hand, rng)


@examples(20, derandomize=True)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_matches_alternate_in_the_range_and_rotate_the_mano(seed: int) -> None:
    rng = random.Random(seed)
    match = MatchState(RULES, seed=seed)
    while not match.is_over:
        match.apply(rng.choice(match.legal_actions()))
    history = match.history
    for before, after in zip(history, history[1:], strict=False):
        assert after.mano == (before.mano + 1) % 6
        assert after.start_scores == before.scores
        if before.is_pica:
            assert not after.is_pica
        elif pica_pica_range(RULES, before.scores):
            assert after.is_pica
        else:
            assert not after.is_pica
    assert all(pica_pica_range(RULES, h.start_scores) for h in history if h.is_pica)


@examples(15, derandomize=True)
@given(seed=st.integers(0, 2**32 - 1))
def test_beginner_bots_choose_legal_actions_in_pica_pica_duels(seed: int) -> None:
    rng = random.Random(seed)
    hand = new_round(RULES, deal(rng, 6), rng.randrange(6), (rng.randrange(5, 25), rng.randrange(0, 25)))
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        view = hand.view_for(seat)
        decision = choose(view, "beginner", rng)
        action = hand.table_action(decision.action)
        assert action in hand.legal_actions()
        hand.apply(action)
    assert len(hand.duels) == 3 or hand.match_winner is not None


# --- The round told and seen at the table ----------------------------------------------------------


def test_each_duel_is_told_from_its_start_to_its_end_and_the_round_ends_once() -> None:
    hand = new_round(RULES, DEAL, 0, (5, 0))
    assert hand.events == []  # nothing happened yet: every event belongs to an action
    act(hand, "0:mazo")  # duel 1 (0 against 3): team 1 +1
    act(hand, "1:1e 4:11c 1:1b 4:10c")  # duel 2 (1 against 4): seat 1 takes two tricks
    act(hand, "2:truco 5:no_quiero")  # duel 3 (2 against 5): team 0 +1
    kinds = [(e.kind.value, e.seat, e.value) for e in hand.events if e.kind.value.startswith("duel")]
    assert kinds == [
        ("duel_started", 0, 1),
        ("duel_over", 0, 1),
        ("duel_started", 1, 2),
        ("duel_won", 1, 2),
        ("duel_over", 1, 2),
        ("duel_started", 2, 3),
        ("duel_over", 2, 3),
    ]
    assert [e.kind.value for e in hand.events].count("hand_over") == 1
    assert hand.events[-1].kind.value == "hand_over" and hand.events[-2].kind.value == "duel_over"
    assert not any(e.kind.value == "hand_won" for e in hand.events)
    # The stepper hands out the same events, each with its action.
    assert [e for step in replay(hand) for e in step.events] == hand.events
    assert hand.duel_points == ((0, 1), (0, 1), (1, 0))  # seat 1 plays for team 1


def test_a_seat_sees_its_duel_at_the_six_seat_table_and_nothing_of_the_others_cards() -> None:
    hand = new_round(RULES, DEAL, 0, (5, 0))
    act(hand, "0:mazo 1:1e")  # duel 1 over; in duel 2 seat 1 led the ace of espadas, seat 4 to act
    view = hand.table_view_for(4)
    assert (view.seat, view.players, view.to_act, view.mano, view.dealer) == (4, 6, 4, 1, 5)
    assert view.current_trick == ((1, Card.parse("1e")),)
    assert {a.seat for a in view.legal_actions} == {4}
    assert view.cards_left == (3, 2, 3, 3, 3, 3)  # duel 1 ended at the mazo, no card played
    assert view.scores == (5, 1)
    assert view.hand == hand.view_for(4).hand  # its own cards, and no other seat's
    other = {card for seat in (0, 1, 2, 3, 5) for card in hand.deal[seat]} - {Card.parse("1e")}
    seen = {card for trick in (*view.tricks, view.current_trick) for _, card in trick}
    assert not (seen | set(view.hand)) & other
    waiting = hand.table_view_for(2)  # duel 3 has not started: nothing to do yet
    assert waiting.to_act is None and waiting.legal_actions == ()


def test_a_seat_whose_duel_was_never_played_is_still_seen() -> None:
    hand = new_round(RULES, DEAL, 0, (20, 10))
    act(hand, "0:falta_envido 3:quiero")  # seat 0's 31 against 29: the falta envido wins the match
    assert hand.is_over and hand.match_winner == 0 and len(hand.duels) == 1
    for seat in range(6):
        assert hand.table_view_for(seat).is_over and hand.view_for(seat).hand


def test_the_options_may_be_separated_by_colons() -> None:
    assert parse_rules("argentino:players=6:pica=1") == RULES
