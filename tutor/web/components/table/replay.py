"""The replay of a finished hand: every decision replayed face up, the learner's next to the hint.

:func:`replay_hand` does the costly part once (the hint's ranking at each of the learner's
decisions, from the learner's own view at that moment, seeded as
:func:`~tutor.web.components.table.view.learner_hint` seeds the hint at the table) and returns plain
data (JSON-ready) that a feature may store; :func:`replay_steps` words it for a page, in the page's
language, by replaying the hand. Both work for any :class:`~tutor.bots.table.Table` and any of its
finished hands, a scripted practice hand included.
"""

from __future__ import annotations

from typing import Any

from tutor.narration import Perspective, narrate
from tutor.narration.bots import action_label, reason_sentence

from ....bots.checks import checked_reason
from ....bots.style import Style
from ....bots.table import Table, reason_data
from ....engine.notation import parse_action
from ....engine.pica import PicaPicaHand
from ....engine.stepper import replay
from ....i18n import format_number, format_percent
from ...shared.limits import search_deadline
from ..cards import game_face
from .hints import kept_hint

REVIEW_SECONDS = 0.3
"""The most time the hints of one hand's review take together (each at most
:data:`~.hints.HINT_SECONDS`; a hint the learner was shown is kept, so it costs nothing again)."""

MATCH_TOLERANCE = 0.05
"""A decision within this many expected points of the best (and within :data:`EQUITY_TOLERANCE`
of its chance to win the match) counts as matching it."""

EQUITY_TOLERANCE = 0.005
"""A decision within this much of the best's chance to win the match (half a percentage point) and
within :data:`MATCH_TOLERANCE` of its expected points counts as matching it. The hint ranks by the
chance to win the match first (a point that gives the other team the match is worth more than it
scores), so a choice that scores more in the hand can still be the worse one."""

REPLAY_FORMAT = 3
"""The version of :func:`replay_hand`'s data; a stored review of another version is computed again
(format 1 kept only expected points, and judged decisions by them alone; format 2 modelled every
other seat as the beginner, where format 3 models the other team by how it played the match)."""


def _text(action: Any) -> str:
    return str(action).split(":", 1)[1]


def judge(ranked: list[tuple[str, float, float]], chosen: str, best: str) -> dict[str, Any]:
    """How ``chosen`` compares with the hint's ``best``, from the hint's ranking (each action with its
    expected points and its chance to win the match). It matches when it is the best, or as good in
    both measures within the tolerances.

    >>> j = judge([("quiero", -0.4, 0.62), ("no_quiero", -1.0, 0.55)], "no_quiero", "quiero")
    >>> j["matched"], j["loss"], j["equity_loss"]
    (False, 0.6, 0.07)
    >>> judge([("no_quiero", -1.0, 0.40), ("quiero", 0.3, 0.31)], "quiero", "no_quiero")["matched"]
    False
    """
    values = {a: (points, chance) for a, points, chance in ranked}
    best_points, best_chance = values.get(best, (0.0, 0.5))
    chosen_points, chosen_chance = values.get(chosen, (best_points, best_chance))
    loss = round(max(0.0, best_points - chosen_points), 3)
    equity_loss = round(max(0.0, best_chance - chosen_chance), 4)
    return {
        "chosen": chosen,
        "best": best,
        "ranked": ranked,
        "loss": loss,
        "equity_loss": equity_loss,
        "best_chance": best_chance,
        "chosen_chance": chosen_chance,
        "matched": chosen == best or (loss <= MATCH_TOLERANCE and equity_loss <= EQUITY_TOLERANCE),
    }


def replay_hand(table: Table, index: int) -> dict[str, Any]:
    """The hint's ranking at each of the learner's decisions in hand ``index`` (finished), as data."""
    hand = table.hands()[index]
    entries = table.hand_entries(index)
    steps = replay(hand, [parse_action(entry.action) for entry in entries])
    start = table.hand_start_version(index)
    decisions: list[dict[str, Any]] = []
    cap = search_deadline(REVIEW_SECONDS)
    for offset, entry in enumerate(entries):
        action = parse_action(entry.action)
        if (
            entry.by == "learner" and entry.seat == table.learner_seat
        ):  # the hint sees the hand before the decision (the stepper is lazy)
            found = kept_hint(
                steps.state.view_for(table.learner_seat),
                table.seed * 1009 + start + offset,
                table.facts_for(table.learner_seat, index),
                cap=cap,
                style=_decision_style(Style.observe([*table.hands()[:index], steps.state]), steps.state),
            )
            ranked = [
                (_text(item.action), round(float(item.expected_points), 3), round(float(item.equity), 4))
                for item in found.ranked
            ]
            # Only a reason the whole hand backs (the hidden cards too) is kept, and so ever shown.
            backed = checked_reason(found.reason, steps.state, table.learner_seat, action)
            decisions.append(
                {
                    "offset": offset,
                    **judge(ranked, _text(action), _text(found.best)),
                    "hinted": entry.hinted,
                    "reason": reason_data(backed) if backed is not None else None,
                }
            )
        next(steps)
    missed = [d for d in decisions if not d["matched"]]
    return {
        "format": REPLAY_FORMAT,
        "decisions": decisions,
        "count": len(decisions),
        "matched": len(decisions) - len(missed),
        "lost": round(sum(d["loss"] for d in missed), 2),
        "lost_chance": round(sum(d["equity_loss"] for d in missed), 4),
    }


def _decision_style(style: Style, state: Any) -> Style:
    """The style as a decision reads it: in a pica-pica duel keyed by the duel's two chairs."""
    return style.seated(state.duel_seats()) if isinstance(state, PicaPicaHand) else style


def is_current(data: dict[str, Any] | None) -> bool:
    """Whether a stored review was computed by this version of :func:`replay_hand`."""
    return data is not None and data.get("format") == REPLAY_FORMAT


def replay_steps(table: Table, index: int, data: dict[str, Any], face: str) -> list[dict[str, Any]]:
    """Each action of the hand with its narrated events, the bot's reason or the learner's ranking."""
    face = game_face(table.rules.variant, face)
    hand = table.hands()[index]
    entries = table.hand_entries(index)
    perspective = Perspective(seat=table.learner_seat, players=hand.players)
    by_offset = {d["offset"]: d for d in data.get("decisions", [])}
    steps: list[dict[str, Any]] = []
    for offset, (entry, done) in enumerate(
        zip(entries, replay(hand, [parse_action(e.action) for e in entries]), strict=True)
    ):
        events = [narrate(e, perspective, face=face) for e in done.events]
        step: dict[str, Any] = {
            "offset": offset,
            "seat": entry.seat,
            "who": perspective.seat_label(entry.seat),
            "mine": entry.seat == table.learner_seat,
            "action": action_label(_text(entry.action), face),
            "events": events,
        }
        if entry.reason is not None:
            step["reason"] = reason_sentence(entry.reason, face)
        decision = by_offset.get(offset)
        if decision is not None:
            chance_lost = decision["equity_loss"] > EQUITY_TOLERANCE
            step["decision"] = {
                "matched": decision["matched"],
                "loss": format_number(round(decision["loss"], 2)),
                "by_chance": chance_lost,
                "best_chance": format_percent(decision["best_chance"]),
                "chosen_chance": format_percent(decision["chosen_chance"]),
                "best": action_label(decision["best"], face),
                "hinted": decision["hinted"],
                "why": reason_sentence(decision["reason"], face) if decision["reason"] else None,
                "ranked": [
                    {
                        "label": action_label(a, face),
                        "points": format_number(round(points, 2)),
                        "chance": format_percent(chance),
                        "chosen": a == decision["chosen"],
                    }
                    for a, points, chance in decision["ranked"]
                ],
            }
        steps.append(step)
    return steps
