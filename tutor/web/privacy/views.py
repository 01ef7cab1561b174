"""The privacy page and "my data": what is stored about this browser's learner, a download of all of
it as JSON, and its deletion.

* ``GET /privacy``: the privacy page (what is stored, who sees it, for how long, how to delete it).
* ``GET /my-data``: what the store keeps about this learner, counted, with the two forms below.
* ``POST /my-data/download``: every row about the learner as a JSON file (a POST: CSRF-protected,
  never prefetched).
* ``POST /my-data/delete``: with ``confirm=yes``, deletes the learner and everything about it in one
  transaction (:meth:`tutor.store.privacy.LearnerData.erase`), then clears the session, so the
  browser goes on as a new anonymous learner. A learner that is a teacher account's own learner is
  deleted only by that teacher, logged in, who types the login name when the account has classes:
  the account goes too, with its classes (memberships and assignments) and live sessions; the pupils
  of those classes keep their own progress.
"""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, Response, current_app, flash, redirect, render_template, request, session, url_for
from flask_login import current_user

from ...i18n import LANG_PREFIX, gettext as _, ngettext
from ...store import current_store
from ...store.learners import PRUNE_AFTER
from ...store.privacy import Overview
from ..shared.learner import my_learner_id

bp = Blueprint("privacy", __name__, url_prefix=LANG_PREFIX)


def logged_in_teacher_id() -> int | None:
    """The teacher account this browser is logged in as (Flask-Login, when the classroom is installed)."""
    if not hasattr(current_app, "login_manager"):
        return None
    user = current_user
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    teacher = getattr(user, "teacher", None)
    return getattr(teacher, "id", None)


@bp.get("/privacy")
def policy():
    return render_template("privacy/policy.html", prune_days=PRUNE_AFTER.days)


def _overview() -> Overview | None:
    learner_id = my_learner_id()
    return current_store().privacy.overview(learner_id) if learner_id is not None else None


def _page(status: int = 200, error: str | None = None) -> Any:
    overview = _overview()
    learner_id = my_learner_id()
    teacher = current_store().privacy.teacher_of(learner_id) if overview and learner_id is not None else None
    context = {
        "overview": overview,
        "error": error,
        "teacher_here": teacher is not None and teacher.id == logged_in_teacher_id(),
        "prune_days": PRUNE_AFTER.days,
    }
    return render_template("privacy/my_data.html", **context), status


@bp.get("/my-data")
def my_data():
    return _page()


@bp.post("/my-data/download")
def download():
    """Every row about this learner, as JSON (nothing stored: a file with an empty learner)."""
    learner_id = my_learner_id()
    privacy = current_store().privacy
    if learner_id is None:
        data: dict[str, Any] = {"learner": []}
    else:  # a teacher account's part only to that teacher, logged in
        teacher = privacy.teacher_of(learner_id)
        data = privacy.export(learner_id, account=teacher is None or teacher.id == logged_in_teacher_id())
    body = json.dumps({"format": "truco-tutor/my-data/1", "tables": data}, ensure_ascii=False, indent=2, default=str)
    response = Response(body.encode("utf-8"), mimetype="application/json")
    response.headers["Content-Disposition"] = 'attachment; filename="truco-tutor-my-data.json"'
    response.headers["Cache-Control"] = "no-store"
    return response


def refusal(overview: Overview) -> tuple[str, int] | None:
    """Why the deletion cannot go ahead as posted, with the status to answer; None if it can."""
    if request.form.get("confirm") != "yes":
        return _("Tick the box to confirm that everything is to be deleted."), 422
    if overview.teacher_login is None:
        return None
    teacher = current_store().privacy.teacher_of(my_learner_id())  # type: ignore[arg-type]
    if teacher is None or teacher.id != logged_in_teacher_id():
        return _("This progress belongs to a teacher account: log in as that teacher to delete it."), 403
    typed = request.form.get("login", "")[:80].strip().lower()
    if overview.classes_owned and typed != overview.teacher_login:
        return _("Type your login name to confirm that your classes are to be deleted."), 422
    return None


@bp.post("/my-data/delete")
def delete():
    """Delete everything about this learner (see the module docstring); a new anonymous learner follows."""
    overview = _overview()
    if overview is None:  # nothing stored (or deleted a moment ago: a second click)
        flash(_("Nothing is stored about this browser."), "info")
        return redirect(url_for("privacy.my_data"), code=303)
    problem = refusal(overview)
    if problem is not None:
        return _page(problem[1], problem[0])
    deleted = current_store().privacy.erase(my_learner_id())  # type: ignore[arg-type]
    session.clear()  # the learner's id, a teacher's login, the CSRF token: a new anonymous learner next
    flash(deleted_message(deleted.classes), "success")
    return redirect(url_for("privacy.my_data"), code=303)


def deleted_message(classes: int) -> str:
    if not classes:
        return _("Everything stored about you is deleted. This browser now starts as a new learner.")
    # Translators: the singular names no number ("its class"): a teacher with one class.
    return ngettext(
        "Everything stored about you is deleted, with your teacher account and its class. "
        "This browser now starts as a new learner.",
        "Everything stored about you is deleted, with your teacher account and its %(num)s classes. "
        "This browser now starts as a new learner.",
        classes,
    )
