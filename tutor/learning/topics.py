"""The quiz topics and the lessons they cover (content data).

Each topic is one lesson (a topic's key is its lesson's key, so a topic quiz draws from that lesson's
checks and passing it marks that lesson mastered). Lesson 1 (the deck and the table) has no quiz of
its own. ``name`` is an English msgid that the web layer translates; no gettext here.
"""

from __future__ import annotations

from dataclasses import dataclass

from .attempts import QUIZ_PREFIX, split_check_item


@dataclass(frozen=True)
class Topic:
    """One quiz topic."""

    key: str
    """Used in URLs (``/quiz/<key>``) and in the quiz result's item (``quiz:<key>``)."""
    name: str
    """English msgid, e.g. ``Card ranking``."""
    lessons: tuple[str, ...]
    """Keys of the lessons whose checks belong to the topic."""

    def covers(self, item: str) -> bool:
        """True when ``item`` is a check of one of the topic's lessons.

        >>> TOPICS[0].covers("card-ranking/matas"), TOPICS[0].covers("flor/value")
        (True, False)
        """
        parts = split_check_item(item)
        return parts is not None and parts[0] in self.lessons


TOPICS: tuple[Topic, ...] = (
    Topic("card-ranking", "Card ranking", ("card-ranking",)),
    Topic("tricks-and-parda", "Tricks and parda", ("tricks-and-parda",)),
    Topic("envido-counting", "Counting envido", ("envido-counting",)),
    Topic("envido-calls", "Envido calls and points", ("envido-calls",)),
    Topic("truco-calls", "Truco calls and points", ("truco-calls",)),
    Topic("scoring-a-game", "Scoring a game", ("scoring-a-game",)),
    Topic("pairs-and-trios", "Pairs and trios", ("pairs-and-trios",)),
    Topic("flor", "Flor", ("flor",)),
    Topic("catalan-truc", "Catalan Truc", ("catalan-truc",)),
    Topic("truco-mineiro", "Truco Mineiro", ("truco-mineiro",)),
)
"""The topics in curriculum order (lessons 2 to 11: the Argentine game, then the other games)."""

EXAM = "exam"
"""The key of the mixed exam of every topic (its result is ``quiz:exam``; it masters no lesson)."""

_BY_KEY = {topic.key: topic for topic in TOPICS}
_BY_LESSON = {lesson: topic for topic in TOPICS for lesson in topic.lessons}


def get_topic(key: str) -> Topic:
    """The topic with this key; ``KeyError`` for any other (the exam is not a topic).

    >>> get_topic("flor").name
    'Flor'
    """
    return _BY_KEY[key]


def topic_of_lesson(lesson: str) -> Topic | None:
    """The topic that covers a lesson, or None (lesson 1).

    >>> topic_of_lesson("envido-counting").key, topic_of_lesson("deck-and-table")
    ('envido-counting', None)
    """
    return _BY_LESSON.get(lesson)


def topic_of_item(item: str) -> Topic | None:
    """The topic an item belongs to: a check of one of its lessons, or its quiz's result.

    >>> topic_of_item("flor/value").key, topic_of_item("quiz:flor").key, topic_of_item("quiz:exam")
    ('flor', 'flor', None)
    """
    if item.startswith(QUIZ_PREFIX):
        return _BY_KEY.get(item[len(QUIZ_PREFIX) :])
    parts = split_check_item(item)
    return _BY_LESSON.get(parts[0]) if parts else None
