"""Co-teachers: the owner of a class makes a single-use invitation link that expires after
:data:`INVITE_DAYS` days; a teacher who opens it logged in and accepts becomes a co-teacher of the
class, with every power over it except deleting it and inviting or removing co-teachers. The owner
can withdraw an open link and remove a co-teacher; a co-teacher can stop co-teaching.

The link carries 256 random bits; the store keeps only their SHA-256 (:func:`token_hash`), so a copy
of the database opens no class. The page the link opens shows the class only to a logged-in teacher.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta

from flask import abort, flash, redirect, request, url_for

from ...i18n import format_long_date, gettext as _
from ...store import current_store
from ..shared.qr import public_url_for
from .blueprint import bp, current_teacher, owners_class, page, taught_class, teacher_only

INVITE_DAYS = 7
"""How long an invitation link stays valid."""
TOKEN_LENGTH = 64


def token_hash(token: str) -> str:
    """The stored form of an invitation token.

    >>> token_hash("abc") == hashlib.sha256(b"abc").hexdigest()
    True
    """
    return hashlib.sha256(token.encode()).hexdigest()


def _back(cid: str):
    return redirect(url_for("classroom.class_page", cid=cid) + "#teachers-title", code=303)


@bp.post("/teach/classes/<cid>/invites")
@teacher_only
def new_invite(cid: str):
    """A new invitation link, shown once on the page this answers."""
    found = owners_class(cid)
    token = secrets.token_urlsafe(32)
    expires = current_store().now() + timedelta(days=INVITE_DAYS)
    current_store().roster.invite(found.id, token_hash(token), expires)
    link = public_url_for("classroom.invitation", token=token)
    response = page("classroom/invite_link.html", school_class=found, link=link, until=format_long_date(expires.date()))
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/teach/classes/<cid>/invites/<iid>/withdraw")
@teacher_only
def withdraw_invite(cid: str, iid: str):
    found = owners_class(cid)
    if current_store().roster.withdraw(found.id, iid[:32]):
        flash(_("The invitation link is withdrawn: it no longer works."), "info")
    return _back(found.public_id)


@bp.post("/teach/classes/<cid>/teachers/remove")
@teacher_only
def remove_co_teacher(cid: str):
    """The owner removes a co-teacher (``teacher``: their id in the form)."""
    found = owners_class(cid)
    chosen = request.form.get("teacher", "")
    if not chosen.isdigit() or not current_store().roster.remove_co_teacher(found.id, int(chosen)):
        abort(404)
    flash(_("The co-teacher no longer teaches this class."), "info")
    return _back(found.public_id)


@bp.post("/teach/classes/<cid>/teachers/leave")
@teacher_only
def stop_co_teaching(cid: str):
    """A co-teacher leaves the class (the owner cannot: they delete it or keep it)."""
    found, role = taught_class(cid)
    teacher = current_teacher()
    if role == "owner" or teacher is None:
        abort(400)
    current_store().roster.remove_co_teacher(found.id, teacher.id)
    flash(_("You no longer co-teach %(name)s.", name=found.name), "info")
    return redirect(url_for("classroom.classes"), code=303)


def _invitation_page(token: str, status: int = 200):
    """What the link shows: to a teacher, the class and who invites; to anyone else, how to log in."""
    teacher = current_teacher()
    if teacher is None:
        return page("classroom/invitation.html", status, school_class=None, owner=None, token=token)
    roster = current_store().roster
    found = roster.invited_class(token_hash(token[:TOKEN_LENGTH]))
    if found is None:
        return page("classroom/invitation.html", 404, school_class=None, owner=None, token=None)
    owner = current_store().classroom.teacher(found.teacher_id)
    already = roster.teaches(found.id, teacher.id)
    return page("classroom/invitation.html", status, school_class=found, owner=owner, token=token, already=already)


@bp.get("/teach/invite/<token>")
def invitation(token: str):
    response = _invitation_page(token)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/teach/invite/<token>")
@teacher_only
def accept_invitation(token: str):
    """Accept: the teacher becomes a co-teacher and the link is used up (one teacher per link)."""
    teacher = current_teacher()
    assert teacher is not None
    accepted = current_store().roster.accept(token_hash(token[:TOKEN_LENGTH]), teacher.id)
    if accepted.school_class is None:
        return _invitation_page(token, 404)
    name = accepted.school_class.name
    if accepted.already:
        flash(_("You already teach %(name)s.", name=name), "info")
    else:
        flash(_("You now co-teach %(name)s.", name=name), "success")
    return redirect(url_for("classroom.class_page", cid=accepted.school_class.public_id), code=303)
