"""The machinery shared by every check kind: questions, options, answers, verdicts, param reading.

A *check* in a lesson file names a kind and its params. A kind turns (params, seed) into a
:class:`Question` whose expected answer and explanation come from the engine. This module holds the
value types the web layer sees and the helpers the kinds use; the kinds live in the sibling modules.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Callable, ClassVar, Iterable, Mapping, Sequence, TypeVar

from tutor.engine.cards import Card, parse_cards
from tutor.engine.errors import InvalidNotationError

from ..errors import AnswerError, AnswerErrorKind, ContentError
from ..reader import Reader, card_message as _card_message  # noqa: F401  (kinds import Reader from here)

T = TypeVar("T")


class AnswerType(StrEnum):
    """The shape of an answer, which decides the form widget and the field names."""

    CHOICE = "choice"
    """Exactly one option. Field ``answer`` = an option value (a card, a seat, "parda", "yes", ...)."""
    CHOICES = "choices"
    """Any set of options, possibly none (checkboxes). Field ``answer``, repeated once per option."""
    NUMBER = "number"
    """A whole number (envido, flor value). Field ``answer``."""
    ORDER = "order"
    """A place for every card, 1 = strongest, equal cards share a place. Fields ``place-<card>`` (e.g.
    ``place-7e=2``), or one field ``answer`` written ``1e > 3o = 3c > 4b``."""
    POINTS = "points"
    """A number of points and the team that gets them. Fields ``points`` and ``team`` ("us"/"them")."""


@dataclass(frozen=True)
class Option:
    """One possible answer the learner can pick."""

    value: str
    """What the form sends (``"7e"``, ``"parda"``, ``"2"`` for a seat, ``"mano"``, ``"yes"``...)."""
    key: str
    """What kind of option this is, for the web layer's default label: ``card``, ``parda``,
    ``equal``, ``seat``, ``side.mano``, ``side.other``, ``undecided``, ``yes``, ``no``, ``team.us``,
    ``team.them``, or ``action.<name>`` for a call or answer (see the kind's docstring)."""
    card: Card | None = None
    """The card, for card options."""
    seat: int | None = None
    """The seat, for seat options (and for card options: who played it)."""
    label: str | None = None
    """An English label (msgid) given by the lesson file; when set it replaces the default label."""


@dataclass(frozen=True)
class Points:
    """An answer of the POINTS type: how many points, and to which team."""

    points: int
    team: str
    """``"us"`` (team 0, the learner's) or ``"them"`` (team 1)."""


TEAM_VALUES = ("us", "them")
"""Option values for teams: team 0 is the learner's team ("us"), team 1 the other ("them")."""


@dataclass(frozen=True)
class Question:
    """A concrete question made from a check and a seed. The same (check, seed) gives the same question.

    ``situation`` is what to show (kind-specific, documented per kind; cards are engine ``Card``
    objects, teams are 0/1 with 0 the learner's team, seats are numbered in playing order with seat
    0 the learner). ``expected`` and ``explanation`` come from the engine; show them only after an
    answer (or on demand in projector mode).
    """

    kind: str
    seed: int
    prompt: str
    """The English question text (msgid) from the lesson file."""
    answer_type: AnswerType
    situation: Mapping[str, Any]
    options: tuple[Option, ...]
    """The answers to pick from (CHOICE, CHOICES; POINTS lists the two teams); empty for NUMBER and ORDER."""
    expected: Any
    """The engine's answer: an option value (CHOICE), frozenset of values (CHOICES), int (NUMBER),
    tuple of frozensets of card notations strongest first (ORDER), :class:`Points` (POINTS)."""
    explanation: Mapping[str, Any]
    """Why, as data: ``{"msg": key, ...params}``; the web layer turns it into a translated sentence."""
    accepted: frozenset[str] = frozenset()
    """CHOICE only: every option value judged right (usually just ``expected``)."""
    number_max: int = 999
    """NUMBER and POINTS: answers above this are refused as OUT_OF_RANGE rather than judged."""

    def option(self, value: str) -> Option | None:
        """The option with this value, or None."""
        return next((o for o in self.options if o.value == value), None)


@dataclass(frozen=True)
class Verdict:
    """The judgement of one answer."""

    correct: bool
    expected: Any
    """The engine's answer (same shape as :attr:`Question.expected`)."""
    explanation: Mapping[str, Any]
    """The engine's explanation (same as :attr:`Question.explanation`)."""
    answer: Any = None
    """The learner's parsed answer."""


@dataclass(frozen=True)
class Draft:
    """What a kind's generator returns; :func:`make_question` adds kind, seed, prompt and labels."""

    situation: dict[str, Any]
    options: tuple[Option, ...]
    expected: Any
    explanation: dict[str, Any]
    accepted: frozenset[str] = frozenset()
    number_max: int = 999
    answer_type: AnswerType | None = None
    """Overrides the kind's answer type for this question (e.g. showdown asking for several seats)."""


# --- The kind interface --------------------------------------------------------------------------


class Kind(ABC):
    """One check kind: reads its params, and makes question drafts answered by the engine."""

    name: ClassVar[str]
    """The ``kind`` value in lesson files."""
    answer_type: ClassVar[AnswerType]
    option_values: ClassVar[tuple[str, ...]] = ()
    """Option values a lesson may relabel with ``labels`` (cards and seats are not relabelled)."""

    @abstractmethod
    def read(self, r: Reader) -> Any:
        """Read and validate the params (a frozen dataclass); raise ContentError via ``r.error``."""

    @abstractmethod
    def draft(self, params: Any, rng: random.Random) -> Draft:
        """Make one concrete question; with fixed params the result must not depend on ``rng``."""


# --- Helpers for generators ----------------------------------------------------------------------


class GenerationError(RuntimeError):
    """A pattern could not be satisfied (a bug in a generator or impossible params)."""


def sample_until(rng: random.Random, make: Callable[[random.Random], T], accept: Callable[[T], bool],
                 tries: int = 20000) -> T:
    """Call ``make`` until ``accept`` holds for its result (patterns are verified by the engine)."""
    for _ in range(tries):
        candidate = make(rng)
        if accept(candidate):
            return candidate
    raise GenerationError("no candidate satisfied the pattern")


def notations(cards: Iterable[Card]) -> list[str]:
    """Card notations, e.g. ``['7e', '3o']``."""
    return [card.notation for card in cards]


def team_value(team: int) -> str:
    """The option value of team 0 / 1."""
    return TEAM_VALUES[team]


def team_options() -> tuple[Option, ...]:
    """The two team options of a POINTS answer."""
    return (Option("us", "team.us"), Option("them", "team.them"))
