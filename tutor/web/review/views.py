"""The review of mistakes: the lesson checks whose FSRS review time has come, asked again one per page.

URLs (under ``/<lang>``):

* ``GET /review``: the longest overdue item (``tutor.store.Progress.review_queue``: the learner's
  FSRS cards kept with the log), as a fresh variant of its lesson step's check (``make_question`` with a new
  seed); with nothing due, "All done" and when the next item comes back. Today's goal and the streak
  are shown quietly beside it. Reading writes nothing and creates no learner.
* ``POST /review/<lesson>/<step>``: answer it (fields: ``csrf_token``, ``seed``, the one-time
  ``attempt`` token, ``hinted`` and the answer fields of the check's ``AnswerType``). The engine
  judges it and one attempt with source ``review`` is appended (the schedule reads it as Again,
  Hard or Good: ``tutor.learning.rating``); the verdict comes with the engine's explanation and the
  way to the next item. With htmx only the ``check`` block comes back, with the feedback, the queue,
  today's goal and the header's badge out of band.

Bad input changes nothing: an item that is not a lesson check is a 404; an item that is not due for
this learner (answered already, in another tab or by someone else's link) and a form whose one-time
token was counted before (the same form sent again) are a 409; an unreadable seed or answer is a 400
with the question asked again. The token is the lessons' mechanism (``tutor.web.shared.learner.record``):
claiming it and appending the attempt are one transaction, so of two parallel requests with one form
exactly one counts.
"""

from __future__ import annotations

import math
from datetime import datetime, timedelta
from typing import Any

from flask import Blueprint, Flask, request, url_for
from flask.wrappers import Response

from ...content import Lesson, Step
from ...content.checks import make_question, new_seed
from ...i18n import LANG_PREFIX, format_long_date, gettext as _, lazy_gettext as _l, lazy_pgettext as _lp, ngettext
from ...learning import Source, check_item
from ...store import ReviewItem, reviewable
from ..components.cards import game_face
from ..components.questions import Unreadable, already_counted, question_view, read_answer
from ..shared.caches import question_key
from ..shared.extensions import LESSON_MAP_NOTES, Link
from ..shared.htmx import render_page_or_block, wants_fragment
from ..shared.learner import known_visitor, my_progress, new_form_token, now, record
from ..shared.nav import Badge, Section, add_section, site_sections
from ..shared.preferences import card_face
from ..shared.readers import parse_seed

bp = Blueprint("review", __name__, url_prefix=LANG_PREFIX)

OOB_BLOCKS = ("feedback", "queue", "today", "badge")
"""What an htmx answer swaps out of band after the question (its target, ``check``): the feedback, the
queue, today's goal and the header's badge."""


def comes_back(moment: datetime, at: datetime | None) -> tuple[bool, str]:
    """Whether the review is done for today, and when the next item comes back, in words."""
    if at is None:
        return True, _(
            "Nothing is scheduled yet: the questions you answer in the lessons come back here when it is "
            "time to practise them again."
        )
    wait = at - moment
    if at.date() > moment.date():
        return True, _("The next question comes back on %(date)s.", date=format_long_date(at.date()))
    if wait < timedelta(hours=1):
        minutes = max(1, math.ceil(wait.total_seconds() / 60))
        return False, ngettext(
            "The next question comes back in %(num)s minute.",
            "The next question comes back in %(num)s minutes.",
            minutes,
        )
    hours = max(1, round(wait.total_seconds() / 3600))
    return False, ngettext(
        "The next question comes back in about %(num)s hour.",
        "The next question comes back in about %(num)s hours.",
        hours,
    )


def page_context(moment: datetime, due: list[ReviewItem], **extra: Any) -> dict[str, Any]:
    """What every state of the review page shows: the queue, today's goal, the streak."""
    progress = my_progress()
    context: dict[str, Any] = {
        "due_count": len(due),
        "goal": progress.daily_goal(moment),
        "streak": progress.streak(moment),
        "question": None,
        "problem": None,
        "error": None,
        "error_field": None,
        "verdict": None,
        "review_section": next((s for s in site_sections() if s.endpoint == "review.index"), None),
    }
    if not due:
        context["done_today"], context["next_text"] = comes_back(moment, progress.next_review(moment))
    context.update(extra)
    return context


def question_context(lesson: Lesson, step: Step, seed: int, **view: Any) -> dict[str, Any]:
    """One item asked (or answered): the question's view, its form's hidden fields, where it comes from."""
    question = view.pop("question", None) or make_question(step.check, seed)
    face = game_face(lesson.game, card_face())  # a Truco Mineiro question keeps its French cards
    shown = question_view(question, face, **view)
    return {
        **shown.context(),
        "card_face": face,
        "lesson": lesson,
        "step": step,
        "seed": seed,
        "question_key": question_key(f"{lesson.key}/{step.key}", seed, face),
        "attempt": new_form_token(),
        "post_url": url_for("review.answer", key=lesson.key, step_key=step.key),
    }


def render(context: dict[str, Any], status: int = 200) -> Response:
    """The page; for an htmx answer the ``check`` block, then the feedback, the queue, today's goal
    and the header's badge out of band."""
    return render_page_or_block(
        "review/index.html",
        "check",
        status,
        oob_blocks=OOB_BLOCKS,
        fragment=wants_fragment() and request.method == "POST",
        **context,
    )


def problem(status: int, message: str, moment: datetime, due: list[ReviewItem]) -> Response:
    """A request that changed nothing, with the reason in words."""
    return render(page_context(moment, due, problem=message), status=status)


@bp.get("/review")
def index():
    """Today's first due item as a fresh question, or "All done" with when the next one comes back."""
    moment = now()
    due = my_progress().review_queue(moment)
    if not due:
        return render(page_context(moment, due))
    first = due[0]
    return render(page_context(moment, due, **question_context(first.lesson, first.step, new_seed())))


@bp.post("/review/<key>/<step_key>")
def answer(key: str, step_key: str):
    """Judge an answer to a due item and append it to the learning log (once per answer form)."""
    moment = now()
    due = my_progress().review_queue(moment)
    item = check_item(key, step_key)
    found = reviewable(item)
    if found is None:
        return problem(404, _("There is no such question to review."), moment, due)
    if item not in {entry.item for entry in due}:
        return problem(409, not_due_message(), moment, due)
    lesson, step = found
    seed = parse_seed(request.form.get("seed"))
    if seed is None:
        context = question_context(lesson, step, new_seed())
        return render(page_context(moment, due, **context, error=lost_question_message()), 400)
    question = make_question(step.check, seed)
    posted = read_answer(question)
    if isinstance(posted, Unreadable):
        context = question_context(lesson, step, seed, question=question, submitted=posted.submitted)
        return render(page_context(moment, due, **context, error=posted.message, error_field=posted.field), 400)
    if not record(item, Source.REVIEW, posted.verdict.correct, hinted=posted.hinted, token=posted.token):
        return problem(409, already_counted(), moment, due)
    remaining = my_progress().review_queue(moment)
    context = question_context(lesson, step, seed, question=question, **posted.shown())
    return render(page_context(moment, remaining, **context))


def not_due_message() -> str:
    return _(
        "This question is not due for review now: it was answered already, perhaps in another tab. Nothing was recorded."
    )


def lost_question_message() -> str:
    return _("This question could not be found. Here is a new one to answer.")


def badge() -> Badge | None:
    """The header's count of review questions due (nothing for a visitor the store does not know)."""
    if not known_visitor():
        return None
    count = my_progress().review_count(now())
    if not count:
        return None
    return Badge(count, ngettext("%(num)s question due", "%(num)s questions due", count))


def lesson_map_note() -> Link | None:
    """The lesson map's line about the review: how many questions are due, with a link; nothing
    when none is due (or for a visitor without a learner cookie)."""
    count = my_progress().review_count(now()) if known_visitor() else 0
    if not count:
        return None
    return Link(
        url_for("review.index"),
        ngettext("%(num)s question is due for review", "%(num)s questions are due for review", count),
        css_class="review-line",
    )


def init_app(app: Flask) -> None:
    """The review's place in the menu, with its badge, and its line on the lesson map
    (``create_app`` registers ``bp``)."""
    add_section(
        app,
        Section(
            "review.index",
            # Translators: the menu entry of the review of mistakes (spaced repetition), not the replay of a hand.
            _lp("spaced repetition", "Review"),
            _l("The questions you missed come back when it is time to practise them again, one per page."),
            order=20,
            badge=badge,
        ),
    )
    LESSON_MAP_NOTES.register(app, lesson_map_note)
