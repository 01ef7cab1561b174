"""Requests keep succeeding while gunicorn reloads (``kill -HUP`` on the master).

Starts ``gunicorn -w 2`` on a loopback port (a migrated SQLite database in a temporary folder),
lets ``--clients`` threads send requests (``/healthz``, a lesson step, the deck) for
``--seconds`` seconds, and sends ``SIGHUP`` to the master ``--reloads`` times during the run: the
master keeps the listening socket, starts new workers with freshly imported code, and lets the old
ones finish their requests. Every request must get a 200.

With ``--compare-restart`` it then does the same with a stop-and-start (``SIGTERM``, then a new
gunicorn on the same port), the way a careless deployment restarts, and reports the requests that
failed there: connections waiting in the backlog are reset and new ones are refused until the new
server listens.

Each request's time is recorded: the longest request during the run is what a learner waited for
at worst across the reloads (the figure issue 24 asks about: a HUP used to stall users up to 6 s
while the new workers imported the app). By default gunicorn runs with the project's
``gunicorn.conf.py`` (gthread, ``preload_app`` and a warm-up in the master: a HUP forks warm
workers at once); ``--plain`` runs it as before (sync workers, no preload, no warm-up) to compare.

Usage: ``.venv/bin/python bench/reload.py [--clients 8] [--seconds 12] [--reloads 3] [--plain] [--compare-restart]``.
Exits 1 if a request failed during the HUP reloads.
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(os.environ.get("BIN", ROOT / ".venv" / "bin"))
PATHS = ("/healthz", "/en/lessons/deck-and-table/forty-cards", "/en/deck")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


PLAIN = False
"""``--plain``: gunicorn's defaults (sync workers, no preload) instead of ``gunicorn.conf.py``."""


def start(port: int, env: dict, work: Path) -> subprocess.Popen:
    log = (work / "gunicorn.log").open("a")
    config = ["-c", "/dev/null"] if PLAIN else ["-c", str(ROOT / "gunicorn.conf.py")]
    process = subprocess.Popen(
        [
            str(BIN / "gunicorn"),
            *config,
            "-w",
            "2",
            "-b",
            f"127.0.0.1:{port}",
            "--graceful-timeout",
            "20",
            "--log-level",
            "warning",
            "tutor:create_app()",
        ],
        env=env,
        cwd=work,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2):
                return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError((work / "gunicorn.log").read_text())


def load(
    base: str, stop: threading.Event, tally: Counter, lock: threading.Lock, failures: list[str], times: list[float]
) -> None:
    turn = 0
    while not stop.is_set():
        path = PATHS[turn % len(PATHS)]
        turn += 1
        began = time.perf_counter()
        try:
            with urllib.request.urlopen(base + path, timeout=30) as response:
                response.read()
                outcome = str(response.status)
        except urllib.error.HTTPError as error:
            outcome = str(error.code)
        except OSError as error:
            outcome = type(getattr(error, "reason", error)).__name__
        with lock:
            times.append(time.perf_counter() - began)
            tally[outcome] += 1
            if outcome != "200":
                failures.append(f"{time.strftime('%H:%M:%S')} {path}: {outcome}")


def run(base: str, clients: int, seconds: float, disturb) -> tuple[Counter, list[str]]:
    """Send requests from ``clients`` threads for ``seconds``; ``disturb(progress)`` runs alongside."""
    stop, lock = threading.Event(), threading.Lock()
    tally: Counter = Counter()
    failures: list[str] = []
    times: list[float] = []
    threads = [threading.Thread(target=load, args=(base, stop, tally, lock, failures, times)) for _ in range(clients)]
    for thread in threads:
        thread.start()
    disturb(seconds)
    stop.set()
    for thread in threads:
        thread.join()
    if times:
        times.sort()
        tally["longest_ms"] = round(times[-1] * 1000)
        tally["p99_ms"] = round(times[int(0.99 * (len(times) - 1))] * 1000)
        tally["p50_ms"] = round(times[len(times) // 2] * 1000)
    return tally, failures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=12)
    parser.add_argument("--reloads", type=int, default=3)
    parser.add_argument("--compare-restart", action="store_true")
    parser.add_argument("--plain", action="store_true", help="sync workers, no preload, no warm-up (as before)")
    args = parser.parse_args()
    global PLAIN
    PLAIN = args.plain

    work = Path(tempfile.mkdtemp(prefix="reload-bench-"))
    env = {
        **os.environ,
        "SECRET_KEY": "reload-bench",
        "DATABASE_URL": f"sqlite:///{work / 'tutor.sqlite3'}",
        "PYTHONPATH": str(ROOT),
    }
    subprocess.run(
        [str(BIN / "flask"), "--app", "tutor", "db", "upgrade"], env=env, cwd=work, check=True, capture_output=True
    )
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = start(port, env, work)
    try:

        def hup(seconds: float) -> None:
            pause = seconds / (args.reloads + 1)
            for _ in range(args.reloads):
                time.sleep(pause)
                server.send_signal(signal.SIGHUP)
            time.sleep(pause)

        # Let the workers warm up first (a plain server's first requests are cold: not the HUP's fault).
        run(base, args.clients, 3, time.sleep)
        load_before = os.getloadavg()[0]
        tally, failures = run(base, args.clients, args.seconds, hup)
        times = {key: tally.pop(key) for key in ("longest_ms", "p99_ms", "p50_ms") if key in tally}
        total = sum(tally.values())
        print(
            f"gunicorn -w 2 ({'plain: sync, no preload' if PLAIN else 'gunicorn.conf.py'}) on {base}, "
            f"{args.clients} clients for {args.seconds:.0f} s, {args.reloads} x kill -HUP <master>"
        )
        print(
            f"  request time: p50 {times.get('p50_ms')} ms, p99 {times.get('p99_ms')} ms, "
            f"longest {times.get('longest_ms')} ms; load average {load_before:.2f} before, "
            f"{os.getloadavg()[0]:.2f} after (a shared 2-core machine)"
        )
        print(f"  {total} requests ({total / args.seconds:.0f} req/s), outcomes {dict(tally)}, failed {len(failures)}")
        for failure in failures[:10]:
            print("   ", failure)
        ok = not failures and total > 0

        if args.compare_restart:
            holder = {"server": server}

            def restart(seconds: float) -> None:
                time.sleep(seconds / 2)
                holder["server"].send_signal(signal.SIGTERM)
                holder["server"].wait(timeout=30)
                holder["server"] = start(port, env, work)
                time.sleep(seconds / 2)

            tally, failures = run(base, args.clients, args.seconds, restart)
            server = holder["server"]
            times = {key: tally.pop(key) for key in ("longest_ms", "p99_ms", "p50_ms") if key in tally}
            total = sum(tally.values())
            print(f"for comparison, one stop (SIGTERM) and start on the same port during {args.seconds:.0f} s:")
            print(f"  {total} requests, outcomes {dict(tally)}, failed {len(failures)}")
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
    print("OK: every request answered 200 across the reloads" if ok else "FAILED: requests failed during HUP reloads")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
