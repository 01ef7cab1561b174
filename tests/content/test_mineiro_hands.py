"""The Truco Mineiro practice hands teach what the game does: every line the learner can play is
walked, and what the hands' texts say (the cards that beat a lead, that only a truco wins the zap
hand, that the bet's trick decides it at 3) is checked against the order of docs/rules/mineiro.md
§9.3.2, written out here, and the engine's results."""

from __future__ import annotations

from collections.abc import Iterator

from tutor.content import get_hand, hands_for
from tutor.content.practice import Practice

ORDER = ["4b", "7c", "1e", "7o", "3", "2", "1", "12", "10", "11", "7", "6", "5", "4"]
"""§9.3.2, strongest first: the four manilhas, then by number (a number stands for its other suits)."""


def level(card: str) -> int:
    if card in ORDER[:4]:
        return ORDER.index(card)
    return ORDER.index(card[:-1], 4)


def beats(card: str, led: str) -> bool:
    return level(card) < level(led)


def lines(key: str) -> Iterator[Practice]:
    """Every way the learner can play the hand to its end (the other seats as the hand plays them)."""
    spec = get_hand(key)

    def walk(done: list[str]) -> Iterator[Practice]:
        run = Practice(spec, 0)
        for text in done:
            run.play(text)
        if run.over:
            yield run
            return
        for action in run.table.view().legal_actions:
            yield from walk([*done, str(action).split(":", 1)[1]])

    yield from walk([])


def test_lesson_11_has_three_hands_of_truco_mineiro():
    hands = hands_for("truco-mineiro")
    assert len(hands) >= 4
    assert all(spec.rules.variant == "mineiro" and spec.fixed for spec in hands)


def test_the_cards_the_hands_say_beat_the_lead_are_the_ones_the_rules_order_gives():
    espadilha = get_hand("the-espadilha-is-third")
    assert {c.notation for c in espadilha.cards[0] if beats(c.notation, "1e")} == {"7c", "4b"}
    jack = get_hand("the-jack-beats-the-queen")
    assert {c.notation for c in jack.cards[0] if beats(c.notation, "11o")} == {"10c", "12e"}
    ranking = jack.rules.ranking_table
    assert ranking.compare(jack.cards[0][0], jack.cards[1][0]) > 0  # the engine agrees: J above Q
    assert [beats(a, b) for a, b in (("4b", "7c"), ("7c", "1e"), ("1e", "7o"), ("7o", "3e"))] == [True] * 4


def test_the_lead_hands_are_won_by_taking_the_first_trick_cheaply_then_playing_face_up_without_a_bet():
    for key, cheapest in (("the-espadilha-is-third", "7c"), ("the-jack-beats-the-queen", "10c")):
        count = 0
        for run in lines(key):
            count += 1
            verdict = run.verdict()
            mine = [e.action for e in run.entries() if e.by == "learner"]
            first_card = next(a for a in mine if a[2:].rstrip("ebocs").isdigit())
            if first_card != f"0:{cheapest}":
                assert not verdict.goal, mine
            elif not any(a.startswith("0:~") or a == "0:truco" for a in mine):  # a bet or a card face down can lose
                assert verdict.goal, (key, [e.action for e in run.entries()])
        assert count > 5, key


def test_in_the_zap_hand_only_a_truco_wins_and_its_trick_decides_at_3():
    won_without_truco = 0
    for run in lines("bet-on-the-trick-of-your-zap"):
        hand = run.hand
        called = bool(hand.truco_calls)
        learner_won = hand.end.team == 0
        if not called:
            won_without_truco += learner_won
            continue
        # The truco was accepted (the script); the trick it was on decided the hand, at 3.
        actions = [e.action for e in run.entries()]
        call = actions.index("0:truco")
        zap_at = actions.index("0:4b") if "0:4b" in actions else None
        zap_in_bet_trick = zap_at is not None and _trick_of(run, call) == _trick_of(run, zap_at)
        assert learner_won == zap_in_bet_trick, actions
        assert hand.points[0 if learner_won else 1] == 3, actions
        assert run.verdict().goal == learner_won
    assert won_without_truco == 0


def _trick_of(run: Practice, position: int) -> int:
    """The trick under way when the action at ``position`` of the log was taken."""
    from tutor.engine.notation import parse_action
    from tutor.engine.stepper import replay

    steps = replay(run.hand, [parse_action(e.action) for e in run.entries()[:position]])
    for _ in steps:
        pass
    return len(steps.state.tricks)


def test_on_eleven_playing_face_up_always_wins_the_game_and_running_gives_one():
    spec = get_hand("on-eleven-look-then-decide")
    assert spec.scores == (11, 8) and {c.notation for c in spec.cards[0]} >= {"4b", "7c"}  # the top two
    decisions = set()
    for run in lines(spec.key):
        mine = [e.action for e in run.entries() if e.by == "learner"]
        decisions.add(mine[0])
        if mine[0] == "0:run11":
            assert run.hand.points == (0, 1) and not run.verdict().goal
        elif not any(a.startswith("0:~") for a in mine):
            assert run.hand.points == (3, 0) and run.hand.scores[0] >= 12 and run.verdict().goal, mine
    assert decisions == {"0:play11", "0:run11"}  # the first decision, before any card
