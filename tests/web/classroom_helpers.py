"""Helpers of the classroom's tests: a teacher who signs up, a class, a pupil who joins (Flask's test client)."""

from __future__ import annotations

import re

from tests.conftest import csrf_token

PASSWORD = "vale cuatro al mazo"
SESSION_COOKIE = "tutor_session"


def token(client, path: str = "/en/join") -> str:
    return csrf_token(client, path)


def sign_up(client, login: str = "nowak", name: str = "Ms Nowak", password: str = PASSWORD):
    """Sign up (the page then shows the recovery code); returns the response."""
    return client.post(
        "/en/teach/signup",
        data={
            "csrf_token": token(client, "/en/teach/signup"),
            "login": login,
            "display_name": name,
            "password": password,
        },
    )


def recovery_code(response) -> str:
    found = re.search(r"data-recovery-code>([^<]+)<", response.get_data(as_text=True))
    assert found, "no recovery code on the page"
    return found.group(1)


def log_in(client, login: str = "nowak", password: str = PASSWORD, address: str = "127.0.0.1"):
    return client.post(
        "/en/teach/login",
        data={"csrf_token": token(client, "/en/teach"), "login": login, "password": password},
        environ_base={"REMOTE_ADDR": address},
    )


def new_class(client, name: str = "Club", lang: str = "en", age: str = "children") -> str:
    """Create a class; its public id."""
    response = client.post(
        "/en/teach/classes/new",
        data={"csrf_token": token(client, "/en/teach/classes/new"), "name": name, "lang": lang, "age": age},
    )
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"].rstrip("/").rsplit("/", 1)[1]


def join_code(client, cid: str) -> str:
    """The join code as the teacher's class page shows it (its ``data-join-code`` attribute)."""
    html = client.get(f"/en/teach/classes/{cid}").get_data(as_text=True)
    found = re.search(r'data-join-code="([^"]+)"', html)
    assert found, "no join code on the class page"
    return found.group(1)


def nickname_on(html: str) -> str:
    found = re.search(r"data-nickname>([^<]+)<", html)
    assert found, "no nickname on the page"
    return found.group(1)


def join(client, code: str, address: str = "127.0.0.1"):
    """Join through the QR link's page; the final response (the class page after a redirect, or a refusal)."""
    response = client.post(
        f"/en/j/{code}",
        data={"csrf_token": token(client), "action": "join"},
        environ_base={"REMOTE_ADDR": address},
    )
    return response


def session_learner(client) -> str | None:
    """The learner public id in the client's session cookie."""
    with client.session_transaction() as session:
        return session.get("learner")


def cheap_hashes(monkeypatch) -> None:
    """Argon2 with the cheapest parameters (the tests hash many passwords; the strength is argon2-cffi's)."""
    from argon2 import PasswordHasher
    from argon2.profiles import CHEAPEST

    from tutor.web.classroom import passwords

    monkeypatch.setattr(passwords, "_HASHER", PasswordHasher.from_parameters(CHEAPEST))
    monkeypatch.setattr(passwords, "_DUMMY", passwords._HASHER.hash("dummy"))


def invite_link(owner, cid: str) -> str:
    """The path of a new invitation link the owner makes for the class (as the page shows it)."""
    response = owner.post(f"/en/teach/classes/{cid}/invites", data={"csrf_token": token(owner)})
    assert response.status_code == 200, response.status_code
    found = re.search(r'href="([^"]+)" data-invite-link', response.get_data(as_text=True))
    assert found, "no invitation link on the page"
    return "/" + found.group(1).split("/", 3)[3]


def accept_invite(client, path: str):
    """Open the invitation link and accept it; the response to the POST."""
    return client.post(path, data={"csrf_token": token(client, path)})
