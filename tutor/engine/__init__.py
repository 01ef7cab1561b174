"""The Truco rules engine: pure Python, no web framework (a test checks its imports).

Public API, by module:

* ``cards``: :class:`Card`, :class:`Suit`, :data:`DECK`, :func:`parse_cards`, :func:`format_cards`.
* ``ranking``: :class:`Ranking`, :data:`ARGENTINE`, :data:`CATALAN`, :data:`MINEIRO`, :data:`MATAS`, :data:`MANILHAS`.
* ``envido``: :func:`envido`, :func:`envido_points`, :func:`flor`, :func:`showdown`.
* ``tricks``: :func:`trick_result`, :func:`hand_result`, :class:`TrickOutcome`, :class:`HandRule`.
* ``stakes``: what calls are worth (:func:`envido_stake`, :func:`truco_stake`, :func:`falta_value`, ...).
* ``outcomes``: what one hand can end with from a starting score (:func:`~tutor.engine.outcomes.hand_outcomes`).
* ``rules``: :class:`Rules`, :class:`FlorMode`, :func:`find_variant`, :data:`VARIANTS`; a hand is made
  by its game: ``rules.new_hand(deal, mano, scores)`` / ``find_variant(name).new_hand(...)``.
* ``ladders``: the bet ladders as data; ``catalan``: :class:`CatalanHand` (Catalan Truc);
  ``mineiro``: :class:`MineiroHand` (Truco Mineiro); ``pica``: :class:`PicaPicaHand` (a six-player
  pica-pica round, ``new_hand(..., pica=True)``) and :func:`pica_pica_due`.
* ``state``: :class:`HandState` (``legal_actions()``, ``apply()``, ``can_apply()``, ``events``,
  ``awards``, ``view_for(seat)``, ``clone()``), the actions :class:`PlayCard`, :class:`Call`,
  :class:`Answer`, :class:`Mazo`, the typed values :class:`CallFamily`, :class:`EnvidoStatus`,
  :class:`PendingCall`, :class:`Event` (with ``award_rule``, ``hand_rule``, ``end``), and :func:`deal`.
* ``match``: :class:`MatchState`, :func:`standing`.
* ``notation``: text forms of rules, deals, actions and hands, and :func:`replay`.
* ``summary``: :func:`~tutor.engine.summary.hand_summary`, a hand after its actions as plain data
  (what ``GET /api/v1/replay`` answers and ``tutor replay`` prints).
* ``errors``: :class:`TrucoError`, :class:`InvalidNotationError`, :class:`IllegalActionError`, :class:`Reason`.

>>> from tutor.engine import HandState, Rules, Call, Answer, EnvidoCall
>>> hand = HandState(Rules(), deal="1e,7o,3b|4c,5c,6c")
>>> _ = hand.apply(Call(0, EnvidoCall.ENVIDO)); _ = hand.apply(Answer(1, False))
>>> hand.scores, hand.awards[-1].rule.value
((1, 0), 'envido_declined')
"""

from .cards import DECK, Card, Suit, format_cards, parse_cards
from .catalan import CatalanHand
from .envido import EnvidoResult, envido, envido_points, flor, showdown
from .errors import IllegalActionError, InvalidNotationError, NotationReason, Reason, TrucoError
from .match import MatchState, Standing, Zone, standing
from .mineiro import MineiroHand
from .notation import (
    HandRecord,
    format_action,
    format_actions,
    format_deal,
    format_hand,
    format_rules,
    parse_action,
    parse_actions,
    parse_deal,
    parse_hand,
    parse_rules,
    replay,
)
from .pica import PicaPicaHand, pica_pica_due, pica_pica_range
from .ranking import ARGENTINE, CATALAN, MANILHAS, MATAS, MINEIRO, Ranking
from .rules import VARIANTS, FlorMode, Rules, Variant, find_variant
from .stakes import EnvidoCall, FaltaMode, FlorCall, MineiroCall, TrucCall, TrucoCall
from .state import (
    CALLS,
    FACE_DOWN,
    FLOR,
    Action,
    Answer,
    Award,
    AwardRule,
    Call,
    CallFamily,
    CallName,
    DealChoice,
    Decision,
    EndKind,
    EnvidoStatus,
    Event,
    EventKind,
    FlorAnnouncement,
    HandEnd,
    HandState,
    Knock,
    Mazo,
    PendingCall,
    Phase,
    PlayCard,
    SeatView,
    ThreeChoice,
    ThreeChoiceKind,
    deal,
)
from .tricks import HandRule, TrickOutcome, hand_result, trick_result

__all__ = [
    "DECK",
    "Card",
    "Suit",
    "format_cards",
    "parse_cards",
    "EnvidoResult",
    "envido",
    "envido_points",
    "flor",
    "showdown",
    "IllegalActionError",
    "InvalidNotationError",
    "NotationReason",
    "Reason",
    "TrucoError",
    "MatchState",
    "PicaPicaHand",
    "pica_pica_due",
    "pica_pica_range",
    "Standing",
    "Zone",
    "standing",
    "HandRecord",
    "format_action",
    "format_actions",
    "format_deal",
    "format_hand",
    "format_rules",
    "parse_action",
    "parse_actions",
    "parse_deal",
    "parse_hand",
    "parse_rules",
    "replay",
    "ARGENTINE",
    "CATALAN",
    "MINEIRO",
    "MANILHAS",
    "MATAS",
    "Ranking",
    "VARIANTS",
    "FlorMode",
    "Rules",
    "Variant",
    "find_variant",
    "EnvidoCall",
    "FaltaMode",
    "FlorCall",
    "TrucoCall",
    "TrucCall",
    "MineiroCall",
    "CALLS",
    "FLOR",
    "Action",
    "Answer",
    "Award",
    "AwardRule",
    "Call",
    "CallFamily",
    "CallName",
    "EndKind",
    "EnvidoStatus",
    "Event",
    "EventKind",
    "FlorAnnouncement",
    "HandEnd",
    "HandState",
    "Mazo",
    "Knock",
    "DealChoice",
    "Decision",
    "CatalanHand",
    "MineiroHand",
    "ThreeChoice",
    "ThreeChoiceKind",
    "FACE_DOWN",
    "PendingCall",
    "Phase",
    "PlayCard",
    "SeatView",
    "deal",
    "HandRule",
    "TrickOutcome",
    "hand_result",
    "trick_result",
]
