"""Learners: found by the public id in their session cookie or by their device code, created once
however many first requests of a new browser come at once; and the device-code guessing limit.
"""

from __future__ import annotations

import math
import secrets
import uuid
from datetime import timedelta
from typing import TYPE_CHECKING

from sqlalchemy import case, delete, select, update

from .schema import DeviceCodeFailures, Learner, db, new_device_code
from .sql import aware, upsert

if TYPE_CHECKING:
    from . import Store

LAST_SEEN_EVERY = timedelta(hours=1)
"""``last_seen`` is written at most this often."""


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


class DeviceCodeLimit:
    """Wrong device codes per client address, a leaky bucket (``tutor.web.device`` sets the numbers)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def reserve(self, key: str, budget: int, every: timedelta) -> int | None:
        """Count one attempt for ``key``; None if allowed, else the seconds until an attempt is allowed again.

        One upsert: a new address starts at one failure; a known one first forgets the failures that
        leaked away since it was last counted (one per ``every``), then counts this one, but only if
        that stays within ``budget``. The statement returns the row only when it counted.
        """
        table = DeviceCodeFailures.__table__
        now = self.store.clock.now().timestamp()
        seconds = every.total_seconds()
        leaked = table.c.failures - (now - table.c.updated) / seconds
        left = case((leaked > 0, leaked), else_=0.0)  # failures still counted now
        if secrets.randbelow(20) == 0:  # now and then, forget addresses whose failures have all leaked away
            db.session.execute(delete(table).where(table.c.updated < now - budget * seconds))
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
