"""The anotador (tutor/web/anotador): the awards' values embedded in the page against the rules
(docs/rules/argentine.md §4.2.4, §4.2.5, §5.2, §7.1, §8), and the read-only share of a score
(CSRF, the keeper's key, versions, 204 while unchanged, refusals as translated 4xx)."""

from __future__ import annotations

import html
import json
import re

import pytest

from tests.conftest import csrf_token, find_all

pytestmark = pytest.mark.store  # the share writes the store: runs on SQLite and on PostgreSQL

PAGE = "/en/anotador"


def embedded(client, path: str = PAGE) -> tuple[dict, dict]:
    text = client.get(path).get_data(as_text=True)
    values = re.search(r"data-values='([^']*)'", text)
    texts = re.search(r"data-texts='([^']*)'", text)
    assert values and texts
    return json.loads(html.unescape(values.group(1))), json.loads(html.unescape(texts.group(1)))


def test_falta_envido_is_what_the_leader_needs_at_every_score(client):
    values, _texts = embedded(client)
    for target in (15, 30):
        falta = values[str(target)]["falta"]
        assert len(falta) == target  # one value per score of the leading team, 0 to target - 1
        for leader in range(target):
            assert falta[leader] == target - leader
    # docs/rules §4.2.5: at 12 to 20 of 30 the falta is worth 10; with a leader on 22, 8.
    assert values["30"]["falta"][max(12, 20)] == 10
    assert values["30"]["falta"][22] == 8
    assert values["15"]["falta"][0] == 15 and values["15"]["falta"][14] == 1


def test_the_fixed_awards_are_the_rules_values(client):
    values, _texts = embedded(client)
    for target in ("15", "30"):
        points = {key: award["points"] for key, award in values[target]["awards"].items()}
        # §4.2.2 and §4.2.5 accepted, §4.2.4 declined
        assert points["envido:q"] == 2 and points["envido:n"] == 1
        assert points["real_envido:q"] == 3 and points["real_envido:n"] == 1
        assert points["envido-envido:q"] == 4 and points["envido-envido:n"] == 2
        assert points["envido-real_envido:q"] == 5 and points["envido-real_envido:n"] == 2
        assert points["envido-envido-real_envido:q"] == 7 and points["envido-envido-real_envido:n"] == 4
        assert points["envido-real_envido-falta_envido:n"] == 5
        assert points["falta_envido:n"] == 1
        assert points["falta_envido:q"] is None and values[target]["awards"]["falta_envido:q"]["by"] == "falta"
        # §5.2: accepted the call's value, declined the level below; a hand without truco is 1
        assert (points["truco:q"], points["truco:n"]) == (2, 1)
        assert (points["retruco:q"], points["retruco:n"]) == (3, 2)
        assert (points["vale_cuatro:q"], points["vale_cuatro:n"]) == (4, 3)
        assert points["hand"] == 1
        # §8: a flor is 3, contraflor 6 (declined 4)
        assert points["flor"] == 3 and (points["contraflor:q"], points["contraflor:n"]) == (6, 4)
        ends = {key for key, award in values[target]["awards"].items() if award["endsHand"]}
        assert ends == {"hand", "truco:q", "truco:n", "retruco:q", "retruco:n", "vale_cuatro:q", "vale_cuatro:n"}
    # Contraflor al resto: what the leader needs plus 3 per flor (two): at 18 to 9 of 30, 12 + 6.
    assert values["30"]["resto"][18] == 18


def test_malas_and_buenas_are_said_and_drawn_as_the_table_does(client):
    values, _texts = embedded(client)
    scores = values["30"]["scores"]
    assert scores[15]["said"] == "15 malas" and scores[16]["said"] == "1 buena" and scores[23]["said"] == "8 buenas"
    for score in range(31):
        zones = dict(scores[score]["zones"])
        assert sum(zones["malas"]) == min(score, 15) and sum(zones["buenas"]) == max(0, score - 15)
        assert all(0 <= n <= 5 for n in zones["malas"] + zones["buenas"])
    # A game to 15 is told in points, every stick in one run.
    assert values["15"]["scores"][7]["said"] == "7 points"
    assert sum(dict(values["15"]["scores"][9]["zones"])["all"]) == 9
    spanish, _texts = embedded(client, "/es/anotador")
    assert spanish["30"]["scores"][15]["said"] == "15 malas" and spanish["30"]["scores"][17]["said"] == "2 buenas"


def test_the_page_has_no_inline_script_or_style_and_labels_every_button(client):
    response = client.get(PAGE)
    text = response.get_data(as_text=True)
    assert "unsafe-inline" not in response.headers["Content-Security-Policy"]
    assert all(s.attrs.get("src") for s in find_all(text, "script"))
    assert " style=" not in text
    buttons = [b for b in find_all(text, "button") if "data-award" in b.attrs]
    assert len(buttons) == 22 + 7 + 5  # 11 envido ladders accepted or declined, the hand and truco, flor
    assert all(b.text.strip() for b in buttons)
    assert find_all(text, "p", id="anotador-status")[0].attrs["aria-live"] == "polite"
    assert "/static/anotador.js" in text


def test_the_service_worker_may_control_the_page(client):
    response = client.get("/de/anotador/sw.js")
    assert response.status_code == 200 and response.mimetype == "text/javascript"
    assert response.headers["Service-Worker-Allowed"] == "/de/anotador"
    assert b"caches" in response.data


def snapshot(**changes):
    value = {"target": 30, "teams": ["Ana", "Beto"], "dealer": 1, "events": [[0, "envido:q", 2], [1, "truco:q", 2]]}
    value.update(changes)
    return value


def post(client, path, body, token=None):
    headers = {"X-CSRFToken": token} if token else {}
    return client.post(path, data=json.dumps(body), content_type="application/json", headers=headers)


def test_a_shared_score_is_read_by_version_and_only_the_keeper_changes_it(app, client):
    token = csrf_token(client, PAGE)
    assert post(client, "/en/anotador/share", {"version": 1, "snapshot": snapshot()}).status_code == 400  # no CSRF
    created = post(client, "/en/anotador/share", {"version": 1, "snapshot": snapshot()}, token)
    assert created.status_code == 201
    share = created.get_json()
    assert share["url"].endswith(f"/en/anotador/s/{share['id']}")
    viewer = app.test_client()
    assert viewer.get(f"/en/anotador/s/{share['id']}").status_code == 200
    feed = f"/en/anotador/share/{share['id']}"
    first = viewer.get(f"{feed}?version=0")
    assert first.status_code == 200 and first.get_json() == {"version": 1, "snapshot": snapshot()}
    assert viewer.get(f"{feed}?version=1").status_code == 204
    newer = snapshot(events=[[0, "envido:q", 2]])
    wrong = post(client, feed, {"key": share["key"] + "x", "version": 2, "snapshot": newer}, token)
    assert wrong.status_code == 404 and wrong.get_json()["error"]
    assert viewer.get(f"{feed}?version=1").status_code == 204
    assert post(client, feed, {"key": share["key"], "version": 2, "snapshot": newer}, token).get_json()["written"]
    again = post(client, feed, {"key": share["key"], "version": 2, "snapshot": snapshot()}, token)
    late = post(client, feed, {"key": share["key"], "version": 1, "snapshot": snapshot()}, token)
    assert again.get_json()["written"] is False and late.get_json()["written"] is False
    assert viewer.get(f"{feed}?version=1").get_json() == {"version": 2, "snapshot": newer}
    assert viewer.get(f"{feed}?version=2").status_code == 204


@pytest.mark.parametrize(
    "bad",
    [
        snapshot(teams=["A", "B", "C", "D"]),
        snapshot(teams=["A", ""]),
        snapshot(teams=["A", "x" * 25]),
        snapshot(target=21),
        snapshot(events=[[2, "envido:q", 2]]),
        snapshot(events=[[0, "mazo", 2]]),
        snapshot(events=[[0, "envido:q", 1000]]),
        snapshot(events=[[0, "envido:q"]]),
        snapshot(dealer=5),
        "not a snapshot",
    ],
)
def test_a_bad_snapshot_is_a_translated_400(client, bad):
    token = csrf_token(client, "/es/anotador")
    response = post(client, "/es/anotador/share", {"version": 1, "snapshot": bad}, token)
    assert response.status_code == 400
    assert response.get_json()["error"]


def test_an_unknown_share_is_a_404(client):
    assert client.get("/en/anotador/s/0123456789abcdef").status_code == 404
    assert client.get("/en/anotador/share/0123456789abcdef?version=0").status_code == 404
