"""What the load benches share (``bench/live_load.py``, ``bench/people_load.py``): the set-ups of the
servers, the clients' browsers and log, the client processes, and the figures and their report.

A bench describes its own people (threads that poll and post as htmx does in a browser) and its
request types; this module starts ``gunicorn -w 2`` on a migrated database in one of three set-ups
(``sqlite``, ``postgresql``, ``two-servers``: two gunicorns on one PostgreSQL database), runs the
clients in ``--clients`` processes that start together, measures the CPU the servers, the database
and the clients used and the load average while they ran, and turns the clients' logs into a row per
request type (count, p50, p90, p99, max, errors, races, statuses, the share of polls answered 204).

Where a request's time went: every request carries an ``X-Bench-Id`` header, and each gunicorn
writes an access log of that id and the time it spent on the request (``%(M)s``: from the moment a
worker's thread read the request to the response sent). :func:`server_times` reads those logs, so a
row also gives the p99 of the servers' own time: a client p99 far above it is time spent waiting for
a thread, a worker or the CPU, not working. ``settle`` gives a second set of rows without the
requests sent in the first seconds, while the people are still arriving.
"""

from __future__ import annotations

import contextlib
import http.client
import itertools
import multiprocessing
import os
import queue
import resource
import shutil
import signal
import subprocess
import tempfile
import threading
import time
import urllib.parse
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.class_load import server_cpu
from bench.two_servers import free_port, wait_for
from tools.pgserver import PostgresServer

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(os.environ.get("BIN", ROOT / ".venv" / "bin"))
SETUPS = ("sqlite", "postgresql", "two-servers")
AIM_MS = 100
"""The aim of every request type's p99, in milliseconds."""


# --- Recording -----------------------------------------------------------------------------------


@dataclass
class Log:
    """What one client process saw (its threads share it under ``lock``)."""

    times: dict[str, list[float]] = field(default_factory=dict)
    sent: dict[str, list[float]] = field(default_factory=dict)
    """When each request of ``times`` was sent (the wall clock, shared by the processes)."""
    tags: dict[str, list[str]] = field(default_factory=dict)
    """Each request's ``X-Bench-Id``, to find it in the servers' access logs."""
    statuses: Counter = field(default_factory=Counter)
    errors: Counter = field(default_factory=Counter)
    races: Counter = field(default_factory=Counter)
    samples: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def record(
        self, kind: str, seconds: float, status: int, ok: bool, race: bool, what: str, sent: float = 0.0, tag: str = ""
    ) -> None:
        with self.lock:
            self.times.setdefault(kind, []).append(seconds)
            self.sent.setdefault(kind, []).append(sent)
            self.tags.setdefault(kind, []).append(tag)
            self.statuses[(kind, status)] += 1
            if race:
                self.races[(kind, status)] += 1
            elif not ok:
                self.errors[(kind, status)] += 1
                if len(self.samples) < 20:
                    self.samples.append(what)

    def plain(self) -> dict[str, Any]:
        """The log as plain data, to cross from a client process to the parent."""
        return {
            "times": self.times,
            "sent": self.sent,
            "tags": self.tags,
            "statuses": [[k, s, n] for (k, s), n in self.statuses.items()],
            "errors": [[k, s, n] for (k, s), n in self.errors.items()],
            "races": [[k, s, n] for (k, s), n in self.races.items()],
            "samples": self.samples,
        }


def guarded(log: Log, target: Callable[..., object], *args: object) -> None:
    """Run a person's thread; an exception in the client is an error too (the thread stops)."""
    try:
        target(*args)
    except Exception as error:  # noqa: BLE001 - counted and shown, never hidden
        log.record("client", 0.0, 0, False, False, f"client exception: {type(error).__name__}: {error}")


_TAGS = itertools.count()
"""The requests of this process, numbered (with the process id: a request's ``X-Bench-Id``)."""


class Browser:
    """One browser: its cookies and one keep-alive connection to its server, from its own address."""

    def __init__(self, server: tuple[str, int], source: str, log: Log) -> None:
        self.server, self.source, self.log = server, source, log
        self.conn: http.client.HTTPConnection | None = None
        self.cookies: dict[str, str] = {}
        self.headers: http.client.HTTPMessage | None = None
        """The last response's headers (``HX-Refresh``)."""

    def _connection(self) -> http.client.HTTPConnection:
        if self.conn is None:
            self.conn = http.client.HTTPConnection(*self.server, timeout=30, source_address=(self.source, 0))
        return self.conn

    def _send(self, method: str, path: str, body: str | None, headers: dict[str, str]) -> tuple[int, str, str]:
        for attempt in range(2):
            reused = self.conn is not None
            try:
                conn = self._connection()
                conn.request(method, path, body=body, headers=headers)
                response = conn.getresponse()
                text = response.read().decode()
            except (http.client.HTTPException, OSError) as error:
                if self.conn is not None:
                    self.conn.close()
                self.conn = None
                if attempt or not reused:  # a fresh connection that fails is an error, not a closed keep-alive
                    return 0, f"{type(error).__name__}: {error}", ""
                continue
            self.headers = response.msg
            for cookie in response.msg.get_all("Set-Cookie") or []:
                name, _eq, rest = cookie.partition("=")
                self.cookies[name.strip()] = rest.split(";", 1)[0]
            return response.status, text, urllib.parse.urlsplit(response.getheader("Location", "")).path
        raise AssertionError("unreachable")

    def request(
        self,
        kind: str,
        method: str,
        path: str,
        form: dict[str, Any] | None = None,
        *,
        expect: tuple[int, ...],
        htmx: str = "",
        race: Callable[[], bool] | None = None,
    ) -> tuple[int, str, str]:
        """Send one request and record it; ``htmx``: "poll" or "boost" (the headers htmx sends);
        ``race``: called on a 409, True if a race explains it. (status, body, redirect path)."""
        headers = {}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if htmx:
            headers["HX-Request"] = "true"
        if htmx == "boost":
            headers["HX-Boosted"] = "true"
        body = None
        if form is not None:
            body = urllib.parse.urlencode(form, doseq=True)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["X-CSRFToken"] = str(form.get("csrf_token", ""))
        tag = headers["X-Bench-Id"] = f"{os.getpid()}-{next(_TAGS)}"
        sent = time.time()
        began = time.perf_counter()
        status, text, location = self._send(method, path, body, headers)
        elapsed = time.perf_counter() - began
        explained = status == 409 and race is not None and race()
        self.log.record(kind, elapsed, status, status in expect, explained, f"{method} {path} -> {status}", sent, tag)
        return status, text, location

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()


def run_threads(
    log: Log, stop: list[float], seconds: float, targets: Sequence[tuple[Callable[..., object], tuple]]
) -> float:
    """Start a thread per ``(target, args)`` when the measured time begins (``stop`` gets its end),
    wait for them, and return the CPU seconds this process used meanwhile."""
    before = resource.getrusage(resource.RUSAGE_SELF)
    stop.append(time.monotonic() + seconds)
    threads = [threading.Thread(target=guarded, args=(log, target, *args), daemon=True) for target, args in targets]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=max(1.0, stop[0] - time.monotonic() + 60))
    after = resource.getrusage(resource.RUSAGE_SELF)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


# --- Servers ------------------------------------------------------------------------------------------


ACCESS_FORMAT = "%({x-bench-id}i)s %(M)s"
"""The access log's line: the request's ``X-Bench-Id`` and the milliseconds the server spent on it."""


def start_gunicorn(env: dict[str, str], work: Path, number: int) -> tuple[subprocess.Popen, tuple[str, int]]:
    port = free_port()
    log = work / f"gunicorn-{number}.log"
    access = ["--access-logfile", str(work / f"access-{number}.log"), "--access-logformat", ACCESS_FORMAT]
    process = subprocess.Popen(
        [str(BIN / "gunicorn"), "-c", str(ROOT / "gunicorn.conf.py"), "-w", "2", "-b", f"127.0.0.1:{port}"]
        + access
        + ["tutor:create_app()"],
        env=env,
        cwd=work,
        stdout=log.open("w"),
        stderr=subprocess.STDOUT,
    )
    wait_for(f"http://127.0.0.1:{port}/healthz", process, log, seconds=120)
    return process, ("127.0.0.1", port)


def stop_servers(processes: list[subprocess.Popen]) -> None:
    for process in processes:
        process.send_signal(signal.SIGTERM)
    for process in processes:
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def postmaster_pid(database: PostgresServer) -> int | None:
    try:
        return int((database.data / "postmaster.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None


@dataclass
class Servers:
    """The app servers of a run: their addresses and processes, and the database server's process."""

    addresses: list[tuple[str, int]]
    pids: list[int]
    database_pid: int | None
    work: Path | None = None
    """The temporary folder (the access logs), until the servers stop."""


def server_times(servers: Servers) -> dict[str, float]:
    """Each request's time in a server, in seconds, by its ``X-Bench-Id`` (read before the servers stop)."""
    found: dict[str, float] = {}
    for path in sorted(servers.work.glob("access-*.log")) if servers.work else ():
        for line in path.read_text(errors="replace").splitlines():
            parts = line.split()
            if len(parts) == 2 and parts[0] != "-" and parts[1].isdigit():
                found[parts[0]] = int(parts[1]) / 1000
    return found


@contextlib.contextmanager
def served(setup: str, secret_key: str, prefix: str) -> Iterator[Servers]:
    """A migrated database and one gunicorn (two for ``two-servers``) in a temporary folder, removed after."""
    work = Path(tempfile.mkdtemp(prefix=prefix))
    processes: list[subprocess.Popen] = []
    try:
        with ExitStack() as stack:
            env = {**os.environ, "SECRET_KEY": secret_key, "DB_AUTO_UPGRADE": "0", "PYTHONPATH": str(ROOT)}
            database_pid = None
            if setup == "sqlite":
                env["DATABASE_URL"] = f"sqlite:///{work / 'tutor.sqlite3'}"
            else:
                database = stack.enter_context(PostgresServer())
                database.create_database("tutor")
                env["DATABASE_URL"] = database.url("tutor", driver="postgresql")
                database_pid = postmaster_pid(database)
            subprocess.run(
                [str(BIN / "flask"), "--app", "tutor", "db", "upgrade"],
                env=env,
                cwd=work,
                check=True,
                capture_output=True,
            )
            addresses = []
            try:
                for number in range(2 if setup == "two-servers" else 1):
                    process, address = start_gunicorn(env, work, number)
                    processes.append(process)
                    addresses.append(address)
                yield Servers(addresses, [p.pid for p in processes], database_pid, work)
            finally:
                stop_servers(processes)
    finally:
        shutil.rmtree(work, ignore_errors=True)


# --- Client processes ---------------------------------------------------------------------------------


@dataclass
class Measured:
    """What the client processes reported, and what the servers and the machine did meanwhile."""

    logs: list[dict]
    seconds: float
    client_cpu: float
    extra: dict[str, Any]


def run_clients(client_process: Callable[..., None], units: int, args: Any, servers: Servers) -> Measured:
    """Run ``args.clients`` processes of ``client_process(my_units, args, addresses, barrier, results)``,
    the units (sessions, tables) dealt out in turn; each waits at the barrier once ready, and puts
    ``{"log": ..., "cpu": ...}`` (or ``{"problem": ...}``) on ``results``."""
    context = multiprocessing.get_context("fork")
    args.clients = max(1, min(args.clients, units))
    barrier = context.Barrier(args.clients + 1)
    results = context.Queue()
    processes = [
        context.Process(
            target=client_process,
            args=(list(range(n, units, args.clients)), args, servers.addresses, barrier, results),
            daemon=True,
        )
        for n in range(args.clients)
    ]
    for process in processes:
        process.start()
    barrier.wait(timeout=300)
    started = time.monotonic()
    load_before = os.getloadavg()[0]
    server_before = sum(server_cpu(pid) for pid in servers.pids)
    db_pid = servers.database_pid
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
    server_used = sum(server_cpu(pid) for pid in servers.pids) - server_before
    db_used = server_cpu(db_pid) - db_before if db_pid and db_before is not None else None
    for process in processes:
        process.join(timeout=10)
        if process.is_alive():
            process.kill()
    problems = [c["problem"] for c in collected if "problem" in c]
    if problems or len(collected) < len(processes):
        raise RuntimeError("; ".join(problems) or "a client process did not report")
    seconds = min(wall, args.seconds)
    extra = {
        "server_cpu_cores": server_used / seconds,
        "database_cpu_cores": db_used / seconds if db_used is not None else None,
        "load_average": {"before": load_before, "max": load_max, "after": os.getloadavg()[0]},
    }
    return Measured([c["log"] for c in collected], seconds, sum(c["cpu"] for c in collected), extra)


# --- Figures ------------------------------------------------------------------------------------------


def quantile(ordered: list[float], q: float) -> float:
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def timing_row(ordered: list[float], server: list[float]) -> dict[str, Any]:
    """count, p50, p90, p99 and max of the clients' times (sorted, in s), and the servers' own p50 and p99."""
    row: dict[str, Any] = {"count": len(ordered)}
    if ordered:
        row.update(
            p50=quantile(ordered, 0.5),
            p90=quantile(ordered, 0.9),
            p99=quantile(ordered, 0.99),
            max=ordered[-1] * 1000,
        )
    if server:
        server = sorted(server)
        row.update(server_p50=quantile(server, 0.5), server_p99=quantile(server, 0.99))
    return row


def settled_rows(
    measured: Measured, kinds: Sequence[str], server: dict[str, float], settle: float
) -> dict[str, dict[str, Any]]:
    """The rows of the requests sent ``settle`` seconds or more after the first request of the run."""
    starts = [t for log in measured.logs for values in log["sent"].values() for t in values]
    begin = min(starts, default=0.0) + settle
    rows = {}
    for kind in kinds:
        picked = [
            (seconds, server.get(tag))
            for log in measured.logs
            for seconds, sent, tag in zip(
                log["times"].get(kind, []), log["sent"].get(kind, []), log["tags"].get(kind, []), strict=True
            )
            if sent >= begin
        ]
        rows[kind] = timing_row(sorted(p[0] for p in picked), [p[1] for p in picked if p[1] is not None])
    return rows


def figures(
    measured: Measured,
    kinds: Sequence[str],
    polls: Sequence[str],
    server: dict[str, float] | None = None,
    settle: float = 0.0,
    **about: Any,
) -> dict[str, Any]:
    """The figures of a run: a row per request type of ``kinds`` (``polls`` also get their share of
    204s; with ``server``, the servers' own times by ``X-Bench-Id``, each row their p50 and p99), the
    totals, the CPU and the load; with ``settle``, the rows again without the first ``settle``
    seconds (``settled``); ``about`` describes the run (set-up, sizes)."""
    server = server or {}
    times: dict[str, list[float]] = {kind: [] for kind in kinds}
    own: dict[str, list[float]] = {kind: [] for kind in kinds}
    statuses: Counter = Counter()
    errors: Counter = Counter()
    races: Counter = Counter()
    samples: list[str] = []
    for log in measured.logs:
        for kind, values in log["times"].items():
            times.setdefault(kind, []).extend(values)
            own.setdefault(kind, []).extend(server[t] for t in log["tags"].get(kind, []) if t in server)
        for target, key in ((statuses, "statuses"), (errors, "errors"), (races, "races")):
            for kind, status, n in log[key]:
                target[(kind, status)] += n
        samples.extend(log["samples"])
    rows = {}
    for kind in kinds:
        ordered = sorted(times[kind])
        row = timing_row(ordered, own[kind])
        row["errors"] = {str(s): n for (k, s), n in errors.items() if k == kind}
        row["races"] = {str(s): n for (k, s), n in races.items() if k == kind}
        row["statuses"] = {str(s): n for (k, s), n in sorted(statuses.items()) if k == kind}
        if kind in polls and ordered:
            row["share_204"] = statuses[(kind, 204)] / len(ordered)
        rows[kind] = row
    requests = sum(len(times[kind]) for kind in kinds)
    wall = measured.seconds
    cores = os.cpu_count() or 1
    return {
        **about,
        "requests": rows,
        "errors": sum(errors.values()),
        "races": sum(races.values()),
        "error_samples": samples[:20],
        "requests_per_second": requests / wall,
        "server_cpu_ms_per_request": 1000 * measured.extra["server_cpu_cores"] * wall / max(1, requests),
        "client_cpu_cores": measured.client_cpu / wall,
        "client_cpu_share": measured.client_cpu / wall / cores,
        "cores": cores,
        **measured.extra,
        **({"settle": settle, "settled": settled_rows(measured, kinds, server, settle)} if settle else {}),
    }


def _timing_line(kind: str, row: dict[str, Any], width: int) -> str:
    server = f"{row['server_p99']:>9.1f}" if "server_p99" in row else f"{'-':>9}"
    return (
        f"  {kind:<{width}}{row['count']:>7}{row['p50']:>8.1f}{row['p90']:>8.1f}{row['p99']:>8.1f}"
        f"{row['max']:>8.1f}{server}"
    )


def print_figures(result: dict[str, Any], heading: str, race_note: str) -> None:
    """The report: ``heading``, a line per request type, the errors, the CPU, the load and the aim."""
    print(heading)
    width = max(len(kind) for kind in result["requests"]) + 2
    head = f"  {'request':<{width}}{'count':>7}{'p50':>8}{'p90':>8}{'p99':>8}{'max':>8}{'srv p99':>9}"
    print(f"{head}  errors, races, 204s")
    for kind, row in result["requests"].items():
        if not row["count"]:
            print(f"  {kind:<{width}}{0:>7}")
            continue
        notes = [f"errors {sum(row['errors'].values())}" + (f" {row['errors']}" if row["errors"] else "")]
        if row["races"]:
            notes.append(f"{race_note} {sum(row['races'].values())}")
        if "share_204" in row:
            notes.append(f"204 {100 * row['share_204']:.0f} %")
        print(f"{_timing_line(kind, row, width)}  {'; '.join(notes)}")
    if result.get("settled"):
        print(f"  without the first {result['settle']:g} s (people still arriving):")
        for kind, row in result["settled"].items():
            print(_timing_line(kind, row, width) if row["count"] else f"  {kind:<{width}}{0:>7}")
    print(
        f"  (times in ms) {result['requests_per_second']:.0f} requests/s, errors {result['errors']}, "
        f"races {result['races']}"
    )
    for sample in result["error_samples"][:10]:
        print(f"    e.g. {sample}")
    database = result.get("database_cpu_cores")
    print(
        f"  CPU: client processes {result['client_cpu_cores']:.2f} cores "
        f"({100 * result['client_cpu_share']:.0f} % of the machine's {result['cores']}), "
        f"app servers {result['server_cpu_cores']:.2f} cores ({result['server_cpu_ms_per_request']:.1f} ms a request)"
        + (f", PostgreSQL {database:.2f} cores" if database is not None else "")
    )
    load = result["load_average"]
    print(
        f"  load average (1 min): before {load['before']:.2f}, highest during {load['max']:.2f}, after {load['after']:.2f}"
    )
    print("  (srv p99: the p99 of the servers' own time on the request; the rest is waiting)")
    slow = [kind for kind, row in result["requests"].items() if row["count"] and row["p99"] >= AIM_MS]
    print(
        f"  aim met: no errors, p99 under {AIM_MS} ms"
        if not result["errors"] and not slow
        else f"  aim NOT met (errors {result['errors']}; p99 >= {AIM_MS} ms: {', '.join(slow) or 'none'})"
    )
