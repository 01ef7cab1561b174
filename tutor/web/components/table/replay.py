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

from ....bots.table import Table
from ....engine.notation import parse_action
from ....engine.stepper import replay
from ....i18n import format_number
from ...shared.limits import search_deadline
from .hints import kept_hint

REVIEW_SECONDS = 0.3
"""The most time the hints of one hand's review take together (each at most
:data:`~.hints.HINT_SECONDS`; a hint the learner was shown is kept, so it costs nothing again)."""

MATCH_TOLERANCE = 0.05
"""A decision within this many expected points of the best counts as matching it."""


def _text(action: Any) -> str:
    return str(action).split(":", 1)[1]


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
        if entry.by == "learner":  # the hint sees the hand before the decision (the stepper is lazy)
            found = kept_hint(
                steps.state.view_for(table.learner_seat),
                table.seed * 1009 + start + offset,
                table.facts_for(table.learner_seat, index),
                cap=cap,
            )
            ranked = [(_text(item.action), round(float(item.expected_points), 3)) for item in found.ranked]
            values = dict(ranked)
            chosen = _text(action)
            best_value = ranked[0][1] if ranked else 0.0
            chosen_value = values.get(chosen, best_value)
            decisions.append(
                {
                    "offset": offset,
                    "chosen": chosen,
                    "best": _text(found.best),
                    "ranked": ranked,
                    "loss": round(max(0.0, best_value - chosen_value), 3),
                    "hinted": entry.hinted,
                    "reason": {"code": str(found.reason.code), "params": found.reason.as_dict()},
                }
            )
        next(steps)
    matched = sum(1 for d in decisions if d["loss"] <= MATCH_TOLERANCE)
    return {
        "decisions": decisions,
        "count": len(decisions),
        "matched": matched,
        "lost": round(sum(d["loss"] for d in decisions), 2),
    }


def replay_steps(table: Table, index: int, data: dict[str, Any], face: str) -> list[dict[str, Any]]:
    """Each action of the hand with its narrated events, the bot's reason or the learner's ranking."""
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
            step["decision"] = {
                "matched": decision["loss"] <= MATCH_TOLERANCE,
                "loss": format_number(round(decision["loss"], 2)),
                "best": action_label(decision["best"], face),
                "hinted": decision["hinted"],
                "why": reason_sentence(decision["reason"], face),
                "ranked": [
                    {
                        "label": action_label(a, face),
                        "points": format_number(round(v, 2)),
                        "chosen": a == decision["chosen"],
                    }
                    for a, v in decision["ranked"]
                ],
            }
        steps.append(step)
    return steps
