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
import functools
import html as htmllib
import json
import random
import re
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import load_kit  # noqa: E402
from bench.load_kit import (  # noqa: E402
    SETUPS,
    Browser,
    figures,
    print_figures,
    run_clients,
    run_threads,
    served,
    server_times,
)

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
class Log(load_kit.Log):
    """What one client process saw (its threads share it under ``lock``): ``load_kit``'s, with the
    matches played to the end."""

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
        time.sleep(self.number * self.args.arrive / self.args.tables)  # the groups arrive one after another
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


def client_process(tables: list[int], args, servers, barrier, results) -> None:
    """One client process: waits for the others, then runs a thread per person of its tables."""
    log = Log()
    stop: list[float] = []
    groups = [Group(number, args, servers, log, stop) for number in tables]
    barrier.wait()
    targets: list = []
    for group in groups:
        targets.append((group.run_host, ()))
        targets.extend((group.run_friend, (i,)) for i in range(1, len(NICKS)))
    cpu = run_threads(log, stop, args.seconds, targets)
    results.put({"log": log.plain(), "cpu": cpu})


# --- Main ---------------------------------------------------------------------------------------------


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--setup", choices=SETUPS, default="sqlite")
    parser.add_argument("--tables", type=int, default=20, help="tables of four people at once")
    parser.add_argument("--seconds", type=float, default=180)
    parser.add_argument("--level", choices=("random", "beginner"), default="random", help="for an empty seat")
    parser.add_argument("--think", type=float, default=3.0, help="the longest think time, s (from 0.5)")
    parser.add_argument("--clients", type=int, default=3, help="client processes")
    parser.add_argument(
        "--arrive", type=float, default=10.0, help="the hosts open their first tables over this many s (0: all at once)"
    )
    parser.add_argument("--settle", type=float, default=30.0, help="the rows again without the first SETTLE s")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    if not 1 <= args.tables <= 250 or args.think < 0.5 or not 0 <= args.arrive < args.seconds:
        parser.error("--tables: 1 to 250 (one loopback address each); --think: at least 0.5; --arrive: 0 to --seconds")
    with served(args.setup, SECRET_KEY, "people-load-") as servers:
        measured = run_clients(client_process, args.tables, args, servers)
        server = server_times(servers)
    keys = ("setup", "tables", "seconds", "level", "think", "clients", "arrive")
    result = figures(
        measured,
        KINDS,
        ("poll",),
        server,
        args.settle,
        **{k: getattr(args, k) for k in keys},
        matches_finished=sum(log["matches"] for log in measured.logs),
    )
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        heading = (
            f"people_load: {result['setup']}, {result['tables']} tables x 4 people (to 15, computer level "
            f"{result['level']}), {result['seconds']:g} s (the tables opened over the first {result['arrive']:g} s), "
            f"{result['clients']} client processes, "
            f"{result['matches_finished']} matches finished"
        )
        print_figures(result, heading, "409 races (not errors)")
    return 1 if result["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
