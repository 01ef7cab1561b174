"""The quiz topics' names in the request's language (the English names are ``tutor.learning.TOPICS``')."""

from __future__ import annotations

from ..i18n import gettext as _, lazy_gettext as _l
from ..learning import TOPICS, Topic

TOPIC_NAMES = {
    "card-ranking": _l("Card ranking"),
    # Translators: a quiz topic; a parda is a tied trick.
    "tricks-and-parda": _l("Tricks and parda"),
    # Translators: a quiz topic (working out the envido points of a hand).
    "envido-counting": _l("Counting envido"),
    # Translators: a quiz topic (calling envido, real envido, falta envido and what they score).
    "envido-calls": _l("Envido calls and points"),
    # Translators: a quiz topic (calling truco, retruco, vale cuatro and what they score).
    "truco-calls": _l("Truco calls and points"),
    "scoring-a-game": _l("Scoring a game"),
    # Translators: a quiz topic (lesson 8): playing in teams of two and of three (partners, señas), not pairs of cards.
    "pairs-and-trios": _l("Pairs and trios"),
    # Translators: a quiz topic, the optional flor rule.
    "flor": _l("Flor"),
    # Translators: a quiz topic, the Catalan game (its cards, no envido, truc and retruc); the name stays Catalan.
    "catalan-truc": _l("Catalan Truc"),
    # Translators: a quiz topic, the Brazilian game (manilhas, truco, seis, nove, doze); the name stays Portuguese.
    "truco-mineiro": _l("Truco Mineiro"),
}
"""Each topic's name, translated (the English names are ``tutor.learning.TOPICS``'s)."""


def topic_name(topic: Topic) -> str:
    """The topic's name in the request's language."""
    name = TOPIC_NAMES.get(topic.key)
    return str(name) if name is not None else _(topic.name)


__all__ = ["TOPICS", "TOPIC_NAMES", "topic_name"]
