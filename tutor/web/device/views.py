"""Continue on another device: show this learner's code, or enter a code to become that learner.

Codes are 8 characters from an unambiguous alphabet (``tutor.models``). Reading the page creates
nothing: a visitor without a learner row gets a "Show my code" button (a POST with the CSRF token)
that creates it.

Guessing is limited on the server, per client address (``request.remote_addr``, which ProxyFix
sets from ``X-Forwarded-For`` when ``TRUSTED_PROXIES`` is configured; IPv6 addresses count per /64
network): at most ``MAX_FAILURES`` wrong or malformed codes per ``FAILURE_WINDOW``, counted in the
``device_code_failures`` table, so neither a new session nor a replayed cookie resets the count.
Each entry reserves an attempt before the code is looked up (so parallel requests cannot slip past
the limit) and a correct code gives it back; a correct code never clears earlier failures, or an
attacker could interleave their own code to keep guessing. Over the limit the form answers 429 with
``Retry-After`` until the window that began with the first counted failure has passed.
"""

from __future__ import annotations

import hmac
import ipaddress
import math
from datetime import datetime, timedelta, timezone

from flask import Blueprint, Flask, current_app, flash, redirect, render_template, request, url_for
from sqlalchemy import delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from ...i18n import LANG_PREFIX
from ...i18n import gettext as _
from ...i18n import lazy_gettext as _l
from ...models import DeviceCodeFailures, Learner, db, format_device_code, normalize_device_code, utcnow
from ..shared.learner import current_learner, session_public_id, switch_to
from ..shared.nav import Section, add_section

bp = Blueprint("device", __name__, url_prefix=LANG_PREFIX)

MAX_FAILURES = 10
"""Wrong or malformed codes allowed per client address in one window."""
FAILURE_WINDOW = timedelta(minutes=15)
"""How long a window lasts, from its first counted failure."""


# --- The guessing limit -----------------------------------------------------------------------


def client_key(address: str | None) -> str:
    """The key failures are counted under: the IPv4 address, or the /64 network of an IPv6 one.

    One IPv6 subscriber usually holds a whole /64, so counting single addresses would not limit it.

    >>> client_key("203.0.113.7"), client_key("::ffff:203.0.113.7")
    ('203.0.113.7', '203.0.113.7')
    >>> client_key("2001:db8:1:2:aaaa::1") == client_key("2001:db8:1:2:bbbb::9")
    True
    >>> client_key(None), client_key("not an address")
    ('unknown', 'unknown')
    """
    try:
        ip = ipaddress.ip_address((address or "").strip())
    except ValueError:
        return "unknown"
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


def _aware(moment: datetime) -> datetime:
    """SQLite hands back naive datetimes for timezone-aware columns; they are UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)


def reserve_attempt(key: str) -> int | None:
    """Count one attempt for ``key``; None if allowed, else the seconds until attempts are allowed again.

    Every step is a single conditional statement, so parallel requests (several workers) never
    count past the limit: increment inside a live window below the limit, else restart an expired
    window, else create the row; if none applies, the window is full.
    """
    table = DeviceCodeFailures.__table__
    for _attempt in range(3):
        now = utcnow()
        cutoff = now - FAILURE_WINDOW
        live = table.c.window_start > cutoff
        counted = db.session.execute(
            update(table)
            .where(table.c.address == key, live, table.c.failures < MAX_FAILURES)
            .values(failures=table.c.failures + 1)
        ).rowcount
        if not counted:
            counted = db.session.execute(
                update(table).where(table.c.address == key, ~live).values(window_start=now, failures=1)
            ).rowcount
        if not counted and db.session.scalar(select(table.c.address).where(table.c.address == key)) is None:
            db.session.execute(delete(table).where(~live))  # forget other addresses' old windows
            try:
                db.session.execute(insert(table).values(address=key, window_start=now, failures=1))
                counted = 1
            except IntegrityError:  # a parallel request created it: count again
                db.session.rollback()
                continue
        if counted:
            db.session.commit()
            return None
        start = db.session.scalar(select(table.c.window_start).where(table.c.address == key))
        db.session.commit()
        if start is None:  # pragma: no cover - deleted in between
            continue
        return max(1, math.ceil((_aware(start) + FAILURE_WINDOW - now).total_seconds()))
    return int(FAILURE_WINDOW.total_seconds())  # pragma: no cover - endless races


def give_back_attempt(key: str) -> None:
    """A correct code: the attempt reserved for it does not count as a failure."""
    table = DeviceCodeFailures.__table__
    db.session.execute(
        update(table).where(table.c.address == key, table.c.failures > 0).values(failures=table.c.failures - 1)
    )
    db.session.commit()


# --- The page ---------------------------------------------------------------------------------


def find_learner(code: str) -> Learner | None:
    """The learner with this normalized code; the final comparison takes constant time."""
    found = Learner.by_device_code(code)
    if found is None or not hmac.compare_digest(found.device_code.encode(), code.encode()):
        return None
    return found


def existing_learner() -> Learner | None:
    """This browser's learner if its row exists already (reading the page creates none)."""
    public_id = session_public_id()
    return Learner.by_public_id(public_id) if public_id else None


def _page(learner: Learner | None, *, error: str | None = None, entered: str = "", status: int = 200,
          retry_after: int | None = None):
    minutes = math.ceil(retry_after / 60) if retry_after else 0
    response = current_app.make_response((
        render_template(
            "device.html",
            code=format_device_code(learner.device_code) if learner is not None else None,
            error=error,
            entered=entered,
            minutes=minutes,
        ),
        status,
    ))
    if retry_after:
        response.headers["Retry-After"] = str(retry_after)
    return response


@bp.route("/device", methods=["GET", "POST"])
def device():
    """Show the code (creating it on request); on POST with a code, restore the identity that owns it."""
    learner = existing_learner()
    if request.method == "GET":
        return _page(learner)
    if request.form.get("action") == "show":
        current_learner()
        return redirect(url_for("device.device"), code=303)
    entered = request.form.get("code", "")[:32]
    code = normalize_device_code(entered)
    key = client_key(request.remote_addr)
    retry_after = reserve_attempt(key)
    if retry_after is not None:
        current_app.logger.info("device codes: too many failures from %s", key)
        return _page(learner, error="too_many", entered=entered, status=429, retry_after=retry_after)
    if code is None:
        return _page(learner, error="malformed", entered=entered, status=422)
    found = find_learner(code)
    if found is None:
        return _page(learner, error="unknown", entered=entered, status=422)
    give_back_attempt(key)
    if learner is not None and found.id == learner.id:
        flash(_("This is already the code of this device."), "info")
        return redirect(url_for("device.device"), code=303)
    switch_to(found)
    current_app.logger.info("learner %s continued on another device", found.id)
    flash(_("Welcome back! This device now continues your progress."), "success")
    return redirect(url_for("device.device"), code=303)


def init_app(app: Flask) -> None:
    """The page's menu entry (``create_app`` registers ``bp``)."""
    add_section(
        app,
        Section(
            "device.device",
            _l("Another device"),
            _l("Continue on your phone or another computer with a short code."),
            order=90,
        ),
    )
