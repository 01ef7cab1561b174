"""Random legal play of Catalan Truc hands and matches (OpenSpiel-style random simulation, driven by
Hypothesis), checking the invariants every game of the engine keeps.

Each example plays ``HANDS_PER_EXAMPLE`` hands of the ``catalan`` preset (2 or 4 players) from random
scores, a quarter of them with a team on 11 and some with both, choosing uniformly among the legal
actions (bets, knocks and silent acceptances included). After every action:

* the hand is not over exactly while there are legal actions; every legal action is accepted by
  ``can_apply``, and the legal actions are exactly what the seats' views offer, each seat its own;
* candidate actions that are not legal are refused with a :class:`Reason` and leave the state as it was;
* replaying the notation of the hand so far (``format_hand`` -> ``parse_hand`` -> ``state()``) gives a
  state equal to this one, and so does a clone;
* no seat's view holds another seat's hidden cards (nothing while the dealer chooses after a knock,
  one card each in a one-card hand);

and after every hand: it ended within a bounded number of actions; exactly one award was made and the
points are conserved (the score moved by exactly that award, whose value is recomputed here from the
rules: 1, truc 2, retruc 3, a refused truc 1 and retruc 2, the hand of 11 played 3 and refused 1); the
hand was decided by tricks only when the tricks say so (an independent reference of the ranking and of
docs/rules/catalan.md §9.2.6).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, strategies as st

from tests.budgets import examples
from tests.engine.test_random_playouts import walk
from tutor.engine import (
    CALLS,
    CATALAN,
    DECK,
    Action,
    Answer,
    AwardRule,
    Call,
    CatalanHand,
    DealChoice,
    Decision,
    EndKind,
    EventKind,
    IllegalActionError,
    Knock,
    MatchState,
    Mazo,
    Phase,
    PlayCard,
    deal,
    find_variant,
    format_hand,
    parse_hand,
)

HANDS_PER_EXAMPLE = 20
HAND_EXAMPLES = 60  # 60 x 20 = 1,200 hands with every step checked (the full profile: tests/budgets.py)
QUICK_HANDS = 200
QUICK_EXAMPLES = 60  # 60 x 200 = 12,000 hands checked at their end (bench/engine_bench.py --check: more)
MAX_ACTIONS = 40
VARIANT = find_variant("catalan")
RULESETS = [VARIANT.rules(players=p) for p in VARIANT.players]


def ref_trick_winner(trick):
    best = min(CATALAN.level(card) for _, card in trick)
    top = [(seat, card) for seat, card in trick if CATALAN.level(card) == best]
    if len({seat % 2 for seat, _ in top}) == 2:
        return None
    return top[0][0]


def ref_hand_winner(hand: CatalanHand) -> int | None:
    """The winning team from the tricks (docs/rules/catalan.md §9.2.4 and §9.2.6), None if undecided."""
    teams = [None if (w := ref_trick_winner(t)) is None else w % 2 for t in hand.tricks]
    not_dealer = 1 - hand.dealer % 2
    if hand.one_card:
        return not_dealer if teams[0] is None else teams[0]
    for team in (0, 1):
        if teams.count(team) == 2:
            return team
    won = [t for t in teams if t is not None]
    if teams and teams[0] is None:
        return won[0] if won else (not_dealer if len(teams) == 3 else None)
    if len(teams) >= 2 and teams[1] is None or len(teams) == 3:
        return teams[0]
    return None


def candidates(hand: CatalanHand, rng: random.Random) -> list[Action]:
    """Actions any seat could try: cards (held or not), every call, answers, mazo, the Catalan actions."""
    result: list[Action] = []
    for seat in range(hand.players):
        own = list(hand.hands[seat])
        result += [PlayCard(seat, card) for card in own]
        result.append(PlayCard(seat, rng.choice([c for c in DECK if c not in own])))
        result += [Call(seat, rng.choice(list(CALLS.values()))), Call(seat, CALLS["truc"]), Call(seat, CALLS["retruc"])]
        result += [Answer(seat, True), Answer(seat, False), Mazo(seat), Knock(seat)]
        result += [DealChoice(seat, 1), DealChoice(seat, 3), Decision(seat, True), Decision(seat, False)]
    return result


def check_views(hand: CatalanHand) -> None:
    played = {card for trick in hand.tricks for _, card in trick} | {card for _, card in hand.current_trick}
    offered: list[Action] = []
    for seat in range(hand.players):
        view = hand.view_for(seat)
        found: list = []
        walk(view, found, set())
        if hand.phase is Phase.DEAL:
            own = set()
        elif hand.one_card:
            own = {hand.deal[seat][0]}
        else:
            own = set(hand.deal[seat])
        leaked = set(found) - own - played
        assert not leaked, f"seat {seat} sees {leaked}"
        assert all(a.seat == seat for a in view.legal_actions)
        offered += view.legal_actions
    assert sorted(map(str, offered)) == sorted(map(str, hand.legal_actions()))


def check_step(hand: CatalanHand, rng: random.Random) -> None:
    legal = hand.legal_actions()
    assert bool(legal) == (not hand.is_over)
    assert all(hand.can_apply(a) for a in legal)
    text = format_hand(hand)
    legal_text = {str(a) for a in legal}
    for action in rng.sample(candidates(hand, rng), 8):
        if str(action) in legal_text:
            continue
        try:
            hand.apply(action)
        except IllegalActionError as error:
            assert error.reason is not None
        else:
            raise AssertionError(f"{action} was applied but is not among the legal actions {legal_text}")
        assert format_hand(hand) == text
    assert parse_hand(text).state() == hand
    assert hand.clone() == hand
    check_views(hand)


def expected_points(hand: CatalanHand) -> int:
    award = hand.awards[0]
    if award.rule is AwardRule.ELEVEN_REFUSED:
        return 1
    if award.rule is AwardRule.TRUCO_DECLINED:
        return len(award.calls)  # the value before the refused bet: 1 for a truc, 2 for a retruc
    assert award.rule is AwardRule.HAND_WON
    if any(e.kind is EventKind.ELEVEN_PLAYED for e in hand.events):
        return 3
    return 1 + len(award.calls)


def choose(legal: list, rng: random.Random):
    """A random legal action, bets and knocks made more often than a uniform choice would."""
    knocks = [a for a in legal if type(a) is Knock]
    if knocks and rng.random() < 0.4:
        return knocks[0]
    calls = [a for a in legal if type(a) is Call]
    return rng.choice(calls) if calls and rng.random() < 0.3 else rng.choice(legal)


def random_scores(rng: random.Random) -> tuple[int, int]:
    """Scores of 0..11, a team on 11 in about 15 % of the hands and both on 11 in 5 %."""
    roll = rng.random()
    if roll < 0.15:
        return (11, rng.randrange(11)) if rng.random() < 0.5 else (rng.randrange(11), 11)
    if roll < 0.2:
        return (11, 11)
    return (rng.randrange(11), rng.randrange(11))


def play_hand(hand: CatalanHand, rng: random.Random) -> None:
    steps = 0
    while not hand.is_over:
        check_step(hand, rng)
        legal = hand.legal_actions()
        action = choose(legal, rng)
        hand.apply(action)
        steps += 1
        assert steps <= MAX_ACTIONS
    check_step(hand, rng)


def check_finished_hand(hand: CatalanHand) -> None:
    assert len(hand.awards) == 1
    award = hand.awards[0]
    moved = tuple(b - a for a, b in zip(hand.start_scores, hand.scores, strict=True))
    assert moved[award.team] == award.points and moved[1 - award.team] == 0
    assert award.points == expected_points(hand)
    assert hand.end is not None
    if hand.end.kind is EndKind.TRICKS or (hand.end.kind is EndKind.MATCH_WON and award.rule is AwardRule.HAND_WON):
        assert award.team == ref_hand_winner(hand)
    assert (hand.match_winner is not None) == (max(hand.scores) >= 12)
    if min(hand.start_scores) == 11:  # both on 11: the hand's winner wins the game
        assert hand.match_winner == award.team and not hand.truco_calls
    played = [card for trick in hand.tricks for _, card in trick] + [card for _, card in hand.current_trick]
    assert len(played) == len(set(played))


@examples(HAND_EXAMPLES, derandomize=True)
@given(rules=st.sampled_from(RULESETS), seed=st.integers(0, 2**63 - 1))
def test_random_catalan_hands_keep_every_invariant(rules, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(HANDS_PER_EXAMPLE):
        scores = random_scores(rng)
        mano = rng.randrange(rules.players)
        hand = rules.new_hand(deal(rng, rules.players, mano), mano, scores)
        play_hand(hand, rng)
        check_finished_hand(hand)


@pytest.mark.parametrize("players", VARIANT.players)
def test_the_random_play_reaches_every_special_situation(players: int) -> None:
    """The random policy of these tests meets the knock, the one-card hand, the hand of 11, both on 11 and
    the silent acceptance (so the invariants above are checked over them)."""
    rng = random.Random(players)
    rules = VARIANT.rules(players=players)
    kinds = {"knock": 0, "one_card": 0, "eleven": 0, "both_11": 0, "silent": 0, "after_card_bet": 0}
    for _ in range(300):
        mano = rng.randrange(players)
        hand = rules.new_hand(deal(rng, players, mano), mano, random_scores(rng))
        assert isinstance(hand, CatalanHand)
        while not hand.is_over:
            action = choose(hand.legal_actions(), rng)
            kinds["after_card_bet"] += type(action) is Call and action.seat != hand.to_act
            hand.apply(action)
        check_finished_hand(hand)
        kinds["knock"] += any(type(a) is Knock for a in hand.actions)
        kinds["one_card"] += hand.one_card
        kinds["eleven"] += hand.decider is not None
        kinds["both_11"] += hand.start_scores == (11, 11)
        kinds["silent"] += any(e.kind is EventKind.ANSWER and e.auto for e in hand.events)
    assert all(count >= 5 for count in kinds.values()), kinds


@examples(QUICK_EXAMPLES, derandomize=True)
@given(rules=st.sampled_from(RULESETS), seed=st.integers(0, 2**63 - 1))
def test_many_random_catalan_hands_conserve_points_and_replay(rules, seed: int) -> None:
    """Many more hands, checked at their end only: legal actions until over, the award and the scores,
    the tricks' winner, and the replay of the whole notation."""
    rng = random.Random(seed)
    for _ in range(QUICK_HANDS):
        mano = rng.randrange(rules.players)
        hand = rules.new_hand(deal(rng, rules.players, mano), mano, random_scores(rng))
        steps = 0
        while not hand.is_over:
            legal = hand.legal_actions()
            assert legal
            hand.apply(choose(legal, rng))
            steps += 1
            assert steps <= MAX_ACTIONS
        assert hand.legal_actions() == []
        check_finished_hand(hand)
        assert parse_hand(format_hand(hand)).state() == hand


@examples(30, derandomize=True)
@given(rules=st.sampled_from(RULESETS), seed=st.integers(0, 2**63 - 1))
def test_random_catalan_matches_reach_12(rules, seed: int) -> None:
    rng = random.Random(seed)
    match = MatchState(rules, seed=seed, mano=rng.randrange(rules.players))
    while not match.is_over:
        match.apply(rng.choice(match.legal_actions()))
    assert match.winner is not None
    assert max(match.scores) >= 12 and match.scores[match.winner] >= 12
    assert all(isinstance(h, CatalanHand) for h in match.history)
    manos = [h.mano for h in match.history]
    assert all((b - a) % rules.players == 1 for a, b in zip(manos, manos[1:], strict=False))
