"""Tables with people: friends or pupils at one table, computer players in the empty seats.

URLs (all under ``/<lang>``):

* ``GET /people`` the set-up form (the table's: players, ruleset, flor, points, the bots' level) and
  a field for a code; ``POST /people`` opens a table (its host takes the first seat with a nickname)
  and redirects to it; ``GET /people?code=ABC123`` goes to a table by its code.
* ``GET /people/<code>``: the lobby (the code, the link and its QR code, the seats; a join form
  for a newcomer), then, once the host has started, the table as this seat sees it.
  ``GET /people/<code>/poll?v=<rev>&since=<version>`` is what a page polls: 204 while the table's
  ``rev`` is ``v``, else the table's block (htmx swaps it) or an ``HX-Refresh`` (the lobby).
* ``POST /people/<code>/join`` (``nick``, ``seat``): a seat in the lobby, else the waiting list;
  ``POST /people/<code>/move`` (``seat``, ``rev``): another free seat in the lobby.
* ``POST /people/<code>/act`` (``action``, ``version``, any ``sena``): this seat's action with the
  señas it makes to its partner, or ``next`` (the next hand); ``POST /people/<code>/hint`` (``version``): the hint, when the host allows hints.
* ``POST /people/<code>/host`` (``do``: ``start``, ``hints-on``, ``hints-off``, ``bot`` with
  ``seat``, ``seat`` with ``seat`` and ``who``; ``rev``): the host's controls.
* ``GET /people/<code>/review/<n>``: hand ``n`` replayed for this seat, face up, once it is over.
* ``GET /people/<code>/resume/<token>``: the seat on another device (the link is on the table).

A seat is a random token in a cookie (``tutor_people_<code>``), its hash in the store
(:mod:`tutor.store.people`): a reload resumes the seat. Every write is a compare-and-swap on the
table's ``rev``: of two people who act at once one write wins, the other gets a 409 and nothing
changes. The page is drawn from the seat's own view only (``Table.seated(seat)``): no person's page
ever holds another seat's cards.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from flask import Blueprint, abort, current_app, make_response, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from tutor.narration import Perspective, error_message

from ...bots.table import NEXT_HAND, Table, TableError
from ...engine.errors import InvalidNotationError, TrucoError
from ...engine.notation import format_rules, parse_rules
from ...i18n import LANG_PREFIX, format_number, gettext as _, ngettext
from ...store import current_store
from ...store.people import NICK_LENGTH, WAITING_CAP, PeopleTable, Seating, new_token, seating, token_hash
from ..components.cards import game_face
from ..components.table import learner_hint, render_table, replay_hand, replay_steps, table_context
from ..components.table.controller import move_deadline, moved_on, posted_senas, read_version, senas_refused
from ..components.table.setup import FLOR_MODES, LEVELS, PLAYERS, PRESETS, TARGETS, SetupForm
from ..shared.limits import limited
from ..shared.preferences import card_face
from ..shared.qr import public_url_for, qr_data_uri
from ..shared.queries import FormErrors
from ..shared.teachers import current_teacher

bp = Blueprint("people", __name__, url_prefix=LANG_PREFIX)

POLL = "2s"
IDLE_SECONDS = 60
"""How long the table waits on a person before the host may give the seat to a computer player."""
COOKIE_DAYS = 2


# --- Who is asking -----------------------------------------------------------------------------------


@dataclass
class Here:
    """A table as this browser sees it: its row, who sits where, this browser's seat (None: not
    seated), whether it waits for a seat and whether it is the host's."""

    row: PeopleTable
    seating: Seating
    seat: int | None
    waiting: bool
    host: bool
    lost: bool = False
    """This browser had a seat (or a place on the waiting list) that the host has since given away."""

    @property
    def code(self) -> str:
        return self.row.code


def opened_by_me(row: PeopleTable) -> bool:
    """True when the signed-in teacher opened this class table (its host from their account)."""
    teacher = current_teacher()
    return teacher is not None and row.teacher_id is not None and row.teacher_id == teacher.id


def cookie_name(code: str, host: bool = False) -> str:
    return f"tutor_people_{'host_' if host else ''}{code}"


def here(code: str) -> Here:
    """The table with this code and this browser's place at it; a translated 404 if there is none."""
    row = current_store().people.by_code(code)
    if row is None:
        wait = limited("code")  # only a code that finds nothing is counted: a table's polls never are
        abort(too_many(wait) if wait is not None else make_response(render_template("people/not_found.html"), 404))
    seats = seating(row)
    token = request.cookies.get(cookie_name(row.code))
    host = token_hash(request.cookies.get(cookie_name(row.code, host=True))) == row.host or opened_by_me(row)
    seat, waiting = seats.seat_of(token), seats.waits(token)
    return Here(row, seats, seat, waiting, host, lost=token is not None and seat is None and not waiting)


def set_cookie(response: Response, name: str, token: str) -> Response:
    response.set_cookie(
        name,
        token,
        max_age=COOKIE_DAYS * 86400,
        httponly=True,
        samesite="Lax",
        secure=bool(current_app.config.get("SESSION_COOKIE_SECURE", False)),
    )
    return response


def no_store(response: Any) -> Response:
    response = make_response(response)
    response.headers["Cache-Control"] = "no-store"
    return response


def poll_interval() -> str:
    return str(current_app.config.get("PEOPLE_POLL", POLL))


def idle_limit() -> float:
    return float(current_app.config.get("PEOPLE_IDLE_SECONDS", IDLE_SECONDS))


# --- The match ---------------------------------------------------------------------------------------


def rebuild(row: PeopleTable, seats: Seating) -> Table:
    """The table's match from its log; in the lobby nobody acts yet (every seat counts as a person's)."""
    humans = seats.humans() if row.state == "playing" else range(row.players)
    try:
        return Table(parse_rules(row.rules), row.seed, row.level, log=row.log, humans=humans)
    except (TableError, ValueError, KeyError):
        abort(404)


def read_nick(text: str | None, seats: Seating) -> tuple[str | None, str | None]:
    """The nickname typed, or a translated reason to refuse it."""
    nick = " ".join(str(text or "").split())
    if not nick:
        return None, _("Type a nickname: the others see it at the table.")
    if len(nick) > NICK_LENGTH:
        return None, ngettext(
            "A nickname has at most %(num)s character.", "A nickname has at most %(num)s characters.", NICK_LENGTH
        )
    if nick.casefold() in seats.nicks():
        return None, _("Someone at this table already has that nickname. Choose another one.")
    return nick, None


def seat_names(found: Here, table: Table) -> list[dict[str, Any]]:
    """Every seat: who sits there (a nickname, or a computer player) and how this seat calls it."""
    me = found.seat if found.seat is not None else 0
    perspective = Perspective(seat=me, players=found.row.players)
    hand = table.hand  # in table seats, a pica-pica round too (a seat's own view is of its duel alone)
    waiting_on = hand.to_act if found.row.state == "playing" and not hand.is_over else None
    idle = current_store().people.idle_seconds(found.row) >= idle_limit()
    rows = []
    for seat in [(me + k) % found.row.players for k in range(found.row.players)]:
        person = found.seating.seats[seat]
        rows.append(
            {
                "seat": seat,
                "label": perspective.seat_label(seat) if found.seat is not None else None,
                "number": seat + 1,
                "nick": person["nick"] if person else None,
                "me": seat == found.seat,
                "team": seat % 2,
                "teammates": [
                    p["nick"]
                    for other, p in enumerate(found.seating.seats)
                    if p and other != seat and other % 2 == seat % 2 and found.row.players > 2
                ],
                "waiting_on": seat == waiting_on,
                "replaceable": person is not None
                and seat != found.seat
                and (hand.is_over or (seat == waiting_on and idle)),
            }
        )
    return rows


def level_names() -> dict[str, str]:
    return {
        # Translators: the level of the computer players at a table with people.
        "beginner": _("beginner"),
        # Translators: the level of the computer players at a table with people.
        "strong": _("strong"),
        # Translators: the level of the computer players at a table with people.
        "random": _("random"),
    }


def common(found: Here, table: Table) -> dict[str, Any]:
    """What every page of a table shows: the code, the link and its QR code, the seats, the host's controls."""
    link = public_url_for("people.table", code=found.code)
    return {
        "found": found,
        "row": found.row,
        "code": found.code,
        "link": link,
        "qr": qr_data_uri(link),
        "seat_rows": seat_names(found, table),
        "waiting_people": [w["nick"] for w in found.seating.waiting],
        "level_name": level_names().get(found.row.level, found.row.level),
        "poll": poll_interval(),
        "between_hands": table.hand.is_over or found.row.state == "lobby",
        "resume": url_for("people.resume", code=found.code, token=request.cookies.get(cookie_name(found.code)))
        if found.seat is not None
        else None,
    }


def table_page(found: Here, table: Table, status: int = 200, **options: Any) -> Response:
    """The table as this seat sees it (the page, or its ``table`` block for htmx)."""
    assert found.seat is not None
    seated = table.seated(found.seat)
    context = table_context(
        seated,
        face=card_face(),
        act_url=url_for("people.act", code=found.code),
        hint_url=url_for("people.hint", code=found.code) if found.row.hints else None,
        hint_for=learner_hint if found.row.hints else None,
        show_hint=bool(options.pop("show_hint", False)),
        since=options.pop("since", None),
        error=options.pop("error", None),
        senas=True,
        nicks={seat: person["nick"] for seat, person in enumerate(found.seating.seats) if person},
    )
    return no_store(render_table("people/table.html", {**context, **common(found, table)}, status))


def lobby_page(found: Here, table: Table, status: int = 200, error: str | None = None) -> Response:
    return no_store((render_template("people/lobby.html", **common(found, table), error=error), status))


def show(found: Here, status: int = 200, **options: Any) -> Response:
    """The page this browser gets now: the table for a seat in a match under way, else the lobby."""
    table = rebuild(found.row, found.seating)
    if found.seat is not None and found.row.state == "playing":
        return table_page(found, table, status, **options)
    return lobby_page(found, table, status, error=options.get("error"))


# --- Pages -------------------------------------------------------------------------------------------


def setup_context(form: dict[str, str], errors: dict[str, str], nick_error: str | None = None) -> dict[str, Any]:
    return {
        "form": form,
        "errors": errors,
        "nick_error": nick_error,
        "players": PLAYERS,
        "presets": PRESETS,
        "flor_modes": FLOR_MODES,
        "targets": TARGETS,
        "levels": LEVELS,
        "level_names": setup_level_names(),
    }


def setup_level_names() -> dict[str, str]:
    """The levels as the set-up form words them (the play feature's words)."""
    return {
        # Translators: the level of the computer players at the table.
        "beginner": _("Beginner: plays by rules of thumb"),
        # Translators: the level of the computer players at the table.
        "strong": _("Strong: thinks ahead on many possible deals"),
        # Translators: the level of the computer players at the table.
        "random": _("Random: any legal move (for a first look)"),
    }


def _setup_form(status: int, errors: dict[str, str], nick_error: str | None = None) -> Any:
    source = request.form if request.method == "POST" else request.args
    fields = {**SetupForm.typed_fields(source), "nick": source.get("nick", "")}
    typed = str(request.args.get("code", ""))[:12]  # a code that found nothing stays in the field, to be corrected
    return render_template("people/setup.html", **setup_context(fields, errors, nick_error), typed_code=typed), status


@bp.route("/people", methods=["GET", "POST"])
def index():
    """The set-up form; POST opens a table, ``?code=`` goes to one."""
    if request.method == "GET":
        code = request.args.get("code")
        if code is not None and not code.strip():
            # Translators: the "code" field of the people page was sent empty; the code is six letters and digits.
            empty = _("Type the table's code: the six letters and digits on the host's page.")
            return _setup_form(400, {"code": empty})
        if code is not None:
            wait = limited("code")
            if wait is not None:
                return too_many(wait)
            row = current_store().people.by_code(code)
            if row is None:
                return _setup_form(404, {"code": _("No table has that code. Check it with the host.")})
            return redirect(url_for("people.table", code=row.code), code=303)
        return _setup_form(200, {})
    try:
        setup = SetupForm.from_form(request.form)
    except FormErrors as exc:
        return _setup_form(400, exc.messages)
    nick, refused = read_nick(request.form.get("nick"), Seating((), ()))
    if nick is None:
        return _setup_form(400, {}, refused)
    wait = limited("table")
    if wait is not None:
        return too_many(wait, opening=True)
    return open_table(setup, nick)


def too_many(wait: int, *, opening: bool = False) -> Response:
    """The set-up page with a translated 429 and ``Retry-After`` (too many codes typed, or tables opened)."""
    if opening:
        errors = {"opening": _("Too many tables opened from this network. Wait a minute and try again.")}
    else:
        errors = {"code": _("Too many wrong table codes from this network. Wait a minute and try again.")}
    page, _status = _setup_form(429, errors)
    response = make_response(page, 429)
    response.headers["Retry-After"] = str(wait)
    return response


def open_table(setup: SetupForm, nick: str) -> Response:
    """A new table in its lobby, its host in the first seat, in one write (two cookies: the seat's and
    the host's)."""
    rules = setup.rules()
    table = Table(rules, secrets.randbelow(1 << 31), setup.level, humans=range(rules.players))
    token = new_token()
    seats: list[Any] = [None] * rules.players
    seats[0] = {"nick": nick, "token": token_hash(token)}
    row, host = current_store().people.create(
        rules=format_rules(rules),
        level=setup.level,
        seed=table.seed,
        players=rules.players,
        log=table.log(),
        version=table.version,
        seats=seats,
    )
    response = redirect(url_for("people.table", code=row.code), code=303)
    set_cookie(response, cookie_name(row.code), token)
    return set_cookie(response, cookie_name(row.code, host=True), host)


@bp.get("/people/<code>")
def table(code: str):
    """The lobby or the table, as this browser sees it."""
    found = here(code)
    return show(found, since=read_version(request.args.get("since")), show_hint=request.args.get("hint") == "1")


@bp.get("/people/<code>/poll")
def poll(code: str):
    """204 while the table's ``rev`` is ``v``; else the table's block, or a reload of the lobby."""
    found = here(code)
    if request.args.get("v") == str(found.row.rev):
        return no_store(("", 204))
    if found.seat is not None and found.row.state == "playing" and request.args.get("at") == "table":
        return show(found, since=read_version(request.args.get("since")))
    response = no_store(("", 200))
    response.headers["HX-Refresh"] = "true"
    return response


@bp.get("/people/<code>/resume/<token>")
def resume(code: str, token: str):
    """This seat on another device: the link sets the seat's cookie (an unknown token is a 404)."""
    row = current_store().people.by_code(code)
    if row is None or seating(row).seat_of(token) is None and not seating(row).waits(token):
        abort(404)
    return set_cookie(redirect(url_for("people.table", code=row.code), code=303), cookie_name(row.code), token)


def _rev() -> int | None:
    return read_version(request.form.get("rev"))


def stale(found: Here) -> Response:
    return show(found, 409, error=moved_on())


@bp.post("/people/<code>/join")
def join(code: str):
    """A seat in the lobby (the one chosen, else the first free one), else a place on the waiting list."""
    found = here(code)
    if found.seat is not None or found.waiting:
        return redirect(url_for("people.table", code=found.code), code=303)
    nick, refused = read_nick(request.form.get("nick"), found.seating)
    if nick is None:
        return show(found, 400, error=refused)
    token = new_token()
    person = {"nick": nick, "token": token_hash(token) or ""}
    values = seated_values(found, person, request.form.get("seat"))
    if values is None:
        return show(found, 409, error=_("This table is full: nobody else can join the waiting list."))
    if not current_store().people.swap(found.row, found.row.rev, **values):
        return stale(here(code))
    response = redirect(url_for("people.table", code=found.code), code=303)
    return set_cookie(response, cookie_name(found.code), token)


def seated_values(found: Here, person: dict[str, str], wanted: str | None) -> dict[str, Any] | None:
    """The new seats (or waiting list) with ``person`` in: the seat wanted if free, the first free one,
    else the waiting list (None when that is full too)."""
    seats = list(found.seating.seats)
    free = [i for i, p in enumerate(seats) if p is None]
    if found.row.state == "lobby" and free:
        choice = read_version(wanted)
        seat = choice if choice in free else free[0]
        seats[seat] = person
        return {"seats": seats}
    if len(found.seating.waiting) >= WAITING_CAP:
        return None
    return {"waiting": [*found.seating.waiting, person]}


@bp.post("/people/<code>/move")
def move(code: str):
    """Another free seat, in the lobby."""
    found = here(code)
    seat, rev = read_version(request.form.get("seat")), _rev()
    seats = list(found.seating.seats)
    if found.seat is None or found.row.state != "lobby" or seat is None or seat >= len(seats) or seats[seat]:
        return show(found, 400, error=_("That seat cannot be taken now."))
    if rev != found.row.rev:
        return stale(found)
    seats[seat], seats[found.seat] = seats[found.seat], None
    if not current_store().people.swap(found.row, rev, seats=seats):
        return stale(here(code))
    return redirect(url_for("people.table", code=found.code), code=303)


def after_write(found: Here, drawn: int) -> Response:
    """The table after a write: its block at once for htmx, else a redirect to the page."""
    from ..shared.htmx import wants_fragment

    fresh = here(found.code)
    if wants_fragment():
        return show(fresh, since=drawn)
    return redirect(url_for("people.table", code=found.code, since=drawn), code=303)


@bp.post("/people/<code>/act")
def act(code: str):
    """This seat's action (or the next hand), a compare-and-swap on the table's ``rev``."""
    found = here(code)
    if found.seat is None or found.row.state != "playing":
        return show(found, 403, error=_("Only a person seated at this table can play at it."))
    drawn = read_version(request.form.get("version"))
    table = rebuild(found.row, found.seating)
    if drawn is None:
        return show(
            found,
            400,
            error=_("This form has no valid version number, so it was not applied. Here is the table as it is now."),
        )
    if drawn != table.version:
        return stale(found)
    error = apply(table, found.seat, request.form.get("action", ""))
    if error is not None:
        return show(found, 400, error=error)
    if not current_store().people.swap(found.row, found.row.rev, log=table.log(), version=table.version):
        return stale(here(code))
    return after_write(found, drawn)


def apply(table: Table, seat: int, text: str) -> str | None:
    """Play ``text`` for ``seat`` (the bots answer); a translated reason if the engine refuses it."""
    try:
        if text == NEXT_HAND:
            if not table.hand.is_over:
                return _("This hand is not over yet: play on.")
            table.next_hand(deadline=move_deadline())
        else:
            made = posted_senas()
            if made:
                try:
                    table.check_senas(made, seat)
                except InvalidNotationError:
                    return senas_refused()
            table.play(text, seat=seat, deadline=move_deadline(), senas=made)
    except InvalidNotationError:
        return _("That is not an action at this table. Use the buttons: a card, a call or an answer.")
    except TrucoError as error:
        return error_message(error)
    return None


@bp.post("/people/<code>/hint")
def hint(code: str):
    """The hint for this seat's decision, when the host allows hints."""
    found = here(code)
    if found.seat is None or found.row.state != "playing" or not found.row.hints:
        return show(found, 403, error=_("The host has not allowed hints at this table."))
    from ..shared.htmx import wants_fragment

    if wants_fragment():
        return show(found, show_hint=True)
    return redirect(url_for("people.table", code=found.code, hint=1, _anchor="hint"), code=303)


@bp.post("/people/<code>/host")
def host(code: str):
    """The host's controls: start, allow or stop hints, a bot for a person, a waiting person for a bot."""
    found = here(code)
    if not found.host:
        return show(found, 403, error=_("Only the host of this table can do that."))
    rev = _rev()
    table = rebuild(found.row, found.seating)
    values = host_values(found, table, request.form.get("do", ""))
    if isinstance(values, str):
        return show(found, 400, error=values)
    if rev != found.row.rev or not current_store().people.swap(found.row, found.row.rev, **values):
        return stale(here(code))
    return redirect(url_for("people.table", code=found.code), code=303)


def host_values(found: Here, table: Table, do: str) -> dict[str, Any] | str:
    """What a host's control writes, or a translated reason it cannot be done now."""
    row = found.row
    if do in ("hints-on", "hints-off"):
        return {"hints": do == "hints-on"}
    if do == "start":
        if row.state != "lobby":
            return _("The match has already started.")
        table.seat_humans(found.seating.humans(), deadline=move_deadline())
        return {"state": "playing", "log": table.log(), "version": table.version}
    seat = read_version(request.form.get("seat"))
    if seat is None or seat >= row.players:
        return _("That seat cannot be taken now.")
    if do == "bot":
        return to_bot(found, table, seat)
    if do == "seat":
        return to_person(found, table, seat, read_version(request.form.get("who")))
    return _("That is not something a host can do here.")


def to_bot(found: Here, table: Table, seat: int) -> dict[str, Any] | str:
    """A computer player in a person's seat: between hands, or when the table has waited on them too long."""
    seats = list(found.seating.seats)
    waiting_on = table.hand.to_act if not table.hand.is_over else None
    idle = current_store().people.idle_seconds(found.row) >= idle_limit()
    if seats[seat] is None or seat == found.seat:
        return _("That seat cannot be taken now.")
    if found.row.state == "playing" and not table.hand.is_over and not (seat == waiting_on and idle):
        seconds = int(idle_limit())
        return ngettext(
            "A player can be replaced between hands, or when the table has waited on them for %(seconds)s second.",
            "A player can be replaced between hands, or when the table has waited on them for %(seconds)s seconds.",
            seconds,
            seconds=format_number(seconds),
        )
    seats[seat] = None
    values: dict[str, Any] = {"seats": seats}
    if found.row.state == "playing":
        table.seat_humans(Seating(tuple(seats), ()).humans(), deadline=move_deadline())
        values.update(log=table.log(), version=table.version)
    return values


def to_person(found: Here, table: Table, seat: int, who: int | None) -> dict[str, Any] | str:
    """A waiting person in a computer player's seat, between hands: the next hand is dealt at once, so
    the hand on their page is the first they play (the one before was played by a computer player,
    and "you" in its timeline would be false). ``from_hand`` keeps the hand they started with."""
    seats = list(found.seating.seats)
    waiting = list(found.seating.waiting)
    if seats[seat] is not None or who is None or who >= len(waiting):
        return _("That seat cannot be taken now.")
    if found.row.state == "playing" and not table.hand.is_over:
        return _("A computer player gives up its seat between hands: wait for this hand to end.")
    seats[seat] = {**waiting.pop(who), "from_hand": table.hand_index + (0 if table.is_over else 1)}
    values: dict[str, Any] = {"seats": seats, "waiting": waiting}
    if found.row.state == "playing" and not table.is_over:
        table.seat_humans(Seating(tuple(seats), ()).humans())
        table.next_hand(deadline=move_deadline())
        values.update(log=table.log(), version=table.version)
    return values


@bp.get("/people/<code>/review/<int:number>")
def review(code: str, number: int):
    """Hand ``number`` (from 1) replayed for this seat, face up, once it is over."""
    found = here(code)
    table = rebuild(found.row, found.seating)
    hands = table.hands()
    if found.seat is None or not 1 <= number <= len(hands) or not hands[number - 1].is_over:
        abort(make_response(render_template("people/not_found.html", review=True), 404))
    person = found.seating.seats[found.seat] or {}
    if number - 1 < int(person.get("from_hand", 0)):  # played in this seat by someone else
        return show(
            found,
            403,
            # Translators: a person asked for the review of a hand played in their seat before they sat there.
            error=_(
                "You took this seat after hand %(number)s: it was played by someone else, so its review is not yours.",
                number=number,
            ),
        )
    seated = table.seated(found.seat)
    data = seat_replay(found, seated, number - 1)
    return render_template(
        "people/replay.html",
        **common(found, table),
        number=number,
        replay=data,
        deal=replay_deal(seated, hands[number - 1]),
        lost=format_number(round(float(data.get("lost", 0)), 2)),
        lost_chance=format_number(round(100 * float(data.get("lost_chance", 0)), 1))
        if float(data.get("lost_chance", 0)) >= 0.005
        else None,
        steps=replay_steps(seated, number - 1, data, card_face()),
        card_face=game_face(seated.rules.variant),  # the deal drawn as the table drew it (Truco Mineiro: French)
    )


def seat_replay(found: Here, seated: Table, index: int) -> dict[str, Any]:
    """A hand's replay for one seat, computed once and kept with the table."""
    from ..components.table.replay import is_current

    key = f"{seated.learner_seat}:{index}"
    data = (found.row.reviews or {}).get(key)
    if data is None or not is_current(data):
        data = replay_hand(seated, index)
        current_store().people.keep_review(found.row, key, data)
    return data


def replay_deal(seated: Table, hand: Any) -> list[dict[str, Any]]:
    """Every seat's cards of a finished hand, this seat's first."""
    perspective = Perspective(seat=seated.learner_seat, players=hand.players)
    order = [(seated.learner_seat + k) % hand.players for k in range(hand.players)]
    return [
        {
            "name": perspective.seat_label(s),
            "in_sentence": perspective.seat_name(s),
            "cards": hand.deal[s],
            "mine": s == seated.learner_seat,
        }
        for s in order
    ]
