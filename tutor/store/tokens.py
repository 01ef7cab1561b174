"""Answer forms' one-time tokens: a form sent twice (a double click, a browser resending, a form
replayed in a second tab) counts once.

Every answer form carries :func:`new_form_token`; :meth:`FormTokens.claim` inserts ``(learner, token)``
inside the transaction that appends the answer (``INSERT ... ON CONFLICT DO NOTHING RETURNING``), so
of two requests with the same token the second waits on the key, then finds it taken and the whole
transaction is rolled back. Tokens are remembered for :data:`TOKEN_TTL` (:meth:`FormTokens.forget_old`).
"""

from __future__ import annotations

import re
import secrets
from datetime import timedelta
from typing import TYPE_CHECKING

from sqlalchemy import delete

from .schema import AnsweredForm, db
from .sql import upsert

if TYPE_CHECKING:
    from . import Store

TOKEN_TTL = timedelta(days=1)
"""How long a counted answer form's token is remembered (a resend after that counts again)."""
FORM_TOKEN_FIELD = "attempt"
"""The answer form's field that carries the form token. Its name, ``attempt``, is older than the word
*form token* and stays: templates and clients post it (docs/architecture.md, "The project's names")."""
_TOKEN = re.compile(r"^[A-Za-z0-9_-]{22}$")


def new_form_token() -> str:
    """A one-time token for an answer form (22 URL-safe characters, 128 random bits)."""
    return secrets.token_urlsafe(16)


class FormTokens:
    """The ``answered_form`` table."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def claim(self, learner_id: int, token: str | None) -> bool:
        """Claim the form's token inside the open transaction; False if it was counted before. A missing
        or malformed token (a page rendered before tokens existed) always counts."""
        if token is None or not _TOKEN.match(token):
            return True
        now = self.store.clock.now()
        table = AnsweredForm.__table__
        claimed = db.session.execute(
            upsert(table)
            .values(learner_id=learner_id, token=token, created=now)
            .on_conflict_do_nothing()
            .returning(table.c.token)  # a row back only if inserted (rowcount is not reliable with every driver)
        ).first()
        return claimed is not None

    def forget_old(self, every: int = 50) -> None:
        """Now and then (one call in ``every``), forget the tokens nobody can still be resending, in a
        transaction of its own (not inside an append's, which would hold other learners' rows)."""
        if secrets.randbelow(every) != 0:
            return
        table = AnsweredForm.__table__
        db.session.execute(delete(table).where(table.c.created < self.store.clock.now() - TOKEN_TTL))
        db.session.commit()
