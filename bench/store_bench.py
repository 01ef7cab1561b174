"""The store in process: reading a whole class's projections, and appending an answer, for learners
with long histories.

``--learners`` learners (default 30) get ``--answers`` answers each (default 3,000, over 120 days,
written through the store's own append), then:

* ``progress.of(class)``: every learner's projections (lesson stars, mastery, totals, streak, goal,
  due count) in four queries, then each learner's stars per lesson, mastery, totals, streak, goal
  and due count computed from them: what a classroom dashboard shows (aim: under 20 ms);
* ``attempts.of(class, since=a week ago)``: the class's attempts of the last week, one query;
* one append (an answer with its projections, one transaction) for a learner with the history.

Times are CPU time (the machine may be shared), medians and 95th percentiles.

Usage: ``.venv/bin/python bench/store_bench.py [--learners 30] [--answers 3000] [--database URL]``.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tutor import create_app  # noqa: E402
from tutor.content import all_lessons  # noqa: E402
from tutor.store import LogEntry, current_store  # noqa: E402


def timed(function, rounds: int) -> list[float]:
    """CPU times of ``rounds`` calls, in ms (the machine may be shared: wall time would count others' work)."""
    samples = []
    for _ in range(rounds):
        start = time.process_time()
        function()
        samples.append((time.process_time() - start) * 1000)
    return samples


def line(name: str, samples: list[float]) -> str:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return f"{name:44s} median {statistics.median(samples):8.2f} ms   p95 {p95:8.2f} ms"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--learners", type=int, default=30)
    parser.add_argument("--answers", type=int, default=3000)
    parser.add_argument("--days", type=int, default=120)
    parser.add_argument("--rounds", type=int, default=50)
    parser.add_argument("--database", default=os.environ.get("BENCH_DATABASE_URL"))
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="store-bench-"))
    uri = args.database or f"sqlite:///{work / 'store.sqlite3'}"
    app = create_app({"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": uri, "DB_AUTO_UPGRADE": True})
    if args.database:
        from flask_migrate import upgrade

        with app.app_context():
            upgrade()
    lessons = all_lessons()
    items = [f"{lesson.key}/{step.key}" for lesson in lessons for step in lesson.checked_steps]
    rng = random.Random(7)
    now = datetime.now(UTC)
    with app.app_context():
        store = current_store()
        ids = []
        started = time.perf_counter()
        for _ in range(args.learners):
            learner = store.learners.ensure(None)
            ids.append(learner.id)
            start = now - timedelta(days=args.days)
            step = (now - timedelta(minutes=5) - start) / args.answers
            log = [
                LogEntry(
                    items[rng.randrange(len(items))],
                    rng.choice(["lesson", "review", "quiz", "daily"]),
                    rng.random() < 0.7,
                    rng.random() < 0.1,
                    at=start + step * n,
                )
                for n in range(args.answers)
            ]
            for first in range(0, len(log), 1000):
                store.attempts.import_log(learner.id, log[first : first + 1000])
        print(f"{args.learners} learners x {args.answers} answers written in {time.perf_counter() - started:.1f} s")
        load = os.getloadavg()
        print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; database {uri.split(':')[0]}")

        def dashboard():
            moment = store.now()
            for progress in store.progress.of(ids).values():
                statuses = progress.lesson_statuses(lessons)
                [s.stars for s in statuses], progress.all_mastery(), progress.totals()
                progress.streak(moment), progress.daily_goal(moment), progress.review_count(moment)

        print(line(f"progress.of({args.learners} learners), read", timed(lambda: store.progress.of(ids), args.rounds)))
        print(line(f"class dashboard ({args.learners} learners)", timed(dashboard, args.rounds)))
        week = now - timedelta(days=7)
        print(
            line(
                f"attempts.of({args.learners} learners, last week)",
                timed(lambda: store.attempts.of(ids, since=week), max(5, args.rounds // 5)),
            )
        )
        print(
            line(
                "one answer appended (learner with the history)",
                timed(lambda: store.attempts.append(ids[0], [LogEntry(items[0], "lesson", True)]), args.rounds),
            )
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
