"""The predicate vocabulary: each word on hands whose outcome follows from the rules, composition,
and errors that name the key path."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.content.errors import ContentError
from tutor.content.predicates import VOCABULARY, Moment, parse
from tutor.engine import HandState, Rules
from tutor.engine.notation import parse_action


def hand_after(deal: list[str], mano: int, actions: list[str], players: int = 2, **options) -> HandState:
    hand = HandState(Rules(players=players, **options), deal=deal, mano=mano)
    for text in actions:
        hand.apply(parse_action(text))
    return hand


def holds(text, hand: HandState) -> bool:
    return parse(text).test(Moment(hand, 0))


def test_trick_words_follow_the_tricks():
    # Seat 0 (mano) leads 3e, seat 1 answers 1b (a mata): seat 1 takes trick 1 and leads trick 2.
    hand = hand_after(["3e 4c 5o", "1b 6c 7c"], 0, ["0:3e", "1:1b"])
    assert holds("trick_won_by(1, them)", hand) and holds("trick_won_by(1, opponent)", hand)
    assert not holds("trick_won_by(1, us)", hand) and not holds("trick_won_by(1, parda)", hand)
    assert holds("trick(2)", hand) and holds("tricks_done(1)", hand) and not holds("tricks_done(2)", hand)
    assert holds("leads(opponent)", hand) and holds("to_act(opponent)", hand)
    assert holds("learner_played(1)", hand) and not holds("learner_played(2)", hand)
    assert holds("card_played(opponent, 1b)", hand) and not holds("card_played(learner, 1b)", hand)


def test_a_tied_trick_is_a_parda():
    hand = hand_after(["3e 4c 5o", "3b 6c 7c"], 0, ["0:3e", "1:3b"])
    assert holds("trick_won_by(1, parda)", hand) and not holds("trick_won_by(1, us)", hand)


def test_lowest_winning_knows_the_cards_held_then():
    # Seat 1 is mano and leads 4e; the learner holds 5c, 3o and 1e: 5c is the cheapest winner.
    cheap = hand_after(["5c 3o 1e", "4e 6b 7c"], 1, ["1:4e", "0:5c"])
    dear = hand_after(["5c 3o 1e", "4e 6b 7c"], 1, ["1:4e", "0:1e"])
    assert holds("lowest_winning(1)", cheap) and not holds("lowest_winning(1)", dear)
    assert holds("trick_won_by(1, us)", dear)


def test_winning_trick_looks_at_the_trick_under_way():
    # Four players: seat 1 leads 4e, the learner's partner is seat 2... the learner (seat 0) is last.
    hand = hand_after(["5c 6c 7c", "4e 4b 4o", "3e 5e 6e", "2o 6o 11o"], 1, ["1:4e", "2:3e", "3:2o"], players=4)
    assert holds("winning_trick(partner)", hand) and holds("winning_trick(us)", hand)
    assert not holds("winning_trick(opponent)", hand)


def test_call_words_follow_the_calls():
    hand = hand_after(["1e 7o 3b", "4c 5c 6c"], 0, ["0:envido"])
    assert holds("envido_called", hand) and holds("pending(envido)", hand) and holds("phase(answer_envido)", hand)
    assert holds("called(learner, envido)", hand) and not holds("called(opponent, envido)", hand)
    assert holds("can(quiero)", hand) and holds("can(real_envido)", hand) and not holds("can(play)", hand)
    hand.apply(parse_action("1:quiero"))
    # 4c 5c 6c counts 31 and beats the learner's 7: the opponent's team scores the envido.
    assert holds("envido_accepted", hand) and holds("envido_won_by(them)", hand)
    assert holds("answered(opponent, quiero)", hand) and holds("answered_call(opponent, envido, quiero)", hand)
    assert holds("points_at_least(them, 2)", hand) and holds("points_at_most(us, 0)", hand)


def test_a_declined_truco_ends_the_hand_for_the_caller():
    hand = hand_after(["1e 7o 3b", "4c 5c 6c"], 0, ["0:truco", "1:no_quiero"])
    assert holds("truco_called", hand) and holds("truco_declined", hand) and not holds("truco_accepted", hand)
    assert holds("hand_over", hand) and holds("hand_won_by(us)", hand) and holds("last(opponent, no_quiero)", hand)


def test_deal_words():
    hand = hand_after(["1e 7o 3b", "4c 5c 6c"], 0, [])
    assert holds("holds_mata(learner)", hand) and holds("matas_at_least(learner, 2)", hand)
    assert not holds("holds_mata(opponent)", hand)
    assert holds("envido_at_least(opponent, 31)", hand) and holds("envido_at_most(learner, 7)", hand)
    assert holds("envido_best(them)", hand)
    # The opponent's best card is its 6: no stronger than a 6, stronger than a 5.
    assert holds("best_card_at_most(opponent, 6e)", hand) and not holds("best_card_at_most(opponent, 5e)", hand)
    assert holds("beats_all(learner, 3b)", hand) and not holds("beats_all(learner, 4c)", hand)
    assert holds("holds_flor(opponent)", hand) and not holds("holds_flor(learner)", hand)


def test_composition():
    hand = hand_after(["1e 7o 3b", "4c 5c 6c"], 0, [])
    assert holds({"any": ["holds_flor(learner)", "holds_mata(learner)"]}, hand)
    assert not holds({"all": ["holds_flor(learner)", "holds_mata(learner)"]}, hand)
    assert holds({"not": "holds_flor(learner)"}, hand) and holds("not truco_called", hand)
    assert holds(["holds_mata(learner)", {"not": {"any": ["truco_called", "envido_called"]}}], hand)


@pytest.mark.parametrize(
    "raw, expected",
    [
        ("no_such_word", "goal: unknown predicate 'no_such_word'"),
        ("trick_won_by(1)", "goal: trick_won_by takes (trick, winner), got 1"),
        ("played(nobody, 1)", "goal: played: 'nobody' is not a seat"),
        ({"any": []}, "goal.any: any takes a non-empty list"),
        ({"all": ["hand_over", "envido_won_by(all)"]}, "goal.all[1]: envido_won_by: 'all' is not a team"),
        (42, "goal: expected a predicate"),
    ],
)
def test_errors_name_the_path(raw, expected):
    with pytest.raises(ContentError) as info:
        parse(raw, "goal")
    assert expected in str(info.value)


def test_every_word_is_documented_in_the_authoring_guide():
    guide = (Path(__file__).parents[2] / "tutor" / "content" / "AUTHORING.md").read_text(encoding="utf-8")
    missing = [name for name in VOCABULARY if f"`{name}" not in guide]
    assert not missing, f"add these predicates to AUTHORING.md: {missing}"


def test_card_count_words_count_cards_by_strength():
    # The learner holds 1e (a mata), 3b (a 3) and 12o (a figure); the opponent 2c, 1o and 4c.
    hand = hand_after(["1e 3b 12o", "2c 1o 4c"], 0, [])
    # Two of the learner's cards are a 3 or better (1e and 3b); the 3 of espadas is as strong as the 3b.
    assert holds("cards_at_least(learner, 3e, 2)", hand) and not holds("cards_at_least(learner, 3e, 3)", hand)
    # The false ace 1o is equal to the 1 of copas: the opponent holds two cards no stronger than a false ace.
    assert holds("cards_at_most(opponent, 1c, 2)", hand) and not holds("cards_at_most(opponent, 1c, 3)", hand)
    # No opponent card is as strong as a 3; one learner card (the 12) is no stronger than a 12.
    assert not holds("cards_at_least(opponent, 3o, 1)", hand) and holds("cards_at_most(learner, 12e, 1)", hand)
    assert not holds("cards_at_most(learner, 11e, 1)", hand)
    # "opponent" and "anyone" name several seats: one of them is enough.
    assert holds("cards_at_least(anyone, 2e, 2)", hand) and holds("cards_at_most(anyone, 4e, 1)", hand)


def test_lowest_played_looks_at_the_cards_held_in_that_trick():
    # Four players, seat 1 is mano. The learner (seat 0, last) holds 1b, 4c and 6o; its partner leads
    # nothing: seat 1 plays 3e, the partner (seat 2) 1e, seat 3 2o. The partner's 1e already takes the
    # trick, so the learner's 4c (its weakest card) is the thrifty play; 1b is not.
    deal = ["1b 4c 6o", "3e 5b 7c", "1e 11o 12c", "2o 5c 6c"]
    low = hand_after(deal, 1, ["1:3e", "2:1e", "3:2o", "0:4c"], players=4)
    high = hand_after(deal, 1, ["1:3e", "2:1e", "3:2o", "0:1b"], players=4)
    assert holds("lowest_played(1)", low) and not holds("lowest_played(1)", high)
    # It holds whoever took the trick (here the partner), and only once the learner has played in it.
    assert holds("trick_won_by(1, partner)", low)
    before = hand_after(deal, 1, ["1:3e", "2:1e", "3:2o"], players=4)
    assert not holds("lowest_played(1)", before) and not holds("lowest_played(2)", low)
    # In trick 2 the learner holds 1b and 6o: the weakest then is the 6o (the 4c is gone). The partner,
    # winner of trick 1, leads 11o; seat 3 plays 5c; the learner's 6o is its weakest card then.
    later = hand_after(deal, 1, ["1:3e", "2:1e", "3:2o", "0:4c", "2:11o", "3:5c", "0:6o"], players=4)
    assert holds("lowest_played(2)", later) and holds("lowest_played(1)", later)
