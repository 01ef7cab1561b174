"""Quizzes, the mixed exam, printable worksheets and the daily challenge.

URLs (all under ``/<lang>``):

* ``GET /quiz``: one quiz per topic (``tutor.learning.TOPICS``) and the final exam, each with the
  learner's best score, and today's daily challenge;
* ``GET /quiz/<key>?seed=N``: a quiz (``key`` a topic or ``exam``): its ten questions (the exam:
  twenty) are drawn from the lesson checks by ``N`` (:mod:`.draw`), so everyone with the link gets
  the same ones in the same order. Without a seed a new one is drawn and the page redirects to it,
  so the address bar always holds the shareable link. The page offers "Start" (``POST`` with the
  ``seed`` field: a run is made, or the learner's unfinished run of that seed is continued, and
  the browser goes to it), the link and its QR code, and the worksheet;
* ``GET /quiz/<key>/<run>``: the run's next question, one per page with a progress bar, or once
  every question is answered the result: the score, every question with the learner's answer, the
  right answer and the engine's explanation, and the ways to practise the missed ones again.
  ``POST`` answers the question (fields ``csrf_token``, ``position`` (1 for the first question),
  the one-time ``attempt`` token and the answer fields of its ``AnswerType``) and redirects back to
  the run (303); an htmx request follows the redirect and swaps only the ``quiz`` block;
* ``GET /quiz/<key>/worksheet?seed=N&version=A``: the same questions as a printable A4 worksheet
  (two columns: ten short questions on one or two pages), with the cards drawn and space to answer,
  and a compact answer key (each answer with its explanation's headline) from a new page; version
  ``B`` has the same questions in another order, with their options in another order (against
  copying; seeded, so the same for everyone);
* ``GET /daily?date=YYYY-MM-DD``: the daily challenge, five questions of every topic, the same for
  everyone on that day (UTC; without a date, today). ``POST`` (fields ``position``, ``version``,
  ``attempt``, the answer fields, or ``show=1`` for the answer) answers the current question: a
  wrong answer says so without giving the answer away and asks again. The link holds only the
  date: never an answer, so a shared link opens the set unanswered.

Projector mode of a quiz and of a day's set (``/quiz/<key>/present``, ``/daily/present``) is in
:mod:`.present`; the start page and the daily page link to it.

Every answer is judged by the engine and appended to the learning log with source ``quiz`` or
``daily`` under its lesson step's item, so it feeds that step's review. A topic quiz passed with at
least 9 of 10 keeps its result (``quiz:<topic>``) and the lesson shows as mastered on the map.

Bad input changes nothing: an unknown quiz is a 404 with the list of quizzes; a seed or date that
is not one is a 400; a run that is not the learner's is a 404; an unreadable or forged answer is a
400 with the question asked again; a form sent again (a double click, a second tab, a resent page)
is a 409 that shows where the quiz is now.
"""

from __future__ import annotations

import dataclasses
import hashlib
import random
import re
from datetime import date, timedelta
from typing import Any

from flask import Blueprint, Flask, abort, redirect, render_template, request, url_for
from flask.wrappers import Response
from werkzeug.routing import BuildError

from ...content import all_lessons, get_lesson
from ...content.checks import AnswerType, judge, new_seed
from ...i18n import LANG_PREFIX, gettext as _, lazy_gettext as _l
from ...learning import EXAM, TOPICS, get_topic, quiz_passed
from ...narration.topics import topic_name
from ...store import QuizRun, current_store
from ..components.cards import game_face
from ..components.questions import Unreadable, already_counted, answer_text, question_view, read_answer
from ..shared.caches import question_key
from ..shared.htmx import render_page_or_block
from ..shared.learner import current_learner, my_learner_id, my_progress, new_form_token, remember, session_public_id
from ..shared.nav import Section, add_section
from ..shared.qr import public_url_for, qr_data_uri
from ..shared.readers import parse_seed
from .answers import daily_entries, decode_answer, encode_answer
from .draw import DAILY, DAILY_SIZE, EXAM_SIZE, MAX_SEED, QUIZ_SIZE, Drawn, Quiz, daily_seed, find_quiz, quiz_questions

bp = Blueprint("quiz", __name__, url_prefix=LANG_PREFIX)

FIRST_DAILY = date(2024, 1, 1)
"""The first date with a daily set."""


# --- Reading the request -------------------------------------------------------------------------------


def parse_count(text: str | None, limit: int) -> int | None:
    """A small whole number from a form field (a position or a version), or None."""
    if text is None or not text.isascii() or not text.isdigit() or len(text) > 4:
        return None
    value = int(text)
    return value if value <= limit else None


def today() -> date:
    """Today in UTC by the store's clock: the daily set changes at midnight UTC."""
    return current_store().today()


def _learner_id() -> int | None:
    """The request's learner's id, if the store knows it (reading creates no learner)."""
    return my_learner_id()


def latest_daily() -> date:
    """The newest daily set: tomorrow in UTC is already today east of Greenwich."""
    return today() + timedelta(days=1)


def parse_day(text: str) -> date | None:
    """A date ``YYYY-MM-DD`` from the first daily set to :func:`latest_daily`, or None."""
    raw = text.strip()
    if not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", raw):
        return None
    try:
        day = date.fromisoformat(raw)
    except ValueError:
        return None
    return day if FIRST_DAILY <= day <= latest_daily() else None


# --- Names and lookups ---------------------------------------------------------------------------------


def quiz_name(key: str) -> str:
    """A quiz's name in the request's language."""
    if key == EXAM:
        # Translators: the mixed exam of every quiz topic.
        return _("Final exam")
    if key == DAILY:
        return _("Daily challenge")
    return topic_name(get_topic(key))


def _quiz_or_404(key: str) -> Quiz:
    """The quiz of a topic or the exam; an unknown key is a 404 that lists the quizzes."""
    try:
        if key == DAILY:
            raise KeyError(key)
        return find_quiz(key)
    except KeyError:
        abort(_missing_quiz())


def _missing_quiz() -> Response:
    # Translators: shown for a quiz address whose topic does not exist.
    message = _("There is no quiz on that topic. Here are all the quizzes.")
    return _render("quiz/index.html", 404, error=message, **_index_context())


def _bad_seed(key: str) -> Response:
    quiz = find_quiz(key)
    context = _start_context(quiz, None)
    context["error"] = _(
        "This quiz link has a number (its seed) that is not valid: it must be a whole number from "
        "0 to %(max)s. Here is a new quiz instead.",
        max=MAX_SEED - 1,
    )
    return _render("quiz/start.html", 400, **context)


def _render(template: str, status: int = 200, **context: Any) -> Response:
    response = Response(render_template(template, **context), status=status, mimetype="text/html")
    response.vary.add("HX-Request")
    return response


# --- The list of quizzes ------------------------------------------------------------------------------------


def _index_context() -> dict[str, Any]:
    best = current_store().quizzes.best_scores(_learner_id())
    topics = [
        {
            "key": t.key,
            "name": topic_name(t),
            "lesson": get_lesson(t.lessons[0]),
            "size": QUIZ_SIZE,
            "best": best.get(t.key),
        }
        for t in TOPICS
    ]
    exam = {"key": EXAM, "name": quiz_name(EXAM), "size": EXAM_SIZE, "best": best.get(EXAM)}
    return {"topics": topics, "exam": exam, "daily_size": DAILY_SIZE, "today": today()}


@bp.get("/quiz")
def index():
    """Every quiz, with the learner's best scores."""
    return render_template("quiz/index.html", **_index_context())


# --- One quiz: its start page ----------------------------------------------------------------------------------


def _start_context(quiz: Quiz, seed: int | None) -> dict[str, Any]:
    context: dict[str, Any] = {
        "quiz": quiz,
        "name": quiz_name(quiz.key),
        "seed": seed,
        "open_run": None,
        "error": None,
        "new_url": url_for("quiz.quiz", key=quiz.key, seed=new_seed()),
        "lesson": get_lesson(get_topic(quiz.key).lessons[0]) if quiz.is_topic else None,
    }
    if seed is not None:
        share = public_url_for("quiz.quiz", key=quiz.key, seed=seed)
        context.update(
            share_url=share,
            share_qr=qr_data_uri(share),
            worksheet_url=url_for("quiz.worksheet", key=quiz.key, seed=seed),
            present_url=url_for("quiz.quiz_present", key=quiz.key, seed=seed, q=1),
            open_run=current_store().quizzes.open(_learner_id(), quiz.key, seed),
        )
    return context


@bp.route("/quiz/<key>", methods=["GET", "POST"])
def quiz(key: str):
    """A quiz's start page (GET, ``?seed=N``); POST starts the quiz, or continues the open run of that seed."""
    spec = _quiz_or_404(key)
    if request.method == "POST":
        seed = parse_seed(request.form.get("seed"))
        if seed is None:
            return _bad_seed(key)
        learner = current_learner()
        quizzes = current_store().quizzes
        run = quizzes.start(learner.id, key, seed, spec.size)  # the open run of that seed, made once
        return redirect(url_for("quiz.run", key=key, run_id=run.public_id), code=303)
    text = request.args.get("seed")
    if text is None or not text.strip():
        return redirect(url_for("quiz.quiz", key=key, seed=new_seed()), code=302)
    seed = parse_seed(text)
    if seed is None:
        return _bad_seed(key)
    return render_template("quiz/start.html", **_start_context(spec, seed))


# --- One run: the questions, then the result -------------------------------------------------------------------


def _question_context(run: QuizRun, drawn: tuple[Drawn, ...], **check: Any) -> dict[str, Any]:
    """The run's next question (or the one given back with an error)."""
    position = len(run.answers)
    current = drawn[position]
    submitted = check.pop("submitted", None)
    face = game_face(current.game)  # a Truco Mineiro question keeps its French cards
    view = question_view(current.question, face, submitted=submitted)
    return {
        "position": position + 1,
        "q": view,
        "attempt": new_form_token(),
        "current": current,
        "question_key": question_key(current.item, current.seed, face),
        "error": check.get("error"),
        "error_field": check.get("error_field"),
        "focus": position > 0 or submitted is not None,
    }


def _result_context(run: QuizRun, drawn: tuple[Drawn, ...]) -> dict[str, Any]:
    """Every question with the learner's answer, the right answer and the explanation."""
    rows = []
    missed: dict[tuple[str, str], dict[str, Any]] = {}
    for number, (current, entry) in enumerate(zip(drawn, run.answers, strict=False), start=1):
        question = current.question
        face = game_face(current.game)
        try:
            answer = decode_answer(question, entry["answer"])
        except (KeyError, TypeError, ValueError):  # an answer the question cannot read back (content changed)
            continue
        verdict = judge(question, answer)
        view = question_view(question, face, answer=answer, verdict=verdict)
        rows.append(
            {
                "number": number,
                "q": view,
                "correct": verdict.correct,
                "given": answer_text(question, answer, face),
                "drawn": current,
            }
        )
        if not verdict.correct and (current.lesson, current.step.key) not in missed:
            lesson = get_lesson(current.lesson)
            missed[(current.lesson, current.step.key)] = {
                "lesson": lesson,
                "step": current.step,
                "url": url_for("lessons.step", key=lesson.key, step_key=current.step.key),
            }
    return {
        "rows": rows,
        "missed": list(missed.values()),
        "passed": quiz_passed(run.score, run.size),
        "review_url": _url_or_none("review.index"),
    }


def _url_or_none(endpoint: str) -> str | None:
    """The URL of another feature's page, or None when the app has no such page."""
    try:
        return url_for(endpoint)
    except BuildError:
        return None


def _run_context(spec: Quiz, run: QuizRun, **check: Any) -> dict[str, Any]:
    drawn = quiz_questions(spec.key, run.seed)
    context: dict[str, Any] = {
        "quiz": spec,
        "name": quiz_name(spec.key),
        "run": run,
        "total": run.size,
        "answered": len(run.answers),
        "run_url": url_for("quiz.run", key=spec.key, run_id=run.public_id),
        "again_url": url_for("quiz.quiz", key=spec.key, seed=run.seed),
        "new_url": url_for("quiz.quiz", key=spec.key, seed=new_seed()),
        "notice": check.pop("notice", None),
        "done": len(run.answers) >= run.size,
    }
    if context["done"]:
        context.update(_result_context(run, drawn))
    else:
        context.update(_question_context(run, drawn, **check))
    return context


def _render_run(spec: Quiz, run: QuizRun, status: int = 200, **check: Any) -> Response:
    """The run's page, or for an htmx swap only its ``quiz`` block."""
    return render_page_or_block("quiz/run.html", "quiz", status, **_run_context(spec, run, **check))


@bp.route("/quiz/<key>/<run_id>", methods=["GET", "POST"])
def run(key: str, run_id: str):
    """One run of a quiz: the next question or the result; POST answers the next question."""
    spec = _quiz_or_404(key)
    found = current_store().quizzes.load(session_public_id(), key, run_id)
    if found is None:
        abort(404)
    if request.method == "GET":
        return _render_run(spec, found)
    return _answer_run(spec, found, key)


def _answer_run(spec: Any, found: Any, key: str):
    """The POST of a run's question: counted once, and only for the question the quiz is asking."""
    position = parse_count(request.form.get("position"), spec.size)
    answered = len(found.answers)
    if position is None or position < 1:
        notice = _(
            "This answer form has no valid question number, so nothing was counted. Here is the quiz as it is now."
        )
        return _render_run(spec, found, 400, notice=notice)
    if position <= answered or answered >= found.size:
        return _render_run(spec, found, 409, notice=already_counted())
    if position > answered + 1:
        notice = _("That is not the question the quiz is asking now, so nothing was counted. Here it is.")
        return _render_run(spec, found, 400, notice=notice)
    current = quiz_questions(key, found.seed)[answered]
    posted = read_answer(current.question)
    if isinstance(posted, Unreadable):
        return _render_run(spec, found, 400, **posted.context())
    entry = {"answer": encode_answer(current.question, posted.answer), "correct": bool(posted.verdict.correct)}
    if not remember(current_store().quizzes.answer(found, current.item, entry, posted.verdict.correct, posted.token)):
        return _render_run(spec, found, 409, notice=already_counted())
    return redirect(url_for("quiz.run", key=key, run_id=found.public_id), code=303)


# --- Worksheets ---------------------------------------------------------------------------------------------------


WORKSHEET_VERSIONS = ("A", "B")
"""A worksheet's versions against copying: the same questions, in another order and with the options
of each question in another order (version A is the quiz's own order)."""


def _version_rng(key: str, seed: int, version: str) -> random.Random:
    digest = hashlib.sha256(f"truco-tutor/worksheet/{key}/{seed}/{version}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def _reordered(rng: random.Random, values: list[Any]) -> list[Any]:
    """``values`` shuffled by ``rng``, never left in their own order when there are two or more."""
    order = list(values)
    rng.shuffle(order)
    if len(order) > 1 and order == list(values):
        order = order[1:] + order[:1]
    return order


def _version_items(items: list[dict[str, Any]], key: str, seed: int, version: str) -> list[dict[str, Any]]:
    """The worksheet's items for ``version``: version A as drawn; another version the same questions
    in another order, each choice's options and each order question's cards in another order, the
    same for everyone who prints that version of that seed, numbered afresh (its key follows)."""
    if version == WORKSHEET_VERSIONS[0]:
        return items
    rng = _version_rng(key, seed, version)
    versioned = []
    for number, item in enumerate(_reordered(rng, items), start=1):
        view = item["q"]
        kind = view.question.answer_type
        if kind in (AnswerType.CHOICE, AnswerType.CHOICES):
            view = dataclasses.replace(view, options=_reordered(rng, view.options))
        elif kind is AnswerType.ORDER:
            view = dataclasses.replace(view, cards_to_order=tuple(_reordered(rng, list(view.cards_to_order))))
        versioned.append({**item, "number": number, "q": view})
    return versioned


@bp.get("/quiz/<key>/worksheet")
def worksheet(key: str):
    """The quiz of ``seed`` as an A4 worksheet: the questions, then the answer key; ``version=B`` the
    same questions in another order (against copying)."""
    spec = _quiz_or_404(key)
    text = request.args.get("seed")
    if text is None or not text.strip():
        return redirect(url_for("quiz.worksheet", key=key, seed=new_seed()), code=302)
    seed = parse_seed(text)
    if seed is None:
        return _bad_seed(key)
    version = (request.args.get("version") or WORKSHEET_VERSIONS[0]).strip().upper()
    if version not in WORKSHEET_VERSIONS:
        context = _start_context(spec, None)
        context["error"] = _(
            "This worksheet link names a version that does not exist: a worksheet has the versions %(versions)s.",
            versions=", ".join(WORKSHEET_VERSIONS),
        )
        return _render("quiz/start.html", 400, **context)
    return _worksheet(spec, key, seed, version)


def _worksheet(spec: Any, key: str, seed: int, version: str) -> str:
    """The worksheet page: each question drawn, with its key, in the order of ``version``."""
    items = [
        {
            "number": n,
            "q": question_view(d.question, game_face(d.game)),
            "key": question_view(d.question, game_face(d.game), reveal=True),
            "drawn": d,
        }
        for n, d in enumerate(quiz_questions(key, seed), start=1)
    ]
    return render_template(
        "quiz/worksheet.html",
        quiz=spec,
        name=quiz_name(key),
        seed=seed,
        items=_version_items(items, key, seed, version),
        version=version,
        versions=[
            (other, url_for("quiz.worksheet", key=key, seed=seed, version=other)) for other in WORKSHEET_VERSIONS
        ],
        quiz_url=public_url_for("quiz.quiz", key=key, seed=seed),
    )


# --- The daily challenge ------------------------------------------------------------------------------------


def _furthest_lesson() -> int:
    """The number of the furthest lesson the learner has started or tested out (0 for none yet)."""
    progress = my_progress()
    if progress.learner_id is None:
        return 0
    statuses = progress.lesson_statuses(all_lessons())
    return max((s.lesson.number for s in statuses if s.started or s.tested_out), default=0)


def _lesson_note(drawn: Drawn, furthest: int) -> dict[str, Any]:
    """Which lesson a daily question comes from, and whether the learner has reached it yet (the set
    is the same for everyone, so a question may come from a later lesson: the page says so)."""
    lesson = get_lesson(drawn.lesson)
    return {
        "number": lesson.number,
        "title": _(lesson.title),
        "url": url_for("lessons.lesson", key=lesson.key),
        "ahead": lesson.number > furthest,
    }


def _daily_context(day: date, run: QuizRun | None, **extra: Any) -> dict[str, Any]:
    """The day's set, the learner's progress in it and the question to answer now."""
    drawn = quiz_questions(DAILY, daily_seed(day))
    entries = daily_entries(run, len(drawn))
    share = public_url_for("quiz.daily", date=day.isoformat())
    context: dict[str, Any] = {
        "day": day,
        "entries": entries,
        "total": len(drawn),
        "version": run.version if run is not None else 0,
        "solved": sum(1 for e in entries if e["solved"]),
        "done_count": sum(1 for e in entries if e["solved"] or e["shown"]),
        "older": day - timedelta(days=1) if day > FIRST_DAILY else None,
        "newer": day + timedelta(days=1) if day < today() else None,
        "share_url": share,
        "share_qr": qr_data_uri(share),
        "daily_url": url_for("quiz.daily", date=day.isoformat()),
        "present_url": url_for("quiz.daily_present", date=day.isoformat(), q=1),
        "attempt": new_form_token(),
        "error": None,
        "error_field": None,
        "notice": None,
        "wrong": None,
        "answered": None,
        "current": None,
        "q": None,
        "position": None,
    }
    context.update(extra)
    if context["answered"] is None:
        position = next((i for i, e in enumerate(entries) if not (e["solved"] or e["shown"])), None)
        if position is not None:
            context.update(
                position=position + 1,
                current=drawn[position],
                q=question_view(
                    drawn[position].question, game_face(drawn[position].game), submitted=extra.get("submitted")
                ),
            )
    furthest = _furthest_lesson()
    shown = context["current"]
    context["from_lesson"] = _lesson_note(shown, furthest) if shown is not None else None
    if context["done_count"] == len(drawn):
        context["summary"] = [
            {
                "number": n,
                "entry": entries[n - 1],
                "q": question_view(d.question, game_face(d.game), reveal=True),
                "drawn": d,
                "from_lesson": _lesson_note(d, furthest),
            }
            for n, d in enumerate(drawn, start=1)
        ]
    return context


def _render_daily(context: dict[str, Any], status: int = 200) -> Response:
    response = render_page_or_block("quiz/daily.html", "daily", status, **context)
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.route("/daily", methods=["GET", "POST"])
def daily():
    """Today's five questions (or another day's); POST answers the current one, or shows its answer."""
    text = request.args.get("date")
    if request.method == "GET" and (text is None or not text.strip()):
        return redirect(url_for("quiz.daily", date=today().isoformat()), code=302)
    day = parse_day(text or "")
    if day is None:
        return _bad_day()
    if request.method == "GET":
        if list(request.args.keys()) != ["date"] or text != day.isoformat():  # only the date: never an answer
            return redirect(url_for("quiz.daily", date=day.isoformat()), code=302)
        return _render_daily(_daily_context(day, current_store().quizzes.daily(_learner_id(), day)))
    return _answer_daily(day)


def _bad_day() -> Response:
    """The 400 page for a ``date`` that has no daily set (the daily page and its projector mode)."""
    return _render_daily(
        {
            "day": None,
            "error": _(
                "There is no daily challenge for that date. Pick a date from %(first)s to today, written like %(example)s.",
                first=FIRST_DAILY.isoformat(),
                example=today().isoformat(),
            ),
            "daily_url": url_for("quiz.daily"),
        },
        400,
    )


def _answer_daily(day: date) -> Response:
    """Judge an answer to the day's current question (or show its answer) and count it once."""
    quizzes = current_store().quizzes
    run = quizzes.daily(_learner_id(), day)
    drawn = quiz_questions(DAILY, daily_seed(day))
    entries = daily_entries(run, len(drawn))
    current = next((i for i, e in enumerate(entries) if not (e["solved"] or e["shown"])), None)
    position = parse_count(request.form.get("position"), len(drawn))
    version = parse_count(request.form.get("version"), 10_000)
    stored = run.version if run is not None else 0
    if position is None or position < 1 or version is None:
        return _render_daily(
            _daily_context(
                day,
                run,
                notice=_(
                    "This answer form has no valid question number, so nothing was counted. Here is the challenge as it is now."
                ),
            ),
            400,
        )
    if version != stored or current is None or position - 1 != current:
        return _render_daily(_daily_context(day, run, notice=already_counted()), 409)
    item = drawn[current]
    face = game_face(item.game)
    if request.form.get("show") == "1":
        run = run or quizzes.ensure_daily(current_learner().id, day, daily_seed(day), len(drawn))
        shown = daily_entries(run, len(drawn))
        shown[current] = {**shown[current], "shown": True}
        if not quizzes.show_daily(run, stored, shown):
            return _render_daily(_daily_context(day, run, notice=already_counted()), 409)
        view = question_view(item.question, face, reveal=True)
        return _render_daily(_daily_context(day, run, answered=current + 1, current=item, q=view, shown=True))
    posted = read_answer(item.question)
    if isinstance(posted, Unreadable):
        return _render_daily(_daily_context(day, run, **posted.context()), 400)
    answer, verdict = posted.answer, posted.verdict
    run = run or quizzes.ensure_daily(current_learner().id, day, daily_seed(day), len(drawn))
    tried = daily_entries(run, len(drawn))
    tried[current] = {
        **tried[current],
        "tries": tried[current]["tries"] + 1,
        "solved": bool(verdict.correct),
        "answer": encode_answer(item.question, answer) if verdict.correct else None,
    }
    if not remember(quizzes.answer_daily(run, stored, tried, item.item, verdict.correct, posted.token)):
        return _render_daily(_daily_context(day, run, notice=already_counted()), 409)
    if verdict.correct:
        view = question_view(item.question, face, answer=answer, verdict=verdict)
        return _render_daily(_daily_context(day, run, answered=current + 1, current=item, q=view))
    wrong = {
        "answer": answer_text(item.question, answer, face),
        "mistake": question_view(item.question, face, answer=answer, verdict=verdict).mistake,
    }
    return _render_daily(_daily_context(day, run, wrong=wrong, focus=True))


# --- Set-up -------------------------------------------------------------------------------------------------------


def init_app(app: Flask) -> None:
    """The quizzes' place in the menu (``create_app`` registers ``bp``)."""
    add_section(
        app,
        Section(
            "quiz.index",
            _l("Quizzes"),
            _l("Test yourself on each topic, take the final exam, print a worksheet, or answer today's challenge."),
            order=18,
        ),
    )
