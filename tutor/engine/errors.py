"""Errors raised by the engine.

Every error carries a machine-readable ``reason`` (an enum member) so that the web layer can
translate it for learners; the engine itself never produces user-facing prose beyond a short
English message for developers.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any


class TrucoError(ValueError):
    """Base class of every error the engine raises on bad input or an illegal action."""

    reason: StrEnum

    def __init__(self, reason: StrEnum, message: str = "", **details: Any) -> None:
        self.reason = reason
        self.details = details
        super().__init__(message or str(reason))


class NotationReason(StrEnum):
    """Why a piece of notation (a card, a hand, a deal, an action log) could not be read."""

    EMPTY = "empty"
    MALFORMED = "malformed"
    UNKNOWN_RANK = "unknown_rank"
    UNKNOWN_SUIT = "unknown_suit"
    DUPLICATE_CARD = "duplicate_card"
    WRONG_COUNT = "wrong_count"
    UNKNOWN_ACTION = "unknown_action"
    UNKNOWN_OPTION = "unknown_option"
    BAD_VALUE = "bad_value"


class InvalidNotationError(TrucoError):
    """Text that does not describe valid cards, hands, rules or actions.

    ``details`` holds the offending ``value`` and, where it applies, ``expected`` or ``position``.
    """

    reason: NotationReason


class Reason(StrEnum):
    """Why an action (a card, a call, an answer) is not allowed right now."""

    HAND_OVER = "hand_over"
    NOT_YOUR_TURN = "not_your_turn"
    CARD_NOT_IN_HAND = "card_not_in_hand"
    ANSWER_PENDING = "answer_pending"
    NOTHING_TO_ANSWER = "nothing_to_answer"
    ENVIDO_ALREADY_PLAYED = "envido_already_played"
    ENVIDO_AFTER_FIRST_CARD = "envido_after_first_card"
    ENVIDO_AFTER_FIRST_TRICK = "envido_after_first_trick"
    ENVIDO_CLOSED_BY_TRUCO = "envido_closed_by_truco"
    ENVIDO_LADDER_BACKWARDS = "envido_ladder_backwards"
    ENVIDO_TOO_MANY = "envido_too_many"
    ENVIDO_AFTER_FALTA = "envido_after_falta"
    ENVIDO_NOT_RAISABLE = "envido_not_raisable"
    ENVIDO_CANCELLED_BY_FLOR = "envido_cancelled_by_flor"
    TRUCO_ALREADY_MAX = "truco_already_max"
    TRUCO_ONLY_ACCEPTING_TEAM = "truco_only_accepting_team"
    TRUCO_OWN_CALL = "truco_own_call"
    TRUCO_OUT_OF_ORDER = "truco_out_of_order"
    FLOR_LADDER_BACKWARDS = "flor_ladder_backwards"
    NO_FLOR = "no_flor"
    FLOR_NOT_IN_RULES = "flor_not_in_rules"
    FLOR_TOO_LATE = "flor_too_late"
    FLOR_ALREADY_ANNOUNCED = "flor_already_announced"
    FLOR_MUST_BE_ANNOUNCED = "flor_must_be_announced"
    NO_RIVAL_FLOR = "no_rival_flor"
    ENVIDO_NOT_IN_RULES = "envido_not_in_rules"
    CANNOT_FOLD_NOW = "cannot_fold_now"
    SHOWDOWN_PENDING = "showdown_pending"
    CANNOT_SAY_SON_BUENAS = "cannot_say_son_buenas"
    MATCH_OVER = "match_over"
    UNKNOWN_ACTION = "unknown_action"
    NOT_IN_GAME = "not_in_game"
    """The action belongs to another game (a knock or a decision on 11 outside Catalan Truc)."""
    MAZO_NOT_IN_RULES = "mazo_not_in_rules"
    """This game has no going to the mazo (Catalan Truc: a team gives up only by refusing a bet)."""
    BETS_CLOSED = "bets_closed"
    """No bets in this hand (Catalan Truc: the hand of 11, both teams on 11)."""
    KNOCK_NOT_ALLOWED = "knock_not_allowed"
    """A knock only before the hand's first action, by the dealer's left neighbour, while no team has more than 10."""
    DEAL_CHOICE_PENDING = "deal_choice_pending"
    """After a knock the dealer first chooses to deal one card or three."""
    ELEVEN_DECISION_PENDING = "eleven_decision_pending"
    """The team on 11 first decides whether to play the hand."""
    NOTHING_TO_DECIDE = "nothing_to_decide"
    """No deal choice or decision on 11 is waiting."""
    THREE_CHOICE_PENDING = "three_choice_pending"
    """The mão first keeps, passes or burns the three he was given (Truco Mineiro)."""
    CANNOT_PASS_OR_BURN = "cannot_pass_or_burn"
    """No pass (once a hand, never with two players) or no burn now: the last three he can be given
    must be kept (Truco Mineiro)."""
    RAISE_ALREADY_WINS = "raise_already_wins"
    """No raise when accepting would already give the side enough to win the game (Truco Mineiro)."""
    FACE_DOWN_NOT_ALLOWED = "face_down_not_allowed"
    """A card is played face down only from the second trick on, and never in a mão de ferro (Truco Mineiro)."""
    NOT_NEXT_CARD = "not_next_card"
    """In a mão de ferro every player turns up his next card in the order dealt (Truco Mineiro)."""


class IllegalActionError(TrucoError):
    """An action that the rules do not allow in the current state; ``reason`` says which rule."""

    reason: Reason
