"""Random legal play of Truco Mineiro and Catalan Truc hands and matches (OpenSpiel-style random
simulation, driven by Hypothesis), checking the invariants every game of the engine keeps. One harness,
each test parametrized by variant (and by table size where Hypothesis draws hands): what differs between
the two games (the candidate actions, what a seat may know, the value of an award, the winner on tricks,
the random policy) is a :class:`Game` below, each with its own independent reference of the rules.

Each example plays ``HANDS_PER_EXAMPLE`` hands of the ``mineiro`` or ``catalan`` preset (2 or 4 players)
from random scores, some with one side on 11 and some with both (Mineiro: the mão de onze and the mão
de ferro), choosing among the legal actions with a bias towards bets (Mineiro: passes, burns and
face-down cards, dealt with the spare threes of the keep/pass/burn deal; Catalan: knocks and silent
acceptances). After every action:

* the hand is not over exactly while there are legal actions; every legal action is accepted by
  ``can_apply``, and the legal actions are exactly what the seats' views offer, each seat its own;
* candidate actions that are not legal are refused with a :class:`Reason` and leave the state as it was;
* replaying the notation of the hand so far (``format_hand`` -> ``parse_hand`` -> ``state()``) gives a
  state equal to this one, and so does a clone;
* no seat's view holds a card it may not know. Mineiro: another seat's hand or face-down card, a spare
  three, a partner's cards outside the mão de onze and the mão's pass; nothing of its own in a mão de
  ferro but the card it must turn up next. Catalan: another seat's hidden cards (nothing while the
  dealer chooses after a knock, one card each in a one-card hand);

and after every hand: it ended within a bounded number of actions; the points are conserved (the score
moved by exactly the award) and the award's value is recomputed here from the rules; the winner on
tricks agrees with an independent reference of the rules.

- Mineiro (docs/rules/mineiro.md): at most one award (none exactly when nobody took the hand); values
  1, 3, 6, 9, 12, run from: 1, 3, 6, 9, the mão de onze 3, run from 1; the reference of §9.3.4-§9.3.7
  (ties, face-down cards, the bet on the current trick).
- Catalan (docs/rules/catalan.md): exactly one award; values 1, truc 2, retruc 3, a refused truc 1 and
  retruc 2, the hand of 11 played 3 and refused 1; the hand decided by tricks only when the tricks say
  so (the ranking and §9.2.6).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from hypothesis import given, strategies as st

from tests.budgets import examples
from tests.engine.test_random_playouts import walk
from tutor.engine import (
    CALLS,
    CATALAN,
    DECK,
    MINEIRO,
    Action,
    Answer,
    AwardRule,
    Call,
    Card,
    CatalanHand,
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
    deal,
    find_variant,
    format_hand,
    parse_hand,
)
from tutor.engine.ladders import MINEIRO_TRUCO

HANDS_PER_EXAMPLE = 20
HAND_EXAMPLES = 30  # per table size: 2 x 30 x 20 = 1,200 hands per variant with every step checked
QUICK_HANDS = 200
QUICK_EXAMPLES = 30  # per table size: 2 x 30 x 200 = 12,000 hands per variant checked at their end
MATCH_EXAMPLES = 15  # per table size: 30 matches per variant
"""The full profile's numbers (tests/budgets.py); bench/engine_bench.py --check plays more."""


def random_scores(rng: random.Random) -> tuple[int, int]:
    """Scores of 0..11, a side on 11 in about 15 % of the hands and both on 11 in 5 %."""
    roll = rng.random()
    if roll < 0.15:
        return (11, rng.randrange(11)) if rng.random() < 0.5 else (rng.randrange(11), 11)
    if roll < 0.2:
        return (11, 11)
    return (rng.randrange(11), rng.randrange(11))


# --- Truco Mineiro: an independent reference of the rules ------------------------------------------

MINEIRO_ACCEPTED = {0: 1, 1: 3, 2: 6, 3: 9, 4: 12}
MINEIRO_RUN_FROM = {1: 1, 2: 3, 3: 6, 4: 9}


def mineiro_ref_trick(trick, down: set[Card]) -> tuple[int | None, list[tuple[int, int]]]:
    """(the winning seat or None for a tie, the (position, seat) of the top face-up cards)."""
    up = [(pos, seat, card) for pos, (seat, card) in enumerate(trick) if card not in down]
    if not up:
        return None, []
    best = min(MINEIRO.level(card) for _, _, card in up)
    top = [(pos, seat) for pos, seat, card in up if MINEIRO.level(card) == best]
    if len({seat % 2 for _, seat in top}) == 2:
        return None, top
    return top[0][1], top


def mineiro_ref_winner(hand: MineiroHand) -> int | None:
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
        seat, top = mineiro_ref_trick(played, down)
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


def mineiro_candidates(hand: MineiroHand, rng: random.Random) -> list[Action]:
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


def mineiro_may_know(hand: MineiroHand, seat: int) -> set[Card]:
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


def mineiro_expected_points(hand: MineiroHand) -> int:
    award = hand.awards[0]
    if award.rule is AwardRule.ELEVEN_REFUSED:
        return 1
    if award.rule is AwardRule.TRUCO_DECLINED:
        return MINEIRO_RUN_FROM[len(award.calls)]
    assert award.rule is AwardRule.HAND_WON
    if any(e.kind is EventKind.ELEVEN_PLAYED for e in hand.events):
        return 3
    return MINEIRO_ACCEPTED[len(award.calls)]


def mineiro_choose(legal: list, rng: random.Random):
    """A random legal action; bets, passes, burns and face-down cards more often than uniformly."""
    special = [a for a in legal if type(a) is Call or type(a) is ThreeChoice and a.choice is not ThreeChoiceKind.KEEP]
    if special and rng.random() < 0.3:
        return rng.choice(special)
    down = [a for a in legal if type(a) is PlayCard and a.face_down]
    if down and rng.random() < 0.2:
        return rng.choice(down)
    return rng.choice(legal)


def mineiro_check_finished_hand(hand: MineiroHand) -> None:
    assert hand.end is not None
    moved = tuple(b - a for a, b in zip(hand.start_scores, hand.scores, strict=True))
    if hand.end.kind is EndKind.NO_WINNER:
        assert hand.awards == [] and moved == (0, 0) and hand.end.team is None
        assert mineiro_ref_winner(hand) is None and len(hand.tricks) == 3
    else:
        assert len(hand.awards) == 1
        award = hand.awards[0]
        assert moved[award.team] == award.points and moved[1 - award.team] == 0
        assert award.points == mineiro_expected_points(hand)
        if award.rule is AwardRule.HAND_WON:
            assert award.team == mineiro_ref_winner(hand)
    assert (hand.match_winner is not None) == (max(hand.scores) >= 12)
    if 11 in hand.start_scores:
        assert not hand.truco_calls and not hand.burned and not hand.passed
    if hand.start_scores == (11, 11) and hand.awards:
        assert hand.match_winner == hand.awards[0].team
    played = [c for t in hand.tricks for _, c in t] + [c for _, c in hand.current_trick]
    assert len(played) == len(set(played)) and not set(played) & set(hand.burned)
    assert not any(c in hand.face_down for c in (hand.tricks[0] if hand.tricks else ()))


def mineiro_situations(players: int) -> dict[str, int]:
    """The burn, the pass (four players), face-down cards, the mão de onze, the mão de ferro, won bets,
    ties lost by the caller and void hands (two players)."""
    kinds = {"burn": 0, "down": 0, "onze": 0, "ferro": 0, "caller_loses": 0, "bet_won": 0}
    kinds["pass" if players == 4 else "void"] = 0  # ties are rare at four (tests/engine/test_mineiro.py has them)
    return kinds


def mineiro_count_action(hand, action, kinds: dict[str, int]) -> None:
    """Nothing of Mineiro's is counted per action."""


def mineiro_count_hand(hand: MineiroHand, kinds: dict[str, int]) -> None:
    assert hand.end is not None
    kinds["burn"] += bool(hand.burned)
    kinds["down"] += bool(hand.face_down)
    kinds["onze"] += hand.decider is not None
    kinds["ferro"] += hand.iron
    kinds["caller_loses"] += hand.end.rule is not None and hand.end.rule.value == "bet_tie_caller_loses"
    kinds["bet_won"] += hand.end.rule is not None and hand.end.rule.value == "bet_trick_won"
    if hand.players == 4:
        kinds["pass"] += bool(hand.passed)
    else:
        kinds["void"] += hand.end.kind is EndKind.NO_WINNER


# --- Catalan Truc: an independent reference of the rules -------------------------------------------


def catalan_ref_trick_winner(trick):
    best = min(CATALAN.level(card) for _, card in trick)
    top = [(seat, card) for seat, card in trick if CATALAN.level(card) == best]
    if len({seat % 2 for seat, _ in top}) == 2:
        return None
    return top[0][0]


def catalan_ref_hand_winner(hand: CatalanHand) -> int | None:
    """The winning team from the tricks (docs/rules/catalan.md §9.2.4 and §9.2.6), None if undecided."""
    teams = [None if (w := catalan_ref_trick_winner(t)) is None else w % 2 for t in hand.tricks]
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


def catalan_candidates(hand: CatalanHand, rng: random.Random) -> list[Action]:
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


def catalan_may_know(hand: CatalanHand, seat: int) -> set[Card]:
    """The cards played and the seat's own (none while the dealer chooses, one in a one-card hand)."""
    played = {card for trick in hand.tricks for _, card in trick} | {card for _, card in hand.current_trick}
    if hand.phase is Phase.DEAL:
        own: set[Card] = set()
    elif hand.one_card:
        own = {hand.deal[seat][0]}
    else:
        own = set(hand.deal[seat])
    return own | played


def catalan_expected_points(hand: CatalanHand) -> int:
    award = hand.awards[0]
    if award.rule is AwardRule.ELEVEN_REFUSED:
        return 1
    if award.rule is AwardRule.TRUCO_DECLINED:
        return len(award.calls)  # the value before the refused bet: 1 for a truc, 2 for a retruc
    assert award.rule is AwardRule.HAND_WON
    if any(e.kind is EventKind.ELEVEN_PLAYED for e in hand.events):
        return 3
    return 1 + len(award.calls)


def catalan_choose(legal: list, rng: random.Random):
    """A random legal action, bets and knocks made more often than a uniform choice would."""
    knocks = [a for a in legal if type(a) is Knock]
    if knocks and rng.random() < 0.4:
        return knocks[0]
    calls = [a for a in legal if type(a) is Call]
    return rng.choice(calls) if calls and rng.random() < 0.3 else rng.choice(legal)


def catalan_check_finished_hand(hand: CatalanHand) -> None:
    assert len(hand.awards) == 1
    award = hand.awards[0]
    moved = tuple(b - a for a, b in zip(hand.start_scores, hand.scores, strict=True))
    assert moved[award.team] == award.points and moved[1 - award.team] == 0
    assert award.points == catalan_expected_points(hand)
    assert hand.end is not None
    if hand.end.kind is EndKind.TRICKS or (hand.end.kind is EndKind.MATCH_WON and award.rule is AwardRule.HAND_WON):
        assert award.team == catalan_ref_hand_winner(hand)
    assert (hand.match_winner is not None) == (max(hand.scores) >= 12)
    if min(hand.start_scores) == 11:  # both on 11: the hand's winner wins the game
        assert hand.match_winner == award.team and not hand.truco_calls
    played = [card for trick in hand.tricks for _, card in trick] + [card for _, card in hand.current_trick]
    assert len(played) == len(set(played))


def catalan_situations(players: int) -> dict[str, int]:
    """The knock, the one-card hand, the hand of 11, both on 11, the silent acceptance and a bet made
    out of turn (after a card)."""
    return {"knock": 0, "one_card": 0, "eleven": 0, "both_11": 0, "silent": 0, "after_card_bet": 0}


def catalan_count_action(hand: CatalanHand, action, kinds: dict[str, int]) -> None:
    kinds["after_card_bet"] += type(action) is Call and action.seat != hand.to_act


def catalan_count_hand(hand: CatalanHand, kinds: dict[str, int]) -> None:
    kinds["knock"] += any(type(a) is Knock for a in hand.actions)
    kinds["one_card"] += hand.one_card
    kinds["eleven"] += hand.decider is not None
    kinds["both_11"] += hand.start_scores == (11, 11)
    kinds["silent"] += any(e.kind is EventKind.ANSWER and e.auto for e in hand.events)


# --- The harness ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Game:
    """What the harness needs to know of one variant (its preset and its reference of the rules)."""

    name: str
    hand_type: type
    max_actions: int
    deal: Callable
    candidates: Callable
    may_know: Callable
    choose: Callable
    check_finished_hand: Callable
    situations: Callable
    count_action: Callable
    count_hand: Callable
    situation_hands: int  # how many hands the special-situation test plays
    situation_minimum: int  # and how often each situation must come up in them

    @property
    def variant(self):
        return find_variant(self.name)

    def new_hand(self, rules, rng: random.Random, scores: tuple[int, int] | None = None):
        mano = rng.randrange(rules.players)
        hand = rules.new_hand(self.deal(rng, rules.players, mano), mano, scores or random_scores(rng))
        assert isinstance(hand, self.hand_type)
        return hand


MINEIRO_GAME = Game(
    name="mineiro",
    hand_type=MineiroHand,
    max_actions=50,
    deal=find_variant("mineiro").deal,
    candidates=mineiro_candidates,
    may_know=mineiro_may_know,
    choose=mineiro_choose,
    check_finished_hand=mineiro_check_finished_hand,
    situations=mineiro_situations,
    count_action=mineiro_count_action,
    count_hand=mineiro_count_hand,
    situation_hands=600,
    situation_minimum=1,
)
CATALAN_GAME = Game(
    name="catalan",
    hand_type=CatalanHand,
    max_actions=40,
    deal=deal,
    candidates=catalan_candidates,
    may_know=catalan_may_know,
    choose=catalan_choose,
    check_finished_hand=catalan_check_finished_hand,
    situations=catalan_situations,
    count_action=catalan_count_action,
    count_hand=catalan_count_hand,
    situation_hands=300,
    situation_minimum=5,
)
GAMES = (MINEIRO_GAME, CATALAN_GAME)
TABLES = [
    pytest.param(game, game.variant.rules(players=players), id=f"{game.name}-{players}")
    for game in GAMES
    for players in game.variant.players
]
"""Every variant at every table size it is played at (2 and 4 players)."""
SIZES = [pytest.param(game, players, id=f"{game.name}-{players}") for game in GAMES for players in game.variant.players]


def check_views(game: Game, hand) -> None:
    offered: list[Action] = []
    for seat in range(hand.players):
        view = hand.view_for(seat)
        found: list = []
        walk(view, found, set())
        leaked = set(found) - game.may_know(hand, seat)
        assert not leaked, f"seat {seat} sees {leaked}"
        assert all(a.seat == seat for a in view.legal_actions)
        offered += view.legal_actions
    assert sorted(map(str, offered)) == sorted(map(str, hand.legal_actions()))


def check_step(game: Game, hand, rng: random.Random) -> None:
    legal = hand.legal_actions()
    assert bool(legal) == (not hand.is_over)
    assert all(hand.can_apply(a) for a in legal)
    text = format_hand(hand)
    legal_text = {str(a) for a in legal}
    for action in rng.sample(game.candidates(hand, rng), 8):
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
    check_views(game, hand)


def play_hand(game: Game, hand, rng: random.Random) -> None:
    steps = 0
    while not hand.is_over:
        check_step(game, hand, rng)
        hand.apply(game.choose(hand.legal_actions(), rng))
        steps += 1
        assert steps <= game.max_actions
    check_step(game, hand, rng)


@pytest.mark.parametrize(("game", "rules"), TABLES)
@examples(HAND_EXAMPLES, derandomize=True)
@given(seed=st.integers(0, 2**63 - 1))
def test_random_hands_keep_every_invariant(game: Game, rules, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(HANDS_PER_EXAMPLE):
        scores = random_scores(rng)
        hand = game.new_hand(rules, rng, scores)
        play_hand(game, hand, rng)
        game.check_finished_hand(hand)


@pytest.mark.parametrize(("game", "players"), SIZES)
def test_the_random_play_reaches_every_special_situation(game: Game, players: int) -> None:
    """The random policy of these tests meets each variant's special situations (``situations`` above),
    so that the invariants are checked over them."""
    rng = random.Random(players)
    rules = game.variant.rules(players=players)
    kinds = game.situations(players)
    for _ in range(game.situation_hands):
        hand = game.new_hand(rules, rng)
        while not hand.is_over:
            action = game.choose(hand.legal_actions(), rng)
            game.count_action(hand, action, kinds)
            hand.apply(action)
        game.check_finished_hand(hand)
        game.count_hand(hand, kinds)
    assert all(count >= game.situation_minimum for count in kinds.values()), sorted(kinds.items())


@pytest.mark.parametrize(("game", "rules"), TABLES)
@examples(QUICK_EXAMPLES, derandomize=True)
@given(seed=st.integers(0, 2**63 - 1))
def test_many_random_hands_conserve_points_and_replay(game: Game, rules, seed: int) -> None:
    """Many more hands, checked at their end only: legal actions until over, the award and the scores,
    the tricks' winner, and the replay of the whole notation."""
    rng = random.Random(seed)
    for _ in range(QUICK_HANDS):
        hand = game.new_hand(rules, rng)
        steps = 0
        while not hand.is_over:
            legal = hand.legal_actions()
            assert legal
            hand.apply(game.choose(legal, rng))
            steps += 1
            assert steps <= game.max_actions
        assert hand.legal_actions() == []
        game.check_finished_hand(hand)
        assert parse_hand(format_hand(hand)).state() == hand


@pytest.mark.parametrize(("game", "rules"), TABLES)
@examples(MATCH_EXAMPLES, derandomize=True)
@given(seed=st.integers(0, 2**63 - 1))
def test_random_matches_reach_12(game: Game, rules, seed: int) -> None:
    rng = random.Random(seed)
    match = MatchState(rules, seed=seed, mano=rng.randrange(rules.players))
    while not match.is_over:
        match.apply(rng.choice(match.legal_actions()))
    assert match.winner is not None
    assert max(match.scores) >= 12 and match.scores[match.winner] >= 12
    assert all(isinstance(h, game.hand_type) for h in match.history)
    manos = [h.mano for h in match.history]
    assert all((b - a) % rules.players == 1 for a, b in zip(manos, manos[1:], strict=False))
