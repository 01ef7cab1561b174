"""``flask --app tutor store check`` finds projections that differ from the log, ``store rebuild``
recomputes them from it; batched reads answer for a whole class in a constant number of queries."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import event, update

from tutor.store import ItemProgress, LogEntry, current_store, db

pytestmark = pytest.mark.store

START = datetime(2026, 3, 1, 10, 0, tzinfo=UTC)


def give(store, learner_id: int, count: int = 5) -> None:
    store.attempts.import_log(
        learner_id,
        [
            LogEntry(
                "card-ranking/false-aces" if n % 2 else "envido-counting/no-pair",
                "lesson",
                n % 3 != 0,
                at=START + timedelta(hours=n),
            )
            for n in range(count)
        ],
    )


def test_check_finds_a_damaged_projection_and_rebuild_repairs_it(app):
    runner = app.test_cli_runner()
    with app.app_context():
        store = current_store()
        learners = [store.learners.ensure(None).id for _ in range(2)]
        for learner_id in learners:
            give(store, learner_id)
        db.session.execute(
            update(ItemProgress).where(ItemProgress.learner_id == learners[1]).values(answers=99, due=None)
        )
        db.session.commit()
    result = runner.invoke(args=["store", "check"])
    assert result.exit_code == 1 and f"learner {learners[1]}:" in result.output
    assert f"learner {learners[0]}:" not in result.output and "1 of 2 learners agree" in result.output
    result = runner.invoke(args=["store", "rebuild", "--learner", str(learners[1])])
    assert result.exit_code == 0 and "rebuilt the projections of 1 learner" in result.output
    result = runner.invoke(args=["store", "check"])
    assert result.exit_code == 0 and "2 of 2 learners agree" in result.output
    assert runner.invoke(args=["store", "rebuild"]).exit_code == 0


def test_a_class_is_read_in_a_constant_number_of_queries(app):
    with app.app_context():
        store = current_store()
        learners = [store.learners.ensure(None).id for _ in range(12)]
        for number, learner_id in enumerate(learners):
            give(store, learner_id, 3 + number)
        statements: list[str] = []

        def count(_conn, _cursor, statement, *_args):
            statements.append(statement)

        engine = db.engine
        event.listen(engine, "before_cursor_execute", count)
        try:
            few = store.progress.of(learners[:2])
            first = len(statements)
            everyone = store.progress.of(learners)
            second = len(statements) - first
            log = store.attempts.of(learners, items=["card-ranking/false-aces"], since=START + timedelta(hours=2))
            third = len(statements) - first - second
            days = store.progress.days(learners, latest=7)
            fourth = len(statements) - first - second - third
        finally:
            event.remove(engine, "before_cursor_execute", count)
        assert first == second == 4 and third == 1 and fourth == 1
        assert set(few) == set(learners[:2]) and set(everyone) == set(learners)
        assert [everyone[i].totals().answers for i in learners] == [3 + n for n in range(12)]
        assert all(
            a.item == "card-ranking/false-aces" and a.at >= START + timedelta(hours=2)
            for found in log.values()
            for a in found
        )
        assert [len(log[i]) for i in learners] == [sum(1 for n in range(2, 3 + k) if n % 2) for k in range(12)]
        assert all(days[i][""] for i in learners)
