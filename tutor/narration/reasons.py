"""Why an input or an action was refused: every engine error reason told as a sentence.

:func:`error_message` has one sentence for each :class:`~tutor.engine.errors.Reason` (an illegal
action: the rule that forbids it) and each :class:`~tutor.engine.errors.NotationReason` (an
unreadable input), optionally told for one input :class:`Field`, so that, for example, a bad score
and a bad trick sequence get their own sentences. The envido checker, the JSON API's ``detail``,
the command line, the lessons and the table all tell refusals through here.
"""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Any

from tutor.engine.errors import IllegalActionError, NotationReason, Reason, TrucoError
from tutor.engine.rules import TARGETS, VARIANTS
from tutor.i18n import gettext as _, ngettext

from .cards import card_name
from .words import call_name, join

__all__ = ["Field", "error_message", "refusal_sentence"]


class Field(StrEnum):
    """Which input an error is about; it picks the most helpful sentence for a reason."""

    CARDS = "cards"
    """The three cards of one hand."""
    TRICK = "trick"
    """The cards of one trick."""
    TRICKS = "tricks"
    """Trick results W, L, P."""
    SEATS = "seats"
    """The players of a showdown (hands or envido numbers)."""
    ENVIDO_VALUE = "envido_value"
    """One player's envido number."""
    ENVIDO_CALLS = "envido_calls"
    """A sequence of envido calls."""
    TRUCO_CALLS = "truco_calls"
    """A sequence of truco calls."""
    SCORE = "score"
    """The two teams' scores."""
    TARGET = "target"
    """The points needed to win the game."""
    MANO = "mano"
    """The player who speaks first."""
    GUESS = "guess"
    """A learner's answer."""
    DATE = "date"
    """The date of a daily puzzle."""
    VARIANT = "variant"
    """A ruleset preset's name, or an option it does not let change."""
    OPTION = "option"
    """The value of a ruleset option (falta_mode, raisable, flor)."""
    PARAMETER = "parameter"
    """The name of a request parameter."""


# --- Sentences -------------------------------------------------------------------------------------


def _position(details: dict[str, Any]) -> int | None:
    position = details.get("position")
    return position + 1 if isinstance(position, int) and not isinstance(position, bool) else None


def _shown(value: Any) -> str:
    """An offending value as the learner typed it, shortened."""
    text = value if isinstance(value, str) else "" if value is None else str(value)
    return text if len(text) <= 40 else text[:39] + "…"


def _notation_message(reason: NotationReason, details: dict[str, Any], field: Field | None) -> str:
    value = _shown(details.get("value"))
    position = _position(details)
    if reason is NotationReason.EMPTY:
        if field is Field.ENVIDO_CALLS or field is Field.TRUCO_CALLS:
            return _("No call was given.")
        if field is Field.TRICKS:
            return _("No trick was given.")
        if field is Field.SEATS and position is not None:
            return _("Player %(number)s is empty: fill in the players in order, without gaps.", number=position)
        if field is Field.SEATS:
            return _("No players were given.")
        if field is Field.GUESS:
            return _("Type your answer first.")
        return _("No cards were given.")
    if reason is NotationReason.MALFORMED:
        if field is Field.TRICKS and position is not None:
            # Translators: trick results: W won, L lost, P parda (a tied trick); "parda" is a Truco term. The letters
            # W, L and P are what the API and the form accept in every language: keep them, translate only the words.
            return _(
                "Trick %(number)s: “%(value)s” is not W (won), L (lost) or P (parda).", number=position, value=value
            )
        if isinstance(details.get("value"), str) and value:
            return _(
                "“%(value)s” is not a card: write the number, then the suit letter, like 7o or 12c, or use a French suit symbol, like A♠.",
                value=value,
            )
        return _("These cards could not be read: give them as text, like 7o 6o 3b.")
    if reason is NotationReason.UNKNOWN_RANK:
        return _(
            "“%(value)s” is not in the Spanish deck: the numbers are 1 to 7, 10, 11 and 12 (there are no 8s and 9s).",
            value=value,
        )
    if reason is NotationReason.UNKNOWN_SUIT:
        # Translators: the letters are the Spanish suits espadas, bastos, oros, copas; keep the letters.
        return _(
            "“%(value)s” has no known suit: use e (espadas), b (bastos), o (oros), c (copas) or ♠ ♣ ♦ ♥.", value=value
        )
    if reason is NotationReason.DUPLICATE_CARD:
        try:
            name = card_name(str(details.get("value")))
        except (TrucoError, KeyError):
            name = value
        return _("Given twice: %(card)s. Each card is in the deck only once.", card=name)
    if reason is NotationReason.WRONG_COUNT:
        given = details.get("value")
        got = given if isinstance(given, int) else 0
        if field is Field.SEATS:
            # Translators: the envido showdown; "showdown" is when the players state their envido.
            return ngettext(
                "A showdown needs 2, 4 or 6 players (%(num)s was given).",
                "A showdown needs 2, 4 or 6 players (%(num)s were given).",
                got,
            )
        if field is Field.TRICK:
            # Translators: a trick is one card from each player; Truco is played by 2, 4 or 6 players.
            return ngettext(
                "A trick has 2, 4 or 6 cards, one per player (%(num)s was given).",
                "A trick has 2, 4 or 6 cards, one per player (%(num)s were given).",
                got,
            )
        if field is Field.SCORE:
            return _("Give two scores, one per team, separated by a comma: “12,20” means 12 and 20.")
        return ngettext(
            "Pick exactly three cards (%(num)s was given).",
            "Pick exactly three cards (%(num)s were given).",
            got,
        )
    if reason is NotationReason.UNKNOWN_ACTION:
        if field is Field.TRUCO_CALLS:
            # Translators: the call names in the message are the API's spelling; keep them as they are.
            return _("“%(value)s” is not a truco call: use truco, retruco or vale_cuatro.", value=value)
        # Translators: the call names in the message are the API's spelling; keep them as they are.
        return _("“%(value)s” is not an envido call: use envido, real_envido or falta_envido.", value=value)
    if reason is NotationReason.UNKNOWN_OPTION:
        if field is Field.VARIANT:
            # Translators: %(names)s lists the rulesets' names in the API's spelling (argentino, fixed...); keep them.
            return _(
                "“%(value)s” is not a known ruleset: use one of %(names)s.", value=value, names=", ".join(VARIANTS)
            )
        return _("“%(value)s” is not a known parameter or option.", value=value)
    return _bad_value_message(details, field, value, position)


def _bad_value_message(details: dict[str, Any], field: Field | None, value: str, position: int | None) -> str:
    if field is Field.SCORE:
        highest = details.get("max")
        if isinstance(highest, int):
            return _(
                "The scores must be two whole numbers from 0 to %(max)s, one per team, separated by a comma: “12,20” means 12 and 20.",
                max=highest,
            )
        return _(
            "The scores must be two whole numbers, one per team, below the target, separated by a comma: “12,20” means 12 and 20."
        )
    if field is Field.TARGET:
        return _("The target must be one of %(targets)s.", targets=join(str(t) for t in TARGETS))
    if field is Field.MANO:
        players = details.get("players") if isinstance(details.get("players"), int) else 6
        # Translators: "mano" is the player who plays first in the hand.
        return _("The mano must be one of the players, 1 to %(players)s.", players=players)
    if field is Field.TRICKS:
        if position is not None and position <= 3:
            return _("Trick %(number)s comes after the hand was already decided.", number=position)
        return _("A hand has at most three tricks.")
    if field is Field.ENVIDO_VALUE or field is Field.SEATS:
        # Translators: "envido" stays Spanish.
        return _(
            "“%(value)s” is not a possible envido: a hand has 0 to 7 (no two cards of one suit) or 20 to 33 (two of one suit).",
            value=value,
        )
    if field is Field.GUESS:
        highest = details.get("max")
        if isinstance(highest, int) and re.fullmatch(r"[0-9]+", value):  # a whole number, only too large
            return _("Type a number from 0 to %(max)s.", max=highest)
        return _("Type your answer as a whole number, like 27.")
    if field is Field.DATE:
        return _("“%(value)s” is not a puzzle date: use the form 2026-01-31, and no date after today.", value=value)
    if field is Field.VARIANT:
        # Translators: a preset ruleset fixes some options; "envido" and "flor" stay Spanish.
        return _(
            "This ruleset fixes that option: in the fixed ruleset the envido cannot be raised and there is no flor."
        )
    if field is Field.OPTION:
        return _("“%(value)s” is not a valid value for this option.", value=value)
    return _("“%(value)s” is not allowed here.", value=value)


def _ladder_top(details: dict[str, Any]) -> str:
    """Why no bet follows: the top of this game's ladder (Vale cuatro, Retruc, Doze), when the engine names it."""
    top = details.get("top")
    if isinstance(top, str):
        # Translators: %(call)s is the highest bet of the game (Vale cuatro, Retruc or Doze), which stays as it is.
        return _("Nothing comes after %(call)s: it is the top of the ladder.", call=call_name(top))
    return _("The bet is already at the top of the ladder.")


def _ladder_step(details: dict[str, Any]) -> str:
    """Why this bet is not next: bets go up one step at a time; the next step, when the engine names it."""
    expected = details.get("expected")
    if isinstance(expected, str):
        # Translators: %(call)s is the bet that may come next (Truco, Retruco, Seis, ...), which stays as it is.
        return _("Bets go up one step at a time; the next step is %(call)s.", call=call_name(expected))
    return _("Bets go up one step at a time.")


def _reason_message(reason: Reason, details: dict[str, Any]) -> str:
    messages = {
        Reason.HAND_OVER: lambda: _("The hand is over: no more cards or calls."),
        Reason.NOT_YOUR_TURN: lambda: _("It is not your turn."),
        Reason.CARD_NOT_IN_HAND: lambda: _("That card is not in your hand."),
        # Translators: "Quiero" (accept) and "No quiero" (decline) stay Spanish.
        Reason.ANSWER_PENDING: lambda: _("A call is waiting for an answer first: Quiero, No quiero or a raise."),
        Reason.NOTHING_TO_ANSWER: lambda: _("There is no call to answer."),
        # Translators: "envido" stays Spanish.
        Reason.ENVIDO_ALREADY_PLAYED: lambda: _("The envido was already played in this hand: it is settled only once."),
        # Translators: "Envido" is a call and stays Spanish.
        Reason.ENVIDO_AFTER_FIRST_CARD: lambda: _("Envido can only be called before you play your first card."),
        # Translators: "Envido" is a call and stays Spanish.
        Reason.ENVIDO_AFTER_FIRST_TRICK: lambda: _("Envido can only be called during the first trick."),
        # Translators: "truco" and "envido" stay Spanish.
        Reason.ENVIDO_CLOSED_BY_TRUCO: lambda: _("An accepted truco closes the envido."),
        # Translators: the envido ladder; the call names stay Spanish.
        Reason.ENVIDO_LADDER_BACKWARDS: lambda: _(
            "The envido ladder goes Envido, Envido, Real envido, Falta envido: steps may be skipped but never taken backwards."
        ),
        # Translators: "Envido" is a call and stays Spanish.
        Reason.ENVIDO_TOO_MANY: lambda: _("Envido may be called at most twice."),
        # Translators: "Falta envido" is a call and stays Spanish.
        Reason.ENVIDO_AFTER_FALTA: lambda: _("Nothing can follow Falta envido: it is the top of the ladder."),
        # Translators: "envido" stays Spanish.
        Reason.ENVIDO_NOT_RAISABLE: lambda: _(
            "In this ruleset the envido cannot be raised: each call is accepted or declined as it is."
        ),
        # Translators: "flor" and "envido" stay Spanish.
        Reason.ENVIDO_CANCELLED_BY_FLOR: lambda: _("A flor cancels the envido in this hand."),
        Reason.TRUCO_ALREADY_MAX: lambda: _ladder_top(details),
        Reason.TRUCO_ONLY_ACCEPTING_TEAM: lambda: _("Only the team that accepted the last call may raise it."),
        Reason.TRUCO_OWN_CALL: lambda: _("A team cannot raise its own call."),
        Reason.TRUCO_OUT_OF_ORDER: lambda: _ladder_step(details),
        # Translators: flor raises; the names stay Spanish.
        Reason.FLOR_LADDER_BACKWARDS: lambda: _("Contraflor al resto is the last raise: Contraflor cannot follow it."),
        # Translators: "flor" stays Spanish.
        Reason.NO_FLOR: lambda: _("There is no flor here: a flor is three cards of one suit."),
        # Translators: "Flor" stays Spanish.
        Reason.FLOR_NOT_IN_RULES: lambda: _("Flor is not played in this ruleset."),
        # Translators: "flor" stays Spanish.
        Reason.FLOR_TOO_LATE: lambda: _("A flor is announced in the first trick, before playing one's first card."),
        # Translators: "flor" stays Spanish.
        Reason.FLOR_ALREADY_ANNOUNCED: lambda: _("This flor was already announced."),
        # Translators: "flor" stays Spanish.
        Reason.FLOR_MUST_BE_ANNOUNCED: lambda: _("A player who holds a flor must announce it before playing a card."),
        # Translators: "Contraflor" and "flor" stay Spanish.
        Reason.NO_RIVAL_FLOR: lambda: _("Contraflor needs a flor on the other team."),
        # Translators: "Envido" stays Spanish.
        Reason.ENVIDO_NOT_IN_RULES: lambda: _("Envido is not played in this ruleset."),
        # Translators: "mazo": going to the mazo means folding.
        Reason.CANNOT_FOLD_NOW: lambda: _("Going to the mazo is not possible now."),
        # Translators: "envido" stays Spanish.
        Reason.SHOWDOWN_PENDING: lambda: _("The envido showdown must be finished first."),
        # Translators: "son buenas" ("they are good": I cannot beat that) stays Spanish.
        Reason.CANNOT_SAY_SON_BUENAS: lambda: _("“Son buenas” is not possible here: this number must be stated."),
        Reason.MATCH_OVER: lambda: _("The game is over."),
        Reason.UNKNOWN_ACTION: lambda: _("That action is not possible."),
        Reason.NOT_IN_GAME: lambda: _("That action is not part of this game."),
        # Translators: "mazo" (folding) as your glossary says; Catalan Truc has no folding.
        Reason.MAZO_NOT_IN_RULES: lambda: _("This game has no mazo: a team gives up only by refusing a bet."),
        # Translators: Catalan Truc: in the hand of 11, or with both teams on 11, nobody may bet (truc, retruc).
        Reason.BETS_CLOSED: lambda: _("Nobody may bet in this hand."),
        # Translators: Catalan Truc: knocking on the pack instead of cutting asks for a one-card hand.
        Reason.KNOCK_NOT_ALLOWED: lambda: _(
            "The knock comes first, from the dealer's left neighbour, while no team has more than 10 points."
        ),
        # Translators: Catalan Truc: after a knock the dealer deals one card or three to each player.
        Reason.DEAL_CHOICE_PENDING: lambda: _("The dealer first chooses to deal one card or three."),
        # Translators: Catalan Truc: the team with 11 points decides whether to play the hand.
        Reason.ELEVEN_DECISION_PENDING: lambda: _("The team on 11 points first decides whether to play this hand."),
        Reason.NOTHING_TO_DECIDE: lambda: _("There is nothing to decide now."),
        # Translators: Truco Mineiro: before the hand the mão keeps, passes or burns the three cards given to the mão.
        Reason.THREE_CHOICE_PENDING: lambda: _("The mão first keeps, passes or burns the three cards."),
        # Translators: Truco Mineiro: a pass goes to the partner once a hand; the last three cards must be kept.
        Reason.CANNOT_PASS_OR_BURN: lambda: _(
            "Not possible: a pass goes to the partner once a hand, and the last three cards must be kept."
        ),
        # Translators: Truco Mineiro: a side may not raise the truco when accepting already wins it the game.
        Reason.RAISE_ALREADY_WINS: lambda: _("No raise: accepting would already win the game."),
        # Translators: Truco Mineiro: a card may be played face down from the second trick on.
        Reason.FACE_DOWN_NOT_ALLOWED: lambda: _(
            "A card is played face down only from the second trick on, and never in a mão de ferro."
        ),
        # Translators: Truco Mineiro, mão de ferro (both sides on 11): every player turns up the next card, unseen.
        Reason.NOT_NEXT_CARD: lambda: _("In a mão de ferro every player turns up the next card in the order dealt."),
    }
    text = messages[reason]() if reason in messages else _("That is not allowed.")
    position = _position(details)
    if position is not None and reason.name.startswith(("ENVIDO_", "TRUCO_", "FLOR_LADDER")):
        # Translators: an illegal call in a sequence; %(number)s counts the calls from 1, %(reason)s is the rule.
        return _("Call %(number)s is not allowed. %(reason)s", number=position, reason=text)
    return text


def error_message(exc: TrucoError, field: Field | str | None = None) -> str:
    """A translated sentence for any engine error, saying what is wrong and which rule forbids it.

    ``field`` (or ``exc.details["field"]``) names the input the error is about, so that, for example,
    a ``BAD_VALUE`` on a score and on a trick sequence get their own sentences.
    """
    details = dict(getattr(exc, "details", None) or {})
    chosen = field if field is not None else details.get("field")
    try:
        which = Field(chosen) if chosen is not None else None
    except ValueError:
        which = None
    reason = getattr(exc, "reason", None)
    if isinstance(reason, NotationReason):
        return _notation_message(reason, details, which)
    if isinstance(reason, Reason):
        return _reason_message(reason, details)
    return _("That is not allowed.")


def refused_action(exc: IllegalActionError) -> tuple[int, str]:
    """An action of a hand's log that the engine refused while replaying it (``HandRecord.state``):
    its position in the log (from 0) and the sentence that says which action and why, the same for the
    API's ``/replay`` and ``tutor replay``."""
    position = exc.details.get("position")
    index = position if isinstance(position, int) and not isinstance(position, bool) else 0
    # Translators: %(number)s counts the hand's actions from 1; %(why)s is the rule's sentence.
    rest = {key: value for key, value in exc.details.items() if key != "position"}  # the action's, not a call's
    why = _reason_message(exc.reason, rest)
    return index, _("Action %(number)s of the hand cannot be played: %(why)s", number=index + 1, why=why)


def refusal_sentence(reason: Reason | str, rung: str | None = None) -> str:
    """The rule behind one :class:`~tutor.engine.errors.Reason` (an illegal action), e.g. "It is not your turn.";
    ``rung``: the bet the rule names (the next step of the ladder, or its top), as the engine gave it."""
    details = {} if rung is None else {"expected": rung, "top": rung}
    try:
        return _reason_message(Reason(reason), details)
    except ValueError:
        return _("That is not allowed.")
