"""Live answers in the pupils' learning logs: each counted answer of a closed question is appended to
its player's learner (source ``live``, item ``<lesson>/<step>`` of the question, as a quiz answer),
so it counts in the pupil's progress and a wrong one comes due in the review.

Who appends it: the pupil's own phone, when it draws the question's reveal (one append in that
phone's request, so the teacher's close does not wait for thirty); the teacher's close appends
what the phones of the questions before it left (a phone that went away), and the end of the
session everything still left.

Each append's guard marks the answer as logged in the same transaction
(:meth:`~tutor.store.live.LiveSessions.claim_logged`): an answer is logged once, however often the
close is repeated (a second tab, the end after a close) and whichever worker does it. Only the
final answer is logged (a changed answer replaced the first before the close). The class against
the bot is not logged: a vote is a choice of the class, not a pupil's answer.
"""

from __future__ import annotations

from ...learning import Source
from ...store import current_store
from ...store.attempts import LogEntry
from ...store.live import LiveSession


def log_answers(
    found: LiveSession, items: list[str], *, player_id: int | None = None, before: int | None = None
) -> int:
    """Append the counted answers not yet logged (``items``: the learning-log item of each question;
    only ``player_id``'s, only of the questions before ``before``, if given); returns how many were
    appended."""
    store = current_store()
    appended = 0
    for given in store.live.unlogged(found, player_id=player_id, before=before):
        if given.question >= len(items):
            continue

        def claim(given=given) -> bool:
            return store.live.claim_logged(found.id, given.question, given.player_id)

        entry = LogEntry(items[given.question], Source.LIVE, given.correct)
        if store.attempts.append(given.learner_id, [entry], guard=claim) is not None:
            appended += 1
    return appended


__all__ = ["log_answers"]
