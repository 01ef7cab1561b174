"""A daily deal in each game (issue 19: each new game has the table's daily deal): Argentine Truco
(the deal as before, without ``game``), Catalan Truc, Truco Mineiro and pica-pica, each the same
deals for everyone that day, one game per learner, day and game, and results of its own."""

from __future__ import annotations

import datetime
import re

import pytest

from tests.conftest import csrf_token, find_all
from tests.web.test_daily_results import play_to_the_end
from tests.web.test_play import stored_table
from tutor.store import ManualClock, use_clock
from tutor.web.play import views as play_views

pytestmark = pytest.mark.store  # reads and writes the store: runs on SQLite and on PostgreSQL

DAY = "2026-03-14"
GAMES = {"catalan": ("catalan", 2, 12), "mineiro": ("mineiro", 2, 12), "pica": ("argentino", 6, 15)}
"""Each new game's daily deal: its preset, players and points to win."""


@pytest.fixture
def quick_daily(app, monkeypatch):
    """The day's deals against random computer players (the strong ones think for a long time)."""
    monkeypatch.setattr(play_views, "DAILY_LEVEL", "random")
    use_clock(app, ManualClock(datetime.datetime(2026, 3, 14, 12, 0, tzinfo=datetime.UTC)))
    return app


def start(client, game: str | None) -> str:
    page = "/en/play/daily" + (f"?game={game}" if game else "")
    data = {"csrf_token": csrf_token(client, page), **({"game": game} if game else {})}
    response = client.post("/en/play/daily", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)[:300]
    return response.headers["Location"].split("?")[0]


def test_the_daily_page_offers_every_games_deal(quick_daily, client):
    html = client.get("/en/play/daily").get_data(as_text=True)
    links = {a.attrs["href"] for a in find_all(html, "a")}
    assert {"/en/play/daily", "/en/play/daily?game=catalan", "/en/play/daily?game=mineiro"} <= links
    assert "/en/play/daily?game=pica" in links
    for game, name in (("catalan", "Catalan Truc"), ("mineiro", "Truco Mineiro"), ("pica", "Pica-pica")):
        page = client.get(f"/en/play/daily?game={game}").get_data(as_text=True)
        assert f"<h2>{name}</h2>" in page
        assert find_all(page, "input", type="hidden", name="game", value=game)
    assert "a game to 12 points" in client.get("/en/play/daily?game=mineiro").get_data(as_text=True)
    assert "Six players" in client.get("/en/play/daily?game=pica").get_data(as_text=True)
    refused = client.get("/en/play/daily?game=paulista")
    assert refused.status_code == 400 and "no daily deal of that game" in refused.get_data(as_text=True)
    assert client.get(f"/en/play/daily/results?date={DAY}&game=paulista").status_code == 400


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_games_deal_is_the_same_for_everyone_and_kept_apart(quick_daily, game):
    variant, players, target = GAMES[game]
    first, second = quick_daily.test_client(), quick_daily.test_client()
    path = start(first, game)
    stored, table = stored_table(quick_daily, path)
    assert table.rules.variant == variant and table.rules.players == players and table.rules.target == target
    assert table.rules.pica_pica == (game == "pica") and stored.daily == f"{DAY}:{game}"
    other, other_table = stored_table(quick_daily, start(second, game))
    assert other.seed == stored.seed and other_table.hands()[0].deal == table.hands()[0].deal  # the same cards
    # The same learner's Argentine deal of the day is another game with other cards.
    argentine, argentine_table = stored_table(quick_daily, start(first, None))
    assert argentine.daily == DAY and argentine.public_id != stored.public_id
    assert argentine_table.rules.variant == "argentino" and argentine.seed != stored.seed
    # The game's deal of the day, opened again, resumes it.
    assert first.get(f"/en/play/daily?game={game}").headers["Location"] == path


@pytest.mark.parametrize("game", ["catalan", "mineiro", "pica"])
def test_each_games_results_are_its_own(quick_daily, client, game):
    path = start(client, game)
    last = play_to_the_end(client, path)
    results = f"/en/play/daily/results?date={DAY}&game={game}"
    link = re.search(r'href="(/en/play/daily/results\?[^"]+)"', last)
    assert link is not None and link.group(1).replace("&amp;", "&") == results
    page = client.get(results).get_data(as_text=True)
    _game, table = stored_table(quick_daily, path)
    verb = "won" if table.match.winner == 0 else "lost"
    assert re.search(rf"<td data-label=\"Points\">{verb} \d+ to \d+</td>", page)
    assert page.count('class="daily-me"') == 1
    line = find_all(page, "textarea", id="daily-line")[0].text
    name = {"catalan": "Catalan Truc", "mineiro": "Truco Mineiro", "pica": "Pica-pica"}[game]
    assert line.startswith(f"Truco Tutor, {name}, the deal of ")
    assert f"/en/play/daily?game={game}" in line
    # The Argentine deal's results of the day know nothing of it; the game's deal now leads to its results.
    assert "played this deal to the end" in client.get(f"/en/play/daily/results?date={DAY}").get_data(as_text=True)
    assert client.get(f"/en/play/daily?game={game}").headers["Location"] == f"/en/play/daily/results?game={game}"
    # A nickname is set on this game's result.
    offered = [o.attrs["value"] for o in find_all(page, "option") if o.attrs.get("value")]
    form = {"csrf_token": csrf_token(client, results), "date": DAY, "game": game, "nickname": offered[0]}
    saved = client.post("/en/play/daily/results", data=form)
    assert saved.status_code == 303 and saved.headers["Location"] == results
    assert offered[0] in client.get(results).get_data(as_text=True)
