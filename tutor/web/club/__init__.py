"""Club nights: duplicate Truco online. An organiser (a teacher) sets the boards, each a single hand
with a fixed deal, mano and starting score; players join with a code and a nickname and play every
board alone against the same bots; the night's result table compares results board by board in
matchpoints.

:mod:`.views` has the blueprint and every route (its docstring lists the URLs); :mod:`.boards` makes
a board's table from the event's seed; :mod:`.scoring` is the matchpoint arithmetic (pure);
:mod:`.night` reads the ranking and the travellers from the store (:mod:`tutor.store.club`).
A night can also be played at real tables: :mod:`.movement` is its Mitchell movement (pure),
:mod:`.tables` the movement card and the scorekeepers' travellers, the same result table. Its
entry is a link on the teachers' list of classes, through the extension point
:data:`~tutor.web.shared.extensions.TEACHER_LINKS`, and one on the home page for players
(:data:`~tutor.web.shared.extensions.HOME_LINKS`).
"""

from __future__ import annotations

from flask import Flask, url_for

from ...i18n import gettext as _
from ..shared.extensions import HOME_LINKS, TEACHER_LINKS, Link
from . import tables as _tables  # noqa: F401  (its routes: the movement card and the scorekeepers')
from .views import bp


def teacher_link() -> Link:
    # Translators: a club night is an evening of duplicate Truco: everyone plays the same hands.
    return Link(url_for("club.events"), _("Club nights: everyone plays the same hands"), "club-link")


def home_link() -> Link:
    return Link(url_for("club.code_page"), _("Join a club night with its code"), "home-club")


def init_app(app: Flask) -> None:
    """The links on the teachers' page and the home page (``create_app`` registers ``bp``)."""
    TEACHER_LINKS.register(app, teacher_link)
    HOME_LINKS.register(app, home_link, order=6)


__all__ = ["bp", "init_app"]
