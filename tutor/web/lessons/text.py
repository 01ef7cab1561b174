"""Words for the lesson pages: answer options, answers and form errors.

Seats in a lesson are counted in the order of play with seat 0 the learner (``tutor.content.checks``),
so they are named from the learner's point of view, never numbered: :func:`learner` gives the
:class:`~tutor.web.shared.narration.Perspective` of a table, which names every seat and team (the
table of names and the grammar rule for translators are in ``tutor.web.shared.narration.perspective``).
What happened at the table (cards, calls, answers, the mazo) is told by the narrator
(:func:`action_line` builds the engine's event and calls ``narrate``), so the lessons, the table and
its review say it with the same sentences.

All call names stay Spanish in every language (RULES.md 10); they are still messages, so a
language may add its own quotation marks.
"""

from __future__ import annotations

import functools
from typing import Any

from ...content.checks import AnswerError, AnswerErrorKind, AnswerType, Option, Points, Question
from ...engine.cards import Card
from ...engine.state import Event, EventKind
from ...i18n import gettext as _
from ...i18n import pgettext
from ..shared.cards import card_name, suit_name
from ..shared.narration import Perspective, call_name, join, narrate, number, sentence

# --- Seats and teams ---------------------------------------------------------------------------


@functools.lru_cache(maxsize=8)
def learner(players: int) -> Perspective:
    """The table of a lesson seen by the learner, who sits at seat 0."""
    return Perspective(0, players)


def side_name(side: str) -> str:
    """A side of a hand as ``hand_winner`` names it: "mano" (the mano's team), "other" or "parda"."""
    if side == "mano":
        # Translators: "mano" is the player who plays first in the hand; keep the Truco term.
        return pgettext("side", "the mano's team")
    if side == "other":
        # Translators: the team that does not have the mano (the player who plays first).
        return pgettext("side", "the other team")
    # Translators: "parda" is a tied trick; keep the Truco term.
    return pgettext("side", "parda")


# --- Transcript lines: who did what ------------------------------------------------------------


def action_line(action: dict[str, Any], players: int, face: str | None) -> str:
    """One action of an engine log (``checks.scenario_kinds.action_data``) told by the narrator."""
    seat, kind = action["seat"], action["kind"]
    if kind == "card":
        event = Event(EventKind.CARD_PLAYED, seat=seat, card=action["card"])
    elif kind == "call":
        event = Event(EventKind.CALL, seat=seat, call=action["call"])
    elif kind == "answer":
        event = Event(EventKind.ANSWER, seat=seat, quiero=bool(action["quiero"]))
    else:
        event = Event(EventKind.MAZO, seat=seat)
    return narrate(event, learner(players), face=face)


# --- Options and answers -----------------------------------------------------------------------


def _players(question: Question) -> int:
    players = question.situation.get("players")
    return players if isinstance(players, int) else 2


def option_label(question: Question, option: Option, face: str | None) -> str:
    """The visible (or, for a card, the spoken) name of an answer option.

    A label written in the lesson file wins; cards are named by their card name, seats by the
    seat name; every other option key has a default label here (``checks.OPTION_KEYS``).
    """
    if option.label:
        return _(option.label)
    key = option.key
    if key == "card" and option.card is not None:
        return card_name(option.card, face)
    if key == "seat" and option.seat is not None:
        return learner(_players(question)).seat_label(option.seat)
    if key.startswith("call."):
        return call_name(key.removeprefix("call."))
    if key == "team.us":
        return learner(_players(question)).team_label(0)
    if key == "team.them":
        return learner(_players(question)).team_label(1)
    labels = {
        # Translators: answer option: the trick is a parda (a tie); keep the Truco term.
        "parda": lambda: pgettext("option", "It is a parda"),
        # Translators: answer option when comparing two cards.
        "equal": lambda: pgettext("option", "They are equal"),
        "yes": lambda: pgettext("option", "Yes"),
        "no": lambda: pgettext("option", "No"),
        # Translators: answer option: the team of the mano (the player who plays first) wins the hand.
        "side.mano": lambda: pgettext("option", "The mano's team"),
        # Translators: answer option: the team that does not have the mano wins the hand.
        "side.other": lambda: pgettext("option", "The other team"),
        # Translators: answer option: nobody has won the hand yet.
        "undecided": lambda: pgettext("option", "Not decided yet"),
        # Translators: answer option: nobody wins the game yet.
        "nobody": lambda: pgettext("option", "Nobody yet"),
        # Translators: answer option; "malas" is the first half of the score (glossary), keep the term.
        "malas": lambda: pgettext("option", "In the malas"),
        # Translators: answer option; "buenas" is the second half of the score (glossary), keep the term.
        "buenas": lambda: pgettext("option", "In the buenas"),
    }
    return labels[key]() if key in labels else option.value


def option_inline(question: Question, option: Option, face: str | None) -> str:
    """An option's name inside a sentence or a list: seats and teams lower case ("your partner")."""
    if option.label:
        return _(option.label)
    if option.key == "seat" and option.seat is not None:
        return learner(_players(question)).seat_name(option.seat)
    if option.key in ("team.us", "team.them"):
        return learner(_players(question)).team_name(0 if option.key == "team.us" else 1)
    return option_label(question, option, face)


def option_caption(question: Question, option: Option) -> str:
    """A short caption under a card option: who played it, for the cards of a trick."""
    if option.key == "card" and option.seat is not None:
        return learner(_players(question)).seat_label(option.seat)
    return ""


def answer_text(question: Question, answer: Any, face: str | None) -> str:
    """An answer (the engine's or the learner's) as text, in the shape of ``question.answer_type``."""
    kind = question.answer_type
    if kind is AnswerType.CHOICE:
        option = question.option(str(answer))
        return option_label(question, option, face) if option else str(answer)
    if kind is AnswerType.CHOICES:
        chosen = [o for o in question.options if o.value in answer]
        if not chosen:
            # Translators: the answer to "select all that apply" when nothing applies.
            return pgettext("answer", "none")
        return sentence(join(option_inline(question, o, face) for o in chosen))
    if kind is AnswerType.NUMBER:
        return number(int(answer))
    if kind is AnswerType.ORDER:
        by_notation = {card.notation: card for card in question.situation["cards"]}
        groups = [" = ".join(card_name(by_notation[n], face) for n in sorted(group, key=list(by_notation).index))
                  for group in answer]
        return " > ".join(groups)
    if kind is AnswerType.POINTS and isinstance(answer, Points):
        return learner(_players(question)).points_for(answer.points, 0 if answer.team == "us" else 1)
    return str(answer)


def order_groups(question: Question, answer: Any) -> list[list[Card]]:
    """An ORDER answer as lists of cards, strongest first (for drawing it)."""
    by_notation = {card.notation: card for card in question.situation["cards"]}
    order = list(by_notation)
    return [[by_notation[n] for n in sorted(group, key=order.index)] for group in answer]


# --- Form errors ---------------------------------------------------------------------------------


def answer_error_message(question: Question, error: AnswerError) -> str:
    """A sentence telling the learner why the form could not be read, and what to do."""
    kind, field = error.kind, error.field
    answer_type = question.answer_type
    if kind is AnswerErrorKind.MISSING:
        if field == "team":
            return _("Choose who gets the points.")
        if field == "points":
            return _("Type the number of points first.")
        if answer_type is AnswerType.NUMBER:
            return _("Type a number first.")
        if answer_type is AnswerType.ORDER:
            return _("Give every card a place.")
        return _("Choose an answer first.")
    if kind is AnswerErrorKind.NOT_A_NUMBER:
        return _("Type a whole number, like 27.")
    if kind is AnswerErrorKind.OUT_OF_RANGE:
        highest = error.details.get("max", question.number_max)
        if answer_type is AnswerType.ORDER:
            return _("The places go from 1 to %(max)s.", max=number(highest))
        return _("Type a number from 0 to %(max)s.", max=number(highest))
    if kind is AnswerErrorKind.INCOMPLETE:
        return _("Give every card a place.")
    if kind is AnswerErrorKind.DUPLICATE:
        return _("Each answer can be chosen only once.")
    if kind is AnswerErrorKind.NOT_AN_OPTION:
        return _("That answer is not one of the choices. Pick one of those shown.")
    return _("This answer could not be read. Please use the form.")


def suit_text(suit: str, face: str | None) -> str:
    """A suit's name on the learner's face."""
    return suit_name(suit, face)
