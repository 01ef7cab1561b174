"""Señas at the table with computer players (docs/rules/catalan.md §9.2.10, docs/rules/argentine.md §7.5),
Catalan Truc at four players first: the partner shows the game's own señas, true of its cards, and the
opponents' only those the learner caught, marked so; the learner may make señas too (the game's set, at most two, once a hand, true or not),
with a move: its partner knows them from then on, the learner's own seat shows them, and a refused
choice is a 400 that changes nothing. None with two players."""

from __future__ import annotations

import re

import pytest

from tutor.bots.senas import SENA_CARDS, Sena
from tutor.engine.determinize import HandFact

from .test_play import ACTION_RE, VERSION_RE, new_game, stored_table

pytestmark = pytest.mark.store  # reads and writes the store: runs on SQLite and on PostgreSQL

FACE_OF = {"wink": Sena.TRUC_TRES, "kiss": Sena.TRUC_DOS, "tongue": Sena.TRUC_AS}
"""The Catalan señas by their drawing: one eye closed a three, pursed lips a two, the tongue an ace."""
SEAT_FACES = re.compile(
    r'<div class="seat area-(\w+) ([\w-]+)[^"]*"[^>]*>.*?(?=<div class="seat area-|<div class="area-center)', re.S
)
CHOICE_RE = re.compile(r'<input type="checkbox" name="sena" value="([a-z_]+)">')


def faces(html: str) -> dict[str, list[str]]:
    """The seña faces drawn at each seat, by the seat's kind (seat-me, seat-partner, seat-opponent)."""
    found: dict[str, list[str]] = {"seat-me": [], "seat-partner": [], "seat-opponent": []}
    for _area, kind, block in ((m.group(1), m.group(2), m.group(0)) for m in SEAT_FACES.finditer(html)):
        found[kind] += re.findall(r'class="sena-face sena-([a-z_]+)"', block)
    return found


def act(client, path: str, html: str, action: str, senas: list[str]):
    token = re.search(r'name="csrf_token" value="([^"]+)"', html)
    version = VERSION_RE.search(html)
    assert token is not None and version is not None
    data = {"csrf_token": token.group(1), "version": version.group(1), "action": action, "sena": senas}
    return client.post(path, data=data)


def test_the_catalan_partner_shows_its_true_senas_and_the_opponents_only_when_caught(app, client):
    shown = 0
    for _deal in range(8):
        path = new_game(client, preset="catalan", players="4", level="beginner")
        html = client.get(path).get_data(as_text=True)
        _game, table = stored_table(app, path)
        seen = faces(html)
        assert seen["seat-me"] == []
        caught = table.noticed_by(0)  # the opponents' señas the learner happened to see, marked so
        assert ("Caught:" in html) == bool(caught) and bool(seen["seat-opponent"]) == bool(caught)
        for face in seen["seat-opponent"]:
            assert any(set(table.hand.deal[s]) & set(SENA_CARDS[FACE_OF[face]]) for s in caught), face
        partner_cards = set(table.hand.deal[2])
        for face in seen["seat-partner"]:
            assert face in FACE_OF, face  # only the Catalan three: no Argentine seña, no "nothing"
            assert partner_cards & set(SENA_CARDS[FACE_OF[face]]), (face, partner_cards)  # true
        # A partner holding a three, a two or an ace shows it (at most two señas).
        signalled = {sena for sena, cards in FACE_OF.items() if partner_cards & set(SENA_CARDS[cards])}
        assert len(seen["seat-partner"]) == min(2, len(signalled))
        shown += len(seen["seat-partner"])
    assert shown


def _first_turn(app, client, **fields) -> tuple[str, str]:
    """A new game whose learner has a turn in its first hand (the deal is drawn until one does)."""
    for _try in range(10):
        path = new_game(client, **fields)
        html = client.get(path).get_data(as_text=True)
        if ACTION_RE.findall(html) and "next" not in ACTION_RE.findall(html):
            return path, html
    pytest.fail("no first turn in ten deals")


def test_the_learner_makes_catalan_senas_with_a_move_and_the_partner_knows_them(app, client):
    path, html = _first_turn(app, client, preset="catalan", players="4", level="beginner")
    assert CHOICE_RE.findall(html) == ["truc_tres", "truc_dos", "truc_as"]  # the game's set, nothing else
    assert "Closes one eye: a three" in html and "Shows the tip of the tongue: an ace" in html
    card = next(a for a in ACTION_RE.findall(html) if a[0].isdigit())
    response = act(client, path, html, card, ["truc_tres", "truc_as"])  # true or not: the learner's choice
    assert response.status_code == 303, response.get_data(as_text=True)[:300]
    game, table = stored_table(app, path)
    (mine,) = [entry for entry in game.log[0] if entry["s"] == 0][:1]
    assert mine["a"] == f"0:{card}" and mine["g"] == ["truc_tres", "truc_as"]
    assert table.senas_shown(0) == (Sena.TRUC_TRES, Sena.TRUC_AS)
    threes, aces = (frozenset(SENA_CARDS[s]) for s in (Sena.TRUC_TRES, Sena.TRUC_AS))
    known = table.facts_for(2)  # the partner knows them from then on
    assert HandFact(0, any_of=threes) in known and HandFact(0, any_of=aces) in known
    page = client.get(path).get_data(as_text=True)
    if not table.hand.is_over:
        assert sorted(faces(page)["seat-me"]) == ["tongue", "wink"]  # the learner's own seat shows them
        assert CHOICE_RE.findall(page) == []  # once a hand


@pytest.mark.parametrize(
    "senas",
    [["ancho_espada"], ["truc_tres", "truc_dos", "truc_as"], ["wink"]],
    ids=["argentine-sena", "three-senas", "not-a-sena"],
)
def test_a_sena_that_cannot_be_made_is_a_400_that_changes_nothing(app, client, senas):
    path, html = _first_turn(app, client, preset="catalan", players="4", level="beginner")
    before, _table = stored_table(app, path)
    card = next(a for a in ACTION_RE.findall(html) if a[0].isdigit())
    response = act(client, path, html, card, senas)
    assert response.status_code == 400
    assert "Those señas cannot be made now" in response.get_data(as_text=True)
    after, _table = stored_table(app, path)
    assert after.log == before.log and after.version == before.version


def test_the_argentine_set_at_four_and_no_senas_with_two_players(app, client):
    _path, html = _first_turn(app, client, players="4", flor="simple", level="random")
    choices = CHOICE_RE.findall(html)
    assert choices[:2] == ["ancho_espada", "ancho_basto"] and choices[-2:] == ["flor", "nada"]
    path, html = _first_turn(app, client, players="2", level="random")
    assert CHOICE_RE.findall(html) == []
    card = next(a for a in ACTION_RE.findall(html) if a[0].isdigit())
    assert act(client, path, html, card, ["nada"]).status_code == 400  # no partner to signal to


def test_the_opponents_catch_the_learners_senas_now_and_then():
    """As a computer player's: each opponent notices them with a chance of one in four (own choice,
    docs/rules/decisions.md "Señas"), the same on every replay of the log."""
    from tutor.bots.table import Table
    from tutor.engine.notation import parse_rules

    rules = parse_rules("catalan:players=4")
    caught = made = 0
    for seed in range(40):
        table = Table(rules, seed, "random")
        if not table.learner_to_act:
            continue
        card = next(str(a).split(":", 1)[1] for a in table.view().legal_actions if str(a)[2:3].isdigit())
        table.play(card, senas=["truc_dos"])
        made += 1
        by = [observer for observer in (1, 3) if 0 in table.noticed_by(observer, 0)]
        again = Table(rules, seed, "random", log=table.log())
        assert [observer for observer in (1, 3) if 0 in again.noticed_by(observer, 0)] == by
        caught += bool(by)
    assert made >= 20 and 0 < caught < made


MINEIRO_FACE_OF = {
    "wink": Sena.ZAP,
    "eyebrows": Sena.COPAS,
    "puff_cheek": Sena.ESPADILHA,
    "tongue": Sena.PICA_FUMO,
    "shoulder": Sena.MINEIRO_TRES,
}
"""Truco Mineiro's señas by their drawing (docs/rules/mineiro.md §9.3.11)."""


def _mineiro_play(app, client) -> tuple[str, str]:
    """A new four-player Truco Mineiro game past the mão's keep, pass or burn (the learner keeps, if
    it is the mão): its path and page."""
    path = new_game(client, preset="mineiro", players="4", level="beginner")
    html = client.get(path).get_data(as_text=True)
    if "keep" in ACTION_RE.findall(html):
        assert CHOICE_RE.findall(html) == []  # no señas before the cards are dealt
        assert act(client, path, html, "keep", []).status_code == 303
        html = client.get(path).get_data(as_text=True)
    return path, html


def test_the_mineiro_partner_shows_the_games_own_senas_true_of_its_cards(app, client):
    shown = 0
    for _deal in range(8):
        path, html = _mineiro_play(app, client)
        _game, table = stored_table(app, path)
        seen = faces(html)
        assert seen["seat-me"] == []
        assert bool(seen["seat-opponent"]) == bool(table.noticed_by(0)) == ("Caught:" in html)
        partner_cards = set(table.hand.view_for(2).dealt)
        for face in seen["seat-partner"]:
            assert face in MINEIRO_FACE_OF, face  # no Argentine seña at this table
            assert partner_cards & set(SENA_CARDS[MINEIRO_FACE_OF[face]]), (face, partner_cards)
        shown += len(seen["seat-partner"])
    assert shown


def test_the_learner_chooses_from_the_mineiro_set(app, client):
    for _try in range(10):
        path, html = _mineiro_play(app, client)
        if any(a[0].isdigit() or a[0] == "~" for a in ACTION_RE.findall(html)):
            break
    assert CHOICE_RE.findall(html) == [
        "mineiro_zap",
        "mineiro_copas",
        "mineiro_espadilha",
        "mineiro_pica_fumo",
        "mineiro_tres",
    ]
    assert "Winks: the zap (4♣)" in html and "Raises a shoulder: a three" in html
    card = next(a for a in ACTION_RE.findall(html) if a[0].isdigit() or a[0] == "~")
    assert act(client, path, html, card, ["ancho_basto"]).status_code == 400  # an Argentine seña
    response = act(client, path, html, card, ["mineiro_zap"])
    assert response.status_code == 303, response.get_data(as_text=True)[:300]
    _game, table = stored_table(app, path)
    assert table.senas_shown(0) == (Sena.ZAP,)
    assert HandFact(0, any_of=frozenset(SENA_CARDS[Sena.ZAP])) in table.facts_for(2)
