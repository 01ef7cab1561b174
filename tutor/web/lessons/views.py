"""The lessons: the lesson map, one step per page with its engine-judged check, and projector mode.

URLs (all under ``/<lang>``):

* ``/lessons``: the map: nine lessons in order, progress, stars, "continue where you left off";
* ``/lessons/<key>``: resume at the first unfinished step (or the lesson's summary when complete);
* ``/lessons/<key>/<step>``: one step. GET shows it (``?seed=N`` picks a variant of its question);
  POST answers the check (fields: ``seed``, the one-time ``attempt`` token that keeps a resent form
  from counting twice, ``hinted`` (``1`` once the hint was opened) and the answer fields of
  ``AnswerType``) or, for a step without a check, finishes it and goes on (the "Continue" button).
  A step without a check also counts as done as soon as it is shown to a known visitor (a browser
  that kept its identity cookie from an earlier page), so a learner who moves with the step dots
  completes it; cookie-less clients write nothing;
* ``/lessons/<key>/done``: the lesson's summary with its stars;
* ``/lessons/<key>/reset``: GET asks for confirmation, POST with ``confirm=yes`` forgets the lesson;
* ``/lessons/<key>/present/<n>``: projector mode, step ``n`` (from 1), nothing recorded.

An answer is judged by the engine (``tutor.content.checks``). Without JavaScript the POST answers
with the whole page (200, or 400 for a form that cannot be read); with htmx only the ``check``
block comes back, plus the feedback and the lesson's progress bar as out-of-band swaps, so the
feedback lands in an ``aria-live`` region that stays in the page. Between requests only
(lesson, step, seed) is kept: the seed travels in a hidden field and in ``?seed=``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any

from flask import Blueprint, Flask, abort, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response  # the base of flask.Response; redirect() returns one

from ...content import Lesson, Step, all_lessons, get_lesson, next_lesson, split_bold
from ...content.checks import Question, make_question, new_seed
from ...i18n import LANG_PREFIX, current_language, gettext as _, lazy_gettext as _l
from ..components.cards import game_face
from ..components.questions import Unreadable, question_view, read_answer
from ..shared.caches import question_key
from ..shared.extensions import LESSON_END_LINKS, LESSON_MAP_LINKS, LESSON_MAP_NOTES, LESSON_SUMMARY_SECTIONS, Link
from ..shared.htmx import render_page_or_block, wants_fragment
from ..shared.learner import known_visitor, session_public_id
from ..shared.nav import Section, add_section, fixed_url
from ..shared.preferences import card_face
from ..shared.readers import parse_seed
from .progress import (
    LessonStatus,
    all_statuses,
    lesson_status,
    mark_done,
    new_form_token,
    record_answer,
    reset_lesson,
)

bp = Blueprint("lessons", __name__, url_prefix=LANG_PREFIX)

RESERVED_STEP_KEYS = frozenset({"done", "reset", "present"})
"""Path words of the lesson URLs that no step key may take."""

MAX_SEED = 1 << 31
PRESENT_SEED = 1
"""The variant projector mode shows unless the teacher asks for another (``?seed=``)."""


# --- Lookups -------------------------------------------------------------------------------------


def find_lesson(key: str) -> Lesson:
    """The lesson, or 404."""
    try:
        return get_lesson(key)
    except KeyError:
        abort(404)


def find_step(lesson: Lesson, step_key: str) -> tuple[int, Step]:
    """The step's 0-based index and the step, or 404."""
    try:
        index = lesson.index(step_key)
    except KeyError:
        abort(404)
    return index, lesson.steps[index]


def default_seed(lesson: Lesson, step: Step) -> int:
    """The variant a learner sees first: stable for one learner and step, different between learners."""
    text = f"{session_public_id() or ''}:{lesson.key}:{step.key}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:4], "big") % MAX_SEED


def step_url(lesson: Lesson, step: Step, **args: Any) -> str:
    """URL of one step of a lesson (without arguments built once per language: a page links every step)."""
    if not args:
        return fixed_url("lessons.step", key=lesson.key, step_key=step.key)
    return url_for("lessons.step", key=lesson.key, step_key=step.key, **args)


def after_step_url(lesson: Lesson, index: int) -> str:
    """Where "next" leads from step ``index``: the next step, or the lesson's summary after the last."""
    if index + 1 < len(lesson.steps):
        return step_url(lesson, lesson.steps[index + 1])
    return url_for("lessons.done", key=lesson.key)


# --- Building the page -----------------------------------------------------------------------------


def paragraphs(step: Step) -> list[list[tuple[str, bool]]]:
    """The step's paragraphs, translated, as (text, bold) runs."""
    return [split_bold(_(paragraph)) for paragraph in step.body]


def steps_nav(lesson: Lesson, status: LessonStatus, current: int) -> list[dict[str, Any]]:
    """One entry per step for the lesson's progress bar."""
    return [
        {
            "number": i + 1,
            "title": _(s.title),
            "url": step_url(lesson, s),
            "done": status.is_done(s.key),
            "current": i == current,
            "check": s.check is not None,
        }
        for i, s in enumerate(lesson.steps)
    ]


def lesson_face(lesson: Lesson) -> str:
    """The card face of a lesson's pages: its game's deck (Truco Mineiro: French), else the learner's."""
    return game_face(lesson.game, card_face())


def check_context(
    question: Question,
    face: str,
    *,
    answer: Any = None,
    verdict: Any = None,
    submitted: Any = None,
    reveal: bool = False,
) -> dict[str, Any]:
    """The question, its situation and options, and (after an answer) the verdict and explanation,
    from the kind's presenter (``tutor.web.components.questions``), drawn with ``face``."""
    return question_view(question, face, answer=answer, verdict=verdict, submitted=submitted, reveal=reveal).context()


def step_context(lesson: Lesson, index: int, status: LessonStatus, seed: int | None, **check: Any) -> dict[str, Any]:
    """Everything ``lessons/step.html`` needs."""
    step = lesson.steps[index]
    face = lesson_face(lesson)
    context: dict[str, Any] = {
        "lesson": lesson,
        "step": step,
        "card_face": face,  # the card macros draw with it (instead of the learner's choice)
        "index": index,
        "status": status,
        "steps": steps_nav(lesson, status, index),
        "paragraphs": paragraphs(step),
        "prev_url": step_url(lesson, lesson.steps[index - 1]) if index else None,
        "next_url": after_step_url(lesson, index),
        "is_last": index + 1 == len(lesson.steps),
        "end_links": LESSON_END_LINKS.gather(lesson) if index + 1 == len(lesson.steps) else [],
        "post_url": step_url(lesson, step),
        "question": None,
        "error": check.pop("error", None),
        "error_field": check.pop("error_field", None),
        "focus": check.pop("focus", False),
    }
    if step.check is not None and seed is not None:
        question = check.pop("question", None) or make_question(step.check, seed)
        context.update(check_context(question, face, **check))
        context["question_key"] = question_key(f"{lesson.key}/{step.key}", seed, face)
        context["seed"] = seed
        context["attempt"] = new_form_token()
        context["retry_url"] = step_url(lesson, step, seed=new_seed())
    return context


def render_step(context: dict[str, Any], status: int = 200) -> Response:
    """The step page; for an htmx swap the ``check`` block plus the feedback, the progress and the
    step navigation out of band."""
    return render_page_or_block(
        "lessons/step.html",
        "check",
        status,
        oob_blocks=("feedback", "progress", "stepnav"),
        fragment=wants_fragment() and context.get("question") is not None,
        **context,
    )


# --- Views -----------------------------------------------------------------------------------------


@bp.get("/lessons")
def index():
    """The lesson map, with what other features add to it (:mod:`tutor.web.shared.extensions`)."""
    statuses, last_key = all_statuses()
    done_steps = sum(s.done_count for s in statuses)
    total_steps = sum(s.total for s in statuses)
    resume = _resume_choice(statuses, last_key)
    links = {s.lesson.key: LESSON_MAP_LINKS.gather(s.lesson) for s in statuses}
    return render_template(
        "lessons/map.html",
        statuses=statuses,
        done_steps=done_steps,
        total_steps=total_steps,
        resume=resume,
        notes=LESSON_MAP_NOTES.gather(),
        links=links,
        card_key=lambda status: _card_key(status, links[status.lesson.key]),
    )


def _card_key(status: LessonStatus, links: Sequence[Link]) -> tuple[Any, ...]:
    """Everything a lesson's card on the map depends on (its drawing is kept per such key), the links
    other features contribute to it included."""
    return (
        request.script_root,
        current_language(),
        status.lesson.key,
        status.complete,
        status.started,
        status.mastered,
        status.tested_out,
        status.stars,
        status.done_count,
        status.total,
        tuple((link.url, str(link.text), link.css_class) for link in links),
    )


def _resume_choice(statuses: list[LessonStatus], last_key: str | None) -> LessonStatus | None:
    """The lesson to continue: the one touched last if unfinished, else the first unfinished one."""
    by_key = {s.lesson.key: s for s in statuses}
    last = by_key.get(last_key or "")
    if last is not None and not last.complete:
        return last
    if last_key is None:
        return None
    return next((s for s in statuses if not s.complete), None)


@bp.get("/lessons/<key>")
def lesson(key: str):
    """Resume a lesson at its first unfinished step."""
    found = find_lesson(key)
    status = lesson_status(found)
    if status.resume_key is None:
        return redirect(url_for("lessons.done", key=found.key), code=303)
    return redirect(url_for("lessons.step", key=found.key, step_key=status.resume_key), code=303)


@bp.get("/lessons/<key>/done")
def done(key: str):
    """A lesson's summary: steps done, stars, and what comes next (here and in other features)."""
    found = find_lesson(key)
    status = lesson_status(found)
    return render_template(
        "lessons/done.html",
        lesson=found,
        status=status,
        following=next_lesson(found.key),
        checks=len(found.checked_steps),
        sections=LESSON_SUMMARY_SECTIONS.gather(found),
    )


@bp.route("/lessons/<key>/reset", methods=["GET", "POST"])
def reset(key: str):
    """Forget a lesson's progress, after a confirmation."""
    found = find_lesson(key)
    if request.method == "POST" and request.form.get("confirm") == "yes":
        reset_lesson(found.key)
        # Translators: shown after the learner reset a lesson; %(lesson)s is its title.
        flash(
            _("Your progress in “%(lesson)s” was reset. Start again whenever you like.", lesson=_(found.title)), "info"
        )
        return redirect(url_for("lessons.step", key=found.key, step_key=found.steps[0].key), code=303)
    return render_template("lessons/reset.html", lesson=found, status=lesson_status(found))


@bp.route("/lessons/<key>/<step_key>", methods=["GET", "POST"])
def step(key: str, step_key: str):
    """One step: GET shows it, POST answers its check (or finishes a step without one)."""
    found = find_lesson(key)
    index, current = find_step(found, step_key)
    if request.method == "POST":
        return _answer(found, index, current)
    seed = parse_seed(request.args.get("seed"))
    focus = seed is not None
    if seed is None:
        seed = default_seed(found, current)
    status = lesson_status(found)
    if current.check is None and not status.is_done(current.key) and request.method == "GET" and known_visitor():
        mark_done(found.key, current.key)  # a step with nothing to answer is done once it has been shown
        status = lesson_status(found)
    return render_step(step_context(found, index, status, seed, focus=focus))


def _answer(found: Lesson, index: int, current: Step) -> Response:
    """Judge a posted answer with the engine and record it; unreadable forms get 400 and a message."""
    if current.check is None:
        mark_done(found.key, current.key)
        return redirect(after_step_url(found, index), code=303)
    seed = parse_seed(request.form.get("seed"))
    if seed is None:
        context = step_context(
            found,
            index,
            lesson_status(found),
            default_seed(found, current),
            error=_("This question could not be found. Here is a new one to answer."),
        )
        return render_step(context, status=400)
    question = make_question(current.check, seed)
    posted = read_answer(question)
    if isinstance(posted, Unreadable):
        return render_step(
            step_context(found, index, lesson_status(found), seed, question=question, **posted.context()), status=400
        )
    record_answer(found.key, current.key, posted.verdict.correct, token=posted.token, hinted=posted.hinted)
    return render_step(step_context(found, index, lesson_status(found), seed, question=question, **posted.shown()))


@bp.get("/lessons/<key>/present/<int:number>")
def present(key: str, number: int):
    """Projector mode: one step per screen, large cards, the answer on demand; nothing is recorded."""
    found = find_lesson(key)
    if not 1 <= number <= len(found.steps):
        abort(404)
    index = number - 1
    current = found.steps[index]
    seed = parse_seed(request.args.get("seed"))
    face = lesson_face(found)
    context: dict[str, Any] = {
        "lesson": found,
        "step": current,
        "card_face": face,
        "index": index,
        "number": number,
        "total": len(found.steps),
        "paragraphs": paragraphs(current),
        "prev_url": url_for("lessons.present", key=found.key, number=number - 1) if index else None,
        "next_url": url_for("lessons.present", key=found.key, number=number + 1) if number < len(found.steps) else None,
        "question": None,
    }
    if current.check is not None:
        question = make_question(current.check, PRESENT_SEED if seed is None else seed)
        context.update(check_context(question, face, reveal=True))
        context["another_url"] = url_for("lessons.present", key=found.key, number=number, seed=new_seed())
    return render_template("lessons/present.html", **context)


def init_app(app: Flask) -> None:
    """The lessons' place in the menu, and a start-up check of the step keys (``create_app`` registers ``bp``)."""
    add_section(
        app,
        Section(
            "lessons.index",
            _l("Lessons"),
            # Translators: the lessons' card on the home page (11 lessons: the Argentine game, then Catalan Truc and Truco Mineiro).
            _l(
                "Short lessons, from the Spanish deck to a whole hand and on to two other games, with questions the engine checks."
            ),
            order=5,
        ),
    )
    for lesson_ in all_lessons():  # fail at start-up, not on a learner's click, if a step key clashes
        for step_ in lesson_.steps:
            if step_.key in RESERVED_STEP_KEYS:
                raise ValueError(f"{lesson_.source}: step key {step_.key!r} is reserved for a lesson URL")
