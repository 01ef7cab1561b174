"""Practice hands: every file passes the schema, its script is legal, its ideal line reaches its goal
on 200 deals of its pattern, and 200 random learner lines all end with a verdict."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.budgets import budget
from tutor.content import all_hands, all_lessons, get_hand
from tutor.content.errors import ContentError
from tutor.content.loader import HANDS_DIR, load_hand_file, load_hands
from tutor.content.practice import MAX_ACTIONS, Practice, play_ideal, play_line
from tutor.engine.cards import Card

KEYS = [spec.key for spec in load_hands(verify=False)]
"""The ids, read at collection without playing any hand's ideal line (``all_hands()`` verifies them)."""
DEALS = budget(200)
LINES = budget(200)


def test_at_least_24_hands_and_three_for_each_lesson_from_2_to_9():
    HANDS = all_hands()
    assert len(HANDS) >= 24
    for lesson in all_lessons():
        if 2 <= lesson.number <= 9:
            count = sum(1 for spec in HANDS if spec.lesson == lesson.key)
            assert count >= 3, f"lesson {lesson.number} {lesson.key} has {count} practice hands"


def test_orders_are_unique_within_a_lesson():
    HANDS = all_hands()
    seen = set()
    for spec in HANDS:
        assert (spec.lesson, spec.order) not in seen, spec.key
        seen.add((spec.lesson, spec.order))


def _seeds(spec):
    return [0] if spec.fixed else range(DEALS)


@pytest.mark.parametrize("key", KEYS)
def test_ideal_line_reaches_the_goal_on_every_deal(key):
    spec = get_hand(key)
    for seed in _seeds(spec):
        run = play_ideal(spec, seed)  # raises if a scripted action or an ideal step is illegal
        verdict = run.verdict()
        assert verdict is not None and verdict.goal, (key, seed, [e.action for e in run.entries()])
        assert verdict.stars == 3, (key, seed, "the ideal line must not trigger a coach mistake")


@pytest.mark.parametrize("key", KEYS)
def test_the_deal_keeps_the_fixed_cards_and_meets_the_pattern(key):
    spec = get_hand(key)
    for seed in range(0, DEALS, 7):
        deal = spec.deal(seed)
        assert len({c for hand in deal for c in hand}) == 3 * spec.players
        for seat, fixed in enumerate(spec.cards):
            assert set(fixed) <= set(deal[seat])


@pytest.mark.parametrize("key", KEYS)
def test_random_learner_lines_always_end_with_a_verdict(key):
    spec = get_hand(key)
    rng = random.Random(f"lines:{key}")
    for _line in range(LINES):
        seed = 0 if spec.fixed else rng.randrange(1 << 30)

        def choose(run: Practice) -> str:
            legal = run.table.view().legal_actions
            return str(rng.choice(legal)).split(":", 1)[1]

        run = play_line(spec, seed, choose)  # raises ScriptError on an illegal scripted action
        assert run.over
        assert len(run.hand.actions) <= MAX_ACTIONS
        verdict = run.verdict()
        assert verdict is not None and verdict.stars in (1, 2, 3)
        # Replaying the stored log gives the same hand.
        again = Practice(spec, seed, log=run.log())
        assert again.hand.actions == run.hand.actions


def test_a_wrong_first_card_is_flagged_and_costs_the_third_star():
    spec = get_hand("lowest-card-that-wins")
    for seed in range(40):
        run = Practice(spec, seed)
        led = run.hand.current_trick[0][1]
        ranking = spec.rules.ranking_table
        mine = sorted(run.table.view().hand, key=ranking.strength)
        winners = [c for c in mine if ranking.compare(c, led) > 0]
        if len(winners) < 2:
            continue
        run.play(winners[-1].notation)  # the strongest winner, not the cheapest
        while not run.over:
            run.play(str(run.table.view().legal_actions[0]).split(":", 1)[1])
        verdict = run.verdict()
        assert verdict is not None and not verdict.goal and verdict.mistakes >= 1 and verdict.stars == 1
        return
    pytest.fail("no deal with two winning cards in 40 seeds")


def test_a_hint_turns_three_stars_into_two():
    spec = get_hand("lowest-card-that-wins")
    run = Practice(spec, 1)
    first = True
    while not run.over:
        action = run.ideal_action()
        assert action is not None
        run.play(action, hinted=first)
        first = False
    verdict = run.verdict()
    assert verdict is not None and verdict.goal and verdict.hinted and verdict.stars == 2


def test_the_coach_speaks_once_per_message_in_log_order():
    spec = get_hand("lowest-card-that-wins")
    run = play_ideal(spec, 2)
    fired = run.coach()
    indexes = [f.note.index for f in fired]
    assert len(indexes) == len(set(indexes))
    assert [f.position for f in fired] == sorted(f.position for f in fired)
    assert fired[0].position == 1  # "your opponent has led": after the scripted lead, before the learner acts


# --- Broken files name the file and the key -------------------------------------------------------

GOOD = (HANDS_DIR / "03-lowest-card-that-wins.toml").read_text(encoding="utf-8")


def _error(tmp_path: Path, text: str, name: str = "03-lowest-card-that-wins.toml") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ContentError) as info:
        load_hand_file(path, all_lessons(), name=f"hands/{name}")
    return str(info.value)


@pytest.mark.parametrize(
    "old, new, expected",
    [
        ('lesson = "tricks-and-parda"', 'lesson = "juggling"', "lesson: unknown value 'juggling'"),
        ('do = "play:lowest"', 'do = "dance"', "script[0].do: unknown action 'dance'"),
        ('when = "lowest_winning(1)"', 'when = "lowest_winnin(1)"', "coach[1].when: unknown predicate 'lowest_winnin'"),
        (
            'when = "lowest_winning(1)"',
            'when = "lowest_winning(4)"',
            "coach[1].when: lowest_winning: trick 4 does not exist",
        ),
        (
            'goal = ["hand_won_by(us)", "lowest_winning(1)"]',
            'goal = ["hand_won_by(ours)"]',
            "check.goal[0]: hand_won_by: 'ours' is not a team",
        ),
        ('learner = "1e 7o"', 'learner = "1e 8o"', "deal.learner: unknown card '8o'"),
        (
            'where = ["best_card_at_most',
            'where = ["trick_won_by(1, us)", "best_card_at_most',
            "deal.where: a deal pattern may only look at the deal",
        ),
        (
            'ideal = ["play:lowest_winning", "play:highest", "play:highest"]',
            'ideal = ["play:highest", "play:highest", "play:highest"]',
            "check.goal: the ideal line misses the goal",
        ),
        (
            'ideal = ["play:lowest_winning", "play:highest", "play:highest"]',
            'ideal = ["play:lowest_winning"]',
            "ideal: lowest-card-that-wins (seed 0): the ideal line ends before the hand does",
        ),
        (
            'text = "You won the hand: two tricks are yours."',
            'text = "You won %(tricks)s tricks."',
            "coach[4].text: unknown value %(tricks)s",
        ),
        ("order = 1", 'order = 1\ncolour = "red"', "colour: unknown key"),
    ],
)
def test_broken_hand_files_name_the_file_and_key(tmp_path, old, new, expected):
    assert old in GOOD
    message = _error(tmp_path, GOOD.replace(old, new, 1))
    assert message.startswith("hands/03-lowest-card-that-wins.toml: ")
    assert expected in message, message


def test_a_script_that_plays_an_illegal_action_is_refused_when_the_file_loads(tmp_path):
    # The opponent is mano and leads; a rule that has it call "quiero" with nothing to answer is illegal.
    text = GOOD.replace('do = "play:lowest"', 'do = "quiero"', 1)
    assert "script rule 1 (quiero) names no legal action" in _error(tmp_path, text)


def test_the_file_name_must_match_the_lesson_number_and_key(tmp_path):
    assert "must be named 03-lowest-card-that-wins.toml" in _error(tmp_path, GOOD, name="04-lowest-card-that-wins.toml")


def test_a_fixed_deal_uses_every_given_card(tmp_path):
    text = GOOD.replace(
        'learner = "1e 7o"\nwhere = ["best_card_at_most(opponent, 3e)", "not holds(opponent, 3e)", '
        '"best_card_at_least(learner, 12c)"]',
        'learner = "1e 7o 3c"\nopponent = "4e 5b 6o"',
    )
    path = tmp_path / "03-lowest-card-that-wins.toml"
    path.write_text(text, encoding="utf-8")
    spec = load_hand_file(path, all_lessons())
    assert spec.fixed
    assert (
        spec.deal(0)
        == spec.deal(99)
        == (
            (Card.parse("1e"), Card.parse("7o"), Card.parse("3c")),
            (Card.parse("4e"), Card.parse("5b"), Card.parse("6o")),
        )
    )
