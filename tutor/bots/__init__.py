"""Computer players: pure Python on the engine's public API (no web framework; a test checks it).

Public API:

* :class:`Level` (``random``, ``beginner``, ``strong``) and :func:`choose` ``(view, level, rng,
  facts=(), budget=None, deadline=None) -> Decision``: a bot's action for a
  :class:`~tutor.engine.state.SeatView`, always one of ``view.legal_actions``, with a
  :class:`BotReason` (:class:`ReasonCode` + parameters). Same view, level, facts and generator
  state: same decision.
* Opponent models: :class:`Style` (``Style.observe(hands)``, :mod:`tutor.bots.style`) reads how
  each seat has accepted and called in the match; ``choose(..., style=)`` and ``hint(...,
  style=)`` model the other team by it (the strong bot; None: every seat as the beginner).
* :func:`hint` ``(view, seed, budget=None, facts=(), deadline=None, style=None) -> Hint``: the legal actions ranked by the
  chance of winning the match (``Hint.ranked``: tuple of :class:`RankedAction` with ``action``,
  ``expected_points`` for the seat's team over the rest of the hand, and ``equity``; ``Hint.best``;
  ``Hint.reason``, which says when the match changes the answer).
* Time budgets: ``deadline`` (a :func:`time.monotonic` instant) stops the strong bot's search
  at the first sampled deal finished after it and ranks on what was simulated (an anytime
  search, :mod:`tutor.bots.strong`); :func:`deadline_in` makes one. A budget alone (tests) is
  reproducible; a deadline changes the answer only when the machine is too slow to spend the
  budget in time.
* Señas: :class:`Sena`, :func:`senas` ``(view)``, :func:`noticed` ``(seed, seat, observer)``,
  :func:`sena_facts` ``(seat, senas)`` and :func:`known_facts` ``(seat, {seat: senas}, seed)`` ->
  facts for ``choose``/``hint`` (``facts=``).

Bots see only the view: nothing here reads a :class:`~tutor.engine.state.HandState` of a real hand.

>>> import random
>>> from tutor.engine import Call, EnvidoCall, HandState, Rules
>>> hand = HandState(Rules(), deal=["1e 7o 3b", "4c 5c 6c"], mano=0)
>>> _ = hand.apply(Call(0, EnvidoCall.ENVIDO))
>>> decision = choose(hand.view_for(1), Level.BEGINNER, random.Random(1))
>>> str(decision.action), decision.reason.code.value, decision.reason.as_dict()
('1:real_envido', 'raise_envido', {'count': 31, 'call': 'real_envido'})
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from ..engine.determinize import HandFact
from ..engine.state import SeatView
from . import beginner as _beginner, strong as _strong
from .common import Decision, Level, action_text
from .reasons import BotReason, ParamValue, ReasonCode
from .senas import NOTICE_CHANCE, Sena, facts as sena_facts, known_facts, noticed, senas
from .strong import DEFAULT_BUDGET, DEFAULT_BUDGETS, Hint, NoDecisionError, RankedAction, default_budget, hint
from .style import NEUTRAL as NEUTRAL_STYLE, Style

__all__ = [
    "Level",
    "Decision",
    "choose",
    "hint",
    "deadline_in",
    "Hint",
    "RankedAction",
    "NoDecisionError",
    "DEFAULT_BUDGET",
    "DEFAULT_BUDGETS",
    "default_budget",
    "BotReason",
    "ReasonCode",
    "ParamValue",
    "Sena",
    "senas",
    "noticed",
    "sena_facts",
    "known_facts",
    "NOTICE_CHANCE",
    "HandFact",
    "action_text",
    "Style",
    "NEUTRAL_STYLE",
]


def choose(
    view: SeatView,
    level: Level | str,
    rng: random.Random,
    facts: Sequence[HandFact] = (),
    budget: int | None = None,
    deadline: float | None = None,
    style: Style | None = None,
) -> Decision:
    """The decision of a bot of ``level`` for ``view`` (a :class:`~tutor.engine.state.SeatView`
        whose seat is to act), drawn from ``rng``. ``facts`` are what the seat knows beyond the view
        (señas it saw, :func:`known_facts`); only the strong bot uses them. ``budget``: the strong bot's
    simulated hands (default :func:`default_budget` for the table's size); ``deadline``: when the
    strong bot stops searching (a :func:`time.monotonic` instant, see :func:`deadline_in`). Raises
        :class:`NoDecisionError` when the seat has nothing to decide."""
    legal = tuple(view.legal_actions)
    if not legal or view.is_over:
        raise NoDecisionError("no decision for this seat now")
    level = Level(level)
    if level is Level.RANDOM:
        action = legal[rng.randrange(len(legal))]
        return Decision(action, BotReason.of(ReasonCode.RANDOM))
    if level is Level.BEGINNER:
        return _beginner.choose(view, rng)
    return _strong.choose(view, rng, budget, facts, deadline, style)


def deadline_in(seconds: float | None, cap: float | None = None) -> float | None:
    """The :func:`time.monotonic` instant ``seconds`` from now (None for no time budget), not later
    than ``cap`` (another deadline, e.g. the whole request's)."""
    if seconds is None:
        return cap
    mine = time.monotonic() + seconds
    return mine if cap is None else min(mine, cap)
