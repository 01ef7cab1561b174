"""The classroom: teacher accounts (``/teach``), classes with join codes and a projector's join
screen, pupils who join with a code and a generated nickname (``/join``, ``/j/<CODE>``), the
dashboard of a class and its CSV export.

Modules: :mod:`.blueprint` (the blueprint, roles and the 404 for outsiders, rate limits),
:mod:`.accounts` (teachers), :mod:`.teachers` (co-teachers and their invitation links),
:mod:`.classes` (a teacher's classes), :mod:`.pupils` (joining and a
pupil's class page), :mod:`.dashboard` (the grid, a pupil's page, the CSV), :mod:`.passwords`,
:mod:`.nicknames`. The tables are the store's (:mod:`tutor.store.classroom`).
"""

from __future__ import annotations

from flask import Flask, url_for

from ...i18n import gettext as _, ngettext
from ...store import current_store
from ..shared.extensions import HOME_LINKS, Link
from ..shared.learner import my_learner_id
from . import accounts, assignments, cards, classes, dashboard, pupils, questions, roster, teachers  # noqa: F401  (their routes)
from .blueprint import bp


def for_teachers() -> Link:
    return Link(url_for("classroom.teach"), _("For teachers: classes your pupils join with a code"), "home-teachers")


def join_link() -> Link:
    return Link(url_for("classroom.join"), _("Join a class with a code from your teacher"), "home-join")


def my_class_link() -> Link | None:
    """For a pupil: their class (the first they joined that is not archived), with the work still open
    there. A visitor the store does not know reads nothing."""
    learner_id = my_learner_id()
    if learner_id is None:
        return None
    for found, member in current_store().classroom.memberships(learner_id):
        if found.archived:
            continue
        still = sum(1 for a in assignments.for_pupil(found.id, member) if a["status"].state in assignments.OPEN_STATES)
        text = (
            ngettext(
                "Your class %(name)s: %(num)s piece of work to do",
                "Your class %(name)s: %(num)s pieces of work to do",
                still,
                name=found.name,
            )
            if still
            else _("Your class %(name)s: nothing to do right now", name=found.name)
        )
        return Link(url_for("classroom.my_class", cid=found.public_id), text, "home-my-class")
    return None


def init_app(app: Flask) -> None:
    """Flask-Login, the ``flask teacher`` commands and the home page's links (``create_app`` registers ``bp``)."""
    accounts.init_app(app)
    HOME_LINKS.register(app, for_teachers, order=10)
    HOME_LINKS.register(app, my_class_link, order=5)
    HOME_LINKS.register(app, join_link, order=20)


__all__ = ["bp", "init_app"]
