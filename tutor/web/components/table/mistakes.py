"""Mistakes at the table that feed the review: a learner's decision the hint judged clearly worse
than the best, in a situation a lesson step teaches, is written to the learning log as a wrong
answer to that step's check (source ``table``), so the check comes due in ``/<lang>/review``.

The link from a situation to a lesson step is data (:data:`TABLE_LESSONS`): each row names the
situation, how it is recognised from the learner's view before the decision, the learner's action
and the hint's best action, and the check it feeds. A decision in no row's situation, or within
:data:`CLEAR_LOSS` expected points of the best, is never written: only a clear mistake where a
lesson teaches the same thing. The hint's ranking is the hand's replay's (:func:`.replay_hand`:
the same ranking the hand's review shows, computed once when the hand ends), so nothing is
searched again. One entry per decision: the play feature writes them in the transaction that saves
the hand's last action, guarded by the game's compare-and-swap, so a repeated or concurrent post
of that action writes nothing more (docs/architecture.md, "Mistakes at the table").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ....bots.table import Table
from ....engine.notation import parse_action
from ....engine.ranking import Ranking
from ....engine.stakes import EnvidoCall
from ....engine.state import FACE_DOWN, Answer, Call, CallFamily, Mazo, PlayCard, SeatView
from ....engine.stepper import replay

CLEAR_LOSS = 0.5
"""A decision at least this many expected points below the best is a clear mistake (the review's
match tolerance, :data:`.replay.MATCH_TOLERANCE`, is 0.05: a small loss is a matter of taste)."""

Recognise = Callable[[SeatView, Any, Any, Ranking], bool]
"""(the learner's view before the decision, the learner's action, the best action, the ranking) -> the situation?"""


def _declined(family: CallFamily) -> Recognise:
    """No quiero (or the mazo) to an open call of ``family`` where the best was to accept it or to
    raise it (not another family's call: a Truco answered with an envido is the envido's matter)."""

    def recognise(view: SeatView, chosen: Any, best: Any, ranking: Ranking) -> bool:
        pending = view.pending
        if pending is None or pending.family is not family:
            return False
        declined = (isinstance(chosen, Answer) and not chosen.quiero) or isinstance(chosen, Mazo)
        accepted = (isinstance(best, Answer) and best.quiero) or (
            isinstance(best, Call) and type(best.call) is type(pending.call)
        )
        return declined and accepted

    return recognise


def _declined_a_truco_before_the_envido(view: SeatView, chosen: Any, best: Any, ranking: Ranking) -> bool:
    """No quiero (or the mazo) to a Truco where the best was to call the envido first."""
    pending = view.pending
    if pending is None or pending.family is not CallFamily.TRUCO:
        return False
    declined = (isinstance(chosen, Answer) and not chosen.quiero) or isinstance(chosen, Mazo)
    return declined and isinstance(best, Call) and isinstance(best.call, EnvidoCall)


def _high_card_where_a_low_one_wins(view: SeatView, chosen: Any, best: Any, ranking: Ranking) -> bool:
    """A card played where the best was a weaker card that beats every card already in the trick."""
    if not (isinstance(chosen, PlayCard) and isinstance(best, PlayCard)) or not view.current_trick:
        return False
    if chosen.face_down or best.face_down:  # a face-down card takes nothing (Truco Mineiro)
        return False
    if ranking.compare(best.card, chosen.card) >= 0:  # the best card is not the weaker one
        return False
    # Another seat's face-down card (FACE_DOWN in the view) neither takes nor ties the trick.
    return all(ranking.compare(best.card, card) > 0 for _seat, card in view.current_trick if card is not FACE_DOWN)


@dataclass(frozen=True)
class TableLesson:
    """A situation at the table and the lesson step's check that teaches it."""

    situation: str
    """A short name for the situation (in tests and the docs)."""
    item: str
    """The check's item in the learning log (``<lesson>/<step>``)."""
    recognise: Recognise


TABLE_LESSONS: tuple[TableLesson, ...] = (
    # Declining a Truco (a Retruco, a Vale cuatro) with a hand good enough to accept: lesson 6's
    # "Putting it together" teaches that a call is often a bluff and what accepting can win.
    TableLesson("declined-a-truco-with-a-strong-hand", "truco-calls/putting-it-together", _declined(CallFamily.TRUCO)),
    # Declining a Truco when the envido was still open and worth calling: lesson 6's "The envido
    # comes first" teaches that a Truco may be answered with an envido.
    TableLesson("declined-a-truco-before-the-envido", "truco-calls/envido-first", _declined_a_truco_before_the_envido),
    # Not accepting an envido with a strong envido (33, say): lesson 4's last step counts any hand
    # and says the highest envido is 33.
    TableLesson("declined-an-envido-with-a-strong-envido", "envido-counting/practice", _declined(CallFamily.ENVIDO)),
    # Playing a high card when a lower one takes the trick: lesson 3's first step, which card takes
    # a trick (its practice hand is "the lowest card that wins").
    TableLesson("a-high-card-where-a-low-one-wins", "tricks-and-parda/a-trick", _high_card_where_a_low_one_wins),
)


@dataclass(frozen=True)
class TableMistake:
    """A clear mistake at one of the learner's decisions of a hand, and the check it feeds."""

    offset: int
    """The decision's place in the hand's log."""
    situation: str
    item: str
    hinted: bool


def table_mistakes(table: Table, index: int, data: dict[str, Any]) -> list[TableMistake]:
    """The clear mistakes of hand ``index`` (finished) that a lesson step teaches, from its replay
    ``data`` (:func:`.replay_hand`), one per decision at most, in the order of the hand."""
    decisions = {d["offset"]: d for d in data.get("decisions", ()) if float(d.get("loss", 0.0)) >= CLEAR_LOSS}
    if not decisions:
        return []
    hand = table.hands()[index]
    entries = table.hand_entries(index)
    steps = replay(hand, [parse_action(entry.action) for entry in entries])
    ranking = table.rules.ranking_table
    seat = table.learner_seat
    found: list[TableMistake] = []
    for offset, entry in enumerate(entries):
        decision = decisions.get(offset)
        if decision is not None:
            view = steps.state.view_for(seat)
            chosen = parse_action(entry.action)
            best = parse_action(f"{seat}:{decision['best']}")
            for row in TABLE_LESSONS:
                if row.recognise(view, chosen, best, ranking):
                    found.append(TableMistake(offset, row.situation, row.item, bool(entry.hinted)))
                    break
        next(steps)
    return found
