"""The table: whole matches against computer players, with hints and a review of every hand.

URLs (all under ``/<lang>``):

* ``GET /play``: the set-up form (players, preset, flor, target, bot level) and the learner's recent
  games; ``POST /play`` creates a game and redirects (303) to it.
* ``GET /play/<id>``: the table. ``POST /play/<id>`` with ``action`` (the engine's action text for
  the learner's seat: ``7o``, ``envido``, ``quiero``, ``mazo``, ... or ``next`` for the next hand)
  and ``version`` (the log length the page was drawn after) applies it, lets the bots answer and
  redirects back; with htmx the table region swaps in place. A stale version changes nothing and
  says so; an illegal or unreadable action is a 400 with the engine's reason.
* ``POST /play/<id>/hint``: "what would a good player do?" for the decision on the table (counted once).
* ``GET /play/<id>/review/<n>``: hand ``n`` (from 1) replayed with every card face up, each of the
  learner's decisions next to the hint's ranking, and each bot's reason. Only finished hands.
* ``GET /play/daily``: today's deal, the same deals and bot seeds for everyone.

The page is drawn only from the learner's ``view_for(seat)`` and ``legal_actions()``: the deal, the
seed and the bots' cards stay in the database. The table itself (context, template, hint, review)
is shared with other features: :mod:`tutor.web.components.table`; this module adds the game's URLs,
its store and ``templates/play/table.html`` (the hand-over links and the footer).
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import date
from typing import Any

from flask import Blueprint, Flask, abort, redirect, render_template, request, url_for
from flask.wrappers import Response

from tutor.narration import Perspective, error_message

from ...bots.table import NEXT_HAND, Table
from ...engine.errors import InvalidNotationError, TrucoError
from ...engine.notation import parse_rules
from ...i18n import LANG_PREFIX, format_number, gettext as _, lazy_gettext as _l
from ...models import Learner, db
from ..components.table import learner_hint, render_table, review_hand, review_steps, table_context
from ..shared.htmx import wants_fragment
from ..shared.learner import current_learner, session_public_id
from ..shared.nav import Section, add_section
from ..shared.preferences import card_face
from ..shared.queries import FormErrors
from . import store
from .forms import FLOR_MODES, LEVELS, PLAYERS, PRESETS, TARGETS, SetupForm

bp = Blueprint("play", __name__, url_prefix=LANG_PREFIX)

DAILY_RULES = "argentino:target=15"
DAILY_LEVEL = "strong"
MAX_SEED = 1 << 31


def _level_names() -> dict[str, str]:
    return {
        # Translators: the level of the computer players at the table.
        "beginner": _("Beginner: plays by rules of thumb"),
        # Translators: the level of the computer players at the table.
        "strong": _("Strong: thinks ahead on many possible deals"),
        # Translators: the level of the computer players at the table.
        "random": _("Random: any legal move (for a first look)"),
    }


def _setup_context(form: dict[str, str], errors: dict[str, str]) -> dict[str, Any]:
    public_id = session_public_id()
    learner = Learner.by_public_id(public_id) if public_id else None  # reading the page creates no learner
    learner_games = store.recent_games(learner) if learner is not None else []
    return {
        "form": form, "errors": errors, "players": PLAYERS, "presets": PRESETS, "flor_modes": FLOR_MODES,
        "targets": TARGETS, "levels": LEVELS, "level_names": _level_names(), "games": learner_games,
        "game_rules": {g.public_id: parse_rules(g.rules) for g in learner_games},
    }


@bp.route("/play", methods=["GET", "POST"])
def index():
    """The set-up form and recent games; POST starts a game."""
    if request.method == "GET":
        return render_template("play/setup.html", **_setup_context(SetupForm.typed_fields(request.args), {}))
    try:
        setup = SetupForm.from_form(request.form)
    except FormErrors as exc:
        return render_template("play/setup.html", **_setup_context(SetupForm.typed_fields(request.form), exc.messages)), 400
    game, _table = store.create_game(current_learner(), setup.rules(), setup.level, secrets.randbelow(MAX_SEED))
    return redirect(url_for("play.game", game_id=game.public_id), code=303)


def daily_seed(day: date) -> int:
    """The seed of the daily deal: the same for everyone on that day."""
    digest = hashlib.sha256(f"truco-tutor-daily-table:{day.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:4], "big") % MAX_SEED


@bp.route("/play/daily", methods=["GET", "POST"])
def daily():
    """Today's deal: GET shows it (or resumes the learner's game of today), POST starts it."""
    today = date.today()
    learner = current_learner()
    existing = store.daily_game(learner, today.isoformat())
    if existing is not None:
        return redirect(url_for("play.game", game_id=existing.public_id), code=303)
    if request.method == "POST":
        game, _table = store.create_game(learner, parse_rules(DAILY_RULES), DAILY_LEVEL, daily_seed(today),
                                         daily=today.isoformat())
        return redirect(url_for("play.game", game_id=game.public_id), code=303)
    return render_template("play/daily.html", day=today, rules=parse_rules(DAILY_RULES))


def _render_table(game: Any, table: Table, status: int = 200, *, show_hint: bool = False,
                  since: int | None = None, error: str | None = None) -> Response:
    """The game's table (the page, or its ``table`` block for an htmx swap): the hint shows when it
    was asked for in this request or earlier for the decision on the table (``hint_pending``)."""
    context = table_context(
        table, face=card_face(), act_url=url_for("play.game", game_id=game.public_id),
        hint_url=url_for("play.ask_hint", game_id=game.public_id), hint_for=learner_hint,
        show_hint=show_hint or bool(game.hint_pending), since=since, error=error,
    )
    return render_table("play/table.html", {**context, "game": game}, status)


def _read_version(text: str | None) -> int | None:
    if text is None or not text.isascii() or not text.isdigit() or len(text) > 6:
        return None
    return int(text)


@bp.route("/play/<game_id>", methods=["GET", "POST"])
def game(game_id: str):
    """The table; POST applies the learner's action and the bots' replies."""
    found = store.load_game(session_public_id(), game_id)
    table = store.table_of(found)
    if request.method == "GET":
        since = _read_version(request.args.get("since"))
        return _render_table(found, table, since=since)
    drawn = _read_version(request.form.get("version"))
    text = request.form.get("action", "")
    if drawn is None:
        return _render_table(found, table, status=400, error=_(
            "This form has no valid version number, so it was not applied. Here is the table as it is now."))
    if text == NEXT_HAND and not table.hand.is_over and drawn == table.version:
        return _render_table(found, table, status=400, error=_("This hand is not over yet: play on."))
    if drawn != table.version:
        return _render_table(found, table, status=409, error=_(
            "The table had already moved on (a second click, or another tab). Nothing was changed: here it is as it is now."))
    hinted = bool(found.hint_pending)
    try:
        if text == NEXT_HAND:
            table.next_hand()
        else:
            table.play(text, hinted=hinted)
    except InvalidNotationError:
        return _render_table(found, store.table_of(found), status=400, error=_(
            "That is not an action at this table. Use the buttons: a card, a call or an answer."))
    except TrucoError as error:
        return _render_table(found, store.table_of(found), status=400, error=error_message(error))
    extra: dict[str, Any] = {"hint_pending": False}
    if text != NEXT_HAND and table.hand.is_over:
        # The hand just ended: its review (the hint's ranking at each of the learner's decisions) is
        # computed now, once, so the recent games can say how often the learner matched the hint.
        reviews = dict(found.reviews or {})
        reviews[str(table.hand_index + 1)] = review_hand(table, table.hand_index)
        extra["reviews"] = reviews
    if not store.save_table(found, table, drawn, **extra):
        db.session.expire_all()
        fresh = store.load_game(session_public_id(), game_id)
        return _render_table(fresh, store.table_of(fresh), status=409, error=_(
            "The table had already moved on (a second click, or another tab). Nothing was changed: here it is as it is now."))
    target = url_for("play.game", game_id=found.public_id, since=drawn)
    return redirect(target, code=303)


@bp.post("/play/<game_id>/hint")
def ask_hint(game_id: str):
    """A hint for the learner's decision on the table (counted once per decision)."""
    found = store.load_game(session_public_id(), game_id)
    table = store.table_of(found)
    drawn = _read_version(request.form.get("version"))
    if drawn is None:
        return _render_table(found, table, status=400, error=_(
            "This form has no valid version number, so it was not applied. Here is the table as it is now."))
    if drawn != table.version:
        return _render_table(found, table, status=409, error=_(
            "The table had already moved on (a second click, or another tab). Nothing was changed: here it is as it is now."))
    if not table.learner_to_act:
        return _render_table(found, table, status=409, error=_("It is not your turn: a hint is given when you have a decision to make."))
    store.set_hint_pending(found, drawn)
    if wants_fragment():
        return _render_table(found, table, show_hint=True)
    return redirect(url_for("play.game", game_id=found.public_id, hint=1, _anchor="hint"), code=303)


@bp.get("/play/<game_id>/review/<int:number>")
def review(game_id: str, number: int):
    """Hand ``number`` (from 1) replayed face up, with the hint's ranking at each of the learner's decisions."""
    found = store.load_game(session_public_id(), game_id)
    table = store.table_of(found)
    hands = table.hands()
    if not 1 <= number <= len(hands) or not hands[number - 1].is_over:
        abort(404)
    data = (found.reviews or {}).get(str(number))
    if data is None:
        data = review_hand(table, number - 1)
        store.store_review(found, number, data)
    face = card_face()
    hand = hands[number - 1]
    perspective = Perspective(seat=table.learner_seat, players=hand.players)
    deal = [{"name": perspective.seat_label(s), "in_sentence": perspective.seat_name(s), "cards": hand.deal[s],
             "mine": s == table.learner_seat}
            for s in _seat_order(table.learner_seat, hand.players)]
    return render_template("play/review.html", game=found, number=number, hand=hand, review=data, deal=deal,
                           lost=format_number(round(float(data.get("lost", 0)), 2)),
                           steps=review_steps(table, number - 1, data, face), hands_total=len(hands),
                           finished=[i + 1 for i, h in enumerate(hands) if h.is_over])


def _seat_order(first: int, players: int) -> list[int]:
    return [(first + k) % players for k in range(players)]


def init_app(app: Flask) -> None:
    """The table's place in the menu (``create_app`` registers ``bp``)."""
    add_section(
        app,
        Section(
            "play.index",
            _l("Play"),
            _l("Play whole matches against the computer, with hints and a review of every hand."),
            order=15,
        ),
    )
