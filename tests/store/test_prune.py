"""``flask --app tutor store prune``: anonymous learners with no activity for ``--days`` (default 365)
are forgotten with everything they own; anyone active since, or held by a row outside their own
(a class, an account), stays; ``--dry-run`` counts and deletes nothing."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import Column, ForeignKey, Integer, Table, func, insert, select

from tutor.store import (
    AttemptRow,
    Game,
    Learner,
    LearnerProgress,
    LogEntry,
    ManualClock,
    QuizRun,
    current_store,
    db,
    use_clock,
)
from tutor.store.learners import PRUNE_AFTER

pytestmark = pytest.mark.store

LONG_AGO = datetime(2025, 1, 10, 9, 0, tzinfo=UTC)
NOW = LONG_AGO + PRUNE_AFTER + timedelta(days=30)
RECENTLY = NOW - timedelta(days=10)


def learner_at(clock: ManualClock, moment: datetime, *, answers: int = 0) -> int:
    """A learner made at ``moment`` (seen then), with ``answers`` lesson answers then."""
    clock.set(moment)
    store = current_store()
    learner = store.learners.ensure(None)
    if answers:
        store.attempts.import_log(
            learner.id, [LogEntry("card-ranking/false-aces", "lesson", True, at=moment) for _ in range(answers)]
        )
    return learner.id


def game_for(learner_id: int) -> None:
    current_store().games.create(
        learner_id, rules="argentino", level="strong", seed=1, log=[], version=0, reviews={}, score0=0, score1=0
    )


def counts() -> dict[str, int]:
    return {
        model.__tablename__: db.session.scalar(select(func.count()).select_from(model)) or 0
        for model in (Learner, AttemptRow, LearnerProgress, Game, QuizRun)
    }


@pytest.fixture
def world(app):
    """Learners of every kind; the clock at NOW."""
    clock = use_clock(app, ManualClock(LONG_AGO))
    with app.app_context():
        store = current_store()
        ids = {
            "gone": learner_at(clock, LONG_AGO, answers=3),
            "gone_empty": learner_at(clock, LONG_AGO),
            "seen_recently": learner_at(clock, RECENTLY),
            "answered_recently": learner_at(clock, LONG_AGO),
            "played_recently": learner_at(clock, LONG_AGO),
        }
        game_for(ids["gone"])
        store.quizzes.start(ids["gone"], "exam", 5, 20)
        clock.set(RECENTLY)
        store.attempts.append(ids["answered_recently"], [LogEntry("card-ranking/false-aces", "lesson", False)])
        game_for(ids["played_recently"])  # its learner row was not seen since (a stale last_seen)
        clock.set(NOW)
    yield app, ids


def test_prune_forgets_only_the_learners_gone_for_a_year(world):
    app, ids = world
    result = app.test_cli_runner().invoke(args=["store", "prune"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("deleted 2 learners with no activity since 2025-")
    with app.app_context():
        left = set(db.session.scalars(select(Learner.id)))
        assert left == {ids["seen_recently"], ids["answered_recently"], ids["played_recently"]}
        assert db.session.scalar(select(func.count()).where(AttemptRow.learner_id == ids["gone"])) == 0
        assert db.session.scalar(select(func.count()).select_from(QuizRun)) == 0
        assert [g.learner_id for g in db.session.scalars(select(Game))] == [ids["played_recently"]]


def test_a_dry_run_counts_and_deletes_nothing(world):
    app, _ids = world
    with app.app_context():
        before = counts()
    result = app.test_cli_runner().invoke(args=["store", "prune", "--dry-run"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("would delete 2 learners")
    assert "3 attempt" in result.output and "1 game" in result.output and "1 quiz_run" in result.output
    with app.app_context():
        assert counts() == before


def test_days_sets_the_policy(world):
    app, ids = world
    assert app.test_cli_runner().invoke(args=["store", "prune", "--days", "5"]).exit_code == 0
    with app.app_context():
        assert set(db.session.scalars(select(Learner.id))) == set()  # nobody was active in the last 5 days
    assert app.test_cli_runner().invoke(args=["store", "prune", "--days", "0"]).exit_code != 0


def test_a_learner_something_else_points_at_is_kept(world):
    """A table that is not the learner's own (say, a teacher's class list) keeps its learners."""
    app, ids = world
    members = Table(
        "test_class_member",
        db.metadata,
        Column("id", Integer, primary_key=True),
        Column("learner_id", ForeignKey("learner.id", ondelete="CASCADE")),
    )
    try:
        with app.app_context():
            members.create(db.engine)
            db.session.execute(insert(members).values(learner_id=ids["gone_empty"]))
            db.session.commit()
        assert app.test_cli_runner().invoke(args=["store", "prune"]).exit_code == 0
        with app.app_context():
            left = set(db.session.scalars(select(Learner.id)))
            db.session.rollback()  # PostgreSQL: dropping the table locks the learner table it points at
            members.drop(db.engine)
        assert ids["gone_empty"] in left and ids["gone"] not in left
    finally:
        db.metadata.remove(members)
