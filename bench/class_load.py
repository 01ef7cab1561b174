"""A class of 30 playing 4-player matches against strong bots at once: the time of each move.

Starts gunicorn with the project's ``gunicorn.conf.py`` (``-w 2``; ``--plain`` for gunicorn's
defaults: sync workers, no preload, no warm-up) on a loopback port with a migrated SQLite database,
or uses a running server (``--url``). Each of ``--learners`` client threads is a pupil with its own
session behind the same address: it starts a 4-player match to 15 against strong bots, then plays
as a browser with JavaScript does (htmx: the action's POST is answered with the new table at once),
thinking ``--think`` seconds (± half, at random) between moves, asking for a hint at about one
decision in ``--hint-every``, starting a new match when one ends. The figures: p50, p90, p99 and the
longest time of the move POSTs (a move is the learner's action and the three bots' replies, and at
the end of a hand its review) and of the hint POSTs, and every status that was not 200.

The pupils all start at once (the first minute of a lesson) right after the server is up, so the
first moves also show any cold start. The client threads run on the same machine as the server
(2 shared cores): the times include waiting for the CPU the client and other work take; the load
average is printed with them.

Usage: ``.venv/bin/python bench/class_load.py [--learners 30] [--seconds 90] [--think 3] [--plain]``.
"""

from __future__ import annotations

import argparse
import http.client
import os
import random
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections import Counter
from pathlib import Path
from urllib.parse import urlencode, urlsplit

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(os.environ.get("BIN", ROOT / ".venv" / "bin"))
TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')
VERSION = re.compile(r'name="version" value="(\d+)"')
ACTION = re.compile(r'name="action" value="([^"]+)"')
HINT_FORM = re.compile(r'action="([^"]*/hint)"')


class Pupil:
    def __init__(self, host: str, port: int, seed: int) -> None:
        self.host, self.port = host, port
        self.conn = http.client.HTTPConnection(host, port, timeout=60)
        self.cookie = ""
        self.rng = random.Random(seed)
        self.path = ""
        self.token = ""

    def request(self, method: str, path: str, form: dict | None = None, htmx: bool = False):
        headers = {"Cookie": self.cookie} if self.cookie else {}
        body = None
        if form is not None:
            body = urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        if htmx:
            headers["HX-Request"] = "true"
        for attempt in range(2):
            try:
                self.conn.request(method, path, body=body, headers=headers)
                response = self.conn.getresponse()
                data = response.read().decode()
                break
            except (http.client.HTTPException, OSError):
                self.conn.close()
                self.conn = http.client.HTTPConnection(self.host, self.port, timeout=60)
                if attempt:
                    raise
        set_cookie = response.getheader("Set-Cookie")
        if set_cookie:
            self.cookie = set_cookie.split(";", 1)[0]
        return response.status, data, response

    def new_match(self) -> str:
        _, html, _ = self.request("GET", "/en/play")
        self.token = TOKEN.search(html).group(1)
        form = {"csrf_token": self.token, "players": 4, "preset": "argentino", "flor": "off", "target": 15}
        status, _, response = self.request("POST", "/en/play", {**form, "level": "strong"})
        assert status == 303, status
        self.path = urlsplit(response.getheader("Location")).path
        return self.request("GET", self.path)[1]


def pupil(index: int, args, host: str, port: int, stop: float, out: dict, lock: threading.Lock) -> None:
    me = Pupil(host, port, index)
    moves: list[float] = []
    hints: list[float] = []
    statuses: Counter = Counter()
    try:
        html = me.new_match()
        while time.monotonic() < stop:
            time.sleep(me.rng.uniform(args.think / 2, args.think * 1.5))
            actions = ACTION.findall(html)
            version = VERSION.search(html)
            if not actions or version is None:
                html = me.new_match()
                continue
            if me.rng.random() < 1 / args.hint_every and HINT_FORM.search(html) and "next" not in actions:
                began = time.perf_counter()
                status, body, _ = me.request(
                    "POST", me.path + "/hint", {"csrf_token": me.token, "version": version.group(1)}, htmx=True
                )
                hints.append(time.perf_counter() - began)
                statuses[f"hint {status}"] += 1
                if status == 200:
                    html = body
                continue
            began = time.perf_counter()
            status, body, _ = me.request(
                "POST",
                me.path,
                {"csrf_token": me.token, "version": version.group(1), "action": me.rng.choice(actions)},
                htmx=True,
            )
            moves.append(time.perf_counter() - began)
            statuses[f"move {status}"] += 1
            html = body if status == 200 else me.request("GET", me.path)[1]
    except Exception as error:  # noqa: BLE001 - a bench reports, never stops the others
        statuses[f"error {type(error).__name__}"] += 1
    with lock:
        out["moves"].extend(moves)
        out["hints"].extend(hints)
        out["statuses"].update(statuses)


def quantiles(values: list[float]) -> str:
    if not values:
        return "none"
    values = sorted(values)

    def at(q: float) -> float:
        return values[min(len(values) - 1, int(q * len(values)))] * 1000

    return f"p50 {at(0.5):6.0f}  p90 {at(0.9):6.0f}  p99 {at(0.99):6.0f}  max {values[-1] * 1000:6.0f} ms  (n={len(values)})"


def server_cpu(pid: int) -> float:
    """CPU seconds (user + system) used so far by ``pid`` and its children that are alive (Linux /proc)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    pending = [pid]
    while pending:
        current = pending.pop()
        try:
            fields = Path(f"/proc/{current}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / tick
            for task in Path(f"/proc/{current}/task").iterdir():
                pending.extend(int(c) for c in (task / "children").read_text().split())
        except (OSError, ValueError, IndexError):
            continue
    return total


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_server(plain: bool) -> tuple[subprocess.Popen, int, Path]:
    work = Path(tempfile.mkdtemp(prefix="class-load-"))
    env = {
        **os.environ,
        "SECRET_KEY": "class-load",
        "DATABASE_URL": f"sqlite:///{work / 'tutor.sqlite3'}",
        "PYTHONPATH": str(ROOT),
    }
    subprocess.run(
        [str(BIN / "flask"), "--app", "tutor", "db", "upgrade"], env=env, cwd=work, check=True, capture_output=True
    )
    port = free_port()
    config = ["-c", "/dev/null"] if plain else ["-c", str(ROOT / "gunicorn.conf.py")]
    log = (work / "gunicorn.log").open("a")
    server = subprocess.Popen(
        [str(BIN / "gunicorn"), *config, "-w", "2", "-b", f"127.0.0.1:{port}", "tutor:create_app()"],
        env=env,
        cwd=work,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2):
                return server, port, work
        except OSError:
            time.sleep(0.2)
    server.kill()
    raise RuntimeError((work / "gunicorn.log").read_text())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--learners", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=90)
    parser.add_argument("--think", type=float, default=3.0, help="seconds between a pupil's moves (± half)")
    parser.add_argument("--hint-every", type=float, default=5.0, help="a hint at about one decision in N")
    parser.add_argument("--url", help="a running server, e.g. http://127.0.0.1:8000 (default: start one)")
    parser.add_argument("--plain", action="store_true", help="gunicorn's defaults: sync workers, no preload")
    args = parser.parse_args()
    server = None
    cpu_used: float | None = None
    if args.url:
        parts = urlsplit(args.url)
        host, port = parts.hostname or "127.0.0.1", parts.port or 80
    else:
        server, port, _ = start_server(args.plain)
        host = "127.0.0.1"
    out: dict = {"moves": [], "hints": [], "statuses": Counter()}
    lock = threading.Lock()
    load_before = os.getloadavg()
    cpu_before = server_cpu(server.pid) if server is not None else 0.0
    stop = time.monotonic() + args.seconds
    try:
        threads = [
            threading.Thread(target=pupil, args=(i, args, host, port, stop, out, lock)) for i in range(args.learners)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        cpu_used = server_cpu(server.pid) - cpu_before if server is not None else None
    finally:
        if server is not None:
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
    setup = args.url or ("gunicorn -w 2, defaults (sync)" if args.plain else "gunicorn -w 2, gunicorn.conf.py")
    print(
        f"{args.learners} pupils, 4 players against strong bots to 15, think {args.think:g} s, "
        f"{args.seconds:g} s, {setup}"
    )
    print(f"  move  {quantiles(out['moves'])}")
    print(f"  hint  {quantiles(out['hints'])}")
    print(f"  statuses {dict(sorted(out['statuses'].items()))}")
    if cpu_used is not None and out["moves"]:
        requests = len(out["moves"]) + len(out["hints"])
        print(
            f"  the server's workers used {cpu_used:.1f} CPU seconds in {args.seconds:g} s "
            f"({cpu_used / args.seconds:.2f} cores), {cpu_used / requests * 1000:.0f} ms per move or hint"
        )
    print(
        f"  load average before {load_before[0]:.2f}, after {os.getloadavg()[0]:.2f} "
        "(a shared 2-core machine; the 30 client threads run on it too)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
