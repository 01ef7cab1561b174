"""One append is one transaction: a form counted before or a guard that fails writes nothing, neither
attempt nor projection; tokens are forgotten after a day; the log's time never goes back."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import func, select

from tutor.store import AnsweredForm, AttemptRow, ItemProgress, LogEntry, ManualClock, current_store, db, new_form_token

pytestmark = pytest.mark.store

START = datetime(2026, 3, 10, 15, 0, tzinfo=UTC)
ITEM = "card-ranking/false-aces"


def counts() -> tuple[int, int, int]:
    attempts = db.session.scalar(select(func.count()).select_from(AttemptRow))
    items = db.session.scalar(select(func.coalesce(func.sum(ItemProgress.answers), 0)))
    tokens = db.session.scalar(select(func.count()).select_from(AnsweredForm))
    return attempts or 0, items or 0, tokens or 0


def test_a_counted_form_or_a_failed_guard_writes_nothing(app):
    with app.app_context():
        store = current_store()
        store.clock = ManualClock(START)
        learner = store.learners.ensure(None).id
        token = new_form_token()
        assert store.attempts.append(learner, [LogEntry(ITEM, "lesson", True)], token=token) is not None
        assert counts() == (1, 1, 1)
        assert store.attempts.append(learner, [LogEntry(ITEM, "lesson", False)], token=token) is None
        assert store.attempts.append(learner, [LogEntry(ITEM, "lesson", False)], guard=lambda: False) is None
        assert counts() == (1, 1, 1)
        assert store.attempts.differences(learner) == []


def test_tokens_are_forgotten_after_a_day(app):
    with app.app_context():
        store = current_store()
        clock = store.clock = ManualClock(START)
        learner = store.learners.ensure(None).id
        token = new_form_token()
        assert store.attempts.append(learner, [LogEntry(ITEM, "lesson", True)], token=token) is not None
        clock.advance(hours=23)
        store.tokens.forget_old(every=1)
        assert store.attempts.append(learner, [LogEntry(ITEM, "lesson", True)], token=token) is None
        clock.advance(hours=2)
        store.tokens.forget_old(every=1)
        assert store.attempts.append(learner, [LogEntry(ITEM, "lesson", True)], token=token) is not None


def test_the_log_time_never_goes_back_and_an_import_in_the_past_is_replayed(app):
    with app.app_context():
        store = current_store()
        clock = store.clock = ManualClock(START)
        learner = store.learners.ensure(None).id
        store.attempts.append(learner, [LogEntry(ITEM, "lesson", False)])
        clock.set(START - timedelta(minutes=5))  # another server's clock, a little behind
        appended = store.attempts.append(learner, [LogEntry(ITEM, "lesson", True)])
        assert appended.attempts[0].at == START
        store.attempts.import_log(learner, [LogEntry("flor/value", "quiz", True, at=START - timedelta(days=3))])
        log = store.attempts.of_learner(learner)
        assert [a.item for a in log] == ["flor/value", ITEM, ITEM]
        assert store.attempts.differences(learner) == []
        assert store.progress.one(learner).totals().days == 2
