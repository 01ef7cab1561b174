"""Checking a bot's reason against the whole hand: every fact a reason states, the engine backs.

A :class:`~tutor.bots.reasons.BotReason` is a typed claim: its code says what it states, its
parameters the values (a count, a card, "about 9 of 10"). :func:`check_reason` takes the hand as
the engine knows it (every card), the seat that decided and the action it took, and returns the
problems: each claim the engine contradicts. The tests run it on random positions for every level
and for the hint, so that no reason shown to a learner says a false thing.

What is checked, by kind of claim:

* values: a count is the seat's envido, a flor value its flor, a card the one played or the best
  in hand, a call the one made or answered, the points of a mazo the hand's value;
* facts of the table: a card "beats the other team's cards on the table", a partner's card "is
  winning the trick", the lowest card is the lowest, the seat leads, is mano, holds no card;
* certainty: "cannot lose this hand" is checked by an exact search of every way the cards can be
  played (:mod:`tutor.bots.certainty`), on the real cards; "about N of 10" is never 10 unless the
  result is certain from the seat's view and never 1 or more when it is impossible;
* the match: "No quiero would give the other team the game" is checked on the score and stake.

>>> from tutor.engine import HandState, Rules, PlayCard
>>> hand = HandState(Rules(), deal="4e,5c,6o|5e,7b,3c", mano=1)
>>> _ = hand.apply(PlayCard(1, "5e"))
>>> check_reason(BotReason.of(ReasonCode.WIN_RATE_TRICK, card="4e", wins=9, of=10), hand, 0, PlayCard(0, "4e"))
['4e cannot take the trick: it does not beat the 5e on the table']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from ..engine.cards import Card
from ..engine.envido import envido_points, flor_points
from ..engine.pica import PicaPicaHand
from ..engine.stakes import EnvidoCall, envido_stake
from ..engine.state import FACE_DOWN, Action, Answer, Call, HandState, Mazo, Phase, PlayCard, SeatView, ThreeChoice
from .certainty import Position, envido_certainty, forced, view_forced, view_possible
from .common import action_text
from .reasons import BotReason, ParamValue, ReasonCode

__all__ = ["check_reason", "checked_reason"]

_STRONG = 9
"""A card led "strong" is a 2 or better."""
_LOW = 10
"""A card led "low" is below a 3."""
_MATA = 11
"""A mata: the 7 of oros or better."""


def _strength(state: HandState, card: Card) -> int:
    """The card's trick strength; 0 for a card played face down (Truco Mineiro: it neither takes nor ties)."""
    if card is FACE_DOWN or card in getattr(state, "face_down", ()):
        return 0
    return state.rules.ranking_table.strength(card)


def check_reason(reason: BotReason, state: HandState, seat: int, action: Action) -> list[str]:
    """The claims of ``reason`` (given by ``seat`` for ``action``, in ``state`` before the action)
    that the engine contradicts, as messages; empty when every claim holds."""
    problems: list[str] = []
    p = reason.as_dict()
    code = reason.code
    view = state.view_for(seat)
    team = seat & 1
    hand = list(state.hands[seat])
    current = state.current_trick
    best_opp = max((_strength(state, c) for s, c in current if s & 1 != team), default=0)
    text = action_text(action)

    def need(condition: bool, message: str) -> None:
        if not condition:
            problems.append(message)

    def is_call(name: str) -> bool:
        return type(action) is Call and action.call.value == name

    # --- values ---------------------------------------------------------------------------------
    if "count" in p:
        need(
            p["count"] == envido_points(state.deal[seat]),
            f"count {p['count']} is not the seat's envido {envido_points(state.deal[seat])}",
        )
    if "value" in p and code in (
        ReasonCode.FLOR_COMPULSORY,
        ReasonCode.CONTRAFLOR_STRONG,
        ReasonCode.ACCEPT_CONTRAFLOR,
        ReasonCode.DECLINE_CONTRAFLOR,
    ):
        need(p["value"] == (flor_points(state.deal[seat]) or 0), f"flor value {p['value']} is wrong")
    if code in (
        ReasonCode.ONLY_ACTION,
        ReasonCode.WIN_RATE_HAND,
        ReasonCode.BEST_EXPECTED,
        ReasonCode.MATCH_CHANGES,
        ReasonCode.MATCH_DECLINE_LOSES,
    ):
        need(p.get("action") == text, f"the reason names {p.get('action')} but the action is {text}")
    for key in ("wins", "folds"):
        if key in p:
            need(0 <= _number(p, key) <= _number(p, "of", 10), f"{key} {p[key]} is not between 0 and {p.get('of')}")

    # --- by code ------------------------------------------------------------------------------------
    if code is ReasonCode.ONLY_ACTION:
        need(len(state.legal_actions()) == 1, "not the only legal action")
    elif code in (
        ReasonCode.ENVIDO_WITH_COUNT,
        ReasonCode.ENVIDO_AS_MANO,
        ReasonCode.ENVIDO_PARTNER_SPEAKS,
        ReasonCode.RAISE_ENVIDO,
        ReasonCode.ENVIDO_FIRST,
        ReasonCode.ENVIDO_CALL_ODDS,
        ReasonCode.ENVIDO_RAISE_ODDS,
        ReasonCode.ENVIDO_BLUFF,
    ):
        need(is_call(str(p.get("call"))), f"the reason names {p.get('call')} but the action is {text}")
        if code is ReasonCode.ENVIDO_AS_MANO:
            need(seat == state.mano, "the seat is not mano")
        if code is ReasonCode.ENVIDO_FIRST:
            need(state.phase is Phase.ANSWER_TRUCO, "no truco waits for an answer")
    elif code in (
        ReasonCode.ACCEPT_ENVIDO_COUNT,
        ReasonCode.ENVIDO_ACCEPT_ODDS,
        ReasonCode.ENVIDO_ACCEPT_FORCED,
        ReasonCode.DECLINE_LOW_COUNT,
        ReasonCode.ENVIDO_DECLINE_ODDS,
    ):
        accepting = code not in (ReasonCode.DECLINE_LOW_COUNT, ReasonCode.ENVIDO_DECLINE_ODDS)
        need(type(action) is Answer and action.quiero is accepting, f"the action {text} is not the answer named")
        pending = state.pending
        need(pending is not None and pending.call.value == p.get("call"), "the call answered is not the open one")
        if code is ReasonCode.ENVIDO_ACCEPT_FORCED:
            rules = state.rules
            stake = envido_stake(
                [EnvidoCall(c) for _, c in state.envido_calls],
                scores=state.scores,
                target=rules.target,
                falta_mode=rules.falta_mode,
                raisable=rules.envido_raisable,
            )
            need(
                state.scores[1 - team] + stake.declined >= rules.target,
                "No quiero would not give the other team the game",
            )
    elif code is ReasonCode.FLOR_COMPULSORY:
        need(is_call("flor"), "the action is not the flor")
    elif code in (
        ReasonCode.TRUCO_STRONG,
        ReasonCode.RAISE_TRUCO_STRONG,
        ReasonCode.ACCEPT_TRUCO_STRONG,
        ReasonCode.DECLINE_TRUCO_WEAK,
    ):
        if "card" in p:
            need(
                bool(hand) and _strength(state, _card(p["card"])) == max(_strength(state, c) for c in hand),
                f"{p['card']} is not the best card in hand",
            )
        else:
            need(code is ReasonCode.DECLINE_TRUCO_WEAK or not hand, "the best card is missing")
    elif code is ReasonCode.TRUCO_SURE:
        need(forced(Position.of_state(state), team), "the team can still lose the hand on tricks")
    elif code in (ReasonCode.TABLE_CARD_HOLDS, ReasonCode.TABLE_CARD_WEAK):
        need(not hand, "the seat still holds cards")
        own = [c for s, c in current if s & 1 == team]
        if "card" in p:
            need(
                bool(own) and _strength(state, _card(p["card"])) == max(_strength(state, c) for c in own),
                f"{p['card']} is not the team's best card on the table",
            )
    elif code is ReasonCode.PLAY_LOWEST_WINNER:
        card = _card(p["card"])
        need(any(s & 1 != team for s, _ in current), "no card of the other team is on the table")
        need(_strength(state, card) > best_opp, f"{p['card']} does not beat the other team's cards on the table")
        weaker = [c for c in hand if best_opp < _strength(state, c) < _strength(state, card)]
        need(not weaker, f"a weaker card also beats them: {weaker}")
    elif code in (ReasonCode.PLAY_LOWEST_CARD, ReasonCode.PLAY_LOW_PARTNER_WINS):
        card = _card(p["card"])
        need(_strength(state, card) == min(_strength(state, c) for c in hand), f"{p['card']} is not the lowest card")
        if code is ReasonCode.PLAY_LOW_PARTNER_WINS:
            partner = p.get("partner")
            cards = [c for s, c in current if s == partner]
            need(
                partner != seat
                and isinstance(partner, int)
                and partner & 1 == team
                and bool(cards)
                and _strength(state, cards[0]) > best_opp,
                "the partner's card is not winning the trick",
            )
    elif code is ReasonCode.PLAY_PARDA:
        need(_strength(state, _card(p["card"])) == best_opp, f"{p['card']} does not tie the best card on the table")
    elif code is ReasonCode.SAVE_MATA:
        kept = _card(p["kept"])
        need(
            kept in hand and kept != _card(p["card"]) and _strength(state, kept) >= _MATA,
            f"{p['kept']} is not a mata kept in hand",
        )
    elif code in (ReasonCode.LEAD_STRONG, ReasonCode.LEAD_LOW, ReasonCode.LEAD_BEST):
        card = _card(p["card"])
        need(not current, "the seat does not lead the trick")
        if code is ReasonCode.LEAD_STRONG:
            need(_strength(state, card) >= _STRONG, f"{p['card']} is not a strong card")
        elif code is ReasonCode.LEAD_LOW:
            need(
                _strength(state, card) < _LOW and _strength(state, card) == min(_strength(state, c) for c in hand),
                f"{p['card']} is not the lowest card, or not low",
            )
        else:
            need(_strength(state, card) == max(_strength(state, c) for c in hand), f"{p['card']} is not the best card")
    elif code is ReasonCode.WIN_RATE_TRICK:
        card = _card(p["card"])
        mine = _strength(state, card)
        best_on_table = max(current, key=lambda sc: _strength(state, sc[1]), default=None)
        beats_table = best_on_table is None or mine > _strength(state, best_on_table[1])
        if _number(p, "wins") >= 1 and best_on_table is not None and not beats_table:
            problems.append(
                f"{p['card']} cannot take the trick: it does not beat the {best_on_table[1].notation} on the table"
            )
        sure = beats_table and all(_strength(state, c) < mine for c in _unseen(view))
        if _number(p, "wins") == 10:
            need(sure, f"{p['card']} does not take the trick for certain")
        elif sure:
            problems.append(f"{p['card']} takes the trick for certain, not in {p['wins']} of 10")
    elif code is ReasonCode.WIN_RATE_HAND:
        _check_rate(view, state, team, _number(p, "wins"), problems, "takes the hand on tricks")
    elif code is ReasonCode.MATCH_DECLINE_LOSES:
        need(type(action) is Answer and action.quiero or type(action) is Call, "the action is not an acceptance")
        declined = state.rules.ladder.declined(len(state.truco_calls)) if state.truco_calls else 0
        need(
            state.phase is Phase.ANSWER_TRUCO and state.scores[1 - team] + declined >= state.rules.target,
            "No quiero would not give the other team the game",
        )
    elif code is ReasonCode.PLAY_FACE_DOWN:
        card = _card(p["card"])
        need(
            type(action) is PlayCard and action.face_down and action.card == card,
            f"the action does not play {p['card']} face down",
        )
        need(_strength(state, card) < best_opp, f"{p['card']} could take or tie the trick face up")
    elif code in (ReasonCode.THREE_KEEP, ReasonCode.THREE_PASS, ReasonCode.THREE_BURN):
        kind = {ReasonCode.THREE_KEEP: "keep", ReasonCode.THREE_PASS: "pass", ReasonCode.THREE_BURN: "burn"}[code]
        need(type(action) is ThreeChoice and action.choice.value == kind, f"the action is not to {kind} the three")
        if "card" in p:
            need(
                bool(hand) and _strength(state, _card(p["card"])) == max(_strength(state, c) for c in hand),
                f"{p['card']} is not the best card of the three",
            )
    elif code is ReasonCode.MAZO_HOPELESS:
        need(type(action) is Mazo, "the action is not the mazo")
        need(not view_possible(view), "the hand is not lost whatever happens")
    elif code is ReasonCode.MAZO_SAVE_POINTS:
        need(type(action) is Mazo, "the action is not the mazo")
        need(p.get("points") == state.hand_value, f"the mazo gives {state.hand_value}, not {p.get('points')}")
        need(
            state.envido_status.value == "open"
            and any(
                s & 1 != team and s not in {x for x, _ in current} and s not in state.folded
                for s in range(state.players)
            ),
            "the other team can no longer call the envido: playing on can always stop at the same price",
        )
    if (
        code
        in (
            ReasonCode.ENVIDO_CALL_ODDS,
            ReasonCode.ENVIDO_RAISE_ODDS,
            ReasonCode.ENVIDO_ACCEPT_ODDS,
            ReasonCode.ENVIDO_DECLINE_ODDS,
        )
        and "wins" in p
    ):
        certain = envido_certainty(view)
        if certain is True:
            need(p["wins"] == 10, f"the showdown is certain, not {p['wins']} of 10")
        elif certain is False:
            need(p["wins"] == 0, f"the showdown is lost for certain, not {p['wins']} of 10")
        else:
            need(1 <= _number(p, "wins") <= 9, f"the showdown is not certain, so not {p['wins']} of 10")
    return problems


def _number(params: Mapping[str, ParamValue], key: str, default: float = 0) -> float:
    """A numeric parameter (``wins``, ``of``...); TypeError for any other value, as comparing it would."""
    value = params.get(key, default)
    if isinstance(value, str):
        raise TypeError(f"{key} is not a number: {value!r}")
    return value


def _card(text: ParamValue) -> Card:
    return Card.parse(str(text))


def _unseen(view: SeatView) -> list[Card]:
    from .certainty import unseen

    return unseen(view)


def _check_rate(view: SeatView, state: HandState, team: int, wins: float, problems: list[str], what: str) -> None:
    """ "About ``wins`` of 10" for a result on tricks: 10 only when certain (from the view, and on
    the real cards), at least 1 only when possible, at most 9 when not certain."""
    small = view.players <= 4 or sum(view.cards_left) <= 12
    if wins == 10:
        if not forced(Position.of_state(state), team):
            problems.append(f"the team {what} in 10 of 10, but the real cards can beat it")
        if small and not view_forced(view):
            problems.append(f"the team {what} in 10 of 10, but the view does not make it certain")
    elif small and wins >= 1 and not view_possible(view):
        problems.append(f"the team {what} in {wins} of 10, but it cannot any more")
    elif small and 1 <= wins <= 9 and view_forced(view):
        problems.append(f"the team {what} for certain, not in {wins} of 10")


def checked_reason(reason: BotReason, state: HandState | PicaPicaHand, seat: int, action: Action) -> BotReason | None:
    """``reason`` when every claim it makes holds in ``state`` (the whole hand, the hidden cards too),
    else None: a reason that cannot be backed is not shown (the decision stands, without a why).
    Cheap (well under a millisecond for most reasons, a few at most), so it runs on every decision
    that is shown; the property tests in tests/bots/test_claims.py make a None rare.

    In a pica-pica round (``state.is_pica``) the claims are checked in the duel under way, from
    ``seat``'s chair there (``action`` in table seats or in the duel's); a seat not in it has no
    backed reason."""
    if isinstance(state, PicaPicaHand):
        local = state.duel_seat(seat)
        if local is None:
            return None
        return reason if not check_reason(reason, state.duel, local, replace(action, seat=local)) else None
    return reason if not check_reason(reason, state, seat, action) else None
