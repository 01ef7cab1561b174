"""Check kinds about counting: ``envido_value``, ``flor_value``, ``is_flor`` and ``showdown``.
Answers come from ``tutor.engine.envido`` (``envido``, ``flor``, ``has_flor``, ``showdown``).

Seats and teams follow the engine: seats in speaking order from the mano are mano, mano+1, ...
(mod the number of players); the team of a seat is ``seat % 2``; seat 0 is the learner.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tutor.engine.cards import DECK, Card
from tutor.engine.envido import (
    MAX_ENVIDO,
    EnvidoKind,
    EnvidoResult,
    ShowdownResult,
    StatementAction,
    envido,
    flor,
    has_flor,
    showdown,
)

from .base import AnswerType, Draft, Kind, Option, OptionKey, Reader, sample_until, team_options, team_value
from .explanations import (
    EnvidoBestPair,
    EnvidoCount,
    EnvidoPair,
    EnvidoSingle,
    EnvidoZero,
    FlorCount,
    FlorMade,
    NoFlor,
    ShowdownWon,
    SonBuenasSaid,
)
from .situations import HeldCardsSituation, ShowdownSituation

# --- envido_value --------------------------------------------------------------------------------

_ENVIDO_PATTERNS = (
    "random",
    "pair",
    "pair_with_figure",
    "pair_of_figures",
    "three_of_a_suit",
    "no_pair",
    "only_figures",
)


def _envido_ok(pattern: str, result: EnvidoResult) -> bool:
    figures = sum(card.is_figure for card in result.counted)
    if pattern == "pair":
        return result.kind is EnvidoKind.PAIR and figures == 0
    if pattern == "pair_with_figure":
        return result.kind is EnvidoKind.PAIR and figures == 1
    if pattern == "pair_of_figures":
        return result.kind is EnvidoKind.PAIR and figures == 2
    if pattern == "three_of_a_suit":
        return result.kind is EnvidoKind.BEST_PAIR
    if pattern == "no_pair":
        return result.kind is EnvidoKind.SINGLE
    if pattern == "only_figures":
        return result.kind is EnvidoKind.ZERO
    return True


def envido_explanation(result: EnvidoResult) -> EnvidoCount:
    """The engine's envido result as an explanation (``envido.<kind>``)."""
    cards = tuple(result.cards)
    if result.kind in (EnvidoKind.PAIR, EnvidoKind.BEST_PAIR):
        assert result.suit is not None
        counted = tuple(result.counted)
        values = tuple(card.envido_value for card in counted)
        rest = next(card for card in cards if card not in counted)
        if result.kind is EnvidoKind.PAIR:
            return EnvidoPair(
                cards=cards,
                total=result.points,
                counted=counted,
                values=values,
                bonus=result.bonus,
                suit=result.suit,
                other=rest,
            )
        return EnvidoBestPair(
            cards=cards,
            total=result.points,
            counted=counted,
            values=values,
            bonus=result.bonus,
            suit=result.suit,
            dropped=rest,
        )
    if result.kind is EnvidoKind.SINGLE:
        card = result.counted[0]
        return EnvidoSingle(cards=cards, total=result.points, card=card, value=card.envido_value)
    return EnvidoZero(cards=cards, total=result.points)


@dataclass(frozen=True)
class HandParams:
    cards: tuple[Card, ...] | None
    pattern: str


def _read_hand(r: Reader, patterns: Sequence[str]) -> HandParams:
    cards = r.cards("cards", count=3)
    pattern = r.choice("pattern", patterns, default="random")
    if cards is not None and r.has("pattern"):
        raise r.error("pattern", "give either fixed cards or a pattern")
    return HandParams(cards, pattern)


class EnvidoValue(Kind):
    """``envido_value``: type the envido of three cards.

    Params: ``cards`` (3 fixed) or ``pattern``: random, pair (two of a suit, no figure counted),
    pair_with_figure, pair_of_figures (20), three_of_a_suit (the best two count), no_pair (the best
    single card), only_figures (no pair and only figures: 0).
    Answer type NUMBER.
    """

    name = "envido_value"
    answer_type = AnswerType.NUMBER
    situation_type = HeldCardsSituation
    explanation_types = (EnvidoPair, EnvidoBestPair, EnvidoSingle, EnvidoZero)

    def read(self, r: Reader) -> HandParams:
        return _read_hand(r, _ENVIDO_PATTERNS)

    def draft(self, params: HandParams, rng: random.Random) -> Draft:
        if params.cards is not None:
            result = envido(params.cards)
        else:
            result = sample_until(
                rng, lambda g: envido(tuple(g.sample(DECK, 3))), lambda res: _envido_ok(params.pattern, res)
            )
        return Draft(
            HeldCardsSituation(cards=tuple(result.cards)), (), result.points, envido_explanation(result), number_max=99
        )


# --- flor ------------------------------------------------------------------------------------------


class FlorValue(Kind):
    """``flor_value``: type the value of a flor (20 + the three values).

    Params: ``cards`` (3 fixed cards of one suit) or nothing (a random flor).
    Answer type NUMBER.
    """

    name = "flor_value"
    answer_type = AnswerType.NUMBER
    situation_type = HeldCardsSituation
    explanation_types = (FlorCount,)

    def read(self, r: Reader) -> HandParams:
        cards = r.cards("cards", count=3)
        if cards is not None and not has_flor(cards):
            raise r.error("cards", "not a flor: the three cards must be of one suit")
        return HandParams(cards, "random")

    def draft(self, params: HandParams, rng: random.Random) -> Draft:
        if params.cards is not None:
            result = flor(params.cards)
        else:
            suit = rng.choice([c.suit for c in DECK[::10]])
            result = flor(tuple(rng.sample([c for c in DECK if c.suit is suit], 3)))
        assert result is not None
        values = tuple(card.envido_value for card in result.cards)
        explanation = FlorCount(
            cards=tuple(result.cards),
            values=values,
            bonus=result.points - sum(values),
            suit=result.suit,
            total=result.points,
        )
        return Draft(HeldCardsSituation(cards=tuple(result.cards)), (), result.points, explanation, number_max=99)


_IS_FLOR_PATTERNS = ("random", "flor", "no_flor", "two_of_a_suit")


class IsFlor(Kind):
    """``is_flor``: do these three cards make a flor? (yes / no)

    Params: ``cards`` (3 fixed) or ``pattern``: random (flor half of the time), flor, no_flor,
    two_of_a_suit (no flor, but two of one suit).
    Options ``yes`` and ``no``.
    """

    name = "is_flor"
    answer_type = AnswerType.CHOICE
    option_values = ("yes", "no")
    situation_type = HeldCardsSituation
    explanation_types = (FlorMade, NoFlor)

    def read(self, r: Reader) -> HandParams:
        return _read_hand(r, _IS_FLOR_PATTERNS)

    def draft(self, params: HandParams, rng: random.Random) -> Draft:
        if params.cards is not None:
            cards = params.cards
        else:
            pattern = params.pattern
            if pattern == "random":
                pattern = rng.choice(("flor", "no_flor"))
            if pattern == "flor":
                suit = rng.choice([c.suit for c in DECK[::10]])
                cards = tuple(rng.sample([c for c in DECK if c.suit is suit], 3))
            else:

                def ok(cs: tuple[Card, ...]) -> bool:
                    suits = len({c.suit for c in cs})
                    return suits == 2 if pattern == "two_of_a_suit" else not has_flor(cs)

                cards = sample_until(rng, lambda g: tuple(g.sample(DECK, 3)), ok)
        cards = tuple(cards)
        result = flor(cards)
        explanation: FlorMade | NoFlor
        if result is not None:
            expected, explanation = "yes", FlorMade(cards=cards, suit=result.suit)
        else:
            suits = tuple(sorted({c.suit for c in cards}, key=lambda suit: "eboc".index(suit.value)))
            expected, explanation = "no", NoFlor(cards=cards, suits=suits)
        options = (Option("yes", OptionKey.YES), Option("no", OptionKey.NO))
        return Draft(HeldCardsSituation(cards=cards), options, expected, explanation, accepted=frozenset({expected}))


# --- showdown -------------------------------------------------------------------------------------

_SHOWDOWN_PATTERNS = ("random", "tie", "no_tie", "son_buenas")
_ASK = ("winner", "team", "son_buenas")


@dataclass(frozen=True)
class ShowdownParams:
    values: tuple[int, ...] | None
    hands: tuple[tuple[Card, ...], ...] | None
    players: int
    mano: int | None
    pattern: str
    show: str
    ask: str


def showdown_explanation(result: ShowdownResult) -> dict[str, Any]:
    """The engine's showdown as the fields of :class:`ShowdownWon`: who said what, in order, and who won."""
    return {
        "statements": tuple(result.statements),
        "order": tuple(result.order),
        "mano": result.mano,
        "values": tuple(result.values),
        "winner": result.winner,
        "team": result.team,
        "team_values": tuple(result.team_values),
        "tie_broken": result.tie_broken,
    }


class Showdown(Kind):
    """``showdown``: after an accepted envido, who wins, which team, or who says "son buenas"?

    Params: ``values`` (fixed envido of each seat, 2/4/6) or ``hands`` (fixed three-card hands, the
    learner counts), with ``mano`` (default 0); or ``players`` (2/4/6, default 2), ``pattern``
    (random, tie: both teams' best are equal, no_tie: all numbers differ, son_buenas: someone says it) and ``show`` (values or
    hands, default values). ``ask``: winner (a seat, default), team (us/them), son_buenas (the set of
    seats that say it; possibly none).
    The situation shows ``values`` or ``hands`` (as ``show`` says). The explanation is a
    :class:`ShowdownWon` (ask winner or team) or a :class:`SonBuenasSaid` (ask son_buenas).
    """

    name = "showdown"
    answer_type = AnswerType.CHOICE
    """CHOICES when ``ask`` is son_buenas (the draft says so)."""
    option_values = ("us", "them")
    situation_type = ShowdownSituation
    explanation_types = (ShowdownWon, SonBuenasSaid)

    def read(self, r: Reader) -> ShowdownParams:
        values = r.integers("values", 0, MAX_ENVIDO, counts=(2, 4, 6))
        hands = r.hands("hands", counts=(2, 4, 6))
        fixed = values or hands
        if values is not None and hands is not None:
            raise r.error("hands", "give either values or hands")
        players = r.choice("players", (2, 4, 6), default=len(fixed) if fixed else 2)
        if fixed and players != len(fixed):
            raise r.error("players", f"{len(fixed)} seats given")
        mano = r.integer("mano", 0, players - 1, default=0 if fixed else None)
        pattern = r.choice("pattern", _SHOWDOWN_PATTERNS, default="random")
        show = r.choice("show", ("values", "hands"), default="hands" if hands else "values")
        ask = r.choice("ask", _ASK, default="winner")
        if fixed and r.has("pattern"):
            raise r.error("pattern", "give either fixed values/hands or a pattern")
        if values is not None and show == "hands":
            raise r.error("show", "hands cannot be shown when only values are given")
        return ShowdownParams(values, hands, players, mano, pattern, show, ask)

    def draft(self, params: ShowdownParams, rng: random.Random) -> Draft:
        n = params.players
        hands: tuple[tuple[Card, ...], ...] | None = params.hands
        if params.values is not None:
            result = showdown(params.values, params.mano or 0)
        elif hands is not None:
            result = showdown([envido(h).points for h in hands], params.mano or 0)
        else:

            def make(g: random.Random) -> tuple[tuple[tuple[Card, ...], ...], ShowdownResult]:
                dealt = g.sample(DECK, 3 * n)
                hs = tuple(tuple(dealt[3 * i : 3 * i + 3]) for i in range(n))
                mano = params.mano if params.mano is not None else g.randrange(n)
                return hs, showdown([envido(h).points for h in hs], mano)

            def ok(candidate: tuple[Any, ShowdownResult]) -> bool:
                res = candidate[1]
                if params.pattern == "tie":
                    return res.tie_broken
                if params.pattern == "no_tie":
                    return not res.tie_broken and len(set(res.values)) == len(res.values)
                if params.pattern == "son_buenas":
                    return any(s.action is StatementAction.SON_BUENAS for s in res.statements)
                return True

            hands, result = sample_until(rng, make, ok)
        told = showdown_explanation(result)
        situation = ShowdownSituation(
            players=n,
            mano=result.mano,
            order=tuple(result.order),
            values=tuple(result.values) if params.show == "values" else None,
            hands=tuple(hands) if params.show == "hands" and hands is not None else None,
            ask=params.ask,
        )
        seat_options = tuple(Option(str(s), OptionKey.SEAT, seat=s) for s in range(n))
        if params.ask == "son_buenas":
            seats = tuple(sorted({s.seat for s in result.statements if s.action is StatementAction.SON_BUENAS}))
            return Draft(
                situation,
                seat_options,
                frozenset(str(s) for s in seats),
                SonBuenasSaid(seats=seats, **told),
                answer_type=AnswerType.CHOICES,
            )
        if params.ask == "team":
            options, expected = team_options(), team_value(result.team)
        else:
            options, expected = seat_options, str(result.winner)
        return Draft(situation, options, expected, ShowdownWon(**told), accepted=frozenset({expected}))
