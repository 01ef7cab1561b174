"""A club night at real tables through the web (Flask's test client): the organiser creates it and
prints the movement card (one scorekeeper code per table); each table's scorekeeper opens the
traveller by the code, enters each board's points, corrects one; a double submission is one row, a
stale correction and a pair that played the board elsewhere write nothing (409), a result no hand
can produce is a translated 400, a closed night takes nothing; the result table ranks by matchpoints
compared within each side. The expected matchpoints are computed here from their definition."""

from __future__ import annotations

import re

import pytest

from tests.conftest import csrf_token
from tests.web.classroom_helpers import sign_up
from tests.web.test_club import create as create_night
from tutor.store import db
from tutor.store.club import ClubEvent, ClubScore
from tutor.web.shared.limits import LIMITS, Budget, reset_limits

pytestmark = pytest.mark.store


@pytest.fixture
def organiser(app):
    client = app.test_client()
    assert sign_up(client).status_code in (200, 303)
    return client


def search(pattern: str, text: str) -> re.Match[str]:
    found = re.search(pattern, text)
    assert found is not None, pattern
    return found


def create(client, **fields) -> tuple[str, str]:
    """A night at two real tables of four boards (unless ``fields`` say otherwise): its id and code."""
    return create_night(client, **{"title": "Club at tables", "boards": "4", "mode": "tables", "tables": "2", **fields})


def table_codes(client, eid: str) -> dict[int, str]:
    html = client.get(f"/en/teach/club/{eid}/movement").get_data(as_text=True)
    found = re.findall(r'data-table-card="(\d+)".*?data-table-code="([A-Z0-9]{8})"', html, re.S)
    return {int(n): code for n, code in found}


def boards_of(client, code: str) -> dict[int, tuple[int, int]]:
    """The boards the table's page lists, each with the pairs the movement seats there (A, B)."""
    html = client.get(f"/en/club/score/{code}").get_data(as_text=True)
    found = {}
    for section in html.split('class="keeper-round"')[1:]:
        a, b = search(r"A(\d+)(?: \([^)]*\))? against B(\d+)", section).groups()
        for board in re.findall(r'data-board="(\d+)"', section):
            found[int(board)] = (int(a), int(b))
    return found


def enter(client, code: str, board: int, a: int, b: int, pairs: tuple[int, int] | None = None, version=None):
    page = f"/en/club/score/{code}/board/{board}"
    html = client.get(page).get_data(as_text=True)
    if version is None:
        version = search(r'name="version" value="(\d+)"', html).group(1)
    chosen = pairs or tuple(int(v) for v in re.findall(r'<option value="(\d+)" selected>', html))
    data = {"csrf_token": csrf_token(client, page), "version": str(version), "a_points": str(a), "b_points": str(b)}
    data.update({"a_pair": str(chosen[0]), "b_pair": str(chosen[1])})
    return client.post(page, data=data)


def rows(app) -> list[tuple[int, int, int, int, int, int, int]]:
    with app.app_context():
        return [
            (s.board, s.table_no, s.a_pair, s.b_pair, s.a_points, s.b_points, s.version)
            for s in db.session.query(ClubScore).order_by(ClubScore.board, ClubScore.table_no)
        ]


def expected_mp(results: list[tuple[int, str, int]]) -> dict[str, float]:
    """Matchpoints per entrant from (board, entrant, points won minus lost): each entrant against the
    others of the same side (the entrant's first letter) on the same board, 1 for better, ½ for equal."""
    total: dict[str, float] = {}
    for board, who, mine in results:
        others = [p for b, w, p in results if b == board and w != who and w[0] == who[0]]
        total[who] = total.get(who, 0.0) + sum(1.0 if mine > p else 0.5 if mine == p else 0.0 for p in others)
    return total


def test_three_tables_enter_every_board_and_the_table_ranks_each_side(app, organiser):
    eid, _code = create(organiser, tables="3", boards="3")
    codes = table_codes(organiser, eid)
    assert sorted(codes) == [1, 2, 3] and len(set(codes.values())) == 3
    keeper = app.test_client()
    # The points each table's hand gave (A, B) on each board: every one a hand can end with at 0-0.
    points = {1: [(3, 1), (1, 0), (0, 2)], 2: [(2, 2), (0, 1), (4, 0)], 3: [(1, 0), (1, 0), (0, 3)]}
    results = []
    for table, code in codes.items():
        seated = boards_of(keeper, code)
        assert sorted(seated) == [1, 2, 3]  # three rounds of one board: every table plays every board
        for board, (a_pair, b_pair) in seated.items():
            a, b = points[board][table - 1]
            assert enter(keeper, code, board, a, b).status_code == 303
            results += [(board, f"A{a_pair}", a - b), (board, f"B{b_pair}", b - a)]
    for side in "AB":
        for board in (1, 2, 3):
            assert sorted(w for b, w, _p in results if b == board and w[0] == side) == [f"{side}{n}" for n in (1, 2, 3)]
    html = organiser.get(f"/en/teach/club/{eid}").get_data(as_text=True)
    shown = {
        who: float(mp) for who, mp in re.findall(r'data-player="([AB]\d)" data-place="\d+" data-mp="([\d.]+)"', html)
    }
    assert shown == expected_mp(results)
    assert "Results entered: 9 of 9" in html
    traveller = organiser.get(f"/en/teach/club/{eid}/board/1").get_data(as_text=True)
    assert traveller.count("<tr data-table=") == 3
    response = organiser.post(
        f"/en/teach/club/{eid}/export.csv", data={"csrf_token": csrf_token(organiser, f"/en/teach/club/{eid}")}
    )
    lines = response.get_data(as_text=True).lstrip("\ufeff").splitlines()
    assert len(lines) == 7 and lines[0].split(",")[-3:] == ["Board 1", "Board 2", "Board 3"]
    csv_points = {line.split(",")[1]: [int(v) for v in line.split(",")[-3:]] for line in lines[1:]}
    for board, who, margin in results:
        assert csv_points[who][board - 1] == margin


def test_a_double_submission_counts_once_and_a_correction_replaces_it(app, organiser):
    eid, _code = create(organiser)
    code = table_codes(organiser, eid)[1]
    board = min(boards_of(organiser, code))
    page = f"/en/club/score/{code}/board/{board}"
    token = csrf_token(organiser, page)
    form = {"csrf_token": token, "version": "0", "a_pair": "1", "b_pair": "1", "a_points": "2", "b_points": "1"}
    with app.app_context():
        changes = db.session.query(ClubEvent).one().changes
    first, second = organiser.post(page, data=form), organiser.post(page, data=form)
    assert first.status_code == second.status_code == 303  # the second tap is told it is saved
    assert rows(app) == [(board, 1, 1, 1, 2, 1, 1)]
    with app.app_context():
        assert db.session.query(ClubEvent).one().changes == changes + 1
    other = organiser.post(page, data={**form, "a_points": "0", "b_points": "3"})  # a stale new entry
    assert other.status_code == 409 and "another phone" in other.get_data(as_text=True)
    fixed = organiser.post(page, data={**form, "version": "1", "a_points": "0", "b_points": "3"})
    assert fixed.status_code == 303
    assert rows(app) == [(board, 1, 1, 1, 0, 3, 2)]
    stale = organiser.post(page, data={**form, "version": "1", "a_points": "4", "b_points": "0"})
    assert stale.status_code == 409 and rows(app) == [(board, 1, 1, 1, 0, 3, 2)]
    again = organiser.post(page, data={**form, "version": "1", "a_points": "0", "b_points": "3"})
    assert again.status_code == 303  # the correction posted twice: saved once
    assert rows(app)[0][-1] == 2
    listing = organiser.get(f"/en/club/score/{code}?saved={board}").get_data(as_text=True)
    assert 'data-entered="0-3"' in listing and f"Board {board} is saved: A 0, B 3." in listing


def test_a_result_no_hand_can_produce_is_refused(app, organiser):
    eid, _code = create(organiser, scores="random")
    code = table_codes(organiser, eid)[1]
    board = min(boards_of(organiser, code))
    for a, b in ((0, 0), (5, 5), (40, 0)):  # nobody scored; two envidos' worth each; beyond a falta
        refused = enter(organiser, code, board, a, b)
        html = refused.get_data(as_text=True)
        assert refused.status_code == 400 and "No hand of this night&#39;s rules ends" in html, (a, b)
    for a, b in (("", "1"), ("-1", "2"), ("two", "1"), ("1.5", "0")):
        refused = enter(organiser, code, board, a, b)
        assert refused.status_code == 400 and "a whole number for each" in refused.get_data(as_text=True)
    assert enter(organiser, code, board, 1, 0, pairs=(3, 1)).status_code == 400  # no pair 3 at two tables
    assert enter(organiser, code, board, 1, 0, pairs=(1, 1), version="x").status_code == 400
    assert rows(app) == []
    assert enter(organiser, code, board, 1, 0).status_code == 303


def test_a_pair_plays_a_board_once(app, organiser):
    eid, _code = create(organiser)
    codes = table_codes(organiser, eid)
    board = min(boards_of(organiser, codes[1]))
    assert enter(organiser, codes[1], board, 1, 0).status_code == 303
    # Table 2 plays the board in another round; its scorekeeper picks table 1's pairs by mistake.
    wrong = enter(organiser, codes[2], board, 0, 1, pairs=(1, 2))
    assert wrong.status_code == 409 and "already has a result on board" in wrong.get_data(as_text=True)
    assert len(rows(app)) == 1


def test_a_closed_night_takes_no_result_and_shows_the_table_to_everyone(app, organiser):
    eid, code = create(organiser)
    keeper_code = table_codes(organiser, eid)[1]
    board = min(boards_of(organiser, keeper_code))
    assert enter(organiser, keeper_code, board, 1, 0).status_code == 303
    anyone = app.test_client()
    assert "played at real tables" in anyone.get(f"/en/club/{code}").get_data(as_text=True)
    assert anyone.get(f"/en/club/{code}/board/{board}/traveller").status_code == 403
    assert (
        anyone.post(f"/en/club/{code}/join", data={"csrf_token": csrf_token(anyone), "nick": "Ana 2"}).status_code
        == 303
    )
    close = organiser.post(
        f"/en/teach/club/{eid}/close", data={"csrf_token": csrf_token(organiser, f"/en/teach/club/{eid}")}
    )
    assert close.status_code == 303
    late = enter(organiser, keeper_code, board, 0, 1, pairs=(1, 1), version="1")
    assert late.status_code == 409 and "closed the club night" in late.get_data(as_text=True)
    assert rows(app)[0][4:6] == (1, 0)
    page = anyone.get(f"/en/club/{code}").get_data(as_text=True)
    assert 'data-player="A1"' in page and 'data-player="B1"' in page
    assert anyone.get(f"/en/club/{code}/board/{board}/traveller").status_code == 200


def test_the_scorekeeper_is_found_by_the_table_code_alone(app, organiser):
    eid, _code = create(organiser)
    code = table_codes(organiser, eid)[2]
    stranger = app.test_client()
    typed = stranger.get(f"/en/club?code={code[:4].lower()}-{code[4:].lower()}")
    assert typed.status_code == 303 and typed.headers["Location"].endswith(f"/en/club/score/{code}")
    assert stranger.get(f"/en/club/score/{code}").status_code == 200
    assert stranger.get("/en/club/score/ZZZZZZZZ").status_code == 404
    assert stranger.get(f"/en/club/score/{code}/board/99").status_code == 404
    table_one_only = [n for n in range(1, 5) if n not in boards_of(stranger, code)]
    assert all(stranger.get(f"/en/club/score/{code}/board/{n}").status_code == 404 for n in table_one_only)


def test_the_scorekeeper_codes_are_rate_limited_like_the_others(app, organiser, monkeypatch):
    eid, code = create(organiser)
    keeper = table_codes(organiser, eid)[1]
    monkeypatch.setitem(LIMITS, "code:address", Budget(3, 0.001))
    app.config["RATE_LIMITS"] = True
    with app.app_context():
        reset_limits()
    guesser = app.test_client()
    for _ in range(5):  # a right code is never counted
        assert guesser.get(f"/en/club/score/{keeper}").status_code == 200
    statuses = [guesser.get(f"/en/club/score/ZZZZZZZ{c}").status_code for c in "ABCD"]
    assert statuses == [404, 404, 404, 429]
    assert guesser.get("/en/club?code=ZZZZ-ZZZE").status_code == 429  # the same budget as the nights' codes
    assert guesser.get(f"/en/club/{code}").status_code == 200


def test_the_organisers_tables_pages_are_theirs_alone(app, organiser):
    eid, _code = create(organiser)
    other = app.test_client()
    assert sign_up(other, login="garcia", name="Sr Garcia").status_code in (200, 303)
    for client in (other, app.test_client()):
        assert client.get(f"/en/teach/club/{eid}/movement").status_code == 404
        assert client.get(f"/en/teach/club/{eid}/board/1").status_code == 404
        assert client.get(f"/en/teach/club/{eid}/results").status_code == 404
    online, _ = create(organiser, mode="online")
    assert organiser.get(f"/en/teach/club/{online}/movement").status_code == 404


def test_the_tables_must_split_the_boards(app, organiser):
    token = csrf_token(organiser, "/en/teach/club/new")
    form = {"title": "Tables", "boards": "6", "flor": "off", "scores": "zero", "level": "beginner"}
    for fields, text in (
        ({"mode": "tables", "tables": "4"}, "multiple of 4"),
        ({"mode": "tables", "tables": "1"}, "from 2 to 16 tables"),
        ({"mode": "boat"}, "online or at real tables"),
    ):
        response = organiser.post("/en/teach/club/new", data={"csrf_token": token, **form, **fields})
        assert response.status_code == 400 and text in response.get_data(as_text=True)
    assert (
        organiser.post(
            "/en/teach/club/new", data={"csrf_token": token, **form, "mode": "tables", "tables": "3"}
        ).status_code
        == 303
    )


def test_two_against_two_with_flor_takes_what_two_flores_give(app, organiser):
    eid, code = create(organiser, players="4", flor="simple")
    page = app.test_client().get(f"/en/club/{code}").get_data(as_text=True)
    assert "2 against 2, to 30 points" in page and "computer partner" not in page
    keeper = table_codes(organiser, eid)[1]
    first, second = sorted(boards_of(organiser, keeper))[:2]
    # Two partners' flores (3 each) and the hand's point to the other side: only where two flores can be.
    assert enter(organiser, keeper, first, 6, 1).status_code == 303
    assert '<th scope="col">Pair</th>' in organiser.get(f"/en/teach/club/{eid}").get_data(as_text=True)
    one_against_one, _ = create(organiser, title="Singles")
    singles = table_codes(organiser, one_against_one)[1]
    refused = enter(organiser, singles, first, 6, 1)
    assert refused.status_code == 400
    assert enter(organiser, keeper, second, 7, 4).status_code == 303  # an envido of 7, a Vale cuatro


def name_pairs(client, eid: str, names: dict[str, str], rev: str | None = None):
    page = f"/en/teach/club/{eid}/names"
    html = client.get(page).get_data(as_text=True)
    if rev is None:
        rev = search(r'name="rev" value="(\d+)"', html).group(1)
    return client.post(page, data={"csrf_token": csrf_token(client, page), "rev": rev, **names})


def saved_names(app) -> list[dict[str, str] | None]:
    with app.app_context():
        return [e.pair_names for e in db.session.query(ClubEvent).order_by(ClubEvent.id)]


def test_named_pairs_show_after_their_code_everywhere_the_night_shows_them(app, organiser):
    eid, code = create(organiser, players="4")
    assert name_pairs(organiser, eid, {"A1": "  Ana   y Beto ", "B2": "Los del fondo"}).status_code == 303
    assert saved_names(app) == [{"A1": "Ana y Beto", "B2": "Los del fondo"}]
    assert "The names are saved." in organiser.get(f"/en/teach/club/{eid}?named=1").get_data(as_text=True)
    movement = organiser.get(f"/en/teach/club/{eid}/movement").get_data(as_text=True)
    assert "A1 (Ana y Beto) against B1" in movement and "A2 against B2 (Los del fondo)" in movement
    keeper = table_codes(organiser, eid)[1]
    rounds = organiser.get(f"/en/club/score/{keeper}").get_data(as_text=True)
    assert "Round 1: A1 (Ana y Beto) against B1" in rounds
    board = min(boards_of(organiser, keeper))
    form = organiser.get(f"/en/club/score/{keeper}/board/{board}").get_data(as_text=True)
    assert '<option value="1" selected>A1 (Ana y Beto)</option>' in form
    assert '<option value="2">B2 (Los del fondo)</option>' in form
    assert enter(organiser, keeper, board, 3, 1).status_code == 303
    results = organiser.get(f"/en/teach/club/{eid}").get_data(as_text=True)
    assert 'data-player="A1 (Ana y Beto)"' in results and 'data-player="B1"' in results
    traveller = organiser.get(f"/en/teach/club/{eid}/board/{board}").get_data(as_text=True)
    assert "<td>A1 (Ana y Beto)</td><td>B1</td>" in traveller
    token = csrf_token(organiser, f"/en/teach/club/{eid}")
    csv = organiser.post(f"/en/teach/club/{eid}/export.csv", data={"csrf_token": token}).get_data(as_text=True)
    assert "A1 (Ana y Beto)" in csv
    # A blank field takes a name away again.
    assert name_pairs(organiser, eid, {"A1": "", "B2": "Los del fondo"}).status_code == 303
    assert saved_names(app) == [{"B2": "Los del fondo"}]
    assert "A1 against B1" in organiser.get(f"/en/teach/club/{eid}/movement").get_data(as_text=True)


def test_a_wrong_name_is_refused_with_its_reason_and_nothing_is_saved(app, organiser):
    eid, _code = create(organiser)
    long = name_pairs(organiser, eid, {"A1": "x" * 41, "A2": "Caro"})
    assert long.status_code == 400 and "A name has at most 40 characters." in long.get_data(as_text=True)
    assert 'value="Caro"' in long.get_data(as_text=True)  # what was typed is kept
    twice = name_pairs(organiser, eid, {"A1": "Caro", "B1": "caro"})
    assert twice.status_code == 400 and "A1 already has this name" in twice.get_data(as_text=True)
    assert saved_names(app) == [None]
    german = organiser.post(
        f"/de/teach/club/{eid}/names",
        data={"csrf_token": csrf_token(organiser, f"/de/teach/club/{eid}/names"), "rev": "0", "A1": "y" * 50},
    )
    assert german.status_code == 400 and "A name has at most" not in german.get_data(as_text=True)


def test_names_changed_in_another_tab_are_not_overwritten(app, organiser):
    eid, _code = create(organiser)
    assert name_pairs(organiser, eid, {"A1": "Ana"}).status_code == 303
    stale = name_pairs(organiser, eid, {"A1": "Beto"}, rev="0")  # drawn before the first save
    assert stale.status_code == 409 and "changed in another tab" in stale.get_data(as_text=True)
    assert 'value="Ana"' in stale.get_data(as_text=True)
    assert saved_names(app) == [{"A1": "Ana"}]
    assert name_pairs(organiser, eid, {"A1": "Ana"}, rev="x").status_code == 409
    assert organiser.post(f"/en/teach/club/{eid}/names", data={"rev": "1", "A1": "Beto"}).status_code == 400  # no CSRF
    assert saved_names(app) == [{"A1": "Ana"}]


def test_only_the_organiser_names_the_pairs_of_a_night_at_real_tables(app, organiser):
    eid, _code = create(organiser)
    other = app.test_client()
    assert sign_up(other, login="garcia", name="Sr Garcia").status_code in (200, 303)
    token = csrf_token(other, "/en/teach/club")
    assert other.get(f"/en/teach/club/{eid}/names").status_code == 404
    assert (
        other.post(f"/en/teach/club/{eid}/names", data={"csrf_token": token, "rev": "0", "A1": "X"}).status_code == 404
    )
    assert app.test_client().get(f"/en/teach/club/{eid}/names").status_code == 404
    assert saved_names(app) == [None]
    online, _ = create(organiser, mode="online")
    assert organiser.get(f"/en/teach/club/{online}/names").status_code == 404
