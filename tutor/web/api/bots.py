"""The computer players over the API: ``GET /hint`` and ``GET /bot-move``.

Both take a hand in the text form of :func:`tutor.engine.notation.format_hand`
(``argentino;mano=0;scores=0-0;1e,7o,3b|4c,5c,6c;0:envido 1:quiero``), a ``seat`` and a ``seed``,
and answer from that seat's view only (:meth:`~tutor.engine.state.HandState.view_for`): the other
seats' cards in the text are used to rebuild the hand, never to choose. The same input always gives
the same answer. A hand that is over, or where the seat is not to act, is a 409 problem
(``hand_over``, ``not_your_turn``).
"""

from __future__ import annotations

import random
import re

from flask import jsonify

from ...bots import Level, choose, hint
from ...engine.errors import Reason
from ...engine.notation import parse_hand
from ...i18n import gettext as _
from tutor.narration import Field
from tutor.narration.bots import reason_sentence
from .views import ApiError, about, bp, problem, query

MAX_SEED = 2**31 - 1
_NUMBER = re.compile(r"^[0-9]{1,10}$")


def _action_text(action) -> str:
    return str(action).split(":", 1)[1]


def _number(args: dict[str, str], name: str, high: int, default: int | None = None) -> int:
    text = args.get(name)
    if text is None and default is not None:
        return default
    raw = (text or "").strip()
    if not _NUMBER.match(raw) or not 0 <= int(raw) <= high:
        raise ApiError(400, "bad_value", _("“%(name)s” must be a whole number from 0 to %(high)s.", name=name, high=high),
                       parameter=name)
    return int(raw)


def _seat_view(args: dict[str, str]):
    """The hand rebuilt from ``hand`` and the view of ``seat`` (400 for bad input, 409 if it cannot act)."""
    with about(Field.CARDS, "hand"):
        record = parse_hand(args["hand"])
        state = record.state()
    seat = _number(args, "seat", state.players - 1)
    if state.is_over:
        raise ApiError(409, Reason.HAND_OVER.value, _("This hand is over: there is no decision to make."), parameter="hand")
    if state.to_act != seat:
        raise ApiError(409, Reason.NOT_YOUR_TURN.value,
                       _("It is not this seat's turn: seat %(seat)s must act now.", seat=state.to_act), parameter="seat")
    return state.view_for(seat), seat


@bp.get("/hint")
def hint_endpoint():
    """The legal actions of the seat to act, ranked for the match (each with its expected points for the
    hand), with a reason."""
    args = query("hand", "seat", optional=("seed",))
    view, seat = _seat_view(args)
    seed = _number(args, "seed", MAX_SEED, default=0)
    found = hint(view, seed=seed)
    return jsonify(
        seat=seat,
        actions=[{"action": _action_text(item.action), "expected_points": round(float(item.expected_points), 3)}
                 for item in found.ranked],
        best=_action_text(found.best),
        reason={"code": str(found.reason.code), "detail": reason_sentence(found.reason)},
    )


@bp.get("/bot-move")
def bot_move_endpoint():
    """What a computer player of ``level`` does for the seat to act, with its reason."""
    args = query("hand", "seat", optional=("seed", "level"))
    view, seat = _seat_view(args)
    seed = _number(args, "seed", MAX_SEED, default=0)
    level_text = args.get("level", "beginner").strip()
    try:
        level = Level(level_text)
    except ValueError:
        raise ApiError(400, "unknown_option", _("“%(value)s” is not a level: use random, beginner or strong.",
                                                value=level_text[:40]), parameter="level") from None
    decision = choose(view, level, random.Random(f"api:{seed}:{seat}"))
    return jsonify(action=_action_text(decision.action),
                   reason={"code": str(decision.reason.code), "detail": reason_sentence(decision.reason)})

