"""Random legal play of Truco Mineiro hands and matches (OpenSpiel-style random simulation, driven by
Hypothesis), checking the invariants every game of the engine keeps.

Each example plays ``HANDS_PER_EXAMPLE`` hands of the ``mineiro`` preset (2 or 4 players) from random
scores, some with one side on 11 (mão de onze) and some with both (mão de ferro), dealt with the spare
threes of the keep/pass/burn deal, choosing among the legal actions with a bias towards bets, passes,
burns and face-down cards. After every action:

* the hand is not over exactly while there are legal actions; every legal action is accepted by
  ``can_apply``, and the legal actions are exactly what the seats' views offer, each seat its own;
* candidate actions that are not legal are refused with a :class:`Reason` and leave the state as it was;
* replaying the notation of the hand so far (``format_hand`` -> ``parse_hand`` -> ``state()``) gives a
  state equal to this one, and so does a clone;
* no seat's view holds a card it may not know (another seat's hand or face-down card, a spare three,
  a partner's cards outside the mão de onze and the mão's pass; nothing of its own in a mão de ferro
  but the card it must turn up next);

and after every hand: it ended within a bounded number of actions; at most one award was made (none
exactly when nobody took the hand) and the points are conserved; the value is recomputed here from the
rules (1, 3, 6, 9, 12; run from: 1, 3, 6, 9; the mão de onze 3, run from 1); the winner agrees with an
independent reference of docs/rules/mineiro.md §9.3.4-§9.3.7 (ties, face-down cards, the bet on the
current trick).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, strategies as st

from tests.budgets import examples
from tests.engine.test_random_playouts import walk
from tutor.engine import (
    CALLS,
    DECK,
    MINEIRO,
    Action,
    Answer,
    AwardRule,
    Call,
    Card,
    DealChoice,
    Decision,
    EndKind,
    EventKind,
    IllegalActionError,
    Knock,
    MatchState,
    Mazo,
    MineiroHand,
    Phase,
    PlayCard,
    ThreeChoice,
    ThreeChoiceKind,
    find_variant,
    format_hand,
    parse_hand,
)
from tutor.engine.ladders import MINEIRO_TRUCO

HANDS_PER_EXAMPLE = 20
HAND_EXAMPLES = 60  # 60 x 20 = 1,200 hands with every step checked (the full profile: tests/budgets.py)
QUICK_HANDS = 200
QUICK_EXAMPLES = 60  # 60 x 200 = 12,000 hands checked at their end (bench/engine_bench.py --check: more)
MAX_ACTIONS = 50
VARIANT = find_variant("mineiro")
RULESETS = [VARIANT.rules(players=p) for p in VARIANT.players]
ACCEPTED = {0: 1, 1: 3, 2: 6, 3: 9, 4: 12}
RUN_FROM = {1: 1, 2: 3, 3: 6, 4: 9}


# --- An independent reference of the rules --------------------------------------------------------


def ref_trick(trick, down: set[Card]) -> tuple[int | None, list[tuple[int, int]]]:
    """(the winning seat or None for a tie, the (position, seat) of the top face-up cards)."""
    up = [(pos, seat, card) for pos, (seat, card) in enumerate(trick) if card not in down]
    if not up:
        return None, []
    best = min(MINEIRO.level(card) for _, _, card in up)
    top = [(pos, seat) for pos, seat, card in up if MINEIRO.level(card) == best]
    if len({seat % 2 for _, seat in top}) == 2:
        return None, top
    return top[0][1], top


def ref_winner(hand: MineiroHand) -> int | None:
    """The side that takes the hand on tricks, None when nobody does (or the hand is not decided)."""
    down = set(hand.face_down)
    calls: list[tuple[int, int, int]] = []  # (trick, cards on the table, team) of each bet
    accepted, accept_trick, pending = 0, -1, False
    trick, cards = 0, 0
    for action in hand.actions:
        if type(action) is Call:
            if pending:
                accepted, accept_trick = len(calls), trick
            calls.append((trick, cards, action.seat % 2))
            pending = True
        elif type(action) is Answer and pending:
            pending = False
            if action.quiero:
                accepted, accept_trick = len(calls), trick
        elif type(action) is PlayCard:
            cards += 1
            if cards == hand.players:
                trick, cards = trick + 1, 0
    teams: list[int | None] = []
    deciding = accept_trick
    for index, played in enumerate(hand.tricks):
        seat, top = ref_trick(played, down)
        team = None if seat is None else seat % 2
        teams.append(team)
        if accepted and index == deciding:
            if team is not None:
                return team
            made_in, before, caller = calls[accepted - 1]
            if index == made_in and any(pos < before for pos, _ in top):
                return 1 - caller
            deciding = index + 1
            continue
        if accepted and index > deciding:
            raise AssertionError("a trick after the bet's trick")
    if accepted:
        return None
    mano = hand.mano % 2
    sides = [None if t is None else (t == mano) for t in teams]  # True: the mão's side took it
    for side in (True, False):
        if sides.count(side) == 2:
            return mano if side else 1 - mano
    won = [s for s in sides if s is not None]
    if sides and sides[0] is None:
        return (mano if won[0] else 1 - mano) if won else None
    if len(sides) >= 2 and sides[1] is None or len(sides) == 3:
        return mano if sides[0] else 1 - mano
    return None


# --- Invariants ---------------------------------------------------------------------------------


def candidates(hand: MineiroHand, rng: random.Random) -> list[Action]:
    """Actions any seat could try: cards (held or not, face up or down), every call, answers, mazo, the
    other games' actions, the deal choices and decisions."""
    result: list[Action] = []
    for seat in range(hand.players):
        own = list(hand.hands[seat])
        result += [PlayCard(seat, card) for card in own] + [PlayCard(seat, card, True) for card in own]
        result.append(PlayCard(seat, rng.choice([c for c in DECK if c not in own])))
        result += [Call(seat, rng.choice(list(CALLS.values())))] + [Call(seat, c) for c in MINEIRO_TRUCO.calls]
        result += [Answer(seat, True), Answer(seat, False), Mazo(seat), Knock(seat), DealChoice(seat, 1)]
        result += [Decision(seat, True), Decision(seat, False)] + [ThreeChoice(seat, k) for k in ThreeChoiceKind]
    return result


def may_know(hand: MineiroHand, seat: int) -> set[Card]:
    """The cards ``seat`` may see: its own, the public ones, and what the rules let it know."""
    down = hand.face_down
    played = [c for t in hand.tricks for _, c in t] + [c for _, c in hand.current_trick]
    known = {c for c in played if c not in down or down[c] == seat} | set(hand.burned)
    partner = (seat + 2) % 4 if hand.players == 4 else None
    if hand.phase is Phase.DEAL:
        if seat == hand.mano:
            known |= set(hand.hands[seat]) | set(hand.passed)
        elif hand.passed and seat == (hand.mano + 2) % 4:  # the partner holds the passed three
            known |= set(hand.passed)
        return known
    if hand.iron:
        if hand.to_act == seat:
            known.add(hand.hands[seat][0])  # the only legal action names the card turned up next
        return known
    known |= set(hand.dealt_hand(seat))
    if partner is not None:
        if hand.decider is not None and hand.decider % 2 == seat % 2:
            known |= set(hand.dealt_hand(partner))
        if hand.passed and seat == hand.mano:
            known |= set(hand.passed)
    return known


def check_views(hand: MineiroHand) -> None:
    offered: list[Action] = []
    for seat in range(hand.players):
        view = hand.view_for(seat)
        found: list = []
        walk(view, found, set())
        leaked = set(found) - may_know(hand, seat)
        assert not leaked, f"seat {seat} sees {leaked}"
        assert all(a.seat == seat for a in view.legal_actions)
        offered += view.legal_actions
    assert sorted(map(str, offered)) == sorted(map(str, hand.legal_actions()))


def check_step(hand: MineiroHand, rng: random.Random) -> None:
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


def expected_points(hand: MineiroHand) -> int:
    award = hand.awards[0]
    if award.rule is AwardRule.ELEVEN_REFUSED:
        return 1
    if award.rule is AwardRule.TRUCO_DECLINED:
        return RUN_FROM[len(award.calls)]
    assert award.rule is AwardRule.HAND_WON
    if any(e.kind is EventKind.ELEVEN_PLAYED for e in hand.events):
        return 3
    return ACCEPTED[len(award.calls)]


def choose(legal: list, rng: random.Random):
    """A random legal action; bets, passes, burns and face-down cards more often than uniformly."""
    special = [a for a in legal if type(a) is Call or type(a) is ThreeChoice and a.choice is not ThreeChoiceKind.KEEP]
    if special and rng.random() < 0.3:
        return rng.choice(special)
    down = [a for a in legal if type(a) is PlayCard and a.face_down]
    if down and rng.random() < 0.2:
        return rng.choice(down)
    return rng.choice(legal)


def random_scores(rng: random.Random) -> tuple[int, int]:
    """Scores of 0..11, a side on 11 in about 15 % of the hands and both on 11 in 5 %."""
    roll = rng.random()
    if roll < 0.15:
        return (11, rng.randrange(11)) if rng.random() < 0.5 else (rng.randrange(11), 11)
    if roll < 0.2:
        return (11, 11)
    return (rng.randrange(11), rng.randrange(11))


def play_hand(hand: MineiroHand, rng: random.Random) -> None:
    steps = 0
    while not hand.is_over:
        check_step(hand, rng)
        hand.apply(choose(hand.legal_actions(), rng))
        steps += 1
        assert steps <= MAX_ACTIONS
    check_step(hand, rng)


def check_finished_hand(hand: MineiroHand) -> None:
    assert hand.end is not None
    moved = tuple(b - a for a, b in zip(hand.start_scores, hand.scores, strict=True))
    if hand.end.kind is EndKind.NO_WINNER:
        assert hand.awards == [] and moved == (0, 0) and hand.end.team is None
        assert ref_winner(hand) is None and len(hand.tricks) == 3
    else:
        assert len(hand.awards) == 1
        award = hand.awards[0]
        assert moved[award.team] == award.points and moved[1 - award.team] == 0
        assert award.points == expected_points(hand)
        if award.rule is AwardRule.HAND_WON:
            assert award.team == ref_winner(hand)
    assert (hand.match_winner is not None) == (max(hand.scores) >= 12)
    if 11 in hand.start_scores:
        assert not hand.truco_calls and not hand.burned and not hand.passed
    if hand.start_scores == (11, 11) and hand.awards:
        assert hand.match_winner == hand.awards[0].team
    played = [c for t in hand.tricks for _, c in t] + [c for _, c in hand.current_trick]
    assert len(played) == len(set(played)) and not set(played) & set(hand.burned)
    assert not any(c in hand.face_down for c in (hand.tricks[0] if hand.tricks else ()))


@examples(HAND_EXAMPLES, derandomize=True)
@given(rules=st.sampled_from(RULESETS), seed=st.integers(0, 2**63 - 1))
def test_random_mineiro_hands_keep_every_invariant(rules, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(HANDS_PER_EXAMPLE):
        scores = random_scores(rng)
        mano = rng.randrange(rules.players)
        hand = rules.new_hand(VARIANT.deal(rng, rules.players, mano), mano, scores)
        assert isinstance(hand, MineiroHand)
        play_hand(hand, rng)
        check_finished_hand(hand)


@pytest.mark.parametrize("players", VARIANT.players)
def test_the_random_play_reaches_every_special_situation(players: int) -> None:
    """The random policy of these tests meets the burn, the pass (four players), face-down cards, the
    mão de onze, the mão de ferro, won bets, ties lost by the caller and void hands (two players)."""
    rng = random.Random(players)
    rules = VARIANT.rules(players=players)
    kinds = {"burn": 0, "down": 0, "onze": 0, "ferro": 0, "caller_loses": 0, "bet_won": 0}
    kinds["pass" if players == 4 else "void"] = 0  # ties are rare at four (tests/engine/test_mineiro.py has them)
    for _ in range(600):
        mano = rng.randrange(players)
        hand = rules.new_hand(VARIANT.deal(rng, players, mano), mano, random_scores(rng))
        assert isinstance(hand, MineiroHand)
        while not hand.is_over:
            hand.apply(choose(hand.legal_actions(), rng))
        check_finished_hand(hand)
        assert hand.end is not None
        kinds["burn"] += bool(hand.burned)
        kinds["down"] += bool(hand.face_down)
        kinds["onze"] += hand.decider is not None
        kinds["ferro"] += hand.iron
        kinds["caller_loses"] += hand.end.rule is not None and hand.end.rule.value == "bet_tie_caller_loses"
        kinds["bet_won"] += hand.end.rule is not None and hand.end.rule.value == "bet_trick_won"
        if players == 4:
            kinds["pass"] += bool(hand.passed)
        else:
            kinds["void"] += hand.end.kind is EndKind.NO_WINNER
    assert all(count >= 1 for count in kinds.values()), sorted(kinds.items())


@examples(QUICK_EXAMPLES, derandomize=True)
@given(rules=st.sampled_from(RULESETS), seed=st.integers(0, 2**63 - 1))
def test_many_random_mineiro_hands_conserve_points_and_replay(rules, seed: int) -> None:
    """Many more hands, checked at their end only: legal actions until over, the award and the scores,
    the tricks' winner, and the replay of the whole notation."""
    rng = random.Random(seed)
    for _ in range(QUICK_HANDS):
        mano = rng.randrange(rules.players)
        hand = rules.new_hand(VARIANT.deal(rng, rules.players, mano), mano, random_scores(rng))
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
def test_random_mineiro_matches_reach_12(rules, seed: int) -> None:
    rng = random.Random(seed)
    match = MatchState(rules, seed=seed, mano=rng.randrange(rules.players))
    while not match.is_over:
        match.apply(rng.choice(match.legal_actions()))
    assert match.winner is not None
    assert max(match.scores) >= 12 and match.scores[match.winner] >= 12
    assert all(isinstance(h, MineiroHand) for h in match.history)
    manos = [h.mano for h in match.history]
    assert all((b - a) % rules.players == 1 for a, b in zip(manos, manos[1:], strict=False))
