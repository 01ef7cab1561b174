"""What a live session asks, drawn by the learning layer (pure: no app): each content is fixed by its
seed, the envido drill asks only envido counts of different hands, the seña round a different seña
each time, a lesson's checks every checked step once in order, and an unknown content is refused."""

from __future__ import annotations

import pytest

from tutor.content import all_lessons, get_lesson
from tutor.learning import EXAM
from tutor.learning.draw import live_lessons, live_questions, live_sizes, quiz_questions

SEEDS = range(0, 400, 37)


@pytest.mark.parametrize("content", ["exam", "envido-drill", "senas", "lesson:flor", "truco-calls"])
def test_a_content_is_fixed_by_its_seed(content):
    size = live_sizes(content)[-1]
    first = [(d.item, d.seed) for d in live_questions(content, 11, size)]
    live_questions.cache_clear()
    assert [(d.item, d.seed) for d in live_questions(content, 11, size)] == first
    assert [(d.item, d.seed) for d in live_questions(content, 12, size)] != first


def test_the_sizes_each_content_allows():
    assert live_sizes(EXAM) == (3, 5, 10, 20)
    assert live_sizes("envido-drill") == (3, 5, 10)
    assert live_sizes("senas") == (3, 5, 7)
    assert live_sizes("card-ranking") == (3, 5, 10)
    assert live_sizes("lesson:envido-counting") == (len(get_lesson("envido-counting").checked_steps),)
    for unknown in ("lesson:nope", "nope", "daily-ish", ""):
        with pytest.raises(KeyError):
            live_sizes(unknown)


def test_the_exam_is_the_exams_first_questions():
    for seed in SEEDS:
        assert live_questions(EXAM, seed, 5) == quiz_questions(EXAM, seed)[:5]


@pytest.mark.parametrize("seed", SEEDS)
def test_the_envido_drill_asks_envido_counts_of_different_hands(seed):
    drawn = live_questions("envido-drill", seed, 10)
    assert len(drawn) == 10
    assert {d.question.kind for d in drawn} == {"envido_value"}
    assert len({frozenset(d.question.situation.cards) for d in drawn}) == 10


@pytest.mark.parametrize("seed", SEEDS)
def test_the_sena_round_shows_every_sena_once_at_most(seed):
    drawn = live_questions("senas", seed, 7)
    assert [d.item for d in drawn] == ["pairs-and-trios/senas"] * 7
    assert len({d.question.situation.sena for d in drawn}) == 7


def test_every_lesson_with_checks_is_offered_and_asks_them_in_order():
    assert live_lessons() == tuple(lesson.key for lesson in all_lessons() if any(s.check for s in lesson.steps))
    for key in live_lessons():
        wanted = [f"{key}/{step.key}" for step in get_lesson(key).steps if step.check is not None]
        assert [d.item for d in live_questions(f"lesson:{key}", 3, 1)] == wanted
