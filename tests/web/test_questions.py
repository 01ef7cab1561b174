"""The questions of every check kind, shown outside any one feature (``tutor.web.components.questions``):
every kind has a presenter for its situation type, every explanation type and key is told in
sentences in every language, every option key has a label, and a question view holds what a page
draws before and after an answer."""

from __future__ import annotations

from functools import cache

import pytest
from flask import g

from tests.conftest import LANGUAGES
from tutor.content import all_lessons, get_lesson
from tutor.content.checks import (
    EXPLANATION_TYPES,
    KINDS,
    SITUATION_TYPES,
    AnswerType,
    Option,
    OptionKey,
    Question,
    judge,
    make_question,
)
from tutor.content.schema import parse_check
from tutor.web.components.questions import (
    EXPLAINERS,
    OPTION_LABELS,
    PRESENTERS,
    Presenter,
    option_label,
    presenter_for,
    question_view,
)
from tutor.web.components.questions.presenters import ALL_PRESENTERS

EXTRA_CHECKS = {
    "stronger.equal": {"kind": "stronger_card", "prompt": "x", "cards": "5o 5e"},
    "pick.mata": {"kind": "pick_cards", "prompt": "x", "property": "mata", "cards": "1e 4c 7o 12b"},
    "seat.dealer": {"kind": "seat_role", "prompt": "x", "role": "dealer", "players": 6},
    "envido_points.declined_single": {
        "kind": "envido_points",
        "prompt": "x",
        "calls": ["envido"],
        "response": "no_quiero",
    },
    "hand.third_parda_first_trick_winner": {"kind": "hand_winner", "prompt": "x", "outcomes": "LWP"},
    "hand.all_parda_mano": {"kind": "hand_winner", "prompt": "x", "outcomes": "PPP"},
}
"""Checks for explanation keys that no lesson step happens to reach with seeds 0-19."""


@cache
def questions_by_msg() -> dict[str, Question]:
    """One question per explanation key: from the lessons' checks, or from a check written for it."""
    found: dict[str, Question] = {}
    for lesson in all_lessons():
        for step in lesson.steps:
            for seed in range(20) if step.check is not None else ():
                question = make_question(step.check, seed)
                found.setdefault(question.explanation.msg, question)
    for msg, raw in EXTRA_CHECKS.items():
        found.setdefault(msg, make_question(parse_check(raw, "test"), 0))
    return found


@cache
def one_question_per_kind() -> dict[str, Question]:
    return {question.kind: question for question in reversed(list(questions_by_msg().values()))}


@pytest.fixture
def in_language(app, request):
    """A request context in the language ``request.param``."""
    with app.test_request_context(f"/{request.param}/"):
        g.lang = request.param
        yield request.param


# --- The registries cover every kind, type and key ------------------------------------------------------


def test_every_kind_has_a_presenter_for_its_situation_type():
    assert set(PRESENTERS) == set(KINDS)
    for name, kind in KINDS.items():
        presenter = presenter_for(name)
        assert isinstance(presenter, Presenter) and name in presenter.kinds
        assert issubclass(kind.situation_type, presenter.situation_type), name
    assert {p.situation_type for p in ALL_PRESENTERS} <= set(SITUATION_TYPES)
    shown = {t for p in ALL_PRESENTERS for t in SITUATION_TYPES if issubclass(t, p.situation_type)}
    assert shown == set(SITUATION_TYPES)
    with pytest.raises(KeyError, match="no_such_kind"):
        presenter_for("no_such_kind")


def test_every_explanation_type_has_a_teller_and_every_key_a_question_here():
    assert set(EXPLAINERS) == set(EXPLANATION_TYPES)
    keys = {msg for t in EXPLANATION_TYPES for msg in t.msgs}
    assert set(questions_by_msg()) == keys


@pytest.mark.parametrize("in_language", LANGUAGES, indirect=True)
def test_every_explanation_key_is_told_in_sentences(in_language):
    for msg, question in sorted(questions_by_msg().items()):
        assert question.explanation.msg == msg
        told = presenter_for(question.kind).explanation(question, "spanish")
        sentences = [told.headline, *told.reasons]
        assert told.headline and all(sentences), msg
        assert not any("%(" in s or "{" in s or "None" in s for s in sentences), (msg, sentences)


@pytest.mark.parametrize("in_language", ["en"], indirect=True)
def test_every_option_key_has_a_label(in_language):
    question = make_question(get_lesson("card-ranking").steps[0].check, 0)
    named = {OptionKey.CARD, OptionKey.SEAT, OptionKey.TEAM_US, OptionKey.TEAM_THEM, OptionKey.SENA}
    calls = {key for key in OptionKey if key.call_name is not None}
    assert set(OPTION_LABELS) == set(OptionKey) - named - calls  # every other key has its default label
    for key in OptionKey:
        if key in (OptionKey.CARD, OptionKey.SEAT, OptionKey.SENA):
            continue
        label = option_label(question, Option("v", key), "spanish")
        assert label and label != "v" and "." not in label and "_" not in label, key
    assert option_label(question, Option("0", OptionKey.SEAT, seat=0), "spanish") == "You"
    assert option_label(question, Option("ancho_basto", OptionKey.SENA), "spanish") == "The ace of bastos"
    assert option_label(question, Option("real_envido", OptionKey.CALL_REAL_ENVIDO), "spanish") == "Real envido"


# --- A question view: what a quiz, a review or a worksheet draws -----------------------------------------


@pytest.mark.parametrize("in_language", LANGUAGES, indirect=True)
def test_every_kind_draws_a_view_before_and_after_an_answer(in_language):
    for kind, question in one_question_per_kind().items():
        asked = question_view(question, "spanish")
        assert asked.question is question and not asked.revealed and asked.explanation is None
        assert len(asked.options) == len(question.options)
        assert not any(o.right for o in asked.options), f"{kind}: the answer shows before it is given"
        pieces = asked.situation.facts + asked.situation.log + [row.label for row in asked.situation.rows]
        assert not any("%(" in text for text in pieces), kind
        key = question_view(question, "spanish", reveal=True)
        assert key.revealed and key.explanation is not None and key.expected_text, kind
        assert (
            question.answer_type is AnswerType.ORDER
            or question.answer_type is AnswerType.NUMBER
            or any(o.right for o in key.options)
        ), kind
        context = key.context()
        assert context["question"] is question and context["question_view"] is key


def test_a_wrong_envido_count_names_the_usual_mistake_and_a_right_one_nothing(app):
    question = make_question(parse_check({"kind": "envido_value", "prompt": "x", "cards": "7c 5c 12e"}, "test"), 0)
    with app.test_request_context("/en/"):
        g.lang = "en"
        wrong = question_view(question, "spanish", answer=12, verdict=judge(question, 12))
        assert "left out the 20" in wrong.mistake and wrong.answer_text == "12"
        right = question_view(question, "spanish", answer=32, verdict=judge(question, 32))
        assert right.mistake == "" and right.answer_text == ""
        flor = make_question(parse_check({"kind": "flor_value", "prompt": "x", "cards": "7o 6o 5o"}, "test"), 0)
        assert question_view(flor, "spanish", answer=18, verdict=judge(flor, 18)).mistake == ""


def test_a_trick_draws_its_cards_only_when_the_options_do_not(app):
    trick = {"prompt": "x", "cards": "3e 2o 3o 4b", "players": 4}
    winner = make_question(parse_check({"kind": "trick_winner", **trick}, "test"), 0)
    leads = make_question(parse_check({"kind": "who_leads", **trick}, "test"), 0)
    with app.test_request_context("/en/"):
        g.lang = "en"
        assert question_view(winner, "spanish").situation.rows == []  # the card options are the trick
        (row,) = question_view(leads, "spanish").situation.rows  # seats to choose: the trick is drawn
        assert [item.card.notation for item in row.items] == ["3e", "2o", "3o", "4b"]
        assert [item.caption for item in row.items] == [
            "You",
            "The opponent on your right",
            "Your partner",
            "The opponent on your left",
        ]
