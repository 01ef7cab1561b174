"""Tables with people: friends or pupils play each other at one table, computer players in the
empty seats.

:mod:`.views` has the blueprint and every route (its docstring lists the URLs); the table's row is
the store's (:mod:`tutor.store.people`); the table itself is the shared one
(:mod:`tutor.web.components.table`), drawn for each person from their own seat. Its entry is a link
on the home page, through the extension point :data:`~tutor.web.shared.extensions.HOME_LINKS`.
"""

from __future__ import annotations

from flask import Flask, url_for

from ...i18n import gettext as _
from ..shared.extensions import HOME_LINKS, Link
from .views import bp


def home_link() -> Link:
    return Link(url_for("people.index"), _("Play with friends: open a table, they join with a code"), "home-people")


def init_app(app: Flask) -> None:
    """The home page's link (``create_app`` registers ``bp``)."""
    HOME_LINKS.register(app, home_link, order=5)


__all__ = ["bp", "init_app"]
