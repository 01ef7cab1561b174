"""Assignments: a lesson, a topic quiz, a practice hand, the daily challenge or a number of reviews from
each pupil's own review queue, open from a day, due by a day (in the store's ``DAY_ZONE``).

A pupil's status is computed from their learning log since the assignment opened (one query for the
whole class, :meth:`tutor.store.classroom.Classroom.work`), never stored:

* a lesson is done when every step with a check was answered right in the lesson;
* a topic quiz when the pupil's first run of it since the opening (of the class's seed, when everyone
  got the same questions) is finished: its score counts, passed or not against the assignment's pass
  mark; later runs are practice. A first run begun and not finished is **In progress**;
* a practice hand when it was played to its goal (item ``practice:<hand>``, right);
* the daily challenge when :data:`DAILY_ANSWERS` of its questions were answered (the daily set's size);
* reviews when that many review questions were answered.

**Done** (by the due day, or late), **Late** (not done and the due day is over), **In progress** (a
quiz begun), **To do**.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time

from flask import abort, flash, redirect, request, url_for

from ...content import all_hands, all_lessons, get_hand, get_lesson
from ...content.checks import new_seed
from ...i18n import current_language, format_long_date, gettext as _, ngettext, pgettext
from ...learning import TOPICS, get_topic
from ...learning.attempts import PRACTICE_PREFIX, QUIZ_PASS_SHARE, QUIZ_PREFIX
from ...learning.draw import QUIZ_SIZE
from ...narration.topics import topic_name
from ...store import QuizRun, current_store
from ...store.classroom import Assignment, Member
from ..shared.csv_export import csv_response, csv_text
from ..shared.learner import now
from .blueprint import bp, own_class, page, teacher_only, writable_class
from .questions import question_stats, same_questions

DAILY_ANSWERS = 5
"""Answers that make the daily challenge done: the daily set has five questions (tutor/web/quiz/draw.py)."""
MAX_REVIEWS = 50


STATES = ("done", "late_done", "late", "started", "todo")
"""A pupil's states of an assignment, in the order the class page counts them."""
OPEN_STATES = frozenset({"late", "started", "todo"})
"""The states of work still to do."""


@dataclass(frozen=True)
class Score:
    """A topic quiz's result: the first run's right answers of its questions, against the pass mark."""

    right: int
    size: int
    pass_mark: int

    @property
    def passed(self) -> bool:
        return self.right >= self.pass_mark

    @property
    def text(self) -> str:
        counted = _("%(right)s of %(num)s right", right=self.right, num=self.size)
        if self.passed:
            # Translators: the result of a topic quiz set as homework: the pupil reached the pass mark.
            return counted + " · " + _("passed")
        # Translators: the result of a topic quiz set as homework: the pupil did not reach the pass mark.
        return counted + " · " + _("below the pass mark")


@dataclass(frozen=True)
class Status:
    state: str
    """One of :data:`STATES`."""
    finished: datetime | None = None
    score: Score | None = None

    @property
    def label(self) -> str:
        return {
            # Translators: the status of a piece of homework (an assignment) a pupil finished on time.
            "done": pgettext("assignment status", "Done"),
            "late_done": _("Done late"),
            "late": _("Late"),
            "started": _("In progress"),
            "todo": _("To do"),
        }[self.state]


def default_pass_mark() -> int:
    """The app's own pass mark of a topic quiz, in right answers of its :data:`QUIZ_SIZE` questions.

    >>> default_pass_mark()
    9
    """
    right, of = QUIZ_PASS_SHARE
    return -(-QUIZ_SIZE * right // of)


def pass_mark_of(assignment: Assignment) -> int:
    """Right answers a topic quiz needs: the assignment's own pass mark, else the app's."""
    return assignment.pass_mark if assignment.pass_mark is not None else default_pass_mark()


def lesson_items(key: str) -> list[str]:
    try:
        lesson = get_lesson(key)
    except KeyError:
        return []
    return [f"{lesson.key}/{step.key}" for step in lesson.checked_steps]


def wanted_items(assignment: Assignment) -> list[str]:
    if assignment.kind == "lesson":
        return lesson_items(assignment.target)
    if assignment.kind == "quiz":
        return [QUIZ_PREFIX + assignment.target]
    if assignment.kind == "practice":
        return [PRACTICE_PREFIX + assignment.target]
    return []


def _aware(moment: datetime) -> datetime:
    """A stored time as timezone-aware UTC (SQLite hands back naive UTC times)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def finished_at(assignment: Assignment, work: list[tuple[str, str, bool, datetime]]) -> datetime | None:
    """When the pupil's ``work`` (their attempts since the opening, oldest first) completed the assignment."""
    opens = _aware(assignment.opens)
    mine = [entry for entry in work if _aware(entry[3]) >= opens]
    if assignment.kind == "lesson":
        needed = set(lesson_items(assignment.target))
        for item, source, correct, moment in mine:
            if correct and source == "lesson":
                needed.discard(item)
                if not needed:
                    return moment
        return None
    if assignment.kind == "practice":
        item = wanted_items(assignment)[0]
        return next((moment for found, _source, correct, moment in mine if found == item and correct), None)
    source_wanted = "daily" if assignment.kind == "daily" else "review"
    needed_count = DAILY_ANSWERS if assignment.kind == "daily" else assignment.count
    counted = 0
    for _item, source, _correct, moment in mine:
        if source == source_wanted:
            counted += 1
            if counted >= needed_count:
                return moment
    return None


def status_of(
    assignment: Assignment,
    work: list[tuple[str, str, bool, datetime]],
    moment: datetime,
    first_run: QuizRun | None = None,
) -> Status:
    """The pupil's status: from their ``work`` since the opening, or, for a topic quiz, from their first
    run of it (``first_run``: its finish, score and size)."""
    due = _aware(assignment.due) if assignment.due is not None else None
    score = None
    if assignment.kind == "quiz":
        finished = _aware(first_run.finished) if first_run is not None and first_run.finished else None
        if first_run is not None and finished is not None:
            score = Score(first_run.score, first_run.size, pass_mark_of(assignment))
    else:
        finished = finished_at(assignment, work)
    if finished is not None:
        return Status("late_done" if due is not None and finished > due else "done", finished, score)
    if due is not None and moment > due:
        return Status("late")
    return Status("started" if first_run is not None else "todo")


def title_of(assignment: Assignment) -> str:
    kind, target = assignment.kind, assignment.target
    try:
        if kind == "lesson":
            lesson = get_lesson(target)
            return _("Lesson %(number)s: %(title)s", number=lesson.number, title=_(lesson.title))
        if kind == "quiz":
            return _("Topic quiz: %(topic)s", topic=topic_name(get_topic(target)))
        if kind == "practice":
            # Translators: a practice hand (a hand played at the table with a coach) set as homework.
            return _("Practice hand: %(title)s", title=_(get_hand(target).title))
    except KeyError:
        return _("(no longer in the app)")
    if kind == "daily":
        return _("The daily challenge")
    return ngettext("%(num)s question from your review", "%(num)s questions from your review", assignment.count)


def link_of(assignment: Assignment) -> str | None:
    """Where a pupil does the work: the existing page."""
    kind, target = assignment.kind, assignment.target
    if kind == "lesson":
        return url_for("lessons.lesson", key=target)
    if kind == "quiz":
        return url_for("quiz.quiz", key=target, seed=assignment.seed)  # no seed: each pupil draws their own
    if kind == "practice":
        return url_for("practice.hand", key=target)
    if kind == "daily":
        return url_for("quiz.daily")
    return url_for("review.index")


def choices() -> list[tuple[str, list[tuple[str, str]]]]:
    """The form's options, grouped: (group label, [(value, label)])."""
    return [
        (
            _("Lessons"),
            [
                (f"lesson:{lesson.key}", _("Lesson %(number)s: %(title)s", number=lesson.number, title=_(lesson.title)))
                for lesson in all_lessons()
                if lesson.checked_steps
            ],
        ),
        (_("Topic quizzes"), [(f"quiz:{t.key}", topic_name(t)) for t in TOPICS]),
        (_("Practice hands"), [(f"practice:{h.key}", _(h.title)) for h in all_hands()]),
        (
            # Translators: the heading of the group of things to assign that are neither lessons, quizzes nor practice hands.
            _("Other"),
            [("daily", _("The daily challenge")), ("reviews", _("Questions from each pupil's own review"))],
        ),
    ]


def statuses(class_id: int, members: list[Member], assignments: list[Assignment]) -> dict[tuple[int, int], Status]:
    """(assignment id, learner id) -> status, from one read of the class's work."""
    if not assignments or not members:
        return {}
    items = [item for a in assignments for item in wanted_items(a)]
    sources = {"daily" for a in assignments if a.kind == "daily"} | {
        "review" for a in assignments if a.kind == "reviews"
    }
    since = min(a.opens for a in assignments)
    classroom = current_store().classroom
    learners = [m.learner_id for m in members]
    work = classroom.work(learners, since, items, sources)
    runs = {
        a.id: classroom.first_quiz_runs(learners, a.target, a.seed, a.opens) for a in assignments if a.kind == "quiz"
    }
    moment = now()
    return {
        (a.id, m.learner_id): status_of(a, work[m.learner_id], moment, runs.get(a.id, {}).get(m.learner_id))
        for a in assignments
        for m in members
    }


def pass_mark_asked(kind: str, text: str) -> tuple[int | None, bool]:
    """The form's pass mark for a topic quiz (``pass_mark``, right answers of :data:`QUIZ_SIZE`): the
    number, or None for the app's own; and whether what was typed is one."""
    if kind != "quiz" or not text.strip():
        return None, True
    text = text.strip()
    if not (text.isascii() and text.isdigit() and 1 <= int(text) <= QUIZ_SIZE):
        return None, False
    return int(text), True


def seed_for(kind: str) -> int | None:
    """A topic quiz set with "the same questions for everyone" (``same=1``) gets one seed for the class."""
    return new_seed() if kind == "quiz" and request.form.get("same") == "1" else None


def _day(text: str) -> date | None:
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        return None


@bp.post("/teach/classes/<cid>/assignments")
@teacher_only
def add_assignment(cid: str):
    """Set the class some work (``what``: ``lesson:<key>``, ``quiz:<topic>``, ``practice:<hand>``,
    ``daily``, ``reviews`` with ``count``; ``opens`` and ``due`` as dates)."""
    found = writable_class(cid)
    what = request.form.get("what", "")[:100]
    valid = {value for _group, options in choices() for value, _label in options}
    zone = current_store().zone
    today = now().astimezone(zone).date()
    opens_day = _day(request.form.get("opens", "")[:20]) or today
    due_text = request.form.get("due", "")[:20].strip()
    due_day = _day(due_text) if due_text else None
    count = request.form.get("count", "10")[:4]
    pass_mark, pass_mark_ok = pass_mark_asked(what.partition(":")[0], request.form.get("pass_mark", "")[:4])
    problems = []
    if what not in valid:
        problems.append(_("Choose what to assign from the list."))
    if due_text and (due_day is None or due_day < opens_day):
        problems.append(_("The due day must be a date on or after the opening day."))
    if what == "reviews" and not (count.isdigit() and 1 <= int(count) <= MAX_REVIEWS):
        problems.append(_("Ask for 1 to 50 review questions."))
    if not pass_mark_ok:
        problems.append(_("The pass mark is a number of right answers from 1 to %(num)s.", num=QUIZ_SIZE))
    if problems:
        for problem in problems:
            flash(problem, "error")
        return redirect(url_for("classroom.class_page", cid=found.public_id), code=303)
    kind, _colon, target = what.partition(":")
    opens = datetime.combine(opens_day, time.min, zone)
    due = datetime.combine(due_day, time.max, zone) if due_day else None
    current_store().classroom.add_assignment(
        found.id, kind, target, int(count) if kind == "reviews" else 0, opens, due, seed_for(kind), pass_mark
    )
    flash(_("The work is set."), "success")
    return redirect(url_for("classroom.class_page", cid=found.public_id) + "#assignments-title", code=303)


@bp.post("/teach/classes/<cid>/assignments/<aid>/remove")
@teacher_only
def remove_assignment(cid: str, aid: str):
    found = writable_class(cid)
    if not current_store().classroom.remove_assignment(found.id, aid[:32]):
        abort(404)
    flash(_("The assignment is removed."), "info")
    return redirect(url_for("classroom.class_page", cid=found.public_id), code=303)


@bp.get("/teach/classes/<cid>/assignments/<aid>")
@teacher_only
def assignment(cid: str, aid: str):
    """Pupil × status of one assignment."""
    found = own_class(cid)
    store = current_store().classroom
    chosen = next((a for a in store.assignments(found.id) if a.public_id == aid), None)
    if chosen is None:
        abort(404)
    members = store.members(found.id)
    found_statuses = statuses(found.id, members, [chosen])
    rows = [(m, found_statuses[(chosen.id, m.learner_id)]) for m in members]
    return page(
        "classroom/assignment.html",
        school_class=found,
        assignment=chosen,
        title=title_of(chosen),
        dates=dates_of(chosen),
        pass_mark=pass_mark_of(chosen) if chosen.kind == "quiz" else None,
        quiz_size=QUIZ_SIZE,
        rows=[(m, s, format_long_date(finished_day(s)) if s.finished else "") for m, s in rows],
        questions=question_stats(chosen, members),
        same_questions=same_questions(chosen),
    )


def finished_day(status: Status) -> date:
    """The day (in the store's zone) the work was finished."""
    assert status.finished is not None
    return _aware(status.finished).astimezone(current_store().zone).date()


@bp.post("/teach/classes/<cid>/assignments/<aid>/export.csv")
@teacher_only
def assignment_csv(cid: str, aid: str):
    """Pupil × status of one assignment as CSV (a POST: CSRF-protected, like the class's export)."""
    found = own_class(cid)
    store = current_store().classroom
    chosen = next((a for a in store.assignments(found.id) if a.public_id == aid[:32]), None)
    if chosen is None:
        abort(404)
    members = sorted(store.members(found.id), key=lambda m: m.nickname.casefold())
    found_statuses = statuses(found.id, members, [chosen])
    header = [_("Nickname"), _("Status"), _("Finished")]
    if chosen.kind == "quiz":
        # Translators: column heads of an assignment's CSV for a quiz: right answers, questions, whether the pupil passed.
        header += [_("Right answers"), _("Questions"), _("Passed")]
    body = []
    for member in members:
        status = found_statuses[(chosen.id, member.learner_id)]
        row: list[object] = [member.nickname, status.label, finished_day(status).isoformat() if status.finished else ""]
        if chosen.kind == "quiz":
            score = status.score
            # Translators: a cell of an assignment's CSV (the column "Passed") and of a live session's CSV (the column "Right").
            passed = _("yes") if score and score.passed else _("no")
            row += [score.right, score.size, passed] if score else ["", "", ""]
        body.append(row)
    return csv_response(csv_text(header, body, current_language()), f"assignment-{chosen.public_id}.csv")


def dates_of(assignment: Assignment) -> str:
    zone = current_store().zone
    opens = format_long_date(_aware(assignment.opens).astimezone(zone).date())
    if assignment.due is None:
        return _("from %(opens)s", opens=opens)
    due = format_long_date(_aware(assignment.due).astimezone(zone).date())
    return _("from %(opens)s, due %(due)s", opens=opens, due=due)


def summaries(class_id: int, members: list[Member]) -> list[dict]:
    """For the class page: every assignment with its title, dates and how many pupils are in each state."""
    found = current_store().classroom.assignments(class_id)
    found_statuses = statuses(class_id, members, found)
    result = []
    for a in found:
        counts = dict.fromkeys(STATES, 0)
        for m in members:
            counts[found_statuses[(a.id, m.learner_id)].state] += 1
        result.append({"assignment": a, "title": title_of(a), "dates": dates_of(a), "counts": counts})
    return result


def for_pupil(class_id: int, member: Member) -> list[dict]:
    """For the pupil's class page: each assignment with its status and where to do it."""
    found = current_store().classroom.assignments(class_id)
    found_statuses = statuses(class_id, [member], found)
    return [
        {
            "title": title_of(a),
            "dates": dates_of(a),
            "status": found_statuses[(a.id, member.learner_id)],
            "url": link_of(a),
        }
        for a in found
    ]
