"""Mistakes at the table feed the review (issue 24, item 8): a decision of a match that the hint
judged clearly worse than the best, in a situation a lesson step teaches (TABLE_LESSONS), is a
wrong answer to that step's check in the learning log, written once, with the hand's last action.

The game is a fixed deal (monkeypatched into the play feature's Table): the learner holds the 7
and the 6 of espadas (envido 33) and the random bot, mano, calls Falta envido at once (seed 2).
"""

from __future__ import annotations

import functools
from datetime import UTC, datetime

import pytest
from sqlalchemy import select

from tests.conftest import find_all
from tests.web.test_play import new_game, post_action
from tutor.bots.table import Table
from tutor.engine.notation import parse_action, parse_rules
from tutor.store import AttemptRow, ManualClock, db, use_clock
from tutor.web.components.table import replay_hand
from tutor.web.components.table.mistakes import CLEAR_LOSS, TABLE_LESSONS, table_mistakes

pytestmark = pytest.mark.store  # reads and writes the store: runs on SQLite and on PostgreSQL

DEAL = ("7e 6e 4b", "5o 4c 12c")
SEED = 2
CHECK = "envido-counting/practice"


@pytest.fixture
def clock(app) -> ManualClock:
    manual = ManualClock(datetime(2026, 3, 10, 15, 0, tzinfo=UTC))
    use_clock(app, manual)
    return manual


@pytest.fixture
def fixed_deal(monkeypatch):
    monkeypatch.setattr("tutor.web.play.views.new_seed", lambda: SEED)
    monkeypatch.setattr("tutor.web.play.views.Table", functools.partial(Table, deal=DEAL, mano=1))


def rows(app) -> list[tuple]:
    with app.app_context():
        return [(r.item, r.source, r.correct) for r in db.session.scalars(select(AttemptRow).order_by(AttemptRow.id))]


def play(client, path: str, action: str):
    html = client.get(path).get_data(as_text=True)
    assert f'value="{action}"' in html, f"no {action} button"
    return html, post_action(client, path, html, action)


def test_the_deal_is_the_one_described():
    table = Table(parse_rules("argentino:target=15"), SEED, "random", deal=DEAL, mano=1)
    assert table.view().pending is not None and table.view().pending.call.value == "falta_envido"


def test_declining_an_envido_of_33_makes_the_envido_check_due_once(app, client, clock, fixed_deal):
    path = new_game(client)
    _html, response = play(client, path, "no_quiero")
    assert response.status_code == 303
    assert rows(app) == []  # the hand goes on: nothing is judged before it ends
    html, response = play(client, path, "mazo")
    assert response.status_code == 303
    assert rows(app) == [(CHECK, "table", False)]
    # The same post again (a double click, a resent form) is refused and writes nothing more.
    again = post_action(client, path, html, "mazo")
    assert again.status_code == 409
    assert rows(app) == [(CHECK, "table", False)]
    # A wrong answer comes back in a minute (FSRS Again): then the review asks that check.
    clock.advance(minutes=2)
    review = client.get("/en/review").get_data(as_text=True)
    forms = find_all(review, "form", class_="answer-form")
    assert forms and forms[0].attrs["action"] == f"/en/review/{CHECK}"


def test_a_good_decision_writes_nothing(app, client, clock, fixed_deal):
    path = new_game(client)
    _html, response = play(client, path, "quiero")  # 33 against the bot's Falta envido: the best answer
    assert response.status_code == 303
    html = client.get(path).get_data(as_text=True)
    assert find_all(html, "div", class_="hand-over")
    assert rows(app) == []
    clock.advance(minutes=2)
    assert not find_all(client.get("/en/review").get_data(as_text=True), "form", class_="answer-form")


def test_a_concurrent_post_that_loses_the_race_writes_no_mistake(app, client, clock, fixed_deal, monkeypatch):
    """The mistakes are written in the game's own transaction: when its compare-and-swap fails (the
    other tab's post won), neither the game nor the mistake is written."""
    path = new_game(client)
    play(client, path, "no_quiero")
    monkeypatch.setattr("tutor.store.runs.Runs.save", lambda *args, **kwargs: False)
    _html, response = play(client, path, "mazo")
    assert response.status_code == 409
    assert rows(app) == []


def test_every_mapped_check_is_a_lesson_check_and_every_situation_is_named_once():
    from tutor.content import all_lessons

    checks = {f"{lesson.key}/{step.key}" for lesson in all_lessons() for step in lesson.steps if step.check}
    assert {row.item for row in TABLE_LESSONS} <= checks
    assert len({row.situation for row in TABLE_LESSONS}) == len(TABLE_LESSONS)
    assert CLEAR_LOSS > 0


def test_a_small_loss_is_not_a_mistake():
    table = Table(parse_rules("argentino:target=15"), SEED, "random", deal=DEAL, mano=1)
    table.play("no_quiero")
    while not table.hand.is_over:
        table.play("mazo")
    data = replay_hand(table, 0)
    assert [m.item for m in table_mistakes(table, 0, data)] == [CHECK]
    for decision in data["decisions"]:
        decision["loss"] = CLEAR_LOSS - 0.01
    assert table_mistakes(table, 0, data) == []


def situation(view, chosen: str, best: str, ranking) -> str | None:
    """The first row of TABLE_LESSONS that recognises the decision (as table_mistakes picks it)."""
    found = [
        row.situation for row in TABLE_LESSONS if row.recognise(view, parse_action(chosen), parse_action(best), ranking)
    ]
    return found[0] if found else None


def test_a_high_card_where_a_lower_one_takes_the_trick():
    # The bot (mano) leads the 12 of copas: the 3 of oros takes it, so the ace of espadas is wasted.
    table = Table(parse_rules("argentino:target=15"), 4, "random", deal=("1e 3o 4b", "5o 4c 12c"), mano=1)
    view, ranking = table.view(), table.rules.ranking_table
    assert [card.notation for _seat, card in view.current_trick] == ["12c"]
    assert situation(view, "0:1e", "0:3o", ranking) == "a-high-card-where-a-low-one-wins"
    assert situation(view, "0:3o", "0:1e", ranking) is None  # a weaker card than the best: another mistake
    assert situation(view, "0:1e", "0:4b", ranking) is None  # the 4 does not take the trick


def test_declining_a_truco_is_judged_by_what_the_best_answer_was():
    table = Table(parse_rules("argentino:target=15"), 9, "random", deal=DEAL, mano=1)
    view, ranking = table.view(), table.rules.ranking_table
    assert view.pending is not None and view.pending.call.value == "truco"
    assert situation(view, "0:no_quiero", "0:quiero", ranking) == "declined-a-truco-with-a-strong-hand"
    assert situation(view, "0:mazo", "0:retruco", ranking) == "declined-a-truco-with-a-strong-hand"
    assert situation(view, "0:no_quiero", "0:envido", ranking) == "declined-a-truco-before-the-envido"
    assert situation(view, "0:quiero", "0:envido", ranking) is None  # accepted: not a decline
    assert situation(view, "0:no_quiero", "0:mazo", ranking) is None
