"""A private, throw-away PostgreSQL server in a temporary folder (for the tests and the bench scripts).

It runs Debian's ``initdb`` and ``pg_ctl`` (``/usr/lib/postgresql/<version>/bin``, the newest
installed, or ``PG_BINDIR``), listens only on a Unix socket inside its folder (no TCP port, so
nothing outside this machine can reach it and no port can clash), trusts local connections, and is
tuned for tests (no fsync). ``initdb`` refuses to run as root, so under root the server runs as the
``postgres`` system user (which Debian's ``postgresql`` package creates) and the folder is handed to it.

    with PostgresServer() as server:
        url = server.create_database("tutor")   # postgresql+psycopg://postgres@/tutor?host=/tmp/...
        ...

``python tools/pgserver.py`` starts one and prints its ``DATABASE_URL`` until Ctrl-C.
"""

from __future__ import annotations

import glob
import os
import pwd
import re
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

SUPERUSER = "postgres"
"""The database superuser ``initdb`` creates (trust authentication: no password)."""

SERVER_SETTINGS = {
    "listen_addresses": "''",  # Unix socket only
    "fsync": "off",
    "synchronous_commit": "off",
    "full_page_writes": "off",
    "max_connections": "200",
    "shared_buffers": "32MB",
}


class PostgresUnavailable(RuntimeError):
    """The PostgreSQL server binaries are not installed (Debian: ``apt-get install postgresql``)."""


def find_bindir() -> Path:
    """The folder holding ``initdb`` and ``pg_ctl``: ``PG_BINDIR``, else the newest Debian version, else PATH."""
    if os.environ.get("PG_BINDIR"):
        bindir = Path(os.environ["PG_BINDIR"])
        if not (bindir / "initdb").is_file():
            raise PostgresUnavailable(f"PG_BINDIR={bindir} holds no initdb")
        return bindir
    versions = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"),
        key=lambda path: int(re.search(r"/postgresql/(\d+)", path).group(1)),  # type: ignore[union-attr]
    )
    if versions:
        return Path(versions[-1]).parent
    found = shutil.which("pg_ctl")
    if found and shutil.which("initdb"):
        return Path(found).parent
    raise PostgresUnavailable(
        "PostgreSQL server binaries (initdb, pg_ctl) not found: install Debian's postgresql package "
        "(make test does) or set PG_BINDIR"
    )


class PostgresServer:
    """One PostgreSQL server for the lifetime of this object (``start``/``stop`` or a ``with`` block)."""

    def __init__(self, bindir: Path | None = None) -> None:
        self.bindir = bindir or find_bindir()
        self.root: Path | None = None
        self._as_user: list[str] = []

    # --- life cycle -------------------------------------------------------------------------

    def start(self) -> PostgresServer:
        """initdb a new cluster in a temporary folder and start it; waits until it accepts connections."""
        # A short path: the socket path must stay under the 107-byte limit of sun_path.
        self.root = Path(tempfile.mkdtemp(prefix="tutor-pg-", dir="/tmp"))
        if os.geteuid() == 0:
            owner = pwd.getpwnam(self._system_user())
            os.chown(self.root, owner.pw_uid, owner.pw_gid)
            self._as_user = ["runuser", "-u", owner.pw_name, "--"]
        os.chmod(self.root, 0o700)
        self._run(
            "initdb",
            "-D",
            str(self.data),
            "-U",
            SUPERUSER,
            "--auth=trust",
            "--encoding=UTF8",
            "--no-locale",
            "--no-sync",
        )
        options = " ".join(f"-c {key}={value}" for key, value in SERVER_SETTINGS.items())
        self._run(
            "pg_ctl",
            "-D",
            str(self.data),
            "-l",
            str(self.log),
            "-w",
            "-t",
            "60",
            "-o",
            f"-k {self.root} {options}",
            "start",
        )
        return self

    def stop(self) -> None:
        """Stop the server (fast shutdown: open connections are closed) and delete its folder."""
        if self.root is None:
            return
        try:
            if (self.data / "postmaster.pid").exists():
                self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "-t", "60", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)
            self.root = None

    def __enter__(self) -> PostgresServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # --- databases --------------------------------------------------------------------------

    @property
    def data(self) -> Path:
        assert self.root is not None, "server not started"
        return self.root / "data"

    @property
    def log(self) -> Path:
        assert self.root is not None, "server not started"
        return self.root / "server.log"

    def url(self, database: str = "postgres", driver: str = "postgresql+psycopg") -> str:
        """An SQLAlchemy URL for ``database`` on this server (``driver="postgresql"`` for ``DATABASE_URL``)."""
        assert self.root is not None, "server not started"
        return f"{driver}://{SUPERUSER}@/{database}?host={self.root}"

    def psql(self, sql: str, database: str = "postgres") -> str:
        """Run SQL with psql as the superuser; returns its output."""
        assert self.root is not None, "server not started"
        return self._run(
            "psql",
            "-X",
            "-q",
            "-v",
            "ON_ERROR_STOP=1",
            "-h",
            str(self.root),
            "-U",
            SUPERUSER,
            "-d",
            database,
            "-At",
            "-c",
            sql,
        )

    def create_database(self, name: str) -> str:
        """Create an empty database (dropping one of that name first); returns its SQLAlchemy URL."""
        if not re.fullmatch(r"[a-z_][a-z0-9_]*", name):
            raise ValueError(f"not a plain database name: {name!r}")
        self.psql(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        self.psql(f"CREATE DATABASE {name}")
        return self.url(name)

    # --- helpers ----------------------------------------------------------------------------

    @staticmethod
    def _system_user() -> str:
        for name in ("postgres", "nobody"):
            try:
                pwd.getpwnam(name)
            except KeyError:
                continue
            return name
        raise PostgresUnavailable("running as root, but there is no 'postgres' (or 'nobody') user to run the server")

    def _run(self, program: str, *args: str) -> str:
        command = [*self._as_user, str(self.bindir / program), *args]
        for attempt in range(3):
            result = subprocess.run(
                command, capture_output=True, text=True, cwd=self.root, stdin=subprocess.DEVNULL, timeout=120
            )
            if result.returncode == 0:
                return result.stdout
            starting_up = "the database system is starting up" in result.stderr
            if not starting_up or attempt == 2:
                break
            time.sleep(0.5)
        log = self.log.read_text(errors="replace")[-2000:] if self.root and self.log.exists() else ""
        raise RuntimeError(
            f"{' '.join(command)} failed ({result.returncode}):\n{result.stdout}{result.stderr}\n{log}".rstrip()
        )


def main() -> None:  # pragma: no cover - manual use
    with PostgresServer() as server:
        url = server.create_database("tutor")
        print(f"DATABASE_URL='{server.url('tutor', driver='postgresql')}'  (SQLAlchemy: {url}); Ctrl-C stops it")
        try:
            while True:
                time.sleep(3600)
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":  # pragma: no cover
    main()
