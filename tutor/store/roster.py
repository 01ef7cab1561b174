"""A class's roster chores and its teachers: co-teachers invited by a single-use link, teacher-made
pupils (learners the teacher creates for the class, who sign in with their device code), renaming and
removing pupils, copying a class for a new school year and deleting one.

Each write is one transaction whose first statement is guarded (a compare-and-swap or ``ON CONFLICT``):
an invitation is taken by ``UPDATE ... WHERE used_at IS NULL AND expires > now RETURNING``, so two
teachers opening the same link at once make one co-teacher; teacher-made pupils raise the class's
member counter by their number in the first statement, only while the class stays at or below the
cap, and the batch is claimed by its form token, so a form sent twice adds the pupils once.

Only hashes of invitation tokens are kept (SHA-256: the token is 256 random bits, so a fast hash
suffices; the web layer makes and hashes it).
"""

from __future__ import annotations

import secrets
import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from sqlalchemy import delete, func, select, update
from sqlalchemy.exc import IntegrityError

from .classroom import (
    MEMBER_CAP,
    ClassInvite,
    ClassMember,
    ClassTeacher,
    Member,
    SchoolClass,
    Teacher,
    new_join_code,
)
from .schema import Learner, db, new_device_code
from .sql import aware, upsert

if TYPE_CHECKING:
    from . import Store


@dataclass(frozen=True)
class Invite:
    """An invitation still open, as the owner's page lists it."""

    public_id: str
    created: datetime
    expires: datetime


@dataclass(frozen=True)
class Accepted:
    """What opening an invitation did: the class (None if the link is unknown, used or expired) and
    whether the teacher already taught it (nothing was used up then)."""

    school_class: SchoolClass | None
    already: bool = False


class Roster:
    """Co-teachers, invitations, teacher-made pupils and the class-wide chores."""

    def __init__(self, store: Store) -> None:
        self.store = store

    # --- Co-teachers and invitations

    def co_teachers(self, class_id: int) -> list[Teacher]:
        return list(
            db.session.scalars(
                select(Teacher)
                .join(ClassTeacher, ClassTeacher.teacher_id == Teacher.id)
                .where(ClassTeacher.class_id == class_id)
                .order_by(ClassTeacher.added, Teacher.id)
            )
        )

    def invite(self, class_id: int, token_hash: str, expires: datetime) -> Invite:
        found = ClassInvite(
            public_id=secrets.token_hex(8),
            class_id=class_id,
            token_hash=token_hash,
            created=self.store.now(),
            expires=expires,
        )
        db.session.add(found)
        db.session.commit()
        return Invite(found.public_id, found.created, found.expires)

    def open_invites(self, class_id: int) -> list[Invite]:
        rows = db.session.scalars(
            select(ClassInvite)
            .where(
                ClassInvite.class_id == class_id,
                ClassInvite.used_at.is_(None),
                ClassInvite.expires > self.store.now(),
            )
            .order_by(ClassInvite.created)
        )
        return [Invite(row.public_id, aware(row.created), aware(row.expires)) for row in rows]  # type: ignore[arg-type]

    def withdraw(self, class_id: int, public_id: str) -> bool:
        gone = db.session.execute(
            delete(ClassInvite)
            .where(ClassInvite.class_id == class_id, ClassInvite.public_id == public_id, ClassInvite.used_at.is_(None))
            .returning(ClassInvite.id)
        ).all()
        db.session.commit()
        return bool(gone)

    def invited_class(self, token_hash: str) -> SchoolClass | None:
        """The class of an open invitation (not used, not expired), or None."""
        return db.session.scalar(
            select(SchoolClass)
            .join(ClassInvite, ClassInvite.class_id == SchoolClass.id)
            .where(
                ClassInvite.token_hash == token_hash,
                ClassInvite.used_at.is_(None),
                ClassInvite.expires > self.store.now(),
            )
        )

    def teaches(self, class_id: int, teacher_id: int) -> bool:
        owner = db.session.scalar(select(SchoolClass.teacher_id).where(SchoolClass.id == class_id))
        if owner == teacher_id:
            return True
        row = db.session.get(ClassTeacher, (class_id, teacher_id))
        return row is not None

    def accept(self, token_hash: str, teacher_id: int) -> Accepted:
        """Make the teacher a co-teacher with an open invitation, using it up: one transaction, its
        first statement taking the invitation (two teachers at once: one gets it). A teacher who
        already teaches the class uses nothing up."""
        found = self.invited_class(token_hash)
        if found is None:
            return Accepted(None)
        if self.teaches(found.id, teacher_id):
            db.session.rollback()
            return Accepted(found, already=True)
        now = self.store.now()
        taken = db.session.execute(
            update(ClassInvite)
            .where(ClassInvite.token_hash == token_hash, ClassInvite.used_at.is_(None), ClassInvite.expires > now)
            .values(used_at=now, used_by=teacher_id)
            .returning(ClassInvite.class_id)
        ).first()
        if taken is None:
            db.session.rollback()
            return Accepted(None)
        table = ClassTeacher.__table__
        db.session.execute(
            upsert(table).values(class_id=taken.class_id, teacher_id=teacher_id, added=now).on_conflict_do_nothing()
        )
        db.session.commit()
        return Accepted(found)

    def remove_co_teacher(self, class_id: int, teacher_id: int) -> bool:
        gone = db.session.execute(
            delete(ClassTeacher)
            .where(ClassTeacher.class_id == class_id, ClassTeacher.teacher_id == teacher_id)
            .returning(ClassTeacher.teacher_id)
        ).all()
        db.session.commit()
        return bool(gone)

    # --- Teacher-made pupils

    def device_codes(self, class_id: int) -> dict[int, str]:
        """The device codes of the class's teacher-made pupils (learner id -> code); never a joined pupil's."""
        rows = db.session.execute(
            select(Learner.id, Learner.device_code)
            .join(ClassMember, ClassMember.learner_id == Learner.id)
            .where(ClassMember.class_id == class_id, ClassMember.managed.is_(True))
        )
        return {learner_id: code for learner_id, code in rows}

    def add_pupils(
        self, school_class: SchoolClass, labels: list[str], nicknames: Iterable[str], claim: tuple[int, str] | None
    ) -> list[Member] | None:
        """New learners in the class, one per label, under the given nicknames (free ones, in order),
        marked teacher-made. None if the class would pass :data:`MEMBER_CAP` (or is archived); [] if
        the form token ``claim`` (learner id, token) was used before (the batch was added already)."""
        names = iter(nicknames)
        for _attempt in range(5):
            counted = db.session.execute(
                update(SchoolClass)
                .where(
                    SchoolClass.id == school_class.id,
                    SchoolClass.members + len(labels) <= MEMBER_CAP,
                    SchoolClass.archived.is_(False),
                )
                .values(members=SchoolClass.members + len(labels))
                .returning(SchoolClass.id)
            ).first()
            if counted is None:
                db.session.rollback()
                return None
            if claim is not None and not self.store.tokens.claim(*claim):
                db.session.rollback()
                return []
            try:
                added = self._insert_pupils(school_class.id, labels, names)
                db.session.commit()
                return added
            except IntegrityError:  # a nickname taken meanwhile (or a device code drawn twice): again
                db.session.rollback()
        raise RuntimeError("could not add the pupils")  # pragma: no cover

    def _insert_pupils(self, class_id: int, labels: list[str], names: Iterable[str]) -> list[Member]:
        now = self.store.now()
        taken = set(db.session.scalars(select(ClassMember.nickname).where(ClassMember.class_id == class_id)))
        free = (name for name in names if name not in taken)
        added = []
        for label in labels:
            learner = Learner(public_id=uuid.uuid4().hex, device_code=new_device_code(), created=now, last_seen=now)
            db.session.add(learner)
            db.session.flush()
            nickname = next(free)
            db.session.add(
                ClassMember(
                    class_id=class_id, learner_id=learner.id, nickname=nickname, joined=now, managed=True, label=label
                )
            )
            db.session.flush()
            added.append(Member(learner.id, nickname, now, True, label))
        return added

    def renew_code(self, class_id: int, learner_id: int) -> str | None:
        """A new device code for a teacher-made pupil of the class (None for anyone else). The learner's
        public id changes too, so every browser that signed in with the old card is signed out."""
        managed = select(ClassMember.learner_id).where(
            ClassMember.class_id == class_id, ClassMember.learner_id == learner_id, ClassMember.managed.is_(True)
        )
        for _attempt in range(5):
            code = new_device_code()
            try:
                done = db.session.execute(
                    update(Learner)
                    .where(Learner.id == learner_id, Learner.id.in_(managed))
                    .values(device_code=code, public_id=uuid.uuid4().hex)
                    .returning(Learner.id)
                ).first()
                db.session.commit()
            except IntegrityError:  # pragma: no cover - a code drawn twice
                db.session.rollback()
                continue
            return code if done is not None else None
        raise RuntimeError("could not draw a free device code")  # pragma: no cover

    # --- Chores

    def rename(self, class_id: int, learner_id: int, nickname: str) -> bool | None:
        """Give a pupil another nickname: True, False if another pupil of the class has it, None if the
        learner is not in the class."""
        try:
            done = db.session.execute(
                update(ClassMember)
                .where(ClassMember.class_id == class_id, ClassMember.learner_id == learner_id)
                .values(nickname=nickname)
                .returning(ClassMember.learner_id)
            ).first()
            db.session.commit()
        except IntegrityError:
            db.session.rollback()
            return False
        return True if done is not None else None

    def remove(self, class_id: int, learner_id: int) -> bool:
        """Take a pupil out of the class. A teacher-made pupil's learner goes too (with everything it
        owns) unless it is in another class; a pupil who joined keeps their progress."""
        row = db.session.execute(
            delete(ClassMember)
            .where(ClassMember.class_id == class_id, ClassMember.learner_id == learner_id)
            .returning(ClassMember.managed)
        ).first()
        if row is None:
            db.session.rollback()
            return False
        db.session.execute(
            update(SchoolClass).where(SchoolClass.id == class_id).values(members=SchoolClass.members - 1)
        )
        if row.managed:
            self._delete_lone_learners([learner_id])
        db.session.commit()
        return True

    def _delete_lone_learners(self, learner_ids: list[int]) -> None:
        """Delete these learners (their rows cascade) unless they are still in a class or are a teacher's."""
        if not learner_ids:
            return
        still = select(ClassMember.learner_id).where(ClassMember.learner_id.in_(learner_ids))
        teachers = select(Teacher.learner_id).where(Teacher.learner_id.in_(learner_ids))
        db.session.execute(
            delete(Learner).where(Learner.id.in_(learner_ids), Learner.id.not_in(still), Learner.id.not_in(teachers))
        )

    def copy(
        self, school_class: SchoolClass, teacher_id: int, name: str, *, pupils: bool, claim: tuple[int, str] | None
    ) -> SchoolClass | None:
        """A new class owned by ``teacher_id`` with the settings of ``school_class`` (language, age
        setting), a new join code, the other teachers as co-teachers and, with ``pupils``, the same
        teacher-made pupils (the same learners, nicknames, names and cards). None if the form token
        ``claim`` (learner id, token) was used before: a form sent twice makes one copy."""
        for _attempt in range(10):
            now = self.store.now()
            if claim is not None and not self.store.tokens.claim(*claim):
                db.session.rollback()
                return None
            found = SchoolClass(
                public_id=secrets.token_hex(8),
                teacher_id=teacher_id,
                name=name,
                lang=school_class.lang,
                children=school_class.children,
                join_code=new_join_code(),
                join_open=True,
                archived=False,
                members=0,
                created=now,
            )
            db.session.add(found)
            try:
                db.session.flush()
            except IntegrityError:  # a join code in use: draw another
                db.session.rollback()
                continue
            teachers = {school_class.teacher_id, *(t.id for t in self.co_teachers(school_class.id))} - {teacher_id}
            for other in sorted(teachers):
                db.session.add(ClassTeacher(class_id=found.id, teacher_id=other, added=now))
            if pupils:
                self._copy_pupils(school_class.id, found, now)
            db.session.commit()
            return found
        raise RuntimeError("could not draw a free join code")  # pragma: no cover

    def _copy_pupils(self, from_id: int, to: SchoolClass, now: datetime) -> None:
        rows = db.session.execute(
            select(ClassMember.learner_id, ClassMember.nickname, ClassMember.label).where(
                ClassMember.class_id == from_id, ClassMember.managed.is_(True)
            )
        ).all()
        for row in rows:
            db.session.add(
                ClassMember(
                    class_id=to.id,
                    learner_id=row.learner_id,
                    nickname=row.nickname,
                    joined=now,
                    managed=True,
                    label=row.label,
                )
            )
        to.members = len(rows)

    def delete_class(self, class_id: int) -> bool:
        """Delete the class with its memberships, assignments, invitations and co-teachers; its
        teacher-made pupils' learners go too unless they are in another class. Pupils who joined keep
        their own progress."""
        managed = list(
            db.session.scalars(
                select(ClassMember.learner_id).where(ClassMember.class_id == class_id, ClassMember.managed.is_(True))
            )
        )
        gone = db.session.execute(
            delete(SchoolClass).where(SchoolClass.id == class_id).returning(SchoolClass.id)
        ).first()
        if gone is None:
            db.session.rollback()
            return False
        self._delete_lone_learners(managed)
        db.session.commit()
        return True

    def managed_count(self, class_id: int) -> int:
        return (
            db.session.scalar(
                select(func.count())
                .select_from(ClassMember)
                .where(ClassMember.class_id == class_id, ClassMember.managed.is_(True))
            )
            or 0
        )


__all__ = ["Accepted", "Invite", "Roster"]
