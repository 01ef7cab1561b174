"""The check vocabulary: small, composable question kinds whose answers come from the engine.

A lesson step may carry a check (``[steps.check]`` in the lesson file) with a ``kind``, an English
``prompt`` and kind-specific params. This package turns it into questions and judges answers::

    from tutor.content import get_lesson
    from tutor.content.checks import make_question, parse_answer, judge, new_seed

    step = get_lesson("envido-counting").step("pair")
    question = make_question(step.check, seed)       # same (check, seed) -> same question
    try:
        answer = parse_answer(question, request.form)  # AnswerError(kind, field) if unreadable
    except AnswerError as exc:
        ...                                            # show a message for exc.kind, ask again
    verdict = judge(question, answer)                  # Verdict(correct, expected, explanation, answer)

A retry uses a new seed (``new_seed()``): a check with a ``pattern`` then gives a fresh variant of
the same pattern; a check with fixed params (``cards = "7c 5c 12e"``) gives the same question for
every seed. The web layer keeps only (lesson key, step key, seed) between requests.

Every expected answer and every explanation is computed by ``tutor.engine``. A question's
situation and explanation are typed values: each kind (see :data:`KINDS`) names its
``situation_type`` (:mod:`.situations`) and its ``explanation_types`` (:mod:`.explanations`), each
explanation type the keys (``msg``) it can carry, and every option has an :class:`OptionKey`. The
web layer has one presenter per situation type (``tutor.web.components.questions``) and one sentence
per explanation type; ``to_data()`` gives either as JSON data.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..errors import AnswerError, AnswerErrorKind, ContentError
from . import explanations, situations
from .answers import check_form, judge, parse_answer
from .base import (
    AnswerType,
    Draft,
    Explanation,
    GenerationError,
    Kind,
    Option,
    OptionKey,
    Points,
    Question,
    Reader,
    Situation,
    Verdict,
)
from .card_kinds import OrderCards, PickCards, StrongerCard, TrickWinner, WhoLeads
from .envido_kinds import EnvidoValue, FlorValue, IsFlor, Showdown
from .scenario_kinds import GameEnd, LegalCalls, SeatRole
from .sena_kinds import SenaMeaning
from .stake_kinds import EnvidoPoints, EnvidoRaises, HandWinner, MalasBuenas, TrucoPoints

__all__ = [
    "KINDS",
    "EXPLANATION_TYPES",
    "SITUATION_TYPES",
    "EXPLANATION_KEYS",
    "OPTION_KEYS",
    "make_question",
    "parse_answer",
    "judge",
    "check_form",
    "new_seed",
    "read_params",
    "Question",
    "Verdict",
    "Option",
    "OptionKey",
    "Points",
    "AnswerType",
    "AnswerError",
    "AnswerErrorKind",
    "Kind",
    "GenerationError",
    "Situation",
    "Explanation",
    "situations",
    "explanations",
]

_ALL_KINDS: list[Kind] = [
    StrongerCard(),
    OrderCards(),
    PickCards(),
    TrickWinner(),
    WhoLeads(),
    EnvidoValue(),
    FlorValue(),
    IsFlor(),
    Showdown(),
    HandWinner(),
    EnvidoPoints(),
    EnvidoRaises(),
    TrucoPoints(),
    MalasBuenas(),
    LegalCalls(),
    GameEnd(),
    SeatRole(),
    SenaMeaning(),
]

KINDS: dict[str, Kind] = {kind.name: kind for kind in _ALL_KINDS}
"""Every check kind by its name in lesson files."""


SITUATION_TYPES: tuple[type[Situation], ...] = tuple(dict.fromkeys(kind.situation_type for kind in _ALL_KINDS))
"""Every situation type a kind uses: the web layer needs a presenter for each."""

EXPLANATION_TYPES: tuple[type[Explanation], ...] = tuple(
    dict.fromkeys(t for kind in _ALL_KINDS for t in kind.explanation_types)
)
"""Every explanation type a kind can give: the web layer needs sentences for each."""

EXPLANATION_KEYS: frozenset[str] = frozenset(msg for t in EXPLANATION_TYPES for msg in t.msgs)
"""Every ``msg`` an explanation can carry (from the types' ``msgs``)."""

OPTION_KEYS: frozenset[str] = frozenset(OptionKey)
"""Every ``Option.key`` (the members of :class:`OptionKey`)."""


def register(kind: Kind) -> Kind:
    """Add a kind to :data:`KINDS` (used by the modules that define kinds needing more engine parts)."""
    KINDS[kind.name] = kind
    return kind


def read_params(kind_name: str, raw: Mapping[str, Any], path: str) -> Any:
    """Validate a check's kind-specific params (everything but kind, prompt, labels).

    Raises ContentError naming ``path`` and the offending key.
    """
    kind = KINDS.get(kind_name)
    if kind is None:
        raise ContentError(f"unknown check kind {kind_name!r}; one of {', '.join(sorted(KINDS))}", path=f"{path}.kind")
    reader = Reader(raw, path)
    params = kind.read(reader)
    reader.finish()
    return params


def new_seed() -> int:
    """A fresh random seed for a new variant of a question."""
    return random.SystemRandom().randrange(1 << 31)


def make_question(check: Any, seed: int) -> Question:
    """The concrete question for a step's check (a ``schema.Check``) and a seed; deterministic."""
    kind = KINDS[check.kind]
    draft: Draft = kind.draft(check.params, random.Random(f"{check.kind}:{seed}"))
    if not isinstance(draft.situation, kind.situation_type):
        raise TypeError(f"{kind.name}: situation {type(draft.situation).__name__}, not {kind.situation_type.__name__}")
    if type(draft.explanation) not in kind.explanation_types:
        raise TypeError(f"{kind.name}: explanation {type(draft.explanation).__name__} is not in its explanation_types")
    labels = check.labels
    options = tuple(replace(o, label=labels[o.value]) if o.value in labels else o for o in draft.options)
    return Question(
        kind=check.kind,
        seed=seed,
        prompt=check.prompt,
        answer_type=draft.answer_type or kind.answer_type,
        situation=draft.situation,
        options=options,
        expected=draft.expected,
        explanation=draft.explanation,
        accepted=draft.accepted,
        number_max=draft.number_max,
    )
