"""Live sessions: teacher-paced questions on the projector (a topic quiz, the exam, one lesson's
checks, an envido drill, a seña round), answered from the pupils' phones; or the class against the bot.

:mod:`.views` has the blueprint and every route (the module docstring lists the URLs); the tables are
the store's (:mod:`tutor.store.live`). Its entries are links on the classroom's pages, through the
extension points :data:`~tutor.web.shared.extensions.TEACHER_LINKS` and
:data:`~tutor.web.shared.extensions.CLASS_PAGE_LINKS`; its summary shows what other features
contribute to :data:`~tutor.web.shared.extensions.LIVE_SUMMARY_ACTIONS` (the classroom's "Assign the
missed steps"). :mod:`.standings` computes the share so far and the top five between questions.
"""

from __future__ import annotations

from urllib.parse import urlencode

from flask import Flask, url_for

from ...i18n import gettext as _
from ..shared.extensions import CLASS_PAGE_LINKS, TEACHER_LINKS, Link
from .views import bp


def start_link() -> Link:
    return Link(url_for("live.new_session"), _("Start a live session"), "live-start")


def class_start_link(class_id: str) -> Link:
    return Link(
        f"{url_for('live.new_session')}?{urlencode({'class': class_id})}", _("Start a live session"), "live-start"
    )


def init_app(app: Flask) -> None:
    """The links on the teachers' pages (``create_app`` registers ``bp``)."""
    TEACHER_LINKS.register(app, start_link)
    CLASS_PAGE_LINKS.register(app, class_start_link)


__all__ = ["bp", "init_app"]
