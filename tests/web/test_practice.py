"""Practice hands on the web: the list, a run played through the forms, the coach, the verdict and
stars, ownership, stale and bad input, hints, "show me" and the projector; on SQLite and PostgreSQL."""

from __future__ import annotations

import random
import re

import pytest
from markupsafe import escape

from tests.conftest import csrf_token
from tutor.content import all_hands, get_hand
from tutor.content.practice import Practice
from tutor.store import PracticeRun, db

pytestmark = pytest.mark.store  # reads and writes the store: runs on SQLite and on PostgreSQL

KEY = "lowest-card-that-wins"
RUN_URL = re.compile(r"/en/practice/([a-z0-9-]+)/([0-9a-f]{16})")


def start(client, key: str = KEY, lang: str = "en") -> tuple[str, str]:
    token = csrf_token(client, f"/{lang}/practice/{key}")
    response = client.post(f"/{lang}/practice/{key}", data={"csrf_token": token})
    assert response.status_code == 303
    location = response.headers["Location"]
    match = re.search(r"/practice/([a-z0-9-]+)/([0-9a-f]{16})$", location)
    assert match, location
    return location, token


def version_of(html: str) -> str:
    return re.search(r'name="version" value="(\d+)"', html).group(1)


def learner_cards(html: str) -> list[str]:
    return re.findall(r'name="action" value="(\d{1,2}[eboc])"', html)


def the_run(app, public_id: str) -> PracticeRun:
    with app.app_context():
        return db.session.scalar(db.select(PracticeRun).where(PracticeRun.public_id == public_id))


def test_the_list_shows_every_hand_by_lesson(client):
    html = client.get("/en/practice").get_data(as_text=True)
    for spec in all_hands():
        assert f'href="/en/practice/{spec.key}"' in html
    assert "Lesson 3: Tricks and parda" in html


def test_the_hand_page_shows_the_idea_and_the_goal(client):
    spec = get_hand(KEY)
    html = client.get(f"/en/practice/{KEY}").get_data(as_text=True)
    assert spec.intro.split(".")[0] in html and spec.goal_text.split(",")[0] in html
    assert client.get("/en/practice/no-such-hand").status_code == 404


def test_playing_the_ideal_line_through_the_forms_gives_three_stars(app, client):
    location, token = start(client)
    public_id = location.rsplit("/", 1)[1]
    run = the_run(app, public_id)
    spec = get_hand(KEY)
    html = client.get(location).get_data(as_text=True)
    assert "Your opponent has led" in html  # the coach spoke after the scripted lead
    for _ in range(10):
        practice = Practice(spec, run.seed, log=the_run(app, public_id).log)
        if practice.over:
            break
        action = practice.ideal_action()
        response = client.post(location, data={"csrf_token": token, "version": version_of(html), "action": action})
        assert response.status_code == 303
        html = client.get(response.headers["Location"]).get_data(as_text=True)
    stored = the_run(app, public_id)
    assert stored.stars == 3 and stored.goal is True
    assert "Goal reached!" in html and "3 stars of 3" in html
    assert "Good: you took the trick with your cheapest winning card." in html
    listing = client.get("/en/practice").get_data(as_text=True)
    assert "3 stars of 3" in listing


def test_a_random_line_through_the_forms_always_ends_with_a_verdict(app, client):
    rng = random.Random(5)
    for key in [spec.key for spec in all_hands()][:6]:
        location, token = start(client, key)
        html = client.get(location).get_data(as_text=True)
        for _ in range(40):
            if 'class="verdict' in html:
                break
            actions = re.findall(r'<button type="submit" name="action" value="([a-z0-9_]+)"', html)
            assert actions, html[-2000:]
            response = client.post(
                location, data={"csrf_token": token, "version": version_of(html), "action": rng.choice(actions)}
            )
            assert response.status_code == 303, response.get_data(as_text=True)[-1500:]
            html = client.get(response.headers["Location"]).get_data(as_text=True)
        stored = the_run(app, location.rsplit("/", 1)[1])
        assert stored.stars in (1, 2, 3), key
        assert ("Goal reached!" in html) == bool(stored.goal)


def test_a_stale_or_replayed_form_changes_nothing(app, client):
    location, token = start(client)
    html = client.get(location).get_data(as_text=True)
    version = version_of(html)
    card = learner_cards(html)[0]
    first = client.post(location, data={"csrf_token": token, "version": version, "action": card})
    assert first.status_code == 303
    before = the_run(app, location.rsplit("/", 1)[1]).log
    again = client.post(location, data={"csrf_token": token, "version": version, "action": card})
    assert again.status_code == 409
    assert "already moved on" in again.get_data(as_text=True)
    assert the_run(app, location.rsplit("/", 1)[1]).log == before


@pytest.mark.parametrize(
    "action, status, message",
    [
        ("9z", 400, "not an action at this table"),
        ("retruco", 400, ""),
        ("next", 400, ""),
        ("", 400, "not an action at this table"),
    ],
)
def test_bad_actions_are_refused_with_a_4xx(app, client, action, status, message):
    location, token = start(client)
    html = client.get(location).get_data(as_text=True)
    response = client.post(location, data={"csrf_token": token, "version": version_of(html), "action": action})
    assert response.status_code == status
    assert message in response.get_data(as_text=True)
    assert the_run(app, location.rsplit("/", 1)[1]).version == int(version_of(html))


def test_a_missing_version_or_csrf_token_is_refused(client):
    location, token = start(client)
    html = client.get(location).get_data(as_text=True)
    assert client.post(location, data={"csrf_token": token, "action": learner_cards(html)[0]}).status_code == 400
    assert (
        client.post(location, data={"version": version_of(html), "action": learner_cards(html)[0]}).status_code == 400
    )


def test_another_learners_run_is_a_404(app, client):
    location, _token = start(client)
    other = app.test_client()
    other.get("/en/practice")
    assert other.get(location).status_code == 404
    assert other.get(location + "/review").status_code == 404
    # The same run id under another hand's key is not found either.
    public_id = location.rsplit("/", 1)[1]
    another_key = next(spec.key for spec in all_hands() if spec.key != KEY)
    assert client.get(f"/en/practice/{another_key}/{public_id}").status_code == 404
    assert client.get("/en/practice/lowest-card-that-wins/not-an-id").status_code == 404


def test_a_hint_costs_the_third_star(app, client):
    location, token = start(client)
    public_id = location.rsplit("/", 1)[1]
    html = client.get(location).get_data(as_text=True)
    response = client.post(location + "/hint", data={"csrf_token": token, "version": version_of(html)})
    assert response.status_code == 303
    html = client.get(response.headers["Location"]).get_data(as_text=True)
    # The hint leads with advice in the learner's own words ("Play: ...", "Call Truco."), not a verdict.
    assert re.search(r'<h2 id="hint-title">(Play: |Call )', html)
    spec = get_hand(KEY)
    for _ in range(10):
        practice = Practice(spec, the_run(app, public_id).seed, log=the_run(app, public_id).log)
        if practice.over:
            break
        response = client.post(
            location, data={"csrf_token": token, "version": version_of(html), "action": practice.ideal_action()}
        )
        html = client.get(response.headers["Location"]).get_data(as_text=True)
    stored = the_run(app, public_id)
    assert stored.goal is True and stored.stars == 2 and stored.hints == 1
    assert "You used a hint" in html


def test_show_me_steps_through_the_ideal_line(client):
    first = client.get(f"/en/practice/{KEY}/show")
    assert first.status_code == 302
    location = first.headers["Location"]
    assert "seed=" in location
    html = client.get(location).get_data(as_text=True)
    assert "Move 0 of" in html and "The cards are dealt" in html
    step1 = client.get(location + "&step=1").get_data(as_text=True)
    assert "Move 1 of" in step1 and "Your opponent has led" in step1
    last = client.get(location + "&step=99").get_data(as_text=True)
    assert get_hand(KEY).success in last


def test_projector_mode_has_no_site_menu_and_can_show_every_card(client):
    html = client.get(f"/en/practice/{KEY}/present?seed=4&step=0").get_data(as_text=True)
    assert "Leave projector mode" in html and 'class="site-header' not in html
    backs = html.count("card-back")
    faces = client.get(f"/en/practice/{KEY}/present?seed=4&step=0&faces=1").get_data(as_text=True)
    assert backs >= 3 and faces.count("card-back") == 0


@pytest.mark.parametrize("query", ["seed=abc", "seed=-1", "seed=99999999999", "seed=4&step=x", "seed=4&faces=maybe"])
def test_bad_walk_queries_never_fail(client, query):
    response = client.get(f"/en/practice/{KEY}/show?{query}")
    assert response.status_code in (200, 302)


@pytest.mark.parametrize("lang", ["de", "sv", "pl", "es"])
def test_practice_pages_render_in_every_language(client, lang):
    assert client.get(f"/{lang}/practice").status_code == 200
    location, _token = start(client, lang=lang)
    assert client.get(location).status_code == 200
    assert client.get(f"/{lang}/practice/{KEY}/show?seed=1&step=2").status_code == 200


def _catalog(lang: str):
    from babel.messages.pofile import read_po

    from tests.conftest import ROOT

    with open(ROOT / "translations" / lang / "LC_MESSAGES" / "messages.po", "rb") as handle:
        return read_po(handle, locale=lang)


@pytest.mark.parametrize("lang", ["de", "sv", "pl", "es"])
def test_every_hand_renders_translated_in_every_language(client, lang):
    catalog = _catalog(lang)
    for spec in all_hands():
        texts = [spec.title, spec.intro, spec.goal_text, spec.success, spec.failure, *(n.text for n in spec.coach)]
        for text in texts:
            message = catalog.get(text)
            assert message is not None and message.string and not message.fuzzy, f"{spec.key}: {text!r} in {lang}"
        html = client.get(f"/{lang}/practice/{spec.key}").get_data(as_text=True)
        assert spec.intro not in html and str(escape(catalog.get(spec.intro).string.split(".")[0])) in html
        walk = client.get(f"/{lang}/practice/{spec.key}/show?seed=2&step=99").get_data(as_text=True)
        assert spec.success not in walk


def test_a_finished_hand_is_one_attempt_in_the_learning_log(app, client):
    from tutor.store import AttemptRow

    location, token = start(client)
    public_id = location.rsplit("/", 1)[1]
    spec = get_hand(KEY)
    html = client.get(location).get_data(as_text=True)
    for _ in range(10):
        practice = Practice(spec, the_run(app, public_id).seed, log=the_run(app, public_id).log)
        if practice.over:
            break
        response = client.post(
            location, data={"csrf_token": token, "version": version_of(html), "action": practice.ideal_action()}
        )
        html = client.get(response.headers["Location"]).get_data(as_text=True)
    with app.app_context():
        rows = db.session.scalars(db.select(AttemptRow).where(AttemptRow.item == f"practice:{KEY}")).all()
        assert [(r.source, r.correct, r.hinted) for r in rows] == [("practice", True, False)]
