"""The learner of a request: the anonymous identity in the signed session cookie, read from the store
once per request, and the request's writes to the learning log.

The first visit to any page gives the browser a random public id (``session["learner"]``); the
database row is created the first time something needs it (:func:`current_learner`), so a visitor
who only reads a page costs no write. A cookie that is tampered with, expired or signed with
another key is dropped by Flask's session interface, and the visitor simply gets a new identity.

Everything else is the store's (:mod:`tutor.store`): this module only keeps, for the rest of the
request, the learner's id with the summary of its log (:func:`my_learner_id`: one query, also when
there is none; the row itself only where a page needs it, :func:`existing_learner`) and the
learner's :class:`~tutor.store.Progress` (:func:`my_progress`, each part read from the projections
once, and replaced by what an append returns, so a page drawn after an answer reads nothing again).

Recording an answer (a lesson step, a review question; quizzes and practice hands go through their
runs in the store, then :func:`remember`)::

    # rendering the question: put new_form_token() in the form's hidden field FORM_TOKEN_FIELD
    counted = record(check_item(lesson, step), Source.LESSON, verdict.correct, hinted=hinted,
                     token=request.form.get(FORM_TOKEN_FIELD))
"""

from __future__ import annotations

import re
import uuid
from datetime import datetime

from flask import Flask, g, request, session

from ...learning import Source
from ...store import (
    FORM_TOKEN_FIELD as FORM_TOKEN_FIELD,
    Appended,
    Learner,
    LogEntry,
    Progress,
    current_store,
    new_form_token as new_form_token,
)
from ...store.projection import Summary

SESSION_KEY = "learner"
_RENEWED_KEY = "renewed"
STORED_KEY = "stored"
"""In the session: whether the store has a row for its learner (absent in cookies older than this
key: the store is asked once, and the answer kept). A new visitor's pages then cost no query. A
tool that makes a learner's row outside a request (a test, a benchmark) sets it to True."""
_PUBLIC_ID = re.compile(r"^[0-9a-f]{32}$")
_NOBODY = object()


def session_public_id() -> str | None:
    """The public id in the session, if it looks like one of ours."""
    value = session.get(SESSION_KEY)
    return value if isinstance(value, str) and _PUBLIC_ID.match(value) else None


def ensure_identity() -> None:
    """Give a page visitor a public id on the first visit (no database write); renew the cookie daily."""
    if request.url_rule is None or "lang" not in request.url_rule.arguments:
        return
    today = current_store().today().toordinal()
    if session_public_id() is None:
        session[SESSION_KEY] = uuid.uuid4().hex
        session[STORED_KEY] = False
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


def now() -> datetime:
    """The store's time (its clock is the app's: tests give it a ``ManualClock``)."""
    return current_store().now()


def _identity() -> tuple[int, Summary] | None:
    """The request's learner's id and the summary of its log, if the store knows it: one query, once
    per request (also when there is no such learner)."""
    cached = g.get("_identity", None)
    if cached is None:
        public_id = session_public_id()
        stored = session.get(STORED_KEY)
        found = current_store().progress.learner(public_id) if public_id and stored is not False else None
        if public_id and stored is None:
            session[STORED_KEY] = found is not None
        g._identity = cached = found if found is not None else _NOBODY
    return None if cached is _NOBODY else cached


def my_learner_id() -> int | None:
    """The request's learner's id if the store already knows it (never creates one)."""
    found = _identity()
    return found[0] if found is not None else None


def existing_learner() -> Learner | None:
    """The request's learner's row if the store already knows it (never creates one)."""
    cached = g.get("_learner")
    if cached is None:
        learner_id = my_learner_id()
        if learner_id is None:
            return None
        g._learner = cached = current_store().learners.get(learner_id)
    return cached


def current_learner() -> Learner:
    """The learner of this request, creating the database row on first use."""
    learner = existing_learner()
    store = current_store()
    if learner is None:
        learner = store.learners.ensure(session_public_id())
        session[SESSION_KEY] = learner.public_id
        session[STORED_KEY] = True
        session.permanent = True
        g.pop("_identity", None)
        g.pop("_progress", None)
    else:
        store.learners.seen(learner)
    g._learner = learner
    return learner


def switch_to(learner: Learner) -> None:
    """Make this browser continue as ``learner`` (after a device code was entered)."""
    session[SESSION_KEY] = learner.public_id
    session[STORED_KEY] = True
    session.permanent = True
    g._learner = learner
    g.pop("_identity", None)
    g.pop("_progress", None)
    current_store().learners.touch(learner)


def my_progress() -> Progress:
    """The request's learner's progress (empty for a visitor the store does not know); read once."""
    cached = g.get("_progress")
    if cached is None:
        found = _identity()
        reader = current_store().progress
        cached = reader.one(found[0], found[1]) if found is not None else reader.one(None)
        g._progress = cached
    return cached


def remember(appended: Appended | None) -> bool:
    """Keep the progress an append returned for the rest of the request; True if it was counted."""
    if appended is None:
        return False
    g._progress = appended.progress
    return True


def record(item: str, source: Source | str, correct: bool, *, hinted: bool = False, token: str | None = None) -> bool:
    """Append one answer of the request's learner (creating the learner if needed); with the answer
    form's ``token``, at most once per form. Returns whether it was recorded (False: a resent form)."""
    learner = current_learner()
    appended = current_store().attempts.append(
        learner.id, [LogEntry(item, source, bool(correct), bool(hinted))], token=token
    )
    return remember(appended)


def record_event(item: str, source: Source | str) -> None:
    """Append an event that is not an answer (``seen``: a step read; ``reset``: a lesson started over)."""
    kind = Source(source)
    if kind not in (Source.SEEN, Source.RESET):
        raise ValueError(f"{kind} is an answer: use record()")
    record(item, kind, False)


def init_app(app: Flask) -> None:
    """Hand out identities to page visitors."""
    app.before_request(ensure_identity)


__all__ = [
    "SESSION_KEY",
    "STORED_KEY",
    "FORM_TOKEN_FIELD",
    "current_learner",
    "ensure_identity",
    "existing_learner",
    "known_visitor",
    "my_learner_id",
    "my_progress",
    "new_form_token",
    "now",
    "record",
    "record_event",
    "remember",
    "session_public_id",
    "switch_to",
]
