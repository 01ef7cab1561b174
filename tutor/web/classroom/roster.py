"""Roster chores: rename a pupil's nickname, remove a pupil, copy a class for a new school year, delete
a class (its name typed to confirm; the owner only).

A pupil is found by the nickname in the URL, within a class the teacher teaches (404 otherwise). A
pupil who joined keeps their progress when removed or when the class is deleted; a teacher-made
pupil (:mod:`.cards`) exists for the class, so their learner goes with it unless they are in another
class too (a class copied with its pupils).
"""

from __future__ import annotations

from flask import abort, flash, redirect, request, url_for

from ...i18n import gettext as _
from ...store import FORM_TOKEN_FIELD, current_store, new_form_token
from ...store.classroom import NAME_LENGTH, Member, SchoolClass
from .blueprint import bp, current_teacher, own_class, owners_class, page, teacher_only, writable_class
from .nicknames import clean_nickname, nickname_message, nickname_problem


def pupil_of(found: SchoolClass, nickname: str) -> Member:
    member = current_store().classroom.member_by_nickname(found.id, nickname[:64])
    if member is None:
        abort(404)
    return member


def _to_class(found: SchoolClass, anchor: str = ""):
    return redirect(url_for("classroom.class_page", cid=found.public_id) + anchor, code=303)


def _rename_refused(found: SchoolClass, member: Member, entered: str, problem: str):
    flash(nickname_message(problem), "error")
    status = 409 if problem == "taken" else 422
    target = url_for("classroom.pupil", cid=found.public_id, nickname=member.nickname)
    return page("classroom/refused.html", status, school_class=found, back=target, entered=entered)


@bp.post("/teach/classes/<cid>/pupils/<nickname>/rename")
@teacher_only
def rename_pupil(cid: str, nickname: str):
    """Give a pupil another nickname (checked like any chosen nickname, unique in the class)."""
    found = writable_class(cid)
    member = pupil_of(found, nickname)
    entered = clean_nickname(request.form.get("nickname", "")[:200])
    others = current_store().classroom.nicknames(found.id) - {member.nickname}
    problem = nickname_problem(entered, others)
    if problem is None and current_store().roster.rename(found.id, member.learner_id, entered) is False:
        problem = "taken"  # taken a moment ago
    if problem is not None:
        return _rename_refused(found, member, entered, problem)
    flash(_("%(old)s is now called %(new)s.", old=member.nickname, new=entered), "success")
    return redirect(url_for("classroom.pupil", cid=found.public_id, nickname=entered), code=303)


@bp.post("/teach/classes/<cid>/pupils/<nickname>/remove")
@teacher_only
def remove_pupil(cid: str, nickname: str):
    """Take a pupil out of the class (a teacher-made pupil's progress goes too)."""
    found = writable_class(cid)
    member = pupil_of(found, nickname)
    if not current_store().roster.remove(found.id, member.learner_id):
        abort(404)  # removed a moment ago
    if member.managed:
        flash(_("%(name)s is removed, with their login code and progress.", name=member.nickname), "info")
    else:
        flash(_("%(name)s is no longer in the class; their progress stays theirs.", name=member.nickname), "info")
    return _to_class(found, "#pupils-title")


def _copy_page(found: SchoolClass, form: dict[str, str], errors: dict[str, str], status: int = 200):
    managed = current_store().roster.managed_count(found.id)
    return page("classroom/copy_class.html", status, school_class=found, form=form, errors=errors, managed=managed)


@bp.route("/teach/classes/<cid>/copy", methods=["GET", "POST"])
@teacher_only
def copy_class(cid: str):
    """A new class with the same settings and teachers (and, if asked, the same teacher-made pupils)."""
    found = own_class(cid)
    if request.method == "GET":
        return _copy_page(found, {"name": found.name, "pupils": "1", FORM_TOKEN_FIELD: new_form_token()}, {})
    form = {key: request.form.get(key, "")[:200] for key in ("name", "pupils", FORM_TOKEN_FIELD)}
    name = " ".join(form["name"].split())
    if not name or len(name) > NAME_LENGTH:
        error = _("Give the class a name of at most 80 characters, for example “Club, Thursdays”.")
        return _copy_page(found, form, {"name": error}, 422)
    teacher = current_teacher()
    assert teacher is not None
    claim = (teacher.learner_id, form[FORM_TOKEN_FIELD]) if teacher.learner_id else None
    copied = current_store().roster.copy(found, teacher.id, name, pupils=form["pupils"] == "1", claim=claim)
    if copied is None:  # the same form sent twice: the first made the copy
        return redirect(url_for("classroom.classes"), code=303)
    flash(_("This is the new class %(name)s, with a new join code.", name=copied.name), "success")
    return redirect(url_for("classroom.class_page", cid=copied.public_id), code=303)


def same_name(typed: str, name: str) -> bool:
    """Whether the typed confirmation is the class's name (spaces and case aside).

    >>> same_name(" club  thursdays", "Club Thursdays"), same_name("Club", "Club Thursdays")
    (True, False)
    """
    return " ".join(typed.split()).casefold() == " ".join(name.split()).casefold()


@bp.post("/teach/classes/<cid>/delete")
@teacher_only
def delete_class(cid: str):
    """Delete the class for good (the owner only, its name typed to confirm)."""
    found = owners_class(cid)
    if not same_name(request.form.get("confirm", "")[:200], found.name):
        flash(_("Type the name of the class exactly as it is shown to delete it."), "error")
        back = url_for("classroom.class_page", cid=found.public_id) + "#delete-title"
        return page("classroom/refused.html", 422, school_class=found, back=back, entered="")
    name = found.name
    current_store().roster.delete_class(found.id)
    flash(_("The class %(name)s is deleted.", name=name), "info")
    return redirect(url_for("classroom.classes"), code=303)
