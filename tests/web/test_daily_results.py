"""The daily deal's results (tutor/web/play/daily.py): shown only to who finished the day's deal,
the points and the decisions equal to the best from each hand's review as the store kept them,
written once per learner and day, an optional nickname from the generated ones, and a result line
that tells no card."""

from __future__ import annotations

import datetime
import html as htmllib
import re

import pytest
from sqlalchemy import func, select

from tests.conftest import csrf_token, find_all
from tests.web.test_play import ACTION_RE, post_action, stored_table
from tutor.narration.cards import card_name
from tutor.store import DailyResult, ManualClock, db, use_clock
from tutor.web.components.table import replay_hand
from tutor.web.play import views as play_views

pytestmark = pytest.mark.store  # reads and writes the store: runs on SQLite and on PostgreSQL

DAY = datetime.date(2026, 3, 14)
RESULTS = f"/en/play/daily/results?date={DAY.isoformat()}"


@pytest.fixture
def quick_daily(app, monkeypatch):
    """The day's deal against the random computer player (the strong one thinks for a long time)."""
    monkeypatch.setattr(play_views, "DAILY_LEVEL", "random")
    use_clock(app, ManualClock(datetime.datetime(2026, 3, 14, 12, 0, tzinfo=datetime.UTC)))
    return app


def play_daily_to_the_end(client) -> str:
    token = csrf_token(client, "/en/play/daily")
    path = client.post("/en/play/daily", data={"csrf_token": token}).headers["Location"].split("?")[0]
    play_to_the_end(client, path)
    return path


def play_to_the_end(client, path: str) -> str:
    """The match at ``path`` played to its end (the mazo whenever the learner may go, else its first
    action); returns the last page."""
    page = client.get(path).get_data(as_text=True)
    for _step in range(600):
        actions = ACTION_RE.findall(page)
        if not actions:
            return page
        choice = "mazo" if "mazo" in actions else actions[0]
        response = post_action(client, path, page, choice)
        assert response.status_code == 303
        page = client.get(response.headers["Location"]).get_data(as_text=True)
    pytest.fail("the match did not end")


def rows(html: str) -> list[str]:
    return [htmllib.unescape(re.sub(r"<[^>]+>", " ", r)) for r in re.findall(r"<tr.*?</tr>", html, re.S)][1:]


def hand_reviews(app, game, table) -> list[dict]:
    """Each hand's review as the replay page shows it: stored when the learner's action ended the
    hand, computed for a hand the computer ended (as the replay page would)."""
    with app.app_context():
        return [game.reviews.get(str(i + 1)) or replay_hand(table, i) for i in range(len(table.hands()))]


def stored_results(app) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(DailyResult)) or 0


def test_the_results_wait_until_one_has_played_and_tell_the_stored_game(quick_daily, client):
    app = quick_daily
    other = app.test_client()
    assert "played this deal to the end" in other.get(RESULTS).get_data(as_text=True)
    path = play_daily_to_the_end(client)
    game, table = stored_table(app, path)
    assert table.match.winner is not None and stored_results(app) == 1
    page = client.get(RESULTS).get_data(as_text=True)
    (mine,) = rows(page)
    reviews = hand_reviews(quick_daily, game, table)
    decisions = sum(r["count"] for r in reviews)
    best = sum(r["matched"] for r in reviews)
    verb = "won" if table.match.winner == 0 else "lost"
    assert f"{verb} {game.score0} to {game.score1}" in mine and "(you)" in mine
    assert re.search(rf"\b{best} of {decisions} decisions?\b", mine)
    # Nobody else sees the results before finishing the deal themselves.
    assert rows(other.get(RESULTS).get_data(as_text=True)) == []
    # The daily page now leads to the results, not to the finished table.
    assert client.get("/en/play/daily").headers["Location"].startswith("/en/play/daily/results")
    client.get(RESULTS)
    assert stored_results(app) == 1  # written once, however often the page is read


def test_the_shared_line_has_the_score_and_marks_and_no_card(quick_daily, client):
    path = play_daily_to_the_end(client)
    game, table = stored_table(quick_daily, path)
    page = client.get(RESULTS).get_data(as_text=True)
    line = htmllib.unescape(find_all(page, "textarea", id="daily-line")[0].text)
    assert f"{game.score0}–{game.score1}" in line
    marks = re.findall("[🟩🟥⬜]", line)
    assert len(marks) == len(table.hands())
    for mark, review in zip(marks, hand_reviews(quick_daily, game, table), strict=True):
        expected = "⬜" if review["count"] == 0 else ("🟩" if review["matched"] == review["count"] else "🟥")
        assert mark == expected
    for hand in table.hands():
        for cards in hand.deal:
            for card in cards:
                assert card_name(card) not in line and card.notation not in line.split()


def test_a_nickname_is_one_of_those_offered_and_can_be_dropped(quick_daily, client):
    play_daily_to_the_end(client)
    page = client.get(RESULTS).get_data(as_text=True)
    offered = [o.attrs["value"] for o in find_all(page, "option") if o.attrs.get("value")]
    assert len(offered) == 5
    token = csrf_token(client, RESULTS)
    form = {"csrf_token": token, "date": DAY.isoformat()}
    assert client.post("/en/play/daily/results", data={**form, "nickname": offered[0]}).status_code == 303
    assert offered[0] in rows(client.get(RESULTS).get_data(as_text=True))[0]
    refused = client.post("/en/play/daily/results", data={**form, "nickname": "<b>Me</b>"})
    assert refused.status_code == 400 and "Choose one of the nicknames offered." in refused.get_data(as_text=True)
    assert "&lt;b&gt;" not in client.get(RESULTS).get_data(as_text=True)
    assert client.post("/en/play/daily/results", data={"date": DAY.isoformat(), "nickname": ""}).status_code == 400
    assert offered[0] in rows(client.get(RESULTS).get_data(as_text=True))[0]  # no CSRF token: nothing changed
    client.post("/en/play/daily/results", data={**form, "nickname": ""})
    assert "A player without a nickname" in rows(client.get(RESULTS).get_data(as_text=True))[0]


def test_two_players_are_ranked_and_each_sees_both(quick_daily, client):
    other = quick_daily.test_client()
    for c in (client, other):
        play_daily_to_the_end(c)
    assert stored_results(quick_daily) == 2
    mine, theirs = (rows(c.get(RESULTS).get_data(as_text=True)) for c in (client, other))
    assert len(mine) == len(theirs) == 2
    assert sum("(you)" in r for r in mine) == 1 and sum("(you)" in r for r in theirs) == 1


@pytest.mark.parametrize("date", ["2026-13-01", "yesterday", "2026-03-15", "2026-3-1"])
def test_a_bad_or_future_date_is_a_400(quick_daily, client, date):
    assert client.get(f"/en/play/daily/results?date={date}").status_code == 400


def test_a_result_is_kept_once_per_learner_and_day(app):
    from tutor.store import Result, current_store

    with app.app_context():
        learner = current_store().learners.ensure(None)
        scoreboard = current_store().scoreboard
        first = Result(learner.id, 15, 9, True, 12, 10, "bbm", None)
        assert scoreboard.record("2026-03-14", first) is True
        assert scoreboard.record("2026-03-14", Result(learner.id, 3, 15, False, 5, 1, "m", None)) is False
        assert scoreboard.result("2026-03-14", learner.id) == first
        assert scoreboard.record("2026-03-15", first) is True  # another day, another result
        assert scoreboard.rename("2026-03-14", learner.id, "Ancho 27") is True
        assert scoreboard.result("2026-03-14", learner.id).nickname == "Ancho 27"
        assert scoreboard.rename("2026-03-16", learner.id, "Ancho 27") is False
        assert [r.learner_id for r in scoreboard.results("2026-03-14")] == [learner.id]
