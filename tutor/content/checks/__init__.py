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

Every expected answer and every explanation is computed by ``tutor.engine``; the explanation is
data, ``{"msg": key, ...params}``, which the web layer turns into a translated sentence. The kinds
and their explanation keys are documented on each class (see :data:`KINDS`).
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any, Mapping

from ..errors import AnswerError, AnswerErrorKind, ContentError
from .answers import check_form, judge, parse_answer
from .base import AnswerType, Draft, GenerationError, Kind, Option, Points, Question, Reader, Verdict
from .card_kinds import OrderCards, PickCards, StrongerCard, TrickWinner, WhoLeads
from .envido_kinds import EnvidoValue, FlorValue, IsFlor, Showdown
from .scenario_kinds import GameEnd, LegalCalls, SeatRole
from .stake_kinds import EnvidoPoints, EnvidoRaises, HandWinner, MalasBuenas, TrucoPoints

__all__ = [
    "KINDS", "EXPLANATION_KEYS", "OPTION_KEYS", "make_question", "parse_answer", "judge", "check_form", "new_seed", "read_params",
    "Question", "Verdict", "Option", "Points", "AnswerType", "AnswerError", "AnswerErrorKind", "Kind",
    "GenerationError",
]

_ALL_KINDS: list[Kind] = [
    StrongerCard(), OrderCards(), PickCards(), TrickWinner(), WhoLeads(),
    EnvidoValue(), FlorValue(), IsFlor(), Showdown(),
    HandWinner(), EnvidoPoints(), EnvidoRaises(), TrucoPoints(), MalasBuenas(),
    LegalCalls(), GameEnd(), SeatRole(),
]

KINDS: dict[str, Kind] = {kind.name: kind for kind in _ALL_KINDS}
"""Every check kind by its name in lesson files."""


EXPLANATION_KEYS: frozenset[str] = frozenset({
    "stronger.mata", "stronger.higher", "stronger.equal",
    "order",
    "pick.figure", "pick.mata", "pick.suit",
    "trick.mata", "trick.higher", "trick.partners", "trick.parda",
    "lead.winner", "lead.parda",
    "envido.pair", "envido.best_pair", "envido.single", "envido.zero",
    "flor.value", "flor.yes", "flor.no",
    "showdown.best", "showdown.tie", "showdown.son_buenas",
    "hand.two_tricks", "hand.first_parda_next_decides", "hand.parda_after_win_first_trick_winner",
    "hand.third_parda_first_trick_winner", "hand.all_parda_mano", "hand.undecided",
    "envido_points.declined_single", "envido_points.declined_raise", "envido_points.accepted_sum",
    "envido_points.accepted_falta",
    "envido_raises",
    "truco_points.declined", "truco_points.accepted", "truco_points.mazo",
    "score.malas", "score.buenas",
    "legal_calls",
    "game_end.envido", "game_end.tricks", "game_end.nobody",
    "seat.mano", "seat.dealer", "seat.pie", "seat.next_dealer",
})
"""Every ``msg`` an explanation can carry: the web layer needs one sentence for each."""

OPTION_KEYS: frozenset[str] = frozenset({
    "card", "seat", "parda", "equal", "yes", "no", "side.mano", "side.other", "undecided",
    "team.us", "team.them", "nobody", "malas", "buenas",
    "call.envido", "call.real_envido", "call.falta_envido", "call.truco", "call.retruco", "call.vale_cuatro",
    "call.flor", "call.contraflor", "call.contraflor_al_resto",
})
"""Every ``Option.key``: the web layer needs a default label for each (cards and seats are drawn)."""


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
        raise ContentError(f"unknown check kind {kind_name!r}; one of {', '.join(sorted(KINDS))}",
                           path=f"{path}.kind")
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
