"""gunicorn's configuration for Truco Tutor (read from the working directory: ``gunicorn 'tutor:create_app()'``).

Production runs behind nginx (``deploy/nginx.conf``, see docs/deploy.md), which reads each request
whole before passing it on; these settings keep the app server itself sound too:

* ``gthread`` workers with 8 threads each: a client that sends its request slowly holds one thread,
  not the worker (sync workers are held until their 30 s timeout: six slow connections took the
  site down). ``bench/slow_clients.py`` measures it. The CPU-heavy requests (the bots' moves, hints)
  are bounded by their time budgets, so threads sharing a worker's CPU stay responsive.
* ``preload_app``: the app is built and warmed up once in the master (``tutor.web.shared.warmup``),
  then forked: new workers serve at once, after a start and after a ``kill -HUP`` (which then
  forks new workers from the loaded app and lets the old ones finish; ``bench/reload.py``). A HUP
  therefore does not load new code: deploy new code with ``kill -USR2`` (a new master with the new
  code, then ``kill -QUIT`` the old one) or a restart under systemd's socket (docs/deploy.md).
* Forked workers must not share the master's database connections: each worker drops the pool it
  inherited (``post_fork``).

Every setting can be overridden on the command line or with ``GUNICORN_CMD_ARGS``; ``WEB_WORKERS``
and ``WEB_THREADS`` set the counts.
"""

from __future__ import annotations

import os

wsgi_app = "tutor:create_app()"
workers = int(os.environ.get("WEB_WORKERS", "2"))
worker_class = "gthread"
threads = int(os.environ.get("WEB_THREADS", "8"))
preload_app = True
timeout = 30
graceful_timeout = 20
keepalive = 5
# A request line or header longer than these is refused before the app sees it (the defaults,
# stated because tests/web/test_openapi.py relies on the request line's).
limit_request_line = 4094
limit_request_field_size = 8190


def _flask_app(server):
    """The Flask app gunicorn loaded (``preload_app``), or None."""
    try:
        return server.app.wsgi()
    except Exception:  # noqa: BLE001 - no app, nothing to warm
        return None


def when_ready(server) -> None:
    """In the master, before any worker is forked: warm the preloaded app up."""
    if not preload_app:
        return
    app = _flask_app(server)
    if app is not None:
        from tutor.web.shared.warmup import warm_up

        seconds = warm_up(app, server.log.warning)
        server.log.info("app warmed up in %.2f s", seconds)


def post_fork(server, worker) -> None:
    """In a new worker: forget the database connections inherited from the master."""
    app = _flask_app(server)
    if app is None:
        return
    from tutor.store import db

    with app.app_context():
        db.engine.dispose(close=False)


def post_worker_init(worker) -> None:
    """Without ``preload_app``, warm each worker up before it accepts a request."""
    if worker.cfg.preload_app:
        return
    from tutor.web.shared.warmup import warm_up

    warm_up(worker.wsgi, worker.log.warning)
