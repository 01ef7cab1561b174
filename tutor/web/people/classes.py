"""Class tables: a teacher opens tables with people for a class, hosts them from their account and
watches any seat.

* ``GET/POST /<lang>/teach/classes/<cid>/tables``: the class's open tables (each one's code, join
  link and QR code, who sits where, a link to watch each person's seat) and the form that opens
  more (how many, the table's rules, the computer players' level, hints allowed or not). Only a
  teacher of the class gets it (404 for anyone else); an archived class opens none (409); a form sent
  twice opens its tables once (the form's one-time token, claimed with the tables).
* ``GET /<lang>/people/<code>/watch/<seat>``: the table from that seat's side, read-only (no action,
  no hint), for the teacher who opened it; 404 for anyone else.

The pupils join a class table like any other, with its code or QR code; the teacher is its host
(start, hints, a bot for a person, a waiting person for a bot) from their account, on any device.
"""

from __future__ import annotations

import secrets
from typing import Any

from flask import abort, make_response, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ...bots.table import Table
from ...engine.notation import format_rules
from ...i18n import gettext as _
from ...store import FORM_TOKEN_FIELD, current_store, new_form_token
from ...store.classroom import SchoolClass, Teacher
from ...store.people import seating
from ..components.table import render_table, table_context
from ..components.table.setup import SetupForm
from ..shared.preferences import card_face
from ..shared.qr import public_url_for, qr_data_uri
from ..shared.queries import FormErrors
from ..shared.teachers import current_teacher
from .views import Here, bp, common, here, no_store, opened_by_me, rebuild, setup_context

MAX_CLASS_TABLES = 10
"""Tables opened at once for a class (a class of 30 at 4-player tables needs 8)."""


def teaching(cid: str) -> tuple[Teacher, SchoolClass]:
    """The signed-in teacher and their class with this id; 404 for anyone else."""
    teacher = current_teacher()
    taught = current_store().classroom.taught_class(teacher.id, cid[:32]) if teacher else None
    if teacher is None or taught is None:
        abort(404)
    return teacher, taught[0]


def table_rows(found: SchoolClass) -> list[dict[str, Any]]:
    """The class's open tables as its page lists them."""
    rows = []
    for number, row in enumerate(current_store().people.of_class(found.id), start=1):
        link = public_url_for("people.table", code=row.code)
        seats = seating(row).seats
        rows.append(
            {
                "number": number,
                "row": row,
                "link": link,
                "qr": qr_data_uri(link),
                "seats": [(seat + 1, person["nick"] if person else None) for seat, person in enumerate(seats)],
                "watch": [
                    (seat, person["nick"]) for seat, person in enumerate(seats) if person and row.state == "playing"
                ],
            }
        )
    return rows


def _page(found: SchoolClass, status: int = 200, errors: dict[str, str] | None = None) -> Response:
    source = request.form if request.method == "POST" else request.args
    form = {**SetupForm.typed_fields(source), "count": source.get("count", "4"), "hints": source.get("hints", "")}
    context = {
        **setup_context(form, errors or {}),
        "school_class": found,
        "tables": table_rows(found),
        "max_tables": MAX_CLASS_TABLES,
        "form_token": new_form_token(),
    }
    return no_store((render_template("people/class_tables.html", **context), status))


def _count() -> int | None:
    text = request.form.get("count", "").strip()
    return int(text) if text.isdigit() and 1 <= int(text) <= MAX_CLASS_TABLES else None


@bp.route("/teach/classes/<cid>/tables", methods=["GET", "POST"])
def class_tables(cid: str) -> Response:
    """The class's tables, and the form that opens more."""
    teacher, found = teaching(cid)
    if request.method == "GET":
        return _page(found)
    if found.archived:
        return _page(found, 409, {"count": _("This class is archived: restore it to open tables for it.")})
    try:
        setup = SetupForm.from_form(request.form)
    except FormErrors as exc:
        return _page(found, 400, exc.messages)
    count = _count()
    if count is None:
        return _page(found, 400, {"count": _("Open from 1 to %(num)s tables at once.", num=MAX_CLASS_TABLES)})
    rules = setup.rules()
    games = []
    for _n in range(count):
        game = Table(rules, secrets.randbelow(1 << 31), setup.level, humans=range(rules.players))
        games.append((game.seed, game.log(), game.version))
    claim = (teacher.learner_id, request.form.get(FORM_TOKEN_FIELD, "")) if teacher.learner_id else None
    current_store().people.open_for_class(
        claim, games, rules=format_rules(rules), level=setup.level, players=rules.players,
        hints=request.form.get("hints") == "1", class_id=found.id, teacher_id=teacher.id,
    )  # fmt: skip
    return redirect(url_for("people.class_tables", cid=found.public_id), code=303)


@bp.get("/people/<code>/watch/<int:seat>")
def watch(code: str, seat: int) -> Response:
    """A class table from one seat's side, read-only, for the teacher who opened it."""
    found = here(code)
    if not opened_by_me(found.row) or found.row.state != "playing" or not 0 <= seat < found.row.players:
        abort(make_response(render_template("people/not_found.html"), 404))
    person = found.seating.seats[seat]
    table = rebuild(found.row, found.seating)
    context = table_context(table.seated(seat), face=card_face(), act_url=url_for("people.act", code=found.code))
    context.update(card_buttons=[], other_buttons=[], my_turn=False)
    watcher = Here(found.row, found.seating, None, False, found.host)
    watching = person["nick"] if person else None
    return no_store(
        render_table("people/table.html", {**context, **common(watcher, table), "watching": watching or ""})
    )
