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

from flask import Flask, g, url_for

from ...i18n import gettext as _, lazy_gettext as _l, ngettext
from ...store import current_store, reviewable
from ...store.classroom import SchoolClass
from ..shared.extensions import HOME_LINKS, LIVE_SUMMARY_ACTIONS, FormAction, Link
from ..shared.learner import FORM_TOKEN_FIELD, my_learner_id, new_form_token
from ..shared.nav import Badge, Section, add_section
from . import accounts, assignments, cards, classes, dashboard, pupils, questions, roster, teachers  # noqa: F401  (their routes)
from .blueprint import bp


def for_teachers() -> Link:
    return Link(url_for("classroom.teach"), _("For teachers: classes your pupils join with a code"), "home-teachers")


def join_link() -> Link:
    return Link(url_for("classroom.join"), _("Join a class with a code from your teacher"), "home-join")


def my_classes() -> list[tuple[SchoolClass, int]]:
    """For a pupil: the classes they are in that are not archived, each with the pieces of work still
    open there (read once per request). A visitor the store does not know reads nothing."""
    cached = g.get("_my_classes")
    if cached is not None:
        return cached
    found: list[tuple[SchoolClass, int]] = []
    learner_id = my_learner_id()
    if learner_id is not None:
        for school_class, member in current_store().classroom.memberships(learner_id):
            if school_class.archived:
                continue
            work = assignments.for_pupil(school_class.id, member)
            found.append((school_class, sum(1 for a in work if a["status"].state in assignments.OPEN_STATES)))
    g._my_classes = found
    return found


def my_class_link() -> Link | None:
    """For a pupil: a home-page link to their class (the first they joined), with the work still open."""
    found = my_classes()
    if not found:
        return None
    school_class, still = found[0]
    text = (
        ngettext(
            "Your class %(name)s: %(num)s piece of work to do",
            "Your class %(name)s: %(num)s pieces of work to do",
            still,
            name=school_class.name,
        )
        if still
        else _("Your class %(name)s: nothing to do right now", name=school_class.name)
    )
    return Link(url_for("classroom.my_class", cid=school_class.public_id), text, "home-my-class")


def open_work_badge() -> Badge | None:
    """The menu's count beside "My class": the pieces of work still open in the pupil's classes."""
    still = sum(count for _class, count in my_classes())
    if not still:
        return None
    return Badge(still, ngettext("%(num)s piece of work to do", "%(num)s pieces of work to do", still))


def live_assign_missed(class_id: str, items: tuple[str, ...]) -> FormAction | None:
    """The live summary's "Assign the steps answered wrong" for a class: a POST of the steps (their items)
    to :func:`.dashboard.assign_steps`, with a one-time token (a double click sets the work once)."""
    steps = tuple(item for item in items if reviewable(item) is not None)
    if not steps:
        return None
    fields = (*(("item", item) for item in steps), (FORM_TOKEN_FIELD, new_form_token()))
    return FormAction(url_for("classroom.assign_steps", cid=class_id), _("Assign the steps answered wrong"), fields)


def init_app(app: Flask) -> None:
    """Flask-Login, the ``flask teacher`` commands and the home page's links (``create_app`` registers ``bp``)."""
    accounts.init_app(app)
    HOME_LINKS.register(app, for_teachers, order=10)
    HOME_LINKS.register(app, my_class_link, order=5)
    add_section(
        app,
        Section(
            "classroom.my_classes",
            # Translators: the menu entry a pupil who joined a class sees: their class's page. Keep it
            # short (one word if you can): the whole menu must fit one row at 1280 px.
            _l("My class"),
            _l("The work your teacher set, and what you have done."),
            order=22,
            badge=open_work_badge,
            visible=lambda: bool(my_classes()),
        ),
    )
    HOME_LINKS.register(app, join_link, order=20)
    LIVE_SUMMARY_ACTIONS.register(app, live_assign_missed)


__all__ = ["bp", "init_app"]
