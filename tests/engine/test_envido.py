"""Envido, flor and the showdown (docs/rules §4 and §8)."""

from __future__ import annotations

from itertools import combinations, permutations

import pytest
from hypothesis import given, strategies as st

from tutor.engine.cards import DECK, Card, Suit
from tutor.engine.envido import (
    EnvidoKind,
    StatementAction,
    envido,
    envido_points,
    flor,
    flor_points,
    has_flor,
    showdown,
    showdown_hands,
)
from tutor.engine.errors import InvalidNotationError, NotationReason

ALL_HANDS = list(combinations(DECK, 3))
STATES, SON_BUENAS, SILENT = StatementAction.STATES, StatementAction.SON_BUENAS, StatementAction.SILENT


def reference_envido(hand) -> int:
    """Brute force, written differently from the engine: the best over every pair of one suit
    (20 + both values) and every single card (its value)."""
    value = {1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 10: 0, 11: 0, 12: 0}
    best = 0
    for card in hand:
        best = max(best, value[card.rank])
    for a, b in combinations(hand, 2):
        if a.suit == b.suit:
            best = max(best, 20 + value[a.rank] + value[b.rank])
    return best


# --- Worked examples from docs/rules §4.1 and the rule texts -------------------------------------


def test_rules_4_counting_7c_5c_12e_is_32():
    r = envido("7c 5c 12e")
    assert r.points == 32
    assert r.kind is EnvidoKind.PAIR
    assert [str(c) for c in r.counted] == ["7c", "5c"]
    assert r.suit is Suit.COPAS and r.bonus == 20


def test_rules_4_counting_12o_11o_3b_is_20():
    r = envido("12o 11o 3b")
    assert r.points == 20
    assert r.kind is EnvidoKind.PAIR
    assert {str(c) for c in r.counted} == {"12o", "11o"}


def test_rules_4_counting_1e_6b_4o_is_6():
    r = envido("1e 6b 4o")
    assert r.points == 6
    assert r.kind is EnvidoKind.SINGLE
    assert [str(c) for c in r.counted] == ["6b"]
    assert r.suit is None and r.bonus == 0


def test_rules_4_counting_6c_5c_12b_is_31():
    assert envido_points("6c 5c 12b") == 31


def test_rules_4_counting_7c_3c_4b_is_30():
    assert envido_points("7c 3c 4b") == 30


def test_rules_4_counting_1e_7c_4b_is_7():
    r = envido("1e 7c 4b")
    assert r.points == 7
    assert [str(c) for c in r.counted] == ["7c"]


def test_rules_4_highest_possible_is_33():
    assert max(envido_points(hand) for hand in ALL_HANDS) == 33
    assert envido_points("7e 6e 1b") == 33


def test_rules_4_three_of_a_suit_counts_the_best_two():
    r = envido("7o 12o 6o")
    assert r.points == 33
    assert r.kind is EnvidoKind.BEST_PAIR
    assert [str(c) for c in r.counted] == ["7o", "6o"]


def test_rules_4_three_figures_of_three_suits_is_zero():
    r = envido("12e 11b 10o")
    assert r.points == 0
    assert r.kind is EnvidoKind.ZERO
    assert r.counted == ()


def test_seed_001_french_6h_5h_kc_is_31():
    assert envido_points("6♥ 5♥ K♣") == 31


def test_seed_002_ace_of_swords_seven_of_cups_four_of_clubs_is_7():
    assert envido_points(["1e", "7c", "4b"]) == 7


# --- Exhaustive ----------------------------------------------------------------------------------


def test_all_9880_hands_against_reference():
    assert len(ALL_HANDS) == 9880
    wrong = [hand for hand in ALL_HANDS if envido_points(hand) != reference_envido(hand)]
    assert wrong == []


def test_all_9880_explanations_are_consistent():
    for hand in ALL_HANDS:
        r = envido(hand)
        assert r.points == reference_envido(hand)
        assert sorted(r.cards, key=DECK.index) == list(hand)
        assert r.points == r.bonus + sum(c.envido_value for c in r.counted)
        assert r.cards[: len(r.counted)] == r.counted
        suits = [c.suit for c in hand]
        most = max(suits.count(s) for s in suits)
        if most == 3:
            assert r.kind is EnvidoKind.BEST_PAIR
        elif most == 2:
            assert r.kind is EnvidoKind.PAIR
        elif r.points == 0:
            assert r.kind is EnvidoKind.ZERO
        else:
            assert r.kind is EnvidoKind.SINGLE
        if r.kind in (EnvidoKind.PAIR, EnvidoKind.BEST_PAIR):
            assert len(r.counted) == 2 and r.bonus == 20
            assert r.counted[0].suit == r.counted[1].suit == r.suit
            assert r.counted[0].envido_value >= r.counted[1].envido_value
        elif r.kind is EnvidoKind.SINGLE:
            assert len(r.counted) == 1 and r.suit is None and r.bonus == 0
            assert r.counted[0].envido_value == max(c.envido_value for c in hand)
        else:
            assert r.counted == () and r.suit is None


def test_envido_accepts_every_input_form():
    expected = envido("7c 5c 12e")
    assert envido(["7c", "5c", "12e"]) == expected
    assert envido([Card.parse("12e"), "5c", Card.parse("7c")]) == expected
    assert envido(iter(["7♥", "5♥", "K♠"])) == expected
    assert envido_points(c for c in (Card.parse("7c"), Card.parse("5c"), Card.parse("12e"))) == 32


@pytest.mark.parametrize(
    ("cards", "reason"),
    [
        ("7c 5c", NotationReason.WRONG_COUNT),
        ("7c 5c 12e 1b", NotationReason.WRONG_COUNT),
        ("7c 7c 12e", NotationReason.DUPLICATE_CARD),
        ("7c 8c 12e", NotationReason.UNKNOWN_RANK),
        ("7c 5x 12e", NotationReason.UNKNOWN_SUIT),
        ("", NotationReason.EMPTY),
    ],
)
@pytest.mark.parametrize("function", [envido, envido_points, flor, has_flor, flor_points])
def test_bad_hands_raise_with_reason(function, cards, reason):
    with pytest.raises(InvalidNotationError) as info:
        function(cards)
    assert info.value.reason is reason


def test_duplicate_cards_as_objects_are_refused():
    card = Card.parse("7c")
    for function in (envido, envido_points):
        with pytest.raises(InvalidNotationError) as info:
            function((card, card, Card.parse("1e")))
        assert info.value.reason is NotationReason.DUPLICATE_CARD
        with pytest.raises(InvalidNotationError) as info:
            function((card, Card.parse("2c"), Card.parse("3c"), card))
        assert info.value.reason is NotationReason.DUPLICATE_CARD


hands = st.lists(st.sampled_from(DECK), min_size=3, max_size=3, unique=True)


@given(hands, st.permutations(range(3)))
def test_envido_is_invariant_under_card_order(hand, order):
    shuffled = [hand[i] for i in order]
    assert envido(shuffled) == envido(hand)
    assert envido_points(shuffled) == envido_points(hand)


@given(hands)
def test_envido_is_between_0_and_33(hand):
    points = envido_points(hand)
    assert 0 <= points <= 33
    assert points <= 7 or points >= 20


# --- Flor --------------------------------------------------------------------------------------


def test_rules_8_flor_value_is_20_plus_three_values():
    f = flor("7o 6o 5o")
    assert f is not None and f.points == 38 and f.suit is Suit.OROS
    assert flor("12e 11e 10e").points == 20
    assert flor("1c 2c 12c").points == 23
    assert flor_points("K♣ 3♣ 4♣") == 27


def test_no_flor_without_three_of_one_suit():
    assert flor("7o 6o 5c") is None
    assert flor_points("7o 6o 5c") is None
    assert not has_flor("7o 6b 5c")


def test_all_flores_against_reference():
    flores = [hand for hand in ALL_HANDS if has_flor(hand)]
    assert len(flores) == 4 * 120
    for hand in ALL_HANDS:
        one_suit = hand[0].suit == hand[1].suit == hand[2].suit
        f = flor(hand)
        assert (f is not None) is one_suit
        if one_suit:
            assert f.points == 20 + sum(0 if c.rank > 7 else c.rank for c in hand)
            assert f.suit == hand[0].suit
            # without flor in play the same hand counts only its best two cards
            assert envido_points(hand) == f.points - min(0 if c.rank > 7 else c.rank for c in hand)


FLOR_HANDS = [hand for hand in ALL_HANDS if hand[0].suit == hand[1].suit == hand[2].suit]


@given(st.sampled_from(FLOR_HANDS), st.permutations(range(3)))
def test_flor_value_is_between_20_and_38(hand, order):
    shuffled = [hand[i] for i in order]
    assert 20 <= flor_points(shuffled) <= 38
    assert flor_points(shuffled) == flor_points(hand)


# --- Showdown ------------------------------------------------------------------------------------


def actions(result):
    return [(s.seat, s.action) for s in result.statements]


def test_rules_4_showdown_two_players_higher_second_states():
    r = showdown([27, 31])
    assert actions(r) == [(0, STATES), (1, STATES)]
    assert (r.winner, r.team, r.team_values, r.tie_broken) == (1, 1, (27, 31), False)
    assert r.order == (0, 1)


def test_rules_4_showdown_two_players_son_buenas():
    r = showdown([31, 27])
    assert actions(r) == [(0, STATES), (1, SON_BUENAS)]
    assert r.winner == 0


@pytest.mark.parametrize(("mano", "winner"), [(0, 0), (1, 1)])
def test_rules_4_tie_goes_to_the_mano(mano, winner):
    r = showdown([30, 30], mano=mano)
    assert r.winner == winner
    assert r.tie_broken
    assert actions(r) == [(mano, STATES), (1 - mano, SON_BUENAS)]


def test_rules_4_dealer_loses_every_tie_in_four_players():
    # mano 1: order 1, 2, 3, 0; seat 0 is the dealer.
    r = showdown([28, 28, 28, 28], mano=1)
    assert r.order == (1, 2, 3, 0)
    assert r.winner == 1 and r.team == 1 and r.tie_broken
    assert actions(r) == [(1, STATES), (2, SON_BUENAS), (3, SILENT), (0, SON_BUENAS)]


def test_rules_4_team_value_is_the_best_players():
    r = showdown([30, 20, 25, 10])
    assert r.team_values == (30, 20)
    assert actions(r) == [(0, STATES), (1, SON_BUENAS), (2, SILENT), (3, SON_BUENAS)]
    assert r.winner == 0 and r.team == 0


def test_silent_partner_speaks_when_the_lead_is_lost():
    r = showdown([20, 10, 30, 25])
    assert actions(r) == [(0, STATES), (1, SON_BUENAS), (2, SILENT), (3, STATES), (2, STATES)]
    assert r.winner == 2 and r.team == 0 and r.team_values == (30, 25)


def test_tie_across_teams_goes_to_the_earlier_seat():
    r = showdown([25, 30, 30, 12])
    assert actions(r) == [(0, STATES), (1, STATES), (2, SON_BUENAS), (3, SILENT)]
    assert r.winner == 1 and r.team == 1 and r.tie_broken


def test_silent_seat_earlier_in_order_wins_a_tie_later():
    # seat 2 is silent while its partner leads; seat 3 then states 30; seat 2's 30 is nearer the mano.
    r = showdown([20, 10, 30, 30])
    assert actions(r) == [(0, STATES), (1, SON_BUENAS), (2, SILENT), (3, STATES), (2, STATES)]
    assert r.winner == 2 and r.tie_broken


def test_four_players_mano_two():
    r = showdown([33, 0, 10, 10], mano=2)
    assert r.order == (2, 3, 0, 1)
    assert actions(r) == [(2, STATES), (3, SON_BUENAS), (0, SILENT), (1, SON_BUENAS)]
    assert r.winner == 2 and r.team == 0 and r.team_values == (33, 10) and not r.tie_broken


def test_six_players():
    # teams: even seats 0, odd seats 1; order from mano 3: 3, 4, 5, 0, 1, 2
    r = showdown([21, 26, 30, 7, 29, 30], mano=3)
    assert r.order == (3, 4, 5, 0, 1, 2)
    assert actions(r) == [
        (3, STATES),  # 7
        (4, STATES),  # 29 beats 7
        (5, STATES),  # 30 beats 29
        (0, SON_BUENAS),  # 21
        (1, SILENT),  # partner of seat 5
        (2, SON_BUENAS),  # 30 equals 30 but seat 5 is nearer the mano
    ]
    assert r.winner == 5 and r.team == 1 and r.team_values == (30, 30) and r.tie_broken


def test_six_players_tie_to_nearest_mano():
    r = showdown([31, 31, 31, 31, 31, 31], mano=4)
    assert r.winner == 4 and r.team == 0 and r.tie_broken
    assert actions(r) == [(4, STATES), (5, SON_BUENAS), (0, SILENT), (1, SON_BUENAS), (2, SILENT), (3, SON_BUENAS)]


def test_showdown_hands_computes_values():
    r = showdown_hands(["7c 5c 12e", "6o 5o 12b", "1e 2b 3o", "7e 6e 5e"], mano=0)
    assert r.values == (32, 31, 3, 33)
    assert r.winner == 3 and r.team == 1


@pytest.mark.parametrize("values", [[], [30], [1, 2, 3], [1, 2, 3, 4, 5], [0] * 8])
def test_showdown_needs_2_4_or_6_seats(values):
    with pytest.raises(InvalidNotationError) as info:
        showdown(values)
    assert info.value.reason is NotationReason.WRONG_COUNT


@pytest.mark.parametrize(
    ("values", "mano"), [([30, 39], 0), ([30, -1], 0), ([30, "7"], 0), ([30, 20], 2), ([1, 2], -1)]
)
def test_showdown_bad_values(values, mano):
    with pytest.raises(InvalidNotationError) as info:
        showdown(values, mano=mano)
    assert info.value.reason is NotationReason.BAD_VALUE


@given(
    st.sampled_from([2, 4, 6]).flatmap(
        lambda n: st.tuples(st.lists(st.integers(0, 33), min_size=n, max_size=n), st.integers(0, n - 1))
    )
)
def test_showdown_properties(case):
    values, mano = case
    n = len(values)
    r = showdown(values, mano)
    order = [(mano + i) % n for i in range(n)]
    assert list(r.order) == order
    # Reference: the best value wins, ties to the seat nearest the mano.
    best_seat = max(order, key=lambda s: (values[s], -order.index(s)))
    assert r.team == best_seat % 2
    assert r.team_values == (max(values[0::2]), max(values[1::2]))
    assert r.tie_broken == (r.team_values[0] == r.team_values[1])
    assert r.winner % 2 == r.team
    # The procedure: mano states first; stated values climb; nobody is skipped.
    assert r.statements[0].seat == mano and r.statements[0].action is STATES
    stated = [(values[s.seat], -order.index(s.seat)) for s in r.statements if s.action is STATES]
    assert stated == sorted(stated) and len(set(stated)) == len(stated)
    assert r.statements[-1].action is not STATES or r.statements[-1].seat == r.winner
    last_stated = [s.seat for s in r.statements if s.action is STATES][-1]
    assert last_stated == r.winner
    for seat in range(n):
        said = [s.action for s in r.statements if s.seat == seat]
        assert 1 <= len(said) <= 2
        if len(said) == 2:
            assert said[0] is SILENT and said[1] is not SILENT
        if seat % 2 != r.team:
            assert said[-1] in (STATES, SON_BUENAS)  # the losing team all had their say
    # Each statement is consistent with the best so far at that moment.
    holder = None
    for s in r.statements:
        assert s.team == s.seat % 2 and s.value == values[s.seat]
        if holder is None:
            holder = s.seat
            continue
        beats = (values[s.seat], -order.index(s.seat)) > (values[holder], -order.index(holder))
        if s.action is SILENT:
            assert holder % 2 == s.team
        elif s.action is STATES:
            assert holder % 2 != s.team and beats
            holder = s.seat
        else:
            assert holder % 2 != s.team and not beats
    assert holder == r.winner


def test_permuted_hands_do_not_change_the_showdown():
    hands = ["7c 5c 12e", "6o 5o 12b"]
    for perm in permutations(hands[0].split()):
        assert showdown_hands([" ".join(perm), hands[1]]).winner == 0
