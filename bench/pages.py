"""Page times in process (Flask's test client, no HTTP): every page type for a new learner and for
one with a long history, and the answer POSTs.

A learner with ``--answers`` answers (default 10,000) is made through the store's own write path
(one transaction per answer, as the pages write them, spread over the last ``--days`` days), then
each page is requested ``--rounds`` times and the median and 95th percentile of its CPU time (the
machine may be shared) are printed beside the
same page for a learner without answers (a new visitor) and for one with a short history (``--some``,
default 300 answers over 14 days: the same pages with stars, full charts and a badge), with the ratios. With ``--profile PAGE`` one page is run
under cProfile for the learner with the history and the top functions are printed.

Usage: ``.venv/bin/python bench/pages.py [--answers 10000] [--rounds 30] [--database URL]
[--profile /en/lessons]``. Default database: a new SQLite file in a temporary folder.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
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

from tests.conftest import answer_form  # noqa: E402
from tutor import create_app  # noqa: E402
from tutor.content import all_lessons, get_lesson  # noqa: E402
from tutor.content.checks import make_question  # noqa: E402

STEP = "/en/lessons/card-ranking/false-aces"
GETS = {
    "deck": "/en/deck",
    "lesson step GET": STEP,
    "lesson map": "/en/lessons",
    "review": "/en/review",
    "progress": "/en/progress",
    "quiz list": "/en/quiz",
    "practice list": "/en/practice",
    "play set-up": "/en/play",
    "envido checker result": "/en/envido?hand=7o,6o,3b",
}
TOKEN = re.compile(r'name="(csrf_token|seed|attempt)" value="([^"]*)"')


def make_bench_app(database: str | None, work: Path):
    uri = database or f"sqlite:///{work / 'pages.sqlite3'}"
    app = create_app({"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": uri, "DB_AUTO_UPGRADE": True, "TESTING": False})
    if database:
        from flask_migrate import upgrade

        with app.app_context():
            upgrade()
    return app


def items() -> list[str]:
    return [f"{lesson.key}/{step.key}" for lesson in all_lessons() for step in lesson.checked_steps]


def fill_history(app, client, answers: int, days: int, seed: int = 1) -> None:
    """Give the client's learner ``answers`` answers over the last ``days`` days (through the store)."""
    client.get("/en/deck")
    with client.session_transaction() as session:
        public_id = session["learner"]
        session["stored"] = True  # the learner's row is made below, not by a page
    rng = random.Random(seed)
    chosen = items()
    now = datetime.now(UTC)
    start = now - timedelta(days=days)
    step = (now - timedelta(minutes=5) - start) / max(1, answers)
    sources = ["lesson", "lesson", "review", "quiz", "daily"]
    log = [
        (
            chosen[rng.randrange(len(chosen))],
            sources[rng.randrange(len(sources))],
            rng.random() < 0.7,
            rng.random() < 0.1,
            start + step * n,
        )
        for n in range(answers)
    ]
    with app.app_context():
        _append(public_id, log)


def _append(public_id: str, log) -> None:
    try:
        from tutor.store import Store  # the store package, once it exists
    except ImportError:
        Store = None
    if Store is not None:
        from tutor.store import current_store

        store = current_store()
        learner = store.learners.ensure(public_id)
        batch = 500
        for first in range(0, len(log), batch):
            store.attempts.import_log(
                learner.id,
                [
                    dict(item=item, source=source, correct=correct, hinted=hinted, at=at)
                    for item, source, correct, hinted, at in log[first : first + batch]
                ],
            )
        return
    from tutor.models import AttemptRow, Learner, db  # before the store existed (a baseline run)

    learner = db.session.query(Learner).filter_by(public_id=public_id).one_or_none()
    if learner is None:
        learner = Learner(public_id=public_id)
        db.session.add(learner)
        db.session.flush()
    db.session.add_all(
        AttemptRow(learner_id=learner.id, item=item, source=source, correct=correct, hinted=hinted, at=at)
        for item, source, correct, hinted, at in log
    )
    db.session.commit()


def timed(function) -> float:
    """CPU time of one call, in ms (the machine may be shared: wall time would count others' work)."""
    start = time.process_time()
    function()
    return (time.process_time() - start) * 1000


def page_times(client, rounds: int) -> dict[str, list[float]]:
    samples: dict[str, list[float]] = {}
    for name, path in GETS.items():
        for _ in range(3):  # warm caches and templates
            assert client.get(path).status_code == 200, path
        samples[name] = [timed(lambda path=path: client.get(path)) for _ in range(rounds)]
    samples["lesson answer POST"] = [timed(lambda: answer(client)) for _ in range(rounds)]
    return samples


def answer(client) -> None:
    """Answer the lesson step right through its form (the GET to read the form is not timed)."""
    html = client.get(STEP).get_data(as_text=True)
    fields = dict(TOKEN.findall(html))
    lesson, step = STEP.split("/")[3:5]
    question = make_question(get_lesson(lesson).step(step).check, int(fields["seed"]))
    data = {**fields, **answer_form(question, question.expected)}
    start = time.process_time()
    response = client.post(STEP, data=data)
    answer.last = (time.process_time() - start) * 1000  # type: ignore[attr-defined]
    assert response.status_code == 200


def post_times(client, rounds: int) -> list[float]:
    times = []
    for _ in range(rounds):
        answer(client)
        times.append(answer.last)  # type: ignore[attr-defined]
    return times


def median(values: list[float]) -> float:
    return statistics.median(values)


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--answers", type=int, default=10_000)
    parser.add_argument("--days", type=int, default=120)
    parser.add_argument("--some", type=int, default=300, help="answers of the learner with a short history")
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--database", default=os.environ.get("BENCH_DATABASE_URL"))
    parser.add_argument("--profile", help="a path to profile for the learner with the history")
    parser.add_argument("--fresh", action="store_true", help="profile for the new learner instead")
    args = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="pages-bench-"))
    app = make_bench_app(args.database, work)
    fresh = app.test_client()
    fresh.get("/en/deck")
    veteran = app.test_client()
    started = time.perf_counter()
    fill_history(app, veteran, args.answers, args.days)
    print(f"history of {args.answers} answers written in {time.perf_counter() - started:.1f} s")

    if args.profile:
        who = fresh if args.fresh else veteran
        for _ in range(3):
            who.get(args.profile)
        profiler = cProfile.Profile(time.process_time)  # CPU time: the machine may be shared
        profiler.enable()
        for _ in range(args.rounds):
            who.get(args.profile)
        profiler.disable()
        stats = pstats.Stats(profiler)
        stats.sort_stats("cumulative").print_stats(40)
        return 0

    some = app.test_client()
    fill_history(app, some, args.some, min(args.days, 14), seed=2)
    load = os.getloadavg()
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; {args.rounds} rounds per page; medians in ms")
    columns = [("new", fresh), (f"{args.some}", some), (f"{args.answers}", veteran)]
    results: dict[str, dict[str, list[float]]] = {label: {} for label, _ in columns}
    for name, path in GETS.items():  # the learners take turns, round by round: drift hits all alike
        for _label, client in columns:
            for _ in range(3):
                assert client.get(path).status_code == 200, path
        for _ in range(args.rounds):
            for label, client in columns:
                results[label].setdefault(name, []).append(timed(lambda client=client, path=path: client.get(path)))
    for _ in range(args.rounds):
        for label, client in columns:
            answer(client)
            results[label].setdefault("lesson answer POST", []).append(answer.last)  # type: ignore[attr-defined]
    head = "".join(f"{label + ' p50':>11s}{label + ' p95':>11s}" for label, _ in columns)
    print(f"{'page':24s}{head}{'ratio/new':>10s}{f'ratio/{args.some}':>10s}")
    worst = worst_some = 0.0
    big, small = f"{args.answers}", f"{args.some}"
    for name in results["new"]:
        cells = "".join(
            f"{median(results[label][name]):11.2f}{p95(results[label][name]):11.2f}" for label, _ in columns
        )
        ratio = median(results[big][name]) / median(results["new"][name])
        ratio_some = median(results[big][name]) / median(results[small][name])
        worst, worst_some = max(worst, ratio), max(worst_some, ratio_some)
        print(f"{name:24s}{cells}{ratio:10.2f}{ratio_some:10.2f}")
    print(
        f"worst ratio {args.answers} answers / new learner {worst:.2f}, / {args.some} answers {worst_some:.2f} "
        "(aim: at most 1.2)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
