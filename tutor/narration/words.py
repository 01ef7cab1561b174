"""The small words every narration uses: call names, Quiero / No quiero, points, card lists, numbers.

Call names stay Spanish in every language (docs/rules §10.3); they are still messages, so a language may
add its own quotation marks.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from babel.lists import format_list

from tutor.engine.cards import Card
from tutor.engine.stakes import ENVIDO_POINTS, EnvidoCall, FlorCall, MineiroCall, TrucCall, TrucoCall
from tutor.i18n import current_language, format_number, ngettext, pgettext

from .cards import card_name

__all__ = [
    "call_name",
    "answer_name",
    "calls_text",
    "points_text",
    "calls_formula",
    "card_list",
    "join",
    "sentence",
    "number",
    "sum_formula",
]


def call_name(call: EnvidoCall | TrucoCall | TrucCall | MineiroCall | FlorCall | str) -> str:
    """The name of a call as players say it; the names stay Spanish in every language (docs/rules §10.3)."""
    names = {
        # Translators: name of a Truco call; keep it in Spanish as all the rule sources do.
        "envido": lambda: pgettext("call", "Envido"),
        # Translators: name of a Truco call; keep it in Spanish as all the rule sources do.
        "real_envido": lambda: pgettext("call", "Real envido"),
        # Translators: name of a Truco call; keep it in Spanish as all the rule sources do.
        "falta_envido": lambda: pgettext("call", "Falta envido"),
        # Translators: name of a Truco call; keep it in Spanish as all the rule sources do.
        "truco": lambda: pgettext("call", "Truco"),
        # Translators: name of a Truco call; keep it in Spanish as all the rule sources do.
        "retruco": lambda: pgettext("call", "Retruco"),
        # Translators: name of a Truco call; keep it in Spanish as all the rule sources do.
        "vale_cuatro": lambda: pgettext("call", "Vale cuatro"),
        # Translators: name of a Catalan Truc bet (the hand worth 2); keep it in Catalan as the rule sources do.
        "truc": lambda: pgettext("call", "Truc"),
        # Translators: name of a Catalan Truc bet (the hand worth 3); keep it in Catalan as the rule sources do.
        "retruc": lambda: pgettext("call", "Retruc"),
        # Translators: Truco Mineiro's raise after truco (the hand worth 6); keep it in Portuguese as the sources do.
        "seis": lambda: pgettext("call", "Seis"),
        # Translators: Truco Mineiro's raise after seis (the hand worth 9); keep it in Portuguese as the sources do.
        "nove": lambda: pgettext("call", "Nove"),
        # Translators: Truco Mineiro's last raise (the hand worth 12); keep it in Portuguese as the sources do.
        "doze": lambda: pgettext("call", "Doze"),
        # Translators: the announcement of a flor (three cards of one suit); keep it in Spanish.
        "flor": lambda: pgettext("call", "Flor"),
        # Translators: name of a flor raise; keep it in Spanish as the rule sources do.
        "contraflor": lambda: pgettext("call", "Contraflor"),
        # Translators: name of a flor raise; keep it in Spanish as the rule sources do.
        "contraflor_al_resto": lambda: pgettext("call", "Contraflor al resto"),
    }
    return names[str(call)]()


def answer_name(quiero: bool) -> str:
    """ "Quiero" or "No quiero", Spanish in every language."""
    if quiero:
        # Translators: "I accept" in Truco; keep it in Spanish.
        return pgettext("call", "Quiero")
    # Translators: "I decline" in Truco; keep it in Spanish.
    return pgettext("call", "No quiero")


def number(value: int) -> str:
    """A number as the learner's language writes it (Babel)."""
    return format_number(value)


def join(items: Iterable[str]) -> str:
    """``"a, b and c"`` as the learner's language joins a list (empty text for no items)."""
    items = list(items)
    return format_list(items, locale=current_language()) if items else ""


def sentence(text: str) -> str:
    """The text with its first letter upper case ("your partner plays" -> "Your partner plays")."""
    return text[:1].upper() + text[1:]


def points_text(points: int) -> str:
    """``"1 point"``, ``"5 points"`` with the language's plural forms."""
    return ngettext("%(count)s point", "%(count)s points", points, count=number(points))


def calls_text(calls: Iterable[EnvidoCall | TrucoCall | FlorCall | str]) -> str:
    """Call names joined as a list: "Envido, Envido and Real envido"."""
    return join(call_name(call) for call in calls)


def card_list(cards: Iterable[Card], face: str | None = "spanish") -> str:
    """Card names joined as the language joins a list: "seven of coins and six of coins"."""
    return join(card_name(card, face) for card in cards)


def sum_formula(terms: Sequence[int], total: int) -> str:
    """``20 + 7 + 6 = 33`` (numbers only, nothing to translate)."""
    return " + ".join(number(t) for t in terms) + f" = {number(total)}"


def calls_formula(calls: Sequence[EnvidoCall | str]) -> str:
    """``Envido 2 + Real envido 3 = 5``: envido calls with their points, added when there are several."""
    values = [ENVIDO_POINTS[EnvidoCall(str(call))] for call in calls]
    terms = " + ".join(f"{call_name(call)} {number(value)}" for call, value in zip(calls, values, strict=True))
    if len(calls) > 1:
        terms += f" = {number(sum(values))}"
    return terms
