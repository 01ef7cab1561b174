"""Extension points: the places where a feature's page shows what other features contribute.

No feature imports another, and no template calls a global that another feature registered
(tests/test_architecture.py). When the lesson pages show the practice hands of a lesson or the
review questions due, the place is declared here, in the plumbing that both sides import; the
contributing feature registers a function in its ``init_app`` (as it adds its menu entry with
:func:`.nav.add_section`), and the feature that owns the page asks the point for what it gets and
renders it::

    LESSON_END_LINKS.register(app, practice_link)   # practice's init_app: (lesson) -> Link | None
    links = LESSON_END_LINKS.gather(lesson)         # the lessons view: a list of Link, for the template

A feature that is not installed contributes nothing, and a contribution that has nothing to say
returns None: the page simply has one link or line less. A contribution runs while the page is
built (in the request, in its language), so it may call ``url_for`` and ``gettext``.

The points (the lessons feature owns every page they are on):

* :data:`LESSON_MAP_NOTES`, ``() -> Link``: a line above the lesson map; review: the questions due.
* :data:`LESSON_MAP_LINKS`, ``(Lesson) -> Link``: a link on a lesson's card in the map; practice:
  "3 practice hands".
* :data:`LESSON_END_LINKS`, ``(Lesson) -> Link``: a link on a lesson's last step; practice: "Play
  this lesson at the table: 3 practice hands".
* :data:`LESSON_SUMMARY_SECTIONS`, ``(Lesson) -> LinkList``: a section of a lesson's summary page;
  practice: its hands, by title.

The home page (the core feature owns it):

* :data:`HOME_LINKS`, ``() -> Link``: a link below the home page's sections; classroom: "For
  teachers" and "Join a class"; club: "Join a club night".

The classroom's pages (the classroom feature owns them):

* :data:`TEACHER_LINKS`, ``() -> Link``: a link on a teacher's list of classes; live: "Start a live
  session"; club: "Club nights".
* :data:`CLASS_PAGE_LINKS`, ``(class public id) -> Link``: a link on a class's page; live: "Start a
  live session with this class".
* :data:`CLASS_PAGE_SECTIONS`, ``(class public id) -> LinkList``: a section of a class's page; live:
  the teacher's latest live sessions with the class, each a link to its summary.

A live session's summary (the live feature owns it):

* :data:`LIVE_SUMMARY_ACTIONS`, ``(class public id, items) -> FormAction``: a button on the
  summary of a class's session, given the learning-log items of the steps the class missed
  (``<lesson>/<step>``, most missed first); classroom: "Assign the missed steps", a POST to its
  own route that sets the lessons of those steps as the class's work.

Every page (the shared base template draws it):

* :data:`FOOTER_LINKS`, ``() -> Link``: a link in the site's footer; privacy: "Privacy" and "Your
  data: download or delete".

A new place: declare its point here (and in :data:`POINTS`), let the owner's view gather it and its
template draw what it gets.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, ParamSpec, TypeVar

from flask import Flask, current_app

from ...content import Lesson

P = ParamSpec("P")
R = TypeVar("R")

_KEY = "tutor.extension_points"


@dataclass(frozen=True)
class Link:
    """A link a feature contributes to another's page: where it goes and what it says (translated)."""

    url: str
    text: str
    css_class: str = ""
    """The contributor's own style hook for the element that holds the link (empty: none)."""


@dataclass(frozen=True)
class FormAction:
    """A button a feature contributes to another's page: a POST form to the contributor's own route
    (the page adds the CSRF token), with hidden fields and the button's text (translated)."""

    url: str
    text: str
    fields: tuple[tuple[str, str], ...] = ()
    """The hidden fields, (name, value) each, in order (a name may repeat)."""
    css_class: str = ""


@dataclass(frozen=True)
class LinkList:
    """A titled list of links, for a section of a page."""

    heading: str
    links: tuple[Link, ...]
    css_class: str = ""


@dataclass(frozen=True)
class _Entry:
    order: int
    name: str
    contribute: Callable[..., object]


class ExtensionPoint(Generic[P, R]):
    """One place on a page where features contribute: functions taking ``P`` and returning an ``R``
    (or None for nothing), kept per app, called in ``order`` (then by name) when the page is built."""

    def __init__(self, name: str, summary: str) -> None:
        self.name = name
        self.summary = summary

    def __repr__(self) -> str:
        return f"ExtensionPoint({self.name!r})"

    def register(self, app: Flask, contribute: Callable[P, R | None], *, order: int = 100) -> None:
        """Add a contribution to ``app`` (once per function: registering it again replaces it)."""
        points: dict[str, list[_Entry]] = app.extensions.setdefault(_KEY, {})
        name = f"{contribute.__module__}.{contribute.__qualname__}"
        entries = [entry for entry in points.get(self.name, []) if entry.name != name]
        entries.append(_Entry(order, name, contribute))
        points[self.name] = sorted(entries, key=lambda entry: (entry.order, entry.name))

    def contributions(self, app: Flask | None = None) -> list[Callable[P, R | None]]:
        """The registered functions of ``app`` (default: the current app), in order."""
        app = app if app is not None else current_app
        return [entry.contribute for entry in app.extensions.get(_KEY, {}).get(self.name, [])]  # type: ignore[misc]

    def gather(self, *args: P.args, **kwargs: P.kwargs) -> list[R]:
        """Call every contribution of the current app; what they return, without the Nones."""
        found = (contribute(*args, **kwargs) for contribute in self.contributions())
        return [item for item in found if item is not None]


LESSON_MAP_NOTES: ExtensionPoint[[], Link] = ExtensionPoint(
    "lesson map notes", "A line above the lesson map, such as the review questions due."
)
LESSON_MAP_LINKS: ExtensionPoint[[Lesson], Link] = ExtensionPoint(
    "lesson map links", "A link on a lesson's card in the lesson map, such as its practice hands."
)
LESSON_END_LINKS: ExtensionPoint[[Lesson], Link] = ExtensionPoint(
    "lesson end links", "A link on a lesson's last step: where to go on with the lesson."
)
LESSON_SUMMARY_SECTIONS: ExtensionPoint[[Lesson], LinkList] = ExtensionPoint(
    "lesson summary sections", "A section of links on a lesson's summary page."
)

HOME_LINKS: ExtensionPoint[[], Link] = ExtensionPoint(
    "home links", "A link on the home page below its sections, such as the teachers' entry."
)

TEACHER_LINKS: ExtensionPoint[[], Link] = ExtensionPoint(
    "teacher links", "A link on a teacher's list of classes, such as starting a live session."
)
CLASS_PAGE_LINKS: ExtensionPoint[[str], Link] = ExtensionPoint(
    "class page links", "A link on a class's page (given the class's public id), such as a live session."
)

CLASS_PAGE_SECTIONS: ExtensionPoint[[str], LinkList] = ExtensionPoint(
    "class page sections", "A section of links on a class's page (given its public id), such as its live sessions."
)

LIVE_SUMMARY_ACTIONS: ExtensionPoint[[str, tuple[str, ...]], FormAction] = ExtensionPoint(
    "live summary actions",
    "A button on a class's live session summary, given the steps missed, such as assigning them.",
)

FOOTER_LINKS: ExtensionPoint[[], Link] = ExtensionPoint(
    "footer links", "A link in the footer of every page, such as the privacy page."
)

POINTS: tuple[ExtensionPoint, ...] = (
    LESSON_MAP_NOTES,
    LESSON_MAP_LINKS,
    LESSON_END_LINKS,
    LESSON_SUMMARY_SECTIONS,
    HOME_LINKS,
    TEACHER_LINKS,
    CLASS_PAGE_LINKS,
    CLASS_PAGE_SECTIONS,
    LIVE_SUMMARY_ACTIONS,
    FOOTER_LINKS,
)
"""Every declared point."""
