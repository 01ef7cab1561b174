"""What the anotador's buttons are worth, computed by the engine and embedded in the page as data.

The page's script never applies a rule: every award's points come from ``tutor.engine.stakes``
(``envido_stake``, ``truco_stake``, ``hand_value``, ``simple_flor_points``, ``flor_stake``), the
score-dependent ones (an accepted Falta envido, an accepted Contraflor al resto) as a table indexed
by the leading team's score (``falta_value``: what the leader still needs, docs/rules/argentine.md
§4.2.5), and the way each score is said and drawn (malas and buenas, squares of five) from the
table's own ``score_view``. With three teams the leader is the team with the most points.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...engine.stakes import (
    EnvidoCall,
    envido_stake,
    falta_value,
    flor_stake,
    hand_value,
    simple_flor_points,
    truco_stake,
)
from ...i18n import gettext as _, ngettext
from ...narration.words import answer_name, call_name, calls_text
from ..components.table.view import score_view

TARGETS = (15, 30)
TEAM_COUNTS = (2, 3)

ENVIDO_LADDERS: tuple[tuple[str, ...], ...] = (
    ("envido",),
    ("real_envido",),
    ("falta_envido",),
    ("envido", "envido"),
    ("envido", "real_envido"),
    ("envido", "envido", "real_envido"),
    ("envido", "falta_envido"),
    ("envido", "envido", "falta_envido"),
    ("real_envido", "falta_envido"),
    ("envido", "real_envido", "falta_envido"),
    ("envido", "envido", "real_envido", "falta_envido"),
)
"""The eleven envido ladders of docs/rules/argentine.md §4.2.3."""
MAIN_LADDERS = {("envido",), ("real_envido",), ("falta_envido",)}
"""The ladders with a big button of their own; the others are under "Other envido calls"."""


@dataclass(frozen=True)
class Award:
    """One button: its key (kept in the history), its label, its points (or ``by``: ``falta`` or
    ``resto``, looked up in the page's table by the leader's score), whether it ends the hand, and
    whether it is one of the big buttons."""

    key: str
    label: str
    points: int | None
    by: str | None = None
    ends_hand: bool = False
    main: bool = True
    group: str = "envido"


def _labelled(calls: str, quiero: bool) -> str:
    # Translators: an anotador button: the calls made, then the answer (Quiero or No quiero), e.g. "Envido, Real envido: Quiero".
    return _("%(calls)s: %(answer)s", calls=calls, answer=answer_name(quiero))


def envido_awards(target: int) -> list[Award]:
    found = []
    for ladder in ENVIDO_LADDERS:
        stake = envido_stake(ladder, target=target)
        key = "-".join(ladder)
        falta = ladder[-1] == EnvidoCall.FALTA_ENVIDO
        main = ladder in MAIN_LADDERS
        found.append(
            Award(
                f"{key}:q",
                _labelled(calls_text(ladder), True),
                None if falta else stake.accepted,
                "falta" if falta else None,
                main=main,
            )
        )
        found.append(Award(f"{key}:n", _labelled(calls_text(ladder), False), stake.declined, main=main))
    return found


def truco_awards() -> list[Award]:
    # Translators: an anotador button: the hand was played out with no truco accepted (worth 1 point).
    found = [Award("hand", _("The hand, without truco"), hand_value(0), ends_hand=True, group="truco")]
    ladder: list[str] = []
    for call in ("truco", "retruco", "vale_cuatro"):
        ladder.append(call)
        stake = truco_stake(ladder)
        found.append(
            Award(f"{call}:q", _labelled(call_name(call), True), stake.accepted, ends_hand=True, group="truco")
        )
        found.append(
            Award(f"{call}:n", _labelled(call_name(call), False), stake.declined, ends_hand=True, group="truco")
        )
    return found


def flor_awards(target: int) -> list[Award]:
    contraflor = flor_stake(["contraflor"], target=target)
    resto = flor_stake(["contraflor_al_resto"], target=target)
    return [
        Award("flor", call_name("flor"), simple_flor_points(1), group="flor"),
        Award("contraflor:q", _labelled(call_name("contraflor"), True), contraflor.accepted, main=False, group="flor"),
        Award("contraflor:n", _labelled(call_name("contraflor"), False), contraflor.declined, main=False, group="flor"),
        Award(
            "contraflor_al_resto:q",
            _labelled(call_name("contraflor_al_resto"), True),
            None,
            "resto",
            main=False,
            group="flor",
        ),
        Award(
            "contraflor_al_resto:n",
            _labelled(call_name("contraflor_al_resto"), False),
            resto.declined,
            main=False,
            group="flor",
        ),
    ]


def awards(target: int) -> list[Award]:
    return envido_awards(target) + truco_awards() + flor_awards(target)


def award_keys() -> frozenset[str]:
    return frozenset(a.key for a in awards(TARGETS[0]))


def said(score: int, target: int) -> dict[str, Any]:
    """How ``score`` is said and drawn (the table's ``score_view``)."""
    view = score_view(score, target)
    if view["zone"] == "malas":
        words = ngettext("%(num)s mala", "%(num)s malas", view["zone_points"])
    elif view["zone"] == "buenas":
        words = ngettext("%(num)s buena", "%(num)s buenas", view["zone_points"])
    else:
        words = ngettext("%(num)s point", "%(num)s points", score)
    return {
        "said": words,
        "points": ngettext("%(num)s point", "%(num)s points", score),
        "zones": list(view["zones"].items()),
    }


def score_table(target: int) -> dict[str, Any]:
    """Everything the page's script needs for a match to ``target``, computed by the engine."""
    return {
        "target": target,
        # By the leading team's score (0 to target - 1): what an accepted falta envido is worth.
        "falta": [falta_value((leader, 0), target) for leader in range(target)],
        # By the leading team's score: what an accepted contraflor al resto is worth (two flores).
        "resto": [
            flor_stake(["contraflor_al_resto"], scores=(leader, 0), target=target).accepted for leader in range(target)
        ],
        "awards": {a.key: {"points": a.points, "by": a.by, "endsHand": a.ends_hand} for a in awards(target)},
        # By score, from 0 past the target (a last award may overshoot it).
        "scores": [said(score, target) for score in range(3 * target)],
    }


def page_values() -> dict[str, Any]:
    return {str(target): score_table(target) for target in TARGETS}
