"""Club nights: duplicate Truco online, every player alone against the same bots on the same boards.

URLs (all under ``/<lang>``):

* the organiser (a signed-in teacher; 404 for anyone else, also for another teacher's event):
  ``GET /teach/club`` their events; ``GET/POST /teach/club/new`` a new event (title, flor, boards,
  starting scores, the bots' level, the window); ``GET /teach/club/<eid>`` the event's page for the
  projector: the code (``data-club-code``), the link and its QR code, the result table of the night,
  polled through ``GET /teach/club/<eid>/results?v=<changes>`` (204 while nothing changed);
  ``POST /teach/club/<eid>/close``; ``POST /teach/club/<eid>/export.csv`` (the ranking and every
  board's results); ``GET /teach/club/<eid>/board/<n>?player=<id>`` the board's traveller.
* players (no account: a nickname and a token in a cookie, ``tutor_club_<code>``): ``GET /club``
  (type a code; ``?code=`` goes to it); ``GET /club/<code>`` the join form, then where the player
  is; ``POST /club/<code>/join`` (``nick``); ``GET /club/<code>/board/<n>`` the board in play (the
  table component, the player's own cards only), or a finished board as it ended; ``POST
  /club/<code>/board/<n>/act`` (``action``, ``version``); ``GET /club/<code>/results`` the night's
  result table and ``GET /club/<code>/board/<n>/traveller?player=<id>`` everyone's result on the
  board and a face-up replay with the review, both only once the player has played every board or
  the event is closed.

Every player's move is a compare-and-swap on (board, version) (:meth:`ClubEvents.save`); the hand's
end writes the board's result once and moves the player on in one transaction
(:meth:`ClubEvents.finish`), so a double post or a second tab counts once.
"""

from __future__ import annotations

import secrets
from datetime import datetime
from typing import Any

from flask import Blueprint, abort, current_app, make_response, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from tutor.narration import error_message

from ...bots.table import NEXT_HAND, Table
from ...engine.errors import InvalidNotationError, TrucoError
from ...engine.notation import format_rules, parse_rules
from ...engine.rules import FlorMode, find_variant
from ...i18n import (
    LANG_PREFIX,
    current_language,
    format_long_date,
    format_number,
    format_short_time,
    gettext as _,
    ngettext,
)
from ...store import current_store
from ...store.club import BOARDS, MODES, NICK_LENGTH, TITLE_LENGTH, ClubEvent, ClubPlayer, Finished
from ...store.people import new_token
from ..components.table import render_table, replay_hand, table_context
from ..components.table.controller import moved_on, read_version
from ..components.table.replay import is_current
from ..shared.blocklist import blocked
from ..shared.csv_export import csv_response, csv_text
from ..shared.htmx import wants_fragment
from ..shared.limits import limited
from ..shared.nicknames import new_nickname
from ..shared.preferences import card_face
from ..shared.qr import public_url_for, qr_data_uri
from ..shared.readers import MAX_SEED, parse_seed
from ..shared.teachers import current_teacher
from .boards import board_of, points_of, table_of
from .movement import TABLES, fits
from .night import at_tables, aware, can_see, replay_context, standing_rows, table_rows

bp = Blueprint("club", __name__, url_prefix=LANG_PREFIX)

LEVELS = ("beginner", "strong")
FLORS = (FlorMode.OFF.value, FlorMode.SIMPLE.value)
RESULTS_POLL = "10s"
COOKIE_DAYS = 8


# --- Who is asking -------------------------------------------------------------------------------------


def own_event(eid: str) -> ClubEvent:
    """The signed-in organiser's event with this id; 404 for anyone else."""
    teacher = current_teacher()
    found = current_store().club.owned(teacher.id, eid) if teacher is not None else None
    if found is None:
        abort(404)
    return found


def cookie_name(code: str) -> str:
    return f"tutor_club_{code}"


def not_found() -> Response:
    return make_response(render_template("club/not_found.html"), 404)


def event_of(code: str) -> ClubEvent:
    """The event with this code; a translated 404 (counted against the address) if there is none."""
    found = current_store().club.by_code(code)
    if found is None:
        wait = limited("code")
        abort(too_many(wait) if wait is not None else not_found())
    return found


def here(code: str) -> tuple[ClubEvent, ClubPlayer | None]:
    event = event_of(code)
    return event, current_store().club.player_of(event, request.cookies.get(cookie_name(event.code)))


def my_player(code: str) -> tuple[ClubEvent, ClubPlayer]:
    event, player = here(code)
    if player is None:
        abort(redirect(url_for("club.event", code=event.code), code=303))
    return event, player


def too_many(wait: int) -> Response:
    page = render_template(
        "club/code.html", entered="", error=_("Too many wrong codes from this network. Wait a minute and try again.")
    )
    response = make_response(page, 429)
    response.headers["Retry-After"] = str(wait)
    return response


def no_store(response: Any) -> Response:
    response = make_response(response)
    response.headers["Cache-Control"] = "no-store"
    return response


def level_names() -> dict[str, str]:
    return {
        # Translators: the level of the computer players of a club night.
        "beginner": _("Beginner: plays by rules of thumb"),
        # Translators: the level of the computer players of a club night.
        "strong": _("Strong: thinks ahead on many possible deals"),
    }


def when_text(moment: datetime | None) -> str | None:
    if moment is None:
        return None
    local = moment.astimezone(current_store().zone)
    return _("%(date)s, %(time)s", date=format_long_date(local.date()), time=format_short_time(local))


def event_facts(event: ClubEvent) -> dict[str, Any]:
    """What every page of an event says about it: open or not, its rules and boards."""
    store = current_store().club
    rules = parse_rules(event.rules)
    return {
        "event": event,
        "is_open": store.is_open(event),
        "flor": rules.flor != FlorMode.OFF,
        "pairs": rules.players == 4,
        "at_tables": at_tables(event),
        # Translators: the first column of a club night's result table at real tables (a pair, or a player in 1 against 1).
        "name_header": (_("Pair") if rules.players == 4 else _("Player")) if at_tables(event) else None,
        "level_name": level_names().get(event.level, event.level),
        "closes_text": when_text(aware(event.closes_at)),
        "closed_text": when_text(aware(event.closed_at)),
    }


# --- The organiser --------------------------------------------------------------------------------------


@bp.get("/teach/club")
def events():
    """The organiser's club nights."""
    teacher = current_teacher()
    if teacher is None:
        abort(404)
    found = current_store().club.of_host(teacher.id)
    return render_template("club/events.html", events=[event_facts(e) for e in found])


def _read_event() -> tuple[dict[str, Any] | None, dict[str, str]]:
    """The posted event, or a translated message per wrong field."""
    form = request.form
    errors: dict[str, str] = {}
    title = " ".join(form.get("title", "").split())
    if not 3 <= len(title) <= TITLE_LENGTH:
        errors["title"] = ngettext(
            "Give the night a title of 3 to %(num)s character.",
            "Give the night a title of 3 to %(num)s characters.",
            TITLE_LENGTH,
        )
    boards = read_version(form.get("boards"))
    if boards not in BOARDS:
        errors["boards"] = _("Choose from 2 to 16 boards.")
    if form.get("flor", "") not in FLORS:
        # Translators: flor (three cards of one suit) is a Truco term; keep it.
        errors["flor"] = _("Choose whether flor is played.")
    if form.get("players", "2") not in ("2", "4"):
        # Translators: 1 against 1 and 2 against 2 are table sizes of Truco.
        errors["players"] = _("Choose 1 against 1 or 2 against 2.")
    if form.get("level", "") not in LEVELS:
        errors["level"] = _("Choose one of the levels in the list.")
    if form.get("scores", "") not in ("zero", "random"):
        errors["scores"] = _("Choose how each board's score starts.")
    seed_text = form.get("seed", "").strip()
    seed = parse_seed(seed_text) if seed_text else secrets.randbelow(MAX_SEED)
    if seed is None:
        errors["seed"] = _("A seed is a number of up to ten digits.")
    mode = form.get("mode", "online")
    tables = read_version(form.get("tables")) if mode == "tables" else None
    if mode not in MODES:
        errors["mode"] = _("Choose whether the night is played online or at real tables.")
    elif mode == "tables" and tables not in TABLES:
        errors["tables"] = _("Choose from 2 to 16 tables.")
    elif mode == "tables" and boards is not None and tables is not None and not fits(tables, boards):
        errors["tables"] = _(
            "With %(num)s tables the number of boards must be a multiple of %(num)s: in every round each"
            " table plays the same number of boards.",
            num=tables,
        )
    closes = _read_closes(errors)
    if errors:
        return None, errors
    players = int(form.get("players", "2"))
    rules = find_variant("argentino").rules(players=players, target=30, flor=FlorMode(form["flor"]))
    values = {
        "title": title,
        "rules": format_rules(rules),
        "level": form["level"],
        "boards": boards,
        "seed": seed,
        "random_scores": form["scores"] == "random",
        "closes_at": closes,
        "mode": mode,
        "tables": tables,
    }
    return values, errors


def _read_closes(errors: dict[str, str]) -> datetime | None:
    """The closing time (in the store's zone), when the window is "until"; None: open until closed."""
    if request.form.get("window", "open") != "until":
        return None
    text = request.form.get("closes", "")[:20].strip()
    try:
        moment = datetime.fromisoformat(text).replace(tzinfo=current_store().zone) if text else None
    except ValueError:
        moment = None
    if moment is None or moment <= current_store().now():
        errors["closes"] = _("Give a closing date and time in the future.")
        return None
    return moment


@bp.route("/teach/club/new", methods=["GET", "POST"])
def new_event():
    """A new club night; POST creates it and goes to its page."""
    teacher = current_teacher()
    if teacher is None:
        abort(404)
    errors: dict[str, str] = {}
    if request.method == "POST":
        values, errors = _read_event()
        if values is not None:
            found = current_store().club.create(teacher.id, **values)
            return redirect(url_for("club.organiser", eid=found.public_id), code=303)
    context = {"form": request.form, "errors": errors, "levels": level_names(), "boards": BOARDS, "tables": TABLES}
    return render_template("club/new.html", **context), 400 if errors else 200


def results_context(event: ClubEvent) -> dict[str, Any]:
    """The result table of the night and what the organiser's page says around it."""
    link = public_url_for("club.event", code=event.code)
    return {
        **event_facts(event),
        "rows": standing_rows(event),
        "players": current_store().club.player_count(event.id),
        "entered": len(current_store().club.scores(event.id)) if at_tables(event) else 0,
        "expected": event.boards * (event.tables or 0),
        "link": link,
        "qr": qr_data_uri(link),
        "poll": str(current_app.config.get("CLUB_POLL", RESULTS_POLL)),
        "board_numbers": range(1, event.boards + 1),
    }


@bp.get("/teach/club/<eid>")
def organiser(eid: str):
    """The event's page for the projector: the code, the QR code and the result table, polled."""
    event = own_event(eid)
    named = at_tables(event) and request.args.get("named") == "1"
    return no_store(render_template("club/organiser.html", **results_context(event), named=named))


@bp.get("/teach/club/<eid>/results")
def results_fragment(eid: str):
    """The result table; 204 while the event's ``changes`` is still ``v``."""
    event = own_event(eid)
    if request.args.get("v") == str(current_store().club.poll_key(event.id)):
        return no_store(("", 204))
    return no_store(render_template("club/_results.html", **results_context(event)))


@bp.post("/teach/club/<eid>/close")
def close(eid: str):
    """Close the event: nobody plays on, everyone sees the results."""
    event = own_event(eid)
    current_store().club.close(event)
    return redirect(url_for("club.organiser", eid=event.public_id), code=303)


def _blank(value: float | None) -> float | str:
    return "" if value is None else value


@bp.post("/teach/club/<eid>/delete")
def delete(eid: str):
    """Delete the event, its players and results, once the organiser has ticked the confirmation."""
    event = own_event(eid)
    if request.form.get("confirm") != "yes":
        context = {
            **results_context(event),
            "notice": _("Tick the box to confirm that the night and its results are to be deleted."),
        }
        return no_store((render_template("club/organiser.html", **context), 400))
    current_store().club.delete(event)
    return redirect(url_for("club.events"), code=303)


@bp.post("/teach/club/<eid>/export.csv")
def export(eid: str):
    """The ranking and every board's results as CSV (a POST: CSRF-protected, never prefetched)."""
    event = own_event(eid)
    header = [
        # Translators: a column head of a club night's result table and CSV: the player's rank (1, 2=, …).
        _("Place"),
        event_facts(event)["name_header"] or _("Nickname"),
        _("Boards played"),
        _("Matchpoints"),
        _("MP percentage"),
        _("Decision accuracy percentage"),
    ]
    header += [_("Board %(num)s", num=n) for n in range(1, event.boards + 1)]
    rows = [
        [
            r["place_text"],
            r["nickname"],
            r["boards"],
            r["mp"],
            _blank(r["percent"]),
            _blank(r["accuracy"]),
            *r["raw_points"],
        ]
        for r in standing_rows(event)
    ]
    return csv_response(csv_text(header, rows, current_language()), f"club-{event.public_id}.csv")


@bp.get("/teach/club/<eid>/board/<int:number>")
def organiser_traveller(eid: str, number: int):
    """A board's traveller for the organiser: everyone's result, and one player's hand face up."""
    event = own_event(eid)
    if not 1 <= number <= event.boards:
        abort(404)
    links = [(n, url_for("club.organiser_traveller", eid=eid, number=n)) for n in range(1, event.boards + 1)]
    if at_tables(event):
        return no_store(tables_traveller(event, number, links, organiser=True))
    chosen = read_version(request.args.get("player"))
    context = replay_context(event, number, chosen, card_face())
    page = render_template(
        "club/traveller.html",
        **event_facts(event),
        **context,
        own_url=links[number - 1][1],
        board_links=links,
        organiser=True,
        me=None,
    )
    return no_store(page)


def tables_traveller(event: ClubEvent, number: int, links: list[tuple[int, str]], organiser: bool) -> str:
    """A board's traveller at real tables: every table's pairs and points, and both sides' matchpoints."""
    return render_template(
        "club/traveller_tables.html",
        **event_facts(event),
        number=number,
        board=board_of(event, number),
        rows=table_rows(event, number),
        board_links=links,
        organiser=organiser,
    )


@bp.get("/teach/club/<eid>/slips")
def slips(eid: str):
    """Board slips to print for real tables (A4, four boards a page): each seat's cards, mano, score, flor."""
    event = own_event(eid)
    boards = []
    for number in range(1, event.boards + 1):
        board = board_of(event, number)
        deal = table_of(event, number).hands()[0].deal
        boards.append({"board": board, "seats": list(deal)})
    return render_template("club/slips.html", **event_facts(event), boards=boards)


# --- The players ----------------------------------------------------------------------------------------


@bp.get("/club")
def code_page():
    """Type a club night's code (``?code=`` goes to it)."""
    entered = request.args.get("code")
    organiser = url_for("club.events") if current_teacher() is not None else None
    if entered is None:
        return render_template("club/code.html", entered="", error=None, organiser=organiser)
    found = current_store().club.by_code(entered)
    if found is None:
        keeper = current_store().club.table_by_code(entered)
        if keeper is not None:  # a table's scorekeeper code
            return redirect(url_for("club.scorekeeper", code=keeper[0].code), code=303)
        wait = limited("code")
        if wait is not None:
            return too_many(wait)
        error = _("No club night has that code. Check it with the organiser.")
        return render_template("club/code.html", entered=entered[:20], error=error, organiser=organiser), 404
    return redirect(url_for("club.event", code=found.code), code=303)


def join_page(event: ClubEvent, status: int = 200, error: str | None = None, nick: str | None = None) -> Response:
    taken = current_store().club.nicknames(event.id)
    suggestion = nick if nick is not None else new_nickname(taken)
    page = render_template("club/join.html", **event_facts(event), nick=suggestion, error=error)
    return no_store((page, status))


def tables_page(event: ClubEvent) -> Response:
    """A night at real tables, for its players: what it is, and the result table once it is closed."""
    closed = not current_store().club.is_open(event)
    context = {
        **event_facts(event),
        "rows": standing_rows(event) if closed else [],
        "board_numbers": range(1, event.boards + 1),
    }
    return no_store(render_template("club/at_tables.html", **context))


@bp.get("/club/<code>")
def event(code: str):
    """The join form, or where the player is: the board in play, or the results once every board is played."""
    event, player = here(code)
    if at_tables(event):
        return tables_page(event)
    if player is None:
        return join_page(event)
    return no_store(
        render_template("club/player.html", **event_facts(event), player=player, seen=can_see(event, player))
    )


def read_nick(text: str | None) -> tuple[str | None, str | None]:
    """The nickname typed, or a translated reason to refuse it."""
    nick = " ".join(str(text or "").split())
    if not nick:
        return None, _("Type a nickname, or keep the one suggested: the others see it on the result table.")
    if len(nick) > NICK_LENGTH:
        return None, ngettext(
            "A nickname has at most %(num)s character.", "A nickname has at most %(num)s characters.", NICK_LENGTH
        )
    if blocked(nick):
        return None, _("Choose another nickname: that one is not allowed.")
    return nick, None


def with_token(response: Response, event: ClubEvent, token: str) -> Response:
    """The player's token in an HttpOnly cookie for this event."""
    response.set_cookie(
        cookie_name(event.code),
        token,
        max_age=COOKIE_DAYS * 86400,
        httponly=True,
        samesite="Lax",
        secure=bool(current_app.config.get("SESSION_COOKIE_SECURE", False)),
    )
    return response


@bp.post("/club/<code>/join")
def join(code: str):
    """Join with a nickname: a token in a cookie, and board 1 dealt."""
    event, player = here(code)
    if player is not None or at_tables(event):
        return redirect(url_for("club.event", code=event.code), code=303)
    if not current_store().club.is_open(event):
        return join_page(event, 409, _("This club night is closed: nobody can join it any more."))
    nick, refused = read_nick(request.form.get("nick"))
    if nick is None:
        return join_page(event, 400, refused, request.form.get("nick", "")[:NICK_LENGTH])
    table = table_of(event, 1)
    token = new_token()
    joined = current_store().club.join(event, nick, token, table.log(), table.version)
    if joined is None:
        return join_page(
            event, 409, _("Someone in this club night already has that nickname. Choose another one."), nick
        )
    return with_token(redirect(url_for("club.board", code=event.code, number=1), code=303), event, token)


def board_page(
    event: ClubEvent, player: ClubPlayer, number: int, table: Table, status: int = 200, **options: Any
) -> Response:
    """Board ``number``'s table as the player sees it (the page, or its ``table`` block for htmx)."""
    context = table_context(
        table,
        face=card_face(),
        act_url=url_for("club.act", code=event.code, number=number),
        since=options.get("since"),
        error=options.get("error"),
    )
    result = current_store().club.result(event.id, player.id, number) if table.hand.is_over else None
    context.update(
        event_facts(event),
        player=player,
        number=number,
        board=board_of(event, number),
        result=result,
        points_text=format_number(result.points) if result is not None else None,
        seen=can_see(event, player),
    )
    return no_store(render_table("club/table.html", context, status))


def shown_table(event: ClubEvent, player: ClubPlayer, number: int) -> Table | None:
    """The board's table: the one in play, or a finished one from its result (None: not played yet)."""
    if number == player.board:
        return table_of(event, number, player.log)
    if number < player.board:
        result = current_store().club.result(event.id, player.id, number)
        return table_of(event, number, result.log) if result is not None else None
    return None


@bp.get("/club/<code>/board/<int:number>")
def board(code: str, number: int):
    """The board in play, or a finished board as it ended; a later board is not dealt yet."""
    event, player = my_player(code)
    if not 1 <= number <= event.boards:
        abort(not_found())
    table = shown_table(event, player, number)
    if table is None:
        return redirect(url_for("club.event", code=event.code), code=303)
    if number == player.board and not current_store().club.is_open(event):
        return redirect(url_for("club.event", code=event.code), code=303)
    return board_page(event, player, number, table, since=read_version(request.args.get("since")))


def apply(table: Table, text: str) -> str | None:
    """Play the player's action (the bot answers, with no deadline: the same for everyone); a
    translated reason if the engine refuses it."""
    if text == NEXT_HAND:
        return _("A board is a single hand: go on to the next board.")
    try:
        table.play(text)
    except InvalidNotationError:
        return _("That is not an action at this table. Use the buttons: a card, a call or an answer.")
    except TrucoError as error:
        return error_message(error)
    return None


@bp.post("/club/<code>/board/<int:number>/act")
def act(code: str, number: int):
    """The player's action on the board in play: a compare-and-swap on (board, version)."""
    event, player = my_player(code)
    if not current_store().club.is_open(event):
        return no_store((render_template("club/player.html", **event_facts(event), player=player, seen=True), 409))
    table = shown_table(event, player, number)
    if table is None:
        abort(not_found())
    drawn = read_version(request.form.get("version"))
    if number != player.board or drawn != table.version:
        status = 400 if drawn is None else 409
        return board_page(event, player, number, table, status, error=moved_on())
    error = apply(table, request.form.get("action", ""))
    if error is not None:
        return board_page(event, player, number, table_of(event, number, player.log), 400, error=error)
    if not write(event, player, number, drawn, table):
        return board_page(event, player, number, shown_table(event, player, number) or table, 409, error=moved_on())
    if wants_fragment():
        return board_page(event, player, number, table, since=drawn)
    return redirect(url_for("club.board", code=event.code, number=number, since=drawn), code=303)


def write(event: ClubEvent, player: ClubPlayer, number: int, drawn: int, table: Table) -> bool:
    """The board's new log, or, once its hand is over, its result and the next board's table."""
    store = current_store().club
    if not table.hand.is_over:
        return store.save(player, number, drawn, log=table.log(), new_version=table.version)
    # The same moves as another player's get the same judgement (the replay's hints are time-bounded).
    review = store.review_of_play(event.id, number, table.log())
    if review is None or not is_current(review):
        review = replay_hand(table, 0)
    finished = Finished(points_of(table), int(review["count"]), int(review["matched"]), table.log(), review)
    following = table_of(event, number + 1) if number < event.boards else None
    log = following.log() if following is not None else []
    return store.finish(
        player, number, drawn, finished, log=log, new_version=following.version if following is not None else 0
    )


def hidden(tables: bool = False) -> Response:
    page = render_template("club/hidden.html", at_tables=tables)
    return no_store((page, 403))


@bp.get("/club/<code>/results")
def player_results(code: str):
    """The night's result table, once the player has played every board (or the event is closed)."""
    if at_tables(event_of(code)):  # shown on the night's own page once it is closed
        return redirect(url_for("club.event", code=code), code=303)
    event, player = my_player(code)
    if not can_see(event, player):
        return hidden()
    context = {
        **event_facts(event),
        "rows": standing_rows(event),
        "player": player,
        "board_numbers": range(1, event.boards + 1),
    }
    return no_store(render_template("club/results.html", **context))


@bp.get("/club/<code>/board/<int:number>/traveller")
def traveller(code: str, number: int):
    """Everyone's result on the board and a face-up replay with the review, once the player may see them."""
    found = event_of(code)
    if at_tables(found) and 1 <= number <= found.boards:  # no players' cookies: shown to all once closed
        if current_store().club.is_open(found):
            return hidden(tables=True)
        links = [(n, url_for("club.traveller", code=found.code, number=n)) for n in range(1, found.boards + 1)]
        return no_store(tables_traveller(found, number, links, organiser=False))
    event, player = my_player(code)
    if not 1 <= number <= event.boards:
        abort(not_found())
    if not can_see(event, player):
        return hidden()
    chosen = read_version(request.args.get("player"))
    context = replay_context(event, number, chosen if chosen is not None else player.id, card_face())
    links = [(n, url_for("club.traveller", code=event.code, number=n)) for n in range(1, event.boards + 1)]
    page = render_template(
        "club/traveller.html",
        **event_facts(event),
        **context,
        own_url=links[number - 1][1],
        board_links=links,
        me=player.id,
    )
    return no_store(page)


__all__ = ["bp"]
