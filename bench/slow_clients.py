"""Slow clients (slowloris) against the served app: does /healthz still answer?

Starts gunicorn on a loopback port (a migrated SQLite database in a temporary folder), opens
``--slow`` connections that each send one byte of a request every ``--interval`` seconds (never
finishing its headers), and meanwhile probes ``/healthz`` every ``--probe-every`` seconds for
``--seconds`` seconds with a ``--probe-timeout`` second timeout (a fresh connection each time).
Prints how many probes answered 200 and how long they took.

Set-ups (``--setup``, several allowed):

* ``sync``: gunicorn's defaults (``-w 2`` sync workers), as the site ran before: a sync worker
  reads the request itself and waits for it (until its 30 s timeout), so two slow clients take
  both workers;
* ``gthread``: the project's ``gunicorn.conf.py`` (2 workers x 8 threads): a slow client holds a
  thread, not the worker;
* ``nginx``: the same gunicorn behind nginx with ``deploy/nginx.conf`` (needs ``nginx`` on PATH or
  in /usr/sbin): nginx reads each request whole before passing it on, and drops a client that
  sends its headers slower than its timeouts (``client_header_timeout``).

Usage: ``.venv/bin/python bench/slow_clients.py [--setup sync --setup gthread --setup nginx]
[--slow 6] [--interval 5] [--seconds 60]``. Loopback only; the machine's load average is printed.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(os.environ.get("BIN", ROOT / ".venv" / "bin"))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_up(port: int, seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2):
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"nothing answers on port {port}")


def start_gunicorn(setup: str, port: int, env: dict, work: Path) -> subprocess.Popen:
    config = ["-c", "/dev/null"] if setup == "sync" else ["-c", str(ROOT / "gunicorn.conf.py")]
    log = (work / f"gunicorn-{setup}.log").open("a")
    process = subprocess.Popen(
        [str(BIN / "gunicorn"), *config, "-w", "2", "-b", f"127.0.0.1:{port}", "tutor:create_app()"],
        env=env,
        cwd=work,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    wait_up(port)
    return process


def nginx_binary() -> str | None:
    return shutil.which("nginx") or next((p for p in ("/usr/sbin/nginx",) if Path(p).exists()), None)


def start_nginx(port: int, upstream: int, work: Path) -> subprocess.Popen:
    """nginx on ``port`` in front of ``upstream``, with the site's server block from deploy/nginx.conf."""
    site = (ROOT / "deploy" / "nginx.conf").read_text()
    site = site.replace("listen 443 ssl;", f"listen 127.0.0.1:{port};").replace("listen [::]:443 ssl;", "")
    site = site.replace("127.0.0.1:8000", f"127.0.0.1:{upstream}")
    site = "\n".join(line for line in site.splitlines() if not line.strip().startswith(("ssl_", "http2")))
    site = site.replace("/srv/tutor/tutor/static/", f"{ROOT / 'tutor' / 'static'}/")
    (work / "nginx").mkdir(exist_ok=True)
    conf = work / "nginx" / "nginx.conf"
    conf.write_text(
        f"""daemon off;
pid {work}/nginx/nginx.pid;
error_log {work}/nginx/error.log warn;
worker_processes 1;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    client_body_temp_path {work}/nginx/body;
    proxy_temp_path {work}/nginx/proxy;
    fastcgi_temp_path {work}/nginx/fastcgi;
    uwsgi_temp_path {work}/nginx/uwsgi;
    scgi_temp_path {work}/nginx/scgi;
    include /etc/nginx/mime.types;
{site}
}}
"""
    )
    process = subprocess.Popen([nginx_binary() or "nginx", "-c", str(conf), "-p", str(work / "nginx")])
    wait_up(port, 20)
    return process


def slow_client(port: int, interval: float, stop: threading.Event, counts: dict[str, int]) -> None:
    """Send a request one byte per ``interval``; reconnect when the server drops the connection."""
    request = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 4000
    while not stop.is_set():
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=5) as conn:
                counts["opened"] += 1
                for byte in request:
                    conn.sendall(bytes([byte]))
                    if stop.wait(interval):
                        return
        except OSError:
            counts["dropped"] += 1
            stop.wait(0.5)


def probe(port: int, seconds: float, every: float, timeout: float) -> list[float | None]:
    """The time of each /healthz probe (None: failed or timed out)."""
    results: list[float | None] = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        began = time.perf_counter()
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=timeout) as response:
                response.read()
                results.append(time.perf_counter() - began if response.status == 200 else None)
        except OSError:
            results.append(None)
        time.sleep(max(0.0, every - (time.perf_counter() - began)))
    return results


def measure(setup: str, args, env: dict, work: Path) -> None:
    app_port = free_port()
    server = start_gunicorn(setup if setup != "nginx" else "gthread", app_port, env, work)
    front = None
    port = app_port
    try:
        if setup == "nginx":
            port = free_port()
            front = start_nginx(port, app_port, work)
        stop = threading.Event()
        counts = {"opened": 0, "dropped": 0}
        slow = [
            threading.Thread(target=slow_client, args=(port, args.interval, stop, counts), daemon=True)
            for _ in range(args.slow)
        ]
        load_before = os.getloadavg()[0]
        for thread in slow:
            thread.start()
        time.sleep(min(2.0, args.interval))  # the slow connections are open and have sent their first byte
        results = probe(port, args.seconds, args.probe_every, args.probe_timeout)
        stop.set()
        answered = [r for r in results if r is not None]
        timing = (
            f"median {statistics.median(answered) * 1000:.0f} ms, longest {max(answered) * 1000:.0f} ms"
            if answered
            else "none answered"
        )
        print(
            f"{setup:<8} {args.slow} slow connections (1 byte / {args.interval:g} s; {counts['opened']} opened, "
            f"{counts['dropped']} dropped by the server): /healthz answered {len(answered)} of {len(results)} "
            f"probes over {args.seconds:g} s ({timing}); load average {load_before:.2f} before, "
            f"{os.getloadavg()[0]:.2f} after"
        )
    finally:
        for process in (front, server):
            if process is not None:
                process.send_signal(signal.SIGTERM)
                try:
                    process.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    process.kill()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--setup", action="append", choices=("sync", "gthread", "nginx"))
    parser.add_argument("--slow", type=int, default=6)
    parser.add_argument("--interval", type=float, default=5.0)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--probe-every", type=float, default=5.0)
    parser.add_argument("--probe-timeout", type=float, default=5.0)
    args = parser.parse_args()
    setups = args.setup or ["gthread", "nginx"]
    if "nginx" in setups and nginx_binary() is None:
        print("nginx not found: skipping the nginx set-up")
        setups = [s for s in setups if s != "nginx"]
    work = Path(tempfile.mkdtemp(prefix="slow-clients-"))
    env = {
        **os.environ,
        "SECRET_KEY": "slow-clients",
        "DATABASE_URL": f"sqlite:///{work / 'tutor.sqlite3'}",
        "PYTHONPATH": str(ROOT),
    }
    subprocess.run(
        [str(BIN / "flask"), "--app", "tutor", "db", "upgrade"], env=env, cwd=work, check=True, capture_output=True
    )
    for setup in setups:
        measure(setup, args, env, work)
    return 0


if __name__ == "__main__":
    sys.exit(main())
