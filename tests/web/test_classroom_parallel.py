"""Pupils joining a class at the same moment, over real HTTP to a threaded server (a thread per request,
like several workers), on SQLite and PostgreSQL: nobody is lost, nobody is counted twice, the nicknames
stay unique and the cap of 60 holds."""

from __future__ import annotations

import re
import threading
import urllib.error
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlalchemy import select

from tests.conftest import dispose, make_app
from tests.web.test_parallel_answers import Browser, Server
from tutor.store import db, store_of
from tutor.store.classroom import MEMBER_CAP, ClassMember, SchoolClass

pytestmark = pytest.mark.store  # reads and writes the store: runs on SQLite and on PostgreSQL


@pytest.fixture
def server(tmp_path, database_url):
    app = make_app(tmp_path, database_url, TESTING=False)  # CSRF and sessions as deployed
    running = Server(app)
    yield app, running.url
    running.close()
    dispose(app)


def a_class(app) -> tuple[int, str]:
    with app.app_context():
        store = store_of(app)
        teacher = store.classroom.add_teacher("nowak", "Ms Nowak", "x", "x", None)
        assert teacher is not None
        found = store.classroom.add_class(teacher.id, "Club", "en", True)
        return found.id, found.join_code


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


NO_REDIRECT = urllib.request.build_opener(_NoRedirect)


def post(browser: Browser, path: str, data: dict) -> int:
    """POST without following the redirect (urllib would not send the cookie the 303 sets); the status."""
    body = urllib.parse.urlencode(data).encode()
    request = urllib.request.Request(browser.base + path, data=body, headers={"Cookie": browser.cookie})
    try:
        with NO_REDIRECT.open(request, timeout=60) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def ready_to_join(base: str, code: str) -> tuple[Browser, dict]:
    browser = Browser(base)
    status, html = browser.open(f"/en/j/{code}")
    assert status == 200
    token = re.search(r'name="csrf_token" value="([^"]+)"', html)
    assert token is not None
    return browser, {"csrf_token": token.group(1), "action": "join"}


def join_at_once(base: str, code: str, count: int) -> list[int]:
    ready = [ready_to_join(base, code) for _ in range(count)]
    with ThreadPoolExecutor(max_workers=16) as pool:
        results = list(pool.map(lambda pair: post(pair[0], f"/en/j/{code}", pair[1]), ready))
    return results


def members_of(app, class_id: int) -> tuple[list[str], int | None]:
    with app.app_context():
        names = list(db.session.scalars(select(ClassMember.nickname).where(ClassMember.class_id == class_id)))
        counter = db.session.scalar(select(SchoolClass.members).where(SchoolClass.id == class_id))
    return names, counter


def test_forty_pupils_joining_at_once_are_all_in_once(server):
    app, base = server
    class_id, code = a_class(app)
    statuses = join_at_once(base, code, 40)
    assert statuses == [303] * 40  # each sent on to its class page
    names, counter = members_of(app, class_id)
    assert len(names) == len(set(names)) == counter == 40


def test_the_cap_holds_when_more_join_at_once(server):
    app, base = server
    class_id, code = a_class(app)
    statuses = join_at_once(base, code, MEMBER_CAP + 10)
    assert sorted(statuses) == [303] * MEMBER_CAP + [409] * 10
    names, counter = members_of(app, class_id)
    assert len(names) == len(set(names)) == counter == MEMBER_CAP


def test_deleting_my_data_while_another_tab_leaves_the_class_counts_the_pupil_out_once(tmp_path, database_url):
    """Each of twelve pupils presses "delete my data" in one tab and "leave the class" in another at
    the same moment: the class's member counter ends equal to its rows (each pupil left once)."""
    app = make_app(tmp_path, database_url)
    class_id, _code = a_class(app)
    with app.app_context():
        store = store_of(app)
        found = db.session.get(SchoolClass, class_id)
        learners = [store.learners.ensure(None).id for _ in range(12)]
        for number, learner_id in enumerate(learners):
            store.classroom.join(found, learner_id, [f"Ancho {number}"])
        stay = store.learners.ensure(None).id
        store.classroom.join(found, stay, ["Siete 1"])
    barrier = threading.Barrier(2 * len(learners), timeout=60)

    def erase(learner_id: int) -> None:
        with app.app_context():
            barrier.wait()
            store_of(app).privacy.erase(learner_id)

    def leave(learner_id: int) -> None:
        with app.app_context():
            barrier.wait()
            store_of(app).classroom.leave(class_id, learner_id)

    with ThreadPoolExecutor(max_workers=2 * len(learners)) as pool:
        futures = [pool.submit(erase, n) for n in learners] + [pool.submit(leave, n) for n in learners]
        for future in futures:
            future.result()
    names, counter = members_of(app, class_id)
    dispose(app)
    assert names == ["Siete 1"] and counter == 1
