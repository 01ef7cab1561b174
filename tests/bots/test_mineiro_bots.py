"""The computer players and the hint in Truco Mineiro (docs/rules/mineiro.md): legal moves in random
matches at every level, the threes before the hand (keep, pass, burn), the face-down card, the bet
on the trick being played, the mão de onze with the partner's cards, the determinization of burned
and face-down cards, hints ranked and their reasons checked, and a small strong-against-beginner
sample.

Expectations come from the rules and the bots' documented rules of thumb, not from running them:
the zap, copas and espadilha take nearly every hand, so they are kept (or passed, with a partner);
the señas at four players are the rules' Brazilian five, for the seat's two best such cards;
three of the lowest cards take almost none, so they are burned while another three can come; a
card below the best card on the table can neither take nor tie the trick, so it goes face down.
"""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import given, strategies as st

from tests.bots.matches import play_match, run
from tests.budgets import budget, examples
from tutor.bots import Level, ReasonCode, Sena, choose, hint, sena_facts, senas
from tutor.bots.checks import check_reason
from tutor.engine import (
    Call,
    Card,
    Decision,
    MatchState,
    Phase,
    PlayCard,
    find_variant,
)
from tutor.engine.determinize import Determinizer, ThreesDeterminizer
from tutor.engine.state import ThreeChoice, ThreeChoiceKind

MINEIRO = find_variant("mineiro")
TWO = MINEIRO.rules()
FOUR = MINEIRO.rules(players=4)
KEEP, PASS, BURN = ThreeChoiceKind.KEEP, ThreeChoiceKind.PASS, ThreeChoiceKind.BURN


def test_mineiro_is_offered_at_the_table():
    assert MINEIRO.table


@examples(12)
@given(
    seed=st.integers(0, 10**6),
    players=st.sampled_from([2, 4]),
    levels=st.sampled_from(
        [
            (Level.RANDOM, Level.RANDOM),
            (Level.BEGINNER, Level.RANDOM),
            (Level.BEGINNER, Level.BEGINNER),
            (Level.STRONG, Level.RANDOM),
            (Level.STRONG, Level.BEGINNER),
        ]
    ),
)
def test_every_level_plays_only_legal_moves_in_random_mineiro_matches(seed, players, levels):
    started = time.monotonic()
    match = play_match(MINEIRO.rules(players=players), levels, seed)
    assert max(match.scores) >= 12 and match.winner in (0, 1)
    assert time.monotonic() - started < 60  # a whole match is seconds, even with the strong bot


def test_the_beginner_burns_a_hopeless_three_and_keeps_the_manilhas():
    # Deal: the mão's first three, then the other seat, then the spare threes.
    hand = TWO.new_hand("4e,5o,6b|3c,2c,1c|4b,7c,1e|12e,12b,12o|11e,11b,11o", 0, (0, 0))
    decision = choose(hand.view_for(0), Level.BEGINNER, random.Random(1))
    assert decision.action == ThreeChoice(0, BURN) and decision.reason.code is ReasonCode.THREE_BURN
    run(hand, "0:burn")
    assert hand.burned  # face up, known to all
    decision = choose(hand.view_for(0), Level.BEGINNER, random.Random(1))
    assert decision.action == ThreeChoice(0, KEEP) and decision.reason.code is ReasonCode.THREE_KEEP


def test_the_beginner_passes_a_strong_three_to_the_partner():
    hand = FOUR.new_hand("4b,7c,1e|4e,5o,6b|5e,5c,6c|4c,6o,7b|12e,12b,12o|11e,11b,11o|10e,10b,10o", 0, (0, 0))
    decision = choose(hand.view_for(0), Level.BEGINNER, random.Random(1))
    assert decision.action == ThreeChoice(0, PASS) and decision.reason.code is ReasonCode.THREE_PASS
    # With two players there is nobody to pass to: the same three is kept.
    alone = TWO.new_hand("4b,7c,1e|4e,5o,6b|12e,12b,12o", 0, (0, 0))
    assert choose(alone.view_for(0), Level.BEGINNER, random.Random(1)).action == ThreeChoice(0, KEEP)


def test_a_card_that_cannot_take_or_tie_the_trick_goes_face_down():
    # Trick 1: 3o takes 4e. Trick 2: seat 0 leads the zap; seat 1 holds 5c and 6c, neither ties it.
    hand = TWO.new_hand("3o,4b,5e|4e,5c,6c", 0, (0, 0))
    run(hand, "0:3o 1:4e 0:4b")
    decision = choose(hand.view_for(1), Level.BEGINNER, random.Random(1))
    assert decision.action == PlayCard(1, "5c", True) and decision.reason.code is ReasonCode.PLAY_FACE_DOWN
    assert check_reason(decision.reason, hand, 1, decision.action) == []
    # Never in the first trick (the engine offers no face-down card there).
    first = TWO.new_hand("4b,3o,5e|4e,5c,6c", 0, (0, 0))
    run(first, "0:4b")
    assert not choose(first.view_for(1), Level.BEGINNER, random.Random(1)).action.face_down


def test_with_a_bet_accepted_the_trick_under_way_is_played_to_be_won():
    # Seat 1 called truco before its card in trick 1 and seat 0 accepted: trick 1 decides the hand,
    # so seat 0 beats the 3c with its zap instead of keeping it.
    # (Without a bet it would tie with the 3e and keep the zap, docs/rules/mineiro.md §9.3.5.)
    # At 9 the side may not raise (9 + 3 reaches 12, §9.3.6): the card is the only choice.
    hand = TWO.new_hand("4b,3e,6e|3c,5c,6c", 1, (9, 0))
    run(hand, "1:truco 0:quiero 1:3c")
    decision = choose(hand.view_for(0), Level.BEGINNER, random.Random(1))
    assert decision.action == PlayCard(0, "4b")


def test_the_mao_de_onze_of_four_counts_the_partners_cards():
    # Seat 0 decides for the side on 11 holding three low cards, but its partner holds the zap,
    # copas and espadilha: together they take nearly every hand.
    deal = "4e,5o,6b|3c,2c,1c|4b,7c,1e|3b,2b,1o"
    hand = FOUR.new_hand(deal, 0, (11, 5))
    view = hand.view_for(0)
    assert view.phase is Phase.DECIDE and set(view.partner_hand) == {*hand.deal[2]}
    decision = choose(view, Level.BEGINNER, random.Random(0))
    assert decision.action == Decision(0, True) and decision.reason.code is ReasonCode.ELEVEN_PLAY
    # The same cards alone (two players) are hopeless: the side runs.
    alone = TWO.new_hand("4e,5o,6b|3c,2c,1c", 0, (11, 5))
    assert choose(alone.view_for(0), Level.BEGINNER, random.Random(0)).action == Decision(0, False)


def test_the_determinizer_keeps_burned_cards_out_and_face_down_cards_hidden():
    # Seats 0-3, then three spare threes. The mão burns his first three, passes the next to his
    # partner (seat 2), keeps the third; seat 1 takes trick 1 with its 2 and leads trick 2 face down.
    deal = "4e,5o,6b|3c,2c,1c|4b,7c,1e|3b,2b,1o|12e,12b,12o|11e,11b,11o|10e,10b,10o"
    hand = run(FOUR.new_hand(deal, 0, (0, 0)), "0:burn 0:pass 0:keep 0:11e 1:2c 2:12e 3:1o 1:~1c")
    burned = set(hand.burned)
    rng = random.Random(3)
    for seat in range(4):
        view = hand.view_for(seat)
        sampler = Determinizer(view)
        assert isinstance(sampler, ThreesDeterminizer)
        behind = set()
        for _ in range(30):
            world = sampler.sample(rng)
            assert world.view_for(seat) == view  # the record replays to the seat's own view
            held = {c for s in range(4) for c in world.hands[s]} | {c for t in world.tricks for _, c in t}
            assert not held & burned  # burned cards are out of the hand
            (face_down,) = [c for s, c in world.current_trick if s == 1]
            behind.add(face_down)
            if seat == 0:  # the mão passed: his partner's cards are known to him
                assert set(world.hands[2]) == set(hand.hands[2])
        # The card behind the face-down card is known only to its owner.
        assert behind == {Card.parse("1c")} if seat == 1 else len(behind) > 1


def _hint_positions(index: int, rng: random.Random):
    rules = FOUR if index % 2 else TWO
    match = MatchState(rules, seed=f"mineiro-hint:{index}", scores=(rng.randrange(12), rng.randrange(12)))
    hand = match.hand
    while not hand.is_over:
        yield hand
        seat = hand.to_act
        assert seat is not None
        hand.apply(choose(hand.view_for(seat), Level.BEGINNER, rng).action)


def test_hints_rank_every_legal_action_and_their_reasons_hold():
    rng = random.Random(5)
    checked = 0
    for index in range(budget(12)):
        for hand in _hint_positions(index, rng):
            seat = hand.to_act
            view = hand.view_for(seat)
            found = hint(view, seed=index, budget=24)
            assert {r.action for r in found.ranked} == set(view.legal_actions)
            assert found.best in view.legal_actions
            assert check_reason(found.reason, hand, seat, found.best) == []
            checked += 1
    assert checked


def test_the_beginners_reasons_hold_in_random_mineiro_hands():
    rng = random.Random(7)
    checked = 0
    for index in range(budget(20)):
        for hand in _hint_positions(100 + index, rng):
            seat = hand.to_act
            decision = choose(hand.view_for(seat), Level.BEGINNER, random.Random(index))
            assert check_reason(decision.reason, hand, seat, decision.action) == [], decision
            checked += 1
    assert checked


@pytest.mark.parametrize("level", [Level.BEGINNER, Level.STRONG])
def test_nobody_bets_in_a_mao_de_onze(level):
    hand = run(TWO.new_hand("4b,7c,1e|4c,5c,6c", 0, (11, 3)), "0:play11")
    assert type(choose(hand.view_for(0), level, random.Random(1), budget=24).action) is PlayCard
    assert not any(type(a) is Call for a in hand.view_for(0).legal_actions)


def test_strong_beats_the_beginner_over_a_small_sample():
    """The figure with intervals over hundreds of matches is bench/bots_bench.py --game mineiro; here a
    small seeded sample of matches to 12 only checks the strong bot is not the weaker one."""
    wins = 0
    matches = max(4, budget(12))
    for index in range(matches):
        strong_team = index % 2
        levels = (Level.STRONG, Level.BEGINNER) if strong_team == 0 else (Level.BEGINNER, Level.STRONG)
        match = play_match(TWO, levels, 1000 + index, strong_budget=48)
        wins += match.winner == strong_team
    assert wins >= matches / 2


@pytest.mark.parametrize("rules", [TWO, FOUR], ids=["2", "4"])
def test_a_hint_in_a_mao_de_ferro_says_only_that_the_next_card_is_turned_up(rules):
    """In a mão de ferro (11 to 11) nobody sees his cards and each turns up his next one
    (docs/rules/mineiro.md): the hint has one action to rank, and its reason claims nothing about a
    card the seat has not seen (it once asked for the lowest card of an empty hand and failed)."""
    for index in range(budget(6, fast=3)):
        match = MatchState(rules, seed=f"mineiro-ferro:{index}", scores=(11, 11))
        hand = match.hand
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            view = hand.view_for(seat)
            found = hint(view, seed=index, budget=8)
            assert [r.action for r in found.ranked] == list(view.legal_actions) == [found.best]
            if isinstance(found.best, PlayCard):
                assert found.reason.code is ReasonCode.ONLY_ACTION
            assert check_reason(found.reason, hand, seat, found.best) == []
            hand.apply(found.best)


# Truco Mineiro's señas as docs/rules/mineiro.md §9.3.11 lists them, written out again here, strongest first.
MINEIRO_SENA_OF = {
    "4♣": Sena.ZAP,
    "7♥": Sena.COPAS,
    "A♠": Sena.ESPADILHA,
    "7♦": Sena.PICA_FUMO,
    "3♠": Sena.MINEIRO_TRES,
    "3♣": Sena.MINEIRO_TRES,
    "3♦": Sena.MINEIRO_TRES,
    "3♥": Sena.MINEIRO_TRES,
}
SENA_ORDER = [Sena.ZAP, Sena.COPAS, Sena.ESPADILHA, Sena.PICA_FUMO, Sena.MINEIRO_TRES]


def test_the_mineiro_senas_are_the_brazilian_five():
    hand = FOUR.new_hand("3♥,A♠,4♣|7♥,5♣,6♣|K♥,A♣,7♠|2♠,5♦,3♦", 0, (0, 0))
    assert senas(hand.view_for(0)) == (Sena.ZAP, Sena.ESPADILHA)  # the two best: the three is left out
    assert senas(hand.view_for(1)) == (Sena.COPAS,)
    # The ace of clubs and the 7 of spades are plain cards here (Argentine señas would name them).
    assert senas(hand.view_for(2)) == ()
    assert senas(hand.view_for(3)) == (Sena.MINEIRO_TRES,)
    assert senas(TWO.new_hand("4♣,7♥,A♠|2♠,5♦,3♦", 0, (0, 0)).view_for(0)) == ()  # no partner


@examples(40)
@given(seed=st.integers(0, 10**6))
def test_every_seat_at_four_shows_the_senas_of_its_two_best_signalled_cards(seed):
    deck = [Card.parse(f"{rank}{suit}") for rank in ("A", 2, 3, 4, 5, 6, 7, "J", "Q", "K") for suit in "♠♣♦♥"]
    dealt = random.Random(seed).sample(deck, 12)
    hand = FOUR.new_hand("|".join(",".join(c.notation for c in dealt[i * 3 : i * 3 + 3]) for i in range(4)), 0, (0, 0))
    for seat in range(4):
        cards = hand.deal[seat]
        french = [_french(card.notation) for card in cards]
        held = {MINEIRO_SENA_OF[card] for card in french if card in MINEIRO_SENA_OF}
        expected = tuple(sena for sena in SENA_ORDER if sena in held)[:2]
        shown = senas(hand.view_for(seat))
        assert shown == expected, (seat, [c.notation for c in cards], shown)
        assert all(fact.check(cards) for fact in sena_facts(seat, shown))  # each is true of the cards


def _french(notation: str) -> str:
    """A card of the project's notation (4b) as the French face writes it (4♣)."""
    rank, suit = notation[:-1], notation[-1]
    return {"1": "A", "10": "J", "11": "Q", "12": "K"}.get(rank, rank) + {"e": "♠", "b": "♣", "o": "♦", "c": "♥"}[suit]
