"""Lesson content as data: the schema, the loader, the check vocabulary and the Babel extractor.

No Flask here and no gettext: every text is an English msgid that the web layer translates.

How a view uses it::

    from tutor.content import get_lesson, all_lessons, split_bold
    from tutor.content.checks import make_question, parse_answer, judge, new_seed, AnswerError

    lesson = get_lesson(key)                    # KeyError -> 404
    step = lesson.step(step_key)                # or lesson.steps[i]
    # render _(step.title), each paragraph: split_bold(_(paragraph)), step.cards, _(step.hint)
    if step.check:
        question = make_question(step.check, seed)   # seed kept in the form / session
        # render _(question.prompt), question.situation, question.options
        verdict = judge(question, parse_answer(question, form))

See ``tutor.content.checks`` for the question kinds and the explanation data.
"""

from .errors import AnswerError, AnswerErrorKind, ContentError
from .hands import PracticeHand
from .loader import (
    all_hands,
    all_lessons,
    clear_cache,
    get_hand,
    get_lesson,
    hands_for,
    load_hands,
    load_lesson_file,
    load_lessons,
    next_lesson,
)
from .schema import Check, Lesson, Step, split_bold

__all__ = [
    "AnswerError",
    "AnswerErrorKind",
    "ContentError",
    "Check",
    "Lesson",
    "Step",
    "split_bold",
    "all_lessons",
    "get_lesson",
    "next_lesson",
    "load_lesson_file",
    "load_lessons",
    "clear_cache",
    "PracticeHand",
    "all_hands",
    "get_hand",
    "hands_for",
    "load_hands",
]
