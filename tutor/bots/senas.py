"""Señas: the signals a computer player shows its partner for its top cards (4 and 6 players).

The set is the common Argentine one (docs/rules/decisions.md, "Señas (the computer players' set)"; lesson 8
names the first two). Catalan Truc has its own three (docs/rules/catalan.md §9.2.10): one eye closed
for a three, pursed lips for a two, the tip of the tongue for an ace, and no seña for "nothing";
Truco Mineiro has the usual Brazilian five (docs/rules/mineiro.md §9.3.11): a wink for the zap, raised
eyebrows for the copas, a puffed cheek for the espadilha, the tongue for the pica-fumo, a raised
shoulder for a three (:data:`GAME_SENAS` picks a game's set). A :class:`Sena` is data: its value names it, :attr:`Sena.cards` says which
cards it stands for. :func:`senas` says which señas a seat shows; :func:`noticed` decides, from a
seed, whether an opponent caught one ("the opponents notice a seña now and then");
:func:`facts` turns señas seen into facts for :func:`tutor.engine.determinize.determinize`, so
that the strong bot plays with what it has seen; :func:`known_facts` gathers them for one seat
(its partners' señas, and the opponents' it noticed).

>>> [s.value for s in senas_for_cards(parse_cards("1e 3o 4c"))]
['ancho_espada', 'tres']
>>> [c.notation for c in Sena.ANCHO_FALSO.cards]
['1o', '1c']
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from enum import StrEnum

from ..engine.cards import Card, parse_cards
from ..engine.determinize import HandFact
from ..engine.ranking import ARGENTINE, CATALAN, MINEIRO, Ranking
from .common import BotView

__all__ = [
    "Sena",
    "senas",
    "senas_for_cards",
    "game_senas",
    "noticed",
    "facts",
    "known_facts",
    "MAX_SENAS",
    "NOTICE_CHANCE",
    "SENA_CARDS",
]

MAX_SENAS = 2
"""A seat signals at most its two best cards (and its flor)."""
NOTICE_CHANCE = 0.25
"""The chance that an opponent notices one seña (own choice)."""


class Sena(StrEnum):
    """A seña, by what it stands for; the gesture is in docs/rules/decisions.md and the web layer's text."""

    ANCHO_ESPADA = "ancho_espada"
    """The 1 of espadas: raising the eyebrows."""
    ANCHO_BASTO = "ancho_basto"
    """The 1 of bastos: a wink."""
    SIETE_ESPADA = "siete_espada"
    """The 7 of espadas: the corner of the mouth pulled to the right."""
    SIETE_ORO = "siete_oro"
    """The 7 of oros: the corner of the mouth pulled to the left."""
    TRES = "tres"
    """A 3: biting the lower lip."""
    DOS = "dos"
    """A 2: a kiss (pursed lips)."""
    ANCHO_FALSO = "ancho_falso"
    """A false ace (1 of oros or of copas): the mouth open."""
    FLOR = "flor"
    """A flor (three cards of one suit): puffed cheeks."""
    NADA = "nada"
    """None of these cards: the eyes closed."""
    TRUC_TRES = "truc_tres"
    """Catalan Truc: a 3 (its best card), one eye closed."""
    TRUC_DOS = "truc_dos"
    """Catalan Truc: a 2, pursed lips."""
    TRUC_AS = "truc_as"
    """Catalan Truc: an ace (any of the four, equal in this game), the tip of the tongue shown."""
    ZAP = "mineiro_zap"
    """Truco Mineiro: the zap (4♣, its best card), a wink."""
    COPAS = "mineiro_copas"
    """Truco Mineiro: the copas (7♥), raising the eyebrows."""
    ESPADILHA = "mineiro_espadilha"
    """Truco Mineiro: the espadilha (A♠), a cheek puffed out."""
    PICA_FUMO = "mineiro_pica_fumo"
    """Truco Mineiro: the pica-fumo (7♦), the tongue shown."""
    MINEIRO_TRES = "mineiro_tres"
    """Truco Mineiro: a 3 (any suit), a shoulder raised."""

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards this seña stands for (empty for FLOR and NADA)."""
        return SENA_CARDS.get(self, ())


SENA_CARDS: dict[Sena, tuple[Card, ...]] = {
    Sena.ANCHO_ESPADA: parse_cards("1e"),
    Sena.ANCHO_BASTO: parse_cards("1b"),
    Sena.SIETE_ESPADA: parse_cards("7e"),
    Sena.SIETE_ORO: parse_cards("7o"),
    Sena.TRES: parse_cards("3e 3b 3o 3c"),
    Sena.DOS: parse_cards("2e 2b 2o 2c"),
    Sena.ANCHO_FALSO: parse_cards("1o 1c"),
    Sena.TRUC_TRES: parse_cards("3e 3b 3o 3c"),
    Sena.TRUC_DOS: parse_cards("2e 2b 2o 2c"),
    Sena.TRUC_AS: parse_cards("1e 1b 1o 1c"),
    Sena.ZAP: parse_cards("4♣"),
    Sena.COPAS: parse_cards("7♥"),
    Sena.ESPADILHA: parse_cards("A♠"),
    Sena.PICA_FUMO: parse_cards("7♦"),
    Sena.MINEIRO_TRES: parse_cards("3♠ 3♣ 3♦ 3♥"),
}
"""The cards of each card seña, strongest seña first within a game's set."""

ARGENTINE_SENAS: tuple[Sena, ...] = (
    Sena.ANCHO_ESPADA,
    Sena.ANCHO_BASTO,
    Sena.SIETE_ESPADA,
    Sena.SIETE_ORO,
    Sena.TRES,
    Sena.DOS,
    Sena.ANCHO_FALSO,
)
CATALAN_SENAS: tuple[Sena, ...] = (Sena.TRUC_TRES, Sena.TRUC_DOS, Sena.TRUC_AS)
MINEIRO_SENAS: tuple[Sena, ...] = (Sena.ZAP, Sena.COPAS, Sena.ESPADILHA, Sena.PICA_FUMO, Sena.MINEIRO_TRES)
"""Truco Mineiro's set: the four manilhas and the threes (docs/rules/mineiro.md §9.3.11)."""
GAME_SENAS: dict[str, tuple[Sena, ...]] = {"catalan": CATALAN_SENAS, "mineiro": MINEIRO_SENAS}
"""The card señas of a preset by name when they are not the Argentine set (:data:`ARGENTINE_SENAS`)."""
GAME_RANKINGS: dict[str, Ranking] = {"catalan": CATALAN, "mineiro": MINEIRO}
"""The ranking that orders a game's señas, strongest card first (the Argentine one for the others)."""

_SENA_OF: dict[Card, Sena] = {card: sena for sena in ARGENTINE_SENAS for card in SENA_CARDS[sena]}
_SIGNALLED = frozenset(_SENA_OF)


def senas_for_cards(cards: Iterable[Card], flor: bool = False, game: str = "argentino") -> tuple[Sena, ...]:
    """The señas for these cards in ``game`` (a preset's name): FLOR first when ``flor``, then the
    señas of the best cards (at most :data:`MAX_SENAS`, one per seña), or NADA when no card has a
    seña and the game's set has one for that.

    >>> [s.value for s in senas_for_cards(parse_cards("1e 3o 4c"), game="catalan")]
    ['truc_tres', 'truc_as']
    >>> senas_for_cards(parse_cards("12e 7o 4c"), game="catalan")
    ()
    >>> [s.value for s in senas_for_cards(parse_cards("3♥ A♠ 4♣"), game="mineiro")]
    ['mineiro_zap', 'mineiro_espadilha']
    >>> senas_for_cards(parse_cards("A♣ 7♠ K♥"), game="mineiro")
    ()
    """
    found: list[Sena] = [Sena.FLOR] if flor else []
    of = _SENA_OF if game not in GAME_SENAS else {c: s for s in GAME_SENAS[game] for c in SENA_CARDS[s]}
    ranking = GAME_RANKINGS.get(game, ARGENTINE)
    ordered = sorted(cards, key=lambda c: (ranking.level(c), c.suit.value))
    card_senas: list[Sena] = []
    for card in ordered:
        sena = of.get(card)
        if sena is not None and sena not in card_senas:
            card_senas.append(sena)
    found.extend(card_senas[:MAX_SENAS])
    if not card_senas and not flor and game not in GAME_SENAS:
        found.append(Sena.NADA)
    return tuple(found)


def game_senas(game: str, flor: bool = False) -> tuple[Sena, ...]:
    """Every seña a player of ``game`` (a preset's name) may make: the game's set (Catalan Truc's
    three, docs/rules/catalan.md §9.2.10; Truco Mineiro's five, docs/rules/mineiro.md §9.3.11), else the
    Argentine set with FLOR when flor is played and
    NADA; what the learner chooses from at the table (a seña need not be true).

    >>> [s.value for s in game_senas("catalan")]
    ['truc_tres', 'truc_dos', 'truc_as']
    >>> [s.value for s in game_senas("argentino", flor=True)][-2:]
    ['flor', 'nada']
    """
    if game in GAME_SENAS:
        return GAME_SENAS[game]
    return (*ARGENTINE_SENAS, *((Sena.FLOR,) if flor else ()), Sena.NADA)


def senas(view: BotView) -> tuple[Sena, ...]:
    """The señas ``view``'s seat shows its partner for the cards it still holds (none with 2
    players: there is no partner)."""
    if view.players < 4:
        return ()
    return senas_for_cards(view.hand, flor=bool(view.has_flor), game=view.rules.variant)


def noticed(seed: int | str, seat: int, observer: int, chance: float = NOTICE_CHANCE) -> bool:
    """Whether ``observer`` (an opponent of ``seat``) noticed ``seat``'s señas, drawn from ``seed``
    alone (give the hand's own seed, e.g. the table's seed and the hand number)."""
    return random.Random(f"sena:{seed}:{seat}:{observer}").random() < chance


def known_facts(seat: int, shown: Mapping[int, Sequence[Sena]], seed: int | str) -> tuple[HandFact, ...]:
    """What ``seat`` knows from the señas shown at its table (``shown[s]``: the señas seat ``s``
    showed this hand): its partners' always, an opponent's when it noticed them
    (:func:`noticed` with ``seed``, the hand's seed)."""
    out: list[HandFact] = []
    for other in sorted(shown):
        if other == seat:
            continue
        if other & 1 == seat & 1 or noticed(seed, other, seat):
            out.extend(facts(other, shown[other]))
    return tuple(out)


def facts(seat: int, shown: Sequence[Sena]) -> tuple[HandFact, ...]:
    """What ``seat``'s señas tell about its dealt cards, as facts for the determinization (NADA:
    none of the Argentine set's cards; the Catalan and Mineiro sets have no such seña)."""
    out: list[HandFact] = []
    for sena in shown:
        if sena is Sena.FLOR:
            out.append(HandFact(seat, flor=True))
        elif sena is Sena.NADA:
            out.append(HandFact(seat, none_of=_SIGNALLED))
        else:
            out.append(HandFact(seat, any_of=frozenset(sena.cards)))
    return tuple(out)
