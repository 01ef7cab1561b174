"""Tables with people under load: T tables of four friends polling and playing at once, through the forms.

What it does, all on this machine (loopback only; PostgreSQL on a Unix socket in a temporary folder):

1. starts ``gunicorn -w 2`` with the project's ``gunicorn.conf.py`` on a migrated database, in one of
   the three set-ups of ``bench/live_load.py`` (``--setup``): ``sqlite``, ``postgresql`` or
   ``two-servers`` (two such gunicorns on one PostgreSQL database; each host stays on one server, the
   three friends of a table alternate between the two, so a person often reads what the other server
   wrote);
2. for each of ``--tables`` tables (20), one person (the host) opens a table through the real set-up
   form (``POST /en/people``: 4 players, Argentine rules, no flor, to 15 points, computer players
   ``--level`` ``random`` for the seats nobody takes) and three friends, each with their own cookie
   jar and keep-alive connection, open its page and take a seat through the real join form
   (``/people/<code>/join``, a nickname and a free seat, a few seconds apart); the people of one table
   come from one loopback address of their own, ``127.0.1.<n>``, like friends on one Wi-Fi (so the
   per-address budgets of ``tutor/web/shared/limits.py`` apply as they would). The host polls the
   lobby and starts (``/people/<code>/host``, ``do=start``) once the four are seated (or after 20 s);
3. everyone then behaves as htmx does in a browser: each page polls the URL in its ``hx-get``
   (``/people/<code>/poll?v=<rev>&since=<version>&at=table``, or ``at=lobby``) at the interval of its
   ``hx-trigger`` (every 2 s); a 204 keeps the page, a 200 with ``HX-Refresh`` reloads it (the lobby,
   when someone joins and when the match starts), another 200 is the table's new block (its timer
   starts again). When the page has action buttons (``name="action" value=...``) it is this seat's
   turn: after a think time of 0.5 to 3 s (``--think``) the person presses one of them at random (going to the
   deck, ``mazo``, ten times less often than any other), as an htmx post of the table's form with its
   ``version``, and the table block the post returns is the new page. At a hand's end the host
   presses "Next hand" after 0.5 to 3 s, a friend after 5 to 8 s if the host has not; when the match
   is over the host opens a new table through the form and the friends join it;
4. after ``--seconds`` (180) everyone stops; the servers are stopped and the temporary folders removed.

Reported per request type (poll, action (the seats' actions and "next"), page (the full pages: the
set-up form, a table's page, after a redirect or an ``HX-Refresh``), join (the join POST), open/start
(the set-up POST and the host's start)): count, p50, p90, p99, max, and the errors: any status but
the expected ones (200 or 204 for a poll, 200 for an action, 303 for a form, 200 for a page), a broken
connection, or an exception in a client's thread. A 409 (another person wrote first: the page's
version or ``rev`` is stale) is the race the compare-and-swap is for: it is counted apart, not as an
error, and the page it returns is used as the new one (a join or a start is then sent again). Also
the share of polls answered 204, the load average, the CPU the client processes used (a run in which
they took much of the 2 shared cores can be recognised) and the app servers' CPU per request. The
aim: no errors, p99 under 100 ms for every type. (The first tables opened on each worker pay
SQLAlchemy's first-use costs, the mappers' configuration and the first compilation of each statement,
about 0.1 to 0.3 s: the warm-up writes nothing; in a short run they show in open/start's p90 and p99.)

Usage: ``.venv/bin/python bench/people_load.py [--setup sqlite|postgresql|two-servers] [--tables 20]
[--seconds 180] [--level random|beginner] [--think 3] [--json]``; a quick check: ``--seconds 20 --tables 4``
(a 20 s run ends no match: ``--seconds 120 --tables 2 --think 0.5`` plays a few to the end, and opens new tables).
Exits 1 if any request failed. PostgreSQL set-ups need Debian's postgresql and psycopg (``test`` extra).
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import html as htmllib
import json
import multiprocessing
import os
import queue
import random
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import live_load  # noqa: E402
from bench.class_load import server_cpu  # noqa: E402
from bench.live_load import BIN, Browser, postmaster_pid, quantile, start_gunicorn, stop_servers  # noqa: E402
from tools.pgserver import PostgresServer  # noqa: E402

SECRET_KEY = "people-load-bench-secret"
TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')
VERSION = re.compile(r'name="version" value="(\d+)"')
REV = re.compile(r'name="rev" value="(\d+)"')
ACTION = re.compile(r'name="action" value="([^"]+)"')
FREE_SEAT = re.compile(r'name="seat" value="(\d+)"')
POLL = re.compile(r'class="(?:people-poll|play-page people-page)" hx-get="([^"]+)" hx-trigger="every ([\d.]+)(m?s)"')
KINDS = ("poll", "action", "page", "join", "open/start")
"""The request types reported, in this order."""
NICKS = ("Ana", "Beto", "Caro", "Dani")
LOBBY_WAIT = 20.0
SETUP = {"players": "4", "preset": "argentino", "flor": "off", "target": "15"}


# --- Recording -----------------------------------------------------------------------------------


@dataclass
class Log(live_load.Log):
    """What one client process saw (its threads share it under ``lock``): ``live_load``'s, with this
    bench's request types and the matches played to the end."""

    times: dict[str, list[float]] = field(default_factory=lambda: {k: [] for k in (*KINDS, "client")})
    matches: int = 0

    def plain(self) -> dict[str, Any]:
        return {**super().plain(), "matches": self.matches}


def race() -> bool:
    """Every 409 of this feature is a stale ``version`` or ``rev``: someone else wrote first."""
    return True


# --- A page as the browser holds it ----------------------------------------------------------------


@dataclass
class Page:
    """What a person's page offers: its poll (URL, seconds), the table's version, the buttons."""

    html: str
    poll: str | None
    every: float
    version: str | None
    actions: list[str]

    @classmethod
    def read(cls, html: str) -> Page:
        poll = POLL.search(html)
        every = float(poll.group(2)) / (1000 if poll and poll.group(3) == "ms" else 1) if poll else 2.0
        version = VERSION.search(html)
        return cls(
            html,
            htmllib.unescape(poll.group(1)) if poll else None,
            every,
            version.group(1) if version else None,
            ACTION.findall(html),
        )

    @property
    def match_over(self) -> bool:
        return 'class="match-result"' in self.html and "next" not in self.actions

    def choose(self, rng: random.Random) -> str:
        """One of the legal actions shown, at random (the deck ten times less often than another)."""
        weights = [0.1 if action == "mazo" else 1.0 for action in self.actions]
        return rng.choices(self.actions, weights)[0]


# --- A table: its host and three friends ------------------------------------------------------------


class Group:
    """Four friends behind one address: the host opens tables one after another, the others join."""

    def __init__(self, number: int, args, servers: list[tuple[str, int]], log: Log, stop: list[float]) -> None:
        self.number, self.args, self.servers, self.log, self.stop = number, args, servers, log, stop
        self.address = f"127.0.1.{number + 1}"
        self.current: tuple[int, str] | None = None
        """(the match's number, the table's code) the host opened last."""
        self.changed = threading.Condition()

    def time_left(self) -> float:
        return self.stop[0] - time.monotonic() if self.stop else 1e9

    def browser(self, index: int) -> Browser:
        return Browser(self.servers[(self.number + index) % len(self.servers)], self.address, self.log)

    def page(self, person: Browser, path: str) -> str:
        return person.request("page", "GET", path, expect=(200,))[1]

    # --- The host

    def run_host(self) -> None:
        host, rng = self.browser(0), random.Random(self.number * 10)
        number = 0
        try:
            while self.time_left() > 5:
                opened = self.open_table(host)
                if opened is None:
                    time.sleep(1)
                    continue
                code, html = opened
                with self.changed:
                    self.current = (number, code)
                    self.changed.notify_all()
                table = self.start(host, code, self.lobby(host, code, html))
                if table is not None and self.play(host, code, table, rng, host=True):
                    with self.log.lock:
                        self.log.matches += 1
                    time.sleep(rng.uniform(2.0, 5.0))  # reading the result, telling the others
                number += 1
        finally:
            host.close()

    def open_table(self, host: Browser) -> tuple[str, str] | None:
        """A new table through the set-up form; its code and the lobby's HTML (None if refused)."""
        html = self.page(host, "/en/people")
        token = TOKEN.search(html)
        form = {"csrf_token": token.group(1) if token else "", "nick": NICKS[0], "level": self.args.level, **SETUP}
        status, _, location = host.request("open/start", "POST", "/en/people", form, expect=(303,))
        if status != 303:
            return None
        return location.rsplit("/", 1)[1], self.page(host, location)

    def lobby(self, host: Browser, code: str, html: str) -> str:
        """The host's lobby, polled until the four are seated (or ``LOBBY_WAIT``)."""
        until = time.monotonic() + LOBBY_WAIT
        while html.count("data-nick>") < len(NICKS) and time.monotonic() < until and self.time_left() > 0:
            page = Page.read(html)
            time.sleep(max(0.0, min(page.every, self.time_left())))
            html, _ = self.poll(host, code, page)
        return html

    def start(self, host: Browser, code: str, html: str) -> str | None:
        """The host's start (sent again after a 409: someone joined meanwhile); the table's page."""
        for _attempt in range(3):
            token, rev = TOKEN.search(html), REV.search(html)
            form = {"csrf_token": token.group(1) if token else "", "rev": rev.group(1) if rev else "", "do": "start"}
            path = f"/en/people/{code}/host"
            status, body, location = host.request("open/start", "POST", path, form, expect=(303,), race=race)
            if status == 303:
                return self.page(host, location)
            if status != 409:
                return None
            html = body
        return None

    # --- A friend

    def run_friend(self, index: int) -> None:
        friend, rng = self.browser(index), random.Random(self.number * 10 + index)
        seen = -1
        try:
            while self.time_left() > 0:
                with self.changed:
                    self.changed.wait_for(functools.partial(self.newer, seen), timeout=self.time_left())
                    current = self.current
                if current is None or current[0] <= seen:
                    return
                seen, code = current
                time.sleep(rng.uniform(1.0, 4.0))  # typing the code
                html = self.join(friend, code, NICKS[index], rng)
                if html is not None:
                    self.play(friend, code, html, rng, host=False)
        finally:
            friend.close()

    def newer(self, seen: int) -> bool:
        """True once the host has opened a table after match ``seen``."""
        return self.current is not None and self.current[0] > seen

    def join(self, friend: Browser, code: str, nick: str, rng: random.Random) -> str | None:
        """The table's page, the join form's post (again after a 409), the lobby; its HTML (None if refused)."""
        html = self.page(friend, f"/en/people/{code}")
        for _attempt in range(3):
            token, seats = TOKEN.search(html), FREE_SEAT.findall(html)
            form = {"csrf_token": token.group(1) if token else "", "nick": nick}
            if seats:
                form["seat"] = rng.choice(seats)
            status, body, location = friend.request(
                "join", "POST", f"/en/people/{code}/join", form, expect=(303,), race=race
            )
            if status == 303:
                return self.page(friend, location)
            if status != 409:
                return None
            html = body
        return None

    # --- Everyone at the table

    def poll(self, person: Browser, code: str, page: Page) -> tuple[str, bool]:
        """The page's poll: the page's HTML after it, and whether it changed."""
        if page.poll is None or self.time_left() <= 0:
            return page.html, False
        status, body, _ = person.request("poll", "GET", page.poll, expect=(200, 204), htmx="poll")
        if status != 200:
            return page.html, False
        if person.headers is not None and person.headers.get("HX-Refresh") == "true":
            return self.page(person, f"/en/people/{code}"), True
        return body, True

    def play(self, person: Browser, code: str, html: str, rng: random.Random, *, host: bool) -> bool:
        """Poll, and act on this seat's turns and at a hand's end, until the match is over (True) or the time."""
        plan: tuple[float, str, str | None] | None = None
        """(when, action, for which version) of the button to press."""
        next_poll = time.monotonic() + Page.read(html).every
        while self.time_left() > 0:
            page = Page.read(html)
            if page.match_over:
                return True
            if plan is None or plan[2] != page.version:
                plan = self.decide(page, rng, host)
            if plan is not None and plan[0] <= time.monotonic():
                html, plan = self.act(person, code, page, plan[1]), None
                next_poll = time.monotonic() + page.every
                continue
            if page.poll is None:
                return False  # no poll on the page: nothing more to see (counted as the page's error)
            if time.monotonic() >= next_poll:
                sent = time.monotonic()
                html, changed = self.poll(person, code, page)
                next_poll = (time.monotonic() if changed else sent) + page.every
                continue
            wake = min(next_poll, plan[0]) if plan is not None else next_poll
            time.sleep(max(0.0, min(wake - time.monotonic(), self.time_left())))
        return False

    def decide(self, page: Page, rng: random.Random, host: bool) -> tuple[float, str, str | None] | None:
        """When and which button this person presses on ``page`` (None: no button, or not theirs to press)."""
        if not page.actions:
            return None
        if page.actions == ["next"]:
            wait = rng.uniform(0.5, self.args.think) if host else rng.uniform(5.0, 8.0)
            return time.monotonic() + wait, "next", page.version
        return time.monotonic() + rng.uniform(0.5, self.args.think), page.choose(rng), page.version

    def act(self, person: Browser, code: str, page: Page, action: str) -> str:
        """A button of the table's form as htmx posts it; the block it returns (a 409's too) is the new page."""
        token = TOKEN.search(page.html)
        form = {"csrf_token": token.group(1) if token else "", "version": page.version or "", "action": action}
        status, body, _ = person.request(
            "action", "POST", f"/en/people/{code}/act", form, expect=(200,), htmx="poll", race=race
        )
        if status in (200, 409):
            return body
        return self.page(person, f"/en/people/{code}")  # an error (counted): the person reloads the page


# --- Client processes ----------------------------------------------------------------------------------


def guarded(log: Log, target, *args) -> None:
    """Run a person's thread; an exception in the client is an error too (the thread stops)."""
    try:
        target(*args)
    except Exception as error:  # noqa: BLE001 - counted and shown, never hidden
        log.record("client", 0.0, 0, False, False, f"client exception: {type(error).__name__}: {error}")


def client_process(tables: list[int], args, servers, barrier, results) -> None:
    """One client process: waits for the others, then runs a thread per person of its tables."""
    log = Log()
    stop: list[float] = []
    groups = [Group(number, args, servers, log, stop) for number in tables]
    barrier.wait()
    cpu_before = resource.getrusage(resource.RUSAGE_SELF)
    stop.append(time.monotonic() + args.seconds)
    threads = []
    for group in groups:
        threads.append(threading.Thread(target=guarded, args=(log, group.run_host), daemon=True))
        threads.extend(
            threading.Thread(target=guarded, args=(log, group.run_friend, i), daemon=True) for i in range(1, len(NICKS))
        )
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=max(1.0, stop[0] - time.monotonic() + 60))
    cpu_after = resource.getrusage(resource.RUSAGE_SELF)
    cpu = (cpu_after.ru_utime - cpu_before.ru_utime) + (cpu_after.ru_stime - cpu_before.ru_stime)
    results.put({"log": log.plain(), "cpu": cpu})


# --- Figures ------------------------------------------------------------------------------------------


def figures(logs: list[dict], args, wall: float, client_cpu: float, extra: dict) -> dict[str, Any]:
    times: dict[str, list[float]] = {kind: [] for kind in (*KINDS, "client")}
    statuses: Counter = Counter()
    errors: Counter = Counter()
    races: Counter = Counter()
    samples: list[str] = []
    for log in logs:
        for kind, values in log["times"].items():
            times[kind].extend(values)
        for target, key in ((statuses, "statuses"), (errors, "errors"), (races, "races")):
            for kind, status, n in log[key]:
                target[(kind, status)] += n
        samples.extend(log["samples"])
    rows = {}
    for kind in KINDS:
        ordered = sorted(times[kind])
        row: dict[str, Any] = {"count": len(ordered)}
        if ordered:
            row.update(
                p50=quantile(ordered, 0.5),
                p90=quantile(ordered, 0.9),
                p99=quantile(ordered, 0.99),
                max=ordered[-1] * 1000,
            )
        row["errors"] = {str(s): n for (k, s), n in errors.items() if k == kind}
        row["races"] = {str(s): n for (k, s), n in races.items() if k == kind}
        row["statuses"] = {str(s): n for (k, s), n in sorted(statuses.items()) if k == kind}
        if kind == "poll" and ordered:
            row["share_204"] = statuses[(kind, 204)] / len(ordered)
        rows[kind] = row
    requests = sum(len(times[kind]) for kind in KINDS)
    cores = os.cpu_count() or 1
    return {
        "setup": args.setup,
        "tables": args.tables,
        "seconds": args.seconds,
        "level": args.level,
        "think": args.think,
        "clients": args.clients,
        "matches_finished": sum(log["matches"] for log in logs),
        "requests": rows,
        "errors": sum(errors.values()),
        "races": sum(races.values()),
        "error_samples": samples[:20],
        "requests_per_second": requests / wall,
        "server_cpu_ms_per_request": 1000 * extra["server_cpu_cores"] * wall / max(1, requests),
        "client_cpu_cores": client_cpu / wall,
        "client_cpu_share": client_cpu / wall / cores,
        "cores": cores,
        **extra,
    }


def print_figures(result: dict[str, Any]) -> None:
    print(
        f"people_load: {result['setup']}, {result['tables']} tables x 4 people (to 15, computer level "
        f"{result['level']}), {result['seconds']:g} s, {result['clients']} client processes, "
        f"{result['matches_finished']} matches finished"
    )
    print(f"  {'request':<12}{'count':>7}{'p50':>8}{'p90':>8}{'p99':>8}{'max':>8}  errors, races, 204s")
    for kind, row in result["requests"].items():
        if not row["count"]:
            print(f"  {kind:<12}{0:>7}")
            continue
        notes = [f"errors {sum(row['errors'].values())}" + (f" {row['errors']}" if row["errors"] else "")]
        if row["races"]:
            notes.append(f"409 races (not errors) {sum(row['races'].values())}")
        if "share_204" in row:
            notes.append(f"204 {100 * row['share_204']:.0f} %")
        print(
            f"  {kind:<12}{row['count']:>7}{row['p50']:>8.1f}{row['p90']:>8.1f}{row['p99']:>8.1f}{row['max']:>8.1f}"
            f"  {'; '.join(notes)}"
        )
    print(
        f"  (times in ms) {result['requests_per_second']:.0f} requests/s, errors {result['errors']}, "
        f"races {result['races']}"
    )
    for sample in result["error_samples"][:10]:
        print(f"    e.g. {sample}")
    print(
        f"  CPU: client processes {result['client_cpu_cores']:.2f} cores "
        f"({100 * result['client_cpu_share']:.0f} % of the machine's {result['cores']}), "
        f"app servers {result['server_cpu_cores']:.2f} cores ({result['server_cpu_ms_per_request']:.1f} ms a request)"
        + (
            f", PostgreSQL {result['database_cpu_cores']:.2f} cores"
            if result.get("database_cpu_cores") is not None
            else ""
        )
    )
    load = result["load_average"]
    print(
        f"  load average (1 min): before {load['before']:.2f}, highest during {load['max']:.2f}, after {load['after']:.2f}"
    )
    slow = [kind for kind, row in result["requests"].items() if row["count"] and row["p99"] >= 100]
    aim = not result["errors"] and not slow
    print(
        "  aim met: no errors, p99 under 100 ms"
        if aim
        else f"  aim NOT met (p99 >= 100 ms: {', '.join(slow) or 'none'})"
    )


# --- Main ---------------------------------------------------------------------------------------------


def run_clients(args, servers, server_pids: list[int], db_pid: int | None) -> dict[str, Any]:
    context = multiprocessing.get_context("fork")
    args.clients = max(1, min(args.clients, args.tables))
    barrier = context.Barrier(args.clients + 1)
    results = context.Queue()
    processes = [
        context.Process(
            target=client_process,
            args=(list(range(n, args.tables, args.clients)), args, servers, barrier, results),
            daemon=True,
        )
        for n in range(args.clients)
    ]
    for process in processes:
        process.start()
    barrier.wait(timeout=300)
    started = time.monotonic()
    load_before = os.getloadavg()[0]
    server_before = sum(server_cpu(pid) for pid in server_pids)
    db_before = server_cpu(db_pid) if db_pid else None
    load_max = load_before
    collected: list[dict] = []
    deadline = started + args.seconds + 120
    while len(collected) < len(processes) and time.monotonic() < deadline:
        with contextlib.suppress(queue.Empty):  # keep sampling the load
            collected.append(results.get(timeout=5))
        if time.monotonic() - started <= args.seconds:
            load_max = max(load_max, os.getloadavg()[0])
    wall = time.monotonic() - started
    server_used = sum(server_cpu(pid) for pid in server_pids) - server_before
    db_used = server_cpu(db_pid) - db_before if db_pid and db_before is not None else None
    for process in processes:
        process.join(timeout=10)
        if process.is_alive():
            process.kill()
    if len(collected) < len(processes):
        raise RuntimeError("a client process did not report")
    seconds = min(wall, args.seconds)
    extra = {
        "server_cpu_cores": server_used / seconds,
        "database_cpu_cores": db_used / seconds if db_used is not None else None,
        "load_average": {"before": load_before, "max": load_max, "after": os.getloadavg()[0]},
    }
    return figures([c["log"] for c in collected], args, seconds, sum(c["cpu"] for c in collected), extra)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--setup", choices=("sqlite", "postgresql", "two-servers"), default="sqlite")
    parser.add_argument("--tables", type=int, default=20, help="tables of four people at once")
    parser.add_argument("--seconds", type=float, default=180)
    parser.add_argument("--level", choices=("random", "beginner"), default="random", help="for an empty seat")
    parser.add_argument("--think", type=float, default=3.0, help="the longest think time, s (from 0.5)")
    parser.add_argument("--clients", type=int, default=3, help="client processes")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    if not 1 <= args.tables <= 250 or args.think < 0.5:
        parser.error("--tables: 1 to 250 (one loopback address each); --think: at least 0.5")
    work = Path(tempfile.mkdtemp(prefix="people-load-"))
    servers: list[subprocess.Popen] = []
    try:
        with ExitStack() as stack:
            env = {**os.environ, "SECRET_KEY": SECRET_KEY, "DB_AUTO_UPGRADE": "0", "PYTHONPATH": str(ROOT)}
            db_pid = None
            if args.setup == "sqlite":
                env["DATABASE_URL"] = f"sqlite:///{work / 'tutor.sqlite3'}"
            else:
                database = stack.enter_context(PostgresServer())
                database.create_database("tutor")
                env["DATABASE_URL"] = database.url("tutor", driver="postgresql")
                db_pid = postmaster_pid(database)
            subprocess.run(
                [str(BIN / "flask"), "--app", "tutor", "db", "upgrade"],
                env=env,
                cwd=work,
                check=True,
                capture_output=True,
            )
            addresses = []
            try:
                for number in range(2 if args.setup == "two-servers" else 1):
                    process, address = start_gunicorn(env, work, number)
                    servers.append(process)
                    addresses.append(address)
                result = run_clients(args, addresses, [p.pid for p in servers], db_pid)
            finally:
                stop_servers(servers)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print_figures(result)
    return 1 if result["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
