"""A class's dashboard: pupils × topics with the app's mastery levels (an icon and a letter, never
colour alone), sortable, a "needs help" filter, the class's most-missed steps this week, answers per
day; a page per pupil; and the CSV export of the roster with the grid.

Everything is read through the store's batched reads (:meth:`tutor.store.classroom.Classroom.view`:
the members, ``progress.of`` and two aggregates, seven queries whatever the size of the class);
``bench/classroom.py`` times it for 30 pupils with 3,000 answers each.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from flask import abort, request, url_for

from ...content import get_hand
from ...i18n import current_language, format_long_date, gettext as _, lazy_pgettext as _lp, pgettext
from ...learning import TOPICS, Level, TopicMastery
from ...learning.attempts import PRACTICE_PREFIX
from ...narration.topics import topic_name
from ...store import Progress, current_store, reviewable
from ...store.classroom import Member
from ..shared.csv_export import csv_response, csv_text
from ..shared.learner import now
from .blueprint import bp, own_class, page, teacher_only

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
        # Translators: one-letter mark of the level "Not started" in the teacher's grid.
        Level.NEW: pgettext("level letter", "N"),
        # Translators: one-letter mark of the level "Learning" in the teacher's grid.
        Level.LEARNING: pgettext("level letter", "L"),
        # Translators: one-letter mark of the level "Practised" in the teacher's grid.
        Level.PRACTISED: pgettext("level letter", "P"),
        # Translators: one-letter mark of the level "Mastered" in the teacher's grid.
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
        # Translators: a lesson step in the list of questions most often missed, e.g. "Lesson 4: Envido calls · Real envido".
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
    missed = [(title, wrong, pupils) for item, wrong, pupils in view.missed if (title := item_title(item))][:5]
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
        days=days,
        levels=[(LEVEL_ICONS[level], level_letter(level), str(LEVEL_NAMES[level])) for level in Level],
    )


@bp.get("/teach/classes/<cid>/pupils/<nickname>")
@teacher_only
def pupil(cid: str, nickname: str):
    """One pupil's page: levels per topic with right answers, totals, most missed."""
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
    )


# --- CSV --------------------------------------------------------------------------------------------


@bp.post("/teach/classes/<cid>/export.csv")
@teacher_only
def export(cid: str):
    """The roster and the grid as CSV (a POST: CSRF-protected, never prefetched or left in a history)."""
    found = own_class(cid)
    view = class_view(found)
    rows = sort_rows(rows_of(found.public_id, view.members, view.progress), "nickname")
    header = [_("Nickname"), _("Joined"), _("Answers"), _("Right answers")]
    header += [topic_name(topic) for topic in TOPICS]
    body = [
        [row.member.nickname, row.member.joined.date().isoformat(), row.answers, row.right]
        + [c.name for c in row.cells]
        for row in rows
    ]
    return csv_response(csv_text(header, body, current_language()), f"class-{found.public_id}.csv")
