"""The check kind about señas: ``sena_meaning``. Its answers come from the seña table of the
computer players (:data:`tutor.bots.senas.SENA_CARDS`, docs/rules/decisions.md, "Señas").

The question shows one seña (a gesture: its drawing and its description, never its meaning) and
asks what it tells the partner; the options are the meanings of the señas of the set, in the
table's order, strongest first.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tutor.bots.senas import ARGENTINE_SENAS, SENA_CARDS, Sena

from .base import AnswerType, Draft, Kind, Option, OptionKey, Reader
from .explanations import SenaMeant
from .situations import SenaSituation

__all__ = ["SenaMeaning"]

CARD_SENAS: tuple[str, ...] = tuple(sena.value for sena in ARGENTINE_SENAS)
"""The señas a ``sena_meaning`` check may ask about: the Argentine set's card señas."""


@dataclass(frozen=True)
class SenaParams:
    senas: tuple[Sena, ...]
    """The señas asked about and offered as answers, in the table's order."""
    sena: Sena | None
    """One fixed seña to show (None: a random one of ``senas``)."""


class SenaMeaning(Kind):
    """``sena_meaning``: a partner makes this seña; which card does it stand for?

    Params: ``senas`` (the señas of the set offered, at least two; default the seven card señas of
    the Argentine set), ``sena`` (one fixed seña to show; random when absent).
    Options: one per seña of the set (key ``sena``, value the seña's name), the meaning as the label.
    """

    name = "sena_meaning"
    answer_type = AnswerType.CHOICE
    situation_type = SenaSituation
    explanation_types = (SenaMeant,)

    def read(self, r: Reader) -> SenaParams:
        chosen = r.choices("senas", CARD_SENAS, low=2, high=len(CARD_SENAS))
        senas = tuple(Sena(value) for value in CARD_SENAS if chosen is None or value in chosen)
        fixed = r.choice("sena", CARD_SENAS, default=None)
        if fixed is not None and Sena(fixed) not in senas:
            raise r.error("sena", "the seña shown must be one of the señas offered")
        return SenaParams(senas, Sena(fixed) if fixed is not None else None)

    def draft(self, params: SenaParams, rng: random.Random) -> Draft:
        sena = params.sena if params.sena is not None else rng.choice(params.senas)
        options = tuple(Option(other.value, OptionKey.SENA) for other in params.senas)
        explanation = SenaMeant(sena=sena, cards=SENA_CARDS[sena])
        return Draft(SenaSituation(sena=sena), options, sena.value, explanation, accepted=frozenset({sena.value}))
