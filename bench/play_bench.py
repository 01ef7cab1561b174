"""Throughput of the table's action POST under gunicorn -w 2, in the same run as /healthz.

Each of ``--connections`` client threads is a learner with its own session and game (beginner bots,
2 players, to 15): it reads the table page, posts one of the legal actions shown there (the
learner's action plus the bots' replies, answered with a 303) and reads the table again, starting a
new game when a match ends. Only the POSTs are timed for the table figure; /healthz is then
requested by the same client threads for the same time, so the ratio compares like with like.
The client runs on the same 2 cores as the server: both figures are lower than a separate client
would see. Loopback only. Usage: ``.venv/bin/python bench/play_bench.py [--seconds 10]``.
"""

from __future__ import annotations

import argparse
import http.client
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')
VERSION = re.compile(r'name="version" value="(\d+)"')
ACTION = re.compile(r'name="action" value="([^"]+)"')


class Learner:
    def __init__(self, port: int, seed: int) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.cookie = ""
        self.rng = random.Random(seed)
        self.path = ""

    def request(self, method: str, path: str, body: str | None = None) -> tuple[int, str, dict[str, str]]:
        headers = {"Cookie": self.cookie} if self.cookie else {}
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        self.conn.request(method, path, body=body, headers=headers)
        response = self.conn.getresponse()
        data = response.read().decode()
        set_cookie = response.getheader("Set-Cookie")
        if set_cookie:
            self.cookie = set_cookie.split(";", 1)[0]
        return response.status, data, dict(response.getheaders())

    def new_game(self) -> str:
        _, html, _ = self.request("GET", "/en/play")
        token = TOKEN.search(html).group(1)
        body = f"csrf_token={token}&players=2&preset=argentino&flor=off&target=15&level=beginner"
        status, _, headers = self.request("POST", "/en/play", body)
        assert status == 303, status
        self.path = headers["Location"].split("?")[0]
        return self.request("GET", self.path)[1]


def run_table(port: int, seconds: float, threads: int) -> tuple[list[float], int]:
    timings: list[float] = []
    errors = [0]
    lock = threading.Lock()
    stop = time.monotonic() + seconds

    def worker(index: int) -> None:
        learner = Learner(port, index)
        html = learner.new_game()
        mine: list[float] = []
        while time.monotonic() < stop:
            actions = ACTION.findall(html)
            if not actions:
                html = learner.new_game()
                continue
            token = TOKEN.search(html).group(1)
            version = VERSION.search(html).group(1)
            action = learner.rng.choice(actions)
            began = time.perf_counter()
            status, _, headers = learner.request(
                "POST", learner.path, f"csrf_token={token}&version={version}&action={action}"
            )
            mine.append(time.perf_counter() - began)
            if status != 303:
                with lock:
                    errors[0] += 1
            html = learner.request("GET", headers.get("Location", learner.path))[1]
        with lock:
            timings.extend(mine)

    pool = [threading.Thread(target=worker, args=(i,)) for i in range(threads)]
    for t in pool:
        t.start()
    for t in pool:
        t.join()
    return timings, errors[0]


def run_healthz(port: int, seconds: float, threads: int) -> list[float]:
    timings: list[float] = []
    lock = threading.Lock()
    stop = time.monotonic() + seconds

    def worker() -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        mine = []
        while time.monotonic() < stop:
            began = time.perf_counter()
            conn.request("GET", "/healthz")
            conn.getresponse().read()
            mine.append(time.perf_counter() - began)
        with lock:
            timings.extend(mine)

    pool = [threading.Thread(target=worker) for _ in range(threads)]
    for t in pool:
        t.start()
    for t in pool:
        t.join()
    return timings


def describe(label: str, timings: list[float], seconds: float) -> float:
    rate = len(timings) / seconds
    q = statistics.quantiles(timings, n=100)
    print(f"{label:<34} {rate:9.1f} req/s   p50 {q[49] * 1000:6.1f} ms   p99 {q[98] * 1000:6.1f} ms   n={len(timings)}")
    return rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--port", type=int, default=8766)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        env = {**os.environ, "SECRET_KEY": "bench-secret", "DATABASE_URL": f"sqlite:///{work}/bench.sqlite3"}
        subprocess.run(
            [str(BIN / "flask"), "--app", "tutor", "db", "upgrade"], cwd=ROOT, env=env, check=True, capture_output=True
        )
        server = subprocess.Popen(
            [
                str(BIN / "gunicorn"),
                "-w",
                "2",
                "-b",
                f"127.0.0.1:{args.port}",
                "--log-level",
                "warning",
                "tutor:create_app()",
            ],
            cwd=ROOT,
            env=env,
        )
        try:
            for _ in range(100):
                try:
                    conn = http.client.HTTPConnection("127.0.0.1", args.port, timeout=1)
                    conn.request("GET", "/healthz")
                    if conn.getresponse().status == 200:
                        break
                except OSError:
                    time.sleep(0.1)
            print(f"gunicorn -w 2 (sync), SQLite; {args.connections} client threads, {args.seconds:.0f} s each")
            run_table(args.port, 2, args.connections)  # warm-up
            table, errors = run_table(args.port, args.seconds, args.connections)
            health = run_healthz(args.port, args.seconds, args.connections)
            table_rate = describe("POST /en/play/<id> (action + bots)", table, args.seconds)
            health_rate = describe("GET /healthz", health, args.seconds)
            print(f"table POST rate = {100 * table_rate / health_rate:.1f} % of /healthz; non-303 answers: {errors}")
        finally:
            server.terminate()
            server.wait(10)


if __name__ == "__main__":
    main()
