"""The one narrator (tutor/web/shared/narration): who is who from the learner's seat, one sentence per
engine event kind, and no second copy of its words anywhere in the web layer."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from tutor.engine import FlorMode, HandState, Rules, deal, find_variant, parse_action
from tutor.engine.cards import Card
from tutor.engine.stakes import EnvidoCall
from tutor.engine.state import Answer, AwardRule, Call, EndKind, Event, EventKind, Mazo
from tutor.engine.tricks import HandRule
from tutor.i18n import load_translations
from tutor.narration import SENTENCES, Perspective, calls_formula, narrate, points_text, refusal_sentence
from tutor.web.components.questions.text import action_line

WEB = Path(__file__).resolve().parents[2] / "tutor" / "web"
SEVEN = Card.parse("7o")
SIX = Card.parse("6o")
ACE = Card.parse("1e")


@pytest.fixture
def english(app):
    with app.test_request_context("/en/"):
        app.preprocess_request()
        yield


@pytest.fixture
def german(app):
    with app.test_request_context("/de/"):
        app.preprocess_request()
        yield


def sample(kind: EventKind, seat: int = 1) -> Event:
    """An event of ``kind`` with every field filled, as a generic witness for any kind."""
    return Event(
        kind,
        seat=seat,
        team=seat % 2,
        card=SEVEN,
        call="truco",
        quiero=True,
        value=31,
        points=2,
        trick=0,
        cards=(SEVEN, SIX),
    )


# --- Every kind has a sentence -------------------------------------------------------------------


def test_every_event_kind_has_a_sentence(english):
    missing = [kind.value for kind in EventKind if kind.value not in SENTENCES]
    assert not missing, f"no sentence for {missing}"
    for players in (2, 4, 6):
        for me in range(players):
            perspective = Perspective(me, players)
            for kind in EventKind:
                for seat in range(players):
                    text = narrate(sample(kind, seat), perspective)
                    assert text and "%(" not in text and not text[0].islower() and text.endswith("."), (kind, text)


def test_the_kinds_have_distinct_sentences(english):
    texts = {narrate(sample(kind), Perspective(0, 4)) for kind in EventKind}
    assert len(texts) == len(EventKind)


def test_a_whole_engine_hand_is_narrated_from_every_seat(english):
    """Random legal play at every table size (flor on): every event of the log gets a sentence, and
    the learner's own actions are told as "You ..."."""
    rng = random.Random(8)
    for players in (2, 4, 6):
        for _ in range(15):
            hand = HandState(Rules(players=players, flor=FlorMode.SIMPLE), deal(rng, players))
            while not hand.is_over:
                hand.apply(rng.choice(list(hand.legal_actions())))
            for me in range(players):
                perspective = Perspective(me, players)
                for event in hand.events:
                    text = narrate(event, perspective)
                    assert text and "%(" not in text
                    if event.kind is EventKind.CARD_PLAYED:
                        assert text.startswith("You play") == (event.seat == me), text


# --- Perspective ---------------------------------------------------------------------------------


def test_seat_names_from_seat_0(english):
    assert [Perspective(0, 2).seat_name(s) for s in range(2)] == ["you", "your opponent"]
    assert [Perspective(0, 4).seat_name(s) for s in range(4)] == [
        "you",
        "the opponent on your right",
        "your partner",
        "the opponent on your left",
    ]
    assert [Perspective(0, 6).seat_name(s) for s in range(6)] == [
        "you",
        "the opponent on your right",
        "your partner on the right",
        "the opponent opposite you",
        "your partner on the left",
        "the opponent on your left",
    ]


def test_seat_names_from_any_seat(english):
    six = Perspective(3, 6)
    assert [six.seat_name(s) for s in (4, 5, 0, 1, 2, 3)] == [
        "the opponent on your right",
        "your partner on the right",
        "the opponent opposite you",
        "your partner on the left",
        "the opponent on your left",
        "you",
    ]
    assert [six.is_partner(s) for s in range(6)] == [False, True, False, False, False, True]
    assert Perspective(1, 2).seat_name(0) == "your opponent" and Perspective(1, 2).seat_label(1) == "You"
    assert Perspective(1, 4).seat_name(3) == "your partner"


def test_team_names_and_points(english):
    assert [Perspective(1, 4).team_name(t) for t in (0, 1)] == ["the other team", "your team"]
    assert [Perspective(1, 2).team_name(t) for t in (0, 1)] == ["your opponent", "you"]
    assert Perspective(2, 6).team_label(0) == "Your team"
    assert Perspective(0, 2).points_for(1, 0) == "1 point for you"
    assert Perspective(1, 2).points_for(3, 0) == "3 points for your opponent"
    assert Perspective(3, 4).points_for(2, 1) == "2 points for your team"
    assert Perspective(3, 4).points_for(2, 0) == "2 points for the other team"


def test_an_onlooker_numbers_players_and_teams(english):
    onlooker = Perspective.onlooker(6)
    assert onlooker.seat_name(2) == "player 3" and onlooker.team_name(1) == "team 2"
    assert onlooker.points_for(3, 0) == "3 points for team 1"
    assert narrate(Event(EventKind.CARD_PLAYED, seat=2, card=SEVEN), onlooker) == "Player 3 plays: seven of coins."
    assert narrate(Event(EventKind.MATCH_WON, team=1), onlooker) == "Team 2 reaches the target and wins the game."


@pytest.mark.parametrize(("seat", "players"), [(0, 3), (4, 4), (-1, 2), (6, 6)])
def test_a_perspective_needs_a_seat_at_a_real_table(seat, players):
    with pytest.raises(ValueError):
        Perspective(seat, players)


# --- Concrete sentences --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("event", "me", "players", "expected"),
    [
        (Event(EventKind.CARD_PLAYED, seat=0, card=SEVEN), 0, 2, "You play: seven of coins."),
        (Event(EventKind.CARD_PLAYED, seat=2, card=SEVEN), 0, 4, "Your partner plays: seven of coins."),
        (
            Event(EventKind.TRICK_WON, seat=0, team=0, card=ACE, trick=1),
            3,
            6,
            "The opponent opposite you takes trick 2 (ace of swords).",
        ),
        (Event(EventKind.TRICK_WON, seat=1, team=1, card=ACE, trick=0), 1, 2, "You take trick 1 (ace of swords)."),
        (Event(EventKind.TRICK_PARDA, seat=1, trick=2), 0, 2, "Trick 3: parda."),
        (Event(EventKind.CALL, seat=0, call="truco"), 0, 2, "You call Truco."),
        (Event(EventKind.CALL, seat=1, call="real_envido"), 0, 4, "The opponent on your right calls Real envido."),
        (Event(EventKind.ANSWER, seat=1, call="truco", quiero=False), 0, 2, "Your opponent says No quiero."),
        (Event(EventKind.ANSWER, seat=0, call="envido", quiero=True), 0, 4, "You say Quiero."),
        (Event(EventKind.ENVIDO_STATED, seat=0, value=33), 0, 2, "You state 33."),
        (Event(EventKind.SON_BUENAS, seat=2), 0, 4, "Your partner says Son buenas."),
        (Event(EventKind.SON_BUENAS, seat=1), 1, 2, "You say Son buenas."),
        (Event(EventKind.ENVIDO_WON, seat=1, team=1, value=31), 0, 2, "Your opponent wins the envido with 31."),
        (Event(EventKind.ENVIDO_CANCELLED), 0, 2, "A flor cancels the envido in this hand."),
        (Event(EventKind.FLOR_ANNOUNCED, seat=0, auto=True), 0, 2, "You announce a flor."),
        (Event(EventKind.FLOR_STATED, seat=3, value=35), 0, 4, "The opponent on your left states a flor of 35."),
        (Event(EventKind.FLOR_WON, seat=0, team=0, value=35), 0, 6, "You have the best flor, 35."),
        (Event(EventKind.MAZO, seat=4, team=0), 0, 6, "Your partner on the left goes to the mazo."),
        (Event(EventKind.TEAM_FOLDED, team=0), 0, 2, "You give up the hand."),
        (Event(EventKind.TEAM_FOLDED, team=1), 0, 4, "The other team gives up the hand."),
        (
            Event(EventKind.POINTS, team=0, points=2, award_rule=AwardRule.ENVIDO_ACCEPTED),
            0,
            2,
            "Envido won: 2 points for you.",
        ),
        (
            Event(EventKind.POINTS, team=1, points=1, award_rule=AwardRule.TRUCO_DECLINED),
            0,
            2,
            "Truco not accepted: 1 point for your opponent.",
        ),
        (
            Event(EventKind.POINTS, team=1, points=3, award_rule=AwardRule.HAND_WON),
            0,
            4,
            "Tricks: 3 points for the other team.",
        ),
        (
            Event(EventKind.POINTS, team=0, points=3, award_rule=AwardRule.FLOR),
            2,
            6,
            "Best flor: 3 points for your team.",
        ),
        (
            Event(EventKind.HAND_WON, team=0, hand_rule=HandRule.TWO_TRICKS),
            0,
            2,
            "You win the hand. Two tricks win the hand.",
        ),
        (
            Event(EventKind.HAND_WON, team=0, hand_rule=HandRule.ALL_PARDA_MANO),
            1,
            4,
            "The other team wins the hand. All three tricks were pardas: the mano's team wins the hand.",
        ),
        (
            Event(EventKind.CARDS_SHOWN, seat=1, cards=(SEVEN, SIX)),
            0,
            2,
            "Your opponent shows the cards: seven of coins and six of coins.",
        ),
        (Event(EventKind.HAND_OVER, team=0, end=EndKind.TRICKS), 0, 2, "The hand is over."),
        (Event(EventKind.HAND_OVER, team=1, end=EndKind.MATCH_WON), 0, 2, "The game is over."),
        (Event(EventKind.MATCH_WON, team=0), 0, 2, "You reach the target and win the game."),
        (Event(EventKind.MATCH_WON, team=0), 0, 4, "Your team reaches the target and wins the game."),
    ],
    ids=lambda v: v.kind.value if isinstance(v, Event) else None,
)
def test_english_sentences(english, event, me, players, expected):
    assert narrate(event, Perspective(me, players)) == expected


def test_cards_are_named_on_the_learners_face(english):
    event = Event(EventKind.CARD_PLAYED, seat=1, card=SEVEN)
    assert narrate(event, Perspective(0, 2), face="french") == "Your opponent plays: seven of diamonds."


def test_words_shared_with_the_lessons_and_the_checker(english):
    assert points_text(1) == "1 point" and points_text(5) == "5 points"
    assert calls_formula(["envido", "real_envido"]) == "Envido 2 + Real envido 3 = 5"
    assert calls_formula(["envido"]) == "Envido 2"
    assert refusal_sentence("not_your_turn") == "It is not your turn."
    assert refusal_sentence("no_such_reason") == "That is not allowed."


def test_lesson_logs_are_told_by_the_narrator(english):
    """A lesson's log of actions says what the table says (the same sentences, from seat 0)."""
    assert action_line(Call(2, EnvidoCall.ENVIDO), 4, None) == "Your partner calls Envido."
    assert action_line(Answer(0, False), 2, None) == "You say No quiero."
    assert action_line(Mazo(1), 2, None) == "Your opponent goes to the mazo."


# --- Another language ----------------------------------------------------------------------------


def test_german_sentences_already_translated(german):
    assert narrate(Event(EventKind.CARD_PLAYED, seat=0, card=SEVEN), Perspective(0, 4)) == "Du spielst: Münzen-Sieben."
    assert (
        narrate(Event(EventKind.CARD_PLAYED, seat=2, card=SEVEN), Perspective(0, 4))
        == "Dein Partner spielt: Münzen-Sieben."
    )
    assert narrate(Event(EventKind.CALL, seat=1, call="truco"), Perspective(0, 2)) == "Dein Gegner sagt Truco an."


@pytest.mark.parametrize(
    ("event", "msgid"),
    [
        (Event(EventKind.SON_BUENAS, seat=0), "You say Son buenas."),
        (Event(EventKind.FLOR_ANNOUNCED, seat=0), "You announce a flor."),
        (Event(EventKind.HAND_OVER, team=0, end=EndKind.TRICKS), "The hand is over."),
        (Event(EventKind.TEAM_FOLDED, team=0), "You give up the hand."),
    ],
    ids=lambda v: v.kind.value if isinstance(v, Event) else None,
)
def test_new_sentences_are_german_once_translated(app, event, msgid):
    """Sentences added with the narrator (whole sentences, nothing inserted): German once the catalog has
    them, English until then (the lead has them translated)."""
    translated = load_translations("de").gettext(msgid) != msgid
    texts = {}
    for lang in ("en", "de"):
        with app.test_request_context(f"/{lang}/"):
            app.preprocess_request()
            texts[lang] = narrate(event, Perspective(0, 2))
    assert (texts["de"] != texts["en"]) == translated, texts


# --- One copy of each word -----------------------------------------------------------------------


def test_the_narrators_words_are_defined_once():
    """team_label, points_text, the calls formula and seat names live only in the narration package."""
    names = {
        "points_text",
        "team_label",
        "team_name",
        "seat_name",
        "calls_formula",
        "_calls_formula",
        "call_name",
        "player_label",
        "points_for",
        "call_label",
        "quiero_label",
        "plays_line",
        "calls_line",
    }
    found: dict[str, list[str]] = {}
    tutor = WEB.parent
    for path in sorted([*WEB.rglob("*.py"), *(tutor / "narration").rglob("*.py")]):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name in names:
                found.setdefault(node.name, []).append(str(path.relative_to(tutor)))
    assert found.get("calls_formula") == ["narration/words.py"], found  # the walk reaches the narration
    outside = {name: paths for name, paths in found.items() if any(not p.startswith("narration/") for p in paths)}
    assert not outside, outside
    assert all(len(paths) == 1 for paths in found.values()), found


@pytest.mark.parametrize(
    ("game", "cards", "actions", "said"),
    [
        ("catalan", "3e,2o,4b|1e,5c,6c", "0:truc 1:no_quiero", "Truc not accepted: 1 point for you."),
        (
            "catalan",
            "3e,2o,4b|1e,5c,6c",
            "0:truc 1:retruc 0:no_quiero",
            "Retruc not accepted: 2 points for your opponent.",
        ),
        (
            "mineiro",
            "3e,3b,6c|5e,5b,6b",
            "0:truco 1:seis 0:no_quiero",
            "Seis not accepted: 3 points for your opponent.",
        ),
        (
            "argentine",
            "1e,7e,4c|3o,2b,5c",
            "0:truco 1:retruco 0:no_quiero",
            "Retruco not accepted: 2 points for your opponent.",
        ),
    ],
)
def test_a_refused_bet_is_named_as_the_game_names_it(game, cards, actions, said):
    """The points of a declined bet name the call refused, in the game's words: a declined truc in
    Catalan Truc is never told as a "Truco" (an e2e run of a Catalan match caught it)."""
    hand = find_variant(game).rules().new_hand(cards, 0, (0, 0))
    for text in actions.split():
        hand.apply(parse_action(text))
    assert hand.is_over
    told = [narrate(event) for event in hand.events if event.kind is EventKind.POINTS]
    assert told == [said]


def test_a_pica_pica_round_tells_who_plays_each_duel_and_who_wins_it(english):
    me = Perspective(0, 6)
    started = Event(EventKind.DUEL_STARTED, seat=0, value=1)
    assert narrate(started, me) == "Pica-pica, duel 1 of 3: you – the opponent opposite you."
    theirs = Event(EventKind.DUEL_STARTED, seat=3, value=2)
    assert narrate(theirs, me) == "Pica-pica, duel 2 of 3: the opponent opposite you – you."
    others = Event(EventKind.DUEL_STARTED, seat=1, value=3)  # seat 1 against seat 4
    assert narrate(others, me) == "Pica-pica, duel 3 of 3: the opponent on your right – your partner on the left."
    won = Event(EventKind.DUEL_WON, seat=4, team=0, value=3, hand_rule=HandRule.TWO_TRICKS)
    assert narrate(won, me) == "Your partner on the left wins duel 3. Two tricks win the hand."
    assert narrate(Event(EventKind.DUEL_WON, seat=0, team=0, value=1), me) == "You win duel 1."
    assert narrate(Event(EventKind.DUEL_OVER, seat=1, team=1, value=2, end=EndKind.MAZO), me) == "Duel 2 is over."
