"""Projector mode of the quizzes and of the daily challenge: GET-only pages that record nothing.

URLs (all under ``/<lang>``):

* ``GET /quiz/<key>/present?seed=N&q=n``: question ``n`` (from 1) of the quiz ``key`` (a topic or
  ``exam``) drawn with seed ``N``: exactly what a pupil following ``/quiz/<key>?seed=N`` is asked at
  that place, one question large (its cards, its prompt, its options shown without a form), with
  "Show the answer" (``&reveal=1``; the R key with ``present.js``) for the engine's answer and
  explanation, Previous / Next (the arrow and Page keys) and the seed, so the teacher can give the
  pupils the same link. Without a seed a new one is drawn and the page redirects to it;
* ``GET /daily/present?date=YYYY-MM-DD&q=n``: the same for the daily challenge's five questions
  (without a date: today's, as on the daily page).

Nothing is written: no learner, no learning log, no quiz run, no daily result, no attempt spent
(the teacher's own daily challenge stays as it was). A seed or date that is not one is a 400, a
question number that is not a whole number a 400, one past the quiz's questions a 404, all with a
translated message.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from flask import redirect, request, url_for
from flask.wrappers import Response

from ...content.checks import new_seed
from ...i18n import gettext as _
from ..components.cards import game_face
from ..components.questions import question_view
from ..shared.qr import public_url_for
from ..shared.readers import parse_seed
from .draw import DAILY, Drawn, daily_seed, quiz_questions
from .views import _bad_day, _bad_seed, _quiz_or_404, _render, bp, parse_day, quiz_name, today


def _number(text: str | None, total: int) -> int | Response:
    """The question number ``q`` (1 without one), or the translated 400/404 page for a bad one."""
    raw = "1" if text is None or not text.strip() else text.strip()
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 4:
        message = _(
            "This projector link has no valid question number: it must be a whole number from 1 to %(num)s.", num=total
        )
        return _error(400, message)
    number = int(raw)
    if not 1 <= number <= total:
        return _error(
            404,
            _(
                "This projector link asks for question %(number)s, but the questions are numbered 1 to %(num)s.",
                number=number,
                num=total,
            ),
        )
    return number


def _error(status: int, message: str) -> Response:
    """The page of a projector link that names no question: the message and the way to the quiz's
    own page (its start page, or the daily challenge)."""
    key = (request.view_args or {}).get("key")
    if key:
        back = {"back_url": url_for("quiz.quiz", key=key), "back_label": _("Back to the quiz")}
    else:
        back = {"back_url": url_for("quiz.daily"), "back_label": _("Back to the daily challenge")}
    return _headers(_render("quiz/present_error.html", status, error=message, **back))


def _headers(response: Response) -> Response:
    """A projector page is the teacher's view of a shared set: not for search engines, and always
    asked for again (the question shown depends on the query only; the daily default changes at
    midnight UTC)."""
    response.headers["X-Robots-Tag"] = "noindex"
    response.headers["Cache-Control"] = "no-cache"
    return response


def _present_context(drawn: tuple[Drawn, ...], number: int, revealed: bool, link: Any) -> dict[str, Any]:
    """One question of ``drawn`` for the projector; ``link(q=..., reveal=...)`` builds this page's URLs."""
    current = drawn[number - 1]
    total = len(drawn)
    return {
        "number": number,
        "total": total,
        "drawn": current,
        "q": question_view(current.question, game_face(current.game), reveal=revealed),
        "revealed": revealed,
        "reveal_url": link(q=number, reveal=1),
        "hide_url": link(q=number),
        "prev_url": link(q=number - 1) if number > 1 else None,
        "next_url": link(q=number + 1) if number < total else None,
    }


def _revealed() -> bool:
    return request.args.get("reveal", "").strip() == "1"


@bp.get("/quiz/<key>/present")
def quiz_present(key: str):
    """Question ``q`` of the quiz of ``seed``, large, for a projector; its answer on demand."""
    spec = _quiz_or_404(key)
    text = request.args.get("seed")
    if text is None or not text.strip():
        return redirect(url_for("quiz.quiz_present", key=key, seed=new_seed(), q=1), code=302)
    seed = parse_seed(text)
    if seed is None:
        return _headers(_bad_seed(key))
    number = _number(request.args.get("q"), spec.size)
    if isinstance(number, Response):
        return number

    def link(**values: Any) -> str:
        return url_for("quiz.quiz_present", key=key, seed=seed, **values)

    context = _present_context(quiz_questions(key, seed), number, _revealed(), link)
    context.update(
        name=quiz_name(key),
        seed=seed,
        share_url=public_url_for("quiz.quiz", key=key, seed=seed),
        leave_url=url_for("quiz.quiz", key=key, seed=seed),
    )
    return _headers(_render("quiz/present.html", **context))


@bp.get("/daily/present")
def daily_present():
    """Question ``q`` of a day's daily challenge (today's without a date), large, for a projector."""
    text = request.args.get("date")
    if text is None or not text.strip():
        return redirect(url_for("quiz.daily_present", date=today().isoformat(), q=1), code=302)
    day = parse_day(text)
    if day is None:
        return _headers(_bad_day())
    drawn = quiz_questions(DAILY, daily_seed(day))
    number = _number(request.args.get("q"), len(drawn))
    if isinstance(number, Response):
        return number
    return _headers(_render("quiz/present.html", **_daily_present_context(day, drawn, number)))


def _daily_present_context(day: date, drawn: tuple[Drawn, ...], number: int) -> dict[str, Any]:
    def link(**values: Any) -> str:
        return url_for("quiz.daily_present", date=day.isoformat(), **values)

    context = _present_context(drawn, number, _revealed(), link)
    context.update(
        name=quiz_name(DAILY),
        day=day,
        share_url=public_url_for("quiz.daily", date=day.isoformat()),
        leave_url=url_for("quiz.daily", date=day.isoformat()),
    )
    return context
