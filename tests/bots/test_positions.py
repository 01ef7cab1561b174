"""Held-back positions whose right answer is certain, each with the reasoning that makes it so.

Each position is built by hand so that the answer follows from the rules alone: a dominance
argument (one action is never worse than the others, whatever the hidden cards hold and whoever
plays what next) or a forced match result, never an estimate. Tables of 2 and 4 players; match
point; pie play; el envido está primero; certain wins and certain losses; card play by dominance.
The hint (three seeds) and the strong bot must choose one of the acceptable actions, and the reason
they give must pass :func:`tutor.bots.checks.check_reason`.

Notation: ``rules;mano=M;scores=A-B;deal;actions`` (the deal lists seat 0 first; the seat to act
is the one the engine says). "We" is the seat to act and its team.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from tutor.bots import Level, choose, hint
from tutor.bots.certainty import Position as Cards, forced, view_forced, view_possible
from tutor.bots.checks import check_reason
from tutor.engine.notation import parse_hand


@dataclass(frozen=True)
class Position:
    key: str
    hand: str
    best: tuple[str, ...]
    """The acceptable best actions (action texts without the seat)."""
    why: str
    certain: str = ""
    """"win" or "loss" when the test also checks that the view makes the hand certain."""


P2, P4 = "argentino", "argentino:players=4"
ENVIDO_CALLS = ("envido", "real_envido", "falta_envido")

POSITIONS = [
    # --- Match point: never give the match away ----------------------------------------------------
    Position(
        "match-point-real-envido",
        "fixed;mano=0;scores=29-10;7c,6c,2e|12e,10b,4o;0:real_envido",
        ("quiero",),
        "The caller is on 29 of 30: No quiero scores it 1 point and the match (and so does the mazo, which "
        "declines too). Quiero loses the match only when the showdown is lost: it keeps a chance.",
    ),
    Position(
        "match-point-envido",
        f"{P2};mano=1;scores=10-29;4c,5o,6b|1e,7e,3b;1:envido",
        ("quiero", *ENVIDO_CALLS),
        "No quiero (or the mazo) gives the caller, on 29, its 30th point. Accepting or raising keeps a chance.",
    ),
    Position(
        "match-point-envido-four",
        f"{P4};mano=1;scores=10-29;4c,5o,6b|1e,7e,3b|4e,5e,6e|1b,7o,3o;1:envido",
        ("quiero", *ENVIDO_CALLS),
        "Four players: seat 2 answers the envido of seat 1's team, which is on 29. No quiero gives it the "
        "game; a mazo of seat 2 would decline the envido for the team as well.",
    ),
    Position(
        "match-point-falta-to-15",
        "argentino:target=15;mano=1;scores=5-14;4c,5o,6b|1e,7e,3b;1:falta_envido",
        ("quiero",),
        "To 15, the caller on 14: a declined Falta envido gives it 1 point, the 15th. Quiero is the only "
        "answer that can keep the game (nothing follows a Falta envido).",
    ),
    Position(
        "match-point-truco-to-15",
        "argentino:target=15;mano=1;scores=10-14;4c,5o,6b|1e,7e,3b;1:truco",
        ("quiero", "retruco", *ENVIDO_CALLS),
        "To 15, the caller on 14: No quiero gives it 1 point and the game. Quiero, a raise or the envido "
        "first all keep the hand alive.",
    ),
    Position(
        "match-point-truco-to-30",
        f"{P2};mano=1;scores=0-29;4c,5o,6b|1e,7e,3b;1:truco",
        ("quiero", "retruco", *ENVIDO_CALLS),
        "The caller on 29 of 30: No quiero gives it the game.",
    ),
    Position(
        "match-point-truco-four",
        f"{P4};mano=1;scores=3-29;4c,5o,6b|1e,7e,3b|4e,5e,6e|1b,7o,3o;1:truco",
        ("quiero", "retruco", *ENVIDO_CALLS),
        "Four players, seat 2 answers for the team the other team on 29 calls Truco against: No quiero "
        "gives it the game.",
    ),
    Position(
        "match-point-retruco",
        f"{P2};mano=0;scores=5-28;4c,5o,6b|1e,7e,3b;0:truco 1:retruco",
        ("quiero", "vale_cuatro"),
        "A declined Retruco gives the raiser the 2 points of the accepted Truco: 28 + 2 = 30. Quiero keeps a chance.",
    ),
    Position(
        "match-point-vale-cuatro",
        f"{P2};mano=1;scores=5-27;4c,5o,6b|1e,7e,3b;1:truco 0:retruco 1:vale_cuatro",
        ("quiero",),
        "A declined Vale cuatro gives the raiser the 3 points of the accepted Retruco: 27 + 3 = 30. Nothing "
        "follows a Vale cuatro, so Quiero is the only answer that keeps the game.",
    ),
    Position(
        "no-envido-with-six-against-29",
        f"{P2};mano=0;scores=10-29;4c,6o,12b|1e,7e,3b;",
        ("4c", "6o", "12b", "truco"),
        "The other team needs 1 point, so any showdown it wins gives it the game. A call with 6 (a count "
        "that loses most showdowns) gains at most the declined point and lets the other team choose the "
        "showdown whenever its count is good (finding 1): no envido call.",
    ),
    # --- A showdown that cannot be lost --------------------------------------------------------------
    Position(
        "falta-that-ends-the-game",
        f"{P2};mano=0;scores=26-21;7c,6c,4e|5b,4o,12e;",
        ("falta_envido",),
        "33 as mano wins every showdown (ties go to the mano). Leading 26 to 21 the Falta envido is worth "
        "the 4 points that end the game; declined it gives 1, like every call. It dominates Envido and Real "
        "envido (2 and 3 when accepted) and every card or Truco (no envido points at all).",
    ),
    Position(
        "falta-at-love-all",
        f"{P2};mano=0;scores=0-0;7c,6c,4e|5b,4o,12e;",
        ("falta_envido",),
        "At 0-0 the Falta envido is worth the 30 points the leader needs: accepted, the showdown 33 as mano "
        "cannot lose ends the game; declined, 1 point, the same as any call.",
    ),
    Position(
        "any-call-ends-the-game-at-28",
        f"{P2};mano=0;scores=28-10;7c,6c,4e|5b,4o,12e;",
        ENVIDO_CALLS,
        "On 28 with 33 as mano: every envido call wins the game if accepted (2 or more points) and gives 1 "
        "if declined. A card or the Truco gives up that certain point.",
    ),
    Position(
        "raise-to-the-falta-with-33",
        f"{P2};mano=0;scores=0-0;7c,6c,4e|5b,4o,12e;0:4e 1:envido",
        ("falta_envido",),
        "33 as mano cannot lose the showdown (seat 0 played the 4, which counts nothing). A raise declined "
        "gives the Envido's 2 points (what Quiero wins); the Falta envido accepted is the game.",
    ),
    # --- El envido está primero ------------------------------------------------------------------------
    Position(
        "envido-first-with-33",
        f"{P2};mano=1;scores=0-0;7c,6c,4e|5b,4o,12e;1:truco",
        ENVIDO_CALLS,
        "A Truco in the first trick, before seat 0's first card: the envido may still be called, and with 33 "
        "it wins unless the mano holds exactly 33 (one deal in many hundreds). Answering the Truco first "
        "gives the envido up for good: Quiero closes it, No quiero ends the hand.",
    ),
    Position(
        "envido-first-with-partners",
        f"{P4};mano=1;scores=0-0;4b,5c,6o|5b,4o,12e|7c,6c,4e|1o,10c,11b;1:truco",
        ENVIDO_CALLS,
        "Four players: seat 2 answers seat 1's Truco before its first card, with 33. The envido comes first.",
    ),
    # --- Certain wins: raise the stake --------------------------------------------------------------
    Position(
        "accept-with-both-aces",
        f"{P2};mano=1;scores=0-0;1e,1b,4c|5b,4o,12e;1:truco",
        ("quiero", "retruco"),
        "The 1 of espadas and the 1 of bastos take two tricks whatever the other seat holds and plays: the "
        "hand is won, so No quiero (1 point away) and the mazo are wrong. Quiero or Retruco: Retruco now "
        "scores 2 or 3, Quiero 2 and the right to raise later, and which pays more depends on the other "
        "seat, so both are right.",
        certain="win",
    ),
    Position(
        "accept-with-ace-and-seven",
        f"{P2};mano=1;scores=0-0;1e,7e,4c|5b,4o,12e;1:truco",
        ("quiero", "retruco", *ENVIDO_CALLS),
        "The 1 and the 7 of espadas: if the 1 of bastos is led, the 1 of espadas takes it and the 7 of "
        "espadas beats every card left; otherwise the 7 of espadas takes a trick and the 1 of espadas "
        "another. The hand is won: No quiero is wrong. The envido (28 with the two espadas) may come "
        "first.",
        certain="win",
    ),
    Position(
        "accept-the-vale-cuatro-when-certain",
        f"{P2};mano=0;scores=0-0;7o,1e,1b|5b,4o,12e;0:7o 1:truco 0:retruco 1:vale_cuatro",
        ("quiero",),
        "Seat 0 holds the two aces besides the 7 of oros on the table: if seat 1 beats the 7 it can only "
        "be with the 7 of espadas, and the aces take the next two tricks; otherwise trick 1 and an ace. "
        "Nothing follows the Vale cuatro: Quiero scores 4, No quiero gives 3 away.",
        certain="win",
    ),
    Position(
        "after-a-parda-lead-the-ace",
        f"{P2};mano=0;scores=0-0;4c,1e,5o|4e,6b,7b;0:4c 1:4e",
        ("1e", "truco"),
        "A parda in trick 1; seat 0 led it, so it leads again, and the next trick won decides the hand. The 1 "
        "of espadas cannot be beaten: leading it wins the hand, a Truco first can only add. A weaker card "
        "risks the hand.",
        certain="win",
    ),
    Position(
        "after-a-parda-beat-the-card",
        f"{P2};mano=1;scores=0-0;5c,7b,4c|5e,6b,2o;1:5e 0:5c 1:6b",
        ("7b", "truco"),
        "A parda in trick 1 (two 5s); seat 1 led it and leads again with the 6 of bastos. The 7 of bastos beats "
        "it and wins the hand now; the 4 loses the trick and the hand.",
        certain="win",
    ),
    # --- Pie play ----------------------------------------------------------------------------------
    Position(
        "pie-partner-ace-holds",
        f"{P4};mano=1;scores=0-0;7e,3b,4o|4c,6b,11e|1e,5c,12b|5o,6o,10e;1:4c 2:truco 3:quiero 2:1e 3:5o",
        ("4o",),
        "Seat 0 plays last and its partner's 1 of espadas holds the trick: it is the team's whatever seat 0 "
        "plays. The 4 of oros keeps the 7 of espadas and the 3 for the next tricks (finding 2); the mazo "
        "would give up a trick the team has. The other team accepted the Truco: seat 0 cannot raise.",
    ),
    Position(
        "pie-partner-seven-holds",
        f"{P4};mano=1;scores=0-0;2e,3o,4b|5c,6b,11e|7o,5e,12b|4e,6o,10c;1:truco 2:retruco 3:quiero 1:5c 2:7o 3:6o",
        ("4b",),
        "Last to play; the partner's 7 of oros beats the 5 and the 6 on the table and nobody plays after seat "
        "0. The 4 of bastos lets it stand and keeps the 2 and the 3. (The accepted Retruco belongs to the "
        "other team, and it closed the envido.)",
    ),
    Position(
        "pie-partner-basto-holds",
        f"{P4};mano=1;scores=0-0;2e,3o,5b|6c,6b,11e|1b,5e,12b|4e,6o,10c;1:truco 2:retruco 3:quiero 1:6c 2:1b 3:4e",
        ("5b",),
        "Last to play, the partner's 1 of bastos winning: throw the 5 of bastos.",
    ),
    Position(
        "partner-ace-led-opponent-after",
        f"{P4};mano=2;scores=0-0;2e,3o,5b|6c,6b,11e|1e,5e,12b|4e,6o,10c;2:truco 3:quiero 2:1e 3:4e",
        ("5b",),
        "The partner led the 1 of espadas, which no card beats: the trick is the team's whatever the opponent "
        "after seat 0 plays. The 5 of bastos keeps the 2 and the 3.",
    ),
    Position(
        "pie-partner-three-holds-trick-two",
        f"{P4};mano=1;scores=0-0;6b,2e,4b|3c,4c,11e|4e,3o,12b|5o,6o,10c;"
        "1:3c 2:4e 3:5o 0:6b 1:4c 2:truco 3:quiero 2:3o 3:6o",
        ("4b",),
        "Trick 2, seat 0 last: the partner's 3 of oros beats the 4 and the 6 on the table. The 4 of bastos "
        "keeps the 2 for the last trick.",
    ),
    Position(
        "pie-take-it-cheaply",
        f"{P4};mano=1;scores=0-0;7o,1e,4c|3c,5o,6b|4e,12o,5c|2b,7c,11e;1:truco 2:retruco 3:quiero 1:3c 2:4e 3:7c",
        ("7o",),
        "Seat 0 plays last; the other team's 3 of copas is winning. The 7 of oros takes the trick and keeps "
        "the 1 of espadas, which then takes trick 2: the hand is certain. The 1 of espadas also takes the "
        "trick but leaves only the 7 and the 4; the 4 loses the trick.",
    ),
    Position(
        "last-and-beaten-throw-the-lowest-four",
        f"{P4};mano=1;scores=0-0;4c,5o,6b|1e,5c,6c|4e,7b,12b|2b,7c,11e;1:truco 2:retruco 3:quiero 1:1e 2:4e 3:7c",
        ("4c",),
        "The 1 of espadas leads the trick and seat 0 plays last: nothing can take it back. The 4 of copas "
        "keeps the 5 and the 6.",
    ),
    # --- Certain losses ------------------------------------------------------------------------------
    Position(
        "decline-with-only-fours",
        f"{P2};mano=0;scores=0-0;5c,4c,4e|6b,1e,1b;0:5c 1:6b 1:truco",
        ("no_quiero", "retruco"),
        "Seat 1 took trick 1; seat 0 holds two 4s, the lowest cards: at best they tie a trick, and after a "
        "lost first trick a parda gives the hand to the first trick's winner. The hand is lost whatever seat "
        "1 holds: Quiero would lose 2 instead of the 1 of No quiero. (A Retruco can only win by a No quiero "
        "and is no certain loss of more; the mazo costs the same 1 as No quiero.)",
        certain="loss",
    ),
    Position(
        "certain-loss-play-not-mazo",
        f"{P2};mano=0;scores=0-0;5c,4c,7b|6b,3o,1b;0:5c 1:6b 1:truco 0:quiero 1:3o",
        ("4c", "7b", "retruco"),
        "Trick 1 lost and the 3 of oros on the table beats the 4 and the 7 of bastos: the hand is lost and "
        "worth the accepted Truco's 2 either way. Going to the mazo saves nothing; playing a card costs the "
        "same.",
        certain="loss",
    ),
    # --- Card play by dominance -----------------------------------------------------------------------
    Position(
        "nothing-beats-the-ace-play-the-lowest",
        f"{P2};mano=1;scores=0-0;4c,5o,6b|1e,7e,3b;1:truco 0:retruco 1:quiero 1:1e",
        ("4c",),
        "The 1 of espadas leads and no card beats or ties it: trick 1 is lost whatever seat 0 plays, and the "
        "4 keeps the 5 and the 6. The accepted Retruco is the other team's to raise and closed the envido.",
    ),
    Position(
        "after-a-lost-trick-take-the-second",
        f"{P2};mano=0;scores=0-0;5c,12c,1e|6b,4o,3b;0:5c 1:6b 1:4o",
        ("12c", "truco"),
        "Seat 1 took trick 1 and leads the 4 of oros: losing trick 2 loses the hand, so a winning card must go, "
        "and the 12 takes it as well as the 1 of espadas does while keeping the ace for the last trick.",
    ),
    Position(
        "after-a-parda-tie-rather-than-lose",
        f"{P2};mano=1;scores=0-0;5c,6c,4c|5e,6b,2o;1:5e 0:5c 1:6b",
        ("6c", "truco"),
        "A parda in trick 1; seat 1 leads the 6 of bastos. The 6 of copas ties it, and after two pardas the "
        "third trick decides; the 4 loses trick 2 and with it the hand. Nothing beats the 6.",
    ),
    Position(
        "lowest-winner-not-the-ace",
        f"{P2};mano=1;scores=0-0;2c,1e,4c|3b,5o,6b;1:truco 0:retruco 1:quiero 1:5o",
        ("2c", "4c"),
        "The 5 of oros leads trick 1. The 2 of copas and the 1 of espadas both take it; the 2 keeps the ace "
        "(the same trick, a stronger hand). Whether to take it at all is not certain, but the ace is never "
        "better than the 2 here.",
    ),
    Position(
        "accept-a-truco-with-trick-one-and-the-ace",
        f"{P2};mano=0;scores=0-0;7o,1e,4c|5b,4o,12e;0:7o 1:4o 0:4c 1:truco",
        ("quiero", "retruco"),
        "Seat 0 took trick 1 and still holds the 1 of espadas, which takes another trick whatever happens: the "
        "hand is won, so No quiero gives away a point that Quiero or Retruco win.",
        certain="win",
    ),
    Position(
        "match-point-falta-four",
        "argentino:players=4,target=15;mano=1;scores=5-14;4c,5o,6b|1e,7e,3b|4e,5e,6e|1b,7o,3o;1:falta_envido",
        ("quiero",),
        "Four players to 15, the other team on 14 calls Falta envido: a decline gives it the 15th point.",
    ),
    Position(
        "alone-with-two-fours-decline",
        f"{P4};mano=0;scores=0-0;5c,4c,4e|6b,1e,1b|12o,11o,10o|7b,3c,3o;0:5c 1:6b 2:mazo 3:7b 3:truco",
        ("no_quiero", "retruco"),
        "Seat 0's partner went to the mazo and the other team took trick 1; seat 0 holds two 4s, which can at "
        "best tie, and a parda after a lost first trick gives the hand away. The hand is lost: Quiero costs 2 "
        "where No quiero costs 1.",
        certain="loss",
    ),
    # --- Flor and the mazo ------------------------------------------------------------------------
    Position(
        "announce-the-flor",
        "argentino:flor=simple;mano=0;scores=0-0;1c,4c,7c|5b,4o,12e;",
        ("flor",),
        "A flor must be announced before anything else; the only other action, the mazo, scores nothing "
        "and gives the hand away.",
    ),
    Position(
        "announce-the-flor-four",
        "argentino:players=4,flor=simple;mano=0;scores=0-0;1c,4c,7c|5b,4o,12e|3e,2o,6b|10o,11b,12c;",
        ("flor",),
        "With partners too a flor must be announced first; the mazo alone would give it up.",
    ),
    Position(
        "no-solo-mazo-with-partners",
        f"{P4};mano=0;scores=0-0;4c,4e,5c|5b,4o,12e|7e,1b,3c|10o,11o,12o;",
        ("4c", "4e", "5c", "truco", "envido", "real_envido", "falta_envido"),
        "The weakest cards, but a partner who still plays (with the 7 of espadas and the 1 of bastos, as it "
        "happens): a solo mazo leaves the team a player short for nothing, since seat 0 can always throw its "
        "lowest card and fold later at the same price.",
    ),
    Position(
        "no-mazo-when-playing-on-costs-the-same",
        f"{P2};mano=0;scores=0-0;5c,4c,7b|6b,3o,2b;0:5c 1:6b 1:3o",
        ("4c", "7b", "truco"),
        "Trick 1 lost and the 3 of oros on the table: the hand is lost and worth 1, and playing on can always "
        "stop at 1 (decline a truco), so the mazo is never better than a card.",
        certain="loss",
    ),
]

KEYS = [p.key for p in POSITIONS]


def _state(position: Position):
    state = parse_hand(position.hand).state()
    assert not state.is_over, position.key
    return state


def test_forty_positions_of_every_kind():
    assert len(POSITIONS) >= 40
    assert len(set(KEYS)) == len(KEYS)
    fours = [p for p in POSITIONS if p.hand.startswith(P4)]
    assert len(fours) >= 10 and len(POSITIONS) - len(fours) >= 20


@pytest.mark.parametrize("key", KEYS)
def test_the_answer_is_legal_and_the_certainty_is_real(key):
    position = POSITIONS[KEYS.index(key)]
    state = _state(position)
    seat = state.to_act
    legal = {str(a).split(":", 1)[1] for a in state.legal_actions()}
    assert set(position.best) & legal, (key, legal)
    view = state.view_for(seat)
    if position.certain == "win":
        assert view_forced(view) and forced(Cards.of_state(state), seat & 1)
    if position.certain == "loss":
        assert not view_possible(view)


@pytest.mark.parametrize("key", KEYS)
def test_the_hint_and_the_strong_bot_find_the_certain_answer(key):
    position = POSITIONS[KEYS.index(key)]
    state = _state(position)
    seat = state.to_act
    view = state.view_for(seat)
    for seed in range(3):
        found = hint(view, seed=seed)
        best = str(found.best).split(":", 1)[1]
        assert best in position.best, (
            key,
            seed,
            best,
            [(str(r.action), r.equity, r.expected_points) for r in found.ranked],
        )
        assert not check_reason(found.reason, state, seat, found.best), (key, found.reason)
    decision = choose(view, Level.STRONG, random.Random(7))
    assert str(decision.action).split(":", 1)[1] in position.best, (key, str(decision.action))
    assert not check_reason(decision.reason, state, seat, decision.action)
