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
* Truco values are not an option: 1, 2, 3, 4 with a decline giving the step below (docs/rules
  §5.2), from ``stakes``. docs/rules/decisions.md ("Variants to come") says how a variant
  with another ladder (Truco Mineiro: 1, 3, 6, 9, 12) would bring its own.

>>> Rules().players, Rules().target, Rules().flor
(2, 30, <FlorMode.OFF: 'off'>)
>>> find_variant("001").rules(target=15).envido_raisable
False
>>> Rules(target=12)
Traceback (most recent call last):
...
tutor.engine.errors.InvalidNotationError: target must be 5..30 in steps of 5, not 12
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from enum import StrEnum
from typing import Any, NoReturn

from .errors import InvalidNotationError, NotationReason
from .ranking import ARGENTINE, Ranking
from .stakes import FaltaMode

__all__ = ["FlorMode", "Rules", "Variant", "VARIANTS", "RANKINGS", "find_variant", "DEFAULT_VARIANT"]


class FlorMode(StrEnum):
    """Whether flor is played, and how (docs/rules §8)."""

    OFF = "off"
    """No flor: three of one suit count their best two for envido (the default; docs/rules §8)."""
    SIMPLE = "simple"
    """Flor is announced and scores; no contraflor (docs/rules §8.2)."""
    CONTRAFLOR = "contraflor"
    """Flor with contraflor and contraflor al resto when both teams hold flor (docs/rules §8.3)."""


RANKINGS: dict[str, Ranking] = {ARGENTINE.name: ARGENTINE}
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
            _bad(NotationReason.BAD_VALUE, f"target must be 5..30 in steps of 5, not {self.target!r}", self.target)
        for name in ("envido", "envido_raisable", "early_mazo"):
            if not isinstance(getattr(self, name), bool):
                _bad(NotationReason.BAD_VALUE, f"{name} must be true or false", getattr(self, name))
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
    def malas(self) -> int:
        """The points of the malas (the first half of the target)."""
        return self.target // 2

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

"""Alias of :data:`VARIANTS`."""

DEFAULT_VARIANT = "argentino"
"""The preset used when none is named."""


def find_variant(name: str) -> Variant:
    """The preset called ``name`` or one of its aliases (case-insensitive).

    >>> find_variant("Argentine").name, find_variant("001").name
    ('argentino', 'fixed')
    >>> find_variant("mineiro")
    Traceback (most recent call last):
    ...
    tutor.engine.errors.InvalidNotationError: unknown variant 'mineiro'
    """
    key = _ALIASES.get(str(name).strip().lower())
    if key is None:
        raise InvalidNotationError(NotationReason.UNKNOWN_OPTION, f"unknown variant {name!r}", value=name)
    return VARIANTS[key]
