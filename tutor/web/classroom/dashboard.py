"""A class's dashboard: pupils × topics with the app's mastery levels (an icon and a letter, never
colour alone), sortable, a "needs help" filter, the class's most-missed steps this week, answers per
day; a page per pupil; and the CSV export of the roster with the grid.

Everything is read through the store's batched reads (:meth:`tutor.store.classroom.Classroom.view`:
the members, ``progress.of`` and two aggregates, seven queries whatever the size of the class);
``bench/classroom.py`` times it for 30 pupils with 3,000 answers each.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, time, timedelta

from babel.lists import format_list
from flask import abort, flash, redirect, request, url_for

from ...content import get_hand, get_lesson
from ...i18n import current_language, format_long_date, gettext as _, lazy_pgettext as _lp, ngettext, pgettext
from ...learning import TOPICS, Level, TopicMastery
from ...learning.attempts import PRACTICE_PREFIX
from ...narration.topics import topic_name
from ...store import Progress, current_store, reviewable
from ...store.classroom import Member
from ..shared.csv_export import csv_response, csv_text
from ..shared.learner import FORM_TOKEN_FIELD, new_form_token, now
from . import assignments
from .blueprint import bp, current_teacher, own_class, page, teacher_only, writable_class

LEVEL_NAMES = {
    Level.NEW: _lp("topic level", "Not started"),
    Level.LEARNING: _lp("topic level", "Learning"),
    Level.PRACTISED: _lp("topic level", "Practised"),
    Level.MASTERED: _lp("topic level", "Mastered"),
}
LEVEL_ICONS = {Level.NEW: "○", Level.LEARNING: "◔", Level.PRACTISED: "◑", Level.MASTERED: "●"}
LEVEL_RANK = {Level.NEW: 0, Level.LEARNING: 1, Level.PRACTISED: 2, Level.MASTERED: 3}
HELP_ANSWERS = 5
"""A pupil needs help on a topic with at least this many answers in its window, fewer than half right."""
DAYS_SHOWN = 14
WEEK = timedelta(days=7)


def level_letter(level: Level) -> str:
    """The level's one-letter mark in the grid (translated with its name)."""
    return {
        # Translators: one-letter mark of the level "Not started" in the teacher's grid, explained by the key above the grid
        # ("N = Not started"): take the initial of your level name; the four letters must differ.
        Level.NEW: pgettext("level letter", "N"),
        # Translators: one-letter mark of the level "Learning" in the teacher's grid, explained by the key above the grid;
        # the four letters must differ.
        Level.LEARNING: pgettext("level letter", "L"),
        # Translators: one-letter mark of the level "Practised" in the teacher's grid, explained by the key above the grid;
        # the four letters must differ.
        Level.PRACTISED: pgettext("level letter", "P"),
        # Translators: one-letter mark of the level "Mastered" in the teacher's grid, explained by the key above the grid;
        # the four letters must differ.
        Level.MASTERED: pgettext("level letter", "M"),
    }[level]


@dataclass(frozen=True)
class Cell:
    level: Level
    icon: str
    letter: str
    name: str
    right: int
    answers: int
    struggling: bool


@dataclass(frozen=True)
class Row:
    member: Member
    cells: tuple[Cell, ...]
    answers: int
    right: int
    needs_help: bool
    url: str


def cell(mastery: TopicMastery) -> Cell:
    level = mastery.level
    struggling = mastery.answers >= HELP_ANSWERS and mastery.right * 2 < mastery.answers
    return Cell(
        level,
        LEVEL_ICONS[level],
        level_letter(level),
        str(LEVEL_NAMES[level]),
        mastery.right,
        mastery.answers,
        struggling,
    )


def rows_of(cid: str, members: list[Member], progress: dict[int, Progress]) -> list[Row]:
    rows = []
    for member in members:
        mine = progress[member.learner_id]
        cells = tuple(cell(mine.mastery(topic)) for topic in TOPICS)
        summary = mine.summary
        url = url_for("classroom.pupil", cid=cid, nickname=member.nickname)
        rows.append(Row(member, cells, summary.answers, summary.right, any(c.struggling for c in cells), url))
    return rows


SORTS = ("nickname", "answers", *(topic.key for topic in TOPICS))


def sort_rows(rows: list[Row], sort: str) -> list[Row]:
    """By nickname, by answers (most first), or by a topic (the furthest level first, then share right)."""
    if sort == "answers":
        return sorted(rows, key=lambda row: (-row.answers, row.member.nickname))
    keys = [topic.key for topic in TOPICS]
    if sort in keys:
        index = keys.index(sort)
        return sorted(
            rows,
            key=lambda row: (
                -LEVEL_RANK[row.cells[index].level],
                -(row.cells[index].right / row.cells[index].answers if row.cells[index].answers else 0),
                row.member.nickname,
            ),
        )
    return sorted(rows, key=lambda row: row.member.nickname.casefold())


def item_title(item: str) -> str | None:
    """A lesson step or practice hand, named for the teacher (None for an item that no longer exists)."""
    found = reviewable(item)
    if found is not None:
        lesson, step = found
        # Translators: a lesson step in the list of questions most often answered wrong, e.g. "Lesson 5: Calling the envido · The showdown".
        return _(
            "Lesson %(number)s: %(lesson)s · %(step)s", number=lesson.number, lesson=_(lesson.title), step=_(step.title)
        )
    if item.startswith(PRACTICE_PREFIX):
        try:
            hand = get_hand(item[len(PRACTICE_PREFIX) :])
        except KeyError:
            return None
        # Translators: a practice hand (a hand played at the table with a coach) in the list of things most often missed.
        return _("Practice hand: %(title)s", title=_(hand.title))
    return None


MISSED_SHOWN = 5


@dataclass(frozen=True)
class Missed:
    """One of the class's most-missed things this week, as the dashboard lists it."""

    title: str
    wrong: int
    pupils: int
    lesson: str | None = None
    """The lesson of a missed lesson step (None for a practice hand)."""
    step: str = ""
    present_url: str | None = None
    """The step in the lessons' projector mode ("reteach on the projector")."""


def missed_rows(missed: list[tuple[str, int, int]]) -> list[Missed]:
    rows = []
    for item, wrong, pupils in missed:
        title = item_title(item)
        if title is None:
            continue
        found = reviewable(item)
        if found is None:
            rows.append(Missed(title, wrong, pupils))
            continue
        lesson, step = found
        number = next(n for n, s in enumerate(lesson.steps, start=1) if s.key == step.key)
        url = url_for("lessons.present", key=lesson.key, number=number)
        rows.append(Missed(title, wrong, pupils, lesson.key, _(step.title), url))
    return rows[:MISSED_SHOWN]


@bp.post("/teach/classes/<cid>/assign-missed")
@teacher_only
def assign_missed(cid: str):
    """One click: the lessons of the class's most-missed steps this week, set as work from today.

    An assignment holds a whole lesson (``assignment.kind``), not single steps, so each lesson with
    a missed step is set once, and the confirmation says so and names the steps. The form's one-time
    token makes a double click set the work once."""
    found = writable_class(cid)
    rows = [row for row in missed_rows(class_view(found).missed) if row.lesson]
    if not rows:
        flash(_("No lesson step was missed this week: there is nothing to assign."), "info")
        return redirect(url_for("classroom.dashboard", cid=found.public_id), code=303)
    lessons = list(dict.fromkeys(row.lesson for row in rows if row.lesson))
    return set_lessons(found, lessons, [row.step for row in rows])


@bp.post("/teach/classes/<cid>/assign-steps")
@teacher_only
def assign_steps(cid: str):
    """The lessons of the posted steps (``item``: ``<lesson>/<step>``, as a live session's summary
    posts the steps its class missed), set as work from today; 404 for a class the teacher does not
    teach, 400 when no posted step exists. The form's one-time token makes a double click set them once."""
    found = writable_class(cid)
    steps = [reviewable(item) for item in dict.fromkeys(request.form.getlist("item")[:50])]
    known = [pair for pair in steps if pair is not None]
    if not known:
        abort(400)
    lessons = list(dict.fromkeys(lesson.key for lesson, _step in known))
    return set_lessons(found, lessons, [_(step.title) for _lesson, step in known])


def set_lessons(found, lessons: list[str], steps: list[str]):
    """Set ``lessons`` as the class's work from today (once per form token), say so, and go to the class's work."""
    teacher = current_teacher()
    opens = datetime.combine(now().astimezone(current_store().zone).date(), time.min, current_store().zone)
    made = current_store().classroom.add_lessons_once(
        found.id, lessons, opens, None, teacher.learner_id if teacher else None, request.form.get(FORM_TOKEN_FIELD)
    )
    if made is None:  # the same form a second time
        flash(_("This work is already set."), "info")
    else:
        flash(assigned_message(lessons, steps), "success")
    return redirect(url_for("classroom.class_page", cid=found.public_id) + "#assignments-title", code=303)


def assigned_message(lessons: list[str], steps: list[str]) -> str:
    titles = [
        _("Lesson %(number)s: %(title)s", number=get_lesson(key).number, title=_(get_lesson(key).title))
        for key in lessons
    ]
    lang = current_language()
    return ngettext(
        "Set from today: %(lessons)s. An assignment holds a whole lesson, not single steps, so the lesson "
        "these steps belong to is set (%(steps)s).",
        "Set from today: %(lessons)s. An assignment holds whole lessons, not single steps, so the lessons "
        "these steps belong to are set (%(steps)s).",
        len(lessons),
        lessons=format_list(titles, locale=lang),
        steps=format_list(steps, locale=lang),
    )


def class_view(found):
    moment = now()
    today = moment.astimezone(current_store().zone).date()
    return current_store().classroom.view(
        found.id, since=moment - WEEK, days_since=today - timedelta(days=DAYS_SHOWN - 1)
    )


@bp.get("/teach/classes/<cid>/dashboard")
@teacher_only
def dashboard(cid: str):
    found = own_class(cid)
    view = class_view(found)
    sort = request.args.get("sort", "nickname")
    if sort not in SORTS:
        sort = "nickname"
    only_help = request.args.get("filter") == "help"
    rows = sort_rows(rows_of(found.public_id, view.members, view.progress), sort)
    shown = [row for row in rows if row.needs_help] if only_help else rows
    missed = missed_rows(view.missed)
    days = [(format_long_date(day), answers, right) for day, answers, right in view.days]
    return page(
        "classroom/dashboard.html",
        school_class=found,
        topics=[(topic.key, topic_name(topic)) for topic in TOPICS],
        rows=shown,
        total=len(rows),
        help_count=sum(1 for row in rows if row.needs_help),
        sort=sort,
        only_help=only_help,
        missed=missed,
        missed_token=new_form_token() if any(row.lesson for row in missed) else None,
        days=days,
        levels=[(LEVEL_ICONS[level], level_letter(level), str(LEVEL_NAMES[level])) for level in Level],
    )


@bp.get("/teach/classes/<cid>/pupils/<nickname>")
@teacher_only
def pupil(cid: str, nickname: str):
    """One pupil's page: levels per topic with right answers, totals, most missed, their assignments."""
    found = own_class(cid)
    store = current_store()
    member = next((m for m in store.classroom.members(found.id) if m.nickname == nickname), None)
    if member is None:
        abort(404)
    progress = store.progress.of([member.learner_id])[member.learner_id]
    topics = [(topic_name(topic), cell(progress.mastery(topic))) for topic in TOPICS]
    missed = [
        (title, entry.wrong, entry.answers)
        for entry in progress.most_missed(limit=10)
        if (title := item_title(entry.item))
    ][:5]
    return page(
        "classroom/pupil.html",
        school_class=found,
        member=member,
        joined=format_long_date(member.joined.date()),
        topics=topics,
        summary=progress.summary,
        missed=missed,
        work=assignments.for_pupil(found.id, member),
    )


# --- CSV --------------------------------------------------------------------------------------------


@bp.post("/teach/classes/<cid>/export.csv")
@teacher_only
def export(cid: str):
    """The roster and the grid as CSV (a POST: CSRF-protected, never prefetched or left in a history)."""
    found = own_class(cid)
    view = class_view(found)
    rows = sort_rows(rows_of(found.public_id, view.members, view.progress), "nickname")
    header = [
        _("Nickname"),
        # Translators: a column head of the class's CSV: the date the pupil joined the class.
        _("Joined"),
        _("Answers"),
        _("Right answers"),
    ]
    header += [topic_name(topic) for topic in TOPICS]
    body = [
        [row.member.nickname, row.member.joined.date().isoformat(), row.answers, row.right]
        + [c.name for c in row.cells]
        for row in rows
    ]
    return csv_response(csv_text(header, body, current_language()), f"class-{found.public_id}.csv")
