"""Words for the lesson pages: seats, teams, calls, answer options, answers and form errors.

Seats in a lesson are counted in the order of play with seat 0 the learner (``tutor.content.checks``),
so they are named from the learner's point of view, never numbered:

=======  ==========  ===========================  =============================
players  seat 0      seat 1                       further seats
=======  ==========  ===========================  =============================
2        you         your opponent
4        you         the opponent on your right   2 your partner, 3 the opponent on your left
6        you         the opponent on your right   2 your partner on the right, 3 the opponent
                                                  opposite you, 4 your partner on the left,
                                                  5 the opponent on your left
=======  ==========  ===========================  =============================

Play goes to the right (counter-clockwise), so the player after you is the one on your right.
Teams are "you" / "your opponent" with two players and "your team" / "the other team" otherwise.

Grammar rule for translators (said in the notes): a seat or team name is a noun phrase in the
nominative, used as a label ("Next to lead: your partner") or as the subject of a sentence in the
third person ("Your partner plays ..."). Sentences whose subject is the learner have their own
message ("You play ..."), so no sentence glues "you" to a third-person verb.

All call names stay Spanish in every language (RULES.md 10); they are still messages, so a
language may add its own quotation marks.
"""

from __future__ import annotations

from typing import Any, Iterable

from babel.lists import format_list

from ...content.checks import AnswerError, AnswerErrorKind, AnswerType, Option, Points, Question
from ...engine.cards import Card
from ...i18n import current_language, format_number
from ...i18n import gettext as _
from ...i18n import ngettext, pgettext
from ..shared.cards import card_name, suit_name
from ..shared.narration import call_name

# --- Small helpers -----------------------------------------------------------------------------


def sentence(text: str) -> str:
    """The text with its first letter upper case ("your partner plays" -> "Your partner plays")."""
    return text[:1].upper() + text[1:]


def number(value: int) -> str:
    """A number as the learner's language writes it (Babel)."""
    return format_number(value)


def join(items: Iterable[str]) -> str:
    """``"a, b and c"`` as the learner's language joins a list."""
    items = list(items)
    return format_list(items, locale=current_language()) if items else ""


def card_text(card: Card, face: str | None) -> str:
    """A card's name on the learner's face."""
    return card_name(card, face)


def cards_text(cards: Iterable[Card], face: str | None) -> str:
    """Card names joined as a list."""
    return join(card_name(card, face) for card in cards)


# --- Seats and teams ---------------------------------------------------------------------------


def seat_name(seat: int, players: int) -> str:
    """The seat as the learner knows it, lower case for use inside a sentence (see module docstring)."""
    if seat == 0:
        # Translators: the learner, as a player at the table ("Next to lead: you"). Lower case; the
        # page capitalises it where a sentence or a label starts.
        return pgettext("seat", "you")
    if players == 2:
        # Translators: the only other player in a two-player game.
        return pgettext("seat", "your opponent")
    if seat == 1:
        # Translators: a seat at a four- or six-player table: the player who plays right after the
        # learner (play goes to the right).
        return pgettext("seat", "the opponent on your right")
    if players == 4:
        names = {
            # Translators: a seat at a four-player table: the learner's partner, sitting opposite.
            2: lambda: pgettext("seat", "your partner"),
            # Translators: a seat at a four-player table: the player who plays just before the learner.
            3: lambda: pgettext("seat", "the opponent on your left"),
        }
    else:
        names = {
            # Translators: a seat at a six-player table: the learner's partner two seats to the right.
            2: lambda: pgettext("seat", "your partner on the right"),
            # Translators: a seat at a six-player table: the opponent sitting opposite the learner.
            3: lambda: pgettext("seat", "the opponent opposite you"),
            # Translators: a seat at a six-player table: the learner's partner two seats to the left.
            4: lambda: pgettext("seat", "your partner on the left"),
            # Translators: a seat at a six-player table: the player who plays just before the learner.
            5: lambda: pgettext("seat", "the opponent on your left"),
        }
    return names[seat]()


def seat_label(seat: int, players: int) -> str:
    """The seat's name as a standalone label ("Your partner")."""
    return sentence(seat_name(seat, players))


def team_name(team: int, players: int) -> str:
    """A team as the learner knows it, lower case: with two players the team is the player."""
    if players == 2:
        return seat_name(team, 2)
    if team == 0:
        # Translators: the learner's team in a game with partners.
        return pgettext("team", "your team")
    # Translators: the team the learner plays against, in a game with partners.
    return pgettext("team", "the other team")


def team_label(team: int, players: int) -> str:
    """The team's name as a standalone label ("Your team")."""
    return sentence(team_name(team, players))


def points_for(points: int, team: int, players: int) -> str:
    """``"3 points for your opponent"``: one message per team, so each language can inflect."""
    num = number(points)
    if players == 2 and team == 0:
        return ngettext("%(count)s point for you", "%(count)s points for you", points, count=num)
    if players == 2:
        return ngettext("%(count)s point for your opponent", "%(count)s points for your opponent", points, count=num)
    if team == 0:
        return ngettext("%(count)s point for your team", "%(count)s points for your team", points, count=num)
    return ngettext("%(count)s point for the other team", "%(count)s points for the other team", points, count=num)


def points_text(points: int) -> str:
    """``"1 point"``, ``"5 points"``."""
    return ngettext("%(count)s point", "%(count)s points", points, count=number(points))


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


# --- Calls -------------------------------------------------------------------------------------


def call_label(call: str) -> str:
    """The name of a call, Spanish in every language (RULES.md 10); shared with the envido checker."""
    return call_name(call)


def quiero_label(quiero: bool) -> str:
    """"Quiero" or "No quiero", Spanish in every language."""
    if quiero:
        # Translators: "I accept" in Truco; keep it in Spanish.
        return pgettext("call", "Quiero")
    # Translators: "I decline" in Truco; keep it in Spanish.
    return pgettext("call", "No quiero")


def calls_text(calls: Iterable[str]) -> str:
    """Call names joined as a list."""
    return join(call_label(call) for call in calls)


# --- Transcript lines: who did what ------------------------------------------------------------


def plays_line(seat: int, players: int, card: Card, face: str | None) -> str:
    """"You play the 7 of swords." / "Your opponent plays ..."."""
    name = card_text(card, face)
    if seat == 0:
        return _("You play %(card)s.", card=name)
    # Translators: %(player)s is a seat name such as "your partner" (third person).
    return sentence(_("%(player)s plays %(card)s.", player=seat_name(seat, players), card=name))


def calls_line(seat: int, players: int, call: str) -> str:
    """"You call Truco." / "Your opponent calls Real envido."."""
    if seat == 0:
        # Translators: %(call)s is a Truco call name (Envido, Truco, Flor...), which stays Spanish.
        return _("You call %(call)s.", call=call_label(call))
    # Translators: %(player)s is a seat name such as "your partner"; %(call)s is a call name (Spanish).
    return sentence(_("%(player)s calls %(call)s.", player=seat_name(seat, players), call=call_label(call)))


def answers_line(seat: int, players: int, quiero: bool) -> str:
    """"You say Quiero." / "Your opponent says No quiero."."""
    if seat == 0:
        # Translators: %(answer)s is Quiero or No quiero (accept / decline), which stay Spanish.
        return _("You say %(answer)s.", answer=quiero_label(quiero))
    # Translators: %(player)s is a seat name; %(answer)s is Quiero or No quiero, which stay Spanish.
    return sentence(_("%(player)s says %(answer)s.", player=seat_name(seat, players), answer=quiero_label(quiero)))


def mazo_line(seat: int, players: int) -> str:
    """"You go to the mazo." / "Your opponent goes to the mazo."."""
    if seat == 0:
        # Translators: going to the mazo (the deck) means folding the hand; keep "mazo" as your glossary does.
        return _("You go to the mazo.")
    # Translators: %(player)s is a seat name; going to the mazo means folding the hand.
    return sentence(_("%(player)s goes to the mazo.", player=seat_name(seat, players)))


def action_line(action: dict[str, Any], players: int, face: str | None) -> str:
    """One action of an engine log (``checks.scenario_kinds.action_data``) as a sentence."""
    seat, kind = action["seat"], action["kind"]
    if kind == "card":
        return plays_line(seat, players, action["card"], face)
    if kind == "call":
        return calls_line(seat, players, action["call"])
    if kind == "answer":
        return answers_line(seat, players, bool(action["quiero"]))
    return mazo_line(seat, players)


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
        return card_text(option.card, face)
    if key == "seat" and option.seat is not None:
        return seat_label(option.seat, _players(question))
    if key.startswith("call."):
        return call_label(key.removeprefix("call."))
    if key == "team.us":
        return team_label(0, _players(question))
    if key == "team.them":
        return team_label(1, _players(question))
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
        return seat_name(option.seat, _players(question))
    if option.key in ("team.us", "team.them"):
        return team_name(0 if option.key == "team.us" else 1, _players(question))
    return option_label(question, option, face)


def option_caption(question: Question, option: Option) -> str:
    """A short caption under a card option: who played it, for the cards of a trick."""
    if option.key == "card" and option.seat is not None:
        return seat_label(option.seat, _players(question))
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
        groups = [" = ".join(card_text(by_notation[n], face) for n in sorted(group, key=list(by_notation).index))
                  for group in answer]
        return " > ".join(groups)
    if kind is AnswerType.POINTS and isinstance(answer, Points):
        return points_for(answer.points, 0 if answer.team == "us" else 1, _players(question))
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
