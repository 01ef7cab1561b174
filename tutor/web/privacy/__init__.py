"""Privacy: the privacy page (``/privacy``: what is stored, who sees it, for how long, how to delete
it) and "my data" (``/my-data``: what the store keeps about this browser's learner, a JSON download
and the deletion of all of it). The footer links both (``FOOTER_LINKS``)."""

from __future__ import annotations

from flask import Flask, url_for

from ...i18n import gettext as _
from ..shared.extensions import FOOTER_LINKS, Link
from .views import bp


def privacy_link() -> Link:
    return Link(url_for("privacy.policy"), _("Privacy"), "footer-privacy")


def my_data_link() -> Link:
    return Link(url_for("privacy.my_data"), _("Your data: download or delete"), "footer-my-data")


def init_app(app: Flask) -> None:
    """The footer's links (``create_app`` registers ``bp``)."""
    FOOTER_LINKS.register(app, privacy_link, order=10)
    FOOTER_LINKS.register(app, my_data_link, order=20)


__all__ = ["bp", "init_app"]
