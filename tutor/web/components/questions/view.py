"""Everything a page needs to draw one question, before or after it is answered.

:func:`question_view` asks the kind's presenter (:mod:`.presenters`) for the situation, the options,
and, once the answer is shown, the engine's answer in words, its explanation and the usual mistake.
The result, a :class:`QuestionView`, is what the partials of ``templates/components/_question.html``
draw; :meth:`QuestionView.context` gives it under the names the lesson pages use.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from tutor.narration import ExplanationText

from ....content.checks import AnswerType, Question, Verdict
from ....engine.cards import Card
from ....i18n import gettext as _
from .presenters import Presenter, presenter_for
from .situation import OptionView, SituationView, answer_values
from .text import answer_text, order_cards, order_groups

__all__ = ["QuestionView", "question_view"]


@dataclass(frozen=True)
class QuestionView:
    """One question as the templates draw it."""

    question: Question
    presenter: Presenter
    situation: SituationView
    options: list[OptionView]
    verdict: Verdict | None = None
    """The judgement of the learner's answer, once answered."""
    given: Mapping[str, Any] | None = None
    """The form sent back with an error, to fill the fields again."""
    revealed: bool = False
    """The answer and its explanation are shown (after an answer, or on demand)."""
    places: dict[str, str] = field(default_factory=dict)
    """ORDER: card notation -> the place the learner gave it."""
    place_labels: list[str] = field(default_factory=list)
    """ORDER: "place 1", "place 2"... read out for a tapped card."""
    cards_to_order: tuple[Card, ...] = ()
    """ORDER: the cards to put in order."""
    explanation: ExplanationText | None = None
    expected_text: str = ""
    """The engine's answer in words (when revealed)."""
    expected_groups: list[list[Card]] = field(default_factory=list)
    """ORDER: the engine's answer as rows of cards (when revealed)."""
    answer_text: str = ""
    """The learner's wrong answer in words."""
    mistake: str = ""
    """The usual mistake behind the learner's wrong answer, when one explains it."""
    face: str | None = None
    """The card face the question is drawn and named with (``question_view``'s ``face``): the partials
    of ``components/_question.html`` draw its cards with it, so the questions of one page may differ
    (a Truco Mineiro question of the exam is French among Spanish ones)."""

    def context(self) -> dict[str, Any]:
        """The view under the template names of the lesson pages (``question``, ``situation``,
        ``options``, ``verdict``, ``revealed``, ``given``, ``places``, ``place_labels``,
        ``explanation``, ``expected_text``, ``expected_groups``, ``answer_text``, ``mistake``), plus
        the whole view as ``question_view``."""
        return {
            "question_view": self,
            "question": self.question,
            "situation": self.situation,
            "options": self.options,
            "verdict": self.verdict,
            "revealed": self.revealed,
            "given": self.given,
            "places": self.places,
            "place_labels": self.place_labels,
            "explanation": self.explanation,
            "expected_text": self.expected_text,
            "expected_groups": self.expected_groups,
            "answer_text": self.answer_text,
            "mistake": self.mistake,
        }


def question_view(
    question: Question,
    face: str | None,
    *,
    answer: Any = None,
    verdict: Verdict | None = None,
    submitted: Any = None,
    reveal: bool = False,
) -> QuestionView:
    """The question ready to draw: unanswered, coming back with the ``submitted`` form (a
    MultiDict) after an unreadable answer, answered (``answer`` and its ``verdict``), or with the
    answer ``reveal``-ed without one (projector mode, the key of a worksheet)."""
    presenter = presenter_for(question.kind)
    shown = verdict is not None or reveal
    if verdict is not None:
        chosen = answer_values(question, answer)
    elif submitted is not None:
        name = "team" if question.answer_type is AnswerType.POINTS else "answer"
        chosen = set(submitted.getlist(name))
    else:
        chosen = set()
    extra: dict[str, Any] = {}
    if question.answer_type is AnswerType.ORDER:
        cards = order_cards(question)
        extra["cards_to_order"] = cards
        extra["places"] = _places(cards, answer, submitted)
        # Translators: read out for a card the learner tapped, e.g. "seven of swords, place 2".
        extra["place_labels"] = [_("place %(place)s", place=n) for n in range(1, len(cards) + 1)]
    if shown:
        extra["explanation"] = presenter.explanation(question, face)
        extra["expected_text"] = answer_text(question, question.expected, face)
        if question.answer_type is AnswerType.ORDER:
            extra["expected_groups"] = order_groups(question, question.expected)
    if verdict is not None and not verdict.correct:
        extra["answer_text"] = answer_text(question, answer, face)
        extra["mistake"] = presenter.mistake(question, answer, face)
    return QuestionView(
        question=question,
        presenter=presenter,
        situation=replace(presenter.situation(question, face), face=face),
        options=presenter.options(question, face, chosen=chosen, reveal=shown),
        verdict=verdict,
        given=submitted,
        revealed=shown,
        face=face,
        **extra,
    )


def _places(cards: tuple[Card, ...], answer: Any, submitted: Any) -> dict[str, str]:
    """Card notation -> the place the learner gave it (for an ORDER form coming back)."""
    if answer is not None:
        return {card: str(place) for place, group in enumerate(answer, start=1) for card in group}
    if submitted is not None:
        return {c.notation: submitted.get(f"place-{c.notation}", "") for c in cards}
    return {}
