"""The ideal line of a practice hand, step by step: for "show me" and for the projector.

:func:`walk_context` plays the hand along its ideal line (``tutor.content.practice.play_ideal``)
and describes the table after ``step`` actions: every seat with its cards (the learner's always
face up; the others' only when ``faces`` is asked for, or once played), the cards of each trick, what
the last action did in words, and the coach's messages said so far (the newest marked).
"""

from __future__ import annotations

from typing import Any

from tutor.narration import Perspective, narrate
from tutor.narration.bots import action_label

from ...content import PracticeHand
from ...content.practice import play_ideal
from ...engine.notation import parse_action
from ...engine.stepper import replay
from ...i18n import gettext as _
from .coach import coach_text, verdict_lines


def walk_context(spec: PracticeHand, seed: int, step: int, *, face: str, faces: bool) -> dict[str, Any]:
    """Everything ``practice/walk.html`` needs for the table after ``step`` actions of the ideal line
    (``step`` is clamped to the line's length)."""
    run = play_ideal(spec, seed)
    entries = run.entries()
    total = len(entries)
    step = max(0, min(step, total))
    hand = run.hand
    steps = replay(hand, [parse_action(entry.action) for entry in entries[:step]])
    perspective = Perspective(seat=0, players=hand.players)
    said: list[str] = []
    for done in steps:
        said = [narrate(e, perspective, face=face) for e in done.events]
    replay_state = steps.state
    last = entries[step - 1] if step else None
    seats = []
    for k in range(hand.players):
        seat = k  # the order of play to the right of the learner
        played = [
            card for trick in [*replay_state.tricks, replay_state.current_trick] for s, card in trick if s == seat
        ]
        seats.append(
            {
                "seat": seat,
                "name": perspective.seat_label(seat),
                "me": seat == 0,
                "partner": seat != 0 and seat % 2 == 0,
                "mano": seat == hand.mano,
                "held": replay_state.hands[seat] if (faces or seat == 0) else (),
                "backs": 0 if (faces or seat == 0) else len(replay_state.hands[seat]),
                "played": played,
                "to_act": replay_state.to_act == seat,
            }
        )
    notes = [
        {"text": coach_text(f, face), "mistake": f.note.mistake, "new": f.position == step}
        for f in run.coach()
        if f.position <= step
    ]
    if last is None:
        # Translators: the first step of "show me" (the ideal line of a practice hand), before any move.
        doing = _("The cards are dealt. Use “Next move” to see each move.")
    elif said:
        doing, said = said[0], said[1:]  # the move in words ("You play the 2 of bastos."), then what followed
    else:
        doing = _(
            "%(who)s: %(action)s",
            who=perspective.seat_label(last.seat),
            action=action_label(last.action.split(":", 1)[1], face),
        )
    return {
        "spec": spec,
        "seed": seed,
        "step": step,
        "total": total,
        "seats": seats,
        "doing": doing,
        "said": said,
        "notes": notes,
        "faces": faces,
        "over": step == total,
        "points": replay_state.points,
        "end_text": " ".join(verdict_lines(run.verdict(), face)),
        "learner_move": last is not None and last.seat == 0,
    }
