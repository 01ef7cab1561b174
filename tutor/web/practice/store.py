"""Practice runs in the learner store: creation, ownership, compare-and-swap writes, best stars.

A run belongs to the learner who started it: :func:`load_run` answers 404 for anybody else's id, as
for an unknown one. :func:`save_run` writes the new log only if nobody wrote since the page was
drawn (``UPDATE ... WHERE version = :drawn``), so two tabs or a double click can never apply an
action twice or lose one; the stars are written in the same statement as the last action.
"""

from __future__ import annotations

import re
from typing import Any

from flask import abort
from sqlalchemy import func, select, update

from ...bots.table import TableError
from ...content import PracticeHand, get_hand
from ...content.practice import Practice
from ...models import Learner, PracticeRun, db, utcnow

_RUN_ID = re.compile(r"^[0-9a-f]{16}$")


def create_run(learner: Learner, spec: PracticeHand, seed: int) -> tuple[PracticeRun, Practice]:
    """A new run of ``spec`` for ``learner``; the script and bots act until the learner's first turn."""
    practice = Practice(spec, seed)
    run = PracticeRun(learner_id=learner.id, hand_key=spec.key, seed=seed, log=practice.log(),
                      version=practice.table.version, hints=0, hint_pending=False)
    db.session.add(run)
    db.session.commit()
    return run, practice


def load_run(learner_public_id: str | None, spec: PracticeHand, public_id: str) -> PracticeRun:
    """The run with this id if it is a run of ``spec`` by the learner of this public id, else 404."""
    if learner_public_id is None or not _RUN_ID.match(public_id or ""):
        abort(404)
    run = db.session.scalar(
        select(PracticeRun).join(Learner, PracticeRun.learner_id == Learner.id)
        .where(PracticeRun.public_id == public_id, PracticeRun.hand_key == spec.key,
               Learner.public_id == learner_public_id)
    )
    if run is None:
        abort(404)
    return run


def practice_of(run: PracticeRun) -> Practice:
    """Rebuild the run's practice from its log (a log that does not replay is a 404)."""
    try:
        return Practice(get_hand(run.hand_key), run.seed, log=run.log)
    except (TableError, ValueError, KeyError):
        abort(404)


def save_run(run: PracticeRun, practice: Practice, drawn_version: int, *, commit: bool = True, **values: Any) -> bool:
    """Write the run's log if the stored version is still ``drawn_version``; False if it is not.
    ``commit=False`` leaves the transaction open (the hand's end is written with its attempt)."""
    verdict = practice.verdict()
    if verdict is not None:
        values.update(stars=verdict.stars, goal=verdict.goal)
    result = db.session.execute(
        update(PracticeRun)
        .where(PracticeRun.id == run.id, PracticeRun.version == drawn_version)
        .values(log=practice.log(), version=practice.table.version, updated=utcnow(), **values)
        .execution_options(synchronize_session=False)
    )
    if commit:
        db.session.commit()
    return result.rowcount == 1


def set_hint_pending(run: PracticeRun, drawn_version: int) -> bool:
    """Count a hint once for the decision drawn at ``drawn_version`` (asking twice counts once)."""
    result = db.session.execute(
        update(PracticeRun)
        .where(PracticeRun.id == run.id, PracticeRun.version == drawn_version, PracticeRun.hint_pending.is_(False))
        .values(hints=PracticeRun.hints + 1, hint_pending=True, updated=utcnow())
        .execution_options(synchronize_session=False)
    )
    db.session.commit()
    db.session.refresh(run)
    return result.rowcount == 1


def store_review(run: PracticeRun, review: dict[str, Any]) -> None:
    """Keep a finished run's review (it never changes)."""
    db.session.execute(update(PracticeRun).where(PracticeRun.id == run.id).values(review=review)
                       .execution_options(synchronize_session=False))
    db.session.commit()
    db.session.refresh(run)


def best_stars(learner: Learner | None) -> dict[str, int]:
    """The learner's best stars per hand key (finished runs only)."""
    if learner is None:
        return {}
    rows = db.session.execute(
        select(PracticeRun.hand_key, func.max(PracticeRun.stars))
        .where(PracticeRun.learner_id == learner.id, PracticeRun.stars.is_not(None))
        .group_by(PracticeRun.hand_key)
    )
    return {key: int(stars) for key, stars in rows}


def open_run(learner: Learner | None, spec: PracticeHand) -> PracticeRun | None:
    """The learner's latest unfinished run of ``spec``, if any (to continue it)."""
    if learner is None:
        return None
    return db.session.scalar(
        select(PracticeRun)
        .where(PracticeRun.learner_id == learner.id, PracticeRun.hand_key == spec.key, PracticeRun.stars.is_(None))
        .order_by(PracticeRun.updated.desc(), PracticeRun.id.desc()).limit(1)
    )
