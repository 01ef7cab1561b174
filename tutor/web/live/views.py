"""Live sessions: a teacher runs questions on the projector, the pupils answer on their phones.

URLs (all under ``/<lang>``):

* teachers (404 for anyone else, also for another teacher's session):
  ``GET/POST /teach/live/new?class=<cid>`` picks the content (``content``: a topic quiz, the exam,
  the checks of one lesson, an envido drill, a seña round; or the class against the bot), a seed
  and a number of questions (from a class, or without one); ``GET /teach/live/<sid>`` is the projector: the lobby (the PIN in
  ``data-live-pin``, the QR code of the join link, the nicknames with a kick button, lock), then
  each question (cards and question large, "N of M answered" in ``data-answers``), its reveal (the
  answers' distribution, the right one, the engine's explanation, then the class's share right so
  far and the top five, :mod:`.standings`) and the end's summary (with, for a class, a button that
  assigns the steps missed: the classroom's contribution to :data:`LIVE_SUMMARY_ACTIONS`);
  ``GET /teach/live/<sid>/board?v=<changes>`` is the projector's polled fragment (204 while nothing
  changed); ``POST /teach/live/<sid>/act`` (``action``: start, close, next, end, lock, unlock;
  ``version``; and for the class against the bot ``play``, with ``move`` for the teacher's own move) and ``POST /teach/live/<sid>/kick`` (``player``, ``version``);
* phones: ``GET/POST /live`` (``pin``; ``?pin=`` from the QR code) joins with a generated nickname,
  or a pupil of the session's class as their class nickname; ``GET /live/<sid>`` is the phone's page
  and ``GET /live/<sid>/me?v=<version>`` its polled fragment; ``POST /live/<sid>/answer``
  (``question``, the answer fields of the check kind) answers, or changes the answer, until the
  teacher closes the question.

Every teacher action is a compare-and-swap on the session's version (:meth:`LiveSessions.move`): a
second tab or a double click that comes with the old version changes nothing and gets a 409 with
the board as it is now. Without JavaScript everything is a plain form post followed by a redirect,
and each page has a refresh link. No speed counts: an answer is right or wrong, never fast.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

from babel.lists import format_list
from flask import Blueprint, abort, current_app, make_response, redirect, render_template, request, url_for
from werkzeug.datastructures import MultiDict

from ...content import get_lesson
from ...content.checks import Question
from ...i18n import LANG_PREFIX, current_language, gettext as _, ngettext
from ...learning import EXAM, TOPICS
from ...learning.draw import (
    ENVIDO_DRILL,
    EXAM_SIZE,
    LESSON_PREFIX,
    MAX_SEED,
    QUIZ_SIZE,
    SENAS,
    Drawn,
    live_lessons,
    live_questions,
    live_sizes,
)
from ...narration.topics import topic_name
from ...store import current_store
from ...store.classroom import SchoolClass, Teacher
from ...store.live import LiveSession, Player, normalize_pin
from ..components.cards import game_face
from ..components.questions import Posted, answer_text, question_view, read_answer
from ..shared.csv_export import csv_response, csv_text
from ..shared.extensions import LIVE_SUMMARY_ACTIONS
from ..shared.learner import current_learner, my_learner_id
from ..shared.limits import limited
from ..shared.nicknames import new_nickname, nicknames as nickname_choices
from ..shared.preferences import card_face
from ..shared.qr import public_url_for, qr_data_uri
from ..shared.readers import parse_seed
from ..shared.teachers import current_teacher
from . import bot
from .record import log_answers
from .standings import share_right, top_five

bp = Blueprint("live", __name__, url_prefix=LANG_PREFIX)

SIZES = (3, 5, QUIZ_SIZE, EXAM_SIZE)
"""The numbers of questions the form offers (each content allows some of them: ``live_sizes``)."""
TOPIC = "topic"
LESSON = "lesson"
CONTENTS = (TOPIC, EXAM, LESSON, ENVIDO_DRILL, SENAS)
"""The question contents of the form's ``content`` choice (the class against the bot is ``bot``)."""
NOT_ANSWER_FIELDS = frozenset({"csrf_token", "question", "attempt", "hinted"})
PHONE_POLL = "2s"
BOARD_POLL = "1s"


# --- Who is asking --------------------------------------------------------------------------------------


def own_session(sid: str) -> LiveSession:
    """The signed-in teacher's session with this id; 404 for anyone else."""
    teacher = current_teacher()
    if teacher is None:
        abort(404)
    found = current_store().live.owned(teacher.id, sid)
    if found is None:
        abort(404)
    return found


def my_player(sid: str) -> tuple[LiveSession, Player]:
    """The session and this browser's player in it; 404 if the session or the player is unknown."""
    found = current_store().live.get(sid)
    if found is None:
        abort(404)
    player = current_store().live.player_of(found.id, my_learner_id())
    if player is None:
        abort(404)
    return found, player


def polls() -> dict[str, str]:
    """The poll intervals (``LIVE_PHONE_POLL``, ``LIVE_BOARD_POLL`` in the configuration; fast in tests)."""
    return {
        "phone": str(current_app.config.get("LIVE_PHONE_POLL", PHONE_POLL)),
        "board": str(current_app.config.get("LIVE_BOARD_POLL", BOARD_POLL)),
    }


def no_store(response: Any) -> Any:
    response = make_response(response)
    response.headers["Cache-Control"] = "no-store"
    return response


# --- The questions -------------------------------------------------------------------------------------


def questions_of(found: LiveSession) -> tuple[Drawn, ...]:
    """The session's questions, drawn again from its content, seed and size (none for the class
    against the bot: its decisions come from the table)."""
    if found.kind == "bot":
        return ()
    return live_questions(found.quiz, found.seed, found.size)


def read_stored(question: Question, fields: dict[str, Any]) -> Posted | None:
    """A stored answer read again for its question (None if it no longer reads)."""
    posted = read_answer(question, MultiDict([(k, v) for k, values in fields.items() for v in values]))
    return posted if isinstance(posted, Posted) else None


@dataclass(frozen=True)
class Bar:
    """One answer given at a reveal: its text, how many gave it, its share, right or not, the mistake."""

    text: str
    count: int
    percent: int
    right: bool
    mistake: str


def distribution(found: LiveSession, drawn: Drawn) -> list[Bar]:
    """The answers given to the question shown, most given first (the right one first among equals),
    named as its game names the cards (a Truco Mineiro question's in French suits)."""
    face = game_face(drawn.game)
    counts: Counter[tuple[str, bool]] = Counter()
    mistakes: dict[str, str] = {}
    view = question_view(drawn.question, face)
    for given in current_store().live.answers(found, found.question):
        posted = read_stored(drawn.question, given.answer)
        if posted is None:
            continue
        text = answer_text(drawn.question, posted.answer, face)
        counts[(text, posted.verdict.correct)] += 1
        if not posted.verdict.correct:
            mistakes.setdefault(text, view.presenter.mistake(drawn.question, posted.answer, face))
    total = sum(counts.values()) or 1
    ranked = sorted(counts.items(), key=lambda item: (-item[1], not item[0][1], item[0][0]))
    return [Bar(text, n, round(100 * n / total), right, mistakes.get(text, "")) for (text, right), n in ranked]


def summary(found: LiveSession) -> tuple[list[dict[str, Any]], int]:
    """Per question: its number, how many answered, how many right and the share; and the class's share."""
    answers = current_store().live.all_answers(found)
    rows = []
    right_all = given_all = 0
    for index, _drawn in enumerate(questions_of(found)):
        given = answers.get(index, [])
        right = sum(1 for a in given if a.correct)
        rows.append(
            {
                "number": index + 1,
                "answered": len(given),
                "right": right,
                "percent": round(100 * right / len(given)) if given else 0,
            }
        )
        right_all += right
        given_all += len(given)
    return rows, round(100 * right_all / given_all) if given_all else 0


@dataclass(frozen=True)
class PupilScore:
    """A pupil's result at the end: how many of the questions asked they answered, and answered right."""

    nickname: str
    answered: int
    right: int


def asked(found: LiveSession) -> int:
    """How many questions the session has shown (all of them up to the one shown last)."""
    return 0 if found.state == "lobby" else min(found.question + 1, len(questions_of(found)))


def pupil_scores(found: LiveSession) -> list[PupilScore]:
    """Each pupil's score, in the order of their nicknames (never by score or by speed)."""
    answers = current_store().live.all_answers(found)
    scores = []
    for player in current_store().live.players(found.id):
        mine = [a for given in answers.values() for a in given if a.player_id == player.id]
        scores.append(PupilScore(player.nickname, len(mine), sum(1 for a in mine if a.correct)))
    return sorted(scores, key=lambda score: (score.nickname.casefold(), score.nickname))


def so_far(found: LiveSession, children: bool) -> dict[str, Any]:
    """Between questions: the class's share right over the questions closed so far, and the top five
    by number right (none for a class of children)."""
    answers = current_store().live.all_answers(found)
    given = [a for index, listed in answers.items() if index <= found.question for a in listed]
    right_by: Counter[int] = Counter(a.player_id for a in given if a.correct)
    players = current_store().live.players(found.id)
    top = [] if children else top_five((p.nickname, right_by[p.id]) for p in players)
    return {"so_far": share_right(sum(right_by.values()), len(given)), "top": top}


@dataclass(frozen=True)
class MissedStep:
    """A lesson step the class got wrong in the session: its title and how many wrong answers."""

    item: str
    title: str
    wrong: int


def missed_steps(found: LiveSession) -> list[MissedStep]:
    """The steps of the questions asked with at least one wrong answer, the most missed first."""
    answers = current_store().live.all_answers(found)
    wrong: Counter[str] = Counter()
    titles: dict[str, str] = {}
    for index, drawn in enumerate(questions_of(found)[: asked(found)]):
        count = sum(1 for a in answers.get(index, []) if not a.correct)
        if count:
            wrong[drawn.item] += count
            lesson = get_lesson(drawn.lesson)
            # Translators: a lesson step the class answered wrong in a live session, e.g. "Lesson 5: Calling the envido · The showdown".
            titles.setdefault(
                drawn.item,
                _(
                    "Lesson %(number)s: %(lesson)s · %(step)s",
                    number=lesson.number,
                    lesson=_(lesson.title),
                    step=_(drawn.step.title),
                ),
            )
    order = list(titles)
    ranked = sorted(wrong, key=lambda item: (-wrong[item], order.index(item)))
    return [MissedStep(item, titles[item], wrong[item]) for item in ranked]


def summary_actions(found: LiveSession, missed: list[MissedStep]) -> list[Any]:
    """What other features offer on the summary of a class's session (assigning the missed steps)."""
    class_id = current_store().live.class_public_id(found) if missed else None
    if class_id is None:
        return []
    return LIVE_SUMMARY_ACTIONS.gather(class_id, tuple(step.item for step in missed))


def score_groups(scores: list[PupilScore]) -> list[tuple[int, int]]:
    """(number right, how many pupils got it), most right first: the scores without the names."""
    counts = Counter(score.right for score in scores)
    return sorted(counts.items(), reverse=True)


def answer_rows(found: LiveSession) -> list[list[object]]:
    """One row per pupil and question asked: nickname, question number, the answer given, right or not."""
    drawn = questions_of(found)[: asked(found)]
    answers = current_store().live.all_answers(found)
    rows: list[list[object]] = []
    for player in sorted(current_store().live.players(found.id), key=lambda p: (p.nickname.casefold(), p.nickname)):
        for index, current in enumerate(drawn):
            given = next((a for a in answers.get(index, []) if a.player_id == player.id), None)
            posted = read_stored(current.question, given.answer) if given is not None else None
            text = answer_text(current.question, posted.answer, game_face(current.game)) if posted is not None else ""
            right = "" if given is None else (_("yes") if given.correct else _("no"))
            rows.append([player.nickname, index + 1, text, right])
    return rows


# --- The teacher's pages -------------------------------------------------------------------------------


def content_name(kind: str, quiz: str, size: int) -> str:
    """What a session asks, as its class page names it: the quiz and how many questions, or the bot."""
    if kind == "bot":
        return _("The class against the computer player")
    if quiz == EXAM:
        # Translators: the mixed exam of every quiz topic.
        name = _("Final exam")
    elif quiz == ENVIDO_DRILL:
        # Translators: a live session's content on its class's page: envido counts of different hands.
        name = _("Envido drill")
    elif quiz == SENAS:
        # Translators: a live session's content on its class's page: what the señas mean.
        name = _("Seña round")
    elif quiz.startswith(LESSON_PREFIX):
        name = dict(_lesson_choices()).get(quiz.removeprefix(LESSON_PREFIX), quiz)
    else:
        name = dict(_quiz_choices()).get(quiz, quiz)
    # Translators: a live session's content on its class's page: what it asked and how many questions.
    return ngettext("%(quiz)s, %(num)s question", "%(quiz)s, %(num)s questions", size, quiz=name)


def _quiz_choices() -> list[tuple[str, str]]:
    return [(topic.key, topic_name(topic)) for topic in TOPICS]


def _lesson_choices() -> list[tuple[str, str]]:
    """The lessons with checks, as the form lists them ("Lesson 4: Counting envido")."""
    return [
        (key, _("Lesson %(number)s: %(title)s", number=get_lesson(key).number, title=_(get_lesson(key).title)))
        for key in live_lessons()
    ]


@dataclass(frozen=True)
class NewForm:
    """The new-session form as posted (kept as typed, to show it again with an error)."""

    content: str = TOPIC
    quiz: str = ""
    lesson: str = ""
    size: str = "5"
    seed: str = ""

    @classmethod
    def posted(cls) -> NewForm:
        get = request.form.get
        return cls(
            get("content", TOPIC)[:16],
            get("quiz", "")[:40],
            get("lesson", "")[:40],
            get("size", "")[:4],
            get("seed", "")[:12],
        )

    def content_key(self) -> str | None:
        """What ``live_session.quiz`` keeps for this content (None if the choice is not one offered)."""
        if self.content == TOPIC:
            return self.quiz if self.quiz in dict(_quiz_choices()) else None
        if self.content == LESSON:
            return LESSON_PREFIX + self.lesson if self.lesson in live_lessons() else None
        if self.content in (EXAM, ENVIDO_DRILL, SENAS) and live_sizes(self.content):
            return self.content
        return None


def _content_error(form: NewForm) -> str:
    if form.content == TOPIC:
        return _("Choose the topic of the quiz.")
    if form.content == LESSON:
        return _("Choose the lesson whose checks the session asks.")
    return _("Choose what the session asks: one of the contents listed.")


def _read_content(form: NewForm) -> tuple[str, int, int] | str:
    """The content key, seed (a new one if left empty) and number of questions of the posted form,
    or the error to show; for the class against the bot (``content=bot``) the key is empty and the
    size 0."""
    seed = parse_seed(form.seed) if form.seed.strip() else random.randrange(MAX_SEED)
    if seed is None:
        return _("The seed is a whole number of up to ten digits (or leave it empty for a new one).")
    if form.content == "bot":
        return "", seed, 0
    key = form.content_key()
    if key is None:
        return _content_error(form)
    sizes = live_sizes(key)
    if len(sizes) == 1:  # a lesson's checks: every checked step, whatever the number chosen
        return key, seed, sizes[0]
    size = int(form.size) if form.size.isascii() and form.size.isdigit() else None
    if size not in sizes:
        numbers = format_list([str(n) for n in sizes], style="or", locale=current_language())
        return _("This content asks %(sizes)s questions: choose one of these numbers.", sizes=numbers)
    return key, seed, size


def _create(teacher: Teacher, school_class: SchoolClass | None, content: tuple[str, int, int]) -> LiveSession:
    """A new session of the posted kind: questions (``quiz``), or the class against the bot (``content=bot``)."""
    kind = "bot" if request.form.get("content") == "bot" else "quiz"
    return current_store().live.create(teacher.id, school_class.id if school_class else None, *content, kind=kind)


@bp.route("/teach/live/new", methods=["GET", "POST"])
def new_session():
    """Pick the content of a live session (what it asks, its seed, how many questions) and start it."""
    teacher = current_teacher()
    if teacher is None:
        abort(404)
    classes = current_store().classroom.classes_of(teacher.id)
    by_id = {c.public_id: c for c in classes}
    chosen = request.values.get("class", "")[:32]
    if chosen and chosen not in by_id:
        abort(404)
    error, form = None, NewForm()
    if request.method == "POST":
        form = NewForm.posted()
        content = _read_content(form)
        if isinstance(content, str):
            error = content
        else:
            found = _create(teacher, by_id.get(chosen), content)
            return redirect(url_for("live.board_page", sid=found.public_id), code=303)
    return render_template("live/new.html", **_new_context(classes, chosen, form, error)), 400 if error else 200


def _new_context(classes: list[SchoolClass], chosen: str, form: NewForm, error: str | None) -> dict[str, Any]:
    return {
        "classes": classes,
        "chosen": chosen,
        "form": form,
        "quizzes": _quiz_choices(),
        "lessons": _lesson_choices(),
        "sizes": SIZES,
        "contents": [key for key in CONTENTS if key in (TOPIC, LESSON) or live_sizes(key)],
        "error": error,
    }


def board_context(found: LiveSession) -> dict[str, Any]:
    """What the projector shows of the session now."""
    store = current_store().live
    face = card_face()
    drawn = questions_of(found)
    context: dict[str, Any] = {"live": found, "total": len(drawn), "polls": polls()}
    players = store.players(found.id)
    context["players"] = players
    if found.state == "lobby":
        link = public_url_for("live.join", pin=found.pin)
        context.update(link=link, qr=qr_data_uri(link), join_page=public_url_for("live.join"))
    elif found.kind == "bot":
        context.update(bot.board_context(found, face))
    elif found.state in ("question", "reveal"):
        current = drawn[found.question]
        context["q"] = question_view(current.question, game_face(current.game), reveal=found.state == "reveal")
        context["answered"] = store.answer_count(found, found.question)
        if found.state == "reveal":
            context["bars"] = distribution(found, current)
            context.update(so_far(found, store.for_children(found)))
    else:
        context["rows"], context["share"] = summary(found)
        context["children"] = store.for_children(found)
        context["pupils"] = pupil_scores(found)
        context["groups"] = score_groups(context["pupils"])
        context["missed"] = missed_steps(found)
        context["actions"] = summary_actions(found, context["missed"])
    return context


@bp.get("/teach/live/<sid>")
def board_page(sid: str):
    """The projector's page: the board, polled."""
    found = own_session(sid)
    return no_store(render_template("live/board.html", **board_context(found)))


@bp.get("/teach/live/<sid>/board")
def board(sid: str):
    """The board fragment; 204 with no body while the session's ``changes`` is still ``v``."""
    found = own_session(sid)
    key = current_store().live.poll_key(found.id)
    if key is not None and request.args.get("v") == str(key[1]):
        return no_store(("", 204))
    return no_store(render_template("live/_board.html", **board_context(found)))


ACTIONS: dict[str, dict[str, Any]] = {
    "start": {"states": ("lobby",), "to": "question"},
    "close": {"states": ("question",), "to": "reveal"},
    "next": {"states": ("reveal",), "to": "question"},
    "end": {"states": ("lobby", "question", "tally", "reveal"), "to": "ended"},
    "lock": {"states": ("lobby", "question", "tally", "reveal"), "locked": True},
    "unlock": {"states": ("lobby", "question", "tally", "reveal"), "locked": False},
    "play": {"states": ("tally",), "to": "reveal"},  # the class against the bot only: bot.play
}


def _version() -> int:
    text = request.form.get("version", "")
    if not (text.isascii() and text.isdigit()) or len(text) > 9:
        abort(400)
    return int(text)


def _after_action(found: LiveSession, moved: bool):
    if moved and found.kind == "quiz" and found.state == "reveal":  # the phones log their own answer
        log_answers(found, [drawn.item for drawn in questions_of(found)], before=found.question)
    elif moved and found.kind == "quiz" and found.state == "ended":
        log_answers(found, [drawn.item for drawn in questions_of(found)])
    if moved:
        return redirect(url_for("live.board_page", sid=found.public_id), code=303)
    notice = _("Someone else moved the session on first: this is where it is now.")
    return no_store((render_template("live/board.html", notice=notice, **board_context(found)), 409))


@bp.post("/teach/live/<sid>/act")
def act(sid: str):
    """A teacher action, compared and swapped on the session's version."""
    found = own_session(sid)
    action = request.form.get("action", "")
    rule = ACTIONS.get(action)
    if rule is None:
        abort(400)
    version = _version()
    if action == "play":
        return _play(found, version)
    moved = bot.act(found, action, version) if found.kind == "bot" else None
    if moved is not None:
        return _after_action(found, moved)
    change = {name: value for name, value in rule.items() if name != "states"}
    if action == "start":
        change["question"] = 0
    elif action == "next" and found.question + 1 >= len(questions_of(found)):
        change["to"] = "ended"  # after the last question: the summary
    elif action == "next":
        change["question"] = found.question + 1
    moved = current_store().live.move(found, version, states=rule["states"], **change)
    return _after_action(found, moved)


def _play(found: LiveSession, version: int):
    """The class against the bot after a vote: play the class's move, or the teacher's (``move``)."""
    if found.kind != "bot":
        abort(400)
    moved = bot.play(found, version, request.form.get("move", "")[:40] or None)
    if moved is None:
        notice = _("That is not a move the class can make now. Choose one of the buttons.")
        return no_store((render_template("live/board.html", notice=notice, **board_context(found)), 400))
    return _after_action(found, moved)


@bp.post("/teach/live/<sid>/export.csv")
def export(sid: str):
    """The answers as CSV, one row per pupil and question (a POST: CSRF-protected, never prefetched)."""
    found = own_session(sid)
    if found.state != "ended" or found.kind != "quiz":
        notice = _("The answers can be downloaded once the session has ended.")
        return no_store((render_template("live/board.html", notice=notice, **board_context(found)), 409))
    header = [
        # Translators: a column head: the pupil's nickname (the assignment's table, the dashboard, a live session's scores and CSV, a club night's tables).
        _("Nickname"),
        # Translators: a column head of a live session's CSV: the question's number.
        _("Question"),
        # Translators: a column head of a live session's CSV: the answer the pupil gave (a noun).
        _("Answer"),
        # Translators: a column head of a live session's CSV: whether the pupil's answer was right ("yes" or "no").
        _("Right"),
    ]
    text = csv_text(header, answer_rows(found), current_language())
    return csv_response(text, f"live-{found.public_id}.csv")


@bp.post("/teach/live/<sid>/kick")
def kick(sid: str):
    """Remove a player: their answers stop counting and neither the phone nor the nickname gets back in."""
    found = own_session(sid)
    version = _version()
    player_text = request.form.get("player", "")
    if not (player_text.isascii() and player_text.isdigit()) or len(player_text) > 12:
        abort(400)
    if version != found.version or found.state == "ended":
        return _after_action(found, False)
    if not current_store().live.kick(found, int(player_text)):
        abort(404)
    return redirect(url_for("live.board_page", sid=found.public_id), code=303)


# --- The phones ----------------------------------------------------------------------------------------


REFUSALS = {
    "unknown": 404,
    "locked": 403,
    "kicked": 403,
    "ended": 404,
    "full": 403,
    "taken": 409,
}


def _refusal_text(reason: str) -> str:
    if reason == "locked":
        return _("This session is locked: the teacher lets no one else in.")
    if reason == "kicked":
        return _("The teacher removed you from this session.")
    if reason == "full":
        return _("This session is full.")
    if reason == "taken":
        return _("Every nickname was taken; try again.")
    if reason == "too_many":
        return _("Too many wrong PINs from this network. Wait a minute and try again.")
    return _("No session has this PIN. Check the number on the projector.")


def _join_page(entered: str, reason: str | None, status: int, wait: int | None = None):
    response = make_response(
        render_template("live/join.html", entered=entered, error=_refusal_text(reason) if reason else None), status
    )
    if wait:
        response.headers["Retry-After"] = str(wait)
    return response


@bp.route("/live", methods=["GET", "POST"])
def join():
    """Join a live session by its PIN (the QR code's link fills it in)."""
    if request.method == "GET":
        return _join_page(request.args.get("pin", "")[:12], None, 200)
    entered = request.form.get("pin", "")[:12]
    wait = limited("pin")
    if wait is not None:
        current_app.logger.info("live PINs: too many from one address")
        return _join_page(entered, "too_many", 429, wait)
    pin = normalize_pin(entered)
    store = current_store()
    found = store.live.by_pin(pin) if pin else None
    if found is None:
        return _join_page(entered, "unknown", 404)
    learner = current_learner()
    member = store.classroom.member(found.class_id, learner.id) if found.class_id else None
    if member is not None:
        joined = store.live.join(found, learner.id, [member.nickname], own=True)
    else:
        taken = {p.nickname for p in store.live.players(found.id, kicked=True)}
        joined = store.live.join(found, learner.id, nickname_choices(new_nickname(taken), taken))
    if joined.player is None:
        reason = joined.refused or "unknown"
        return _join_page(entered, reason, REFUSALS.get(reason, 403))
    return redirect(url_for("live.phone", sid=found.public_id), code=303)


def _phone_question(found: LiveSession, player: Player, drawn: Drawn, submitted: Any) -> dict[str, Any]:
    """A phone's question: the form (with the answer given chosen again) while it is open, the
    pupil's own result and the explanation once it is closed (a Truco Mineiro question in French cards)."""
    question = drawn.question
    face = game_face(drawn.game)
    own = current_store().live.own_answer(found, found.question, player.id)
    posted = read_stored(question, own.answer) if own else None
    if found.state == "question":
        if submitted is None and own is not None:  # a reload shows the answer given
            submitted = MultiDict([(k, v) for k, values in own.answer.items() for v in values])
        given = answer_text(question, posted.answer, face) if posted else None
        return {"q": question_view(question, face, submitted=submitted), "given": given}
    shown: dict[str, Any] = posted.shown() if posted is not None else {"reveal": True}
    return {"q": question_view(question, face, **shown), "answered": posted is not None}


def phone_context(found: LiveSession, player: Player, **extra: Any) -> dict[str, Any]:
    """What a phone shows now: in the pupil's own language (the URL's) and card face."""
    drawn = questions_of(found)
    context: dict[str, Any] = {
        "live": found,
        "player": player,
        "polls": polls(),
        "poll_key": phone_key(found.version, player),
        "total": len(drawn),
        **extra,
    }
    if player.kicked:
        return context
    if found.kind == "bot" and found.state != "lobby":
        context.update(bot.phone_context(found, player, card_face()))
    elif found.state in ("question", "reveal"):
        context.update(_phone_question(found, player, drawn[found.question], extra.get("submitted")))
    elif found.state == "ended":
        answers = current_store().live.all_answers(found).values()
        context["score"] = sum(1 for given in answers for a in given if a.player_id == player.id and a.correct)
    return context


def phone_key(version: int, player: Player) -> str:
    """What a phone's poll is keyed by: the session's version, and whether the phone was kicked (a kick
    changes only that phone, so the others keep what they are choosing)."""
    return f"{version}k" if player.kicked else str(version)


def log_mine(found: LiveSession, player: Player) -> None:
    """After a close: this phone's own answer into its pupil's learning log (once; see :mod:`.record`)."""
    if found.kind == "quiz" and found.state in ("reveal", "ended") and not player.kicked:
        log_answers(found, [drawn.item for drawn in questions_of(found)], player_id=player.id)


@bp.get("/live/<sid>")
def phone(sid: str):
    found, player = my_player(sid)
    log_mine(found, player)
    return no_store(render_template("live/phone.html", **phone_context(found, player)))


@bp.get("/live/<sid>/me")
def phone_fragment(sid: str):
    """The phone's fragment; 204 with no body while the session's ``version`` is still ``v``."""
    found, player = my_player(sid)
    key = current_store().live.poll_key(found.id)
    if key is not None and request.args.get("v") == phone_key(key[0], player):
        return no_store(("", 204))
    log_mine(found, player)
    return no_store(render_template("live/_phone.html", **phone_context(found, player)))


@bp.post("/live/<sid>/answer")
def answer(sid: str):
    """Answer the open question, or change the answer; 409 once the question is closed."""
    found, player = my_player(sid)
    if player.kicked:
        return no_store((render_template("live/phone.html", **phone_context(found, player)), 403))
    text = request.form.get("question", "")
    if not (text.isascii() and text.isdigit()) or len(text) > 4:
        abort(400)
    index = int(text)
    drawn = questions_of(found)
    if found.state != "question" or index != found.question or index >= len(drawn):
        notice = _("This question is closed: your answer was not counted.")
        return no_store((render_template("live/phone.html", **phone_context(found, player, notice=notice)), 409))
    posted = read_answer(drawn[index].question)
    if not isinstance(posted, Posted):
        context = phone_context(found, player, submitted=posted.submitted, error=posted.message)
        return no_store((render_template("live/phone.html", **context), 400))
    fields = {k: request.form.getlist(k) for k in request.form if k not in NOT_ANSWER_FIELDS}
    if not current_store().live.answer(found, index, player, fields, posted.verdict.correct):
        notice = _("This question is closed: your answer was not counted.")
        return no_store((render_template("live/phone.html", **phone_context(found, player, notice=notice)), 409))
    return redirect(url_for("live.phone", sid=found.public_id), code=303)


def _vote_refused(found: LiveSession, player: Player, status: int):
    if status == 400:
        notice = _("That is not a move the class can make now. Vote with one of the buttons.")
    else:
        notice = _("This vote is closed: your vote was not counted.")
    return no_store((render_template("live/phone.html", **phone_context(found, player, notice=notice)), status))


@bp.post("/live/<sid>/vote")
def vote(sid: str):
    """Vote for one of the class's legal actions at the table, or change the vote, until the vote closes."""
    found, player = my_player(sid)
    if player.kicked:
        return no_store((render_template("live/phone.html", **phone_context(found, player)), 403))
    if found.kind != "bot":
        abort(404)
    text = request.form.get("question", "")
    if not (text.isascii() and text.isdigit()) or len(text) > 4:
        abort(400)
    if found.state != "question" or int(text) != found.question:
        return _vote_refused(found, player, 409)
    action = bot.read_vote(found, request.form.get("action", ""))
    if action is None:
        return _vote_refused(found, player, 400)
    if not bot.vote(found, player, action):
        return _vote_refused(found, player, 409)
    return redirect(url_for("live.phone", sid=found.public_id), code=303)
