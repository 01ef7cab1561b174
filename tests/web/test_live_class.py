"""A class's live sessions on its class page (the live feature's section through the
``CLASS_PAGE_SECTIONS`` extension point): the teacher's latest sessions with the class, each a link
to its board (the summary once ended), with how many answers were counted and the share right,
counted from the answers the phones posted; another teacher of the class does not see them (the
board is only its host's), and a session without a class is on no class page."""

from __future__ import annotations

import re

import pytest

from tests.conftest import csrf_token
from tests.web.classroom_helpers import accept_invite, invite_link, new_class, sign_up
from tests.web.test_live import TOPIC, act, answer, answer_form, join_live, phones, start_session, wrong_answer
from tests.web.test_live_bot import start_bot_session
from tutor.learning.draw import quiz_questions

pytestmark = pytest.mark.store


def sessions_on(client, cid: str) -> list[tuple[str, str]]:
    """The (link, text) of each session the class page lists."""
    html = client.get(f"/en/teach/classes/{cid}").get_data(as_text=True)
    section = re.search(r'<section class="panel live-past".*?</section>', html, re.S)
    if section is None:
        return []
    return re.findall(r'<li><a href="([^"]+)">([^<]+)</a></li>', section.group(0))


def test_a_class_page_lists_its_live_sessions_with_the_share_right(app):
    owner = app.test_client()
    assert sign_up(owner).status_code in (200, 303)
    cid = new_class(owner)
    assert sessions_on(owner, cid) == []

    sid, pin = start_session(owner, klass=cid)
    drawn = quiz_questions(TOPIC, 42)
    a, b = phones(app, 2)
    join_live(a, pin)
    join_live(b, pin)
    act(owner, sid, "start")
    first = drawn[0].question
    answer(a, sid, 0, answer_form(first, first.expected))
    answer(b, sid, 0, answer_form(first, wrong_answer(first)))
    act(owner, sid, "close")
    act(owner, sid, "next")
    second = drawn[1].question
    answer(a, sid, 1, answer_form(second, second.expected))
    act(owner, sid, "close")
    act(owner, sid, "end")
    start_session(owner)  # without a class: on no class page
    bot_sid, _pin = start_bot_session(owner)

    listed = sessions_on(owner, cid)
    assert len(listed) == 1
    link, text = listed[0]
    assert link == f"/en/teach/live/{sid}"
    assert "3 answers, 67 % right" in text  # 2 of a's answers right, b's one wrong
    assert "Counting envido, 3 questions" in text
    assert "live-summary" in owner.get(link).get_data(as_text=True)  # the link opens the summary
    assert bot_sid not in " ".join(url for url, _text in listed)

    # A co-teacher sees the class page but not the owner's sessions (their boards are the host's).
    co = app.test_client()
    assert sign_up(co, login="kowal", name="Mr Kowal").status_code in (200, 303)
    assert accept_invite(co, invite_link(owner, cid)).status_code in (200, 303)
    assert co.get(f"/en/teach/classes/{cid}").status_code == 200
    assert sessions_on(co, cid) == []
    assert co.get(link).status_code == 404


def test_the_class_against_the_bot_is_listed_by_name(app):
    owner = app.test_client()
    assert sign_up(owner).status_code in (200, 303)
    cid = new_class(owner)
    response = owner.post(
        "/en/teach/live/new",
        data={"csrf_token": csrf_token(owner, "/en/teach/live/new"), "content": "bot", "class": cid},
    )
    assert response.status_code == 303
    listed = sessions_on(owner, cid)
    assert len(listed) == 1 and "The class against the computer player" in listed[0][1]
