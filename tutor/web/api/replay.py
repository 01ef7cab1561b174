"""A hand replayed over the API: ``GET /replay?hand=<notation>``.

The hand is written as :func:`tutor.engine.notation.format_hand` writes it, in any game the engine
plays (``argentino``, ``fixed``, ``catalan``, with their options: ``catalan:players=4``), and the
answer is the hand after its actions: the game, each completed trick with the seat that took it (or
``"tie"`` for a parda), whether the hand is over and which team took it (null while it is not, or
when nobody scored), the points each team scored in it, the scores after it, the match's winner when
the hand ends the match, and the seat to act with its legal actions (the actions of other seats the
rules allow at the same moment, such as Catalan Truc's bet just after one's own card or the knock,
are listed apart). The whole deal is in the input, so nothing is hidden from the answer.

An action the engine refuses is a 400 problem with the code ``illegal_action``, the ``position`` of
that action in the log (from 0) and the engine's ``reason``; an unreadable hand is a 400 with the
notation's reason, as everywhere in the API.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Self

from werkzeug.datastructures import MultiDict

from tutor.narration import Field, error_message

from ...engine.errors import IllegalActionError
from ...engine.notation import format_hand, format_rules, parse_hand
from ...engine.state import HandState
from ...i18n import gettext as _
from ..shared.queries import about, param
from .schemas import PRINTABLE_ASCII, text
from .views import ApiError, Problem, read_args

REPLAY_EXAMPLE = "catalan;mano=0;scores=0-0;3e,2o,4b|1e,5c,6c;0:4b 0:truc 1:5c 1:6c 0:3e 0:2o 1:1e"
"""A Catalan hand: seat 0 bets Truc just after its card, seat 1 accepts by playing without a word."""


def _action_text(action: object) -> str:
    return str(action).split(":", 1)[1]


@dataclass(frozen=True)
class ReplayArgs:
    """``GET /replay``: a whole hand in the engine's notation."""

    hand: HandState = param(
        description=(
            "A whole hand as the engine writes it: `rules;mano=M;scores=A-B;deal;actions`, in any game: "
            "`argentino`, `fixed`, `catalan` (Catalan Truc), with options such as `catalan:players=4` or "
            "`argentino:players=4,target=15`. The deal lists every seat's three cards (`3e,2o,4b|1e,5c,6c`), the "
            "actions are `seat:action` separated by spaces: a card (`0:3e`), a call (`envido`, `truco`, "
            "`retruco`, `vale_cuatro`; in Catalan Truc `truc`, `retruc`), `quiero` / `no_quiero`, `mazo`, and in "
            "Catalan Truc `knock`, then `deal1` / `deal3` by the dealer, and `play11` / `run11` for the decision on 11."
        ),
        schema=text(PRINTABLE_ASCII, 600),
        example=REPLAY_EXAMPLE,
        invalid="catalan;mano=0;scores=0-0;3e,2o,4b|1e,5c,6c;0:envido",
    )

    @classmethod
    def from_args(cls, args: MultiDict[str, str]) -> Self:
        values = read_args(cls, args)
        with about(Field.CARDS, "hand"):
            record = parse_hand(values["hand"])
        try:
            state = record.state()
        except IllegalActionError as exc:
            position = exc.details.get("position")
            index = position if isinstance(position, int) else 0
            raise ApiError(
                400,
                Problem.ILLEGAL_ACTION,
                # Translators: %(number)s counts the hand's actions from 1; %(why)s is the rule's sentence.
                _("Action %(number)s of the hand cannot be played: %(why)s", number=index + 1, why=error_message(exc)),
                parameter="hand",
                position=index,
                reason=exc.reason.value,
            ) from None
        return cls(state)

    def to_params(self) -> dict[str, str]:
        return {"hand": format_hand(self.hand)}


def replay_endpoint(args: ReplayArgs) -> dict[str, Any]:
    """The hand after its actions (see the module's notes)."""
    state = args.hand
    over = state.is_over
    end = state.end
    points = state.points
    winner = end.team if over and end is not None and any(points) else None
    seat = state.to_act
    legal = state.legal_actions()
    return {
        "variant": state.rules.variant,
        "rules": format_rules(state.rules),
        "players": state.players,
        "mano": state.mano,
        "dealer": state.dealer,
        "tricks": [
            {
                "cards": [{"seat": s, "card": card.notation} for s, card in trick],
                "winner": "tie" if taker is None else taker,
            }
            for trick, taker in zip(state.tricks, state.trick_winners, strict=True)
        ],
        "current_trick": [{"seat": s, "card": card.notation} for s, card in state.current_trick],
        "hand_value": state.hand_value,
        "over": over,
        "end": end.kind.value if over and end is not None else None,
        "winner": winner,
        "points": list(points),
        "scores": list(state.scores),
        "match_winner": state.match_winner,
        "to_act": seat,
        "legal_actions": [_action_text(a) for a in legal if a.seat == seat],
        "other_actions": [{"seat": a.seat, "action": _action_text(a)} for a in legal if a.seat != seat],
    }
