"""Words for the questions of the check kinds: answer options, answers and form errors.

Seats in a question are counted in the order of play with seat 0 the learner (``tutor.content.checks``),
so they are named from the learner's point of view, never numbered: :func:`learner` gives the
:class:`~tutor.narration.Perspective` of a table, which names every seat and team (the
table of names and the grammar rule for translators are in ``tutor.narration.perspective``).
What happened at the table (cards, calls, answers, the mazo) is told by the narrator
(:func:`action_line` builds the engine's event and calls ``narrate``), so the questions, the table and
its review say it with the same sentences.

All call names stay Spanish in every language (docs/rules §10.3); they are still messages, so a
language may add its own quotation marks.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from tutor.narration import Perspective, call_name, join, narrate, number, sentence
from tutor.narration.bots import sena_meaning
from tutor.narration.cards import card_name, suit_name

from ....content.checks import AnswerError, AnswerErrorKind, AnswerType, Option, OptionKey, Points, Question
from ....engine.cards import Card
from ....engine.state import Action, Answer, Call, Event, EventKind, PlayCard
from ....i18n import gettext as _, pgettext

# --- Seats and teams ---------------------------------------------------------------------------


@functools.lru_cache(maxsize=8)
def learner(players: int) -> Perspective:
    """The table of a question seen by the learner, who sits at seat 0."""
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


def action_line(action: Action, players: int, face: str | None) -> str:
    """One action of an engine log told by the narrator."""
    if isinstance(action, PlayCard):
        event = Event(EventKind.CARD_PLAYED, seat=action.seat, card=action.card)
    elif isinstance(action, Call):
        event = Event(EventKind.CALL, seat=action.seat, call=action.call)
    elif isinstance(action, Answer):
        event = Event(EventKind.ANSWER, seat=action.seat, quiero=action.quiero)
    else:
        event = Event(EventKind.MAZO, seat=action.seat)
    return narrate(event, learner(players), face=face)


# --- Options and answers -----------------------------------------------------------------------


def players_of(question: Question) -> int:
    """How many play at the question's table (two unless its situation says otherwise)."""
    players = getattr(question.situation, "players", None)
    return players if isinstance(players, int) else 2


OPTION_LABELS: dict[OptionKey, Callable[[], str]] = {
    # Translators: answer option: the trick is a parda (a tie); keep the Truco term.
    OptionKey.PARDA: lambda: pgettext("option", "It is a parda"),
    # Translators: answer option when comparing two cards.
    OptionKey.EQUAL: lambda: pgettext("option", "They are equal"),
    OptionKey.YES: lambda: pgettext("option", "Yes"),
    OptionKey.NO: lambda: pgettext("option", "No"),
    # Translators: answer option: the team of the mano (the player who plays first) wins the hand.
    OptionKey.SIDE_MANO: lambda: pgettext("option", "The mano's team"),
    # Translators: answer option: the team that does not have the mano wins the hand.
    OptionKey.SIDE_OTHER: lambda: pgettext("option", "The other team"),
    # Translators: answer option: nobody has won the hand yet.
    OptionKey.UNDECIDED: lambda: pgettext("option", "Not decided yet"),
    # Translators: answer option: nobody wins the game yet.
    OptionKey.NOBODY: lambda: pgettext("option", "Nobody yet"),
    # Translators: answer option; "malas" is the first half of the score (glossary), keep the term.
    OptionKey.MALAS: lambda: pgettext("option", "In the malas"),
    # Translators: answer option; "buenas" is the second half of the score (glossary), keep the term.
    OptionKey.BUENAS: lambda: pgettext("option", "In the buenas"),
}
"""The default label of every option key that is not a card, a seat, a team or a call (those are
named by the card, the seat, the team or the call; a test checks every :class:`OptionKey`)."""


def option_label(question: Question, option: Option, face: str | None) -> str:
    """The visible (or, for a card, the spoken) name of an answer option.

    A label written in the lesson file wins; cards are named by their card name, seats by the
    seat name, teams by the team name, calls by the call name; every other option key has a default
    label in :data:`OPTION_LABELS`.
    """
    if option.label:
        return _(option.label)
    key = option.key
    if key is OptionKey.CARD and option.card is not None:
        return card_name(option.card, face)
    if key is OptionKey.SEAT and option.seat is not None:
        return learner(players_of(question)).seat_label(option.seat)
    if key.call_name is not None:
        return call_name(key.call_name)
    if key is OptionKey.SENA:
        return sena_meaning(option.value)
    if key is OptionKey.TEAM_US:
        return learner(players_of(question)).team_label(0)
    if key is OptionKey.TEAM_THEM:
        return learner(players_of(question)).team_label(1)
    return OPTION_LABELS[key]() if key in OPTION_LABELS else option.value


def option_inline(question: Question, option: Option, face: str | None) -> str:
    """An option's name inside a sentence or a list: seats and teams lower case ("your partner")."""
    if option.label:
        return _(option.label)
    if option.key is OptionKey.SEAT and option.seat is not None:
        return learner(players_of(question)).seat_name(option.seat)
    if option.key in (OptionKey.TEAM_US, OptionKey.TEAM_THEM):
        return learner(players_of(question)).team_name(0 if option.key is OptionKey.TEAM_US else 1)
    return option_label(question, option, face)


def option_caption(question: Question, option: Option) -> str:
    """A short caption under a card option: who played it, for the cards of a trick."""
    if option.key is OptionKey.CARD and option.seat is not None:
        return learner(players_of(question)).seat_label(option.seat)
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
        return " > ".join(
            " = ".join(card_name(card, face) for card in group) for group in order_groups(question, answer)
        )
    if kind is AnswerType.POINTS and isinstance(answer, Points):
        return learner(players_of(question)).points_for(answer.points, 0 if answer.team == "us" else 1)
    return str(answer)


def order_groups(question: Question, answer: Any) -> list[list[Card]]:
    """An ORDER answer as lists of cards, strongest first (for drawing it)."""
    by_notation = {card.notation: card for card in order_cards(question)}
    order = list(by_notation)
    return [[by_notation[n] for n in sorted(group, key=order.index)] for group in answer]


def order_cards(question: Question) -> tuple[Card, ...]:
    """The cards an ORDER question asks to put in order."""
    cards = getattr(question.situation, "cards", None)
    assert cards is not None, f"{question.kind}: no cards to order"
    return tuple(cards)


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


def already_counted() -> str:
    """What a page that counts each answer once says to an answer form it counted before (a second
    click, a resent page, or the question answered in another tab): the same words on every page."""
    return _("This answer was already counted: the same form was sent again. Nothing was recorded.")
