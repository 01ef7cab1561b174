"""Teacher-made pupils, for the youngest: the teacher pastes a list of names (one per line, kept as
teacher-only labels), the app makes a learner for each with a generated nickname, and each signs in
with that learner's **device code** (the device page's own mechanism, ``tutor/web/device``: the same
codes, the same guessing limits). The login cards page prints one card per pupil: the class, the
nickname, the code and a QR code of the device page with the code in the URL *fragment*
(``/<lang>/device#K7M2QX9D``), which browsers never send to the server, so no access log or Referer
holds it; ``device-card.js`` moves it into the device page's form, and the pupil presses the button.

A teacher sees and renews the codes of the class's teacher-made pupils only, never a joined pupil's.
Renewing gives the learner a new code and a new session id, so a lost card stops working and every
browser signed in with it is signed out.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import abort, flash, redirect, request, url_for

from ...i18n import gettext as _, ngettext
from ...store import FORM_TOKEN_FIELD, current_store, format_device_code
from ...store.classroom import LABEL_LENGTH, MEMBER_CAP, SchoolClass
from ..shared.qr import public_url_for, qr_data_uri
from .blueprint import bp, current_teacher, own_class, page, teacher_only, writable_class
from .nicknames import new_nickname, nicknames
from .roster import pupil_of


@dataclass(frozen=True)
class Card:
    nickname: str
    label: str
    code: str
    link: str
    qr: str | None


def read_names(text: str) -> list[str]:
    """The names of a pasted list: one per line, spaces collapsed, empty lines left out.

    >>> read_names("  Ana  María \\n\\n Bruno\\r\\nCeci ")
    ['Ana María', 'Bruno', 'Ceci']
    """
    return [name for line in text.splitlines() if (name := " ".join(line.split()))]


def names_problem(names: list[str], room: int) -> str | None:
    """Why this list cannot be added to a class with ``room`` places left, in the teacher's language."""
    if not names:
        return _("Type the names of the pupils, one per line.")
    if any(len(name) > LABEL_LENGTH for name in names):
        return _("A name may have at most 80 characters.")
    if len(names) > room:
        return ngettext(
            "A class has at most %(cap)s pupils: there is room for %(num)s more.",
            "A class has at most %(cap)s pupils: there is room for %(num)s more.",
            room,
            cap=MEMBER_CAP,
        )
    return None


def card_link(found: SchoolClass, code: str) -> str:
    """The card's link: the device page in the class's language, the code in the fragment."""
    return public_url_for("device.device", lang=found.lang) + "#" + code


def _added(found: SchoolClass, names: list[str], token: str):
    """Add the pupils; None if the class has no room left (a join came first) or is archived."""
    store = current_store()
    taken = store.classroom.nicknames(found.id)
    choices = nicknames(new_nickname(taken), taken, count=len(names) + 20)
    teacher = current_teacher()
    claim = (teacher.learner_id, token) if teacher is not None and teacher.learner_id else None
    return store.roster.add_pupils(found, names, choices, claim)


@bp.post("/teach/classes/<cid>/pupils/new")
@teacher_only
def add_pupils(cid: str):
    """Make pupils from a list of names (one per line); a form sent twice adds them once."""
    found = own_class(cid)
    names = read_names(request.form.get("names", "")[:20_000])
    problem = names_problem(names, MEMBER_CAP - found.members)
    added = _added(found, names, request.form.get(FORM_TOKEN_FIELD, "")) if problem is None else None
    if added is None:
        flash(problem or _("The class is archived or full: nobody was added."), "error")
        back = url_for("classroom.class_page", cid=found.public_id) + "#made-title"
        return page("classroom/refused.html", 422 if problem else 409, school_class=found, back=back, entered="")
    if added:
        flash(ngettext("%(num)s pupil added.", "%(num)s pupils added.", len(added)), "success")
    return redirect(url_for("classroom.login_cards", cid=found.public_id), code=303)


@bp.get("/teach/classes/<cid>/cards")
@teacher_only
def login_cards(cid: str):
    """The login cards of the class's teacher-made pupils, to print (one card per pupil)."""
    found = own_class(cid)
    store = current_store()
    codes = store.roster.device_codes(found.id)
    cards = []
    for member in store.classroom.members(found.id):
        if member.managed and member.learner_id in codes:
            link = card_link(found, codes[member.learner_id])
            code = format_device_code(codes[member.learner_id])
            cards.append(Card(member.nickname, member.label or "", code, link, qr_data_uri(link)))
    cards.sort(key=lambda card: (card.label.casefold(), card.nickname))
    response = page("classroom/cards.html", school_class=found, cards=cards)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/teach/classes/<cid>/pupils/<nickname>/code")
@teacher_only
def renew_code(cid: str, nickname: str):
    """A new login code for a teacher-made pupil (404 for a pupil who joined: their code is theirs)."""
    found = writable_class(cid)
    member = pupil_of(found, nickname)
    if not member.managed or current_store().roster.renew_code(found.id, member.learner_id) is None:
        abort(404)
    flash(_("%(name)s has a new login code; the old card no longer works.", name=member.nickname), "success")
    return redirect(url_for("classroom.login_cards", cid=found.public_id), code=303)
