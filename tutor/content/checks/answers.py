"""Reading a learner's answer from form data, and judging it against the engine's answer.

Form data is a mapping from field names to strings (a Werkzeug ``MultiDict`` works too: repeated
fields are read with ``getlist``). Fields per answer type are documented on :class:`AnswerType`.
A form that cannot be read raises :class:`AnswerError` with an :class:`AnswerErrorKind`; a readable
answer is always judged, right or wrong.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from tutor.engine.cards import Card
from tutor.engine.errors import InvalidNotationError

from ..errors import AnswerError, AnswerErrorKind
from .base import TEAM_VALUES, AnswerType, Points, Question, Verdict
from .situations import CardsSituation

_NUMBER_RE = re.compile(r"^[+]?\d{1,6}$")
_NEGATIVE_RE = re.compile(r"^-\d{1,6}$")


def _values(form: Mapping[str, Any], name: str) -> list[str]:
    """Every non-empty value of a field, stripped (works for dicts and MultiDicts)."""
    if hasattr(form, "getlist"):
        raw = list(form.getlist(name))
    else:
        value = form.get(name)
        raw = [] if value is None else list(value) if isinstance(value, (list, tuple)) else [value]
    out = []
    for item in raw:
        if not isinstance(item, str):
            item = str(item)
        item = item.strip()
        if item:
            out.append(item)
    return out


def _one(form: Mapping[str, Any], name: str) -> str:
    values = _values(form, name)
    if not values:
        raise AnswerError(AnswerErrorKind.MISSING, name)
    if len(set(values)) > 1:
        raise AnswerError(AnswerErrorKind.MALFORMED, name, "more than one value given")
    return values[0]


def _number(text: str, name: str, maximum: int) -> int:
    if _NEGATIVE_RE.match(text):
        raise AnswerError(AnswerErrorKind.OUT_OF_RANGE, name, max=maximum)
    if not _NUMBER_RE.match(text):
        raise AnswerError(AnswerErrorKind.NOT_A_NUMBER, name)
    value = int(text)
    if value > maximum:
        raise AnswerError(AnswerErrorKind.OUT_OF_RANGE, name, max=maximum)
    return value


def _option_value(question: Question, text: str, name: str) -> str:
    """The option value for ``text``; card options also accept other spellings (``A♠`` for ``1e``)."""
    if question.option(text) is not None:
        return text
    lowered = text.lower()
    if question.option(lowered) is not None:
        return lowered
    try:
        card = Card.parse(text)
    except InvalidNotationError:
        card = None
    if card is not None and question.option(card.notation) is not None:
        return card.notation
    raise AnswerError(AnswerErrorKind.NOT_AN_OPTION, name, value=text)


def _order(question: Question, form: Mapping[str, Any]) -> tuple[frozenset[str], ...]:
    situation = question.situation
    assert isinstance(situation, CardsSituation), "an ORDER question shows the cards to order"
    cards = [c.notation for c in situation.cards]
    place_fields = {f"place-{c}": c for c in cards}
    if any(_values(form, name) for name in place_fields):
        by_place: dict[int, set[str]] = {}
        for name, card in place_fields.items():
            values = _values(form, name)
            if not values:
                raise AnswerError(AnswerErrorKind.INCOMPLETE, name)
            place = _number(values[0], name, len(cards))
            if place < 1:
                raise AnswerError(AnswerErrorKind.OUT_OF_RANGE, name, max=len(cards))
            by_place.setdefault(place, set()).add(card)
        return tuple(frozenset(by_place[p]) for p in sorted(by_place))
    text = " ".join(_values(form, "answer"))
    if not text:
        raise AnswerError(AnswerErrorKind.MISSING, "answer")
    text = re.sub(r"\s*=\s*", "=", text)
    groups: list[frozenset[str]] = []
    seen: set[str] = set()
    for token in re.split(r"[>,;\s]+", text):
        if not token:
            continue
        group = set()
        for part in token.split("="):
            if not part:
                raise AnswerError(AnswerErrorKind.MALFORMED, "answer", value=token)
            try:
                card = Card.parse(part).notation
            except InvalidNotationError:
                raise AnswerError(AnswerErrorKind.MALFORMED, "answer", value=part) from None
            if card not in cards:
                raise AnswerError(AnswerErrorKind.NOT_AN_OPTION, "answer", value=part)
            if card in seen:
                raise AnswerError(AnswerErrorKind.DUPLICATE, "answer", value=card)
            seen.add(card)
            group.add(card)
        groups.append(frozenset(group))
    if len(seen) != len(cards):
        raise AnswerError(AnswerErrorKind.INCOMPLETE, "answer", missing=sorted(set(cards) - seen))
    return tuple(groups)


def parse_answer(question: Question, form: Mapping[str, Any]) -> Any:
    """Read the learner's answer to ``question`` from form data; raise AnswerError if unreadable.

    Returns the same shape as ``question.expected``: an option value (CHOICE), a frozenset of option
    values (CHOICES), an int (NUMBER), a tuple of frozensets of card notations (ORDER), or
    :class:`Points` (POINTS).
    """
    kind = question.answer_type
    if kind is AnswerType.CHOICE:
        return _option_value(question, _one(form, "answer"), "answer")
    if kind is AnswerType.CHOICES:
        chosen: list[str] = []
        for value in _values(form, "answer"):
            for token in re.split(r"[,;\s]+", value):
                if token:
                    chosen.append(_option_value(question, token, "answer"))
        if len(set(chosen)) != len(chosen):
            raise AnswerError(AnswerErrorKind.DUPLICATE, "answer")
        return frozenset(chosen)
    if kind is AnswerType.NUMBER:
        return _number(_one(form, "answer"), "answer", question.number_max)
    if kind is AnswerType.ORDER:
        return _order(question, form)
    if kind is AnswerType.POINTS:
        points = _number(_one(form, "points"), "points", question.number_max)
        team = _one(form, "team").lower()
        if team not in TEAM_VALUES:
            raise AnswerError(AnswerErrorKind.NOT_AN_OPTION, "team", value=team)
        return Points(points, team)
    raise AssertionError(f"unknown answer type {kind}")


def judge(question: Question, answer: Any) -> Verdict:
    """Compare a parsed answer with the engine's answer; the verdict carries the explanation."""
    if question.answer_type is AnswerType.CHOICE:
        correct = answer in (question.accepted or {question.expected})
    elif question.answer_type is AnswerType.CHOICES:
        correct = frozenset(answer) == question.expected
    elif question.answer_type is AnswerType.ORDER:
        correct = tuple(frozenset(g) for g in answer) == question.expected
    else:
        correct = answer == question.expected
    return Verdict(correct=correct, expected=question.expected, explanation=question.explanation, answer=answer)


def check_form(question: Question, form: Mapping[str, Any]) -> Verdict:
    """:func:`parse_answer` then :func:`judge`; raises AnswerError for an unreadable form."""
    return judge(question, parse_answer(question, form))
