"""The site's sections: the header menu and the home page list them.

A blueprint adds itself with ``add_section(app, Section("lessons.index", _l("Lessons"), _l("..."), 20))``
in its ``init_app``; templates call ``site_sections()``. No template needs editing for a new section.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import Flask, current_app

_KEY = "tutor.sections"


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


def add_section(app: Flask, section: Section) -> None:
    """Register a section of the site (once per endpoint)."""
    sections: list[Section] = app.extensions.setdefault(_KEY, [])
    sections[:] = [s for s in sections if s.endpoint != section.endpoint] + [section]
    sections.sort(key=lambda s: (s.order, s.endpoint))


def site_sections() -> list[Section]:
    """The registered sections in menu order."""
    return list(current_app.extensions.get(_KEY, []))


def init_app(app: Flask) -> None:
    """Make ``site_sections()`` available in templates."""
    app.jinja_env.globals["site_sections"] = site_sections
