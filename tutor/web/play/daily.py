"""The daily deal's results: everyone who played the day's deal to the end, compared.

URLs (under ``/<lang>``):

* ``GET /play/daily/results?date=YYYY-MM-DD&game=<game>`` (today without a date, the Argentine game
  without a game, :data:`.views.DAILY_GAMES`): the results of that game's deal of the day, shown only
  to a learner who has finished that day's deal (others would learn how the cards fall): each
  player's points, whether they won, and how many of their decisions equalled the best one of the
  hand's review (``matched`` of :func:`tutor.web.components.table.replay_hand`), with one mark a hand
  (every decision the best, a better one missed, no decision), and a result line to share that
  tells the score and the marks, never a card.
* ``POST /play/daily/results``: the learner's nickname on that day's results (optional), one of the
  generated Truco nicknames (``shared.nicknames``), so no name typed by a stranger is ever shown.

A result is written once per learner, day and game (``tutor.store.Scoreboard.record``, under the key
:func:`.views.daily_key`: ``INSERT ... ON CONFLICT DO NOTHING``) when the daily match ends, or, if that
write was missed, the first time the learner opens the results.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from flask import abort, redirect, render_template, request, url_for

from ...bots.table import Table
from ...engine.notation import parse_rules
from ...i18n import format_long_date, gettext as _
from ...store import Game, Result, current_store
from ..shared.learner import my_learner_id
from ..shared.nicknames import NUMBERS, WORDS, nicknames
from .views import DAILY_DEFAULT, GAMES, DailyGame, bp, daily_game, daily_key, game_args

MARKS = {"b": "🟩", "m": "🟥", "n": "⬜"}
"""A hand's mark on the results and the shared line: every decision the best, one was not, none taken."""


def hand_mark(review: dict[str, Any]) -> str:
    """``b``, ``m`` or ``n`` for a hand's stored review (``count`` decisions, ``matched`` the best).

    >>> hand_mark({"count": 3, "matched": 3}), hand_mark({"count": 3, "matched": 2}), hand_mark({"count": 0, "matched": 0})
    ('b', 'm', 'n')
    """
    if not review.get("count"):
        return "n"
    return "b" if review.get("matched") == review.get("count") else "m"


def result_of(learner_id: int, table: Table, reviews: dict[str, Any]) -> Result:
    """The finished daily match as a result: the learner sits at seat 0 (team 0)."""
    marks, decisions, best = [], 0, 0
    for index, hand in enumerate(table.hands()):
        if not hand.is_over:
            continue
        review = reviews.get(str(index + 1)) or GAMES.replay_of(table, index)
        decisions += int(review.get("count", 0))
        best += int(review.get("matched", 0))
        marks.append(hand_mark(review))
    scores = table.hand.scores
    return Result(learner_id, scores[0], scores[1], table.match.winner == 0, decisions, best, "".join(marks), None)


def record_daily(game: Game, table: Table, reviews: dict[str, Any]) -> None:
    """Keep the result of a finished daily match (once: a second call writes nothing)."""
    if game.daily and table.match.winner is not None:
        current_store().scoreboard.record(game.daily, result_of(game.learner_id, table, reviews))


def _my_result(key: str, learner_id: int | None) -> Result | None:
    """The learner's result of the daily deal ``key``, recorded now from their finished daily game if
    it was missed."""
    scoreboard = current_store().scoreboard
    found = scoreboard.result(key, learner_id)
    if found is not None or learner_id is None:
        return found
    game = current_store().games.first(learner_id, daily=key)
    if game is None or game.winner is None:
        return None
    table = Table(parse_rules(game.rules), game.seed, game.level, log=game.log)
    record_daily(game, table, dict(game.reviews or {}))
    return scoreboard.result(key, learner_id)


def _read_day(text: str | None) -> date:
    today = current_store().today()
    if not text:
        return today
    try:
        day = date.fromisoformat(text)
    except ValueError:
        abort(400, _("That is not a date."))
    if day > today or len(text) != 10:
        abort(400, _("That is not a date."))
    return day


def share_line(day: date, result: Result, game: DailyGame | None = None) -> str:
    """The result without a spoiler: the date (and the game, but for the Argentine one), the points
    and the hands' marks."""
    marks = "".join(MARKS.get(m, "") for m in result.marks)
    if game is not None and game.key != DAILY_DEFAULT:
        # Translators: the shared result of a game's daily deal: the game (Catalan Truc, ...), the date, the points (mine–theirs) and one mark per hand.
        return _(
            "Truco Tutor, %(game)s, the deal of %(date)s: %(mine)s–%(theirs)s %(marks)s",
            game=game.name,
            date=format_long_date(day),
            mine=result.points_for,
            theirs=result.points_against,
            marks=marks,
        )
    # Translators: the shared result of the daily deal: the date, the points (mine–theirs) and one mark per hand.
    return _(
        "Truco Tutor, the deal of %(date)s: %(mine)s–%(theirs)s %(marks)s",
        date=format_long_date(day),
        mine=result.points_for,
        theirs=result.points_against,
        marks=marks,
    )


def is_nickname(text: str) -> bool:
    """A generated nickname ("Ancho 27"): one of the Truco words and a number.

    >>> is_nickname("Ancho 27"), is_nickname("Siete de oro 5"), is_nickname("Ancho 1"), is_nickname("<b> 27")
    (True, True, False, False)
    """
    word, _space, number = text.rpartition(" ")
    return word in WORDS and number.isascii() and number.isdigit() and int(number) in NUMBERS


def _results_context(day: date, game: DailyGame, mine: Result | None, learner_id: int | None) -> dict[str, Any]:
    results = current_store().scoreboard.results(daily_key(day, game.key)) if mine is not None else []
    taken = {r.nickname for r in results if r.nickname}
    first = mine.nickname if mine is not None and mine.nickname else None
    return {
        "day": day,
        "day_text": format_long_date(day),
        "is_today": day == current_store().today(),
        "mine": mine,
        "me": learner_id,
        "results": results,
        "marks": MARKS,
        "line": share_line(day, mine, game) if mine is not None else None,
        "suggestions": nicknames(first or "", taken - {first})[1:] if mine is not None else [],
        "deal_url": url_for("play.daily", **game_args(game.key), _external=True),
        "game": game,
        "game_args": game_args(game.key),
    }


@bp.get("/play/daily/results")
def daily_results():
    """The day's results, once the learner has finished that day's deal."""
    day = _read_day(request.args.get("date"))
    game = daily_game(request.args.get("game"))
    learner_id = my_learner_id()
    mine = _my_result(daily_key(day, game.key), learner_id)
    return render_template("play/daily_results.html", **_results_context(day, game, mine, learner_id))


@bp.post("/play/daily/results")
def daily_nickname():
    """Choose (or drop) the nickname shown beside the learner's result."""
    day = _read_day(request.form.get("date"))
    game = daily_game(request.form.get("game"))
    key = daily_key(day, game.key)
    learner_id = my_learner_id()
    mine = _my_result(key, learner_id)
    chosen = request.form.get("nickname", "").strip()
    if mine is None or (chosen and not is_nickname(chosen)):
        context = _results_context(day, game, mine, learner_id)
        return render_template(
            "play/daily_results.html", **context, error=_("Choose one of the nicknames offered.")
        ), 400
    current_store().scoreboard.rename(key, mine.learner_id, chosen or None)
    return redirect(url_for("play.daily_results", date=day.isoformat(), **game_args(game.key)), code=303)
