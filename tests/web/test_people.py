"""Tables with people (``tutor.web.people``): joining, seats, bots filling and replacing people, a
race of two posts, polling, and a walk where no person's page ever shows another seat's cards."""

from __future__ import annotations

import random
import re

import pytest

from tests.budgets import budget
from tests.conftest import csrf_token, dispose, make_app
from tutor.bots.table import Table
from tutor.engine.notation import parse_rules
from tutor.narration.cards import card_name
from tutor.store import ManualClock, db, use_clock, utcnow
from tutor.store.people import PeopleTable, seating

pytestmark = pytest.mark.store  # reads and writes the store: runs on SQLite and on PostgreSQL

ACTION_RE = re.compile(r'name="action" value="([^"]+)"')
VERSION_RE = re.compile(r'name="version" value="(\d+)"')
REV_RE = re.compile(r'name="rev" value="(\d+)"')
TOKEN_RE = re.compile(r'name="csrf_token" value="([^"]+)"')


def open_table(client, nick="Ana", **fields) -> str:
    """Open a table through the set-up form; returns its path (``/en/people/<code>``)."""
    token = csrf_token(client, "/en/people")
    data = {"players": "4", "preset": "argentino", "flor": "off", "target": "15", "level": "random", "nick": nick}
    response = client.post("/en/people", data={**data, **fields, "csrf_token": token})
    assert response.status_code == 303, response.get_data(as_text=True)[:500]
    return response.headers["Location"]


def join(client, path: str, nick: str, seat: int | None = None):
    token = csrf_token(client, path)
    data = {"csrf_token": token, "nick": nick}
    if seat is not None:
        data["seat"] = str(seat)
    return client.post(path + "/join", data=data)


def grab(pattern: re.Pattern[str], html: str) -> str:
    """The first group of ``pattern`` in ``html`` (the page must have it)."""
    found = pattern.search(html)
    assert found is not None, pattern.pattern
    return found.group(1)


def host_do(client, path: str, do: str, **fields):
    html = client.get(path).get_data(as_text=True)
    rev = grab(REV_RE, html)
    return client.post(path + "/host", data={"csrf_token": grab(TOKEN_RE, html), "rev": rev, "do": do, **fields})


def stored(app, path: str) -> tuple[PeopleTable, Table]:
    code = path.rstrip("/").rsplit("/", 1)[1]
    with app.app_context():
        row = db.session.scalar(db.select(PeopleTable).where(PeopleTable.code == code))
        db.session.expunge(row)
    humans = seating(row).humans() if row.state == "playing" else range(row.players)
    return row, Table(parse_rules(row.rules), row.seed, row.level, log=row.log, humans=humans)


def post_action(client, path: str, html: str, action: str):
    token = grab(TOKEN_RE, html)
    version = grab(VERSION_RE, html)
    return client.post(path + "/act", data={"csrf_token": token, "version": version, "action": action})


def other_seats_cards(table: Table, seat: int) -> set:
    """The cards of the other seats that ``seat`` has not seen (never played, never shown)."""
    view = table.hand.view_for(seat)
    seen = {card for trick in view.tricks for _, card in trick} | {card for _, card in view.current_trick}
    seen |= {card for cards in view.shown.values() for card in cards}
    return {card for s, cards in enumerate(table.hand.hands) if s != seat for card in cards if card not in seen}


def assert_only_own_cards(html: str, table: Table, seat: int) -> None:
    for card in other_seats_cards(table, seat):
        assert f'data-card="{card.notation}"' not in html, card
        assert card_name(card) not in html, card_name(card)
        assert re.search(rf'value="{re.escape(card.notation)}"', html) is None, card


def test_open_join_and_take_seats(app, client):
    path = open_table(client)
    lobby = client.get(path).get_data(as_text=True)
    code = path.rsplit("/", 1)[1]
    assert f"data-table-code>{code}<" in lobby and 'class="qr"' in lobby
    assert "Start the match" in lobby  # the host's page
    bea, cai = app.test_client(), app.test_client()
    assert bea.get(f"/en/people?code={code.lower()}").headers["Location"].endswith(path)  # the code, typed
    assert join(bea, path, "Bea", seat=2).status_code == 303
    assert "Start the match" not in bea.get(path).get_data(as_text=True)  # not the host
    taken = join(cai, path, "bea")  # the same nickname, other capitals
    assert taken.status_code == 400 and "already has that nickname" in taken.get_data(as_text=True)
    assert join(cai, path, "Cai", seat=2).status_code == 303  # seat 2 is Bea's: the first free one
    row, _ = stored(app, path)
    assert [s and s["nick"] for s in row.seats] == ["Ana", "Cai", "Bea", None]
    assert "Cai" not in str(row.seats[1]["token"])  # the store keeps a hash, not the name or the token
    html = cai.get(path).get_data(as_text=True)  # Cai moves to the last free seat
    moved = cai.post(
        path + "/move",
        data={"csrf_token": TOKEN_RE.search(html).group(1), "rev": REV_RE.search(html).group(1), "seat": "3"},
    )
    assert moved.status_code == 303
    row, _ = stored(app, path)
    assert [s and s["nick"] for s in row.seats] == ["Ana", None, "Bea", "Cai"]
    assert client.get("/en/people/ZZZZZZ").status_code == 404


def test_start_fills_empty_seats_with_bots_and_each_sees_own_cards(app, client):
    path = open_table(client)
    bea = app.test_client()
    join(bea, path, "Bea", seat=1)
    assert host_do(bea, path, "start").status_code == 403  # only the host starts
    assert host_do(client, path, "start").status_code == 303
    row, table = stored(app, path)
    assert row.state == "playing" and table.humans == {0, 1}
    assert table.hand.to_act in (0, 1) or table.hand.is_over  # the bots acted until a person's turn
    for browser, seat in ((client, 0), (bea, 1)):
        html = browser.get(path).get_data(as_text=True)
        for card in table.hand.hands[seat]:
            if card not in {c for t in table.hand.view_for(seat).tricks for _, c in t}:
                assert f'data-card="{card.notation}"' in html
        assert_only_own_cards(html, table, seat)
    assert "Hints are off at this table." in client.get(path).get_data(as_text=True)
    assert 'action="/en/people/' + path.rsplit("/", 1)[1] + '/hint"' not in client.get(path).get_data(as_text=True)


def test_a_late_arrival_waits_and_takes_a_bots_seat_between_hands(app, client):
    path = open_table(client, players="2")
    host_do(client, path, "start")
    late = app.test_client()
    assert join(late, path, "Dani").status_code == 303
    assert "waiting list" in late.get(path).get_data(as_text=True)
    row, table = stored(app, path)
    refused = host_do(client, path, "seat", seat="1", who="0")
    if not table.hand.is_over:
        assert refused.status_code == 400 and "between hands" in refused.get_data(as_text=True)
        html = client.get(path).get_data(as_text=True)
        while "mazo" in ACTION_RE.findall(html):  # the host ends the hand
            post_action(client, path, html, "mazo")
            html = client.get(path).get_data(as_text=True)
            break
    _, table = stored(app, path)
    assert table.hand.is_over
    before = table.hand_index
    assert host_do(client, path, "seat", seat="1", who="0").status_code == 303
    row, table = stored(app, path)
    assert [s and s["nick"] for s in row.seats] == ["Ana", "Dani"] and row.waiting == []
    # The next hand is dealt at once: Dani's page is of a hand Dani plays, none of whose moves in
    # Dani's seat were a computer player's (they would read "You play ..." on Dani's page).
    assert table.hand_index == before + 1 and table.humans == {0, 1}
    assert all(e.by == "learner" for e in table.hand_entries() if e.seat == 1)
    page = late.get(path).get_data(as_text=True)
    assert 'data-card="' in page and 'class="timeline' in page
    refused = late.get(f"{path}/review/{before + 1}")
    assert refused.status_code == 403 and "played by someone else" in refused.get_data(as_text=True)
    assert client.get(f"{path}/review/{before + 1}").status_code == 200  # the host played it


def test_the_host_replaces_an_idle_player_with_a_bot(app, client):
    clock = use_clock(app, ManualClock(utcnow()))
    path = open_table(client, players="2")
    bea = app.test_client()
    join(bea, path, "Bea")
    host_do(client, path, "start")
    html = client.get(path).get_data(as_text=True)
    _, table = stored(app, path)
    if table.hand.to_act == 0:  # the host plays until it is Bea's turn
        post_action(client, path, html, ACTION_RE.findall(html)[0])
    _, table = stored(app, path)
    if table.hand.is_over or table.hand.to_act != 1:
        pytest.skip("this deal gives Bea no turn")  # pragma: no cover - the seed of the test's deal decides
    early = host_do(client, path, "bot", seat="1")
    assert early.status_code == 400 and "waited on them" in early.get_data(as_text=True)
    clock.advance(seconds=61)
    assert "Give this seat to a computer player" in client.get(path).get_data(as_text=True)
    assert host_do(client, path, "bot", seat="1").status_code == 303
    row, table = stored(app, path)
    assert row.seats[1] is None and table.humans == {0}
    assert table.hand.is_over or table.hand.to_act == 0  # the bot played Bea's turn
    page = bea.get(path).get_data(as_text=True)
    assert "data-card" not in page  # Bea no longer sees the table's cards, and is told why
    assert 'data-status="lost"' in page and "The host gave your seat to a computer player." in page
    newcomer = app.test_client().get(path).get_data(as_text=True)
    assert 'data-status="lost"' not in newcomer  # someone who never sat here is not told so


def test_two_posts_at_once_one_wins_the_other_gets_409(app, client):
    path = open_table(client, players="2")
    host_do(client, path, "start")
    _, table = stored(app, path)
    if table.hand.to_act != 0:
        pytest.skip("the deal starts with the bot")  # pragma: no cover
    html = client.get(path).get_data(as_text=True)
    second = app.test_client()  # the same seat on another device (the seat's link)
    resume = re.search(r'href="(/en/people/[A-Z0-9]+/resume/[^"]+)"', html).group(1)
    assert second.get(resume).status_code == 303
    other_html = second.get(path).get_data(as_text=True)
    actions = ACTION_RE.findall(html)
    first = post_action(client, path, html, actions[0])
    assert first.status_code == 303
    after, table_after = stored(app, path)
    late = post_action(second, path, other_html, actions[-1])
    assert late.status_code == 409 and "already moved on" in late.get_data(as_text=True)
    again, table_again = stored(app, path)
    assert again.log == after.log and again.rev == after.rev


def test_a_compare_and_swap_race_in_the_store(app, client):
    path = open_table(client)
    code = path.rsplit("/", 1)[1]
    with app.app_context():
        from tutor.store import current_store

        people = current_store().people
        first, second = people.by_code(code), people.by_code(code)
        rev = first.rev
        assert people.swap(first, rev, hints=True)
        assert not people.swap(second, rev, hints=False)  # the second write with the old rev changes nothing
        assert people.by_code(code).hints is True


def test_poll_answers_204_until_the_table_changes(app, client):
    path = open_table(client)
    row, _ = stored(app, path)
    assert client.get(f"{path}/poll?v={row.rev}&at=lobby").status_code == 204
    join(app.test_client(), path, "Bea")
    changed = client.get(f"{path}/poll?v={row.rev}&at=lobby")
    assert changed.status_code == 200 and changed.headers["HX-Refresh"] == "true"


def test_hints_are_off_until_the_host_allows_them(app, client):
    path = open_table(client, players="2")
    host_do(client, path, "start")
    html = client.get(path).get_data(as_text=True)
    assert client.post(path + "/hint", data={"csrf_token": TOKEN_RE.search(html).group(1)}).status_code == 403
    assert host_do(client, path, "hints-on").status_code == 303
    assert "Hints are allowed at this table." in client.get(path).get_data(as_text=True)


@pytest.mark.parametrize("players", [4, 6])
def test_hidden_card_walk_with_three_people(tmp_path, players):
    """Three people at a table (bots in the other seats) play random legal actions from their own
    pages until the match ends; every page of every person is checked after every step."""
    app = make_app(tmp_path)
    browsers = [app.test_client() for _ in range(3)]
    rng = random.Random(players)
    for _game in range(budget(2, fast=1)):
        path = open_table(browsers[0], nick="P0", players=str(players), level=rng.choice(["random", "beginner"]))
        for k in (1, 2):
            assert join(browsers[k], path, f"P{k}", seat=k * 2 - 1 if players == 4 else k * 2).status_code == 303
        host_do(browsers[0], path, "start")
        for _step in range(600):
            row, table = stored(app, path)
            seats = seating(row)
            pages = {}
            for browser in browsers:
                seat = seats.seat_of(browser.get_cookie(f"tutor_people_{row.code}").value)
                pages[seat] = browser, browser.get(path).get_data(as_text=True)
                assert_only_own_cards(pages[seat][1], table, seat)
            if table.is_over:
                break
            actor = table.hand.to_act if not table.hand.is_over else rng.choice(sorted(pages))
            assert actor in pages, "the bots stop only at a person's turn"
            browser, html = pages[actor]
            actions = ACTION_RE.findall(html)
            response = post_action(browser, path, html, rng.choice(actions))
            assert response.status_code == 303, response.get_data(as_text=True)[:300]
        else:
            pytest.fail("the match did not end")
        assert browsers[1].get(f"{path}/review/1").status_code == 200
    dispose(app)


SENA_CHOICE_RE = re.compile(r'<input type="checkbox" name="sena" value="([a-z_]+)">')
SEAT_BLOCK_RE = re.compile(
    r'<div class="seat area-\w+ (seat-me|seat-partner|seat-opponent)[^"]*"[^>]*>.*?(?=<div class="seat area-|<div class="area-center)',
    re.S,
)


def seat_faces(html: str) -> dict[str, list[str]]:
    """The seña faces drawn on the seats of a page, by kind of seat."""
    found: dict[str, list[str]] = {"seat-me": [], "seat-partner": [], "seat-opponent": []}
    for match in SEAT_BLOCK_RE.finditer(html):
        found[match.group(1)] += re.findall(r'class="sena-face sena-([a-z_]+)"', match.group(0))
    return found


def test_a_person_makes_their_own_senas_and_only_their_partner_sees_them(app, client):
    """Four people: no seña shows before one is made (none is made for a person from their cards); the
    one to act ticks a seña with a card; it shows on their own seat and their partner's page, and on
    an opponent's page only if that opponent caught it (the table's "now and then")."""
    outcomes: set[bool] = set()
    for attempt in range(30):
        if outcomes == {True, False}:
            break
        browsers = {0: app.test_client()}
        path = open_table(browsers[0], nick=f"A{attempt}")
        for seat, nick in ((1, "B"), (2, "C"), (3, "D")):
            browsers[seat] = app.test_client()
            assert join(browsers[seat], path, f"{nick}{attempt}", seat=seat).status_code == 303
        host_do(browsers[0], path, "start")
        _row, table = stored(app, path)
        seat = table.hand.to_act
        pages = {s: b.get(path).get_data(as_text=True) for s, b in browsers.items()}
        for s, html in pages.items():
            assert seat_faces(html) == {"seat-me": [], "seat-partner": [], "seat-opponent": []}, s
            assert bool(SENA_CHOICE_RE.findall(html)) == (s == seat)  # the choices on one's own turn only
        choices = SENA_CHOICE_RE.findall(pages[seat])
        assert "tres" in choices and "nada" in choices
        card = next(a for a in ACTION_RE.findall(pages[seat]) if re.fullmatch(r"\d+[ebco]", a))
        data = {
            "csrf_token": grab(TOKEN_RE, pages[seat]),
            "version": grab(VERSION_RE, pages[seat]),
            "action": card,
            "sena": ["tres"],
        }
        assert browsers[seat].post(path + "/act", data=data).status_code == 303
        _row, table = stored(app, path)
        assert table.hand_entries()[0].senas == ("tres",)
        pages = {s: b.get(path).get_data(as_text=True) for s, b in browsers.items()}
        assert seat_faces(pages[seat])["seat-me"] == ["bite_lip"]
        assert seat_faces(pages[(seat + 2) % 4])["seat-partner"] == ["bite_lip"]
        for opponent in ((seat + 1) % 4, (seat + 3) % 4):
            faces = seat_faces(pages[opponent])
            caught = seat in table.noticed_by(opponent)
            assert faces["seat-partner"] == [] and faces["seat-me"] == []
            assert faces["seat-opponent"] == (["bite_lip"] if caught else [])
            assert ("Caught:" in pages[opponent]) == caught
            assert ("You caught a seña (made by: " in pages[opponent]) == caught
            outcomes.add(caught)
    assert outcomes == {True, False}, "in 30 tables an opponent always or never caught the seña"


def test_a_sena_a_person_may_not_make_is_refused_and_changes_nothing(app, client):
    path = open_table(client)
    bea = app.test_client()
    join(bea, path, "Bea", seat=2)
    host_do(client, path, "start")
    row, table = stored(app, path)
    seat = table.hand.to_act
    browser = client if seat == 0 else bea
    html = browser.get(path).get_data(as_text=True)
    card = next(a for a in ACTION_RE.findall(html) if re.fullmatch(r"\d+[ebco]", a))
    data = {"csrf_token": grab(TOKEN_RE, html), "version": grab(VERSION_RE, html), "action": card}
    for wrong in (["tres", "dos", "ancho_espada"], ["truc_as"], ["made_up"]):
        refused = browser.post(path + "/act", data={**data, "sena": wrong})
        assert refused.status_code == 400
        assert "Those señas cannot be made now" in refused.get_data(as_text=True)
        assert stored(app, path)[0].rev == row.rev


@pytest.mark.parametrize("typed", ["", "   "])
def test_an_empty_code_asks_for_the_code(app, client, typed):
    response = client.get(f"/en/people?code={typed}")
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert "Type the table&#39;s code" in page and "No table has that code" not in page


def test_the_lobby_says_who_is_on_each_team_and_what_an_empty_seat_becomes(app, client):
    path = open_table(client, nick="Ana")
    bea = app.test_client()
    join(bea, path, "Bea", seat=1)
    newcomer = app.test_client().get(path).get_data(as_text=True)
    choices = re.findall(
        r'<label class="choice"><input type="radio" name="seat" value="(\d)"[^>]*> ([^<]+)</label>', newcomer
    )
    assert choices == [("2", "Seat 3 (team 1, with Ana)"), ("3", "Seat 4 (team 2, with Bea)")]
    host = client.get(path).get_data(as_text=True)
    assert host.count("free: if nobody takes it, a computer player (random) plays here") == 2
    assert host.count(">Move to this seat</button>") == 2
    host_do(client, path, "start")
    playing = client.get(path).get_data(as_text=True)
    assert "free: if nobody takes it" not in playing and "a computer player (random)" in playing


def test_seat_choices_at_a_two_player_table_name_no_teammates(app, client):
    path = open_table(client, nick="Ana", players="2")
    newcomer = app.test_client().get(path).get_data(as_text=True)
    assert "Seat 2 (team 2)" in newcomer and "with Ana" not in newcomer


def test_seats_at_the_table_carry_the_peoples_nicknames(app, client):
    path = open_table(client, nick="Ana")
    bea = app.test_client()
    join(bea, path, "Bea", seat=2)
    host_do(client, path, "start")
    page = client.get(path).get_data(as_text=True)
    nicks = re.findall(r'<span class="seat-nick" translate="no">([^<]+)</span>', page)
    assert sorted(nicks) == ["Ana", "Bea"]  # the computer players' seats have none
    assert 'aria-label="Your partner (Bea)"' in page


def test_a_code_that_finds_nothing_stays_in_the_field(app, client):
    response = client.get("/en/people?code=ZZZZZZ")
    assert response.status_code == 404
    assert 'name="code"' in (page := response.get_data(as_text=True)) and 'value="ZZZZZZ"' in page


def test_the_hosts_lobby_says_when_everyone_is_seated(app, client):
    path = open_table(client, nick="Ana", players="2")
    assert "the empty seats are played by the computer" in client.get(path).get_data(as_text=True)
    join(app.test_client(), path, "Bea")
    page = client.get(path).get_data(as_text=True)
    assert "Everyone is seated: start the match when you are ready." in page
    assert "the empty seats are played by the computer" not in page
