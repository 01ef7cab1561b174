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

from ...i18n import gettext as _
from ..shared.extensions import HOME_LINKS, Link
from . import accounts, assignments, cards, classes, dashboard, pupils, questions, roster, teachers  # noqa: F401  (their routes)
from .blueprint import bp


def for_teachers() -> Link:
    return Link(url_for("classroom.teach"), _("For teachers: classes your pupils join with a code"), "home-teachers")


def join_link() -> Link:
    return Link(url_for("classroom.join"), _("Join a class with a code from your teacher"), "home-join")


def init_app(app: Flask) -> None:
    """Flask-Login, the ``flask teacher`` commands and the home page's links (``create_app`` registers ``bp``)."""
    accounts.init_app(app)
    HOME_LINKS.register(app, for_teachers, order=10)
    HOME_LINKS.register(app, join_link, order=20)


__all__ = ["bp", "init_app"]
