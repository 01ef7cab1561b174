"""One hand of Truco as a state machine: legal actions, checked actions, events, points, views.

A hand is ``rules + deal + mano + scores + action log``. :class:`HandState` is advanced in place by
:meth:`HandState.apply`, which refuses an illegal action with :class:`IllegalActionError` carrying a
:class:`Reason`. :meth:`HandState.legal_actions` lists exactly the actions ``apply`` accepts from the
seat to act (the web layer draws its buttons only from it). Every action follows the
verify / can / do pattern: :meth:`HandState.verify` raises, :meth:`HandState.can_apply` answers with
a bool, :meth:`HandState.apply` applies and returns the recorded action.

>>> hand = HandState(Rules(), deal=["1e 7o 3b", "4c 5c 6c"], mano=0)
>>> [str(a) for a in hand.legal_actions()]
['0:1e', '0:7o', '0:3b', '0:envido', '0:real_envido', '0:falta_envido', '0:truco', '0:mazo']
>>> hand.apply(Call(0, EnvidoCall.ENVIDO))
Call(seat=0, call=<EnvidoCall.ENVIDO: 'envido'>)
>>> hand.apply(Answer(1, True)).notation
'1:quiero'
>>> hand.scores, [(e.kind.value, e.seat, e.value) for e in hand.events if e.kind is EventKind.ENVIDO_STATED]
((0, 2), [('envido_stated', 0, 7), ('envido_stated', 1, 31)])
>>> hand.apply(PlayCard(1, Card.parse("4c")))
Traceback (most recent call last):
...
tutor.engine.errors.IllegalActionError: seat 1 cannot act: it is seat 0's turn

Decisions where docs/rules is silent are listed in docs/rules/decisions.md ("The hand", "Calls and answers",
"Going to the mazo", "Flor"); the main ones:

* The seat that answers a call is the next seat after the caller that is an opponent still in the
  hand (with nobody folded, simply the next seat).
* The envido showdown is resolved automatically and narrated as events (who states a number, who
  says "son buenas"): there is no choice in it, so it is no action.
* Going to the mazo is allowed whenever the seat is to act. The seat leaves the hand (docs/rules §6):
  it plays, answers and calls no more, and seats that went to the mazo are skipped in the turn
  order and in the envido showdown; a trick is complete when every seat still in the hand has
  played in it (a card already on the table stays and counts); the hand ends when every player of
  a team has folded, and the other team scores the hand's value at that moment. With 2 players a
  mazo therefore ends the hand at once. As the answer to an open envido (or contraflor) the mazo
  first declines that call for the team; as the answer to a truco it only takes that player out,
  and the truco passes to the next opponent of the caller still in the hand.
* With flor, announcing it is compulsory: a seat that holds an unannounced flor in the first trick
  before its first card can only announce it (or go to the mazo). A flor that was not announced
  yet when an envido is called, or when the flor is settled, is announced automatically (not the
  flor of a seat that went to the mazo: it is lost).

A team game where one player folds and its partner plays on:

>>> team = HandState(Rules(players=4), deal="3e,4b,5o|2o,6b,6c|1e,1b,7e|4c,12b,11b")
>>> _ = team.apply(Mazo(0))          # seat 0 leaves; its partner, seat 2, plays on
>>> team.folded, team.to_act, team.is_over
((0,), 1, False)
>>> for text in ("2o", "1e", "4c"):  # three cards complete the trick
...     _ = team.apply(PlayCard(team.to_act, Card.parse(text)))
>>> team.trick_winners, team.to_act
((2,), 2)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import ClassVar, NamedTuple, cast

from .cards import DECK, Card, Suit, parse_cards
from .envido import EnvidoResult, envido, envido_points, flor_points, showdown
from .errors import IllegalActionError, InvalidNotationError, NotationReason, Reason
from .ladders import BetCall, Ladder
from .rules import FlorMode, Rules
from .stakes import (
    EnvidoCall,
    FlorCall,
    MineiroCall,
    StakeRule,
    TrucCall,
    TrucoCall,
    check_envido_ladder,
    envido_stake,
    flor_stake,
    next_envido_calls,
    next_flor_calls,
    simple_flor_points,
)
from .tricks import HandResult, HandRule, Side, TrickOutcome, TrickResult, hand_result, trick_result

__all__ = [
    "Phase",
    "CallFamily",
    "EnvidoStatus",
    "PendingCall",
    "FlorAnnouncement",
    "FLOR",
    "CALLS",
    "CallName",
    "PlayCard",
    "Call",
    "Answer",
    "Mazo",
    "Knock",
    "DealChoice",
    "Decision",
    "ThreeChoice",
    "ThreeChoiceKind",
    "FACE_DOWN",
    "Action",
    "EventKind",
    "Event",
    "AwardRule",
    "Award",
    "EndKind",
    "HandEnd",
    "HandState",
    "SeatView",
    "Deal",
    "deal",
]

Deal = tuple[tuple[Card, ...], ...]
"""The cards of every seat: ``deal[seat]`` is that seat's three cards."""


class Phase(StrEnum):
    """What the seat to act is doing."""

    PLAY = "play"
    """Its turn: play a card, call, or go to the mazo."""
    ANSWER_ENVIDO = "answer_envido"
    """Answer an envido call: quiero, no quiero, or raise."""
    ANSWER_TRUCO = "answer_truco"
    """Answer a truco call: quiero, no quiero, raise, envido first (el envido está primero), mazo."""
    ANSWER_FLOR = "answer_flor"
    """Answer a contraflor: quiero, no quiero, or raise to contraflor al resto."""
    DEAL = "deal"
    """The cards are still being dealt: after a knock the dealer chooses to deal one card or three
    (Catalan Truc); the mão keeps, passes or burns the three he was given (Truco Mineiro)."""
    DECIDE = "decide"
    """The team on 11 decides whether to play the hand (Catalan Truc; Truco Mineiro's mão de onze)."""
    OVER = "over"
    """The hand is over (and maybe the match)."""


class CallFamily(StrEnum):
    """The three families of calls; an open call of each family is answered in its own phase."""

    ENVIDO = "envido"
    """Envido, real envido, falta envido (:class:`stakes.EnvidoCall`)."""
    TRUCO = "truco"
    """The bets of the game's ladder (``Rules.ladder``): truco, retruco, vale cuatro
    (:class:`stakes.TrucoCall`), Catalan truc and retruc (:class:`stakes.TrucCall`), or Truco Mineiro's
    truco, seis, nove, doze (``TrucoCall.TRUCO`` and :class:`stakes.MineiroCall`)."""
    FLOR = "flor"
    """Contraflor, contraflor al resto (:class:`stakes.FlorCall`); the flor announcement itself takes
    no answer."""

    @property
    def phase(self) -> Phase:
        """The phase of the seat that answers an open call of this family.

        >>> CallFamily.TRUCO.phase
        <Phase.ANSWER_TRUCO: 'answer_truco'>
        """
        return _PHASE[self]


class EnvidoStatus(StrEnum):
    """Where the envido of a hand stands (:attr:`HandState.envido_status`)."""

    OPEN = "open"
    """It may still be called."""
    CALLED = "called"
    """A call is open, waiting for its answer."""
    SETTLED = "settled"
    """Accepted (showdown done) or declined: played once, as the rules allow."""
    CANCELLED = "cancelled"
    """A flor cancelled it, or the ruleset has no envido."""
    CLOSED = "closed"
    """No longer possible without having been played: the first trick is over or a truco was accepted."""


_PHASE = {
    CallFamily.ENVIDO: Phase.ANSWER_ENVIDO,
    CallFamily.TRUCO: Phase.ANSWER_TRUCO,
    CallFamily.FLOR: Phase.ANSWER_FLOR,
}


class FlorAnnouncement(StrEnum):
    """Announcing a flor (the raises between two flores are :class:`FlorCall`)."""

    FLOR = "flor"
    """"Flor": three cards of one suit (docs/rules §8.1)."""


FLOR = FlorAnnouncement.FLOR
"""The flor announcement."""

CallName = EnvidoCall | TrucoCall | TrucCall | MineiroCall | FlorCall | FlorAnnouncement
CALLS: dict[str, CallName] = {
    **{c.value: c for c in EnvidoCall},
    **{c.value: c for c in TrucoCall},
    **{c.value: c for c in TrucCall},
    **{c.value: c for c in MineiroCall},
    FLOR.value: FLOR,
    **{c.value: c for c in FlorCall},
}
"""Every call by its notation name."""

_LADDER_REASONS = frozenset({Reason.TRUCO_OUT_OF_ORDER, Reason.TRUCO_ALREADY_MAX, Reason.TRUCO_ONLY_ACCEPTING_TEAM})
"""Why the truco ladder refuses a call whatever else the hand owes (a flor not yet announced)."""
_CALL_CLASSES = (EnvidoCall, TrucoCall, TrucCall, MineiroCall, FlorCall, FlorAnnouncement)
_BET_CLASSES = (TrucoCall, TrucCall, MineiroCall)


# --- Actions --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, repr=False)
class PlayCard:
    """``seat`` plays ``card``; ``face_down`` True plays it face down (Truco Mineiro: it can neither win
    nor tie and stays hidden). Notation ``0:7o``, face down ``0:~7o``."""

    seat: int
    card: Card
    face_down: bool = False

    def __post_init__(self) -> None:
        card: Card | str = self.card  # notation is accepted too
        if not isinstance(card, Card):
            object.__setattr__(self, "card", Card.parse(card))

    @property
    def notation(self) -> str:
        """Compact text, e.g. ``0:7o`` or ``0:~7o`` (a face-down card; ``0:~`` when its identity is hidden)."""
        if self.face_down:
            return f"{self.seat}:~{'' if self.card is FACE_DOWN else self.card.notation}"
        return f"{self.seat}:{self.card.notation}"

    def __repr__(self) -> str:
        down = ", face_down=True" if self.face_down else ""
        return f"PlayCard(seat={self.seat!r}, card={self.card!r}{down})"

    def __str__(self) -> str:
        return self.notation


@dataclass(frozen=True, slots=True)
class Call:
    """``seat`` calls (envido, real_envido, falta_envido, truco, retruco, vale_cuatro, flor,
    contraflor, contraflor_al_resto). A call made while answering a call of the same family is a
    raise (``quiero retruco``). Notation ``0:truco``."""

    seat: int
    call: CallName

    def __post_init__(self) -> None:
        call = self.call
        if call.__class__ not in _CALL_CLASSES:
            found = CALLS.get(call) if isinstance(call, str) else None
            if found is None:
                raise InvalidNotationError(NotationReason.UNKNOWN_ACTION, f"unknown call {call!r}", value=call)
            object.__setattr__(self, "call", found)

    @property
    def notation(self) -> str:
        """Compact text, e.g. ``0:real_envido``."""
        return f"{self.seat}:{self.call.value}"

    def __str__(self) -> str:
        return self.notation


@dataclass(frozen=True, slots=True)
class Answer:
    """``seat`` answers the open call: quiero (True) or no quiero (False). Notation ``1:quiero``."""

    seat: int
    quiero: bool

    @property
    def notation(self) -> str:
        """Compact text: ``1:quiero`` or ``1:no_quiero``."""
        return f"{self.seat}:{'quiero' if self.quiero else 'no_quiero'}"

    def __str__(self) -> str:
        return self.notation


@dataclass(frozen=True, slots=True)
class Mazo:
    """``seat`` goes to the mazo (folds): it leaves the hand and its partners play on; when it is the
    last of its team still in the hand, its team gives up the hand. Notation ``0:mazo``."""

    seat: int

    @property
    def notation(self) -> str:
        """Compact text, e.g. ``0:mazo``."""
        return f"{self.seat}:mazo"

    def __str__(self) -> str:
        return self.notation


@dataclass(frozen=True, slots=True)
class Knock:
    """``seat`` (the dealer's left neighbour) knocks instead of cutting (Catalan Truc). Notation ``1:knock``."""

    seat: int

    @property
    def notation(self) -> str:
        """Compact text, e.g. ``1:knock``."""
        return f"{self.seat}:knock"

    def __str__(self) -> str:
        return self.notation


@dataclass(frozen=True, slots=True)
class DealChoice:
    """After a knock the dealer ``seat`` deals ``cards`` (1 or 3) to each player (Catalan Truc).
    Notation ``1:deal1`` or ``1:deal3``."""

    seat: int
    cards: int

    def __post_init__(self) -> None:
        if self.cards not in (1, 3):
            raise InvalidNotationError(
                NotationReason.BAD_VALUE, f"deal 1 or 3 cards, not {self.cards!r}", value=self.cards
            )

    @property
    def notation(self) -> str:
        """Compact text: ``1:deal1`` or ``1:deal3``."""
        return f"{self.seat}:deal{self.cards}"

    def __str__(self) -> str:
        return self.notation


@dataclass(frozen=True, slots=True)
class Decision:
    """``seat`` decides for its team on 11 to play the hand (``play`` True) or not (Catalan Truc; Truco
    Mineiro's mão de onze, where not playing is running).
    Notation ``0:play11`` or ``0:run11``."""

    seat: int
    play: bool

    @property
    def notation(self) -> str:
        """Compact text: ``0:play11`` or ``0:run11``."""
        return f"{self.seat}:{'play11' if self.play else 'run11'}"

    def __str__(self) -> str:
        return self.notation


class ThreeChoiceKind(StrEnum):
    """What the mão does with the three cards he was given (Truco Mineiro, docs/rules/mineiro.md §9.3.3)."""

    KEEP = "keep"
    """They are his hand."""
    PASS = "pass"
    """He gives them face down to his partner, who keeps them; he is given the next three."""
    BURN = "burn"
    """He turns them face up, out of the hand and known to all; he is given the next three."""


@dataclass(frozen=True, slots=True)
class ThreeChoice:
    """The mão ``seat`` keeps, passes or burns the three he was given (Truco Mineiro).
    Notation ``0:keep``, ``0:pass``, ``0:burn``."""

    seat: int
    choice: ThreeChoiceKind

    def __post_init__(self) -> None:
        if not isinstance(self.choice, ThreeChoiceKind):
            try:
                object.__setattr__(self, "choice", ThreeChoiceKind(self.choice))
            except ValueError:
                raise InvalidNotationError(
                    NotationReason.UNKNOWN_ACTION, f"keep, pass or burn, not {self.choice!r}", value=self.choice
                ) from None

    @property
    def notation(self) -> str:
        """Compact text: ``0:keep``, ``0:pass`` or ``0:burn``."""
        return f"{self.seat}:{self.choice.value}"

    def __str__(self) -> str:
        return self.notation


class _FaceDownCard(Card):
    """The card a seat's view shows for another seat's face-down card: its identity is not in the view."""

    __slots__ = ()

    def __post_init__(self) -> None:
        pass

    @property
    def notation(self) -> str:
        return "~"

    def __repr__(self) -> str:
        return "FACE_DOWN"


FACE_DOWN: Card = _FaceDownCard(0, Suit.ESPADAS)
"""Stands for a card played face down by another seat in :class:`SeatView` (Truco Mineiro): equal to
no card of the deck, on no ranking's level, written ``~``."""

Action = PlayCard | Call | Answer | Mazo | Knock | DealChoice | Decision | ThreeChoice
"""Any action of a hand (knocks and deal choices only in Catalan Truc, decisions on 11 in Catalan Truc
and Truco Mineiro, three choices only in Truco Mineiro)."""
_ACTION_CLASSES = (PlayCard, Call, Answer, Mazo, Knock, DealChoice, Decision, ThreeChoice)

_MAX_SEATS = 6
# Interned actions: legal_actions() hands out these shared objects instead of building new ones.
_PLAYS = tuple({card: PlayCard(seat, card) for card in DECK} for seat in range(_MAX_SEATS))
_CALLS = tuple({call: Call(seat, call) for call in CALLS.values()} for seat in range(_MAX_SEATS))
_ANSWERS = tuple((Answer(seat, True), Answer(seat, False)) for seat in range(_MAX_SEATS))
_MAZOS = tuple(Mazo(seat) for seat in range(_MAX_SEATS))


# --- Events and points ----------------------------------------------------------------------------


class EventKind(StrEnum):
    """What happened (the narration log is data; the web layer words it)."""

    CARD_PLAYED = "card_played"
    """``seat`` played ``card`` in trick ``trick`` (0-based)."""
    TRICK_WON = "trick_won"
    """``seat`` (team ``team``) took trick ``trick`` with ``card``."""
    TRICK_PARDA = "trick_parda"
    """Trick ``trick`` was a parda; ``seat`` leads the next trick: the seat that led the tied trick,
    or the next seat still in the hand after it if it went to the mazo."""
    CALL = "call"
    """``seat`` called ``call``."""
    ANSWER = "answer"
    """``seat`` answered ``call`` with quiero (``quiero`` True) or no quiero."""
    ENVIDO_STATED = "envido_stated"
    """``seat`` stated its envido ``value`` in the showdown."""
    SON_BUENAS = "son_buenas"
    """``seat`` said "son buenas" (its number stays hidden)."""
    ENVIDO_WON = "envido_won"
    """``seat`` (team ``team``) won the envido with ``value``."""
    ENVIDO_CANCELLED = "envido_cancelled"
    """The envido calls were cancelled by a flor."""
    FLOR_ANNOUNCED = "flor_announced"
    """``seat`` announced a flor (``auto`` True when the engine announced it, see module notes)."""
    FLOR_STATED = "flor_stated"
    """``seat`` stated its flor ``value`` (when flores of both teams compete)."""
    FLOR_WON = "flor_won"
    """``seat`` (team ``team``) holds the best flor, worth ``value``."""
    MAZO = "mazo"
    """``seat`` (team ``team``) went to the mazo: it leaves the hand, its cards go back unseen. With
    2 players, or when it was the last of its team, TEAM_FOLDED follows."""
    TEAM_FOLDED = "team_folded"
    """Every player of team ``team`` has gone to the mazo: the team gives up the hand and the other
    team scores what the hand is worth (a POINTS event follows)."""
    POINTS = "points"
    """Team ``team`` scored ``points``; ``award_rule`` (an :class:`AwardRule`) says why."""
    HAND_WON = "hand_won"
    """Team ``team`` won the hand on tricks; ``hand_rule`` (a :class:`tricks.HandRule`) says by which rule."""
    CARDS_SHOWN = "cards_shown"
    """At the end of the hand ``seat`` shows ``cards`` (the envido or flor it won with)."""
    HAND_OVER = "hand_over"
    """The hand is over: ``end`` (an :class:`EndKind`) says how, ``team`` took the hand."""
    MATCH_WON = "match_won"
    """Team ``team`` reached the target and won the match."""
    KNOCK = "knock"
    """``seat`` knocked instead of cutting: the dealer may deal one card each (Catalan Truc)."""
    DEAL_CHOSEN = "deal_chosen"
    """After a knock the dealer ``seat`` dealt ``value`` cards to each player (1 or 3)."""
    ELEVEN_PLAYED = "eleven_played"
    """``seat`` decided that its team (``team``, on 11) plays the hand: it is worth ``value``, nobody bets."""
    ELEVEN_REFUSED = "eleven_refused"
    """``seat`` decided that its team (``team``, on 11) does not play the hand: the opponents score 1."""
    THREE_KEPT = "three_kept"
    """The mão ``seat`` kept the three he was given as his hand (Truco Mineiro)."""
    THREE_PASSED = "three_passed"
    """The mão ``seat`` passed the three he was given face down to his partner (Truco Mineiro)."""
    THREE_BURNED = "three_burned"
    """The mão ``seat`` burned ``cards``: face up, out of the hand, known to all (Truco Mineiro)."""
    DUEL_STARTED = "duel_started"
    """A pica-pica round (six players): duel ``value`` (1 to 3) starts between ``seat``, its mano, and
    the opponent opposite (``seat + 3``). Told with the first duel's first action, and for the next
    duels with the action that ended the one before (:mod:`~tutor.engine.pica`)."""
    DUEL_WON = "duel_won"
    """A pica-pica duel (``value``, 1 to 3) was won on tricks by ``seat`` (team ``team``); ``hand_rule``
    says by which rule (in place of the duel's HAND_WON)."""
    DUEL_OVER = "duel_over"
    """Pica-pica duel ``value`` (1 to 3), whose mano is ``seat``, is over: ``end`` says how, ``team``
    took it (in place of the duel's HAND_OVER; the round's own HAND_OVER follows the last duel's)."""


class Event(NamedTuple):
    """One entry of the narration log; unused fields are None (each :class:`EventKind` says which
    fields it sets). The three kinds of rule have a field each, so a reader never has to guess:

    >>> hand = HandState(Rules(), deal="1e,1b,4c|4b,5b,6b")
    >>> for text in ("1e", "4b", "1b", "5b"):
    ...     _ = hand.apply(PlayCard(hand.to_act, Card.parse(text)))
    >>> [(e.kind.value, e.hand_rule or e.award_rule or e.end) for e in hand.events[-3:]]
    [('hand_won', <HandRule.TWO_TRICKS: 'two_tricks'>), ('points', <AwardRule.HAND_WON: 'hand_won'>), ('hand_over', <EndKind.TRICKS: 'tricks'>)]
    """

    kind: EventKind
    seat: int | None = None
    team: int | None = None
    card: Card | None = None
    call: CallName | None = None
    """The call (CALL), the call answered (ANSWER), or the bet refused (POINTS of a declined truco)."""
    quiero: bool | None = None
    value: int | None = None
    points: int | None = None
    award_rule: AwardRule | None = None
    """POINTS: why the points were scored."""
    hand_rule: HandRule | None = None
    """HAND_WON: the trick rule that decided the hand."""
    end: EndKind | None = None
    """HAND_OVER: how the hand ended."""
    trick: int | None = None
    cards: tuple[Card, ...] = ()
    auto: bool = False
    face_down: bool = False
    """CARD_PLAYED: the card was played face down (Truco Mineiro; other seats' views hide ``card``)."""


class AwardRule(StrEnum):
    """Why points were scored."""

    ENVIDO_ACCEPTED = "envido_accepted"
    """The team with the best envido won the accepted calls (``detail``: the stake rule)."""
    ENVIDO_DECLINED = "envido_declined"
    """The envido was declined: the last caller's team scores (``detail``: the stake rule)."""
    FLOR = "flor"
    """The team with the best flor scores 3 for each of its flores."""
    CONTRAFLOR_ACCEPTED = "contraflor_accepted"
    """An accepted contraflor (or al resto): the team with the best flor scores it."""
    CONTRAFLOR_DECLINED = "contraflor_declined"
    """A declined contraflor (or al resto): the last caller's team scores."""
    TRUCO_DECLINED = "truco_declined"
    """A truco call was declined: the caller's team scores the level below and the hand ends."""
    HAND_WON = "hand_won"
    """The hand was won on tricks: its value, 1 or the accepted truco level (``detail``: the trick rule)."""
    MAZO = "mazo"
    """The other team went to the mazo: the hand's value at that moment."""
    MAZO_EARLY = "mazo_early"
    """The other team went to the mazo in the first trick before the envido was played (early-mazo option)."""
    ELEVEN_REFUSED = "eleven_refused"
    """The team on 11 did not play the hand: the other team scores 1 (Catalan Truc, Truco Mineiro)."""


@dataclass(frozen=True, slots=True)
class Award:
    """Points scored in a hand, with the reason."""

    team: int
    """The team that scores."""
    points: int
    """How many points."""
    rule: AwardRule
    """Why."""
    calls: tuple[str, ...] = ()
    """The calls involved (envido, truco or contraflor ladder), in order."""
    accepted: bool | None = None
    """Whether the last of ``calls`` was accepted (None when no call is involved)."""
    detail: StakeRule | HandRule | None = None
    """The finer rule: a :class:`stakes.StakeRule` (envido, truco, contraflor) or a
    :class:`tricks.HandRule` (a hand won on tricks)."""
    seat: int | None = None
    """The seat whose cards won it (envido, flor), when that applies."""


class EndKind(StrEnum):
    """How a hand ended."""

    TRICKS = "tricks"
    """Its winner became certain on tricks."""
    TRUCO_DECLINED = "truco_declined"
    """A truco call was declined."""
    MAZO = "mazo"
    """A team went to the mazo."""
    MATCH_WON = "match_won"
    """A team reached the target during the hand (e.g. through the envido): the rest does not count."""
    ELEVEN_REFUSED = "eleven_refused"
    """The team on 11 did not play the hand (Catalan Truc, Truco Mineiro)."""
    NO_WINNER = "no_winner"
    """Nobody took the hand and nobody scores (Truco Mineiro: three ties, or a real tie in the third
    trick after a truco); ``team`` is None."""


@dataclass(frozen=True, slots=True)
class HandEnd:
    """How the hand ended and who took it."""

    kind: EndKind
    """How it ended."""
    team: int | None
    """The team that took the hand (for MATCH_WON: the match winner); None only for NO_WINNER."""
    rule: HandRule | None = None
    """For TRICKS: the parda rule that decided it."""


# --- Dealing ---------------------------------------------------------------------------------------


def deal(rng: random.Random | int | str | None = None, players: int = 2, mano: int = 0, spare: int = 0) -> Deal:
    """Shuffle the 40 cards and deal three to each seat, one at a time starting with the mano.

    ``rng`` is a :class:`random.Random` (advanced in place) or a seed for a new one. ``spare`` more
    threes follow the seats' hands (Truco Mineiro: the threes the mão is given after a pass or a burn,
    ``Variant.spare_threes``); with 0 the shuffle and the deal are the same as without the argument.

    >>> d = deal(7, players=4)
    >>> len(d), [len(h) for h in d], len({c for h in d for c in h})
    (4, [3, 3, 3, 3], 12)
    >>> deal(7, players=4) == d
    True
    """
    if players not in (2, 4, 6):
        raise InvalidNotationError(NotationReason.BAD_VALUE, f"2, 4 or 6 players, not {players!r}", value=players)
    generator = rng if isinstance(rng, random.Random) else random.Random(rng)
    cards = list(DECK)
    generator.shuffle(cards)
    hands: list[list[Card]] = [[] for _ in range(players)]
    for i in range(3 * players):
        hands[(mano + i) % players].append(cards[i])
    start = 3 * players
    spares = [cards[start + 3 * k : start + 3 * k + 3] for k in range(spare)]
    return tuple(tuple(hand) for hand in (*hands, *spares))


def _read_deal(cards: Sequence[Iterable[Card | str] | str], players: int) -> Deal:
    if isinstance(cards, str):
        cards = cards.split("|")
    hands = tuple(
        cast("tuple[Card, ...]", hand)  # three Cards already (checked on the same line)
        if type(hand) is tuple and len(hand) == 3 and all(type(c) is Card for c in hand)
        else tuple(parse_cards(hand, count=3))
        for hand in cards
    )
    if len(hands) != players:
        raise InvalidNotationError(
            NotationReason.WRONG_COUNT,
            f"{players} players need {players} hands, got {len(hands)}",
            value=len(hands),
            expected=players,
        )
    seen: set[Card] = set()
    for hand in hands:
        for card in hand:
            if card in seen:
                raise InvalidNotationError(
                    NotationReason.DUPLICATE_CARD, f"card {card} dealt twice", value=card.notation
                )
            seen.add(card)
    return hands


@cache
def _next_envido(calls: tuple[EnvidoCall, ...], raisable: bool) -> tuple[EnvidoCall, ...]:
    return next_envido_calls(calls, raisable)


@cache
def _next_flor(calls: tuple[FlorCall, ...]) -> tuple[FlorCall, ...]:
    return next_flor_calls(calls)


# The seats of each team as a bit mask, by number of players.
_TEAM_MASKS = {n: (sum(1 << s for s in range(0, n, 2)), sum(1 << s for s in range(1, n, 2))) for n in (2, 4, 6)}
# Short names for the families and the envido status (the state machine compares them by identity).
_ENVIDO, _TRUCO, _FLOR = CallFamily.ENVIDO, CallFamily.TRUCO, CallFamily.FLOR
_OPEN, _CALLED, _SETTLED, _CANCELLED = (
    EnvidoStatus.OPEN,
    EnvidoStatus.CALLED,
    EnvidoStatus.SETTLED,
    EnvidoStatus.CANCELLED,
)


@dataclass(frozen=True, slots=True)
class PendingCall:
    """An open call waiting for an answer (:attr:`HandState.pending`, :attr:`SeatView.pending`).

    >>> hand = HandState(Rules(), deal="1e,7o,3b|4c,5c,6c")
    >>> _ = hand.apply(Call(0, TrucoCall.TRUCO))
    >>> pending = hand.pending
    >>> pending.family, pending.caller, pending.responder, pending.call.value, pending.phase.value
    (<CallFamily.TRUCO: 'truco'>, 0, 1, 'truco', 'answer_truco')
    """

    family: CallFamily
    """Which family of call is open."""
    caller: int
    """The seat that made the call (after a raise, the raiser)."""
    responder: int
    """The seat that must answer: the next opponent of the caller still in the hand."""
    call: EnvidoCall | BetCall | FlorCall
    """The call to answer (the last of its family's calls)."""

    @property
    def phase(self) -> Phase:
        """The responder's phase (ANSWER_ENVIDO, ANSWER_TRUCO or ANSWER_FLOR)."""
        return _PHASE[self.family]


def _error(reason: Reason, message: str, **details: object) -> IllegalActionError:
    return IllegalActionError(reason, message, **details)


# --- The hand --------------------------------------------------------------------------------------


class HandState:
    """One hand, advanced in place by :meth:`apply`.

    ``deal[seat]`` holds that seat's three cards (notation or Card objects); ``mano`` leads the
    first trick (the dealer sits before it); ``scores`` are the match scores when the hand starts
    (team 0 = even seats, team 1 = odd seats). The state is fully determined by
    ``rules + deal + mano + scores + actions``; :func:`tutor.engine.notation.replay` rebuilds it.
    """

    __slots__ = (
        "rules",
        "deal",
        "mano",
        "start_scores",
        "players",
        "actions",
        "events",
        "awards",
        "end",
        "match_winner",
        "_hands",
        "_plays",
        "_played",
        "_trick",
        "_tricks",
        "_outcomes",
        "_trick_winners",
        "_leader",
        "_turn",
        "_stack",
        "_envido",
        "_envido_calls",
        "_envido_callers",
        "_envido_winner",
        "_ladder",
        "_truco_level",
        "_truco_calls",
        "_truco_callers",
        "_truco_owner",
        "_flor_holder",
        "_flor_announced",
        "_flor_calls",
        "_flor_callers",
        "_flor_answer",
        "_flor_settled",
        "_flor_winners",
        "_scores",
        "_over",
        "_shown",
        "_folded",
    )

    is_pica: ClassVar[bool] = False
    """False: a hand of all the seats (a pica-pica round is :class:`~tutor.engine.pica.PicaPicaHand`)."""

    def __init__(
        self,
        rules: Rules | None = None,
        deal: Sequence[Iterable[Card | str] | str] | None = None,
        mano: int = 0,
        scores: Sequence[int] = (0, 0),
    ) -> None:
        if rules is None:
            rules = Rules()
        elif not isinstance(rules, Rules):
            raise TypeError(f"HandState needs Rules, not {type(rules).__name__} (use find_variant(name).rules())")
        self.rules = rules
        n = rules.players
        self.players = n
        if deal is None:
            raise InvalidNotationError(NotationReason.EMPTY, "a hand needs a deal", value=None)
        self.deal: Deal = _read_deal(deal, n)
        if type(mano) is not int or not 0 <= mano < n:
            raise InvalidNotationError(NotationReason.BAD_VALUE, f"mano {mano!r} is not a seat", value=mano)
        self.mano = mano
        pair = tuple(scores)
        if len(pair) != 2 or any(type(s) is not int or not 0 <= s < rules.target for s in pair):
            raise InvalidNotationError(
                NotationReason.BAD_VALUE,
                f"scores {scores!r} must be two numbers from 0 to {rules.target - 1}",
                value=scores,
            )
        self.start_scores: tuple[int, int] = pair
        self._scores = list(pair)
        self.actions: list[Action] = []
        """Every action applied, in order (the log)."""
        self.events: list[Event] = []
        """The narration log."""
        self.awards: list[Award] = []
        """Points scored in this hand, in order."""
        self.end: HandEnd | None = None
        """How the hand ended (None while it goes on)."""
        self.match_winner: int | None = None
        """The team that reached the target during this hand, if any."""
        self._hands = [list(hand) for hand in self.deal]
        self._plays = [[_PLAYS[seat][card] for card in hand] for seat, hand in enumerate(self.deal)]
        self._played = [False] * n
        self._trick: list[tuple[int, Card]] = []
        self._tricks: list[tuple[tuple[int, Card], ...]] = []
        self._outcomes: list[TrickOutcome] = []
        self._trick_winners: list[int | None] = []
        self._leader = self._turn = mano
        self._stack: list[PendingCall] = []
        self._envido = _OPEN if rules.envido else _CANCELLED
        self._envido_calls: list[EnvidoCall] = []
        self._envido_callers: list[int] = []
        self._envido_winner: int | None = None
        self._truco_level = 0
        self._ladder: Ladder = rules.ladder
        self._truco_calls: list[BetCall] = []
        self._truco_callers: list[int] = []
        self._truco_owner = -1
        if rules.flor is FlorMode.OFF:
            self._flor_holder = (False,) * n
        else:
            self._flor_holder = tuple(h[0].suit is h[1].suit is h[2].suit for h in self.deal)
        self._flor_announced: list[int] = []
        self._flor_calls: list[FlorCall] = []
        self._flor_callers: list[int] = []
        self._flor_answer: bool | None = None
        self._flor_settled = rules.flor is FlorMode.OFF
        self._flor_winners: list[int] = []
        self._over = False
        self._shown: dict[int, tuple[Card, ...]] = {}
        self._folded = 0  # bit s set: seat s went to the mazo

    # --- Reading the state ---------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """True once the hand has ended."""
        return self._over

    @property
    def phase(self) -> Phase:
        """What the seat to act is doing."""
        if self._over:
            return Phase.OVER
        return _PHASE[self._stack[-1].family] if self._stack else Phase.PLAY

    @property
    def to_act(self) -> int | None:
        """The seat that must act now (None when the hand is over)."""
        if self._over:
            return None
        return self._stack[-1].responder if self._stack else self._turn

    @property
    def turn(self) -> int:
        """The seat whose turn it is to play a card (it acts once open calls are answered)."""
        return self._turn

    @property
    def dealer(self) -> int:
        """The dealer: the seat before the mano."""
        return (self.mano - 1) % self.players

    @property
    def scores(self) -> tuple[int, int]:
        """The match scores now: the starting scores plus this hand's points."""
        return self._scores[0], self._scores[1]

    @property
    def points(self) -> tuple[int, int]:
        """The points each team scored in this hand."""
        return self._scores[0] - self.start_scores[0], self._scores[1] - self.start_scores[1]

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """The cards each seat has not played (all seats: not for players' eyes, see :meth:`view_for`).
        A seat that went to the mazo keeps its unplayed cards here, face down: they take no further part."""
        return tuple(tuple(hand) for hand in self._hands)

    @property
    def tricks(self) -> tuple[tuple[tuple[int, Card], ...], ...]:
        """The completed tricks, each as ``(seat, card)`` pairs in playing order."""
        return tuple(self._tricks)

    @property
    def current_trick(self) -> tuple[tuple[int, Card], ...]:
        """The cards played so far in the trick under way."""
        return tuple(self._trick)

    @property
    def trick_outcomes(self) -> tuple[TrickOutcome, ...]:
        """The completed tricks seen from the mano's team (W, L, P)."""
        return tuple(self._outcomes)

    @property
    def trick_winners(self) -> tuple[int | None, ...]:
        """The seat that took each completed trick (None for a parda)."""
        return tuple(self._trick_winners)

    @property
    def truco_level(self) -> int:
        """Accepted truco steps: 0 none, 1 truco, 2 retruco, 3 vale cuatro."""
        return self._truco_level

    @property
    def hand_value(self) -> int:
        """What the hand is worth now: 1, or the accepted truco level's value (2, 3, 4; from the ladder)."""
        return self._ladder.value(self._truco_level)

    @property
    def ladder(self) -> Ladder:
        """The game's truco ladder (calls and values)."""
        return self._ladder

    @property
    def truco_calls(self) -> tuple[tuple[int, BetCall], ...]:
        """The truco calls made, as ``(seat, call)``."""
        return tuple(zip(self._truco_callers, self._truco_calls, strict=True))

    @property
    def envido_calls(self) -> tuple[tuple[int, EnvidoCall], ...]:
        """The envido calls made, as ``(seat, call)``."""
        return tuple(zip(self._envido_callers, self._envido_calls, strict=True))

    @property
    def envido_status(self) -> EnvidoStatus:
        """Where the envido stands: OPEN (may still be called), CALLED, SETTLED, CANCELLED (by flor or
        the rules), or CLOSED (no longer possible: first trick over or truco accepted). A StrEnum, so
        it also compares equal to its text (``"open"``).

        >>> hand = HandState(Rules(), deal="1e,7o,3b|4c,5c,6c")
        >>> hand.envido_status, hand.apply(Call(0, TrucoCall.TRUCO)) and hand.envido_status
        (<EnvidoStatus.OPEN: 'open'>, <EnvidoStatus.OPEN: 'open'>)
        >>> _ = hand.apply(Answer(1, True)); hand.envido_status == "closed"
        True
        """
        status = self._envido
        if status is _OPEN and (self._tricks or self._truco_level):
            return EnvidoStatus.CLOSED
        return status

    @property
    def pending(self) -> PendingCall | None:
        """The open call waiting for an answer, or None (also once the hand is over)."""
        stack = self._stack
        return stack[-1] if stack and not self._over else None

    @property
    def flor_announced(self) -> tuple[int, ...]:
        """The seats that announced a flor, in order."""
        return tuple(self._flor_announced)

    @property
    def folded(self) -> tuple[int, ...]:
        """The seats that went to the mazo, in seat order (with 4 and 6 players their partners play on).

        >>> hand = HandState(Rules(players=6), deal=deal(3, 6))
        >>> _ = hand.apply(Mazo(0)); _ = hand.apply(Mazo(1))
        >>> hand.folded, hand.in_hand(2), hand.to_act, hand.is_over
        ((0, 1), True, 2, False)
        """
        mask = self._folded
        return tuple(seat for seat in range(self.players) if mask >> seat & 1)

    def in_hand(self, seat: int) -> bool:
        """True while ``seat`` has not gone to the mazo."""
        return not self._folded >> seat & 1

    @property
    def shown(self) -> dict[int, tuple[Card, ...]]:
        """Cards shown at the end of the hand (the envido and flor winners), by seat."""
        return dict(self._shown)

    def team(self, seat: int) -> int:
        """The team of ``seat``: 0 for even seats, 1 for odd seats."""
        return seat & 1

    def envido_of(self, seat: int) -> EnvidoResult:
        """The envido of ``seat``'s three dealt cards, with its explanation."""
        return envido(self.deal[seat])

    # --- Legal actions ---------------------------------------------------------------------------

    def _owes_flor(self, seat: int) -> bool:
        return (
            self._flor_holder[seat]
            and not self._played[seat]
            and not self._flor_settled
            and seat not in self._flor_announced
            and not self._folded >> seat & 1
        )

    def _rival_flor(self, seat: int) -> bool:
        team = seat & 1
        return any(s & 1 != team for s in self._flor_announced)

    def _envido_may_open(self, seat: int) -> bool:
        return self._envido is _OPEN and self._truco_level == 0 and not self._tricks and not self._played[seat]

    def legal_actions(self) -> list[Action]:
        """Every action :meth:`apply` accepts now, all from the seat :attr:`to_act`.

        Order: cards in hand (in its turn) or quiero and no quiero (when answering), then calls, then
        the mazo.
        """
        if self._over:
            return []
        stack = self._stack
        seat = stack[-1].responder if stack else self._turn
        calls = _CALLS[seat]
        if self._owes_flor(seat):
            result: list[Action] = [calls[FLOR]]
            if self.rules.flor is FlorMode.CONTRAFLOR and not self._flor_calls and self._rival_flor(seat):
                result.extend(calls[c] for c in FlorCall)
            result.append(_MAZOS[seat])
            return result
        if not stack:
            result = list(self._plays[seat])
            if self._envido_may_open(seat):
                result.extend(calls[c] for c in _next_envido((), self.rules.envido_raisable))
            level = self._truco_level
            ladder = self._ladder
            if level < ladder.top and (level == 0 or self._truco_owner == seat & 1):
                result.append(calls[ladder.calls[level]])
            result.append(_MAZOS[seat])
            return result
        top = stack[-1]
        answers = _ANSWERS[seat]
        result = [answers[0], answers[1]]
        family = top.family
        if family is _ENVIDO:
            result.extend(calls[c] for c in _next_envido(tuple(self._envido_calls), self.rules.envido_raisable))
        elif family is _TRUCO:
            pending = len(self._truco_calls)
            ladder = self._ladder
            if pending < ladder.top:
                result.append(calls[ladder.calls[pending]])
            if self._envido_may_open(seat):
                result.extend(calls[c] for c in _next_envido((), self.rules.envido_raisable))
        else:
            result.extend(calls[c] for c in _next_flor(tuple(self._flor_calls)))
        result.append(_MAZOS[seat])
        return result

    # --- Verify / can / do -----------------------------------------------------------------------

    def _check(self, action: object) -> IllegalActionError | None:
        """The reason ``action`` is illegal now, or None."""
        if self._over:
            if self.match_winner is not None:
                return _error(Reason.MATCH_OVER, "the match is over")
            return _error(Reason.HAND_OVER, "the hand is over")
        if not isinstance(action, _ACTION_CLASSES):
            return _error(Reason.UNKNOWN_ACTION, f"not an action: {action!r}", value=repr(action))
        seat = action.seat
        stack = self._stack
        actor = stack[-1].responder if stack else self._turn
        if seat != actor:
            if stack:
                return _error(
                    Reason.ANSWER_PENDING,
                    f"seat {seat} cannot act: seat {actor} must answer first",
                    seat=seat,
                    to_act=actor,
                )
            return _error(
                Reason.NOT_YOUR_TURN, f"seat {seat} cannot act: it is seat {actor}'s turn", seat=seat, to_act=actor
            )
        match action:
            case Mazo():
                return None
            case Knock() | DealChoice() | Decision() | ThreeChoice():
                return _error(Reason.NOT_IN_GAME, f"{action} is not an action of {self.rules.variant}")
            case Call(call=call):
                if call is FLOR:
                    return self._check_flor(seat)
                if isinstance(call, FlorCall):
                    return self._check_contraflor(seat, call)
                if self._owes_flor(seat):
                    # A truco call the ladder refuses anyway (Retruco when nothing was called) is
                    # refused for that, not for the flor still owed (docs/rules/decisions.md, "Flor").
                    if isinstance(call, TrucoCall):
                        ladder = self._check_truco(seat, call)
                        if ladder is not None and ladder.reason in _LADDER_REASONS:
                            return ladder
                    return _error(Reason.FLOR_MUST_BE_ANNOUNCED, "announce the flor first", seat=seat)
                if isinstance(call, EnvidoCall):
                    return self._check_envido(seat, call)
                if isinstance(call, _BET_CLASSES):
                    return self._check_truco(seat, call)
                return _error(Reason.UNKNOWN_ACTION, f"unknown call {call!r}", value=repr(call))
            case Answer():
                if self._owes_flor(seat):
                    return _error(Reason.FLOR_MUST_BE_ANNOUNCED, "announce the flor first", seat=seat)
                if not stack:
                    return _error(Reason.NOTHING_TO_ANSWER, "no call is waiting for an answer")
                return None
            case PlayCard(card=card):
                if self._owes_flor(seat):
                    return _error(Reason.FLOR_MUST_BE_ANNOUNCED, "announce the flor first", seat=seat)
                if stack:
                    return _error(Reason.ANSWER_PENDING, "answer the open call first", seat=seat)
                if card not in self._hands[seat]:
                    return _error(Reason.CARD_NOT_IN_HAND, f"seat {seat} does not hold {card}", card=str(card))
                return None

    def _check_envido(self, seat: int, call: EnvidoCall) -> IllegalActionError | None:
        if not self.rules.envido:
            return _error(Reason.ENVIDO_NOT_IN_RULES, "this ruleset has no envido")
        stack = self._stack
        top = stack[-1].family if stack else None
        if top is _ENVIDO:
            try:
                check_envido_ladder((*self._envido_calls, call), raisable=self.rules.envido_raisable)
            except IllegalActionError as error:
                return error
            return None
        if top is _FLOR:
            return _error(Reason.ANSWER_PENDING, "answer the contraflor first")
        status = self._envido
        if status is _CANCELLED:
            return _error(Reason.ENVIDO_CANCELLED_BY_FLOR, "a flor cancelled the envido in this hand")
        if status is not _OPEN:
            return _error(Reason.ENVIDO_ALREADY_PLAYED, "the envido is played at most once a hand")
        if self._truco_level:
            return _error(Reason.ENVIDO_CLOSED_BY_TRUCO, "an accepted truco closed the envido")
        if self._tricks:
            return _error(Reason.ENVIDO_AFTER_FIRST_TRICK, "the envido is only called in the first trick")
        if self._played[seat]:
            return _error(Reason.ENVIDO_AFTER_FIRST_CARD, "the envido is called before one's own first card")
        return None

    def _check_truco(self, seat: int, call: BetCall) -> IllegalActionError | None:
        ladder = self._ladder
        top = ladder.top
        stack = self._stack
        if stack:
            if stack[-1].family is not _TRUCO:
                return _error(Reason.ANSWER_PENDING, "answer the open call first")
            step = len(self._truco_calls)  # the pending call is accepted by the raise
        else:
            step = self._truco_level
            if step >= top:
                return _error(Reason.TRUCO_ALREADY_MAX, f"nothing above {ladder.calls[-1]}", top=ladder.calls[-1].value)
            if step and self._truco_owner != seat & 1:
                return _error(
                    Reason.TRUCO_ONLY_ACCEPTING_TEAM,
                    "only the team that accepted the last bet may raise",
                    team=seat & 1,
                )
        if step >= top:
            return _error(Reason.TRUCO_ALREADY_MAX, f"nothing above {ladder.calls[-1]}", top=ladder.calls[-1].value)
        if call is not ladder.calls[step]:
            return _error(
                Reason.TRUCO_OUT_OF_ORDER,
                f"the next truco call is {ladder.calls[step]}, not {call}",
                expected=ladder.calls[step].value,
            )
        return None

    def _check_flor(self, seat: int) -> IllegalActionError | None:
        if self.rules.flor is FlorMode.OFF:
            return _error(Reason.FLOR_NOT_IN_RULES, "this ruleset has no flor")
        if seat in self._flor_announced:
            return _error(Reason.FLOR_ALREADY_ANNOUNCED, "this flor was already announced")
        if not self._flor_holder[seat]:
            return _error(Reason.NO_FLOR, "a flor needs three cards of one suit")
        if self._played[seat] or self._flor_settled:
            return _error(Reason.FLOR_TOO_LATE, "a flor is announced before one's own first card")
        return None

    def _check_contraflor(self, seat: int, call: FlorCall) -> IllegalActionError | None:
        if self.rules.flor is not FlorMode.CONTRAFLOR:
            return _error(Reason.FLOR_NOT_IN_RULES, "this ruleset has no contraflor")
        stack = self._stack
        if stack and stack[-1].family is _FLOR:
            if self._owes_flor(seat):
                return _error(Reason.FLOR_MUST_BE_ANNOUNCED, "announce the flor first", seat=seat)
            if call not in _next_flor(tuple(self._flor_calls)):
                return _error(Reason.FLOR_LADDER_BACKWARDS, "contraflor al resto is the last raise")
            return None
        error = self._check_flor(seat)
        if error is not None:
            return error
        if not self._rival_flor(seat):
            return _error(Reason.NO_RIVAL_FLOR, "a contraflor answers a flor of the other team")
        if self._flor_calls:
            return _error(Reason.FLOR_LADDER_BACKWARDS, "the flores were already raised in this hand")
        return None

    def verify(self, action: Action) -> None:
        """Raise :class:`IllegalActionError` (with a :class:`Reason`) if ``action`` is illegal now."""
        error = self._check(action)
        if error is not None:
            raise error

    def can_apply(self, action: Action) -> bool:
        """True when :meth:`apply` would accept ``action``."""
        return self._check(action) is None

    def apply(self, action: Action) -> Action:
        """Check and apply ``action``; return it. Raises :class:`IllegalActionError` if illegal."""
        error = self._check(action)
        if error is not None:
            raise error
        self.actions.append(action)
        self._do(action)
        return action

    def when_play_began(self) -> HandState | None:
        """The hand as it stood when play began: the hand dealt again and replayed to the end of the
        phase before play (:attr:`Phase.DEAL`: Truco Mineiro's keep, pass or burn by the mão, which
        gives the others their cards); the new hand itself in a game without that phase. None while
        the hand is still in it.

        >>> from tutor.engine import Rules
        >>> hand = Rules().new_hand("1e,7o,3b|4c,5c,6c")
        >>> hand.when_play_began().hands == hand.hands
        True
        """
        start = self.rules.new_hand(self.deal, self.mano, self.start_scores)
        for action in self.actions:
            if start.phase is not Phase.DEAL:
                break
            start.apply(action)
        return None if start.phase is Phase.DEAL else start

    def _do(self, action: Action) -> None:
        """Apply a checked action (a variant's state class extends it with its own actions)."""
        match action:
            case PlayCard(seat=seat, card=card):
                self._do_play(seat, card)
            case Call(seat=seat, call=EnvidoCall() as call):
                self._do_envido(seat, call)
            case Call(seat=seat, call=TrucoCall() | TrucCall() | MineiroCall() as call):
                self._do_truco(seat, call)
            case Call(seat=seat, call=FlorCall() | FlorAnnouncement() as call):
                self._do_flor(seat, call)
            case Answer(seat=seat, quiero=quiero):
                self._do_answer(seat, quiero)
            case Mazo(seat=seat):
                self._do_mazo(seat)

    # --- Doing -----------------------------------------------------------------------------------

    def _emit(self, kind: EventKind, **fields: object) -> None:
        # The fields are the Event's keywords, each of its own type: not expressible as one annotation.
        self.events.append(Event(kind, **fields))  # type: ignore[arg-type]

    def _award(self, team: int, points: int, rule: AwardRule, **fields: object) -> bool:
        """Score points; True when that ends the match (the hand then ends at once)."""
        # The fields are the Award's optional keywords, each of its own type (see _emit).
        self.awards.append(Award(team, points, rule, **fields))  # type: ignore[arg-type]
        self._scores[team] += points
        # A declined bet names the call that was refused (the narration says "Truc not accepted" in Catalan).
        refused = self._truco_calls[-1] if rule is AwardRule.TRUCO_DECLINED and self._truco_calls else None
        self.events.append(Event(EventKind.POINTS, team=team, points=points, award_rule=rule, call=refused))
        if self._scores[team] >= self.rules.target:
            self.match_winner = team
            self._finish(HandEnd(EndKind.MATCH_WON, team))
            self._emit(EventKind.MATCH_WON, team=team)
            return True
        return False

    def _finish(self, end: HandEnd) -> None:
        self._over = True
        self.end = end
        self._stack.clear()
        shown = self._shown
        if self._envido_winner is not None:
            seat = self._envido_winner
            result = envido(self.deal[seat])
            shown[seat] = result.counted if len(result.counted) == 2 else self.deal[seat]
        for seat in self._flor_winners:
            shown[seat] = self.deal[seat]
        for seat in sorted(shown):
            self._emit(EventKind.CARDS_SHOWN, seat=seat, cards=shown[seat])
        self._emit(EventKind.HAND_OVER, team=end.team, end=end.kind)

    def _end_hand(self, team: int, points: int, rule: AwardRule, end: HandEnd, **fields: object) -> None:
        """Settle what is still open (the flor), then score the hand and finish it."""
        if not self._flor_settled and self._settle_flor():
            return
        if self._award(team, points, rule, **fields):
            return
        self._finish(end)

    def _do_play(self, seat: int, card: Card) -> None:
        hand = self._hands[seat]
        index = hand.index(card)
        del hand[index]
        del self._plays[seat][index]
        self._played[seat] = True
        trick = self._trick
        trick.append((seat, card))
        self.events.append(Event(EventKind.CARD_PLAYED, seat=seat, team=seat & 1, card=card, trick=len(self._tricks)))
        if self._folded:
            if not self._trick_complete():
                self._turn = self._next_in_hand(seat)
                return
        elif len(trick) < self.players:
            self._turn = (seat + 1) % self.players
            return
        self._close_trick()

    def _trick_complete(self) -> bool:
        """True when every seat still in the hand has played in the trick under way (cards of seats
        that went to the mazo after playing stay in it)."""
        played = self._folded
        for seat, _ in self._trick:
            played |= 1 << seat
        return played == (1 << self.players) - 1

    def _next_in_hand(self, seat: int) -> int:
        """The next seat after ``seat`` (to its right) that has not gone to the mazo."""
        n = self.players
        folded = self._folded
        seat = (seat + 1) % n
        while folded >> seat & 1:
            seat = (seat + 1) % n
        return seat

    def _next_opponent(self, seat: int) -> int:
        """The next seat after ``seat`` that is an opponent still in the hand (it answers a call)."""
        n = self.players
        folded = self._folded
        other = (seat + 1) % n  # seats alternate teams: seat + 1, + 3, + 5 are the opponents
        while folded >> other & 1:
            other = (other + 2) % n
        return other

    def _close_trick(self) -> None:
        """Score the complete trick under way; settle the flor after the first; end a decided hand."""
        trick = self._trick
        index = len(self._tricks)
        result = self._trick_result(trick)
        mano_team = self.mano & 1
        winner = result.winner  # None exactly for a parda
        if winner is None:
            leader = trick[0][0]
            if self._folded >> leader & 1:
                leader = self._next_in_hand(leader)
            self._outcomes.append(TrickOutcome.PARDA)
            self._trick_winners.append(None)
            self._emit(EventKind.TRICK_PARDA, seat=leader, trick=index)
        else:
            leader, winning_card = trick[winner]
            self._outcomes.append(TrickOutcome.WON if result.winning_team == mano_team else TrickOutcome.LOST)
            self._trick_winners.append(leader)
            self._emit(EventKind.TRICK_WON, seat=leader, team=leader & 1, card=winning_card, trick=index)
        self._tricks.append(tuple(trick))
        self._trick = []
        if index == 0 and not self._flor_settled and self._settle_flor():
            return
        if self._folded >> leader & 1:  # the winner went to the mazo after playing: the next seat leads
            leader = self._next_in_hand(leader)
        outcome = self._hand_result()
        if outcome.decided:
            team = mano_team if outcome.winner is Side.MANO else 1 - mano_team
            self._emit(EventKind.HAND_WON, team=team, hand_rule=outcome.rule)
            self._end_hand(
                team,
                self.hand_value,
                AwardRule.HAND_WON,
                HandEnd(EndKind.TRICKS, team, outcome.rule),
                calls=tuple(c.value for c in self._truco_calls[: self._truco_level]),
                accepted=True if self._truco_level else None,
                detail=outcome.rule,
            )
            return
        self._leader = self._turn = leader

    # Variant hooks: a ruleset with other trick or parda rules overrides these two (docs/rules/decisions.md).

    def _trick_result(self, trick: list[tuple[int, Card]]) -> TrickResult:
        """The result of a complete trick (docs/rules §3, ``tricks.trick_result``)."""
        return trick_result([c for _, c in trick], [s & 1 for s, _ in trick], self.rules.ranking_table)

    def _hand_result(self) -> HandResult:
        """Who wins the hand after the tricks so far (docs/rules §3.4, ``tricks.hand_result``)."""
        return hand_result(self._outcomes)

    def _push(self, family: CallFamily, caller: int, call: EnvidoCall | BetCall | FlorCall) -> None:
        self._stack.append(PendingCall(family, caller, self._next_opponent(caller), call))

    def _do_envido(self, seat: int, call: EnvidoCall) -> None:
        self._emit(EventKind.CALL, seat=seat, team=seat & 1, call=call)
        self._envido_calls.append(call)
        self._envido_callers.append(seat)
        stack = self._stack
        if stack and stack[-1].family is _ENVIDO:  # a raise: the next opponent answers it
            stack[-1] = PendingCall(_ENVIDO, seat, self._next_opponent(seat), call)
            return
        self._envido = _CALLED
        if not self._flor_settled:
            owing = [s for s in self._speaking_order() if self._owes_flor(s)]
            if owing:  # a flor that was not announced yet is announced now and cancels the envido
                for s in owing:
                    self._announce_flor(s, automatic=True)
                return
        self._push(_ENVIDO, seat, call)

    def _do_truco(self, seat: int, call: BetCall) -> None:
        stack = self._stack
        if stack:  # "quiero retruco": accept the open call and raise it
            self._emit(EventKind.ANSWER, seat=seat, team=seat & 1, call=self._truco_calls[-1], quiero=True)
            self._truco_level = len(self._truco_calls)
            self._truco_owner = seat & 1
            stack.pop()
        self._emit(EventKind.CALL, seat=seat, team=seat & 1, call=call)
        self._truco_calls.append(call)
        self._truco_callers.append(seat)
        self._push(_TRUCO, seat, call)

    def _do_flor(self, seat: int, call: FlorAnnouncement | FlorCall) -> None:
        stack = self._stack
        if call is FLOR:
            self._announce_flor(seat)
            return
        if stack and stack[-1].family is _FLOR:  # contraflor al resto as the answer to a contraflor
            self._emit(EventKind.ANSWER, seat=seat, team=seat & 1, call=self._flor_calls[-1], quiero=True)
            stack[-1] = PendingCall(_FLOR, seat, self._next_opponent(seat), call)
        else:  # a flor announced against the other team's flor, raised at once
            self._announce_flor(seat)
            self._push(_FLOR, seat, call)
        self._emit(EventKind.CALL, seat=seat, team=seat & 1, call=call)
        self._flor_calls.append(call)
        self._flor_callers.append(seat)

    def _announce_flor(self, seat: int, automatic: bool = False) -> None:
        self._flor_announced.append(seat)
        self._emit(EventKind.FLOR_ANNOUNCED, seat=seat, team=seat & 1, auto=automatic)
        if self._envido is _OPEN or self._envido is _CALLED:
            if self._envido is _CALLED:
                self._emit(EventKind.ENVIDO_CANCELLED)
            self._envido = _CANCELLED
            stack = self._stack
            if stack and stack[-1].family is _ENVIDO:
                stack.pop()

    def _do_answer(self, seat: int, quiero: bool) -> None:
        stack = self._stack
        top = stack[-1]
        family = top.family
        if family is _ENVIDO:
            self._emit(EventKind.ANSWER, seat=seat, team=seat & 1, call=self._envido_calls[-1], quiero=quiero)
            stack.pop()
            if quiero:
                self._settle_envido()
            else:
                self._decline_envido()
        elif family is _TRUCO:
            self._emit(EventKind.ANSWER, seat=seat, team=seat & 1, call=self._truco_calls[-1], quiero=quiero)
            stack.pop()
            if quiero:
                self._truco_level = len(self._truco_calls)
                self._truco_owner = seat & 1
            else:
                team = top.caller & 1
                self._end_hand(
                    team,
                    self._ladder.declined(len(self._truco_calls)),
                    AwardRule.TRUCO_DECLINED,
                    HandEnd(EndKind.TRUCO_DECLINED, team),
                    calls=tuple(c.value for c in self._truco_calls),
                    accepted=False,
                    detail=StakeRule.TRUCO_LEVEL,
                )
        else:
            self._emit(EventKind.ANSWER, seat=seat, team=seat & 1, call=self._flor_calls[-1], quiero=quiero)
            stack.pop()
            self._flor_answer = quiero

    def _settle_envido(self) -> None:
        self._envido = _SETTLED
        values = [envido_points(hand) for hand in self.deal]
        result = showdown(values, self.mano, self.folded)
        for statement in result.statements:
            action = statement.action.value
            if action == "states":
                self._emit(EventKind.ENVIDO_STATED, seat=statement.seat, team=statement.team, value=statement.value)
            elif action == "son_buenas":
                self._emit(EventKind.SON_BUENAS, seat=statement.seat, team=statement.team)
        self._envido_winner = winner = result.winner
        self._emit(EventKind.ENVIDO_WON, seat=winner, team=result.team, value=values[winner])
        rules = self.rules
        stake = envido_stake(
            self._envido_calls,
            scores=self.scores,
            target=rules.target,
            falta_mode=rules.falta_mode,
            raisable=rules.envido_raisable,
        )
        self._award(
            result.team,
            stake.accepted_for(result.team),
            AwardRule.ENVIDO_ACCEPTED,
            calls=tuple(c.value for c in self._envido_calls),
            accepted=True,
            detail=stake.accepted_rule,
            seat=winner,
        )

    def _decline_envido(self) -> bool:
        self._envido = _SETTLED
        rules = self.rules
        stake = envido_stake(
            self._envido_calls,
            scores=self.scores,
            target=rules.target,
            falta_mode=rules.falta_mode,
            raisable=rules.envido_raisable,
        )
        team = self._envido_callers[-1] & 1
        return self._award(
            team,
            stake.declined,
            AwardRule.ENVIDO_DECLINED,
            calls=tuple(c.value for c in self._envido_calls),
            accepted=False,
            detail=stake.declined_rule,
        )

    def _do_mazo(self, seat: int) -> None:
        team = seat & 1
        self._emit(EventKind.MAZO, seat=seat, team=team)
        self._folded |= 1 << seat  # its cards stay unseen and take no further part
        stack = self._stack
        # An open envido or contraflor is settled first: going to the mazo declines it for the team.
        # An open truco stays open: a partner still in the hand answers it (see below).
        if stack:
            family = stack[-1].family
            if family is _ENVIDO:
                stack.pop()
                self._emit(EventKind.ANSWER, seat=seat, team=team, call=self._envido_calls[-1], quiero=False)
                if self._decline_envido():
                    return
            elif family is _FLOR:
                stack.pop()
                self._emit(EventKind.ANSWER, seat=seat, team=team, call=self._flor_calls[-1], quiero=False)
                self._flor_answer = False
        mask = _TEAM_MASKS[self.players][team]
        if self._folded & mask == mask:
            self._team_folded(team)
            return
        # Partners play on: an open call passes to the next opponent of its caller still in the hand,
        # and the turn to the next seat still in the hand (which may complete the trick).
        for index, pending in enumerate(stack):
            if self._folded >> pending.responder & 1:
                stack[index] = PendingCall(
                    pending.family, pending.caller, self._next_opponent(pending.caller), pending.call
                )
        if self._folded >> self._turn & 1:
            if self._trick and self._trick_complete():
                self._close_trick()
            else:
                self._turn = self._next_in_hand(self._turn)

    def _team_folded(self, team: int) -> None:
        """Every player of ``team`` went to the mazo: the other team scores the hand's value now."""
        other = 1 - team
        self._emit(EventKind.TEAM_FOLDED, team=team)
        level = self._truco_level
        envido_played = self._envido is not _OPEN or bool(self._flor_announced)
        first_trick = not self._tricks
        value = self._ladder.value(level)
        # The early-mazo option (docs/rules §4.3): one point more for folding in the first trick
        # before the envido was played, with no truco accepted (as ``stakes.mazo_award``).
        early = self.rules.early_mazo and first_trick and not envido_played and level == 0
        points = value + 1 if early else value
        rule = AwardRule.MAZO_EARLY if early else AwardRule.MAZO
        self._end_hand(
            other,
            points,
            rule,
            HandEnd(EndKind.MAZO, other),
            calls=tuple(c.value for c in self._truco_calls[:level]),
            accepted=True if level else None,
        )

    def _speaking_order(self) -> list[int]:
        n = self.players
        return [(self.mano + i) % n for i in range(n)]

    def _settle_flor(self) -> bool:
        """Score the flores (at the end of the first trick, or when the hand ends before it).

        Flores not announced yet are announced now, except those of seats that went to the mazo
        (their cards go back unseen). Returns True when the points end the match.
        """
        self._flor_settled = True
        order = self._speaking_order()
        for seat in order:
            if (
                self._flor_holder[seat]
                and seat not in self._flor_announced
                and not self._played[seat]
                and not self._folded >> seat & 1
            ):
                self._announce_flor(seat, automatic=True)
        announced = self._flor_announced
        if not announced:
            return False
        values = {seat: flor_points(self.deal[seat]) for seat in announced}
        teams = {seat & 1 for seat in announced}
        contested = len(teams) == 2
        if contested:
            for seat in order:
                if seat in values:
                    self._emit(EventKind.FLOR_STATED, seat=seat, team=seat & 1, value=values[seat])
        # Best flor: the highest value; ties go to the seat nearer the mano.
        best = max((seat for seat in order if seat in values), key=lambda s: (values[s], -order.index(s)))
        team = best & 1
        calls = tuple(c.value for c in self._flor_calls)
        if self._flor_calls:
            stake = flor_stake(self._flor_calls, scores=self.scores, target=self.rules.target, flores=len(announced))
            if self._flor_answer is False:
                caller_team = self._flor_callers[-1] & 1
                return self._award(
                    caller_team,
                    stake.declined,
                    AwardRule.CONTRAFLOR_DECLINED,
                    calls=calls,
                    accepted=False,
                )
            self._flor_winners = [best]
            self._emit(EventKind.FLOR_WON, seat=best, team=team, value=values[best])
            return self._award(
                team,
                stake.accepted,
                AwardRule.CONTRAFLOR_ACCEPTED,
                calls=calls,
                accepted=True,
                detail=stake.accepted_rule,
                seat=best,
            )
        own = [seat for seat in announced if seat & 1 == team]
        self._flor_winners = sorted(own)
        self._emit(EventKind.FLOR_WON, seat=best, team=team, value=values[best])
        return self._award(team, simple_flor_points(len(own)), AwardRule.FLOR, seat=best)

    # --- Copying ---------------------------------------------------------------------------------

    _LIST_SLOTS = (
        "actions",
        "events",
        "awards",
        "_played",
        "_trick",
        "_tricks",
        "_outcomes",
        "_trick_winners",
        "_envido_calls",
        "_envido_callers",
        "_truco_calls",
        "_truco_callers",
        "_flor_announced",
        "_flor_calls",
        "_flor_callers",
        "_flor_winners",
        "_scores",
        "_stack",
    )

    @classmethod
    @cache
    def _all_slots(cls) -> tuple[str, ...]:
        """The slots of this class and its bases (a variant's state class adds its own)."""
        return tuple(name for klass in cls.__mro__ for name in getattr(klass, "__slots__", ()))

    def clone(self) -> HandState:
        """An independent copy: applying actions to it leaves this state unchanged (bots use it to
        look ahead). Equal to this state, and much cheaper than a replay.

        >>> hand = HandState(Rules(), deal=["1e 7o 3b", "4c 5c 6c"], mano=0)
        >>> copy = hand.clone()
        >>> _ = copy.apply(Call(0, TrucoCall.TRUCO))
        >>> copy == hand, len(hand.actions), len(copy.actions)
        (False, 0, 1)
        """
        cls = type(self)
        new = cls.__new__(cls)
        for name in cls._all_slots():
            setattr(new, name, getattr(self, name))
        for name in self._LIST_SLOTS:
            setattr(new, name, list(getattr(self, name)))
        new._hands = [list(hand) for hand in self._hands]
        new._plays = [list(plays) for plays in self._plays]
        new._shown = dict(self._shown)
        return new

    # --- Views and comparison --------------------------------------------------------------------

    def view_for(self, seat: int) -> SeatView:
        """What ``seat`` may see: its own cards, the table, the calls, the scores, its legal actions.

        The view is a separate object with no reference to this state; other seats' hidden cards
        are not in it (cards shown at the end of the hand are).
        """
        if type(seat) is not int or not 0 <= seat < self.players:
            raise InvalidNotationError(NotationReason.BAD_VALUE, f"no seat {seat!r}", value=seat)
        return SeatView(
            seat=seat,
            team=seat & 1,
            players=self.players,
            rules=self.rules,
            mano=self.mano,
            dealer=self.dealer,
            phase=self.phase,
            to_act=self.to_act,
            turn=self._turn,
            hand=tuple(self._hands[seat]),
            dealt=self.deal[seat],
            envido=envido(self.deal[seat]).points,
            has_flor=self._flor_holder[seat],
            tricks=self.tricks,
            current_trick=self.current_trick,
            trick_outcomes=self.trick_outcomes,
            trick_winners=self.trick_winners,
            cards_left=tuple(len(hand) for hand in self._hands),
            folded=self.folded,
            scores=self.scores,
            points=self.points,
            target=self.rules.target,
            truco_level=self._truco_level,
            hand_value=self.hand_value,
            truco_calls=self.truco_calls,
            envido_calls=self.envido_calls,
            envido_status=self.envido_status,
            flor_announced=self.flor_announced,
            pending=self.pending,
            actions=tuple(self.actions),
            events=tuple(self.events),
            awards=tuple(self.awards),
            shown=self.shown if self._over else {},
            is_over=self._over,
            end=self.end,
            match_winner=self.match_winner,
            legal_actions=tuple(a for a in self.legal_actions() if a.seat == seat),
        )

    def _key(self) -> tuple[object, ...]:
        return (
            self.rules,
            self.deal,
            self.mano,
            self.start_scores,
            tuple(self.actions),
            tuple(self.events),
            tuple(self.awards),
            self.end,
            self.match_winner,
            self.hands,
            self.tricks,
            self.current_trick,
            tuple(self._outcomes),
            self._turn,
            self.to_act,
            self.phase,
            tuple(self._scores),
            self.envido_calls,
            self.truco_calls,
            self._truco_level,
            self._truco_owner,
            self.flor_announced,
            tuple(self._flor_calls),
            self._flor_answer,
            tuple(sorted(self._shown.items())),
            self._folded,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandState):
            return NotImplemented
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]  # mutable: unhashable, as a class with __eq__ is by default

    def __repr__(self) -> str:
        return (
            f"<HandState {self.rules.variant} {self.players}p mano={self.mano} phase={self.phase.value} "
            f"to_act={self.to_act} scores={self.scores} actions={len(self.actions)}>"
        )


@dataclass(frozen=True)
class SeatView:
    """What one seat may see of a hand (built by :meth:`HandState.view_for`)."""

    seat: int
    team: int
    players: int
    rules: Rules
    mano: int
    dealer: int
    phase: Phase
    to_act: int | None
    turn: int
    hand: tuple[Card, ...]
    """This seat's cards still in hand."""
    dealt: tuple[Card, ...]
    """This seat's three cards as dealt."""
    envido: int
    """This seat's own envido value."""
    has_flor: bool
    """True when this seat holds a flor and flor is played."""
    tricks: tuple[tuple[tuple[int, Card], ...], ...]
    current_trick: tuple[tuple[int, Card], ...]
    trick_outcomes: tuple[TrickOutcome, ...]
    trick_winners: tuple[int | None, ...]
    cards_left: tuple[int, ...]
    """How many cards each seat has not played (a seat that went to the mazo keeps them face down)."""
    folded: tuple[int, ...]
    """The seats that went to the mazo (they take no further part in the hand)."""
    scores: tuple[int, int]
    points: tuple[int, int]
    target: int
    truco_level: int
    hand_value: int
    truco_calls: tuple[tuple[int, BetCall], ...]
    envido_calls: tuple[tuple[int, EnvidoCall], ...]
    envido_status: EnvidoStatus
    flor_announced: tuple[int, ...]
    pending: PendingCall | None
    """The open call (family, caller, responder, call; ``.phase``), or None."""
    actions: tuple[Action, ...]
    """Every action of the hand so far, in order (all of them are public at a Truco table)."""
    events: tuple[Event, ...]
    awards: tuple[Award, ...]
    shown: dict[int, tuple[Card, ...]]
    """Cards shown at the end of the hand (empty while it goes on)."""
    is_over: bool
    end: HandEnd | None
    match_winner: int | None
    legal_actions: tuple[Action, ...]
    """This seat's legal actions (empty when it is not to act)."""
    burned: tuple[Card, ...] = ()
    """Cards burned before the hand, known to all (Truco Mineiro)."""
    partner_hand: tuple[Card, ...] = ()
    """The partner's unplayed cards this seat knows (Truco Mineiro: the mão de onze, the mão's pass)."""

    @property
    def my_turn(self) -> bool:
        """True when this seat must act now."""
        return self.to_act == self.seat
