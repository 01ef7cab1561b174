"""Live sessions: a teacher-paced topic quiz on the projector, answered from the pupils' phones.

:mod:`.views` has the blueprint and every route (the module docstring lists the URLs); the tables are
the store's (:mod:`tutor.store.live`). Its entries are links on the classroom's pages, through the
extension points :data:`~tutor.web.shared.extensions.TEACHER_LINKS` and
:data:`~tutor.web.shared.extensions.CLASS_PAGE_LINKS`.
"""

from __future__ import annotations

from urllib.parse import urlencode

from flask import Flask, url_for

from ...i18n import format_long_date, format_short_time, gettext as _, ngettext
from ...store import current_store
from ...store.live import PastSession
from ..shared.extensions import CLASS_PAGE_LINKS, CLASS_PAGE_SECTIONS, TEACHER_LINKS, Link, LinkList
from .views import bp, content_name, current_teacher


def start_link() -> Link:
    return Link(url_for("live.new_session"), _("Start a live session"), "live-start")


def class_start_link(class_id: str) -> Link:
    return Link(
        f"{url_for('live.new_session')}?{urlencode({'class': class_id})}", _("Start a live session"), "live-start"
    )


def past_text(past: PastSession) -> str:
    """One past session on its class's page: when, what, and the class's share right (a quiz's)."""
    created = past.created.astimezone(current_store().zone)
    when = _("%(date)s, %(time)s", date=format_long_date(created.date()), time=format_short_time(created))
    what = content_name(past.kind, past.quiz, past.size)
    if past.kind == "bot" or not past.answered:
        # Translators: a live session on its class's page: when it was held, and what it asked.
        return _("%(when)s: %(content)s", when=when, content=what)
    percent = round(100 * past.right / past.answered)
    # Translators: a live session on its class's page: when, what it asked, and the share of the class's answers that were right; "%%" is the percent sign.
    return ngettext(
        "%(when)s: %(content)s, %(num)s answer, %(percent)s %% right",
        "%(when)s: %(content)s, %(num)s answers, %(percent)s %% right",
        past.answered,
        when=when,
        content=what,
        percent=percent,
    )


def class_sessions(class_id: str) -> LinkList | None:
    """The signed-in teacher's latest live sessions with the class, each a link to its board (its
    summary once it has ended); None when there are none."""
    teacher = current_teacher()
    taught = current_store().classroom.taught_class(teacher.id, class_id) if teacher else None
    if teacher is None or taught is None:
        return None
    sessions = current_store().live.of_class(taught[0].id, teacher.id)
    if not sessions:
        return None
    links = tuple(Link(url_for("live.board_page", sid=s.public_id), past_text(s)) for s in sessions)
    return LinkList(_("Your live sessions with this class"), links, "live-past")


def init_app(app: Flask) -> None:
    """The links on the teachers' pages (``create_app`` registers ``bp``)."""
    TEACHER_LINKS.register(app, start_link)
    CLASS_PAGE_LINKS.register(app, class_start_link)
    CLASS_PAGE_SECTIONS.register(app, class_sessions)


__all__ = ["bp", "init_app"]
