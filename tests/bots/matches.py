"""What the bots' tests of every game share: a hand run from its notation, and a whole match of
computer players in which every decision is checked to be one of the view's legal actions."""

from __future__ import annotations

import random

from tutor.bots import Level, choose
from tutor.engine import MatchState, Rules, parse_action


def run(hand, log: str):
    """``hand`` after the actions of ``log`` (the notation, separated by spaces)."""
    for text in log.split():
        hand.apply(parse_action(text))
    return hand


def play_match(rules: Rules, levels: tuple[Level, Level], seed: int, strong_budget: int = 16) -> MatchState:
    """A whole match to the target, team 0 at ``levels[0]`` and team 1 at ``levels[1]``; every
    decision must be one of the view's legal actions, for the seat to act."""
    match = MatchState(rules, seed=f"{rules.variant}-bots:{seed}", mano=seed % rules.players)
    rng = random.Random(seed)
    while not match.is_over:
        hand = match.hand
        seat = hand.to_act
        assert seat is not None  # a hand under way always has a seat to act
        view = hand.view_for(seat)
        decision = choose(view, levels[seat & 1], rng, budget=strong_budget)
        assert decision.action in view.legal_actions, (decision, view.legal_actions)
        assert decision.action.seat == seat
        match.apply(decision.action)
    return match
