"""Every claim a practice hand shows is one the engine backs, whatever the learner plays.

Random learner lines (some following the ideal line for a while, then anything legal) are played on
every practice hand. For each line:

* every fact a coach message shows is a claim the engine built, and it still holds against the
  hand once it is over;
* what a coach message's text states (its ``says``) held when it was said and still holds at the end;
* the verdict's claims (who took the hand and how, each team's points and why, the game) hold at
  the end, the verdict's text is the first outcome whose ``when`` holds, else success for a reached
  goal and failure otherwise, and every claim has a sentence;
* the examples of the issue that found false texts are pinned, each with the truth.
"""

from __future__ import annotations

import random

import pytest

from tutor.content import all_hands, get_hand
from tutor.content.claims import (
    FACTS,
    AwardClaim,
    HandClaim,
    PointsClaim,
    TrickClaim,
    build,
    verdict_claims,
)
from tutor.content.practice import Practice, play_line
from tutor.content.predicates import Moment, parse
from tutor.engine.state import AwardRule, EndKind, HandState
from tutor.narration import Perspective
from tutor.narration.claims import CLAIM_SENTENCES, claim_sentence

HANDS = all_hands()
KEYS = [spec.key for spec in HANDS]
LINES = 120


def _line(spec, rng: random.Random, follow: float):
    """A learner who plays the ideal action with probability ``follow`` while it is legal, else any."""

    def choose(run: Practice) -> str:
        ideal = run.ideal_action()
        if ideal is not None and rng.random() < follow:
            return ideal
        legal = run.table.view().legal_actions
        return str(rng.choice(legal)).split(":", 1)[1]

    return choose


def _at(hand: HandState, position: int) -> HandState:
    state = HandState(hand.rules, hand.deal, hand.mano, hand.start_scores)
    for action in hand.actions[:position]:
        state.apply(action)
    return state


def check_run(run: Practice) -> list[str]:
    """Every claim of a finished run that the engine contradicts, as messages (empty: all true)."""
    problems: list[str] = []
    hand = run.hand
    spec = run.spec
    moves = [str(a) for a in hand.actions]
    perspective = Perspective(0, hand.players)
    for fired in run.coach():
        note = fired.note
        for claim in fired.facts:
            if not claim.holds(hand):
                problems.append(f"coach {note.index + 1}: fact {claim} is false at the end of {moves}")
            claim_sentence(claim, perspective)
        if note.says is not None:
            then = Moment(_at(hand, fired.position), 0)
            if not note.says.test(then):
                problems.append(
                    f"coach {note.index + 1}: says {note.says} is false when said, after {moves[: fired.position]}"
                )
            if not note.says.test(Moment(hand, 0)):
                problems.append(f"coach {note.index + 1}: says {note.says} is false at the end of {moves}")
    verdict = run.verdict()
    assert verdict is not None
    end = Moment(hand, 0)
    for claim in verdict.facts:
        if not claim.holds(hand):
            problems.append(f"verdict: fact {claim} is false at the end of {moves}")
        claim_sentence(claim, perspective)
    matching = next((o for o in spec.outcomes if o.when.test(end)), None)
    expected = matching.text if matching is not None else (spec.success if verdict.goal else spec.failure)
    if verdict.text != expected:
        problems.append(f"verdict text {verdict.text!r} is not the outcome's {expected!r}")
    if not any(isinstance(c, HandClaim) for c in verdict.facts):
        problems.append("the verdict does not say who took the hand")
    if sum(isinstance(c, PointsClaim) for c in verdict.facts) != 2:
        problems.append("the verdict does not give both teams' points")
    return problems


@pytest.mark.parametrize("key", KEYS)
def test_random_lines_show_only_claims_the_engine_backs(key):
    spec = get_hand(key)
    rng = random.Random(f"claims:{key}")
    for line in range(LINES):
        seed = 0 if spec.fixed else rng.randrange(1 << 30)
        follow = (0.0, 0.5, 0.8)[line % 3]
        run = play_line(spec, seed, _line(spec, rng, follow))
        problems = check_run(run)
        assert not problems, (key, seed, problems)


def test_every_claim_kind_and_fact_has_a_sentence_and_a_builder():
    from tutor.content import claims

    kinds = {getattr(claims, name) for name in claims.__all__ if name.endswith("Claim") and name != "Claim"}
    assert kinds == set(CLAIM_SENTENCES)
    assert set(FACTS) == {"trick", "hand", "awards", "points", "showdown", "worth", "stake", "match", "held"}


def test_every_hand_verdict_can_tell_every_way_a_hand_ends():
    """A mazo, a declined truco and a hand won on tricks each give a verdict with its own claim."""
    seen = set()
    for spec in HANDS:
        rng = random.Random(f"ends:{spec.key}")
        for _ in range(30):
            run = play_line(spec, 0 if spec.fixed else rng.randrange(1 << 30), _line(spec, rng, 0.3))
            seen.update(c.end for c in run.verdict().facts if isinstance(c, HandClaim))
    assert {EndKind.MAZO, EndKind.TRUCO_DECLINED, EndKind.TRICKS, EndKind.MATCH_WON} <= seen


# --- The examples that were false ------------------------------------------------------------------


def _play(key: str, seed: int, *actions: str) -> Practice:
    run = Practice(get_hand(key), seed)
    for text in actions:
        run.play(text)
    while not run.over:
        run.play(run.ideal_action() or str(run.table.view().legal_actions[0]).split(":", 1)[1])
    return run


def _texts(run: Practice) -> list[str]:
    return [f.note.text for f in run.coach()]


@pytest.mark.parametrize("seed", [5, 6])
def test_a_mazo_against_a_falta_envido_is_not_called_a_no_quiero_nor_one_point(seed):
    run = _play("decline-a-falta-envido", seed, "mazo")
    verdict = run.verdict()
    assert run.hand.points[1] == 2
    assert not any(t.startswith("No quiero: your opponent scores 1 point") for t in _texts(run))
    assert verdict.stars < 3 and "1 point instead" not in verdict.text
    awards = [c for f in run.coach() for c in f.facts if isinstance(c, AwardClaim)]
    assert [(a.rule, a.points) for a in awards] == [(AwardRule.ENVIDO_DECLINED, 1), (AwardRule.MAZO, 1)]
    points = next(c for c in verdict.facts if isinstance(c, PointsClaim) and c.team == 1)
    assert points.points == 2 and points.holds(run.hand)


def test_winning_with_the_ace_is_not_called_a_hand_that_did_not_go_your_way():
    run = _play("lowest-card-that-wins", 5, "1e")
    verdict = run.verdict()
    assert run.hand.end.team == 0 and not verdict.goal
    assert "did not go your way" not in verdict.text and verdict.text.startswith("You won the hand, but")


def test_a_raise_that_wins_the_envido_is_not_told_the_points_went_to_the_opponent():
    run = _play("accept-a-strong-envido", 6, "real_envido")
    verdict = run.verdict()
    assert run.hand.points[0] >= 2 and any(a.team == 0 and a.rule.value.startswith("envido") for a in run.hand.awards)
    assert "went to your opponent" not in verdict.text


def test_a_won_truco_is_not_called_a_loss_of_one_nor_a_mistake():
    spec = get_hand("the-envido-comes-first")
    for seed in range(200):
        run = Practice(spec, seed)
        run.play("envido")
        if run.over or not any(str(a).endswith(":quiero") for a in run.table.view().legal_actions):
            continue
        run.play("quiero")
        while not run.over:
            run.play(str(run.table.view().legal_actions[0]).split(":", 1)[1])
        if run.hand.end.team != 0:
            continue
        texts = _texts(run)
        assert not any("took only 1 from you" in t for t in texts)
        assert not any(f.note.mistake for f in run.coach()), texts
        assert "1 point for it" not in run.verdict().text
        return
    pytest.fail("no deal in 200 where accepting the Truco won the hand")


def test_the_facts_of_a_trick_and_a_hand_are_told_from_the_engine():
    run = _play("beat-the-false-ace", 0)
    trick = next(c for c in run.verdict().facts if isinstance(c, TrickClaim))
    assert trick.trick == 1 and trick.holds(run.hand)
    assert claim_sentence(trick).startswith("You take trick 1 (")
    assert all(c.holds(run.hand) for c in verdict_claims(Moment(run.hand, 0)))
    assert build("trick(3)", Moment(run.hand, 0)) == () or run.hand.tricks[2:]


def test_a_coach_text_that_states_something_is_checked():
    assert parse("sure_on_tricks(us)").monotone and parse("hand_won_by(us)").monotone
    assert not parse("trick(1)").monotone and not parse("not hand_won_by(us)").monotone
    assert parse("not holds(learner, 1e)").monotone  # the deal does not change


OLD_FAILURES = {
    # Texts that described one way of failing and were shown for all (finding 4), and that a mazo at
    # the first decision makes false. ("The hand got away" of after-a-parda-play-your-best and "The
    # envido points went to your opponent" of accept-a-strong-envido stay true after a mazo: they
    # are now outcomes whose `when` backs them, checked by check_run.)
    "beat-the-false-ace": "The false ace took the trick this time.",
    "only-a-mata-beats-a-three": "The 3 took the trick this time.",
    "the-right-seven": "The trick went to your opponent.",
    "equal-envido-goes-to-the-mano": "The envido did not go your way.",
    "decline-a-poor-envido": "declining cost you only 1 point",
    "answer-with-real-envido": "No quiero gave your opponent 1 point",
    "decline-a-falta-envido": "No quiero: your opponent scores 1 point",
}


@pytest.mark.parametrize("key", sorted(OLD_FAILURES))
def test_a_mazo_at_the_first_decision_is_told_as_a_mazo(key):
    spec = get_hand(key)
    for seed in range(8):
        run = Practice(spec, seed)
        if "mazo" not in {str(a).split(":", 1)[1] for a in run.table.view().legal_actions}:
            continue
        run.play("mazo")
        while not run.over:
            run.play(str(run.table.view().legal_actions[0]).split(":", 1)[1])
        verdict = run.verdict()
        texts = [verdict.text, *(f.note.text for f in run.coach())]
        assert not any(OLD_FAILURES[key] in text for text in texts), (key, seed, texts)
        hand = next(c for c in verdict.facts if isinstance(c, HandClaim))
        assert hand.end in (EndKind.MAZO, EndKind.MATCH_WON) and hand.holds(run.hand)
        assert not check_run(run)


@pytest.mark.parametrize("key", KEYS)
def test_the_ideal_line_ends_on_a_verdict_that_is_not_a_mistake(key):
    """ "Show me" ends on the ideal line's own verdict (``success``, or an outcome such as a declined
    raise), never on a flagged outcome, and its claims hold."""
    spec = get_hand(key)
    from tutor.content.practice import play_ideal

    for seed in [0] if spec.fixed else range(0, 200, 9):
        run = play_ideal(spec, seed)
        verdict = run.verdict()
        assert verdict.goal and verdict.stars == 3, (key, seed)
        assert verdict.outcome is None or not spec.outcomes[verdict.outcome].mistake
        assert not check_run(run), (key, seed)
