"""The signed-in teacher of a request, for every feature with teachers' pages (the classroom, live
sessions, class tables, club nights): the classroom signs teachers in with Flask-Login and its user
carries the store's :class:`~tutor.store.classroom.Teacher`; the others only ask who it is."""

from __future__ import annotations

from flask_login import current_user

from ...store.classroom import Teacher

__all__ = ["current_teacher"]


def current_teacher() -> Teacher | None:
    """The signed-in teacher, or None (nobody signed in, or a user without a teacher)."""
    if current_user and current_user.is_authenticated:
        return getattr(current_user, "teacher", None)
    return None
