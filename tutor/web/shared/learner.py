"""The anonymous learner of a request, kept in the signed session cookie.

The first visit to any page gives the browser a random public id (``session["learner"]``); the
database row is created the first time something needs it (``current_learner()``), so a visitor
who only reads a page costs no write. A cookie that is tampered with, expired or signed with
another key is dropped by Flask's session interface, and the visitor simply gets a new identity.
"""

from __future__ import annotations

import re
import uuid
from datetime import date, datetime, timedelta, timezone

from flask import Flask, g, request, session

from ...models import Learner, db, new_device_code, upsert, utcnow

SESSION_KEY = "learner"
_RENEWED_KEY = "renewed"
_PUBLIC_ID = re.compile(r"^[0-9a-f]{32}$")
LAST_SEEN_EVERY = timedelta(hours=1)
"""``last_seen`` is written at most this often."""


def session_public_id() -> str | None:
    """The public id in the session, if it looks like one of ours."""
    value = session.get(SESSION_KEY)
    return value if isinstance(value, str) and _PUBLIC_ID.match(value) else None


def ensure_identity() -> None:
    """Give a page visitor a public id on the first visit (no database write); renew the cookie daily."""
    if request.url_rule is None or "lang" not in request.url_rule.arguments:
        return
    today = date.today().toordinal()
    if session_public_id() is None:
        session[SESSION_KEY] = uuid.uuid4().hex
        session.permanent = True
        g.new_identity = True
    if session.get(_RENEWED_KEY) != today:
        session[_RENEWED_KEY] = today  # a changed session is sent again, with a new expiry date


def known_visitor() -> bool:
    """True when the browser came with an identity from an earlier visit (not one given just now).

    A client that keeps no cookies (a crawler, a link preview) gets a new identity on every request
    and is never a known visitor, so nothing it reads is written down for it.
    """
    return session_public_id() is not None and not g.get("new_identity", False)


def current_learner() -> Learner:
    """The learner of this request, creating the database row on first use."""
    cached = g.get("learner")
    if cached is not None:
        return cached
    public_id = session_public_id()
    learner = Learner.by_public_id(public_id) if public_id else None
    if learner is None:
        learner = _create_learner(public_id)
    elif utcnow() - _aware(learner.last_seen) > LAST_SEEN_EVERY:
        learner.last_seen = utcnow()
        db.session.commit()
    g.learner = learner
    return learner


def _aware(moment: datetime) -> datetime:
    """SQLite hands back naive datetimes for timezone-aware columns; they are UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)


def _create_learner(public_id: str | None) -> Learner:
    """Insert the learner's row, or find the one a parallel request of the same browser inserted.

    One ``INSERT ... ON CONFLICT DO NOTHING``: two first answers sent at once from a new browser
    make one row, never a second identity and never an error.
    """
    table = Learner.__table__
    for _attempt in range(5):  # a device code collision is astronomically rare; retry anyway
        wanted = public_id or uuid.uuid4().hex
        inserted = db.session.execute(
            upsert(table).values(public_id=wanted, device_code=new_device_code(), created=utcnow(),
                                 last_seen=utcnow()).on_conflict_do_nothing().returning(table.c.id)
        ).first()
        db.session.commit()
        learner = Learner.by_public_id(wanted)
        if learner is not None and (inserted is not None or public_id):
            break
    else:  # pragma: no cover
        raise RuntimeError("could not create a learner")
    session[SESSION_KEY] = learner.public_id
    session.permanent = True
    return learner


def switch_to(learner: Learner) -> None:
    """Make this browser continue as ``learner`` (after a device code was entered)."""
    session[SESSION_KEY] = learner.public_id
    session.permanent = True
    g.learner = learner
    learner.last_seen = utcnow()
    db.session.commit()


def init_app(app: Flask) -> None:
    """Hand out identities to page visitors."""
    app.before_request(ensure_identity)
