"""A learner's learning state, computed from one append-only log of attempts (pure Python: no Flask,
no database, no gettext; tests/test_architecture.py checks the imports).

The store keeps the log (``tutor.store``: the ``attempt`` table) and, with it, projections that
answer what these functions compute from the whole log (``tutor.store.projection``; a property test
checks they agree). The functions take a learner's attempts:

* ``attempts``: :class:`Attempt` (learner, item, source, correct, hinted, at), :class:`Source`, item
  ids (:func:`check_item`, :func:`practice_item`, :func:`quiz_item`, :func:`split_check_item`) and a
  quiz's result (:func:`quiz_passed`, :func:`quiz_result`);
* ``topics``: the quiz topics :data:`TOPICS` (one lesson each), :func:`get_topic`,
  :func:`topic_of_lesson`, :func:`topic_of_item`, :data:`EXAM`;
* ``lessons``: steps done, first tries and stars (:func:`lesson_status`, :func:`lesson_statuses`,
  :class:`LessonStatus`, :func:`stars_for`, :func:`last_touched`);
* ``stats``: :func:`mastery` / :func:`all_mastery`, :func:`accuracy_by_day`, :func:`streak`,
  :func:`daily_goal`, :func:`totals`, :func:`most_missed`;
* ``schedule``: the FSRS review schedule replayed from the log (:func:`replay`, :func:`review_cards`,
  :func:`due_items`, :func:`next_due`, :func:`rating`).

>>> from datetime import datetime, timedelta
>>> t = datetime(2026, 3, 2, 18, 0)
>>> log = [Attempt(1, "envido-counting/no-pair", Source.LESSON, False, at=t),
...        Attempt(1, "envido-counting/no-pair", Source.LESSON, True, at=t + timedelta(minutes=1))]
>>> [d.item for d in due_items(log, now=t + timedelta(days=1))], streak(log, now=t)
(['envido-counting/no-pair'], 1)
"""

from fsrs import Card as ReviewCard

from .attempts import (
    ANSWER_SOURCES,
    Attempt,
    Source,
    as_utc,
    check_item,
    practice_item,
    quiz_item,
    quiz_passed,
    quiz_result,
    split_check_item,
)
from .lessons import LessonStatus, StepRecord, in_order, last_touched, lesson_status, lesson_statuses, stars_for
from .schedule import SCHEDULER, Due, due_items, next_due, rating, replay, review_cards
from .stats import (
    DAILY_GOAL,
    MASTERY_WINDOW,
    DailyGoal,
    DayAccuracy,
    Level,
    Missed,
    TopicMastery,
    Totals,
    accuracy_by_day,
    all_mastery,
    daily_goal,
    mastery,
    most_missed,
    streak,
    totals,
)
from .topics import EXAM, TOPICS, Topic, get_topic, topic_of_item, topic_of_lesson

__all__ = [
    "ANSWER_SOURCES",
    "Attempt",
    "Source",
    "as_utc",
    "check_item",
    "practice_item",
    "quiz_item",
    "quiz_passed",
    "quiz_result",
    "split_check_item",
    "LessonStatus",
    "StepRecord",
    "in_order",
    "last_touched",
    "lesson_status",
    "lesson_statuses",
    "stars_for",
    "SCHEDULER",
    "Due",
    "review_cards",
    "ReviewCard",
    "due_items",
    "next_due",
    "rating",
    "replay",
    "DAILY_GOAL",
    "MASTERY_WINDOW",
    "DailyGoal",
    "DayAccuracy",
    "Level",
    "Missed",
    "TopicMastery",
    "Totals",
    "accuracy_by_day",
    "all_mastery",
    "daily_goal",
    "mastery",
    "most_missed",
    "streak",
    "totals",
    "EXAM",
    "TOPICS",
    "Topic",
    "get_topic",
    "topic_of_item",
    "topic_of_lesson",
]
