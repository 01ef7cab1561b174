"""Every check of every lesson: the engine answers every variant, the judge agrees with it, and
learners' forms are read (or refused with an error kind) without crashing."""

from __future__ import annotations

from typing import Any

import pytest
from werkzeug.datastructures import MultiDict

from tests.conftest import answer_form
from tutor.content import all_lessons
from tutor.content.checks import (
    EXPLANATION_KEYS,
    EXPLANATION_TYPES,
    KINDS,
    SITUATION_TYPES,
    AnswerType,
    OptionKey,
    Points,
    Question,
    judge,
    make_question,
    parse_answer,
)
from tutor.content.checks.explanations import Refusal
from tutor.content.errors import AnswerError, AnswerErrorKind
from tutor.content.schema import Check, parse_check
from tutor.engine.cards import DECK, Card, Suit
from tutor.engine.envido import envido_points, flor_points, has_flor, showdown
from tutor.engine.errors import Reason
from tutor.engine.notation import format_action, parse_actions
from tutor.engine.ranking import ARGENTINE, MATAS
from tutor.engine.rules import RANKINGS, find_variant
from tutor.engine.stakes import envido_stake, in_malas, mazo_award, next_envido_calls, truco_stake
from tutor.engine.state import Answer, Call, HandState, Mazo, PlayCard
from tutor.engine.tricks import hand_result, trick_result


def make_check(kind: str, **params: Any) -> Check:
    """A validated check, built as the loader builds one from a lesson file."""
    return parse_check({"kind": kind, "prompt": "Question?", **params}, "test.check")


SEEDS = range(40)
CHECKS = [(f"{lesson.key}/{step.key}", step.check) for lesson in all_lessons() for step in lesson.steps if step.check]
TEAMS = ("us", "them")


def wrong_answer(question: Question) -> Any:
    """Some answer the engine says is wrong."""
    kind = question.answer_type
    if kind is AnswerType.CHOICE:
        return next(o.value for o in question.options if o.value not in question.accepted)
    if kind is AnswerType.CHOICES:
        first = question.options[0].value
        return question.expected ^ {first}
    if kind is AnswerType.NUMBER:
        return question.expected + 1
    if kind is AnswerType.ORDER:
        return tuple(reversed(question.expected))
    return Points(question.expected.points + 1, question.expected.team)


def engine_answer(question: Question) -> Any:
    """The answer recomputed from what the learner sees, straight from the engine."""
    s = question.situation
    kind = question.kind
    if kind == "stronger_card":
        a, b = s.cards
        order = RANKINGS[find_variant(s.game).defaults.ranking].compare(a, b)
        return "equal" if order == 0 else (a if order > 0 else b).notation
    if kind == "order_cards":
        ranking = RANKINGS[find_variant(s.game).defaults.ranking]
        levels = sorted({ranking.level(c) for c in s.cards})
        return tuple(frozenset(c.notation for c in s.cards if ranking.level(c) == lv) for lv in levels)
    if kind == "pick_cards":
        prop = s.property
        test = {
            "figure": lambda c: c.rank in (10, 11, 12),
            "mata": lambda c: c in MATAS,
        }.get(prop, lambda c: c.suit is Suit({"espadas": "e", "bastos": "b", "oros": "o", "copas": "c"}[prop]))
        return frozenset(c.notation for c in s.cards if test(c))
    if kind in ("trick_winner", "who_leads"):
        result = trick_result(s.cards, s.teams)
        assert list(s.teams) == [seat % 2 for seat in s.seats]
        if kind == "who_leads":
            return str(s.seats[result.next_leader])
        return "parda" if result.parda else s.cards[result.winner].notation
    if kind == "envido_value":
        return envido_points(s.cards)
    if kind == "flor_value":
        return flor_points(s.cards)
    if kind == "is_flor":
        return "yes" if has_flor(s.cards) else "no"
    if kind == "showdown":
        values = s.values if s.values is not None else [envido_points(h) for h in s.hands]
        result = showdown(values, s.mano)
        if s.ask == "son_buenas":
            return frozenset(str(st.seat) for st in result.statements if st.action.value == "son_buenas")
        return TEAMS[result.team] if s.ask == "team" else str(result.winner)
    if kind == "hand_winner":
        result = hand_result(s.codes)
        return result.winner.value if result.winner else "undecided"
    if kind == "envido_points":
        calls = [c.call for c in s.calls]
        stake = envido_stake(calls, scores=tuple(s.scores), target=s.target)
        if s.response == "no_quiero":
            return Points(stake.declined, TEAMS[s.calls[-1].team])
        team = showdown(list(s.values), s.mano).team
        return Points(stake.accepted, TEAMS[team])
    if kind == "envido_raises":
        return frozenset(str(c) for c in next_envido_calls(s.calls))
    if kind == "truco_points":
        calls = [c.call for c in s.calls]
        if s.ending == "no_quiero":
            return Points(truco_stake(calls).declined, TEAMS[s.calls[-1].team])
        if s.ending == "quiero":
            return Points(truco_stake(calls).accepted, TEAMS[s.winner])
        return Points(mazo_award(len(calls)), TEAMS[1 - s.folder])
    if kind == "malas_buenas":
        return "malas" if in_malas(s.score, s.target) else "buenas"
    if kind == "legal_calls":
        hand = rebuild_visible_hand(s)
        asked = {option.value for option in question.options}  # a check may ask about the envido calls only
        return frozenset(a.call.value for a in hand.legal_actions() if isinstance(a, Call) and a.call.value in asked)
    if kind == "game_end":
        return reference_game_end(s.scores, s.target, s.awards)
    if kind == "seat_role":
        return str(reference_seat(s.players, s.role, s.dealer, s.mano))
    if kind == "sena_meaning":
        # The seña table of docs/rules/decisions.md ("Señas"), written out here: seña -> the cards it stands for.
        table = {
            "ancho_espada": {"1e"},
            "ancho_basto": {"1b"},
            "siete_espada": {"7e"},
            "siete_oro": {"7o"},
            "tres": {"3e", "3b", "3o", "3c"},
            "dos": {"2e", "2b", "2o", "2c"},
            "ancho_falso": {"1o", "1c"},
        }
        assert {c.notation for c in question.explanation.cards} == table[str(s.sena)]
        return str(s.sena)
    raise AssertionError(f"no engine recomputation for {kind}")


def rebuild_visible_hand(s: Any) -> HandState:
    """The hand rebuilt from what the learner sees: its own cards, the cards played, the log.

    Hidden cards are replaced by unused ones of different suits (no hidden flor), so they cannot
    change what is legal."""
    view = s.view
    hands: list[list[Card]] = [[] for _ in range(s.players)]
    hands[s.seat] = list(view.dealt)
    for action in s.actions:
        if isinstance(action, PlayCard) and action.seat != s.seat:
            hands[action.seat].append(action.card)
    used = {card for hand in hands for card in hand}
    spare = [card for card in DECK if card not in used]
    announced = {a.seat for a in s.actions if isinstance(a, Call) and a.call.value == "flor"}
    for seat, hand in enumerate(hands):
        while len(hand) < 3:
            if seat in announced:
                # It said Flor: its hidden cards share the suit of its cards (any suit if none is seen).
                suit = (
                    hand[0].suit if hand else next(c.suit for c in spare if sum(d.suit is c.suit for d in spare) >= 3)
                )
                card = next(c for c in spare if c.suit is suit)
            else:
                # Otherwise a suit the hand does not have yet, so no hidden hand becomes a flor.
                card = next((c for c in spare if c.suit not in {h.suit for h in hand}), spare[0])
            spare.remove(card)
            hand.append(card)
    state = HandState(s.rules, hands, s.mano, (0, 0))
    for action in parse_actions(" ".join(format_action(a) for a in s.actions)):
        state.apply(action)
    assert state.to_act == s.seat and state.phase.value == s.phase
    return state


def reference_game_end(scores: tuple[int, int], target: int, awards: tuple[Any, ...]) -> str:
    """docs/rules §4, §7: points are added in order (envido first); the first team to reach the target wins."""
    rules_order = [a.rule for a in awards]
    assert rules_order == sorted(rules_order, key=lambda rule: rule != "envido_accepted"), "envido before tricks"
    now = list(scores)
    for award in awards:
        now[award.team] += award.points
        if now[award.team] >= target:
            return TEAMS[award.team]
    return "nobody"


def reference_seat(players: int, role: str, dealer: int | None, mano: int | None) -> int:
    """docs/rules §3.1 with seats numbered in the order of play (to the right): the mano sits right after
    the dealer, the pie is the last of a team from the mano, and the deal moves one seat on."""
    if role == "dealer":
        return (mano - 1) % players
    mano = (dealer + 1) % players
    if role == "mano":
        return mano
    if role == "next_dealer":
        return mano
    order = [(mano + i) % players for i in range(players)]
    return [seat for seat in order if seat % 2 == 0][-1]


def test_every_kind_is_used_by_some_lesson():
    used = {check.kind for _, check in CHECKS}
    assert used == set(KINDS)


@pytest.mark.parametrize("where, check", CHECKS, ids=[w for w, _ in CHECKS])
def test_every_variant_has_the_engines_answer(where, check):
    seen = set()
    for seed in SEEDS:
        question = make_question(check, seed)
        assert question.expected == engine_answer(question), (where, seed)
        if question.answer_type is AnswerType.CHOICE:
            assert question.expected in question.accepted
            assert all(question.option(v) for v in question.accepted)
        # The judge accepts the engine's answer, read back from a form, and refuses a wrong one.
        right = parse_answer(question, answer_form(question, question.expected))
        assert judge(question, right).correct, (where, seed)
        wrong = wrong_answer(question)
        verdict = judge(question, parse_answer(question, answer_form(question, wrong)))
        assert not verdict.correct and verdict.expected == question.expected
        kind = KINDS[question.kind]
        assert isinstance(question.situation, kind.situation_type)
        assert type(verdict.explanation) in kind.explanation_types
        assert verdict.explanation.msg in type(verdict.explanation).msgs
        assert all(isinstance(option.key, OptionKey) for option in question.options)
        # Same seed, same question.
        again = make_question(check, seed)
        assert again.situation == question.situation and again.expected == question.expected
        seen.add(repr(question.situation))
    fixed = any(
        hasattr(check.params, f) and getattr(check.params, f) is not None
        for f in ("cards", "values", "hands", "calls", "outcomes", "score", "record")
    )
    if fixed:
        assert len(seen) == 1, "fixed params must give one fixed question"
    else:
        assert len(seen) > 1, "a pattern must give fresh variants on retry"


# --- Facts from docs/rules, through the checks --------------------------------------------------


@pytest.mark.parametrize(
    "cards, points",
    [
        ("7c 5c 12e", 32),
        ("12o 11o 3b", 20),
        ("1e 6b 4o", 6),
        ("6c 5c 12b", 31),
        ("7c 3c 4b", 30),
        ("1e 7c 4b", 7),
        ("7o 6o 2o", 33),
        ("12e 11b 10o", 0),
    ],
)
def test_envido_examples_of_the_rules(cards, points):
    question = make_question(make_check("envido_value", cards=cards), 0)
    assert question.expected == points
    assert judge(question, parse_answer(question, {"answer": str(points)})).correct
    assert not judge(question, parse_answer(question, {"answer": str(points + 20)})).correct


def test_envido_explanation_of_a_pair():
    explanation = make_question(make_check("envido_value", cards="7c 5c 12e"), 3).explanation
    assert explanation.msg == "envido.pair"
    assert explanation.values == (7, 5) and explanation.bonus == 20 and explanation.total == 32
    assert [c.notation for c in explanation.counted] == ["7c", "5c"]
    assert explanation.other.notation == "12e"


def test_envido_explanations_of_the_other_kinds():
    best = make_question(make_check("envido_value", cards="7o 2o 6o"), 0).explanation
    assert best.msg == "envido.best_pair" and best.values == (7, 6) and best.dropped.notation == "2o"
    single = make_question(make_check("envido_value", cards="1e 6b 4o"), 0).explanation
    assert single.msg == "envido.single" and single.card.notation == "6b" and single.value == 6
    zero = make_question(make_check("envido_value", cards="12e 11b 10o"), 0).explanation
    assert zero.msg == "envido.zero" and zero.total == 0


@pytest.mark.parametrize(
    "cards, answer, msg",
    [
        ("1e 1b", "1e", "stronger.mata"),
        ("3o 12o", "3o", "stronger.higher"),
        ("1o 12e", "1o", "stronger.higher"),
        ("2c 1c", "2c", "stronger.higher"),
        ("7e 7c", "7e", "stronger.mata"),
        ("3c 3b", "equal", "stronger.equal"),
        ("7b 7c", "equal", "stronger.equal"),
        ("1o 1c", "equal", "stronger.equal"),
    ],
)
def test_ranking_facts(cards, answer, msg):
    question = make_question(make_check("stronger_card", cards=cards), 0)
    assert question.expected == answer and question.explanation.msg == msg


def test_ranking_explanation_names_the_mata():
    explanation = make_question(make_check("stronger_card", cards="3e 7o"), 0).explanation
    assert explanation.winner.notation == "7o" and explanation.mata == 4 and explanation.loser_level == 5


@pytest.mark.parametrize(
    "cards, players, leader, answer, msg, next_seat",
    [
        ("3e 3o", 2, 0, "parda", "trick.parda", 0),  # equal top cards of opponents
        ("4e 4o 3b 1c", 4, 1, "3b", "trick.higher", 3),  # equal cards that are not on top: no parda
        ("3e 2o 3o 4b", 4, 0, "3e", "trick.partners", 0),  # partners' equal 3s: their team, first played
        ("12b 1o", 2, 1, "1o", "trick.higher", 0),  # a false ace beats a 12
        ("7c 7e", 2, 0, "7e", "trick.mata", 1),
        ("2e 2b 4c 2o 5e 2c", 6, 0, "parda", "trick.parda", 0),  # 2s from both teams
    ],
)
def test_trick_facts(cards, players, leader, answer, msg, next_seat):
    question = make_question(make_check("trick_winner", cards=cards, players=players, leader=leader), 0)
    assert question.expected == answer and question.explanation.msg == msg
    lead = make_question(make_check("who_leads", cards=cards, players=players, leader=leader), 0)
    assert lead.expected == str(next_seat)


def test_partners_tie_the_first_card_played_takes_the_trick():
    question = make_question(make_check("trick_winner", cards="3e 2o 3o 4b", players=4), 0)
    assert question.accepted == {"3e"}  # lesson 3: "the card played first of the two counts"
    assert judge(question, "3e").correct
    assert not judge(question, "3o").correct and not judge(question, "parda").correct


@pytest.mark.parametrize(
    "outcomes, answer, msg",
    [
        ("WW", "mano", "hand.two_tricks"),
        ("LWL", "other", "hand.two_tricks"),
        ("PL", "other", "hand.first_parda_next_decides"),
        ("PPW", "mano", "hand.first_parda_next_decides"),
        ("LP", "other", "hand.parda_after_win_first_trick_winner"),
        ("WLP", "mano", "hand.third_parda_first_trick_winner"),
        ("LWP", "other", "hand.third_parda_first_trick_winner"),
        ("PPP", "mano", "hand.all_parda_mano"),
        ("WL", "undecided", "hand.undecided"),
        ("PP", "undecided", "hand.undecided"),
    ],
)
def test_hand_facts(outcomes, answer, msg):
    question = make_question(make_check("hand_winner", outcomes=outcomes), 0)
    assert question.expected == answer and question.explanation.msg == msg


@pytest.mark.parametrize(
    "calls, points",
    [
        (["envido", "real_envido"], 2),
        (["envido", "envido"], 2),
        (["envido", "envido", "real_envido"], 4),
        (["envido", "real_envido", "falta_envido"], 5),
        (["real_envido"], 1),
        (["envido"], 1),
    ],
)
def test_declined_envido_facts(calls, points):
    question = make_question(make_check("envido_points", calls=calls, response="no_quiero", caller="us"), 0)
    last_team = "us" if len(calls) % 2 else "them"
    assert question.expected == Points(points, last_team)


def test_accepted_envido_and_falta_facts():
    accepted = make_question(
        make_check("envido_points", calls=["envido", "real_envido"], response="quiero", values=[25, 30], mano="us"), 0
    )
    assert accepted.expected == Points(5, "them")
    # 12 to 20 of 30: Envido, Falta envido, Quiero; the falta is worth 10 and 31 beats 28.
    falta = make_question(
        make_check(
            "envido_points", calls=["envido", "falta_envido"], response="quiero", scores=[12, 20], values=[28, 31]
        ),
        0,
    )
    assert falta.expected == Points(10, "them")
    assert falta.explanation.reaches_target and falta.explanation.new_scores == (12, 30)
    leader = make_question(
        make_check("envido_points", calls=["falta_envido"], response="quiero", scores=[22, 5], values=[20, 33]), 0
    )
    assert leader.expected == Points(8, "them")  # the trailing team wins what the leader needed
    tie = make_question(
        make_check("envido_points", calls=["envido"], response="quiero", values=[27, 27], mano="them"), 0
    )
    assert tie.expected == Points(2, "them") and tie.explanation.tie


@pytest.mark.parametrize(
    "calls, ending, extra, expected",
    [
        (["truco"], "no_quiero", {}, Points(1, "us")),
        (["truco", "retruco"], "no_quiero", {}, Points(2, "them")),
        (["truco", "retruco", "vale_cuatro"], "no_quiero", {}, Points(3, "us")),
        (["truco"], "quiero", {"winner": "them"}, Points(2, "them")),
        (["truco", "retruco", "vale_cuatro"], "quiero", {"winner": "us"}, Points(4, "us")),
        ([], "mazo", {"folder": "us"}, Points(1, "them")),
        (["truco", "retruco"], "mazo", {"folder": "them"}, Points(3, "us")),
    ],
)
def test_truco_facts(calls, ending, extra, expected):
    question = make_question(make_check("truco_points", calls=calls, ending=ending, caller="us", **extra), 0)
    assert question.expected == expected


@pytest.mark.parametrize(
    "values, mano, winner, son_buenas",
    [
        ([27, 27], 0, "0", {"1"}),  # a tie goes to the mano; the other says son buenas
        ([27, 27], 1, "1", {"0"}),
        ([20, 10, 30, 25], 0, "2", {"1"}),
    ],
)
def test_showdown_facts(values, mano, winner, son_buenas):
    assert make_question(make_check("showdown", values=values, mano=mano), 0).expected == winner
    question = make_question(make_check("showdown", values=values, mano=mano, ask="son_buenas"), 0)
    assert question.answer_type is AnswerType.CHOICES and question.expected == son_buenas


def test_malas_and_buenas():
    assert make_question(make_check("malas_buenas", score=14), 0).expected == "malas"
    buenas = make_question(make_check("malas_buenas", score=18), 0)
    assert buenas.expected == "buenas" and buenas.explanation.points == 3  # "3 buenas"
    fifteen = make_question(make_check("malas_buenas", score=15), 0)
    assert fifteen.expected == "malas" and fifteen.explanation.points == 15  # "15 malas": the first 15
    assert make_question(make_check("malas_buenas", score=16), 0).expected == "buenas"


def test_envido_raises_facts():
    question = make_question(make_check("envido_raises", calls=["envido", "envido"]), 0)
    assert question.expected == {"real_envido", "falta_envido"}
    assert Refusal(call="envido", reason=Reason.ENVIDO_TOO_MANY) in question.explanation.refused
    closed = make_question(make_check("envido_raises", calls=["falta_envido"]), 0)
    assert closed.expected == frozenset()
    assert judge(closed, parse_answer(closed, {})).correct  # nothing selected is an answer


def test_flor_facts():
    assert make_question(make_check("flor_value", cards="7o 6o 5o"), 0).expected == 38
    assert make_question(make_check("flor_value", cards="12e 11e 10e"), 0).expected == 20
    assert make_question(make_check("is_flor", cards="7b 4b 11b"), 0).expected == "yes"
    assert make_question(make_check("is_flor", cards="7b 4b 11o"), 0).expected == "no"


def test_labels_from_the_lesson_reach_the_options():
    question = make_question(make_check("hand_winner", outcomes="WW", labels={"mano": "Mano's team"}), 0)
    assert question.option("mano").label == "Mano's team" and question.option("other").label is None


# --- Reading forms --------------------------------------------------------------------------------


def q(kind: str, **params: Any) -> Question:
    return make_question(make_check(kind, **params), 0)


@pytest.mark.parametrize(
    "question, form, kind, field",
    [
        (q("envido_value", cards="7c 5c 12e"), {}, AnswerErrorKind.MISSING, "answer"),
        (q("envido_value", cards="7c 5c 12e"), {"answer": "  "}, AnswerErrorKind.MISSING, "answer"),
        (q("envido_value", cards="7c 5c 12e"), {"answer": "thirty"}, AnswerErrorKind.NOT_A_NUMBER, "answer"),
        (q("envido_value", cards="7c 5c 12e"), {"answer": "3.5"}, AnswerErrorKind.NOT_A_NUMBER, "answer"),
        (q("envido_value", cards="7c 5c 12e"), {"answer": "-3"}, AnswerErrorKind.OUT_OF_RANGE, "answer"),
        (q("envido_value", cards="7c 5c 12e"), {"answer": "1000"}, AnswerErrorKind.OUT_OF_RANGE, "answer"),
        (q("envido_value", cards="7c 5c 12e"), {"answer": ["30", "32"]}, AnswerErrorKind.MALFORMED, "answer"),
        (q("stronger_card", cards="3o 12o"), {"answer": "1e"}, AnswerErrorKind.NOT_AN_OPTION, "answer"),
        (q("stronger_card", cards="3o 12o"), {"answer": "8o"}, AnswerErrorKind.NOT_AN_OPTION, "answer"),
        (q("trick_winner", cards="3e 3o"), {}, AnswerErrorKind.MISSING, "answer"),
        (
            q("pick_cards", cards="10o 3e 12b", property="figure"),
            {"answer": ["10o", "10o"]},
            AnswerErrorKind.DUPLICATE,
            "answer",
        ),
        (
            q("pick_cards", cards="10o 3e 12b", property="figure"),
            {"answer": "10o 4b"},
            AnswerErrorKind.NOT_AN_OPTION,
            "answer",
        ),
        (q("order_cards", cards="1e 3o 4b"), {}, AnswerErrorKind.MISSING, "answer"),
        (
            q("order_cards", cards="1e 3o 4b"),
            {"place-1e": "1", "place-3o": "2"},
            AnswerErrorKind.INCOMPLETE,
            "place-4b",
        ),
        (
            q("order_cards", cards="1e 3o 4b"),
            {"place-1e": "1", "place-3o": "x", "place-4b": "3"},
            AnswerErrorKind.NOT_A_NUMBER,
            "place-3o",
        ),
        (
            q("order_cards", cards="1e 3o 4b"),
            {"place-1e": "0", "place-3o": "2", "place-4b": "3"},
            AnswerErrorKind.OUT_OF_RANGE,
            "place-1e",
        ),
        (q("order_cards", cards="1e 3o 4b"), {"answer": "1e > 3o"}, AnswerErrorKind.INCOMPLETE, "answer"),
        (q("order_cards", cards="1e 3o 4b"), {"answer": "1e > 3o > 3o > 4b"}, AnswerErrorKind.DUPLICATE, "answer"),
        (q("order_cards", cards="1e 3o 4b"), {"answer": "1e > 3o > 5c"}, AnswerErrorKind.NOT_AN_OPTION, "answer"),
        (q("order_cards", cards="1e 3o 4b"), {"answer": "1e > == 3o > 4b"}, AnswerErrorKind.MALFORMED, "answer"),
        (q("order_cards", cards="1e 3o 4b"), {"answer": "1e > zz > 4b"}, AnswerErrorKind.MALFORMED, "answer"),
        (q("truco_points", calls=["truco"], ending="no_quiero"), {"points": "1"}, AnswerErrorKind.MISSING, "team"),
        (q("truco_points", calls=["truco"], ending="no_quiero"), {"team": "us"}, AnswerErrorKind.MISSING, "points"),
        (
            q("truco_points", calls=["truco"], ending="no_quiero"),
            {"points": "1", "team": "mano"},
            AnswerErrorKind.NOT_AN_OPTION,
            "team",
        ),
        (
            q("truco_points", calls=["truco"], ending="no_quiero"),
            {"points": "one", "team": "us"},
            AnswerErrorKind.NOT_A_NUMBER,
            "points",
        ),
    ],
)
def test_malformed_forms_give_an_error_kind(question, form, kind, field):
    with pytest.raises(AnswerError) as info:
        parse_answer(question, form)
    assert info.value.kind is kind and info.value.field == field


def test_forms_accept_other_spellings():
    stronger = q("stronger_card", cards="1e 12c")
    assert parse_answer(stronger, {"answer": "A♠"}) == "1e"
    assert parse_answer(stronger, {"answer": " EQUAL "}) == "equal"
    order = q("order_cards", cards="1e 3o 3c 4b")
    expected = order.expected
    assert judge(order, parse_answer(order, {"answer": "1e > 3o = 3c > 4b"})).correct
    assert judge(order, parse_answer(order, {"answer": "1e, 3c=3o, 4b"})).correct
    # Places 1, 2, 2, 3 and 1, 2, 2, 4 both put the equal 3s on one place.
    dense = {"place-1e": "1", "place-3o": "2", "place-3c": "2", "place-4b": "3"}
    assert parse_answer(order, dense) == expected
    assert parse_answer(order, {**dense, "place-4b": "4"}) == expected
    assert not judge(order, parse_answer(order, {**dense, "place-3c": "3", "place-4b": "4"})).correct
    points = q("truco_points", calls=["truco"], ending="no_quiero")
    assert parse_answer(points, {"points": " 1 ", "team": "US"}) == Points(1, "us")


def test_multidict_forms_are_read_with_getlist():
    question = q("pick_cards", cards="10o 3e 12b 4c", property="figure")
    form = MultiDict([("answer", "10o"), ("answer", "12b")])
    assert judge(question, parse_answer(question, form)).correct
    assert not judge(question, parse_answer(question, MultiDict([("answer", "10o")]))).correct


# --- Scenarios on the state machine ---------------------------------------------------------------

DEAL = "1e,7o,3b|4c,5c,6c"


@pytest.mark.parametrize(
    "log, mano, allowed, refused",
    [
        ("", 0, {"envido", "real_envido", "falta_envido", "truco"}, {"retruco": "truco_out_of_order"}),
        ("1:4c", 1, {"envido", "real_envido", "falta_envido", "truco"}, {}),  # you have not played yet
        ("0:1e 1:4c", 0, {"truco"}, {"envido": "envido_after_first_trick"}),  # the first trick is over
        ("0:truco 1:quiero", 0, set(), {"envido": "envido_closed_by_truco", "retruco": "truco_only_accepting_team"}),
        ("1:truco", 1, {"retruco", "envido", "real_envido", "falta_envido"}, {}),  # el envido esta primero
        ("1:envido", 1, {"envido", "real_envido", "falta_envido"}, {"truco": "answer_pending"}),
    ],
)
def test_legal_calls_facts(log, mano, allowed, refused):
    question = q("legal_calls", hand=f"argentino;mano={mano};scores=0-0;{DEAL};{log}")
    assert question.situation.seat == 0
    assert question.expected == allowed
    reasons = {r.call: r.reason for r in question.explanation.refused}
    for call, reason in refused.items():
        assert reasons[call] == reason
    # What the learner sees does not contain the opponent's hidden cards.
    view = question.situation.view
    assert [card.notation for card in view.dealt] == ["1e", "7o", "3b"]
    hidden = {"4c", "5c", "6c"} - {token.split(":")[1] for token in log.split()}
    shown = repr(question.situation)
    assert not any(f"Card.parse('{card}')" in shown for card in hidden)


@pytest.mark.parametrize(
    "players, role, seat, answer",
    [
        (4, "mano", 3, 0),
        (4, "pie", 3, 2),
        (4, "next_dealer", 3, 0),
        (4, "dealer", 0, 3),
        (6, "mano", 0, 1),
        (6, "pie", 0, 0),
        (2, "mano", 1, 0),
        (2, "dealer", 1, 0),
    ],
)
def test_seat_facts(players, role, seat, answer):
    assert q("seat_role", players=players, role=role, seat=seat).expected == str(answer)


def test_game_end_counts_the_envido_first():
    check = make_check("game_end", pattern="both_reach")
    for seed in range(10):
        question = make_question(check, seed)
        first = question.situation.awards[0]
        assert first.rule == "envido_accepted"
        assert question.expected == TEAMS[first.team]
        assert question.explanation.msg == "game_end.envido" and question.explanation.counted == 1


REACH = [
    *[("stronger_card", {"pattern": p}) for p in ("mata", "number_trap", "equal")],
    ("order_cards", {}),
    *[("pick_cards", {"property": p}) for p in ("figure", "mata", "oros")],
    *[("trick_winner", {"pattern": p, "players": 4}) for p in ("mata", "equal_not_top", "parda", "partners_equal")],
    *[("who_leads", {"pattern": p}) for p in ("clear", "parda")],
    *[("envido_value", {"pattern": p}) for p in ("pair", "three_of_a_suit", "no_pair", "only_figures")],
    ("flor_value", {}),
    ("is_flor", {"pattern": "flor"}),
    ("is_flor", {"pattern": "no_flor"}),
    *[
        ("showdown", {"pattern": p, "ask": a})
        for p, a in (("random", "winner"), ("tie", "team"), ("son_buenas", "son_buenas"))
    ],
    ("hand_winner", {}),
    *[("envido_points", {"pattern": p}) for p in ("declined", "raise_declined", "accepted", "falta")],
    ("envido_raises", {}),
    *[("truco_points", {"pattern": p}) for p in ("declined", "accepted", "mazo")],
    ("malas_buenas", {"score": 3}),
    ("malas_buenas", {"score": 20}),
    ("legal_calls", {}),
    *[("game_end", {"pattern": p}) for p in ("envido_wins", "tricks_win", "nobody")],
    *[("seat_role", {"role": r}) for r in ("mano", "dealer", "pie", "next_dealer")],
    ("sena_meaning", {}),
]


def test_every_explanation_key_is_reachable():
    seen = set()
    for kind, params in REACH:
        check = make_check(kind, **params)
        seen.update(make_question(check, seed).explanation.msg for seed in range(30))
    assert seen == EXPLANATION_KEYS


def test_partners_equal_top_cards_only_the_first_played_takes_the_trick():
    for seed in range(40):
        question = make_question(make_check("trick_winner", pattern="partners_equal", players=4), seed)
        cards = question.situation.cards
        teams = question.situation.teams
        top = max(ARGENTINE.strength(c) for c in cards)
        firsts = [c for c, t in zip(cards, teams, strict=True) if ARGENTINE.strength(c) == top]
        assert question.accepted == frozenset({firsts[0].notation})


def test_showdown_without_ties_never_draws_equal_numbers():
    for seed in range(60):
        question = make_question(make_check("showdown", players=2, pattern="no_tie"), seed)
        values = question.explanation.values
        assert len(set(values)) == len(values)


def test_legal_calls_can_ask_about_the_envido_calls_only_in_the_learners_own_turn():
    for seed in range(30):
        question = make_question(make_check("legal_calls", pattern="own_turn", only="envido"), seed)
        assert {option.value for option in question.options} == {"envido", "real_envido", "falta_envido"}
        assert question.situation.phase == "play"
        assert question.expected <= {"envido", "real_envido", "falta_envido"}


def test_the_number_trap_pairs_only_need_what_lesson_2_step_1_teaches():
    for seed in range(60):
        question = make_question(make_check("stronger_card", pattern="number_trap"), seed)
        winner = Card.parse(question.expected)
        loser = next(c for c in question.situation.cards if c != winner)
        assert winner.rank in (2, 3) and loser.rank in (4, 5, 6, 10, 11, 12)


TRUCO_CALLS = {"truco", "retruco", "vale_cuatro"}


def _envido_in_answer_to_truco(actions) -> bool:
    """Whether the log has an envido call made while a Truco waited for its answer."""
    pending = False
    for action in actions:
        if isinstance(action, Call) and action.call.value in TRUCO_CALLS:
            pending = True
        elif isinstance(action, (Answer, PlayCard, Mazo)):
            pending = False
        elif isinstance(action, Call) and pending:
            return True
    return False


@pytest.mark.parametrize("taught", ["envido", "truco"])
def test_the_play_before_a_calls_question_holds_only_what_was_taught(taught):
    """Issue 11: lesson 5 and lesson 6 step 3 showed an envido called in answer to a Truco (taught in
    lesson 6 step 5), and lesson 5 showed Retruco and Vale cuatro (lesson 6)."""
    pattern = "own_turn" if taught == "envido" else "truco_accepted"
    seen_truco = False
    for seed in range(120):
        check = make_check(
            "legal_calls", pattern=pattern, taught=taught, **({"only": "envido"} if taught == "envido" else {})
        )
        actions = make_question(check, seed).situation.actions
        calls = {action.call.value for action in actions if isinstance(action, Call)}
        seen_truco = seen_truco or "truco" in calls
        assert not _envido_in_answer_to_truco(actions), seed
        if taught == "envido":
            assert not calls & {"retruco", "vale_cuatro"}, seed
    assert seen_truco  # a plain Truco is still shown: an accepted Truco closes the envido (lesson 5)
    everything = [
        make_question(make_check("legal_calls", pattern="truco_accepted"), seed).situation.actions
        for seed in range(120)
    ]
    assert any(_envido_in_answer_to_truco(actions) for actions in everything)  # the default shows all play


def test_a_clear_trick_offers_no_parda_before_the_parda_is_taught():
    for seed in range(20):
        clear = make_question(make_check("trick_winner", pattern="clear"), seed)
        assert "parda" not in {option.value for option in clear.options}
        assert clear.expected != "parda"
        others = make_question(make_check("trick_winner", pattern="random"), seed)
        assert "parda" in {option.value for option in others.options}


# --- Typed situations and explanations ----------------------------------------------------------


def test_every_kind_names_its_situation_and_explanation_types():
    for name, kind in KINDS.items():
        assert kind.situation_type in SITUATION_TYPES, name
        assert kind.explanation_types and all(t in EXPLANATION_TYPES for t in kind.explanation_types), name
        assert all(t.msgs for t in kind.explanation_types), f"{name}: an explanation type without keys"
    keys = [msg for t in EXPLANATION_TYPES for msg in t.msgs]
    assert len(keys) == len(set(keys)), "two explanation types share a key"
    assert all(msg.split(".")[0] == t.family for t in EXPLANATION_TYPES for msg in t.msgs)


@pytest.mark.parametrize("where, check", CHECKS, ids=[w for w, _ in CHECKS])
def test_situations_and_explanations_are_plain_json_data(where, check):
    import json

    for seed in range(3):
        question = make_question(check, seed)
        explanation = json.loads(json.dumps(question.explanation.to_data()))
        assert explanation["msg"] == question.explanation.msg
        situation = json.loads(json.dumps(question.situation.to_data()))
        if hasattr(question.situation, "cards"):
            assert situation["cards"] == [card.notation for card in question.situation.cards]


def test_explanations_and_options_refuse_keys_they_cannot_carry():
    from tutor.content.checks.base import Option
    from tutor.content.checks.explanations import ScoreHalf

    with pytest.raises(ValueError):
        ScoreHalf(zone="middle", score=1, target=30, limit=16, points=1, to_go=29)
    with pytest.raises(ValueError):
        Option("x", "no.such.key")
    assert Option("envido", "call.envido").key is OptionKey.CALL_ENVIDO
