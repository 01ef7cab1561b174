"""Live sessions under load: N classes' projectors and phones polling at once, answering through the forms.

What it does, all on this machine (loopback only; PostgreSQL on a Unix socket in a temporary folder):

1. starts ``gunicorn -w 2`` with the project's ``gunicorn.conf.py`` (gthread workers, preloaded and
   warmed up) on a migrated database, in one of three set-ups (``--setup``): ``sqlite`` (a file in a
   temporary folder), ``postgresql`` (a private server, ``tools/pgserver.py``) or ``two-servers`` (two
   such gunicorns on one PostgreSQL database; each teacher stays on one server, the phones of a
   session alternate between the two, so a phone often reads what the other server wrote);
2. ``--sessions`` teachers sign up through the real form, each opens a topic quiz session
   (``--questions`` questions, a random topic and seed) through the real form and reads the PIN off
   the projector;
3. ``--phones`` phones per session (each its own cookie jar and keep-alive connection, a class's
   phones behind one school address of their own, ``127.0.1.<n>``, as the PIN budget expects) open
   the QR code's link and join by PIN through the real join form a few seconds apart;
4. everything then behaves as htmx does in a browser: the projector polls ``/board?v=`` every 1 s
   and each phone ``/me?v=`` every 2 s, reading the next ``v`` from the ``hx-get`` of the returned
   fragment (a 204 keeps the old one; after a 200 the new element's timer starts again); forms are
   boosted posts whose 303 is followed by a GET of the page. The teacher starts once the class has
   joined (or after 20 s), closes each question after about ``--open`` seconds (20) and moves on
   after about ``--reveal`` (5); each phone answers each open question once after a random think
   time (1 to 15 s), right or wrong at random (the answers come from the engine: the quiz's questions
   drawn again from its topic and seed), and one phone in four changes its answer a few seconds
   later. After the last question the summary; then, if time remains, the teacher opens a new
   session (a new PIN) and the phones join it;
5. after ``--seconds`` (180) everyone stops; the servers are stopped and the temporary folders
   removed.

Reported per request type (phone poll, projector poll, answer POST, teacher action POST, join POST,
and the full pages that follow the forms' redirects, the new-session POST): count, p50, p90, p99,
max, and the errors: any status but the expected ones (200 or 204 for a poll, 303 for a form, 200
for a page), a broken connection, or an exception in a client's thread. A 409 counts as an error
too, except for an answer to a question whose close the teacher had already sent (the phone had not
polled since: the race the 409 is for), which is counted apart. Also the share of polls answered
204, the load average, the CPU the client processes and the servers used. The aim: no errors, p99
under 100 ms for every type.

The clients run on the same 2 shared cores as the servers: ``--clients`` processes (3), each with a
thread per projector and per phone (nearly all asleep between polls); their CPU share is printed, so
a run in which the clients took much of the machine can be recognised. Sign-ups are before the
measured time.

Usage: ``.venv/bin/python bench/live_load.py [--setup sqlite|postgresql|two-servers] [--sessions 10]
[--phones 30] [--seconds 180] [--json]``; a quick check: ``--seconds 20 --sessions 2 --phones 10``.
Exits 1 if any request failed. PostgreSQL set-ups need Debian's postgresql and psycopg (``test`` extra).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.load_kit import SETUPS, Browser, Log, figures, print_figures, run_clients, run_threads, served  # noqa: E402
from tests.conftest import answer_form  # noqa: E402
from tests.web.test_live import wrong_answer  # noqa: E402
from tutor.learning import TOPICS  # noqa: E402
from tutor.learning.draw import MAX_SEED, quiz_questions  # noqa: E402

SECRET_KEY = "live-load-bench-secret"
PASSWORD = "vale cuatro al mazo siempre"
TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')
VERSION = re.compile(r'data-version="(\d+)"')
PIN = re.compile(r'data-live-pin="(\d{6})"')
STATE = re.compile(r'class="live-(?:board|me) live-state-(\w+)"')
QUESTION = re.compile(r'name="question" value="(\d+)"')
BOARD_POLL = re.compile(r'id="live-board"[^>]*?hx-get="([^"]+)"')
PHONE_POLL = re.compile(r'id="live-phone"[^>]*?hx-get="([^"]+)"')
KINDS = (
    "phone poll",
    "projector poll",
    "answer",
    "teacher action",
    "join",
    "page",
    "new session",
)
"""The request types reported, in this order (``page``: the full pages after a redirect, and the forms' pages)."""
PHONE_EVERY, BOARD_EVERY = 2.0, 1.0
"""The poll intervals of ``tutor/web/live/views.py`` (``PHONE_POLL``, ``BOARD_POLL``)."""
LOBBY_WAIT = 20.0


# --- A class: the teacher at the projector and the phones ---------------------------------------------


@dataclass
class Round:
    """One session of a room: what the phones need to know (the PIN, the engine's answers)."""

    number: int
    sid: str
    pin: str
    answers: list[tuple[dict, dict]]
    """Per question: the right answer's form fields and a wrong answer's."""
    closing: dict[int, float] = field(default_factory=dict)
    """Question -> when the teacher sent its close (``time.monotonic``)."""


class Room:
    """A classroom: a teacher, its phones and the sessions they run one after another."""

    def __init__(self, number: int, args, servers: list[tuple[str, int]], log: Log, stop: list[float]) -> None:
        self.number, self.args, self.servers, self.log, self.stop = number, args, servers, log, stop
        self.address = f"127.0.1.{number + 1}"
        self.rng = random.Random(number)
        self.current: Round | None = None
        self.changed = threading.Condition()
        self.teacher = Browser(servers[number % len(servers)], self.address, log)

    def time_left(self) -> float:
        return self.stop[0] - time.monotonic() if self.stop else 1e9

    # --- The teacher

    def sign_up(self) -> None:
        _, html, _ = self.teacher.request("sign-up", "GET", "/en/teach/signup", expect=(200,))
        form = {
            "csrf_token": token.group(1) if (token := TOKEN.search(html)) else "",
            "login": f"live{os.getpid()}r{self.number}",
            "display_name": f"Teacher {self.number + 1}",
            "password": PASSWORD,
        }
        status, _, _ = self.teacher.request("sign-up", "POST", "/en/teach/signup", form, expect=(200,))
        if status != 200:
            raise RuntimeError(f"sign-up: {status}")

    def open_session(self, number: int) -> tuple[Round, str] | None:
        """A new session through the form; the round and the board's HTML (None if the form failed)."""
        _, html, _ = self.teacher.request("page", "GET", "/en/teach/live/new", expect=(200,), htmx="boost")
        token = TOKEN.search(html)
        topic, seed = self.rng.choice(TOPICS).key, self.rng.randrange(MAX_SEED)
        form = {"csrf_token": token.group(1) if token else "", "class": "", "quiz": topic, "seed": str(seed)}
        form["size"] = str(self.args.questions)
        status, _, location = self.teacher.request(
            "new session", "POST", "/en/teach/live/new", form, expect=(303,), htmx="boost"
        )
        if status != 303:
            return None
        _, html, _ = self.teacher.request("page", "GET", location, expect=(200,), htmx="boost")
        pin = PIN.search(html)
        if pin is None:
            return None
        drawn = [d.question for d in quiz_questions(topic, seed)[: self.args.questions]]
        answers = []
        for q in drawn:
            right, wrong = answer_form(q, q.expected), answer_form(q, wrong_answer(q))
            answers.append((right, wrong if all(wrong.values()) else right))  # no wrong set of choices: right
        return Round(number, location.rsplit("/", 1)[1], pin.group(1), answers), html

    def act(self, current: Round, html: str, action: str, question: int = -1) -> str:
        """A teacher's button on the board (a boosted post, then the board page it redirects to)."""
        token, version = TOKEN.search(html), VERSION.search(html)
        form = {"csrf_token": token.group(1) if token else "", "action": action}
        form["version"] = version.group(1) if version else ""
        if action == "close":
            current.closing[question] = time.monotonic()
        path = f"/en/teach/live/{current.sid}/act"
        status, body, location = self.teacher.request("teacher action", "POST", path, form, expect=(303,), htmx="boost")
        if status == 303:
            return self.teacher.request("page", "GET", location, expect=(200,), htmx="boost")[1]
        return body

    def project(self, html: str, seconds: float) -> str:
        """The projector's poll for ``seconds`` (or until the time is up); the board's HTML at the end."""
        until = time.monotonic() + seconds
        while time.monotonic() < until and self.time_left() > 0:
            poll = BOARD_POLL.search(html)
            if poll is None:
                return html
            sent = time.monotonic()
            status, body, _ = self.teacher.request(
                "projector poll", "GET", poll.group(1).replace("&amp;", "&"), expect=(200, 204), htmx="poll"
            )
            if status == 200:
                html = body
            wake = (time.monotonic() if status == 200 else sent) + BOARD_EVERY
            time.sleep(max(0.0, min(wake, until) - time.monotonic()))
        return html

    def run_teacher(self) -> None:
        number = 0
        while self.time_left() > 5:
            opened = self.open_session(number)
            if opened is None:
                time.sleep(1)
                continue
            current, html = opened
            with self.changed:
                self.current = current
                self.changed.notify_all()
            until = time.monotonic() + LOBBY_WAIT
            while html.count("data-nickname") < self.args.phones and time.monotonic() < until and self.time_left() > 0:
                html = self.project(html, BOARD_EVERY)
            html = self.act(current, html, "start")
            for question in range(self.args.questions):
                html = self.project(html, self.args.open * self.rng.uniform(0.9, 1.1))
                if self.time_left() <= 0:
                    return
                html = self.act(current, html, "close", question)
                html = self.project(html, self.args.reveal * self.rng.uniform(0.8, 1.2))
                if self.time_left() <= 0:
                    return
                html = self.act(current, html, "next")
            number += 1

    # --- A phone

    def run_phone(self, index: int) -> None:
        server = self.servers[(self.number + index + 1) % len(self.servers)]
        phone = Browser(server, self.address, self.log)
        rng = random.Random(self.number * 1000 + index)
        seen = -1
        try:
            while self.time_left() > 0:
                with self.changed:
                    self.changed.wait_for(
                        lambda seen=seen: self.current is not None and self.current.number > seen,
                        timeout=self.time_left(),
                    )
                    current = self.current
                if current is None or current.number <= seen:
                    return
                seen = current.number
                time.sleep(rng.uniform(0.5, 5.0))  # typing the PIN
                self.play(phone, current, rng)
        finally:
            phone.close()

    def join(self, phone: Browser, current: Round) -> str | None:
        """The QR code's link, the join form's post, the phone's page; its HTML (None if refused)."""
        _, html, _ = phone.request("page", "GET", f"/en/live?pin={current.pin}", expect=(200,))
        token = TOKEN.search(html)
        form = {"csrf_token": token.group(1) if token else "", "pin": current.pin}
        status, _, location = phone.request("join", "POST", "/en/live", form, expect=(303,), htmx="boost")
        if status != 303:
            return None
        return phone.request("page", "GET", location, expect=(200,), htmx="boost")[1]

    def play(self, phone: Browser, current: Round, rng: random.Random) -> None:
        """One session on a phone: poll, answer each open question once, sometimes change the answer."""
        html = self.join(phone, current)
        if html is None:
            return
        plans: dict[int, list[tuple[float, bool]]] = {}
        """Question -> (when, right) of the answers still to send."""
        next_poll = time.monotonic() + PHONE_EVERY
        while self.time_left() > 0:
            state, question = STATE.search(html), QUESTION.search(html)
            open_question = int(question.group(1)) if state and state.group(1) == "question" and question else None
            if open_question is not None and open_question not in plans:
                right = rng.random() < 0.7
                first = time.monotonic() + rng.uniform(1.0, 15.0)
                plans[open_question] = [(first, right)]
                if rng.random() < 0.25:
                    plans[open_question].append((first + rng.uniform(2.0, 5.0), not right))
            due = plans.get(open_question, []) if open_question is not None else []
            if due and due[0][0] <= time.monotonic():
                _when, right = due.pop(0)
                html = self.answer(phone, current, html, open_question, right)
                next_poll = time.monotonic() + PHONE_EVERY
                continue
            if time.monotonic() >= next_poll:
                poll = PHONE_POLL.search(html)
                if poll is None:
                    return  # ended (or removed): the phone's page stops polling
                sent = time.monotonic()
                status, body, _ = phone.request(
                    "phone poll", "GET", poll.group(1).replace("&amp;", "&"), expect=(200, 204), htmx="poll"
                )
                if status == 200:
                    html = body
                next_poll = (time.monotonic() if status == 200 else sent) + PHONE_EVERY
                continue
            wake = min([next_poll, *(when for when, _right in due[:1])])
            time.sleep(max(0.0, min(wake - time.monotonic(), self.time_left())))

    def answer(self, phone: Browser, current: Round, html: str, question: int, right: bool) -> str:
        token = TOKEN.search(html)
        fields = current.answers[question][0 if right else 1]
        form = {"csrf_token": token.group(1) if token else "", "question": str(question), **fields}

        def closing() -> bool:
            return question in current.closing

        path = f"/live/{current.sid}/answer"
        status, body, location = phone.request(
            "answer", "POST", f"/en{path}", form, expect=(303,), htmx="boost", race=closing
        )
        if status == 303:
            return phone.request("page", "GET", location, expect=(200,), htmx="boost")[1]
        return body


# --- Client processes ----------------------------------------------------------------------------------


def client_process(rooms: list[int], args, servers, barrier, results) -> None:
    """One client process: signs its teachers up, waits for the others, then runs its rooms' threads."""
    log = Log()
    stop: list[float] = []
    built = [Room(number, args, servers, log, stop) for number in rooms]
    problem = ""
    try:
        for room in built:
            room.sign_up()
    except Exception as error:  # noqa: BLE001 - reported by the parent
        problem = f"sign-up failed: {error}"
    barrier.wait()
    if problem:
        results.put({"problem": problem})
        return
    targets: list = []
    for room in built:
        targets.append((room.run_teacher, ()))
        targets.extend((room.run_phone, (i,)) for i in range(args.phones))
    cpu = run_threads(log, stop, args.seconds, targets)
    for room in built:
        room.teacher.close()
    results.put({"log": log.plain(), "cpu": cpu})


# --- Main ---------------------------------------------------------------------------------------------


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--setup", choices=SETUPS, default="sqlite")
    parser.add_argument("--sessions", type=int, default=10, help="live sessions (classes) at once")
    parser.add_argument("--phones", type=int, default=30, help="phones per session")
    parser.add_argument("--seconds", type=float, default=180)
    parser.add_argument("--questions", type=int, choices=(3, 5, 10), default=5, help="questions per session")
    parser.add_argument("--open", type=float, default=20.0, help="seconds a question stays open (± 10 %%)")
    parser.add_argument("--reveal", type=float, default=5.0, help="seconds of the reveal before the next")
    parser.add_argument("--clients", type=int, default=3, help="client processes")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    if not 1 <= args.sessions <= 250 or not 1 <= args.phones <= 100:
        parser.error("--sessions: 1 to 250 (one loopback address each); --phones: 1 to 100 (a session's cap)")
    with served(args.setup, SECRET_KEY, "live-load-") as servers:
        measured = run_clients(client_process, args.sessions, args, servers)
    keys = ("setup", "sessions", "phones", "seconds", "questions", "clients")
    result = figures(measured, KINDS, [k for k in KINDS if k.endswith("poll")], **{k: getattr(args, k) for k in keys})
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        heading = (
            f"live_load: {result['setup']}, {result['sessions']} sessions x {result['phones']} phones, "
            f"{result['questions']} questions each, {result['seconds']:g} s, {result['clients']} client processes"
        )
        print_figures(result, heading, "409 after the close (a race, not counted as an error)")
    return 1 if result["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
