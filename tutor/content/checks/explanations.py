"""Why the engine's answer is right: one frozen dataclass per shape of explanation.

Every type has a ``family`` and the ``msgs`` it can carry (``trick.parda``); an instance's ``msg``
says which one it is, and ``to_data()`` gives ``{"msg": ..., ...fields}`` as JSON data. Each kind
names its types in ``Kind.explanation_types``; the web layer tells each type in sentences
(``tutor.web.components.questions.explain``).

Ranking levels are the 14 levels of docs/rules §2, 1 = strongest. Seats and teams as in
:mod:`.situations`.
"""

from __future__ import annotations

import builtins
from dataclasses import dataclass
from typing import ClassVar

from tutor.bots.senas import Sena
from tutor.engine.cards import Card, Suit
from tutor.engine.envido import Statement
from tutor.engine.errors import IllegalActionError, Reason
from tutor.engine.state import Award
from tutor.engine.tricks import ARGENTINE_HAND_RULES, HandRule

from .base import Data, Explanation
from .situations import CallBy

__all__ = [
    "Refusal",
    "CardBeats",
    "CardsEqual",
    "CardOrder",
    "CardsPicked",
    "TrickTaken",
    "TrickByPartners",
    "TrickParda",
    "LeadByWinner",
    "LeadAfterParda",
    "EnvidoCount",
    "EnvidoPair",
    "EnvidoBestPair",
    "EnvidoSingle",
    "EnvidoZero",
    "FlorCount",
    "FlorMade",
    "NoFlor",
    "ShowdownWon",
    "SonBuenasSaid",
    "HandOutcome",
    "EnvidoScored",
    "EnvidoDeclined",
    "EnvidoAccepted",
    "FaltaEnvidoAccepted",
    "CallsOpen",
    "RaisesAllowed",
    "CallsAllowed",
    "TrucoScored",
    "TrucoDeclined",
    "TrucoAccepted",
    "MazoGiven",
    "ScoreHalf",
    "SenaMeant",
    "GameEnded",
    "SeatFound",
]


@dataclass(frozen=True, kw_only=True)
class Refusal(Data):
    """A call that is not possible now, with the engine's reason."""

    call: str
    reason: Reason
    rung: str | None = None
    """The call the rule names, when it names one: the next step of the bet ladder
    (``truco_out_of_order``) or its top (``truco_already_max``), from the engine's error."""

    @classmethod
    def of(cls, call: str, error: IllegalActionError) -> Refusal:
        """The refusal of ``call`` that the engine's ``error`` explains."""
        rung = error.details.get("expected") or error.details.get("top")
        return cls(call=call, reason=error.reason, rung=rung if isinstance(rung, str) else None)


# --- Cards -----------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class CardBeats(Explanation):
    """``stronger_card``: one card beats the other (``stronger.mata`` when the winner is a mata)."""

    family = "stronger"
    msgs = ("stronger.mata", "stronger.higher")

    winner: Card
    loser: Card
    winner_level: int
    loser_level: int
    mata: int | None = None
    """1-4 when the winner is a mata (its place among the four), else None."""
    levels: int = 14
    """How many levels the game's order of the cards has (Argentine 14, Catalan 10, Mineiro 14)."""

    @property
    def msg(self) -> str:
        return "stronger.mata" if self.mata else "stronger.higher"


@dataclass(frozen=True, kw_only=True)
class CardsEqual(Explanation):
    """``stronger_card``: the two cards are on one level."""

    family = "stronger"
    msgs = ("stronger.equal",)

    cards: tuple[Card, Card]
    level: int
    levels: int = 14
    """How many levels the game's order of the cards has."""


@dataclass(frozen=True, kw_only=True)
class CardOrder(Explanation):
    """``order_cards``: the cards strongest first, equal cards grouped."""

    family = "order"
    msgs = ("order",)

    groups: tuple[tuple[Card, ...], ...]
    levels: tuple[int, ...]
    """The level of each group."""
    game: str = "argentino"
    """The game whose order it is (the matas are the Argentine game's)."""


@dataclass(frozen=True, kw_only=True)
class CardsPicked(Explanation):
    """``pick_cards``: the cards with the property, and the others (``pick.figure``, ``pick.mata``,
    ``pick.suit``)."""

    family = "pick"
    msgs = ("pick.figure", "pick.mata", "pick.suit")

    property: str
    """As in the situation: ``figure``, ``mata`` or a suit's name."""
    picked: tuple[Card, ...]
    others: tuple[Card, ...]
    suit: Suit | None = None
    """The suit picked (``pick.suit``), else None."""

    @builtins.property  # the field ``property`` shadows the builtin in the class body
    def msg(self) -> str:
        return "pick.suit" if self.suit is not None else f"pick.{self.property}"


# --- Tricks ----------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class TrickTaken(Explanation):
    """``trick_winner``: a card takes the trick, beating the other team's best card ``beats``
    (``trick.mata`` when the card is a mata)."""

    family = "trick"
    msgs = ("trick.mata", "trick.higher")

    card: Card
    seat: int
    team: int
    beats: Card
    """The best card of the other team(s)."""
    card_level: int
    beats_level: int
    mata: int | None = None
    """1-4 when ``card`` is a mata, else None."""

    @property
    def msg(self) -> str:
        return "trick.mata" if self.mata else "trick.higher"


@dataclass(frozen=True, kw_only=True)
class TrickByPartners(Explanation):
    """``trick_winner``: partners tie for the top card; the first of them played takes the trick."""

    family = "trick"
    msgs = ("trick.partners",)

    card: Card
    seat: int
    team: int
    cards: tuple[Card, ...]
    """The equal top cards."""
    seats: tuple[int, ...]


@dataclass(frozen=True, kw_only=True)
class TrickParda(Explanation):
    """``trick_winner``: the top cards are equal and of different teams."""

    family = "trick"
    msgs = ("trick.parda",)

    cards: tuple[Card, ...]
    """The equal top cards."""
    seats: tuple[int, ...]
    level: int
    leader: int


@dataclass(frozen=True, kw_only=True)
class LeadByWinner(Explanation):
    """``who_leads``: whoever took the trick leads the next one."""

    family = "lead"
    msgs = ("lead.winner",)

    seat: int
    card: Card
    trick: TrickTaken | TrickByPartners
    """Why that card took the trick."""


@dataclass(frozen=True, kw_only=True)
class LeadAfterParda(Explanation):
    """``who_leads``: after a parda the player who led the tied trick leads again."""

    family = "lead"
    msgs = ("lead.parda",)

    seat: int
    cards: tuple[Card, ...]
    seats: tuple[int, ...]


# --- Envido and flor -------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class EnvidoCount(Explanation):
    """``envido_value``: the envido of three cards (the engine's ``envido``)."""

    family = "envido"
    msgs: ClassVar[tuple[str, ...]] = ()

    cards: tuple[Card, ...]
    """In the engine's explanation order: the counted cards first."""
    total: int


@dataclass(frozen=True, kw_only=True)
class EnvidoPair(EnvidoCount):
    """Two cards of one suit: 20 + their values."""

    msgs = ("envido.pair",)

    counted: tuple[Card, ...]
    values: tuple[int, ...]
    bonus: int
    suit: Suit
    other: Card
    """The card of the other suit."""


@dataclass(frozen=True, kw_only=True)
class EnvidoBestPair(EnvidoCount):
    """Three cards of one suit: the best two count."""

    msgs = ("envido.best_pair",)

    counted: tuple[Card, ...]
    values: tuple[int, ...]
    bonus: int
    suit: Suit
    dropped: Card
    """The third card, which does not count."""


@dataclass(frozen=True, kw_only=True)
class EnvidoSingle(EnvidoCount):
    """No two cards of one suit: the best single value."""

    msgs = ("envido.single",)

    card: Card
    value: int


@dataclass(frozen=True, kw_only=True)
class EnvidoZero(EnvidoCount):
    """No two cards of one suit and only figures: 0."""

    msgs = ("envido.zero",)


@dataclass(frozen=True, kw_only=True)
class FlorCount(Explanation):
    """``flor_value``: 20 + the three values."""

    family = "flor"
    msgs = ("flor.value",)

    cards: tuple[Card, ...]
    values: tuple[int, ...]
    bonus: int
    suit: Suit
    total: int


@dataclass(frozen=True, kw_only=True)
class FlorMade(Explanation):
    """``is_flor``: the three cards share one suit."""

    family = "flor"
    msgs = ("flor.yes",)

    cards: tuple[Card, ...]
    suit: Suit


@dataclass(frozen=True, kw_only=True)
class NoFlor(Explanation):
    """``is_flor``: the cards have two or three suits."""

    family = "flor"
    msgs = ("flor.no",)

    cards: tuple[Card, ...]
    suits: tuple[Suit, ...]
    """The distinct suits, in the order espadas, bastos, oros, copas."""


@dataclass(frozen=True, kw_only=True)
class ShowdownWon(Explanation):
    """``showdown``: the engine's showdown, who said what and who won (``showdown.tie`` when the tie
    went to the seat nearer the mano)."""

    family = "showdown"
    msgs: ClassVar[tuple[str, ...]] = ("showdown.best", "showdown.tie")  # SonBuenasSaid has its own

    statements: tuple[Statement, ...]
    order: tuple[int, ...]
    mano: int
    values: tuple[int, ...]
    """Each seat's envido, by seat."""
    winner: int
    team: int
    team_values: tuple[int, int]
    """Each team's best envido."""
    tie_broken: bool

    @property
    def msg(self) -> str:
        return "showdown.tie" if self.tie_broken else "showdown.best"


@dataclass(frozen=True, kw_only=True)
class SonBuenasSaid(ShowdownWon):
    """``showdown`` asking who says "son buenas": the seats that say it (possibly none)."""

    msgs = ("showdown.son_buenas",)

    seats: tuple[int, ...]

    @property
    def msg(self) -> str:
        return "showdown.son_buenas"


# --- Hands and points ------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class HandOutcome(Explanation):
    """``hand_winner``: the rule of docs/rules §3.4 that decides (or not yet) the hand (``hand.<rule>``)."""

    family = "hand"
    msgs = tuple(f"hand.{rule.value}" for rule in ARGENTINE_HAND_RULES)

    rule: HandRule
    outcomes: tuple[str, ...]
    """Who took each trick: mano, other or parda."""
    winner: str | None
    """``mano``, ``other``, or None when undecided."""
    tricks: int
    first: str
    """Who took trick 1 (``parda`` if tied)."""
    deciding: int | None
    """The 1-based trick that decided the hand, or None."""

    @property
    def msg(self) -> str:
        return f"hand.{self.rule.value}"


@dataclass(frozen=True, kw_only=True)
class EnvidoScored(Explanation):
    """``envido_points``: who scores what after the calls and the answer (abstract: see the subclasses)."""

    family = "envido_points"
    msgs: ClassVar[tuple[str, ...]] = ()

    calls: tuple[CallBy, ...]
    points: int
    team: int
    scores: tuple[int, int]
    new_scores: tuple[int, int]
    target: int
    reaches_target: bool


@dataclass(frozen=True, kw_only=True)
class EnvidoDeclined(EnvidoScored):
    """No quiero: a single call gives 1 point, a declined raise what the calls ``before`` it were worth."""

    msgs = ("envido_points.declined_single", "envido_points.declined_raise")

    before: tuple[str, ...] = ()
    """The calls before the declined one (empty for a single call)."""

    @property
    def msg(self) -> str:
        return "envido_points.declined_raise" if self.before else "envido_points.declined_single"


@dataclass(frozen=True, kw_only=True)
class EnvidoAccepted(EnvidoScored):
    """Quiero: the better envido (a tie to the mano) scores the sum of the calls."""

    msgs = ("envido_points.accepted_sum",)

    values: tuple[int, int]
    mano: int
    tie: bool


@dataclass(frozen=True, kw_only=True)
class FaltaEnvidoAccepted(EnvidoAccepted):
    """Quiero to Falta envido: worth what the leading team still needs."""

    msgs = ("envido_points.accepted_falta",)

    leader: int
    leader_score: int
    needed: int


@dataclass(frozen=True, kw_only=True)
class CallsOpen(Explanation):
    """Which calls are possible now, and why each other one is not (abstract: see the subclasses)."""

    msgs: ClassVar[tuple[str, ...]] = ()

    allowed: tuple[str, ...]
    refused: tuple[Refusal, ...]


@dataclass(frozen=True, kw_only=True)
class RaisesAllowed(CallsOpen):
    """``envido_raises``: the raises the engine's ``next_envido_calls`` allows after ``calls``."""

    family = "envido_raises"
    msgs = ("envido_raises",)

    calls: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class CallsAllowed(CallsOpen):
    """``legal_calls``: the calls ``seat`` may make now."""

    family = "legal_calls"
    msgs = ("legal_calls",)

    seat: int
    phase: str


@dataclass(frozen=True, kw_only=True)
class TrucoScored(Explanation):
    """``truco_points``: who scores what (abstract: see the subclasses)."""

    family = "truco_points"
    msgs: ClassVar[tuple[str, ...]] = ()

    calls: tuple[CallBy, ...]
    points: int
    team: int


@dataclass(frozen=True, kw_only=True)
class TrucoDeclined(TrucoScored):
    """No quiero to ``last_call``: the caller's team scores what the hand was worth before it."""

    msgs = ("truco_points.declined",)

    last_call: str


@dataclass(frozen=True, kw_only=True)
class TrucoAccepted(TrucoScored):
    """Quiero: the team that wins the tricks scores the last call's value."""

    msgs = ("truco_points.accepted",)


@dataclass(frozen=True, kw_only=True)
class MazoGiven(TrucoScored):
    """A team (``folder``) went to the mazo: the other scores what the hand is worth."""

    msgs = ("truco_points.mazo",)

    folder: int


@dataclass(frozen=True, kw_only=True)
class ScoreHalf(Explanation):
    """``malas_buenas``: the half of the score a score is in (``score.malas`` / ``score.buenas``)."""

    family = "score"
    msgs = ("score.malas", "score.buenas")

    zone: str
    """``malas`` or ``buenas``."""
    score: int
    target: int
    limit: int
    """The first score in the buenas."""
    points: int
    """The score as players say it (18 of 30 is "3 buenas", engine ``match.standing``)."""
    to_go: int
    """Points still needed to reach the target."""

    @property
    def msg(self) -> str:
        return f"score.{self.zone}"


# --- Scenarios -------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class GameEnded(Explanation):
    """``game_end``: how the last hand's points end the game, or not (``game_end.envido`` /
    ``game_end.tricks`` / ``game_end.nobody``)."""

    family = "game_end"
    msgs = ("game_end.envido", "game_end.tricks", "game_end.nobody")

    how: str
    """``envido`` (its points reach the target), ``tricks`` or ``nobody``."""
    scores: tuple[int, int]
    target: int
    awards: tuple[Award, ...]
    winner: int | None
    final_scores: tuple[int, int]
    counted: int
    """How many awards were scored before the game ended."""

    @property
    def msg(self) -> str:
        return f"game_end.{self.how}"


@dataclass(frozen=True, kw_only=True)
class SeatFound(Explanation):
    """``seat_role``: the seat with the role (``seat.<role>``) and the order of play."""

    family = "seat"
    msgs = ("seat.mano", "seat.dealer", "seat.pie", "seat.next_dealer")

    role: str
    seat: int
    """The answer."""
    players: int
    dealer: int
    mano: int
    order: tuple[int, ...]
    """The order of play from the mano."""
    team: int | None = None
    """``pie``: the team asked about (0)."""
    next_mano: int | None = None
    """``next_dealer``: the mano of the next hand."""

    @property
    def msg(self) -> str:
        return f"seat.{self.role}"


@dataclass(frozen=True)
class SenaMeant(Explanation):
    """``sena_meaning``: the seña shown and the cards it stands for (the seña table's row)."""

    family = "sena"
    msgs = ("sena.meaning",)

    sena: Sena
    cards: tuple[Card, ...]
