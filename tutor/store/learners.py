"""Learners: found by the public id in their session cookie or by their device code, created once
however many first requests of a new browser come at once; forgotten after a long absence
(:meth:`Learners.prune`, ``flask --app tutor store prune``); and the device-code guessing limit.
"""

from __future__ import annotations

import math
import secrets
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from sqlalchemy import Table, and_, case, delete, exists, func, or_, select, update

from .schema import (
    PROJECTIONS,
    AnsweredForm,
    AttemptRow,
    DeviceCodeFailures,
    Game,
    Learner,
    PracticeRun,
    QuizRun,
    db,
    new_device_code,
)
from .sql import aware, upsert

if TYPE_CHECKING:
    from . import Store

LAST_SEEN_EVERY = timedelta(hours=1)
"""``last_seen`` is written at most this often."""

PRUNE_AFTER = timedelta(days=365)
"""The default retention: an anonymous learner with no activity for this long is forgotten. It is
the session cookie's lifetime (``PERMANENT_SESSION_LIFETIME``, renewed on every day of use), so by
then no browser still carries the learner's identity; only a noted device code could bring it back."""

OWNED = (AttemptRow, AnsweredForm, *PROJECTIONS, Game, PracticeRun, QuizRun)
"""What a learner owns and what goes with it when the learner is forgotten (also by ON DELETE
CASCADE). A row of any *other* table that points at a learner (a class a teacher keeps, an account)
keeps that learner: the learner is no longer anonymous."""

ACTIVITY = ((AttemptRow, "at"), (Game, "updated"), (PracticeRun, "updated"), (QuizRun, "updated"))
"""Where a learner's latest activity shows besides ``learner.last_seen``."""

PRUNE_BATCH = 500
"""Learners deleted per transaction."""


@dataclass
class Pruned:
    """What :meth:`Learners.prune` deleted (or, dry, would delete): rows per table."""

    learners: int = 0
    rows: dict[str, int] = field(default_factory=dict)


def _keepers() -> Iterator[Any]:
    """Conditions under which a learner is kept whatever its age: a row of a table that is not the
    learner's own points at it, or a reference of the learner's own row is set. Read from the
    schema, so a table added later (a class, a teacher's account) keeps its learners without a change here."""
    learner = Learner.__table__
    owned = {model.__tablename__ for model in OWNED}
    for table in db.metadata.sorted_tables:
        if table.name in owned or table is learner:
            continue
        for key in table.foreign_keys:
            if key.column.table is learner:
                yield exists().where(key.parent == learner.c.id)
    for column in learner.columns:
        if column.foreign_keys:
            yield column.is_not(None)


class Learners:
    """The ``learner`` table."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def get(self, learner_id: int) -> Learner | None:
        return db.session.get(Learner, learner_id)

    def by_public_id(self, public_id: str) -> Learner | None:
        """The learner with this public id, if any."""
        return db.session.scalar(select(Learner).where(Learner.public_id == public_id))

    def by_device_code(self, code: str) -> Learner | None:
        """The learner with this (normalized) device code, if any."""
        return db.session.scalar(select(Learner).where(Learner.device_code == code))

    def ensure(self, public_id: str | None) -> Learner:
        """The learner with this public id, inserted if new (a new random id for None).

        One ``INSERT ... ON CONFLICT DO NOTHING``: two first answers sent at once from a new browser
        make one row, never a second identity and never an error.
        """
        table = Learner.__table__
        for _attempt in range(5):  # a device code collision is astronomically rare; retry anyway
            wanted = public_id or uuid.uuid4().hex
            now = self.store.clock.now()
            inserted = db.session.execute(
                upsert(table)
                .values(public_id=wanted, device_code=new_device_code(), created=now, last_seen=now)
                .on_conflict_do_nothing()
                .returning(table.c.id)
            ).first()
            db.session.commit()
            learner = self.by_public_id(wanted)
            if learner is not None and (inserted is not None or public_id):
                return learner
        raise RuntimeError("could not create a learner")  # pragma: no cover

    def seen(self, learner: Learner) -> None:
        """Note that the learner is here (written at most once per :data:`LAST_SEEN_EVERY`)."""
        now = self.store.clock.now()
        last = aware(learner.last_seen)
        if last is None or now - last > LAST_SEEN_EVERY:
            learner.last_seen = now
            db.session.commit()

    def touch(self, learner: Learner) -> None:
        """Note that the learner is here now (a device switched to it)."""
        learner.last_seen = self.store.clock.now()
        db.session.commit()

    def prunable(self, before: datetime) -> Any:
        """The ids of the anonymous learners with no activity since ``before`` (a SELECT): not seen,
        no answer, no game, practice hand or quiz touched since, and nothing outside their own rows
        that points at them (:data:`OWNED`)."""
        quiet = [Learner.last_seen < before]
        for model, column in ACTIVITY:
            table: Table = model.__table__  # type: ignore[assignment]
            quiet.append(~exists().where(table.c.learner_id == Learner.id, table.c[column] >= before))
        kept = list(_keepers())
        if kept:
            quiet.append(~or_(*kept))
        return select(Learner.id).where(and_(*quiet)).order_by(Learner.id)

    def prune(self, before: datetime, *, dry_run: bool = False) -> Pruned:
        """Forget the learners :meth:`prunable` finds, with everything they own, a batch per transaction;
        ``dry_run`` counts what would go and deletes nothing."""
        ids = list(db.session.scalars(self.prunable(before)))
        pruned = Pruned(len(ids), {model.__tablename__: 0 for model in OWNED})
        for start in range(0, len(ids), PRUNE_BATCH):
            batch = ids[start : start + PRUNE_BATCH]
            for model in OWNED:
                table: Table = model.__table__  # type: ignore[assignment]
                where = table.c.learner_id.in_(batch)
                if dry_run:
                    count = db.session.scalar(select(func.count()).select_from(table).where(where)) or 0
                else:
                    count = db.session.execute(delete(table).where(where)).rowcount  # type: ignore[attr-defined]
                pruned.rows[model.__tablename__] += count
            if not dry_run:
                db.session.execute(delete(Learner).where(Learner.id.in_(batch)))
                db.session.commit()
        db.session.rollback()
        return pruned


FORGET_AFTER = timedelta(days=1)
"""A device-code bucket untouched this long is deleted; every bucket must drain within it."""


class DeviceCodeLimit:
    """Wrong device codes per key (a browser, a client address, everyone), each key a leaky bucket
    (``tutor.web.device`` sets the keys and the numbers)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def reserve(self, key: str, budget: int, every: timedelta) -> int | None:
        """Count one attempt for ``key``; None if allowed, else the seconds until an attempt is allowed again.

        One upsert: a new key starts at one failure; a known one first forgets the failures that
        leaked away since it was last counted (one per ``every``), then counts this one, but only if
        that stays within ``budget``. The statement returns the row only when it counted.
        """
        if budget * every > FORGET_AFTER:
            raise ValueError("a bucket must drain within FORGET_AFTER")
        table = DeviceCodeFailures.__table__
        now = self.store.clock.now().timestamp()
        seconds = every.total_seconds()
        leaked = table.c.failures - (now - table.c.updated) / seconds
        left = case((leaked > 0, leaked), else_=0.0)  # failures still counted now
        if secrets.randbelow(20) == 0:  # now and then, forget keys whose failures have all leaked away
            db.session.execute(delete(table).where(table.c.updated < now - FORGET_AFTER.total_seconds()))
        counted = db.session.execute(
            upsert(table)
            .values(address=key, failures=1.0, updated=now)
            .on_conflict_do_update(
                index_elements=[table.c.address],
                set_={"failures": left + 1, "updated": now},
                where=left + 1 <= budget,
            )
            .returning(table.c.failures)
        ).first()
        if counted is not None:
            db.session.commit()
            return None
        row = db.session.execute(select(table.c.failures, table.c.updated).where(table.c.address == key)).one()
        db.session.commit()
        still = max(0.0, row.failures - (now - row.updated) / seconds)
        return max(1, math.ceil((still + 1 - budget) * seconds))

    def give_back(self, key: str) -> None:
        """A correct code: the attempt reserved for it does not count as a failure."""
        table = DeviceCodeFailures.__table__
        db.session.execute(
            update(table)
            .where(table.c.address == key)
            .values(failures=case((table.c.failures > 1, table.c.failures - 1), else_=0.0))
        )
        db.session.commit()
