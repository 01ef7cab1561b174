"""Club nights through the web (Flask's test client): an organiser creates an event, players join with
a code and a nickname and play every board to its end by the legal actions the page offers, each
board's result is written once, the others' results stay hidden until a player has played every
board (or the night is closed), and the result table ranks by matchpoints with ½ for a tie.

The expectations are computed here: a board's points from the engine's own replay of the stored log
(``HandState.points``), the matchpoints from their definition, in a few lines of this module."""

from __future__ import annotations

import re

import pytest

from tests.conftest import csrf_token
from tests.web.classroom_helpers import sign_up
from tutor.bots.table import Table
from tutor.engine.notation import parse_rules
from tutor.store import db
from tutor.store.club import ClubEvent, ClubPlayer, ClubResult
from tutor.web.club.boards import board_mano, board_scores, board_seed

pytestmark = pytest.mark.store

ACTION = re.compile(r'name="action" value="([^"]+)"')
VERSION = re.compile(r'name="version" value="(\d+)"')


@pytest.fixture
def organiser(app):
    client = app.test_client()
    assert sign_up(client).status_code in (200, 303)
    return client


def create(client, **fields) -> tuple[str, str]:
    data = {
        "title": "Friday duplicate",
        "boards": "2",
        "flor": "off",
        "scores": "zero",
        "level": "beginner",
        "seed": "11",
    }
    data.update(fields)
    response = client.post("/en/teach/club/new", data={"csrf_token": csrf_token(client, "/en/teach/club/new"), **data})
    assert response.status_code == 303, response.get_data(as_text=True)
    eid = response.headers["Location"].rstrip("/").rsplit("/", 1)[1]
    html = client.get(f"/en/teach/club/{eid}").get_data(as_text=True)
    code = re.search(r'data-club-code="([A-Z0-9]{6})"', html)
    assert code is not None
    return eid, code.group(1)


def join(client, code: str, nick: str):
    return client.post(
        f"/en/club/{code}/join", data={"csrf_token": csrf_token(client, f"/en/club/{code}"), "nick": nick}
    )


def player(app, code: str, nick: str) -> tuple[str, str]:
    client = app.test_client()
    assert join(client, code, nick).status_code == 303
    return client


def post_action(client, code: str, number: int, action: str, version: str):
    page = f"/en/club/{code}/board/{number}"
    return client.post(f"{page}/act", data={"csrf_token": csrf_token(client), "action": action, "version": version})


def play_board(client, code: str, number: int, pick=lambda actions: actions[0]) -> int:
    """Play the board to its end, choosing among the actions the page offers; the result it shows."""
    for _step in range(60):
        html = client.get(f"/en/club/{code}/board/{number}").get_data(as_text=True)
        shown = re.search(r'data-club-result="(-?\d+)"', html)
        if shown:
            return int(shown.group(1))
        actions = ACTION.findall(html)
        assert actions, "a board in play offers its legal actions"
        version = VERSION.search(html)
        assert version is not None
        response = post_action(client, code, number, pick(actions), version.group(1))
        assert response.status_code == 303, response.get_data(as_text=True)
    raise AssertionError("the board never ended")


def engine_points(app, code: str, nick: str, number: int) -> int:
    """The board's points won minus lost, replayed by the engine from the stored log (the board's deal,
    mano and score from the event's seed)."""
    with app.app_context():
        event = db.session.query(ClubEvent).filter_by(code=code).one()
        who = db.session.query(ClubPlayer).filter_by(event_id=event.id, nickname=nick).one()
        row = db.session.query(ClubResult).filter_by(player_id=who.id, board=number).one()
        log, rules, seed, drawn = row.log, parse_rules(event.rules), event.seed, event.random_scores
    scores = board_scores(seed, number, drawn, rules.target)
    table = Table(
        rules, board_seed(seed, number), "beginner", log=log, mano=board_mano(number, rules.players), scores=scores
    )
    hand = table.hands()[0]
    return hand.points[0] - hand.points[1]


def expected_matchpoints(points: dict[str, int]) -> dict[str, float]:
    return {
        p: sum(1.0 if s > t else 0.5 if s == t else 0.0 for q, t in points.items() if q != p) for p, s in points.items()
    }


def test_three_players_play_every_board_and_the_table_ranks_them_with_a_tie(app, organiser):
    eid, code = create(organiser)
    a, b, c = (player(app, code, nick) for nick in ("Ancho 2", "Flor 3", "Mazo 4"))
    points: dict[int, dict[str, int]] = {1: {}, 2: {}}
    for number in (1, 2):
        points[number]["Ancho 2"] = play_board(a, code, number)
        points[number]["Flor 3"] = play_board(b, code, number)  # the same moves as Ancho 2
        points[number]["Mazo 4"] = play_board(c, code, number, pick=lambda actions: actions[-1])
        for nick, shown in points[number].items():
            assert shown == engine_points(app, code, nick, number)
    assert points[1]["Ancho 2"] == points[1]["Flor 3"] and points[2]["Ancho 2"] == points[2]["Flor 3"]
    with app.app_context():
        rows = db.session.query(ClubResult).order_by(ClubResult.board, ClubResult.player_id).all()
        same = [(r.decisions, r.matched, r.review) for r in rows]
    assert same[0] == same[1] and same[3] == same[4]  # the same moves, the same judgement of each decision
    mp = {nick: sum(expected_matchpoints(points[n])[nick] for n in (1, 2)) for nick in ("Ancho 2", "Flor 3", "Mazo 4")}
    html = organiser.get(f"/en/teach/club/{eid}").get_data(as_text=True)
    shown = dict(re.findall(r'data-player="([^"]+)" data-place="\d+" data-mp="([\d.]+)"', html))
    assert {nick: float(value) for nick, value in shown.items()} == mp
    places = dict(re.findall(r'data-player="([^"]+)" data-place="(\d+)"', html))
    assert places["Ancho 2"] == places["Flor 3"]  # a tie shares its place
    best = max(mp.values())
    assert {nick for nick, value in mp.items() if value == best} == {n for n, p in places.items() if p == "1"}
    assert f"{places['Ancho 2']}=" in html
    assert a.get(f"/en/club/{code}/results").status_code == 200
    traveller = a.get(f"/en/club/{code}/board/1/traveller").get_data(as_text=True)
    assert all(f'data-player="{nick}"' in traveller for nick in ("Ancho 2", "Flor 3", "Mazo 4"))
    assert "Every hand face up" in traveller and "Step by step" in traveller


def test_every_player_gets_the_same_cards_and_starting_score(app, organiser):
    _eid, code = create(organiser, scores="random", boards="3")
    a, b = player(app, code, "Ancho 2"), player(app, code, "Flor 3")
    for number in (1, 2):
        mine = [
            re.findall(r'data-card="([^"]+)"', client.get(f"/en/club/{code}/board/{number}").get_data(as_text=True))
            for client in (a, b)
        ]
        assert mine[0] and mine[0] == mine[1]
        play_board(a, code, number)
        play_board(b, code, number)
    with app.app_context():
        logs = [r.log for r in db.session.query(ClubResult).order_by(ClubResult.board, ClubResult.player_id)]
    assert logs[0] == logs[1] and logs[2] == logs[3]  # the same moves, the same bot answers


def test_a_result_is_written_once_and_a_stale_form_changes_nothing(app, organiser):
    _eid, code = create(organiser)
    a = player(app, code, "Ancho 2")
    for _step in range(60):
        html = a.get(f"/en/club/{code}/board/1").get_data(as_text=True)
        version = VERSION.search(html).group(1)
        action = ACTION.findall(html)[0]
        assert post_action(a, code, 1, action, version).status_code == 303
        if "data-club-result" in a.get(f"/en/club/{code}/board/1").get_data(as_text=True):
            break
    again = post_action(a, code, 1, action, version)  # the last action posted again (a second tab)
    assert again.status_code == 409
    assert "moved on" in again.get_data(as_text=True)
    with app.app_context():
        assert db.session.query(ClubResult).count() == 1
    assert post_action(a, code, 2, "mazo", "nine").status_code == 400


def test_the_others_results_are_hidden_until_every_board_is_played(app, organiser):
    eid, code = create(organiser)
    a, b = player(app, code, "Ancho 2"), player(app, code, "Flor 3")
    play_board(a, code, 1)
    assert a.get(f"/en/club/{code}/results").status_code == 403
    assert a.get(f"/en/club/{code}/board/1/traveller").status_code == 403
    assert "Ancho 2" in organiser.get(f"/en/teach/club/{eid}").get_data(as_text=True)  # the organiser sees all
    play_board(a, code, 2)
    assert a.get(f"/en/club/{code}/results").status_code == 200
    assert b.get(f"/en/club/{code}/results").status_code == 403
    close = organiser.post(
        f"/en/teach/club/{eid}/close", data={"csrf_token": csrf_token(organiser, f"/en/teach/club/{eid}")}
    )
    assert close.status_code == 303
    assert b.get(f"/en/club/{code}/results").status_code == 200  # closed: everyone sees
    assert post_action(b, code, 1, "mazo", "0").status_code == 409  # nobody plays on
    late = app.test_client()
    assert join(late, code, "Rey 5").status_code == 409


def test_nicknames_pass_the_blocklist_and_are_unique(app, organiser):
    _eid, code = create(organiser)
    assert player(app, code, "Ancho 2")
    assert join(app.test_client(), code, "ancho  2").status_code == 409
    refused = join(app.test_client(), code, "Sh1t head")
    assert refused.status_code == 400 and "not allowed" in refused.get_data(as_text=True)
    assert join(app.test_client(), code, "").status_code == 400
    assert join(app.test_client(), code, "x" * 25).status_code == 400
    suggested = app.test_client().get(f"/en/club/{code}").get_data(as_text=True)
    assert re.search(r'name="nick"[^>]* value="[A-Z][^"]+ \d+"', suggested)  # a generated nickname to keep


def test_the_organisers_pages_are_theirs_alone(app, organiser):
    eid, code = create(organiser)
    other = app.test_client()
    assert sign_up(other, login="garcia", name="Sr Garcia").status_code in (200, 303)
    token = csrf_token(other, "/en/teach/club")
    for path in (
        f"/en/teach/club/{eid}",
        f"/en/teach/club/{eid}/results",
        f"/en/teach/club/{eid}/board/1",
        f"/en/teach/club/{eid}/slips",
    ):
        assert other.get(path).status_code == 404
        assert app.test_client().get(path).status_code == 404
    for path in (f"/en/teach/club/{eid}/close", f"/en/teach/club/{eid}/export.csv", f"/en/teach/club/{eid}/delete"):
        assert other.post(path, data={"csrf_token": token}).status_code == 404
    assert app.test_client().get("/en/teach/club/new").status_code == 404
    assert app.test_client().get("/en/club/ZZZZZZ").status_code == 404
    assert app.test_client().get("/en/club?code=ZZZZZZ").status_code == 404
    assert organiser.get(f"/en/teach/club/{eid}/board/99").status_code == 404
    stranger = app.test_client()
    assert stranger.get(f"/en/club/{code}/board/1").status_code == 303  # no cookie: to the join form


def test_a_new_event_checks_every_field(app, organiser):
    token = csrf_token(organiser, "/en/teach/club/new")
    bad = {"title": "x", "boards": "17", "flor": "maybe", "scores": "some", "level": "god", "seed": "abc"}
    response = organiser.post("/en/teach/club/new", data={"csrf_token": token, **bad})
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    for text in (
        "Give the night a title",
        "Choose from 2 to 16 boards",
        "Choose whether flor is played",
        "Choose how each board",
        "A seed is a number",
    ):
        assert text in html
    past = {
        "title": "Friday",
        "boards": "4",
        "flor": "off",
        "scores": "zero",
        "level": "beginner",
        "window": "until",
        "closes": "2000-01-01T19:00",
    }
    assert organiser.post("/en/teach/club/new", data={"csrf_token": token, **past}).status_code == 400
    assert organiser.post("/en/teach/club/new", data={"title": "No token", "boards": "4"}).status_code == 400


def test_the_result_table_polls_with_204_until_something_changes(app, organiser):
    eid, code = create(organiser)
    html = organiser.get(f"/en/teach/club/{eid}").get_data(as_text=True)
    poll = re.search(r'hx-get="([^"]+/results\?v=\d+)"', html).group(1).replace("&amp;", "&")
    assert organiser.get(poll).status_code == 204
    player(app, code, "Ancho 2")
    changed = organiser.get(poll)
    assert changed.status_code == 200 and "1 player has joined" in changed.get_data(as_text=True)


def test_the_csv_has_the_ranking_and_every_board(app, organiser):
    eid, code = create(organiser)
    a = player(app, code, "Ancho 2")
    first = play_board(a, code, 1)
    response = organiser.post(
        f"/en/teach/club/{eid}/export.csv", data={"csrf_token": csrf_token(organiser, f"/en/teach/club/{eid}")}
    )
    assert response.status_code == 200 and response.mimetype == "text/csv"
    text = response.get_data(as_text=True)
    assert text.startswith("\ufeff")
    header, row = text.lstrip("\ufeff").splitlines()[:2]
    assert header.split(",")[-2:] == ["Board 1", "Board 2"]
    assert row.split(",")[1] == "Ancho 2" and row.split(",")[-2] == str(first)
    assert organiser.post(f"/en/teach/club/{eid}/export.csv").status_code == 400  # no CSRF token


def test_the_teachers_page_links_to_club_nights(app, organiser):
    html = organiser.get("/en/teach/classes").get_data(as_text=True)
    assert "/en/teach/club" in html


def test_the_board_slips_show_the_cards_every_player_is_dealt(app, organiser):
    eid, code = create(organiser, boards="3")
    slips = organiser.get(f"/en/teach/club/{eid}/slips").get_data(as_text=True)
    a = player(app, code, "Ancho 2")
    for number in (1, 2):
        slip = slips.split(f'data-board="{number}"', 1)[1].split('class="board-slip"', 1)[0]
        seat_a = re.findall(r'data-card="([^"]+)"', slip.split('class="slip-seat">Player B', 1)[0])
        page = a.get(f"/en/club/{code}/board/{number}").get_data(as_text=True)
        mine = re.findall(r'data-card="([^"]+)"', page.split('class="my-cards"', 1)[1].split("</form>", 1)[0])
        assert len(seat_a) == 3 and sorted(seat_a) == sorted(mine)  # a new board: the player holds all three
        play_board(a, code, number)
    assert ("Player A is mano." in slips) and ("Player B is mano." in slips)


def test_the_organiser_deletes_a_night_with_its_results(app, organiser):
    eid, code = create(organiser)
    a = player(app, code, "Ancho 2")
    play_board(a, code, 1)
    token = csrf_token(organiser, f"/en/teach/club/{eid}")
    unconfirmed = organiser.post(f"/en/teach/club/{eid}/delete", data={"csrf_token": token})
    assert unconfirmed.status_code == 400 and "Tick the box" in unconfirmed.get_data(as_text=True)
    done = organiser.post(f"/en/teach/club/{eid}/delete", data={"csrf_token": token, "confirm": "yes"})
    assert done.status_code == 303
    assert organiser.get(f"/en/teach/club/{eid}").status_code == 404
    assert a.get(f"/en/club/{code}").status_code == 404
    with app.app_context():
        assert db.session.query(ClubResult).count() == 0 and db.session.query(ClubPlayer).count() == 0


def test_two_against_two_each_player_with_a_computer_partner(app, organiser):
    eid, code = create(organiser, players="4", flor="simple")
    a, b = player(app, code, "Ancho 2"), player(app, code, "Flor 3")
    board = a.get(f"/en/club/{code}/board/1").get_data(as_text=True)
    assert "4 players" in board and "Your partner" in board
    for number in (1, 2):
        dealt = [
            re.findall(
                r'data-card="([^"]+)"',
                c.get(f"/en/club/{code}/board/{number}")
                .get_data(as_text=True)
                .split('class="my-cards"', 1)[1]
                .split("</form>", 1)[0],
            )
            for c in (a, b)
        ]
        assert len(dealt[0]) == 3 and dealt[0] == dealt[1]
        shown = [play_board(c, code, number) for c in (a, b)]
        assert shown[0] == shown[1] == engine_points(app, code, "Ancho 2", number)
    slips = organiser.get(f"/en/teach/club/{eid}/slips").get_data(as_text=True)
    assert "Seat 4, team B" in slips and "Seat 2 is mano." in slips
    html = organiser.get(f"/en/teach/club/{eid}").get_data(as_text=True)
    assert html.count('data-place="1"') == 2  # the same moves: a shared first place


def test_the_code_page_says_who_organises_and_links_a_teacher_to_their_nights(app, client, organiser):
    anyone = client.get("/en/club").get_data(as_text=True)
    assert "is organised by a teacher or a club's organiser" in anyone
    assert 'href="/en/teach/club"' not in anyone  # an outsider's link would be a 404
    teacher = organiser.get("/en/club").get_data(as_text=True)
    assert 'href="/en/teach/club">Your club nights</a>' in teacher
