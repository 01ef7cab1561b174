"""The machinery shared by every check kind: questions, options, answers, verdicts, param reading.

A *check* in a lesson file names a kind and its params. A kind turns (params, seed) into a
:class:`Question` whose expected answer and explanation come from the engine. This module holds the
value types the web layer sees and the helpers the kinds use; the kinds live in the sibling modules.

A question's ``situation`` is a :class:`Situation` and its ``explanation`` an :class:`Explanation`:
frozen dataclasses, one type per shape (:mod:`.situations`, :mod:`.explanations`), which every
kind names in its ``situation_type`` and ``explanation_types``. ``to_data()`` turns either into
plain JSON data (cards as notations, enums as their values).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, fields, is_dataclass
from enum import Enum, StrEnum
from typing import Any, ClassVar, TypeVar

from tutor.engine.cards import Card

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


class OptionKey(StrEnum):
    """What kind of answer an option is, for the web layer's default label (one label per member;
    cards and seats are drawn or named instead)."""

    CARD = "card"
    SEAT = "seat"
    PARDA = "parda"
    EQUAL = "equal"
    YES = "yes"
    NO = "no"
    SIDE_MANO = "side.mano"
    """The mano's team (``hand_winner``)."""
    SIDE_OTHER = "side.other"
    UNDECIDED = "undecided"
    TEAM_US = "team.us"
    TEAM_THEM = "team.them"
    NOBODY = "nobody"
    MALAS = "malas"
    BUENAS = "buenas"
    CALL_ENVIDO = "call.envido"
    CALL_REAL_ENVIDO = "call.real_envido"
    CALL_FALTA_ENVIDO = "call.falta_envido"
    CALL_TRUCO = "call.truco"
    CALL_RETRUCO = "call.retruco"
    CALL_VALE_CUATRO = "call.vale_cuatro"
    CALL_TRUC = "call.truc"
    CALL_RETRUC = "call.retruc"
    CALL_SEIS = "call.seis"
    CALL_NOVE = "call.nove"
    CALL_DOZE = "call.doze"
    CALL_FLOR = "call.flor"
    CALL_CONTRAFLOR = "call.contraflor"
    CALL_CONTRAFLOR_AL_RESTO = "call.contraflor_al_resto"
    SENA = "sena"
    """A seña's meaning (``sena_meaning``): the value is the seña's name (``tutor.bots.senas.Sena``)."""

    @classmethod
    def call(cls, name: str) -> OptionKey:
        """The key of the option for a call (``call.<name>``)."""
        return cls(f"call.{name}")

    @property
    def call_name(self) -> str | None:
        """The call this option stands for (``real_envido``), or None."""
        return self.value.removeprefix("call.") if self.value.startswith("call.") else None


@dataclass(frozen=True)
class Option:
    """One possible answer the learner can pick."""

    value: str
    """What the form sends (``"7e"``, ``"parda"``, ``"2"`` for a seat, ``"mano"``, ``"yes"``...)."""
    key: OptionKey
    """What kind of option this is, for the web layer's default label (a plain string is converted;
    an unknown key is a ValueError)."""
    card: Card | None = None
    """The card, for card options."""
    seat: int | None = None
    """The seat, for seat options (and for card options: who played it)."""
    label: str | None = None
    """An English label (msgid) given by the lesson file; when set it replaces the default label."""

    def __post_init__(self) -> None:
        if not isinstance(self.key, OptionKey):
            object.__setattr__(self, "key", OptionKey(self.key))


@dataclass(frozen=True)
class Points:
    """An answer of the POINTS type: how many points, and to which team."""

    points: int
    team: str
    """``"us"`` (team 0, the learner's) or ``"them"`` (team 1)."""


TEAM_VALUES = ("us", "them")
"""Option values for teams: team 0 is the learner's team ("us"), team 1 the other ("them")."""


# --- Situations and explanations: typed values, serialisable as plain data -----------------------


def plain(value: Any) -> Any:
    """``value`` as JSON data: cards as notations (``"7e"``), enums as their values, dataclasses as
    dicts of their fields, tuples as lists."""
    if isinstance(value, Card):
        return value.notation
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Data):
        return value.to_data()
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, (tuple, list, frozenset, set)):
        items = [plain(v) for v in value]
        return sorted(items) if isinstance(value, (frozenset, set)) else items
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    return value


class Data:
    """A frozen dataclass of a question (situation, explanation, a record inside one)."""

    def to_data(self) -> dict[str, Any]:
        """The fields as plain JSON data (see :func:`plain`)."""
        assert is_dataclass(self)
        return {f.name: plain(getattr(self, f.name)) for f in fields(self)}


@dataclass(frozen=True)
class Situation(Data):
    """What a question shows before it is answered. Each kind names its subclass in
    ``Kind.situation_type`` (:mod:`.situations`); cards are engine ``Card`` objects, teams are 0/1
    with 0 the learner's team, seats are numbered in playing order with seat 0 the learner."""


@dataclass(frozen=True)
class Explanation(Data):
    """Why the engine's answer is right, as data the web layer tells in sentences. Each kind names
    its subclasses in ``Kind.explanation_types`` (:mod:`.explanations`).

    ``msg`` is the explanation's key (``trick.parda``): its ``family`` (the part before the dot)
    and the case within it; ``msgs`` lists every key a type can carry.
    """

    family: ClassVar[str]
    msgs: ClassVar[tuple[str, ...]]

    @property
    def msg(self) -> str:
        """The key of this explanation; by default the type's only one."""
        (only,) = self.msgs
        return only

    def __post_init__(self) -> None:
        if self.msg not in self.msgs:
            raise ValueError(f"{type(self).__name__}: {self.msg!r} is not one of {self.msgs}")

    def to_data(self) -> dict[str, Any]:
        """``{"msg": key, ...fields}`` as plain JSON data."""
        return {"msg": self.msg, **super().to_data()}


@dataclass(frozen=True)
class Question:
    """A concrete question made from a check and a seed. The same (check, seed) gives the same question.

    ``situation`` is what to show (the kind's ``situation_type``). ``expected`` and
    ``explanation`` (one of the kind's ``explanation_types``) come from the engine; show them only
    after an answer (or on demand in projector mode).
    """

    kind: str
    seed: int
    prompt: str
    """The English question text (msgid) from the lesson file."""
    answer_type: AnswerType
    situation: Situation
    options: tuple[Option, ...]
    """The answers to pick from (CHOICE, CHOICES; POINTS lists the two teams); empty for NUMBER and ORDER."""
    expected: Any
    """The engine's answer: an option value (CHOICE), frozenset of values (CHOICES), int (NUMBER),
    tuple of frozensets of card notations strongest first (ORDER), :class:`Points` (POINTS)."""
    explanation: Explanation
    """Why, as data (``explanation.msg`` is its key); the web layer turns it into translated sentences."""
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
    explanation: Explanation
    """The engine's explanation (same as :attr:`Question.explanation`)."""
    answer: Any = None
    """The learner's parsed answer."""


@dataclass(frozen=True)
class Draft:
    """What a kind's generator returns; :func:`make_question` adds kind, seed, prompt and labels."""

    situation: Situation
    options: tuple[Option, ...]
    expected: Any
    explanation: Explanation
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
    situation_type: ClassVar[type[Situation]]
    """The type of every question's ``situation``."""
    explanation_types: ClassVar[tuple[type[Explanation], ...]]
    """The types a question's ``explanation`` can have (each with its ``msgs``)."""

    @abstractmethod
    def read(self, r: Reader) -> Any:
        """Read and validate the params (a frozen dataclass); raise ContentError via ``r.error``."""

    @abstractmethod
    def draft(self, params: Any, rng: random.Random) -> Draft:
        """Make one concrete question; with fixed params the result must not depend on ``rng``."""


# --- Helpers for generators ----------------------------------------------------------------------


class GenerationError(RuntimeError):
    """A pattern could not be satisfied (a bug in a generator or impossible params)."""


def sample_until(
    rng: random.Random, make: Callable[[random.Random], T], accept: Callable[[T], bool], tries: int = 20000
) -> T:
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
    return (Option("us", OptionKey.TEAM_US), Option("them", OptionKey.TEAM_THEM))
