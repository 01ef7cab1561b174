"""The classroom's authorisation matrix: every teacher route × {anonymous, learner, pupil of the class,
other teacher, co-teacher, owner} → the status each gets (404 for everyone who does not teach the
class, so that nobody learns which classes exist; a co-teacher gets the owner's status except at the
owner's own routes, where it is a 403), the pupil's class page × the same roles, and every POST
refused without a CSRF token (docs/security.md, "The classroom")."""

from __future__ import annotations

import pytest

from tests.web.classroom_helpers import (
    PASSWORD,
    accept_invite,
    cheap_hashes,
    invite_link,
    join,
    join_code,
    new_class,
    sign_up,
    token,
)
from tutor.store import store_of

pytestmark = pytest.mark.store  # reads and writes the store: runs on SQLite and on PostgreSQL

ROLES = ("anonymous", "learner", "pupil", "other teacher", "co-teacher", "owner")
OWNERS = 403
"""A co-teacher's status at the routes only the owner may use."""

# (method, path with {cid}, {nick}, {aid}, {co}, form fields, the owner's status[, the co-teacher's]).
# Routes without {cid} are any teacher's own (their classes, their account): another teacher and the
# co-teacher get the same status there, on their own. Requests go in the order of ROLES, so the
# owner's comes last (after the co-teacher's, whom it may remove).
TEACHER_ROUTES = [
    ("GET", "/en/teach/classes", {}, 200),
    ("GET", "/en/teach/classes?archived=1", {}, 200),
    ("GET", "/en/teach/classes/new", {}, 200),
    ("POST", "/en/teach/classes/new", {"name": "Second", "lang": "de", "age": "teens"}, 303),
    ("GET", "/en/teach/account", {}, 200),
    ("POST", "/en/teach/account/password", {"current": "not it at all", "password": "el siete de oro"}, 422),
    ("POST", "/en/teach/account/logout-everywhere", {}, 303),
    ("GET", "/en/teach/classes/{cid}", {}, 200),
    ("POST", "/en/teach/classes/{cid}/code", {"action": "new"}, 303),
    ("POST", "/en/teach/classes/{cid}/code", {"action": "close"}, 303),
    ("POST", "/en/teach/classes/{cid}/archive", {"action": "archive"}, 303),
    ("GET", "/en/teach/classes/{cid}/screen", {}, 200),
    ("GET", "/en/teach/classes/{cid}/screen/members", {}, 200),
    ("GET", "/en/teach/classes/{cid}/dashboard", {}, 200),
    ("GET", "/en/teach/classes/{cid}/dashboard?sort=answers&filter=help", {}, 200),
    ("GET", "/en/teach/classes/{cid}/pupils/{nick}", {}, 200),
    ("POST", "/en/teach/classes/{cid}/export.csv", {}, 200),
    ("POST", "/en/teach/classes/{cid}/assignments", {"what": "daily"}, 303),
    ("GET", "/en/teach/classes/{cid}/assignments/{aid}", {}, 200),
    ("POST", "/en/teach/classes/{cid}/assignments/{aid}/export.csv", {}, 200),
    ("POST", "/en/teach/classes/{cid}/assignments/{aid}/remove", {}, 404, 303),  # the co-teacher removed it first
    ("POST", "/en/teach/classes/{cid}/invites", {}, 200, OWNERS),
    ("POST", "/en/teach/classes/{cid}/invites/0123456789abcdef/withdraw", {}, 303, OWNERS),
    ("POST", "/en/teach/classes/{cid}/teachers/remove", {"teacher": "{co}"}, 303, OWNERS),
    ("POST", "/en/teach/classes/{cid}/teachers/leave", {}, 400, 303),
    ("POST", "/en/teach/classes/{cid}/pupils/{nick}/rename", {"nickname": "{nick}"}, 303),
    ("POST", "/en/teach/classes/{cid}/pupils/{nick}/remove", {}, 404, 303),  # the co-teacher removed them first
    ("GET", "/en/teach/classes/{cid}/copy", {}, 200),
    ("POST", "/en/teach/classes/{cid}/copy", {"name": "Next year"}, 303),
    ("POST", "/en/teach/classes/{cid}/pupils/new", {"names": "Ana"}, 303),
    ("GET", "/en/teach/classes/{cid}/cards", {}, 200),
    ("POST", "/en/teach/classes/{cid}/pupils/{nick}/code", {}, 404),  # a joined pupil's code is never the teacher's
    ("POST", "/en/teach/classes/{cid}/delete", {"confirm": "Club"}, 303, OWNERS),
]
PUPIL_ROUTES: list[tuple[str, str, dict[str, str]]] = [
    ("GET", "/en/class/{cid}", {}),
    ("POST", "/en/class/{cid}/leave", {}),
]


@pytest.fixture(autouse=True)
def _cheap_hashes(monkeypatch):
    cheap_hashes(monkeypatch)


@pytest.fixture
def world(app):
    """A class of its owner with a co-teacher and one pupil, another teacher with a class of their own,
    a learner, a visitor."""
    owner, other, co_teacher, pupil, learner, anonymous = (app.test_client() for _ in range(6))
    sign_up(owner, "owner")
    sign_up(other, "other")
    sign_up(co_teacher, "coteacher")
    cid = new_class(owner)
    assert accept_invite(co_teacher, invite_link(owner, cid)).status_code == 303
    new_class(other, "Not yours")
    join(pupil, join_code(owner, cid))
    owner.post(f"/en/teach/classes/{cid}/assignments", data={"csrf_token": token(owner, "/en/join"), "what": "daily"})
    learner.post("/en/device", data={"csrf_token": token(learner, "/en/device"), "action": "show"})
    anonymous.get("/en/")
    with app.app_context():
        store = store_of(app)
        found = store.classroom.class_by_public_id(cid)
        nick = store.classroom.members(found.id)[0].nickname
        aid = store.classroom.assignments(found.id)[0].public_id
        co = str(store.classroom.teacher_by_login("coteacher").id)
    clients = dict(zip(ROLES, (anonymous, learner, pupil, other, co_teacher, owner), strict=True))
    return clients, {"cid": cid, "nick": nick, "aid": aid, "co": co}


def send(client, method: str, path: str, form: dict, *, with_token: bool = True, names: dict | None = None):
    if method == "GET":
        return client.get(path)
    filled = {key: value.format(**(names or {})) for key, value in form.items()}
    data = {"csrf_token": token(client, "/en/join"), **filled} if with_token else filled
    return client.post(path, data=data)


ROUTES = [(*route, route[3])[:5] for route in TEACHER_ROUTES]
"""Each route with the co-teacher's status (the owner's unless given)."""


@pytest.mark.parametrize("method, path, form, owner_status, co_status", ROUTES, ids=lambda v: str(v))
def test_every_teacher_route_is_its_teachers_only(world, method, path, form, owner_status, co_status):
    clients, names = world
    url = path.format(**names)
    got = {role: send(clients[role], method, url, form, names=names).status_code for role in ROLES}
    other = owner_status if "{cid}" not in path else 404
    assert got == {
        "anonymous": 404,
        "learner": 404,
        "pupil": 404,
        "other teacher": other,
        "co-teacher": co_status,
        "owner": owner_status,
    }


@pytest.mark.parametrize("method, path, form", PUPIL_ROUTES, ids=lambda v: str(v))
def test_a_class_page_is_its_pupils_only(world, method, path, form):
    clients, names = world
    url = path.format(**names)
    got = {role: send(clients[role], method, url, form).status_code for role in ROLES}
    expected = 200 if method == "GET" else 303
    assert got == {**{role: 404 for role in ROLES}, "pupil": expected}


def test_every_post_is_refused_without_a_csrf_token(app, world):
    clients, names = world
    posts = [(m, p, f) for m, p, f, *_ in TEACHER_ROUTES if m == "POST"] + [
        (m, p, f) for m, p, f in PUPIL_ROUTES if m == "POST"
    ]
    public = [
        ("POST", "/en/teach/login", {"login": "owner", "password": PASSWORD}),
        ("POST", "/en/teach/logout", {}),
        ("POST", "/en/teach/signup", {"login": "third", "display_name": "T", "password": PASSWORD}),
        ("POST", "/en/teach/recover", {"login": "owner", "code": "x", "password": PASSWORD}),
        ("POST", "/en/join", {"code": "ABCDEF"}),
        ("POST", "/en/j/ABCDEF", {"action": "join"}),
        ("POST", "/en/teach/invite/" + "x" * 43, {}),
    ]
    for method, path, form in posts + public:
        for role in ("owner", "co-teacher", "pupil"):
            response = send(clients[role], method, path.format(**names), form, with_token=False, names=names)
            assert response.status_code == 400, (role, path)
    assert clients["owner"].get(f"/en/teach/classes/{names['cid']}").status_code == 200  # nothing happened


def test_a_teacher_sees_only_their_own_classes(world):
    clients, _names = world
    mine = clients["owner"].get("/en/teach/classes").get_data(as_text=True)
    other = clients["other teacher"].get("/en/teach/classes").get_data(as_text=True)
    co_teacher = clients["co-teacher"].get("/en/teach/classes").get_data(as_text=True)
    assert "Not yours" not in mine and "Not yours" in other and "Not yours" not in co_teacher
    name = ">Club</a>"  # the class's link (the page also links to "Club nights")
    assert name in mine and name not in other and name in co_teacher
