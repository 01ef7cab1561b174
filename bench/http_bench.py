"""HTTP throughput of every page type under ``gunicorn -w 2`` (sync workers), measured with wrk on
loopback in one run: req/s, share of /healthz's rate, p50 and p99.

Before the server starts, the store gets a learner with ``--answers`` answers (default 10,000, over
120 days), whose cookie every request sends: the GET pages are drawn for a learner with a long
history. The POSTs go through the real forms with that learner's CSRF token:

* lesson answer: a step's check answered right, each request with its own one-time token (so every
  answer is appended, with its projections);
* quiz answer: quiz runs started beforehand, answered in order, each run's next question at a time
  (the list goes question by question over all runs, so two answers of one run are never in flight
  together);
* table action: games started beforehand whose learner actions (and "next hand") were worked out by
  replaying each game offline (the bots are seeded, so the server's tables follow), sent with htmx:
  the answer is the new table with the bots' replies.

wrk runs one thread and 16 connections (``-t1 -c16``) for ``--duration`` per route after a warm-up
of every GET page; the client shares the machine's cores with the server, so every figure (and
/healthz's) is lower than a separate client would see. The load average is printed with the table.

Usage: ``.venv/bin/python bench/http_bench.py [--duration 10s] [--answers 10000]`` (``make bench``).
Needs wrk (``apt-get install wrk``).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.conftest import answer_form  # noqa: E402

BIN = Path(os.environ.get("BIN", ROOT / ".venv" / "bin"))
SECRET_KEY = "http-bench-secret"
CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')
STEP = "/en/lessons/card-ranking/not-by-number"
QUIZ = "card-ranking"
AIM_GET, AIM_POST, AIM_P99_MS = 40, 25, 50


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def prepare(url: str, work: Path, answers: int, runs: int, games: int, posts: int) -> dict:
    """The learner with its history, its cookie, and the request lists of the POST routes."""
    from pages import fill_history  # bench/pages.py

    from tutor import create_app
    from tutor.bots.table import NEXT_HAND, Table
    from tutor.content import get_lesson
    from tutor.content.checks import make_question
    from tutor.engine.notation import parse_rules
    from tutor.store import Game, current_store, db
    from tutor.web.quiz.draw import quiz_questions

    app = create_app({"SECRET_KEY": SECRET_KEY, "SQLALCHEMY_DATABASE_URI": url, "DB_AUTO_UPGRADE": False})
    client = app.test_client()
    fill_history(app, client, answers, 120)
    html = client.get(STEP).get_data(as_text=True)
    token = CSRF.search(html).group(1)
    cookie = client.get_cookie("tutor_session")
    lists: dict[str, list[str]] = {}

    lesson_key, step_key = STEP.split("/")[3:5]
    check = get_lesson(lesson_key).step(step_key).check
    rng = random.Random(3)
    lines = []
    for _ in range(posts):
        seed = rng.randrange(1 << 31)
        question = make_question(check, seed)
        body = {
            "csrf_token": token,
            "seed": str(seed),
            "attempt": _token(rng),
            **answer_form(question, question.expected),
        }
        lines.append(f"POST\t{STEP}\t{urlencode(body, doseq=True)}\t")
    lists["lesson answer POST"] = lines

    quiz_runs = []
    for number in range(runs + 1):
        response = client.post(f"/en/quiz/{QUIZ}", data={"csrf_token": token, "seed": str(1000 + number)})
        quiz_runs.append((1000 + number, response.headers["Location"]))
    lists["quiz question GET"] = [f"GET\t{quiz_runs[-1][1]}\t\t"]  # never answered: always its first question
    lines = []
    for position in range(10):
        for seed, path in quiz_runs[:-1]:
            drawn = quiz_questions(QUIZ, seed)[position]
            body = {
                "csrf_token": token,
                "position": str(position + 1),
                "attempt": _token(rng),
                **answer_form(drawn.question, drawn.question.expected),
            }
            lines.append(f"POST\t{path}\t{urlencode(body, doseq=True)}\t")
    lists["quiz answer POST"] = lines

    paths = []
    for _ in range(games):
        response = client.post(
            "/en/play",
            data={
                "csrf_token": token,
                "players": "2",
                "preset": "argentino",
                "flor": "off",
                "target": "15",
                "level": "beginner",
            },
        )
        paths.append(response.headers["Location"])
    per_game = []
    with app.app_context():
        for path in paths:
            game = db.session.query(Game).filter_by(public_id=path.rsplit("/", 1)[1]).one()
            table = Table(parse_rules(game.rules), game.seed, game.level, log=game.log)
            actions = []
            while not table.is_over and len(actions) < 400:
                version = table.version
                if table.hand.is_over:
                    text = NEXT_HAND
                    table.next_hand()
                else:
                    text = str(rng.choice(table.view().legal_actions)).split(":", 1)[1]
                    table.play(text)
                body = {"csrf_token": token, "version": str(version), "action": text}
                actions.append(f"POST\t{path}\t{urlencode(body)}\t1")
            per_game.append(actions)
        current_store()  # the app's store was used above; nothing to close
    lines = []
    for index in range(max(len(a) for a in per_game)):
        lines.extend(actions[index] for actions in per_game if index < len(actions))
    lists["table action POST"] = lines
    lists["play table GET"] = [f"GET\t{paths[0]}\t\t"]
    with app.app_context():
        db.session.remove()
        db.engine.dispose()
    files = {}
    for name, found in lists.items():
        target = work / (re.sub(r"\W+", "-", name) + ".txt")
        target.write_text("\n".join(found) + "\n", encoding="utf-8")
        files[name] = target
    return {"cookie": f"tutor_session={cookie.value}", "files": files}


def _token(rng: random.Random) -> str:
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    return "".join(rng.choice(alphabet) for _ in range(22))


def wrk(
    base: str, path: str, duration: str, connections: int, cookie: str | None = None, requests: Path | None = None
) -> dict:
    command = ["wrk", "-t1", f"-c{connections}", f"-d{duration}", "--latency"]
    env = dict(os.environ)
    if requests is not None:
        command += ["-s", str(ROOT / "bench" / "requests.lua")]
        env.update(
            BENCH_REQUESTS=str(requests), BENCH_COOKIE=cookie or "", BENCH_ERRORS=str(requests.with_suffix(".errors"))
        )
    elif cookie:
        command += ["-H", f"Cookie: {cookie}"]
    out = subprocess.run([*command, base + path], capture_output=True, text=True, env=env, check=True).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    latency = {q: _ms(v) for q, v in re.findall(r"^\s+(50|99)%\s+(\S+)", out, re.M)}
    bad = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", out)
    total = re.search(r"(\d+) requests in", out)
    return {
        "rate": rate,
        "p50": latency.get("50"),
        "p99": latency.get("99"),
        "bad": int(bad.group(1)) if bad else 0,
        "total": int(total.group(1)) if total else 0,
    }


def _ms(text: str) -> float:
    number, unit = re.match(r"([\d.]+)(\w+)", text).groups()
    return float(number) * {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60_000.0}[unit]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", default="10s")
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--answers", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=400, help="quiz runs answered by the quiz POST route")
    parser.add_argument("--games", type=int, default=60, help="games played by the table POST route")
    parser.add_argument("--posts", type=int, default=20_000, help="lesson answers prepared")
    args = parser.parse_args()
    if shutil.which("wrk") is None:
        print("wrk is missing: apt-get install -y wrk")
        return 2
    sys.path.insert(0, str(ROOT / "bench"))
    work = Path(tempfile.mkdtemp(prefix="http-bench-"))
    url = f"sqlite:///{work / 'bench.sqlite3'}"
    env = {**os.environ, "SECRET_KEY": SECRET_KEY, "DATABASE_URL": url, "DB_AUTO_UPGRADE": "0"}
    subprocess.run(
        [str(BIN / "flask"), "--app", "tutor", "db", "upgrade"], env=env, check=True, capture_output=True, cwd=ROOT
    )
    started = time.perf_counter()
    prepared = prepare(url, work, args.answers, args.runs, args.games, args.posts)
    print(
        f"prepared in {time.perf_counter() - started:.0f} s: a learner with {args.answers} answers, "
        f"{args.runs} quiz runs, {args.games} games"
    )
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log = (work / "gunicorn.log").open("w")
    server = subprocess.Popen(
        [str(BIN / "gunicorn"), "-w", "2", "-b", f"127.0.0.1:{port}", "--log-level", "warning", "tutor:create_app()"],
        env=env,
        cwd=ROOT,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        for _ in range(100):
            try:
                with urllib.request.urlopen(base + "/healthz", timeout=1):
                    break
            except OSError:
                time.sleep(0.1)
        cookie = prepared["cookie"]
        files = prepared["files"]
        gets = [
            ("/healthz", "/healthz", None),
            ("deck (first visit)", "/en/deck", None),
            ("deck", "/en/deck", cookie),
            ("lesson step GET", STEP, cookie),
            ("envido checker result", "/en/envido?hand=7o,6o,3b", cookie),
            ("lesson map", "/en/lessons", cookie),
            ("review", "/en/review", cookie),
            ("progress", "/en/progress", cookie),
            ("practice list", "/en/practice", cookie),
            ("play set-up", "/en/play", cookie),
        ]
        for _label, path, with_cookie in gets:  # warm-up: every worker loads the templates and content
            wrk(base, path, "2s", args.connections, with_cookie)
        wrk(base, "", "2s", args.connections, cookie, files["quiz question GET"])
        wrk(base, "", "2s", args.connections, cookie, files["play table GET"])
        load = os.getloadavg()
        print(
            f"gunicorn -w 2 (sync) on {base}, SQLite; wrk -t1 -c{args.connections} -d{args.duration}; "
            f"load average before {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}"
        )
        rows = []
        for label, path, with_cookie in gets:
            rows.append((label, "GET", wrk(base, path, args.duration, args.connections, with_cookie)))
            if label == "lesson step GET":
                rows.append(
                    (
                        "lesson answer POST",
                        "POST",
                        wrk(base, "", args.duration, args.connections, cookie, files["lesson answer POST"]),
                    )
                )
        rows.append(
            (
                "quiz question GET",
                "GET",
                wrk(base, "", args.duration, args.connections, cookie, files["quiz question GET"]),
            )
        )
        rows.append(
            (
                "quiz answer POST",
                "POST",
                wrk(base, "", args.duration, args.connections, cookie, files["quiz answer POST"]),
            )
        )
        rows.append(
            (
                "table action POST (htmx)",
                "POST",
                wrk(base, "", args.duration, args.connections, cookie, files["table action POST"]),
            )
        )
        load = os.getloadavg()
    finally:
        server.terminate()
        server.wait(20)
    healthz = rows[0][2]["rate"]
    print(f"{'route':28s} {'req/s':>9s} {'healthz':>8s} {'p50 ms':>8s} {'p99 ms':>8s} {'errors':>7s}  aim")
    for label, method, found in rows:
        share = 100 * found["rate"] / healthz
        aim = AIM_POST if method == "POST" else AIM_GET
        met = (
            ""
            if label == "/healthz"
            else (
                "met"
                if share >= aim and (found["p99"] or 0) < AIM_P99_MS
                else f"not met (>= {aim} %, p99 < {AIM_P99_MS} ms)"
            )
        )
        print(
            f"{label:28s} {found['rate']:9.1f} {share:7.0f}% {found['p50'] or 0:8.1f} {found['p99'] or 0:8.1f} "
            f"{found['bad']:7d}  {met}"
        )
    print(
        f"load average after {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} (2 cores shared with the client and "
        "anything else running)"
    )
    for name, path in prepared["files"].items():
        found = path.with_suffix(".errors")
        if found.exists():
            lines = found.read_text(encoding="utf-8").splitlines()
            statuses = sorted({line.split("\t", 1)[0] for line in lines})
            print(f"{name}: {len(lines)} answers of 400 or more ({', '.join(statuses)}), e.g. {lines[0][:300]}")
    shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
