"""A teacher's classes: the list (archived ones behind a toggle), a new class, a class's page with its
join code (changeable, closable), the projector's join screen with a QR code, archive and restore."""

from __future__ import annotations

from typing import Any

from flask import abort, flash, redirect, request, url_for

from ...i18n import LANGUAGES, current_language, format_long_date, gettext as _, language_name
from ...store import current_store, new_form_token
from ...store.classroom import MEMBER_CAP, NAME_LENGTH, OWNER, SchoolClass, format_join_code
from ..shared.extensions import CLASS_PAGE_LINKS, CLASS_PAGE_SECTIONS, TEACHER_LINKS
from ..shared.learner import now
from ..shared.qr import qr_data_uri
from . import assignments
from .blueprint import bp, current_teacher, own_class, page, taught_class, teacher_only, writable_class


def join_url(code: str, lang: str) -> str:
    """The QR code's link: the join page of this code, in the class's language."""
    return url_for("classroom.join_link", lang=lang, code=code, _external=True)


@bp.get("/teach/classes")
@teacher_only
def classes():
    teacher = current_teacher()
    assert teacher is not None
    archived = request.args.get("archived") == "1"
    found = current_store().classroom.classes_of(teacher.id, archived=archived)
    links = TEACHER_LINKS.gather()
    return page("classroom/classes.html", classes=found, archived=archived, teacher=teacher, links=links)


def _languages() -> list[tuple[str, str]]:
    return [(code, language_name(code)) for code in LANGUAGES]


@bp.route("/teach/classes/new", methods=["GET", "POST"])
@teacher_only
def new_class():
    teacher = current_teacher()
    assert teacher is not None
    if request.method == "GET":
        form = {"lang": current_language(), "age": "children"}
        return page("classroom/new_class.html", errors={}, form=form, languages=_languages())
    form = {name: request.form.get(name, "")[:200] for name in ("name", "lang", "age")}
    name = " ".join(form["name"].split())
    errors = {}
    if not name or len(name) > NAME_LENGTH:
        errors["name"] = _("Give the class a name of at most 80 characters, for example “Club, Thursdays”.")
    if form["lang"] not in LANGUAGES:
        errors["lang"] = _("Choose one of the languages in the list.")
    if form["age"] not in ("children", "teens"):
        errors["age"] = _("Choose who is in the class.")
    if errors:
        return page("classroom/new_class.html", 422, errors=errors, form=form, languages=_languages())
    found = current_store().classroom.add_class(teacher.id, name, form["lang"], form["age"] == "children")
    return redirect(url_for("classroom.class_page", cid=found.public_id), code=303)


def class_context(found: SchoolClass, role: str) -> dict[str, Any]:
    """What the class page shows: the code, the pupils, the assignments, the teachers, the chores."""
    store = current_store()
    members = store.classroom.members(found.id)
    owner = store.classroom.teacher(found.teacher_id)
    return {
        "assignments": assignments.summaries(found.id, members),
        "choices": assignments.choices(),
        "quiz_size": assignments.QUIZ_SIZE,
        "default_pass_mark": assignments.default_pass_mark(),
        "today": now().astimezone(store.zone).date().isoformat(),
        "school_class": found,
        "code": format_join_code(found.join_code),
        "members": members,
        "managed": sum(1 for m in members if m.managed),
        "cap": MEMBER_CAP,
        "language": language_name(found.lang),
        "links": CLASS_PAGE_LINKS.gather(found.public_id),
        "sections": CLASS_PAGE_SECTIONS.gather(found.public_id),
        "role": role,
        "owner_name": owner.display_name if owner else "",
        "co_teachers": store.roster.co_teachers(found.id),
        "invites": [(i, format_long_date(i.expires.date())) for i in store.roster.open_invites(found.id)]
        if role == OWNER
        else [],
        "form_token": new_form_token(),
    }


@bp.get("/teach/classes/<cid>")
@teacher_only
def class_page(cid: str):
    found, role = taught_class(cid)
    return page("classroom/class.html", **class_context(found, role))


@bp.post("/teach/classes/<cid>/code")
@teacher_only
def change_code(cid: str):
    """``action``: ``new`` (another code; the old one stops working), ``close`` or ``open``."""
    found = writable_class(cid)
    action = request.form.get("action")
    store = current_store().classroom
    if action == "new":
        store.new_code(found)
        flash(_("The class has a new join code; the old one no longer works."), "success")
    elif action == "close":
        store.set_flags(found, join_open=False)
        flash(_("Joining is closed: nobody can join with the code until you open joining again."), "info")
    elif action == "open":
        store.set_flags(found, join_open=True)
        flash(_("Joining is open again."), "success")
    else:
        abort(400)
    return redirect(url_for("classroom.class_page", cid=found.public_id), code=303)


@bp.post("/teach/classes/<cid>/archive")
@teacher_only
def archive(cid: str):
    """``action``: ``archive`` (the class leaves the list, joining closes) or ``restore``."""
    found = own_class(cid)
    action = request.form.get("action")
    if action not in ("archive", "restore"):
        abort(400)
    current_store().classroom.set_flags(found, archived=action == "archive")
    flash(_("The class is archived.") if action == "archive" else _("The class is back in your list."), "info")
    return redirect(url_for("classroom.class_page", cid=found.public_id), code=303)


def _screen_key(members) -> str:
    return f"{len(members)}-{max((m.joined.timestamp() for m in members), default=0):.0f}"


@bp.get("/teach/classes/<cid>/screen")
@teacher_only
def join_screen(cid: str):
    """The projector's join screen: the code, the link and its QR code, the nicknames as pupils join."""
    found = own_class(cid)
    members = current_store().classroom.members(found.id)
    link = join_url(found.join_code, found.lang)
    return page(
        "classroom/screen.html",
        school_class=found,
        code=format_join_code(found.join_code),
        link=link,
        join_page=url_for("classroom.join", lang=found.lang, _external=True),
        qr=qr_data_uri(link),
        members=members,
        key=_screen_key(members),
    )


@bp.get("/teach/classes/<cid>/screen/members")
@teacher_only
def screen_members(cid: str):
    """The screen's list of nicknames, polled by htmx: 204 (nothing to swap) while it is unchanged."""
    found = own_class(cid)
    members = current_store().classroom.members(found.id)
    key = _screen_key(members)
    if request.args.get("seen") == key:
        return "", 204
    return page("classroom/_screen_members.html", school_class=found, members=members, key=key)
