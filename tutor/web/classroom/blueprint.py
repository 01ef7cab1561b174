"""The classroom's blueprint and what its views share: who the teacher is, the 404 for everyone else,
the rate limits of logins and join codes.

Roles (docs/security.md, "The classroom"): a *teacher* is logged in with Flask-Login (the session
holds the teacher's id and session generation); a class has one *owner* and any number of
*co-teachers* (``class_teacher`` rows, made by an invitation link); a *pupil* is a learner who joined a
class or whom a teacher made for it (a ``class_member`` row); everyone else is an anonymous *learner*.
Every teacher route goes through :func:`teacher_only` and every class route through :func:`own_class`
(owner or co-teacher) or :func:`owners_class` (the owner only: deleting the class, managing
co-teachers), which answer 404, never 403, to anyone who does not teach the class, so that nobody
learns which classes exist; a co-teacher at an owner's route gets a 403 saying so.
"""

from __future__ import annotations

import functools
import ipaddress
import math
from collections.abc import Callable
from datetime import timedelta
from typing import Any, TypeVar

from flask import Blueprint, abort, current_app, flash, make_response, render_template, url_for

from ...i18n import LANG_PREFIX, gettext as _
from ...store import current_store
from ...store.classroom import OWNER, SchoolClass
from ..shared.teachers import current_teacher

bp = Blueprint("classroom", __name__, url_prefix=LANG_PREFIX)

F = TypeVar("F", bound=Callable[..., Any])

# The limits (leaky buckets in ``rate_bucket``, like the device code's: docs/security.md).
JOIN_BUDGET, JOIN_EVERY = 100, timedelta(seconds=60)
"""Wrong join codes per client address at once, one forgotten a minute: 30 pupils with two typos use 60."""
LOGIN_IP_BUDGET, LOGIN_IP_EVERY = 100, timedelta(seconds=60)
"""Failed teacher logins per client address (a staff room shares one)."""
LOGIN_NAME_BUDGET, LOGIN_NAME_EVERY = 10, timedelta(seconds=300)
"""Failed logins per login name, one forgotten every five minutes."""


def client_key(address: str | None) -> str:
    """The key an address's failures count under: the IPv4 address, or an IPv6 address's /64 network.

    >>> client_key("203.0.113.7"), client_key("::ffff:203.0.113.7"), client_key("2001:db8:1:2:aaaa::1")
    ('203.0.113.7', '203.0.113.7', '2001:db8:1:2::/64')
    >>> client_key(None)
    'unknown'
    """
    try:
        ip = ipaddress.ip_address((address or "").strip())
    except ValueError:
        return "unknown"
    if isinstance(ip, ipaddress.IPv6Address):
        mapped = ip.ipv4_mapped
        return str(mapped) if mapped is not None else str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


def reserve(kind: str, key: str, budget: int, every: timedelta) -> int | None:
    """Count one attempt; None if allowed, else the seconds to wait."""
    return current_store().classroom.limits.reserve(kind, key, budget, every)


def give_back(kind: str, key: str) -> None:
    current_store().classroom.limits.give_back(kind, key)


def minutes(seconds: int | None) -> int:
    return math.ceil(seconds / 60) if seconds else 0


def teacher_only(view: F) -> F:
    """A teacher route: 404 for anyone who is not logged in as a teacher."""

    @functools.wraps(view)
    def wrapped(*args: Any, **kwargs: Any) -> Any:
        if current_teacher() is None:
            abort(404)
        return view(*args, **kwargs)

    return wrapped  # type: ignore[return-value]


def taught_class(public_id: str) -> tuple[SchoolClass, str]:
    """The class with this id that the logged-in teacher owns or co-teaches, and the teacher's role in
    it (``owner`` or ``co-teacher``); 404 for anyone else (also for another teacher)."""
    teacher = current_teacher()
    if teacher is None:
        abort(404)
    found = current_store().classroom.taught_class(teacher.id, public_id[:32])
    if found is None:
        abort(404)
    return found


def own_class(public_id: str) -> SchoolClass:
    """The class with this id if the logged-in teacher teaches it (owner or co-teacher); 404 otherwise."""
    return taught_class(public_id)[0]


def writable_class(public_id: str) -> SchoolClass:
    """:func:`own_class` for a change to the class: an archived class is read-only, so the change is
    refused with a 409 that says why (restoring, copying, exporting and deleting stay possible)."""
    found = own_class(public_id)
    if found.archived:
        flash(_("This class is archived, so it can only be read: put it back in your list to change it."), "error")
        back = url_for("classroom.class_page", cid=found.public_id)
        abort(make_response(render_template("classroom/refused.html", school_class=found, back=back), 409))
    return found


def owners_class(public_id: str) -> SchoolClass:
    """The class with this id if the logged-in teacher owns it: what only the owner may do (delete the
    class, invite and remove co-teachers). A co-teacher gets a 403 that says so; anyone else a 404."""
    found, role = taught_class(public_id)
    if role != OWNER:
        abort(make_response(render_template("classroom/owner_only.html", school_class=found), 403))
    return found


def page(template: str, status: int = 200, retry_after: int | None = None, **context: Any) -> Any:
    response = current_app.make_response((render_template(template, **context), status))
    if retry_after:
        response.headers["Retry-After"] = str(retry_after)
    return response
