"""The class against the bot: the class plays seat 0 of one hand at a table against a computer player.

The session's ``seed`` fixes the deal and the bot's decisions, its ``table_log`` is the table's log
(:class:`tutor.bots.table.Table`, the same driver as the play feature's and the practice hands': the
table component, :mod:`tutor.web.components.table`). At each of the class's decisions the session
is in ``question`` and its ``question`` is the table's version (the decision's place in the log);
each phone votes for one of the engine's legal actions (a ``live_answer`` row with ``{"action":
[text]}``, changed until the vote is closed). Closing the vote (the teacher, or the last vote of
the players in the session) moves the session to ``tally``: the projector shows the votes and the
class's move, the most voted action (a tie is broken by the engine's hint ranking of the tied
actions, :func:`~tutor.web.components.table.learner_hint`, and the board says so; with no vote at
all it is the hint's best, and the board says that too). The teacher then plays it, or another legal
move to show why (``play`` with ``move``; kept in ``teacher_moves`` with the move the vote had
chosen): the engine applies it, the bot answers (:func:`tutor.bots.choose`, inside ``Table.play``),
and the new log is written with the session's compare-and-swap on ``version`` (``reveal``): two
clicks at once play one action. ``next`` opens the next vote, or ends the session once the hand is
over.

What the board and the phones say happened comes from the table's narration (``table_context``:
the events since the vote, narrated by :mod:`tutor.narration`); which action was played is read
back from the log, not recomputed.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

from ...bots.table import Table, TableError
from ...engine.errors import TrucoError
from ...engine.rules import Rules
from ...i18n import gettext as _, ngettext
from ...learning.draw import MAX_SEED
from ...narration.bots import action_label
from ...store import current_store
from ...store.live import LiveSession, Player
from ..components.table import learner_hint, replay_hand, replay_steps, table_context
from ..components.table.controller import move_deadline

LEVEL = "beginner"
"""The computer player's level (rules of thumb: quick, and beatable by a class that thinks)."""
CLASS_SEAT = 0


def new_seed() -> int:
    return random.randrange(MAX_SEED)


def table_of(found: LiveSession) -> Table:
    """The session's table, replayed from its log (a new table before the first vote)."""
    log = found.table_log or None
    return Table(Rules(), found.seed, LEVEL, CLASS_SEAT, log=log)


def legal_texts(table: Table) -> list[str]:
    """The class's legal actions now, in the engine's notation without the seat."""
    if not table.learner_to_act:
        return []
    return [str(action).split(":", 1)[1] for action in table.view().legal_actions]


def vote_counts(found: LiveSession, decision: int) -> Counter[str]:
    """The votes for each action at the decision (counted answers only: not kicked, by the close)."""
    counts: Counter[str] = Counter()
    for given in current_store().live.answers(found, decision):
        values = given.answer.get("action") or []
        if values:
            counts[str(values[0])] += 1
    return counts


def majority(table: Table, counts: Counter[str]) -> str:
    """The action the class plays: the most voted legal one; among tied ones (or with no vote at all)
    the one the engine's hint ranks highest."""
    legal = legal_texts(table)
    counted = {text: n for text, n in counts.items() if text in legal}
    top = max(counted.values(), default=0)
    tied = [text for text, n in counted.items() if n == top] if top else legal
    if len(tied) == 1:
        return tied[0]
    ranked = [str(item.action).split(":", 1)[1] for item in learner_hint(table).ranked]
    return min(tied, key=lambda text: ranked.index(text) if text in ranked else len(ranked))


def start(found: LiveSession, version: int) -> bool:
    """The first vote: the new table's log (the bot has acted if it is mano) and its version."""
    table = table_of(found)
    return current_store().live.move(
        found, version, states=("lobby",), to="question", question=table.version, table_log=table.log()
    )


def close(found: LiveSession, version: int) -> bool:
    """Close the vote: the votes are counted as they are now (``tally``); False if moved on already."""
    if found.state != "question":
        return False
    return current_store().live.move(found, version, states=("question",), to="tally")


def play(found: LiveSession, version: int, chosen: str | None) -> bool | None:
    """Play the class's move (``chosen`` empty) or the teacher's own (``chosen``, a legal action) and
    the bot's answers, in one compare-and-swap (False: moved on already; None: ``chosen`` is not a
    legal move now)."""
    if found.state != "tally":
        return False
    table = table_of(found)
    if not table.learner_to_act or table.version != found.question:
        return False
    voted = majority(table, vote_counts(found, found.question))
    if chosen and chosen not in legal_texts(table):
        return None
    move = chosen or voted
    teacher_moves = dict(found.teacher_moves or {})
    if move != voted:
        teacher_moves[str(found.question)] = voted
    try:
        table.play(move, deadline=move_deadline())
    except (TrucoError, TableError):  # pragma: no cover - only legal actions are played
        return False
    return current_store().live.move(
        found, version, states=("tally",), to="reveal", table_log=table.log(), teacher_moves=teacher_moves
    )


def advance(found: LiveSession, version: int) -> bool:
    """After a reveal: the next vote, or the end once the hand is over."""
    table = table_of(found)
    if table.hand.is_over:
        return current_store().live.move(found, version, states=("reveal",), to="ended")
    return current_store().live.move(found, version, states=("reveal",), to="question", question=table.version)


def act(found: LiveSession, action: str, version: int) -> bool | None:
    """A teacher action of a bot session (None: not one of its actions; ``play`` is :func:`play`)."""
    if action == "start":
        return start(found, version)
    if action == "close":
        return close(found, version)
    if action == "next":
        return advance(found, version)
    return None


@dataclass(frozen=True)
class VoteBar:
    """One action voted for: its label, its votes and share, and whether the class played it."""

    label: str
    count: int
    percent: int
    played: bool


def played_at(table: Table, decision: int) -> str | None:
    """The class's action at the decision, read from the log (None if it has not been played)."""
    entries = table.hand_entries(0)
    if decision < len(entries) and entries[decision].seat == CLASS_SEAT:
        return entries[decision].action.split(":", 1)[1]
    return None


def tied_with(counts: Counter[str], move: str, face: str) -> tuple[int, str] | None:
    """If ``move`` shares the most votes with others: the number of votes and the others' labels."""
    top = max(counts.values(), default=0)
    tied = sorted(text for text, n in counts.items() if n == top)
    if top and len(tied) > 1 and move in tied:
        return top, ", ".join(action_label(text, face) for text in tied if text != move)
    return None


def decision_note(counts: Counter[str], played: str, face: str, voted: str | None = None) -> str:
    """How the played action was chosen, from the votes and the log (every fact checked there);
    ``voted``: the class's move when the teacher played another one instead."""
    label = action_label(played, face)
    if voted is not None:
        return _(
            "The teacher played another move: %(action)s (the class's move: %(voted)s).",
            action=label,
            voted=action_label(voted, face),
        )
    if not counts:
        return _("Nobody voted, so the class played the engine's best move: %(action)s.", action=label)
    tie = tied_with(counts, played, face)
    if tie is not None:
        top, others = tie
        return ngettext(
            "A tie at %(num)s vote each: %(action)s, %(others)s. The engine's hint ranks this move higher, so the"
            " class played it: %(action)s.",
            "A tie at %(num)s votes each: %(action)s, %(others)s. The engine's hint ranks this move higher, so the"
            " class played it: %(action)s.",
            top,
            action=label,
            others=others,
        )
    return ngettext(
        "The class played its move: %(action)s (%(num)s vote).",
        "The class played its move: %(action)s (%(num)s votes).",
        counts[played],
        action=label,
    )


def tally_note(counts: Counter[str], voted: str, face: str) -> str:
    """Which move is the class's after the vote, and why (the votes, or the hint's ranking)."""
    label = action_label(voted, face)
    if not counts:
        return _("Nobody voted, so the class's move is the engine's best: %(action)s.", action=label)
    tie = tied_with(counts, voted, face)
    if tie is not None:
        top, others = tie
        return ngettext(
            "A tie at %(num)s vote each: %(action)s, %(others)s. The engine's hint ranks this move higher, so it is"
            " the class's move: %(action)s.",
            "A tie at %(num)s votes each: %(action)s, %(others)s. The engine's hint ranks this move higher, so it is"
            " the class's move: %(action)s.",
            top,
            action=label,
            others=others,
        )
    return ngettext(
        "The class's move: %(action)s (%(num)s vote).",
        "The class's move: %(action)s (%(num)s votes).",
        counts[voted],
        action=label,
    )


def bars(counts: Counter[str], played: str | None, face: str) -> list[VoteBar]:
    total = sum(counts.values()) or 1
    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    return [VoteBar(action_label(text, face), n, round(100 * n / total), text == played) for text, n in ranked]


def board_context(found: LiveSession, face: str, *, with_review: bool = True) -> dict[str, Any]:
    """What the projector shows of a bot session: the table (the class's cards face up, the bot's
    hidden: the class's view), the votes, and after a close what happened, narrated."""
    table = table_of(found)
    since = found.question if found.state in ("reveal", "ended") else None
    context: dict[str, Any] = {"t": table_context(table, face=face, act_url="", since=since)}
    if found.state == "question":
        context["voted"] = current_store().live.answer_count(found, found.question)
    elif found.state == "tally":
        counts = vote_counts(found, found.question)
        voted = majority(table, counts)
        context["vote_bars"] = bars(counts, voted, face)
        context["note"] = tally_note(counts, voted, face)
        context["voted_label"] = action_label(voted, face)
        context["other_moves"] = [(text, action_label(text, face)) for text in legal_texts(table) if text != voted]
    elif found.state == "reveal":
        counts = vote_counts(found, found.question)
        played = played_at(table, found.question)
        context["vote_bars"] = bars(counts, played, face)
        instead_of = (found.teacher_moves or {}).get(str(found.question))
        context["note"] = decision_note(counts, played, face, instead_of) if played else ""
    elif found.state == "ended" and table.hand.is_over and with_review:
        context.update(review(table, face, found.teacher_moves or {}))
    return context


def review(table: Table, face: str, teacher_moves: dict[str, str]) -> dict[str, Any]:
    """The hand's review: each of the class's decisions next to the engine's best (the table
    component's replay: the hint's ranking from the class's view at that moment, within a time
    budget; the hints shown for ties are kept, so they rank the same). A decision where the teacher
    played another move than the vote's says so, with the class's move."""
    data = replay_hand(table, 0)
    steps = []
    for step in replay_steps(table, 0, data, face):
        if step.get("decision"):
            voted = teacher_moves.get(str(step["offset"]))
            steps.append({**step, "class_move": action_label(voted, face) if voted else None})
    return {"review": data, "review_steps": steps}


def phone_context(found: LiveSession, player: Player, face: str) -> dict[str, Any]:
    """What a phone shows of a bot session: the class's cards and, during a vote, the legal actions
    with the phone's own vote; after a close, what happened."""
    board = board_context(found, face, with_review=False)  # the review is the projector's
    context: dict[str, Any] = {"t": board["t"], "note": board.get("note", "")}
    if found.state in ("question", "tally"):
        own = current_store().live.own_answer(found, found.question, player.id)
        values = (own.answer.get("action") or []) if own else []
        context["my_vote"] = str(values[0]) if values else None
        context["my_vote_label"] = action_label(values[0], face) if values else None
    return context


def read_vote(found: LiveSession, text: str) -> str | None:
    """A posted vote if it is one of the class's legal actions now, else None."""
    if found.state != "question" or not isinstance(text, str) or len(text) > 40:
        return None
    return text if text in legal_texts(table_of(found)) else None


def vote(found: LiveSession, player: Player, text: str) -> bool:
    """Record (or change) the phone's vote; once every player in the session has voted, close the vote."""
    store = current_store().live
    if not store.answer(found, found.question, player, {"action": [text]}, False):
        return False
    if store.answer_count(found, found.question) >= len(store.players(found.id)):
        close(found, found.version)  # a close that comes second (the teacher's, another vote) changes nothing
    return True


__all__ = [
    "LEVEL",
    "act",
    "board_context",
    "close",
    "majority",
    "new_seed",
    "phone_context",
    "play",
    "read_vote",
    "vote",
]
