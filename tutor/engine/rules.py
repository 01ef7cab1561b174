"""Rules as one immutable value, and the named presets (variants) of the engine.

A :class:`Rules` value says everything a hand or a match needs to know about the ruleset: how many
players, the target score, which options are on. It is validated when it is made, so a state never
meets an impossible combination. Presets are registered by name with aliases and found with
:func:`find_variant` (the way python-chess registers its variants).

Which rule each flag follows (sections of docs/rules, which also names the sources and settles
their disagreements):

* ``players`` 2, 4 or 6, teams alternate around the table: docs/rules §7.3. The ``fixed``
  preset allows 2 or 4 only (§9.1).
* ``target`` 30 by default with malas/buenas at half of it; 15 as an option (§7.1); any of 5..30
  in steps of 5 (§9.1).
* ``envido`` on in both presets; the flag exists for the variants without envido (Catalan Truc,
  §9.2; Truco Mineiro, §9.3).
* ``envido_raisable`` True: the ladder Envido, Envido, Real envido, Falta envido (§4.2.3).
  False: each call is accepted or declined as made and a decline gives 1 (§9.1).
* ``falta_mode`` NORMAL (§4.2.5), WINS_GAME in the malas (§4.3, after Spanish
  Wikipedia), TO_FIFTEEN in the malas (§4.3, Litoral). Values come from ``stakes.falta_value``.
* ``flor`` OFF by default (§8); SIMPLE: 3 per flor, no contraflor (§8.2);
  CONTRAFLOR: contraflor and contraflor al resto (§8.3; the values' sources: docs/rules/decisions.md).
* ``early_mazo`` off by default; on: folding in the first trick while the envido could still be
  played gives the opponents one point more (§4.3).
* ``ranking`` the trick ranking table by name; ``"argentine"`` is docs/rules §2.
* Truco values are not an option: each preset brings its bet ladder as data
  (:mod:`~tutor.engine.ladders`: the Argentine 1-2-3-4, the Catalan 1-2-3, the Mineiro 1-3-6-9-12),
  ``Rules.ladder``.

The preset is also the factory of hands: :meth:`Variant.new_hand` (and :meth:`Rules.new_hand`, which
asks the rules' preset) builds the right state class for the game, so no caller outside the engine
builds a :class:`~tutor.engine.state.HandState` itself (as OpenSpiel's ``Game.new_initial_state()``).
The registry also answers what the other layers list: :func:`player_counts`, :func:`table_presets`.

>>> Rules().players, Rules().target, Rules().flor
(2, 30, <FlorMode.OFF: 'off'>)
>>> find_variant("001").rules(target=15).envido_raisable
False
>>> Rules(target=12)
Traceback (most recent call last):
...
tutor.engine.errors.InvalidNotationError: target must be 5..30 in steps of 5, not 12
>>> find_variant("catalan").rules(players=4).target, find_variant("003").defaults.malas is None
(12, True)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, fields, replace
from enum import StrEnum
from importlib import import_module
from typing import TYPE_CHECKING, Any, NoReturn

from .errors import InvalidNotationError, NotationReason
from .ladders import ARGENTINE_TRUCO, CATALAN_TRUC, MINEIRO_TRUCO, Ladder
from .ranking import ARGENTINE, CATALAN, MINEIRO, Ranking
from .stakes import FaltaMode

if TYPE_CHECKING:
    from .cards import Card
    from .state import Deal, HandState

__all__ = [
    "FlorMode",
    "Rules",
    "Variant",
    "VARIANTS",
    "RANKINGS",
    "find_variant",
    "DEFAULT_VARIANT",
    "player_counts",
    "table_presets",
]


class FlorMode(StrEnum):
    """Whether flor is played, and how (docs/rules §8)."""

    OFF = "off"
    """No flor: three of one suit count their best two for envido (the default; docs/rules §8)."""
    SIMPLE = "simple"
    """Flor is announced and scores; no contraflor (docs/rules §8.2)."""
    CONTRAFLOR = "contraflor"
    """Flor with contraflor and contraflor al resto when both teams hold flor (docs/rules §8.3)."""


RANKINGS: dict[str, Ranking] = {ARGENTINE.name: ARGENTINE, CATALAN.name: CATALAN, MINEIRO.name: MINEIRO}
"""Trick ranking tables by name. A variant with another hierarchy registers its table here."""

TARGETS: tuple[int, ...] = tuple(range(5, 31, 5))
"""Targets allowed by the Argentine family of rulesets: 5..30 in steps of 5 (docs/rules §9.1)."""


@dataclass(frozen=True)
class Rules:
    """Everything a hand or a match needs to know about the ruleset; validated on creation.

    Make one through a preset (``find_variant("argentino").rules(players=4)``) or directly; use
    :meth:`replace` to change options.
    """

    variant: str = "argentino"
    """The preset this value belongs to (its canonical name)."""
    players: int = 2
    """2, 4 or 6; team of a seat = seat % 2, partners opposite."""
    target: int = 30
    """Points to win the match; the first half are the malas, the second the buenas."""
    envido: bool = True
    """Whether the envido is played at all."""
    envido_raisable: bool = True
    """Whether an envido call may be answered by a raise (False: docs/rules §9.1)."""
    falta_mode: FaltaMode = FaltaMode.NORMAL
    """What an accepted Falta envido is worth while the teams are in the malas."""
    flor: FlorMode = FlorMode.OFF
    """Flor off, simple or with contraflor."""
    early_mazo: bool = False
    """Folding in the first trick while the envido could still be played costs one point more."""
    ranking: str = "argentine"
    """Name of the trick ranking table in :data:`RANKINGS`."""
    pica_pica: bool = False
    """Six players only: in the pica-pica range redondas alternate with pica-pica rounds of three
    one-against-one duels (docs/rules/argentine.md §7.4; :mod:`~tutor.engine.pica`)."""
    ranking_table: Ranking = field(init=False, repr=False, compare=False)
    """The :class:`Ranking` named by ``ranking`` (resolved on creation)."""

    def __post_init__(self) -> None:
        variant = VARIANTS.get(self.variant)
        if variant is None:
            _bad(NotationReason.UNKNOWN_OPTION, f"unknown variant {self.variant!r}", self.variant)
        if self.players not in variant.players:
            _bad(
                NotationReason.BAD_VALUE,
                f"{variant.name} is played by {'/'.join(map(str, variant.players))} players, not {self.players!r}",
                self.players,
            )
        for name in variant.locked:
            if getattr(self, name) != variant.overrides[name]:
                _bad(
                    NotationReason.BAD_VALUE,
                    f"{variant.name} always plays {name}={variant.overrides[name]}",
                    getattr(self, name),
                )
        if self.target not in variant.targets:
            _bad(NotationReason.BAD_VALUE, f"target must be {variant.targets_text}, not {self.target!r}", self.target)
        for name in ("envido", "envido_raisable", "early_mazo", "pica_pica"):
            if not isinstance(getattr(self, name), bool):
                _bad(NotationReason.BAD_VALUE, f"{name} must be true or false", getattr(self, name))
        if self.pica_pica and self.players != 6:
            _bad(NotationReason.BAD_VALUE, f"pica_pica needs 6 players, not {self.players}", self.players)
        try:
            object.__setattr__(self, "falta_mode", FaltaMode(self.falta_mode))
            object.__setattr__(self, "flor", FlorMode(self.flor))
        except ValueError as exc:
            _bad(NotationReason.BAD_VALUE, str(exc), None)
        table = RANKINGS.get(self.ranking)
        if table is None:
            _bad(NotationReason.UNKNOWN_OPTION, f"unknown ranking {self.ranking!r}", self.ranking)
        object.__setattr__(self, "ranking_table", table)

    @property
    def teams(self) -> int:
        """Always 2: seats alternate between team 0 and team 1."""
        return 2

    @property
    def malas(self) -> int | None:
        """The points of the malas (the first half of the target), None in a game without malas and
        buenas (the preset says: :attr:`Variant.malas`)."""
        return self.target // 2 if VARIANTS[self.variant].malas else None

    @property
    def ladder(self) -> Ladder:
        """The preset's truco ladder (calls and values as data)."""
        return VARIANTS[self.variant].ladder

    def new_hand(
        self,
        deal: Sequence[Iterable[Card | str] | str],
        mano: int = 0,
        scores: Sequence[int] = (0, 0),
        *,
        pica: bool = False,
    ) -> HandState:
        """A new hand of this game (the preset's state class): the engine's only hand factory.
        ``pica`` True deals a pica-pica round instead (:class:`~tutor.engine.pica.PicaPicaHand`; the
        ``pica_pica`` option and scores in its range are needed; whether it is due:
        :func:`~tutor.engine.pica.pica_pica_due`).

        >>> Rules().new_hand("1e,7o,3b|4c,5c,6c").to_act
        0
        """
        return VARIANTS[self.variant].new_hand(deal, mano, scores, rules=self, pica=pica)

    @property
    def has_flor(self) -> bool:
        """True when flor is played."""
        return self.flor is not FlorMode.OFF

    def replace(self, **changes: Any) -> Rules:
        """A copy with some options changed (validated again).

        >>> Rules().replace(players=4).players
        4
        """
        return replace(self, **changes)

    def options(self) -> dict[str, Any]:
        """The options that differ from this rules' preset (for the compact notation)."""
        base = VARIANTS[self.variant].defaults
        return {
            f.name: getattr(self, f.name)
            for f in fields(self)
            if f.init and f.name != "variant" and getattr(self, f.name) != getattr(base, f.name)
        }


def _bad(reason: NotationReason, message: str, value: Any) -> NoReturn:
    raise InvalidNotationError(reason, message, value=value)


@dataclass(frozen=True)
class Variant:
    """A named preset: default rules plus what may vary (python-chess style registry entry)."""

    name: str
    """Canonical name, also written in the notation."""
    aliases: tuple[str, ...]
    """Other names accepted by :func:`find_variant` (lower case)."""
    description: str
    """One line for developers (the web layer translates its own text)."""
    players: tuple[int, ...]
    """Allowed numbers of players."""
    targets: tuple[int, ...]
    """Allowed targets."""
    overrides: dict[str, Any] = field(default_factory=dict)
    """Options that differ from :class:`Rules` defaults."""
    locked: frozenset[str] = frozenset()
    """Options of ``overrides`` that define the preset and cannot be changed."""
    ladder: Ladder = ARGENTINE_TRUCO
    """The truco bets: calls with the values accepted and declined."""
    malas: bool = True
    """Whether the target splits into malas and buenas at its half (docs/rules §7)."""
    hand: str = "state:HandState"
    """The hand's state class, ``module:Class`` inside the engine (resolved on first use)."""
    table: bool = True
    """Offered at the table (``/play``) and by the API's presets; a game the app cannot play yet is not."""
    eleven: int | None = None
    """A game with the decision on 11: the hand's value when the team on 11 plays (Catalan 3, Mineiro 3)."""
    deck: str | None = None
    """The deck the game is always played with, as the card faces are named (``"french"``: Truco
    Mineiro's French cards, docs/rules/mineiro.md §9.3.1); None: the player's choice of face."""
    spare_threes: int = 0
    """How many more threes a deal holds after the seats' hands: the threes the mão may be given after
    passing or burning (Truco Mineiro 3: he sees at most four threes). ``deal(..., spare=...)``."""

    def deal(self, rng: random.Random | int | str | None = None, players: int = 2, mano: int = 0) -> Deal:
        """A shuffled deal for this game (``state.deal`` with the game's :attr:`spare_threes`).

        >>> [len(part) for part in find_variant("mineiro").deal(1, players=4)]
        [3, 3, 3, 3, 3, 3, 3]
        """
        from .state import deal

        return deal(rng, players, mano, spare=self.spare_threes)

    @property
    def targets_text(self) -> str:
        """The allowed targets in words for error messages (``5..30 in steps of 5`` or ``12``)."""
        t = self.targets
        if len(t) > 2 and all(b - a == t[1] - t[0] for a, b in zip(t, t[1:], strict=False)):
            return f"{t[0]}..{t[-1]} in steps of {t[1] - t[0]}"
        return " or ".join(map(str, t))

    def new_hand(
        self,
        deal: Sequence[Iterable[Card | str] | str],
        mano: int = 0,
        scores: Sequence[int] = (0, 0),
        *,
        rules: Rules | None = None,
        pica: bool = False,
    ) -> HandState:
        """A new hand of this game: ``rules`` (default: the preset's defaults), ``deal``, ``mano``, ``scores``.

        >>> find_variant("fixed").new_hand("3e,2o,4b|1e,5c,6c").rules.envido_raisable
        False
        >>> type(find_variant("catalan").new_hand("3e,2o,4b|1e,5c,6c")).__name__
        'CatalanHand'
        """
        module, _, name = self.hand.partition(":")
        if pica:
            module, name = "pica", "PicaPicaHand"
        cls = getattr(import_module(f"{__package__}.{module}"), name)
        hand: HandState = cls(rules if rules is not None else self.defaults, deal, mano, scores)
        return hand

    @property
    def defaults(self) -> Rules:
        """The preset's rules with no option changed."""
        return Rules(variant=self.name, **self.overrides)

    def rules(self, **options: Any) -> Rules:
        """The preset's rules with some options changed (validated).

        >>> find_variant("argentino").rules(players=4, flor="simple").flor
        <FlorMode.SIMPLE: 'simple'>
        """
        unknown = set(options) - {f.name for f in fields(Rules) if f.init and f.name != "variant"}
        if unknown:
            name = sorted(unknown)[0]
            _bad(NotationReason.UNKNOWN_OPTION, f"unknown option {name!r}", name)
        return Rules(variant=self.name, **{**self.overrides, **options})


VARIANTS: dict[str, Variant] = {}
"""Registered presets by canonical name."""
_ALIASES: dict[str, str] = {}


def register(variant: Variant) -> Variant:
    """Add a preset to the registry (its name and aliases become findable)."""
    VARIANTS[variant.name] = variant
    for name in (variant.name, *variant.aliases):
        _ALIASES[name.lower()] = variant.name
    return variant


register(
    Variant(
        name="argentino",
        aliases=("argentine", "default", "truco", "000"),
        description="Argentine Truco as docs/rules §1-§8 describe it (default).",
        players=(2, 4, 6),
        targets=TARGETS,
    )
)
register(
    Variant(
        name="fixed",
        aliases=("001", "fixed-ranking", "no-raise"),
        description="docs/rules §9.1: envido not raisable (decline 1), no flor, target 5-30, fold is not decline.",
        players=(2, 4),
        targets=TARGETS,
        overrides={"envido_raisable": False, "flor": FlorMode.OFF},
        locked=frozenset({"envido_raisable", "flor"}),
    )
)

register(
    Variant(
        name="catalan",
        aliases=("003", "truc", "catala", "catalan-truc"),
        description="Catalan Truc (docs/rules/catalan.md): to 12, truc and retruc, the decision on 11, the knock.",
        players=(2, 4),
        targets=(12,),
        overrides={
            "target": 12,
            "envido": False,
            "envido_raisable": True,
            "falta_mode": FaltaMode.NORMAL,
            "early_mazo": False,
            "flor": FlorMode.OFF,
            "ranking": "catalan",
        },
        locked=frozenset({"envido", "flor", "ranking", "falta_mode", "early_mazo", "envido_raisable"}),
        ladder=CATALAN_TRUC,
        malas=False,
        hand="catalan:CatalanHand",
        eleven=3,
    )
)

register(
    Variant(
        name="mineiro",
        aliases=("004", "truco-mineiro", "brazilian", "truco_mineiro"),
        description="Truco Mineiro (docs/rules/mineiro.md): manilhas, truco 3-6-9-12 on the current trick, "
        "face-down cards, mão de onze and mão de ferro, keep/pass/burn, to 12.",
        players=(2, 4),
        targets=(12,),
        overrides={
            "target": 12,
            "envido": False,
            "envido_raisable": True,
            "falta_mode": FaltaMode.NORMAL,
            "early_mazo": False,
            "flor": FlorMode.OFF,
            "ranking": "mineiro",
        },
        locked=frozenset({"envido", "flor", "ranking", "falta_mode", "early_mazo", "envido_raisable"}),
        ladder=MINEIRO_TRUCO,
        malas=False,
        hand="mineiro:MineiroHand",
        table=True,
        eleven=3,
        spare_threes=3,
        deck="french",
    )
)

DEFAULT_VARIANT = "argentino"
"""The preset used when none is named."""


def find_variant(name: str) -> Variant:
    """The preset called ``name`` or one of its aliases (case-insensitive).

    >>> find_variant("Argentine").name, find_variant("001").name
    ('argentino', 'fixed')
    >>> find_variant("paulista")
    Traceback (most recent call last):
    ...
    tutor.engine.errors.InvalidNotationError: unknown variant 'paulista'
    """
    key = _ALIASES.get(str(name).strip().lower())
    if key is None:
        raise InvalidNotationError(NotationReason.UNKNOWN_OPTION, f"unknown variant {name!r}", value=name)
    return VARIANTS[key]


def table_presets() -> tuple[str, ...]:
    """The presets the app offers at the table and in its API, in registry order.

    >>> table_presets()
    ('argentino', 'fixed', 'catalan', 'mineiro')
    """
    return tuple(v.name for v in VARIANTS.values() if v.table)


def player_counts(preset: str | None = None, *, table: bool = True) -> tuple[int, ...]:
    """The numbers of players of one preset, or of every preset (offered at the table with ``table``).

    >>> player_counts(), player_counts("catalan"), player_counts(table=False)
    ((2, 4, 6), (2, 4), (2, 4, 6))
    """
    if preset is not None:
        return find_variant(preset).players
    return tuple(sorted({p for v in VARIANTS.values() if v.table or not table for p in v.players}))
