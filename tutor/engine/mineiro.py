"""Truco Mineiro as a hand state: docs/rules/mineiro.md is the rule text this follows.

:class:`MineiroHand` is the state class of the ``mineiro`` preset (``find_variant("mineiro")``, whose
:meth:`~tutor.engine.rules.Variant.new_hand` builds it). What it changes in :class:`HandState`:

* no envido, no flor (the preset locks them off) and no going to the mazo;
* the ranking with the fixed manilhas 4♣, 7♥, A♠, 7♦ and the jack above the queen
  (``ranking.MINEIRO``) and the ladder truco 3, seis 6, nove 9, doze 12 (``ladders.MINEIRO_TRUCO``),
  run from: 1, 3, 6, 9; no raise when accepting would already win the game;
* the deal: the mão keeps, passes (once, to his partner, four players only) or burns (face up, known
  to all) the three he was given (``keep`` / ``pass`` / ``burn``); the deal lists up to three more
  threes after the seats' hands (``Variant.spare_threes``), the ones he is given after a pass or a
  burn; while no further three remains he has nothing to choose and keeps the one he holds;
* from the second trick a card may be played face down (``~7o``): it can neither win nor tie, and
  the other seats' views show it as :data:`~tutor.engine.state.FACE_DOWN`;
* ties: the player of the first tying card leads; three ties score nothing (the hand ends with
  ``EndKind.NO_WINNER``);
* an accepted truco is a bet on the trick under way: its winner wins the hand; a tie with a tying
  card played before the last call loses for the side that made it; a real tie moves the bet to the
  next trick, and a real tie in the third trick scores nothing;
* the mão de onze (exactly one side on 11: its players see each other's cards, its first seat in
  playing order plays for 3 or runs, ``play11`` / ``run11``; no truco) and the mão de ferro (both on
  11: nobody sees his cards, each plays his next card in the order dealt; no truco; a hand without a
  winner scores nothing and the match deals again).

>>> from tutor.engine import find_variant, parse_action
>>> hand = find_variant("mineiro").new_hand("4b,5c,6c|3e,5e,6e")
>>> [str(a) for a in hand.legal_actions()]
['0:4b', '0:5c', '0:6c', '0:truco']
>>> for text in ("0:truco", "1:seis", "0:quiero"):   # the bet is on this trick, at 6
...     _ = hand.apply(parse_action(text))
>>> for text in ("0:4b", "1:3e"):
...     _ = hand.apply(parse_action(text))
>>> hand.is_over, hand.scores, hand.end.rule.value
(True, (6, 0), 'bet_trick_won')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from .cards import Card, parse_cards
from .errors import IllegalActionError, InvalidNotationError, NotationReason, Reason
from .rules import VARIANTS, Rules
from .state import (
    _BET_CLASSES,
    _PLAYS,
    FACE_DOWN,
    Action,
    AwardRule,
    Call,
    DealChoice,
    Decision,
    EndKind,
    Event,
    EventKind,
    HandEnd,
    HandState,
    Knock,
    Mazo,
    Phase,
    PlayCard,
    SeatView,
    ThreeChoice,
    ThreeChoiceKind,
    _error,
)
from .tricks import HandRule, Side, TrickOutcome, hand_result

__all__ = ["MineiroHand"]

_KEEP, _PASS, _BURN = ThreeChoiceKind.KEEP, ThreeChoiceKind.PASS, ThreeChoiceKind.BURN
_FACE_DOWN_PLAYS = tuple({card: PlayCard(seat, card, True) for card in plays} for seat, plays in enumerate(_PLAYS))
"""Interned face-down plays, as ``state._PLAYS`` for face-up ones."""
_MAX_THREES = 4
"""The mão sees at most four threes (docs/rules/mineiro.md §9.3.3)."""


class MineiroHand(HandState):
    """A hand of Truco Mineiro (2 or 4 players, to 12). Module notes list what differs from Argentine Truco."""

    __slots__ = (
        "_threes",
        "_seen",
        "_choosing",
        "_passed",
        "_burned",
        "_decider",
        "_decision",
        "_iron",
        "_bets",
        "_down",
        "_call_at",
        "_bet_trick",
    )

    def __init__(
        self,
        rules: Rules | None = None,
        deal: Sequence[Iterable[Card | str] | str] | None = None,
        mano: int = 0,
        scores: Sequence[int] = (0, 0),
    ) -> None:
        rules = rules if rules is not None else VARIANTS["mineiro"].defaults
        parts: list[Iterable[Card | str] | str] = []
        if deal is not None:
            parts = list(deal.split("|") if isinstance(deal, str) else deal)
        n = rules.players if isinstance(rules, Rules) else 0
        most = VARIANTS[rules.variant].spare_threes if isinstance(rules, Rules) else 0
        spare_parts = parts[n:]
        if len(spare_parts) > most:
            raise InvalidNotationError(
                NotationReason.WRONG_COUNT,
                f"{n} players need {n} hands and at most {most} more threes, got {len(parts)}",
                value=len(parts),
                expected=n,
            )
        super().__init__(rules, parts[:n] if deal is not None else None, mano, scores)
        seen = {card for hand in self.deal for card in hand}
        spares: list[tuple[Card, ...]] = []
        for part in spare_parts:
            three = tuple(parse_cards(part, count=3))
            for card in three:
                if card in seen:
                    raise InvalidNotationError(
                        NotationReason.DUPLICATE_CARD, f"card {card} dealt twice", value=card.notation
                    )
                seen.add(card)
            spares.append(three)
        self.deal = (*self.deal, *spares)
        """The seats' hands, then the spare threes (docs/rules/mineiro.md §9.3.3)."""
        last = self.rules.target - 1  # "on 11"
        on = [team for team in (0, 1) if self._scores[team] == last]
        self._iron = len(on) == 2
        """The mão de ferro: both sides on 11."""
        self._decider: int | None = None
        """The seat that decides for the side on 11 in a mão de onze: its first seat in playing order."""
        if len(on) == 1:
            self._decider = next(s for s in self._speaking_order() if s & 1 == on[0])
        self._decision: bool | None = None
        self._bets = not on
        """False in a mão de onze and a mão de ferro: nobody calls truco."""
        self._threes: tuple[tuple[Card, ...], ...] = (self.deal[mano], *spares) if not on else (self.deal[mano],)
        """The threes the mão may be given, in order (only his first in a mão de onze or de ferro)."""
        self._seen = 1
        """How many of them he has been given."""
        self._choosing = len(self._threes) > 1
        """The mão is looking at a three and may keep, pass or burn it."""
        self._passed: tuple[Card, ...] = ()
        """The three the mão passed to his partner (empty: no pass)."""
        self._burned: list[Card] = []
        self._down: dict[Card, int] = {}
        """The cards played face down, with their seats."""
        self._call_at: list[tuple[int, int]] = []
        """For each truco call: the trick it was made in and how many cards were on the table then."""
        self._bet_trick = -1
        """The trick the accepted bet is on (-1: no bet accepted)."""

    # --- Reading the state ---------------------------------------------------------------------

    @property
    def partner(self) -> int | None:
        """The mão's partner (None with two players)."""
        return (self.mano + 2) % 4 if self.players == 4 else None

    @property
    def burned(self) -> tuple[Card, ...]:
        """The cards the mão burned, in order: out of the hand, known to every player."""
        return tuple(self._burned)

    @property
    def passed(self) -> tuple[Card, ...]:
        """The three the mão passed to his partner (empty when he did not pass)."""
        return self._passed

    @property
    def choosing(self) -> bool:
        """True while the mão keeps, passes or burns the three he was given."""
        return self._choosing and not self._over

    @property
    def decider(self) -> int | None:
        """The seat that decides for its side in a mão de onze, None when there is no decision."""
        return self._decider

    @property
    def iron(self) -> bool:
        """True in a mão de ferro (both sides on 11)."""
        return self._iron

    @property
    def bets_allowed(self) -> bool:
        """False in a mão de onze and a mão de ferro."""
        return self._bets

    @property
    def face_down(self) -> dict[Card, int]:
        """The cards played face down, with the seat of each (not for players' eyes: see :meth:`view_for`)."""
        return dict(self._down)

    def dealt_hand(self, seat: int) -> tuple[Card, ...]:
        """The three cards ``seat`` holds for the hand (after the mão's keep, pass or burn)."""
        if seat == self.mano:
            return self._threes[self._seen - 1]
        if self._passed and seat == self.partner:
            return self._passed
        return self.deal[seat]

    def _deciding(self) -> bool:
        return self._decider is not None and self._decision is None

    @property
    def phase(self) -> Phase:
        if self._over:
            return Phase.OVER
        if self._choosing:
            return Phase.DEAL
        if self._deciding():
            return Phase.DECIDE
        return super().phase

    @property
    def to_act(self) -> int | None:
        if self._over:
            return None
        if self._choosing:
            return self.mano
        if self._deciding():
            return self._decider
        return super().to_act

    @property
    def hand_value(self) -> int:
        """1, truco 3, seis 6, nove 9, doze 12; the mão de onze when played: 3 (no truco)."""
        return (VARIANTS[self.rules.variant].eleven or 3) if self._decision else super().hand_value

    def _can_replace(self) -> bool:
        """A further three exists for the mão (so he may pass or burn this one)."""
        return self._seen < min(len(self._threes), _MAX_THREES)

    def _can_pass(self) -> bool:
        return self.players == 4 and not self._passed and self._can_replace()

    def _raise_wins(self, seat: int) -> bool:
        """True when accepting would already give ``seat``'s side the game (so it may not raise)."""
        stack = self._stack
        stake = self._ladder.value(len(self._truco_calls) if stack else self._truco_level)
        return self._scores[seat & 1] + stake >= self.rules.target

    # --- Legal actions ---------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every action :meth:`apply` accepts now (all from :attr:`to_act`)."""
        if self._over:
            return []
        if self._choosing:
            mano = self.mano
            result: list[Action] = [ThreeChoice(mano, _KEEP)]
            if self._can_pass():
                result.append(ThreeChoice(mano, _PASS))
            if self._can_replace():
                result.append(ThreeChoice(mano, _BURN))
            return result
        if self._deciding():
            seat = self._decider
            assert seat is not None
            return [Decision(seat, True), Decision(seat, False)]
        if self._iron:
            turn = self._turn
            return [self._plays[turn][0]]
        result = []
        for action in super().legal_actions():
            kind = type(action)
            if kind is Mazo:
                continue
            if kind is Call and (not self._bets or self._raise_wins(action.seat)):
                continue
            result.append(action)
            if kind is PlayCard and self._tricks and not self._stack and action is self._plays[action.seat][-1]:
                seat = action.seat
                result.extend(_FACE_DOWN_PLAYS[seat][card] for card in self._hands[seat])
        return result

    def _check(self, action: object) -> IllegalActionError | None:
        if self._over or not isinstance(action, ThreeChoice | Decision | Knock | DealChoice | PlayCard | Call | Mazo):
            return super()._check(action)
        seat = action.seat
        match action:
            case ThreeChoice(choice=choice):
                if not self._choosing:
                    return _error(Reason.NOTHING_TO_DECIDE, "the mão keeps, passes or burns only before the hand")
                if seat != self.mano:
                    return _error(Reason.NOT_YOUR_TURN, "the mão chooses", seat=seat, to_act=self.mano)
                if choice is _PASS and not self._can_pass():
                    return _error(
                        Reason.CANNOT_PASS_OR_BURN,
                        "a pass goes to the partner, once a hand, and not with the last three",
                    )
                if choice is _BURN and not self._can_replace():
                    return _error(Reason.CANNOT_PASS_OR_BURN, "the last three the mão is given must be kept")
                return None
            case Decision():
                if not self._deciding():
                    return _error(Reason.NOTHING_TO_DECIDE, "there is no mão de onze to decide")
                if seat != self._decider:
                    return _error(Reason.NOT_YOUR_TURN, "the side on 11 decides", seat=seat, to_act=self._decider)
                return None
            case Knock() | DealChoice():
                return _error(Reason.NOT_IN_GAME, f"{action} is not an action of {self.rules.variant}")
        if self._choosing:
            return _error(
                Reason.THREE_CHOICE_PENDING, "the mão first keeps, passes or burns his three", to_act=self.mano
            )
        if self._deciding():
            return _error(
                Reason.ELEVEN_DECISION_PENDING, "the side on 11 first decides whether to play", to_act=self._decider
            )
        if type(action) is Mazo:
            return _error(Reason.MAZO_NOT_IN_RULES, "Truco Mineiro has no mazo: run from a truco to give up")
        error = super()._check(action)
        if error is not None:
            return error
        match action:
            case Call(call=call) if isinstance(call, _BET_CLASSES):
                if not self._bets:
                    return _error(Reason.BETS_CLOSED, "nobody calls truco in a mão de onze or a mão de ferro")
                if self._raise_wins(seat):
                    return _error(
                        Reason.RAISE_ALREADY_WINS, "accepting would already win the game: no raise", team=seat & 1
                    )
            case PlayCard(card=card, face_down=down):
                if self._iron and card != self._hands[seat][0]:
                    return _error(
                        Reason.NOT_NEXT_CARD,
                        f"in a mão de ferro seat {seat} turns up its next card",
                        card=str(card),
                    )
                if down and (self._iron or not self._tricks):
                    return _error(
                        Reason.FACE_DOWN_NOT_ALLOWED,
                        "a card is played face down from the second trick on, never in a mão de ferro",
                    )
        return None

    # --- Doing -----------------------------------------------------------------------------------

    def _do(self, action: Action) -> None:
        match action:
            case ThreeChoice(seat=seat, choice=choice):
                self._do_three(seat, choice)
                return
            case Decision(seat=seat, play=play):
                team = seat & 1
                self._decision = play
                if play:
                    self._emit(EventKind.ELEVEN_PLAYED, seat=seat, team=team, value=self.hand_value)
                else:
                    self._emit(EventKind.ELEVEN_REFUSED, seat=seat, team=team)
                    other = 1 - team
                    self._end_hand(other, 1, AwardRule.ELEVEN_REFUSED, HandEnd(EndKind.ELEVEN_REFUSED, other))
                return
            case Call():
                self._call_at.append((len(self._tricks), len(self._trick)))
            case PlayCard(seat=seat, card=card, face_down=True):
                self._down[card] = seat
                first = len(self.events)
                level = self._truco_level
                super()._do(action)
                self.events[first] = self.events[first]._replace(face_down=True)
                assert level == self._truco_level
                return
        level = self._truco_level
        super()._do(action)
        if self._truco_level != level:  # a bet was accepted (quiero, or a raise that accepts it)
            self._bet_trick = len(self._tricks)

    def _do_three(self, seat: int, choice: ThreeChoiceKind) -> None:
        current = self._threes[self._seen - 1]
        if choice is _KEEP:
            self._emit(EventKind.THREE_KEPT, seat=seat, team=seat & 1)
            self._choosing = False
            return
        if choice is _PASS:
            self._emit(EventKind.THREE_PASSED, seat=seat, team=seat & 1)
            self._passed = current
            partner = self.partner
            assert partner is not None
            self._hands[partner] = list(current)
            self._plays[partner] = [_PLAYS[partner][card] for card in current]
        else:
            self._emit(EventKind.THREE_BURNED, seat=seat, team=seat & 1, cards=current)
            self._burned.extend(current)
        self._seen += 1
        nxt = self._threes[self._seen - 1]
        self._hands[seat] = list(nxt)
        self._plays[seat] = [_PLAYS[seat][card] for card in nxt]
        if not self._can_replace():  # the last three he can be given: he must keep it
            self._emit(EventKind.THREE_KEPT, seat=seat, team=seat & 1, auto=True)
            self._choosing = False

    def _close_trick(self) -> None:
        """Score the complete trick: face-down cards take no part; equal top cards of both sides tie
        and the first of them leads; then the hand is decided by the bet on this trick, if any, or by
        the tricks (three ties: nobody scores)."""
        trick = self._trick
        index = len(self._tricks)
        down = self._down
        level_of = self.rules.ranking_table.level
        best = min((level_of(card) for _, card in trick if card not in down), default=0)
        top = [(pos, seat) for pos, (seat, card) in enumerate(trick) if card not in down and level_of(card) == best]
        winner: int | None = None
        mano_team = self.mano & 1
        if top and len({seat & 1 for _, seat in top}) == 1:
            pos, winner = top[0]
            self._outcomes.append(TrickOutcome.WON if winner & 1 == mano_team else TrickOutcome.LOST)
            self._trick_winners.append(winner)
            self._emit(EventKind.TRICK_WON, seat=winner, team=winner & 1, card=trick[pos][1], trick=index)
            leader = winner
        else:
            leader = top[0][1] if top else trick[0][0]
            self._outcomes.append(TrickOutcome.PARDA)
            self._trick_winners.append(None)
            self._emit(EventKind.TRICK_PARDA, seat=leader, trick=index)
        self._tricks.append(tuple(trick))
        self._trick = []
        level = self._truco_level
        if level and index == self._bet_trick:
            if winner is not None:
                self._win(winner & 1, HandRule.BET_TRICK_WON)
                return
            call_trick, before = self._call_at[level - 1]
            if index == call_trick and any(pos < before for pos, _ in top):
                self._win(1 - (self._truco_callers[level - 1] & 1), HandRule.BET_TIE_CALLER_LOSES)
                return
            if index == 2:
                self._finish(HandEnd(EndKind.NO_WINNER, None, HandRule.BET_TIE_LAST_TRICK_NOBODY))
                return
            self._bet_trick = index + 1  # a real tie: the next trick decides, at the same stake
        else:
            outcome = hand_result(self._outcomes)
            if outcome.rule is HandRule.ALL_PARDA_MANO:
                self._finish(HandEnd(EndKind.NO_WINNER, None, HandRule.ALL_TIED_NOBODY))
                return
            if outcome.decided:
                self._win(mano_team if outcome.winner is Side.MANO else 1 - mano_team, outcome.rule)
                return
        self._leader = self._turn = leader

    def _win(self, team: int, rule: HandRule) -> None:
        self._emit(EventKind.HAND_WON, team=team, hand_rule=rule)
        level = self._truco_level
        self._end_hand(
            team,
            self.hand_value,
            AwardRule.HAND_WON,
            HandEnd(EndKind.TRICKS, team, rule),
            calls=tuple(c.value for c in self._truco_calls[:level]),
            accepted=True if level else None,
            detail=rule,
        )

    # --- Copying, views and comparison -----------------------------------------------------------

    def clone(self) -> MineiroHand:
        new = super().clone()
        assert isinstance(new, MineiroHand)
        new._burned = list(self._burned)
        new._down = dict(self._down)
        new._call_at = list(self._call_at)
        return new

    def _known_partner(self, seat: int) -> tuple[Card, ...]:
        """The partner's unplayed cards ``seat`` knows: the mão de onze of four, or the mão's pass."""
        if self.players != 4:
            return ()
        mate = (seat + 2) % 4
        if self._decider is not None and self._decider & 1 == seat & 1:
            return tuple(self._hands[mate])
        if self._passed and seat == self.mano:
            return tuple(card for card in self._hands[mate])
        return ()

    def view_for(self, seat: int) -> SeatView:
        """As :meth:`HandState.view_for`, with what Truco Mineiro hides and shows: another seat's
        face-down cards are :data:`~tutor.engine.state.FACE_DOWN`; while the mão chooses only he
        (and a partner he passed to) holds cards; in a mão de ferro nobody sees his own cards;
        ``partner_hand`` holds the partner's cards a seat knows (mão de onze, the mão's pass);
        ``burned`` the burned cards; the envido value is 0 (no envido in this game)."""
        view = super().view_for(seat)
        hidden = {card for card, owner in self._down.items() if owner != seat}
        changes: dict[str, object] = {
            "envido": 0,
            "dealt": self.dealt_hand(seat),
            "burned": tuple(self._burned),
            "partner_hand": self._known_partner(seat),
        }
        if hidden:

            def mask(card: Card) -> Card:
                return FACE_DOWN if card in hidden else card

            changes["tricks"] = tuple(tuple((s, mask(c)) for s, c in trick) for trick in view.tricks)
            changes["current_trick"] = tuple((s, mask(c)) for s, c in view.current_trick)
            changes["actions"] = tuple(
                PlayCard(a.seat, FACE_DOWN, True) if type(a) is PlayCard and a.card in hidden else a
                for a in view.actions
            )
            changes["events"] = tuple(_mask_event(e, hidden) for e in view.events)
        if self._choosing:
            holding = {self.mano} | ({self.partner} if self._passed and self.partner is not None else set())
            if seat not in holding:
                changes["hand"] = ()
                changes["dealt"] = ()
            changes["cards_left"] = tuple(3 if s in holding else 0 for s in range(self.players))
        if self._iron:
            changes["hand"] = ()
            changes["dealt"] = ()
        return replace(view, **changes)  # type: ignore[arg-type]  # each field gets its own type

    def _key(self) -> tuple[object, ...]:
        return (
            *super()._key(),
            self._seen,
            self._choosing,
            self._passed,
            tuple(self._burned),
            self._decision,
            tuple(sorted(self._down.items(), key=lambda item: item[0].notation)),
            tuple(self._call_at),
            self._bet_trick,
        )


def _mask_event(event: Event, hidden: set[Card]) -> Event:
    if event.kind is EventKind.CARD_PLAYED and event.card in hidden:
        return event._replace(card=FACE_DOWN)
    return event
