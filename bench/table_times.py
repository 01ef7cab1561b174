"""Server time of starting a match, starting a practice hand and the first hint, cold and warm.

In process (Flask's test client, a migrated SQLite database in a temporary folder, ``TESTING`` off
so the app is built as served): each round is a new visitor who opens ``/en/play``, starts a
4-player match against strong bots (the POST and the table it is sent to), asks for the first hint
of the match, then opens a practice hand and starts it. The first round is "cold": the first such
requests the app serves after ``create_app()`` (what the first learner after a restart or a HUP
reload waits for, unless the app warms itself up); the others are warm. Wall time and the thread's
CPU time per request; the machine is shared, so the load average is printed with the figures.

Usage: ``.venv/bin/python bench/table_times.py [--rounds 10] [--players 4] [--level strong] [--no-warm-up]``.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')
VERSION = re.compile(r'name="version" value="(\d+)"')


def timed(out: dict[str, list[tuple[float, float]]], label: str, call):
    wall, cpu = time.perf_counter(), time.thread_time()
    response = call()
    out.setdefault(label, []).append(((time.perf_counter() - wall) * 1000, (time.thread_time() - cpu) * 1000))
    return response


def one_round(app, players: int, level: str, practice_key: str, out) -> None:
    client = app.test_client()
    page = client.get("/en/play").get_data(as_text=True)
    token = TOKEN.search(page).group(1)
    form = {"csrf_token": token, "players": players, "preset": "argentino", "flor": "off", "target": 15, "level": level}
    started = timed(out, "start a match (POST)", lambda: client.post("/en/play", data=form))
    assert started.status_code == 303, started.status_code
    table_url = started.headers["Location"]
    table = timed(out, "the new table (GET)", lambda: client.get(table_url)).get_data(as_text=True)
    version = VERSION.search(table).group(1)
    hinted = timed(
        out,
        "first hint of the match (POST, htmx)",
        lambda: client.post(
            table_url + "/hint", data={"csrf_token": token, "version": version}, headers={"HX-Request": "true"}
        ),
    )
    assert hinted.status_code == 200, hinted.status_code
    timed(out, "a practice hand's page (GET)", lambda: client.get(f"/en/practice/{practice_key}"))
    run = timed(
        out,
        "start a practice hand (POST)",
        lambda: client.post(f"/en/practice/{practice_key}", data={"csrf_token": token}),
    )
    assert run.status_code == 303, run.status_code
    timed(out, "the practice table (GET)", lambda: client.get(run.headers["Location"]))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--level", default="strong")
    parser.add_argument("--no-warm-up", action="store_true", help="the first round right after create_app()")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="table-times-"))
    os.environ.update(SECRET_KEY="table-times", DATABASE_URL=f"sqlite:///{work / 'tutor.sqlite3'}", DB_AUTO_UPGRADE="1")
    load_before = os.getloadavg()
    began = time.perf_counter()
    from tutor import create_app
    from tutor.content import all_hands

    app = create_app()
    built = (time.perf_counter() - began) * 1000
    warmed = 0.0
    if not args.no_warm_up:
        from tutor.web.shared.warmup import warm_up

        warmed = warm_up(app) * 1000
    key = all_hands()[0].key
    cold: dict[str, list[tuple[float, float]]] = {}
    one_round(app, args.players, args.level, key, cold)
    warm: dict[str, list[tuple[float, float]]] = {}
    for _ in range(args.rounds):
        one_round(app, args.players, args.level, key, warm)
    print(
        f"create_app() {built:.0f} ms (imports included), warm-up {warmed:.0f} ms; "
        f"{args.players} players, {args.level} bots"
    )
    print(f"{'request':<40} {'cold wall':>9} {'cold cpu':>9} {'warm p50':>9} {'warm max':>9} {'cpu p50':>8}  ms")
    for label, first in cold.items():
        walls = [w for w, _ in warm[label]]
        cpus = [c for _, c in warm[label]]
        print(
            f"{label:<40} {first[0][0]:9.1f} {first[0][1]:9.1f} {statistics.median(walls):9.1f} "
            f"{max(walls):9.1f} {statistics.median(cpus):8.1f}"
        )
    print(f"load average before {load_before[0]:.2f}, after {os.getloadavg()[0]:.2f} (a shared 2-core machine)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
