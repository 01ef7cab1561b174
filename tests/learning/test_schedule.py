"""The FSRS schedule replayed from the log is honest: a wrong answer brings an item back the same
day, right answers push it further each time, a right answer after the hint counts as Hard, and the
same log always gives the same schedule (whatever order it is read in)."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from itertools import pairwise

import pytest
from fsrs import Rating, State

from tutor.learning import Attempt, Source, due_items, next_due, quiz_result, rating, replay, review_cards

ITEM = "envido-counting/no-pair"
OTHER = "card-ranking/matas"
T0 = datetime(2026, 3, 2, 10, 0, tzinfo=UTC)


def answer(
    correct: bool, at: datetime, *, item: str = ITEM, hinted: bool = False, source: Source = Source.LESSON
) -> Attempt:
    return Attempt(1, item, source, correct, at=at, hinted=hinted)


def graduated(start: datetime = T0) -> list[Attempt]:
    """Two right answers 11 minutes apart: the item leaves the learning steps (1 and 10 minutes)."""
    return [answer(True, start), answer(True, start + timedelta(minutes=11))]


def test_the_ratings():
    assert rating(answer(False, T0)) is Rating.Again
    assert rating(answer(False, T0, hinted=True)) is Rating.Again  # a wrong answer is wrong, hint or not
    assert rating(answer(True, T0, hinted=True)) is Rating.Hard
    assert rating(answer(True, T0)) is Rating.Good


def test_a_wrong_first_answer_makes_the_item_due_the_same_day():
    card = replay(ITEM, [answer(False, T0)])
    assert card is not None and card.due <= T0 + timedelta(minutes=10)
    assert card.due.date() == T0.date()
    assert [d.item for d in due_items([answer(False, T0)], T0 + timedelta(minutes=10))] == [ITEM]


def test_a_wrong_answer_to_a_learnt_item_brings_it_back_the_same_day():
    log = graduated()
    learnt = replay(ITEM, log)
    assert learnt.state is State.Review and learnt.due - log[-1].at >= timedelta(days=1)
    lapse = log[-1].at + timedelta(days=5)
    card = replay(ITEM, [*log, answer(False, lapse)])
    assert card.state is State.Relearning
    assert lapse < card.due <= lapse + timedelta(hours=1) and card.due.date() == lapse.date()
    assert not due_items([*log, answer(False, lapse)], lapse)  # not before the relearning step is over
    assert [d.item for d in due_items([*log, answer(False, lapse)], lapse + timedelta(hours=1))] == [ITEM]


def test_right_answers_push_the_due_date_later_and_later():
    log: list[Attempt] = []
    moment = T0
    intervals = []
    for _ in range(6):  # answered right each time it falls due
        log.append(answer(True, moment))
        card = replay(ITEM, log)
        intervals.append(card.due - moment)
        moment = card.due
    assert all(later > earlier for earlier, later in pairwise(intervals)), intervals
    assert intervals[0] <= timedelta(minutes=10) and intervals[-1] > timedelta(days=30)


def test_right_after_a_hint_comes_back_sooner_than_right_and_later_than_wrong():
    log = graduated()
    review = replay(ITEM, log).due  # answered when due
    after = {
        kind: replay(ITEM, [*log, answer(correct, review, hinted=hinted)]).due - review
        for kind, correct, hinted in (("good", True, False), ("hard", True, True), ("again", False, False))
    }
    assert after["again"] < after["hard"] < after["good"], after


def test_the_schedule_does_not_depend_on_the_order_the_log_is_read_in():
    log = [answer(i % 3 != 0, T0 + timedelta(hours=7 * i), item=(ITEM, OTHER)[i % 2]) for i in range(12)]
    expected = {item: (card.due, card.stability, card.difficulty) for item, card in review_cards(log).items()}
    shuffled = log[:]
    random.Random(5).shuffle(shuffled)
    again = {item: (card.due, card.stability, card.difficulty) for item, card in review_cards(shuffled).items()}
    assert again == expected
    assert {item: replay(item, log).due for item in (ITEM, OTHER)} == {
        item: due for item, (due, _s, _d) in expected.items()
    }


def test_every_source_updates_the_same_item():
    log = [answer(True, T0, source=Source.LESSON), answer(False, T0 + timedelta(minutes=11), source=Source.QUIZ)]
    assert replay(ITEM, log).due == replay(ITEM, [answer(True, T0), answer(False, T0 + timedelta(minutes=11))]).due
    review = [*log, answer(True, T0 + timedelta(minutes=30), source=Source.REVIEW)]
    assert replay(ITEM, review).due > replay(ITEM, log).due


def test_events_and_quiz_results_are_not_review_items():
    log = [
        Attempt(1, "deck-and-table/seats", Source.SEEN, False, at=T0),
        Attempt(1, "deck-and-table", Source.RESET, False, at=T0),
        quiz_result(1, "flor", 3, 10, T0),
    ]
    assert review_cards(log) == {} and due_items(log, T0 + timedelta(days=400)) == [] and next_due(log) is None


def test_due_items_come_longest_overdue_first_and_never_answered_items_are_not_due():
    log = [answer(False, T0, item=OTHER), answer(False, T0 + timedelta(minutes=5))]  # due at +1 and +6 minutes
    now = T0 + timedelta(hours=1)
    assert [d.item for d in due_items(log, now)] == [OTHER, ITEM]
    assert next_due(log) == T0 + timedelta(minutes=1)
    assert due_items([], now) == [] and "flor/value" not in {d.item for d in due_items(log, now)}


def test_a_naive_time_is_read_as_utc():
    naive = answer(False, T0.replace(tzinfo=None))
    assert naive.at == T0 and replay(ITEM, [naive]).due == replay(ITEM, [answer(False, T0)]).due


@pytest.mark.parametrize("bad", ["", "x" * 121])
def test_an_item_id_must_fit_the_store(bad):
    with pytest.raises(ValueError):
        Attempt(1, bad, Source.LESSON, True, at=T0)
