"""Trick results and the parda rules for the hand (docs/rules §3)."""

from __future__ import annotations

from itertools import product

import pytest
from hypothesis import given, strategies as st

from tutor.engine.cards import DECK, Card
from tutor.engine.errors import InvalidNotationError, NotationReason
from tutor.engine.ranking import ARGENTINE
from tutor.engine.tricks import (
    HandRule,
    Side,
    TrickOutcome,
    hand_result,
    is_decided,
    trick_result,
)

# --- Trick results -----------------------------------------------------------------------------


def test_rules_3_highest_card_wins_two_players():
    r = trick_result("3c 1e")
    assert (r.winner, r.winning_team, r.parda) == (1, 1, False)
    assert r.next_leader == 1
    assert r.teams == (0, 1)
    assert [str(c) for c in r.cards] == ["3c", "1e"]


def test_rules_3_equal_cards_of_opposing_teams_are_parda():
    r = trick_result("3e 3o")
    assert r.parda and r.winner is None and r.winning_team is None
    assert r.next_leader == 0  # the player who led the tied trick leads again


def test_rules_3_partners_equal_top_cards_are_no_parda_000():
    # seats 0 and 2 are partners; both play a 3, the opponents play lower
    r = trick_result("3e 2o 3o 4b")
    assert not r.parda
    assert r.winning_team == 0
    assert r.winner == 0  # the first of the two equal cards takes the trick


def test_partners_equal_top_cards_later_in_the_trick():
    r = trick_result("4e 12o 5b 12c")  # seats 1 and 3 (team 1) both play a 12
    assert (r.parda, r.winner, r.winning_team) == (False, 1, 1)


def test_three_equal_top_cards_with_both_teams_is_parda():
    r = trick_result("3e 4o 3o 3b")
    assert r.parda


def test_later_higher_card_breaks_an_earlier_tie():
    r = trick_result("3e 3o 1b 4c")
    assert (r.parda, r.winner, r.winning_team) == (False, 2, 0)
    r = trick_result("2e 2o 2b 3c")
    assert (r.parda, r.winner, r.winning_team) == (False, 3, 1)


def test_tie_below_the_top_card_does_not_matter():
    r = trick_result("3e 3o 7o 4c")
    assert (r.parda, r.winner) == (False, 2)


def test_six_players_parda_and_win():
    assert trick_result("4e 4o 5b 5c 6e 6o").parda
    r = trick_result("7b 7c 12e 6o 12b 11c")  # 12e (team 0) and 12b (team 0) top
    assert (r.parda, r.winner, r.winning_team) == (False, 2, 0)


def test_explicit_teams():
    r = trick_result("3e 3o 4b", teams=[1, 1, 0])
    assert (r.parda, r.winner, r.winning_team) == (False, 0, 1)
    assert trick_result("3e 3o", teams=[0, 0]).winner == 0
    assert trick_result("3e 3o", teams=[0, 1]).parda


def test_matas_beat_each_other_by_suit():
    assert trick_result("7o 7e").winner == 1
    assert trick_result("1b 1e").winner == 1
    assert trick_result("1c 1o").parda  # false aces are equal


def test_single_card_trick():
    r = trick_result([Card.parse("4c")])
    assert (r.winner, r.winning_team, r.parda) == (0, 0, False)


@pytest.mark.parametrize(
    ("cards", "teams", "reason"),
    [
        ("", None, NotationReason.EMPTY),
        ([], None, NotationReason.EMPTY),
        ("3e 3e", None, NotationReason.DUPLICATE_CARD),
        ("3e 8e", None, NotationReason.UNKNOWN_RANK),
        ("3e 4e", [0], NotationReason.WRONG_COUNT),
        ("3e 4e", [0, 1, 0], NotationReason.WRONG_COUNT),
    ],
)
def test_trick_errors(cards, teams, reason):
    with pytest.raises(InvalidNotationError) as info:
        trick_result(cards, teams)
    assert info.value.reason is reason


def test_duplicate_card_objects_are_refused():
    card = Card.parse("3e")
    with pytest.raises(InvalidNotationError) as info:
        trick_result([card, Card.parse("4e"), card])
    assert info.value.reason is NotationReason.DUPLICATE_CARD


@given(
    st.integers(1, 6).flatmap(
        lambda n: st.tuples(
            st.lists(st.sampled_from(DECK), min_size=n, max_size=n, unique=True),
            st.lists(st.integers(0, 1), min_size=n, max_size=n),
        )
    )
)
def test_trick_result_matches_reference(case):
    cards, teams = case
    r = trick_result(cards, teams)
    # reference: ranks written as "how many cards of the deck does this card beat"
    beats = {c: sum(1 for d in DECK if ARGENTINE.compare(c, d) > 0) for c in cards}
    top = max(beats.values())
    tops = [i for i, c in enumerate(cards) if beats[c] == top]
    if len({teams[i] for i in tops}) > 1:
        assert r.parda and r.winner is None and r.winning_team is None and r.next_leader == 0
    else:
        assert not r.parda and r.winner == tops[0] and r.winning_team == teams[tops[0]]
        assert r.next_leader == tops[0]


# --- Hand results ------------------------------------------------------------------------------


def reference_full(seq: str) -> Side:
    """Winner of a hand when all three tricks are known, phrased differently from the engine:
    two tricks win; otherwise the first trick that was not a parda; three pardas: the mano."""
    if seq.count("W") >= 2:
        return Side.MANO
    if seq.count("L") >= 2:
        return Side.OTHER
    for out in seq:
        if out != "P":
            return Side.MANO if out == "W" else Side.OTHER
    return Side.MANO


def reference_decided(prefix: str) -> Side | None:
    """A hand is decided when every way of finishing it gives the same winner."""
    endings = {reference_full(prefix + "".join(rest)) for rest in product("WLP", repeat=3 - len(prefix))}
    return endings.pop() if len(endings) == 1 else None


ALL_SEQUENCES = ["".join(p) for n in (1, 2, 3) for p in product("WLP", repeat=n)]


def test_there_are_39_sequences():
    assert len(ALL_SEQUENCES) == 39


@pytest.mark.parametrize("seq", ALL_SEQUENCES)
def test_every_sequence_against_reference(seq):
    early = next((n for n in range(1, len(seq)) if reference_decided(seq[:n]) is not None), None)
    if early is not None:
        with pytest.raises(InvalidNotationError) as info:
            hand_result(seq)
        assert info.value.reason is NotationReason.BAD_VALUE
        assert info.value.details["position"] == early
        return
    r = hand_result(seq)
    expected = reference_decided(seq)
    assert r.winner == expected
    assert r.decided is (expected is not None)
    assert r.tricks_played == len(seq)
    assert is_decided(seq) is r.decided
    assert r.outcomes == tuple(TrickOutcome(c) for c in seq)
    assert (r.rule is HandRule.UNDECIDED) is (not r.decided)


# The rule named for each decided sequence, from docs/rules §3.4 (hand-written).
RULE_TABLE = {
    "WW": (Side.MANO, HandRule.TWO_TRICKS, "a team that wins two tricks"),
    "LL": (Side.OTHER, HandRule.TWO_TRICKS, "a team that wins two tricks"),
    "WLW": (Side.MANO, HandRule.TWO_TRICKS, ""),
    "LWL": (Side.OTHER, HandRule.TWO_TRICKS, ""),
    "WLL": (Side.OTHER, HandRule.TWO_TRICKS, "losing the first trick is not fatal"),
    "LWW": (Side.MANO, HandRule.TWO_TRICKS, ""),
    "PW": (Side.MANO, HandRule.FIRST_PARDA_NEXT_DECIDES, "trick 1 parda: the winner of trick 2"),
    "PL": (Side.OTHER, HandRule.FIRST_PARDA_NEXT_DECIDES, ""),
    "PPW": (Side.MANO, HandRule.FIRST_PARDA_NEXT_DECIDES, "trick 2 also parda: the winner of trick 3"),
    "PPL": (Side.OTHER, HandRule.FIRST_PARDA_NEXT_DECIDES, ""),
    "WP": (Side.MANO, HandRule.PARDA_AFTER_WIN_FIRST_TRICK_WINNER, "1-0 and a parda: over"),
    "LP": (Side.OTHER, HandRule.PARDA_AFTER_WIN_FIRST_TRICK_WINNER, ""),
    "WLP": (Side.MANO, HandRule.THIRD_PARDA_FIRST_TRICK_WINNER, "1-1 then parda: the winner of trick 1"),
    "LWP": (Side.OTHER, HandRule.THIRD_PARDA_FIRST_TRICK_WINNER, ""),
    "PPP": (Side.MANO, HandRule.ALL_PARDA_MANO, "all three parda: mano's team"),
}


@pytest.mark.parametrize("seq", sorted(RULE_TABLE))
def test_rules_3_hand_rule_names(seq):
    winner, rule, _ = RULE_TABLE[seq]
    r = hand_result(seq)
    assert (r.winner, r.rule, r.decided, r.tricks_played) == (winner, rule, True, len(seq))


def test_rule_table_covers_every_decided_sequence():
    decided = {seq for seq in ALL_SEQUENCES if hand_result_or_none(seq) and hand_result(seq).decided}
    assert decided == set(RULE_TABLE)


def hand_result_or_none(seq):
    try:
        return hand_result(seq)
    except InvalidNotationError:
        return None


@pytest.mark.parametrize("seq", ["", "W", "L", "P", "WL", "LW", "PP"])
def test_undecided(seq):
    r = hand_result(seq)
    assert (r.winner, r.decided, r.rule, r.tricks_played) == (None, False, HandRule.UNDECIDED, len(seq))


def test_rules_3_parda_after_one_all_ends_with_first_trick_winner_issue_2():
    # "the hand after 1-1 and a parda" (issue 2): the first trick's winner takes it
    assert hand_result("LWP").winner is Side.OTHER
    # "parda, parda, then a won trick"
    assert hand_result("PPL").winner is Side.OTHER


def test_accepts_enum_members_lists_and_lowercase():
    assert hand_result([TrickOutcome.PARDA, TrickOutcome.WON]).winner is Side.MANO
    assert hand_result(["p", "l"]).winner is Side.OTHER
    assert hand_result(("W", "P")).rule is HandRule.PARDA_AFTER_WIN_FIRST_TRICK_WINNER


@pytest.mark.parametrize(("seq", "position"), [("WWW", 2), ("WPL", 2), ("PLW", 2), ("PPPW", 3), ("WLPW", 3)])
def test_trick_after_the_hand_was_decided(seq, position):
    with pytest.raises(InvalidNotationError) as info:
        hand_result(seq)
    assert info.value.reason is NotationReason.BAD_VALUE
    assert info.value.details["position"] == position
    with pytest.raises(InvalidNotationError):
        is_decided(seq)


@pytest.mark.parametrize(("seq", "position"), [("X", 0), ("WZ", 1), (["W", 3], 1)])
def test_unknown_outcome_symbol(seq, position):
    with pytest.raises(InvalidNotationError) as info:
        hand_result(seq)
    assert info.value.reason is NotationReason.MALFORMED
    assert info.value.details["position"] == position
