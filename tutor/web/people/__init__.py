"""Tables with people: friends or pupils play each other at one table, computer players in the
empty seats.

:mod:`.views` has the blueprint and every route (its docstring lists the URLs); the table's row is
the store's (:mod:`tutor.store.people`); the table itself is the shared one
(:mod:`tutor.web.components.table`), drawn for each person from their own seat. Its entry is a link
on the home page, through the extension point :data:`~tutor.web.shared.extensions.HOME_LINKS`;
:mod:`.classes` has the class tables (a teacher opens tables for a class and watches them), linked
from the class page through :data:`~tutor.web.shared.extensions.CLASS_PAGE_LINKS`.
"""

from __future__ import annotations

from flask import Flask, url_for

from ...i18n import gettext as _
from ..shared.extensions import CLASS_PAGE_LINKS, HOME_LINKS, Link
from . import classes as classes  # the class tables' routes, on the same blueprint
from .views import bp


def home_link() -> Link:
    return Link(url_for("people.index"), _("Play with friends: open a table, they join with a code"), "home-people")


def class_tables_link(class_id: str) -> Link:
    return Link(url_for("people.class_tables", cid=class_id), _("Tables for the class"), "people-class")


def init_app(app: Flask) -> None:
    """The home page's link and the class page's (``create_app`` registers ``bp``)."""
    HOME_LINKS.register(app, home_link, order=5)
    CLASS_PAGE_LINKS.register(app, class_tables_link)


__all__ = ["bp", "init_app"]
