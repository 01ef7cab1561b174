"""Random legal play of many hands and matches, checking the engine's invariants (OpenSpiel-style
random simulation, driven by hypothesis).

Hypothesis picks a ruleset (every preset x 2, 4, 6 players x every option) and a seed; each example
plays ``HANDS_PER_EXAMPLE`` hands from random scores with a generator seeded by it, so that the
run covers well over 10,000 hands in a few seconds. After every action:

* the seat to act is the only seat with legal actions, and ``legal_actions()`` is exactly the set
  of candidate actions that ``can_apply`` accepts (every card of its hand, every call, both
  answers, the mazo, a card it does not hold);
* ``apply()`` accepts the chosen legal action and refuses illegal ones (including every action of
  the other seats) with a :class:`Reason`, leaving the state unchanged;

* now and then a :meth:`HandState.clone` equals the state, and a different action applied to the
  clone leaves the state as it was;

and after every hand: it ended within a bounded number of actions; no card was played twice and
every card came from its player's hand; the tricks agree with an independent evaluation of the
ranking; every award has the value documented in docs/rules (recomputed here independently); the
score passes the target only by the last award; replaying the log (through its text form) rebuilds
the same state; no seat's view contains another seat's hidden cards.

Team games (docs/rules §6): in 4 and 6 players a seat that goes to the mazo leaves the hand and its
partners play on. The checks, read from the action log without the engine: a folded seat never acts
again; every trick holds each seat still in the hand when it closed; the folded seats take no part
in the envido showdown; the hand ends by the mazo exactly when a whole team has folded, and then
the other team scores the hand's value. ``test_random_team_hands_with_many_folds`` plays 4- and
6-player hands with a policy that folds often, so that partners playing on is common.
"""

from __future__ import annotations

import random
from itertools import pairwise, product

from hypothesis import given, strategies as st

from tests.budgets import examples
from tutor.engine import (
    ARGENTINE,
    CALLS,
    DECK,
    Answer,
    AwardRule,
    Call,
    Card,
    EndKind,
    EventKind,
    FaltaMode,
    FlorMode,
    HandState,
    IllegalActionError,
    MatchState,
    Mazo,
    PlayCard,
    Ranking,
    Reason,
    Rules,
    deal,
    find_variant,
    format_hand,
    hand_result,
    parse_hand,
    replay,
)

HANDS_PER_EXAMPLE = 50
HAND_EXAMPLES = 220  # 220 x 50 = 11,000 hands (the full profile: tests/budgets.py)
MAX_ACTIONS = 120

RULESETS: list[Rules] = [
    Rules(players=p, flor=flor, falta_mode=falta, early_mazo=early, envido_raisable=raisable, target=target)
    for p, flor, falta, early, raisable, target in product(
        (2, 4, 6), FlorMode, FaltaMode, (False, True), (True, False), (30,)
    )
] + [
    find_variant("fixed").rules(players=p, falta_mode=falta, early_mazo=early, target=target)
    for p, falta, early, target in product((2, 4), FaltaMode, (False, True), (30,))
]
# A few short targets so that matches end mid-hand often.
RULESETS += [rules.replace(target=t) for rules in RULESETS[::7] for t in (5, 15)]

ENVIDO_VALUE = {"envido": 2, "real_envido": 3}
TRUCO_VALUE = {0: 1, 1: 2, 2: 3, 3: 4}


# --- Independent references ------------------------------------------------------------------------


def ref_trick_winner(trick, ranking=ARGENTINE):
    """(winning seat or None for a parda) by plain comparison of levels."""
    best = min(ranking.level(card) for _, card in trick)
    top = [(seat, card) for seat, card in trick if ranking.level(card) == best]
    if len({seat % 2 for seat, _ in top}) == 2:
        return None
    return top[0][0]


def ref_falta(scores, team, rules):
    leader = max(scores)
    half = rules.target // 2  # the malas are the first half, its last point included (15 of 30)
    if rules.falta_mode is FaltaMode.TO_FIFTEEN and leader < half:
        return half - leader
    if rules.falta_mode is FaltaMode.WINS_GAME and leader <= half:
        return rules.target - scores[team]
    return rules.target - leader


def expected_points(award, scores, hand: HandState) -> int:
    """What docs/rules (and docs/rules/decisions.md) say the award is worth, computed without the engine."""
    rules = hand.rules
    calls = award.calls
    rule = award.rule
    if rule in (AwardRule.HAND_WON, AwardRule.MAZO):
        return TRUCO_VALUE[len(calls)]
    if rule is AwardRule.MAZO_EARLY:
        assert rules.early_mazo and not calls
        return 2
    if rule is AwardRule.TRUCO_DECLINED:
        return len(calls)
    if rule is AwardRule.ENVIDO_DECLINED:
        return 1 if len(calls) == 1 else sum(ENVIDO_VALUE[c] for c in calls[:-1])
    if rule is AwardRule.ENVIDO_ACCEPTED:
        if not rules.envido_raisable:
            assert len(calls) == 1
        if calls[-1] == "falta_envido":
            return ref_falta(scores, award.team, rules)
        return sum(ENVIDO_VALUE[c] for c in calls)
    announced = hand.flor_announced
    if rule is AwardRule.FLOR:
        return 3 * sum(1 for seat in announced if seat % 2 == award.team)
    if rule is AwardRule.CONTRAFLOR_DECLINED:
        return 4 if len(calls) == 1 else 6
    if rule is AwardRule.CONTRAFLOR_ACCEPTED:
        if calls[-1] == "contraflor":
            return 6
        return rules.target - max(scores) + 3 * len(announced)
    raise AssertionError(f"unknown award {award}")


# --- Checks ----------------------------------------------------------------------------------------


def candidates(hand: HandState, seat: int, rng: random.Random) -> list:
    """Every kind of action ``seat`` could try: its cards, a card it lacks, every call, answers, mazo."""
    own = list(hand.hands[seat])
    others = [card for card in DECK if card not in own]
    actions = [PlayCard(seat, card) for card in own] + [PlayCard(seat, rng.choice(others))]
    actions += [Call(seat, call) for call in CALLS.values()]
    actions += [Answer(seat, True), Answer(seat, False), Mazo(seat)]
    return actions


def walk(value, found: list, seen: set) -> None:
    """Collect every Card reachable from a view (the public ranking table aside). Iterative, with each
    dataclass's field names looked up once per type: the play-outs walk every seat's view after every
    action."""
    stack = [value]
    while stack:
        value = stack.pop()
        kind = type(value)
        if kind is Card:
            found.append(value)
            continue
        if kind in _ATOM_TYPES or isinstance(value, _ATOMS) or id(value) in seen:
            continue
        seen.add(id(value))
        if kind in _FIELDS:
            fields = _FIELDS[kind]
        else:
            assert not isinstance(value, (HandState, MatchState)), "a view must not reach the state"
            names = getattr(kind, "__dataclass_fields__", None)
            fields = _FIELDS[kind] = None if names is None else tuple(names)
        if fields is not None:
            stack.extend(getattr(value, name) for name in fields)
        elif isinstance(value, dict):
            for key, item in value.items():
                stack.append(key)
                stack.append(item)
        elif isinstance(value, (tuple, list, set, frozenset)):
            stack.extend(value)
        else:
            raise AssertionError(f"unexpected object in a view: {value!r}")


_ATOMS = (str, int, float, type(None), Ranking)
_ATOM_TYPES = frozenset({str, int, float, bool, type(None), Ranking})
_FIELDS: dict[type, tuple[str, ...] | None] = {}
"""The field names of each dataclass type met (None: not a dataclass); a type that is a state is never cached."""


def check_views(hand: HandState) -> None:
    played = {card for trick in hand.tricks for _, card in trick} | {card for _, card in hand.current_trick}
    shown = {card for cards in hand.shown.values() for card in cards} if hand.is_over else set()
    for seat in range(hand.players):
        view = hand.view_for(seat)
        found: list[Card] = []
        walk(view, found, set())
        allowed = set(hand.deal[seat]) | played | shown
        leaked = set(found) - allowed
        assert not leaked, f"seat {seat} sees {leaked}"
        assert view.hand == hand.hands[seat]
        assert bool(view.legal_actions) == (hand.to_act == seat)


def check_clone(hand: HandState, rng: random.Random) -> None:
    """A clone equals the state; playing on in the clone leaves the state unchanged."""
    copy = hand.clone()
    assert copy == hand and copy is not hand
    before = format_hand(hand), hand.view_for(hand.to_act)
    for _ in range(rng.randrange(1, 4)):
        if copy.is_over:
            break
        copy.apply(rng.choice(copy.legal_actions()))
    assert copy != hand
    assert (format_hand(hand), hand.view_for(hand.to_act)) == before
    assert parse_hand(format_hand(copy)).state() == copy


_TRUCOS = {CALLS["truco"], CALLS["retruco"], CALLS["vale_cuatro"]}


def pick(legal: list, rng: random.Random, fold: float) -> object:
    """A random legal action. With ``fold`` > 0 (team games): the mazo (always legal while the hand
    goes on) with probability ``fold``, and a truco call or raise half the time it is legal, so that
    players who have already played a card in the trick often fold as the answer to a truco."""
    if fold:
        if rng.random() < fold:
            return next(a for a in legal if type(a) is Mazo)
        trucos = [a for a in legal if type(a) is Call and a.call in _TRUCOS]
        if trucos and rng.random() < 0.5:
            return trucos[0]
    return rng.choice(legal)


def play_hand(hand: HandState, rng: random.Random, fold: float = 0.0) -> None:
    """Play random legal actions to the end, checking every step."""
    players = hand.players
    for _ in range(MAX_ACTIONS):
        if hand.is_over:
            break
        seat = hand.to_act
        legal = hand.legal_actions()
        assert legal, "a hand that is not over always offers an action"
        assert len(set(legal)) == len(legal)
        cands = candidates(hand, seat, rng)
        accepted = {a for a in cands if hand.can_apply(a)}
        assert accepted == set(legal), (format_hand(hand), legal, accepted)
        before = (len(hand.actions), len(hand.events), hand.scores)
        illegal = [a for a in cands if a not in accepted]
        other = (seat + 1 + rng.randrange(players - 1)) % players
        illegal += rng.sample(candidates(hand, other, rng), 3)
        for action in rng.sample(illegal, min(4, len(illegal))):
            try:
                hand.apply(action)
            except IllegalActionError as error:
                assert isinstance(error.reason, Reason)
            else:
                raise AssertionError(f"{action} was accepted but is not legal")
        assert (len(hand.actions), len(hand.events), hand.scores) == before
        if rng.random() < 0.1:
            check_views(hand)
        if rng.random() < 0.05:
            check_clone(hand, rng)
        hand.apply(pick(legal, rng, fold))
    assert hand.is_over, f"hand did not end: {format_hand(hand)}"
    assert hand.legal_actions() == [] and hand.to_act is None


def between(first: int, last: int, n: int) -> set[int]:
    """The seats after ``first`` and before ``last``, going to the right."""
    seats, seat = set(), (first + 1) % n
    while seat != last:
        seats.add(seat)
        seat = (seat + 1) % n
    return seats


def check_folds(hand: HandState) -> None:
    """docs/rules §6 for team games, read from the action log (docs/rules/decisions.md, "Going to the mazo"):
    a folded seat never acts again; play goes to the right skipping folded seats; a trick is
    complete when every seat still in the hand has played in it (cards of seats that folded after
    playing stay); the next trick is led by the previous trick's winner (after a parda its leader),
    or by the next seat in the hand after it if it has folded."""
    n = hand.players
    rules = hand.rules
    folded: set[int] = set()
    current: list = []
    closed: list[tuple] = []
    leader = hand.mano
    last = len(hand.actions) - 1
    for index, action in enumerate(hand.actions):
        seat = action.seat
        assert seat not in folded, f"seat {seat} acted after going to the mazo"
        if type(action) is Mazo:
            folded.add(seat)
            whole = any(set(range(team, n, 2)) <= folded for team in (0, 1))
            if whole or (index == last and hand.end.kind is not EndKind.TRICKS and len(closed) == len(hand.tricks)):
                continue  # the hand ended at this mazo, before any trick could close
        elif type(action) is PlayCard:
            if current:  # the seats between the previous card and this one have folded
                skipped = between(current[-1][0], seat, n)
            else:  # the leader, or the seats from it to this one, have folded
                skipped = set() if seat == leader else {leader} | between(leader, seat, n)
            assert skipped <= folded, format_hand(hand)
            current.append((seat, action.card))
        else:
            continue
        if current and set(range(n)) - folded <= {s for s, _ in current}:
            closed.append(tuple(current))
            winner = ref_trick_winner(current, rules.ranking_table)
            leader = current[0][0] if winner is None else winner
            current = []
    assert tuple(closed) == hand.tricks, format_hand(hand)
    assert tuple(current) == hand.current_trick
    assert set(hand.folded) == folded
    # Folded seats take no part in the envido showdown.
    out: set[int] = set()
    for event in hand.events:
        if event.kind is EventKind.MAZO:
            out.add(event.seat)
        elif event.kind in (EventKind.ENVIDO_STATED, EventKind.SON_BUENAS):
            assert event.seat not in out
    # The hand ends by the mazo exactly when every player of a team has folded.
    whole = [team for team in (0, 1) if set(range(team, n, 2)) <= folded]
    team_folded = [e.team for e in hand.events if e.kind is EventKind.TEAM_FOLDED]
    if hand.end.kind is EndKind.MATCH_WON:
        # An envido declined by the last mazo of a team may end the match first.
        assert len(whole) <= 1 and set(team_folded) <= set(whole)
    elif hand.end.kind is EndKind.MAZO:
        assert whole == team_folded == [1 - hand.end.team]
        assert type(hand.actions[-1]) is Mazo and hand.actions[-1].seat % 2 == whole[0]
    else:
        assert whole == [] and team_folded == []
    if n == 2:
        assert len(folded) <= 1 and (not folded or hand.end.kind in (EndKind.MAZO, EndKind.MATCH_WON))


def check_finished_hand(hand: HandState) -> None:
    rules = hand.rules
    # No card twice, every card from its player's hand, one card per seat and trick.
    played = [(seat, card) for trick in hand.tricks for seat, card in trick] + list(hand.current_trick)
    assert len({card for _, card in played}) == len(played)
    for seat, card in played:
        assert card in hand.deal[seat]
    check_folds(hand)
    # The tricks agree with the ranking.
    outcomes = []
    for trick, winner in zip(hand.tricks, hand.trick_winners, strict=True):
        assert ref_trick_winner(trick, rules.ranking_table) == winner
        outcomes.append("P" if winner is None else ("W" if winner % 2 == hand.mano % 2 else "L"))
    # Every award has its documented value; envido and flor come before the hand's own points.
    scores = list(hand.start_scores)
    for index, award in enumerate(hand.awards):
        assert award.points == expected_points(award, tuple(scores), hand), award
        scores[award.team] += award.points
        if max(scores) >= rules.target:
            assert index == len(hand.awards) - 1, "no points after the target is reached"
            assert hand.match_winner == award.team
            assert scores[award.team] - award.points < rules.target
    assert tuple(scores) == hand.scores
    last = hand.awards[-1] if hand.awards else None
    end = hand.end
    if end.kind is EndKind.TRICKS:
        result = hand_result(outcomes)
        assert result.decided and end.rule is result.rule
        assert last.rule is AwardRule.HAND_WON and last.team == end.team
        assert last.points == TRUCO_VALUE[hand.truco_level]
    elif end.kind is EndKind.MATCH_WON:
        assert hand.match_winner == end.team and hand.scores[end.team] >= rules.target
    else:
        assert not hand_result(outcomes).decided
        assert last.team == end.team
        assert last.rule in (AwardRule.TRUCO_DECLINED, AwardRule.MAZO, AwardRule.MAZO_EARLY)
    if hand.match_winner is None:
        assert max(hand.scores) < rules.target
    hand_rules = {a.rule for a in hand.awards[:-1]}
    assert not hand_rules & {AwardRule.HAND_WON, AwardRule.TRUCO_DECLINED, AwardRule.MAZO, AwardRule.MAZO_EARLY}
    # Replaying the log, through its text form, rebuilds the same state.
    rebuilt = parse_hand(format_hand(hand)).state()
    assert rebuilt == hand
    steps = list(replay(hand.rules, hand.deal, hand.actions, mano=hand.mano, scores=hand.start_scores))
    assert len(steps) == len(hand.actions) and steps[-1][0] == hand
    check_views(hand)


@examples(HAND_EXAMPLES, derandomize=True)
@given(rules=st.sampled_from(RULESETS), seed=st.integers(0, 2**63 - 1))
def test_random_hands_keep_every_invariant(rules: Rules, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(HANDS_PER_EXAMPLE):
        scores = (rng.randrange(rules.target), rng.randrange(rules.target))
        if rng.random() < 0.5:
            scores = (rng.randrange(min(6, rules.target)), rng.randrange(min(6, rules.target)))
        mano = rng.randrange(rules.players)
        hand = HandState(rules, deal(rng, rules.players, mano), mano, scores)
        play_hand(hand, rng)
        check_finished_hand(hand)


TEAM_RULESETS = [rules for rules in RULESETS if rules.players > 2]


@examples(40, derandomize=True)
@given(rules=st.sampled_from(TEAM_RULESETS), seed=st.integers(0, 2**63 - 1), fold=st.sampled_from([0.1, 0.25]))
def test_random_team_hands_with_many_folds(rules: Rules, seed: int, fold: float) -> None:
    rng = random.Random(seed)
    partners_played_on = 0
    for _ in range(HANDS_PER_EXAMPLE):
        scores = (rng.randrange(min(6, rules.target)), rng.randrange(min(6, rules.target)))
        mano = rng.randrange(rules.players)
        hand = HandState(rules, deal(rng, rules.players), mano, scores)
        play_hand(hand, rng, fold)
        check_finished_hand(hand)
        folds = [i for i, a in enumerate(hand.actions) if type(a) is Mazo]
        if folds and folds[0] < len(hand.actions) - 1:
            partners_played_on += 1
    # A fold that did not end the hand: the partners played on in many of these hands.
    assert partners_played_on >= HANDS_PER_EXAMPLE // 5


@examples(40, derandomize=True)
@given(rules=st.sampled_from(RULESETS), seed=st.integers(0, 2**63 - 1))
def test_random_matches_reach_the_target_and_move_the_deal(rules: Rules, seed: int) -> None:
    rng = random.Random(seed)
    match = MatchState(rules, seed=seed, mano=rng.randrange(rules.players))
    while not match.is_over:
        legal = match.legal_actions()
        assert legal == match.hand.legal_actions()
        match.apply(rng.choice(legal))
    history = match.history
    assert history[-1].match_winner == match.winner
    assert match.scores[match.winner] >= rules.target > match.scores[1 - match.winner]
    for previous, current in pairwise(history):
        assert current.mano == (previous.mano + 1) % rules.players
        assert current.start_scores == previous.scores
        assert previous.match_winner is None
    for hand in history:
        check_finished_hand(hand)
