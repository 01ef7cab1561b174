"""The site's sections: the header menu and the home page list them.

A blueprint adds itself with ``add_section(app, Section("lessons.index", _l("Lessons"), _l("..."), 20))``
in its ``init_app``; templates call ``site_sections()``. No template needs editing for a new section.
A section may show a small count beside its menu entry (``badge``: a function of the request that
returns a :class:`Badge`, or None for nothing), drawn by ``templates/_nav_badge.html``; none is
asked for on the 503 page of a database outage (``g.store_unavailable``, :mod:`.errors`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flask import Flask, current_app, g, render_template, request, url_for
from markupsafe import Markup

from ...i18n import current_language
from . import caches
from .caches import cached
from .extensions import FOOTER_LINKS

_KEY = "tutor.sections"


@dataclass(frozen=True)
class Badge:
    """A count beside a menu entry, e.g. the review questions due."""

    count: int
    label: str
    """The count in words, translated, for screen readers ("3 questions due")."""


@dataclass(frozen=True)
class Section:
    """One entry of the menu and of the home page."""

    endpoint: str
    """Endpoint under the language prefix, e.g. ``core.deck``."""
    title: Any
    """Short lazy-translated title (``lazy_gettext``)."""
    summary: Any
    """One lazy-translated sentence for the home page."""
    order: int = 100
    """Position in the menu, smallest first."""
    badge: Callable[[], Badge | None] | None = None
    """Called while the menu is drawn; a :class:`Badge` to show beside the entry, or None."""
    menu: bool = True
    """False for a section listed on the home page only (the header's row holds about nine entries
    at 1280 px in German and Spanish; a rarely used page links itself from the footer instead,
    ``FOOTER_LINKS``)."""
    visible: Callable[[], bool] | None = None
    """Called once per request: whether this visitor has the section at all (e.g. a pupil's class);
    None for everyone."""

    def shown(self) -> bool:
        """Whether the section is in this request's menu and home page (asked once per request; never
        on the 503 page of a database outage, which must not read the store)."""
        if self.visible is None:
            return True
        if g.get("store_unavailable"):
            return False
        memo: dict[str, bool] = g.setdefault("_sections_shown", {})
        if self.endpoint not in memo:
            memo[self.endpoint] = bool(self.visible())
        return memo[self.endpoint]

    def shown_badge(self) -> Badge | None:
        """The badge to draw now: None without one, and on the 503 page of a database outage, which
        must not read the store (``g.store_unavailable``, :mod:`.errors`)."""
        if self.badge is None or g.get("store_unavailable"):
            return None
        return self.badge()

    @property
    def badge_id(self) -> str:
        """The id of the entry's badge element (for an htmx out-of-band update)."""
        return "badge-" + self.endpoint.replace(".", "-")


def add_section(app: Flask, section: Section) -> None:
    """Register a section of the site (once per endpoint)."""
    sections: list[Section] = app.extensions.setdefault(_KEY, [])
    sections[:] = [s for s in sections if s.endpoint != section.endpoint] + [section]
    sections.sort(key=lambda s: (s.order, s.endpoint))


def site_sections() -> list[Section]:
    """The registered sections in menu order."""
    return list(current_app.extensions.get(_KEY, []))


def fixed_url(endpoint: str, **values: Any) -> str:
    """``url_for`` for the links every page repeats (menu, stylesheets, scripts), built once.

    The URL of an endpoint with fixed arguments depends only on the app's routes, the mount point
    (``SCRIPT_NAME``) and the page's language, so it is cached on those; this saves about a third of
    the base template's time.
    """
    return _fixed_url(
        current_app._get_current_object(),  # type: ignore[attr-defined]  # the LocalProxy's target
        request.script_root,
        current_language(),
        endpoint,
        tuple(sorted(values.items())),
    )


@functools.lru_cache(maxsize=512)
def _fixed_url(app: Flask, script_root: str, lang: str, endpoint: str, values: tuple[tuple[str, Any], ...]) -> str:
    return url_for(endpoint, **dict(values))


def header_key() -> tuple[Any, ...]:
    """Everything the site's header depends on: the mount point, the language, the page (its endpoint,
    rule, arguments, query and method: the language switcher links to this page), whether it is an
    error page, and each badge's count and words (computed here, once per request)."""
    badges: list[tuple[Any, ...]] = []
    for section in site_sections():
        if section.visible is not None:
            badges.append((section.endpoint, "shown", section.shown()))
        if section.badge is not None and section.shown():
            badge = section.shown_badge()
            badges.append((section.endpoint, badge.count, str(badge.label)) if badge else (section.endpoint,))
    rule = request.url_rule
    view_args = g.get("view_args") or {}
    return (
        request.script_root,
        current_language(),
        request.endpoint,
        rule.rule if rule is not None else None,
        request.method,
        tuple(sorted((k, str(v)) for k, v in view_args.items())),
        tuple(request.args.items(multi=True)),
        bool(g.get("error_page")),
        tuple(badges),
    )


def site_header() -> Markup:
    """The site's header (``templates/_site_header.html``), rendered once per :func:`header_key`."""
    return cached("header", header_key(), lambda: render_template("_site_header.html"))


def init_app(app: Flask) -> None:
    """Make ``site_sections()``, ``fixed_url()``, ``site_header()`` and ``footer_links()`` available in templates."""
    app.jinja_env.globals["footer_links"] = FOOTER_LINKS.gather
    app.jinja_env.globals["site_sections"] = site_sections
    app.jinja_env.globals["fixed_url"] = fixed_url
    app.jinja_env.globals["site_header"] = site_header
    caches.init_app(app)
