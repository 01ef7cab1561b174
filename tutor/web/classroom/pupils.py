"""Pupils: join a class with its code (typed at ``/join`` or through the QR link ``/j/<CODE>``), with no
account: a generated nickname (up to three others on request), then the class's page, where the
pupil can leave at any time.

Every look-up of a code, typed or from a link, counts against the client address's budget of wrong
codes (``rate_bucket``, kind ``join``: 100 at once, one forgotten a minute); a right code costs
nothing, so a class of 30 behind one school address who each mistype twice all get in, and a guesser
gets a 429 with ``Retry-After`` for every code, the right one too, once the budget is spent.
"""

from __future__ import annotations

import hmac
from typing import Any

from flask import abort, current_app, flash, redirect, request, session, url_for

from ...i18n import gettext as _
from ...store import current_store
from ...store.classroom import MEMBER_CAP, Joined, SchoolClass, format_join_code, normalize_join_code
from ..shared.learner import current_learner, my_learner_id
from . import assignments
from .blueprint import JOIN_BUDGET, JOIN_EVERY, bp, client_key, give_back, minutes, page, reserve
from .nicknames import REROLLS, clean_nickname, new_nickname, nickname_message, nickname_problem, nicknames

OFFER_KEY = "join_offer"
"""In the session: [class public id, offered nickname, re-rolls used]."""


def find_class(entered: str) -> tuple[SchoolClass | None, int | None]:
    """The class of a typed or linked code (None if none), or the seconds to wait when the budget is spent."""
    key = client_key(request.remote_addr)
    waited = reserve("join", key, JOIN_BUDGET, JOIN_EVERY)
    if waited is not None:
        current_app.logger.info("join codes: too many failures from %s", key)
        return None, waited
    code = normalize_join_code(entered[:32])
    found = current_store().classroom.class_by_code(code) if code else None
    if found is None or not hmac.compare_digest(found.join_code.encode(), (code or "").encode()):
        return None, None
    give_back("join", key)
    return found, None


def _code_page(entered: str, error: str | None, status: int = 200, waited: int | None = None):
    return page("classroom/join.html", status, retry_after=waited, entered=entered, error=error, wait=minutes(waited))


@bp.route("/join", methods=["GET", "POST"])
def join():
    """Type the code the teacher shows."""
    if request.method == "GET":
        return _code_page("", None)
    entered = request.form.get("code", "")[:32]
    found, waited = find_class(entered)
    if waited is not None:
        return _code_page(entered, "too_many", 429, waited)
    if found is None:
        return _code_page(entered, "unknown", 422)
    return redirect(url_for("classroom.join_link", code=found.join_code), code=303)


def _offer(found: SchoolClass, reroll: bool = False) -> tuple[str, int]:
    """The nickname offered to this browser for the class, and the re-rolls it has used."""
    offer = session.get(OFFER_KEY)
    if not (isinstance(offer, list) and len(offer) == 3 and offer[0] == found.public_id):
        offer = None
    if offer is not None and not reroll:
        return offer[1], offer[2]
    used = offer[2] + 1 if offer is not None else 0
    if used > REROLLS:
        return offer[1], offer[2]  # type: ignore[index]
    taken = current_store().classroom.nicknames(found.id)
    nickname = new_nickname(taken | ({offer[1]} if offer else set()))
    session[OFFER_KEY] = [found.public_id, nickname, used]
    return nickname, used


@bp.route("/j/<code>", methods=["GET", "POST"])
def join_link(code: str):
    """The QR code's link (and a typed code's page): the class, what the teacher sees, the nickname offered;
    POST ``action`` ``reroll`` (another), ``join`` (as offered), ``own`` (as typed: teens and adults)."""
    found, waited = find_class(code)
    if waited is not None:
        return _code_page(code, "too_many", 429, waited)
    if found is None:
        return _code_page(code, "unknown", 404)
    learner_id = my_learner_id()
    if learner_id is not None and current_store().classroom.member(found.id, learner_id) is not None:
        return redirect(url_for("classroom.my_class", cid=found.public_id), code=303)
    action = request.form.get("action") if request.method == "POST" else None
    if action not in (None, "reroll", "join", "own") or (action == "own" and found.children):
        abort(400)
    nickname, used = _offer(found, reroll=action == "reroll")
    closed, own, own_error = not found.join_open or found.archived, "", None
    if action in ("join", "own") and not closed:
        own, own_error = _own_nickname(found) if action == "own" else ("", None)
        if own_error is None:
            joined = _join(found, own, nickname)
            if joined.member is not None:
                return _joined(found, joined.member, own or nickname)
            own_error, closed = (nickname_message("taken"), False) if joined.refused == "nickname" else (None, True)
    status = 409 if action in ("join", "own") and closed else 422 if own_error else 200
    return _confirm_page(found, status, nickname=nickname, used=used, closed=closed, own=own, own_error=own_error)


def _join(found: SchoolClass, own: str, offered: str) -> Joined:
    """Join under the pupil's own nickname (that one only), or the offered one (or the next free one)."""
    store = current_store().classroom
    return store.join(found, current_learner().id, [own] if own else nicknames(offered, store.nicknames(found.id)))


def _confirm_page(found: SchoolClass, status: int, *, nickname: str, used: int, **context: Any):
    teacher = current_store().classroom.teacher(found.teacher_id)
    return page(
        "classroom/join_confirm.html",
        status,
        school_class=found,
        teacher_name=teacher.display_name if teacher else "",
        code=found.join_code,
        shown_code=format_join_code(found.join_code),
        nickname=nickname,
        rerolls_left=max(0, REROLLS - used),
        full=found.members >= MEMBER_CAP,
        **context,
    )


def _own_nickname(found: SchoolClass) -> tuple[str, str | None]:
    """The nickname a pupil typed and why it cannot be used (translated), or None."""
    own = clean_nickname(request.form.get("own", "")[:200])
    problem = nickname_problem(own, current_store().classroom.nicknames(found.id))
    return own, nickname_message(problem) if problem else None


def _joined(found: SchoolClass, member, wanted: str):
    session.pop(OFFER_KEY, None)
    if member.nickname != wanted:
        flash(_("Someone took that nickname a moment ago, so you are %(name)s.", name=member.nickname), "info")
    else:
        flash(_("You are in the class as %(name)s.", name=member.nickname), "success")
    return redirect(url_for("classroom.my_class", cid=found.public_id), code=303)


def _membership(cid: str):
    learner_id = my_learner_id()
    store = current_store().classroom
    found = store.class_by_public_id(cid[:32])
    member = store.member(found.id, learner_id) if found is not None and learner_id is not None else None
    if found is None or member is None:
        abort(404)
    return found, member


@bp.get("/my-class")
def my_classes():
    """The menu's "My class": the pupil's class page (the first class they joined that is not
    archived); 404 for anyone in no class."""
    for found, _member in current_store().classroom.memberships(my_learner_id() or 0):
        if not found.archived:
            return redirect(url_for("classroom.my_class", cid=found.public_id), code=303)
    abort(404)


@bp.get("/class/<cid>")
def my_class(cid: str):
    """A pupil's page of their class (404 for anyone who is not in it)."""
    found, member = _membership(cid)
    teacher = current_store().classroom.teacher(found.teacher_id)
    return page(
        "classroom/my_class.html",
        school_class=found,
        member=member,
        teacher_name=teacher.display_name if teacher else "",
        assignments=assignments.for_pupil(found.id, member),
    )


@bp.post("/class/<cid>/leave")
def leave(cid: str):
    """Leave the class: the teacher no longer sees anything of this learner; the progress stays theirs."""
    found, member = _membership(cid)
    current_store().classroom.leave(found.id, member.learner_id)
    flash(_("You have left the class %(name)s. Your progress stays on this device.", name=found.name), "info")
    return redirect(url_for("core.index"), code=303)
