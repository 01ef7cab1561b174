"""The classroom: teacher accounts, classes, their members, the rate buckets of logins and join codes,
and the class-wide reads of the dashboard.

* ``teacher``: a login name, a display name shown to pupils, an argon2 password hash, a hashed
  recovery code, a session ``generation`` (raised by "log out everywhere" and by a password change: a
  session carrying an older one is dropped) and the teacher's own learner row (their progress).
* ``school_class``: one class of a teacher; its 6-character join code (unique, ``None`` never: a
  closed code is ``join_open`` false), its age setting and its member counter, which every join
  raises in its first statement, atomically and only below the cap (:data:`MEMBER_CAP`).
* ``class_member``: a learner in a class with the nickname the class shows (unique per class).
* ``rate_bucket``: failures per (kind, key), a leaky bucket like the device code's
  (:class:`tutor.store.learners.DeviceCodeLimit`), for join codes and teacher logins.

The hashing itself is the web layer's (``tutor.web.classroom.passwords``); this module keeps strings.
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING, Any

from sqlalchemy import (
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    UniqueConstraint,
    case,
    delete,
    false,
    func,
    or_,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from .schema import DEVICE_CODE_ALPHABET, AttemptRow, DayProgress, Learner, QuizRun, db, utcnow
from .sql import aware, time_column, upsert

if TYPE_CHECKING:
    from . import Progress, Store

JOIN_CODE_LENGTH = 6
"""31**6 (about 8.9e8) join codes, from the device codes' unambiguous alphabet."""
MEMBER_CAP = 60
"""Members a class can have at most."""
LOGIN_LENGTH = 40
NAME_LENGTH = 80
NICKNAME_LENGTH = 40
LABEL_LENGTH = 80


# --- Tables -----------------------------------------------------------------------------------------


class Teacher(db.Model):  # type: ignore[name-defined]
    """A teacher's account."""

    __tablename__ = "teacher"

    id: Mapped[int] = mapped_column(primary_key=True)
    login: Mapped[str] = mapped_column(String(LOGIN_LENGTH), unique=True)
    """The login name, lower case (names are compared without case)."""
    display_name: Mapped[str] = mapped_column(String(NAME_LENGTH))
    password_hash: Mapped[str] = mapped_column(String(255))
    recovery_hash: Mapped[str] = mapped_column(String(255))
    generation: Mapped[int] = mapped_column(Integer, default=0)
    """Sessions carry it; raising it ends every session of the account."""
    learner_id: Mapped[int | None] = mapped_column(ForeignKey("learner.id", ondelete="SET NULL"), nullable=True)
    """The teacher's own progress as a learner."""
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    def __repr__(self) -> str:
        return f"<Teacher {self.id} {self.login}>"


class SchoolClass(db.Model):  # type: ignore[name-defined]
    """A teacher's class."""

    __tablename__ = "school_class"

    id: Mapped[int] = mapped_column(primary_key=True)
    public_id: Mapped[str] = mapped_column(String(16), unique=True)
    """The id in URLs (random; the row id is never shown)."""
    teacher_id: Mapped[int] = mapped_column(ForeignKey("teacher.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(NAME_LENGTH))
    lang: Mapped[str] = mapped_column(String(8))
    children: Mapped[bool] = mapped_column(Boolean, default=True)
    """"Children under 13": generated nicknames only, no names in rankings."""
    join_code: Mapped[str] = mapped_column(String(JOIN_CODE_LENGTH), unique=True)
    join_open: Mapped[bool] = mapped_column(Boolean, default=True)
    archived: Mapped[bool] = mapped_column(Boolean, default=False)
    members: Mapped[int] = mapped_column(Integer, default=0)
    """How many ``class_member`` rows the class has (kept with them, under the class row's lock)."""
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    def __repr__(self) -> str:
        return f"<SchoolClass {self.id} {self.name!r}>"


class ClassMember(db.Model):  # type: ignore[name-defined]
    """A learner in a class."""

    __tablename__ = "class_member"
    __table_args__ = (UniqueConstraint("class_id", "nickname"),)

    class_id: Mapped[int] = mapped_column(ForeignKey("school_class.id", ondelete="CASCADE"), primary_key=True)
    learner_id: Mapped[int] = mapped_column(ForeignKey("learner.id", ondelete="CASCADE"), primary_key=True, index=True)
    nickname: Mapped[str] = mapped_column(String(NICKNAME_LENGTH))
    joined: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    managed: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """A teacher-made pupil: the teacher made the learner for this class and hands out its device code."""
    label: Mapped[str | None] = mapped_column(String(LABEL_LENGTH), nullable=True)
    """A teacher-made pupil's name as the teacher typed it: shown to the class's teachers only."""

    def __repr__(self) -> str:
        return f"<ClassMember {self.class_id} {self.learner_id} {self.nickname!r}>"


class ClassTeacher(db.Model):  # type: ignore[name-defined]
    """A co-teacher of a class (the owner is ``school_class.teacher_id``)."""

    __tablename__ = "class_teacher"

    class_id: Mapped[int] = mapped_column(ForeignKey("school_class.id", ondelete="CASCADE"), primary_key=True)
    teacher_id: Mapped[int] = mapped_column(ForeignKey("teacher.id", ondelete="CASCADE"), primary_key=True, index=True)
    added: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ClassInvite(db.Model):  # type: ignore[name-defined]
    """A single-use invitation to co-teach a class, valid until ``expires``; only its token's hash is kept."""

    __tablename__ = "class_invite"

    id: Mapped[int] = mapped_column(primary_key=True)
    public_id: Mapped[str] = mapped_column(String(16), unique=True)
    """The id the owner's page withdraws it by (not the token)."""
    class_id: Mapped[int] = mapped_column(ForeignKey("school_class.id", ondelete="CASCADE"), index=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    """SHA-256 of the link's token, in hex."""
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    expires: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    used_by: Mapped[int | None] = mapped_column(ForeignKey("teacher.id", ondelete="SET NULL"), nullable=True)


class Assignment(db.Model):  # type: ignore[name-defined]
    """Work a teacher sets a class: a lesson, a topic quiz, a practice hand, the daily challenge or a
    number of reviews (``kind``, ``target``, ``count``), open from ``opens``, due at ``due`` (or never)."""

    __tablename__ = "assignment"

    id: Mapped[int] = mapped_column(primary_key=True)
    public_id: Mapped[str] = mapped_column(String(16), unique=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("school_class.id", ondelete="CASCADE"), index=True)
    kind: Mapped[str] = mapped_column(String(16))
    """``lesson``, ``quiz``, ``practice``, ``daily``, ``reviews``."""
    target: Mapped[str] = mapped_column(String(64), default="")
    """The lesson, topic or practice hand key (empty for the daily challenge and reviews)."""
    count: Mapped[int] = mapped_column(Integer, default=0)
    """How many reviews (``reviews`` only)."""
    seed: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """A topic quiz's seed when everyone gets the same questions (None: each pupil draws their own)."""
    pass_mark: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """A topic quiz's right answers needed to pass (None: the app's own pass mark)."""
    opens: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    due: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class RateBucket(db.Model):  # type: ignore[name-defined]
    """Failures still counted against one key of one kind (a leaky bucket, :class:`RateBuckets`)."""

    __tablename__ = "rate_bucket"

    kind: Mapped[str] = mapped_column(String(16), primary_key=True)
    """What is limited: ``join`` (class join codes per address), ``login-ip``, ``login-name``."""
    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    failures: Mapped[float] = mapped_column(Float, default=0.0)
    updated: Mapped[float] = mapped_column(Float, index=True)
    """Seconds since the Unix epoch when ``failures`` was last written."""


# --- Codes ------------------------------------------------------------------------------------------


def new_join_code() -> str:
    """Six random characters of the unambiguous alphabet.

    >>> code = new_join_code()
    >>> len(code) == JOIN_CODE_LENGTH and set(code) <= set(DEVICE_CODE_ALPHABET)
    True
    """
    return "".join(secrets.choice(DEVICE_CODE_ALPHABET) for _ in range(JOIN_CODE_LENGTH))


def normalize_join_code(text: str) -> str | None:
    """A typed join code in its stored form, or None if it cannot be one: any case, spaces and
    dashes ignored.

    >>> normalize_join_code(" k7m-2qx "), normalize_join_code("K7M2QX")
    ('K7M2QX', 'K7M2QX')
    >>> normalize_join_code("K7M2Q"), normalize_join_code("K7M2Q0"), normalize_join_code("")
    (None, None, None)
    """
    cleaned = "".join(ch for ch in text.upper() if not ch.isspace() and ch != "-")
    if len(cleaned) != JOIN_CODE_LENGTH or any(ch not in DEVICE_CODE_ALPHABET for ch in cleaned):
        return None
    return cleaned


def format_join_code(code: str) -> str:
    """``K7M2QX`` as ``K7M-2QX`` (easier to read off a projector).

    >>> format_join_code("K7M2QX")
    'K7M-2QX'
    """
    return f"{code[:3]}-{code[3:]}"


# --- Results ----------------------------------------------------------------------------------------

OWNER, CO_TEACHER = "owner", "co-teacher"
"""A teacher's roles in a class."""


@dataclass(frozen=True)
class Member:
    """One member of a class, as the class's pages read it."""

    learner_id: int
    nickname: str
    joined: datetime
    managed: bool = False
    label: str | None = None


MEMBER_COLUMNS = (
    ClassMember.learner_id,
    ClassMember.nickname,
    ClassMember.joined,
    ClassMember.managed,
    ClassMember.label,
)


def member_of(row: Any) -> Member:
    return Member(row.learner_id, row.nickname, row.joined, bool(row.managed), row.label)


@dataclass(frozen=True)
class Joined:
    """What a join did: ``member`` (None if refused) and why it was refused (``full``, ``closed``)."""

    member: Member | None
    new: bool = False
    refused: str | None = None


@dataclass(frozen=True)
class ClassView:
    """What the dashboard reads of a class, in a constant number of queries (:meth:`Classroom.view`)."""

    members: list[Member]
    progress: dict[int, Progress]
    missed: list[tuple[str, int, int]]
    """The class's most-missed items since the week's start: (item, wrong answers, pupils who missed it)."""
    days: list[tuple[date, int, int]]
    """Answers per day of the class: (day, answers, right), oldest first."""


# --- The rate buckets -------------------------------------------------------------------------------


class RateBuckets:
    """Failures per (kind, key) as leaky buckets: ``budget`` at once, one forgotten per ``every``."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def reserve(self, kind: str, key: str, budget: int, every: timedelta) -> int | None:
        """Count one attempt; None if allowed, else the seconds until one is allowed again.

        One upsert, counting only while the budget allows it (the device code's statement:
        :meth:`tutor.store.DeviceCodeLimit.reserve`), so parallel attempts never count past it.
        """
        table = RateBucket.__table__
        now = self.store.clock.now().timestamp()
        seconds = every.total_seconds()
        leaked = table.c.failures - (now - table.c.updated) / seconds
        left = case((leaked > 0, leaked), else_=0.0)
        if secrets.randbelow(20) == 0:  # forget this kind's keys whose failures have all leaked away
            db.session.execute(delete(table).where(table.c.kind == kind, table.c.updated < now - budget * seconds))
        counted = db.session.execute(
            upsert(table)
            .values(kind=kind, key=key, failures=1.0, updated=now)
            .on_conflict_do_update(
                index_elements=[table.c.kind, table.c.key],
                set_={"failures": left + 1, "updated": now},
                where=left + 1 <= budget,
            )
            .returning(table.c.failures)
        ).first()
        if counted is not None:
            db.session.commit()
            return None
        row = db.session.execute(
            select(table.c.failures, table.c.updated).where(table.c.kind == kind, table.c.key == key)
        ).one()
        db.session.commit()
        still = max(0.0, row.failures - (now - row.updated) / seconds)
        return max(1, math.ceil((still + 1 - budget) * seconds))

    def give_back(self, kind: str, key: str) -> None:
        """A right answer: the attempt reserved for it does not count."""
        table = RateBucket.__table__
        db.session.execute(
            update(table)
            .where(table.c.kind == kind, table.c.key == key)
            .values(failures=case((table.c.failures > 1, table.c.failures - 1), else_=0.0))
        )
        db.session.commit()


# --- Teachers, classes, members ---------------------------------------------------------------------


class Classroom:
    """Teachers, their classes and the classes' members."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.limits = RateBuckets(store)

    # --- Teachers

    def teacher(self, teacher_id: int) -> Teacher | None:
        return db.session.get(Teacher, teacher_id)

    def teacher_by_login(self, login: str) -> Teacher | None:
        return db.session.scalar(select(Teacher).where(Teacher.login == login.strip().lower()))

    def add_teacher(
        self, login: str, display_name: str, password_hash: str, recovery_hash: str, learner_id: int | None
    ) -> Teacher | None:
        """A new teacher, or None if the login name is taken (also by a sign-up at the same moment)."""
        teacher = Teacher(
            login=login.strip().lower(),
            display_name=display_name,
            password_hash=password_hash,
            recovery_hash=recovery_hash,
            generation=0,
            learner_id=learner_id,
            created=self.store.now(),
        )
        db.session.add(teacher)
        try:
            db.session.commit()
        except IntegrityError:
            db.session.rollback()
            return None
        return teacher

    def set_password(self, teacher: Teacher, password_hash: str, recovery_hash: str | None = None) -> int:
        """A new password (and recovery code): every other session ends. Returns the new generation."""
        values: dict[str, Any] = {"password_hash": password_hash, "generation": Teacher.generation + 1}
        if recovery_hash is not None:
            values["recovery_hash"] = recovery_hash
        db.session.execute(update(Teacher).where(Teacher.id == teacher.id).values(**values))
        db.session.commit()
        db.session.refresh(teacher)
        return teacher.generation

    def end_sessions(self, teacher: Teacher) -> int:
        """Raise the session generation (log out everywhere); the new one."""
        db.session.execute(update(Teacher).where(Teacher.id == teacher.id).values(generation=Teacher.generation + 1))
        db.session.commit()
        db.session.refresh(teacher)
        return teacher.generation

    def link_learner(self, teacher: Teacher, learner_id: int) -> None:
        teacher.learner_id = learner_id
        db.session.commit()

    # --- Classes

    def classes_of(self, teacher_id: int, *, archived: bool = False) -> list[SchoolClass]:
        """The classes the teacher owns or co-teaches, the newest first."""
        co_taught = select(ClassTeacher.class_id).where(ClassTeacher.teacher_id == teacher_id)
        return list(
            db.session.scalars(
                select(SchoolClass)
                .where(
                    or_(SchoolClass.teacher_id == teacher_id, SchoolClass.id.in_(co_taught)),
                    SchoolClass.archived == archived,
                )
                .order_by(SchoolClass.created.desc(), SchoolClass.id.desc())
            )
        )

    def add_class(self, teacher_id: int, name: str, lang: str, children: bool) -> SchoolClass:
        for _attempt in range(10):
            found = SchoolClass(
                public_id=secrets.token_hex(8),
                teacher_id=teacher_id,
                name=name,
                lang=lang,
                children=children,
                join_code=new_join_code(),
                join_open=True,
                archived=False,
                members=0,
                created=self.store.now(),
            )
            db.session.add(found)
            try:
                db.session.commit()
                return found
            except IntegrityError:  # a code already in use: draw another
                db.session.rollback()
        raise RuntimeError("could not draw a free join code")  # pragma: no cover

    def owned_class(self, teacher_id: int, public_id: str) -> SchoolClass | None:
        """The class with this public id if ``teacher_id`` owns it (else None: the page is a 404)."""
        return db.session.scalar(
            select(SchoolClass).where(SchoolClass.public_id == public_id, SchoolClass.teacher_id == teacher_id)
        )

    def taught_class(self, teacher_id: int, public_id: str) -> tuple[SchoolClass, str] | None:
        """The class with this public id and the teacher's role in it (:data:`OWNER` or
        :data:`CO_TEACHER`), or None if the teacher does not teach it: one query."""
        row = db.session.execute(
            select(SchoolClass, ClassTeacher.teacher_id)
            .outerjoin(
                ClassTeacher, (ClassTeacher.class_id == SchoolClass.id) & (ClassTeacher.teacher_id == teacher_id)
            )
            .where(
                SchoolClass.public_id == public_id,
                or_(SchoolClass.teacher_id == teacher_id, ClassTeacher.teacher_id.is_not(None)),
            )
        ).first()
        if row is None:
            return None
        found = row[0]
        return found, OWNER if found.teacher_id == teacher_id else CO_TEACHER

    def class_by_public_id(self, public_id: str) -> SchoolClass | None:
        return db.session.scalar(select(SchoolClass).where(SchoolClass.public_id == public_id))

    def class_by_code(self, code: str) -> SchoolClass | None:
        """The class whose join code this is (open or not)."""
        return db.session.scalar(select(SchoolClass).where(SchoolClass.join_code == code))

    def new_code(self, school_class: SchoolClass) -> str:
        """Give the class another join code (the old one stops working)."""
        for _attempt in range(10):
            school_class.join_code = new_join_code()
            try:
                db.session.commit()
                return school_class.join_code
            except IntegrityError:
                db.session.rollback()
        raise RuntimeError("could not draw a free join code")  # pragma: no cover

    def set_flags(self, school_class: SchoolClass, **flags: bool) -> None:
        """``join_open``, ``archived``."""
        for name, value in flags.items():
            if name not in ("join_open", "archived"):
                raise ValueError(name)
            setattr(school_class, name, value)
        db.session.commit()

    # --- Members

    def members(self, class_id: int) -> list[Member]:
        rows = db.session.execute(
            select(*MEMBER_COLUMNS)
            .where(ClassMember.class_id == class_id)
            .order_by(ClassMember.joined, ClassMember.nickname)
        )
        return [member_of(row) for row in rows]

    def member(self, class_id: int, learner_id: int) -> Member | None:
        row = db.session.execute(
            select(*MEMBER_COLUMNS).where(ClassMember.class_id == class_id, ClassMember.learner_id == learner_id)
        ).first()
        return member_of(row) if row is not None else None

    def member_by_nickname(self, class_id: int, nickname: str) -> Member | None:
        row = db.session.execute(
            select(*MEMBER_COLUMNS).where(ClassMember.class_id == class_id, ClassMember.nickname == nickname)
        ).first()
        return member_of(row) if row is not None else None

    def nicknames(self, class_id: int) -> set[str]:
        return set(db.session.scalars(select(ClassMember.nickname).where(ClassMember.class_id == class_id)))

    def memberships(self, learner_id: int) -> list[tuple[SchoolClass, Member]]:
        """The classes a learner is in, with the learner's membership."""
        rows = db.session.execute(
            select(SchoolClass, ClassMember)
            .join(ClassMember, ClassMember.class_id == SchoolClass.id)
            .where(ClassMember.learner_id == learner_id)
            .order_by(ClassMember.joined)
        )
        return [(found, Member(m.learner_id, m.nickname, m.joined, m.managed, m.label)) for found, m in rows]

    def join(self, school_class: SchoolClass, learner_id: int, nicknames: Iterable[str]) -> Joined:
        """Add the learner to the class under the first free nickname of ``nicknames``.

        The first statement raises the class's member counter only while the class is open and below
        :data:`MEMBER_CAP` (a row lock on PostgreSQL, the write lock on SQLite), so parallel joins
        neither pass the cap nor lose a member; a nickname taken meanwhile tries the next one. A
        learner already in the class stays as they are.
        """
        class_id = school_class.id
        existing = self.member(class_id, learner_id)
        if existing is not None:
            return Joined(existing)
        for nickname in nicknames:
            counted = db.session.execute(
                update(SchoolClass)
                .where(
                    SchoolClass.id == class_id,
                    SchoolClass.members < MEMBER_CAP,
                    SchoolClass.join_open.is_(True),
                    SchoolClass.archived.is_(False),
                )
                .values(members=SchoolClass.members + 1)
                .returning(SchoolClass.id)
            ).first()
            if counted is None:
                db.session.rollback()
                db.session.refresh(school_class)
                return Joined(None, refused="full" if school_class.members >= MEMBER_CAP else "closed")
            now = self.store.now()
            db.session.add(ClassMember(class_id=class_id, learner_id=learner_id, nickname=nickname, joined=now))
            try:
                db.session.commit()
            except IntegrityError:  # the nickname was taken meanwhile, or the learner joined in another tab
                db.session.rollback()
                existing = self.member(class_id, learner_id)
                if existing is not None:
                    return Joined(existing)
                continue
            return Joined(Member(learner_id, nickname, now), new=True)
        return Joined(None, refused="nickname")

    def leave(self, class_id: int, learner_id: int) -> bool:
        """Take the learner out of the class (their progress stays theirs); False if not a member."""
        removed = db.session.execute(
            delete(ClassMember)
            .where(ClassMember.class_id == class_id, ClassMember.learner_id == learner_id)
            .returning(ClassMember.learner_id)
        ).all()
        if removed:
            db.session.execute(
                update(SchoolClass).where(SchoolClass.id == class_id).values(members=SchoolClass.members - len(removed))
            )
        db.session.commit()
        return bool(removed)

    # --- Assignments

    def add_assignment(
        self,
        class_id: int,
        kind: str,
        target: str,
        count: int,
        opens: datetime,
        due: datetime | None,
        seed: int | None = None,
        pass_mark: int | None = None,
    ) -> Assignment:
        found = self._assignment(class_id, kind, target, count, opens, due, seed)
        found.pass_mark = pass_mark
        db.session.add(found)
        db.session.commit()
        return found

    def _assignment(
        self, class_id: int, kind: str, target: str, count: int, opens: datetime, due: datetime | None, seed: int | None
    ) -> Assignment:
        return Assignment(
            public_id=secrets.token_hex(8),
            class_id=class_id,
            kind=kind,
            target=target,
            count=count,
            seed=seed,
            opens=opens,
            due=due,
            created=self.store.now(),
        )

    def add_lessons_once(
        self,
        class_id: int,
        lessons: list[str],
        opens: datetime,
        due: datetime | None,
        learner_id: int | None,
        token: str | None,
    ) -> list[Assignment] | None:
        """One lesson assignment per key, in one transaction with the form's one-time token claimed for
        ``learner_id`` (the teacher's learner): a form sent twice sets the work once (None the second time)."""
        if learner_id is not None and not self.store.tokens.claim(learner_id, token):
            db.session.rollback()
            return None
        made = [self._assignment(class_id, "lesson", key, 0, opens, due, None) for key in lessons]
        db.session.add_all(made)
        db.session.commit()
        return made

    def first_quiz_runs(
        self, learner_ids: Iterable[int], quiz: str, seed: int | None, since: datetime
    ) -> dict[int, QuizRun]:
        """Per learner, their first run of ``quiz`` with ``seed`` (None: with any seed) started at or
        after ``since`` (the attempt that counts; later ones are practice): one query for the class."""
        ids = sorted(set(learner_ids))
        if not ids:
            return {}
        query = select(QuizRun).where(
            QuizRun.learner_id.in_(ids), QuizRun.quiz == quiz, QuizRun.day.is_(None), QuizRun.created >= since
        )
        if seed is not None:
            query = query.where(QuizRun.seed == seed)
        runs = db.session.scalars(query.order_by(QuizRun.created, QuizRun.id))
        found: dict[int, QuizRun] = {}
        for run in runs:
            found.setdefault(run.learner_id, run)
        return found

    def assignments(self, class_id: int) -> list[Assignment]:
        """The class's assignments, the soonest due first (those without a due date last)."""
        found = db.session.scalars(select(Assignment).where(Assignment.class_id == class_id))
        return sorted(found, key=lambda a: (a.due is None, aware(a.due) or aware(a.opens), a.id))

    def remove_assignment(self, class_id: int, public_id: str) -> bool:
        removed = db.session.execute(
            delete(Assignment)
            .where(Assignment.class_id == class_id, Assignment.public_id == public_id)
            .returning(Assignment.id)
        ).all()
        db.session.commit()
        return bool(removed)

    def work(
        self, learner_ids: Iterable[int], since: datetime, items: Iterable[str], sources: Iterable[str]
    ) -> dict[int, list[tuple[str, str, bool, datetime]]]:
        """Per learner, the attempts at or after ``since`` on one of ``items`` or from one of ``sources``
        (item, source, correct, at), oldest first: what the assignments' status is computed from, one query."""
        ids = sorted(set(learner_ids))
        found: dict[int, list[tuple[str, str, bool, datetime]]] = {learner_id: [] for learner_id in ids}
        wanted, kinds = sorted(set(items)), sorted(set(sources))
        if not ids or not (wanted or kinds):
            return found
        table = AttemptRow.__table__
        at, time = time_column(table.c.at)
        rows = db.session.execute(
            select(table.c.learner_id, table.c.item, table.c.source, table.c.correct, at)
            .where(
                table.c.learner_id.in_(ids),
                table.c.at >= since,
                or_(table.c.item.in_(wanted), table.c.source.in_(kinds)),
            )
            .order_by(table.c.learner_id, table.c.at, table.c.id)
        )
        for learner_id, item, source, correct, moment in rows:
            found[learner_id].append((item, source, bool(correct), time(moment)))  # type: ignore[arg-type]
        return found

    # --- The dashboard

    def view(self, class_id: int, *, since: datetime, days_since: date) -> ClassView:
        """The members, their projections (``progress.of``: four queries), the class's most-missed
        items since ``since`` and its answers per day from ``days_since``: seven queries, whatever the
        size of the class or of its log."""
        members = self.members(class_id)
        ids = [member.learner_id for member in members]
        progress = self.store.progress.of(ids)
        missed: list[tuple[str, int, int]] = []
        days: list[tuple[date, int, int]] = []
        if ids:
            attempts = AttemptRow.__table__
            wrong = func.count().label("wrong")
            rows = db.session.execute(
                select(attempts.c.item, wrong, func.count(func.distinct(attempts.c.learner_id)))
                .where(
                    attempts.c.learner_id.in_(ids),
                    attempts.c.at >= since,
                    attempts.c.correct.is_(False),
                    attempts.c.source.notin_(("seen", "reset")),
                )
                .group_by(attempts.c.item)
                .order_by(wrong.desc(), attempts.c.item)
                .limit(10)
            )
            missed = [(item, count, pupils) for item, count, pupils in rows]
            table = DayProgress.__table__
            day_rows = db.session.execute(
                select(table.c.day, func.sum(table.c.answers), func.sum(table.c.right))
                .where(table.c.learner_id.in_(ids), table.c.topic == "", table.c.day >= days_since)
                .group_by(table.c.day)
                .order_by(table.c.day)
            )
            days = [(day, int(answers or 0), int(right or 0)) for day, answers, right in day_rows]
        return ClassView(members, progress, missed, days)

    def learner_row(self, learner_id: int) -> Learner | None:
        return db.session.get(Learner, learner_id)


__all__ = [
    "Assignment",
    "CO_TEACHER",
    "ClassInvite",
    "ClassTeacher",
    "OWNER",
    "JOIN_CODE_LENGTH",
    "MEMBER_CAP",
    "ClassMember",
    "ClassView",
    "Classroom",
    "Joined",
    "Member",
    "RateBucket",
    "RateBuckets",
    "SchoolClass",
    "Teacher",
    "format_join_code",
    "new_join_code",
    "normalize_join_code",
]
