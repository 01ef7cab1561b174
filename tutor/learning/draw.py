"""Which questions a quiz, the exam or a daily set asks: drawn from the lesson checks, the same for
everyone with the same seed (pure: content and the engine only, no Flask). The quizzes
(``tutor/web/quiz``) and the live sessions (``tutor/web/live``) both draw with it.

A quiz (:class:`Quiz`) is a list of groups of lesson steps with a check: one group for a topic quiz
(the checked steps of the topic's lesson), one group per topic for the mixed exam and the daily set.
:func:`draw` takes the groups in a shuffled order, one question from each in turn, and within a
group its steps in a shuffled order, so ten questions of a lesson with eight checked steps ask every
step once and two of them twice; the exam's twenty questions ask every topic two or three times.

Question ``i`` is a fresh variant of its step's pattern, made with the seed :func:`question_seed`
derives from the quiz's seed ``N`` and ``i`` (and a try number). A variant that the quiz already
asks (the same step and the same concrete question: cards, seats, calls, options) is drawn again
with the next try; a step whose tries all give questions already asked (a check with fixed cards
has a single variant) is set aside and the next step takes its turn. Everything depends only on
``N``, so everyone with the link ``?seed=N`` gets the same questions in the same order, and a
worksheet printed from it asks what the quiz asks. Drawn quizzes are cached (the content does not
change while the app runs).

A live session asks one of the contents of :func:`live_questions`, named by a key short enough for
its ``live_session.quiz`` column: a topic key or ``exam`` (the quiz's first questions, as above),
``lesson:<key>`` (every checked step of one lesson once, in the lesson's order),
``envido-drill`` (the envido of a hand, each question a different hand) or ``senas`` (lesson 8's
seña checks, each question a different seña). Each is drawn from the seed alone, as a quiz is.
"""

from __future__ import annotations

import functools
import hashlib
import json
import random
from dataclasses import dataclass
from datetime import date

from ..content import Step, all_lessons, get_lesson
from ..content.checks import Question, make_question
from ..content.checks.base import plain
from .attempts import check_item
from .topics import EXAM, TOPICS

__all__ = [
    "DAILY",
    "DAILY_SIZE",
    "EXAM_SIZE",
    "MAX_SEED",
    "QUIZ_SIZE",
    "Drawn",
    "Quiz",
    "ENVIDO_DRILL",
    "LESSON_PREFIX",
    "SENAS",
    "daily_seed",
    "draw",
    "find_quiz",
    "live_lessons",
    "live_questions",
    "live_sizes",
    "question_seed",
    "quiz_questions",
]

MAX_SEED = 1 << 31
"""Seeds are 0 to 2**31 - 1 (up to ten digits in a URL)."""
QUIZ_SIZE = 10
EXAM_SIZE = 20
DAILY_SIZE = 5
DAILY = "daily"
"""The key under which a daily set is kept (``quiz_run.quiz``)."""
TRIES = 12
"""Seeds tried for one step before it is set aside as having no new variant."""
ENVIDO_DRILL = "envido-drill"
"""The live content that asks the envido of hands (the ``envido_value`` checks of the lessons)."""
SENAS = "senas"
"""The live content that shows a seña and asks what it means (the ``sena_meaning`` checks)."""
LESSON_PREFIX = "lesson:"
"""The live content ``lesson:<key>``: the checked steps of one lesson."""
LIVE_SIZES = (3, 5, QUIZ_SIZE)
"""How many questions a live topic quiz or envido drill may ask."""
SENA_SIZES = (3, 5, 7)
"""How many questions a live seña round may ask (the Argentine set has seven card señas)."""


@dataclass(frozen=True)
class Quiz:
    """What a quiz draws from: groups of (lesson key, step) with a check, and how many questions."""

    key: str
    """A topic key, :data:`tutor.learning.EXAM` or :data:`DAILY`."""
    size: int
    groups: tuple[tuple[tuple[str, Step], ...], ...]

    @property
    def is_topic(self) -> bool:
        """A quiz on one topic (its result can master the lesson)."""
        return self.key not in (EXAM, DAILY)


@dataclass(frozen=True)
class Drawn:
    """One question of a quiz: its lesson step, the seed of its variant, and the question."""

    lesson: str
    step: Step
    seed: int
    question: Question

    @property
    def item(self) -> str:
        """The learning log's item (``<lesson>/<step>``): a quiz answer feeds the step's review."""
        return check_item(self.lesson, self.step.key)

    @property
    def game(self) -> str | None:
        """The game of the question's lesson when it is not the Argentine one (``"mineiro"``), whose
        deck its cards are drawn with; None for a lesson of the Argentine game."""
        return get_lesson(self.lesson).game


def _checked(lesson_key: str) -> tuple[tuple[str, Step], ...]:
    return tuple((lesson_key, step) for step in get_lesson(lesson_key).checked_steps)


def _all_topics() -> tuple[tuple[tuple[str, Step], ...], ...]:
    return tuple(tuple(pair for lesson in topic.lessons for pair in _checked(lesson)) for topic in TOPICS)


@functools.cache
def find_quiz(key: str) -> Quiz:
    """The quiz of a topic key, the exam or the daily set; KeyError for anything else."""
    if key == EXAM:
        return Quiz(EXAM, EXAM_SIZE, _all_topics())
    if key == DAILY:
        return Quiz(DAILY, DAILY_SIZE, _all_topics())
    for topic in TOPICS:
        if topic.key == key:
            return Quiz(key, QUIZ_SIZE, (tuple(pair for lesson in topic.lessons for pair in _checked(lesson)),))
    raise KeyError(key)


def question_seed(seed: int, index: int, attempt: int = 0) -> int:
    """The seed of question ``index`` of the quiz with ``seed`` (``attempt``: the try after repeats).

    Made with SHA-256, so it is the same on every run and every Python version.

    >>> question_seed(42, 0) == question_seed(42, 0), question_seed(42, 0) != question_seed(42, 1)
    (True, True)
    """
    digest = hashlib.sha256(f"truco-tutor/quiz/{seed}/{index}/{attempt}".encode()).digest()
    return int.from_bytes(digest[:4], "big") % MAX_SEED


def same_question_key(lesson: str, step: Step, question: Question) -> str:
    """What makes two questions the same: the step, and what the question shows and expects."""
    return json.dumps(
        [lesson, step.key, question.situation.to_data(), plain(question.options), plain(question.expected)],
        sort_keys=True,
        default=str,
    )


def _order_rng(key: str, seed: int) -> random.Random:
    digest = hashlib.sha256(f"truco-tutor/quiz-order/{key}/{seed}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def draw(quiz: Quiz, seed: int) -> tuple[Drawn, ...]:
    """The quiz's questions for ``seed``, in order (see the module docstring). ValueError if the
    steps cannot give ``quiz.size`` different questions (a content error a test catches)."""
    rng = _order_rng(quiz.key, seed)
    groups = [list(group) for group in quiz.groups if group]
    for group in groups:
        rng.shuffle(group)
    rng.shuffle(groups)
    cursors = [0] * len(groups)
    spent: set[tuple[str, str]] = set()
    seen: set[str] = set()
    drawn: list[Drawn] = []
    attempt = 0
    turn = 0
    while len(drawn) < quiz.size:
        live = [g for g, group in enumerate(groups) if any((lesson, step.key) not in spent for lesson, step in group)]
        if not live:
            raise ValueError(f"quiz {quiz.key!r}: only {len(drawn)} different questions, {quiz.size} wanted")
        g = live[turn % len(live)]
        group = groups[g]
        while (group[cursors[g] % len(group)][0], group[cursors[g] % len(group)][1].key) in spent:
            cursors[g] += 1
        lesson, step = group[cursors[g] % len(group)]
        for _try in range(TRIES):
            assert step.check is not None
            question_seed_ = question_seed(seed, len(drawn), attempt)
            attempt += 1
            question = make_question(step.check, question_seed_)
            key = same_question_key(lesson, step, question)
            if key not in seen:
                seen.add(key)
                drawn.append(Drawn(lesson, step, question_seed_, question))
                break
        else:
            spent.add((lesson, step.key))
            continue  # the same group tries its next step for the same question
        cursors[g] += 1
        turn += 1
    return tuple(drawn)


@functools.lru_cache(maxsize=512)
def quiz_questions(key: str, seed: int) -> tuple[Drawn, ...]:
    """The questions of quiz ``key`` for ``seed`` (cached; KeyError for an unknown quiz)."""
    return draw(find_quiz(key), seed)


def daily_seed(day: date) -> int:
    """The seed of the daily set of ``day``: the same for everyone that day.

    >>> daily_seed(date(2026, 1, 31)) == daily_seed(date(2026, 1, 31)) != daily_seed(date(2026, 2, 1))
    True
    """
    digest = hashlib.sha256(f"truco-tutor/daily-set/{day.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:4], "big") % MAX_SEED


# --- Live sessions ------------------------------------------------------------------------------


def _steps_of_kind(kind: str) -> tuple[tuple[str, Step], ...]:
    """Every checked lesson step whose check is of ``kind``, in curriculum order."""
    return tuple(
        (lesson.key, step)
        for lesson in all_lessons()
        for step in lesson.checked_steps
        if step.check is not None and step.check.kind == kind
    )


def live_lessons() -> tuple[str, ...]:
    """The keys of the lessons with at least one checked step (those a live session can ask)."""
    return tuple(lesson.key for lesson in all_lessons() if lesson.checked_steps)


def live_sizes(content: str) -> tuple[int, ...]:
    """The numbers of questions a live content may ask (KeyError for an unknown content; a lesson's
    checks ask each checked step once: a single size)."""
    if content == EXAM:
        return (*LIVE_SIZES, EXAM_SIZE)
    if content == ENVIDO_DRILL:
        return LIVE_SIZES if _steps_of_kind("envido_value") else ()
    if content == SENAS:
        return SENA_SIZES if _steps_of_kind("sena_meaning") else ()
    if content.startswith(LESSON_PREFIX):
        key = content.removeprefix(LESSON_PREFIX)
        if key not in live_lessons():
            raise KeyError(content)
        return (len(get_lesson(key).checked_steps),)
    find_quiz(content)  # a topic, or a KeyError
    return LIVE_SIZES


def _round_key(kind: str, question: Question) -> str:
    """What must differ between two questions of a round: the hand (envido drill), the seña shown."""
    if kind == "envido_value":
        return json.dumps(sorted(plain(question.situation.to_data())["cards"]))
    return json.dumps(plain(question.situation.to_data()), sort_keys=True, default=str)


def _round(content: str, kind: str, seed: int, size: int) -> tuple[Drawn, ...]:
    """``size`` questions of the steps with a check of ``kind``, taken in a shuffled order in turn,
    each a fresh variant whose situation (a hand, a seña) no earlier question of the round showed; a
    step with no new variant left is set aside. ValueError if the steps cannot give ``size``."""
    steps = list(_steps_of_kind(kind))
    _order_rng(content, seed).shuffle(steps)
    seen: set[str] = set()
    drawn: list[Drawn] = []
    attempt = turn = 0
    while len(drawn) < size:
        if not steps:
            raise ValueError(f"live {content!r}: only {len(drawn)} different questions, {size} wanted")
        lesson, step = steps[turn % len(steps)]
        assert step.check is not None
        for _try in range(TRIES * 4):
            question_seed_ = question_seed(seed, len(drawn), attempt)
            attempt += 1
            question = make_question(step.check, question_seed_)
            key = _round_key(kind, question)
            if key not in seen:
                seen.add(key)
                drawn.append(Drawn(lesson, step, question_seed_, question))
                turn += 1
                break
        else:
            steps.remove((lesson, step))
    return tuple(drawn)


def _lesson_checks(key: str, seed: int) -> tuple[Drawn, ...]:
    """Every checked step of lesson ``key`` once, in the lesson's order, each a variant of ``seed``."""
    drawn = []
    for index, step in enumerate(get_lesson(key).checked_steps):
        assert step.check is not None
        question_seed_ = question_seed(seed, index)
        drawn.append(Drawn(key, step, question_seed_, make_question(step.check, question_seed_)))
    return tuple(drawn)


@functools.lru_cache(maxsize=512)
def live_questions(content: str, seed: int, size: int) -> tuple[Drawn, ...]:
    """The questions of a live session: ``content`` (a topic key, :data:`EXAM`, ``lesson:<key>``,
    :data:`ENVIDO_DRILL` or :data:`SENAS`), its ``seed`` and how many questions it asks (cached;
    KeyError for an unknown content). A topic quiz or the exam asks the first ``size`` questions of
    :func:`quiz_questions`; a lesson's checks are all of them, whatever ``size``."""
    if content == ENVIDO_DRILL:
        return _round(content, "envido_value", seed, size)
    if content == SENAS:
        return _round(content, "sena_meaning", seed, size)
    if content.startswith(LESSON_PREFIX):
        key = content.removeprefix(LESSON_PREFIX)
        if key not in live_lessons():
            raise KeyError(content)
        return _lesson_checks(key, seed)
    return quiz_questions(content, seed)[:size]
