"""The projections equal a replay of the log, for random logs (Hypothesis), on SQLite and PostgreSQL.

A log is drawn from a small pool of items (checks of three lessons, steps without a check, a step
removed since, a practice hand, quiz results of two topics and of the exam, resets) with every source,
hints, attempts at the same moment, jumps over days and nights, forms sent again (their one-time
token counted before: nothing of them may count), and now and then an attempt given an explicit
earlier time (the store then recomputes the learner from the log) or a clock that went back
(the store keeps the log's time from going back). The days are counted in one of several time zones,
with attempts near their midnights. Then whatever the store's :class:`~tutor.store.Progress` says
(steps done, first tries, stars, mastery, totals, streak, today's goal, most missed, every FSRS card,
what is due, the accuracy per day) must be what :mod:`tutor.learning` computes from the log the store
hands back, and ``store check`` must find no difference.

:func:`test_the_fold_equals_the_replay` checks the same without a database (the pure fold), with
more examples.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from hypothesis import HealthCheck, given, strategies as st

from tests.budgets import examples
from tutor.content import all_lessons
from tutor.learning import (
    TOPICS,
    Attempt,
    Source,
    accuracy_by_day,
    all_mastery,
    daily_goal,
    due_items,
    lesson_statuses,
    most_missed,
    review_cards,
    streak,
    totals,
)
from tutor.store import LogEntry, ManualClock, Progress, current_store, new_form_token, store_of
from tutor.store.projection import fold

pytestmark = pytest.mark.store

ZONES = ("UTC", "America/Argentina/Buenos_Aires", "Asia/Tokyo", "Pacific/Kiritimati", "Pacific/Pago_Pago")
"""UTC, and zones from UTC-11 to UTC+14: a day boundary far from UTC's."""

CHECKS = [
    "card-ranking/false-aces",
    "card-ranking/threes-and-twos",
    "envido-counting/no-pair",
    "deck-and-table/forty-cards",
    "flor/value",
]
READ = ["deck-and-table/seats", "deck-and-table/what-comes-next"]
ODD = ["card-ranking/a-step-since-removed", "gone-lesson/gone-step", "practice:beat-the-false-ace"]
RESULTS = ["quiz:card-ranking", "quiz:envido-counting", "quiz:exam"]
LESSONS = ["card-ranking", "envido-counting", "deck-and-table"]
ANSWER_SOURCES = ["lesson", "lesson", "quiz", "review", "daily", "practice"]
START = datetime(2026, 3, 1, 23, 30, tzinfo=UTC)


@st.composite
def entries(draw):
    """One log entry: (item, source, correct, hinted, step forward in seconds, how its time is given)."""
    kind = draw(st.sampled_from(["check"] * 6 + ["read", "odd", "result", "reset", "any"]))
    if kind == "check":
        item, source = draw(st.sampled_from(CHECKS)), draw(st.sampled_from(ANSWER_SOURCES))
    elif kind == "read":
        item, source = draw(st.sampled_from(READ)), "seen"
    elif kind == "odd":
        item, source = draw(st.sampled_from(ODD)), draw(st.sampled_from(["lesson", "practice", "seen"]))
    elif kind == "result":
        item, source = draw(st.sampled_from(RESULTS)), "quiz"
    elif kind == "reset":
        item, source = draw(st.sampled_from(LESSONS)), "reset"
    else:
        item = draw(st.sampled_from(CHECKS + READ + ODD + RESULTS + LESSONS))
        source = draw(st.sampled_from([s.value for s in Source]))
    correct = draw(st.booleans()) and source not in ("seen", "reset")
    hinted = draw(st.booleans()) and source not in ("seen", "reset")
    step = draw(st.sampled_from([0, 0, 1, 30, 59, 600, 3600, 5 * 3600, 20 * 3600, 86_400, 2 * 86_400, 5 * 86_400]))
    timing = draw(st.sampled_from(["clock"] * 6 + ["explicit"] * 3 + ["earlier", "clock went back"]))
    return item, source, correct, hinted, step, timing


logs = st.lists(entries(), min_size=1, max_size=40)
batches = st.lists(
    st.tuples(st.integers(min_value=1, max_value=3), st.sampled_from(["new", "new", "none", "resent"])),
    min_size=40,
    max_size=40,
)
"""How many entries each append takes, and its form token: a new one, none, or the previous append's
(a form sent again: nothing of it may count)."""


def expected_equal(progress: Progress, log: list[Attempt], zone, now: datetime, days: dict | None = None) -> None:
    """What the progress says equals what tutor.learning computes from the log."""
    lessons = all_lessons()
    assert progress.lesson_statuses(lessons) == lesson_statuses(lessons, log)
    assert [s.stars for s in progress.lesson_statuses(lessons)] == [s.stars for s in lesson_statuses(lessons, log)]
    assert progress.all_mastery() == all_mastery(log)
    assert progress.totals() == totals(log, zone)
    for moment in (now, now + timedelta(hours=20), now + timedelta(days=1, hours=1), now + timedelta(days=3)):
        assert progress.streak(moment) == streak(log, moment, zone)
        assert progress.daily_goal(moment) == daily_goal(log, moment, zone)
        assert [(d.item, d.due) for d in progress.due_items(moment)] == [
            (d.item, d.due) for d in due_items(log, moment)
        ]
    assert progress.most_missed(limit=20) == most_missed(log, limit=20)
    replayed = review_cards(log)
    stored = progress.review_cards()
    assert set(stored) == set(replayed)
    for item, card in replayed.items():
        mine = stored[item]
        assert (mine.state, mine.step, mine.stability, mine.difficulty, mine.due, mine.last_review) == (
            card.state,
            card.step,
            card.stability,
            card.difficulty,
            card.due,
            card.last_review,
        ), item
    if days is not None:
        assert days.get("", []) == accuracy_by_day(log, tz=zone)
        for topic in TOPICS:
            assert days.get(topic.key, []) == accuracy_by_day(log, topic, tz=zone)


def times_of(log_entries, start: datetime = START):
    """Each entry's time as drawn, and whether it is given explicitly."""
    moment = start
    out = []
    for _item, _source, _correct, _hinted, step, timing in log_entries:
        moment += timedelta(seconds=step)
        if timing == "earlier":
            out.append((moment - timedelta(hours=7), True))
        elif timing == "clock went back":
            out.append((moment - timedelta(minutes=3), False))
        else:
            out.append((moment, timing == "explicit"))
    return out


@examples(300)
@given(logs, st.sampled_from(ZONES))
def test_the_fold_equals_the_replay(log_entries, zone_name):
    zone = ZoneInfo(zone_name)
    log = [
        Attempt(1, item, source, correct, at=at, hinted=hinted)
        for (item, source, correct, hinted, _s, _t), (at, _e) in zip(log_entries, times_of(log_entries), strict=True)
    ]
    projection = fold(log, zone)
    now = max(a.at for a in log)
    ordered = sorted(log, key=lambda a: a.at)
    expected_equal(Progress(1, projection), ordered, zone, now)
    by_day: dict[str, list] = {}
    for (day, topic), state in sorted(projection.days.items()):
        from tutor.learning import DayAccuracy

        by_day.setdefault(topic, []).append(DayAccuracy(day, state.answers, state.right))
    assert by_day.get("", []) == accuracy_by_day(ordered, tz=zone)


@examples(40, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(logs, batches, st.sampled_from(ZONES))
def test_the_stored_projections_equal_the_replay_of_the_stored_log(app, log_entries, sizes, zone_name):
    zone = ZoneInfo(zone_name)
    store = store_of(app)
    store.zone = zone
    clock = store.clock = ManualClock(START)
    timed = times_of(log_entries)
    with app.app_context():
        learner = current_store().learners.ensure(None)
        position, counted, last_token = 0, 0, None
        for size, form in sizes:
            chunk = list(zip(log_entries, timed, strict=True))[position : position + size]
            if not chunk:
                break
            batch = []
            for (item, source, correct, hinted, _step, _timing), (at, explicit) in chunk:
                if explicit:
                    batch.append(LogEntry(item, source, correct, hinted, at=at))
                else:
                    clock.set(at)
                    batch.append(LogEntry(item, source, correct, hinted))
            token = {"new": new_form_token(), "none": None, "resent": last_token}[form]
            appended = store.attempts.append(learner.id, batch, token=token)
            assert (appended is None) == (form == "resent" and token is not None)
            counted += len(batch) if appended is not None else 0
            last_token = token or last_token
            position += size
        log = store.attempts.of_learner(learner.id)
        assert len(log) == counted
        if not log:
            return
        now = max(a.at for a in log)
        progress = store.progress.one(learner.id)
        days = store.progress.days([learner.id])[learner.id]
        expected_equal(progress, log, zone, now, days)
        assert store.attempts.differences(learner.id) == []
        latest = store.progress.days([learner.id], latest=2)[learner.id]
        for topic, found in latest.items():
            assert found == days[topic][-2:]
