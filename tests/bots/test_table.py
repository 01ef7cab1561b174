"""The table runner: a whole match replays from its log, bots act until the learner's turn, forged
logs are refused, the same seed with the same learner actions gives the same match, and Truco
Mineiro's señas are those of the cards held when play begins."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from tests.budgets import budget
from tutor.bots import sena_facts
from tutor.bots.table import NEXT_HAND, Table, TableError
from tutor.engine import IllegalActionError, InvalidNotationError, Phase, PlayCard, Rules, find_variant
from tutor.engine.state import ThreeChoice


def learner_text(action) -> str:
    return str(action).split(":", 1)[1]


def play_match(rules: Rules, seed: int, level: str, choose_seed: int, check_replay: bool = False) -> Table:
    table = Table(rules, seed, level)
    rng = random.Random(choose_seed)
    for _ in range(3000):
        if table.is_over:
            return table
        if table.hand.is_over:
            table.play(NEXT_HAND)
        else:
            assert table.learner_to_act, "bots must act until it is the learner's turn"
            table.play(learner_text(rng.choice(table.view().legal_actions)))
        if check_replay:
            again = Table(rules, seed, level, log=table.log())
            assert again.view() == table.view() and again.version == table.version
    raise AssertionError("the match did not end")


@settings(max_examples=budget(25), deadline=None)
@given(players=st.sampled_from([2, 4, 6]), seed=st.integers(0, 2**31 - 1), choose_seed=st.integers(0, 1000))
def test_a_whole_match_replays_from_its_log_at_every_step(players, seed, choose_seed):
    rules = Rules(players=players, target=5)
    table = play_match(rules, seed, "random", choose_seed, check_replay=True)
    assert table.match.winner in (0, 1)
    assert max(table.hand.scores) >= 5


def test_same_seed_and_same_learner_actions_give_the_same_match():
    rules = Rules(players=4, target=10)
    first = play_match(rules, 77, "beginner", 5)
    second = play_match(rules, 77, "beginner", 5)
    assert first.log() == second.log()
    assert first.hands()[0].deal == second.hands()[0].deal


def test_version_counts_entries_and_next_hand_steps():
    table = Table(Rules(target=15), 3, "random")
    while not table.hand.is_over:
        table.play("mazo" if table.learner_to_act else NEXT_HAND)
    before = table.version
    assert before == len(table.hand_entries())
    table.play(NEXT_HAND)
    assert table.version == before + 1 + len(table.hand_entries())
    assert table.hand_start_version() == before + 1


def test_an_illegal_learner_action_changes_nothing():
    table = Table(Rules(), 11, "random")
    held = {c.notation for c in table.view().hand}
    other = next(c for c in ("1e", "1b", "7e", "7o", "3e", "3b", "2e") if c not in held)
    log = table.log()
    with pytest.raises(IllegalActionError):
        table.play(other)
    with pytest.raises(InvalidNotationError):
        table.play("8o")
    with pytest.raises(InvalidNotationError):
        table.play("1:mazo")
    assert table.log() == log


def test_next_hand_only_after_a_hand_is_over():
    table = Table(Rules(), 11, "random")
    with pytest.raises(IllegalActionError):
        table.play(NEXT_HAND)


@pytest.mark.parametrize("forge", ["other_seat", "illegal", "early_next", "not_a_list"])
def test_forged_logs_are_refused(forge):
    rules = Rules(target=5)
    table = play_match(rules, 21, "random", 1)
    log = table.log()
    if forge == "other_seat":
        log[0][0] = {**log[0][0], "s": 1 - log[0][0]["s"]}
    elif forge == "illegal":
        log[0][0] = {**log[0][0], "a": f"{log[0][0]['s']}:vale_cuatro"}
    elif forge == "early_next":
        log[0] = log[0][:1]
    else:
        log = {"a": 1}
    with pytest.raises(TableError):
        Table(rules, 21, "random", log=log)


def test_bot_entries_carry_a_reason_and_the_learner_entries_none():
    table = play_match(Rules(players=4, target=5), 8, "beginner", 2)
    entries = [e for hand in table.log() for e in hand]
    bots = [e for e in entries if e["b"] == "bot"]
    learner = [e for e in entries if e["b"] == "learner"]
    assert bots and learner
    assert all(isinstance(e["r"]["code"], str) and e["r"]["code"] for e in bots)
    assert all("r" not in e for e in learner)
    assert {e["s"] for e in learner} == {0}


def test_a_mineiro_match_at_four_with_strong_bots_shows_true_senas_after_the_deal():
    """Truco Mineiro: the bots' señas are those of the cards they hold when play begins (after the mão's
    keep, pass or burn), each true of them, known to the learner; the strong bots play the whole match
    with those facts in their determinization."""
    rules = find_variant("mineiro").rules(players=4)
    table = Table(rules, 11, "strong")
    rng = random.Random(3)
    signalled = 0
    for _ in range(3000):
        if table.is_over:
            break
        hand = table.hands()[table.hand_index]
        if hand.phase is not Phase.DEAL:
            partner = table.senas_shown(2)
            moves = [action for action in hand.actions if not isinstance(action, ThreeChoice)]
            played_by_partner = {a.card for a in moves if isinstance(a, PlayCard) and a.seat == 2}
            held = set(hand.view_for(2).hand) | played_by_partner
            for fact in sena_facts(2, partner):
                assert fact.check(tuple(held)), (partner, held)
                assert fact in table.facts_for(0)
            signalled += len(partner)
        if table.hand.is_over:
            table.play(NEXT_HAND)
        else:
            table.play(learner_text(rng.choice(table.view().legal_actions)))
    assert table.is_over and signalled
