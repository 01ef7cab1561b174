"""The table: whole matches against computer players, with hints and a replay of every hand.

URLs (all under ``/<lang>``):

* ``GET /play``: the set-up form (players, preset, flor, target, bot level, pica-pica with six
  Argentine players) and the learner's recent games; ``POST /play`` creates a game and redirects
  (303) to it.
* ``GET /play/<id>``: the table. ``POST /play/<id>`` with ``action`` (the engine's action text for
  the learner's seat: ``7o``, ``envido``, ``quiero``, ``mazo``, ... or ``next`` for the next hand)
  and ``version`` (the log length the page was drawn after) applies it, lets the bots answer and
  redirects back; with htmx the table region swaps in place. A stale version changes nothing and
  says so; an illegal or unreadable action is a 400 with the engine's reason.
* ``POST /play/<id>/hint``: "what would a good player do?" for the decision on the table (counted once).
* ``GET /play/<id>/review/<n>``: hand ``n`` (from 1) replayed with every card face up, each of the
  learner's decisions next to the hint's ranking, and each bot's reason. Only finished hands.
* ``GET /play/daily?game=<game>``: today's deal of one game (:data:`DAILY_GAMES`: Argentine Truco
  without ``game``, Catalan Truc, Truco Mineiro, pica-pica), the same deals and bot seeds for everyone;
  once played to the end, its results (:mod:`.daily`: ``GET /play/daily/results?game=<game>``).

The page is drawn only from the learner's ``view_for(seat)`` and ``legal_actions()``: the deal, the
seed and the bots' cards stay in the database (``tutor.store``: ``Game``). The table itself
(context, template, hint, replay, and the controller of act, hint and replay that practice hands
share) is :mod:`tutor.web.components.table`; this module adds the game's URLs, how a game becomes a
table and ``templates/play/table.html`` (the hand-over links and the footer).
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import date
from typing import Any, NoReturn

from flask import Blueprint, Flask, abort, make_response, redirect, render_template, request, url_for
from flask.wrappers import Response

from tutor.narration import Perspective

from ...bots.table import NEXT_HAND, Table
from ...engine.errors import InvalidNotationError
from ...engine.notation import format_rules, parse_rules
from ...engine.rules import Rules, find_variant
from ...i18n import LANG_PREFIX, format_long_date, format_number, gettext as _, lazy_gettext as _l
from ...learning import Source
from ...store import Game, Learner, LogEntry, current_store
from ..components.cards import game_face
from ..components.table import learner_hint, render_table, replay_steps, table_context
from ..components.table.controller import TableController, move_deadline, posted_senas, senas_refused
from ..components.table.mistakes import TableMistake, table_mistakes
from ..shared.learner import current_learner, my_learner_id, remember, session_public_id
from ..shared.nav import Section, add_section
from ..shared.preferences import card_face
from ..shared.queries import FormErrors
from .forms import FLOR_MODES, LEVELS, PLAYERS, PRESETS, TARGETS, SetupForm

bp = Blueprint("play", __name__, url_prefix=LANG_PREFIX)

DAILY_LEVEL = "strong"
MAX_SEED = 1 << 31


@dataclass(frozen=True)
class DailyGame:
    """One game's daily deal: its rules (from the engine's presets) and its name on the pages."""

    key: str
    """The game in URLs (``?game=catalan``) and in the day's key (:func:`daily_key`)."""
    rules: Rules
    name: Any
    """The game's name (a lazy message)."""


DAILY_DEFAULT = "argentino"
DAILY_GAMES: dict[str, DailyGame] = {
    game.key: game
    for game in (
        # Translators: the name of a game on the daily deal's page; "Truco" stays as it is.
        DailyGame("argentino", find_variant("argentino").rules(target=15), _l("Argentine Truco")),
        # Translators: the name of a game on the daily deal's page; keep "Truc" as it is.
        DailyGame("catalan", find_variant("catalan").rules(), _l("Catalan Truc")),
        # Translators: the name of a game on the daily deal's page (the Truco of Minas Gerais, Brazil); keep it.
        DailyGame("mineiro", find_variant("mineiro").rules(), _l("Truco Mineiro")),
        # Translators: a game on the daily deal's page: six-player Truco with pica-pica (duels one against one); keep the term.
        DailyGame("pica", find_variant("argentino").rules(players=6, target=15, pica_pica=True), _l("Pica-pica")),
    )
}
"""The games with a daily deal, the Argentine one first: every game the table plays as a game of its
own (the fixed ruleset is a variation of the Argentine rules), and the pica-pica option of six players."""


def _level_names() -> dict[str, str]:
    return {
        # Translators: the level of the computer players at the table.
        "beginner": _("Beginner: plays by rules of thumb"),
        # Translators: the level of the computer players at the table.
        "strong": _("Strong: thinks ahead on many possible deals"),
        # Translators: the level of the computer players at the table.
        "random": _("Random: any legal move (for a first look)"),
    }


def _level_short() -> dict[str, str]:
    """The levels' short names, for the list of recent games."""
    return {
        # Translators: the level of the computer players, short, in the list of recent games.
        "beginner": _("Beginner"),
        # Translators: the level of the computer players, short, in the list of recent games.
        "strong": _("Strong"),
        # Translators: the level of the computer players, short, in the list of recent games.
        "random": _("Random"),
    }


def not_found(review: bool = False) -> NoReturn:
    """A translated 404 for a game (or a hand's review) that does not exist, with the way back to the table."""
    abort(make_response(render_template("play/not_found.html", review=review), 404))


class Games(TableController[Game, Table]):
    """The play feature's runs at the table: a game is ``rules + seed + level + log``."""

    kind = "game"

    def runs(self):
        return current_store().games

    def rebuild(self, game: Game) -> Table:
        return Table(parse_rules(game.rules), game.seed, game.level, log=game.log)

    def table(self, state: Table) -> Table:
        return state

    def render(
        self,
        game: Game,
        table: Table,
        status: int = 200,
        *,
        since: int | None = None,
        error: str | None = None,
        show_hint: bool = False,
    ) -> Response:
        """The game's table (the page, or its ``table`` block for an htmx swap): the hint shows when it
        was asked for in this request or earlier for the decision on the table (``hint_pending``)."""
        context = table_context(
            table,
            face=card_face(),
            act_url=url_for("play.game", game_id=game.public_id),
            hint_url=url_for("play.ask_hint", game_id=game.public_id),
            hint_for=learner_hint,
            show_hint=show_hint or bool(game.hint_pending),
            since=since,
            error=error,
            senas=True,
        )
        results = url_for("play.daily_results", **daily_args(game.daily)) if game.daily else None
        return render_table("play/table.html", {**context, "game": game, "daily_results": results}, status)

    def load(self, public_id: str, **where: Any) -> Game:
        """The learner's game with this id, else the play feature's own 404 page."""
        found = self.runs().load(session_public_id(), public_id, **where)
        if found is None:
            not_found()
        return found

    def url(self, game: Game, **args: Any) -> str:  # type: ignore[override]  # the play table's run is a Game
        return url_for("play.game", game_id=game.public_id, **args)

    def refuse(self, game: Game, table: Table, text: str, drawn: int) -> tuple[int, str] | None:
        if text == NEXT_HAND and not table.hand.is_over and drawn == table.version:
            return 400, _("This hand is not over yet: play on.")
        if drawn == table.version and posted_senas():
            try:
                table.check_senas(posted_senas())
            except InvalidNotationError:
                return 400, senas_refused()
        return None

    def play(self, game: Game, table: Table, text: str) -> None:
        if text == NEXT_HAND:
            table.next_hand(deadline=move_deadline())
        else:
            table.play(text, hinted=bool(game.hint_pending), deadline=move_deadline(), senas=posted_senas())

    def save(self, game: Game, table: Table, drawn: int, text: str) -> bool:
        extra: dict[str, Any] = {}
        mistakes: list[TableMistake] = []
        if text != NEXT_HAND and table.hand.is_over:
            # The hand just ended: its replay (the hint's ranking at each of the learner's decisions) is
            # computed now, once, so the recent games can say how often the learner matched the hint,
            # and its clear mistakes where a lesson teaches the same thing feed the review.
            reviews = dict(game.reviews or {})
            data = self.replay_of(table, table.hand_index)
            reviews[str(table.hand_index + 1)] = data
            extra["reviews"] = reviews
            mistakes = table_mistakes(table, table.hand_index, data)
        scores = table.hand.scores

        def write(commit: bool = True) -> bool:
            return self.runs().save(
                game,
                drawn,
                log=table.log(),
                version=table.version,
                score0=scores[0],
                score1=scores[1],
                winner=table.match.winner,
                hint_pending=False,
                commit=commit,
                **extra,
            )

        if not mistakes:
            saved = write()
        else:
            # The mistakes and the game's new log in one transaction: the game's compare-and-swap is the
            # append's guard, so a repeated post of the hand's last action writes neither again.
            entries = [LogEntry(m.item, Source.TABLE, False, m.hinted) for m in mistakes]
            saved = remember(
                current_store().attempts.append(game.learner_id, entries, guard=lambda: write(commit=False))
            )
        if saved and game.daily and table.match.winner is not None:
            from .daily import record_daily  # the daily deal's results: written once, when the match ends

            record_daily(game, table, extra.get("reviews", game.reviews or {}))
        return saved

    @staticmethod
    def replay_of(table: Table, index: int) -> dict[str, Any]:
        from ..components.table import replay_hand

        return replay_hand(table, index)

    def stored_replay(self, game: Game, index: int) -> dict[str, Any] | None:
        return (game.reviews or {}).get(str(index + 1))

    def keep_replay(self, game: Game, index: int, data: dict[str, Any]) -> None:
        reviews = dict(game.reviews or {})
        reviews[str(index + 1)] = data
        self.runs().keep(game, reviews=reviews)

    def create(self, learner: Learner, rules: Any, level: str, seed: int, daily: str | None = None) -> Game:
        """A new game for ``learner``; the bots act until the learner's first turn."""
        table = Table(rules, seed, level, deadline=move_deadline())
        game = self.runs().create(
            learner.id,
            unique=("daily",) if daily else (),  # one daily game per learner and day, however many starts
            rules=format_rules(rules),
            level=str(table.level),
            seed=seed,
            daily=daily,
            log=table.log(),
            version=table.version,
            reviews={},
            score0=table.hand.scores[0],
            score1=table.hand.scores[1],
            winner=table.match.winner,
        )
        self.keep(game, table)
        return game


GAMES = Games()


def _setup_context(form: dict[str, str], errors: dict[str, str]) -> dict[str, Any]:
    learner_id = my_learner_id()  # reading the page creates no learner
    learner_games = current_store().games.latest(learner_id) if learner_id is not None else []
    return {
        "form": form,
        "errors": errors,
        "players": PLAYERS,
        "presets": PRESETS,
        "flor_modes": FLOR_MODES,
        "targets": TARGETS,
        "levels": LEVELS,
        "level_names": _level_names(),
        "games": learner_games,
        "game_rules": {g.public_id: parse_rules(g.rules) for g in learner_games},
        "game_dates": {g.public_id: format_long_date(g.updated.date()) for g in learner_games},
        "level_short": _level_short(),
    }


@bp.route("/play", methods=["GET", "POST"])
def index():
    """The set-up form and recent games; POST starts a game."""
    if request.method == "GET":
        return render_template("play/setup.html", **_setup_context(SetupForm.typed_fields(request.args), {}))
    try:
        setup = SetupForm.from_form(request.form)
    except FormErrors as exc:
        return render_template(
            "play/setup.html", **_setup_context(SetupForm.typed_fields(request.form), exc.messages)
        ), 400
    game = GAMES.create(current_learner(), setup.rules(), setup.level, new_seed())
    return redirect(url_for("play.game", game_id=game.public_id), code=303)


def new_seed() -> int:
    """The seed of a new game's deals and bots: unpredictable, so nobody can learn the deals."""
    return secrets.randbelow(MAX_SEED)


def daily_seed(day: date, game: str = DAILY_DEFAULT) -> int:
    """The seed of a game's daily deal: the same for everyone on that day (the Argentine one's as
    before there were others)."""
    name = day.isoformat() if game == DAILY_DEFAULT else f"{game}:{day.isoformat()}"
    digest = hashlib.sha256(f"truco-tutor-daily-table:{name}".encode()).digest()
    return int.from_bytes(digest[:4], "big") % MAX_SEED


def daily_key(day: date, game: str = DAILY_DEFAULT) -> str:
    """What the store keeps a game's daily deal of ``day`` under (``Game.daily``, the results' day):
    the date for the Argentine game (as before there were others), ``2026-12-03:catalan`` for another.

    >>> daily_key(date(2026, 12, 3)), daily_key(date(2026, 12, 3), "mineiro")
    ('2026-12-03', '2026-12-03:mineiro')
    """
    return day.isoformat() if game == DAILY_DEFAULT else f"{day.isoformat()}:{game}"


def daily_args(key: str) -> dict[str, Any]:
    """The URL arguments of the daily deal kept under ``key`` (:func:`daily_key`): its date and game.

    >>> daily_args("2026-12-03"), daily_args("2026-12-03:pica")
    ({'date': '2026-12-03'}, {'date': '2026-12-03', 'game': 'pica'})
    """
    day, _sep, game = key.partition(":")
    return {"date": day, **game_args(game or DAILY_DEFAULT)}


def game_args(game: str) -> dict[str, Any]:
    """``game`` as a URL argument of the daily pages (none for the Argentine game)."""
    return {} if game == DAILY_DEFAULT else {"game": game}


def daily_game(text: str | None) -> DailyGame:
    """The daily deal's game named in a request (the Argentine one when none is), else a 400: the
    daily page with a translated message above the games to choose from."""
    game = DAILY_GAMES.get(text or DAILY_DEFAULT)
    if game is None:
        error = _("There is no daily deal of that game. Choose one of the games below.")
        abort(make_response(daily_page(current_store().today(), DAILY_GAMES[DAILY_DEFAULT], error=error), 400))
    return game


def daily_page(day: date, game: DailyGame, error: str | None = None) -> str:
    return render_template(
        "play/daily.html",
        day=day,
        game=game,
        rules=game.rules,
        games=list(DAILY_GAMES.values()),
        game_args=game_args,
        error=error,
    )


@bp.route("/play/daily", methods=["GET", "POST"])
def daily():
    """Today's deal of a game: GET shows it (or resumes the learner's game of today), POST starts it."""
    game = daily_game(request.values.get("game"))
    today = current_store().today()
    key = daily_key(today, game.key)
    learner_id = my_learner_id()  # reading the page creates no learner
    existing = current_store().games.first(learner_id, daily=key) if learner_id is not None else None
    if existing is not None and existing.winner is not None:  # played to the end: the day's results
        return redirect(url_for("play.daily_results", **game_args(game.key)), code=303)
    if existing is not None:
        return redirect(url_for("play.game", game_id=existing.public_id), code=303)
    if request.method == "POST":
        learner = current_learner()
        found = GAMES.create(learner, game.rules, DAILY_LEVEL, daily_seed(today, game.key), daily=key)
        return redirect(url_for("play.game", game_id=found.public_id), code=303)
    return daily_page(today, game)


@bp.route("/play/<game_id>", methods=["GET", "POST"])
def game(game_id: str):
    """The table; POST applies the learner's action and the bots' replies."""
    found = GAMES.load(game_id)
    if request.method == "GET":
        return GAMES.get(found, since=_read_version(request.args.get("since")))
    return GAMES.act(found, request.form.get("action", ""), request.form.get("version"))


def _read_version(text: str | None) -> int | None:
    if text is None or not text.isascii() or not text.isdigit() or len(text) > 6:
        return None
    return int(text)


@bp.post("/play/<game_id>/hint")
def ask_hint(game_id: str):
    """A hint for the learner's decision on the table (counted once per decision)."""
    return GAMES.hint(GAMES.load(game_id), request.form.get("version"))


@bp.get("/play/<game_id>/review/<int:number>")
def replay(game_id: str, number: int):
    """Hand ``number`` (from 1) replayed face up, with the hint's ranking at each of the learner's decisions."""
    found = GAMES.load(game_id)
    table = GAMES.state(found)
    hands = table.hands()
    if not 1 <= number <= len(hands) or not hands[number - 1].is_over:
        GAMES.keep(found, table)
        not_found(review=True)
    data = GAMES.replay(found, table, number - 1)
    page = render_template(
        "play/replay.html",
        game=found,
        number=number,
        hand=hands[number - 1],
        replay=data,
        deal=_replay_deal(table, hands[number - 1]),
        **_replay_losses(data),
        steps=replay_steps(table, number - 1, data, card_face()),
        card_face=game_face(table.rules.variant, card_face()),  # the deal drawn as the table drew it
        hands_total=len(hands),
        finished=[i + 1 for i, h in enumerate(hands) if h.is_over],
    )
    GAMES.keep(found, table)
    return page


def _replay_deal(table: Table, hand: Any) -> list[dict[str, Any]]:
    """Every seat's cards of the hand, the learner's first, named as the learner sees them."""
    perspective = Perspective(seat=table.learner_seat, players=hand.players)
    return [
        {
            "name": perspective.seat_label(s),
            "in_sentence": perspective.seat_name(s),
            "cards": hand.deal[s],
            "mine": s == table.learner_seat,
        }
        for s in _seat_order(table.learner_seat, hand.players)
    ]


def _replay_losses(data: dict[str, Any]) -> dict[str, str | None]:
    """What the mistakes cost, worded: expected points, and percentage points of the chance to win
    the match (said only when at least half a point of the chance was lost)."""
    chance = float(data.get("lost_chance", 0))
    return {
        "lost": format_number(round(float(data.get("lost", 0)), 2)),
        "lost_chance": format_number(round(100 * chance, 1)) if chance >= 0.005 else None,
    }


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
