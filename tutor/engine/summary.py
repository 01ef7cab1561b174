"""A hand after its actions, as plain data: what ``GET /api/v1/replay`` answers and ``tutor replay``
prints (one function for both, so the two can never tell a hand differently).

:func:`hand_summary` takes any game's hand (``argentino``, ``fixed``, ``catalan``, ``mineiro``, a
pica-pica round) and gives JSON-ready values: the game and its rules, each completed trick with the
seat that took it (or ``"tie"`` for a parda) and its cards (Truco Mineiro's face-down ones marked
``"face_down": True``), whether the hand is over, how and which team took it,
the points each team scored in it, the scores after it, the match's winner, the seat to act with its
legal actions and the actions other seats may take at the same moment. A pica-pica round
(docs/rules/argentine.md §7.4) adds ``duels``, and its ``tricks`` are those of the duel under way.
Seats and teams are numbered from 0, as in the notation.

>>> from tutor.engine.notation import parse_hand
>>> summary = hand_summary(parse_hand("mineiro;mano=0;scores=0-0;3e,2o,4b|1e,5c,6c;0:3e 1:1e").state())
>>> summary["variant"], summary["tricks"][0]["winner"], summary["to_act"], summary["legal_actions"][:2]
('mineiro', 1, 1, ['5c', '6c'])
>>> hand_summary(parse_hand("mineiro;mano=0;scores=0-0;3e,2o,4b|1e,5c,6c;0:3e 1:1e 1:~5c").state())["current_trick"]
[{'seat': 1, 'card': '5c', 'face_down': True}]
"""

from __future__ import annotations

from typing import Any

from .cards import Card
from .mineiro import MineiroHand
from .notation import format_rules
from .pica import PicaPicaHand
from .state import Action, HandState

__all__ = ["action_text", "hand_summary"]


def action_text(action: Action) -> str:
    """An action as the notation writes it, without its seat (``3e``, ``truco``, ``~4b``)."""
    return str(action).split(":", 1)[1]


def _tricks(state: HandState, seats: tuple[int, ...]) -> dict[str, Any]:
    """The tricks of a hand (or of a pica-pica duel, its seats ``seats`` at the table); a card played
    face down (Truco Mineiro, docs/rules/mineiro.md §9.3.4) has ``"face_down": True``."""
    down = state.face_down if isinstance(state, MineiroHand) else {}

    def played(seat: int, card: Card) -> dict[str, Any]:
        return {"seat": seats[seat], "card": card.notation, **({"face_down": True} if card in down else {})}

    return {
        "tricks": [
            {
                "cards": [played(s, card) for s, card in trick],
                "winner": "tie" if taker is None else seats[taker],
            }
            for trick, taker in zip(state.tricks, state.trick_winners, strict=True)
        ],
        "current_trick": [played(s, card) for s, card in state.current_trick],
        "hand_value": state.hand_value,
    }


def _result(state: HandState) -> dict[str, Any]:
    over, end, points = state.is_over, state.end, state.points
    return {
        "over": over,
        "end": end.kind.value if over and end is not None else None,
        "winner": end.team if over and end is not None and any(points) else None,
        "points": list(points),
    }


def _duels(state: PicaPicaHand) -> list[dict[str, Any]]:
    """Each duel of a pica-pica round started so far: its seats, tricks and result, in table seats."""
    return [
        {
            "number": index + 1,
            "seats": list(state.pairs[index]),
            **_tricks(duel, state.duel_seats(index)),
            **_result(duel),
        }
        for index, duel in enumerate(state.duels)
    ]


def hand_summary(state: HandState) -> dict[str, Any]:
    """The hand after its actions (see the module's notes)."""
    seat = state.to_act
    legal = state.legal_actions()
    answer: dict[str, Any] = {
        "variant": state.rules.variant,
        "rules": format_rules(state.rules),
        "players": state.players,
        "mano": state.mano,
        "dealer": state.dealer,
    }
    if isinstance(state, PicaPicaHand):
        duels = _duels(state)
        answer |= {
            **_tricks(state.duel, state.duel_seats()),
            "over": state.is_over,
            "end": duels[-1]["end"] if state.is_over else None,
            "winner": None,
            "points": list(state.points),
            "duels": duels,
        }
    else:
        answer |= {**_tricks(state, tuple(range(state.players))), **_result(state)}
    return answer | {
        "scores": list(state.scores),
        "match_winner": state.match_winner,
        "to_act": seat,
        "legal_actions": [action_text(a) for a in legal if a.seat == seat],
        "other_actions": [{"seat": a.seat, "action": action_text(a)} for a in legal if a.seat != seat],
    }
