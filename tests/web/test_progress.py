"""The progress page (/<lang>/progress) on SQLite and PostgreSQL, for a hand-made learning log whose
numbers are worked out below by hand, for a learner without answers, and for another learner.

The log (the clock stands at 10 March 2026, 15:00 UTC; X = card-ranking/false-aces,
Y = card-ranking/threes-and-twos, A = envido-counting/no-pair):

* 8 March: X wrong 10:00, X right 10:01, Y right 10:02 (lesson)       3 answers, 2 right
* 9 March: A wrong 09:00 (lesson), A wrong 09:01 (review), X wrong 09:02   3 answers, 0 right
* 10 March: the flor quiz passed 12:00 (a result, not an answer), a step without a check read
  13:00 (an event), Y right 14:00, A right 14:55 (review)                2 answers, 2 right

So: 8 answers, 4 right (50 %), on 3 days; a streak of 3; 2 answers today (of the goal of 10).
Card ranking: X, X, Y, X, Y = 3 of 5 right (learning: the window of 10 is not full); per day 2 of 3
(67 %, a bar of 2/3 of 124 units = 82.7), 0 of 1, 1 of 1. Counting envido: 1 of 3 right; 0 of 2, then
1 of 1. Flor: mastered by the quiz, no answers. Most missed: X and A, each wrong 2 of 3 times (a tie:
the same share, then by item id, so X first). Due now: X only (wrong at its last answer, back after
1 minute); A was right 5 minutes ago at the first learning step (back after 10), Y right twice
(graduated, days away).
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlalchemy import func, select

from tests.conftest import LANGUAGES, find_all
from tutor.content import all_hands, get_lesson
from tutor.i18n import load_translations
from tutor.store import AttemptRow, Learner, LogEntry, ManualClock, current_store, db, use_clock

pytestmark = pytest.mark.store  # reads and writes the store: runs on SQLite and on PostgreSQL

NOW = datetime(2026, 3, 10, 15, 0, tzinfo=UTC)
X, Y, A = "card-ranking/false-aces", "card-ranking/threes-and-twos", "envido-counting/no-pair"


def at(day: int, hour: int, minute: int) -> datetime:
    return datetime(2026, 3, day, hour, minute, tzinfo=UTC)


LOG = [
    (X, "lesson", False, at(8, 10, 0)),
    (X, "lesson", True, at(8, 10, 1)),
    (Y, "lesson", True, at(8, 10, 2)),
    (A, "lesson", False, at(9, 9, 0)),
    (A, "review", False, at(9, 9, 1)),
    (X, "lesson", False, at(9, 9, 2)),
    ("quiz:flor", "quiz", True, at(10, 12, 0)),
    ("deck-and-table/seats", "seen", False, at(10, 13, 0)),
    (Y, "lesson", True, at(10, 14, 0)),
    (A, "review", True, at(10, 14, 55)),
]


@pytest.fixture
def clock(app):
    return use_clock(app, ManualClock(NOW))


def give_log(app, client, public_id: str = "a" * 32, log=LOG) -> None:
    """Make the client the learner ``public_id`` with a hand-made log (appended through the store)."""
    with client.session_transaction() as session:
        session["learner"] = public_id
        session["stored"] = True  # the row is made here, not by a page
    with app.app_context():
        store = current_store()
        learner = store.learners.ensure(public_id)
        store.attempts.import_log(
            learner.id, [LogEntry(item, source, correct, at=moment) for item, source, correct, moment in log]
        )


def squash(text: str) -> str:
    return " ".join(text.split())


def totals(html: str) -> dict[str, str]:
    dl = find_all(html, "dl", class_="totals")
    assert dl, "no totals"
    terms = [squash(e.text) for e in find_all(html, "dt")]
    values = [squash(e.text) for e in find_all(html, "dd")]
    return dict(zip(terms, values, strict=True))


def topic_card(html: str, key: str) -> str:
    """The HTML of one topic's card on the page."""
    start = html.index(f'id="topic-{key}"')
    ends = [i for i in (html.find('<li class="topic-card', start), html.find("</ol>", start)) if i != -1]
    return html[start : min(ends)]


def chart_rows(html: str, key: str) -> list[list[str]]:
    """The screen-reader table of a topic's chart: (day, answers, right, share) per row."""
    card = topic_card(html, key)
    body = card[card.index("<tbody>") : card.index("</tbody>")]
    rows = []
    for row in body.split("<tr>")[1:]:
        rows.append([squash(cell.text) for cell in find_all(row, "th") + find_all(row, "td")])
    return rows


def test_the_numbers_of_a_hand_made_log(app, client, clock):
    give_log(app, client)
    html = client.get("/en/progress").get_data(as_text=True)
    assert totals(html) == {
        "Answers": "8",
        "Right answers": "4 (50%)",
        "Days of practice": "3",
        "Review": "1 question due",
    }
    today = squash(find_all(html, "div", id="today")[0].text)
    assert today.startswith("Today's goal: 2 of 10 answers") and "Streak: 3 days in a row" in today
    assert find_all(html, "progress", id="today-goal-bar")[0].attrs["value"] == "2"

    ranking = topic_card(html, "card-ranking")
    assert "Learning" in squash(find_all(ranking, "span", class_="level-badge")[0].text)
    assert squash(find_all(ranking, "span", class_="topic-window")[0].text) == "Your last 5 answers: 3 right"
    assert chart_rows(html, "card-ranking") == [
        ["March 8, 2026", "3", "2", "67%"],
        ["March 9, 2026", "1", "0", "0%"],
        ["March 10, 2026", "1", "1", "100%"],
    ]
    bars = find_all(ranking, "rect", class_="chart-bar")
    assert [b.attrs["height"] for b in bars] == ["82.7", "0.0", "124.0"]
    assert [squash(t.text) for t in find_all(ranking, "text", class_="chart-value")] == ["67%", "0%", "100%"]

    envido = topic_card(html, "envido-counting")
    assert squash(find_all(envido, "span", class_="topic-window")[0].text) == "Your last 3 answers: 1 right"
    assert chart_rows(html, "envido-counting") == [
        ["March 9, 2026", "2", "0", "0%"],
        ["March 10, 2026", "1", "1", "100%"],
    ]

    flor = topic_card(html, "flor")
    assert squash(find_all(flor, "span", class_="level-badge")[0].text) == "Mastered"
    assert "No answers on this topic yet." in flor and "<svg" not in flor
    parda = topic_card(html, "tricks-and-parda")
    assert squash(find_all(parda, "span", class_="level-badge")[0].text) == "Not started"

    missed = find_all(html, "ol", class_="missed-list")
    assert missed
    items = html[html.index('class="missed-list"') : html.index("</ol>", html.index('class="missed-list"'))]
    titles = [squash(e.text) for e in find_all(items, "p", class_="missed-title")]
    assert titles == [
        f"Lesson {lesson.number}: {lesson.title} · {lesson.step(step).title}"
        for lesson, step in ((get_lesson("card-ranking"), "false-aces"), (get_lesson("envido-counting"), "no-pair"))
    ]
    assert [squash(e.text) for e in find_all(items, "p", class_="missed-count")] == ["2 of 3 answers wrong"] * 2
    links = [e.attrs["href"] for e in find_all(items, "a")]
    assert links[0].startswith("/en/lessons/card-ranking/false-aces?seed=") and links[1] == "/en/review"
    assert links[2].startswith("/en/lessons/envido-counting/no-pair?seed=") and len(links) == 3


def test_the_chart_is_hidden_from_screen_readers_and_its_table_is_not(app, client, clock):
    give_log(app, client)
    html = client.get("/en/progress").get_data(as_text=True)
    svgs = find_all(html, "svg", class_="chart")
    assert len(svgs) == 2 and all(svg.attrs.get("aria-hidden") == "true" for svg in svgs)
    figures = find_all(html, "figure", class_="accuracy-chart")
    assert len(figures) == 2 and all(f.attrs.get("aria-labelledby") for f in figures)
    captions = [squash(c.text) for c in find_all(html, "caption")]
    assert captions == ["Answers per day in Card ranking", "Answers per day in Counting envido"]
    assert 'style="' not in html and "<script>" not in html


def test_a_learner_without_answers_gets_a_friendly_empty_page_and_nothing_is_written(app, client, clock):
    response = client.get("/en/progress")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    empty = find_all(html, "section", class_="progress-empty")
    assert empty and "Go to the lessons" in empty[0].text
    assert not find_all(html, "svg", class_="chart") and not find_all(html, "dl", class_="totals")
    with app.app_context():
        assert db.session.scalar(select(func.count(Learner.id))) == 0
        assert db.session.scalar(select(func.count(AttemptRow.id))) == 0


def test_another_learner_sees_none_of_the_data(app, client, clock):
    give_log(app, client)
    other = app.test_client()
    html = other.get("/en/progress").get_data(as_text=True)
    assert find_all(html, "section", class_="progress-empty")
    review = other.get("/en/review").get_data(as_text=True)
    assert not find_all(review, "form", class_="answer-form")
    assert "hidden" in find_all(review, "span", id="badge-review-index")[0].attrs
    mine = client.get("/en/review").get_data(as_text=True)
    assert "hidden" not in find_all(mine, "span", id="badge-review-index")[0].attrs


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_progress_page_renders_in_every_language(app, client, clock, lang):
    translate = load_translations(lang).gettext
    empty = client.get(f"/{lang}/progress")
    assert empty.status_code == 200 and f'<html lang="{lang}"' in empty.get_data(as_text=True)
    give_log(app, client)
    response = client.get(f"/{lang}/progress")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert f'<html lang="{lang}"' in html
    assert squash(find_all(html, "h1")[0].text) == translate("Your progress")
    assert squash(find_all(html, "h2", id="topics-title")[0].text) == translate("Topics")
    days = [row[0] for row in chart_rows(html, "card-ranking")]
    assert len(days) == 3 and len(set(days)) == 3
    assert {
        "de": "8. März 2026",
        "es": "8 de marzo de 2026",
        "sv": "8 mars 2026",
        "pl": "8 marca 2026",
        "en": "March 8, 2026",
    }[lang] == days[0]


def test_a_missed_practice_hand_links_to_the_hand_and_a_gone_item_is_left_out(app, client, clock):
    hand = all_hands()[0]
    give_log(
        app,
        client,
        "b" * 32,
        [
            (f"practice:{hand.key}", "practice", False, at(10, 9, 0)),
            ("card-ranking/a-step-since-removed", "lesson", False, at(10, 9, 1)),
        ],
    )
    html = client.get("/en/progress").get_data(as_text=True)
    start = html.index('class="missed-list"')
    items = html[start : html.index("</ol>", start)]
    assert [squash(e.text) for e in find_all(items, "p", class_="missed-title")] == [f"Practice hand: {hand.title}"]
    assert [e.attrs["href"] for e in find_all(items, "a")] == [f"/en/practice/{hand.key}"]
    # Neither is a lesson check the review can ask: nothing is due there.
    assert totals(html)["Review"] == "nothing due"


# --- The table and practice hands (issue 24, item 8) -------------------------------------------------------

# Two matches with hand reviews as the table keeps them (``Game.reviews``: per hand, its decisions
# and how many matched the hint): 3 hands, 2 + 3 + 1 = 6 decisions, 1 + 3 + 0 = 4 matched (67 %);
# a third match with no hand finished yet. Practice: hand P tried three times (1, 3 and 2 stars: best
# 3), hand Q once (2 stars) and once unfinished: 4 runs played to the end, 2 hands, 3 + 2 = 5 stars.
GAMES = [
    {
        "1": {"count": 2, "matched": 1, "lost": 0.4, "decisions": []},
        "2": {"count": 3, "matched": 3, "lost": 0.0, "decisions": []},
    },
    {"1": {"count": 1, "matched": 0, "lost": 1.2, "decisions": []}},
    {},
]


def give_play(app, client, public_id: str = "b" * 32, games=GAMES) -> None:
    """Make the client the learner ``public_id`` with hand-made matches and practice runs."""
    with client.session_transaction() as session:
        session["learner"] = public_id
        session["stored"] = True
    with app.app_context():
        store = current_store()
        learner = store.learners.ensure(public_id)
        for n, reviews in enumerate(games):
            store.games.create(
                learner.id, rules="2p", level="beginner", seed=n, log=[], version=0, reviews=reviews, score0=0, score1=0
            )
        hands = [h.key for h in all_hands()]
        for key, stars in ((hands[0], 1), (hands[0], 3), (hands[0], 2), (hands[1], 2), (hands[1], None)):
            store.practice.create(learner.id, hand_key=key, seed=1, log=[], version=0, stars=stars)


def play_totals(html: str) -> dict[str, str]:
    assert 'class="progress-play"' in html, "no table and practice section"
    start = html.index('class="progress-play"')
    part = html[start : html.index("</section>", start)]
    terms = [squash(e.text) for e in find_all(part, "dt")]
    values = [squash(e.text) for e in find_all(part, "dd")]
    return dict(zip(terms, values, strict=True))


def test_the_table_and_practice_hands_count_on_the_progress_page(app, client, clock):
    give_play(app, client)
    html = client.get("/en/progress").get_data(as_text=True)
    assert not find_all(html, "section", class_="progress-empty")
    available = len(all_hands())
    assert play_totals(html) == {
        "Hands played at the table": "3 (3 matches)",
        "Decisions as good as the best move": "4 of 6 (67%)",
        "Practice hands played": f"4 (2 of {available} hands)",
        "Practice stars": f"5 of {3 * available}",
    }
    # A learner who has only played sees no empty lesson totals.
    assert not find_all(html, "section", class_="progress-summary")


def test_the_play_counts_are_read_in_the_same_number_of_queries_for_any_history(app, client, clock):
    from sqlalchemy import event

    def selects_for_page() -> int:
        seen: list[str] = []

        def count(conn, cursor, statement, parameters, context, executemany) -> None:
            if statement.lstrip().upper().startswith(("SELECT", "WITH")):
                seen.append(statement)

        with app.app_context():
            engine = db.engine
        event.listen(engine, "before_cursor_execute", count)
        try:
            assert client.get("/en/progress").status_code == 200
        finally:
            event.remove(engine, "before_cursor_execute", count)
        return len(seen)

    give_play(app, client, games=GAMES[:1])
    few = selects_for_page()
    give_play(app, client, games=GAMES * 10)
    html = client.get("/en/progress").get_data(as_text=True)
    assert play_totals(html)["Hands played at the table"] == "32 (31 matches)"  # 2 + 10 × 3 hands
    assert selects_for_page() == few


def test_another_learner_does_not_see_my_table_counts(app, client, clock):
    give_play(app, client)
    give_play(app, app.test_client(), public_id="c" * 32, games=GAMES[1:2])
    html = client.get("/en/progress").get_data(as_text=True)
    assert play_totals(html)["Hands played at the table"] == "3 (3 matches)"
