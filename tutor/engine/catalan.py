"""Catalan Truc as a hand state: docs/rules/catalan.md is the rule text this follows.

:class:`CatalanHand` is the state class of the ``catalan`` preset (``find_variant("catalan")``, whose
:meth:`~tutor.engine.rules.Variant.new_hand` builds it). What it changes in :class:`HandState`:

* no envido, no flor (the preset locks them off) and no going to the mazo;
* the ranking 3 > 2 > 1 > 12 > 11 > 10 > 7 > 6 > 5 > 4 (``ranking.CATALAN``) and the ladder truc 2,
  retruc 3 (``ladders.CATALAN_TRUC``), refused: 1 or 2;
* a bet in one's own turn **before or after** one's card: after playing, the seat may still bet as
  long as nobody has acted since; a bet does not stop the play: while it waits for its answer the seat
  to play may still play its card, and the answering seat, once it is the one to play, accepts by
  playing a card without a word (the ANSWER event then has ``auto`` True); a bet still unanswered
  when the hand ends counts for nothing;
* the decision on 11 (``play11`` / ``run11``) and both teams on 11 (no bets);
* the knock (``knock``, by the dealer's left neighbour, as the hand's first action) and then the
  dealer's choice ``deal1`` / ``deal3``; a one-card hand is one trick;
* three pardas, and the parda of a one-card hand: the team that did not deal.

>>> from tutor.engine import find_variant, parse_action
>>> hand = find_variant("catalan").new_hand("3e,2o,4b|1e,5c,6c")
>>> [str(a) for a in hand.legal_actions()]
['0:3e', '0:2o', '0:4b', '0:truc', '0:knock']
>>> for text in ("0:4b", "0:truc", "1:5c"):     # a bet after one's card; 1 plays: accepted
...     _ = hand.apply(parse_action(text))
>>> hand.hand_value, [e.auto for e in hand.events if e.kind is EventKind.ANSWER]
(2, [True])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from .cards import Card
from .errors import IllegalActionError, Reason
from .rules import VARIANTS, Rules
from .stakes import TrucCall, TrucoCall
from .state import (
    _CALLS,
    _TRUCO,
    Action,
    AwardRule,
    Call,
    DealChoice,
    Decision,
    EndKind,
    EventKind,
    HandEnd,
    HandState,
    Knock,
    Mazo,
    Phase,
    PlayCard,
    SeatView,
    _error,
)
from .tricks import HandResult, HandRule, Side, TrickOutcome

__all__ = ["CatalanHand"]


class CatalanHand(HandState):
    """A hand of Catalan Truc (2 or 4 players, to 12). Module notes list what differs from Argentine Truco."""

    __slots__ = ("_decider", "_decision", "_bets", "_knock_ok", "_dealing", "_one_card", "_window", "_eleven")

    def __init__(
        self,
        rules: Rules | None = None,
        deal: Sequence[Iterable[Card | str] | str] | None = None,
        mano: int = 0,
        scores: Sequence[int] = (0, 0),
    ) -> None:
        super().__init__(rules if rules is not None else VARIANTS["catalan"].defaults, deal, mano, scores)
        last = self.rules.target - 1  # "on 11"
        on = [team for team in (0, 1) if self._scores[team] == last]
        self._eleven = VARIANTS[self.rules.variant].eleven or 3
        """What the hand of 11 is worth when its team plays it."""
        self._decider: int | None = None
        """The seat that decides for the team on 11: its first seat in playing order (None: no decision)."""
        if len(on) == 1:
            self._decider = next(s for s in self._speaking_order() if s & 1 == on[0])
        self._decision: bool | None = None
        self._bets = not on
        """False in the hand of 11 and with both teams on 11: nobody may bet."""
        self._knock_ok = max(self._scores) < last
        """The knock has an effect only while neither team has more than 10."""
        self._dealing = False
        self._one_card = False
        self._window: int | None = None
        """The seat that has just played a card and may still bet (until anybody acts)."""

    # --- Reading the state ---------------------------------------------------------------------

    @property
    def cutter(self) -> int:
        """The dealer's left neighbour, who cuts or knocks (2 players: the mano; 4: the mano's partner)."""
        return (self.dealer - 1) % self.players

    @property
    def one_card(self) -> bool:
        """True when the dealer dealt one card each after a knock: the hand is one trick."""
        return self._one_card

    @property
    def decider(self) -> int | None:
        """The seat that decides for its team on 11, None when there is no decision in this hand."""
        return self._decider

    @property
    def bets_allowed(self) -> bool:
        """False in the hand of 11 (played) and when both teams are on 11."""
        return self._bets

    def _deciding(self) -> bool:
        return self._decider is not None and self._decision is None

    @property
    def phase(self) -> Phase:
        if self._over:
            return Phase.OVER
        if self._dealing:
            return Phase.DEAL
        if self._deciding():
            return Phase.DECIDE
        return super().phase

    @property
    def to_act(self) -> int | None:
        if self._over:
            return None
        if self._dealing:
            return self.dealer
        if self._deciding():
            return self._decider
        return super().to_act

    @property
    def hand_value(self) -> int:
        """1, truc 2, retruc 3; the hand of 11 when played: 3 (no bets)."""
        return self._eleven if self._decision else super().hand_value

    def _may_knock(self) -> bool:
        return self._knock_ok and not self.actions

    def _window_bet(self) -> Call | None:
        """The bet the seat that has just played may still make (None if none)."""
        seat = self._window
        if seat is None or self._stack or not self._bets:
            return None
        level = self._truco_level
        ladder = self._ladder
        if level >= ladder.top or (level and self._truco_owner != seat & 1):
            return None
        return _CALLS[seat][ladder.calls[level]]

    # --- Legal actions ---------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every action :meth:`apply` accepts now. Besides the seat :attr:`to_act`'s actions this may
        hold the bet of the seat that has just played (before anybody acts) and the cutter's knock
        (before the hand's first action); :meth:`view_for` gives each seat its own."""
        if self._over:
            return []
        if self._dealing:
            dealer = self.dealer
            return [DealChoice(dealer, 1), DealChoice(dealer, 3)]
        if self._deciding():
            seat = self._decider
            assert seat is not None
            return [Decision(seat, True), Decision(seat, False)]
        result = [
            action
            for action in super().legal_actions()
            if type(action) is not Mazo and (self._bets or type(action) is not Call)
        ]
        stack = self._stack
        if stack and stack[-1].family is _TRUCO:
            # The answering seat accepts by playing its card without a word when it is also the one to
            # play; otherwise the seat to play may still play while the bet waits for its answer.
            cards = self._plays[self._turn]
            if stack[-1].responder == self._turn:
                result[0:0] = cards
            else:
                result.extend(cards)
        bet = self._window_bet()
        if bet is not None and bet.seat != self.to_act:
            result.append(bet)
        if self._may_knock():
            result.append(Knock(self.cutter))
        return result

    def _check(self, action: object) -> IllegalActionError | None:
        if self._over or not isinstance(action, Knock | DealChoice | Decision | PlayCard | Call | Mazo):
            return super()._check(action)
        seat = action.seat
        match action:
            case Knock():
                if not self._may_knock():
                    return _error(
                        Reason.KNOCK_NOT_ALLOWED,
                        "a knock comes before the hand's first action, while no team has more than 10",
                    )
                if seat != self.cutter:
                    return _error(
                        Reason.NOT_YOUR_TURN,
                        f"only the dealer's left neighbour (seat {self.cutter}) may knock",
                        seat=seat,
                        to_act=self.cutter,
                    )
                return None
            case DealChoice():
                if not self._dealing:
                    return _error(Reason.NOTHING_TO_DECIDE, "the dealer chooses one card or three only after a knock")
                if seat != self.dealer:
                    return _error(Reason.NOT_YOUR_TURN, "the dealer chooses", seat=seat, to_act=self.dealer)
                return None
            case Decision():
                if not self._deciding():
                    return _error(Reason.NOTHING_TO_DECIDE, "there is no decision on 11 in this hand")
                if seat != self._decider:
                    return _error(Reason.NOT_YOUR_TURN, "the team on 11 decides", seat=seat, to_act=self._decider)
                return None
        if self._dealing:
            return _error(Reason.DEAL_CHOICE_PENDING, "the dealer first deals one card or three", to_act=self.dealer)
        if self._deciding():
            return _error(
                Reason.ELEVEN_DECISION_PENDING, "the team on 11 first decides whether to play", to_act=self._decider
            )
        match action:
            case Mazo():
                return _error(Reason.MAZO_NOT_IN_RULES, "Catalan Truc has no mazo: refuse a bet to give up")
            case Call():
                if not self._bets:
                    return _error(Reason.BETS_CLOSED, "nobody bets in this hand")
                bet = self._window_bet()
                call = action.call
                if (
                    bet is not None
                    and seat == bet.seat
                    and seat != self.to_act
                    and isinstance(call, TrucoCall | TrucCall)
                ):
                    return self._check_truco(seat, call)  # the bet just after one's own card
            case PlayCard(card=card):
                stack = self._stack
                if stack and stack[-1].family is _TRUCO and seat == self._turn:
                    if card not in self._hands[seat]:
                        return _error(Reason.CARD_NOT_IN_HAND, f"seat {seat} does not hold {card}", card=str(card))
                    return None
        return super()._check(action)

    # --- Doing -----------------------------------------------------------------------------------

    def _do(self, action: Action) -> None:
        self._window = None
        match action:
            case Knock(seat=seat):
                self._emit(EventKind.KNOCK, seat=seat, team=seat & 1)
                self._dealing = True
            case DealChoice(seat=seat, cards=cards):
                self._emit(EventKind.DEAL_CHOSEN, seat=seat, team=seat & 1, value=cards)
                self._dealing = False
                if cards == 1:
                    self._one_card = True
                    for s in range(self.players):
                        del self._hands[s][1:]
                        del self._plays[s][1:]
            case Decision(seat=seat, play=play):
                team = seat & 1
                self._decision = play
                if play:
                    self._emit(EventKind.ELEVEN_PLAYED, seat=seat, team=team, value=self._eleven)
                else:
                    self._emit(EventKind.ELEVEN_REFUSED, seat=seat, team=team)
                    other = 1 - team
                    self._end_hand(other, 1, AwardRule.ELEVEN_REFUSED, HandEnd(EndKind.ELEVEN_REFUSED, other))
            case PlayCard(seat=seat) if self._stack and self._stack[-1].responder == seat:
                # A card without a word accepts the open bet (docs/rules/catalan.md).
                self._emit(
                    EventKind.ANSWER, seat=seat, team=seat & 1, call=self._truco_calls[-1], quiero=True, auto=True
                )
                self._stack.pop()
                self._truco_level = len(self._truco_calls)
                self._truco_owner = seat & 1
                super()._do(action)
            case _:
                super()._do(action)
        if type(action) is PlayCard and not self._over:
            self._window = action.seat

    def _hand_result(self) -> HandResult:
        """Catalan: three pardas, or the parda of a one-card hand, go to the team that did not deal
        (with 2 or 4 players the mano's team); a one-card hand is decided by its only trick."""
        outcomes = tuple(self._outcomes)
        if self._one_card:
            out = outcomes[0]
            if out is TrickOutcome.PARDA:
                return HandResult(Side.MANO, 1, True, HandRule.ONE_CARD_PARDA_NOT_DEALER, outcomes)
            side = Side.MANO if out is TrickOutcome.WON else Side.OTHER
            return HandResult(side, 1, True, HandRule.ONE_CARD, outcomes)
        result = super()._hand_result()
        if result.rule is HandRule.ALL_PARDA_MANO:
            return replace(result, rule=HandRule.ALL_PARDA_NOT_DEALER)
        return result

    # --- Views and comparison --------------------------------------------------------------------

    def view_for(self, seat: int) -> SeatView:
        """As :meth:`HandState.view_for`; while the dealer chooses after a knock nobody holds cards yet,
        and in a one-card hand each seat holds its one card; the envido value is 0 (no envido here)."""
        view = replace(super().view_for(seat), envido=0)  # no envido in this game (nor a hint of unseen cards)
        if self._dealing:
            return replace(view, hand=(), dealt=(), cards_left=(0,) * self.players)
        if self._one_card:
            return replace(view, dealt=self.deal[seat][:1])
        return view

    def _key(self) -> tuple[object, ...]:
        return (
            *super()._key(),
            self._decision,
            self._dealing,
            self._one_card,
            self._window,
        )
