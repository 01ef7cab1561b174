"""A learner's own data: what the store keeps about one learner, as data to download, and its deletion.

What belongs to a learner is read from the schema, not listed by hand: every table with a column
that points at ``learner.id`` (the learning log, the form tokens, the projections, games, practice
and quiz runs, class memberships, live-session players, a teacher account's link), and the tables
that point at those rows (a live player's answers). A table added later is covered without a change
here; ``tests/store/test_privacy.py`` checks that every such table is.

Not kept per learner, and so neither exported nor deleted: the guessing limits
(``device_code_failures``, ``rate_bucket``), keyed by a client address or a login name, which
forget their counts within a day.

A teacher's account (``teacher.learner_id``) goes with its learner: the account row, its classes
with their memberships and assignments, and its live sessions. Pupils who had joined those classes
keep their own progress (only their membership row goes).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import Table, delete, func, select, update

from .classroom import Assignment, ClassMember, SchoolClass, Teacher
from .live import LiveSession
from .schema import ItemProgress, Learner, db

if TYPE_CHECKING:
    from . import Store

SECRET_COLUMNS = frozenset({"password_hash", "recovery_hash"})
"""Columns never put in a download (they are hashes, and useless to anyone but a guesser)."""
NOT_PER_LEARNER = frozenset({"device_code_failures", "rate_bucket"})
"""Tables with no learner in them (keyed by address or login name)."""


@dataclass
class Deleted:
    """What :meth:`LearnerData.erase` deleted: rows per table, and the classes that went with a teacher account."""

    rows: dict[str, int] = field(default_factory=dict)
    classes: int = 0


@dataclass(frozen=True)
class Overview:
    """What the "my data" page says is stored."""

    answers: int
    review_cards: int
    games: int
    practice_runs: int
    quiz_runs: int
    live_sessions: int
    memberships: list[tuple[str, str]]
    """(class name, nickname) per class the learner is in."""
    teacher_login: str | None
    """The teacher account linked to this learner, if any."""
    classes_owned: list[str]
    """The names of that account's classes (active and archived)."""


def learner_tables() -> list[tuple[Table, Any]]:
    """Every table with a column pointing at ``learner.id``, with that column."""
    learner = Learner.__table__
    found = []
    for table in db.metadata.sorted_tables:
        for key in table.foreign_keys:
            if key.column.table is learner and key.column.name == "id":
                found.append((table, key.parent))
    return found


def dependent_tables(parent: Table) -> list[tuple[Table, Any, Any]]:
    """Tables pointing at rows of ``parent`` (other than through the learner): (table, column, parent's column)."""
    learner = Learner.__table__
    found = []
    for table in db.metadata.sorted_tables:
        if table is learner:
            continue
        for key in table.foreign_keys:
            if key.column.table is parent:
                found.append((table, key.parent, key.column))
    return found


def _plain(value: Any) -> Any:
    if isinstance(value, datetime | date):
        return value.isoformat()
    return value


def _rows(table: Table, where: Any) -> list[dict[str, Any]]:
    shown = [column for column in table.columns if column.name not in SECRET_COLUMNS]
    return [
        {name: _plain(value) for name, value in row._mapping.items()}
        for row in db.session.execute(select(*shown).where(where))
    ]


class LearnerData:
    """One learner's rows: an overview, a download, a deletion."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def _count(self, table: Table, column: Any, learner_id: int) -> int:
        return db.session.scalar(select(func.count()).select_from(table).where(column == learner_id)) or 0

    def overview(self, learner_id: int) -> Overview:
        tables = {table.name: (table, column) for table, column in learner_tables()}

        def count(name: str) -> int:
            table, column = tables[name]
            return self._count(table, column, learner_id)

        cards = (
            db.session.scalar(
                select(func.count())
                .select_from(ItemProgress)
                .where(ItemProgress.learner_id == learner_id, ItemProgress.card_state.is_not(None))
            )
            or 0
        )
        memberships = [
            (name, nickname)
            for name, nickname in db.session.execute(
                select(SchoolClass.name, ClassMember.nickname)
                .join(ClassMember, ClassMember.class_id == SchoolClass.id)
                .where(ClassMember.learner_id == learner_id)
                .order_by(ClassMember.joined)
            )
        ]
        teacher = self.teacher_of(learner_id)
        owned = (
            list(db.session.scalars(select(SchoolClass.name).where(SchoolClass.teacher_id == teacher.id)))
            if teacher
            else []
        )
        return Overview(
            answers=self.store.progress.of([learner_id])[learner_id].summary.answers,
            review_cards=cards,
            games=count("game"),
            practice_runs=count("practice_run"),
            quiz_runs=count("quiz_run"),
            live_sessions=count("live_player"),
            memberships=memberships,
            teacher_login=teacher.login if teacher else None,
            classes_owned=sorted(owned, key=str.casefold),
        )

    def teacher_of(self, learner_id: int) -> Teacher | None:
        """The teacher account whose own learner this is."""
        return db.session.scalar(select(Teacher).where(Teacher.learner_id == learner_id))

    def export(self, learner_id: int, *, account: bool = True) -> dict[str, Any]:
        """Every row about the learner, per table (password and recovery hashes left out); with
        ``account`` false, nothing of a linked teacher account (its row, classes, sessions)."""
        learner = Learner.__table__
        data: dict[str, Any] = {"learner": _rows(learner, learner.c.id == learner_id)}
        for table, column in learner_tables():
            data[table.name] = _rows(table, column == learner_id)
            for child, child_column, parent_column in dependent_tables(table):
                parents = select(parent_column).where(column == learner_id)
                data.setdefault(child.name, []).extend(_rows(child, child_column.in_(parents)))
        teacher = self.teacher_of(learner_id)
        if teacher is not None and not account:
            for name in ("teacher", "school_class", "live_session"):
                data.pop(name, None)
        elif teacher is not None:
            classes = SchoolClass.__table__
            owned = select(classes.c.id).where(classes.c.teacher_id == teacher.id)
            data["school_class"] = _rows(classes, classes.c.teacher_id == teacher.id)
            data["assignment"] = _rows(Assignment.__table__, Assignment.__table__.c.class_id.in_(owned))
            data["live_session"] = _rows(LiveSession.__table__, LiveSession.__table__.c.host_id == teacher.id)
        return data

    def erase(self, learner_id: int) -> Deleted:
        """Delete the learner and everything about it, in one transaction; a linked teacher account
        goes with its classes (their memberships and assignments) and live sessions."""
        deleted = Deleted()
        teacher = self.teacher_of(learner_id)
        if teacher is not None:
            deleted.classes = self._erase_teacher(teacher.id, deleted)
        # The memberships go first, each class's counter down by the rows this statement deleted: a
        # "leave the class" in another tab at the same moment deletes a row once, so it counts once.
        left = list(
            db.session.scalars(
                delete(ClassMember).where(ClassMember.learner_id == learner_id).returning(ClassMember.class_id)
            )
        )
        if left:
            deleted.rows["class_member"] = len(left)
        self._leave(left)
        for table, column in reversed(learner_tables()):
            for child, child_column, parent_column in dependent_tables(table):
                parents = select(parent_column).where(column == learner_id)
                self._delete(child, child_column.in_(parents), deleted)
            self._delete(table, column == learner_id, deleted)
        self._delete(Learner.__table__, Learner.__table__.c.id == learner_id, deleted)
        db.session.commit()
        return deleted

    def _leave(self, class_ids: Iterable[int]) -> None:
        for class_id in class_ids:  # the member counter follows the rows (see ``Classroom.join``)
            db.session.execute(
                update(SchoolClass).where(SchoolClass.id == class_id).values(members=SchoolClass.members - 1)
            )

    def _erase_teacher(self, teacher_id: int, deleted: Deleted) -> int:
        classes = SchoolClass.__table__
        owned = select(classes.c.id).where(classes.c.teacher_id == teacher_id)
        count = db.session.scalar(select(func.count()).select_from(classes).where(classes.c.teacher_id == teacher_id))
        sessions = LiveSession.__table__
        for child, child_column, parent_column in dependent_tables(sessions):
            for grandchild, grand_column, grand_parent in dependent_tables(child):
                inner = select(parent_column).where(sessions.c.host_id == teacher_id)
                self._delete(grandchild, grand_column.in_(select(grand_parent).where(child_column.in_(inner))), deleted)
            self._delete(
                child, child_column.in_(select(parent_column).where(sessions.c.host_id == teacher_id)), deleted
            )
        self._delete(sessions, sessions.c.host_id == teacher_id, deleted)
        db.session.execute(update(sessions).where(sessions.c.class_id.in_(owned)).values(class_id=None))
        self._delete(Assignment.__table__, Assignment.__table__.c.class_id.in_(owned), deleted)
        self._delete(ClassMember.__table__, ClassMember.__table__.c.class_id.in_(owned), deleted)
        for table, column, _parent in dependent_tables(classes):
            if table.name not in ("assignment", "class_member", "live_session"):
                self._delete(table, column.in_(owned), deleted)
        self._delete(classes, classes.c.teacher_id == teacher_id, deleted)
        for table, column, _parent in dependent_tables(Teacher.__table__):
            if table.name not in ("school_class", "live_session"):
                self._delete(table, column == teacher_id, deleted)
        self._delete(Teacher.__table__, Teacher.__table__.c.id == teacher_id, deleted)
        return int(count or 0)

    def _delete(self, table: Table, where: Any, deleted: Deleted) -> None:
        result = db.session.execute(delete(table).where(where))
        count = int(result.rowcount or 0)  # type: ignore[attr-defined]
        if count:
            deleted.rows[table.name] = deleted.rows.get(table.name, 0) + count


__all__ = ["Deleted", "LearnerData", "NOT_PER_LEARNER", "Overview", "dependent_tables", "learner_tables"]
