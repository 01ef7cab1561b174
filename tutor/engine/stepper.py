"""One hand replayed action by action: the engine's stepper.

:func:`replay` starts a fresh :class:`~tutor.engine.state.HandState` from a hand's deal, mano and
scores (a finished or unfinished hand, or the deal given) and applies its actions one at a time,
yielding a :class:`Step` after each: the state (one object, advanced in place), the action, the
events that action emitted, and its position in the hand (from 0). Iteration is lazy, so between
two steps ``replay(...).state`` is the state *before* the next action (what a hint at that decision
sees). Every page that walks a hand uses it: the table's timeline, the review of a hand, the
practice hand's walk-through and its coach.

>>> from tutor.engine import HandState, Rules, parse_action
>>> hand = HandState(Rules(), deal="1e,7o,3b|4c,5c,6c")
>>> for text in ("0:envido", "1:quiero"):
...     _ = hand.apply(parse_action(text))
>>> [(step.position, str(step.action), [e.kind.value for e in step.events][:1]) for step in replay(hand)]
[(0, '0:envido', ['call']), (1, '1:quiero', ['answer'])]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, NamedTuple

from .errors import IllegalActionError
from .state import Action, Event, HandState

if TYPE_CHECKING:
    from .pica import PicaPicaHand


class Step(NamedTuple):
    """The hand after one more action."""

    state: HandState
    """The replayed state after the action (the same object at every step)."""
    action: Action
    events: tuple[Event, ...]
    """The events the action emitted."""
    position: int
    """The action's place in the hand, from 0."""


class Replay(Iterator[Step]):
    """The steps of a hand; ``state`` is the replayed state so far."""

    def __init__(self, state: HandState, actions: Iterable[Action]) -> None:
        self.state = state
        self._actions = iter(actions)
        self._position = 0

    def __iter__(self) -> Replay:
        return self

    def __next__(self) -> Step:
        action = next(self._actions)
        state = self.state
        before = len(state.events)
        try:
            state.apply(action)
        except IllegalActionError as error:
            error.details.setdefault("position", self._position)
            raise
        step = Step(state, action, tuple(state.events[before:]), self._position)
        self._position += 1
        return step


def replay(hand: HandState | PicaPicaHand, actions: Iterable[Action] | None = None) -> Replay:
    """Replay ``hand`` from its deal (its own actions, or ``actions`` from that deal)."""
    start = hand.rules.new_hand(hand.deal, hand.mano, hand.start_scores, pica=hand.is_pica)
    return Replay(start, hand.actions if actions is None else actions)
