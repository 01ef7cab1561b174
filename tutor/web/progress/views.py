"""The progress page: what the learning log says about the request's learner.

URL (under ``/<lang>``): ``GET /progress``. Per topic of :data:`tutor.learning.TOPICS` its mastery
and its accuracy per day (a chart drawn on the server as SVG, :mod:`.chart`, with the same numbers in
a table), the streak, today's goal, the totals, how many review items are due, and the items most
often answered wrong with a link to practise each one again; and what was done at the table (hands
played, decisions that matched the hint's best action) and in practice hands (hands played, best
stars). The learning figures come from the store's projections of the learning log
(:class:`tutor.store.Progress`: what :mod:`tutor.learning` computes from the whole log, kept with
it), the table and practice counts from the runs in two queries (:meth:`tutor.store.GameRuns.played`,
:meth:`tutor.store.PracticeRuns.played`). The page writes nothing and creates no learner; a visitor
who has neither answered nor played sees a short welcome instead.

Days are calendar days in the store's day zone (``DAY_ZONE``, UTC unless configured: the store does
not know each learner's time zone).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from flask import Blueprint, Flask, render_template, request, url_for

from ...content import all_hands, get_hand
from ...content.checks import new_seed
from ...i18n import LANG_PREFIX, current_language, gettext as _, lazy_gettext as _l, lazy_pgettext as _lp
from ...learning import DayAccuracy, Level, Missed, TopicMastery
from ...learning.attempts import PRACTICE_PREFIX
from ...narration.topics import topic_name
from ...store import PracticePlay, Progress, TablePlay, current_store, reviewable
from ..components.table import MATCH_TOLERANCE
from ..shared.learner import my_progress, now
from ..shared.nav import Section, add_section, fixed_url
from .chart import CHART_DAYS, Chart, accuracy_chart, percent

bp = Blueprint("progress", __name__, url_prefix=LANG_PREFIX)

MISSED_SHOWN = 5
"""How many of the most missed items the page lists."""

LEVEL_NAMES = {
    Level.NEW: _lp("topic level", "Not started"),
    # Translators: a topic answered a few times, not yet practised (at least 8 of the last 10 right).
    Level.LEARNING: _lp("topic level", "Learning"),
    Level.PRACTISED: _lp("topic level", "Practised"),
    # Translators: a topic whose quiz was passed (at least 9 of 10 right).
    Level.MASTERED: _lp("topic level", "Mastered"),
}
"""How each mastery level (``tutor.learning.Level``) is named on the page."""


@dataclass(frozen=True)
class TopicView:
    """One topic's row on the page."""

    key: str
    name: str
    mastery: TopicMastery
    level: str
    """The level's name, translated."""
    days: tuple[DayAccuracy, ...]
    """The latest days with answers on the topic (none before the first answer)."""
    lesson_url: str

    @property
    def chart(self) -> Chart | None:
        """The chart of the days (None before the first answer), laid out when the card is drawn."""
        return accuracy_chart(self.days) if self.days else None

    @property
    def cache_key(self) -> tuple[Any, ...]:
        """Everything the topic's card depends on (its drawing is kept per such key)."""
        m = self.mastery
        return (
            request.script_root,
            current_language(),
            self.key,
            m.answers,
            m.right,
            m.quiz_passed,
            m.total_answers,
            tuple((d.day, d.answers, d.right) for d in self.days),
        )


@dataclass(frozen=True)
class MissedView:
    """One of the items most often answered wrong."""

    title: str
    wrong: int
    answers: int
    practise_url: str
    practise_label: str
    due: bool
    """The item is in today's review."""


def topic_views(days_of: dict[str, list[DayAccuracy]], masteries: list[TopicMastery]) -> list[TopicView]:
    views = []
    for entry in masteries:
        topic = entry.topic
        days = days_of.get(topic.key, [])
        views.append(
            TopicView(
                key=topic.key,
                name=topic_name(topic),
                mastery=entry,
                level=str(LEVEL_NAMES[entry.level]),
                days=tuple(days[-CHART_DAYS:]),
                lesson_url=fixed_url("lessons.lesson", key=topic.lessons[0]),
            )
        )
    return views


def missed_view(missed: Missed, due: set[str]) -> MissedView | None:
    """How the page names and links one missed item (None for an item that no longer exists)."""
    found = reviewable(missed.item)
    if found is not None:
        lesson, step = found
        # Translators: a lesson step in the list of questions most often answered wrong, e.g. "Lesson 5: Calling the envido · The showdown".
        title = _(
            "Lesson %(number)s: %(lesson)s · %(step)s", number=lesson.number, lesson=_(lesson.title), step=_(step.title)
        )
        url = url_for("lessons.step", key=lesson.key, step_key=step.key, seed=new_seed())
        return MissedView(title, missed.wrong, missed.answers, url, _("Practise this step"), missed.item in due)
    if missed.item.startswith(PRACTICE_PREFIX):
        try:
            hand = get_hand(missed.item[len(PRACTICE_PREFIX) :])
        except KeyError:
            return None
        # Translators: a practice hand (a hand played at the table with a coach) in the list of things most often missed.
        title = _("Practice hand: %(title)s", title=_(hand.title))
        return MissedView(
            title,
            missed.wrong,
            missed.answers,
            url_for("practice.hand", key=hand.key),
            _("Play this hand again"),
            False,
        )
    return None


@dataclass(frozen=True)
class PlayView:
    """What the learner did at the table and in practice hands, as the page counts it."""

    table: TablePlay
    practice: PracticePlay
    hands_available: int
    """How many practice hands there are (each gives up to 3 stars)."""
    tolerance: float = MATCH_TOLERANCE
    """How much less than the best a decision may be expected to score and still match it."""

    @property
    def any(self) -> bool:
        return bool(self.table.matches or self.practice.runs)

    @property
    def matched_share(self) -> str | None:
        """The share of decisions that matched the hint's best action ("67 %"), None before the first."""
        table = self.table
        return percent(table.matched / table.decisions) if table.decisions else None

    @property
    def stars_possible(self) -> int:
        return 3 * self.hands_available


def play_view(learner_id: int | None) -> PlayView:
    """The table and practice counts of the learner (two queries, whatever the history)."""
    store = current_store()
    return PlayView(store.games.played(learner_id), store.practice.played(learner_id), len(all_hands()))


def progress_context(
    progress: Progress, days_of: dict[str, list[DayAccuracy]], moment: datetime, play: PlayView | None = None
) -> dict[str, Any]:
    """Everything ``progress/index.html`` shows (``days_of``: the latest days with answers per topic key;
    ``play``: the counts of the table and the practice hands)."""
    due_items = progress.due_for_review(moment)
    due = set(due_items)
    masteries = progress.all_mastery()
    missed = [
        view for entry in progress.most_missed(limit=MISSED_SHOWN * 2) if (view := missed_view(entry, due)) is not None
    ][:MISSED_SHOWN]
    total = progress.totals()
    return {
        "topics": topic_views(days_of, masteries),
        "totals": total,
        "right_share": percent(total.right / total.answers) if total.answers else None,
        "streak": progress.streak(moment),
        "goal": progress.daily_goal(moment),
        "missed": missed,
        "due_count": len(due_items),
        "play": play,
    }


@bp.get("/progress")
def index():
    """The progress page (nothing is written)."""
    progress = my_progress()
    days_of = {}
    if progress.learner_id is not None and progress.summary.answers:
        days_of = current_store().progress.days([progress.learner_id], latest=CHART_DAYS)[progress.learner_id]
    play = play_view(progress.learner_id)
    return render_template("progress/index.html", **progress_context(progress, days_of, now(), play))


def init_app(app: Flask) -> None:
    """The progress page's place in the menu (``create_app`` registers ``bp``)."""
    add_section(
        app,
        Section(
            "progress.index",
            _l("Progress"),
            _l("Your accuracy and mastery per topic, your streak and the questions you miss most."),
            order=25,
        ),
    )
