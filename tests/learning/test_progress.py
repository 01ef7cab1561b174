"""Stars, steps done, mastery, accuracy, the streak, the daily goal and the most missed items,
computed from hand-made logs whose expected values are worked out by hand in each test."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from tutor.content import all_lessons, get_lesson
from tutor.learning import (
    MASTERY_WINDOW,
    TOPICS,
    Attempt,
    Level,
    Source,
    accuracy_by_day,
    all_mastery,
    check_item,
    daily_goal,
    get_topic,
    last_touched,
    lesson_status,
    lesson_statuses,
    mastery,
    most_missed,
    quiz_passed,
    quiz_result,
    split_check_item,
    stars_for,
    streak,
    topic_of_item,
    totals,
)

T0 = datetime(2026, 3, 2, 10, 0, tzinfo=UTC)
DECK = get_lesson("deck-and-table")  # 7 steps: 5 checks, "seats" and "what-comes-next" only to read


def at(minutes: float = 0, days: int = 0) -> datetime:
    return T0 + timedelta(days=days, minutes=minutes)


def go_through(lesson, *, wrong_first=frozenset(), start: datetime = T0) -> list[Attempt]:
    """A learner goes through every step in order: reads the steps without a check, answers each check
    (wrong first for the steps in ``wrong_first``, then right)."""
    log, minute = [], 0
    for step in lesson.steps:
        item = check_item(lesson.key, step.key)
        if step.check is None:
            log.append(Attempt(1, item, Source.SEEN, False, at=start + timedelta(minutes=minute)))
        else:
            if step.key in wrong_first:
                log.append(Attempt(1, item, Source.LESSON, False, at=start + timedelta(minutes=minute)))
                minute += 1
            log.append(Attempt(1, item, Source.LESSON, True, at=start + timedelta(minutes=minute)))
        minute += 1
    return log


# --- Stars and steps ------------------------------------------------------------------------------------


def test_the_lesson_used_here_has_five_checks_and_two_steps_to_read():
    assert len(DECK.steps) == 7 and len(DECK.checked_steps) == 5


def test_the_stars_rule_is_unchanged():
    # 3 stars for all first tries; 2 for at least two thirds (3 * right >= 2 * checks); else 1
    assert [stars_for(5, n) for n in (5, 4, 3, 2, 0)] == [3, 2, 1, 1, 1]
    assert [stars_for(9, n) for n in (9, 8, 6, 5)] == [3, 2, 2, 1]


@pytest.mark.parametrize("wrong, stars", [(0, 3), (1, 2), (2, 1), (5, 1)])
def test_stars_count_first_tries(wrong, stars):
    # 5 checks: 5 first tries -> 3; 4 (12 >= 10) -> 2; 3 (9 < 10) -> 1; 0 -> 1 (done)
    missed = frozenset(step.key for step in DECK.checked_steps[:wrong])
    status = lesson_status(DECK, go_through(DECK, wrong_first=missed))
    assert status.complete and status.done_count == 7 and status.resume_key is None
    assert status.first_right == 5 - wrong and status.stars == stars
    assert status.mastered is (stars == 3) and not status.tested_out


def test_an_unfinished_lesson_has_no_stars_and_resumes_at_its_first_open_step():
    log = go_through(DECK)
    third = DECK.steps[2].key
    partial = [a for a in log if split_check_item(a.item)[1] != third]
    status = lesson_status(DECK, partial)
    assert status.started and not status.complete and status.stars == 0
    assert status.done_count == 6 and status.resume_key == third


def test_a_wrong_answer_starts_a_step_without_finishing_it_and_the_first_try_stays():
    step = DECK.checked_steps[0].key
    item = check_item(DECK.key, step)
    log = [
        Attempt(1, item, Source.LESSON, False, at=at(0)),
        Attempt(1, item, Source.LESSON, True, at=at(1)),
        Attempt(1, item, Source.LESSON, True, at=at(2)),
    ]
    assert not lesson_status(DECK, log[:1]).is_done(step) and lesson_status(DECK, log[:1]).started
    record = lesson_status(DECK, log).records[step]
    assert (record.done, record.first, record.tries, record.right) == (True, False, 3, 2)


def test_answers_from_a_quiz_or_the_review_do_not_finish_lesson_steps():
    step = DECK.checked_steps[0].key
    log = [
        Attempt(1, check_item(DECK.key, step), source, True, at=at(0))
        for source in (Source.QUIZ, Source.REVIEW, Source.DAILY)
    ]
    assert not lesson_status(DECK, log).started


def test_a_reset_starts_the_lesson_over_and_the_first_try_after_it_counts():
    before = go_through(DECK, wrong_first=frozenset({DECK.checked_steps[0].key}))
    reset = Attempt(1, DECK.key, Source.RESET, False, at=at(60))
    assert lesson_status(DECK, [*before, reset]).started is False
    again = go_through(DECK, start=at(61))
    status = lesson_status(DECK, [*before, reset, *again])
    assert status.stars == 3 and status.records[DECK.checked_steps[0].key].tries == 1
    other = get_lesson("card-ranking")  # a reset of one lesson leaves the others alone
    assert lesson_status(other, [*go_through(other), reset]).stars == 3


def test_the_log_may_come_in_any_order():
    log = go_through(DECK, wrong_first=frozenset({DECK.checked_steps[1].key}))
    assert lesson_status(DECK, reversed(log)) == lesson_status(DECK, log)


def test_passing_the_topic_quiz_tests_the_lesson_out():
    ranking = get_lesson("card-ranking")
    assert lesson_status(ranking, [quiz_result(1, "card-ranking", 9, 10, T0)]).mastered
    assert not lesson_status(ranking, [quiz_result(1, "card-ranking", 8, 10, T0)]).mastered
    assert not lesson_status(ranking, [quiz_result(1, "flor", 10, 10, T0)]).mastered
    reset = Attempt(1, "card-ranking", Source.RESET, False, at=at(1))
    assert not lesson_status(ranking, [quiz_result(1, "card-ranking", 10, 10, T0), reset]).mastered


def test_the_lesson_touched_last():
    ranking = get_lesson("card-ranking")
    log = [*go_through(DECK), *go_through(ranking, start=at(days=1))]
    assert last_touched(lesson_statuses(all_lessons(), log)) == "card-ranking"
    assert last_touched(lesson_statuses(all_lessons(), [])) is None


# --- Topics and mastery ------------------------------------------------------------------------------------


def test_the_topics_follow_lessons_two_to_eleven():
    numbers = {lesson.key: lesson.number for lesson in all_lessons()}
    assert [numbers[topic.lessons[0]] for topic in TOPICS] == [2, 3, 4, 5, 6, 7, 8, 9, 10, 11]
    assert [topic.name for topic in TOPICS] == [
        "Card ranking",
        "Tricks and parda",
        "Counting envido",
        "Envido calls and points",
        "Truco calls and points",
        "Scoring a game",
        "Pairs and trios",
        "Flor",
        "Catalan Truc",
        "Truco Mineiro",
    ]
    assert topic_of_item("deck-and-table/dealer") is None and topic_of_item("quiz:exam") is None
    assert topic_of_item("practice:envido-counting/x") is None


def test_quiz_pass_mark():
    assert [quiz_passed(n, 10) for n in (10, 9, 8)] == [True, True, False]
    assert [quiz_passed(n, 20) for n in (18, 17)] == [True, False]
    assert not quiz_passed(11, 10) and not quiz_passed(-1, 10)


def topic_answers(results: str, topic: str = "envido-counting", start: datetime = T0) -> list[Attempt]:
    """One answer per character (R right, W wrong), a minute apart, on the topic's lesson's checks."""
    lesson = get_topic(topic).lessons[0]
    steps = get_lesson(lesson).checked_steps
    return [
        Attempt(
            1, check_item(lesson, steps[i % len(steps)].key), Source.REVIEW, ch == "R", at=start + timedelta(minutes=i)
        )
        for i, ch in enumerate(results)
    ]


def test_mastery_levels():
    topic = get_topic("envido-counting")
    assert MASTERY_WINDOW == 10
    assert mastery([], topic).level is Level.NEW and mastery([], topic).share is None
    # 12 answers: the first two wrong fall out of the window of 10, which is all right -> practised
    twelve = mastery(topic_answers("WW" + "R" * 10), topic)
    assert (twelve.answers, twelve.right, twelve.total_answers, twelve.level) == (10, 10, 12, Level.PRACTISED)
    # 8 of the last 10 right is just enough; 7 is not
    assert mastery(topic_answers("RRWRRRRWRR"), topic).level is Level.PRACTISED
    assert mastery(topic_answers("RRWRRWRRWR"), topic).level is Level.LEARNING
    # all right but fewer than 10 answers: still learning
    assert mastery(topic_answers("R" * 9), topic).level is Level.LEARNING
    # a passed quiz masters the topic whatever the answers say
    passed = mastery([*topic_answers("WWW"), quiz_result(1, "envido-counting", 9, 10, at(30))], topic)
    assert passed.mastered and passed.level is Level.MASTERED and passed.share == 0
    # answers on another topic's items do not count
    assert mastery(topic_answers("RRR", topic="flor"), topic).level is Level.NEW


def test_all_mastery_lists_every_topic():
    levels = [m.level for m in all_mastery(topic_answers("R" * 10, topic="flor"))]
    assert levels == [Level.NEW] * 7 + [Level.PRACTISED] + [Level.NEW] * 2


# --- Accuracy, streak, daily goal, totals, most missed --------------------------------------------------------


def test_accuracy_per_day_per_topic():
    log = [
        *topic_answers("RWRR"),
        *topic_answers("WW", start=at(days=1)),
        *topic_answers("RRR", topic="flor", start=at(days=1)),
        Attempt(1, "deck-and-table/seats", Source.SEEN, False, at=at(days=1)),
    ]
    envido = accuracy_by_day(log, get_topic("envido-counting"))
    assert [(d.day.isoformat(), d.answers, d.right) for d in envido] == [("2026-03-02", 4, 3), ("2026-03-03", 2, 0)]
    assert envido[0].share == 0.75
    everything = accuracy_by_day(log)
    assert [(d.answers, d.right) for d in everything] == [(4, 3), (5, 3)]  # the read step is not an answer


def one_answer_on(*days: int, hour: int = 10) -> list[Attempt]:
    return [Attempt(1, "flor/value", Source.REVIEW, True, at=datetime(2026, 3, day, hour, tzinfo=UTC)) for day in days]


@pytest.mark.parametrize(
    "days, today, expected",
    [
        ((1, 2, 3), 3, 3),  # three days in a row, today included
        ((1, 2, 3), 4, 3),  # nothing yet today: the streak lives until the day ends
        ((1, 2, 3), 5, 0),  # a whole day without an answer ends it
        ((1, 3), 3, 1),  # a gap on the 2nd
        ((3, 3, 3), 3, 1),  # several answers on one day are one day
        ((), 3, 0),
    ],
)
def test_the_streak(days, today, expected):
    assert streak(one_answer_on(*days), datetime(2026, 3, today, 20, tzinfo=UTC)) == expected


def test_events_do_not_keep_a_streak_alive():
    log = [
        *one_answer_on(1),
        Attempt(1, "deck-and-table/seats", Source.SEEN, False, at=at(days=0)),
        *one_answer_on(3),
    ]  # the 2nd has only a read step
    assert streak(log, datetime(2026, 3, 3, 12, tzinfo=UTC)) == 1


def test_the_streak_counts_days_in_the_learners_time_zone():
    # 23:30 UTC on the 1st and 00:30 UTC on the 3rd: in UTC two days with a gap between them,
    # in UTC+2 the 2nd (01:30) and the 3rd (02:30): two days in a row.
    log = [
        Attempt(1, "flor/value", Source.REVIEW, True, at=datetime(2026, 3, 1, 23, 30, tzinfo=UTC)),
        Attempt(1, "flor/value", Source.REVIEW, True, at=datetime(2026, 3, 3, 0, 30, tzinfo=UTC)),
    ]
    now = datetime(2026, 3, 3, 8, tzinfo=UTC)
    assert streak(log, now) == 1
    assert streak(log, now, tz=timezone(timedelta(hours=2))) == 2


def test_the_daily_goal():
    yesterday = topic_answers("R" * 10, start=at(days=-1))
    nine_today = topic_answers("RWRWRWRWR")
    goal = daily_goal([*yesterday, *nine_today], at(120))
    assert (goal.answers, goal.goal, goal.met, goal.remaining) == (9, 10, False, 1)
    tenth = Attempt(1, "flor/value", Source.QUIZ, False, at=at(121))  # wrong answers count too
    assert daily_goal([*yesterday, *nine_today, tenth], at(122)).met
    assert daily_goal([quiz_result(1, "flor", 10, 10, at(0))], at(1)).answers == 0  # a result is no answer


def test_totals():
    log = [
        *topic_answers("RWR"),
        *topic_answers("RR", topic="flor", start=at(days=2)),
        Attempt(1, "deck-and-table", Source.RESET, False, at=at(5)),
        quiz_result(1, "flor", 9, 10, at(6)),
    ]
    result = totals(log)
    assert (result.answers, result.right, result.days) == (5, 4, 2)
    assert result.items == len({a.item for a in log if a.is_question})


def test_the_most_missed_items():
    a, b, c = "flor/value", "envido-counting/no-pair", "card-ranking/matas"
    log = [
        Attempt(1, item, Source.REVIEW, correct, at=at(i))
        for i, (item, correct) in enumerate(
            [
                (a, False),
                (a, False),
                (a, True),
                (a, True),  # 2 wrong of 4
                (b, False),
                (b, False),  # 2 wrong of 2: same count, larger share -> first
                (c, False),
                (c, True),  # 1 wrong
                ("flor/near-miss", True),  # never wrong: not listed
            ]
        )
    ]
    assert [(m.item, m.wrong, m.answers) for m in most_missed(log)] == [(b, 2, 2), (a, 2, 4), (c, 1, 2)]
    assert [m.item for m in most_missed(log, limit=1)] == [b]
