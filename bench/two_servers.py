"""Two app servers on one PostgreSQL database, learners alternating between them on every request.

What it does, all on this machine (a Unix socket for the database, 127.0.0.1 for HTTP):

1. starts a private PostgreSQL server in a temporary folder (``tools/pgserver.py``) and creates a
   database;
2. applies the migrations once (``flask --app tutor db upgrade``), with the ``DATABASE_URL`` and
   ``SECRET_KEY`` that both servers share;
3. starts two ``gunicorn -w 2`` instances on two loopback ports (neither migrates: ``DB_AUTO_UPGRADE``
   is off when ``DATABASE_URL`` is set);
4. lets ``--learners`` learners (each its own cookie jar, ``--concurrency`` of them at a time) answer
   ``--checks`` lesson checks through the real forms: GET the step, read the form's hidden fields
   (CSRF token, seed), POST the engine's right answer; every third check is first answered wrong.
   Every request goes to the other server than the one before;
5. checks the database afterwards: one learner row per learner (the signed cookie one server handed
   out was accepted by the other, no second identity), one step record per check answered in the
   projections kept with the learning log (``item_progress``), and exactly the tries, right answers
   and first-try results the learners sent (no lost or duplicated count); every learner's
   projections equal a replay of the log (``flask --app tutor store check``); the migrations table
   holds one version;
6. prints the figures: requests, errors, req/s, p50/p99 latency.

Usage: ``.venv/bin/python bench/two_servers.py [--learners 50] [--checks 10] [--concurrency 16]``.
Exits 1 if any check fails. Needs Debian's postgresql (``make test`` installs it) and psycopg
(the ``postgres`` or ``test`` extra).
"""

from __future__ import annotations

import argparse
import http.cookiejar
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.conftest import answer_form, find_all  # noqa: E402
from tests.web.test_lessons import wrong_answer  # noqa: E402
from tools.pgserver import PostgresServer  # noqa: E402
from tutor.content import all_lessons  # noqa: E402
from tutor.content.checks import make_question  # noqa: E402

BIN = Path(os.environ.get("BIN", ROOT / ".venv" / "bin"))
SECRET_KEY = "two-servers-bench-secret"
SESSION_COOKIE = "tutor_session"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for(url: str, process: subprocess.Popen, log: Path, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{url}: server exited:\n{log.read_text()}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"{url}: no answer after {seconds} s:\n{log.read_text()}")


# --- One learner --------------------------------------------------------------------------------


@dataclass
class Tally:
    """What all learners sent and saw (shared; guarded by ``lock``)."""

    latencies: list[float] = field(default_factory=list)
    statuses: Counter = field(default_factory=Counter)
    errors: list[str] = field(default_factory=list)
    per_server: Counter = field(default_factory=Counter)
    lock: threading.Lock = field(default_factory=threading.Lock)


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):  # noqa: ANN002, ANN003
        return None


class Learner:
    """A browser without JavaScript: a cookie jar, sending each request to the other server."""

    def __init__(self, number: int, servers: list[str], tally: Tally) -> None:
        self.number = number
        self.servers = servers
        self.turn = number % len(servers)
        self.tally = tally
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar), NoRedirect)
        self.sent: dict[tuple[str, str], dict] = {}
        """(lesson, step) -> the record the store must hold afterwards."""

    def request(self, path: str, data: dict | None = None) -> tuple[int, str]:
        base = self.servers[self.turn]
        self.turn = (self.turn + 1) % len(self.servers)
        body = urllib.parse.urlencode(data, doseq=True).encode() if data is not None else None
        started = time.perf_counter()
        try:
            with self.opener.open(urllib.request.Request(base + path, data=body), timeout=30) as response:
                status, text = response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            status, text = error.code, error.read().decode(errors="replace")
        except OSError as error:
            status, text = 0, str(error)
        elapsed = time.perf_counter() - started
        with self.tally.lock:
            self.tally.latencies.append(elapsed)
            self.tally.statuses[status] += 1
            self.tally.per_server[base] += 1
            if not 200 <= status < 400:
                self.tally.errors.append(f"learner {self.number}: {'POST' if data else 'GET'} {base}{path} -> {status}")
        return status, text

    def hidden_fields(self, html: str) -> dict[str, str]:
        """The hidden inputs of the answer form (CSRF token, seed, and whatever else it carries)."""
        form = re.search(r'<form class="answer-form".*?</form>', html, re.S)
        if form is None:
            raise AssertionError("no answer form on the step page")
        return {e.attrs["name"]: e.attrs.get("value") or "" for e in find_all(form.group(0), "input", type="hidden")}

    def answer(self, lesson_key: str, step, wrong_first: bool) -> None:
        path = f"/en/lessons/{lesson_key}/{step.key}"
        status, html = self.request(path)
        if status != 200:
            return
        fields = self.hidden_fields(html)
        question = make_question(step.check, int(fields["seed"]))
        record = {"tries": 0, "right": 0, "done": False}
        if wrong_first:
            status, html = self.request(path, {**fields, **answer_form(question, wrong_answer(question))})
            if status != 200:
                return
            record.update(tries=1, first=False)
            fields = self.hidden_fields(html)  # a token the answered form carries may be one-time
        status, _html = self.request(path, {**fields, **answer_form(question, question.expected)})
        if status != 200:
            return
        record["tries"] += 1
        record["right"] += 1
        record["done"] = True
        record.setdefault("first", True)
        self.sent[(lesson_key, step.key)] = record

    def public_id(self) -> str | None:
        for cookie in self.jar:
            if cookie.name == SESSION_COOKIE:
                return cookie.value
        return None


def checks_to_answer(count: int) -> list[tuple[str, object]]:
    steps = [(lesson.key, step) for lesson in all_lessons() for step in lesson.checked_steps]
    if count > len(steps):
        raise SystemExit(f"--checks: at most {len(steps)}")
    return steps[:count]


def run_learner(learner: Learner, steps) -> None:
    for number, (lesson_key, step) in enumerate(steps):
        learner.answer(lesson_key, step, wrong_first=number % 3 == 0)


# --- Verification -------------------------------------------------------------------------------


def session_public_id(cookie_value: str) -> str:
    """The learner id inside a session cookie (signed with the shared key)."""
    from tutor import create_app

    app = create_app({"SECRET_KEY": SECRET_KEY, "SQLALCHEMY_DATABASE_URI": "sqlite://", "DB_AUTO_UPGRADE": False})
    serializer = app.session_interface.get_signing_serializer(app)
    return serializer.loads(cookie_value)["learner"]


def verify(url: str, learners: list[Learner]) -> list[str]:
    """Compare what the learners sent with what the database holds; returns the problems found."""
    from sqlalchemy import create_engine, text

    problems: list[str] = []
    engine = create_engine(url)
    with engine.connect() as connection:
        versions = connection.execute(text("SELECT count(*) FROM alembic_version")).scalar_one()
        if versions != 1:
            problems.append(f"alembic_version holds {versions} rows")
        learner_rows = connection.execute(text("SELECT count(*) FROM learner")).scalar_one()
        if learner_rows != len(learners):
            problems.append(f"{learner_rows} learner rows for {len(learners)} learners")
        rows = connection.execute(
            text(
                "SELECT l.public_id, p.item, p.lesson_tries, p.lesson_right, p.lesson_first, p.lesson_done "
                "FROM item_progress p JOIN learner l ON l.id = p.learner_id WHERE p.lesson_tries > 0"
            )
        ).all()
    engine.dispose()
    stored: dict[str, dict[tuple[str, str], dict]] = {}
    for public_id, item, tries, right, first, done in rows:
        lesson, step = item.split("/", 1)
        stored.setdefault(public_id, {})[(lesson, step)] = {
            "tries": tries,
            "right": right,
            "first": None if first is None else bool(first),
            "done": bool(done),
        }
    for learner in learners:
        cookie = learner.public_id()
        if cookie is None:
            problems.append(f"learner {learner.number}: no session cookie")
            continue
        public_id = session_public_id(cookie)
        mine = stored.get(public_id, {})
        if set(mine) != set(learner.sent):
            problems.append(f"learner {learner.number}: {len(mine)} progress rows, {len(learner.sent)} steps answered")
        for key, expected in learner.sent.items():
            got = mine.get(key)
            if got is None:
                continue
            got = {name: got.get(name) for name in expected}
            if got != expected:
                problems.append(f"learner {learner.number} {key}: stored {got}, sent {expected}")
    return problems


# --- Main ---------------------------------------------------------------------------------------


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--learners", type=int, default=50)
    parser.add_argument("--checks", type=int, default=10, help="lesson checks each learner answers")
    parser.add_argument("--concurrency", type=int, default=16, help="learners at work at the same time")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers per server")
    args = parser.parse_args()
    steps = checks_to_answer(args.checks)

    work = Path(tempfile.mkdtemp(prefix="two-servers-"))
    servers: list[subprocess.Popen] = []
    with PostgresServer() as database:
        url = database.create_database("tutor")
        env = {
            **os.environ,
            "SECRET_KEY": SECRET_KEY,
            "DATABASE_URL": database.url("tutor", driver="postgresql"),
            "DB_AUTO_UPGRADE": "0",
            "PYTHONPATH": str(ROOT),  # the checkout this script is in
        }
        subprocess.run(
            [str(BIN / "flask"), "--app", "tutor", "db", "upgrade"], env=env, check=True, capture_output=True, cwd=work
        )
        bases = []
        try:
            for number in range(2):
                port = free_port()
                log = work / f"gunicorn-{number}.log"
                process = subprocess.Popen(
                    [
                        str(BIN / "gunicorn"),
                        "-w",
                        str(args.workers),
                        "-b",
                        f"127.0.0.1:{port}",
                        "--log-level",
                        "warning",
                        "tutor:create_app()",
                    ],
                    env=env,
                    cwd=work,
                    stdout=log.open("w"),
                    stderr=subprocess.STDOUT,
                )
                servers.append(process)
                bases.append(f"http://127.0.0.1:{port}")
                wait_for(f"{bases[-1]}/healthz", process, log)

            warm = Learner(-1, bases, Tally())  # each worker loads the lessons and templates once, untimed
            for _ in range(4 * args.workers):
                warm.request(f"/en/lessons/{steps[0][0]}/{steps[0][1].key}")

            tally = Tally()
            learners = [Learner(number, bases, tally) for number in range(args.learners)]
            started = time.perf_counter()
            with ThreadPoolExecutor(max_workers=args.concurrency) as pool:
                for future in [pool.submit(run_learner, learner, steps) for learner in learners]:
                    future.result()
            elapsed = time.perf_counter() - started
        finally:
            for process in servers:
                process.send_signal(signal.SIGTERM)
            for process in servers:
                try:
                    process.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    process.kill()
        problems = verify(url, learners)
        check = subprocess.run(
            [str(BIN / "flask"), "--app", "tutor", "store", "check"], env=env, cwd=work, capture_output=True, text=True
        )
        if check.returncode != 0:
            problems.append("store check: " + (check.stdout + check.stderr).strip()[-2000:])

    requests = len(tally.latencies)
    print(f"two gunicorn -w {args.workers} servers ({', '.join(bases)}) on one PostgreSQL 15 database")
    print(
        f"{args.learners} learners x {args.checks} checks (every third answered wrong first), "
        f"{args.concurrency} at a time, alternating servers on every request"
    )
    print(
        f"requests {requests} (per server: {', '.join(str(tally.per_server[b]) for b in bases)}), "
        f"errors {len(tally.errors)}, statuses {dict(sorted(tally.statuses.items()))}"
    )
    print(
        f"{requests / elapsed:.1f} req/s over {elapsed:.1f} s; latency p50 {percentile(tally.latencies, 0.5) * 1000:.1f} ms, "
        f"p99 {percentile(tally.latencies, 0.99) * 1000:.1f} ms, max {max(tally.latencies) * 1000:.1f} ms"
    )
    answered = sum(len(learner.sent) for learner in learners)
    tries = sum(record["tries"] for learner in learners for record in learner.sent.values())
    print(f"store: {answered} progress records with {tries} tries checked against what was sent")
    for error in tally.errors[:10]:
        print("  error:", error)
    for problem in problems[:20]:
        print("  MISMATCH:", problem)
    ok = not problems and not tally.errors
    print("OK: no lost or duplicated progress, one identity per learner on both servers" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
