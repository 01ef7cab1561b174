"""The classroom's dashboard in process: a class of ``--pupils`` pupils (default 30) with ``--answers``
answers each (default 3,000, over 120 days, written through the store's own import), the page drawn
by Flask's test client for its teacher, and the CSV export.

Times are CPU time (the machine may be shared; wall time is printed too), medians and 95th
percentiles; the number of SQL statements per page is counted (it does not grow with the class).
The aim (issue 17): the dashboard of 30 pupils with 3,000 answers each in under 100 ms in process.

Usage: ``.venv/bin/python bench/classroom.py [--pupils 30] [--answers 3000] [--rounds 30] [--database URL]``.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sqlalchemy import event  # noqa: E402

from tutor import create_app  # noqa: E402
from tutor.content import all_lessons  # noqa: E402
from tutor.store import LogEntry, current_store, db  # noqa: E402


def timed(function, rounds: int) -> tuple[list[float], list[float]]:
    """CPU and wall times of ``rounds`` calls, in ms."""
    cpu, wall = [], []
    for _ in range(rounds):
        start, started = time.process_time(), time.perf_counter()
        function()
        cpu.append((time.process_time() - start) * 1000)
        wall.append((time.perf_counter() - started) * 1000)
    return cpu, wall


def line(name: str, samples: tuple[list[float], list[float]]) -> str:
    cpu, wall = samples
    ordered = sorted(cpu)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return (
        f"{name:38s} CPU median {statistics.median(cpu):7.2f} ms  p95 {p95:7.2f} ms"
        f"   wall median {statistics.median(wall):7.2f} ms"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pupils", type=int, default=30)
    parser.add_argument("--answers", type=int, default=3000)
    parser.add_argument("--days", type=int, default=120)
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--database", default=os.environ.get("BENCH_DATABASE_URL"))
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="classroom-bench-"))
    uri = args.database or f"sqlite:///{work / 'classroom.sqlite3'}"
    app = create_app({"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": uri, "DB_AUTO_UPGRADE": True})
    if args.database:
        from flask_migrate import upgrade

        with app.app_context():
            upgrade()
    items = [f"{lesson.key}/{step.key}" for lesson in all_lessons() for step in lesson.checked_steps]
    rng = random.Random(17)
    now = datetime.now(UTC)
    client = app.test_client()
    html = client.get("/en/teach/signup").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)
    form = {"csrf_token": token, "login": "bench", "display_name": "Bench", "password": "vale cuatro al mazo"}
    assert client.post("/en/teach/signup", data=form).status_code == 200
    html = client.get("/en/teach/classes/new").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)
    made = client.post(
        "/en/teach/classes/new", data={"csrf_token": token, "name": "Bench", "lang": "en", "age": "teens"}
    )
    cid = made.headers["Location"].rsplit("/", 1)[1]
    with app.app_context():
        store = current_store()
        found = store.classroom.class_by_public_id(cid)
        started = time.perf_counter()
        for number in range(args.pupils):
            learner = store.learners.ensure(None)
            store.classroom.join(found, learner.id, [f"Ancho {number + 2}"])
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
        print(f"{args.pupils} pupils x {args.answers} answers written in {time.perf_counter() - started:.1f} s")
        engine = db.engine
    load = os.getloadavg()
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; database {uri.split(':')[0]}")
    dashboard = f"/en/teach/classes/{cid}/dashboard"
    statements: list[str] = []

    def count(*details) -> None:
        statements.append(details[2])

    event.listen(engine, "before_cursor_execute", count)
    response = client.get(dashboard)
    event.remove(engine, "before_cursor_execute", count)
    assert response.status_code == 200 and response.get_data(as_text=True).count('scope="row"') == args.pupils
    print(f"SQL statements per dashboard page: {len(statements)}")
    html = client.get(f"/en/teach/classes/{cid}").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)

    def page() -> None:
        assert client.get(dashboard).status_code == 200

    def export() -> None:
        assert client.post(f"/en/teach/classes/{cid}/export.csv", data={"csrf_token": token}).status_code == 200

    print(line(f"dashboard page ({args.pupils} pupils)", timed(page, args.rounds)))
    print(
        line(
            "dashboard sorted by a topic, needs help",
            timed(lambda: client.get(dashboard + "?sort=envido-counting&filter=help"), args.rounds),
        )
    )
    print(line(f"CSV export ({args.pupils} pupils)", timed(export, args.rounds)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
