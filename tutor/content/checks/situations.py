"""What a question shows before it is answered: one frozen dataclass per shape of situation.

Each kind names its type in ``Kind.situation_type``; the web layer has one presenter per type
(``tutor.web.components.questions``). Cards are engine ``Card`` objects; seats are numbered in playing
order with seat 0 the learner, and the team of a seat is ``seat % 2`` (team 0 is the learner's).
Nothing here reveals the expected answer.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.bots.senas import Sena
from tutor.engine.cards import Card
from tutor.engine.rules import Rules
from tutor.engine.state import Action, Award, SeatView

from .base import Data, Situation

__all__ = [
    "CallBy",
    "CardsSituation",
    "PickSituation",
    "TrickSituation",
    "HeldCardsSituation",
    "ShowdownSituation",
    "TricksPlayedSituation",
    "EnvidoCallsSituation",
    "LadderSituation",
    "TrucoCallsSituation",
    "ScoreSituation",
    "PlayedHandSituation",
    "GameEndSituation",
    "TableSituation",
    "SenaSituation",
]


@dataclass(frozen=True, kw_only=True)
class CallBy(Data):
    """One call of a sequence, with the team that made it (raises alternate between the teams)."""

    call: str
    """The call's name: ``envido``, ``real_envido``, ``falta_envido``, ``truco``, ``retruco``, ``vale_cuatro``."""
    team: int


# --- Cards -----------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class CardsSituation(Situation):
    """Cards to compare or to put in order (``stronger_card``, ``order_cards``): the options, or the
    order form, draw them."""

    cards: tuple[Card, ...]
    game: str = "argentino"
    """The game whose order of the cards is asked (an engine preset: argentino, catalan, mineiro)."""


@dataclass(frozen=True, kw_only=True)
class PickSituation(CardsSituation):
    """Cards to pick from by a property (``pick_cards``)."""

    property: str
    """``figure``, ``mata``, or a suit: ``espadas``, ``bastos``, ``oros``, ``copas``."""


@dataclass(frozen=True, kw_only=True)
class TrickSituation(Situation):
    """One trick (``trick_winner``, ``who_leads``)."""

    cards: tuple[Card, ...]
    """In playing order."""
    seats: tuple[int, ...]
    """The seat that played each card."""
    teams: tuple[int, ...]
    """The team of each card."""
    players: int
    leader: int
    """The seat that played the first card."""


# --- Envido and flor -------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class HeldCardsSituation(Situation):
    """The learner's three cards (``envido_value``, ``flor_value``, ``is_flor``)."""

    cards: tuple[Card, ...]


@dataclass(frozen=True, kw_only=True)
class ShowdownSituation(Situation):
    """An accepted envido about to be shown (``showdown``)."""

    players: int
    mano: int
    order: tuple[int, ...]
    """The speaking order, from the mano."""
    values: tuple[int, ...] | None
    """The envido of each seat (by seat), or None when the hands are shown instead."""
    hands: tuple[tuple[Card, ...], ...] | None
    """The three cards of each seat (by seat), or None when the values are shown."""
    ask: str
    """What the question asks: ``winner`` (a seat), ``team`` (us/them) or ``son_buenas`` (seats)."""


# --- Points and hands ------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class TricksPlayedSituation(Situation):
    """The tricks of a hand so far (``hand_winner``)."""

    outcomes: tuple[str, ...]
    """Who took each trick: ``mano`` (the mano's team), ``other`` or ``parda``."""
    codes: str
    """The same in the engine's letters: W (won by the mano's team), L (lost), P (parda), e.g. ``"WP"``."""


@dataclass(frozen=True, kw_only=True)
class EnvidoCallsSituation(Situation):
    """Envido calls and their answer, between two players (``envido_points``)."""

    calls: tuple[CallBy, ...]
    response: str
    """``quiero`` or ``no_quiero``."""
    responder: int
    """The team that answered the last call."""
    scores: tuple[int, int]
    target: int
    values: tuple[int, int] | None
    """Each team's envido when accepted, else None."""
    mano: int
    """The team of the mano."""
    players: int = 2


@dataclass(frozen=True, kw_only=True)
class LadderSituation(Situation):
    """The envido calls made so far, alternating teams (``envido_raises``)."""

    calls: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class TrucoCallsSituation(Situation):
    """Truco calls and how the hand ended, between two players (``truco_points``)."""

    calls: tuple[CallBy, ...]
    ending: str
    """``quiero`` (the last call accepted), ``no_quiero`` (declined) or ``mazo`` (a team folded)."""
    winner: int | None = None
    """``quiero``: the team that wins the tricks."""
    folder: int | None = None
    """``mazo``: the team that goes to the mazo."""
    players: int = 2


@dataclass(frozen=True, kw_only=True)
class ScoreSituation(Situation):
    """A score in a game (``malas_buenas``)."""

    score: int
    target: int


# --- Scenarios played on the engine's hand ------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class PlayedHandSituation(Situation):
    """A hand in progress, as the seat to act sees it (``legal_calls``)."""

    players: int
    seat: int
    """The seat to act."""
    mano: int
    dealer: int
    phase: str
    """The engine's ``Phase`` value."""
    actions: tuple[Action, ...]
    """The hand's log so far (engine actions; all of them are public at a Truco table)."""
    view: SeatView
    """The engine's view of ``seat``, with its legal actions removed."""
    rules: Rules


@dataclass(frozen=True, kw_only=True)
class GameEndSituation(Situation):
    """The last hand of a game, its points in the engine's order (``game_end``)."""

    scores: tuple[int, int]
    """Before the hand."""
    target: int
    awards: tuple[Award, ...]
    """Every award of the hand (envido first), as the engine scored it from 0-0."""
    players: int = 2


@dataclass(frozen=True, kw_only=True)
class TableSituation(Situation):
    """Seats around a table (``seat_role``)."""

    players: int
    role: str
    """The role asked about: ``mano``, ``dealer``, ``pie`` or ``next_dealer``."""
    dealer: int | None
    """The dealer, given unless the dealer is asked for."""
    mano: int | None
    """The mano, given only when the dealer is asked for."""


@dataclass(frozen=True, kw_only=True)
class SenaSituation(Situation):
    """A partner making one seña (``sena_meaning``): the gesture only, never what it means."""

    sena: Sena
