"""Teacher accounts: sign up, log in, log out, change the password, log out everywhere, recover with the
recovery code; ``flask --app tutor teacher reset-password LOGIN`` for the operator.

The app sends no e-mail. After sign-up the teacher is shown one recovery code, once (only its hash is
kept); with it and the login name a new password can be set (``/teach/recover``), and the operator
can reset one from the command line.

Sessions: Flask-Login keeps ``<teacher id>.<generation>`` in the signed session cookie; a password
change, a recovery, an operator's reset and "log out everywhere" raise the account's generation, and
every session carrying an older one is dropped at its next request. Logging in clears the whole
session first (no fixation: nothing from before the login survives, not the CSRF token, not the
learner) and then continues the teacher's own learner, so the teacher keeps their progress; logging
out clears it again, and the browser becomes a new anonymous learner, never the previous pupil.
"""

from __future__ import annotations

import re

import click
from flask import Flask, flash, redirect, request, session, url_for
from flask.cli import with_appcontext
from flask_login import LoginManager, UserMixin, login_user, logout_user

from ...i18n import gettext as _, ngettext
from ...store import current_store
from ...store.classroom import LOGIN_LENGTH, NAME_LENGTH, Teacher
from ..shared.learner import current_learner, switch_to
from . import passwords
from .blueprint import (
    LOGIN_IP_BUDGET,
    LOGIN_IP_EVERY,
    LOGIN_NAME_BUDGET,
    LOGIN_NAME_EVERY,
    bp,
    client_key,
    current_teacher,
    give_back,
    minutes,
    page,
    reserve,
    teacher_only,
)

login_manager = LoginManager()
login_manager.session_protection = None  # the session generation ends old sessions (see the docstring)

LOGIN_RE = re.compile(rf"^[a-z0-9][a-z0-9._-]{{2,{LOGIN_LENGTH - 1}}}$")


class TeacherUser(UserMixin):
    """Flask-Login's user: the teacher row, with the generation in its id."""

    def __init__(self, teacher: Teacher) -> None:
        self.teacher = teacher

    def get_id(self) -> str:
        return f"{self.teacher.id}.{self.teacher.generation}"


@login_manager.user_loader
def load_teacher(user_id: str) -> TeacherUser | None:
    """The session's teacher, if the account exists and the session's generation is current."""
    number, _dot, generation = user_id.partition(".")
    if not number.isdigit() or not generation.isdigit():
        return None
    teacher = current_store().classroom.teacher(int(number))
    if teacher is None or teacher.generation != int(generation):
        return None
    return TeacherUser(teacher)


def password_message(problem: str) -> str:
    return {
        "short": _("Use at least 10 characters."),
        "long": _("Use at most 200 characters."),
        "common": _("This password is too common; choose another, for example a few words with a space between them."),
        "login": _("The password must not contain your login name."),
    }[problem]


def start_session(teacher: Teacher) -> None:
    """A new session for ``teacher``: everything of the old one dropped, the teacher's learner continued."""
    session.clear()
    login_user(TeacherUser(teacher))
    learner = current_store().classroom.learner_row(teacher.learner_id) if teacher.learner_id else None
    if learner is not None:
        switch_to(learner)
    else:
        current_store().classroom.link_learner(teacher, current_learner().id)


@bp.get("/teach")
def teach():
    """The teachers' door: log in, or sign up."""
    if current_teacher() is not None:
        return redirect(url_for("classroom.classes"), code=303)
    return page("classroom/login.html")


@bp.route("/teach/signup", methods=["GET", "POST"])
def signup():
    """Create a teacher account; the recovery code is shown once, on the page this answers."""
    if request.method == "GET":
        return page("classroom/signup.html", errors={}, form={})
    form = {name: request.form.get(name, "")[:300] for name in ("login", "display_name")}
    password = request.form.get("password", "")[:300]
    login = form["login"].strip().lower()
    display_name = " ".join(form["display_name"].split())
    errors: dict[str, str] = {}
    if not LOGIN_RE.match(login):
        errors["login"] = _("Use 3 to 40 letters (a to z), digits, dots, dashes or underscores.")
    if not display_name or len(display_name) > NAME_LENGTH:
        errors["display_name"] = _("Type the name your pupils know you by (at most 80 characters).")
    problem = passwords.password_problem(password, login)
    if problem:
        errors["password"] = password_message(problem)
    if errors:
        return page("classroom/signup.html", 422, errors=errors, form=form)
    store = current_store()
    code = passwords.new_recovery_code()
    learner = current_learner()
    teacher = store.classroom.add_teacher(
        login, display_name, passwords.hash_secret(password), passwords.hash_secret(code), learner.id
    )
    if teacher is None:
        errors["login"] = _("This login name is taken; choose another.")
        return page("classroom/signup.html", 422, errors=errors, form=form)
    start_session(teacher)
    return page("classroom/recovery_code.html", code=code, new_account=True)


def _refused(template: str, seconds: int, **context):
    wait = minutes(seconds)
    text = ngettext(
        "Too many failed attempts. Try again in %(num)s minute.",
        "Too many failed attempts. Try again in %(num)s minutes.",
        wait,
    )
    return page(template, 429, retry_after=seconds, error=text, **context)


def _check_login(login: str) -> tuple[Teacher | None, int | None]:
    """Reserve an attempt on the address and the login name; (None, seconds) when either is spent."""
    address = client_key(request.remote_addr)
    waited = reserve("login-ip", address, LOGIN_IP_BUDGET, LOGIN_IP_EVERY)
    if waited is None:
        waited = reserve("login-name", login[:LOGIN_LENGTH] or "-", LOGIN_NAME_BUDGET, LOGIN_NAME_EVERY)
    if waited is not None:
        return None, waited
    return current_store().classroom.teacher_by_login(login), None


def _succeeded(login: str) -> None:
    give_back("login-ip", client_key(request.remote_addr))
    give_back("login-name", login[:LOGIN_LENGTH])


@bp.post("/teach/login")
def login():
    """Log in with the login name and password (limited per address and per login name)."""
    login = request.form.get("login", "")[: LOGIN_LENGTH + 10].strip().lower()
    password = request.form.get("password", "")[:300]
    teacher, waited = _check_login(login)
    if waited is not None:
        return _refused("classroom/login.html", waited, login=login)
    if not passwords.verify_secret(teacher.password_hash if teacher else None, password) or teacher is None:
        return page("classroom/login.html", 422, error=_("The login name or the password is wrong."), login=login)
    _succeeded(login)
    start_session(teacher)
    return redirect(url_for("classroom.classes"), code=303)


@bp.post("/teach/logout")
def logout():
    """Log out: the browser becomes a new anonymous learner (never the previous one)."""
    logout_user()
    session.clear()
    flash(_("You are logged out. This browser now starts as a new learner."), "info")
    return redirect(url_for("classroom.teach"), code=303)


@bp.get("/teach/account")
@teacher_only
def account():
    return page("classroom/account.html", errors={})


@bp.post("/teach/account/password")
@teacher_only
def change_password():
    """A new password (the current one asked for); every other session of the account ends."""
    teacher = current_teacher()
    assert teacher is not None
    current = request.form.get("current", "")[:300]
    new = request.form.get("password", "")[:300]
    waited = reserve("login-name", teacher.login, LOGIN_NAME_BUDGET, LOGIN_NAME_EVERY)
    if waited is not None:
        return _refused("classroom/account.html", waited, errors={})
    if not passwords.verify_secret(teacher.password_hash, current):
        return page("classroom/account.html", 422, errors={"current": _("This is not your current password.")})
    give_back("login-name", teacher.login)
    problem = passwords.password_problem(new, teacher.login)
    if problem:
        return page("classroom/account.html", 422, errors={"password": password_message(problem)})
    current_store().classroom.set_password(teacher, passwords.hash_secret(new))
    start_session(teacher)
    flash(_("Your password is changed. Every other session of your account has ended."), "success")
    return redirect(url_for("classroom.account"), code=303)


@bp.post("/teach/account/logout-everywhere")
@teacher_only
def logout_everywhere():
    """End every session of the account, this one included."""
    teacher = current_teacher()
    assert teacher is not None
    current_store().classroom.end_sessions(teacher)
    logout_user()
    session.clear()
    flash(_("Every session of your account has ended, including this one."), "info")
    return redirect(url_for("classroom.teach"), code=303)


@bp.route("/teach/recover", methods=["GET", "POST"])
def recover():
    """A new password with the login name and the recovery code; a new recovery code is shown once."""
    if request.method == "GET":
        return page("classroom/recover.html", errors={}, login="")
    login = request.form.get("login", "")[: LOGIN_LENGTH + 10].strip().lower()
    code = passwords.normalize_recovery_code(request.form.get("code", "")[:64])
    new = request.form.get("password", "")[:300]
    teacher, waited = _check_login(login)
    if waited is not None:
        return _refused("classroom/recover.html", waited, errors={}, login=login)
    if teacher is None or not passwords.verify_secret(teacher.recovery_hash if teacher else None, code):
        error = _("The login name or the recovery code is wrong.")
        return page("classroom/recover.html", 422, errors={"code": error}, login=login)
    _succeeded(login)
    problem = passwords.password_problem(new, login)
    if problem:
        return page("classroom/recover.html", 422, errors={"password": password_message(problem)}, login=login)
    fresh = passwords.new_recovery_code()
    current_store().classroom.set_password(teacher, passwords.hash_secret(new), passwords.hash_secret(fresh))
    start_session(teacher)
    return page("classroom/recovery_code.html", code=fresh, new_account=False)


# --- The operator's command ------------------------------------------------------------------------


@click.group("teacher")
def teacher_cli() -> None:
    """Teacher accounts."""


@teacher_cli.command("reset-password")
@click.argument("login")
@with_appcontext
def reset_password(login: str) -> None:
    """Give the teacher LOGIN a new random password (printed once) and end their sessions."""
    store = current_store()
    teacher = store.classroom.teacher_by_login(login)
    if teacher is None:
        raise click.ClickException(f"no teacher has the login name {login!r}")
    password = passwords.new_password()
    store.classroom.set_password(teacher, passwords.hash_secret(password))
    click.echo(f"New password for {teacher.login}: {password}")
    click.echo("Every session of the account has ended. Ask the teacher to change the password after logging in.")


def init_app(app: Flask) -> None:
    login_manager.init_app(app)
    app.cli.add_command(teacher_cli)
