"""What every level shares: the :class:`Level`, the :class:`Decision`, and card arithmetic.

Bots read only a :class:`~tutor.engine.state.SeatView` (or, inside the strong bot's simulations,
the same fields of one seat of a simulated hand, :class:`SeatInfo`): the attributes used here are
all fields of ``SeatView``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from ..engine.cards import DECK, Card, Suit
from ..engine.envido import envido_points, flor_points
from ..engine.ladders import BetCall
from ..engine.ranking import Ranking
from ..engine.rules import Rules
from ..engine.stakes import EnvidoCall
from ..engine.state import FACE_DOWN, Action, HandState, Phase
from .reasons import BotReason

__all__ = ["Level", "Decision", "action_text", "BotView", "SeatInfo", "card_table", "CardTable", "team_outcomes"]


class Level(StrEnum):
    """How a computer player plays."""

    RANDOM = "random"
    """Uniform among the legal actions (for tests and benchmarks)."""
    BEGINNER = "beginner"
    """Rules of thumb: envido with a good count, the lowest winning card, truco with strong cards,
    a bluff now and then."""
    STRONG = "strong"
    """Determinized Monte Carlo: every legal action tried on sampled deals, played out by the
    beginner's rules for every seat; the best expected points for the team."""


@dataclass(frozen=True, slots=True)
class Decision:
    """A bot's action with the reason for it (data, worded by the web layer)."""

    action: Action
    reason: BotReason


def action_text(action: Action) -> str:
    """The action without its seat, as the web layer and the API write it: ``1e``, ``truco``,
    ``quiero``, ``no_quiero``, ``mazo``."""
    return action.notation.split(":", 1)[1]


class CardTable:
    """Trick strength, odds and a fixed order of the cards for one ranking, fast to look up.

    Cards of the engine's :data:`~tutor.engine.cards.DECK` are looked up by identity (the bots'
    simulations deal only those objects); any other equal card by value.
    """

    __slots__ = ("by_card", "odds_by_card", "order_by_card", "_strength", "_odds", "_order")

    def __init__(self, ranking: Ranking) -> None:
        self.by_card = {card: ranking.strength(card) for card in DECK}
        self.odds_by_card: dict[Card, float] = {}
        for card in DECK:
            mine = self.by_card[card]
            wins = sum(1 for other in DECK if self.by_card[other] < mine)
            ties = sum(1 for other in DECK if other != card and self.by_card[other] == mine)
            self.odds_by_card[card] = (wins + 0.5 * ties) / 39
        # Strongest first; equal cards by suit then rank, so that a choice among them is fixed.
        ordered = sorted(DECK, key=lambda c: (-self.by_card[c], _SUITS.index(c.suit), c.rank))
        self.order_by_card = {card: i for i, card in enumerate(ordered)}
        self._strength = {id(c): v for c, v in self.by_card.items()}
        self._odds = {id(c): v for c, v in self.odds_by_card.items()}
        self._order = {id(c): v for c, v in self.order_by_card.items()}
        # A card played face down (Truco Mineiro) neither takes nor ties a trick: below every card.
        self._strength[id(FACE_DOWN)] = 0
        self._odds[id(FACE_DOWN)] = 0.0
        self._order[id(FACE_DOWN)] = len(self.order_by_card)

    def strength(self, card: Card) -> int:
        """Grows with trick strength (``Ranking.strength``)."""
        value = self._strength.get(id(card))
        return value if value is not None else self.by_card[card]

    def odds(self, card: Card) -> float:
        """The chance the card beats one card drawn from the other 39 (a tie counts half)."""
        value = self._odds.get(id(card))
        return value if value is not None else self.odds_by_card[card]

    def order(self, card: Card) -> int:
        """Position from the strongest card (0) in a fixed total order."""
        value = self._order.get(id(card))
        return value if value is not None else self.order_by_card[card]


_SUITS = list(Suit)
_TABLES: dict[str, CardTable] = {}


def card_table(ranking: Ranking) -> CardTable:
    """The :class:`CardTable` of ``ranking`` (built once)."""
    table = _TABLES.get(ranking.name)
    if table is None:
        table = _TABLES[ranking.name] = CardTable(ranking)
    return table


class BotView(Protocol):
    """What the rules of thumb read of a seat: the fields :class:`~tutor.engine.state.SeatView` and
    :class:`SeatInfo` share (read-only)."""

    @property
    def seat(self) -> int: ...
    @property
    def team(self) -> int: ...
    @property
    def players(self) -> int: ...
    @property
    def rules(self) -> Rules: ...
    @property
    def mano(self) -> int: ...
    @property
    def dealer(self) -> int: ...
    @property
    def target(self) -> int: ...
    @property
    def legal_actions(self) -> tuple[Action, ...]: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def hand(self) -> tuple[Card, ...]: ...
    @property
    def dealt(self) -> tuple[Card, ...]: ...
    @property
    def envido(self) -> int: ...
    @property
    def has_flor(self) -> bool: ...
    @property
    def tricks(self) -> tuple[tuple[tuple[int, Card], ...], ...]: ...
    @property
    def current_trick(self) -> tuple[tuple[int, Card], ...]: ...
    @property
    def trick_winners(self) -> tuple[int | None, ...]: ...
    @property
    def scores(self) -> tuple[int, int]: ...
    @property
    def truco_level(self) -> int: ...
    @property
    def truco_calls(self) -> tuple[tuple[int, BetCall], ...]: ...
    @property
    def envido_calls(self) -> tuple[tuple[int, EnvidoCall], ...]: ...
    @property
    def flor_announced(self) -> tuple[int, ...]: ...


def team_outcomes(view: BotView) -> list[str]:
    """The completed tricks from the seat's team's side: ``W`` won, ``L`` lost, ``P`` parda."""
    team = view.team
    return ["P" if winner is None else ("W" if winner & 1 == team else "L") for winner in view.trick_winners]


class SeatInfo:
    """The fields of :class:`~tutor.engine.state.SeatView` the bots read, for one seat of a
    simulated hand, computed on demand (a simulation decides thousands of times; a full view
    each time would cost more than the decision). Only that seat's own cards are reachable."""

    __slots__ = ("_state", "seat", "team", "players", "rules", "mano", "target", "_legal", "_hand")

    def __init__(self, state: HandState, seat: int) -> None:
        self._state = state
        self.seat = seat
        self.team = seat & 1
        self.players = state.players
        self.rules = state.rules
        self.mano = state.mano
        self.target = state.rules.target
        self._legal: tuple[Action, ...] | None = None
        self._hand: tuple[Card, ...] | None = None

    @property
    def legal_actions(self) -> tuple[Action, ...]:
        if self._legal is None:
            state = self._state
            self._legal = tuple(state.legal_actions()) if state.to_act == self.seat else ()
        return self._legal

    @property
    def phase(self) -> Phase:
        return self._state.phase

    @property
    def hand(self) -> tuple[Card, ...]:
        if self._hand is None:
            self._hand = self._state.hands[self.seat]
        return self._hand

    @property
    def dealt(self) -> tuple[Card, ...]:
        dealt_hand = getattr(self._state, "dealt_hand", None)
        if dealt_hand is not None:  # Truco Mineiro: the three the seat holds after the mão's choice
            return dealt_hand(self.seat)  # type: ignore[no-any-return]
        dealt = self._state.deal[self.seat]
        return dealt[:1] if getattr(self._state, "one_card", False) else dealt  # Catalan's one-card hand

    @property
    def dealer(self) -> int:
        return self._state.dealer

    @property
    def envido(self) -> int:
        return envido_points(self._state.deal[self.seat])

    @property
    def has_flor(self) -> bool:
        return self.rules.has_flor and flor_points(self._state.deal[self.seat]) is not None

    @property
    def tricks(self) -> tuple[tuple[tuple[int, Card], ...], ...]:
        tricks = self._state.tricks
        down = getattr(self._state, "face_down", None)
        if down:  # another seat's face-down card is hidden from this seat (Truco Mineiro)
            return tuple(tuple(self._mask(s, c, down) for s, c in trick) for trick in tricks)
        return tricks

    @property
    def current_trick(self) -> tuple[tuple[int, Card], ...]:
        current = self._state.current_trick
        down = getattr(self._state, "face_down", None)
        if down:
            return tuple(self._mask(s, c, down) for s, c in current)
        return current

    def _mask(self, seat: int, card: Card, down: dict[Card, int]) -> tuple[int, Card]:
        return (seat, FACE_DOWN if card in down and seat != self.seat else card)

    @property
    def trick_winners(self) -> tuple[int | None, ...]:
        return self._state.trick_winners

    @property
    def scores(self) -> tuple[int, int]:
        return self._state.scores

    @property
    def truco_level(self) -> int:
        return self._state.truco_level

    @property
    def truco_calls(self) -> tuple[tuple[int, BetCall], ...]:
        return self._state.truco_calls

    @property
    def envido_calls(self) -> tuple[tuple[int, EnvidoCall], ...]:
        return self._state.envido_calls

    @property
    def flor_announced(self) -> tuple[int, ...]:
        return self._state.flor_announced
