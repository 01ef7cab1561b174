"""The learning log in the learner store: every feature records its answers here, and reads them back
for :mod:`tutor.learning` to compute stars, mastery and the review schedule.

Recording an answer (a lesson step, a quiz or review question, a daily question, a practice hand)::

    from ..shared.learning import new_answer_token, record
    # rendering the question: put new_answer_token() in a hidden field of the answer form
    counted = record(check_item(lesson, step), Source.QUIZ, verdict.correct, hinted=hinted,
                     token=request.form.get("attempt"))

Reading: :func:`my_attempts` (the request's learner, or nothing for a visitor without a row), then
any function of :mod:`tutor.learning`; :func:`my_due` gives the items due for review now.

Writes are inserts only. An answer form carries a one-time token: claiming it and inserting the
attempt happen in one transaction, so of two requests with the same token (a double click, a
browser resending, a form replayed in a second tab) the second waits on the token's key and then
finds it taken and inserts nothing; answers from different forms are all kept. Tokens are
remembered for :data:`TOKEN_TTL`. Reading never creates a learner.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable, Iterable
from datetime import datetime, timedelta

from flask import g
from sqlalchemy import delete, or_, select

from ...i18n import gettext as _
from ...i18n import lazy_gettext as _l
from ...learning import TOPICS, Attempt, Due, Source, Topic, due_items
from ...models import AnsweredForm, AttemptRow, Learner, db, upsert, utcnow
from .learner import current_learner, session_public_id

TOKEN_TTL = timedelta(days=1)
"""How long a counted answer form's token is remembered (a resend after that counts again)."""
TOKEN_FIELD = "attempt"
"""The answer form's field that carries the token."""
_TOKEN = re.compile(r"^[A-Za-z0-9_-]{22}$")

TOPIC_NAMES = {
    "card-ranking": _l("Card ranking"),
    # Translators: a quiz topic; a parda is a tied trick.
    "tricks-and-parda": _l("Tricks and parda"),
    # Translators: a quiz topic (working out the envido points of a hand).
    "envido-counting": _l("Counting envido"),
    # Translators: a quiz topic (calling envido, real envido, falta envido and what they score).
    "envido-calls": _l("Envido calls and points"),
    # Translators: a quiz topic (calling truco, retruco, vale cuatro and what they score).
    "truco-calls": _l("Truco calls and points"),
    "scoring-a-game": _l("Scoring a game"),
    "pairs-and-trios": _l("Pairs and trios"),
    # Translators: a quiz topic, the optional flor rule.
    "flor": _l("Flor"),
}
"""Each topic's name, translated (the English names are ``tutor.learning.TOPICS``'s)."""


def topic_name(topic: Topic) -> str:
    """The topic's name in the request's language."""
    name = TOPIC_NAMES.get(topic.key)
    return str(name) if name is not None else _(topic.name)


def existing_learner() -> Learner | None:
    """The request's learner if the database already knows it (never creates one)."""
    cached = g.get("learner")
    if cached is not None:
        return cached
    public_id = session_public_id()
    return Learner.by_public_id(public_id) if public_id else None


def new_answer_token() -> str:
    """A one-time token for an answer form (22 URL-safe characters, 128 random bits)."""
    return secrets.token_urlsafe(16)


# --- Reading ---------------------------------------------------------------------------------------------


def attempt_of(row: AttemptRow) -> Attempt:
    """The pure value of one stored attempt."""
    return Attempt(row.learner_id, row.item, Source(row.source), bool(row.correct), at=row.at, hinted=bool(row.hinted))


def attempts_of(learner: Learner | None, *, items: Iterable[str] = (), prefixes: Iterable[str] = ()) -> list[Attempt]:
    """A learner's attempts in the order they were made (all of them, or only those whose item is one
    of ``items`` or starts with one of ``prefixes``)."""
    if learner is None:
        return []
    table = AttemptRow
    query = select(table).where(table.learner_id == learner.id)
    wanted, starts = list(items), list(prefixes)
    if wanted or starts:
        query = query.where(or_(table.item.in_(wanted), *(table.item.startswith(p, autoescape=True) for p in starts)))
    return [attempt_of(row) for row in db.session.scalars(query.order_by(table.at, table.id))]


def my_attempts(*, items: Iterable[str] = (), prefixes: Iterable[str] = ()) -> list[Attempt]:
    """The request's learner's attempts (none for a visitor the store does not know)."""
    return attempts_of(existing_learner(), items=items, prefixes=prefixes)


def my_due(now: datetime | None = None) -> list[Due]:
    """The request's learner's items due for review now (the longest overdue first)."""
    return due_items(my_attempts(), now or utcnow())


# --- Writing ---------------------------------------------------------------------------------------------


def _claim(learner: Learner, token: str | None) -> bool:
    """Claim the form's token for this learner inside the open transaction; False if it was counted
    before. A missing or malformed token (a page rendered before tokens existed) always counts."""
    if token is None or not _TOKEN.match(token):
        return True
    now = utcnow()
    table = AnsweredForm.__table__
    if secrets.randbelow(50) == 0:  # now and then, forget tokens nobody can still be resending
        db.session.execute(delete(table).where(table.c.created < now - TOKEN_TTL))
    claimed = db.session.execute(
        upsert(table).values(learner_id=learner.id, token=token, created=now).on_conflict_do_nothing()
        .returning(table.c.token)  # a row back only if inserted (rowcount is not reliable with every driver)
    ).first()
    return claimed is not None


def record(item: str, source: Source | str, correct: bool, *, hinted: bool = False, token: str | None = None,
           at: datetime | None = None, also: Callable[[Learner], bool] | None = None) -> bool:
    """Append one answer of the request's learner (creating the learner if needed); with the answer
    form's ``token``, at most once per form. Returns whether it was recorded (False: a resent form).

    ``also`` is a feature's own write that must happen with the attempt or not at all (a quiz run's
    compare-and-swap on its version): it runs in the same transaction once the token is claimed,
    and when it returns False (the run had moved on: a second tab) nothing is written at all."""
    learner = current_learner()
    value = Attempt(learner.id, item, Source(source), bool(correct), at=at or utcnow(), hinted=bool(hinted))
    counted = _claim(learner, token)
    if counted and also is not None and not also(learner):
        db.session.rollback()
        return False
    if counted:
        db.session.add(AttemptRow(learner_id=value.learner, item=value.item, source=value.source.value,
                                  correct=value.correct, hinted=value.hinted, at=value.at))
    db.session.commit()
    return counted


def record_event(item: str, source: Source | str) -> None:
    """Append an event that is not an answer (``seen``: a step read; ``reset``: a lesson started over)."""
    kind = Source(source)
    if kind not in (Source.SEEN, Source.RESET):
        raise ValueError(f"{kind} is an answer: use record()")
    record(item, kind, False)


__all__ = [
    "TOKEN_FIELD", "TOKEN_TTL", "TOPICS", "TOPIC_NAMES", "attempt_of", "attempts_of", "existing_learner",
    "my_attempts", "my_due", "new_answer_token", "record", "record_event", "topic_name",
]
