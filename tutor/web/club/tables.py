"""Club nights at real tables: the movement card and the scorekeepers' travellers.

URLs (all under ``/<lang>``, on the club's blueprint):

* the organiser (404 for anyone else): ``GET /teach/club/<eid>/movement`` the movement card to
  print: the whole Mitchell movement (:mod:`.movement`), then one card per table with its rounds,
  where side B and the boards go after each, and the table's scorekeeper code with its link and QR code.
* a table's scorekeeper (no account: the table's 8-character code, printed on its card; a code that
  finds nothing is counted in the ``code:address`` budget): ``GET /club/score/<code>`` the table's
  rounds and boards with what is entered; ``GET /club/score/<code>/board/<n>`` the traveller of
  board ``n`` at this table (the pairs, the points each side won; prefilled to correct it);
  ``POST`` the same (``a_pair``, ``b_pair``, ``a_points``, ``b_points``, ``version``): a result no
  hand of the night's rules can produce from the board's starting score
  (:func:`tutor.engine.outcomes.hand_outcomes`) is a translated 400; version 0 enters it once (a
  second submission of the same values is told it was saved, and writes nothing), the version shown
  corrects it (a compare-and-swap), until the organiser closes the night (then 409).
"""

from __future__ import annotations

from typing import Any

from flask import abort, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ...engine.notation import parse_rules
from ...engine.outcomes import possible_outcome
from ...i18n import gettext as _, ngettext
from ...store import current_store
from ...store.club import PAIR_NAME_LENGTH, ClubEvent, ClubTable, Entered, TableResult
from ..components.table.controller import read_version
from ..shared.limits import limited
from ..shared.qr import public_url_for, qr_data_uri
from .boards import board_of
from .movement import Seating, mitchell, seating_of
from .night import SIDES, at_tables, entrant_code, entrant_name
from .views import bp, event_facts, no_store, not_found, own_event, too_many

MAX_POINTS = 99
"""The most a side's points field takes (a hand never gives more than the target)."""


def seats_of(event: ClubEvent) -> list[Seating]:
    return mitchell(event.tables or 0, event.boards)


def seat_row(seat: Seating, names: dict[str, str] | None) -> dict[str, Any]:
    return {
        "seat": seat,
        "a_code": entrant_code(0, seat.a_pair),
        "b_code": entrant_code(1, seat.b_pair),
        "a_name": entrant_name(0, seat.a_pair, names),
        "b_name": entrant_name(1, seat.b_pair, names),
        "boards_text": ", ".join(str(n) for n in seat.boards),
    }


@bp.get("/teach/club/<eid>/movement")
def movement(eid: str):
    """The movement card: every round at every table, then one card per table with its scorekeeper code."""
    event = own_event(eid)
    if not at_tables(event):
        abort(404)
    seats = seats_of(event)
    names = event.pair_names
    rounds = [[seat_row(s, names) for s in seats if s.round == r] for r in range(1, (event.tables or 0) + 1)]
    cards = []
    for table in current_store().club.tables_of(event.id):
        link = public_url_for("club.scorekeeper", code=table.code)
        cards.append(
            {
                "table": table,
                "link": link,
                "qr": qr_data_uri(link),
                "rows": [seat_row(s, names) for s in seats if s.table == table.number],
            }
        )
    page = render_template("club/movement.html", **event_facts(event), rounds=rounds, cards=cards)
    return no_store(page)


# --- The scorekeeper ---------------------------------------------------------------------------------


def scorekeeper_of(code: str) -> tuple[ClubTable, ClubEvent]:
    """The table with this scorekeeper's code and its event; a translated 404 (counted) if none."""
    found = current_store().club.table_by_code(code)
    if found is None:
        wait = limited("code")
        abort(too_many(wait) if wait is not None else not_found())
    return found


def table_facts(table: ClubTable, event: ClubEvent) -> dict[str, Any]:
    return {**event_facts(event), "table": table, "code": table.code}


@bp.get("/club/score/<code>")
def scorekeeper(code: str):
    """The table's rounds: the pairs, the boards and what is entered for each."""
    table, event = scorekeeper_of(code)
    entered = {s.board: s for s in current_store().club.scores(event.id) if s.table_no == table.number}
    rows = [
        {**seat_row(s, event.pair_names), "boards": [(n, entered.get(n)) for n in s.boards]}
        for s in seats_of(event)
        if s.table == table.number
    ]
    saved = read_version(request.args.get("saved"))
    page = render_template(
        "club/scorekeeper.html", **table_facts(table, event), rows=rows, saved=entered.get(saved or 0)
    )
    return no_store(page)


def form_page(
    table: ClubTable, event: ClubEvent, number: int, seat: Seating, status: int = 200, **shown: Any
) -> Response:
    """The board's traveller at this table: the pairs (the movement's, or what is saved), each side's points."""
    saved = current_store().club.score(event.id, number, table.number)
    values = {
        "a_pair": saved.a_pair if saved else seat.a_pair,
        "b_pair": saved.b_pair if saved else seat.b_pair,
        "a_points": saved.a_points if saved else "",
        "b_points": saved.b_points if saved else "",
    }
    values.update(shown.pop("values", {}))
    pairs = range(1, (event.tables or 0) + 1)
    page = render_template(
        "club/score_board.html",
        **table_facts(table, event),
        number=number,
        board=board_of(event, number),
        seat=seat,
        saved=saved,
        version=saved.version if saved else 0,
        values=values,
        a_names=[(n, entrant_name(0, n, event.pair_names)) for n in pairs],
        b_names=[(n, entrant_name(1, n, event.pair_names)) for n in pairs],
        target=parse_rules(event.rules).target,
        **shown,
    )
    return no_store((page, status))


def the_board(code: str, number: int) -> tuple[ClubTable, ClubEvent, Seating]:
    table, event = scorekeeper_of(code)
    seat = seating_of(event.tables or 0, event.boards, table.number, number) if 1 <= number <= event.boards else None
    if seat is None:  # not a board this table plays
        abort(not_found())
    return table, event, seat


@bp.get("/club/score/<code>/board/<int:number>")
def score_board(code: str, number: int):
    table, event, seat = the_board(code, number)
    return form_page(table, event, number, seat)


def read_result(event: ClubEvent, number: int) -> tuple[TableResult | None, dict[str, str], dict[str, Any]]:
    """The posted result, or a translated message per wrong field (and the values typed, to show again)."""
    form = request.form
    tables = event.tables or 0
    errors: dict[str, str] = {}
    typed = {name: form.get(name, "")[:6] for name in ("a_pair", "b_pair", "a_points", "b_points")}
    a_pair, b_pair = read_version(form.get("a_pair")), read_version(form.get("b_pair"))
    if a_pair is None or b_pair is None or not (1 <= a_pair <= tables and 1 <= b_pair <= tables):
        errors["pairs"] = _("Choose the two pairs that played the board at this table.")
    a_points, b_points = read_version(form.get("a_points")), read_version(form.get("b_points"))
    if a_points is None or b_points is None or a_points > MAX_POINTS or b_points > MAX_POINTS:
        errors["points"] = _("Type the points each side won in the hand: a whole number for each, 0 if none.")
    if errors or a_pair is None or b_pair is None or a_points is None or b_points is None:
        return None, errors, typed
    board = board_of(event, number)
    if not possible_outcome(parse_rules(event.rules), board.scores, (a_points, b_points)):
        # Translators: envido and flor are Truco terms (the contest of the first trick); keep them.
        errors["points"] = _(
            "No hand of this night's rules ends with A %(a)s and B %(b)s from a score of %(sa)s to %(sb)s."
            " Check the points with both sides: one side always scores the hand's points, and besides them a"
            " hand scores one envido or the flor at most.",
            a=a_points,
            b=b_points,
            sa=board.scores[0],
            sb=board.scores[1],
        )
        return None, errors, typed
    return TableResult(a_pair, b_pair, a_points, b_points), errors, typed


@bp.post("/club/score/<code>/board/<int:number>")
def enter_score(code: str, number: int):
    """Enter or correct the board's result at this table (see the module's docstring)."""
    table, event, seat = the_board(code, number)
    store = current_store().club
    if not store.is_open(event):
        return form_page(
            table,
            event,
            number,
            seat,
            409,
            error=_("The organiser has closed the club night: results can no longer be entered or corrected."),
        )
    version = read_version(request.form.get("version"))
    result, errors, typed = read_result(event, number)
    if version is None:
        errors["form"] = _("This form is out of date. Here is the board as it is saved now.")
    if result is None or version is None:
        return form_page(table, event, number, seat, 400, errors=errors, values=typed)
    outcome = store.enter(event, table.number, number, result, version)
    if outcome is Entered.PAIR_TAKEN:
        message = _(
            "One of these pairs already has a result on board %(num)s at another table. Check the pairs.", num=number
        )
        return form_page(table, event, number, seat, 409, errors={"pairs": message}, values=typed)
    if outcome is Entered.CHANGED:
        message = _(
            "This board's result was entered or corrected on another phone in the meantime. Nothing was"
            " changed: here is what is saved now. Correct it again if it is wrong."
        )
        return form_page(table, event, number, seat, 409, error=message)
    return redirect(url_for("club.scorekeeper", code=table.code, saved=number), code=303)


# --- The pairs' names ---------------------------------------------------------------------------------


def entrant_codes(event: ClubEvent) -> list[tuple[str, list[str]]]:
    """Each side's codes (``A1`` … ``A<tables>``, then B's), as the names form lists them."""
    numbers = range(1, (event.tables or 0) + 1)
    return [(side, [entrant_code(i, n) for n in numbers]) for i, side in enumerate(SIDES)]


def read_names(event: ClubEvent) -> tuple[dict[str, str], dict[str, str]]:
    """The names typed for each pair (spaces collapsed, blank for none), and a translated message per refused one."""
    names: dict[str, str] = {}
    errors: dict[str, str] = {}
    seen: dict[str, str] = {}
    for _side, codes in entrant_codes(event):
        for code in codes:
            name = " ".join("".join(ch for ch in request.form.get(code, "")[:400] if ch.isprintable()).split())
            names[code] = name
            if len(name) > PAIR_NAME_LENGTH:
                errors[code] = ngettext(
                    "A name has at most %(num)s character.", "A name has at most %(num)s characters.", PAIR_NAME_LENGTH
                )
            elif name and name.casefold() in seen:
                errors[code] = _("%(code)s already has this name: give each one its own.", code=seen[name.casefold()])
            elif name:
                seen[name.casefold()] = code
    return names, errors


def names_page(event: ClubEvent, status: int = 200, **shown: Any) -> Response:
    values = shown.pop("values", None)
    page = render_template(
        "club/names.html",
        **event_facts(event),
        sides=entrant_codes(event),
        values=values if values is not None else (event.pair_names or {}),
        rev=shown.pop("rev", event.names_rev),
        errors=shown.pop("errors", {}),
        **shown,
    )
    return no_store((page, status))


@bp.route("/teach/club/<eid>/names", methods=["GET", "POST"])
def pair_names(eid: str):
    """The organiser names the pairs (or players) of a night at real tables: shown everywhere after
    their code (the movement card, the scorekeepers' pages, the travellers and the result table)."""
    event = own_event(eid)
    if not at_tables(event):
        abort(404)
    if request.method == "GET":
        return names_page(event)
    names, errors = read_names(event)
    rev = read_version(request.form.get("rev"))
    if errors:
        return names_page(event, 400, values=names, errors=errors, rev=rev if rev is not None else event.names_rev)
    if rev is None or not current_store().club.name_pairs(event, names, rev):
        message = _(
            "The names were changed in another tab or on another device in the meantime. Nothing was saved:"
            " here they are as saved now. Type your change again."
        )
        return names_page(event, 409, error=message)
    return redirect(url_for("club.organiser", eid=event.public_id, named=1), code=303)


__all__: list[str] = []
