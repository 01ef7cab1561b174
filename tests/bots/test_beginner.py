"""The beginner's rules of thumb on explicit deals where the right play is clear."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tutor.bots import Level, ReasonCode, choose
from tutor.bots.beginner import BLUFF_ENVIDO, BLUFF_TRUCO, card_choice, hand_power, policy
from tutor.engine import Answer, Call, Card, EnvidoCall, FlorMode, HandState, Mazo, PlayCard, Rules, TrucoCall


def play(hand: HandState, *texts: str) -> HandState:
    """Apply actions written ``seat:card`` or ``seat:call`` / ``seat:quiero`` / ``seat:no_quiero``."""
    for text in texts:
        seat, what = text.split(":")
        seat = int(seat)
        if what == "quiero":
            hand.apply(Answer(seat, True))
        elif what == "no_quiero":
            hand.apply(Answer(seat, False))
        elif what == "mazo":
            hand.apply(Mazo(seat))
        elif what[0].isdigit():
            hand.apply(PlayCard(seat, Card.parse(what)))
        else:
            hand.apply(Call(seat, what))
    return hand


def main_option(view):
    """The beginner's most likely option: (action, reason)."""
    p, action, reason = max(policy(view), key=lambda o: o[0])
    return action, reason


def test_plays_its_lowest_winning_card():
    # Trick 2: seat 0 took trick 1 with the 1e and leads the rey of copas; seat 1 holds 3b and 2o:
    # both take the trick, the 2 is the lower.
    hand = play(HandState(Rules(), deal=["1e 12c 4o", "3b 2o 4c"], mano=0), "0:1e", "1:4c", "0:12c")
    view = hand.view_for(1)
    decision = card_choice(view)
    assert decision.action == PlayCard(1, Card.parse("2o"))
    assert decision.reason.code is ReasonCode.PLAY_LOWEST_WINNER and decision.reason["card"] == "2o"
    # (Before its card it calls truco: taking trick 2 with the 3 leaves a fair chance with the 2.)
    assert {o[1] for o in policy(view)} <= {PlayCard(1, Card.parse("2o")), Call(1, TrucoCall.TRUCO)}


def test_plays_its_lowest_card_when_it_cannot_win():
    hand = play(HandState(Rules(), deal=["1e 12c 4o", "3b 6o 5c"], mano=0), "0:1e")
    view = hand.view_for(1)
    decision = card_choice(view)
    assert decision.action == PlayCard(1, Card.parse("5c"))
    assert decision.reason.code is ReasonCode.PLAY_LOWEST_CARD


def test_a_partner_whose_card_wins_the_trick_plays_low():
    # 4 players: seat 0 leads the 1 of espadas, seat 1 plays a 4; seat 2 (seat 0's partner) keeps its
    # 3 and 2 and plays the 5 of copas.
    hand = play(
        HandState(Rules(players=4), deal=["1e 4o 6b", "4c 7c 6e", "3b 2o 5c", "12e 11e 10b"], mano=0), "0:1e", "1:4c"
    )
    decision = card_choice(hand.view_for(2))
    assert decision.action == PlayCard(2, Card.parse("5c"))
    assert decision.reason.code is ReasonCode.PLAY_LOW_PARTNER_WINS and decision.reason["partner"] == 0


def test_ties_the_first_trick_when_it_cannot_take_it_and_keeps_a_mata_with_a_tie():
    # Seat 0 leads a 3: seat 1 cannot beat it with 3c 4e 5e but ties it (the next trick decides).
    hand = play(HandState(Rules(), deal=["3e 4o 5b", "3c 4e 5e"], mano=0), "0:3e")
    decision = card_choice(hand.view_for(1))
    assert decision.action == PlayCard(1, Card.parse("3c")) and decision.reason.code is ReasonCode.PLAY_PARDA
    # With the 1 of espadas as its only winner it ties with the 3 and keeps the mata.
    hand = play(HandState(Rules(), deal=["3e 4o 5b", "1e 3c 4e"], mano=0), "0:3e")
    decision = card_choice(hand.view_for(1))
    assert decision.action == PlayCard(1, Card.parse("3c")) and decision.reason.code is ReasonCode.SAVE_MATA
    assert decision.reason["kept"] == "1e"
    # After losing trick 1 a tie loses the hand: it plays its lowest card instead.
    hand = play(HandState(Rules(), deal=["1e 3e 5b", "4c 3c 4e"], mano=0), "0:1e", "1:4c", "0:3e")
    decision = card_choice(hand.view_for(1))
    assert decision.action == PlayCard(1, Card.parse("4e")) and decision.reason.code is ReasonCode.PLAY_LOWEST_CARD


def test_leads_the_middle_card_and_keeps_a_mata():
    view = HandState(Rules(), deal=["1e 3o 4c", "4b 5b 6b"], mano=0).view_for(0)
    decision = card_choice(view)
    assert decision.action == PlayCard(0, Card.parse("3o"))
    assert decision.reason.code is ReasonCode.SAVE_MATA and decision.reason["kept"] == "1e"


@pytest.mark.parametrize("mano", [0, 1])
def test_accepts_an_envido_with_33(mano):
    caller = mano
    answerer = 1 - mano
    cards = ["4o 5b 12e", "7c 6c 4e"] if answerer == 1 else ["7c 6c 4e", "4o 5b 12e"]
    hand = play(HandState(Rules(), deal=cards, mano=mano), f"{caller}:envido")
    view = hand.view_for(answerer)
    assert view.envido == 33
    action, reason = main_option(view)
    assert action != Answer(answerer, False) and type(action) is not Mazo
    assert reason.code in (ReasonCode.ACCEPT_ENVIDO_COUNT, ReasonCode.RAISE_ENVIDO) and reason["count"] == 33


def test_declines_an_envido_with_a_low_count_and_accepts_when_declining_loses_the_match():
    cards = ["7c 6c 4e", "4o 5b 12e"]
    hand = play(HandState(Rules(), deal=cards, mano=0), "0:real_envido")
    action, reason = main_option(hand.view_for(1))
    assert action == Answer(1, False) and reason.code is ReasonCode.DECLINE_LOW_COUNT and reason["count"] == 5
    # At 29-10 a declined envido gives the other team the match: the beginner accepts.
    hand = play(HandState(Rules(), deal=cards, mano=0, scores=(29, 10)), "0:real_envido")
    action, reason = main_option(hand.view_for(1))
    assert action == Answer(1, True) and reason.code is ReasonCode.ACCEPT_ENVIDO_COUNT


def test_calls_envido_with_a_good_count():
    view = HandState(Rules(), deal=["7c 6c 4e", "4o 5b 12e"], mano=0).view_for(0)
    action, reason = main_option(view)
    assert action == Call(0, EnvidoCall.REAL_ENVIDO)
    assert reason.code is ReasonCode.ENVIDO_AS_MANO and reason["count"] == 33
    hand = play(HandState(Rules(), deal=["4o 5b 12e", "7c 2c 4e"], mano=0), "0:4o")
    action, reason = main_option(hand.view_for(1))
    assert (
        action == Call(1, EnvidoCall.ENVIDO) and reason.code is ReasonCode.ENVIDO_WITH_COUNT and reason["count"] == 29
    )


def test_declines_a_truco_with_nothing():
    # Seat 1 holds the three weakest cards: no envido to call first, no chance in the tricks.
    hand = play(HandState(Rules(), deal=["1e 1b 7e", "4c 5e 6o"], mano=0), "0:truco")
    view = hand.view_for(1)
    assert hand_power(view) < 0.1
    action, reason = main_option(view)
    assert action == Answer(1, False) and reason.code is ReasonCode.DECLINE_TRUCO_WEAK
    answers = Counter(str(choose(view, Level.BEGINNER, random.Random(s)).action) for s in range(200))
    assert answers["1:no_quiero"] >= 180


def test_accepts_a_truco_with_strong_cards_and_calls_truco_when_it_cannot_lose():
    hand = play(HandState(Rules(), deal=["4c 5e 6o", "1e 1b 4e"], mano=0), "0:truco")
    action, reason = main_option(hand.view_for(1))
    assert type(action) is Call and action.call is TrucoCall.RETRUCO or action == Answer(1, True)
    assert reason.code in (ReasonCode.RAISE_TRUCO_STRONG, ReasonCode.ACCEPT_TRUCO_STRONG)
    # Trick 1 won and the 1 of espadas in hand: the hand cannot be lost.
    hand = play(HandState(Rules(), deal=["1e 7o 5o", "6c 5e 4e"], mano=0), "0:7o", "1:4e")
    assert hand.trick_winners == (0,)
    assert hand_power(hand.view_for(0)) == 1.0
    action, reason = main_option(hand.view_for(0))
    assert action == Call(0, TrucoCall.TRUCO) and reason.code is ReasonCode.TRUCO_SURE


def test_bluffs_now_and_then():
    # Weak cards, trick 1, no count: mostly a card, a truco call with a small chance.
    view = HandState(Rules(), deal=["4c 5e 6o", "1e 1b 7e"], mano=0).view_for(0)
    options = policy(view)
    assert [(o[1], o[2].code) for o in options] == [
        (Call(0, EnvidoCall.ENVIDO), ReasonCode.BLUFF),
        (Call(0, TrucoCall.TRUCO), ReasonCode.BLUFF),
        (PlayCard(0, Card.parse("4c")), ReasonCode.LEAD_LOW),
    ]
    assert [o[0] for o in options] == pytest.approx(
        [BLUFF_ENVIDO, (1 - BLUFF_ENVIDO) * BLUFF_TRUCO, (1 - BLUFF_ENVIDO) * (1 - BLUFF_TRUCO)]
    )
    calls = Counter(type(choose(view, Level.BEGINNER, random.Random(s)).action).__name__ for s in range(400))
    assert 10 <= calls["Call"] <= 80 and calls["PlayCard"] >= 300


def test_announces_its_flor():
    rules = Rules(flor=FlorMode.SIMPLE)
    view = HandState(rules, deal=["7c 6c 4c", "4o 5b 12e"], mano=0).view_for(0)
    action, reason = main_option(view)
    assert action == Call(0, "flor") and reason.code is ReasonCode.FLOR_COMPULSORY and reason["value"] == 37
    rules = Rules(flor=FlorMode.CONTRAFLOR)
    hand = play(HandState(rules, deal=["7c 6c 5c", "1o 2o 3o"], mano=1), "1:flor", "1:1o")
    action, reason = main_option(hand.view_for(0))
    assert action == Call(0, "contraflor_al_resto") and reason.code is ReasonCode.CONTRAFLOR_STRONG


def test_leading_the_lowest_of_strong_cards_is_not_called_leading_low():
    # Seat 0 took trick 1 with the 1 of espadas and leads trick 2 with 3b 7o left: its lowest card,
    # the 3, is no low card.
    hand = play(HandState(Rules(), deal=["1e 7o 3b", "4c 5c 6o"], mano=0), "0:1e", "1:4c")
    view = hand.view_for(0)
    decision = card_choice(view)
    assert decision.action == PlayCard(0, Card.parse("3b"))
    assert decision.reason.code is ReasonCode.LEAD_STRONG
    # With a 4 left it is.
    hand = play(HandState(Rules(), deal=["1e 7o 4b", "4c 5c 6o"], mano=0), "0:1e", "1:4c")
    decision = card_choice(hand.view_for(0))
    assert decision.action == PlayCard(0, Card.parse("4b")) and decision.reason.code is ReasonCode.LEAD_LOW


def test_with_an_empty_hand_a_truco_is_answered_by_the_cards_on_the_table():
    # Finding 3: seat 0 has played its last card, the 1 of espadas, which nothing can beat; the
    # tricks are one each, so the 1 of espadas wins the hand. It must not decline.
    hand = play(
        HandState(Rules(), deal=["1e 12c 5c", "3o 6b 4o"], mano=0), "0:5c", "1:6b", "1:4o", "0:12c", "0:1e", "1:truco"
    )
    view = hand.view_for(0)
    assert view.hand == () and hand_power(view) == 1.0
    action, reason = main_option(view)
    assert action in (Answer(0, True), Call(0, TrucoCall.RETRUCO))
    assert reason.code is ReasonCode.TABLE_CARD_HOLDS and reason["card"] == "1e"
    # With a card on the table that an unseen card beats nine times in ten, it declines.
    hand = play(
        HandState(Rules(), deal=["4e 12c 5c", "3o 6b 4o"], mano=0), "0:5c", "1:6b", "1:4o", "0:12c", "0:4e", "1:truco"
    )
    view = hand.view_for(0)
    assert hand_power(view) < 0.2
    action, reason = main_option(view)
    assert action == Answer(0, False) and reason.code is ReasonCode.TABLE_CARD_WEAK


def test_a_partner_card_on_the_table_counts_when_the_hand_is_empty():
    # Four players, one trick each; seat 2 leads the third with the 1 of espadas and has no card
    # left when the last opponent, seat 1, calls Truco: seat 2 answers, and its 1 of espadas decides.
    deal = ["4c 5c 6c", "3e 5e 6e", "4b 2b 1e", "4o 5o 6o"]
    hand = play(
        HandState(Rules(players=4), deal=deal, mano=2),
        "2:4b",
        "3:4o",
        "0:4c",
        "1:3e",
        "1:5e",
        "2:2b",
        "3:5o",
        "0:5c",
        "2:1e",
        "3:6o",
        "0:6c",
        "1:truco",
    )
    view = hand.view_for(hand.to_act)
    assert hand.to_act == 2 and view.hand == ()
    assert hand_power(view) == 1.0
    action, reason = main_option(view)
    assert action in (Answer(2, True), Call(2, TrucoCall.RETRUCO)) and reason.code is ReasonCode.TABLE_CARD_HOLDS
