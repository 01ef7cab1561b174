"""The computer players over the API: ``GET /hint`` and ``GET /bot-move``.

Both take a hand in the text form of :func:`tutor.engine.notation.format_hand`
(``argentino;mano=0;scores=0-0;1e,7o,3b|4c,5c,6c;0:envido 1:quiero``), a ``seat`` and a ``seed``,
and answer from that seat's view only (:meth:`~tutor.engine.state.HandState.view_for`): the other
seats' cards in the text are used to rebuild the hand, never to choose. The same input gives the
same answer (the search stops at :data:`SEARCH_SECONDS`, which a machine that is not overloaded
never reaches before the sample budget is spent). A hand that is over, or where the seat is not to
act, is a 409 problem (``hand_over``, ``not_your_turn``). Both are counted per client address
(``tutor.web.shared.limits``): past the budget, a 429 problem (``too_many_requests``) with
``Retry-After``.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any, Self

from werkzeug.datastructures import MultiDict

from tutor.narration import Field
from tutor.narration.bots import reason_sentence

from ...bots import Level, choose, hint
from ...engine.errors import Reason
from ...engine.notation import format_hand, parse_hand
from ...engine.state import HandState, SeatView
from ...engine.summary import action_text
from ...i18n import gettext as _, ngettext
from ..shared.limits import limited, search_deadline
from ..shared.queries import about, param
from .schemas import PRINTABLE_ASCII, one_of, text
from .views import ApiError, Problem, read_args

MAX_SEED = 2**31 - 1
SEARCH_SECONDS = 0.2
"""The most time the strong computer player's search takes for one answer."""
_NUMBER = re.compile(r"^[0-9]{1,10}$")

_HINT_HAND = "argentino;mano=0;scores=0-0;1e,7o,3b|4c,5c,6c;0:envido 1:quiero 0:1e"
_BOT_HAND = "argentino;mano=0;scores=0-0;1e,7o,3b|4c,5c,6c;0:envido"
PICA_DEAL = "1e,7o,3b|4c,5c,6c|7e,6o,5o|2e,2o,3c|4e,4o,5e|12e,11e,10e"
PICA_HAND = f"argentino:players=6:pica=1;mano=1,pica;scores=5-0;{PICA_DEAL};1:mazo"
"""A pica-pica round (docs/rules/argentine.md §7.4): seat 1 went to the mazo in the first duel (against
seat 4); seat 2 leads the second, against seat 5."""


def _hand_param(example: str, invalid: str | None = None) -> Any:
    return param(
        description=(
            "A whole hand as the engine writes it: `rules;mano=M;scores=A-B;deal;actions`, in any game the table "
            "offers: `argentino`, `fixed` or `catalan` (Catalan Truc, e.g. `catalan:players=4;mano=0;scores=11-7;...`). "
            "The deal lists every seat's three cards (`1e,7o,3b|4c,5c,6c`, seats separated by `|`), the actions are "
            "`seat:action` separated by spaces (`0:envido 1:quiero 0:1e`; Catalan Truc: `0:truc`, `1:retruc`, "
            "`1:knock`, `0:deal1` / `0:deal3`, `0:play11` / `0:run11`). A pica-pica round of six-player Argentine "
            "Truco is `argentino:players=6:pica=1;mano=M,pica;...` (scores in its range, the six seats dealt, the "
            "actions of its three duels one after another in table seats); the answer is for `seat`'s duel, seen "
            "from its chair."
        ),
        schema=text(PRINTABLE_ASCII, 600),
        example=example,
        invalid=invalid,
        more=(("pica_pica", "a pica-pica round: seat 2 leads the second duel", PICA_HAND),),
    )


def _seat_param() -> Any:
    return param(
        description="The seat to act, from 0.",
        schema=text("^[0-5]$", 1),
        example="1",
        invalid="9",
        more=(("pica_pica", "the seat to act in the pica-pica example", "2"),),
    )


def _seed_param() -> Any:
    return param(
        default=0,
        description="Fixes the simulated deals and any random choice (default 0).",
        schema=text("^[0-9]{1,10}$", 10),
        example="7",
    )


def _number(values: dict[str, str], name: str, high: int, default: int | None = None) -> int:
    text = values.get(name)
    if text is None and default is not None:
        return default
    raw = (text or "").strip()
    if not _NUMBER.match(raw) or not 0 <= int(raw) <= high:
        raise ApiError(
            400,
            "bad_value",
            _("“%(name)s” must be a whole number from 0 to %(high)s.", name=name, high=high),
            parameter=name,
        )
    return int(raw)


def _position(values: dict[str, str]) -> tuple[HandState, int, int]:
    """The hand rebuilt from ``hand``, the ``seat`` (one of its seats) and the ``seed`` (400 for bad input)."""
    with about(Field.CARDS, "hand"):
        state = parse_hand(values["hand"]).state()
    return state, _number(values, "seat", state.players - 1), _number(values, "seed", MAX_SEED, default=0)


def _seat_view(hand: HandState, seat: int) -> SeatView:
    """What ``seat`` sees of the hand (409 if the hand is over or another seat must act)."""
    if hand.is_over:
        raise ApiError(
            409, Reason.HAND_OVER.value, _("This hand is over: there is no decision to make."), parameter="hand"
        )
    if hand.to_act != seat:
        raise ApiError(
            409,
            Reason.NOT_YOUR_TURN.value,
            _("It is not this seat's turn: seat %(seat)s must act now.", seat=hand.to_act),
            parameter="seat",
        )
    return hand.view_for(seat)


@dataclass(frozen=True)
class HintArgs:
    """``GET /hint``: a hand the engine can replay, one of its seats and a seed."""

    hand: HandState = _hand_param(_HINT_HAND, "argentino;mano=0;scores=0-0;1e,7o,8b|4c,5c,6c;")
    seat: int = _seat_param()
    seed: int = _seed_param()

    @classmethod
    def from_args(cls, args: MultiDict[str, str]) -> Self:
        return cls(*_position(read_args(cls, args)))

    def to_params(self) -> dict[str, str]:
        params = {"hand": format_hand(self.hand), "seat": str(self.seat)}
        return {**params, "seed": str(self.seed)} if self.seed else params


def spend_budget() -> None:
    """Count a costly request for the client's address (``tutor.web.shared.limits``); a 429 past it."""
    wait = limited("api")
    if wait is not None:
        raise ApiError(
            429,
            Problem.TOO_MANY_REQUESTS,
            ngettext(
                "Too many hints and computer moves from this address: try again in %(num)d second.",
                "Too many hints and computer moves from this address: try again in %(num)d seconds.",
                wait,
            ),
            retry_after=wait,
        )


def hint_endpoint(args: HintArgs) -> dict[str, Any]:
    """The legal actions of the seat to act, ranked for the match (each with its expected points for the
    hand), with a reason (searched for at most :data:`SEARCH_SECONDS`)."""
    spend_budget()
    found = hint(_seat_view(args.hand, args.seat), seed=args.seed, deadline=search_deadline(SEARCH_SECONDS))
    return {
        "seat": args.seat,
        "actions": [
            {"action": action_text(item.action), "expected_points": round(float(item.expected_points), 3)}
            for item in found.ranked
        ],
        "best": action_text(found.best),
        "reason": {"code": str(found.reason.code), "detail": reason_sentence(found.reason)},
    }


@dataclass(frozen=True)
class BotMoveArgs:
    """``GET /bot-move``: as for ``/hint``, and the computer player's level."""

    hand: HandState = _hand_param(_BOT_HAND)
    seat: int = _seat_param()
    level: Level = param(
        default=Level.BEGINNER,
        description="random, beginner (default) or strong.",
        schema=one_of(Level),
        example="beginner",
        invalid="genius",
    )
    seed: int = _seed_param()

    @classmethod
    def from_args(cls, args: MultiDict[str, str]) -> Self:
        values = read_args(cls, args)
        hand, seat, seed = _position(values)
        text = values.get("level", "beginner").strip()
        try:
            level = Level(text)
        except ValueError:
            raise ApiError(
                400,
                "unknown_option",
                _("“%(value)s” is not a level: use random, beginner or strong.", value=text[:40]),
                parameter="level",
            ) from None
        return cls(hand, seat, level, seed)

    def to_params(self) -> dict[str, str]:
        params = {"hand": format_hand(self.hand), "seat": str(self.seat), "level": self.level.value}
        return {**params, "seed": str(self.seed)} if self.seed else params


def bot_move_endpoint(args: BotMoveArgs) -> dict[str, Any]:
    """What a computer player of ``level`` does for the seat to act, with its reason (searched for at
    most :data:`SEARCH_SECONDS`)."""
    spend_budget()
    decision = choose(
        _seat_view(args.hand, args.seat),
        args.level,
        random.Random(f"api:{args.seed}:{args.seat}"),
        deadline=search_deadline(SEARCH_SECONDS),
    )
    return {
        "action": action_text(decision.action),
        "reason": {"code": str(decision.reason.code), "detail": reason_sentence(decision.reason)},
    }
