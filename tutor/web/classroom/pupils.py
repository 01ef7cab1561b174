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

from flask import abort, current_app, flash, redirect, request, session, url_for

from ...i18n import gettext as _
from ...store import current_store
from ...store.classroom import MEMBER_CAP, SchoolClass, format_join_code, normalize_join_code
from ..shared.learner import current_learner, my_learner_id
from . import assignments
from .blueprint import JOIN_BUDGET, JOIN_EVERY, bp, client_key, give_back, minutes, page, reserve
from .nicknames import REROLLS, new_nickname, nicknames

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
    """The QR code's link (and where a typed code leads): who the class is, what the teacher will see,
    the nickname offered; POST ``action=reroll`` for another nickname, ``action=join`` to join."""
    found, waited = find_class(code)
    if waited is not None:
        return _code_page(code, "too_many", 429, waited)
    if found is None:
        return _code_page(code, "unknown", 404)
    learner_id = my_learner_id()
    store = current_store().classroom
    if learner_id is not None and store.member(found.id, learner_id) is not None:
        return redirect(url_for("classroom.my_class", cid=found.public_id), code=303)
    closed = not found.join_open or found.archived
    action = request.form.get("action") if request.method == "POST" else None
    if action not in (None, "reroll", "join"):
        abort(400)
    nickname, used = _offer(found, reroll=action == "reroll")
    if action == "join" and not closed:
        learner = current_learner()
        joined = store.join(found, learner.id, nicknames(nickname, store.nicknames(found.id)))
        if joined.member is not None:
            session.pop(OFFER_KEY, None)
            if joined.member.nickname != nickname:
                flash(
                    _("Someone took that nickname a moment ago, so you are %(name)s.", name=joined.member.nickname),
                    "info",
                )
            else:
                flash(_("You are in the class as %(name)s.", name=joined.member.nickname), "success")
            return redirect(url_for("classroom.my_class", cid=found.public_id), code=303)
        closed = True
    status = 409 if action == "join" and closed else 200
    teacher = store.teacher(found.teacher_id)
    return page(
        "classroom/join_confirm.html",
        status,
        school_class=found,
        teacher_name=teacher.display_name if teacher else "",
        code=found.join_code,
        shown_code=format_join_code(found.join_code),
        nickname=nickname,
        rerolls_left=max(0, REROLLS - used),
        closed=closed,
        full=found.members >= MEMBER_CAP,
    )


def _membership(cid: str):
    learner_id = my_learner_id()
    store = current_store().classroom
    found = store.class_by_public_id(cid[:32])
    member = store.member(found.id, learner_id) if found is not None and learner_id is not None else None
    if found is None or member is None:
        abort(404)
    return found, member


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
